//===- CudaInterface.cpp - The CUDA runtime's FerricRuntimeV1 table -------===//
//
// Part of the Ferric project, under the Apache License v2.0 with LLVM
// Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The runner reaches the runtime only through this table (see
// include/FerricDialect/Runtime/RuntimeInterface.h). Its symbol list also
// serves a statically linked runtime, whose functions are not in the
// dynamic symbol table for a JIT to find.
//
//===----------------------------------------------------------------------===//

#include "FerricCudaRuntime.h"

#include "FerricDialect/Runtime/RuntimeInterface.h"

namespace {

#define FERRIC_CUDA_SYMBOL(fn)                                                 \
  { #fn, reinterpret_cast < void *>(&fn) }
const FerricRuntimeSymbol kSymbols[] = {
    FERRIC_CUDA_SYMBOL(mgpuModuleLoad),
    FERRIC_CUDA_SYMBOL(mgpuModuleLoadJIT),
    FERRIC_CUDA_SYMBOL(mgpuModuleUnload),
    FERRIC_CUDA_SYMBOL(mgpuModuleGetFunction),
    FERRIC_CUDA_SYMBOL(mgpuLaunchKernel),
    FERRIC_CUDA_SYMBOL(mgpuLaunchClusterKernel),
    FERRIC_CUDA_SYMBOL(mgpuStreamCreate),
    FERRIC_CUDA_SYMBOL(mgpuStreamDestroy),
    FERRIC_CUDA_SYMBOL(mgpuStreamSynchronize),
    FERRIC_CUDA_SYMBOL(mgpuStreamWaitEvent),
    FERRIC_CUDA_SYMBOL(mgpuEventCreate),
    FERRIC_CUDA_SYMBOL(mgpuEventDestroy),
    FERRIC_CUDA_SYMBOL(mgpuEventSynchronize),
    FERRIC_CUDA_SYMBOL(mgpuEventRecord),
    FERRIC_CUDA_SYMBOL(mgpuMemAlloc),
    FERRIC_CUDA_SYMBOL(mgpuMemFree),
    FERRIC_CUDA_SYMBOL(mgpuMemcpy),
    FERRIC_CUDA_SYMBOL(mgpuMemset32),
    FERRIC_CUDA_SYMBOL(mgpuMemset16),
    FERRIC_CUDA_SYMBOL(mgpuMemHostRegister),
    FERRIC_CUDA_SYMBOL(mgpuMemHostRegisterMemRef),
    FERRIC_CUDA_SYMBOL(mgpuMemHostUnregister),
    FERRIC_CUDA_SYMBOL(mgpuMemHostUnregisterMemRef),
    FERRIC_CUDA_SYMBOL(mgpuSetDefaultDevice),
    FERRIC_CUDA_SYMBOL(mgpuTensorMapEncodeTiled),
    FERRIC_CUDA_SYMBOL(mgpuTensorMapEncodeTiledMemref),
    FERRIC_CUDA_SYMBOL(mgpuCublasLtMatmul),
};
#undef FERRIC_CUDA_SYMBOL

const FerricRuntimeV1 kInterface = {
    /*abiVersion=*/FERRIC_RUNTIME_ABI_VERSION,
    /*structSize=*/sizeof(FerricRuntimeV1),
    /*name=*/"cuda",
    /*available=*/ferricCudaAvailable,
    /*lastError=*/ferricCudaLastError,
    /*clearError=*/ferricCudaClearError,
    /*memAlloc=*/mgpuMemAlloc,
    /*memFree=*/mgpuMemFree,
    /*memcpy=*/mgpuMemcpy,
    /*streamCreate=*/mgpuStreamCreate,
    /*streamSynchronize=*/mgpuStreamSynchronize,
    /*eventCreateTimed=*/ferricCudaEventCreateTimed,
    /*eventRecord=*/mgpuEventRecord,
    /*eventSynchronize=*/mgpuEventSynchronize,
    /*eventDestroy=*/mgpuEventDestroy,
    /*eventElapsedMs=*/ferricCudaEventElapsedMs,
    /*lastKernelMs=*/nullptr,
    /*symbols=*/kSymbols,
    /*numSymbols=*/sizeof(kSymbols) / sizeof(kSymbols[0]),
    /*useStream=*/ferricCudaUseStream,
    /*memRecordStream=*/ferricCudaMemRecordStream,
    /*launchCount=*/ferricCudaLaunchCount,
    /*takeLoanEvent=*/ferricCudaTakeLoanEvent,
    /*releaseEvent=*/ferricCudaReleaseEvent,
    /*copyHost=*/ferricCudaCopyHost,
};

} // namespace

extern "C" const FerricRuntimeV1 *
ferricRuntimeGetInterface(uint32_t requestedVersion) {
  return requestedVersion == FERRIC_RUNTIME_ABI_VERSION ? &kInterface : nullptr;
}
