/*===- Ferric.h - C API of the Ferric compiler --------------------*- C -*-===*\
|*                                                                            *|
|* Part of the Ferric project, under the Apache License v2.0 with LLVM        *|
|* Exceptions.                                                                *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/
/*
 * A small, stable C interface to Ferric's compile-and-run engine (the one
 * behind ferric-run), for bindings such as the `ferric` Python package. It
 * lives in one shared library, libFerricCAPI.so, which exports only the
 * `ferric_*` functions below; no MLIR or LLVM type appears here.
 *
 * Conventions
 * -----------
 *  - Functions that can fail return a ferric_status; FERRIC_OK is 0. On
 *    failure, ferric_last_error() returns the message (the same text
 *    ferric-run prints after its "ferric-run: " prefix). Every call that
 *    returns a status clears the message first.
 *  - Strings handed to the caller (`char **out`) are allocated by the library
 *    and released with ferric_string_free().
 *  - Handles (ferric_executable) are opaque; release them with their _free
 *    function. Freeing NULL is a no-op everywhere.
 *  - An executable may be run many times, from any thread. The process-wide
 *    state (kernel cache, GPU runtimes, the result registries) is guarded by
 *    locks, but running one executable from two threads at once is not
 *    tested.
 *
 * Tensors
 * -------
 * A ferric_tensor describes a dense, row-major (C order), contiguous buffer:
 * `shape` has `rank` entries and `data` holds product(shape) elements of
 * `dtype` (element layouts as in docs/HostABI.md: f16 and bf16 as their
 * 16-bit patterns, i1 as one byte 0 or 1). A scalar argument of the entry
 * (an `f32` rather than a `tensor<f32>`) is passed as a rank-0 ferric_tensor
 * whose `data` points at the value.
 */

#ifndef FERRIC_CAPI_FERRIC_H
#define FERRIC_CAPI_FERRIC_H

#include <stddef.h>
#include <stdint.h>

#if defined(__GNUC__) || defined(__clang__)
#define FERRIC_CAPI_EXPORT __attribute__((visibility("default")))
#else
#define FERRIC_CAPI_EXPORT
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* Bumped when a signature or struct in this header changes. */
#define FERRIC_CAPI_VERSION 1

/* Status codes. */
typedef enum ferric_status {
  FERRIC_OK = 0,
  /* A NULL pointer, an unknown dtype code, a bad option string, ... */
  FERRIC_ERROR_INVALID_ARGUMENT = 1,
  /* The module does not parse, verify or lower, or cannot be JIT-compiled. */
  FERRIC_ERROR_COMPILE = 2,
  /* The inputs do not fit the entry, or the call failed on the target. */
  FERRIC_ERROR_RUN = 3,
  /* The target cannot run here (no driver, no device, no runtime library). */
  FERRIC_ERROR_UNAVAILABLE = 4,
  /* Something this API does not support (see ferric_last_error()). */
  FERRIC_ERROR_UNSUPPORTED = 5
} ferric_status;

/* Element types; the values are part of the ABI. */
typedef enum ferric_dtype {
  FERRIC_DTYPE_F16 = 0,
  FERRIC_DTYPE_BF16 = 1,
  FERRIC_DTYPE_F32 = 2,
  FERRIC_DTYPE_F64 = 3,
  FERRIC_DTYPE_I1 = 4
} ferric_dtype;

/* The most dims a ferric_tensor given to the C API may have (numpy's limit);
 * a larger rank, a negative dim or a shape whose element count or byte size
 * overflows 64 bits is FERRIC_ERROR_INVALID_ARGUMENT. */
#define FERRIC_MAX_RANK 64

/* A dense row-major tensor (see the file comment). `dtype` is a ferric_dtype.
 * The memory behind `shape` and `data` belongs to whoever filled the struct. */
typedef struct ferric_tensor {
  int dtype;
  int64_t rank;
  const int64_t *shape;
  void *data;
} ferric_tensor;

