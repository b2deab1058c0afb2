//===- Compile.cpp - Lower and JIT a Ferric module ------------------------===//
//
// Part of the Ferric project, under the Apache License v2.0 with LLVM
// Exceptions.
//
//===----------------------------------------------------------------------===//

#include "FerricDialect/Runner/Runner.h"

#include "FerricDialect/InitFerric.h"
#include "FerricDialect/Pipelines/Pipelines.h"
#include "FerricDialect/Runner/Diagnostics.h"
#include "FerricDialect/Transforms/Passes.h"
#include "RuntimeLibs.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/ExecutionEngine/ExecutionEngine.h"
#include "mlir/ExecutionEngine/OptUtils.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Support/xxhash.h"

#include <chrono>
#include <dlfcn.h>
#include <mutex>
#include <unistd.h>

using namespace mlir;
using namespace mlir::ferric;
using namespace mlir::ferric::runner;

llvm::StringRef mlir::ferric::runner::targetName(Target t) {
  switch (t) {
  case Target::CPU:
    return "cpu";
  case Target::CUDA:
    return "cuda";
  case Target::Vulkan:
    return "vulkan";
  }
  return "?";
}

std::optional<Target> mlir::ferric::runner::parseTarget(llvm::StringRef name) {
  if (name == "cpu")
    return Target::CPU;
  if (name == "cuda")
    return Target::CUDA;
  if (name == "vulkan")
    return Target::Vulkan;
  return std::nullopt;
}

std::string ValueSpec::str() const {
  if (!isTensor)
    return dtypeName(dtype).str();
  std::string s = "tensor<";
  for (int64_t d : shape)
    s += (d < 0 ? std::string("?") : std::to_string(d)) + "x";
  return s + dtypeName(dtype).str() + ">";
}

//===----------------------------------------------------------------------===//
// Process-wide state: registration, the kernel cache
//===----------------------------------------------------------------------===//

/// (The pipelines are built from typed passes: nothing needs registering.)
static void initializeOnce() {
  static std::once_flag once;
  std::call_once(once, [] {
    llvm::InitializeNativeTarget();
    llvm::InitializeNativeTargetAsmPrinter();
  });
}

namespace {
struct KernelCache {
  std::mutex mutex;
  llvm::StringMap<std::string> memory;
  CacheStats stats;
};
KernelCache &cache() {
  static KernelCache c;
  return c;
}

std::string cacheDir() {
  llvm::SmallString<256> dir;
  if (const char *xdg = std::getenv("XDG_CACHE_HOME"); xdg && *xdg)
    dir = xdg;
  else if (const char *home = std::getenv("HOME"); home && *home)
    llvm::sys::path::append(dir, home, ".cache");
  else
    return "";
  llvm::sys::path::append(dir, "ferric");
  return std::string(dir);
}
} // namespace

/// Identifies the compiler build, so a rebuilt Ferric never reuses kernels
/// an older build cached: the path and modification time of the binary
/// holding this code.
static const std::string &compilerStamp() {
  static const std::string stamp = [] {
    Dl_info info;
    std::string s = "ferric";
    if (dladdr(reinterpret_cast<void *>(&compilerStamp), &info) &&
        info.dli_fname) {
      std::string path = llvm::sys::fs::getMainExecutable(
          nullptr, reinterpret_cast<void *>(&compilerStamp));
      if (llvm::sys::path::filename(path) !=
          llvm::sys::path::filename(info.dli_fname))
        path = info.dli_fname;
      llvm::sys::fs::file_status status;
      if (!llvm::sys::fs::status(path, status))
        s += path + ":" +
             std::to_string(
                 status.getLastModificationTime().time_since_epoch().count());
    }
    return s;
  }();
  return stamp;
}

CacheStats mlir::ferric::runner::getCacheStats() {
  std::lock_guard<std::mutex> lock(cache().mutex);
  return cache().stats;
}

