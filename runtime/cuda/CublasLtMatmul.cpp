//===- CublasLtMatmul.cpp - Matmul with fused epilogues through cuBLASLt --===//
//
// Part of the Ferric project, under the Apache License v2.0 with LLVM
// Exceptions.
//
//===----------------------------------------------------------------------===//
//
// mgpuCublasLtMatmul, which the host code that ferric-matmul-to-cublaslt
// emits calls, on the library CublasLtLoad.cpp opens. Descriptors, layouts and
// the algorithm are cached per shape, types, epilogue, pointer alignment,
// device and stream, and the workspace per device and stream, so a repeated
// call costs one cublasLtMatmul.
//
// The algorithm: the heuristic's first is not always the fastest (f32
// 1024^3 ran at 0.89x of torch with it), so a plan's first call asks for
// several and times each on the call's own stream and operands, as cuBLAS'
// own autotuning samples and Inductor's do, writing the call's output,
// which the real call then overwrites (beta is 0: D is never read).
//
// Ferric's buffers are row-major; cuBLASLt's are column-major. A row-major
// X is a column-major X^T, so D = A B is computed as D^T = B^T A^T: the
// library's "A" is our B, its "B" our A, and its bias, one value per row of
// its D, is our bias, one value per column of D. A transposed operand
// (FERRIC_CUBLASLT_TRANSPOSE_A / _B) is the untransposed column-major view
// with CUBLAS_OP_T: our B stored n x k row-major is the library's k x n A,
// taken as its transpose.
//
//===----------------------------------------------------------------------===//

#include "CublasLtApi.h"
#include "CudaOptions.h"
#include "CudaRuntimeInternal.h"
#include "FerricCudaRuntime.h"

#include <algorithm>
#include <limits>
#include <map>
#include <mutex>
#include <tuple>
#include <vector>

using namespace ferric;
using namespace ferric::cuda;
using namespace ferric::cuda::lt;

namespace {

/// Workspace the heuristic may ask for: what NVIDIA recommends for Hopper.
constexpr size_t kMaxWorkspaceBytes = 32u << 20;

/// The largest power of two (up to 256) dividing `ptr`: the heuristic may
/// only pick kernels whose vector loads the actual buffers allow.
uint32_t alignmentOf(const void *ptr) {
  auto value = reinterpret_cast<uintptr_t>(ptr);
  uint32_t align = 256;
  while (align > 1 && value % align)
    align /= 2;
  return align;
}

using PlanKey =
    std::tuple<int, CUstream, int64_t, int64_t, int64_t, int64_t, int32_t,
               int32_t, int32_t, uint32_t, uint32_t, uint32_t, uint32_t>;

/// One algorithm the heuristic offered, and the workspace it needs.
struct Candidate {
  cublasLtMatmulAlgo_t algo{};
  size_t workspaceBytes = 0;
};

/// Everything cublasLtMatmul needs besides pointers, for one key.
struct Plan {
  cublasLtMatmulDesc_t desc = nullptr;
  cublasLtMatrixLayout_t a = nullptr, b = nullptr, d = nullptr;
  /// The heuristic's candidates, best first; after timing, the winner only.
  std::vector<Candidate> candidates;
  bool tuned = false;

