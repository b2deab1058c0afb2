#!/usr/bin/env python3
"""Runs one function of a ferric program through WGSL on WebGPU and checks
it against the CPU:

  ferric-opt (specialize shapes, keep the entry, ferric-lower-to-wgsl
  kernels-only) | ferric-translate --mlir-to-wgsl, then
  node ferric-webgpu.mjs --run on seeded inputs, against
  ferric-run --target=cpu on the same inputs.

  webgpu_check.py TOOLS_DIR RUNNER PROGRAM ENTRY SPEC... [--rtol=R --atol=A]

SPEC is randn:37x1000xf32 or rand:... (f32 or f16). Prints
"webgpu-check: result I: SHAPE: max abs err E: ok" per result; exits 1 on a
mismatch or a failed step (whose output it prints).
"""
import os
import subprocess
import sys
import tempfile

import numpy as np


def run(cmd, **kw):
    p = subprocess.run(cmd, capture_output=True, text=True, **kw)
    if p.returncode != 0:
        sys.stdout.write(p.stdout + p.stderr)
        print("webgpu-check: FAILED: %s exited %d" % (os.path.basename(cmd[0]),
                                                      p.returncode))
        sys.exit(1)
    return p.stdout


def main():
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    opts = dict(a[2:].split("=", 1) for a in sys.argv[1:]
                if a.startswith("--"))
    tools, runner, program, entry = args[:4]
    specs = args[4:]
    rtol, atol = float(opts.get("rtol", 1e-4)), float(opts.get("atol", 1e-5))
    rng = np.random.default_rng(7)
    tmp = tempfile.mkdtemp(prefix="webgpu-check-")
    inputs, shapes = [], []
    for i, spec in enumerate(specs):
        kind, rest = spec.split(":")
        dims, _, dtype = rest.rpartition("x") if "x" in rest else ("", "", rest)
        shape = [int(d) for d in dims.split("x")] if dims else []
        x = (rng.standard_normal(shape) if kind == "randn"
             else rng.random(shape)).astype({"f32": np.float32,
                                             "f16": np.float16}[dtype])
        path = os.path.join(tmp, "in%d.npy" % i)
        np.save(path, x)
        inputs.append(path)
        shapes.append("x".join(map(str, shape)) if shape else "scalar")
    with open(program) as f:
        source = f.read()
    lowered = run([os.path.join(tools, "ferric-opt"),
                   "--ferric-specialize-shapes=entry=%s shapes=%s"
                   % (entry, ",".join(shapes)),
                   "--symbol-privatize=exclude=%s" % entry, "--symbol-dce",
                   "--ferric-lower-to-wgsl=kernels-only=true", "-"],
                  input=source)
    wgsl = os.path.join(tmp, "kernels.wgsl")
    with open(wgsl, "w") as f:
        f.write(run([os.path.join(tools, "ferric-translate"),
                     "--mlir-to-wgsl", "-"], input=lowered))
    ref = run([os.path.join(tools, "ferric-run"), program, "--target=cpu",
               "--entry=" + entry] + ["--input=" + p for p in inputs] +
              ["--print"])
    count = ref.count("result ")
    refs = [os.path.join(tmp, "ref%d.npy" % i) for i in range(count)]
    run([os.path.join(tools, "ferric-run"), program, "--target=cpu",
         "--entry=" + entry] + ["--input=" + p for p in inputs] +
        ["--output=" + p for p in refs])
    outs = [os.path.join(tmp, "out%d.npy" % i) for i in range(count)]
    sys.stdout.write(run(["node", runner, "--run", wgsl, "--entry=" + entry]
                         + ["--input=" + p for p in inputs] +
                         ["--output=" + p for p in outs]))
    ok = True
    for i, (r, o) in enumerate(zip(refs, outs)):
        want = np.load(r)
        if not os.path.exists(o):
            # A result the host code makes (a copy or view of another
            # buffer): --run replays kernel launches only.
            print("webgpu-check: result %d: not written by a kernel: skipped"
                  % i)
            continue
        got = np.load(o).reshape(want.shape)
        if want.dtype == np.bool_:
            err = float(np.count_nonzero(want != got))
            good = err == 0
        else:
            w, g = want.astype(np.float64), got.astype(np.float64)
            err = float(np.max(np.abs(w - g))) if w.size else 0.0
            good = np.allclose(g, w, rtol=rtol, atol=atol, equal_nan=True)
        ok = ok and good
        print("webgpu-check: result %d: %s: max abs err %.3g: %s"
              % (i, "x".join(map(str, want.shape)) or "scalar", err,
                 "ok" if good else "FAILED"))
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
