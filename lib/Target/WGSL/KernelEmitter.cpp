//===- KernelEmitter.cpp - One gpu.func kernel as a WGSL module -----------===//
//
// Part of the Ferric project, under the Apache License v2.0 with LLVM
// Exceptions.
//
// Structured control flow (scf.for, scf.if, scf.while) maps onto WGSL's own
// statements; SSA values become lets and loop-carried values vars. The grid
// is read from a uniform (WebGPU caps a dispatch at 65535 workgroups a
// dimension: a runner folds a larger x into z and the kernel unfolds it).
//
//===----------------------------------------------------------------------===//

#include "KernelEmitter.h"

#include "FerricDialect/Target/WGSL.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SPIRV/IR/TargetAndABI.h"
#include "llvm/ADT/StringExtras.h"

using namespace mlir;
using namespace mlir::ferric;
using namespace mlir::ferric::wgsl;

FailureOr<std::string> KernelEmitter::typeOf(Type type, Location loc) {
  if (type.isF32())
    return std::string("f32");
  if (type.isF16()) {
    usesF16 = true;
    return std::string("f16");
  }
  if (type.isInteger(1))
    return std::string("bool");
  if (type.isIndex() || type.isBF16())
    return std::string("i32");
  if (auto i = dyn_cast<IntegerType>(type); i && i.getWidth() <= 32)
    return std::string("i32");
  if (type.isF64())
    return emitError(loc, "WGSL has no f64: WebGPU kernels compute in f32 "
                          "(and f16); run f64 programs on cpu or cuda");
  if (type.isInteger(64))
    return emitError(loc, "WGSL has no 64-bit integers");
  return emitError(loc, "WGSL emission: values of type ")
         << type << " are not supported";
}

std::string KernelEmitter::operator[](Value value) const {
  auto it = names.find(value);
  if (it != names.end())
    return it->second;
  auto view = views.find(value);
  return view != views.end() ? view->second.array : "<unnamed>";
}

std::string KernelEmitter::fresh(StringRef stem) {
  return (stem + Twine(counter++)).str();
}

void KernelEmitter::line(const Twine &text) {
  body.append(2 * depth, ' ');
  body += text.str();
  body += '\n';
}

std::string KernelEmitter::bind(Value value, const Twine &expr) {
  std::string name = fresh();
  line("let " + name + " = " + expr + ";");
  if (value)
    names[value] = name;
  return name;
}

/// Assigns `values` to the vars `targets`, reading every value before
/// writing any (a value may be one of the targets).
static void assign(KernelEmitter &e, ArrayRef<std::string> targets,
                   ValueRange values) {
  if (targets.size() == 1) {
    e.line(targets[0] + " = " + e[values[0]] + ";");
    return;
  }
  SmallVector<std::string> copies;
  for (Value v : values)
    copies.push_back(e.bind(nullptr, e[v]));
  for (auto [target, copy] : llvm::zip(targets, copies))
    e.line(target + " = " + copy + ";");
}

/// Declares a var per value of `types`, initialized from `inits` if given.
static FailureOr<SmallVector<std::string>> declareVars(KernelEmitter &e,
                                                       Location loc,
                                                       TypeRange types,
                                                       ValueRange inits = {}) {
  SmallVector<std::string> vars;
  for (auto [i, type] : llvm::enumerate(types)) {
    auto name = e.typeOf(type, loc);
    if (failed(name))
      return failure();
    vars.push_back(e.fresh("a"));
    e.line("var " + vars.back() + ": " + *name +
           (inits.empty() ? "" : " = " + e[inits[i]]) + ";");
  }
  return vars;
}

static LogicalResult emitFor(KernelEmitter &e, scf::ForOp op) {
  auto vars =
      declareVars(e, op.getLoc(), op.getResultTypes(), op.getInitArgs());
  if (failed(vars))
    return failure();
  std::string iv = e.fresh("iv");
  std::string ub = e[op.getUpperBound()];
  std::string cond = op.getUnsignedCmp()
                         ? "bitcast<u32>(" + iv + ") < bitcast<u32>(" + ub + ")"
                         : iv + " < " + ub;
  e.line("for (var " + iv + ": i32 = " + e[op.getLowerBound()] + "; " + cond +
         "; " + iv + " = " + iv + " + " + e[op.getStep()] + ") {");
  e.names[op.getInductionVar()] = iv;
  for (auto [arg, var] : llvm::zip(op.getRegionIterArgs(), *vars))
    e.names[arg] = var;
  ++e.depth;
  if (failed(e.emitBlock(*op.getBody())))
    return failure();
  if (!vars->empty())
    assign(e, *vars, op.getBody()->getTerminator()->getOperands());
  --e.depth;
  e.line("}");
  for (auto [result, var] : llvm::zip(op.getResults(), *vars))
    e.names[result] = var;
  return success();
}

