"""Training through aot_autograd: forward and backward graphs partitioned
and compiled by ferric, then an optimizer step, against eager."""

import copy

import pytest

from torch_helpers import assert_close, ft, torch


class MLP(torch.nn.Module):
    def __init__(self, d=16, hidden=32):
        super().__init__()
        self.norm = torch.nn.LayerNorm(d)
        self.up = torch.nn.Linear(d, hidden)
        self.down = torch.nn.Linear(hidden, d)

    def forward(self, x):
        h = torch.nn.functional.gelu(self.up(self.norm(x)))
        return x + torch.nn.functional.silu(self.down(h))


def _step(model, opt, x, target):
    opt.zero_grad()
    loss = ((model(x) - target) ** 2).mean()
    loss.backward()
    opt.step()
    return loss.detach()


@pytest.mark.parametrize("optim", ["sgd", "adam"])
def test_training_steps_match_eager(optim):
    torch.manual_seed(0)
    eager = MLP()
    ours = copy.deepcopy(eager)
    compiled = ft.aot_module(ours, target="cpu")

    def make(m):
        if optim == "sgd":
            return torch.optim.SGD(m.parameters(), lr=0.1, momentum=0.9)
        return torch.optim.Adam(m.parameters(), lr=1e-2)
    opt_e, opt_f = make(eager), make(ours)
    x, target = torch.randn(8, 16), torch.randn(8, 16)

    class Wrapped(torch.nn.Module):
        def forward(self, x):
            return compiled(x)

    for _ in range(3):
        le = _step(eager, opt_e, x, target)
        lf = _step(Wrapped(), opt_f, x, target)
        torch.testing.assert_close(lf, le, rtol=1e-5, atol=1e-6)
    for pe, pf in zip(eager.parameters(), ours.parameters()):
        torch.testing.assert_close(pf, pe, rtol=1e-4, atol=1e-5)
    # Both graphs went through ferric partitions, every call.
    kinds = [g.kind for g in compiled.ferric_graphs]
    assert kinds == ["forward", "backward"]
    for g in compiled.ferric_graphs:
        parts = g.report.partitions
        assert parts
        for p in parts:
            assert p.fallback is None and p.eager_calls == 0, p
            assert p.kernels is not None


def test_backward_graph_is_partitioned():
    x = torch.randn(4, 8, requires_grad=True)
    w = torch.randn(8, requires_grad=True)
    seen = []

    def fn(a, b):
        return (torch.sigmoid(a * b) * torch.tanh(a)).sum()
    compiled = ft.aot_function(fn, target="cpu")
    out = compiled(x, w)
    out.backward()
    gx, gw = x.grad.clone(), w.grad.clone()
    x.grad = w.grad = None
    fn(x, w).backward()
    assert_close(gx, x.grad)
    assert_close(gw, w.grad)
    expl = ft.explain(fn, x, w, target="cpu", backward=True)
    for g in expl.graphs:
        seen.append(g.kind)
        assert g.partitions and all(p.fallback is None for p in g.partitions)
    assert seen == ["forward", "backward"]


def test_adam_update_through_ferric():
    # The optimizer's own math as one ferric function (make_fx of a pure
    # update): p, m, v -> new p, m, v.
    def adam(p, g, m, v, lr=1e-2, b1=0.9, b2=0.999, eps=1e-8, t=1):
        m = b1 * m + (1 - b1) * g
        v = b2 * v + (1 - b2) * g * g
        mh = m / (1 - b1 ** t)
        vh = v / (1 - b2 ** t)
        return p - lr * mh / (vh.sqrt() + eps), m, v
    ins = [torch.randn(64, 32) for _ in range(2)] + \
        [torch.zeros(64, 32), torch.zeros(64, 32)]
    step = ft.compile_step(lambda p, g, m, v: adam(p, g, m, v), ins,
                           target="cpu")
    got = step(*ins)
    want = adam(*ins)
    for g, w in zip(got, want):
        assert_close(g, w)
    parts = step.report.partitions
    assert len(parts) == 1 and parts[0].fallback is None


def test_backend_trains_a_traced_module():
    # What torch.compile does with the "ferric" backend under autograd,
    # without Dynamo: a symbolic_trace graph (call_module nodes, one tensor
    # out) through backend(): aot_autograd's forward and backward graphs
    # both compiled by ferric; gradients match eager.
    torch.manual_seed(0)
    model = MLP()
    ref = copy.deepcopy(model)
    gm = torch.fx.symbolic_trace(model)
    x = torch.randn(8, 16, requires_grad=True)
    be = ft.backend(target="cpu")
    compiled = be(gm, [x])
    out = compiled(x)
    out.pow(2).mean().backward()
    xr = x.detach().clone().requires_grad_(True)
    want = ref(xr)
    want.pow(2).mean().backward()
    assert_close(out.detach(), want.detach())
    assert_close(x.grad, xr.grad)
    for p, q in zip(model.parameters(), ref.parameters()):
        torch.testing.assert_close(p.grad, q.grad, rtol=1e-4, atol=1e-5)
    assert [g.kind for g in be.graphs] == ["forward", "backward"]
    for g in be.graphs:
        assert g.report.partitions
        for p in g.report.partitions:
            assert p.fallback is None and p.eager_calls == 0, p
            assert p.first_call_seconds is not None
