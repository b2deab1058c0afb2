#!/usr/bin/env bash
# Runs Ferric's CUDA integration tests on a machine with an NVIDIA GPU but no
# LLVM/MLIR (and no lit/FileCheck): unpacks the self-contained ferric-run
# made by scripts/build-static.sh, then runs every `// RUN:` line of
# test/Integration/cuda/*.mlir with the `| FileCheck ...` part removed and
# checks the exit status (each RUN line is a single `ferric-run ... --check`).
#
#   scripts/gpu-tests.sh PACK.tar.xz [TEST_DIR]
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
pack=${1:?usage: gpu-tests.sh PACK.tar.xz [TEST_DIR]}
tests=${2:-$root/test/Integration/cuda}
work=${FERRIC_GPU_WORK:-/tmp/ferric-gpu}
mkdir -p "$work" && tar -C "$work" -xJf "$pack"
export PATH="$work/bin:$PATH" CUDA_HOME=${CUDA_HOME:-/usr/local/cuda}
export XDG_CACHE_HOME="$work/cache"
pass=0 fail=0
for t in "$tests"/*.mlir; do
  dir=$(dirname "$t")
  while IFS= read -r line; do
    cmd=${line#*RUN: }
    cmd=${cmd%%|*}
    cmd=${cmd//%s/$t}
    cmd=${cmd//%S/$dir}
    case "$cmd" in not\ *) expect_fail=1; cmd=${cmd#not };; *) expect_fail=0;; esac
    out=$(eval "$cmd" 2>&1); rc=$?
    if { [ $expect_fail = 0 ] && [ $rc = 0 ]; } || { [ $expect_fail = 1 ] && [ $rc != 0 ]; }; then
      pass=$((pass + 1))
    else
      fail=$((fail + 1))
      echo "FAIL: $(basename "$t"): $cmd"
      echo "$out" | tail -5 | sed 's/^/    /'
    fi
  done < <(grep -h '// RUN:' "$t")
done
echo "cuda integration: $pass passed, $fail failed"
[ $fail = 0 ]
