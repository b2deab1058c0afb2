#!/usr/bin/env python3
"""Compact tables from bench/driver.py's raw files (no torch needed).

One line per (workload, dtype) with every size's Ferric time, % of copy
bandwidth, torch.compile time and ratio, as bench/RESULTS.md shows them:

  python3 bench/tables.py bench/results-2026-12-06-h200-issue13-final.json

Several files (.json from --json, .jsonl from --jsonl) are read in order;
a later row of the same (workload, size, dtype) replaces an earlier one.
% BW uses each .json's copy bandwidth; a .jsonl has none: give
--copy-gbs, or the last .json's is used. --baseline FILE adds, per size, Ferric's time in
FILE and new/old (a regression check against bench's current numbers;
compare files of the same card). --only W1,W2 keeps those workloads.
"""
import argparse
import json
import math


def load(paths, copy_gbs=None):
    """Rows by (workload, log2, dtype), each with its run's copy bandwidth
    ('_bw': its file's, else copy_gbs, else the last .json's)."""
    rows, bw = {}, None
    for p in paths:
        with open(p) as f:
            if p.endswith(".jsonl"):
                recs, own = [json.loads(l) for l in f if l.strip()], None
            else:
                d = json.load(f)
                recs, own = d.get("rows", []), d.get("copy_gbs")
                bw = own or bw
        for r in recs:
            r["_bw"] = own or copy_gbs
            rows[(r["workload"], r["log2"], r["dtype"])] = r
    for r in rows.values():
        r["_bw"] = r["_bw"] or bw
    return rows, bw


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("files", nargs="+")
    ap.add_argument("--copy-gbs", type=float)
    ap.add_argument("--baseline", action="append", default=[])
    ap.add_argument("--only", default="")
    args = ap.parse_args()
    rows, _ = load(args.files, args.copy_gbs)
    base, _ = load(args.baseline) if args.baseline else ({}, None)
    only = [w for w in args.only.split(",") if w]
    keys = list(dict.fromkeys((w, d) for w, _, d in rows))
    if only:
        keys = [k for k in keys if k[0] in only]
    sizes = sorted({lg for _, lg, _ in rows})
    head = "| workload | dtype |"
    for lg in sizes:
        head += (f" 2^{lg} us | % BW | compile us | vs compile |"
                 + (" old us | new/old |" if base else ""))
    head += " vs eager (largest) | launches |"
    print(head)
    print("|" + "---|" * (head.count("|") - 1))
    ratios = {lg: [] for lg in sizes}
    for w, d in keys:
        line = f"| {w} | {d} |"
        last = None
        for lg in sizes:
            r = rows.get((w, lg, d))
            if r is None or "us" not in r:
                err = "" if r is None else "error"
                line += f" {err} | | | |" + (" | |" if base else "")
                continue
            last = r
            pct = (f"{100 * r['bytes'] / r['us'] / 1e3 / r['_bw']:.0f}%"
                   if r["_bw"] else "")
            c = r["compile_us"] / r["us"]
            if not math.isnan(c):
                ratios[lg].append(c)
            mark = f"**{c:.2f}**" if c < 1 else f"{c:.2f}"
            line += f" {r['us']:.1f} | {pct} | {r['compile_us']:.1f} | {mark} |"
            if base:
                b = base.get((w, lg, d))
                if b and "us" in b:
                    q = r["us"] / b["us"]
                    line += (f" {b['us']:.1f} | "
                             + (f"**{q:.2f}**" if q > 1.05 else f"{q:.2f}")
                             + " |")
                else:
                    line += " | |"
        if last is None:
            line += " | |"
        else:
            line += f" {last['eager_us'] / last['us']:.2f} | {last['launches']} |"
        print(line)
    g = lambda v: math.exp(sum(map(math.log, v)) / len(v)) if v else float("nan")
    print()
    print("geomean vs torch.compile: " + ", ".join(
        f"2^{lg} {g(v):.2f} ({len(v)} rows, {sum(x < 1 for x in v)} under 1)"
        for lg, v in ratios.items()))


if __name__ == "__main__":
    main()
