//===- cublaslt_decls_check.cpp - CublasLtApi.h against cublasLt.h --------===//
//
// Part of the Ferric project, under the Apache License v2.0 with LLVM
// Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Like driver_decls_check.cpp, for the hand-written cuBLASLt declarations:
// built only when FERRIC_CUDA_CHECK_DECLS_AGAINST names the CUDA include
// directory, it checks constants, struct layouts and, for every entry point,
// the arity and the size of the result and of each parameter at compile
// time.
//
//===----------------------------------------------------------------------===//

#include "CublasLtApi.h"

#include <cublasLt.h>

#include "SignatureCheck.h"

#include <cstddef>
#include <cstdio>

namespace ours = ferric::cuda::lt;

namespace {

using ferric::cuda::test::compatible;

#define FERRIC_CUBLASLT_CHECK_ENTRY(member, symbol, ret, params)               \
  static_assert(                                                               \
      compatible<decltype(ours::LtApi::member), decltype(&::member)>(),        \
      #member " differs from cublasLt.h");
FERRIC_CUBLASLT_ENTRY_POINTS(FERRIC_CUBLASLT_CHECK_ENTRY)

#define FERRIC_CUBLASLT_CHECK_VALUE(name)                                      \
  static_assert(static_cast<long long>(ours::name) ==                          \
                    static_cast<long long>(::name),                            \
                #name " differs from cublasLt.h");
FERRIC_CUBLASLT_CHECK_VALUE(CUBLAS_STATUS_SUCCESS)
FERRIC_CUBLASLT_CHECK_VALUE(CUBLAS_STATUS_NOT_SUPPORTED)
FERRIC_CUBLASLT_CHECK_VALUE(CUDA_R_32F)
FERRIC_CUBLASLT_CHECK_VALUE(CUDA_R_16F)
FERRIC_CUBLASLT_CHECK_VALUE(CUDA_R_16BF)
FERRIC_CUBLASLT_CHECK_VALUE(CUBLAS_COMPUTE_32F)
FERRIC_CUBLASLT_CHECK_VALUE(CUBLAS_COMPUTE_32F_FAST_TF32)
FERRIC_CUBLASLT_CHECK_VALUE(CUBLAS_OP_N)
FERRIC_CUBLASLT_CHECK_VALUE(CUBLAS_OP_T)
FERRIC_CUBLASLT_CHECK_VALUE(CUBLASLT_MATMUL_DESC_TRANSA)
FERRIC_CUBLASLT_CHECK_VALUE(CUBLASLT_MATMUL_DESC_TRANSB)
FERRIC_CUBLASLT_CHECK_VALUE(CUBLASLT_MATMUL_DESC_EPILOGUE)
FERRIC_CUBLASLT_CHECK_VALUE(CUBLASLT_MATMUL_DESC_BIAS_POINTER)
FERRIC_CUBLASLT_CHECK_VALUE(CUBLASLT_MATMUL_DESC_BIAS_BATCH_STRIDE)
FERRIC_CUBLASLT_CHECK_VALUE(CUBLASLT_MATMUL_DESC_BIAS_DATA_TYPE)
FERRIC_CUBLASLT_CHECK_VALUE(CUBLASLT_MATRIX_LAYOUT_BATCH_COUNT)
FERRIC_CUBLASLT_CHECK_VALUE(CUBLASLT_MATRIX_LAYOUT_STRIDED_BATCH_OFFSET)
FERRIC_CUBLASLT_CHECK_VALUE(CUBLASLT_MATMUL_PREF_MAX_WORKSPACE_BYTES)
FERRIC_CUBLASLT_CHECK_VALUE(CUBLASLT_MATMUL_PREF_MIN_ALIGNMENT_A_BYTES)
FERRIC_CUBLASLT_CHECK_VALUE(CUBLASLT_MATMUL_PREF_MIN_ALIGNMENT_B_BYTES)
FERRIC_CUBLASLT_CHECK_VALUE(CUBLASLT_MATMUL_PREF_MIN_ALIGNMENT_C_BYTES)
FERRIC_CUBLASLT_CHECK_VALUE(CUBLASLT_MATMUL_PREF_MIN_ALIGNMENT_D_BYTES)
FERRIC_CUBLASLT_CHECK_VALUE(CUBLASLT_EPILOGUE_DEFAULT)
FERRIC_CUBLASLT_CHECK_VALUE(CUBLASLT_EPILOGUE_RELU)
FERRIC_CUBLASLT_CHECK_VALUE(CUBLASLT_EPILOGUE_BIAS)
FERRIC_CUBLASLT_CHECK_VALUE(CUBLASLT_EPILOGUE_RELU_BIAS)
FERRIC_CUBLASLT_CHECK_VALUE(CUBLASLT_EPILOGUE_GELU)
FERRIC_CUBLASLT_CHECK_VALUE(CUBLASLT_EPILOGUE_GELU_BIAS)

#define FERRIC_CUBLASLT_CHECK_FIELD(type, field)                               \
  static_assert(offsetof(ours::type, field) == offsetof(::type, field) &&      \
                    sizeof(ours::type::field) == sizeof(::type::field),        \
                #type "::" #field " differs from cublasLt.h");
static_assert(sizeof(ours::cublasLtMatmulAlgo_t) ==
                  sizeof(::cublasLtMatmulAlgo_t),
              "cublasLtMatmulAlgo_t");
static_assert(sizeof(ours::cublasLtMatmulHeuristicResult_t) ==
                  sizeof(::cublasLtMatmulHeuristicResult_t),
              "cublasLtMatmulHeuristicResult_t");
FERRIC_CUBLASLT_CHECK_FIELD(cublasLtMatmulHeuristicResult_t, algo)
FERRIC_CUBLASLT_CHECK_FIELD(cublasLtMatmulHeuristicResult_t, workspaceSize)
FERRIC_CUBLASLT_CHECK_FIELD(cublasLtMatmulHeuristicResult_t, state)
FERRIC_CUBLASLT_CHECK_FIELD(cublasLtMatmulHeuristicResult_t, wavesCount)

} // namespace

int main() {
  std::printf("CublasLtApi.h agrees with cublasLt.h %d\n", CUBLAS_VERSION);
  return 0;
}
