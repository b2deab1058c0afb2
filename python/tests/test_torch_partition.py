"""Partitioning: mixed graphs, symbolic_trace with call_module, make_fx
graphs, explain()."""

import numpy as np
import pytest

from torch_helpers import (assert_close, compile_fn, ferric_ran, ft, make_fx,
                           torch)

from ferric.torch._lower import fast_casts  # noqa: E402 (after torch)


def test_unsupported_op_in_the_middle_splits_the_graph():
    def f(a):
        h = torch.exp(a) * 2.0 + 1.0          # ferric
        c = torch.cumsum(h, dim=-1)           # eager
        return torch.tanh(c) * a - 0.5        # ferric

    x = torch.randn(4, 16)
    compiled = compile_fn(f, x, min_ops=2)
    assert_close(compiled(x), f(x))
    report = compiled.report
    assert len(report.partitions) == 2
    assert [p.ops for p in report.partitions] in (
        [["exp", "mul", "add"], ["tanh", "mul", "sub"]],
        [["tanh", "mul", "sub"], ["exp", "mul", "add"]])
    assert any(op == "cumsum" and "no ferric op" in why
               for _, op, why in report.fell_back)
    ferric_ran(compiled)


def test_int_and_mixed_dtypes_fall_back():
    def f(a, idx):
        g = torch.gather(a, 1, idx)           # int64 index: eager
        h = g.half().float() + a.sum(-1, keepdim=True)
        return torch.sigmoid(h) * 3.0
    a = torch.randn(4, 8)
    idx = torch.randint(0, 8, (4, 8))
    compiled = compile_fn(f, a, idx)
    assert_close(compiled(a, idx), f(a, idx))
    whys = " ".join(why for _, _, why in compiled.report.fell_back)
    assert "gather" in whys


def test_transposed_matmul_is_one_partition():
    # x @ w.t(): ferric.matmul reads w with its transpose flag (no copy),
    # so the mm, the bias and the activation are one partition.
    def f(x, w, b):
        return torch.relu(x @ w.t() + b) * 2.0
    x, w, b = torch.randn(4, 8), torch.randn(6, 8), torch.randn(6)
    compiled = compile_fn(f, x, w, b)
    assert_close(compiled(x, w, b), f(x, w, b))
    assert not compiled.report.fell_back, compiled.report.fell_back
    assert [p.ops for p in ferric_ran(compiled)] == [
        ["t", "mm", "add", "relu", "mul"]]


def test_min_ops_leaves_lone_ops_to_eager():
    f = lambda a: torch.exp(a)  # noqa: E731
    x = torch.randn(8)
    compiled = compile_fn(f, x, min_ops=2)
    assert_close(compiled(x), f(x))
    assert compiled.report.partitions == []
    assert "min_ops" in compiled.report.fell_back[0][2]


class Block(torch.nn.Module):
    def __init__(self, d=16, hidden=32):
        super().__init__()
        self.norm = torch.nn.LayerNorm(d)
        self.up = torch.nn.Linear(d, hidden)
        self.act = torch.nn.GELU()
        self.down = torch.nn.Linear(hidden, d)
        self.gate = torch.nn.SiLU()

    def forward(self, x):
        h = self.act(self.up(self.norm(x)))
        return x + self.gate(self.down(h)) * 0.5


def test_symbolic_trace_with_call_module():
    torch.manual_seed(0)
    model = Block().eval()
    gm = torch.fx.symbolic_trace(model)
    assert any(n.op == "call_module" for n in gm.graph.nodes)
    x = torch.randn(3, 5, 16)
    compiled = ft.compile_fx(gm, [x], target="cpu")
    with torch.no_grad():
        assert_close(compiled(x), model(x))
    parts = ferric_ran(compiled)
    assert parts
    assert compiled.report.launches_saved > 0


