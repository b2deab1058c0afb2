//===- PrepareModule.cpp - The module the runner lowers -------------------===//
//
// Part of the Ferric project, under the Apache License v2.0 with LLVM
// Exceptions.
//
// The stages of Executable::compile between parsing and the pipeline
// (CompileStages.h): the front door (TOSA and linalg imports), choosing and
// specializing the entry, reading its signature, dropping and renaming the
// other functions, f64 promotion.
//
//===----------------------------------------------------------------------===//

#include "CompileStages.h"

#include "FerricDialect/Pipelines/Pipelines.h"
#include "FerricDialect/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Pass/PassManager.h"

using namespace mlir;
using namespace mlir::ferric;
using namespace mlir::ferric::runner;

//===----------------------------------------------------------------------===//
// Front door
//===----------------------------------------------------------------------===//

/// The import `Auto` stands for in `module`.
static Import chooseImport(ModuleOp module) {
  bool tosa = false, linalg = false, ferric = false;
  module.walk([&](Operation *op) {
    StringRef ns = op->getDialect() ? op->getDialect()->getNamespace() : "";
    tosa |= ns == "tosa";
    linalg |= ns == "linalg";
    ferric |= ns == "ferric";
  });
  if (tosa)
    return Import::Tosa;
  if (linalg && !ferric)
    return Import::Linalg;
  return Import::None;
}

llvm::Error stages::importModule(ModuleOp module,
                                 const CompileOptions &options) {
  Import import =
      options.import == Import::Auto ? chooseImport(module) : options.import;
  if (import == Import::None)
    return llvm::Error::success();
  PassManager pm(module.getContext());
  ImportPipelineOptions importOptions;
  importOptions.raise = options.fuse;
  // The raise's section of the fusion report, before ferric-fuse's.
  importOptions.report = options.fuseReport;
  if (import == Import::Tosa)
    buildImportTosaPipeline(pm, importOptions);
  else
    buildImportLinalgPipeline(pm, importOptions);
  if (failed(pm.run(module)))
    return llvm::createStringError(import == Import::Tosa
                                       ? "ferric-import-tosa failed"
                                       : "ferric-import-linalg failed");
  return llvm::Error::success();
}

//===----------------------------------------------------------------------===//
// Entry and signature
//===----------------------------------------------------------------------===//

llvm::Expected<func::FuncOp> stages::chooseEntry(ModuleOp module,
                                                 StringRef name) {
  unsigned publicCount;
  func::FuncOp entry = findEntryFunction(module, name, publicCount);
  if (!entry && !name.empty())
    return llvm::createStringError("no function @" + name.str() +
                                   " with a body in the module");
  if (!entry && publicCount == 0)
    return llvm::createStringError(
        "the module has no public function with a body to run (is the IR "
        "empty?)");
  if (!entry)
    return llvm::createStringError(
        "the module has " + std::to_string(publicCount) +
        " public functions; choose one with --entry");
  return entry;
}

void stages::specializeArguments(func::FuncOp entry,
                                 llvm::ArrayRef<std::vector<int64_t>> shapes) {
  if (shapes.size() != entry.getNumArguments() || entry.isExternal())
    return;
  for (auto [i, shape] : llvm::enumerate(shapes))
    if (fitsStaticShape(entry.getArgument(i).getType(), shape))
      specializeArgument(entry, i, shape);
}

/// How the runner passes a value of type `t`, if it can.
static std::optional<ValueSpec> specOf(Type t) {
  ValueSpec spec;
  Type elem = t;
  if (auto tensor = dyn_cast<RankedTensorType>(t)) {
    elem = tensor.getElementType();
    for (int64_t d : tensor.getShape())
      spec.shape.push_back(ShapedType::isDynamic(d) ? -1 : d);
  } else {
    spec.isTensor = false;
  }
  std::string name;
  llvm::raw_string_ostream os(name);
  os << elem;
  auto dtype = parseDType(name);
  if (!dtype)
    return std::nullopt;
  spec.dtype = *dtype;
  return spec;
}

