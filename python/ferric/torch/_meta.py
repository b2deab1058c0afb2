"""What an FX node computes: shape, dtype and strides of its value, read from
the metadata tracers leave (``meta["val"]`` from make_fx/aot_autograd,
``meta["tensor_meta"]`` from ShapeProp)."""

import torch

# torch dtype -> ferric dtype name (the ones a partition may touch).
FERRIC_DTYPE = {torch.float16: "f16", torch.bfloat16: "bf16",
                torch.float32: "f32", torch.float64: "f64", torch.bool: "i1"}
FLOAT_DTYPES = (torch.float16, torch.bfloat16, torch.float32, torch.float64)


class Meta:
    """Shape (a tuple of ints, or None when a size is symbolic), dtype and
    strides of one tensor value."""

    __slots__ = ("shape", "dtype", "stride")

    def __init__(self, shape, dtype, stride):
        self.shape = shape
        self.dtype = dtype
        self.stride = stride

    @property
    def contiguous(self):
        if self.shape is None or self.stride is None:
            return False
        expected = 1
        for size, stride in zip(reversed(self.shape), reversed(self.stride)):
            if size != 1 and stride != expected:
                return False
            expected *= size
        return True


def _ints(seq):
    try:
        return tuple(int(d) for d in seq)
    except (TypeError, ValueError):  # a symbolic size
        return None


def _is_concrete(seq):
    # torch >= 2 SymInts convert with int() only when they are bound; a
    # graph with dynamic sizes keeps them symbolic, which ferric partitions
    # do not take.
    return all(type(d) is int for d in seq)


def tensor_meta(value):
    if isinstance(value, torch.Tensor):
        shape, stride = tuple(value.shape), None
        try:
            stride = tuple(value.stride())
        except (RuntimeError, NotImplementedError):
            pass
        if not _is_concrete(shape):
            return Meta(None, value.dtype, None)
        return Meta(_ints(shape), value.dtype,
                    _ints(stride) if stride and _is_concrete(stride)
                    else None)
    return None


def node_meta(node):
    """A :class:`Meta`, a tuple of them (a node with several results), or
    None (not a tensor, or no metadata)."""
    val = node.meta.get("val")
    if val is not None and "tensor_meta" not in node.meta:
        if isinstance(val, (tuple, list)):
            return tuple(tensor_meta(v) for v in val)
        return tensor_meta(val)
    tm = node.meta.get("tensor_meta")
    if tm is None:
        if node.op == "get_attr" and val is None:
            # A parameter or constant of a make_fx graph (torch.fx's shape
            # propagation may not have run): the tensor itself says.
            return tensor_meta(_attribute(node))
        return None
    # TensorMetadata is a NamedTuple itself: a tuple of them has no shape.
    if isinstance(tm, (tuple, list)) and not hasattr(tm, "shape"):
        return tuple(Meta(_ints(t.shape), t.dtype, _ints(t.stride))
                     if hasattr(t, "shape") else None for t in tm)
    return Meta(_ints(tm.shape), tm.dtype, _ints(tm.stride))


def _attribute(node):
    """The value a get_attr node reads, or None."""
    obj = node.graph.owning_module
    for part in str(node.target).split("."):
        obj = getattr(obj, part, None)
    return obj


def has_meta(gm):
    """Whether every call node of `gm` carries metadata."""
    return all("val" in n.meta or "tensor_meta" in n.meta
               for n in gm.graph.nodes
               if n.op in ("call_function", "placeholder"))


def metas_match(gm, args):
    """Whether every node of `gm` has metadata and its placeholders' agree
    with `args` (shape, dtype, strides): then the graph need not run to
    learn its shapes."""
    if not has_meta(gm):
        return False
    holders = [n for n in gm.graph.nodes if n.op == "placeholder"]
    if len(holders) != len(args):
        return False
    for node, a in zip(holders, args):
        if not isinstance(a, torch.Tensor):
            continue
        m = node_meta(node)
        if not isinstance(m, Meta) or m.shape != tuple(a.shape) or \
                m.dtype != a.dtype or (m.stride is not None and
                                       m.stride != tuple(a.stride())):
            return False
    return True


def propagate(gm, example_inputs):
    """Fills ``meta["tensor_meta"]`` by running `gm` on `example_inputs`
    (real tensors), leaving the random number generators as they were (a
    dropout in the graph draws again when it really runs). Returns False
    where that cannot run (fake inputs, symbolic sizes), so callers fall
    back to eager."""
    from torch.fx.passes.shape_prop import ShapeProp
    devices = [a.device for a in example_inputs
               if isinstance(a, torch.Tensor) and a.device.type == "cuda"]
    try:
        with torch.no_grad(), torch.random.fork_rng(
                devices=sorted({d.index or 0 for d in devices})):
            ShapeProp(gm).propagate(*example_inputs)
        return True
    except Exception:  # noqa: BLE001 - any failure means "no metadata"
        return False
