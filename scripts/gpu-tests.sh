#!/usr/bin/env bash
# Runs Ferric's CUDA integration tests on a machine with an NVIDIA GPU but no
# LLVM/MLIR (and no lit/FileCheck): unpacks the self-contained ferric-run
# made by scripts/build-static.sh, then runs every `// RUN:` line of
# test/Integration/cuda/*.mlir (or of the files named: .mlir, or .test with
# `RUN:` lines, such as test/Import/upstream/cuda.test) with the
# `| FileCheck ...` part removed and checks the exit status (each RUN line is
# a single `ferric-run ... --check`).
#
#   scripts/gpu-tests.sh PACK.tar.xz [TEST_DIR_OR_FILE...]
#
# FERRIC_GPU_JOBS=N runs N RUN lines at once (default 1: the GPU is shared
# by the kernels of concurrent lines, so use this for correctness runs only,
# never while timing anything; 16 on a 16-core H100 machine runs the whole
# suite, ~1000 lines, in about 3.5 minutes).
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
pack=${1:?usage: gpu-tests.sh PACK.tar.xz [TEST_DIR_OR_FILE...]}
shift
[ $# -gt 0 ] || set -- "$root/test/Integration/cuda"
work=${FERRIC_GPU_WORK:-/tmp/ferric-gpu}
jobs=${FERRIC_GPU_JOBS:-1}
mkdir -p "$work" && tar -C "$work" -xJf "$pack"
export PATH="$work/bin:$PATH" CUDA_HOME=${CUDA_HOME:-/usr/local/cuda}
export XDG_CACHE_HOME="$work/cache" FERRIC_GPU_WORK="$work"

# Runs RUN line number $2 (1-based, counting RUN lines only; all of them
# when empty) of file $1; prints a "PASS: file" or "FAIL: file: ..." line
# for each. `RUN:` lines with or without a leading `//` (.mlir and .test
# files); %s, %S and %t are substituted as lit does, %python by python3
# (a checker script, such as Inputs/check_transposed_matmul.py, that exits
# non-zero on a wrong result; it needs numpy).
run_file() {
  local t=$1 only=${2:-} dir line cmd out rc expect_fail n=0
  dir=$(dirname "$t")
  while IFS= read -r line; do
    n=$((n + 1))
    [ -n "$only" ] && [ "$n" != "$only" ] && continue
    cmd=${line#*RUN: }
    cmd=${cmd%%|*}
    cmd=${cmd//%s/$t}
    cmd=${cmd//%S/$dir}
    cmd=${cmd//%python/python3}
    cmd=${cmd//%t/$FERRIC_GPU_WORK/tmp/$(basename "$t")}
    case "$cmd" in not\ *) expect_fail=1; cmd=${cmd#not };; *) expect_fail=0;; esac
    # `env A=x B=y not cmd` (no `not` binary there): A=x B=y cmd, failing.
    if [[ $cmd =~ ^env\ (([A-Za-z_][A-Za-z0-9_]*=[^ ]*\ )+)not\ (.*)$ ]]; then
      expect_fail=1
      cmd="${BASH_REMATCH[1]}${BASH_REMATCH[3]}"
    fi
    out=$(eval "$cmd" 2>&1); rc=$?
    if { [ $expect_fail = 0 ] && [ $rc = 0 ]; } || { [ $expect_fail = 1 ] && [ $rc != 0 ]; }; then
      echo "PASS: $(basename "$t") #$n"
    else
      echo "FAIL: $(basename "$t") #$n: $cmd"
      echo "$out" | tail -5 | sed 's/^/    /'
    fi
  done < <(grep -hE '^(// )?RUN:' "$t")
}
export -f run_file

files=()
for arg in "$@"; do
  if [ -d "$arg" ]; then files+=("$arg"/*.mlir); else files+=("$arg"); fi
done

# lit's `REQUIRES:` features, as test/lit.cfg.py finds them here: cuda (this
# machine), webgpu and webgpu-f16 from the webgpu runner's adapter probe
# (the webgpu pack unpacked into $work: share/ferric/webgpu). A file that
# requires one missing is reported UNSUPPORTED, not run (the H100's Dawn
# adapter has no shader-f16).
features=" cuda "
probe="$work/share/ferric/webgpu"
if [ -x "$probe/node" ] && out=$(timeout 60 "$probe/node" "$probe/ferric-webgpu.mjs" \
    --probe 2>/dev/null | tail -1); then
  features+="webgpu "
  grep -q '"shader-f16"' <<<"$out" && features+="webgpu-f16 "
fi
supported=()
for f in "${files[@]}"; do
  missing=""
  for need in $(grep -hE '^(// )?REQUIRES:' "$f" | sed 's/.*REQUIRES://' |
                tr ',' ' '); do
    [[ $features == *" $need "* ]] || missing+=" $need"
  done
  if [ -n "$missing" ]; then
    echo "UNSUPPORTED: $(basename "$f") (REQUIRES:$missing; features:$features)"
  else
    supported+=("$f")
  fi
done
files=("${supported[@]}")
# One job per RUN line (a file of 190 lines no longer runs alone at the
# end), except in files whose lines share %t (one writes what the next
# reads): those run as one job, in order.
mkdir -p "$work/tmp"
jobs_list=()
for f in "${files[@]}"; do
  if grep -qE '^(// )?RUN:.*%t' "$f"; then
    jobs_list+=("$f" "")
    continue
  fi
  count=$(grep -cE '^(// )?RUN:' "$f")
  for ((k = 1; k <= count; k++)); do jobs_list+=("$f" "$k"); done
done
# Each job's lines go to $work/progress.log as it finishes, and a failing
# job's to stderr at once, so that a run cut short (a time limit) still says
# what passed and what failed.
: > "$work/progress.log"
printf '%s\0' "${jobs_list[@]}" |
  xargs -0 -n2 -P"$jobs" bash -c 'r=$(mktemp "$FERRIC_GPU_WORK/result.XXXXXX"); run_file "$1" "$2" > "$r" 2>&1; cat "$r" >> "$FERRIC_GPU_WORK/progress.log"; if grep -q "^FAIL: " "$r"; then cat "$r" >&2; fi; rm -f "$r"' _
results=$(cat "$work/progress.log")
pass=$(grep -c '^PASS: ' <<<"$results")
fail=$(grep -c '^FAIL: ' <<<"$results")
echo "gpu-tests: $pass passed, $fail failed"
[ "$fail" = 0 ]