static LogicalResult emitIf(KernelEmitter &e, scf::IfOp op) {
  auto vars = declareVars(e, op.getLoc(), op.getResultTypes());
  if (failed(vars))
    return failure();
  e.line("if (" + e[op.getCondition()] + ") {");
  for (Region *region : {&op.getThenRegion(), &op.getElseRegion()}) {
    if (region->empty())
      continue;
    if (region == &op.getElseRegion())
      e.line("} else {");
    ++e.depth;
    Block &block = region->front();
    if (failed(e.emitBlock(block)))
      return failure();
    if (!vars->empty())
      assign(e, *vars, block.getTerminator()->getOperands());
    --e.depth;
  }
  e.line("}");
  for (auto [result, var] : llvm::zip(op.getResults(), *vars))
    e.names[result] = var;
  return success();
}

static LogicalResult emitWhile(KernelEmitter &e, scf::WhileOp op) {
  auto before =
      declareVars(e, op.getLoc(), op.getInits().getTypes(), op.getInits());
  auto results = declareVars(e, op.getLoc(), op.getResultTypes());
  if (failed(before) || failed(results))
    return failure();
  e.line("loop {");
  ++e.depth;
  for (auto [arg, var] : llvm::zip(op.getBeforeArguments(), *before))
    e.names[arg] = var;
  if (failed(e.emitBlock(*op.getBeforeBody())))
    return failure();
  scf::ConditionOp condition = op.getConditionOp();
  e.line("if (!" + e[condition.getCondition()] + ") {");
  ++e.depth;
  if (!results->empty())
    assign(e, *results, condition.getArgs());
  e.line("break;");
  --e.depth;
  e.line("}");
  for (auto [arg, value] :
       llvm::zip(op.getAfterArguments(), condition.getArgs()))
    e.names[arg] = e[value];
  Block &after = op.getAfter().front();
  if (failed(e.emitBlock(after)))
    return failure();
  if (!before->empty())
    assign(e, *before, after.getTerminator()->getOperands());
  --e.depth;
  e.line("}");
  for (auto [result, var] : llvm::zip(op.getResults(), *results))
    e.names[result] = var;
  return success();
}

/// A workgroup (module scope) or private (function scope) array.
static LogicalResult emitAllocation(KernelEmitter &e, Operation *op,
                                    Value memref) {
  auto type = cast<MemRefType>(memref.getType());
  if (!type.hasStaticShape() || !type.getLayout().isIdentity())
    return op->emitError("WGSL emission: a kernel-local buffer needs a "
                         "static shape and the identity layout");
  auto element = e.typeOf(type.getElementType(), op->getLoc());
  if (failed(element))
    return failure();
  // The kernel writers give workgroup tiles address space 3 (NVVM's
  // number) or #gpu.address_space<workgroup>.
  auto space = dyn_cast_or_null<IntegerAttr>(type.getMemorySpace());
  bool workgroup = gpu::GPUDialect::hasWorkgroupMemoryAddressSpace(type) ||
                   (space && space.getInt() == 3);
  std::string name = e.fresh(workgroup ? "wg" : "local");
  std::string decl = name + ": array<" + *element + ", " +
                     std::to_string(type.getNumElements()) + ">;";
  if (workgroup)
    e.moduleScope += "var<workgroup> " + decl + "\n";
  else
    e.line("var " + decl);
  MemView view;
  view.array = name;
  view.elementType = type.getElementType();
  view.strides = llvm::to_vector(type.getStridesAndOffset().first);
  e.views[memref] = view;
  return success();
}

LogicalResult KernelEmitter::emitBlock(Block &block) {
  for (Operation &op : block.without_terminator())
    if (failed(emitOp(&op)))
      return failure();
  return success();
}

