"""Partitioning an ATen graph into Ferric kernels and eager (or inductor)
code, and the module that runs one Ferric partition."""

import copy
import logging
import operator
import time

import numpy as np
import torch
from torch.fx.passes.infra.partitioner import CapabilityBasedPartitioner

from ..api import Function
from ..tensor import Tensor as FerricTensor
from ..tensor import _from_host_array as host_tensor
from ._meta import FERRIC_DTYPE, _attribute, node_meta
from ._report import GraphReport, PartitionReport
from ._support import NO_LAUNCH, FerricSupport, op_name
from ._translate import Translator, Untranslatable

log = logging.getLogger("ferric.torch")


def _to_torch(x):
    if not isinstance(x, FerricTensor):
        return x
    if x.dtype == "i1" and x.device == "cpu":
        # torch 1.13 reads no DLPack bool (kDLBool); numpy shares the
        # buffer just as well on the host.
        return torch.from_numpy(x.numpy())
    # The capsule itself, not the protocol: torch.from_dlpack(x) would ask
    # for the current CUDA stream (a Stream object per result) to pass as
    # stream=, and the result was computed on that stream already (the
    # partition's call ran on it), so no wait is due: stream=-1.
    return _from_capsule(x.__dlpack__(stream=-1))


_from_capsule = torch.utils.dlpack.from_dlpack


# The current CUDA stream's handle without a torch.cuda.Stream object per
# call (what inductor's generated code calls; torch >= 2).
_raw_stream = getattr(torch._C, "_cuda_getCurrentRawStream", None)


def _current_stream():
    if _raw_stream is not None:
        return _raw_stream(torch.cuda.current_device())
    return torch.cuda.current_stream().cuda_stream


def _from_torch(x, shape=None):
    """A contiguous torch tensor as a ferric Tensor over the same memory,
    without DLPack's per-call capsule work where that is safe: a 16-byte
    aligned buffer is wrapped as it is (the torch tensor owns it; on CUDA
    the call is queued on torch's current stream, behind its producer),
    other host memory goes through numpy (bf16 as its bits). `shape`: the
    shape to read it as (the same elements; the translator's viewed
    inputs)."""
    dtype = FERRIC_DTYPE[x.dtype]
    # (is_cuda first: no device object per input on the hot path.)
    device = "cuda" if x.is_cuda else x.device.type
    if device not in ("cuda", "cpu"):
        return x
    ptr = x.data_ptr()
    if ptr % 16 == 0:
        # The host call is done when it returns; the CUDA one is ordered
        # on torch's stream.
        return FerricTensor._make(x, ptr, x.shape if shape is None
                                  else shape, dtype, device)
    x = x.detach()  # (DLPack and numpy() refuse a tensor that needs grad)
    if device == "cuda":
        # DLPack; ferric copies an unaligned buffer.
        return x if shape is None else x.view(shape)
    if dtype == "bf16":
        arr = x.view(torch.int16).numpy().view(np.uint16)
    else:
        arr = x.numpy()
    if shape is not None:
        arr = arr.reshape(shape)
    return host_tensor(arr, dtype, "cpu", None)


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
        self.swapped = ()
        self.viewed = {}
        # Result position -> input index, for results that are an input
        # as it is (a view of it): handed back without a ferric kernel.
        self.passthrough = {}
        # (node name, why) when translation failed at a node.
        self.refused = None
        graph_out = [n for n in gm.graph.nodes if n.op == "output"][0]
        self.single = isinstance(graph_out.args[0], torch.fx.Node)
        try:
            translator = Translator(gm)
            roots, results = translator.run()
            self.swapped = frozenset(translator.swapped_inputs)
            self.viewed = translator.viewed_inputs
            # Eager's strides only where they are not row-major (where the
            # result must be laid out so, see _fix).
            self.results = [
                (s, t, dt, None if st is None or _row_major(t, st) else st)
                for s, t, dt, st in results]
            # A result that is an input (a view of one, such as the saved
            # input aot_autograd returns for backward) would be a device
            # copy per call: it is the torch input itself, reshaped.
            self.passthrough = {k: e.attrs["index"]
                                for k, e in enumerate(roots)
                                if e.op == "input"}
            computed = [e for k, e in enumerate(roots)
                        if k not in self.passthrough]
            if not computed:
                raise Untranslatable("every result is an input")
            self.function = Function(
                computed, target=target, num_inputs=len(
                    [n for n in gm.graph.nodes if n.op == "placeholder"]),
                name=report.name)
        except Untranslatable as e:
            report.fall_back("translation: %s" % e)
            if e.node is not None:
                self.refused = (e.node, "translation: %s" % e)
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
        try:
            if self.report.first_call_seconds is None:
                return self._first_run(args)
            return self._run(args)
        except Exception as e:  # noqa: BLE001 - compile, run or handoff
            self.report.fall_back("%s: %s" % (type(e).__name__, e))
            self.function = None
            return self.eager(*args)

    def _first_run(self, args):
        # Timed (ferric compiles the partition on its first call): the
        # report and the "ferric.torch" debug log say how long it took.
        start = time.perf_counter()
        out = self._run(args)
        if self.target == "cuda":
            torch.cuda.current_stream().synchronize()
        self.report.first_call_seconds = time.perf_counter() - start
        log.debug("%s: first call %.3f s (ferric compile %s s), %s "
                  "kernel(s)", self.report.name,
                  self.report.first_call_seconds,
                  "?" if self.report.compile_seconds is None else
                  "%.3f" % self.report.compile_seconds, self.report.kernels)
        return out

    def _run(self, args):
        given = args
        # .contiguous() at the partition boundary only (a no-op for
        # contiguous tensors): ferric reads dense row-major buffers. A
        # transposed input that only matmuls read goes as its transpose
        # (contiguous: the buffer as it is), read with the transpose flag.
        if self.swapped:
            args = [a.transpose(-1, -2) if i in self.swapped else a
                    for i, a in enumerate(args)]
        viewed = self.viewed
        inputs = [_from_torch(a.contiguous(), viewed.get(i))
                  for i, a in enumerate(args)]
        if self.target == "cuda":
            out = self.function(*inputs, stream=_current_stream())
        else:
            out = self.function(*inputs)
        if self.report.kernels is None:
            self.report.record(self.function)
        # (A Function of a list of roots returns a tuple.)
        if self.single:
            return _fix(_to_torch(out[0]), *self.results[0])
        if not self.passthrough:
            return tuple(_fix(_to_torch(o), *r)
                         for o, r in zip(out, self.results))
        out = iter(out)
        return tuple(
            _fix(given[self.passthrough[k]].contiguous(), *r)
            if k in self.passthrough else _fix(_to_torch(next(out)), *r)
            for k, r in enumerate(self.results))


