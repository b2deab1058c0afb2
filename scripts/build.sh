#!/usr/bin/env bash
# Configures (once) and builds Ferric into build/ (or $FERRIC_BUILD_DIR).
# Extra arguments are passed to the first cmake configure. With ccache
# installed (scripts/setup.sh installs it; FERRIC_CCACHE=0 to go without),
# compiles go through it with paths relative to the checkout, so that
# build/ and build-static/ (scripts/build-static.sh) share one cache.
# FERRIC_TARGETS (space-separated ninja targets) builds only those
# (scripts/demo.sh: the tools and runtimes it runs); default everything.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${FERRIC_BUILD_DIR:-$root/build}
jobs=${FERRIC_JOBS:-2}
source "$root/scripts/ccache.sh"
if [ ! -f "$build/build.ninja" ]; then
  cmake -G Ninja -S "$root" -B "$build" \
    -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_C_COMPILER=gcc -DCMAKE_CXX_COMPILER=g++ \
    -DMLIR_DIR=/usr/lib/llvm-22/lib/cmake/mlir \
    -DLLVM_EXTERNAL_LIT=/usr/lib/llvm-22/bin/lit "${ferric_launcher[@]}" "$@"
fi
# shellcheck disable=SC2086 # a list of target names
ninja -C "$build" -j"$jobs" ${FERRIC_TARGETS:-}