def test_make_fx_graph_and_layer_norm_decomposition():
    torch.manual_seed(0)
    norm = torch.nn.LayerNorm(32)

    def f(x):
        return norm(x) * torch.sigmoid(x)
    x = torch.randn(8, 32)
    with torch.no_grad():
        gm = make_fx(f)(x)   # native_layer_norm, not decomposed yet
        compiled = ft.compile_fx(gm, [x], target="cpu")
        assert_close(compiled(x), f(x))
    ops = [op for p in ferric_ran(compiled) for op in p.ops]
    assert "native_layer_norm" not in ops and "mean" in ops


def test_explain_reports_fallbacks_partitions_and_launches():
    def f(a):
        h = torch.exp(a) * 2.0 + 1.0
        return torch.cumsum(h, -1).tanh() * a
    x = torch.randn(4, 16)
    expl = ft.explain(f, x, target="cpu")
    text = str(expl)
    assert "cumsum" in text and "no ferric op" in text
    assert len(expl.partitions) == 2
    assert all(p.kernels is not None for p in expl.partitions)
    assert "launches" in text and "saved" in text
    first = expl.graphs[0]
    assert first.eager_ops == 6
    assert expl.launches_saved == first.launches_saved


def test_explain_backward_reports_both_graphs():
    model = torch.nn.Sequential(torch.nn.Linear(8, 8), torch.nn.SiLU())
    x = torch.randn(4, 8)
    expl = ft.explain(model, x, target="cpu", backward=True)
    kinds = [g.kind for g in expl.graphs]
    assert kinds == ["forward", "backward"]


def test_backend_callable_and_options():
    # Through aot_autograd (torch 1.13: functorch's aot_module_simplified,
    # which wants a graph returning a tuple and returns a list, as torch
    # 2's does): make_fx's graph returns one tensor, and so must the
    # compiled callable.
    f = lambda a: torch.relu(a) * 2.0 - 1.0  # noqa: E731
    x = torch.randn(6, 5)
    gm = make_fx(f)(x)
    compiled = ft.backend(gm, [x])                # as Dynamo calls it
    assert_close(compiled(x), f(x))
    configured = ft.backend(target="cpu", min_ops=1)
    assert callable(configured) and isinstance(configured, ft.Backend)
    assert_close(configured(gm, [x])(x), f(x))
    assert [g.kind for g in configured.graphs] == ["forward"]
    assert ["relu", "mul", "sub"] == ferric_ran(configured.graphs[0])[0].ops
    assert "forward: 1 partition(s)" in str(configured.explain())
    if not hasattr(torch, "_dynamo"):
        with pytest.raises(RuntimeError, match="torch >= 2"):
            ft.compile_fx(gm, [x], fallback="inductor")
    with pytest.raises(ValueError, match="fallback"):
        ft.compile_fx(gm, [x], fallback="tvm")


def test_grad_needing_call_outside_aot_runs_eagerly():
    # Ferric kernels have no autograd formula: without aot_autograd, a call
    # that needs gradients takes the eager path and still differentiates.
    f = lambda a: torch.tanh(a) * a + 1.0  # noqa: E731
    x = torch.randn(4, 4, requires_grad=True)
    compiled = compile_fn(f, x.detach())
    y = compiled(x)
    y.sum().backward()
    g = x.grad.clone()
    x.grad = None
    f(x).sum().backward()
    assert_close(g, x.grad)
    assert compiled.report.partitions[0].eager_calls == 1


def test_inductor_fallback_plumbing():
    # The rest of the graph is grouped into InductorPartition modules (with
    # torch < 2 their compile fails and they run eagerly, saying why).
    from ferric.torch._inductor import InductorPartition
    from ferric.torch._meta import propagate
    from ferric.torch._partition import FerricPartition, partition

    def f(a):
        h = torch.exp(a) * 2.0 + 1.0
        c = torch.cumsum(h, -1).flip(-1)
        return torch.tanh(c) * a - 0.5, h.sum()
    x = torch.randn(4, 16)
    gm = make_fx(f)(x)
    assert propagate(gm, [x])
    report = partition(gm, "cpu", fallback="inductor")
    kinds = {type(m) for _, m in gm.named_children()}
    assert kinds == {FerricPartition, InductorPartition}
    for got, want in zip(gm(x), f(x)):
        assert_close(got, want)
    if not hasattr(torch, "compile"):
        assert any(name == "inductor" for name, _, _ in report.fell_back)