  size_t workspaceBytes() const {
    size_t bytes = 0;
    for (const Candidate &c : candidates)
      bytes = std::max(bytes, c.workspaceBytes);
    return bytes;
  }
};

struct Workspace {
  CUdeviceptr ptr = 0;
  size_t bytes = 0;
};

std::mutex cacheMutex;
std::map<PlanKey, Plan> &plans() {
  static auto *p = new std::map<PlanKey, Plan>;
  return *p;
}
std::map<std::pair<int, CUstream>, Workspace> &workspaces() {
  static auto *w = new std::map<std::pair<int, CUstream>, Workspace>;
  return *w;
}

int cudaType(int32_t dtype) {
  switch (dtype) {
  case FERRIC_CUBLASLT_F32:
    return CUDA_R_32F;
  case FERRIC_CUBLASLT_F16:
    return CUDA_R_16F;
  case FERRIC_CUBLASLT_BF16:
    return CUDA_R_16BF;
  }
  return -1;
}

uint32_t ltEpilogue(int32_t epilogue) {
  bool bias = epilogue & FERRIC_CUBLASLT_EPILOGUE_BIAS;
  if (epilogue & FERRIC_CUBLASLT_EPILOGUE_RELU)
    return bias ? CUBLASLT_EPILOGUE_RELU_BIAS : CUBLASLT_EPILOGUE_RELU;
  if (epilogue & FERRIC_CUBLASLT_EPILOGUE_GELU)
    return bias ? CUBLASLT_EPILOGUE_GELU_BIAS : CUBLASLT_EPILOGUE_GELU;
  return bias ? CUBLASLT_EPILOGUE_BIAS : CUBLASLT_EPILOGUE_DEFAULT;
}

/// Builds the descriptors and asks the heuristic for one algorithm.
bool makePlan(const LtApi &api, cublasLtHandle_t handle, const PlanKey &key,
              Plan &plan) {
  auto [device, stream, batch, m, n, k, dtype, epilogue, flags, alignA, alignB,
        alignD, alignBias] = key;
  (void)device, (void)stream, (void)alignBias;
  int type = cudaType(dtype);
  int compute =
      (dtype == FERRIC_CUBLASLT_F32 && (flags & FERRIC_CUBLASLT_ALLOW_TF32))
          ? CUBLAS_COMPUTE_32F_FAST_TF32
          : CUBLAS_COMPUTE_32F;
  if (!checkLt(api, "cublasLtMatmulDescCreate",
               api.cublasLtMatmulDescCreate(&plan.desc, compute, CUDA_R_32F)))
    return false;
  uint32_t ltEpi = ltEpilogue(epilogue);
  if (!checkLt(api, "cublasLtMatmulDescSetAttribute(EPILOGUE)",
               api.cublasLtMatmulDescSetAttribute(plan.desc,
                                                  CUBLASLT_MATMUL_DESC_EPILOGUE,
                                                  &ltEpi, sizeof(ltEpi))))
    return false;
  if (epilogue & FERRIC_CUBLASLT_EPILOGUE_BIAS) {
    // One bias row for every batch.
    int64_t biasStride = 0;
    if (!checkLt(api, "cublasLtMatmulDescSetAttribute(BIAS_DATA_TYPE)",
                 api.cublasLtMatmulDescSetAttribute(
                     plan.desc, CUBLASLT_MATMUL_DESC_BIAS_DATA_TYPE, &type,
                     sizeof(type))) ||
        !checkLt(api, "cublasLtMatmulDescSetAttribute(BIAS_BATCH_STRIDE)",
                 api.cublasLtMatmulDescSetAttribute(
                     plan.desc, CUBLASLT_MATMUL_DESC_BIAS_BATCH_STRIDE,
                     &biasStride, sizeof(biasStride))))
      return false;
  }
  // The library's A is our B, its B our A (see the file comment).
  bool transA = flags & FERRIC_CUBLASLT_TRANSPOSE_B;
  bool transB = flags & FERRIC_CUBLASLT_TRANSPOSE_A;
  int32_t opA = transA ? CUBLAS_OP_T : CUBLAS_OP_N;
  int32_t opB = transB ? CUBLAS_OP_T : CUBLAS_OP_N;
  if (!checkLt(api, "cublasLtMatmulDescSetAttribute(TRANSA)",
               api.cublasLtMatmulDescSetAttribute(plan.desc,
                                                  CUBLASLT_MATMUL_DESC_TRANSA,
                                                  &opA, sizeof(opA))) ||
      !checkLt(api, "cublasLtMatmulDescSetAttribute(TRANSB)",
               api.cublasLtMatmulDescSetAttribute(
                   plan.desc, CUBLASLT_MATMUL_DESC_TRANSB, &opB, sizeof(opB))))
    return false;
  // Column-major views (see the file comment): the stored matrices, before
  // the library's transposes.
  struct {
    cublasLtMatrixLayout_t *layout;
    uint64_t rows, cols;
    int64_t stride;
  } layouts[] = {
      {&plan.a, uint64_t(transA ? k : n), uint64_t(transA ? n : k), n * k},
      {&plan.b, uint64_t(transB ? m : k), uint64_t(transB ? k : m), k * m},
      {&plan.d, uint64_t(n), uint64_t(m), n * m}};
  for (auto &l : layouts) {
    if (!checkLt(api, "cublasLtMatrixLayoutCreate",
                 api.cublasLtMatrixLayoutCreate(l.layout, type, l.rows, l.cols,
                                                int64_t(l.rows))))
      return false;
    if (batch == 1)
      continue;
    int32_t count = static_cast<int32_t>(batch);
    if (!checkLt(api, "cublasLtMatrixLayoutSetAttribute(BATCH_COUNT)",
                 api.cublasLtMatrixLayoutSetAttribute(
                     *l.layout, CUBLASLT_MATRIX_LAYOUT_BATCH_COUNT, &count,
                     sizeof(count))) ||
        !checkLt(api, "cublasLtMatrixLayoutSetAttribute(BATCH_OFFSET)",
                 api.cublasLtMatrixLayoutSetAttribute(
                     *l.layout, CUBLASLT_MATRIX_LAYOUT_STRIDED_BATCH_OFFSET,
                     &l.stride, sizeof(l.stride))))
      return false;
  }

  cublasLtMatmulPreference_t pref = nullptr;
  if (!checkLt(api, "cublasLtMatmulPreferenceCreate",
               api.cublasLtMatmulPreferenceCreate(&pref)))
    return false;
  uint64_t maxWorkspace = kMaxWorkspaceBytes;
  // The library's A is our B (see above).
  struct {
    int attr;
    uint32_t value;
  } aligns[] = {{CUBLASLT_MATMUL_PREF_MIN_ALIGNMENT_A_BYTES, alignB},
                {CUBLASLT_MATMUL_PREF_MIN_ALIGNMENT_B_BYTES, alignA},
                {CUBLASLT_MATMUL_PREF_MIN_ALIGNMENT_C_BYTES, alignD},
                {CUBLASLT_MATMUL_PREF_MIN_ALIGNMENT_D_BYTES, alignD}};
  bool ok = checkLt(api, "cublasLtMatmulPreferenceSetAttribute",
                    api.cublasLtMatmulPreferenceSetAttribute(
                        pref, CUBLASLT_MATMUL_PREF_MAX_WORKSPACE_BYTES,
                        &maxWorkspace, sizeof(maxWorkspace)));
  for (auto &a : aligns)
    ok = ok && checkLt(api, "cublasLtMatmulPreferenceSetAttribute",
                       api.cublasLtMatmulPreferenceSetAttribute(
                           pref, a.attr, &a.value, sizeof(a.value)));
  const RuntimeOptions &o = options();
  int requested = o.cublasLtAutotune ? o.cublasLtCandidates : 1;
  std::vector<cublasLtMatmulHeuristicResult_t> results(requested);
  int returned = 0;
  ok = ok && checkLt(api, "cublasLtMatmulAlgoGetHeuristic",
                     api.cublasLtMatmulAlgoGetHeuristic(
                         handle, plan.desc, plan.a, plan.b, plan.d, plan.d,
                         pref, requested, results.data(), &returned));
  api.cublasLtMatmulPreferenceDestroy(pref);
  if (!ok)
    return false;
  for (int i = 0; i < std::min(returned, requested); ++i)
    if (results[i].state == CUBLAS_STATUS_SUCCESS)
      plan.candidates.push_back({results[i].algo, results[i].workspaceSize});
  // Nothing to choose from: the one there is needs no timing.
  plan.tuned = plan.candidates.size() < 2;
  if (plan.candidates.empty())
    return recordError(
        "cublasLtMatmulAlgoGetHeuristic found no algorithm for " +
        std::to_string(batch) + " x " + std::to_string(m) + " x " +
        std::to_string(n) + " x " + std::to_string(k) + " (dtype " +
        std::to_string(dtype) + ", epilogue " + std::to_string(epilogue) + ")");
  return true;
}

/// The pointers and scalars of one call.
struct Operands {
  const void *a, *b;
  void *d;
  const float *alpha;
};

cublasStatus_t runCandidate(const Library &lib, const Plan &plan,
                            const Candidate &c, const Operands &x,
                            CUdeviceptr workspace, CUstream stream) {
  // The library's A is our B (see the file comment).
  static const float beta = 0.0f;
  return lib.api.cublasLtMatmul(lib.handle, plan.desc, x.alpha, x.b, plan.a,
                                x.a, plan.b, &beta, x.d, plan.d, x.d, plan.d,
                                &c.algo, hostPtr(workspace), c.workspaceBytes,
                                stream);
}

/// GPU milliseconds of `reps` back-to-back runs of `c` on `stream`, or a
/// negative value when a run or the timing fails.
float timeCandidate(const Driver &driver, const Library &lib, const Plan &plan,
                    const Candidate &c, const Operands &x,
                    CUdeviceptr workspace, CUstream stream, CUevent start,
                    CUevent end, int reps) {
  if (driver.api.cuEventRecord(start, stream) != CUDA_SUCCESS)
    return -1;
  for (int i = 0; i < reps; ++i)
    if (runCandidate(lib, plan, c, x, workspace, stream) !=
        CUBLAS_STATUS_SUCCESS)
      return -1;
  float ms = -1;
  if (driver.api.cuEventRecord(end, stream) != CUDA_SUCCESS ||
      driver.api.cuEventSynchronize(end) != CUDA_SUCCESS ||
      driver.api.cuEventElapsedTime(&ms, start, end) != CUDA_SUCCESS)
    return -1;
  return ms;
}

/// Keeps the fastest of the plan's candidates. A candidate that fails to
/// run is skipped, not an error; when timing itself is impossible (no
/// cuEventElapsedTime, no events) the heuristic's first is kept. Either way
/// the real call follows and reports its own failure.
void tune(const Driver &driver, const Library &lib, Plan &plan,
          const Operands &x, CUdeviceptr workspace, CUstream stream) {
  plan.tuned = true;
  CUevent start = nullptr, end = nullptr;
  if (!driver.api.cuEventElapsedTime ||
      driver.api.cuEventCreate(&start, CU_EVENT_DEFAULT) != CUDA_SUCCESS ||
      driver.api.cuEventCreate(&end, CU_EVENT_DEFAULT) != CUDA_SUCCESS) {
    if (start)
      driver.api.cuEventDestroy(start);
    plan.candidates.resize(1);
    return;
  }
  size_t best = 0;
  float bestMs = std::numeric_limits<float>::infinity();
  for (size_t i = 0; i < plan.candidates.size(); ++i) {
    const Candidate &c = plan.candidates[i];
    // One warm-up run that also measures, so that small products get more
    // repetitions (about a millisecond's worth, 2 to 20).
    float once = timeCandidate(driver, lib, plan, c, x, workspace, stream,
                               start, end, 1);
    if (once < 0)
      continue;
    int reps = once > 0 ? std::clamp(int(1.0f / once), 2, 20) : 20;
    float ms = timeCandidate(driver, lib, plan, c, x, workspace, stream, start,
                             end, reps);
    if (ms >= 0 && ms / reps < bestMs) {
      bestMs = ms / reps;
      best = i;
    }
  }
  driver.api.cuEventDestroy(start);
  driver.api.cuEventDestroy(end);
  plan.candidates = {plan.candidates[best]};
}

void destroyPlan(const LtApi &api, Plan &plan) {
  if (plan.desc)
    api.cublasLtMatmulDescDestroy(plan.desc);
  for (cublasLtMatrixLayout_t l : {plan.a, plan.b, plan.d})
    if (l)
      api.cublasLtMatrixLayoutDestroy(l);
}

/// The workspace of (device, stream), grown to `bytes`; false on failure.
bool workspaceFor(const Driver &driver, int device, CUstream stream,
                  size_t bytes, CUdeviceptr &ptr) {
  Workspace &w = workspaces()[{device, stream}];
  if (w.bytes < bytes) {
    if (w.ptr) {
      // The old one may still be in use by work queued on this stream.
      if (!check(driver, "cuStreamSynchronize",
                 driver.api.cuStreamSynchronize(stream)))
        return false;
      driver.api.cuMemFree(w.ptr);
      w = Workspace{};
    }
    CUresult result = driver.api.cuMemAlloc(&w.ptr, bytes);
    if (result != CUDA_SUCCESS)
      return recordError(
          "cuBLASLt workspace of " + std::to_string(bytes) +
          " bytes: " + errorText(driver.api, "cuMemAlloc", result));
    w.bytes = bytes;
  }
  ptr = w.ptr;
  return true;
}

} // namespace

