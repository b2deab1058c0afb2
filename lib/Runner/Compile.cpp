//===- Compile.cpp - Lower and JIT a Ferric module ------------------------===//
//
// Part of the Ferric project, under the Apache License v2.0 with LLVM
// Exceptions.
//
// Executable::compile, as the stages CompileStages.h lists: those that
// rewrite the module are in PrepareModule.cpp, the kernel cache in
// CompileCache.cpp, the pipeline in CompilePipeline.cpp; the lowering and
// the JIT are here.
//
//===----------------------------------------------------------------------===//

#include "CompileStages.h"

#include "FerricDialect/InitFerric.h"
#include "FerricDialect/ParseLimits.h"
#include "FerricDialect/Runner/Diagnostics.h"
#include "JitBuiltins.h"
#include "JitCall.h"
#include "RuntimeLibs.h"

#include "FerricDialect/Target/WGSL.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/ExecutionEngine/ExecutionEngine.h"
#include "mlir/ExecutionEngine/OptUtils.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ExecutionEngine/Orc/JITTargetMachineBuilder.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/TargetSelect.h"

#include <chrono>
#include <cstdint>
#include <limits>
#include <mutex>

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
  case Target::WebGPU:
    return "webgpu";
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
  if (name == "webgpu")
    return Target::WebGPU;
  return std::nullopt;
}

