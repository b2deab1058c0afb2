"""Lazy stream fusion: operations on :class:`ferric.Tensor` record into a
per-thread, per-device stream; a sync point compiles the recorded graph
into fused kernels and runs it.

Sync points: reading a pending tensor's data (``.numpy()``,
``__dlpack__``, ``float(t)``, passing it to a compiled function),
:func:`sync`, leaving :func:`lazy`, and ``max_fusion_ops`` recorded ops.
Outside :func:`lazy` (or with ``enabled=False``) every operation is its
own flush, i.e. eager.

Recording costs about what an eager framework spends to dispatch an op, so
the stream is keyed as it is recorded: every stream walks a trie of
recorded op sequences (:class:`_Trace`, one root per device), one edge per
op, keyed by everything the op contributes to the program (its name,
attributes, operands as earlier ops of the stream or input slots, the
dtype and shape of an input's first use, a scalar's exact value, which is
baked into the IR as a constant). An edge seen before gives the op's
result dtype and shape without checking it again, and the trie node a
stream ends at, with the set of its tensors still referenced at the flush,
names the flushed program exactly: a flush seen before replays its
executable (through the C fast path where the Python package has it)
without building an expression, emitting IR or calling the compiler. Only
a new edge builds the op's expression, which the IR emitter checks (so
shape and dtype errors are raised by the recording call), and only a new
flush emits IR (cached again by its text, which unifies programs recorded
in another order).

A flush that fails leaves every tensor it would have computed in an error
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
from ._trace import (_cache_lock, _forget_edges, _graphs, _new_edge,
                     _operand_keys, _root, _roots, _trace_nodes)
from .expr import E


class FusionConfig:
    """Lazy-mode settings.

    enabled: record (True) or run each op at once (False).
    min_fusion_ops: a flush of fewer ops still runs (as one compiled call)
        but does not count as a fused execution.
    max_fusion_ops: flush when a stream holds this many recorded ops.
    cache_size: flushed programs (and executables) kept, least recently
        used first out.
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
# The counters, in _FIELDS order. A flush adds to them with _add (one C
# call, which no other thread interleaves with); the rest under the lock.
_counts = [0] * len(_FIELDS)
_counts_lock = threading.Lock()


class FusionStats(collections.namedtuple("FusionStats", _FIELDS)):
    """Counts since the last reset (process-wide, all threads).

    flushes: flushes that ran something; fused_executions: those with at
    least min_fusion_ops ops; ops_recorded: operations recorded (also those
    not flushed yet); kernels_launched: kernel launches of the flushes'
    executables (the runner's launches per call; 0 on the CPU target,
    which launches none); launches_saved (also
    ``kernel_launches_saved``): ops run minus kernels launched (against
    one kernel per op; GPU targets only); intermediate_bytes_saved: bytes
    of the op results no kernel wrote (values used only inside a flush);
    cache_hits / cache_misses: flushes that replayed a program seen before
    / that emitted IR for a new one.
    """

    __slots__ = ()

    @property
    def kernel_launches_saved(self):
        """The seed's name of :attr:`launches_saved`."""
        return self.launches_saved

    def reset(self):
        reset_fusion_stats()


# Streams not flushed yet, all threads (id -> stream): their recorded ops
# count in fusion_stats() before the flush adds them to _counts.
_open = {}


def fusion_stats():
    """A :class:`FusionStats` snapshot."""
    with _counts_lock:
        counts = dict(zip(_FIELDS, list(_counts)))
        for s in list(_open.values()):
            counts["ops_recorded"] += len(s.pending) - s.counted
    return FusionStats(**counts)


def reset_fusion_stats():
    with _counts_lock:
        _counts[:] = [0] * len(_FIELDS)
        for s in list(_open.values()):
            s.counted = len(s.pending)


def _add_locked(counts, deltas):
    with _counts_lock:
        for i, v in enumerate(deltas):
            counts[i] += v


# _add(counts, deltas): counts[i] += deltas[i] for the leading fields;
# _live(pending): the live pending Tensors of a stream and their positions.
if _capi._fastcall is not None and hasattr(_capi._fastcall, "lazy_add"):
    _add, _live = _capi._fastcall.lazy_add, _capi._fastcall.lazy_live
else:
    _add = _add_locked

    def _live(pending):
        live, positions = [], []
        for j, r in enumerate(pending):
            t = r()
            if t is not None and t._node is not None:
                live.append(t)
                positions.append(j)
        return live, tuple(positions)

