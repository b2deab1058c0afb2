// cuLaunchKernel's host cost against the number of kernel parameters (issue
// 15): the same elementwise kernel taking 16 parameters (three expanded
// memref descriptors and a size, as Ferric's lowered kernels do) or 4
// (three pointers and the size), 20000 launches back to back, host time
// per launch. On the GPU machine:
//   nvcc -O2 -arch=sm_90 bench/launch_params.cu -lcuda -o /tmp/lp && /tmp/lp
#include <chrono>
#include <cstdio>
#include <cuda.h>
#include <cuda_runtime.h>
extern "C" __global__ void k16(float *a0, float *a1, long a2, long a3, long a4,
                               float *b0, float *b1, long b2, long b3, long b4,
                               float *c0, float *c1, long c2, long c3, long c4,
                               long n) {
  long i = blockIdx.x * 256 + threadIdx.x;
  if (i < n)
    c1[i] = a1[i] + b1[i];
}
extern "C" __global__ void k4(float *a1, float *b1, float *c1, long n) {
  long i = blockIdx.x * 256 + threadIdx.x;
  if (i < n)
    c1[i] = a1[i] + b1[i];
}
int main() {
  cuInit(0);
  CUdevice d;
  cuDeviceGet(&d, 0);
  CUcontext ctx;
  cuDevicePrimaryCtxRetain(&ctx, d);
  cuCtxSetCurrent(ctx);
  float *a, *b, *c;
  cudaMalloc(&a, 4096);
  cudaMalloc(&b, 4096);
  cudaMalloc(&c, 4096);
  long n = 1024, z = 0, one = 1;
  cudaStream_t s;
  cudaStreamCreate(&s);
  cudaFunction_t h16, h4;
  cudaGetFuncBySymbol(&h16, (void *)k16);
  cudaGetFuncBySymbol(&h4, (void *)k4);
  void *p16[] = {&a, &a,   &z, &n, &one, &b, &b,   &z,
                 &n, &one, &c, &c, &z,   &n, &one, &n};
  void *p4[] = {&a, &b, &c, &n};
  for (int rep = 0; rep < 3; ++rep) {
    for (int which = 0; which < 2; ++which) {
      CUfunction fn = (CUfunction)(which ? h4 : h16);
      void **pp = which ? p4 : p16;
      for (int i = 0; i < 1000; ++i)
        cuLaunchKernel(fn, 4, 1, 1, 256, 1, 1, 0, (CUstream)s, pp, nullptr);
      cudaStreamSynchronize(s);
      int N = 20000;
      auto t0 = std::chrono::steady_clock::now();
      for (int i = 0; i < N; ++i)
        cuLaunchKernel(fn, 4, 1, 1, 256, 1, 1, 0, (CUstream)s, pp, nullptr);
      auto t1 = std::chrono::steady_clock::now();
      cudaStreamSynchronize(s);
      printf("%s params: %.3f us/launch (host)\n", which ? " 4" : "16",
             std::chrono::duration<double, std::micro>(t1 - t0).count() / N);
    }
  }
}
