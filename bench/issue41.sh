#!/usr/bin/env bash
# The bench table of issue 41 on the GPU machine (H100/H200, torch 2.11, no
# LLVM; ferric-run of the static pack on PATH or in $FERRIC_RUN):
#
#   OUT=/some/dir bench/issue41.sh [PART...]     (default: all)
#
# Parts, each one bench/driver.py process against a static-shape
# torch.compile in the same process, sizes 2^28 then 2^24:
#   new       --workloads=issue41 (16 workloads, the issue's 7 first) at
#             f32, bf16 and f16: 96 rows
#   old-f32, old-bf16, old-f16
#             the default set and issue13's (27 workloads) at one dtype: 54
#             rows each; f32 and bf16 compare with bench/RESULTS.md's tables
#   old       old-f32 and old-bf16;  all: new, old-f32, old-bf16, old-f16
# Run time, estimated from earlier runs (80 issue-13 rows at 2^24 and 2^28
# in one call of at most 600 s on an H200: torch.compile's static recompile
# per shape and dtype and ferric-run's process with its generated inputs
# dominate): about 7 s a row at 2^28 and 3 s at 2^24, plus about 20 s per
# part to start torch. new ~500 s, each old part ~290 s: the whole grid
# (~1370 s) takes three calls: `new`; `old-f32 old-bf16`; `old-f16`.
# ISSUE41_SIZES (log2 sizes, default 28,24) narrows the grid: 24 alone runs
# all three old parts in one call (~300 s).
# The parts of one call stop starting rows after ISSUE41_BUDGET_S seconds
# (default 500, under the device tool's 600 s a command; the row in flight
# finishes) and list the rows they left out, so a slower machine gives a
# shorter table, never a lost one.
#
# Files in $OUT (at most 7): issue41-<part>.json (the driver's raw JSON, one
# per part run), issue41.jsonl (every row as measured, kept if the call is
# killed), issue41.md (the driver's tables, then one bench/tables.py table
# of all rows with the old ones against bench/'s current raw files of the
# same card: new/old time per row), issue41.log (stderr, the environment).
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
out=${OUT:-$PWD/issue41-out}
budget=${ISSUE41_BUDGET_S:-500}
sizes=${ISSUE41_SIZES:-28,24}
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
parts=()
for p in "${@:-all}"; do
  case $p in
    all) parts+=(new old-f32 old-bf16 old-f16) ;;
    old) parts+=(old-f32 old-bf16) ;;
    new | old-f32 | old-bf16 | old-f16) parts+=("$p") ;;
    *)
      echo "issue41.sh: unknown part '$p' (all, new, old, old-f32, old-bf16, old-f16)" >&2
      exit 2
      ;;
  esac
done

# The old workloads: the default set (softmax is softmax_1024 of issue13, so
# it runs once) and the issue-13 reductions.
old="swiglu,gelu_tanh,chain,bias_residual_act,row_scale,long_chain,rmsnorm,issue13"

card=$(nvidia-smi --query-gpu=name --format=csv,noheader 2>/dev/null | head -1)
{
  echo "issue41.sh ${*:-all}, $(date -u +%FT%TZ), budget ${budget}s"
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
    echo "## part $1: --workloads=$2 --dtypes=$3 --sizes=$sizes"
    echo
    "$python" "$here/driver.py" --ferric-run "$ferric_run" --workloads="$2" \
      --dtypes="$3" --sizes="$sizes" --deadline-s="$((left - 20))" \
      --json "$out/issue41-$1.json" --jsonl "$out/issue41.jsonl" \
      2>>"$log"
    echo
  } >>"$md"
}

for p in "${parts[@]}"; do
  case $p in
    new) run_part new issue41 f32,bf16,f16 ;;
    old-*) run_part "$p" "$old" "${p#old-}" ;;
  esac
done

# One compact table of every part, old rows against the current numbers of
# the same card (new/old time; the new workloads have none yet).
case $card in
  *H200*) base=(results-2026-12-06-h200-issue13-final.json
                results-2026-12-06-h200-elementwise.json) ;;
  *H100*) base=(results-2026-12-06-h100-issue13-2p24.json
                results-2026-12-06-h100-issue13-2p28-a.jsonl
                results-2026-12-06-h100-issue13-2p28-b.json) ;;
  *) base=() ;;
esac
args=()
for b in "${base[@]}"; do args+=(--baseline "$here/$b"); done
files=()
for p in "${parts[@]}"; do
  [ -s "$out/issue41-$p.json" ] && files+=("$out/issue41-$p.json")
done
# A part killed before its JSON: its rows from the .jsonl (later rows of the
# same workload, size and dtype replace earlier ones).
[ -s "$out/issue41.jsonl" ] && files=("$out/issue41.jsonl" "${files[@]}")
{
  if [ "${#files[@]}" -gt 0 ]; then
    echo "## compact table (bench/tables.py; new/old against ${base[*]:-no baseline})"
    echo
    "$python" "$here/tables.py" "${files[@]}" "${args[@]}"
    echo
  fi
  echo "wall time: $(($(date +%s) - start)) s"
} >>"$md" 2>>"$log"
echo "issue41.sh: $md ($(($(date +%s) - start)) s)"
