"""The op vocabulary of ferric expressions and walks over their DAG.

Shared by the expression builder (:mod:`ferric.expr`) and the IR emitter
(:mod:`ferric._emit`), which both dispatch on these op names.
"""

UNARY_OPS = ("neg", "abs", "exp", "log", "sqrt", "rsqrt", "tanh", "relu",
             "sigmoid", "silu", "gelu", "sin", "cos", "erf", "log1p", "expm1",
             "floor", "ceil", "round", "sign", "reciprocal")
BINARY_OPS = ("add", "sub", "mul", "div", "max", "min", "pow")
CMP_PREDICATES = ("lt", "le", "gt", "ge", "eq", "ne")
REDUCE_KINDS = ("sum", "mean", "max", "min")


def topo(roots):
    """The nodes under `roots`, each after its operands (iterative, so deep
    expressions do not hit the recursion limit)."""
    order, seen = [], set()
    stack = [(r, False) for r in reversed(roots)]
    while stack:
        node, done = stack.pop()
        if done:
            order.append(node)
            continue
        if id(node) in seen:
            continue
        seen.add(id(node))
        stack.append((node, True))
        for a in reversed(node.args):
            if id(a) not in seen:
                stack.append((a, False))
    return order


def max_input_index(roots):
    """The largest input index used under `roots` (-1 if none)."""
    best = -1
    for node in topo(roots):
        if node.op == "input":
            best = max(best, node.attrs["index"])
    return best


def input_nodes(roots):
    return [n for n in topo(roots) if n.op == "input"]
