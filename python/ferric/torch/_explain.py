"""``explain(model, *inputs)``: what Ferric makes of a model's graphs."""

import torch

from ._backend import _aot_compilers, compile_fx
from ._lower import decompositions
from ._report import Explanation
from ._training import _aot


def explain(model, *inputs, backward=False, **options):
    """Compiles `model` (an nn.Module or a function of tensors) for
    `inputs`, runs it once, and returns an :class:`Explanation`: per graph,
    the ops that fell back and why, the partitions, ferric kernels per
    partition and the launches saved against eager. `backward=True` traces
    forward and backward through aot_autograd (the sum of the outputs is
    the loss) and reports both graphs. `options`: those of
    :func:`compile_fx` (target, min_ops, matmul)."""
    if backward:
        compiled = []
        fw, bw = _aot_compilers(sink=compiled, **options)
        aot_function, aot_mod = _aot()
        wrap = aot_mod if isinstance(model, torch.nn.Module) else \
            aot_function
        fn = wrap(model, fw_compiler=fw, bw_compiler=bw,
                  decompositions=decompositions())
        out = fn(*inputs)
        outs = out if isinstance(out, (tuple, list)) else (out,)
        loss = sum(o.float().sum() for o in outs
                   if isinstance(o, torch.Tensor) and o.requires_grad)
        if isinstance(loss, torch.Tensor):
            loss.backward()
        return Explanation([r for c in compiled for r in c.reports])
    if isinstance(model, torch.fx.GraphModule):
        gm = model
    else:
        from torch.fx.experimental.proxy_tensor import make_fx
        with torch.no_grad():
            gm = make_fx(model, decomposition_table=decompositions())(
                *inputs)
    compiled = compile_fx(gm, list(inputs), kind="forward", **options)
    with torch.no_grad():
        compiled(*inputs)
    return Explanation(list(compiled.reports))

