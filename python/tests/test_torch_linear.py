"""Linear layers (issue 38): make_fx writes them as ``t(W)`` then
``mm`` / ``addmm``; the transposed weight is read with ferric.matmul's
transpose flag, so the layer is computed inside a Ferric partition."""

import pytest

from torch_helpers import (assert_close, compile_fn, ferric_ran, ft, make_fx,
                           torch)


def _fell_back(report, op):
    return [why for _, name, why in report.fell_back if name == op]


def _ops(compiled):
    return [op for p in ferric_ran(compiled) for op in p.ops]


@pytest.mark.parametrize("bias", [True, False])
def test_linear_2d_inside_a_partition(bias):
    torch.manual_seed(0)
    lin = torch.nn.Linear(29, 19, bias=bias)

    def f(x):
        return torch.relu(lin(x)) * 2.0
    x = torch.randn(37, 29)
    with torch.no_grad():
        compiled = compile_fn(f, x, min_ops=2)
        assert_close(compiled(x), f(x))
    report = compiled.report
    ops = _ops(compiled)
    assert "t" in ops and ("addmm" if bias else "mm") in ops, ops
    assert len(report.partitions) == 1
    assert not _fell_back(report, "t") and not _fell_back(report, "addmm") \
        and not _fell_back(report, "mm"), report.fell_back


@pytest.mark.parametrize("bias", [True, False])
def test_linear_3d_input(bias):
    # The 3-D input is viewed as 2-D around the addmm (views ferric does
    # not take): the linear is a partition of its own (min_ops=1).
    torch.manual_seed(1)
    lin = torch.nn.Linear(16, 9, bias=bias)
    x = torch.randn(2, 5, 16)
    with torch.no_grad():
        compiled = compile_fn(lambda x: lin(x), x, min_ops=1)
        assert_close(compiled(x), lin(x))
    ops = _ops(compiled)
    assert "t" in ops and ("addmm" if bias else "mm") in ops, ops
    assert not _fell_back(compiled.report, "t")


def test_bmm_with_transposed_operands():
    def f(q, k, v):
        s = torch.bmm(q, k.transpose(1, 2)) * 0.25
        return torch.bmm(s.tanh(), v.permute(0, 2, 1))
    q, k, v = torch.randn(3, 5, 8), torch.randn(3, 7, 8), torch.randn(3, 6, 7)
    compiled = compile_fn(f, q, k, v, min_ops=2)
    assert_close(compiled(q, k, v), f(q, k, v))
    ops = _ops(compiled)
    assert ops.count("bmm") == 2 and "transpose" in ops and "permute" in ops
    assert len(compiled.report.partitions) == 1


def test_transposed_lhs():
    f = lambda a, b: torch.relu(a.t() @ b) + 1.0  # noqa: E731
    a, b = torch.randn(11, 7), torch.randn(11, 5)
    compiled = compile_fn(f, a, b, min_ops=2)
    assert_close(compiled(a, b), f(a, b))
    assert "mm" in _ops(compiled)


def test_other_transposes_keep_their_reasons():
    # A transposed view read by an elementwise op, and a strided (sliced)
    # matmul operand: still eager, with their reasons.
    def f(a, b):
        return (a.t() * 2.0) @ b[:, ::2]
    a, b = torch.randn(6, 4), torch.randn(6, 10)
    compiled = compile_fn(f, a, b)
    assert_close(compiled(a, b), f(a, b))
    whys = " ".join(why for _, _, why in compiled.report.fell_back)
    assert "transposed view read by something other than a matmul" in whys
    assert "not a last-two-dims swap" in whys


class MLP(torch.nn.Module):
    def __init__(self, d=16, hidden=32):
        super().__init__()
        self.up = torch.nn.Linear(d, hidden)
        self.down = torch.nn.Linear(hidden, d)

    def forward(self, x):
        h = torch.nn.functional.gelu(self.up(x))
        return x + torch.nn.functional.silu(self.down(h))


def test_mlp_block_is_one_partition():
    torch.manual_seed(2)
    model = MLP().eval()
    x = torch.randn(8, 16)
    with torch.no_grad():
        gm = make_fx(model, decomposition_table=ft.decompositions())(x)
        compiled = ft.compile_fx(gm, [x], target="cpu")
        assert_close(compiled(x), model(x))
        # Before: every linear fell back and split the block around it.
        off = ft.compile_fx(gm, [x], target="cpu", matmul=False)
        assert_close(off(x), model(x))
    report = compiled.report
    ops = _ops(compiled)
    assert ops.count("addmm") == 2 and ops.count("t") == 2, ops
    assert len(report.partitions) == 1
    # Before (as with matmul=False): the linears were eager and split the
    # block around them.
    assert any(name == "addmm" for _, name, _ in off.report.fell_back)
    assert not any(name in ("t", "addmm") for _, name, _ in report.fell_back)