def _row_major(shape, stride):
    expected = 1
    for n, st in zip(reversed(shape), reversed(stride)):
        if n != 1 and st != expected:
            return False
        expected *= n
    return True


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
    if stride is None:  # row-major in eager
        return x.contiguous()
    if _same_strides(x, t, stride):
        return x
    out = torch.empty_strided(t, stride, dtype=dtype, device=x.device)
    out.copy_(x)
    return out


def _results_meta(src):
    """The metadata of each result of `src`: its own, or, for the call of
    a partition made earlier (the fuser gives it none), its graph's."""
    if not isinstance(src, torch.fx.Node):
        return None
    if src.op == "call_module":
        module = src.graph.owning_module.get_submodule(src.target)
        graph = getattr(getattr(module, "eager", module), "graph", None)
        outs = [n for n in graph.nodes if n.op == "output"] if graph else []
        if outs and isinstance(outs[0].args[0], (tuple, list)):
            return tuple(node_meta(n) if isinstance(n, torch.fx.Node)
                         else None for n in outs[0].args[0])
        return None
    return node_meta(src)


def _fill_input_meta(sub, call):
    # The partition's inputs are the call's arguments, in order: give its
    # placeholders their metadata (the fused copy may not carry it).
    holders = [n for n in sub.graph.nodes if n.op == "placeholder"]
    for ph, arg in zip(holders, call.args):
        if isinstance(arg, torch.fx.Node) and node_meta(ph) is None:
            for key in ("tensor_meta", "val"):
                if key in arg.meta:
                    ph.meta[key] = arg.meta[key]
            if node_meta(ph) is None and arg.op == "get_attr":
                # A parameter (make_fx of a module): its tensor.
                value = _attribute(arg)
                if isinstance(value, torch.Tensor):
                    ph.meta["val"] = value
            if node_meta(ph) is None and arg.target is operator.getitem:
                # One result of a node with several (a decomposition's
                # var_mean, split): the getitem may carry no metadata of
                # its own, its source the tuple.
                src, index = arg.args
                metas = _results_meta(src)
                if isinstance(metas, tuple) and isinstance(index, int) and \
                        -len(metas) <= index < len(metas) and \
                        metas[index] is not None:
                    ph.meta["tensor_meta"] = metas[index]


def _eager_launches(nodes):
    """Kernels eager launches for `nodes` (one per op that is not a view;
    getitem and other Python calls launch none)."""
    names = (op_name(n.target) for n in nodes)
    return sum(1 for name in names if name and name not in NO_LAUNCH)


# Partitioning rounds: a partition whose translation fails at a node is
# partitioned again without that node (left to eager), so one op the
# support table misjudged costs that op, not its whole partition.
_MAX_ROUNDS = 4


def partition(gm, target, min_ops=2, fallback=None, matmul=True):
    """Replaces the Ferric-computable parts of `gm` (an ATen graph with
    metadata) by :class:`FerricPartition` modules, in place. Returns the
    :class:`GraphReport`."""
    support = FerricSupport(matmul=matmul)
    original = copy.deepcopy(gm.graph)
    for round_ in range(_MAX_ROUNDS):
        report, parts = _partition_once(gm, target, min_ops, support)
        refused = dict(p.refused for p in parts if p.refused is not None)
        if not refused or round_ == _MAX_ROUNDS - 1:
            break
        log.debug("partitioning again without %s", ", ".join(refused))
        for name, _ in list(gm.named_children()):
            if name.startswith(("ferric_", "fused_")):
                delattr(gm, name)
        gm.graph = copy.deepcopy(original)
        support.refused.update(refused)
    if fallback == "inductor":
        from ._inductor import compile_rest
        compile_rest(gm, report)
    gm.recompile()
    return report


def _partition_once(gm, target, min_ops, support):
    """One round of :func:`partition`: (the report, the FerricPartitions
    made)."""
    report = GraphReport()
    made = []
    report.eager_ops = _eager_launches(
        [n for n in gm.graph.nodes if n.op == "call_function"])
    for node in gm.graph.nodes:
        if node.op != "call_function":
            continue
        why = support.reason(node)
        if why is not None:
            report.fell_back.append((node.name, op_name(node.target) or
                                     getattr(node.target, "__name__",
                                             str(node.target)), why))
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
        made.append(FerricPartition(sub, target, part))
        setattr(gm, new, made[-1])
        calls[name].target = new
    return report, made
