#!/usr/bin/env bash
# The run step of scripts/demo.sh (no setup, no build): fuse a shipped
# example and run it with ferric-run on every target this machine has,
# checking each result against the unfused program run on the CPU in f64.
#
#   scripts/demo-run.sh [--build DIR] [--targets "cpu vulkan cuda"]
#                       [EXAMPLE.mlir [ferric-run flags, e.g. --input=...]]
#
# Prints the fusion report, then one "check:" line
# per result and target. Targets: the CPU always; Vulkan when vulkaninfo
# finds a device (lavapipe on CPU-only machines); CUDA when nvidia-smi finds
# a GPU. --targets (or $FERRIC_DEMO_TARGETS) names them instead. Exits
# non-zero if any run or check fails. test/Scripts/demo-run.test runs it.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${FERRIC_BUILD_DIR:-$root/build}
targets=${FERRIC_DEMO_TARGETS:-}
while [ $# -gt 0 ]; do
  case "$1" in
  --build) build=$2; shift 2 ;;
  --targets) targets=$2; shift 2 ;;
  *) break ;;
  esac
done
example=${1:-$root/examples/swiglu.mlir}
[ $# -gt 0 ] && shift
if [ $# -eq 0 ] && [ "$example" = "$root/examples/swiglu.mlir" ]; then
  # silu(a) * b on 2^20 elements: two ops, one kernel after fusion.
  set -- --input=rand:1048576xf32 --input=rand:1048576xf32
fi
run="$build/bin/ferric-run"
if [ ! -x "$run" ]; then
  echo "demo: $run not found; build first (scripts/build.sh)" >&2
  exit 2
fi

skipped=()
if [ -z "$targets" ]; then
  targets="cpu"
  if command -v vulkaninfo >/dev/null &&
    vulkaninfo --summary 2>/dev/null | grep deviceName >/dev/null; then
    targets+=" vulkan"
  else
    skipped+=("vulkan (vulkaninfo finds no device)")
  fi
  if command -v nvidia-smi >/dev/null && nvidia-smi -L 2>/dev/null |
    grep -q '^GPU'; then
    targets+=" cuda"
  else
    skipped+=("cuda (nvidia-smi finds no GPU)")
  fi
fi

echo "== ferric demo: ${example#"$root"/} $*"
# The report comes from ferric-opt: ferric-run writes its --fuse-report only
# when it compiles, not on a kernel-cache hit.
echo "-- fusion report (ferric-opt --ferric-fuse)"
"$build/bin/ferric-opt" "$example" --ferric-fuse="report=-" -o /dev/null
failed=()
for target in $targets; do
  echo "-- $target: fused run, checked against the unfused run (CPU, f64)"
  if ! "$run" "$example" --target="$target" --check "$@"; then
    failed+=("$target")
  fi
done
for s in "${skipped[@]}"; do
  echo "-- skipped: $s"
done
if [ ${#failed[@]} -gt 0 ]; then
  echo "demo: FAILED on ${failed[*]}"
  exit 1
fi
echo "demo: every check passed ($targets)"
