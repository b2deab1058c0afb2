//===- ferric-run.cpp - JIT-execute Ferric modules ------------------------===//
//
// Part of the Ferric project, under the Apache License v2.0 with LLVM
// Exceptions.
//
// ferric-run prog.mlir --target=cuda|vulkan|webgpu|cpu --entry=NAME
//   --input=a.npy --input=rand:4096x4096xf32 --output=out.npy --print
//   --check --bench=N --no-fuse --dump-ir-after=PASS
//   --import=auto|tosa|linalg|none
//
//===----------------------------------------------------------------------===//

#include "FerricDialect/Runner/Check.h"
#include "FerricDialect/Runner/Runner.h"

#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <cmath>
#include <optional>

using namespace mlir::ferric::runner;
namespace cl = llvm::cl;

static cl::OptionCategory category("ferric-run options");
static cl::opt<std::string> inputFile(cl::Positional, cl::desc("<module.mlir>"),
                                      cl::init("-"), cl::cat(category));
static cl::opt<std::string> targetFlag("target",
                                       cl::desc("cpu, cuda, vulkan or webgpu"),
                                       cl::init("cpu"), cl::cat(category));
static cl::opt<std::string> entry("entry",
                                  cl::desc("Function to call (default: the "
                                           "only public one)"),
                                  cl::cat(category));
static cl::list<std::string>
    inputs("input",
           cl::desc("An argument, in order: FILE.npy, a generator "
                    "(rand|randn|ones|zeros|iota|full=V):SHAPExDTYPE such as "
                    "rand:4096x4096xf32, or a number for a scalar argument"),
           cl::cat(category));
static cl::list<std::string> outputs("output",
                                     cl::desc("Write result i to this .npy"),
                                     cl::cat(category));
static cl::opt<bool> print("print", cl::desc("Print the results"),
                           cl::cat(category));
static cl::opt<bool>
    check("check",
          cl::desc("Compare with the unfused program run on the CPU in f64"),
          cl::cat(category));
static cl::opt<double> absTol("atol",
                              cl::desc("Absolute tolerance for --check "
                                       "(default: by result dtype)"),
                              cl::init(-1), cl::cat(category));
static cl::opt<double> relTol("rtol",
                              cl::desc("Relative tolerance for --check "
                                       "(default: by result dtype)"),
                              cl::init(-1), cl::cat(category));
static cl::opt<double>
    ulpTol("ulp-tol",
           cl::desc("With --check, also fail when an element is more than "
                    "this many units in the last place of its result type "
                    "off the f64 reference (0.5: correctly rounded)"),
           cl::init(-1), cl::cat(category));
static cl::opt<unsigned> bench("bench",
                               cl::desc("Time N calls after a warm-up"),
                               cl::init(0), cl::cat(category));
static cl::opt<unsigned> warmup("warmup", cl::desc("Untimed calls first"),
                                cl::init(10), cl::cat(category));
static cl::opt<bool> benchSync(
    "bench-sync",
    cl::desc("Time --bench calls on the device up to the end of each call's "
             "own wait for its work (the call as the host sees it), not up "
             "to the end of the work it queues (CUDA)"),
    cl::cat(category));
static cl::opt<std::string> importFlag(
    "import",
    cl::desc("Front door: auto (TOSA through ferric-import-tosa, linalg "
             "without ferric ops through ferric-import-linalg), tosa, linalg "
             "or none"),
    cl::init("auto"), cl::cat(category));
static cl::opt<bool> noFuse("no-fuse", cl::desc("Compile without ferric-fuse"),
                            cl::cat(category));
static cl::opt<std::string>
    dumpIRAfter("dump-ir-after",
                cl::desc("Print the IR after the pass with this name"),
                cl::cat(category));
static cl::opt<std::string>
    pipelineOptions("pipeline-options",
                    cl::desc("Extra options for the target's pipeline, e.g. "
                             "'block-size=128 elements-per-thread=8'"),
                    cl::cat(category));
static cl::opt<std::string> fuseReport("fuse-report",
                                       cl::desc("Write the fusion report to "
                                                "FILE ('-' for stdout)"),
                                       cl::cat(category));
static cl::opt<uint64_t> seed("seed", cl::desc("Seed for generated inputs"),
                              cl::init(1), cl::cat(category));
static cl::opt<bool> noCache("no-cache",
                             cl::desc("Do not use the kernel cache"),
                             cl::cat(category));
static cl::opt<std::string> emitLowered("emit-lowered",
                                        cl::desc("Write the lowered module "
                                                 "(LLVM dialect) to FILE"),
                                        cl::cat(category));

