#!/usr/bin/env bash
# The GPU checks of the open issues, in sections that share one time budget,
# for the device tool's calls (one GPU, CUDA 13, torch 2.x, no LLVM, no node,
# no Vulkan loader; at most 600 s a command and 64 MiB carried).
#
# Here (the build machine), once the packs are built (scripts/build-static.sh,
# scripts/pack-webgpu.sh --with-node):
#
#   scripts/gpu-session.sh --prepare
#
# fetches the Vulkan/GL loader packages the webgpu section unpacks (.gl/, with
# apt-get download) and prints the carry list and its size. On the GPU
# machine, from the repository root:
#
#   OUT=$OUT BUDGET_S=560 scripts/gpu-session.sh SECTION...
#
# Sections, in the order given; each is cut to what is left of BUDGET_S:
#   suite     test/Integration/cuda and the upstream CUDA import tests through
#             scripts/gpu-tests.sh (all lines, failures listed; ~300 s)
#   rows      the row-program, reduction, LayerNorm-training and cuBLASLt
#             files of test/Integration/cuda (~40 s)
#   webgpu    test/Integration/webgpu through Dawn on the GPU's Vulkan driver,
#             then bench/webgpu.sh (WebGPU vs Vulkan SPIR-V vs CUDA; ~200 s)
#   lnbwd     bench/partitions/gpt2_layernorm_backward.mlir at 4096 rows:
#             ferric-run --bench, then ncu's device time of each launch
#             (~60 s)
#   torch     torch 2.x tests of ferric.torch, the blocks' training
#             partitions (--dump, --explain), then bench/torch_blocks.py with
#             --profile 20 (needs the C API pack; ~250 s)
#   lazy      bench/lazy_host.py, f32 and bf16, then the numpy round trip per
#             staging chunk size (needs the C API pack; ~150 s)
#   fuzz      test/fuzz/ferric_fuzz.py on CUDA, 120 programs (~70 s)
#   i41-old   bench/issue41.sh old-f32 old-bf16 old-f16 at 2^24 (~300 s)
#   i41-new   bench/issue41.sh new at 2^28 and 2^24 (~500 s)
#
# $OUT gets summary.txt (the card, the commit, one line per section and its
# failures) and all.tgz (every log and table): the device tool brings back at
# most 8 files.
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
packs="build-static/ferric-gpu-pack.tar.xz build-static/ferric-webgpu-pack.tar.xz"
capi=build-static/ferric-capi-pack.tar.xz
debs="libvulkan1 libegl1 libgl1 libgles2 libglvnd0 libglx0 libopengl0"

if [ "${1:-}" = "--prepare" ]; then
  mkdir -p .gl
  if ! ls .gl/libvulkan1_*.deb >/dev/null 2>&1; then
    (cd .gl && apt-get download $debs) || {
      echo "gpu-session: apt-get download of $debs failed" >&2; exit 1; }
  fi
  git rev-parse --short HEAD > .gl/HEAD
  for p in $packs $capi; do
    [ -f "$p" ] || echo "gpu-session: $p is missing (scripts/build-static.sh," \
      "scripts/pack-webgpu.sh --with-node)" >&2
  done
  # The working tree travels too (the tracked files).
  tree=$(git ls-files -z | xargs -0 du -cb 2>/dev/null | tail -1 | cut -f1)
  size() { du -cb "$@" 2>/dev/null | tail -1 |
    awk -v t="$tree" '{printf "  %.1f MiB of 64 with the tree\n", ($1 + t) / 1048576}'; }
  echo "carry (call 1: suite webgpu fuzz i41-*): $packs .gl"
  size $packs .gl
  echo "carry (calls with torch or lazy): build-static/ferric-gpu-pack.tar.xz $capi .gl"
  size build-static/ferric-gpu-pack.tar.xz $capi .gl
  exit 0
fi

out=${OUT:?OUT: the folder that comes back}
budget=${BUDGET_S:-560}
t0=$(date +%s)
export PATH=/usr/local/cuda/bin:$PATH
summary=$out/summary.txt
logs=$out/logs
mkdir -p "$logs"

