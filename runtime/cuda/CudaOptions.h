//===- CudaOptions.h - The CUDA runtime's environment -----------*- C++ -*-===//
//
// Part of the Ferric project, under the Apache License v2.0 with LLVM
// Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Every FERRIC_CUDA_* variable the runtime reads, in one struct filled once
// at first use; no other file calls getenv. README.md documents each one.
//
//===----------------------------------------------------------------------===//

#ifndef FERRIC_RUNTIME_CUDA_CUDAOPTIONS_H
#define FERRIC_RUNTIME_CUDA_CUDAOPTIONS_H

#include "Environment.h"

#include <string>
#include <vector>

namespace ferric {
namespace cuda {

struct RuntimeOptions {
  /// FERRIC_CUDA_DRIVER: the driver library to dlopen.
  std::string driverPath = "libcuda.so.1";
  /// The cuBLASLt libraries to try with dlopen, in order: FERRIC_CUBLASLT
  /// alone when set; otherwise the library path's libcublasLt.so.13, then
  /// the toolkit's ($CUDA_HOME/lib64, /usr/local/cuda/lib64).
  std::vector<std::string> cublasLtPaths = {
      "libcublasLt.so.13", "/usr/local/cuda/lib64/libcublasLt.so.13"};
  /// FERRIC_CUDA_FRESH_STREAMS: a new stream per mgpuStreamCreate instead of
  /// the thread's cached one.
  bool freshStreams = false;
  /// FERRIC_CUDA_CACHING_ALLOCATOR, and never with fresh streams: reusing a
  /// block freed on one stream for work on another is only safe when all
  /// work is ordered on one stream.
  bool cachingAllocator = true;
  /// FERRIC_CUDA_SCHED: spin while waiting for the GPU ("spin", the
  /// default) or keep the driver's own heuristics ("auto").
  bool spinWait = true;
  /// FERRIC_CUDA_QUIET: record errors without printing them.
  bool quiet = false;
  /// FERRIC_CUDA_PROFILE: count every driver call and its host time, and
  /// print them at exit (CudaProfile.cpp).
  bool profile = false;
  /// FERRIC_CUBLASLT_AUTOTUNE: time the heuristic's candidates on a plan's
  /// first call and keep the fastest (off: the heuristic's first).
  bool cublasLtAutotune = true;
  /// FERRIC_CUBLASLT_CANDIDATES: how many algorithms to ask the heuristic
  /// for when autotuning (1 to 32; anything else keeps the default).
  int cublasLtCandidates = 8;

  /// FERRIC_CUDA_STAGING_CHUNK: bytes per chunk of a staged host copy
  /// (ferricCudaCopyHost); each of its two pinned buffers holds one.
  size_t stagingChunk = size_t(1) << 20;
  /// FERRIC_CUDA_STAGING_MIN: the smallest host copy that is staged (0:
  /// staging off, every copy is one cuMemcpyAsync).
  size_t stagingMin = size_t(1) << 20;

  /// The options `lookup` describes (std::getenv for the process).
  static RuntimeOptions parse(runtime::EnvLookup lookup);
};

/// The process' options, parsed from its environment on the first call.
const RuntimeOptions &options();

} // namespace cuda
} // namespace ferric

#endif // FERRIC_RUNTIME_CUDA_CUDAOPTIONS_H
