"""Lazy stream fusion: operations on :class:`ferric.Tensor` record into a
per-thread, per-device stream; a sync point compiles the recorded graph
into fused kernels (cached by its IR, which spells out structure, shapes and
dtypes) and runs it.

Sync points: reading a pending tensor's data (``.numpy()``,
``__dlpack__``, ``float(t)``, passing it to a compiled function),
:func:`sync`, leaving :func:`lazy`, and ``max_fusion_ops`` recorded ops.
Outside :func:`lazy` (or with ``enabled=False``) every operation is its
own flush, i.e. eager.

Shapes and dtypes are checked when an operation is recorded (by the same
emitter that writes the IR), so errors point at the line that made them. A
flush that fails leaves every tensor it would have computed in an error
state: reading one raises the flush's error; nothing is half-written.
"""

import collections
import threading
import weakref

from . import _capi
from . import tensor as _t
from ._dtypes import FerricError
from ._emit import _Emitter, _Value, emit, plan_arguments
from ._graph import topo
from .expr import E


class FusionConfig:
    """Lazy-mode settings.

    enabled: record (True) or run each op at once (False).
    min_fusion_ops: a flush of fewer ops still runs (as one compiled call)
        but does not count as a fused execution.
    max_fusion_ops: flush when a stream holds this many recorded ops.
    cache_size: executables kept (LRU) by the lazy cache.
    target: None (the tensors' device) or a device the tensors must be on.
    """

    def __init__(self, enabled=True, min_fusion_ops=2, max_fusion_ops=256,
                 cache_size=64, target=None):
        if max_fusion_ops < 1 or min_fusion_ops < 0 or cache_size < 1:
            raise ValueError("FusionConfig: max_fusion_ops and cache_size "
                             "must be >= 1, min_fusion_ops >= 0")
        if target is not None:
            _t._check_device(target)
        self.enabled, self.min_fusion_ops = bool(enabled), int(min_fusion_ops)
        self.max_fusion_ops, self.cache_size = int(max_fusion_ops), \
            int(cache_size)
        self.target = target

    def __repr__(self):
        return ("FusionConfig(enabled=%s, min_fusion_ops=%d, max_fusion_ops="
                "%d, cache_size=%d, target=%r)"
                % (self.enabled, self.min_fusion_ops, self.max_fusion_ops,
                   self.cache_size, self.target))


_FIELDS = ("flushes", "fused_executions", "ops_recorded", "kernels_launched",
           "launches_saved", "intermediate_bytes_saved", "cache_hits",
           "cache_misses")
_counts = dict.fromkeys(_FIELDS, 0)
_counts_lock = threading.Lock()


class FusionStats(collections.namedtuple("FusionStats", _FIELDS)):
    """Counts since the last reset (process-wide, all threads).

    flushes: flushes that ran something; fused_executions: those with at
    least min_fusion_ops ops; ops_recorded: operations recorded;
    kernels_launched: kernel launches of the flushes' executables (the
    runner's launches per call; 0 on the CPU target, which launches none);
    launches_saved: ops run minus kernels launched (against one kernel per
    op; GPU targets only); intermediate_bytes_saved: bytes of
    the op results no kernel wrote (values used only inside a flush);
    cache_hits / cache_misses: the lazy executable cache.
    """

    def reset(self):
        reset_fusion_stats()


def fusion_stats():
    """A :class:`FusionStats` snapshot."""
    with _counts_lock:
        return FusionStats(**_counts)


def reset_fusion_stats():
    with _counts_lock:
        for k in _counts:
            _counts[k] = 0


def _count(**deltas):
    with _counts_lock:
        for k, v in deltas.items():
            _counts[k] += v


_cache = collections.OrderedDict()
_cache_lock = threading.Lock()


def _executable(ir, target, cache_size):
    key = (ir, target)
    with _cache_lock:
        exe = _cache.get(key)
        if exe is not None:
            _cache.move_to_end(key)
            _count(cache_hits=1)
            return exe
    exe = _capi.Executable(ir, entry="lazy", target=target)
    _count(cache_misses=1)
    with _cache_lock:
        _cache[key] = exe
        while len(_cache) > cache_size:
            _cache.popitem(last=False)
    return exe


# Flushed graphs by structure (ops, attributes, edges, roots) and input
# dtypes and shapes, to (executable, plan): a hit emits no IR at all. The
# IR-keyed cache above still unifies graphs that differ only in ways the IR
# does not show (the order ops were recorded in).
_graphs = collections.OrderedDict()