# Seconds for a step that wants $1: what is left, at least 5.
left() {
  local l=$((budget - ($(date +%s) - t0)))
  [ "$l" -gt "$1" ] && echo "$1" || echo $((l > 5 ? l : 5))
}
say() { echo "== $* (at $(($(date +%s) - t0)) s)" | tee -a "$summary"; }
unpack() { # pack dir
  [ -f "$2/.unpacked-$(basename "$1")" ] && return 0
  mkdir -p "$2" && tar -C "$2" -xJf "$1" && touch "$2/.unpacked-$(basename "$1")"
}
failures() { grep -E -A6 '^(FAIL|FAILED|ERROR|Timeout)' "$1" | head -${2:-40} >> "$summary"; }

{
  nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv,noheader
  echo "commit $(cat .gl/HEAD 2>/dev/null || echo unknown)"
  python3 -c "import torch; print('torch', torch.__version__)" 2>&1
} >> "$summary"
unpack build-static/ferric-gpu-pack.tar.xz /tmp/ferric-gpu
run=/tmp/ferric-gpu/bin/ferric-run

capi_env() {
  unpack "$capi" /tmp/capi || return 1
  export FERRIC_LIB_DIR=/tmp/capi/lib CUDA_HOME=/usr/local/cuda PYTHONPATH=python
}

