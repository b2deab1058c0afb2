#!/usr/bin/env bash
#===- scripts/sanitize.sh - Ferric under ASan and UBSan --------------------===#
#
# Configures a separate build directory (build-asan/, or $FERRIC_ASAN_BUILD_DIR)
# with FERRIC_ENABLE_SANITIZERS=ON (AddressSanitizer + UndefinedBehavior-
# Sanitizer, UB fatal), builds everything that builds, and runs the unit
# tests (ctest) and the whole lit suite against it, the differential fuzzer's
# CI batches (test/fuzz/fuzz-{cpu,vulkan}.test) included. CI runs this after
# scripts/test.sh (.ci/run). Extra arguments are passed to lit: a test path
# as it is in the build tree (build-asan/test/...).
#
# --quick (first argument): builds only ferric-run, ferric-opt and the unit
# tests, runs the gtests (ctest) and a lit subset: the error-path tests of
# the runner and the dialect (test/Integration/cpu/errors-*, test/Dialect),
# or the paths given after --quick: for a hardening change, before it lands.
#
# Only Ferric's own code is instrumented: Debian's libMLIR.so and libLLVM.so
# are not. Hence ASAN_OPTIONS=detect_leaks=0: those libraries keep global
# state (dialect and pass registries, cl::opt storage, ManagedStatics) alive
# until exit, and LeakSanitizer reports from them would be noise, not Ferric
# bugs.
# And allow_user_poisoning=0: LLVM's headers poison the free part of every
# BumpPtrAllocator slab when the includer is built with ASan
# (LLVM_ADDRESS_SANITIZER_BUILD in llvm/Support/Compiler.h assumes LLVM is
# too), so a slab that Ferric's inlined code allocates and libMLIR.so then
# fills (e.g. the attribute and location uniquers) reports use-after-poison.
# Heap, stack and global checks on Ferric's code are unaffected.
# FerricPlugin is not built here: an instrumented module cannot be loaded into
# the uninstrumented upstream mlir-opt, so the plugin test is unsupported.
#
# Slow: a full second build (about 15 minutes on 2 cores from a cold
# ccache) and a lit run about 2.5 times as long as the normal one (10
# minutes). FERRIC_JOBS sets the parallelism (default 2).
#
#===------------------------------------------------------------------------===#
set -uo pipefail
quick=0
if [ "${1:-}" = "--quick" ]; then
  quick=1
  shift
fi
root=$(cd "$(dirname "$0")/.." && pwd)
build=${FERRIC_ASAN_BUILD_DIR:-$root/build-asan}
jobs=${FERRIC_JOBS:-2}
llvm_bin=/usr/lib/llvm-22/bin
source "$root/scripts/ccache.sh"

if [ ! -f "$build/build.ninja" ]; then
  # -O1 keeps reports readable and the build cheaper than -O3; -g1 gives
  # line tables for symbolized stack traces. NDEBUG as in the normal build.
  cmake -G Ninja -S "$root" -B "$build" \
    -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_CXX_FLAGS_RELEASE="-O1 -g1 -DNDEBUG" \
    -DCMAKE_C_FLAGS_RELEASE="-O1 -g1 -DNDEBUG" \
    -DCMAKE_C_COMPILER=gcc -DCMAKE_CXX_COMPILER=g++ \
    -DMLIR_DIR=/usr/lib/llvm-22/lib/cmake/mlir \
    -DLLVM_EXTERNAL_LIT="$llvm_bin/lit" \
    "${ferric_launcher[@]}" \
    -DFERRIC_ENABLE_SANITIZERS=ON || exit 1
fi

# Build what builds (-k 0): a target that fails to compile is reported but
# does not keep the suite from running on the rest.
build_rc=0
if [ "$quick" -eq 1 ]; then
  ninja -C "$build" -j"$jobs" -k 0 ferric-run ferric-opt FerricRunnerTests \
    FerricRuntimeTests FerricCAPITests || build_rc=$?
else
  ninja -C "$build" -j"$jobs" -k 0 || build_rc=$?
fi
if [ ! -x "$build/bin/ferric-opt" ]; then
  echo "sanitize.sh: ferric-opt did not build" >&2
  exit 1
fi

export ASAN_OPTIONS=detect_leaks=0:allow_user_poisoning=0:strict_string_checks=1:detect_stack_use_after_return=1
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
export ASAN_SYMBOLIZER_PATH=$llvm_bin/llvm-symbolizer
export UBSAN_SYMBOLIZER_PATH=$llvm_bin/llvm-symbolizer

lit_rc=0
gtest_rc=0
if [ "$quick" -eq 1 ]; then
  ctest --test-dir "$build" --output-on-failure || gtest_rc=$?
  if [ $# -eq 0 ]; then
    # lit finds a source test through its path in the build tree.
    for t in "$root"/test/Integration/cpu/errors-*; do
      set -- "$@" "$build/test/Integration/cpu/$(basename "$t")"
    done
    set -- "$@" "$build/test/Dialect"
  fi
  # Only the tools built above: tests that need others are unsupported.
  "$llvm_bin/lit" -sv "$@" || lit_rc=$?
else
  ctest --test-dir "$build" --output-on-failure || gtest_rc=$?
  "$llvm_bin/lit" -sv "${@:-$build/test}" || lit_rc=$?
fi

echo "sanitize.sh: build exit status $build_rc, gtest exit status" \
  "$gtest_rc, lit exit status $lit_rc"
[ "$build_rc" -eq 0 ] && [ "$gtest_rc" -eq 0 ] && [ "$lit_rc" -eq 0 ]