def test_matmul_false_leaves_matmuls_to_torch():
    f = lambda a, b: torch.relu(a @ b) * 2.0  # noqa: E731
    a, b = torch.randn(4, 8), torch.randn(8, 3)
    gm = make_fx(f)(a, b)
    on = ft.compile_fx(gm, [a, b], target="cpu")
    off = ft.compile_fx(gm, [a, b], target="cpu", matmul=False)
    assert_close(on(a, b), f(a, b))
    assert_close(off(a, b), f(a, b))
    assert ["mm", "relu", "mul"] == ferric_ran(on)[0].ops
    assert ["relu", "mul"] == ferric_ran(off)[0].ops
    assert any("matmul=False" in why for _, _, why in off.report.fell_back)


def test_tuple_outputs_flattens_and_rebuilds():
    # aot_autograd takes graphs returning one flat tuple; tuple_outputs
    # makes one of any FX graph and rebuilds the caller's structure.
    from ferric.torch._backend import tuple_outputs

    def f(a, b):
        return {"y": a * b, "z": (a + 1.0, b.sum())}
    a, b = torch.randn(3, 4), torch.randn(3, 4)
    gm = make_fx(f)(a, b)
    flat, inputs, wrap = tuple_outputs(gm)
    assert flat is not gm
    out = [n for n in flat.graph.nodes if n.op == "output"][0]
    assert isinstance(out.args[0], tuple) and len(out.args[0]) == 3
    assert isinstance(flat(a, b), tuple)
    got = wrap(lambda *args: list(flat(*args)))(a, b)
    want = f(a, b)
    assert set(got) == {"y", "z"} and isinstance(got["z"], tuple)
    assert_close(got["y"], want["y"])
    assert_close(got["z"][0], want["z"][0])
    assert_close(got["z"][1], want["z"][1])
    # The caller's graph is left as it was.
    assert isinstance(gm(a, b), dict)
    # A graph returning a tuple already is taken as it is.
    gm2 = make_fx(lambda a: (a * 2.0, a - 1.0))(a)
    same, inputs2, wrap2 = tuple_outputs(gm2)
    assert same is gm2 and inputs2([a]) == [a]


def test_fake_or_meta_call_runs_the_graph_as_it_is():
    # A tracer may run a compiled graph on fake (here: meta) tensors for
    # their metadata: that builds nothing and breaks no later real call.
    f = lambda a: torch.exp(a) * 2.0 + 1.0  # noqa: E731
    x = torch.randn(4, 8)
    gm = make_fx(f)(x)
    compiled = ft.compile_fx(gm, [], target="cpu")
    meta = compiled(torch.empty(4, 8, device="meta"))
    assert meta.device.type == "meta" and meta.shape == (4, 8)
    assert compiled.reports == []
    assert_close(compiled(x), f(x))
    assert ferric_ran(compiled)


def test_backend_takes_pytree_graphs():
    # A graph with _PyTreeCodeGen (dict in, dict out: symbolic_trace with
    # placeholder concrete_args, as dynamo.export makes): flattened for
    # aot_autograd, called and answering with the caller's structures.
    from torch.fx._symbolic_trace import PH

    def f(d):
        return {"s": d["a"] * d["b"] + 1.0, "t": (d["a"] - d["b"]).relu()}
    gm = torch.fx.symbolic_trace(f, concrete_args={"d": {"a": PH, "b": PH}})
    a, b = torch.randn(3, 4), torch.randn(3, 4)
    be = ft.backend(target="cpu")
    got = be(gm, [{"a": a, "b": b}])({"a": a, "b": b})
    want = f({"a": a, "b": b})
    assert set(got) == {"s", "t"}
    assert_close(got["s"], want["s"])
    assert_close(got["t"], want["t"])
    # Every op ran through ferric: one partition on torch 2.11, two on 1.13
    # (the partitioner's grouping differs between versions).
    parts = ferric_ran(be.graphs[0])
    assert sorted(op for p in parts for op in p.ops) == \
        ["add", "mul", "relu", "sub"]