std::optional<Import> mlir::ferric::runner::parseImport(llvm::StringRef name) {
  if (name == "auto")
    return Import::Auto;
  if (name == "tosa")
    return Import::Tosa;
  if (name == "linalg")
    return Import::Linalg;
  if (name == "none")
    return Import::None;
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
// Process-wide state and diagnostics
//===----------------------------------------------------------------------===//

/// (The pipelines are built from typed passes: nothing needs registering.)
static void initializeOnce() {
  static std::once_flag once;
  std::call_once(once, [] {
    llvm::InitializeNativeTarget();
    llvm::InitializeNativeTargetAsmPrinter();
  });
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

std::string mlir::ferric::runner::withSourceNames(llvm::StringRef text) {
  auto isIdentifierChar = [](char c) {
    return llvm::isAlnum(c) || c == '_' || c == '$' || c == '.';
  };
  auto startsName = [&](size_t i) {
    llvm::StringRef before = text.substr(0, i);
    return i == 0 || !isIdentifierChar(text[i - 1]) ||
           before.ends_with("_mlir_ciface_") || before.ends_with("_mlir_");
  };
  std::string out;
  out.reserve(text.size());
  for (size_t i = 0; i < text.size();) {
    if (text.substr(i).starts_with("__ferric") && startsName(i)) {
      size_t j = i + 8;
      while (j < text.size() && llvm::isDigit(text[j]))
        ++j;
      if (j + 1 < text.size() && text[j] == '_' &&
          isIdentifierChar(text[j + 1])) {
        i = j + 1;
        continue;
      }
    }
    out += text[i++];
  }
  return out;
}

/// Collects the errors and remarks MLIR reports while the handler is alive
/// (the remarks go to the caller with the executable).
namespace {
struct ErrorCollector {
  ErrorCollector(MLIRContext &ctx)
      : handler(&ctx, [this](Diagnostic &d) {
          if (d.getSeverity() == DiagnosticSeverity::Remark) {
            remarks.push_back(withSourceNames(where(d.getLocation()) +
                                              ": remark: " + d.str()));
            return success();
          }
          if (d.getSeverity() != DiagnosticSeverity::Error)
            return failure(); // let notes go to the default handler
          messages.push_back(withSourceNames(formatDiagnostic(d)));
          return success();
        }) {}
  llvm::Error take(llvm::StringRef what) {
    std::string all = what.str();
    for (const std::string &m : messages)
      all += "\n" + m;
    messages.clear();
    return llvm::createStringError(all);
  }
  std::vector<std::string> messages, remarks;
  ScopedDiagnosticHandler handler;
};
} // namespace

//===----------------------------------------------------------------------===//
// Stages: parse, look up, lower, JIT
//===----------------------------------------------------------------------===//

/// A context with the dialects Ferric's pipelines produce, each loaded.
static std::unique_ptr<MLIRContext> makeContext() {
  auto ctx = std::make_unique<MLIRContext>(MLIRContext::Threading::DISABLED);
  DialectRegistry registry;
  ferric::registerFerricDialects(registry);
  ctx->appendDialectRegistry(registry);
  ctx->loadAllAvailableDialects();
  return ctx;
}

static OwningOpRef<ModuleOp> parseModule(MLIRContext &ctx,
                                         llvm::StringRef irText,
                                         llvm::StringRef bufferName) {
  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(
      llvm::MemoryBuffer::getMemBufferCopy(irText, bufferName), llvm::SMLoc());
  // The text may come from anyone (the C API): too deep a nesting would
  // overflow the recursive parser's stack.
  if (failed(checkNestingDepth(sourceMgr, &ctx)))
    return nullptr;
  return parseSourceFile<ModuleOp>(sourceMgr, &ctx);
}

/// The module of `irText`, parsed and imported (TOSA, linalg) as
/// `options` say; the error says why not (with the diagnostics `errors`
/// caught).
static llvm::Expected<OwningOpRef<ModuleOp>>
parseAndImport(MLIRContext &ctx, ErrorCollector &errors, llvm::StringRef irText,
               llvm::StringRef bufferName, const CompileOptions &options) {
  OwningOpRef<ModuleOp> module = parseModule(ctx, irText, bufferName);
  if (!module)
    return errors.take("cannot parse the module");
  if (llvm::Error e = stages::importModule(*module, options)) {
    if (errors.messages.empty())
      return std::move(e);
    llvm::consumeError(std::move(e));
    return errors.take("importing the module failed");
  }
  return module;
}

/// The lowered module for `key` from the kernel cache, parsed; null on a
/// miss or a damaged entry (one that does not parse or does not define the
/// entry `symbol`; the caller then compiles again and overwrites it).
static OwningOpRef<ModuleOp>
lookUpLowered(MLIRContext &ctx, llvm::StringRef key, llvm::StringRef symbol,
              std::string &lowered, ErrorCollector &errors) {
  std::optional<std::string> text = stages::lookUpCache(key);
  if (!text)
    return nullptr;
  OwningOpRef<ModuleOp> module = parseSourceString<ModuleOp>(*text, &ctx);
  if (!module || !SymbolTable::lookupSymbolIn(*module, symbol)) {
    errors.messages.clear();
    return nullptr;
  }
  lowered = std::move(*text);
  return module;
}

/// Runs `pm` on `module`, printing the module after each run of the pass
/// named `dumpIRAfter` (if any).
static llvm::Error lower(PassManager &pm, ModuleOp module,
                         const CompileOptions &options,
                         ErrorCollector &errors) {
  // MLIR's NVVM serializer finds ptxas and fatbinary through CUDA_HOME.
  if (options.target == Target::CUDA && !std::getenv("CUDA_HOME"))
    setenv("CUDA_HOME", "/usr/local/cuda", 0);
  if (!options.dumpIRAfter.empty()) {
    std::string name = options.dumpIRAfter;
    pm.enableIRPrinting(
        [](Pass *, Operation *) { return false; },
        [name](Pass *p, Operation *) { return p->getArgument() == name; },
        /*printModuleScope=*/true, /*printAfterOnlyOnChange=*/false);
  }
  if (failed(pm.run(module)))
    return errors.take(
        ("lowering with " + stages::pipelineName(options.target) + " failed")
            .str());
  return llvm::Error::success();
}

/// The host's target machine without the x86 bf16 conversion instructions.
/// With AVX512-BF16 (or AVX-NE-CONVERT) the x86 back end narrows the f32
/// it computes a bf16 op in (min, max, ... that MLIR leaves in bf16) with
/// VCVTNEPS2BF16, which flushes subnormals whatever MXCSR says; without the
/// feature it calls __truncsfbf2 (JitBuiltins.cpp, correctly rounded).
/// Ferric's own narrowing is integer code (ferric-exact-narrowing) and
/// never needs the instruction; copies stay 16-bit (BF16Memory.cpp). Null
/// (the engine's default) if the host is not known.
///
/// The code generator's optimization level is this machine's: MLIR's
/// ExecutionEngine compiles with the TargetMachine it is given and sets
/// ExecutionEngineOptions::jitCodeGenOptLevel only on a builder it then
/// does not use.
static std::unique_ptr<llvm::TargetMachine>
hostTargetMachine(llvm::CodeGenOptLevel level) {
  auto builder = llvm::orc::JITTargetMachineBuilder::detectHost();
  if (!builder) {
    llvm::consumeError(builder.takeError());
    return nullptr;
  }
  builder->setCodeGenOptLevel(level);
  if (builder->getTargetTriple().isX86()) {
    builder->getFeatures().AddFeature("avx512bf16", false);
    builder->getFeatures().AddFeature("avxneconvert", false);
  }
  auto tm = builder->createTargetMachine();
  if (!tm) {
    llvm::consumeError(tm.takeError());
    return nullptr;
  }
  return std::move(*tm);
}

/// Functions in a lowered CPU module past which --check's f64 reference is
/// JIT-compiled without optimization: an unfused program of thousands of ops
/// has one outlined function per op (ferric-outline-cpu-kernels), and
/// LLVM's -O3 over them took 6 s of a 2000-op chain's 8 (-O0: 1.7 s). The
/// reference runs once; its values are the same (no fast-math either way).
static constexpr size_t kReferenceOptFunctionLimit = 64;

/// JIT-compiles the lowered module's host code with the target's runtime
/// libraries and runs its initializers (which load the GPU modules).
/// `optimize` false: no IR optimization and the fast instruction selector.
static llvm::Expected<std::unique_ptr<ExecutionEngine>>
jitCompile(ModuleOp lowered, Target target, bool optimize) {
  auto libs = jitLibraries(target);
  if (!libs)
    return libs.takeError();
  stages::bf16MemoryAsBits(lowered);
  if (target != Target::CPU) {
    std::string why;
    if (!isTargetAvailable(target, why))
      return llvm::createStringError(why);
  }
  SmallVector<StringRef> libRefs(libs->begin(), libs->end());
  ExecutionEngineOptions engineOptions;
  engineOptions.sharedLibPaths = libRefs;
  // Default (-O2) is what every program was compiled with while this asked
  // for Aggressive through jitCodeGenOptLevel alone (see hostTargetMachine).
  llvm::CodeGenOptLevel level =
      optimize ? llvm::CodeGenOptLevel::Default : llvm::CodeGenOptLevel::None;
  engineOptions.jitCodeGenOptLevel = level;
  auto transformer = makeOptimizingTransformer(optimize ? 3 : 0, 0, nullptr);
  engineOptions.transformer = transformer;
  auto created =
      ExecutionEngine::create(lowered, engineOptions, hostTargetMachine(level));
  if (!created)
    return llvm::createStringError(
        "cannot JIT the module: " +
        withSourceNames(llvm::toString(created.takeError())));
  std::unique_ptr<ExecutionEngine> engine = std::move(*created);
  // Compiler-runtime calls the host backend may emit that the process does
  // not provide (JitBuiltins.h), for every target; the allocation functions
  // that make a failed allocation an error (JitCall.h).
  //
  // Both GPU runtimes define the mgpu* functions, and one process may have
  // opened both (a Python session that asked whether CUDA is available and
  // then runs on Vulkan): bind the module's external functions as this
  // target's runtime sees them, not to whichever library the process-wide
  // search finds first. (The mgpu* calls only appear when gpu.launch_func is
  // translated to LLVM IR, so bind every symbol of the runtime interface's
  // table.)
  RuntimeLib *runtime = nullptr;
  if (target != Target::CPU) {
    auto lib = RuntimeLib::get(target);
    if (!lib)
      return lib.takeError();
    runtime = *lib;
  }
  engine->registerSymbols([&](llvm::orc::MangleAndInterner interner) {
    llvm::orc::SymbolMap map;
    auto bind = [&](StringRef name, void *address) {
      map[interner(name)] = {llvm::orc::ExecutorAddr::fromPtr(address),
                             llvm::JITSymbolFlags::Exported};
    };
    unsigned count = 0;
    const JitBuiltin *builtins = getJitBuiltins(count);
    for (unsigned i = 0; i < count; ++i)
      bind(builtins[i].name, builtins[i].address);
    if (runtime)
      for (const auto &[name, address] : runtime->exports)
        bind(name, address);
    for (const auto &[name, address] :
         guardedAllocators(target, runtime ? runtime->api->memAlloc : nullptr,
                           runtime ? runtime->api->memFree : nullptr))
      bind(name, address);
    return map;
  });
  engine->initialize(); // loads GPU modules (global constructors)
  if (auto lib = RuntimeLib::get(target); lib && *lib) {
    std::string err = (*lib)->takeError();
    if (!err.empty())
      return llvm::createStringError("loading the kernels failed: " +
                                     withSourceNames(err));
  } else if (!lib) {
    return lib.takeError();
  }
  return engine;
}

//===----------------------------------------------------------------------===//
// Executable::compile
//===----------------------------------------------------------------------===//

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
  exe->context = makeContext();
  MLIRContext &ctx = *exe->context;
  ErrorCollector errors(ctx);

  // The module as given, its entry and the entry's signature.
  llvm::Expected<OwningOpRef<ModuleOp>> parsed =
      parseAndImport(ctx, errors, irText, bufferName, options);
  if (!parsed)
    return parsed.takeError();
  OwningOpRef<ModuleOp> module = std::move(*parsed);
  auto entry = stages::chooseEntry(*module, entryName);
  if (!entry)
    return entry.takeError();
  exe->entry = entry->getSymName().str();
  if (!options.argShapes.empty()) {
    // Vulkan kernels index with 32 bits (ferric-require-static-args checks
    // the static types; sizes computed from the inputs are checked here).
    int64_t elementLimit = isShaderTarget(options.target)
                               ? std::numeric_limits<int32_t>::max()
                               : 0;
    if (llvm::Error e = stages::checkArgumentShapes(*entry, options.argShapes,
                                                    elementLimit))
      return std::move(e);
    stages::specializeArguments(*entry, options.argShapes);
  }
  if (llvm::Error e = stages::readSignature(*entry, exe->args, exe->results))
    return std::move(e);
  if (isShaderTarget(options.target)) {
    if (llvm::Error e = stages::checkVulkanArguments(
            exe->entry, exe->args, targetName(options.target)))
      return std::move(e);
    if (llvm::Error e =
            stages::checkVulkanCallees(*entry, targetName(options.target)))
      return std::move(e);
  }
  exe->sourceModule = module->clone();

  // The module to lower: the entry and what it calls, renamed, promoted.
  stages::keepOnlyEntry(*module, *entry);
  if (llvm::Error e = stages::checkTypeLimits(*module))
    return std::move(e);
  auto symbol = stages::prefixSymbols(*module, *entry);
  if (!symbol)
    return symbol.takeError();
  exe->symbol = std::move(*symbol);
  if (options.promoteToF64)
    stages::promoteToF64(*module, exe->args, exe->results);

  // The pipeline: built before anything is looked up, so that a bad option
  // is reported first, and printed (all options included) for the cache key.
  PassManager pm(&ctx);
  if (llvm::Error e = stages::buildPipeline(pm, options, *module))
    return std::move(e);
  std::string pipeline;
  {
    llvm::raw_string_ostream os(pipeline);
    pm.printAsTextualPipeline(os);
  }
  if (!options.dumpIRAfter.empty() &&
      !stages::pipelineHasPass(pipeline, options.dumpIRAfter))
    return llvm::createStringError(
        "no pass '" + options.dumpIRAfter + "' to dump the IR after in " +
        stages::pipelineName(options.target).str() + " (ferric-opt --" +
        stages::pipelineName(options.target).str() +
        " --dump-pass-pipeline lists its passes)");

  // Lowered from the cache, or by the pipeline (and then cached).
  bool useCache = options.useCache && options.dumpIRAfter.empty();
  std::string key = stages::cacheKey(*module, pipeline);
  std::string lowered;
  OwningOpRef<ModuleOp> loweredModule;
  if (useCache)
    loweredModule = lookUpLowered(ctx, key, exe->symbol, lowered, errors);
  bool hit = static_cast<bool>(loweredModule);
  if (useCache)
    stages::countCacheUse(hit);
  if (!hit) {
    if (llvm::Error e = lower(pm, *module, options, errors))
      return std::move(e);
    loweredModule = std::move(module);
    llvm::raw_string_ostream os(lowered);
    loweredModule->print(os);
    if (options.useCache)
      stages::storeInCache(key, lowered);
  }
  exe->loweredIR = lowered;
  loweredModule->walk([&](gpu::LaunchFuncOp) { ++exe->stats.launchesPerCall; });
  // A cuBLASLt call (ferric-matmul-to-cublaslt emits them at the top level
  // of host functions, once per call) counts as one launch.
  loweredModule->walk([&](LLVM::CallOp call) {
    if (call.getCallee() == "mgpuCublasLtMatmul")
      ++exe->stats.launchesPerCall;
  });
  loweredModule->walk([&](gpu::BinaryOp) { ++exe->stats.kernels; });

  // Host code JIT-compiled, bound to the target's runtime, initialized.
  bool optimize = !options.promoteToF64 ||
                  llvm::range_size(loweredModule->getOps<LLVM::LLVMFuncOp>()) <=
                      kReferenceOptFunctionLimit;
  auto engine = jitCompile(*loweredModule, options.target, optimize);
  if (!engine)
    return engine.takeError();
  exe->engine = std::move(*engine);
  exe->remarks = std::move(errors.remarks);
  exe->stats.cacheHit = hit;
  exe->stats.seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
          .count();
  return exe;
}

llvm::Expected<std::string>
mlir::ferric::runner::emitWGSL(llvm::StringRef irText,
                               llvm::StringRef entryName,
                               const CompileOptions &given) {
  initializeOnce();
  CompileOptions options = given;
  options.target = Target::WebGPU;
  if (!llvm::StringRef(options.pipelineOptions)
           .contains("storage-buffer-limit"))
    options.pipelineOptions += " storage-buffer-limit=8";
  options.pipelineOptions += " kernels-only=true";
  std::unique_ptr<MLIRContext> ctx = makeContext();
  ErrorCollector errors(*ctx);
  llvm::Expected<OwningOpRef<ModuleOp>> parsed =
      parseAndImport(*ctx, errors, irText, "input", options);
  if (!parsed)
    return parsed.takeError();
  OwningOpRef<ModuleOp> module = std::move(*parsed);
  auto entry = stages::chooseEntry(*module, entryName);
  if (!entry)
    return entry.takeError();
  if (!options.argShapes.empty()) {
    if (llvm::Error e = stages::checkArgumentShapes(
            *entry, options.argShapes, std::numeric_limits<int32_t>::max()))
      return std::move(e);
    stages::specializeArguments(*entry, options.argShapes);
  }
  std::vector<ValueSpec> args, results;
  if (llvm::Error e = stages::readSignature(*entry, args, results))
    return std::move(e);
  if (llvm::Error e =
          stages::checkVulkanArguments(entry->getSymName(), args, "webgpu"))
    return std::move(e);
  if (llvm::Error e = stages::checkVulkanCallees(*entry, "webgpu"))
    return std::move(e);
  stages::keepOnlyEntry(*module, *entry);
  if (llvm::Error e = stages::checkTypeLimits(*module))
    return std::move(e);
  PassManager pm(ctx.get());
  if (llvm::Error e = stages::buildPipeline(pm, options, *module))
    return std::move(e);
  if (llvm::Error e = lower(pm, *module, options, errors))
    return std::move(e);
  std::string text;
  llvm::raw_string_ostream os(text);
  if (failed(translateModuleToWGSL(*module, os)))
    return errors.take("cannot emit WGSL");
  return text;
}
