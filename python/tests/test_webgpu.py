"""The webgpu target: WGSL through Dawn (node + npm `webgpu`; SwiftShader
here), and the WGSL text itself (expr.wgsl(), f.wgsl(), ferric_emit_wgsl),
which needs no GPU. Skipped where the target cannot run (the WGSL text tests
run everywhere)."""

import json

import numpy as np
import pytest

import ferric
from ferric import E

from conftest import make_input, assert_close

webgpu = pytest.mark.skipif(
    not ferric.target_available("webgpu"),
    reason="webgpu: %s" % ferric.target_unavailable_reason("webgpu"))


def _silu(x):
    return x / (1 + np.exp(-x))


def _sections(text):
    parts, name = {}, None
    for line in text.splitlines():
        if line.startswith("// ----- "):
            name = line[len("// ----- "):].strip()
            parts[name] = ""
        elif name:
            parts[name] += line + "\n"
    return parts


def test_expr_wgsl_text_and_manifest():
    expr = E.input(0).silu() * E.input(1)
    text = expr.wgsl(ferric.spec((1000,)), ferric.spec((1000,)))
    parts = _sections(text)
    manifest = json.loads(parts.pop("manifest.json"))
    # One fused kernel: one shader.
    assert len(parts) == 1 and len(manifest["kernels"]) == 1
    (wgsl,) = parts.values()
    assert "@compute @workgroup_size(64, 1, 1)" in wgsl
    kernel = manifest["kernels"][0]
    assert [b["elements"] for b in kernel["bindings"]] == [1000] * 3
    (launches,) = manifest["launches"].values()
    assert [[k for k in b if k != "elements"] for b in
            launches[0]["buffers"]] == [["input"], ["input"], ["output"]]


def test_function_wgsl_takes_its_pipeline_options():
    f = ferric.compile(lambda a: a * 2.0, target="webgpu",
                       pipeline="block-size=128")
    assert "@workgroup_size(128, 1, 1)" in f.wgsl(np.zeros(300, np.float32))


def test_wgsl_rejects_f64_with_a_clear_error():
    with pytest.raises(ferric.FerricError, match="f64"):
        (E.input(0) * 2.0).wgsl(ferric.spec((8,), "f64"))


@webgpu
def test_swiglu_webgpu_eval(rng):
    a = rng.standard_normal(4099).astype(np.float32)
    b = rng.standard_normal(4099).astype(np.float32)
    out = ferric.eval([a, b], E.input(0).silu() * E.input(1),
                      target="webgpu")
    assert_close(out, _silu(a.astype(np.float64)) * b, 1e-6, 1e-7)


@webgpu
def test_webgpu_jit_reductions_at_odd_sizes(rng):
    # 3-element rows at 1023 rows: the row max and min accumulate into a
    # buffer the host fills first (the shape that once disagreed).
    @ferric.jit(target="webgpu")
    def stats(x):
        y = x * 2.0
        return y.sum(dims=1), y.amax(dims=1), y.amin(dims=1)

    for shape in ((1023, 3), (37, 1001)):
        x = rng.standard_normal(shape).astype(np.float32)
        s, mx, mn = stats(x)
        y = x.astype(np.float64) * 2
        assert_close(s, y.sum(axis=1), 1e-5, 1e-5)
        np.testing.assert_array_equal(mx, (x * 2).max(axis=1))
        np.testing.assert_array_equal(mn, (x * 2).min(axis=1))


@webgpu
def test_webgpu_bf16_matches_cpu(rng):
    x, _ = make_input(rng.standard_normal(1000), "bf16")
    y, _ = make_input(rng.standard_normal(1000), "bf16")
    f = lambda a, b: a.silu() * b
    got = ferric.compile(f, target="webgpu")(x, y)
    want = ferric.compile(f, target="cpu")(x, y)
    np.testing.assert_array_equal(np.asarray(got, np.float32),
                                  np.asarray(want, np.float32))