def _prims_casts(gm):
    prim = torch.ops.prims.convert_element_type.default
    return [n for m in gm.modules() if isinstance(m, torch.fx.GraphModule)
            for n in m.graph.nodes if n.target is prim]


def test_prims_casts_become_aten_copies():
    # torch's layer_norm decomposition writes its dtype conversions as
    # prims.convert_element_type, whose eager call costs ~100 us of Python
    # (meta function, autograd wrapper): compile_fx rewrites them as
    # aten._to_copy, in partitions and out.
    torch.manual_seed(6)
    ln = torch.nn.LayerNorm(16)

    def f(x):
        return ln(x) * 2.0
    x = torch.randn(3, 16)
    with torch.no_grad():
        gm = make_fx(f, decomposition_table=ft.decompositions())(x)
        if not _prims_casts(gm):
            pytest.skip("this torch's layer_norm decomposition writes no "
                        "prims casts")
        copy = torch.fx.GraphModule(gm, gm.graph.__deepcopy__())
        n = len(_prims_casts(copy))
        assert fast_casts(copy) == n
        copy.recompile()
        assert not _prims_casts(copy)
        assert_close(copy(x), f(x))
        compiled = ft.compile_fx(gm, [x], target="cpu")
        assert_close(compiled(x), f(x))
    built, _ = next(iter(compiled.by_signature.values()))
    assert not _prims_casts(built)
    ops = [op for p in ferric_ran(compiled) for op in p.ops]
    assert "_to_copy" in ops, ops


def test_a_node_translation_refuses_is_left_out_not_its_partition():
    # The support table takes the sum, but its operand stands for a
    # broadcast (ferric would have to materialize it to reduce it):
    # translation fails at the sum. The graph is partitioned again without
    # it, so the ops around it still run through ferric.
    def f(x):
        h = (torch.relu(x) * 2.0).expand(5, 8).sum(-1, keepdim=True)
        return torch.tanh(h) + 1.0
    x = torch.randn(5, 1)
    compiled = compile_fn(f, x, min_ops=2)
    assert_close(compiled(x), f(x))
    parts = ferric_ran(compiled)
    assert sorted(tuple(p.ops) for p in parts) == sorted(
        [("relu", "mul", "expand"), ("tanh", "add")]), \
        compiled.report.lines()
    why = dict((name, why) for _, name, why in compiled.report.fell_back)
    assert why["sum"] == "translation: reduction of a broadcast value", \
        compiled.report.lines()


def test_inputs_wrapped_in_place_or_through_numpy():
    # A 16-byte aligned host tensor is handed to ferric as it is (the torch
    # tensor owns the memory); an unaligned one (a view at an odd offset)
    # goes through numpy. Both compute as eager does.
    from ferric.torch._partition import _from_torch

    def f(x, y):
        return torch.tanh(x) * y + 1.0
    base = torch.randn(4 * 16 + 1)
    x, y = base[1:].view(4, 16), torch.randn(4, 16)
    assert x.data_ptr() % 16 != 0 and y.data_ptr() % 16 == 0
    compiled = compile_fn(f, x, y, min_ops=2)
    assert_close(compiled(x, y), f(x, y))
    ferric_ran(compiled)
    wrapped = _from_torch(y)
    assert wrapped.data_ptr() == y.data_ptr() and wrapped._owner is y
    copied = _from_torch(x, (64,))
    assert copied.shape == (64,)
    np.testing.assert_array_equal(copied.numpy(), x.reshape(64).numpy())