_RECORDED_ONLY = _FIELDS.index("ops_recorded")


def _count_recorded(n):
    """Adds `n` to ops_recorded (a flush that ran nothing)."""
    _add(_counts, (0,) * _RECORDED_ONLY + (n,))


class _Program:
    """A flushed program: its executable and how to run it, and what one
    run counts in the FusionStats."""

    __slots__ = ("exe", "plan", "fast", "ops", "saved_bytes", "launches",
                 "saved_launches")

    def run(self, inputs):
        if self.fast is not None:
            return self.fast(*inputs)
        return _t.run_device(self.exe, plan_arguments(self.plan, inputs))


if _capi._fastcall is not None:
    class _Replay(_capi._fastcall.FastCall):
        """Runs a flushed program's executable on the stream's inputs in C
        (the fast path of ferric.Function); inputs it cannot take as they
        are (computed on another stream, say) go through run_device."""

        def _call(self, *inputs, stream=None):
            return tuple(_t.run_device(self.exe, list(inputs)))
else:
    _Replay = None


# Executables by IR text: an LRU of the config's cache_size (the flushed
# programs by trie node are ferric._trace's _graphs).
_cache = collections.OrderedDict()


def clear_caches():
    """Forgets every flushed program and executable (ferric.clear_cache)."""
    with _cache_lock:
        _graphs.clear()
        _cache.clear()
        _roots.clear()
        _trace_nodes[0] = 0
    _forget_edges()


def _executable(ir, target, cache_size):
    key = (ir, target)
    with _cache_lock:
        exe = _cache.get(key)
        if exe is not None:
            _cache.move_to_end(key)
            return exe
    exe = _capi.Executable(ir, entry="lazy", target=target)
    with _cache_lock:
        _cache[key] = exe
        while len(_cache) > cache_size:
            _cache.popitem(last=False)
    return exe


class _State(threading.local):
    def __init__(self):
        self.configs = []  # the lazy() contexts entered on this thread
        self.streams = {}  # device -> _Stream


_state = _State()
_EAGER = FusionConfig(enabled=False)


def _config():
    return _state.configs[-1] if _state.configs else _EAGER


class _Stream:
    """The ops recorded on one device of one thread since the last flush:
    the trie node they lead to, their pending Tensors (weakly: only those
    still referenced at the flush become results) and the computed Tensors
    they read (input slot k is the k-th one first used)."""

    def __init__(self, device):
        self.device = device
        self.node = _root(device)
        self.inputs = []
        self.input_index = {}  # id(Tensor) -> slot
        self.pending = []  # weakref.ref of each recorded Tensor, in order
        self.counted = 0  # of the pending ops, those in _counts already
        _open[id(self)] = self

    def flush(self):
        # The steady state (a graph seen before, replayed through the C
        # fast call) runs in C (lazy_flush, the same steps as below).
        if _flush_replay is not None and _flush_replay(self):
            return
        state = _state
        streams = state.streams
        if streams.get(self.device) is self:
            del streams[self.device]
        _open.pop(id(self), None)
        pending = self.pending
        recorded = len(pending) - self.counted
        self.counted = len(pending)
        live, positions = _live(pending)
        if not live:
            _count_recorded(recorded)
            return
        configs = state.configs
        cfg = configs[-1] if configs else _EAGER
        key = (self.node, positions)
        prog = _graphs.get(key)  # (get and move_to_end are atomic)
        hit = prog is not None
        try:
            if hit:
                _graphs.move_to_end(key)
            else:
                prog = self._compile(list(positions), cfg)
                with _cache_lock:
                    _graphs[key] = prog
                    while len(_graphs) > cfg.cache_size:
                        _graphs.popitem(last=False)
            fast = prog.fast
            results = fast(*self.inputs) if fast is not None else \
                prog.run(self.inputs)
        except Exception as e:
            _flush_failed(self, prog, live, recorded, e)
        for t, r in zip(live, results):
            t.__dict__ = r.__dict__  # (r is new and dropped here)
        # In _FIELDS order.
        _add(_counts, (1, 1 if prog.ops >= cfg.min_fusion_ops else 0,
                       recorded, prog.launches, prog.saved_launches,
                       prog.saved_bytes, 1 if hit else 0, 0 if hit else 1))

    def _compile(self, positions, cfg):
        """The program computing the recorded ops at `positions`: the
        expression rebuilt from the trie path, emitted and compiled."""
        path = []
        node = self.node
        while node.parent is not None:
            path.append(node)
            node = node.parent
        path.reverse()
        args = [E.input(k) for k in range(len(self.inputs))]
        nodes = []
        slot = 0
        for n in path:
            op, attrs, operands = n.key
            es = []
            for r in operands:
                if type(r) is int:
                    es.append(nodes[r] if r >= 0 else args[-r - 1])
                elif r[0] == "s":
                    es.append(E.scalar(float(r[1])))
                else:  # an input's first use: the next slot
                    es.append(args[slot])
                    slot += 1
            nodes.append(E(op, es, **dict(attrs)))
        roots = [nodes[j] for j in positions]
        emitted = emit(roots, [(t.dtype, t.shape) for t in self.inputs],
                       "lazy", static=True)
        prog = _Program()
        prog.exe = _executable(emitted.ir, self.device, cfg.cache_size)
        prog.plan = emitted.plan
        prog.fast = None
        direct = all(i == k and p is None
                     for k, (i, p) in enumerate(emitted.plan))
        if direct and _Replay is not None:
            fast = _Replay(self.device, False)  # (not an exe cache hit)
            fast.exe = prog.exe
            key = tuple(x for t in self.inputs for x in (t.shape, t.dtype))
            if _t.fastcall_add(fast, key, prog.exe, False):
                prog.fast = fast
        # Stats of one run: the ops the results depend on, the bytes of
        # those no kernel writes, the runner's launches per call.
        index = {id(e): j for j, e in enumerate(nodes)}
        used = [index[id(e)] for e in topo(roots) if id(e) in index]
        root_set = set(positions)
        prog.ops = len(used)
        prog.saved_bytes = sum(_nbytes(path[j]) for j in used
                               if j not in root_set)
        prog.launches = prog.exe.launches_per_call
        # Against one kernel per op; the CPU target launches none.
        prog.saved_launches = 0 if self.device == "cpu" else \
            max(prog.ops - prog.launches, 0)
        return prog