static int fail(const llvm::Twine &message) {
  llvm::errs() << "ferric-run: " << message << "\n";
  return 1;
}

static int fail(llvm::Error error) {
  std::string text = llvm::toString(std::move(error));
  return fail(text);
}

/// An --input that names an existing path is read as .npy (whatever its
/// name ends in: readNpy says if it is not one, or not a regular file, such
/// as a directory or /dev/zero); otherwise a name ending in .npy is a
/// missing file, and anything else a generator spec or a scalar.
static bool isFileInput(llvm::StringRef text) {
  return text.ends_with(".npy") || llvm::sys::fs::exists(text);
}

/// What identifies the file `path` names, for comparing --output paths:
/// the real path where it exists (symlinks, hard links and `..` resolved),
/// else the real path of its directory and its name.
static std::string fileIdentity(llvm::StringRef path) {
  llvm::SmallString<256> full(path), real;
  if (llvm::sys::fs::make_absolute(full))
    return path.str();
  llvm::sys::path::remove_dots(full, /*remove_dot_dot=*/true);
  if (!llvm::sys::fs::real_path(full, real))
    return std::string(real);
  llvm::SmallString<256> dir = llvm::sys::path::parent_path(full);
  if (llvm::sys::fs::real_path(dir, real))
    return std::string(full);
  llvm::sys::path::append(real, llvm::sys::path::filename(full));
  return std::string(real);
}

/// Two --output flags naming one file would keep only the last result
/// written: an error naming both, before anything is compiled or run. (A
/// device such as /dev/null may take several.)
static std::optional<std::string> duplicateOutput() {
  std::vector<std::string> ids;
  for (auto [i, path] : llvm::enumerate(outputs)) {
    ids.push_back(fileIdentity(path));
    llvm::sys::fs::file_status status;
    if (!llvm::sys::fs::status(ids[i], status) &&
        status.type() != llvm::sys::fs::file_type::regular_file)
      continue;
    for (size_t j = 0; j < i; ++j)
      if (ids[j] == ids[i])
        return ("--output for results " + llvm::Twine(j) + " and " +
                llvm::Twine(i) + " name the same file ('" + outputs[j] +
                "' and '" + path + "'); each result needs its own file")
            .str();
  }
  return std::nullopt;
}

