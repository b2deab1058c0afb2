#!/usr/bin/env python3
"""Differential fuzzer for Ferric: random programs run with ferric-run on
cpu, vulkan or cuda, compared with the fuzzer's own float64 numpy model.

  /usr/bin/python3 test/fuzz/ferric_fuzz.py --ferric-run build/bin/ferric-run \\
      --targets=cpu,vulkan --seed=1 --count=200 --jobs=2 --out=/tmp/fuzz

Each run is classified ok / wrong (a checked element outside its tolerance,
a missing or mistyped result) / rejected (non-zero exit with a diagnostic)
/ crash (a signal, "LLVM ERROR", an assertion, a stack dump) / timeout.
Rejections listed in EXPECTED_REJECTIONS (documented target limits, see
docs/TargetSupport.md) count as expected; everything else is a failure,
which is minimized and written to --out as a reproducer (prog.mlir, the
.npy inputs, expected.txt and run.sh). Exit status 1 if any failure.
"""
import argparse
import concurrent.futures
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import fuzzeval  # noqa: E402
import fuzzgen  # noqa: E402
import fuzzmodel as M  # noqa: E402

# Documented target limits (docs/TargetSupport.md): a rejection whose
# message matches one of these on that target is expected. Keep the two
# lists identical.
EXPECTED_REJECTIONS = [
    ('vulkan', r"the vulkan target needs static shapes and no scalar "
               r"arguments, but argument \d+ of @\w+ is (f16|f32|f64|bf16)"),
    ('vulkan', r"error: 'math\.(exp|log|tanh|powf|erf|sin|cos|log1p|expm1)'"
               r" op on f64 has no SPIR-V lowering for Vulkan: GLSL\.std\.450 implements it for 16- and "
               r"32-bit floats only \(use f32, or the cuda or cpu target\)"),
    ('vulkan', r"exceeds the SPIR-V pipeline's 32-bit index limit "
               r"\(2147483647\)"),
    ('vulkan', r"more elements than the 32-bit index of the vulkan target "
               r"allows \(2147483647\)"),
]

# Parts of the program space kept out of a target's CI batch because of a
# known defect that is not fixed yet (named in the report); the fuzzer
# still reaches them with --full-space.
KNOWN_DEFECT_EXCLUDES = {
    'cpu': set(),
    # Empty since ferric-legalize-math-for-spirv rewrites arithmetic with a
    # constant +-0 operand (lavapipe folded x * 0.0, 0.0 / x and x / 0.0);
    # ('mul/div', 'const 0') is how that part of the space was kept out.
    'vulkan': set(),
    'cuda': set(),
}

CRASH_PATTERNS = ['LLVM ERROR', 'Assertion', 'Stack dump', 'PLEASE submit',
                  'Segmentation fault', 'Aborted', 'UNREACHABLE',
                  'terminate called']


def write_case(prog, d):
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, 'prog.mlir'), 'w') as f:
        f.write(prog.mlir())
    inputs = []
    for a in prog.args:
        v = prog.inputs[a.name]
        if a.scalar:
            inputs.append(repr(float(v)))
            continue
        p = os.path.join(d, f'{a.name}.npy')
        np.save(p, M.to_npy_array(v, a.dt))
        inputs.append(p)
    outputs = [os.path.join(d, f'out{i}.npy') for i in range(len(prog.results))]
    return inputs, outputs


def command(ferric_run, d, target, inputs, outputs, extra=()):
    return ([ferric_run, os.path.join(d, 'prog.mlir'), f'--target={target}',
             '--no-cache'] + list(extra) + [f'--input={i}' for i in inputs]
            + [f'--output={o}' for o in outputs])


class Outcome:
    def __init__(self, cls, detail=''):
        self.cls, self.detail = cls, detail

    def failed(self):
        return self.cls not in ('ok', 'rejected-expected')


def classify_rejection(target, stderr):
    for t, pat in EXPECTED_REJECTIONS:
        if t == target and re.search(pat, stderr):
            return Outcome('rejected-expected', stderr.strip().splitlines()[-1])
    return Outcome('rejected', stderr.strip()[-2000:])


