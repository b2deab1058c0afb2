"""``fallback="inductor"`` (torch >= 2): what Ferric does not take runs as
inductor-compiled subgraphs instead of op by op."""

import torch
from torch.fx.passes.infra.partitioner import CapabilityBasedPartitioner
from torch.fx.passes.operator_support import OperatorSupportBase

from ._support import op_name


class _Rest(OperatorSupportBase):
    # The ATen ops left (not getitem on a ferric partition's tuple).
    def is_node_supported(self, submodules, node):
        return node.op == "call_function" and op_name(node.target) is not None


class InductorPartition(torch.nn.Module):
    """A group of the ops that fell back, compiled by inductor on its first
    call; eager if inductor fails (the reason goes to the report)."""

    def __init__(self, gm, report):
        super().__init__()
        self.eager = gm
        self.report = report
        self.compiled = None
        self.failed = False

    def forward(self, *args):
        if self.failed:
            return self.eager(*args)
        if self.compiled is None:
            try:
                self.compiled = torch.compile(self.eager, backend="inductor")
            except Exception as e:  # noqa: BLE001
                return self._fail(e, args)
        try:
            return self.compiled(*args)
        except Exception as e:  # noqa: BLE001
            return self._fail(e, args)

    def _fail(self, e, args):
        self.failed = True
        self.report.fell_back.append(("inductor", "-", "%s: %s" % (
            type(e).__name__, str(e).splitlines()[0] if str(e) else "")))
        return self.eager(*args)


def compile_rest(gm, report):
    """Groups the call_function nodes left in `gm` (after the ferric
    partitions were fused into submodules) into inductor partitions."""
    partitioner = CapabilityBasedPartitioner(
        gm, _Rest(), allows_single_node_partition=True)
    before = {name for name, _ in gm.named_children()}
    partitioner.fuse_partitions(partitioner.propose_partitions())
    for name, sub in list(gm.named_children()):
        if name not in before and isinstance(sub, torch.fx.GraphModule):
            setattr(gm, name, InductorPartition(sub, report))