/// --atol/--rtol, when given, must be finite and non-negative.
static bool badTolerance(const cl::opt<double> &opt) {
  return opt.getNumOccurrences() && !(std::isfinite(opt) && opt >= 0);
}

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  cl::HideUnrelatedOptions(category);
  cl::ParseCommandLineOptions(argc, argv, "Ferric JIT runner\n");
  for (const cl::opt<double> *tol : {&absTol, &relTol, &ulpTol})
    if (badTolerance(*tol))
      return fail("--" + tol->ArgStr + " must be a finite number >= 0, got " +
                  llvm::formatv("{0}", tol->getValue()).str());

  if (auto duplicate = duplicateOutput())
    return fail(*duplicate);

  auto target = parseTarget(targetFlag);
  if (!target)
    return fail("unknown target '" + targetFlag +
                "' (expected cpu, cuda, vulkan or webgpu)");
  auto file = llvm::MemoryBuffer::getFileOrSTDIN(inputFile);
  if (!file)
    return fail("cannot read '" + inputFile +
                "': " + file.getError().message());

  auto import = parseImport(importFlag);
  if (!import)
    return fail("unknown import '" + importFlag +
                "' (expected auto, tosa, linalg or none)");

  CompileOptions options;
  options.target = *target;
  options.fuse = !noFuse;
  options.import = *import;
  options.pipelineOptions = pipelineOptions;
  options.fuseReport = fuseReport;
  options.dumpIRAfter = dumpIRAfter;
  options.useCache = !noCache;
  if (*target != Target::CPU) {
    std::string why;
    if (!isTargetAvailable(*target, why))
      return fail(why);
  }
  // The SPIR-V path needs static shapes: load the tensor inputs first and
  // compile the entry for their shapes.
  std::vector<std::optional<HostTensor>> preloaded(inputs.size());
  if (isShaderTarget(*target)) {
    for (auto [i, text] : llvm::enumerate(inputs)) {
      llvm::StringRef spec = text;
      if (!isFileInput(spec) && !spec.contains(':'))
        continue; // a scalar: the Vulkan path reports it
      auto t =
          isFileInput(spec) ? readNpy(spec) : generateTensor(spec, seed + i);
      if (!t)
        return fail("input " + llvm::Twine(i) + " ('" + spec +
                    "'): " + llvm::toString(t.takeError()));
      options.argShapes.resize(inputs.size());
      options.argShapes[i] = t->shape;
      preloaded[i] = std::move(*t);
    }
  }
  auto exe =
      Executable::compile((*file)->getBuffer(), entry, options, inputFile);
  if (!exe)
    return fail(exe.takeError());
  for (const std::string &remark : (*exe)->getRemarks())
    llvm::errs() << remark << "\n";
  if (!emitLowered.empty()) {
    std::error_code ec;
    llvm::raw_fd_ostream os(emitLowered, ec);
    if (ec)
      return fail("cannot write '" + emitLowered + "': " + ec.message());
    os << (*exe)->getLoweredIR();
  }

  // Inputs: files, generators or scalars, one per argument.
  auto args = (*exe)->getArguments();
  if (inputs.size() != args.size())
    return fail("@" + (*exe)->getEntry() + " takes " +
                llvm::Twine(args.size()) + " arguments but " +
                llvm::Twine(inputs.size()) + " --input were given");
  std::vector<HostTensor> hostInputs;
  for (auto [i, spec] : llvm::enumerate(args)) {
    llvm::StringRef text = inputs[i];
    if (preloaded[i]) {
      hostInputs.push_back(std::move(*preloaded[i]));
      continue;
    }
    llvm::Expected<HostTensor> t =
        !spec.isTensor && !text.contains(':') ? parseScalar(text, spec.dtype)
        : isFileInput(text)                   ? readNpy(text)
                                              : generateTensor(text, seed + i);
    if (!t)
      return fail("input " + llvm::Twine(i) + " ('" + text +
                  "'): " + llvm::toString(t.takeError()));
    // A bf16 parameter reads raw 16-bit patterns (see docs/Runner.md).
    hostInputs.push_back(std::move(*t));
  }

  auto results = (*exe)->run(hostInputs);
  if (!results)
    return fail(results.takeError());
  if (outputs.size() > results->size())
    return fail("--output given " + llvm::Twine(outputs.size()) +
                " times but @" + (*exe)->getEntry() + " has " +
                llvm::Twine(results->size()) + " results");
  {
    // All or nothing: a failed write leaves every file as it was.
    std::vector<std::pair<llvm::StringRef, const HostTensor *>> files;
    for (auto [i, path] : llvm::enumerate(outputs))
      files.push_back({path, &(*results)[i]});
    size_t failed = 0;
    if (llvm::Error e = writeNpyFiles(files, &failed))
      return fail("cannot write result " + llvm::Twine(failed) + ": " +
                  llvm::toString(std::move(e)));
  }
  if (print)
    for (auto [i, r] : llvm::enumerate(*results))
      llvm::outs() << "result " << i << ": " << formatTensor(r) << "\n";

  int status = 0;
  if (check) {
    // The reference: the unfused program on the CPU in f64. Masks (i1
    // results) compare values, and a comparison of values within rounding
    // of each other can come out either way in f64: an i1 element also
    // passes if it matches the unfused CPU run at the program's own types.
    auto runReference =
        [&](bool promote) -> llvm::Expected<std::vector<HostTensor>> {
      CompileOptions refOptions;
      refOptions.target = Target::CPU;
      refOptions.fuse = false;
      refOptions.import = options.import;
      refOptions.promoteToF64 = promote;
      refOptions.useCache = !noCache;
      auto ref = Executable::compile((*file)->getBuffer(), (*exe)->getEntry(),
                                     refOptions, inputFile);
      if (!ref)
        return ref.takeError();
      if (!promote)
        return (*ref)->run(hostInputs);
      std::vector<HostTensor> refInputs;
      for (const HostTensor &t : hostInputs)
        refInputs.push_back(t.dtype == DType::I1 ? t : t.convertTo(DType::F64));
      return (*ref)->run(refInputs);
    };
    auto expected = runReference(/*promote=*/true);
    if (!expected)
      return fail(expected.takeError());
    // The unfused CPU run at the program's own types, made when a result
    // needs it: an i1 one, or an f16/bf16 one that misses the f64 reference.
    std::optional<std::vector<HostTensor>> native;
    auto nativeRun = [&]() -> llvm::Error {
      if (native)
        return llvm::Error::success();
      auto n = runReference(/*promote=*/false);
      if (!n)
        return n.takeError();
      native = std::move(*n);
      return llvm::Error::success();
    };
    // Results that fold many values get tolerances that grow with the
    // count (docs/Runner.md); explicit --atol/--rtol are used as given.
    std::vector<llvm::SmallVector<int64_t>> argShapes;
    for (const HostTensor &t : hostInputs)
      argShapes.emplace_back(t.shape.begin(), t.shape.end());
    auto lengths = accumulationLengths((*file)->getBuffer(), (*exe)->getEntry(),
                                       argShapes);
    if (!lengths)
      return fail(lengths.takeError());
    for (auto [i, got] : llvm::enumerate(*results)) {
      int64_t length = i < lengths->size() ? (*lengths)[i] : 1;
      Tolerance tol =
          scaleForAccumulation(defaultTolerance(got.dtype), got.dtype, length);
      if (absTol >= 0)
        tol.atol = absTol;
      if (relTol >= 0)
        tol.rtol = relTol;
      Comparison c = compare(got, (*expected)[i], tol.atol, tol.rtol);
      // Units in the last place count against the f64 reference alone.
      double ulpVsReference = c.maxUlp;
      int64_t nativeOnly = 0;
      bool narrow = got.dtype == DType::F16 || got.dtype == DType::BF16;
      if ((got.dtype == DType::I1 || narrow) && !c.shapeMismatch &&
          c.mismatches > 0) {
        if (llvm::Error e = nativeRun())
          return fail(std::move(e));
        nativeOnly = c.mismatches;
        if (got.dtype == DType::I1)
          c = compare(got, maskReference(got, (*expected)[i], (*native)[i]), 0,
                      0);
        else
          c = compare(got, closerReference(got, (*expected)[i], (*native)[i]),
                      tol.atol, tol.rtol);
        nativeOnly -= c.mismatches;
      }
      bool ok = !c.shapeMismatch && c.mismatches == 0 && c.nanMismatches == 0;
      bool ulpOk = ulpTol < 0 || ulpVsReference <= ulpTol;
      ok = ok && ulpOk;
      llvm::outs() << llvm::format(
          "check: result %zu: max abs %.3g, max rel %.3g, max ulp %.3g "
          "(atol %.3g, rtol %.3g",
          i, c.maxAbs, c.maxRel, c.maxUlp, tol.atol, tol.rtol);
      if (length > 1 && absTol < 0 && relTol < 0)
        llvm::outs() << ", scaled for " << length << " accumulated values";
      if (ulpTol >= 0)
        llvm::outs() << llvm::format(", ulp-tol %.3g", double(ulpTol));
      llvm::outs() << "): " << (ok ? "ok" : "FAILED") << "\n";
      if (nativeOnly > 0 && got.dtype == DType::I1)
        llvm::outs() << "  " << nativeOnly
                     << " mask elements differ from the f64 reference but "
                        "match the CPU run at the program's own types\n";
      else if (nativeOnly > 0)
        llvm::outs() << "  " << nativeOnly
                     << " elements are off the f64 reference but within "
                        "tolerance of the CPU run at the program's own types\n";
      if (!ok) {
        status = 1;
        if (c.shapeMismatch)
          llvm::outs() << "  shapes differ\n";
        else if (!ulpOk)
          llvm::outs() << llvm::format(
              "  %.3g units in the last place off the f64 reference, more "
              "than --ulp-tol\n",
              ulpVsReference);
        else
          llvm::outs() << "  " << c.mismatches << " elements off, "
                       << c.nanMismatches << " NaN mismatches; worst at "
                       << c.worstIndex << "\n";
      }
    }
  }

  if (bench) {
    auto b = (*exe)->bench(hostInputs, bench, warmup, benchSync);
    if (!b)
      return fail(b.takeError());
    const CompileStats &s = (*exe)->getStats();
    double us = b->medianDeviceUs > 0 ? b->medianDeviceUs : b->medianWallUs;
    llvm::outs() << llvm::format(
        "bench: target %s, %u calls: median %.2f us/call wall (min %.2f)",
        targetFlag.c_str(), b->iterations, b->medianWallUs, b->minWallUs);
    if (b->medianDeviceUs > 0)
      llvm::outs() << llvm::format(", %.2f us/call device", b->medianDeviceUs);
    llvm::outs() << llvm::format(
        ", %.1f GB/s, %llu bytes/call, %u launches/call, %u kernels, "
        "compile %.3f s (%s)\n",
        us > 0 ? b->bytesPerCall / us / 1e3 : 0.0,
        (unsigned long long)b->bytesPerCall,
        b->launchesPerCall >= 0 ? unsigned(b->launchesPerCall)
                                : s.launchesPerCall,
        s.kernels, s.seconds, s.cacheHit ? "cache hit" : "cache miss");
    CacheStats cs = getCacheStats();
    llvm::outs() << "cache: " << cs.hits << " hits, " << cs.misses
                 << " misses\n";
  }
  return status;
}