/* An entry argument or result as the module declares it. */
typedef struct ferric_value_info {
  int dtype;     /* a ferric_dtype */
  int is_tensor; /* 0 for a scalar passed by value (rank 0) */
  int64_t rank;
  const int64_t *shape; /* `rank` dims, -1 for a dynamic one; owned by the
                           executable */
} ferric_value_info;

/* A compiled module with one entry function, ready to run. */
typedef struct ferric_executable ferric_executable;

/* FERRIC_CAPI_VERSION of the library (to check against the header). */
FERRIC_CAPI_EXPORT int ferric_capi_version(void);

/* The message of the last failed call on this thread ("" if none). Valid
 * until the next ferric_* call on this thread. */
FERRIC_CAPI_EXPORT const char *ferric_last_error(void);

/* Releases a string the library returned. */
FERRIC_CAPI_EXPORT void ferric_string_free(char *s);

/*===----------------------------------------------------------------------===*
 * Compiling
 *===----------------------------------------------------------------------===*/

/* Parses `ir` (a module in ferric IR text, or in TOSA or linalg-on-tensors,
 * which it imports first: see `import`), lowers it with the pipeline of
 * `target` ("cpu", "cuda" or "vulkan"; NULL means "cpu") and JIT-compiles it.
 * `entry` names the function to call; NULL or "" picks the only public
 * function with a body. Compiled modules are cached in memory and in
 * $XDG_CACHE_HOME/ferric like ferric-run does (see ferric_cache_stats()).
 *
 * `options` (NULL for the defaults) is a space-separated list of KEY=VALUE:
 *   fuse=0|1              run ferric-fuse (default 1), like --no-fuse
 *   cache=0|1             use the kernel cache (default 1), like --no-cache
 *   pipeline=OPTS         extra options of the target's pipeline, like
 *                         --pipeline-options; repeat the key or quote the
 *                         value for several: pipeline='block-size=128
 *                         elements-per-thread=8'
 *   fuse-report=PATH      append ferric-fuse's report to PATH ('-': stdout)
 *   promote-f64=0|1       compute every float in f64 (the reference that
 *                         ferric-run --check compares against)
 *   import=auto|tosa|linalg|none
 *                         the front door, like ferric-run --import: auto
 *                         (default) imports a module with TOSA ops through
 *                         ferric-import-tosa and one with linalg and no
 *                         ferric ops through ferric-import-linalg
 *   name=NAME             the buffer name in error locations (default
 *                         "input"; ferric-run uses the file name)
 * Values may be quoted with ' or ". On success `*out` receives a handle to
 * free with ferric_executable_free(). */
FERRIC_CAPI_EXPORT ferric_status ferric_compile(const char *ir,
                                                const char *entry,
                                                const char *target,
                                                const char *options,
                                                ferric_executable **out);

FERRIC_CAPI_EXPORT void ferric_executable_free(ferric_executable *exe);

/* The entry's name, target ("cpu", ...) and signature. */
FERRIC_CAPI_EXPORT const char *
ferric_executable_entry(const ferric_executable *exe);
FERRIC_CAPI_EXPORT const char *
ferric_executable_target(const ferric_executable *exe);
FERRIC_CAPI_EXPORT size_t
ferric_executable_num_args(const ferric_executable *exe);
FERRIC_CAPI_EXPORT size_t
ferric_executable_num_results(const ferric_executable *exe);
FERRIC_CAPI_EXPORT ferric_status ferric_executable_arg_info(
    const ferric_executable *exe, size_t index, ferric_value_info *out);
FERRIC_CAPI_EXPORT ferric_status ferric_executable_result_info(
    const ferric_executable *exe, size_t index, ferric_value_info *out);

/* How the executable was made: pipeline + JIT seconds, whether the lowered
 * module came from the kernel cache, kernels in the module and kernel
 * launches per call. Any pointer may be NULL. */
