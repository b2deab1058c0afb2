"""FX (ATen) -> ferric translation, op by op, against eager torch."""

import pytest

from torch_helpers import assert_close, compile_fn, ferric_ran, torch

R = torch.randn


def _ops():
    x, y = R(4, 8), R(4, 8)
    pos = torch.rand(4, 8) + 0.1
    row = R(8)
    mask = x > 0
    return [
        ("neg", lambda a: -a, (x,)),
        ("abs", torch.abs, (x,)),
        ("exp", torch.exp, (x,)),
        ("log", torch.log, (pos,)),
        ("sqrt", torch.sqrt, (pos,)),
        ("rsqrt", torch.rsqrt, (pos,)),
        ("tanh", torch.tanh, (x,)),
        ("relu", torch.relu, (x,)),
        ("sigmoid", torch.sigmoid, (x,)),
        ("silu", lambda a: torch.nn.functional.silu(a), (x,)),
        ("gelu", lambda a: torch.nn.functional.gelu(a), (x,)),
        ("gelu_tanh", lambda a: torch.nn.functional.gelu(
            a, approximate="tanh"), (x,)),
        ("reciprocal", torch.reciprocal, (pos,)),
        ("clamp", lambda a: torch.clamp(a, -0.5, 0.7), (x,)),
        ("clamp_min", lambda a: torch.clamp(a, min=0.1), (x,)),
        ("hardtanh", lambda a: torch.nn.functional.hardtanh(a), (x,)),
        ("add_alpha", lambda a, b: torch.add(a, b, alpha=2.0), (x, y)),
        ("sub", lambda a, b: a - b, (x, y)),
        ("mul_bcast", lambda a, b: a * b, (x, row)),
        ("div", lambda a, b: a / b, (x, pos)),
        ("rsub", lambda a: 1.0 - a, (x,)),
        ("maximum", torch.maximum, (x, y)),
        ("minimum", torch.minimum, (x, y)),
        ("pow2", lambda a: a ** 2, (x,)),
        ("pow_frac", lambda a: a ** 1.5, (pos,)),
        ("pow_tensor", lambda a, b: a ** b, (pos, y)),
        ("where", lambda a, b: torch.where(a > b, a, b), (x, y)),
        ("masked_fill", lambda a, m: a.masked_fill(m, 0.25), (x, mask)),
        ("lt", lambda a, b: (a < b).float(), (x, y)),
        ("ge_scalar", lambda a: (a >= 0.1).to(torch.float32) * a, (x,)),
        ("eq_ne", lambda a, b: torch.where(a != b, a, b), (x, y)),
        ("cast_f64", lambda a: a.double() * 2, (x,)),
        ("sum", lambda a: a.sum(-1), (x,)),
        ("sum_all", lambda a: a.sum(), (x,)),
        ("mean_keep", lambda a: a.mean(-1, keepdim=True) * a, (x,)),
        ("amax", lambda a: a - a.amax(-1, keepdim=True), (x,)),
        ("sum_dtype", lambda a: a.sum(-1, dtype=torch.float64), (x,)),
        ("amin", lambda a: a.amin(0), (x,)),
        ("mean_unsq", lambda a: a - a.mean(-1).unsqueeze(-1), (x,)),
        ("softmax", lambda a: torch.softmax(a, -1), (x,)),
        ("log_softmax", lambda a: torch.log_softmax(a, -1), (x,)),
        ("mm", lambda a, b: a @ b, (x, R(8, 3))),
        ("addmm", lambda b, a, w: torch.addmm(b, a, w), (R(3), x, R(8, 3))),
        ("bmm", torch.bmm, (R(2, 4, 8), R(2, 8, 5))),
        ("expand", lambda a, b: a.expand(4, 8) + b, (row, y)),
        ("unsqueeze0", lambda a, b: a.unsqueeze(0) * b, (row, y)),
    ]


OPS = _ops()


@pytest.mark.parametrize("name,fn,inputs", OPS, ids=[o[0] for o in OPS])
def test_op_matches_eager(name, fn, inputs):
    compiled = compile_fn(fn, *inputs)
    parts = ferric_ran(compiled)
    got = compiled(*inputs)
    assert parts, "no ferric partition for %s" % name
    assert not compiled.report.fell_back or all(
        "min_ops" not in why for _, _, why in compiled.report.fell_back)
    assert_close(got, fn(*inputs))


@pytest.mark.parametrize("dtype", [torch.float16, torch.bfloat16,
                                   torch.float64])
def test_dtypes(dtype):
    x, y = R(16, 32).to(dtype), R(32).to(dtype)

    # (Debian's torch 1.13 has no f16 sigmoid/exp on the CPU.)
    def f(a, b):
        h = a * a.abs() + b
        return h / h.abs().amax(-1, keepdim=True)
    compiled = compile_fn(f, x, y)
    got = compiled(x, y)
    assert ferric_ran(compiled)
    assert_close(got, f(x, y))


def test_new_signature_compiles_again():
    f = lambda a: torch.exp(a) * 2.0  # noqa: E731
    x = R(4, 8)
    compiled = compile_fn(f, x)
    assert_close(compiled(x), f(x))
    z = R(3, 5, 7)
    assert_close(compiled(z), f(z))
    assert len(compiled.reports) == 2


def test_non_contiguous_input_is_made_contiguous():
    f = lambda a, b: a.sum(-1) * b + 1.0  # noqa: E731
    xt, y = R(8, 4).t(), R(4)
    assert not xt.is_contiguous()
    compiled = compile_fn(f, xt, y)
    assert ferric_ran(compiled)
    assert_close(compiled(xt, y), f(xt, y))


def test_strided_eager_results_stay_eager():
    # Elementwise ops on a transposed operand keep its layout in eager, and
    # the graph reads the result back through those strides (make_fx
    # writes _reshape_alias with them): such ops are not ferric's.
    def f(x, c):
        q = x.transpose(1, 2)
        r = q * c + 1.0
        return r @ r.transpose(-1, -2)
    x, c = R(1, 4, 3, 8), R(4, 8)
    compiled = compile_fn(f, x, c)
    assert_close(compiled(x, c), f(x, c))
    assert any("strided" in why for _, _, why in compiled.report.fell_back)


def test_bool_result():
    f = lambda a, b: a < b  # noqa: E731
    x, y = R(4, 8), R(4, 8)
    compiled = compile_fn(f, x, y)
    assert ferric_ran(compiled)
    got = compiled(x, y)
    assert got.dtype == torch.bool
    assert torch.equal(got, f(x, y))


def test_outputs_keep_torch_shapes():
    # A ferric value computed at a smaller (broadcast) shape comes back at
    # torch's shape.
    def f(a, b):
        return a.expand(4, 8) * 2.0, torch.exp(b)
    a, b = R(1, 8), R(4, 8)
    compiled = compile_fn(f, a, b)
    got = compiled(a, b)
    want = f(a, b)
    for g, w in zip(got, want):
        assert_close(g, w)