def test_a_result_of_an_earlier_partition_feeds_a_later_one():
    # The second partition reads the first one's second result through a
    # getitem the fuser made without metadata: its shape comes from the
    # first partition's graph.
    def f(x):
        a = torch.exp(x) * 2.0
        b = torch.tanh(a) + 1.0               # the first partition: a, b
        c = torch.cumsum(a, dim=-1)           # eager, between them
        d = torch.cumsum(b, dim=-1)
        return torch.sigmoid(c * d * b) - 0.5
    x = torch.randn(4, 16)
    compiled = compile_fn(f, x, min_ops=2)
    assert_close(compiled(x), f(x))
    parts = ferric_ran(compiled)
    assert len(parts) == 2, compiled.report.lines()
    # Where neither the getitem nor the placeholder carries metadata (as
    # in aot_module's bf16 GPT-2 forward), the first partition's graph
    # gives it.
    import operator
    from ferric.torch._meta import node_meta
    from ferric.torch._partition import FerricPartition, _fill_input_meta
    gm, _ = next(iter(compiled.by_signature.values()))
    for call in gm.graph.nodes:
        if call.op != "call_module" or not any(
                getattr(a, "target", None) is operator.getitem
                for a in call.args):
            continue
        sub = gm.get_submodule(call.target)
        assert isinstance(sub, FerricPartition)
        holders = [n for n in sub.eager.graph.nodes if n.op == "placeholder"]
        for ph, arg in zip(holders, call.args):
            if getattr(arg, "target", None) is operator.getitem:
                want = node_meta(ph)
                for n in (ph, arg):
                    n.meta.pop("val", None)
                    n.meta.pop("tensor_meta", None)
                assert node_meta(ph) is None
                _fill_input_meta(sub.eager, call)
                got = node_meta(ph)
                assert (got.shape, got.dtype) == (want.shape, want.dtype)
                break
        else:
            continue
        break
    else:
        raise AssertionError("no partition reads another's result")


@pytest.mark.parametrize("low", [torch.bfloat16, torch.float16])
def test_mixed_float_operands_widen_as_torch_promotes(low):
    # x (low precision) against f32 values: torch computes in f32; ferric
    # casts the narrow operand up inside the partition.
    def f(x, y):
        d = (x - y) * 2.0                      # f32
        return torch.where(x > y, d, x * 0.5)  # f32 (x widened)
    x = torch.randn(4, 16).to(low)
    y = torch.randn(4, 16)
    compiled = compile_fn(f, x, y, min_ops=2)
    assert_close(compiled(x, y), f(x, y), torch.float32)
    ferric_ran(compiled)
    assert not compiled.report.fell_back, compiled.report.lines()


def test_a_zero_dim_operand_is_no_widening():
    # bf16 tensor + 0-dim f32 tensor: torch's result is bf16, computed with
    # the f32 value; ferric leaves it to eager.
    def f(x, s):
        return torch.tanh(x + s) * 2.0
    x, s = torch.randn(4, 16).to(torch.bfloat16), torch.tensor(0.1)
    compiled = compile_fn(f, x, s, min_ops=1)
    assert_close(compiled(x, s), f(x, s))
    why = dict((name, why) for _, name, why in compiled.report.fell_back)
    assert why["add"].startswith("mixed dtypes"), compiled.report.lines()


def test_a_result_that_is_an_input_is_handed_back_not_copied():
    # aot_autograd's forward returns its (viewed) input for the backward:
    # that result is the input's own memory, not a ferric copy per call,
    # and the ferric function computes only the other result.
    def f(x):
        v = x.view(4, 8)
        return v, torch.exp(v) * 2.0 + 1.0

    x = torch.randn(1, 4, 8)
    compiled = compile_fn(f, x)
    v, y = compiled(x)
    assert_close(y, f(x)[1])
    assert v.shape == (4, 8) and v.data_ptr() == x.data_ptr()
    ferric_ran(compiled)
    from ferric.torch._partition import FerricPartition
    parts = [m for gm, _ in compiled.by_signature.values()
             for m in gm.modules() if isinstance(m, FerricPartition)]
    assert [p.passthrough for p in parts] == [{0: 0}]
    assert len(parts[0].function._roots) == 1