LogicalResult KernelEmitter::emitOp(Operation *op) {
  if (auto f = dyn_cast<scf::ForOp>(op))
    return emitFor(*this, f);
  if (auto i = dyn_cast<scf::IfOp>(op))
    return emitIf(*this, i);
  if (auto w = dyn_cast<scf::WhileOp>(op))
    return emitWhile(*this, w);
  if (isa<memref::AllocOp, memref::AllocaOp>(op))
    return emitAllocation(*this, op, op->getResult(0));
  FailureOr<bool> done = emitScalarOp(*this, op);
  if (failed(done))
    return failure();
  if (!*done) {
    done = emitMemoryOp(*this, op);
    if (failed(done))
      return failure();
  }
  if (!*done)
    return op->emitError("WGSL emission: '")
           << op->getName() << "' has no WGSL counterpart in Ferric's emitter";
  return success();
}

//===----------------------------------------------------------------------===//
// The module: bindings, workgroup variables, the entry point
//===----------------------------------------------------------------------===//

/// The kernel argument a memref value views, through view ops.
static Value rootOf(Value memref) {
  while (Operation *def = memref.getDefiningOp()) {
    if (!isa<memref::SubViewOp, memref::CollapseShapeOp, memref::ExpandShapeOp,
             memref::ReinterpretCastOp, memref::CastOp,
             memref::AssumeAlignmentOp>(def))
      break;
    memref = def->getOperand(0);
  }
  return memref;
}

/// A WGSL identifier for `name` (no leading "__", letters, digits, '_').
static std::string identifier(StringRef name) {
  std::string id;
  for (char c : name)
    id += llvm::isAlnum(c) || c == '_' ? c : '_';
  if (id.empty() || llvm::isDigit(id[0]) || StringRef(id).starts_with("_"))
    id = "k" + id;
  return id;
}

static StringRef elementName(Type type) {
  if (type.isF32())
    return "f32";
  if (type.isF16())
    return "f16";
  if (type.isBF16())
    return "bf16";
  if (type.isInteger(1))
    return "i1";
  if (type.isInteger(8))
    return "i8";
  if (type.isInteger(16))
    return "i16";
  if (type.isInteger(32))
    return "i32";
  return "";
}

