#!/usr/bin/env bash
# Configures (once) and builds Ferric into build/ (or $FERRIC_BUILD_DIR).
# Extra arguments are passed to the first cmake configure.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${FERRIC_BUILD_DIR:-$root/build}
jobs=${FERRIC_JOBS:-2}
if [ ! -f "$build/build.ninja" ]; then
  cmake -G Ninja -S "$root" -B "$build" \
    -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_C_COMPILER=gcc -DCMAKE_CXX_COMPILER=g++ \
    -DMLIR_DIR=/usr/lib/llvm-22/lib/cmake/mlir \
    -DLLVM_EXTERNAL_LIT=/usr/lib/llvm-22/bin/lit "$@"
fi
ninja -C "$build" -j"$jobs"
