//===- CublasLtApi.h - Hand-written cuBLASLt declarations -------*- C++ -*-===//
//
// Part of the Ferric project, under the Apache License v2.0 with LLVM
// Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The cuBLASLt types, constants and entry points the runtime's matmul uses,
// declared by hand for the reason CudaDriver.h gives: the runtime builds
// without the CUDA toolkit and opens libcublasLt.so.13 with dlopen on first
// use. Values were taken from cublasLt.h, cublas_api.h and library_types.h
// of CUDA 13.0; test/cublaslt_decls_check.cpp checks every one against the
// headers when built with -DFERRIC_CUDA_CHECK_DECLS_AGAINST=<include dir>.
//
//===----------------------------------------------------------------------===//

#ifndef FERRIC_RUNTIME_CUDA_CUBLASLTAPI_H
#define FERRIC_RUNTIME_CUDA_CUBLASLTAPI_H

#include "CudaDriver.h"

#include <cstddef>
#include <cstdint>

namespace ferric {
namespace cuda {
namespace lt {

// Enumerations are C enums (int); attributes are passed as such.
using cublasStatus_t = int;
struct cublasLtContext;
struct cublasLtMatmulDescOpaque_t;
struct cublasLtMatrixLayoutOpaque_t;
struct cublasLtMatmulPreferenceOpaque_t;
using cublasLtHandle_t = cublasLtContext *;
using cublasLtMatmulDesc_t = cublasLtMatmulDescOpaque_t *;
using cublasLtMatrixLayout_t = cublasLtMatrixLayoutOpaque_t *;
using cublasLtMatmulPreference_t = cublasLtMatmulPreferenceOpaque_t *;

/// Semi-opaque: the heuristic fills it, cublasLtMatmul reads it.
struct cublasLtMatmulAlgo_t {
  uint64_t data[8];
};

struct cublasLtMatmulHeuristicResult_t {
  cublasLtMatmulAlgo_t algo;
  size_t workspaceSize;
  cublasStatus_t state;
  float wavesCount;
  int reserved[4];
};

// cublasStatus_t.
constexpr cublasStatus_t CUBLAS_STATUS_SUCCESS = 0;
constexpr cublasStatus_t CUBLAS_STATUS_NOT_SUPPORTED = 15;

// cublasOperation_t.
constexpr int32_t CUBLAS_OP_N = 0;
constexpr int32_t CUBLAS_OP_T = 1;

// cudaDataType_t.
constexpr int CUDA_R_32F = 0;
constexpr int CUDA_R_16F = 2;
constexpr int CUDA_R_16BF = 14;

// cublasComputeType_t.
constexpr int CUBLAS_COMPUTE_32F = 68;
constexpr int CUBLAS_COMPUTE_32F_FAST_TF32 = 77;

// cublasLtMatmulDescAttributes_t.
constexpr int CUBLASLT_MATMUL_DESC_TRANSA = 3;
constexpr int CUBLASLT_MATMUL_DESC_TRANSB = 4;
constexpr int CUBLASLT_MATMUL_DESC_EPILOGUE = 7;
constexpr int CUBLASLT_MATMUL_DESC_BIAS_POINTER = 8;
constexpr int CUBLASLT_MATMUL_DESC_BIAS_BATCH_STRIDE = 10;
constexpr int CUBLASLT_MATMUL_DESC_BIAS_DATA_TYPE = 26;

// cublasLtMatrixLayoutAttribute_t.
constexpr int CUBLASLT_MATRIX_LAYOUT_BATCH_COUNT = 5;
constexpr int CUBLASLT_MATRIX_LAYOUT_STRIDED_BATCH_OFFSET = 6;

// cublasLtMatmulPreferenceAttributes_t.
constexpr int CUBLASLT_MATMUL_PREF_MAX_WORKSPACE_BYTES = 1;
constexpr int CUBLASLT_MATMUL_PREF_MIN_ALIGNMENT_A_BYTES = 5;
constexpr int CUBLASLT_MATMUL_PREF_MIN_ALIGNMENT_B_BYTES = 6;
constexpr int CUBLASLT_MATMUL_PREF_MIN_ALIGNMENT_C_BYTES = 7;
constexpr int CUBLASLT_MATMUL_PREF_MIN_ALIGNMENT_D_BYTES = 8;

// cublasLtEpilogue_t.
constexpr uint32_t CUBLASLT_EPILOGUE_DEFAULT = 1;
constexpr uint32_t CUBLASLT_EPILOGUE_RELU = 2;
constexpr uint32_t CUBLASLT_EPILOGUE_BIAS = 4;
constexpr uint32_t CUBLASLT_EPILOGUE_RELU_BIAS = 6;
constexpr uint32_t CUBLASLT_EPILOGUE_GELU = 32;
constexpr uint32_t CUBLASLT_EPILOGUE_GELU_BIAS = 36;

// X(member, exported symbol, return type, parameter list), as in
// CudaDriver.h. The stream is the driver's CUstream (cudaStream_t is the
// same pointer).
#define FERRIC_CUBLASLT_ENTRY_POINTS(X)                                        \
  X(cublasLtCreate, "cublasLtCreate", cublasStatus_t,                          \
    (cublasLtHandle_t * handle))                                               \
  X(cublasLtGetVersion, "cublasLtGetVersion", size_t, (void))                  \
  X(cublasLtGetStatusString, "cublasLtGetStatusString", const char *,          \
    (cublasStatus_t status))                                                   \
  X(cublasLtMatmulDescCreate, "cublasLtMatmulDescCreate", cublasStatus_t,      \
    (cublasLtMatmulDesc_t * desc, int computeType, int scaleType))             \
  X(cublasLtMatmulDescDestroy, "cublasLtMatmulDescDestroy", cublasStatus_t,    \
    (cublasLtMatmulDesc_t desc))                                               \
  X(cublasLtMatmulDescSetAttribute, "cublasLtMatmulDescSetAttribute",          \
    cublasStatus_t,                                                            \
    (cublasLtMatmulDesc_t desc, int attr, const void *buf, size_t size))       \
  X(cublasLtMatrixLayoutCreate, "cublasLtMatrixLayoutCreate", cublasStatus_t,  \
    (cublasLtMatrixLayout_t * layout, int type, uint64_t rows, uint64_t cols,  \
     int64_t ld))                                                              \
  X(cublasLtMatrixLayoutDestroy, "cublasLtMatrixLayoutDestroy",                \
    cublasStatus_t, (cublasLtMatrixLayout_t layout))                           \
  X(cublasLtMatrixLayoutSetAttribute, "cublasLtMatrixLayoutSetAttribute",      \
    cublasStatus_t,                                                            \
    (cublasLtMatrixLayout_t layout, int attr, const void *buf, size_t size))   \
  X(cublasLtMatmulPreferenceCreate, "cublasLtMatmulPreferenceCreate",          \
    cublasStatus_t, (cublasLtMatmulPreference_t * pref))                       \
  X(cublasLtMatmulPreferenceDestroy, "cublasLtMatmulPreferenceDestroy",        \
    cublasStatus_t, (cublasLtMatmulPreference_t pref))                         \
  X(cublasLtMatmulPreferenceSetAttribute,                                      \
    "cublasLtMatmulPreferenceSetAttribute", cublasStatus_t,                    \
    (cublasLtMatmulPreference_t pref, int attr, const void *buf, size_t size)) \
  X(cublasLtMatmulAlgoGetHeuristic, "cublasLtMatmulAlgoGetHeuristic",          \
    cublasStatus_t,                                                            \
    (cublasLtHandle_t handle, cublasLtMatmulDesc_t desc,                       \
     cublasLtMatrixLayout_t a, cublasLtMatrixLayout_t b,                       \
     cublasLtMatrixLayout_t c, cublasLtMatrixLayout_t d,                       \
     cublasLtMatmulPreference_t pref, int requested,                           \
     cublasLtMatmulHeuristicResult_t *results, int *returned))                 \
  X(cublasLtMatmul, "cublasLtMatmul", cublasStatus_t,                          \
    (cublasLtHandle_t handle, cublasLtMatmulDesc_t desc, const void *alpha,    \
     const void *a, cublasLtMatrixLayout_t aDesc, const void *b,               \
     cublasLtMatrixLayout_t bDesc, const void *beta, const void *c,            \
     cublasLtMatrixLayout_t cDesc, void *d, cublasLtMatrixLayout_t dDesc,      \
     const cublasLtMatmulAlgo_t *algo, void *workspace, size_t workspaceSize,  \
     CUstream stream))

struct LtApi {
#define FERRIC_CUBLASLT_DECLARE_MEMBER(member, symbol, ret, params)            \
  ret(*member) params = nullptr;
  FERRIC_CUBLASLT_ENTRY_POINTS(FERRIC_CUBLASLT_DECLARE_MEMBER)
#undef FERRIC_CUBLASLT_DECLARE_MEMBER
};

/// The opened library and its handle.
struct Library {
  LtApi api;
  cublasLtHandle_t handle = nullptr;
};

/// The library with its handle, opened and created on the first call
/// (CublasLtLoad.cpp); null after recording why not. Call after enter().
const Library *library();

/// Records "<call> failed: <status string>" unless `status` is success;
/// true on success.
bool checkLt(const LtApi &api, const char *call, cublasStatus_t status);

} // namespace lt
} // namespace cuda
} // namespace ferric

#endif // FERRIC_RUNTIME_CUDA_CUBLASLTAPI_H
