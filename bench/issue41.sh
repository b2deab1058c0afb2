#!/usr/bin/env bash
# The bench table of issue 41 on the GPU machine (H100/H200, torch 2.11, no
# LLVM; ferric-run of the static pack on PATH or in $FERRIC_RUN):
#
#   OUT=/some/dir bench/issue41.sh [all|new|old|old-f16]
#
# Parts, each one bench/driver.py process against a static-shape
# torch.compile in the same process, sizes 2^28 then 2^24:
#   new      --workloads=issue41 (16 workloads) at f32, bf16 and f16: 96 rows
#   old      the default set and issue13's (27 workloads) at f32 and bf16:
#            108 rows, comparable with bench/RESULTS.md's current tables
#   old-f16  the same 27 at f16: 54 rows
#   all      new, then old, then old-f16, under one budget (the default)
# Run time: about 7 s a row at 2^28 and 3 s at 2^24 (torch.compile's static
# recompile per shape and dtype, ferric-run's process and its generated
# inputs; estimated from earlier runs: 80 issue-13 rows in one 600 s call on
# an H200), plus about 20 s per part for torch's start: new ~8.5 min, old
# ~9.5 min, old-f16 ~5 min. Every part stops starting rows after
# ISSUE41_BUDGET_S seconds in all (default 500, under the device tool's 600 s
# per command) and lists the rows it left out, so `all` in one call gives
# the new workloads and as many old rows as fit; the whole grid takes three
# calls: `new`, `old`, `old-f16`.
#
# Files in $OUT (at most 7): issue41-<part>.json (the driver's raw JSON) and
# .jsonl (each row as measured; kept if the call is killed), issue41.md (the
# driver's tables, then bench/tables.py's compact tables, the old workloads
# against bench/'s current raw files of the same card: new/old time per
# row), issue41.log (stderr and the environment).
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
out=${OUT:-$PWD/issue41-out}
part=${1:-all}
budget=${ISSUE41_BUDGET_S:-500}
python=${PYTHON:-python3}
ferric_run=${FERRIC_RUN:-$(command -v ferric-run || true)}
mkdir -p "$out"
md=$out/issue41.md
log=$out/issue41.log
start=$(date +%s)

if [ -z "$ferric_run" ]; then
  echo "issue41.sh: no ferric-run on PATH (set FERRIC_RUN)" >&2
  exit 2
fi
case $part in all | new | old | old-f16) ;; *)
  echo "issue41.sh: unknown part '$part' (all, new, old, old-f16)" >&2
  exit 2
  ;;
esac

# The old workloads: the default set (softmax is softmax_1024 of issue13, so
# it runs once) and the issue-13 reductions.
old="swiglu,gelu_tanh,chain,bias_residual_act,row_scale,long_chain,rmsnorm,issue13"

card=$(nvidia-smi --query-gpu=name --format=csv,noheader 2>/dev/null | head -1)
{
  echo "issue41.sh $part, $(date -u +%FT%TZ), budget ${budget}s"
  echo "card: ${card:-unknown}; ferric-run: $ferric_run"
  git -C "$here/.." log -1 --format='commit %H %s' 2>/dev/null || true
  "$python" -c 'import torch; print("torch", torch.__version__)'
} >>"$log" 2>&1

run_part() { # name workloads dtypes
  local left=$((budget - ($(date +%s) - start)))
  if [ "$left" -le 30 ]; then
    echo "part $1 not started: the budget is spent" | tee -a "$md"
    return
  fi
  echo "== part $1: --workloads=$2 --dtypes=$3 (${left}s left)" >>"$log"
  {
    echo "## part $1: --workloads=$2 --dtypes=$3 --sizes=28,24"
    echo
    "$python" "$here/driver.py" --ferric-run "$ferric_run" --workloads="$2" \
      --dtypes="$3" --sizes=28,24 --deadline-s="$((left - 20))" \
      --json "$out/issue41-$1.json" --jsonl "$out/issue41-$1.jsonl" \
      2>>"$log"
    echo
  } >>"$md"
}

case $part in
  all | new) run_part new issue41 f32,bf16,f16 ;;
esac
case $part in
  all | old) run_part old "$old" f32,bf16 ;;
esac
case $part in
  all | old-f16) run_part old-f16 "$old" f16 ;;
esac

# Compact tables; old rows against the current numbers of the same card.
case $card in
  *H200*) base=(results-2026-12-06-h200-issue13-final.json
                results-2026-12-06-h200-elementwise.json) ;;
  *H100*) base=(results-2026-12-06-h100-issue13-2p24.json
                results-2026-12-06-h100-issue13-2p28-a.jsonl
                results-2026-12-06-h100-issue13-2p28-b.json) ;;
  *) base=() ;;
esac
{
  for p in new old old-f16; do
    f=$out/issue41-$p.jsonl
    [ -s "$f" ] || continue
    echo "## compact: $p"
    echo
    args=()
    for b in "${base[@]}"; do args+=(--baseline "$here/$b"); done
    if [ "$p" = new ]; then args=(); fi
    "$python" "$here/tables.py" "$f" --copy-gbs "$(
      "$python" -c 'import json,sys; print(json.load(open(sys.argv[1]))["copy_gbs"])' \
        "$out/issue41-$p.json" 2>/dev/null || echo 0)" "${args[@]}"
    echo
  done
  echo "wall time: $(($(date +%s) - start)) s"
} >>"$md" 2>>"$log"
echo "issue41.sh: $md ($(($(date +%s) - start)) s)"
