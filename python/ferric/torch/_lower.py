"""Lowering an FX graph to the ATen ops the support table knows: make_fx
with a decomposition table."""

import functools

import torch

from ._support import op_name

# Composite ops that decompose into ops ferric takes (norms, activations and
# their backward formulas, losses). Ops outside this list stay as they are
# and fall back to eager when ferric has no op for them.
DECOMPOSE = (
    "native_layer_norm", "native_layer_norm_backward", "gelu_backward",
    "silu_backward", "sigmoid_backward", "tanh_backward",
    "threshold_backward", "_softmax", "_softmax_backward_data",
    "_log_softmax", "_log_softmax_backward_data", "hardtanh", "leaky_relu",
    "hardsigmoid", "elu", "softplus",
    "mse_loss", "mse_loss_backward", "addcmul", "addcdiv",
    "hardtanh_backward", "leaky_relu_backward", "elu_backward",
    "softplus_backward", "hardsigmoid_backward", "_rms_norm",
)


def _var_mean(x, dim=None, *, correction=None, keepdim=False):
    # In ATen ops ferric takes (torch's own decomposition goes to prims).
    dims = list(range(x.dim())) if dim is None else \
        [d % max(x.dim(), 1) for d in ([dim] if isinstance(dim, int)
                                       else dim)]
    n = 1
    for d in dims:
        n *= x.shape[d]
    corr = 1 if correction is None else correction
    mean = torch.mean(x, dims, keepdim=True)
    d = x - mean
    var = torch.sum(d * d, dims, keepdim=keepdim) / max(n - corr, 0)
    return var, mean if keepdim else torch.mean(x, dims)


def _var(x, dim=None, *, correction=None, keepdim=False):
    return _var_mean(x, dim, correction=correction, keepdim=keepdim)[0]


def _std(x, dim=None, *, correction=None, keepdim=False):
    return torch.sqrt(_var(x, dim, correction=correction, keepdim=keepdim))


@functools.lru_cache(maxsize=None)
def _table():
    from torch._decomp import get_decompositions
    aten = torch.ops.aten
    ops = [getattr(aten, n) for n in DECOMPOSE if hasattr(aten, n)]
    table = get_decompositions(ops)
    table[aten.var_mean.correction] = _var_mean
    table[aten.var.correction] = _var
    table[aten.std.correction] = _std
    return table


def decompositions():
    """The decomposition table (op overload -> function) for make_fx and
    aot_autograd (a fresh dict each call: callers may extend it)."""
    return dict(_table())


def is_aten_graph(gm, table=None):
    """Whether every call in `gm` is an ATen/prims op (or getitem) that the
    decomposition table leaves alone."""
    import operator
    table = _table() if table is None else table
    for n in gm.graph.nodes:
        if n.op in ("call_module", "call_method"):
            return False
        if n.op != "call_function" or n.target is operator.getitem:
            continue
        if op_name(n.target) is None or n.target in table:
            return False
    return True


def fast_casts(gm):
    """Rewrites ``prims.convert_element_type(x, dtype)`` (torch's
    decompositions of layer_norm, softmax, ... write their dtype
    conversions so) as ``aten._to_copy(x, dtype=dtype)``, the same
    conversion: where one runs eagerly (outside a partition, or in a
    partition that falls back), the prim costs ~100 us of Python per call
    (its meta function and autograd wrapper run every time: torch 1.13's
    CPU smoke of the GPT-2 block) where the ATen op is a dispatch. Returns
    how many it rewrote; the caller recompiles."""
    prim = getattr(getattr(torch.ops, "prims", None), "convert_element_type",
                   None)
    if prim is None:
        return 0
    count = 0
    for node in gm.graph.nodes:
        if node.op == "call_function" and node.target is prim.default and \
                len(node.args) == 2 and not node.kwargs:
            x, dtype = node.args
            node.target = torch.ops.aten._to_copy.default
            node.args = (x,)
            node.kwargs = {"dtype": dtype}
            count += 1
    return count


_FAKE_TYPES = ("FakeTensor", "FunctionalTensor")


def is_fake(x):
    return type(x).__name__ in _FAKE_TYPES or (
        isinstance(x, torch.Tensor) and x.is_meta)


def to_aten(gm, example_inputs):
    """`gm` traced again by make_fx into decomposed ATen ops (runs it once
    on `example_inputs`, which must be real tensors)."""
    from torch.fx.experimental.proxy_tensor import make_fx
    devices = sorted({a.device.index or 0 for a in example_inputs
                      if isinstance(a, torch.Tensor) and
                      a.device.type == "cuda"})
    # (make_fx runs the graph: the random number generators are left as
    # they were.)
    with torch.no_grad(), torch.random.fork_rng(devices=devices):
        return make_fx(gm, decomposition_table=decompositions())(
            *example_inputs)