def _attrs_key(attrs):
    # By type and repr: 0.0 == -0.0 and 1 == True, but their IR differs.
    if not attrs:
        return ()
    return tuple((k, v if isinstance(v, str) else (type(v), repr(v)))
                 for k, v in sorted(attrs.items()))


def _graph_key(device, order, roots, inputs, attrs_keys):
    """`attrs_keys`: _attrs_key of the nodes, by id, where known."""
    index = {}
    parts = []
    for n in order:
        index[id(n)] = len(parts)
        akey = attrs_keys.get(id(n))
        if akey is None:
            akey = _attrs_key(n.attrs)
        parts.append((n.op, akey, tuple([index[id(a)] for a in n.args])))
    return (device, tuple(parts), tuple([index[id(r)] for r in roots]),
            tuple([(t.dtype, t.shape) for t in inputs]))


class _State(threading.local):
    def __init__(self):
        self.configs = []  # the lazy() contexts entered on this thread
        self.streams = {}  # device -> _Stream


_state = _State()
_EAGER = FusionConfig(enabled=False)


def _config():
    return _state.configs[-1] if _state.configs else _EAGER


class _Stream:
    """The ops recorded on one device of one thread since the last flush."""

    def __init__(self, device):
        self.device = device
        self.inputs = []  # materialized Tensors, E.input(k) is inputs[k]
        self.input_index = {}  # id(Tensor) -> k
        self.checker = _Emitter([], static=True)
        self.vals = {}
        self.pending = []  # weakref.ref of each recorded Tensor
        self.nodes = {}  # id(E) -> the E (kept alive while recorded)
        self.attrs_keys = {}  # id(E) -> _attrs_key(E.attrs), for _graph_key
        self.ops = 0

    def leaf(self, t):
        if t._node is not None:
            if t._stream is self:
                return t._node
            raise FerricError("a tensor pending in another thread's lazy "
                              "stream cannot be used here; call "
                              "ferric.sync() on that thread first")
        k = self.input_index.get(id(t))
        if k is None:
            k = len(self.inputs)
            self.inputs.append(t)
            self.input_index[id(t)] = k
            self.checker.arg_types.append((t.dtype, t.shape))
            self.checker.args.append(_Value("%%arg%d" % k, t.dtype, t.shape,
                                            arg=k))
        return E.input(k)

    def check(self, node):
        """Visits `node` (and its new leaves) with the checker: raises a
        ShapeError/DTypeError now, returns the _Value (dtype, shape)."""
        stack = [node]
        vals = self.vals
        while stack:
            n = stack[-1]
            todo = [a for a in n.args if id(a) not in vals]
            if todo:
                stack.extend(todo)
                continue
            stack.pop()
            if id(n) not in vals:
                vals[id(n)] = self._visit(n)
                self.nodes[id(n)] = n
        return vals[id(node)]

    def _visit(self, n):
        # An op's result type depends only on the op, its attributes and
        # its operands' types: checked once (by the checker, which raises
        # the errors), then looked up.
        if n.op == "input":
            return self.checker.visit(n, self.vals)
        akey = self.attrs_keys[id(n)] = _attrs_key(n.attrs)
        key = (n.op, akey,
               tuple([_operand_key(self.vals[id(a)]) for a in n.args]))
        hit = _checked.get(key)
        if hit is not None:
            return _Value("%lazy", hit[0], hit[1]) if hit[2] is None \
                else hit[2]
        v = self.checker.visit(n, self.vals)
        if len(_checked) >= _CHECKED_SIZE:
            _checked.clear()
        _checked[key] = (v.dtype, v.shape, None) if isinstance(v, _Value) \
            else (None, None, v)
        return v

    def flush(self):
        live = [t for t in (r() for r in self.pending)
                if t is not None and t._node is not None]
        if self is _state.streams.get(self.device):
            del _state.streams[self.device]
        if not live:
            return
        live.sort(key=lambda t: t._order)
        roots = [t._node for t in live]
        order = topo(roots)
        ops = [n for n in order if n.op not in ("input", "scalar")]
        root_ids = {id(r) for r in roots}
        saved_bytes = sum(
            _nbytes(self.vals[id(n)]) for n in ops if id(n) not in root_ids)
        cfg = _config()
        try:
            key = _graph_key(self.device, order, roots, self.inputs,
                             self.attrs_keys)
            with _cache_lock:
                hit = _graphs.get(key)
                if hit is not None:
                    _graphs.move_to_end(key)
                    _count(cache_hits=1)
            if hit is None:
                emitted = emit(roots,
                               [(t.dtype, t.shape) for t in self.inputs],
                               "lazy", static=True)
                exe = _executable(emitted.ir, self.device, cfg.cache_size)
                hit = (exe, emitted.plan)
                with _cache_lock:
                    _graphs[key] = hit
                    while len(_graphs) > cfg.cache_size:
                        _graphs.popitem(last=False)
            exe, plan = hit
            results = _t.run_device(exe, plan_arguments(plan, self.inputs))
        except Exception as e:
            err = FerricError("the lazy flush of %d ops on %s failed: %s"
                              % (len(ops), self.device, e))
            for t in live:
                t._fail(err)
            raise err from e
        for t, r in zip(live, results):
            t._settle(r)
        # The CPU target launches no kernels (its loops run in the calling
        # thread), so launches are only counted on GPU targets.
        launches = exe.launches_per_call
        saved = 0 if self.device == "cpu" else max(len(ops) - launches, 0)
        _count(flushes=1, kernels_launched=launches,
               fused_executions=int(len(ops) >= cfg.min_fusion_ops),
               launches_saved=saved,
               intermediate_bytes_saved=saved_bytes)


