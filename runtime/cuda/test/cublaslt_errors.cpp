//===- cublaslt_errors.cpp - mgpuCublasLtMatmul's contract ----------------===//
//
// Part of the Ferric project, under the Apache License v2.0 with LLVM
// Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Bad arguments are one recorded error, never a crash; empty products do
// nothing; without a driver or without cuBLASLt (FERRIC_CUBLASLT naming a
// library that does not exist) the call records why. With a GPU and the
// library, a small batched product with bias and relu is checked on the host
// for every dtype's bit pattern in f32 (the others run in ferric-run tests),
// then again from A and B stored transposed (FERRIC_CUBLASLT_TRANSPOSE_A/_B).
//
//===----------------------------------------------------------------------===//

#include "FerricCudaRuntime.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

static int failures = 0;

static void expectError(const char *what, const char *needle) {
  std::string last = ferricCudaLastError();
  if (last.find(needle) == std::string::npos) {
    std::printf("FAIL %s: expected an error with '%s', got '%s'\n", what,
                needle, last.c_str());
    ++failures;
  } else {
    std::printf("ok %s: %s\n", what, last.c_str());
  }
  ferricCudaClearError();
}

static void expectNoError(const char *what) {
  std::string last = ferricCudaLastError();
  if (!last.empty()) {
    std::printf("FAIL %s: unexpected error '%s'\n", what, last.c_str());
    ++failures;
  } else {
    std::printf("ok %s\n", what);
  }
  ferricCudaClearError();
}

int main() {
  ferricCudaClearError();
  mgpuCublasLtMatmul(nullptr, nullptr, nullptr, nullptr, 1, 2, 2, 2,
                     /*dtype=*/7, 0, 1.0f, 0);
  expectError("dtype 7", "unsupported dtype 7");
  mgpuCublasLtMatmul(
      nullptr, nullptr, nullptr, nullptr, 1, 2, 2, 2, FERRIC_CUBLASLT_F32,
      FERRIC_CUBLASLT_EPILOGUE_RELU | FERRIC_CUBLASLT_EPILOGUE_GELU, 1.0f, 0);
  expectError("relu and gelu", "with epilogue 6");
  mgpuCublasLtMatmul(nullptr, nullptr, nullptr, nullptr, 1, -1, 2, 2,
                     FERRIC_CUBLASLT_F32, 0, 1.0f, 0);
  expectError("negative m", "invalid shape 1 x -1 x 2 x 2");
  mgpuCublasLtMatmul(nullptr, nullptr, nullptr, nullptr, 1, 2, 2, 2,
                     FERRIC_CUBLASLT_F32, 0, 1.0f, 8);
  expectError("flag 8", "unknown flags 8");
  mgpuCublasLtMatmul(nullptr, nullptr, nullptr, nullptr, 3, 0, 2, 2,
                     FERRIC_CUBLASLT_F16, 0, 1.0f, 0);
  expectNoError("empty product");

  char why[512];
  if (!ferricCudaAvailable(why, sizeof(why))) {
    std::printf("cuda: unavailable: %s\n", why);
    mgpuCublasLtMatmul(nullptr, nullptr, nullptr, nullptr, 1, 2, 2, 2,
                       FERRIC_CUBLASLT_F32, 0, 1.0f, 0);
    expectError("no driver", why);
    return failures ? 1 : 0;
  }
  if (!ferricCudaCublasLtAvailable(why, sizeof(why))) {
    std::printf("cublaslt: unavailable: %s\n", why);
    mgpuCublasLtMatmul(nullptr, nullptr, nullptr, nullptr, 1, 2, 2, 2,
                       FERRIC_CUBLASLT_F32, 0, 1.0f, 0);
    expectError("no cuBLASLt", "no cuBLASLt found");
    return failures ? 1 : 0;
  }

  // D[b] = relu(0.5 * A[b] B[b] + bias): batch 2, m 3, n 5, k 4.
  const int batch = 2, m = 3, n = 5, k = 4;
  std::vector<float> a(batch * m * k), b(batch * k * n), bias(n),
      d(batch * m * n, -7.0f);
  for (size_t i = 0; i < a.size(); ++i)
    a[i] = float(int(i % 7) - 3);
  for (size_t i = 0; i < b.size(); ++i)
    b[i] = float(int(i % 5) - 2) * 0.5f;
  for (int j = 0; j < n; ++j)
    bias[j] = float(j) - 2.0f;
  void *stream = mgpuStreamCreate();
  auto upload = [&](const std::vector<float> &host) {
    void *dev = mgpuMemAlloc(host.size() * 4, stream, false);
    mgpuMemcpy(dev, const_cast<float *>(host.data()), host.size() * 4, stream);
    return dev;
  };
  void *da = upload(a), *db = upload(b), *dbias = upload(bias), *dd = upload(d);
  mgpuCublasLtMatmul(
      dd, da, db, dbias, batch, m, n, k, FERRIC_CUBLASLT_F32,
      FERRIC_CUBLASLT_EPILOGUE_BIAS | FERRIC_CUBLASLT_EPILOGUE_RELU, 0.5f, 0);
  mgpuMemcpy(d.data(), dd, d.size() * 4, stream);
  mgpuStreamSynchronize(stream);
  expectNoError("batched bias relu");
  auto check = [&](const char *what) {
    for (int p = 0; p < batch; ++p)
      for (int i = 0; i < m; ++i)
        for (int j = 0; j < n; ++j) {
          float acc = 0;
          for (int l = 0; l < k; ++l)
            acc += a[(p * m + i) * k + l] * b[(p * k + l) * n + j];
          float want = std::fmax(0.5f * acc + bias[j], 0.0f);
          float got = d[(p * m + i) * n + j];
          if (std::fabs(got - want) > 1e-5f) {
            std::printf("FAIL %s: d[%d][%d][%d] = %g, want %g\n", what, p, i, j,
                        got, want);
            ++failures;
          }
        }
  };
  check("batched bias relu");

  // The same product from A^T (batch x k x m) and B^T (batch x n x k).
  std::vector<float> at(a.size()), bt(b.size());
  for (int p = 0; p < batch; ++p)
    for (int l = 0; l < k; ++l) {
      for (int i = 0; i < m; ++i)
        at[(p * k + l) * m + i] = a[(p * m + i) * k + l];
      for (int j = 0; j < n; ++j)
        bt[(p * n + j) * k + l] = b[(p * k + l) * n + j];
    }
  std::fill(d.begin(), d.end(), -7.0f);
  void *dat = upload(at), *dbt = upload(bt), *dd2 = upload(d);
  mgpuCublasLtMatmul(
      dd2, dat, dbt, dbias, batch, m, n, k, FERRIC_CUBLASLT_F32,
      FERRIC_CUBLASLT_EPILOGUE_BIAS | FERRIC_CUBLASLT_EPILOGUE_RELU, 0.5f,
      FERRIC_CUBLASLT_TRANSPOSE_A | FERRIC_CUBLASLT_TRANSPOSE_B);
  mgpuMemcpy(d.data(), dd2, d.size() * 4, stream);
  mgpuStreamSynchronize(stream);
  expectNoError("transposed a and b");
  check("transposed a and b");
  for (void *p : {da, db, dbias, dd, dat, dbt, dd2})
    mgpuMemFree(p, stream);
  std::printf("%s\n", failures ? "FAILED" : "all ok");
  return failures ? 1 : 0;
}
