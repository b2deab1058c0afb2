"""Training through Ferric: aot_autograd splits a model into its forward
and backward ATen graphs, and both are partitioned and compiled by
:func:`compile_fx` (torch 1.13's functorch.compile, torch >= 2's
torch._functorch)."""

import torch

from ._backend import _aot_compilers
from ._lower import decompositions


def _aot():
    try:
        from functorch.compile import aot_function, aot_module
    except ImportError:
        from torch._functorch.aot_autograd import aot_function, aot_module
    return aot_function, aot_module


def aot_function(fn, **options):
    """`fn` (a function of tensors) with its forward and backward graphs
    compiled through Ferric; call it as `fn`, and ``.backward()`` its
    results as usual."""
    graphs = []
    fw, bw = _aot_compilers(sink=graphs, **options)
    out = _aot()[0](fn, fw_compiler=fw, bw_compiler=bw,
                    decompositions=decompositions())
    out.ferric_graphs = graphs  # the CompiledGraphs, once traced
    return out


def aot_module(module, **options):
    """`module` (an nn.Module) with forward and backward compiled through
    Ferric; its parameters stay the module's own (an optimizer updating
    them is seen by the next call)."""
    graphs = []
    fw, bw = _aot_compilers(sink=graphs, **options)
    out = _aot()[1](module, fw_compiler=fw, bw_compiler=bw,
                    decompositions=decompositions())
    out.ferric_graphs = graphs  # the CompiledGraphs, once traced
    return out


def compile_step(fn, example_inputs, **options):
    """A pure function of tensors (an optimizer update, say) traced by
    make_fx and compiled through Ferric; returns a callable."""
    from ._backend import compile_fx
    from torch.fx.experimental.proxy_tensor import make_fx
    with torch.no_grad():
        gm = make_fx(fn, decomposition_table=decompositions())(
            *example_inputs)
    return compile_fx(gm, example_inputs, kind="step", **options)