def run_case(prog, target, ferric_run, d, seed, timeout):
    inputs, outputs = write_case(prog, d)
    cmd = command(ferric_run, d, target, inputs, outputs)
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return Outcome('timeout', f'no result after {timeout} s')
    err = p.stderr + p.stdout
    if p.returncode < 0 or any(s in err for s in CRASH_PATTERNS):
        return Outcome('crash', f'exit {p.returncode}\n{err.strip()[-3000:]}')
    if p.returncode != 0:
        if not err.strip():
            return Outcome('rejected', f'exit {p.returncode} with no message')
        return classify_rejection(target, err)
    exp = fuzzeval.expected(prog, target, seed)
    bad = []
    for i, (res, (e, tol, checked)) in enumerate(zip(prog.results, exp)):
        try:
            got = M.from_npy_array(np.load(outputs[i]), res.dt)
        except (OSError, ValueError) as ex:
            return Outcome('wrong', f'result {i}: {ex}')
        idx = fuzzeval.compare(got, e, tol, checked, res.dt)
        if idx is None:
            return Outcome('wrong', f'result {i}: shape {got.shape}, want {e.shape}')
        if len(idx):
            j = tuple(idx[0])
            bad.append(f'result {i} ({res.type()}): {len(idx)} of {e.size} '
                       f'elements wrong, first at {list(j)}: got {got[j]!r}, '
                       f'want {e[j]!r} (tolerance {tol[j]:.3g})')
    if bad:
        return Outcome('wrong', '\n'.join(bad))
    return Outcome('ok')


def signature(o):
    """What must stay the same while minimizing."""
    if o.cls == 'rejected':
        lines = [ln for ln in o.detail.splitlines() if 'error' in ln]
        first = lines[0] if lines else o.detail
        return (o.cls, re.sub(r'[\d.]+|%\w+|<[^>]*>|loc\(.*\)', '', first)[:80])
    return (o.cls,)


def minimize(prog, target, ferric_run, work, seed, timeout, first, budget=40):
    import copy
    want = signature(first)
    best, best_out = prog, first
    tries = 0

    def attempt(cand):
        nonlocal tries
        tries += 1
        cand.dce()
        if not cand.results:
            return None
        o = run_case(cand, target, ferric_run,
                     os.path.join(work, f'min{tries}'), seed, timeout)
        return o if signature(o) == want else None

    changed = True
    while changed and tries < budget:
        changed = False
        # Drop results.
        for i in range(len(best.results)):
            if len(best.results) < 2 or tries >= budget:
                break
            cand = copy.deepcopy(best)
            del cand.results[i]
            o = attempt(cand)
            if o:
                best, best_out, changed = cand, o, True
                break
        if changed:
            continue
        # Replace an op by one of its operands of the same type.
        for oi in reversed(range(len(best.ops))):
            if tries >= budget:
                break
            op = best.ops[oi]
            subs = [a for a in op.args if a.same_type(op.res)]
            for s in subs:
                cand = copy.deepcopy(best)
                name, sname = op.res.name, s.name
                val = next(v for v in _vals(cand) if v.name == sname)
                _replace_uses(cand, name, val)
                o = attempt(cand)
                if o:
                    best, best_out, changed = cand, o, True
                    break
            if changed:
                break
    return best, best_out


def _vals(prog):
    return list(prog.args) + [op.res for op in prog.ops]


def _replace_uses(prog, name, val):
    for op in prog.ops:
        op.args = [val if a.name == name else a for a in op.args]
    prog.results = [val if r.name == name else r for r in prog.results]


def make_program(seed, index, target, max_ops, full_space):
    rng = np.random.default_rng([seed, index])
    space = fuzzgen.Space(target)
    if not full_space:
        space.exclude = KNOWN_DEFECT_EXCLUDES.get(target, set())
    return fuzzgen.Gen(rng, space).generate(max_ops)


