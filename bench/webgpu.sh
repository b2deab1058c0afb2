#!/usr/bin/env bash
# WebGPU (WGSL through Dawn) against Vulkan (SPIR-V) and CUDA on the same
# machine: SwiGLU, a row softmax and LayerNorm at 2^24 f32 elements, each
# through ferric-run --bench. Prints one "webgpu-bench:" line per workload
# and target with ferric-run's bench line (median wall us/call; "device":
# the timestamp-query time of the call's last kernel on WebGPU and Vulkan,
# CUDA events around the call on CUDA), or the one-line reason a target
# cannot run.
#
#   bench/webgpu.sh [FERRIC_RUN] [CALLS]     (CALLS defaults to 20)
#
# WebGPU's wall time includes sending every buffer of every launch to the
# node process over a socket and back (its runtime keeps "device" memory on
# the host, like Vulkan's); compare device times. On the GPU machine (NVIDIA
# Vulkan driver, headless), after scripts/pack-webgpu.sh here and unpacking
# its tarball there:
#   VK_ICD_FILENAMES=$PWD/runtime/vulkan/nvidia_egl_icd.json bench/webgpu.sh
# Here (SwiftShader, CPU) it runs too, slowly: FERRIC_BENCH_LOG2=20 makes
# the workloads 2^20 elements.
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
fr=${1:-$root/build/bin/ferric-run}
calls=${2:-20}
log2=${FERRIC_BENCH_LOG2:-24}
n=$((1 << log2))
cols=4096
[ "$log2" -lt 16 ] && cols=$((1 << (log2 / 2)))
rows=$((n / cols))
targets=${FERRIC_BENCH_TARGETS:-webgpu vulkan cuda}
# Dawn may coarsen timestamp-query results unless told not to (its
# timestamp_quantization toggle, a fingerprinting defence in browsers).
export FERRIC_WEBGPU_DAWN_OPTIONS=${FERRIC_WEBGPU_DAWN_OPTIONS:-disable-dawn-features=timestamp_quantization}
rg=$root/test/Integration/Inputs/row_groups.mlir
run() { # name program entry inputs...
  local name=$1 prog=$2 entry=$3
  shift 3
  for t in $targets; do
    out=$("$fr" "$prog" --target="$t" --entry="$entry" "$@" --bench="$calls" 2>&1)
    line=$(echo "$out" | grep '^bench:' | head -1)
    echo "webgpu-bench: $name f32 2^$log2 $t: ${line:-$(echo "$out" | tail -1)}"
  done
}
run swiglu "$root/examples/swiglu.mlir" swiglu \
  --input=randn:${n}xf32 --input=randn:${n}xf32
run softmax "$rg" softmax_f32 --input=randn:${rows}x${cols}xf32
run layernorm "$rg" layernorm_f32 --input=randn:${rows}x${cols}xf32 \
  --input=randn:${cols}xf32 --input=randn:${cols}xf32
