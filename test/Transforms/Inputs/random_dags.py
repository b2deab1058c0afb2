#!/usr/bin/env python3
"""Property test of ferric-fuse on random DAGs of ferric ops.

Generates random functions of ferric ops (unary, binary, cmp+select, casts,
broadcasts, scalar and splat operands, hand-written ferric.fused ops and
ferric.reduce barriers) over small static shapes, runs `ferric-opt
--ferric-fuse` on many functions per invocation, and checks for each
function that

  * ferric-opt succeeds (so the verifier accepts the fused IR),
  * the signature is unchanged (every original result is still produced),
  * no elementwise op stays outside a kernel although its only consumer is
    a fusible op over the same iteration space (a missed fusion), and
  * the fused function computes the same values as the unfused one, as
    evaluated by the small interpreter below, which reads the generic form
    of both the unfused ferric ops and the ferric.fused bodies.

Values are computed in Python doubles. Explicit narrowing (ferric.cast,
arith.truncf) and f16/bf16 transcendental ops (computed in f32 and
narrowed back) round to the target type; constants round to their type.

On a failure the script prints the seed, what failed, and a reduced
function (results dropped and producers cut into arguments while the
failure persists), with the IR ferric-opt made of it.

Standard library only.
"""

import argparse
import os
import re
import subprocess
import sys
import tempfile

# The parts, by concept: dag_floats.py (float helpers), dag_ir.py (the
# parser), dag_interp.py (the interpreter), dag_gen.py (the generator).
from dag_gen import arg_values, Function, Generator, GenOp
from dag_interp import compare, missed_fusions, run_function, Tensor
from dag_ir import parse_module

# ===----------------------------------------------------------------------===
# Driver
# ===----------------------------------------------------------------------===


def run_opt(opt, text, extra, generic=True):
    return run_opts(opt, text, [extra], generic)[0]


def run_opts(opt, text, extras, generic=True):
    """Runs ferric-opt on `text` once per list of extra arguments, all at
    the same time; returns (returncode, stdout, stderr) of each."""
    return finish_opts(start_opts(opt, text, extras, generic))


def start_opts(opt, text, extras, generic=True):
    """Starts the runs of run_opts; finish_opts waits for them."""
    with tempfile.NamedTemporaryFile("w", suffix=".mlir", delete=False) as f:
        f.write(text)
        path = f.name
    procs = []
    for extra in extras:
        o = tempfile.TemporaryFile("w+")
        e = tempfile.TemporaryFile("w+")
        cmd = [opt, path] + (["--mlir-print-op-generic"]
                             if generic else []) + extra
        procs.append((subprocess.Popen(cmd, stdout=o, stderr=e, text=True),
                      o, e))
    return path, procs


def finish_opts(handle):
    path, procs = handle
    outs = []
    for p, o, e in procs:
        p.wait()
        o.seek(0)
        e.seek(0)
        outs.append((p.returncode, o.read(), e.read()))
        o.close()
        e.close()
    os.unlink(path)
    return outs


def check_one(name, ref_funcs, fused_funcs, args, checks):
    """Returns None or a description of the failure of function `name`."""
    if name not in fused_funcs:
        return "function missing after ferric-fuse"
    ref, got = ref_funcs[name], fused_funcs[name]
    if ref[0] != got[0]:
        return "signature changed: %s became %s" % (ref[0], got[0])
    try:
        expected = run_function(ref, args)
    except Exception as e:  # noqa: BLE001 - report, don't crash
        return "interpreter error on the unfused IR: %r" % e
    try:
        actual = run_function(got, args)
    except Exception as e:  # noqa: BLE001
        return "interpreter error on the fused IR: %r" % e
    mismatch = compare(expected, actual)
    if mismatch:
        return "wrong value: " + mismatch
    if checks["missed"]:
        missed = missed_fusions(got)
        if missed:
            return "missed fusion: " + "; ".join(missed)
    for op in got[2]:
        if checks["all_fused"] and op.name.startswith("ferric.") and \
                op.name not in ("ferric.fused", "ferric.broadcast",
                                "ferric.reduce"):
            return "min-ops=1 left %s %s unfused" % (op.name,
                                                     op.results[0])
        limit = checks["max_inputs"]
        if op.name == "ferric.fused" and limit >= 3 and \
                len(op.operands) > limit:
            return "a ferric.fused reads %d inputs, more than max-inputs" \
                   % len(op.operands)
        # A lone op (not fused) binds at most 4 buffers: the bound is on
        # what fusion builds.
        limit = checks["max_buffers"]
        buffers = len(op.operands) + len(op.results)
        if op.name == "ferric.fused" and limit >= 4 and buffers > limit:
            return "a ferric.fused binds %d buffers, more than max-buffers" \
                   % buffers
    return None


