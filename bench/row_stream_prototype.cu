// The CUDA prototype behind ferric-reduction-to-gpu's row streams
// (lib/Conversion/GPUCodegen/RowStream.cpp): softmax over long rows at 2^28
// elements, each row walked in tiles of NT threads x U 16-byte chunks, by a
// cluster of C blocks per row (each block a contiguous 1/C of the row;
// C = 1: a block per row), in 3 passes (max, sum of exp, write) or 2 (max
// and sum of exp online, then write), with Ferric's bf16 roundings of
// x - max and exp. Prints the median of 20 timings and % of 3.0 TB/s for
// one read and one write of the tensor. Build and run on the GPU machine:
//   nvcc -O3 -std=c++17 -arch=sm_90 -o /tmp/proto bench/row_stream_prototype.cu
//   /tmp/proto
// (H100 output: bench/results-2026-12-06-h100-row-stream-prototype.txt.)
#include <cooperative_groups.h>
#include <cuda_bf16.h>
#include <cstdio>
#include <cstdlib>
#include <vector>
#include <algorithm>
namespace cg = cooperative_groups;

template <typename T> struct Vec;
template <> struct Vec<float> { using V = float4; static constexpr int N = 4; };
template <> struct Vec<__nv_bfloat16> { using V = uint4; static constexpr int N = 8; };

__device__ inline float tof(float x) { return x; }
__device__ inline float tof(__nv_bfloat16 x) { return __bfloat162float(x); }
template <typename T> __device__ inline T fromf(float x);
template <> __device__ inline float fromf<float>(float x) { return x; }
template <> __device__ inline __nv_bfloat16 fromf<__nv_bfloat16>(float x) { return __float2bfloat16(x); }

template <typename T, int NT>
__device__ float blockReduce(float v, bool isMax, float *red) {
  for (int o = 16; o; o /= 2) {
    float w = __shfl_xor_sync(~0u, v, o);
    v = isMax ? fmaxf(v, w) : v + w;
  }
  int warp = threadIdx.x / 32, lane = threadIdx.x % 32;
  if (lane == 0) red[warp] = v;
  __syncthreads();
  float t = red[0];
  for (int w = 1; w < NT / 32; ++w) t = isMax ? fmaxf(t, red[w]) : t + red[w];
  __syncthreads();
  return t;
}

template <typename T, int C, int NT, int U, bool ONLINE>
__global__ void __launch_bounds__(NT) softmaxStream(const T *__restrict__ x, T *__restrict__ y, int rows, int n) {
  using VT = typename Vec<T>::V;
  constexpr int VN = Vec<T>::N;
  __shared__ float red[NT / 32];
  __shared__ float slots[2][C];
  cg::cluster_group cluster = cg::this_cluster();
  int rank = C > 1 ? cluster.block_rank() : 0;
  int slice = n / C; // assume divisible by C*VN
  auto clusterCombine = [&](float v, bool isMax, int which) {
    if (C == 1) return v;
    if (threadIdx.x < C) {
      float *remote = cluster.map_shared_rank(&slots[which][0], threadIdx.x);
      remote[rank] = v;
    }
    cluster.sync();
    float t = slots[which][0];
    for (int r = 1; r < C; ++r) t = isMax ? fmaxf(t, slots[which][r]) : t + slots[which][r];
    return t;
  };
  for (int row = blockIdx.x / C; row < rows; row += gridDim.x / C) {
    const T *xr = x + (size_t)row * n + (size_t)rank * slice;
    T *yr = y + (size_t)row * n + (size_t)rank * slice;
    float m = -INFINITY, s = 0.f;
    for (int i = threadIdx.x * VN; i < slice; i += NT * VN * U) {
      VT v[U];
#pragma unroll
      for (int u = 0; u < U; ++u) {
        int j = i + u * NT * VN;
        v[u] = j < slice ? *reinterpret_cast<const VT *>(xr + j) : VT{};
      }
#pragma unroll
      for (int u = 0; u < U; ++u) {
        int j = i + u * NT * VN;
        if (j >= slice) continue;
        const T *e = reinterpret_cast<const T *>(&v[u]);
        float cm = m;
#pragma unroll
        for (int k = 0; k < VN; ++k) cm = fmaxf(cm, tof(e[k]));
        if (ONLINE) {
          s *= __expf(m - cm);
#pragma unroll
          for (int k = 0; k < VN; ++k) s += __expf(tof(e[k]) - cm);
        }
        m = cm;
      }
    }
    if (ONLINE) {
      float bm = blockReduce<T, NT>(m, true, red);
      bm = clusterCombine(bm, true, 0);
      s *= __expf(m - bm);
      s = blockReduce<T, NT>(s, false, red);
      s = clusterCombine(s, false, 1);
      m = bm;
    } else {
      m = blockReduce<T, NT>(m, true, red);
      m = clusterCombine(m, true, 0);
      for (int i = threadIdx.x * VN; i < slice; i += NT * VN * U) {
        VT v[U];
#pragma unroll
        for (int u = 0; u < U; ++u) {
          int j = i + u * NT * VN;
          v[u] = j < slice ? *reinterpret_cast<const VT *>(xr + j) : VT{};
        }
#pragma unroll
        for (int u = 0; u < U; ++u) {
          int j = i + u * NT * VN;
          if (j >= slice) continue;
          const T *e = reinterpret_cast<const T *>(&v[u]);
#pragma unroll
          for (int k = 0; k < VN; ++k) s += tof(fromf<T>(__expf(tof(fromf<T>(tof(e[k]) - m)))));
        }
      }
      s = blockReduce<T, NT>(s, false, red);
      s = clusterCombine(s, false, 1);
    }
    float sb = tof(fromf<T>(s));
    for (int i = threadIdx.x * VN; i < slice; i += NT * VN * U) {
      VT v[U];
#pragma unroll
      for (int u = 0; u < U; ++u) {
        int j = i + u * NT * VN;
        v[u] = j < slice ? *reinterpret_cast<const VT *>(xr + j) : VT{};
      }
#pragma unroll
      for (int u = 0; u < U; ++u) {
        int j = i + u * NT * VN;
        if (j >= slice) continue;
        const T *e = reinterpret_cast<const T *>(&v[u]);
        VT o;
        T *oe = reinterpret_cast<T *>(&o);
#pragma unroll
        for (int k = 0; k < VN; ++k) oe[k] = fromf<T>(tof(fromf<T>(__expf(tof(fromf<T>(tof(e[k]) - m))))) / sb);
        *reinterpret_cast<VT *>(yr + j) = o;
      }
    }
    if (C > 1) cluster.sync(); // slots reused by the next row
  }
}