FERRIC_CAPI_EXPORT void ferric_executable_stats(const ferric_executable *exe,
                                                double *compile_seconds,
                                                int *cache_hit,
                                                unsigned *kernels,
                                                unsigned *launches_per_call);

/* The lowered module (LLVM dialect with the embedded kernels) as text, like
 * ferric-run --emit-lowered. */
FERRIC_CAPI_EXPORT ferric_status
ferric_executable_lowered_ir(const ferric_executable *exe, char **out);

/* The remarks compiling it produced, one per line ("" when none), e.g. on
 * a machine whose CUDA runtime cannot open cuBLASLt, one per ferric.matmul
 * saying that it runs on the tiled kernel and why (what ferric-run prints
 * to stderr). Free with ferric_string_free. */
FERRIC_CAPI_EXPORT ferric_status
ferric_executable_remarks(const ferric_executable *exe, char **out);

/*===----------------------------------------------------------------------===*
 * Running on host buffers
 *===----------------------------------------------------------------------===*/

/* Runs the entry once on `n` host tensors, one per argument in order. The
 * inputs are checked against the signature and the shapes the ops imply
 * before the call (as ferric-run does). On success `*outputs` receives an
 * array of `*nout` tensors in host memory whose shape and data the library
 * owns; release them with ferric_tensors_free(*outputs, *nout). A result
 * with no elements may have data == NULL.
 *
 * The compiled code only reads its inputs. On the CPU target, inputs whose
 * data are 16-byte aligned are read in place and the results are handed
 * out in the buffers the code wrote (no copies); otherwise, and on GPU
 * targets, inputs are copied to the target and results back. i1 inputs
 * must hold 0 or 1. */
FERRIC_CAPI_EXPORT ferric_status ferric_run(ferric_executable *exe,
                                            const ferric_tensor *inputs,
                                            size_t n, ferric_tensor **outputs,
                                            size_t *nout);

/* Releases what ferric_run returned. */
FERRIC_CAPI_EXPORT void ferric_tensors_free(ferric_tensor *tensors, size_t n);

/* Times `iterations` calls after `warmup` untimed ones, like ferric-run
 * --bench: median and minimum wall time per call (host call + sync) and the
 * median device time per call (CUDA: events from the call's start to the
 * end of the work it queued, the call running on a lent stream; the Vulkan
 * runtime's timer; 0 on the CPU), in microseconds. Any output pointer may
 * be NULL. */
FERRIC_CAPI_EXPORT ferric_status
ferric_bench(ferric_executable *exe, const ferric_tensor *inputs, size_t n,
             unsigned iterations, unsigned warmup, double *median_wall_us,
             double *min_wall_us, double *median_device_us);

/*===----------------------------------------------------------------------===*
 * Running on target buffers
 *===----------------------------------------------------------------------===*/

/* Runs the entry on buffers that already live where the target's code reads
 * them (the code only reads them), without copies: device pointers (CUdeviceptr
 * values, in the primary context of the current device) for "cuda", host
 * pointers for "cpu" and "vulkan" (Vulkan's runtime copies host buffers to the
 * device around each launch). Tensor data must be contiguous, row-major and
 * 16-byte aligned; a scalar argument's `data` is a host pointer to the value.
 * The call is complete (the target synchronized) when this returns: it runs
 * on the runtime's own stream, which is not ordered with the caller's
 * streams, so work queued there on the inputs must be finished first (see
 * ferric_target_synchronize), or use ferric_run_device_on_stream.
 *
 * The results stay on the target, allocated by the compiled code; release
 * them with ferric_device_tensors_free(*outputs, *nout). A result that
 * is one of the inputs (an entry may return an argument), or the same buffer
 * as an earlier result, is not freed twice: the library tracks that. */
