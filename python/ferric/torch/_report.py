"""What the backend did with each graph: the data behind
:func:`ferric.torch.explain`."""

import re


class PartitionReport:
    """One ferric partition: its ATen ops, the kernels eager launches for
    them, and (once run) the launches of its ferric executable."""

    def __init__(self, name, ops, eager_launches):
        self.name = name
        self.ops = ops
        self.eager_launches = eager_launches
        self.kernels = None          # ferric launches per call, once run
        self.compile_seconds = None  # ferric's compile (C API)
        self.first_call_seconds = None  # the first call, compile included
        self.fallback = None         # why it runs eagerly, if it does
        self.eager_calls = 0         # calls that needed autograd: eager
        self.estimated = False       # kernels counted by ferric-fuse (CPU)

    def fall_back(self, why):
        self.fallback = why.splitlines()[0] if why else "unknown"

    def record(self, function):
        """Takes the kernel count from the partition's compiled
        :class:`ferric.Function` (its last signature)."""
        exe = function.executable()
        self.compile_seconds = exe.compile_seconds
        if exe.target != "cpu":
            self.kernels = exe.launches_per_call
            return
        # The CPU target launches nothing (its loops run in the calling
        # thread): count the kernels ferric-fuse forms instead, what a GPU
        # target would launch before reduction fusion.
        m = re.search(r"kernel launches: \d+ -> (\d+)", function.report())
        self.kernels = int(m.group(1)) if m else None
        self.estimated = True

    @property
    def launches_saved(self):
        if self.fallback is not None or self.kernels is None:
            return 0
        return self.eager_launches - self.kernels

    def __repr__(self):
        state = ("eager: %s" % self.fallback if self.fallback else
                 "%s ferric kernel(s)%s" % (
                     "?" if self.kernels is None else self.kernels,
                     " (ferric-fuse count)" if self.estimated else ""))
        if self.first_call_seconds is not None:
            state += ", first call %.3f s" % self.first_call_seconds
            if self.compile_seconds is not None:
                state += " (compile %.3f s)" % self.compile_seconds
        return "%s: %d op(s) [%s], %d eager launch(es) -> %s" % (
            self.name, len(self.ops), " ".join(self.ops),
            self.eager_launches, state)


class GraphReport:
    """One compiled graph: ops that fell back (node, op, why), partitions,
    and the totals."""

    def __init__(self, kind="graph"):
        self.kind = kind
        self.fell_back = []
        self.partitions = []
        self.eager_ops = 0      # launching ops of the whole graph
        self.build_seconds = None  # lowering and partitioning

    @property
    def ferric_kernels(self):
        return sum(p.kernels or 0 for p in self.partitions
                   if p.fallback is None)

    @property
    def launches_saved(self):
        return sum(p.launches_saved for p in self.partitions)

    def lines(self):
        out = ["%s: %d partition(s), %d op(s) fell back; launches %d -> %d "
               "(%d saved)%s" % (self.kind, len(self.partitions),
                                 len(self.fell_back), self.eager_ops,
                                 self.eager_ops - self.launches_saved,
                                 self.launches_saved,
                                 "" if self.build_seconds is None else
                                 "; built in %.3f s" % self.build_seconds)]
        for p in self.partitions:
            out.append("  " + repr(p))
        if self.fell_back:
            out.append("  fell back:")
            for name, op, why in self.fell_back:
                out.append("    %s (%s): %s" % (name, op, why))
        return out

    def __str__(self):
        return "\n".join(self.lines())


class Explanation:
    """The result of :func:`ferric.torch.explain`: one :class:`GraphReport`
    per compiled graph (forward, and backward when it was run)."""

    def __init__(self, graphs):
        self.graphs = graphs

    @property
    def partitions(self):
        return [p for g in self.graphs for p in g.partitions]

    @property
    def fell_back(self):
        return [f for g in self.graphs for f in g.fell_back]

    @property
    def launches_saved(self):
        return sum(g.launches_saved for g in self.graphs)

    def __str__(self):
        return "\n".join(line for g in self.graphs for line in g.lines())

    __repr__ = __str__