def test_mlp_training_through_aot_function():
    torch.manual_seed(3)
    model = MLP()
    params = [p.detach().clone().requires_grad_() for p in model.parameters()]
    x = torch.randn(8, 16)

    def fn(x, w1, b1, w2, b2):
        h = torch.nn.functional.gelu(torch.nn.functional.linear(x, w1, b1))
        y = x + torch.nn.functional.silu(torch.nn.functional.linear(h, w2,
                                                                    b2))
        return (y * y).mean()
    compiled = ft.aot_function(fn, target="cpu")
    loss = compiled(x, *params)
    loss.backward()
    grads = [p.grad.clone() for p in params]
    ref = [p.detach().clone().requires_grad_() for p in params]
    want = fn(x, *ref)
    want.backward()
    torch.testing.assert_close(loss, want, rtol=1e-5, atol=1e-6)
    for g, r in zip(grads, ref):
        torch.testing.assert_close(g, r.grad, rtol=1e-4, atol=1e-5)
    kinds = [g.kind for g in compiled.ferric_graphs]
    assert kinds == ["forward", "backward"]
    for g in compiled.ferric_graphs:
        ops = [op for p in g.report.partitions for op in p.ops]
        for p in g.report.partitions:
            assert p.fallback is None and p.eager_calls == 0, p
        # The linears (forward) and their gradient matmuls (backward, with
        # t() of saved activations and weights) are ferric's. The forward
        # also returns t(W) for the backward: that view stays eager (free),
        # and the partition takes it as W with the transpose flag; the
        # backward's t(t(x)) are x again (contiguous), eager views too.
        assert any(op in ("mm", "addmm") for op in ops), (g.kind, ops)
        assert not any(name in ("mm", "addmm")
                       for _, name, _ in g.report.fell_back), \
            (g.kind, g.report.fell_back)
        for _, name, why in g.report.fell_back:
            if name == "t":
                assert "transposed view read by something other" in why or \
                    "not a swap of the last two dims of a contiguous" in why, \
                    why


def test_transposed_input_is_passed_as_stored():
    # A graph input that is a transposed view (w.t() made by the caller, or
    # a t(W) another partition boundary leaves outside) and only feeds
    # matmuls: the partition gets W itself (no copy), read with the flag.
    from ferric.torch._partition import FerricPartition
    f = lambda x, wt: torch.relu(x @ wt) * 2.0  # noqa: E731
    x, w = torch.randn(5, 12), torch.randn(7, 12)
    compiled = compile_fn(f, x, w.t(), min_ops=2)
    assert_close(compiled(x, w.t()), f(x, w.t()))
    assert not compiled.report.fell_back, compiled.report.fell_back
    gm, _ = next(iter(compiled.by_signature.values()))
    parts = [m for m in gm.modules() if isinstance(m, FerricPartition)]
    assert [p.swapped for p in parts] == [{1}]


class _PreNormMLP(torch.nn.Module):
    # A transformer MLP half-block: LayerNorm, linear, GELU, linear,
    # residual. At batch 1, make_fx views the (1, T, H) activations as
    # (T, H) around each addmm: views that drop leading size-1 dims.
    def __init__(self):
        super().__init__()
        self.norm = torch.nn.LayerNorm(16)
        self.up = torch.nn.Linear(16, 24)
        self.down = torch.nn.Linear(24, 16)

    def forward(self, x):
        h = torch.nn.functional.gelu(self.up(self.norm(x)),
                                     approximate="tanh")
        return x + self.down(h)


def _partitions(compiled):
    from ferric.torch._partition import FerricPartition
    gm, _ = next(iter(compiled.by_signature.values()))
    return [m for m in gm.modules() if isinstance(m, FerricPartition)]


@pytest.mark.parametrize("tokens", [1, 7])
def test_batch_one_block_runs_through_ferric(tokens):
    # Before: the partition's matmuls read values whose ferric shape had
    # the leading 1 that torch's view dropped, the translator refused
    # them ("matmul of a broadcast value") and the whole partition ran
    # eagerly (its prims casts at ~100 us of Python each).
    torch.manual_seed(4)
    model = _PreNormMLP().eval()
    x = torch.randn(1, tokens, 16)
    with torch.no_grad():
        gm = make_fx(model, decomposition_table=ft.decompositions())(x)
        compiled = ft.compile_fx(gm, [x], target="cpu")
        assert_close(compiled(x), model(x))
    parts = ferric_ran(compiled)
    ops = [op for p in parts for op in p.ops]
    assert ops.count("addmm") == 2, ops
    assert len(parts) == 1, compiled.report.lines()
    # The input reaches the first linear only through the LayerNorm, so it
    # is passed as it is; the normalized value is squeezed inside ferric.
    assert [p.viewed for p in _partitions(compiled)] == [{}]


def test_input_viewed_for_a_linear_is_passed_viewed():
    # An input whose every user drops its leading size-1 dims (the view
    # before a linear) is handed to ferric already viewed: no squeeze of
    # an argument in the IR, so the call keeps the direct path.
    torch.manual_seed(5)
    lin = torch.nn.Linear(16, 9)

    def f(x):
        return torch.relu(lin(x)) * 2.0
    x = torch.randn(1, 5, 16)
    with torch.no_grad():
        compiled = compile_fn(f, x, min_ops=2)
        assert_close(compiled(x), f(x))
    ferric_ran(compiled)
    parts = _partitions(compiled)
    assert [list(p.viewed.values()) for p in parts] == [[(5, 16)]]
    (done,) = parts[0].function._by_signature.values()
    assert "collapse_shape" not in done.emitted.ir
    assert all(i == k and squeezed is None
               for k, (i, squeezed) in enumerate(done.emitted.plan))


def test_a_real_broadcast_is_no_matmul_operand():
    # A value that stands for a broadcast (ferric shape (5, 1), torch's
    # (5, 8)) would have to be materialized to be a matmul operand: the
    # partition is untranslatable and runs eagerly. Leading size-1 dims
    # alone are squeezed.
    from ferric import E
    from ferric.torch._translate import Untranslatable, Value, _exact
    with pytest.raises(Untranslatable, match="matmul of a broadcast value"):
        _exact(Value(E.input(0), (5, 1), (5, 8), torch.float32))
    e = _exact(Value(E.input(0), (1, 1, 5, 8), (5, 8), torch.float32))
    assert e.op == "squeeze" and e.attrs["dims"] == (0, 1)
    with pytest.raises(Untranslatable):
        _exact(Value(E.input(0), (1, 5, 1), (5, 8), torch.float32))