def check_single(opt, func, args, pass_opt, checks):
    """Runs the whole check on one function; returns the failure or None."""
    text = func.text()
    rc, ref_out, err = run_opt(opt, text, [])
    if rc != 0:
        return "invalid input (generator bug): " + err.strip()
    rc, out, err = run_opt(opt, text, [pass_opt])
    if rc != 0:
        return "ferric-opt --ferric-fuse failed: " + err.strip()
    return check_one(func.name, parse_module(ref_out), parse_module(out),
                     args, checks)


def kind_of(failure):
    return failure.split(":", 1)[0]


def reduce_failure(opt, func, args, failure, pass_opt, checks,
                   budget=150):
    """Greedily shrinks `func` while it fails the same way: drops results,
    removes dead ops, and cuts producers into new arguments (carrying the
    value the producer computed)."""
    kind = kind_of(failure)
    calls = [0]

    def fails(f, a):
        if calls[0] >= budget:
            return None
        calls[0] += 1
        r = check_single(opt, f, a, pass_opt, checks)
        return r if r and kind_of(r) == kind else None

    def dce(f):
        live = set(f.results)
        kept = []
        for op in reversed(f.ops):
            if any(d in live for d in op.defs):
                kept.append(op)
                live.update(op.uses)
        f.ops = list(reversed(kept))
        return f

    def copy(f):
        g = Function(f.name)
        g.args = list(f.args)
        g.ops = list(f.ops)
        g.results = list(f.results)
        g.types = dict(f.types)
        return g

    changed = True
    while changed and calls[0] < budget:
        changed = False
        # Drop results.
        for r in list(func.results):
            if len(func.results) == 1:
                break
            g = copy(func)
            g.results.remove(r)
            dce(g)
            res = fails(g, args)
            if res:
                func, failure, changed = g, res, True
        # Cut producers into arguments (those that define one value).
        try:
            env_funcs = parse_module(run_opt(opt, func.text(), [])[1])
            _, block_args, ops = env_funcs[func.name]
        except Exception:  # noqa: BLE001
            break
        values = evaluate_named(env_funcs[func.name], args, func)
        for i, op in enumerate(list(func.ops)):
            if len(op.defs) != 1 or "arith.constant" in op.text:
                continue
            d = op.defs[0]
            if d not in values or d.startswith("%arg"):
                continue
            g = copy(func)
            new = "%%cut%d" % len(g.args)
            g.args.append((new, g.types[d], None))
            g.ops = [o for o in g.ops if o is not op]
            g.ops = [GenOp(re.sub(re.escape(d) + r"\b", new, o.text),
                           o.defs, [new if u == d else u for u in o.uses],
                           {}) for o in g.ops]
            g.results = [new if r == d else r for r in g.results]
            g.types[new] = g.types[d]
            dce(g)
            a = list(args) + [values[d]]
            res = fails(g, a)
            if res:
                func, args, failure, changed = g, a, res, True
                break
    # Drop the arguments nothing uses.
    used = {u for op in func.ops for u in op.uses} | set(func.results)
    keep = [i for i, (a, _, _) in enumerate(func.args) if a in used]
    if len(keep) < len(func.args):
        g = copy(func)
        g.args = [func.args[i] for i in keep]
        a = [args[i] for i in keep]
        res = fails(g, a)
        if res:
            func, args, failure = g, a, res
    return func, args, failure


