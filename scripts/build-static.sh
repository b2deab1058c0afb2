#!/usr/bin/env bash
# Builds a self-contained ferric-run and libFerricCAPI.so (LLVM/MLIR linked
# statically, stripped) plus the CUDA runtime, and packs them for a GPU
# machine that has no LLVM/MLIR:
#   build-static/ferric-gpu-pack.tar.xz   bin/ferric-run + lib/libferric_cuda_runtime.so
#   build-static/ferric-capi-pack.tar.xz  lib/libFerricCAPI.so + the CUDA runtime
#                                         (FERRIC_LIB_DIR for the Python package)
# Each stays under the 64 MiB a GPU-machine call may carry.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${FERRIC_STATIC_BUILD_DIR:-$root/build-static}
source "$root/scripts/ccache.sh"
if [ ! -f "$build/build.ninja" ]; then
  cmake -G Ninja -S "$root" -B "$build" \
    -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_C_COMPILER=gcc -DCMAKE_CXX_COMPILER=g++ \
    -DMLIR_DIR=/usr/lib/llvm-22/lib/cmake/mlir \
    -DLLVM_EXTERNAL_LIT=/usr/lib/llvm-22/bin/lit \
    "${ferric_launcher[@]}" \
    -DFERRIC_STATIC_TOOLS=ON \
    -DCMAKE_EXE_LINKER_FLAGS="-fuse-ld=lld" \
    -DCMAKE_SHARED_LINKER_FLAGS="-fuse-ld=lld" \
    -DCMAKE_MODULE_LINKER_FLAGS="-fuse-ld=lld"
fi
ninja -C "$build" -j"${FERRIC_JOBS:-2}" ferric-run FerricCAPI ferric_cuda_runtime
# The Python package's C fast path (abi3: also the GPU machine's Python),
# when Python's headers were found.
fastcall=$build/lib/_ferric_fastcall.abi3.so
# (The target list is read whole first: with pipefail, grep -q stopping
# early makes ninja's SIGPIPE fail the test, and the module went stale.)
targets=$(ninja -C "$build" -t targets all)
if grep -q '^FerricPyFastCall:' <<<"$targets"; then
  ninja -C "$build" -j"${FERRIC_JOBS:-2}" FerricPyFastCall
fi
pack=$build/pack
rm -rf "$pack" && mkdir -p "$pack/run/bin" "$pack/run/lib" "$pack/capi/lib"
cp "$build/bin/ferric-run" "$pack/run/bin/"
strip "$pack/run/bin/ferric-run"
cp "$build/lib/libferric_cuda_runtime.so" "$pack/run/lib/"
cp "$build/lib/libFerricCAPI.so.1" "$pack/capi/lib/libFerricCAPI.so"
strip "$pack/capi/lib/libFerricCAPI.so"
cp "$build/lib/libferric_cuda_runtime.so" "$pack/capi/lib/"
[ -f "$fastcall" ] && cp "$fastcall" "$pack/capi/lib/"
tar -C "$pack/run" -c bin lib | xz -T2 -2 > "$build/ferric-gpu-pack.tar.xz"
tar -C "$pack/capi" -c lib | xz -T2 -2 > "$build/ferric-capi-pack.tar.xz"
ls -la "$build/ferric-gpu-pack.tar.xz" "$build/ferric-capi-pack.tar.xz"