llvm::Error stages::readSignature(func::FuncOp entry,
                                  std::vector<ValueSpec> &args,
                                  std::vector<ValueSpec> &results) {
  std::string name = entry.getSymName().str();
  for (Type t : entry.getArgumentTypes()) {
    auto spec = specOf(t);
    if (!spec)
      return llvm::createStringError(
          "@" + name +
          " has an argument of a type the runner cannot pass (only tensors "
          "and scalars of f16, bf16, f32, f64, i1)");
    args.push_back(*spec);
  }
  for (Type t : entry.getResultTypes()) {
    auto spec = specOf(t);
    if (!spec || !spec->isTensor)
      return llvm::createStringError("@" + name +
                                     " has a result the runner cannot return "
                                     "(only tensors of f16, bf16, f32, f64, "
                                     "i1)");
    results.push_back(*spec);
  }
  return llvm::Error::success();
}

static unsigned lineOf(Operation *op) {
  auto loc = dyn_cast<FileLineColLoc>(op->getLoc());
  return loc ? loc.getLine() : 0;
}

llvm::Error stages::checkTypeLimits(ModuleOp module) {
  std::string what;
  auto check = [&](Operation *op, Type t, llvm::StringRef role) {
    auto shaped = dyn_cast<ShapedType>(t);
    if (!shaped || !shaped.hasRank())
      return true;
    bool tooDeep = shaped.getRank() > kMaxRank;
    if (!tooDeep && (!shaped.hasStaticShape() ||
                     byteSize(shaped.getShape(), shaped).has_value()))
      return true;
    llvm::raw_string_ostream os(what);
    os << "a " << role << " of '" << op->getName() << "'";
    if (unsigned line = lineOf(op))
      os << " at line " << line;
    if (tooDeep)
      os << " has rank " << shaped.getRank() << " (element type "
         << shaped.getElementType() << "), above the " << kMaxRank
         << " dimensions the runner compiles";
    else
      os << " has type " << t
         << ", whose size in bytes does not fit in 64 bits";
    return false;
  };
  module.walk([&](Operation *op) {
    for (Type t : op->getResultTypes())
      if (!check(op, t, "result"))
        return WalkResult::interrupt();
    for (Region &r : op->getRegions())
      for (Block &b : r)
        for (BlockArgument a : b.getArguments())
          if (!check(op, a.getType(), "block argument"))
            return WalkResult::interrupt();
    return WalkResult::advance();
  });
  if (what.empty())
    return llvm::Error::success();
  return llvm::createStringError(what);
}

llvm::Error stages::checkVulkanArguments(StringRef entry,
                                         llvm::ArrayRef<ValueSpec> args,
                                         StringRef target) {
  for (auto [i, spec] : llvm::enumerate(args))
    if (!spec.isTensor || llvm::is_contained(spec.shape, -1))
      return llvm::createStringError(
          "the " + target.str() +
          " target needs static shapes and no scalar arguments, "
          "but argument " +
          std::to_string(i) + " of @" + entry.str() + " is " + spec.str());
  return llvm::Error::success();
}

llvm::Error stages::checkVulkanCallees(func::FuncOp entry, StringRef target) {
  auto dynamic = [](Type t) {
    auto shaped = dyn_cast<ShapedType>(t);
    return shaped && !shaped.hasStaticShape();
  };
  llvm::Error error = llvm::Error::success();
  entry.walk([&](func::CallOp call) {
    if (error)
      return WalkResult::interrupt();
    for (auto [what, types] :
         {std::make_pair("argument", TypeRange(call.getOperandTypes())),
          std::make_pair("result", TypeRange(call.getResultTypes()))})
      for (auto [i, t] : llvm::enumerate(types))
        if (dynamic(t)) {
          std::string s;
          llvm::raw_string_ostream os(s);
          os << t;
          error = llvm::createStringError(
              "the " + target.str() +
              " target compiles static shapes only, but @" +
              entry.getSymName().str() + " calls @" + call.getCallee().str() +
              " with " + what + " " + std::to_string(i) + " of type " + s +
              (lineOf(call) ? " at line " + std::to_string(lineOf(call))
                            : std::string()) +
              "; give @" + call.getCallee().str() +
              " static shapes or write its ops in @" +
              entry.getSymName().str());
          return WalkResult::interrupt();
        }
    return WalkResult::advance();
  });
  return error;
}

//===----------------------------------------------------------------------===//
// Other functions and symbol names
//===----------------------------------------------------------------------===//

