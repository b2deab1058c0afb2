"""Writes the .npy inputs of the run-more-ops tests (Inputs/more_ops.mlir).

Usage: gen_more_ops_inputs.py PREFIX DTYPE  (f32, f16, bf16 or f64)
writes PREFIX.<name>.npy for each input below, 20 elements each, rounded
to DTYPE (bf16 as raw <u2 bits, as ferric-run reads it).
"""
import sys

import numpy as np

inf, nan = np.inf, np.nan
INPUTS = {
    # sin/cos: zeros, pi, large |x| (below 102900, where the Vulkan
    # expansion hands over to the driver), infinities, NaN, tiny.
    "trig": [0, -0.0, 0.5, -1.25, 3.140625, 10, -100, 1000.5, 1e4, -3e4,
             9e4, 102000, inf, -inf, nan, 1e-20, 1.5707964, -2.3561945,
             62831.85, 7.0],
    # erf/log1p/expm1: tiny x (where log(1 + x) and exp(x) - 1 lose every
    # digit), the ends of the series' ranges, -1 (log1p = -inf), below -1
    # (NaN), large (expm1(9) still fits f16), infinities, NaN.
    "small": [0, -0.0, 1e-10, -1e-10, 1e-30, 3e-4, -3e-4, 0.25, -0.4, 0.9,
              -0.75, -1, -1.5, 5, 9, -20, inf, -inf, nan, 0.999],
    # floor/ceil/round/sign/reciprocal: halves (round: ties to even), just
    # below a half, signed zeros, integers, infinities, NaN, 2^23 + 1.
    "round": [0.5, 1.5, 2.5, -0.5, -1.5, -2.5, 0.49999997, -0.3, 0, -0.0,
              7.75, -7.25, 1e30, -inf, inf, nan, 3, -4, 1e-30, 8388609],
    # clamp: below, inside and above [lo, hi], lo > hi, NaN in x and in a
    # bound, infinities, signed zeros.
    "cx": [-3, -1.5, -1, 0, 0.25, 0.5, 1, 2, 3, nan, inf, -inf, -0.0, 0.0,
           1.75, -2.5, 5, 0.75, -0.75, 2.5],
    "clo": [-1, -1, -1, -1, -1, -1, -1, -1, 2, -1, -1, -1, 0.0, -0.0, 1,
            -1, nan, 1, -1, 0],
    "chi": [1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0.0, 0.0, 1.5, 1, 2, 0.5,
            1, nan],
    # RoPE-like chain: values, and angles up to a few thousand radians.
    "x": [0.5, -1.25, 2, 0, -0.0, 3.5, -2.75, 1, 0.125, -0.625, 1.5, -3,
          0.75, 2.25, -1, 0.3, -0.2, 1.1, -1.9, 2.6],
    "y": [1, 0.25, -0.5, 2, 0.75, -1.5, 0.6, -0.8, 1.2, 0.1, -2, 0.9, 1.4,
          -0.35, 0.55, 2.2, -1.1, 0.45, 0.05, -0.7],
    "p": [0, 0.1, -0.2, 1, 3.5, -7, 100, 1234.5, -4321, 0.001, 2, -2, 6.25,
          50, -0.0, 8, 300, -0.7, 0.35, 1e3],
}


def bf16_bits(v):
    b = np.asarray(v, np.float32).view(np.uint32).astype(np.uint64)
    nanv = np.isnan(np.asarray(v, np.float32))
    r = ((b + 0x7FFF + ((b >> 16) & 1)) >> 16).astype("<u2")
    return np.where(nanv, np.uint16(0x7FC0), r).astype("<u2")


def main():
    prefix, dtype = sys.argv[1], sys.argv[2]
    for name, values in INPUTS.items():
        assert len(values) == 20, name
        v = np.array(values, np.float64)
        with np.errstate(over="ignore"):
            if dtype == "bf16":
                a = bf16_bits(v.astype(np.float32))
            else:
                a = v.astype({"f32": "<f4", "f16": "<f2", "f64": "<f8"}[dtype])
        np.save("%s.%s.npy" % (prefix, name), a)


if __name__ == "__main__":
    main()