# Result types of checked ops (see _Stream._visit); any thread may read and
# fill it (a dict's get and set are atomic).
_checked = {}
_CHECKED_SIZE = 4096


def _operand_key(v):
    if isinstance(v, _Value):
        return (v.dtype, v.shape)
    return (type(v), repr(v.value), v.dtype)  # a constant not yet typed


def _nbytes(v):
    n = 1
    for d in v.shape:
        n *= d
    return n * _t._ITEMSIZE[v.dtype]


def _stream_for(tensors, cfg):
    """The stream of this thread for the device of `tensors` under the
    lazy() config `cfg` (made if new)."""
    if not tensors:
        raise FerricError("an operation recorded on Tensors needs a Tensor "
                          "operand")
    device = tensors[0].device
    if any(t.device != device for t in tensors):
        devices = {t.device for t in tensors}
        raise _t.DeviceError("operands are on different devices (%s); move "
                             "them with .to(device)"
                             % ", ".join(sorted(devices)))
    if cfg.target is not None and device != cfg.target:
        raise _t.DeviceError("lazy(target=%r) got a tensor on %s"
                             % (cfg.target, device))
    s = _state.streams.get(device)
    if s is None:
        s = _state.streams[device] = _Stream(device)
    return s


_order = [0]


def record(make, operands):
    """Records `make(*E operands)` over `operands` (Tensors and numbers);
    returns the pending Tensor (already computed when not lazy)."""
    tensors = [o for o in operands if isinstance(o, _t.Tensor)]
    for o in tensors:
        if o._error is not None:
            raise o._error
    cfg = _config()
    s = _stream_for(tensors, cfg)
    leaves = [s.leaf(o) if isinstance(o, _t.Tensor) else o for o in operands]
    node = make(*leaves)
    v = s.check(node)  # raises here, at the recording call
    if not isinstance(v, _Value):
        raise FerricError("the operation folded to a constant")
    _order[0] += 1
    out = _t.Tensor._pending(s, node, v.shape, v.dtype, _order[0])
    s.pending.append(weakref.ref(out))
    s.ops += 1
    _count(ops_recorded=1)
    if not cfg.enabled or s.ops >= cfg.max_fusion_ops:
        s.flush()
    return out


def sync():
    """Flushes every stream of this thread."""
    for s in list(_state.streams.values()):
        s.flush()


class lazy:
    """``with ferric.lazy(): ...`` records Tensor operations on this thread
    and flushes at sync points and on exit. Takes a :class:`FusionConfig`
    or its keyword arguments."""

    def __init__(self, config=None, **kwargs):
        if config is not None and kwargs:
            raise TypeError("pass a FusionConfig or keywords, not both")
        self.config = config or FusionConfig(**kwargs)

    def __enter__(self):
        sync()  # what was recorded before runs under its own settings
        _state.configs.append(self.config)
        return self.config

    def __exit__(self, *exc):
        try:
            sync()
        finally:
            _state.configs.pop()
        return False