template <typename T, int C, int NT, int U, bool ONLINE>
float run(const T *x, T *y, int rows, int n, int clustersPerGrid, const char *tag) {
  auto k = softmaxStream<T, C, NT, U, ONLINE>;
  if (C > 8) cudaFuncSetAttribute(k, cudaFuncAttributeNonPortableClusterSizeAllowed, 1);
  int maxClusters = 0;
  cudaLaunchConfig_t cfg = {};
  cudaLaunchAttribute attr[1];
  attr[0].id = cudaLaunchAttributeClusterDimension;
  attr[0].val.clusterDim.x = C; attr[0].val.clusterDim.y = 1; attr[0].val.clusterDim.z = 1;
  cfg.blockDim = dim3(NT);
  cfg.attrs = attr; cfg.numAttrs = 1;
  cfg.gridDim = dim3(C);
  cudaOccupancyMaxActiveClusters(&maxClusters, k, &cfg);
  int groups = clustersPerGrid ? clustersPerGrid : maxClusters;
  if (groups > rows) groups = rows;
  cfg.gridDim = dim3(groups * C);
  cudaEvent_t a, b;
  cudaEventCreate(&a); cudaEventCreate(&b);
  for (int i = 0; i < 3; ++i) cudaLaunchKernelEx(&cfg, k, x, y, rows, n);
  std::vector<float> ts;
  for (int i = 0; i < 20; ++i) {
    cudaEventRecord(a);
    cudaLaunchKernelEx(&cfg, k, x, y, rows, n);
    cudaEventRecord(b);
    cudaEventSynchronize(b);
    float ms; cudaEventElapsedTime(&ms, a, b); ts.push_back(ms * 1000);
  }
  cudaError_t e = cudaGetLastError();
  std::sort(ts.begin(), ts.end());
  double bytes = 2.0 * rows * (double)n * sizeof(T);
  printf("%-28s n=%7d rows=%5d maxClusters=%3d groups=%3d  %8.1f us  %5.1f%% of 3.0TB/s %s\n", tag, n, rows, maxClusters, groups,
         ts[10], 100.0 * bytes / (ts[10] * 1e-6) / 3.0e12, e ? cudaGetErrorString(e) : "");
  return ts[10];
}

template <typename T> void sweep(int n, const char *dt) {
  int rows = (1 << 28) / n;
  T *x, *y;
  cudaMalloc(&x, (size_t)rows * n * sizeof(T));
  cudaMalloc(&y, (size_t)rows * n * sizeof(T));
  std::vector<T> h((size_t)rows * n);
  for (size_t i = 0; i < h.size(); ++i) h[i] = (T)((float)((i * 2654435761u) % 1000) / 250.f - 2.f);
  cudaMemcpy(x, h.data(), h.size() * sizeof(T), cudaMemcpyHostToDevice);
  char tag[64];
#define R(C, NT, U, ON) snprintf(tag, 64, "%s C%d NT%d U%d %s", dt, C, NT, U, ON ? "online" : "3pass"); run<T, C, NT, U, ON>(x, y, rows, n, 0, tag);
  R(1, 1024, 2, false) R(1, 1024, 2, true) R(1, 512, 4, true)
  R(4, 1024, 2, false) R(4, 1024, 2, true)
  R(8, 1024, 2, false) R(8, 1024, 2, true) R(8, 512, 2, false) R(8, 512, 4, true)
  R(16, 1024, 2, false) R(16, 1024, 2, true) R(16, 512, 2, false) R(16, 512, 2, true) R(16, 512, 4, true)
  // correctness spot check of the last run: row 0 sums to 1
  std::vector<T> o(n);
  cudaMemcpy(o.data(), y, n * sizeof(T), cudaMemcpyDeviceToHost);
  double sum = 0; for (int i = 0; i < n; ++i) sum += (float)o[i];
  printf("  row0 sum %.4f\n", sum);
  cudaFree(x); cudaFree(y);
}

int main() {
  for (int n : {32768, 131072, 262144, 524288}) {
    sweep<float>(n, "f32");
    sweep<__nv_bfloat16>(n, "bf16");
  }
}