FERRIC_CAPI_EXPORT ferric_status ferric_run_device(ferric_executable *exe,
                                                   const ferric_tensor *inputs,
                                                   size_t n,
                                                   ferric_tensor **outputs,
                                                   size_t *nout);

/* Like ferric_run_device, but for "cuda" only and asynchronous: the call
 * is queued on the caller's `stream` (a CUstream of the current context;
 * NULL is the legacy default stream) behind the work already there, and
 * this returns without waiting for it, so no host synchronization happens.
 * The results are ready when `stream` reaches them: work queued on `stream`
 * afterwards sees them; another stream or the host must wait for `stream`
 * first (an event, or ferric_target_synchronize). Inputs from elsewhere
 * (torch's or CuPy's memory) must stay allocated until the stream has run
 * the call; buffers from ferric_target_alloc and ferric results may be
 * freed at once: the caching allocator hands such memory to other work
 * only after `stream` got past its uses (it records events, like torch's
 * record_stream).
 * Errors found when launching are returned; a fault inside a kernel shows
 * at the next synchronization. Other targets return
 * FERRIC_ERROR_UNSUPPORTED. Results are freed with
 * ferric_device_tensors_free. */
FERRIC_CAPI_EXPORT ferric_status ferric_run_device_on_stream(
    ferric_executable *exe, const ferric_tensor *inputs, size_t n, void *stream,
    ferric_tensor **outputs, size_t *nout);

/* ferric_run_device_on_stream that also gives an event recorded on `stream`
 * right after the call, as ferric_target_event_record would, in `*ready`
 * (never NULL on success): the results are ready when it is, also after
 * `stream` is destroyed. It is the caching allocator's event for the
 * buffers the call used when the runtime recorded one, so the call costs
 * one event record, not two. The event belongs to the results:
 * ferric_device_tensors_free destroys it (do not pass it to
 * ferric_target_event_destroy). One call instead of three for callers that
 * track readiness per result (the Python package). `ready` must not be NULL. If
 * the event cannot be recorded the call fails and its results are freed. */
FERRIC_CAPI_EXPORT ferric_status ferric_run_device_on_stream_event(
    ferric_executable *exe, const ferric_tensor *inputs, size_t n, void *stream,
    ferric_tensor **outputs, size_t *nout, void **ready);

/* Frees the target buffers of results from ferric_run_device (with
 * cuMemFree on CUDA, free() elsewhere) and the array itself; the executable
 * may be freed already. */
FERRIC_CAPI_EXPORT void ferric_device_tensors_free(ferric_tensor *tensors,
                                                   size_t n);

/* Memory on a target, for inputs of ferric_run_device: device memory for
 * "cuda" (a CUdeviceptr value from the runtime's caching allocator, in the
 * primary context), 64-byte aligned host memory for "cpu" and "vulkan". The
 * buffer is never NULL on success, even for 0 bytes. Free it with
 * ferric_target_free(target, data) (NULL is a no-op); results of
 * ferric_run_device are freed with ferric_device_tensors_free instead. */
FERRIC_CAPI_EXPORT ferric_status ferric_target_alloc(const char *target,
                                                     size_t bytes, void **out);
FERRIC_CAPI_EXPORT void ferric_target_free(const char *target, void *data);

/* Copies `bytes` from `src` to `dst` and waits for the copy. On "cuda"
 * either side may be device or host memory (unified addressing); elsewhere
 * both are host memory. */
FERRIC_CAPI_EXPORT ferric_status ferric_target_copy(const char *target,
                                                    void *dst, const void *src,
                                                    size_t bytes);

/* Copies `bytes` between host memory and memory of `target` and waits for
 * the copy: from host `src` to target `dst` when `to_target` is nonzero,
 * else from target `src` to host `dst`. On "cuda" the host side may be
 * pageable (a numpy array): large copies go through pinned staging buffers
 * in overlapped chunks, at pinned-memory speed; elsewhere it is
 * ferric_target_copy. */
