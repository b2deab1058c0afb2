"""``compile_fx``: an FX graph to a callable whose Ferric-computable parts
run as ferric kernels; ``backend``: the same as a torch.compile backend."""

import copy
import functools
import logging
import time

import torch

from ._lower import (decompositions, fast_casts, is_aten_graph, is_fake,
                     to_aten)
from ._meta import metas_match, propagate
from ._partition import partition
from ._report import GraphReport

# Debug messages: each graph compiled, each signature built (and how long
# lowering, partitioning and the partitions' first calls took).
log = logging.getLogger("ferric.torch")


def _signature(args):
    # (Called on every call of a compiled graph: no device objects made;
    # a tensor's torch.Size hashes as the tuple it is.)
    return tuple((a.shape, a.dtype, a.is_cuda, a.is_contiguous())
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
        if fast_casts(gm):
            gm.recompile()
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
            start = time.perf_counter()
            try:
                entry = self._build(args)
            except Exception as e:  # noqa: BLE001 - never break the model
                report = GraphReport(self.kind)
                report.fell_back.append(("<graph>", "-", "%s: %s" % (
                    type(e).__name__, str(e).splitlines()[0] if str(e)
                    else "")))
                self.reports.append(report)
                entry = (self.gm, report)
            entry[1].build_seconds = time.perf_counter() - start
            log.debug("%s graph, signature %d: %s", self.kind,
                      len(self.by_signature), entry[1].lines()[0])
            self.by_signature[key] = entry
        return entry

    def __call__(self, *args):
        if any(is_fake(a) for a in args):
            # A tracer running the compiled graph for metadata (fake or meta
            # tensors): the graph as it is, and nothing built for it.
            return self.gm(*args)
        gm, _ = self.prepare(*args)
        return gm(*args)

    @property
    def report(self):
        """The :class:`GraphReport` of the last signature built."""
        return self.reports[-1] if self.reports else None


def _check_fallback(fallback):
    if fallback not in ("eager", "inductor"):
        raise ValueError("fallback= is 'eager' or 'inductor', not %r"
                         % (fallback,))
    if fallback == "inductor" and not hasattr(torch, "_dynamo"):
        raise RuntimeError("fallback='inductor' needs torch >= 2 (this is "
                           "torch %s)" % torch.__version__)


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
    _check_fallback(fallback)
    compiled = CompiledGraph(gm, target=target, fallback=fallback,
                             min_ops=min_ops, matmul=matmul, kind=kind)
    fake = any(is_fake(x) for x in example_inputs or ())
    log.debug("compile_fx: %s graph of %d nodes, %d %s example inputs",
              kind, len(gm.graph.nodes), len(example_inputs or ()),
              "fake" if fake else "real")
    if example_inputs and not fake:
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


def _output_node(graph):
    return next(n for n in reversed(graph.nodes) if n.op == "output")


def tuple_outputs(gm):
    """`gm` as aot_autograd takes it: a graph whose output is one flat tuple
    (Dynamo's graphs are; make_fx's return what the function returned, a
    single tensor say, and graphs with ``_PyTreeCodeGen`` (make_fx of some
    functions, ``dynamo.export``) flatten their inputs and rebuild their
    outputs in generated code).

    Returns ``(flat, inputs, wrap)``: `flat` is `gm` itself when it already
    is so, else a copy sharing its parameters; ``inputs(args)`` is the list
    of `flat`'s inputs for `gm`'s arguments `args`; ``wrap(fn)`` turns a
    callable of `flat` into one called, and returning, as `gm` is."""
    import torch.utils._pytree as pytree
    pytree_codegen = getattr(torch.fx.graph, "_PyTreeCodeGen", None)
    codegen = gm.graph._codegen if pytree_codegen is not None and \
        isinstance(getattr(gm.graph, "_codegen", None), pytree_codegen) \
        else None
    out = _output_node(gm.graph).args[0]
    if codegen is None and isinstance(out, (tuple, list)):
        return gm, list, lambda fn: fn
    graph = copy.deepcopy(gm.graph)
    if codegen is not None:
        graph._codegen = torch.fx.graph.CodeGen()
    node = _output_node(graph)
    leaves, spec = pytree.tree_flatten(node.args[0])
    node.args = (tuple(leaves),)
    flat = torch.fx.GraphModule(gm, graph)

    def inputs(args):
        if codegen is not None:
            return list(codegen.process_inputs(*args))
        return list(args)

    def wrap(fn):
        def call(*args):
            result = pytree.tree_unflatten(list(fn(*inputs(args))), spec)
            return codegen.process_outputs(result) if codegen is not None \
                else result
        call.compiled = fn
        return call
    return flat, inputs, wrap


def _aot_autograd(**kwargs):
    """aot_autograd as a backend (a function of a graph and its example
    inputs): torch >= 2's, else torch 1.13's functorch
    ``aot_module_simplified``, which Dynamo used before it (the same calling
    conventions: a graph returning a tuple, boxed compiled graphs, a list
    of results)."""
    try:
        from torch._dynamo.backends.common import aot_autograd
    except ImportError:
        from functorch.compile import aot_module_simplified

        def aot_autograd(**kw):
            return lambda gm, example_inputs: aot_module_simplified(gm, **kw)
    return aot_autograd(**kwargs)


class Backend:
    """A configured torch.compile backend, what ``backend(**options)``
    returns: Dynamo calls it with a graph and its example inputs.
    `graphs` collects the :class:`CompiledGraph` of each forward and
    backward graph it compiled (for :meth:`explain`); :func:`backend`
    itself (the registered "ferric") keeps none."""

    def __init__(self, **options):
        _check_fallback(options.get("fallback", "eager"))
        self.options = options
        self.graphs = []
        self.__name__ = "ferric"

    def __call__(self, gm, example_inputs, **_):
        fw, bw = _aot_compilers(sink=self.graphs, **self.options)
        flat, inputs, wrap = tuple_outputs(gm)
        compiled = _aot_autograd(fw_compiler=fw, bw_compiler=bw,
                                 decompositions=decompositions())(
                                     flat, inputs(example_inputs or []))
        return wrap(compiled)

    def explain(self):
        """The reports of every graph compiled so far (forward, backward,
        one per input signature) as an :class:`Explanation`."""
        from ._report import Explanation
        return Explanation([r for c in self.graphs for r in c.reports])


def backend(gm=None, example_inputs=None, **options):
    """The torch.compile backend: ``torch.compile(model, backend="ferric")``
    or ``backend=ferric.torch.backend(fallback="inductor")``. Without a
    graph it returns a :class:`Backend` with those `options` (target,
    fallback, min_ops, matmul: see :func:`compile_fx`).

    The graph goes through aot_autograd: its forward (and backward, when
    gradients are needed) ATen graphs are compiled by :func:`compile_fx`,
    on their first real inputs (aot_autograd traces with fake tensors).
    A graph that does not return a flat tuple (make_fx of a function
    returning one tensor) is compiled as one that does and its result
    rebuilt, so the callable returned is called, and returns, as `gm` is;
    Dynamo's graphs return tuples already."""
    if gm is None:
        return Backend(**options)
    return Backend(**options)(gm, example_inputs)


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
