"""Runs an entry of Inputs/matmul_transposed.mlir and checks it with numpy.

Usage: check_transposed_matmul.py FERRIC_RUN PROGRAM TARGET DTYPE ENTRY
           SHAPE [ferric-run arguments...]
ENTRY is transposed or batched (SHAPE: MxKxN or BxMxKxN; the inputs are
a, a^T, b, b^T and every result must be a @ b), or linear / linear_relu
(SHAPE: MxKxN; the inputs x, w (N x K) and bias; the result is
x @ w^T + bias, through relu for linear_relu). Inputs are uniform in
[-1, 1), rounded to DTYPE; the reference is numpy in f64 on the rounded
inputs. Prints one `result I: ok` or `result I: FAILED ...` line per result
and exits 1 on a failure.
"""
import os
import subprocess
import sys
import tempfile

import numpy as np

# Tolerances: the result rounding of DTYPE on values up to about sqrt(K),
# plus f32 accumulation.
TOL = {"f32": (1e-4, 1e-5), "f16": (2e-2, 1e-2), "bf16": (0.1, 2e-2)}


def rounded(x, dtype):
    """x rounded to dtype, as (values in f64, array to save)."""
    if dtype == "bf16":
        bits = x.astype(np.float32).view(np.uint32)
        # Round to nearest even on the upper 16 bits.
        bits = (bits + 0x7FFF + ((bits >> 16) & 1)) >> 16
        stored = bits.astype(np.uint16)
        values = (stored.astype(np.uint32) << 16).view(np.float32)
        return values.astype(np.float64), stored
    np_type = {"f32": np.float32, "f16": np.float16}[dtype]
    stored = x.astype(np_type)
    return stored.astype(np.float64), stored


def loaded(path, dtype):
    x = np.load(path)
    if dtype == "bf16":
        return (x.astype(np.uint32) << 16).view(np.float32).astype(np.float64)
    return x.astype(np.float64)


def main():
    ferric_run, program, target, dtype, entry, shape = sys.argv[1:7]
    extra = sys.argv[7:]
    dims = [int(d) for d in shape.split("x")]
    rng = np.random.default_rng(1234)

    def rand(*s):
        return rounded(rng.uniform(-1, 1, size=s), dtype)

    if entry in ("transposed", "batched"):
        batch = dims[:-3]
        m, k, n = dims[-3:]
        a, a_np = rand(*batch, m, k)
        b, b_np = rand(*batch, k, n)
        swap = lambda t: np.ascontiguousarray(np.swapaxes(t, -1, -2))
        inputs = [a_np, swap(a_np), b_np, swap(b_np)]
        want = [a @ b] * 4
    else:
        m, k, n = dims
        x, x_np = rand(m, k)
        w, w_np = rand(n, k)
        bias, bias_np = rand(n)
        inputs = [x_np, w_np, bias_np]
        y = x @ w.T + bias
        want = [np.maximum(y, 0) if entry == "linear_relu" else y]

    with tempfile.TemporaryDirectory() as tmp:
        args = [ferric_run, program, "--target=" + target, "--entry=" + entry]
        for i, t in enumerate(inputs):
            path = os.path.join(tmp, "in%d.npy" % i)
            np.save(path, t)
            args.append("--input=" + path)
        outs = [os.path.join(tmp, "out%d.npy" % i) for i in range(len(want))]
        args += ["--output=" + p for p in outs] + extra
        run = subprocess.run(args, stdout=subprocess.PIPE,
                             stderr=subprocess.STDOUT, text=True)
        sys.stdout.write(run.stdout)
        if run.returncode != 0:
            print("ferric-run FAILED with exit code %d" % run.returncode)
            return 1
        atol, rtol = TOL[dtype]
        failed = False
        for i, (path, expected) in enumerate(zip(outs, want)):
            got = loaded(path, dtype)
            if got.shape != expected.shape:
                print("result %d: FAILED shape %s, expected %s" %
                      (i, got.shape, expected.shape))
                failed = True
                continue
            err = np.abs(got - expected)
            bad = err > atol + rtol * np.abs(expected)
            if bad.any():
                at = tuple(int(j) for j in np.argwhere(bad)[0])
                print("result %d: FAILED at %s: %r, expected %r (%d bad)" %
                      (i, at, got[at], expected[at], int(bad.sum())))
                failed = True
            else:
                print("result %d: ok (max error %.3g)" % (i, err.max()))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