/// `file:line:col` of the first file location in `loc` (a fused location
/// names every op of a kernel), the way compilers print it; else `loc`.
static std::string where(Location loc) {
  std::string s;
  loc->walk([&](Location l) {
    if (auto f = dyn_cast<FileLineColLoc>(l)) {
      s = (f.getFilename().strref() + ":" + llvm::Twine(f.getLine()) + ":" +
           llvm::Twine(f.getColumn()))
              .str();
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  if (s.empty()) {
    llvm::raw_string_ostream os(s);
    os << loc;
  }
  return s;
}

std::string mlir::ferric::runner::formatDiagnostic(Diagnostic &d) {
  std::string s;
  llvm::raw_string_ostream os(s);
  os << where(d.getLocation()) << ": error: " << d;
  for (Diagnostic &note : d.getNotes())
    os << "\n" << where(note.getLocation()) << ": note: " << note;
  return s;
}

/// Collects the errors MLIR reports while the handler is alive.
namespace {
struct ErrorCollector {
  ErrorCollector(MLIRContext &ctx)
      : handler(&ctx, [this](Diagnostic &d) {
          if (d.getSeverity() != DiagnosticSeverity::Error)
            return failure(); // let notes/remarks go to the default handler
          messages.push_back(formatDiagnostic(d));
          return success();
        }) {}
  llvm::Error take(llvm::StringRef what) {
    std::string all = what.str();
    for (const std::string &m : messages)
      all += "\n" + m;
    messages.clear();
    return llvm::createStringError(all);
  }
  std::vector<std::string> messages;
  ScopedDiagnosticHandler handler;
};
} // namespace

//===----------------------------------------------------------------------===//
// Signatures and f64 promotion
//===----------------------------------------------------------------------===//

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

/// Rewrites every f16/bf16/f32 in `module` to f64: the reference the
/// runner's --check compares against.
static void promoteToF64(ModuleOp module) {
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

//===----------------------------------------------------------------------===//
// Executable::compile
//===----------------------------------------------------------------------===//

/// Gives the entry's dynamic tensor arguments the shapes of the inputs, so
/// the pipeline sees static shapes (the SPIR-V path needs them). Arguments
/// that do not fit are left for validateInputs to report.
static void specializeArguments(func::FuncOp func,
                                llvm::ArrayRef<std::vector<int64_t>> shapes) {
  if (shapes.size() != func.getNumArguments() || func.isExternal())
    return;
  for (auto [i, shape] : llvm::enumerate(shapes))
    if (fitsStaticShape(func.getArgument(i).getType(), shape))
      specializeArgument(func, i, shape);
}

/// The name of the pipeline that lowers for `target`.
static llvm::StringRef pipelineName(Target target) {
  switch (target) {
  case Target::CPU:
    return "ferric-lower-to-cpu";
  case Target::CUDA:
    return "ferric-lower-to-nvvm";
  case Target::Vulkan:
    return "ferric-lower-to-spirv";
  }
  return "?";
}

/// Builds `options.target`'s pipeline into `pm`: the options CompileOptions
/// names, then those of the free-form `pipelineOptions` text (which may
/// override them). A bad option is an error naming it, never an abort.
template <typename PipelineOptions>
static llvm::Error buildPipeline(PassManager &pm, const CompileOptions &options,
                                 LogicalResult (*build)(OpPassManager &,
                                                        const PipelineOptions &,
                                                        PipelineErrorHandler)) {
  llvm::StringRef name = pipelineName(options.target);
  PipelineOptions pipelineOptions;
  pipelineOptions.fuse = options.fuse;
  if (!options.fuseReport.empty())
    pipelineOptions.fuseReport = options.fuseReport;
  std::string error;
  llvm::raw_string_ostream os(error);
  if (failed(pipelineOptions.parseFromString(options.pipelineOptions, os)))
    return llvm::createStringError(
        "bad options '" + options.pipelineOptions + "' for " + name.str() +
        (error.empty() ? "" : ": " + llvm::StringRef(error).trim().str()));
  if (failed(build(pm, pipelineOptions, [&](const llvm::Twine &message) {
        error = message.str();
        return failure();
      })))
    return llvm::createStringError(name.str() + ": " + error);
  return llvm::Error::success();
}

static llvm::Error buildPipeline(PassManager &pm,
                                 const CompileOptions &options) {
  switch (options.target) {
  case Target::CPU:
    return buildPipeline<CPUPipelineOptions>(pm, options, buildCPUPipeline);
  case Target::CUDA:
    return buildPipeline<NVVMPipelineOptions>(pm, options, buildNVVMPipeline);
  case Target::Vulkan:
    return buildPipeline<SPIRVPipelineOptions>(pm, options, buildSPIRVPipeline);
  }
  return llvm::createStringError("unknown target");
}

Executable::~Executable() {
  if (sourceModule)
    sourceModule->destroy();
}

llvm::Expected<std::unique_ptr<Executable>>
Executable::compile(llvm::StringRef irText, llvm::StringRef entryName,
                    const CompileOptions &options, llvm::StringRef bufferName) {
  initializeOnce();
  auto start = std::chrono::steady_clock::now();
  std::unique_ptr<Executable> exe(new Executable());
  exe->options = options;
  exe->context =
      std::make_unique<MLIRContext>(MLIRContext::Threading::DISABLED);
  MLIRContext &ctx = *exe->context;
  DialectRegistry registry;
  ferric::registerFerricDialects(registry);
  ctx.appendDialectRegistry(registry);
  ctx.loadAllAvailableDialects();
  ErrorCollector errors(ctx);

  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(
      llvm::MemoryBuffer::getMemBufferCopy(irText, bufferName), llvm::SMLoc());
  OwningOpRef<ModuleOp> module = parseSourceFile<ModuleOp>(sourceMgr, &ctx);
  if (!module)
    return errors.take("cannot parse the module");

  // The entry: named, or the only public function with a body.
  unsigned publicCount;
  func::FuncOp entry = findEntryFunction(*module, entryName, publicCount);
  if (!entry && !entryName.empty())
    return llvm::createStringError("no function @" + entryName.str() +
                                   " with a body in the module");
  if (!entry)
    return llvm::createStringError(
        "the module has " + std::to_string(publicCount) +
        " public functions; choose one with --entry");
  exe->entry = entry.getSymName().str();
  if (!options.argShapes.empty())
    specializeArguments(entry, options.argShapes);
  for (Type t : entry.getArgumentTypes()) {
    auto spec = specOf(t);
    if (!spec)
      return llvm::createStringError(
          "@" + exe->entry +
          " has an argument of a type the runner cannot pass (only tensors "
          "and scalars of f16, bf16, f32, f64, i1)");
    exe->args.push_back(*spec);
  }
  for (Type t : entry.getResultTypes()) {
    auto spec = specOf(t);
    if (!spec || !spec->isTensor)
      return llvm::createStringError("@" + exe->entry +
                                     " has a result the runner cannot return "
                                     "(only tensors of f16, bf16, f32, f64, "
                                     "i1)");
    exe->results.push_back(*spec);
  }
  // The Vulkan kernel ABI passes buffers only (docs/HostABI.md): say so
  // here rather than with a legalization failure deep in the pipeline.
  if (options.target == Target::Vulkan) {
    auto check = [&](llvm::ArrayRef<ValueSpec> specs,
                     llvm::StringRef what) -> llvm::Error {
      for (auto [i, spec] : llvm::enumerate(specs))
        if (!spec.isTensor || llvm::is_contained(spec.shape, -1))
          return llvm::createStringError(
              "the vulkan target needs static shapes and no scalar "
              "arguments, but " +
              what.str() + " " + std::to_string(i) + " of @" + exe->entry +
              " is " + spec.str());
      return llvm::Error::success();
    };
    if (llvm::Error e = check(exe->args, "argument"))
      return std::move(e);
  }
  exe->sourceModule = module->clone();
  // Other functions would get lowered and JIT-compiled for nothing, and one
  // the target cannot lower would fail every entry of the module: keep only
  // the entry and what it calls.
  for (auto f : llvm::make_early_inc_range(module->getOps<func::FuncOp>()))
    if (f != entry && f.isPublic() && !f.isExternal())
      f.setPrivate();
  for (bool erased = true; erased;) {
    erased = false;
    for (auto f : llvm::make_early_inc_range(module->getOps<func::FuncOp>()))
      if (f != entry && f.isPrivate() &&
          SymbolTable::symbolKnownUseEmpty(f, *module)) {
        f.erase();
        erased = true;
      }
  }
  // The JIT'd module and the C library share one symbol namespace: an entry
  // named `exp` would be what the lowered math's `llvm.call @exp` resolves
  // to. Prefix every function with a body; declarations keep their names.
  {
    SymbolTable symbols(*module);
    for (auto f : llvm::to_vector(module->getOps<func::FuncOp>())) {
      if (f.isExternal())
        continue;
      std::string name = "__ferric_" + f.getSymName().str();
      for (unsigned n = 0; symbols.lookup(name); ++n)
        name = "__ferric" + std::to_string(n) + "_" + f.getSymName().str();
      if (failed(symbols.rename(f, name)))
        return llvm::createStringError("cannot rename @" +
                                       f.getSymName().str());
    }
    exe->symbol = entry.getSymName().str();
  }
  if (options.promoteToF64) {
    promoteToF64(*module);
    for (ValueSpec &s : exe->args)
      s.dtype = s.dtype == DType::I1 ? s.dtype : DType::F64;
    for (ValueSpec &s : exe->results)
      s.dtype = s.dtype == DType::I1 ? s.dtype : DType::F64;
  }

  // The pipeline: built first, so that a bad option is reported before
  // anything else, and printed for the cache key.
  PassManager pm(&ctx);
  if (llvm::Error e = buildPipeline(pm, options))
    return std::move(e);
  std::string pipeline;
  {
    llvm::raw_string_ostream os(pipeline);
    pm.printAsTextualPipeline(os);
  }

  // The cache key: what was asked for, exactly.
  std::string printed;
  {
    llvm::raw_string_ostream os(printed);
    module->print(os, OpPrintingFlags().enableDebugInfo(false));
  }
  std::string key = llvm::utohexstr(
      llvm::xxh3_64bits(printed + "\n" + pipeline + "\n" + compilerStamp()));
  std::string lowered;
  bool hit = false;
  if (options.useCache && options.dumpIRAfter.empty()) {
    std::lock_guard<std::mutex> lock(cache().mutex);
    auto it = cache().memory.find(key);
    if (it != cache().memory.end()) {
      lowered = it->second;
      hit = true;
    } else if (std::string dir = cacheDir(); !dir.empty()) {
      llvm::SmallString<256> path(dir);
      llvm::sys::path::append(path, key + ".mlir");
      if (auto buf = llvm::MemoryBuffer::getFile(path)) {
        lowered = (*buf)->getBuffer().str();
        hit = true;
      }
    }
  }

  OwningOpRef<ModuleOp> loweredModule;
  if (hit) {
    loweredModule = parseSourceString<ModuleOp>(lowered, &ctx);
    if (!loweredModule) {
      // A damaged cache entry: compile again, and overwrite it below.
      hit = false;
      lowered.clear();
      errors.messages.clear();
    }
  }
  if (options.useCache && options.dumpIRAfter.empty()) {
    std::lock_guard<std::mutex> lock(cache().mutex);
    hit ? ++cache().stats.hits : ++cache().stats.misses;
  }
  if (!hit) {
    if (options.target == Target::CUDA && !std::getenv("CUDA_HOME"))
      setenv("CUDA_HOME", "/usr/local/cuda", 0);
    if (!options.dumpIRAfter.empty()) {
      std::string name = options.dumpIRAfter;
      pm.enableIRPrinting(
          [](Pass *, Operation *) { return false; },
          [name](Pass *p, Operation *) { return p->getArgument() == name; },
          /*printModuleScope=*/true, /*printAfterOnlyOnChange=*/false);
    }
    if (failed(pm.run(*module)))
      return errors.take(
          ("lowering with " + pipelineName(options.target) + " failed").str());
    loweredModule = std::move(module);
    llvm::raw_string_ostream os(lowered);
    loweredModule->print(os);
    if (options.useCache) {
      std::lock_guard<std::mutex> lock(cache().mutex);
      cache().memory[key] = lowered;
      if (std::string dir = cacheDir();
          !dir.empty() && !llvm::sys::fs::create_directories(dir)) {
        llvm::SmallString<256> path(dir), tmp;
        llvm::sys::path::append(path, key + ".mlir");
        tmp = path;
        tmp += ".tmp" + std::to_string(getpid());
        std::error_code ec;
        {
          llvm::raw_fd_ostream out(tmp, ec);
          if (!ec)
            out << lowered;
        }
        if (ec || llvm::sys::fs::rename(tmp, path))
          llvm::sys::fs::remove(tmp);
      }
    }
  }
  exe->loweredIR = lowered;
  loweredModule->walk([&](gpu::LaunchFuncOp) { ++exe->stats.launchesPerCall; });
  loweredModule->walk([&](gpu::BinaryOp) { ++exe->stats.kernels; });

  auto libs = jitLibraries(options.target);
  if (!libs)
    return libs.takeError();
  if (options.target != Target::CPU) {
    std::string why;
    if (!isTargetAvailable(options.target, why))
      return llvm::createStringError(why);
  }
  SmallVector<StringRef> libRefs(libs->begin(), libs->end());
  ExecutionEngineOptions engineOptions;
  engineOptions.sharedLibPaths = libRefs;
  engineOptions.jitCodeGenOptLevel = llvm::CodeGenOptLevel::Aggressive;
  auto transformer = makeOptimizingTransformer(3, 0, nullptr);
  engineOptions.transformer = transformer;
  auto engine = ExecutionEngine::create(*loweredModule, engineOptions);
  if (!engine)
    return llvm::joinErrors(llvm::createStringError("cannot JIT the module"),
                            engine.takeError());
  exe->engine = std::move(*engine);
  // Both GPU runtimes define the mgpu* functions, and one process may have
  // opened both (a Python session that asked whether CUDA is available and
  // then runs on Vulkan): bind the module's external functions as this
  // target's runtime sees them, not to whichever library the process-wide
  // search finds first.
  if (options.target != Target::CPU) {
    auto lib = RuntimeLib::get(options.target);
    if (!lib)
      return lib.takeError();
    // (The mgpu* calls only appear when gpu.launch_func is translated to
    // LLVM IR, so bind everything the runtime exports.)
    exe->engine->registerSymbols([&](llvm::orc::MangleAndInterner interner) {
      llvm::orc::SymbolMap map;
      for (const auto &[name, address] : (*lib)->exports)
        map[interner(name)] = {llvm::orc::ExecutorAddr::fromPtr(address),
                               llvm::JITSymbolFlags::Exported};
      return map;
    });
  }
  exe->engine->initialize(); // loads GPU modules (global constructors)
  if (auto lib = RuntimeLib::get(options.target); lib && *lib) {
    std::string err = (*lib)->takeError();
    if (!err.empty())
      return llvm::createStringError("loading the kernels failed: " + err);
  } else if (!lib) {
    return lib.takeError();
  }
  exe->stats.cacheHit = hit;
  exe->stats.seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
          .count();
  return exe;
}
