#!/usr/bin/env bash
# Builds a self-contained ferric-run (LLVM/MLIR linked statically, stripped)
# plus the CUDA runtime, and packs them for a GPU machine that has no
# LLVM/MLIR: build-static/ferric-gpu-pack.tar.xz.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${FERRIC_STATIC_BUILD_DIR:-$root/build-static}
if [ ! -f "$build/build.ninja" ]; then
  cmake -G Ninja -S "$root" -B "$build" \
    -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_C_COMPILER=gcc -DCMAKE_CXX_COMPILER=g++ \
    -DMLIR_DIR=/usr/lib/llvm-22/lib/cmake/mlir \
    -DLLVM_EXTERNAL_LIT=/usr/lib/llvm-22/bin/lit \
    -DFERRIC_STATIC_TOOLS=ON \
    -DCMAKE_EXE_LINKER_FLAGS="-fuse-ld=lld" \
    -DCMAKE_SHARED_LINKER_FLAGS="-fuse-ld=lld"
fi
ninja -C "$build" -j"${FERRIC_JOBS:-2}" ferric-run ferric_cuda_runtime
pack=$build/pack
rm -rf "$pack" && mkdir -p "$pack/bin" "$pack/lib"
cp "$build/bin/ferric-run" "$pack/bin/"
strip "$pack/bin/ferric-run"
cp "$build/lib/libferric_cuda_runtime.so" "$pack/lib/"
tar -C "$pack" -c bin lib | xz -T2 -4 > "$build/ferric-gpu-pack.tar.xz"
ls -la "$pack/bin/ferric-run" "$build/ferric-gpu-pack.tar.xz"