extern "C" int ferricCudaCublasLtAvailable(char *msg, size_t len) {
  runtime::QuietScope quiet;
  runtime::copyOut("", msg, len);
  if (enter() && library())
    return 1;
  // The answer is the message, not a pending error: the runner compiles
  // without cuBLASLt then, and the next call's error check must not see it.
  runtime::copyOut(errorLog().last(), msg, len);
  errorLog().clear();
  return 0;
}

extern "C" void mgpuCublasLtMatmul(void *d, const void *a, const void *b,
                                   const void *bias, int64_t batch, int64_t m,
                                   int64_t n, int64_t k, int32_t dtype,
                                   int32_t epilogue, float alpha,
                                   int32_t flags) {
  std::string shape = std::to_string(batch) + " x " + std::to_string(m) +
                      " x " + std::to_string(n) + " x " + std::to_string(k);
  if (batch < 0 || m < 0 || n < 0 || k < 0 || batch > INT32_MAX) {
    recordError("mgpuCublasLtMatmul: invalid shape " + shape);
    return;
  }
  if (cudaType(dtype) < 0 ||
      (epilogue &
       ~(FERRIC_CUBLASLT_EPILOGUE_BIAS | FERRIC_CUBLASLT_EPILOGUE_RELU |
         FERRIC_CUBLASLT_EPILOGUE_GELU)) ||
      ((epilogue & FERRIC_CUBLASLT_EPILOGUE_RELU) &&
       (epilogue & FERRIC_CUBLASLT_EPILOGUE_GELU))) {
    recordError("mgpuCublasLtMatmul: unsupported dtype " +
                std::to_string(dtype) + " with epilogue " +
                std::to_string(epilogue));
    return;
  }
  if (flags & ~(FERRIC_CUBLASLT_ALLOW_TF32 | FERRIC_CUBLASLT_TRANSPOSE_A |
                FERRIC_CUBLASLT_TRANSPOSE_B)) {
    recordError("mgpuCublasLtMatmul: unknown flags " + std::to_string(flags));
    return;
  }
  if (batch == 0 || m == 0 || n == 0)
    return;
  const Driver *driver = enter();
  if (!driver)
    return;
  const Library *lib = library();
  if (!lib)
    return;
  const LtApi &api = lib->api;
  CUstream stream = cachedStream(*driver);
  if (!stream)
    return;
  int device = defaultDevice();

  // K = 0: D = act(bias), or zeros. cuBLASLt wants K >= 1, so multiply
  // zeros with K = 1 instead (this is rare; it is not fast).
  CUdeviceptr zeros = 0;
  if (k == 0) {
    size_t elem = dtype == FERRIC_CUBLASLT_F32 ? 4 : 2;
    size_t bytes = size_t(batch) * size_t(m + n) * elem;
    if (!check(*driver, "cuMemAlloc", driver->api.cuMemAlloc(&zeros, bytes)) ||
        !check(
            *driver, "cuMemsetD32Async",
            driver->api.cuMemsetD32Async(zeros, 0, (bytes + 3) / 4, stream))) {
      if (zeros)
        driver->api.cuMemFree(zeros);
      return;
    }
    k = 1;
    a = hostPtr(zeros);
    b = hostPtr(zeros + size_t(batch) * size_t(m) * elem);
  }

  {
    std::lock_guard<std::mutex> lock(cacheMutex);
    PlanKey key{device,
                stream,
                batch,
                m,
                n,
                k,
                dtype,
                epilogue,
                flags,
                alignmentOf(a),
                alignmentOf(b),
                alignmentOf(d),
                alignmentOf(bias)};
    auto it = plans().find(key);
    if (it == plans().end()) {
      Plan plan;
      if (!makePlan(api, lib->handle, key, plan)) {
        destroyPlan(api, plan);
        if (zeros)
          driver->api.cuMemFree(zeros);
        return;
      }
      it = plans().emplace(key, plan).first;
    }
    Plan &plan = it->second;
    CUdeviceptr workspace = 0;
    size_t workspaceBytes = plan.workspaceBytes();
    bool ok = !workspaceBytes ||
              workspaceFor(*driver, device, stream, workspaceBytes, workspace);
    if (ok && (epilogue & FERRIC_CUBLASLT_EPILOGUE_BIAS))
      ok = checkLt(api, "cublasLtMatmulDescSetAttribute(BIAS_POINTER)",
                   api.cublasLtMatmulDescSetAttribute(
                       plan.desc, CUBLASLT_MATMUL_DESC_BIAS_POINTER, &bias,
                       sizeof(bias)));
    Operands operands{a, b, d, &alpha};
    if (ok && !plan.tuned)
      tune(*driver, *lib, plan, operands, workspace, stream);
    ok = ok && checkLt(api, "cublasLtMatmul",
                       runCandidate(*lib, plan, plan.candidates.front(),
                                    operands, workspace, stream));
    if (ok)
      countLaunch();
  }
  // Fresh streams do not order later work after this call; nor does the
  // scratch buffer outlive it.
  if (zeros || options().freshStreams)
    check(*driver, "cuStreamSynchronize",
          driver->api.cuStreamSynchronize(stream));
  if (zeros)
    driver->api.cuMemFree(zeros);
}
