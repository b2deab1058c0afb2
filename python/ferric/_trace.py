"""The trace cache of the lazy stream (ferric._lazy): a trie of recorded
op sequences, one root per device, one edge per op keyed by everything the
op contributes to the program, and the flushed programs by the trie node a
stream ends at (see ferric._lazy's module comment for how a stream walks
it; split from there).
"""

import collections
import threading

from . import _capi
from . import tensor as _t
from ._dtypes import FerricError


class _Trace:
    """A node of the trie of recorded op sequences: the op that reached it
    (`key`: name, attributes, operand keys; `parent`), its result's dtype
    and shape, and the pending Tensor's attributes (`fields`, all but the
    stream's)."""

    __slots__ = ("children", "parent", "key", "depth", "dtype", "shape",
                 "fields")

    def __init__(self, parent=None, key=None, dtype=None, shape=None,
                 device=None):
        self.children = {}
        self.parent, self.key = parent, key
        self.depth = 0 if parent is None else parent.depth + 1
        self.dtype, self.shape = dtype, shape
        if parent is not None:
            self.fields = {
                "_owner": None, "_ptr": None, "_host_arr": None,
                "shape": shape, "dtype": dtype, "device": device,
                "_node": self.depth - 1, "_stream": None, "_error": None,
                "_order": self.depth - 1, "_cuda_stream": None,
                "_cuda_ready": None}


# Trie roots by device. A program that records ever new sequences (a scalar
# that changes every step) would grow the trie without bound: past
# _TRACE_LIMIT nodes (about 1.5 KB each) it starts over, and forgets the
# flushed programs, which hold nodes of the old trie (their executables stay
# in the IR-keyed cache). Streams in flight keep their nodes.
_roots = {}
_trace_nodes = [0]
_TRACE_LIMIT = 1 << 13


def _root(device):
    r = _roots.get(device)
    if r is None:
        r = _roots[device] = _Trace()
    return r


# Flushed programs by (trie node, result positions): an LRU of the
# config's cache_size (ferric._lazy keeps the executables by IR text, under
# the same lock).
_graphs = collections.OrderedDict()
_cache_lock = threading.Lock()


def _forget_traces():
    with _cache_lock:
        _roots.clear()
        _graphs.clear()
        _trace_nodes[0] = 0
    _forget_edges()


def _forget_edges():
    """Drops the C recorder's cache of the edges it took last (which keeps
    their nodes alive)."""
    fastcall = _capi._fastcall
    if fastcall is not None and hasattr(fastcall, "lazy_forget"):
        fastcall.lazy_forget()


def _new_edge(node, key, dtype, shape, device):
    """The child of `node` by the new edge `key` (the whole trie starts
    over first when it is at _TRACE_LIMIT nodes)."""
    if _trace_nodes[0] >= _TRACE_LIMIT:
        _forget_traces()
    _trace_nodes[0] += 1
    child = node.children[key] = _Trace(node, key, dtype, shape, device)
    return child


def _scalar_key(x):
    """A Python number as a trie key: by value, except where equal values
    give other IR (0.0 and -0.0) or none equals itself (NaN)."""
    if x != x or x == 0:
        return ("s", repr(float(x)))
    return ("s", x)


def _operand_keys(s, operands):
    """The operands' part of an edge key in stream `s`: a pending op by its
    position, a computed Tensor by its input slot (the first use by its
    dtype and shape: the slot is the next one), a number by _scalar_key."""
    keys = []
    for o in operands:
        if isinstance(o, _t.Tensor):
            j = o._node
            if j is not None:
                if o._stream is not s:
                    raise FerricError(
                        "a tensor pending in another thread's lazy stream "
                        "cannot be used here; call ferric.sync() on that "
                        "thread first")
                keys.append(j)
                continue
            k = s.input_index.get(id(o))
            if k is None:
                s.input_index[id(o)] = len(s.inputs)
                s.inputs.append(o)
                keys.append((o.dtype, o.shape))
            else:
                keys.append(-k - 1)
        else:
            keys.append(_scalar_key(o))
    return tuple(keys)