def _flush_failed(stream, prog, live, recorded, e):
    """The error path of a flush (also lazy_flush's): every tensor it would
    have computed fails with the flush's error, which is raised."""
    ops = prog.ops if prog is not None else len(stream.pending)
    err = FerricError("the lazy flush of %d ops on %s failed: %s"
                      % (ops, stream.device, e))
    for t in live:
        t._fail(err)
    _count_recorded(recorded)
    raise err from e


if _capi._fastcall is not None and hasattr(_capi._fastcall, "lazy_flush"):
    _capi._fastcall.lazy_flush_init(_graphs, _open, _counts, _flush_failed)
    _flush_replay = _capi._fastcall.lazy_flush
else:
    _flush_replay = None


def _nbytes(node):
    n = 1
    for d in node.shape:
        n *= d
    return n * _t._ITEMSIZE[node.dtype]


def _check(op, attrs, operands):
    """The _Trace child for a new edge: the op's expression over its
    operands' types, checked by the IR emitter (which raises the
    ShapeError/DTypeError)."""
    types, es = [], []
    for o in operands:
        if isinstance(o, _t.Tensor):
            es.append(E.input(len(types)))
            types.append((o.dtype, o.shape))
        else:
            es.append(E.scalar(o))
    em = _Emitter(types, static=True)
    vals = {id(e): em.visit(e, {}) for e in es}
    v = em.visit(E(op, es, **dict(attrs)), vals)
    if not isinstance(v, _Value):
        raise FerricError("the operation folded to a constant")
    return v.dtype, v.shape


def _devices_differ(operands):
    devices = {o.device for o in operands if isinstance(o, _t.Tensor)}
    return _t.DeviceError("operands are on different devices (%s); move "
                          "them with .to(device)" % ", ".join(sorted(devices)))