FERRIC_CAPI_EXPORT ferric_status ferric_target_copy_host(const char *target,
                                                         void *dst,
                                                         const void *src,
                                                         size_t bytes,
                                                         int to_target);

/* Waits until the work queued on `stream` is done: a CUstream of the
 * current context on "cuda" (NULL: the legacy default stream), nothing on
 * the other targets. ferric_run_device runs on the runtime's own stream and
 * returns when its work is done, so a caller that queued the inputs on its
 * stream calls this first to order the two (this is what the Python
 * package's default path, stream=None, does with the legacy default
 * stream). */
FERRIC_CAPI_EXPORT ferric_status ferric_target_synchronize(const char *target,
                                                           void *stream);

/* Events ("cuda" only): ferric_target_event_record creates an event and
 * records it on `stream` (NULL: the legacy default stream), marking the work
 * queued there so far; it stays valid after the stream is destroyed, so that
 * results of ferric_run_device_on_stream can be waited for after their
 * stream is gone. ferric_target_event_synchronize waits on the host for that
 * work; ferric_target_event_destroy frees the event (NULL: nothing). */
FERRIC_CAPI_EXPORT ferric_status ferric_target_event_record(const char *target,
                                                            void *stream,
                                                            void **event);
FERRIC_CAPI_EXPORT ferric_status
ferric_target_event_synchronize(const char *target, void *event);
FERRIC_CAPI_EXPORT void ferric_target_event_destroy(const char *target,
                                                    void *event);

/*===----------------------------------------------------------------------===*
 * Tools
 *===----------------------------------------------------------------------===*/

/* Runs ferric-fuse on `ir` and returns its report (what
 * `ferric-opt --ferric-fuse=report=-` prints before the module): per
 * function, the groups formed, ops fused, kernel launches before and after,
 * intermediate bytes saved and why each unfused edge stayed unfused. A TOSA
 * or linalg module is imported first, as the runner imports it
 * (ferric-import-tosa / ferric-import-linalg), and the report begins with
 * the raise's section, as `ferric-run --fuse-report` prints it: per
 * function, the linalg ops raised and left, each left one with its line and
 * why. A program with matmuls also gets the "ferric-matmul-to-cublaslt report"
 * section of the CUDA pipeline: per matmul, what went into its cuBLASLt
 * epilogue and what stays in a Ferric kernel, and why (no GPU needed). */
FERRIC_CAPI_EXPORT ferric_status ferric_fusion_report(const char *ir,
                                                      char **out);

/* The WGSL of the kernels of `entry` (NULL or "": the only public function)
 * in `ir`, whose arguments must have static shapes, and their JSON launch
 * manifest: each kernel after a "// ----- <name>.wgsl" line, the manifest
 * after "// ----- manifest.json" (docs/WGSL.md). `pipeline` (may be NULL)
 * holds ferric-lower-to-wgsl options; the storage-buffer limit is 8, what
 * every WebGPU adapter has, unless it says otherwise. Needs no GPU. Free
 * with ferric_string_free. */
FERRIC_CAPI_EXPORT ferric_status ferric_emit_wgsl(const char *ir,
                                                  const char *entry,
                                                  const char *pipeline,
                                                  char **out);

/* Process-wide kernel cache statistics: compiles served from the cache
 * (memory or disk) and compiles that had to lower the module. Either pointer
 * may be NULL. */
FERRIC_CAPI_EXPORT void ferric_cache_stats(unsigned *hits, unsigned *misses);

/* 1 if `target` can run here, else 0 and, when `why` is not NULL, a message
 * in `*why` (free with ferric_string_free) saying why: an unknown target
 * name, a missing runtime library or driver, no device. */
FERRIC_CAPI_EXPORT int ferric_target_available(const char *target, char **why);

#ifdef __cplusplus
}
#endif

#endif /* FERRIC_CAPI_FERRIC_H */