void stages::keepOnlyEntry(ModuleOp module, func::FuncOp entry) {
  for (auto f : llvm::make_early_inc_range(module.getOps<func::FuncOp>()))
    if (f != entry && f.isPublic() && !f.isExternal())
      f.setPrivate();
  for (bool erased = true; erased;) {
    erased = false;
    for (auto f : llvm::make_early_inc_range(module.getOps<func::FuncOp>()))
      if (f != entry && f.isPrivate() &&
          SymbolTable::symbolKnownUseEmpty(f, module)) {
        f.erase();
        erased = true;
      }
  }
}

llvm::Expected<std::string> stages::prefixSymbols(ModuleOp module,
                                                  func::FuncOp entry) {
  SymbolTable symbols(module);
  for (auto f : llvm::to_vector(module.getOps<func::FuncOp>())) {
    if (f.isExternal())
      continue;
    // Reports and remarks name the function as the user wrote it.
    f->setAttr("ferric.source_name", f.getSymNameAttr());
    std::string name = "__ferric_" + f.getSymName().str();
    for (unsigned n = 0; symbols.lookup(name); ++n)
      name = "__ferric" + std::to_string(n) + "_" + f.getSymName().str();
    if (failed(symbols.rename(f, name)))
      return llvm::createStringError("cannot rename @" + f.getSymName().str());
  }
  return entry.getSymName().str();
}

//===----------------------------------------------------------------------===//
// f64 promotion
//===----------------------------------------------------------------------===//

static Type promoteType(Type t) {
  Builder b(t.getContext());
  if (isa<Float16Type, BFloat16Type, Float32Type>(t))
    return b.getF64Type();
  if (auto tensor = dyn_cast<RankedTensorType>(t))
    return RankedTensorType::get(tensor.getShape(),
                                 promoteType(tensor.getElementType()));
  return t;
}

static Attribute promoteAttr(Attribute a) {
  if (auto f = dyn_cast<FloatAttr>(a)) {
    Type t = promoteType(f.getType());
    return t == f.getType() ? a : FloatAttr::get(t, f.getValueAsDouble());
  }
  if (auto dense = dyn_cast<DenseFPElementsAttr>(a)) {
    auto type = cast<ShapedType>(promoteType(dense.getType()));
    if (type == dense.getType())
      return a;
    SmallVector<double> values;
    for (const APFloat &v : dense.getValues<APFloat>())
      values.push_back(v.convertToDouble());
    return DenseElementsAttr::get(type, llvm::ArrayRef<double>(values));
  }
  return a;
}

/// Rewrites every f16/bf16/f32 in `module` to f64.
static void promoteModuleToF64(ModuleOp module) {
  module.walk([](Operation *op) {
    for (Region &r : op->getRegions())
      for (Block &b : r)
        for (BlockArgument arg : b.getArguments())
          arg.setType(promoteType(arg.getType()));
    for (OpResult res : op->getResults())
      res.setType(promoteType(res.getType()));
    for (NamedAttribute attr : op->getAttrs()) {
      Attribute promoted = promoteAttr(attr.getValue());
      if (promoted != attr.getValue())
        op->setAttr(attr.getName(), promoted);
    }
    if (auto func = dyn_cast<func::FuncOp>(op)) {
      SmallVector<Type> ins, outs;
      for (Type t : func.getArgumentTypes())
        ins.push_back(promoteType(t));
      for (Type t : func.getResultTypes())
        outs.push_back(promoteType(t));
      func.setFunctionType(FunctionType::get(op->getContext(), ins, outs));
    }
  });
  // Conversions that became f64 -> f64 are identities now.
  module.walk([](Operation *op) {
    if (isa<arith::ExtFOp, arith::TruncFOp>(op) &&
        op->getOperand(0).getType() == op->getResult(0).getType()) {
      op->getResult(0).replaceAllUsesWith(op->getOperand(0));
      op->erase();
    }
  });
}

void stages::promoteToF64(ModuleOp module, std::vector<ValueSpec> &args,
                          std::vector<ValueSpec> &results) {
  promoteModuleToF64(module);
  for (ValueSpec &s : args)
    s.dtype = s.dtype == DType::I1 ? s.dtype : DType::F64;
  for (ValueSpec &s : results)
    s.dtype = s.dtype == DType::I1 ? s.dtype : DType::F64;
}