def one(args, target, index, work):
    prog = make_program(args.seed, index, target, args.max_ops, args.full_space)
    d = os.path.join(work, f'{target}-{index}')
    out = run_case(prog, target, args.ferric_run, d, args.seed * 7919 + index,
                   args.timeout)
    if out.failed() and args.out:
        if args.minimize:
            prog, out = minimize(prog, target, args.ferric_run, d,
                                 args.seed * 7919 + index, args.timeout, out)
        rd = os.path.join(args.out, f'{target}-seed{args.seed}-{index}')
        shutil.rmtree(rd, ignore_errors=True)
        inputs, outputs = write_case(prog, rd)
        cmd = command(os.path.abspath(args.ferric_run), rd, target, inputs, outputs)
        with open(os.path.join(rd, 'run.sh'), 'w') as f:
            f.write('#!/bin/sh\n' + ' '.join(shlex.quote(c) for c in cmd) + '\n')
        exp = fuzzeval.expected(prog, target, args.seed * 7919 + index)
        with open(os.path.join(rd, 'expected.txt'), 'w') as f:
            f.write(f'{out.cls}\n{out.detail}\n\n')
            for i, (e, tol, chk) in enumerate(exp):
                f.write(f'result {i}: value {e.tolist()}\n  tolerance '
                        f'{tol.tolist()}\n  checked {chk.tolist()}\n')
    shutil.rmtree(d, ignore_errors=True)
    return target, index, out


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument('--ferric-run', default='build/bin/ferric-run')
    ap.add_argument('--targets', default='cpu')
    ap.add_argument('--seed', type=int, default=1)
    ap.add_argument('--count', type=int, default=100)
    ap.add_argument('--start', type=int, default=0, help='first program index')
    ap.add_argument('--jobs', type=int, default=2)
    ap.add_argument('--max-ops', type=int, default=8)
    ap.add_argument('--timeout', type=int, default=120)
    ap.add_argument('--out', default='', help='reproducer directory')
    ap.add_argument('--no-minimize', dest='minimize', action='store_false')
    ap.add_argument('--full-space', action='store_true',
                    help='also generate what KNOWN_DEFECT_EXCLUDES keeps out')
    ap.add_argument('--print', action='store_true',
                    help='print the programs instead of running them')
    ap.add_argument('--self-test', action='store_true')
    ap.add_argument('-v', '--verbose', action='store_true')
    args = ap.parse_args(argv)
    if args.self_test:
        import fuzzselftest
        return fuzzselftest.main()
    targets = [t for t in args.targets.split(',') if t]
    for t in targets:
        if t not in ('cpu', 'vulkan', 'cuda'):
            ap.error(f'unknown target {t!r}')
    if args.print:
        for t in targets:
            for i in range(args.start, args.start + args.count):
                print(f'// {t} program {i}')
                print(make_program(args.seed, i, t, args.max_ops,
                                   args.full_space).mlir())
        return 0
    if not os.access(args.ferric_run, os.X_OK):
        ap.error(f'{args.ferric_run} is not an executable')
    if args.out:
        os.makedirs(args.out, exist_ok=True)
    work = tempfile.mkdtemp(prefix='ferric-fuzz-')
    counts = {t: {} for t in targets}
    failures = []
    try:
        with concurrent.futures.ThreadPoolExecutor(args.jobs) as ex:
            futs = [ex.submit(one, args, t, i, work) for t in targets
                    for i in range(args.start, args.start + args.count)]
            for f in concurrent.futures.as_completed(futs):
                t, i, out = f.result()
                counts[t][out.cls] = counts[t].get(out.cls, 0) + 1
                if out.failed():
                    failures.append((t, i, out))
                    print(f'FAIL {t} program {i}: {out.cls}\n  ' +
                          out.detail.replace('\n', '\n  '), flush=True)
                elif args.verbose:
                    print(f'{out.cls} {t} program {i} {out.detail}', flush=True)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    for t in targets:
        c = counts[t]
        print(f'{t}: {args.count} programs: ' + ', '.join(
            f'{c.get(k, 0)} {k}' for k in ('ok', 'rejected-expected', 'wrong',
                                           'rejected', 'crash', 'timeout')))
    if failures and args.out:
        print(f'reproducers in {args.out}')
    return 1 if failures else 0


if __name__ == '__main__':
    sys.exit(main())