FailureOr<WGSLKernel>
mlir::ferric::translateKernelToWGSL(gpu::GPUModuleOp module) {
  gpu::GPUFuncOp func;
  for (Operation &op : module.getBody()->getOperations()) {
    auto f = dyn_cast<gpu::GPUFuncOp>(op);
    if (f && f.isKernel() && !func) {
      func = f;
      continue;
    }
    return op.emitError("WGSL emission: a gpu.module holds one kernel and "
                        "nothing else (run gpu-kernel-outlining)");
  }
  if (!func)
    return module.emitError("WGSL emission: the gpu.module has no kernel");
  if (!func.getBody().hasOneBlock())
    return func.emitError("WGSL emission: the kernel has unstructured "
                          "control flow (emit before scf-to-cf)");

  KernelEmitter e(func);
  WGSLKernel kernel;
  kernel.module = module.getSymName().str();
  kernel.entry = identifier(func.getName());
  if (auto known = func.getKnownBlockSizeAttr()) {
    for (auto [i, v] : llvm::enumerate(known.asArrayRef()))
      e.workgroupSize[i] = v;
  } else if (auto abi = spirv::lookupEntryPointABI(func)) {
    for (auto [i, v] : llvm::enumerate(abi.getWorkgroupSize().asArrayRef()))
      e.workgroupSize[i] = v;
  } else {
    return func.emitError("WGSL emission: the kernel's workgroup size is "
                          "unknown (no known_block_size)");
  }

  // Bindings: one per argument, read-only unless something stores to it.
  llvm::DenseSet<Value> written;
  func.walk([&](memref::StoreOp store) {
    written.insert(rootOf(store.getMemref()));
  });
  std::string bindings;
  llvm::json::Array bindingList;
  for (BlockArgument arg : func.getArguments()) {
    auto type = dyn_cast<MemRefType>(arg.getType());
    if (!type)
      return func.emitError("WGSL emission: kernel argument #")
             << arg.getArgNumber() << " is a " << arg.getType()
             << ", not a buffer (ferric-sink-into-launch recomputes scalars "
                "in the kernel)";
    auto layout = type.getStridesAndOffset();
    if (!type.hasStaticShape() || ShapedType::isDynamic(layout.second) ||
        llvm::any_of(layout.first, ShapedType::isDynamic))
      return func.emitError("WGSL emission: kernel argument #")
             << arg.getArgNumber() << " (" << type
             << ") needs a static shape and layout";
    Type element = type.getElementType();
    StringRef name = elementName(element);
    if (name.empty()) {
      if (failed(e.typeOf(element, func.getLoc())))
        return failure();
      return func.emitError("WGSL emission: buffers of ")
             << element << " are not supported";
    }
    unsigned bits = element.getIntOrFloatBitWidth();
    unsigned packed =
        bits < 32 && !element.isF16() ? (bits == 1 ? 8 : bits) : 0;
    bool isWritten = written.contains(arg);
    MemView view;
    view.array = "arg" + std::to_string(arg.getArgNumber());
    view.elementType = element;
    view.strides = llvm::to_vector(layout.first);
    view.offset = std::to_string(layout.second);
    view.packedBits = packed;
    view.atomic = packed && isWritten;
    e.views[arg] = view;
    std::string storage = packed ? (view.atomic ? "atomic<u32>" : "u32")
                                 : (element.isF16() ? (e.usesF16 = true, "f16")
                                    : element.isF32() ? "f32"
                                                      : "i32");
    bindings += "@group(0) @binding(" + std::to_string(arg.getArgNumber()) +
                ") var<storage, " + (isWritten ? "read_write" : "read") + "> " +
                view.array + ": array<" + storage + ">;\n";
    int64_t elements = type.getNumElements();
    int64_t bytes = element.isInteger(1) ? elements : elements * bits / 8;
    bindingList.push_back(
        llvm::json::Object{{"binding", (int64_t)arg.getArgNumber()},
                           {"access", isWritten ? "read_write" : "read"},
                           {"type", name},
                           {"elements", elements},
                           {"bytes", bytes},
                           {"packed_bits", (int64_t)packed}});
  }
  for (BlockArgument attribution : func.getWorkgroupAttributions())
    if (failed(emitAllocation(e, func, attribution)))
      return failure();
  for (BlockArgument attribution : func.getPrivateAttributions())
    if (failed(emitAllocation(e, func, attribution)))
      return failure();

  // The x block id, unfolded from (x, z) unless the kernel uses z itself,
  // and bounded by the grid the host launched.
  func.walk([&](Operation *op) {
    gpu::Dimension dim = gpu::Dimension::x;
    if (auto id = dyn_cast<gpu::BlockIdOp>(op))
      dim = id.getDimension();
    else if (auto id = dyn_cast<gpu::GlobalIdOp>(op))
      dim = id.getDimension();
    else if (auto grid = dyn_cast<gpu::GridDimOp>(op))
      dim = grid.getDimension();
    if (dim == gpu::Dimension::z)
      e.usesGroupId = true;
  });
  e.line(e.usesGroupId ? "let bx = i32(wid.x);"
                       : "let bx = i32(wid.x + wid.z * nwg.x);");
  e.line("if (u32(bx) >= launch.grid.x) {");
  e.line("  return;");
  e.line("}");
  if (failed(e.emitBlock(func.getBody().front())))
    return failure();

  unsigned uniformBinding = func.getNumArguments();
  std::string &s = kernel.source;
  s += "// Generated by Ferric from " + kernel.module + ".\n";
  if (e.usesF16)
    s += "enable f16;\n";
  s += "\nstruct FerricLaunch {\n  grid: vec3<u32>,\n}\n\n";
  s += bindings;
  s += "@group(0) @binding(" + std::to_string(uniformBinding) +
       ") var<uniform> launch: FerricLaunch;\n";
  s += e.moduleScope;
  s += "\n@compute @workgroup_size(" + std::to_string(e.workgroupSize[0]) +
       ", " + std::to_string(e.workgroupSize[1]) + ", " +
       std::to_string(e.workgroupSize[2]) + ")\n";
  s += "fn " + kernel.entry +
       "(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) "
       "nwg: vec3<u32>";
  if (e.usesLocalId)
    s += ", @builtin(local_invocation_id) lid: vec3<u32>";
  s += ") {\n" + e.body + "}\n";

  llvm::json::Array features;
  if (e.usesF16)
    features.push_back("shader-f16");
  kernel.manifest = llvm::json::Object{
      {"module", kernel.module},
      {"entry", kernel.entry},
      {"workgroup_size",
       llvm::json::Array{e.workgroupSize[0], e.workgroupSize[1],
                         e.workgroupSize[2]}},
      {"bindings", std::move(bindingList)},
      {"uniform", llvm::json::Object{{"binding", (int64_t)uniformBinding},
                                     {"fields", "grid: vec3<u32>"}}},
      // z is where a runner may put the workgroups of x over its limit.
      {"fold_grid_x_into_z", !e.usesGroupId},
      {"features", std::move(features)}};
  return kernel;
}