def record(op, attrs, operands):
    """Records op `op` (attributes: a tuple of (name, value) pairs, in one
    order per op) over `operands` (Tensors and Python numbers); returns the
    pending Tensor (already computed when not lazy).

    This is the path of every recorded op, so it is written for the common
    case (operands pending in this thread's stream or computed, Python
    numbers, an edge seen before) and leaves everything else, with the
    checks and errors, to _record_new."""
    state = _state
    configs = state.configs
    cfg = configs[-1] if configs else _EAGER
    s = None
    keys = []
    new = None  # computed Tensors this op uses first in the stream
    for o in operands:
        kind = type(o)
        if kind is Tensor:
            if s is None:
                s = state.streams.get(o.device) or _open_stream(o.device,
                                                                cfg)
                if s is None:
                    return _record_new(op, attrs, operands, cfg)
            j = o._node
            if j is not None:
                if o._stream is not s:
                    return _record_new(op, attrs, operands, cfg)
                keys.append(j)
                continue
            k = s.input_index.get(id(o))
            if k is not None:
                keys.append(-k - 1)
                continue
            if o._error is not None or o.device != s.device:
                return _record_new(op, attrs, operands, cfg)
            if new is None:
                new = []
            for i, n in enumerate(new):
                if n is o:
                    keys.append(-(len(s.inputs) + i) - 1)
                    break
            else:
                new.append(o)
                keys.append((o.dtype, o.shape))
        elif kind is float or kind is int:
            keys.append(("s", o) if o == o and o != 0 else
                        ("s", repr(float(o))))
        else:
            return _record_new(op, attrs, operands, cfg)
    if s is None or (cfg.target is not None and cfg.target != s.device):
        return _record_new(op, attrs, operands, cfg)
    child = s.node.children.get((op, attrs, tuple(keys)))
    if child is None:
        return _record_new(op, attrs, operands, cfg)
    if new is not None:
        for o in new:
            s.input_index[id(o)] = len(s.inputs)
            s.inputs.append(o)
    return _pending(s, child, cfg)


def _open_stream(device, cfg):
    """A new stream of this thread on `device`, or None where the config's
    target refuses the device (_record_new raises)."""
    if cfg.target is not None and cfg.target != device:
        return None
    s = _state.streams[device] = _Stream(device)
    return s


def _pending(s, child, cfg):
    """The pending Tensor of the op that took stream `s` to `child`."""
    s.node = child
    t = _new_object(Tensor)
    fields = child.fields.copy()
    fields["_stream"] = s
    t.__dict__ = fields
    s.pending.append(_weakref(t))
    if not cfg.enabled or len(s.pending) >= cfg.max_fusion_ops:
        s.flush()
    return t


Tensor = _t.Tensor
_new_object = object.__new__
_weakref = weakref.ref


def _record_new(op, attrs, operands, cfg):
    """record() for everything but the common case: checks the operands
    (errors, devices, threads, the lazy target), gives new inputs their
    slots and checks an op not seen at this point of a stream before (the
    IR emitter raises its ShapeError/DTypeError here, at the recording
    call)."""
    device = None
    for o in operands:
        if isinstance(o, _t.Tensor):
            if o._error is not None:
                raise o._error
            if device is None:
                device = o.device
            elif o.device != device:
                raise _devices_differ(operands)
    if device is None:
        raise FerricError("an operation recorded on Tensors needs a Tensor "
                          "operand")
    if cfg.target is not None and device != cfg.target:
        raise _t.DeviceError("lazy(target=%r) got a tensor on %s"
                             % (cfg.target, device))
    s = _state.streams.get(device)
    if s is None:
        s = _state.streams[device] = _Stream(device)
    first = len(s.inputs)
    try:
        key = (op, attrs, _operand_keys(s, operands))
        node = s.node
        child = node.children.get(key)
        if child is None:
            dtype, shape = _check(op, attrs, operands)
            child = _new_edge(node, key, dtype, shape, device)
    except BaseException:
        # The edge was not taken: neither are the input slots it took.
        for t in s.inputs[first:]:
            del s.input_index[id(t)]
        del s.inputs[first:]
        raise
    return _pending(s, child, cfg)


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
        if config is None and not kwargs:
            # The defaults, checked once: a FusionConfig of its own (the
            # caller may change it), without __init__'s checks per call.
            config = object.__new__(FusionConfig)
            config.__dict__ = _DEFAULT_CONFIG.__dict__.copy()
        self.config = config or FusionConfig(**kwargs)

    def __enter__(self):
        state = _state
        if state.streams:
            sync()  # what was recorded before runs under its own settings
        state.configs.append(self.config)
        return self.config

    def __exit__(self, *exc):
        state = _state
        try:
            for s in list(state.streams.values()):
                s.flush()
        finally:
            state.configs.pop()
        return False


_DEFAULT_CONFIG = FusionConfig()


# Tensor's operator methods call _t._record: the same walk in C
# (python/csrc/lazyrecord.c, with the fast-call extension), else record.
if _capi._fastcall is not None and hasattr(_capi._fastcall, "lazy_record"):
    _capi._fastcall.lazy_init(_state, _EAGER, _record_new, _open_stream,
                              _t.Tensor)
    _t._record = _capi._fastcall.lazy_record
else:
    _t._record = record
