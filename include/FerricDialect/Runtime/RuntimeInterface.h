/*===- RuntimeInterface.h - The contract of Ferric's GPU runtimes -*- C -*-===*\
|*                                                                            *|
|* Part of the Ferric project, under the Apache License v2.0 with LLVM        *|
|* Exceptions.                                                                *|
|*                                                                            *|
|*===----------------------------------------------------------------------===*|
|*                                                                            *|
|* One versioned table of function pointers that every Ferric GPU runtime     *|
|* (libferric_cuda_runtime, libferric_vulkan_runtime) hands out through a     *|
|* single extern "C" entry point, in the manner of IREE's HAL driver tables.  *|
|* The runner dlopens a runtime, looks up FERRIC_RUNTIME_ENTRY_POINT and      *|
|* nothing else, checks abiVersion and structSize, and then reaches the       *|
|* runtime only through the table:                                            *|
|*                                                                            *|
|*  - the host-side calls it makes itself (memory, streams, timing, errors);  *|
|*  - `symbols`, the name and address of every `mgpu*` function the JIT'd     *|
|*    host code calls, which the runner binds into the JIT explicitly (the    *|
|*    two runtimes define the same `mgpu*` names, so a process-wide lookup    *|
|*    would find whichever library was loaded first).                         *|
|*                                                                            *|
|* Errors. The `mgpu*` functions cannot return errors; every runtime records  *|
|* the last one as a single line "ferric <cuda|vulkan> runtime: <what>:       *|
|* <detail>", prints each distinct line once to stderr (at most 32, then one  *|
|* notice; none with FERRIC_<CUDA|VULKAN>_QUIET=1), and lastError returns it. *|
|* The functions of this table other than the `mgpu*` ones never print.       *|
|*                                                                            *|
|* Compatibility. A field is only ever appended; abiVersion changes when a    *|
|* field changes meaning. A caller that wants version N accepts a table with  *|
|* abiVersion == N and structSize >= sizeof(its FerricRuntimeV<N>).           *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#ifndef FERRICDIALECT_RUNTIME_RUNTIMEINTERFACE_H
#define FERRICDIALECT_RUNTIME_RUNTIMEINTERFACE_H

#ifndef __cplusplus
#include <stdbool.h>
#endif
#include <stddef.h>
#include <stdint.h>

#if defined(_WIN32)
#define FERRIC_RUNTIME_EXPORT __declspec(dllexport)
#else
#define FERRIC_RUNTIME_EXPORT __attribute__((visibility("default")))
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* The version of FerricRuntimeV1 this header describes. */
#define FERRIC_RUNTIME_ABI_VERSION 1u

/* The one symbol the runner looks up in a runtime library. */
#define FERRIC_RUNTIME_ENTRY_POINT "ferricRuntimeGetInterface"

/* A function the JIT'd host code may call, by the name it calls it. */
typedef struct FerricRuntimeSymbol {
  const char *name;
  void *address;
} FerricRuntimeSymbol;

typedef struct FerricRuntimeV1 {
  /* FERRIC_RUNTIME_ABI_VERSION the runtime was built with. */
  uint32_t abiVersion;
  /* sizeof(FerricRuntimeV1) as the runtime was built. */
  uint32_t structSize;
  /* "cuda" or "vulkan": the word in the runtime's error prefix. */
  const char *name;

  /* Never null. Returns 1 when a device is usable; otherwise 0, and `msg`
   * (may be null) receives the recorded error line, truncated to `len`. */
  int (*available)(char *msg, size_t len);
  /* Never null. The last error recorded by any thread ("" if none); the
   * pointer stays valid until this thread calls lastError again. */
  const char *(*lastError)(void);
  /* Never null. Forgets the recorded error. */
  void (*clearError)(void);

  /* Never null: the runtime's mgpuMemAlloc, mgpuMemFree, mgpuMemcpy,
   * mgpuStreamCreate and mgpuStreamSynchronize (memory is device memory for
   * CUDA, host memory for Vulkan). */
  void *(*memAlloc)(uint64_t sizeBytes, void *stream, bool isHostShared);
  void (*memFree)(void *ptr, void *stream);
  void (*memcpy)(void *dst, void *src, size_t sizeBytes, void *stream);
  void *(*streamCreate)(void);
  void (*streamSynchronize)(void *stream);

  /* Device timing with events; all five null where the target has no timed
   * events (Vulkan, whose launches are synchronous: see lastKernelMs).
   * eventElapsedMs waits for `end` and is negative on failure. */
  void *(*eventCreateTimed)(void);
  void (*eventRecord)(void *event, void *stream);
  void (*eventSynchronize)(void *event);
  void (*eventDestroy)(void *event);
  float (*eventElapsedMs)(void *start, void *end);
  /* Device milliseconds of the last kernel, or negative when unknown; null
   * where the target times with events instead (CUDA). */
  double (*lastKernelMs)(void);

  /* Every `mgpu*` function the runtime implements. */
  const FerricRuntimeSymbol *symbols;
  size_t numSymbols;

  /* Running on a caller's stream; both null where the target has no
   * streams (Vulkan). useStream(1, stream) lends the calling thread
   * `stream` until useStream(0, NULL): streamCreate (and the JIT'd code's
   * mgpuStreamCreate) return it and synchronizing or destroying it does
   * nothing, so a call runs asynchronously on it. memRecordStream(ptr,
   * stream) says that `stream` uses the buffer `ptr` from memAlloc, so
   * that memory freed and reused elsewhere waits for that stream's work. */
  void (*useStream)(int active, void *stream);
  void (*memRecordStream)(void *ptr, void *stream);

  /* The kernels the calling thread has launched through this runtime so
   * far (a library call such as cuBLASLt's matmul counts as one); null
   * where the runtime does not count. ferric-run --bench reports the
   * difference across a call as its launches per call. */
  uint64_t (*launchCount)(void);

  /* The event the calling thread's last stream loan recorded on its stream
   * when it ended (after all the work the loan queued; the caching
   * allocator's event for the blocks the loan used), with a hold that the
   * caller gives back with releaseEvent; null if that loan recorded none.
   * A caller that needs an event right after a call on its stream (the C
   * API's ferric_run_device_on_stream_event) takes this one instead of
   * recording another. Both null where not implemented. */
  void *(*takeLoanEvent)(void);
  void (*releaseEvent)(void *event);

  /* Copies `bytes` from host `src` to target memory `dst` (toDevice != 0)
   * or from target `src` to host `dst`, complete on return; 1 on success,
   * 0 after recording the error. The host side may be any (pageable)
   * memory: CUDA stages it through pinned buffers, chunk by chunk with
   * overlapped copies (ferricCudaCopyHost). Null where memcpy serves as
   * well (Vulkan's memory is host memory). */
  int (*copyHost)(void *dst, const void *src, size_t bytes, int toDevice);
} FerricRuntimeV1;

/* The entry point's type. Returns the runtime's table when it implements
 * `requestedVersion`, null otherwise. The table lives as long as the
 * library stays loaded. */
typedef const FerricRuntimeV1 *(*FerricRuntimeGetInterfaceFn)(
    uint32_t requestedVersion);

/* What each runtime library defines under FERRIC_RUNTIME_ENTRY_POINT; a
 * program linked against one runtime may call it directly. */
FERRIC_RUNTIME_EXPORT const FerricRuntimeV1 *
ferricRuntimeGetInterface(uint32_t requestedVersion);

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* FERRICDIALECT_RUNTIME_RUNTIMEINTERFACE_H */
