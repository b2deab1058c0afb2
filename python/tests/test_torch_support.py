"""The operator support table and its pending ops."""

import pytest

from torch_helpers import compile_fn, ft, make_fx, torch

import ferric
from ferric.torch import _support


def test_tables_name_the_issue_37_ops():
    for name in ("sin", "cos", "erf", "log1p", "expm1", "floor", "ceil",
                 "round", "sign"):
        assert name in _support.UNARY
        assert (name in ft.pending_ops()) != (name in ft.supported_ops())
    for name in ("add", "mul", "where", "sum", "amax", "mm", "addmm",
                 "_to_copy", "expand"):
        assert name in ft.supported_ops()


def _node(fn, *inputs, op):
    gm = make_fx(fn)(*inputs)
    from ferric.torch._meta import propagate
    assert propagate(gm, inputs)
    return next(n for n in gm.graph.nodes if n.op == "call_function"
                and _support.op_name(n.target) == op)


@pytest.mark.parametrize("fn,inputs,op,why", [
    (lambda a: a + 1, (torch.ones(4, dtype=torch.int32),), "add",
     "dtype int32"),
    # (f32 + f64 widens to f64 inside ferric; a 0-dim f32 does not decide
    # a bf16 op's dtype in torch, so that one stays eager.)
    (lambda a, b: a + b, (torch.ones(4, dtype=torch.bfloat16),
                          torch.tensor(1.0)), "add", "mixed dtypes"),
    (lambda a, b: a @ b[:, ::2], (torch.ones(4, 8), torch.ones(8, 8)), "mm",
     "not a last-two-dims swap of a contiguous tensor"),
    (lambda a: a.t() * 2.0, (torch.ones(4, 8),), "t",
     "transposed view read by something other than a matmul operand"),
    (lambda a, b: a @ b.transpose(0, 1).t().t(),
     (torch.ones(4, 8), torch.ones(4, 8)), "t",
     "not a swap of the last two dims of a contiguous"),
    (lambda a: a.view(2, 8) * 2, (torch.ones(16),), "view", "reshape"),
    (lambda a: torch.cumsum(a, 0), (torch.ones(4),), "cumsum",
     "no ferric op"),
    (lambda a: (a > 0) * 1.0, (torch.ones(4),), "mul", "bool operand"),
    (lambda a: torch.div(a, 2, rounding_mode="floor"), (torch.ones(4),),
     "div", "rounding_mode"),
])
def test_reasons(fn, inputs, op, why):
    node = _node(fn, *inputs, op=op)
    reason = ft.FerricSupport().reason(node)
    assert reason is not None and why in reason, reason


def test_pending_op_falls_back_with_reason(monkeypatch):
    monkeypatch.delattr(ferric.E, "sin", raising=False)
    x = torch.randn(8)
    f = lambda a: torch.sin(a * 2.0) + 1.0  # noqa: E731
    compiled = compile_fn(f, x)
    torch.testing.assert_close(compiled(x), f(x))
    assert any(op == "sin" and "pending" in why
               for _, op, why in compiled.report.fell_back)
    assert "sin" in ft.pending_ops()


def test_pending_op_becomes_supported_when_the_method_appears(monkeypatch):
    # What merging a new dialect op does: E grows the method, and the
    # table takes the aten op with no other change.
    if not _support.has_method("sin"):
        monkeypatch.setattr(ferric.E, "sin", lambda self: self._unary("sin"),
                            raising=False)
    assert "sin" not in ft.pending_ops()
    node = _node(lambda a: torch.sin(a), torch.ones(4), op="sin")
    assert ft.FerricSupport().reason(node) is None
