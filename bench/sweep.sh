#!/usr/bin/env bash
# Times ferric-run on the GPU for a grid of codegen options (elements per
# thread, block size) on a few workloads at 2^28 elements; prints one line
# per configuration with the median device time per call.
#   bench/sweep.sh FERRIC_RUN
set -uo pipefail
fr=${1:-ferric-run}
here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d)
n=268435456
for w in swiglu:2 chain:3; do
  name=${w%%:*}; nin=${w##*:}
  for dt in f32 f16; do
    sed "s/\bT\b/$dt/g; s/xT>/x$dt>/g" "$here/workloads/$name.mlir" > "$tmp/$name-$dt.mlir"
    ins=""; for i in $(seq $nin); do ins="$ins --input=rand:${n}x$dt"; done
    for ept in 0 8 16; do
      for bs in 128 256 512; do
        line=$("$fr" "$tmp/$name-$dt.mlir" --target=cuda $ins --bench=30 \
          --pipeline-options="elements-per-thread=$ept block-size=$bs" 2>&1 | grep '^bench:')
        us=$(echo "$line" | grep -o '[0-9.]* us/call device')
        echo "sweep: $name $dt ept=$ept bs=$bs: $us"
      done
    done
  done
done