def evaluate_named(parsed, args, func):
    """Values of the generated names, by running the unfused function with
    every op's result returned."""
    env = {}
    run_function(parsed, args, env)
    out = {}
    # The parsed generic form renames values; map them back by position.
    gen_defs = [d for op in func.ops for d in op.defs]
    parsed_defs = [r for op in parsed[2] if op.name != "func.return"
                   for r in op.results]
    if len(gen_defs) == len(parsed_defs):
        for g, p in zip(gen_defs, parsed_defs):
            out[g] = env[p]
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--ferric-opt", required=True)
    ap.add_argument("--count", type=int, default=2000)
    ap.add_argument("--first-seed", type=int, default=1)
    ap.add_argument("--batch", type=int, default=250)
    ap.add_argument("--pass-options", default="",
                    help="options of ferric-fuse, e.g. 'recompute-cheap'")
    ap.add_argument("--no-missed-check", action="store_true",
                    help="skip the missed-fusion check")
    ap.add_argument("--no-determinism-check", action="store_true",
                    help="run ferric-opt once per batch, not twice")
    ap.add_argument("--dump", help="write the generated module here")
    ap.add_argument("--generate-only", action="store_true",
                    help="with --dump: only write the module, check nothing")
    ap.add_argument("--max-failures", type=int, default=3)
    ap.add_argument("--max-ops", type=int, default=Generator.max_ops,
                    help="most ops a generated function has")
    args = ap.parse_args()

    pass_opt = "--ferric-fuse" + (
        "=%s" % args.pass_options if args.pass_options else "")
    options = dict(o.split("=", 1) if "=" in o else (o, "true")
                   for o in args.pass_options.split())
    checks = {
        # Limits legitimately keep producers out of their consumer's group.
        "missed": not args.no_missed_check and "max-inputs" not in options
        and "max-ops" not in options and "max-buffers" not in options,
        "all_fused": options.get("min-ops") == "1" and
        "max-inputs" not in options and "max-buffers" not in options,
        "max_inputs": int(options.get("max-inputs", 0)),
        "max_buffers": int(options.get("max-buffers", 0)),
    }
    seeds = list(range(args.first_seed, args.first_seed + args.count))
    Generator.max_ops = args.max_ops
    if args.generate_only:
        if not args.dump:
            ap.error("--generate-only needs --dump")
        with open(args.dump, "w") as f:
            f.write("\n\n".join(Generator(s).generate().text()
                                 for s in seeds) + "\n")
        return 0
    failures = 0
    checked = 0
    stats = {"fused": 0, "ops": 0}
    dumped = []
    def start_batch(start):
        """Generates a batch and starts ferric-opt on it: the unfused
        module, the fused one and, to check determinism, the fused one
        again (other addresses, other thread interleaving)."""
        batch = seeds[start:start + args.batch]
        funcs = {}
        for s in batch:
            funcs[s] = Generator(s).generate()
        module = "\n\n".join(f.text() for f in funcs.values())
        if args.dump:
            dumped.append(module)
        return batch, funcs, start_opts(
            args.ferric_opt, module, [[], [pass_opt]] +
            ([] if args.no_determinism_check else [[pass_opt]]))

    starts = list(range(0, len(seeds), args.batch))
    pending = start_batch(starts[0]) if starts else None
    for i in range(len(starts)):
        batch, funcs, handle = pending
        # ferric-opt works on the next batch while this one is checked.
        pending = start_batch(starts[i + 1]) if i + 1 < len(starts) else None
        runs = finish_opts(handle)
        rc, ref_out, err = runs[0]
        if rc != 0:
            print("error: the generated module does not parse:\n" + err)
            return 1
        rc, out, err = runs[1]
        if rc == 0 and not args.no_determinism_check:
            rc2, out2, _ = runs[2]
            if rc2 != 0 or out2 != out:
                print("FAIL: ferric-opt %s is not deterministic on seeds "
                      "%d..%d" % (pass_opt, batch[0], batch[-1]))
                failures += 1
        ref_funcs = parse_module(ref_out)
        fused_funcs = parse_module(out) if rc == 0 else {}
        for s, f in funcs.items():
            vals = arg_values(f, s)
            if rc == 0:
                failure = check_one(f.name, ref_funcs, fused_funcs, vals,
                                    checks)
            else:
                failure = check_single(args.ferric_opt, f, vals, pass_opt,
                                       checks)
            checked += 1
            if rc == 0 and f.name in fused_funcs:
                stats["fused"] += sum(op.name == "ferric.fused"
                                      for op in fused_funcs[f.name][2])
                stats["ops"] += len(f.ops)
            if not failure:
                continue
            failures += 1
            if failures > args.max_failures:
                continue
            small, small_args, small_failure = reduce_failure(
                args.ferric_opt, f, vals, failure, pass_opt, checks)
            print("FAIL: seed %d: %s" % (s, failure))
            print("reduced (%s):" % small_failure)
            print(small.text())
            print("arguments:")
            for (a, t, _), v in zip(small.args, small_args):
                print("  %s: %s = %s" % (a, t, v.data if isinstance(
                    v, Tensor) else v))
            _, fused, ferr = run_opt(args.ferric_opt, small.text(),
                                     [pass_opt], generic=False)
            print("ferric-opt %s gives:" % pass_opt)
            print(fused if fused.strip() else ferr)
            print("reproduce: %s %s --count 1 --first-seed %d%s" % (
                os.path.basename(sys.argv[0]), "--ferric-opt ferric-opt", s,
                (" --pass-options '%s'" % args.pass_options)
                if args.pass_options else ""))
            sys.stdout.flush()
        if rc != 0 and failures == 0:
            print("error: ferric-opt failed on the batch but on no single "
                  "function:\n" + err)
            return 1
    if args.dump:
        with open(args.dump, "w") as f:
            f.write("\n\n".join(dumped) + "\n")
    print("checked %d functions (%d generated ops, %d ferric.fused after "
          "fusion), %d failed" % (checked, stats["ops"], stats["fused"],
                                  failures))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
