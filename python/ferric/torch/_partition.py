"""Partitioning an ATen graph into Ferric kernels and eager (or inductor)
code, and the module that runs one Ferric partition."""

import torch
from torch.fx.passes.infra.partitioner import CapabilityBasedPartitioner

from ..api import Function
from ..tensor import Tensor as FerricTensor
from ..tensor import asarray
from ._meta import node_meta
from ._report import GraphReport, PartitionReport
from ._support import NO_LAUNCH, FerricSupport, op_name
from ._translate import Translator, Untranslatable


def _to_torch(x):
    if not isinstance(x, FerricTensor):
        return x
    if x.dtype == "i1" and x.device == "cpu":
        # torch 1.13 reads no DLPack bool (kDLBool); numpy shares the
        # buffer just as well on the host.
        return torch.from_numpy(x.numpy())
    return torch.from_dlpack(x)


def _from_torch(x):
    if x.dtype == torch.bool and x.device.type == "cpu":
        # torch 1.13 exports no bool through DLPack; numpy shares the
        # buffer on the host.
        return asarray(x.numpy())
    return x


class FerricPartition(torch.nn.Module):
    """Runs one partition through a compiled ferric function (compiled per
    input signature by :class:`ferric.Function`), or eagerly when ferric
    cannot take it: never an error that eager would not raise."""

    def __init__(self, gm, target, report):
        super().__init__()
        self.eager = gm
        self.target = target
        self.report = report
        self.function = None
        self.results = None
        try:
            roots, self.results = Translator(gm).run()
            self.function = Function(
                roots, target=target, num_inputs=len(
                    [n for n in gm.graph.nodes if n.op == "placeholder"]),
                name=report.name)
        except Untranslatable as e:
            report.fall_back("translation: %s" % e)
        except Exception as e:  # noqa: BLE001 - any ferric failure: eager
            report.fall_back("%s: %s" % (type(e).__name__, e))

    def forward(self, *args):
        if self.function is None:
            return self.eager(*args)
        if torch.is_grad_enabled() and any(
                isinstance(a, torch.Tensor) and a.requires_grad
                for a in args):
            # Ferric kernels have no autograd formula of their own: a graph
            # that needs gradients and did not come through aot_autograd
            # (aot_module, torch.compile) runs this partition eagerly.
            self.report.eager_calls += 1
            return self.eager(*args)
        # .contiguous() at the partition boundary only (a no-op for
        # contiguous tensors): ferric reads dense row-major buffers.
        inputs = [_from_torch(a.detach().contiguous()) for a in args]
        try:
            if self.target == "cuda":
                out = self.function(*inputs,
                                    stream=torch.cuda.current_stream())
            else:
                out = self.function(*inputs)
        except Exception as e:  # noqa: BLE001 - compile or run failure
            self.report.fall_back("%s: %s" % (type(e).__name__, e))
            self.function = None
            return self.eager(*args)
        if self.report.kernels is None:
            self.report.record(self.function)
        outs = out if isinstance(out, tuple) else (out,)
        outs = [_fix(_to_torch(o), *r) for o, r in zip(outs, self.results)]
        graph_out = [n for n in self.eager.graph.nodes if n.op == "output"][0]
        if isinstance(graph_out.args[0], torch.fx.Node):
            return outs[0]
        return tuple(outs)


def _same_strides(x, shape, stride):
    return stride is None or all(
        a == b for n, a, b in zip(shape, x.stride(), stride) if n != 1)


def _fix(x, s, t, dtype, stride):
    """The partition result `x` as eager makes it: dtype, shape `t` and
    eager's strides (later ops of the graph, like ``_reshape_alias``, may
    read it through them)."""
    if x.dtype != dtype:
        # A mask may come back as uint8 (DLPack's bool code varies by
        # version): the same bytes.
        x = x.view(dtype) if x.dtype == torch.uint8 and \
            dtype == torch.bool else x.to(dtype)
    t = tuple(t)
    if tuple(x.shape) != t:
        # The ferric value stands for its broadcast to t (see _translate);
        # leading size-1 dims beyond t's rank are dropped first.
        s = tuple(s)
        while len(s) > len(t) and s[0] == 1:
            s = s[1:]
        x = x.reshape(s).expand(t)
    if _same_strides(x, t, stride):
        return x
    out = torch.empty_strided(t, stride, dtype=dtype, device=x.device)
    out.copy_(x)
    return out


def _fill_input_meta(sub, call):
    # The partition's inputs are the call's arguments, in order: give its
    # placeholders their metadata (the fused copy may not carry it).
    holders = [n for n in sub.graph.nodes if n.op == "placeholder"]
    for ph, arg in zip(holders, call.args):
        if isinstance(arg, torch.fx.Node) and node_meta(ph) is None:
            for key in ("tensor_meta", "val"):
                if key in arg.meta:
                    ph.meta[key] = arg.meta[key]


def _eager_launches(nodes):
    return sum(1 for n in nodes if op_name(n.target) not in NO_LAUNCH)


def partition(gm, target, min_ops=2, fallback=None):
    """Replaces the Ferric-computable parts of `gm` (an ATen graph with
    metadata) by :class:`FerricPartition` modules, in place. Returns the
    :class:`GraphReport`."""
    support = FerricSupport()
    report = GraphReport()
    report.eager_ops = _eager_launches(
        [n for n in gm.graph.nodes if n.op == "call_function"])
    for node in gm.graph.nodes:
        if node.op != "call_function":
            continue
        why = support.reason(node)
        if why is not None:
            report.fell_back.append((node.name, op_name(node.target) or
                                     str(node.target), why))
    partitioner = CapabilityBasedPartitioner(
        gm, support, allows_single_node_partition=True)
    proposed = partitioner.propose_partitions()
    kept = []
    for p in proposed:
        nodes = list(p.nodes)
        launches = _eager_launches(nodes)
        if launches < min_ops:
            # A lone op (or only views) gains nothing from a ferric kernel.
            for n in nodes:
                report.fell_back.append(
                    (n.name, op_name(n.target),
                     "partition of %d op(s) is under min_ops=%d"
                     % (launches, min_ops)))
            continue
        kept.append(p)
    if kept:
        partitioner.fuse_partitions(kept)
    calls = {n.target: n for n in gm.graph.nodes if n.op == "call_module"}
    for name, sub in list(gm.named_children()):
        if not name.startswith("fused_") or name not in calls or \
                not isinstance(sub, torch.fx.GraphModule):
            continue
        nodes = [n for n in sub.graph.nodes if n.op == "call_function"]
        new = "ferric_%d" % len(report.partitions)
        part = PartitionReport(
            new, [op_name(n.target) for n in nodes], _eager_launches(nodes))
        report.partitions.append(part)
        _fill_input_meta(sub, calls[name])
        delattr(gm, name)
        setattr(gm, new, FerricPartition(sub, target, part))
        calls[name].target = new
    if fallback == "inductor":
        from ._inductor import compile_rest
        compile_rest(gm, report)
    gm.recompile()
    return report