for section in "$@"; do
  case $section in
  suite)
    FERRIC_GPU_JOBS=16 timeout "$(left 320)" scripts/gpu-tests.sh \
      build-static/ferric-gpu-pack.tar.xz test/Integration/cuda/*.mlir \
      test/Import/upstream/cuda.test > "$logs/suite.txt" 2>&1
    say "suite rc=$?"
    grep '^gpu-tests:' "$logs/suite.txt" >> "$summary"
    failures "$logs/suite.txt" 60
    ;;
  rows)
    # The reduction and row-program tests alone (~1/6 of the suite).
    FERRIC_GPU_JOBS=16 timeout "$(left 120)" scripts/gpu-tests.sh \
      build-static/ferric-gpu-pack.tar.xz test/Integration/cuda/run-row*.mlir \
      test/Integration/cuda/run-reduce*.mlir \
      test/Integration/cuda/run-layernorm-training.mlir \
      test/Integration/cuda/run-transformer-tail.mlir \
      test/Integration/cuda/cublaslt-*.mlir > "$logs/rows.txt" 2>&1
    say "rows rc=$?"
    grep '^gpu-tests:' "$logs/rows.txt" >> "$summary"
    failures "$logs/rows.txt" 40
    ;;
  webgpu)
    for f in .gl/*.deb; do dpkg -x "$f" /; done
    ldconfig
    unpack build-static/ferric-webgpu-pack.tar.xz /tmp/ferric-gpu
    (export VK_ICD_FILENAMES=$root/runtime/vulkan/nvidia_egl_icd.json
     FERRIC_GPU_JOBS=8 timeout "$(left 90)" scripts/gpu-tests.sh \
       build-static/ferric-gpu-pack.tar.xz test/Integration/webgpu/*.mlir \
       > "$logs/webgpu.txt" 2>&1
     echo "rc=$?" >> "$logs/webgpu.txt"
     # 5 calls: WebGPU's wall time is ~0.6-0.8 s a call at 2^24 (every
     # buffer through the node process); 20 did not fit 60 s (H100).
     timeout "$(left 150)" bench/webgpu.sh "$run" 5 > "$logs/webgpu-bench.txt" 2>&1
     echo "rc=$?" >> "$logs/webgpu-bench.txt")
    say "webgpu $(tail -1 "$logs/webgpu.txt"), bench $(tail -1 "$logs/webgpu-bench.txt")"
    grep '^gpu-tests:' "$logs/webgpu.txt" >> "$summary"
    failures "$logs/webgpu.txt" 30
    grep '^|' "$logs/webgpu-bench.txt" >> "$summary"
    ;;
  torch)
    capi_env || { say "torch: no C API pack ($capi)"; continue; }
    timeout "$(left 120)" python3 -m pytest -v -o faulthandler_timeout=100 \
      -p no:cacheprovider python/tests/test_torch_dynamo.py \
      python/tests/test_torch_training.py python/tests/test_torch_partition.py \
      python/tests/test_torch_linear.py python/tests/test_more_ops.py \
      python/tests/test_dlpack_release.py > "$logs/torch-tests.txt" 2>&1
    say "torch tests rc=$? $(tail -1 "$logs/torch-tests.txt")"
    failures "$logs/torch-tests.txt" 30
    # This torch's partitions of the blocks' training graphs (their ferric
    # IR under logs/parts) and what fell back: the graphs differ from the
    # CPU machine's torch 1.13.
    timeout "$(left 60)" python3 bench/torch_partition_kernels.py \
      --modes train --dtypes bf16 --tokens 64 --hidden 2048 --heads 16 \
      --mlp 5632 --dump "$logs/parts" --explain > "$logs/parts.txt" 2>&1
    say "torch partitions rc=$?"
    grep '^| ' "$logs/parts.txt" >> "$summary"
    b=$(left 200)
    FERRIC_CUDA_PROFILE=1 timeout $((b + 20)) python3 -X faulthandler \
      bench/torch_blocks.py --out "$logs/blocks" --blocks llama,gpt2 \
      --tokens 1,4096,16 --modes fwd,train --backends eager,inductor,ferric \
      --iters 20 --profile 20 --budget-s "$b" > "$logs/blocks.txt" 2>&1
    say "torch blocks rc=$?"
    cat "$logs/blocks/torch_blocks.md" >> "$summary" 2>/dev/null
    ;;
  lnbwd)
    f=bench/partitions/gpt2_layernorm_backward.mlir
    in="--input=rand:1x4096x1xf32 --input=randn:1x4096x2048xbf16"
    in+=" --input=rand:1x4096x1xf32 --input=randn:1x4096x2048xbf16"
    in+=" --input=randn:2048xbf16 --input=randn:1x4096x2048xbf16"
    timeout "$(left 40)" "$run" "$f" --target=cuda $in --bench=20 \
      > "$logs/lnbwd.txt" 2>&1
    say "lnbwd bench rc=$? $(grep '^bench:' "$logs/lnbwd.txt")"
    # One call (no --bench): each launch's device time, in launch order.
    timeout "$(left 90)" ncu --metrics gpu__time_duration.sum --csv "$run" \
      "$f" --target=cuda $in > "$logs/lnbwd-ncu.csv" 2>&1
    say "lnbwd ncu rc=$?"
    grep gpu__time_duration "$logs/lnbwd-ncu.csv" |
      awk -F'","' '{print "  launch " $1 " " $5 " grid " $9 " block " $8 ": " $NF " " $(NF-1)}' |
      tr -d '"' |
      head -40 >> "$summary"
    ;;
  lazy)
    capi_env || { say "lazy: no C API pack ($capi)"; continue; }
    timeout "$(left 120)" python3 bench/lazy_host.py --target cuda \
      --out "$logs/lazy" > "$logs/lazy.txt" 2>&1
    say "lazy rc=$?"
    cat "$logs"/lazy/*.md >> "$summary" 2>/dev/null
    # The numpy round trip at 2^20 and 2^24 per staging chunk size (the
    # default is 1 MiB; issue 40's copies ran at 0.75x torch's).
    for chunk in 262144 4194304 16777216; do
      [ $((budget - ($(date +%s) - t0))) -gt 40 ] || break
      FERRIC_CUDA_STAGING_CHUNK=$chunk timeout "$(left 30)" python3 \
        bench/lazy_host.py --target cuda --skip record,block \
        --round-trip 20,24 --out "$logs/lazy-chunk-$chunk" \
        > "$logs/lazy-chunk-$chunk.txt" 2>&1
      say "lazy staging chunk $chunk rc=$?"
      cat "$logs/lazy-chunk-$chunk"/*.md >> "$summary" 2>/dev/null
    done
    ;;
  fuzz)
    timeout "$(left 80)" python3 test/fuzz/ferric_fuzz.py --ferric-run "$run" \
      --targets=cuda --seed="${FUZZ_SEED:-$(date +%Y%m%d)}" --count=120 \
      --jobs=14 > "$logs/fuzz.txt" 2>&1
    say "fuzz rc=$? $(tail -1 "$logs/fuzz.txt")"
    ;;
  i41-old | i41-new)
    parts="old-f32 old-bf16 old-f16" sizes=24
    [ "$section" = i41-new ] && parts=new sizes=28,24
    b=$(($(left 560) - 20))
    FERRIC_RUN=$run OUT=$logs/$section ISSUE41_SIZES=$sizes \
      ISSUE41_BUDGET_S=$b timeout $((b + 20)) bench/issue41.sh $parts \
      > "$logs/$section.txt" 2>&1
    say "$section rc=$?"
    tail -5 "$logs/$section.txt" >> "$summary"
    ;;
  *)
    say "unknown section $section (see the head of $0)"
    ;;
  esac
done
say total
(cd "$out" && tar czf all.tgz logs && rm -rf logs)
