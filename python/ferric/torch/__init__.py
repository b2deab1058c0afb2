"""torch.compile backend: ``torch.compile(model, backend="ferric")``.

PyTorch graphs (Dynamo, ``torch.fx.symbolic_trace``, ``make_fx``,
aot_autograd) are lowered to ATen, partitioned into what Ferric computes
(elementwise, compare, where, casts, sum/mean/amax/amin, mm/addmm/bmm and
the shape ops Ferric reads as broadcasts) and what it does not, which runs
as eager (or inductor) would. Each partition is one ferric function,
compiled per input signature; tensors move through DLPack without copies
(on the current CUDA stream on GPUs)::

    import torch, ferric.torch
    model = torch.compile(model, backend="ferric")        # torch >= 2

    compiled = ferric.torch.compile_fx(gm, example_inputs)  # any FX graph
    print(ferric.torch.explain(model, x))                 # what fell back

Training: ``aot_module``/``aot_function`` (and torch.compile under
autograd) compile forward and backward graphs the same way.
"""

from ._backend import Backend, CompiledGraph, backend, compile_fx, register
from ._explain import explain
from ._lower import decompositions
from ._report import Explanation, GraphReport, PartitionReport
from ._support import FerricSupport, pending_ops, supported_ops
from ._training import aot_function, aot_module, compile_step

register()

__all__ = ["backend", "Backend", "compile_fx", "CompiledGraph", "explain",
           "Explanation", "GraphReport", "PartitionReport", "FerricSupport",
           "supported_ops", "pending_ops", "decompositions", "aot_function",
           "aot_module", "compile_step", "register"]
