"""``compile_fx``: an FX graph to a callable whose Ferric-computable parts
run as ferric kernels; ``backend``: the same as a torch.compile backend."""

import copy
import functools

import torch

from ._lower import decompositions, is_aten_graph, is_fake, to_aten
from ._meta import metas_match, propagate
from ._partition import partition
from ._report import GraphReport


def _signature(args):
    return tuple((tuple(a.shape), a.dtype, a.device.type, a.is_contiguous())
                 if isinstance(a, torch.Tensor) else (type(a), a)
                 for a in args)


def _infer_target(args):
    for a in args:
        if isinstance(a, torch.Tensor):
            return "cuda" if a.device.type == "cuda" else "cpu"
    return "cpu"


class CompiledGraph:
    """What :func:`compile_fx` returns: call it like the graph. Graphs are
    lowered and partitioned per input signature (shapes, dtypes, devices,
    contiguity), on their first real inputs; each ferric partition compiles
    one executable per signature."""

    def __init__(self, gm, target=None, fallback="eager", min_ops=2,
                 matmul=True, kind="graph"):
        self.gm = gm
        self.target = target
        self.fallback = fallback
        self.min_ops = min_ops
        self.matmul = matmul
        self.kind = kind
        self.by_signature = {}
        self.reports = []

    def _build(self, args):
        gm = self.gm
        if not is_aten_graph(gm):
            gm = to_aten(gm, args)
        else:
            # A copy of the graph sharing the module's parameters and
            # buffers: partitioning rewrites it.
            gm = torch.fx.GraphModule(gm, copy.deepcopy(gm.graph))
        if not metas_match(gm, args) and not propagate(gm, args):
            report = GraphReport(self.kind)
            report.fell_back.append(("<graph>", "-", "shapes could not be "
                                     "propagated: the graph runs eagerly"))
            self.reports.append(report)
            return self.gm, report
        target = self.target or _infer_target(args)
        report = partition(gm, target, min_ops=self.min_ops,
                           fallback=self.fallback, matmul=self.matmul)
        report.kind = self.kind
        self.reports.append(report)
        return gm, report

    def prepare(self, *args):
        key = _signature(args)
        entry = self.by_signature.get(key)
        if entry is None:
            try:
                entry = self._build(args)
            except Exception as e:  # noqa: BLE001 - never break the model
                report = GraphReport(self.kind)
                report.fell_back.append(("<graph>", "-", "%s: %s" % (
                    type(e).__name__, str(e).splitlines()[0] if str(e)
                    else "")))
                self.reports.append(report)
                entry = (self.gm, report)
            self.by_signature[key] = entry
        return entry

    def __call__(self, *args):
        gm, _ = self.prepare(*args)
        return gm(*args)

    @property
    def report(self):
        """The :class:`GraphReport` of the last signature built."""
        return self.reports[-1] if self.reports else None


def compile_fx(gm, example_inputs, target=None, fallback="eager", min_ops=2,
               matmul=True, kind="graph"):
    """Compiles the FX GraphModule `gm` (from Dynamo, symbolic_trace with
    call_module nodes, make_fx or aot_autograd) for `target` ("cuda" or
    "cpu"; by default the inputs' device). Returns a callable.

    The graph is lowered to ATen (make_fx with :func:`decompositions`)
    where it is not already, partitioned with ``CapabilityBasedPartitioner``
    and :class:`FerricSupport`, and each partition of at least `min_ops`
    launching ops becomes one ferric function; the rest runs eagerly (or
    under inductor with ``fallback="inductor"``, torch >= 2). Nothing
    Ferric cannot take is an error: it runs as eager would. `matmul=False`
    leaves every matmul to torch (ferric then fuses around them only)."""
    if fallback not in ("eager", "inductor"):
        raise ValueError("fallback= is 'eager' or 'inductor', not %r"
                         % (fallback,))
    if fallback == "inductor" and not hasattr(torch, "_dynamo"):
        raise RuntimeError("fallback='inductor' needs torch >= 2 (this is "
                           "torch %s)" % torch.__version__)
    compiled = CompiledGraph(gm, target=target, fallback=fallback,
                             min_ops=min_ops, matmul=matmul, kind=kind)
    if example_inputs and not any(is_fake(x) for x in example_inputs):
        compiled.prepare(*example_inputs)
    return compiled


def _boxed(fn):
    # aot_autograd calls compiled graphs with one list of arguments, which
    # it may free as it goes (make_boxed_func's convention).
    def call(args):
        return fn(*args)
    call._boxed_call = True
    call.compiled = fn
    return call


def _aot_compilers(sink=None, **options):
    """Forward and backward compilers for aot_autograd (`options`: those of
    :func:`compile_fx`); each CompiledGraph also goes to `sink` (a list) if
    given."""
    def make(kind):
        def compiler(gm, example_inputs):
            c = compile_fx(gm, example_inputs, kind=kind, **options)
            if sink is not None:
                sink.append(c)
            return _boxed(c)
        return compiler
    return make("forward"), make("backward")


def backend(gm=None, example_inputs=None, **options):
    """The torch.compile backend: ``torch.compile(model, backend="ferric")``
    or ``backend=ferric.torch.backend(fallback="inductor")``. Without a
    graph it returns a backend with those `options` (target, fallback,
    min_ops, matmul: see :func:`compile_fx`)."""
    if gm is None:
        return functools.partial(backend, **options)
    fw, bw = _aot_compilers(**options)
    try:
        from torch._dynamo.backends.common import aot_autograd
    except ImportError:  # torch < 2: no Dynamo, compile the graph as is
        return compile_fx(gm, example_inputs, **options)
    return aot_autograd(fw_compiler=fw, bw_compiler=bw,
                        decompositions=decompositions())(gm, example_inputs)


def register():
    """Registers :func:`backend` with Dynamo as "ferric" (torch >= 2; the
    package's ``torch_dynamo_backends`` entry point does the same lazily).
    Returns whether it did."""
    try:
        from torch._dynamo import list_backends, register_backend
    except ImportError:
        return False
    try:
        if "ferric" not in list_backends(exclude_tags=()):
            register_backend(name="ferric", compiler_fn=backend)
    except Exception:  # noqa: BLE001 - already registered by entry point
        pass
    return True
