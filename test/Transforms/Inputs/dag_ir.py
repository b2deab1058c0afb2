"""The IR side of random_dags.py: tensor types and a parser of the generic
form that ferric-opt prints.
"""

import functools
import re

# ===----------------------------------------------------------------------===
# Types and the generic-form parser
# ===----------------------------------------------------------------------===


class TensorType:
    def __init__(self, shape, elem):
        self.shape = tuple(shape)
        self.elem = elem

    def __eq__(self, other):
        return (isinstance(other, TensorType) and self.shape == other.shape
                and self.elem == other.elem)

    def __hash__(self):
        return hash((self.shape, self.elem))

    def __repr__(self):
        return "tensor<%s>" % "x".join(
            [str(d) for d in self.shape] + [self.elem])


@functools.lru_cache(maxsize=None)
def parse_type(s):
    s = s.strip()
    if s.startswith("tensor<"):
        inner = s[len("tensor<"):-1]
        parts = inner.split("x")
        dims = []
        for p in parts[:-1]:
            dims.append(None if p == "?" else int(p))
        return TensorType(dims, parts[-1])
    return s


@functools.lru_cache(maxsize=None)
def split_top(s, sep=","):
    """Splits s at top-level separators (outside <>, (), [], {}); returns a
    tuple (results are cached)."""
    out, depth, cur = [], 0, []
    for i, ch in enumerate(s):
        if ch in "<([{":
            depth += 1
        elif ch in ">)]}" and not (ch == ">" and i and s[i - 1] == "-"):
            depth -= 1
        if ch == sep and depth == 0:
            out.append("".join(cur).strip())
            cur = []
        else:
            cur.append(ch)
    if "".join(cur).strip():
        out.append("".join(cur).strip())
    return tuple(out)


def parse_type_list(s):
    s = s.strip()
    if s.startswith("(") and s.endswith(")"):
        s = s[1:-1]
    return tuple(parse_type(t) for t in split_top(s)) if s.strip() else ()


@functools.lru_cache(maxsize=None)
def parse_fn_type(s):
    """'(A, B) -> (C, D)' or '(A) -> C' -> ([A, B], [C, D])."""
    depth = 0
    for i, ch in enumerate(s):
        if ch in "<([{":
            depth += 1
        elif ch in ">)]}":
            depth -= 1
        elif ch == "-" and depth == 0 and s[i + 1] == ">":
            return parse_type_list(s[:i]), parse_type_list(s[i + 2:])
    raise ValueError("not a function type: " + s)


def parse_map(s):
    """'affine_map<(d0, d1) -> (d1)>' -> (2, [1])."""
    m = re.match(r"affine_map<\(([^)]*)\)\s*->\s*\(([^)]*)\)>", s.strip())
    if not m:
        raise ValueError("cannot parse map " + s)
    dims = [d.strip() for d in m.group(1).split(",") if d.strip()]
    res = [r.strip() for r in m.group(2).split(",") if r.strip()]
    return len(dims), [dims.index(r) for r in res]


class Op:
    def __init__(self, name, results, operands, attrs, types):
        self.name = name
        self.results = results
        self.operands = operands
        self.attrs = attrs
        self.in_types, self.out_types = types
        self.block_args = []
        self.body = []


OP_RE = re.compile(
    r'^(?:(%[\w]+)(?::(\d+))? = )?"([\w.]+)"\((.*?)\)'
    r'(?: <\{(.*)\}>)?(?: (\(\{))?(?: : (.*))?$')


@functools.lru_cache(maxsize=None)
def split_attrs(s):
    """'a = 1, b' -> (('a', '1'), ('b', True))."""
    out = []
    for part in split_top(s):
        if "=" not in part:
            out.append((part.strip(), True))
            continue
        k, v = part.split("=", 1)
        out.append((k.strip(), v.strip()))
    return tuple(out)


def parse_attrs(s, aliases):
    attrs = {}
    if not s:
        return attrs
    for k, v in split_attrs(s):
        if v is not True and "#map" in v:
            v = re.sub(r"#map\d*\b", lambda m: aliases.get(m.group(0),
                                                          m.group(0)), v)
        attrs[k] = v
    return attrs


def parse_module(text):
    """Parses generic-form MLIR into {name: (function_type, args, ops)}."""
    aliases = {}
    funcs = {}
    stack = []  # ops whose region is open
    top = []
    for raw in text.splitlines():
        line = raw.strip()
        if not line or line.startswith("//"):
            continue
        if line[0] == "#":
            m = re.match(r"^(#\w+) = (.*)$", line)
            aliases[m.group(1)] = m.group(2)
            continue
        if line.startswith("^bb"):
            args = re.findall(r"(%\w+): ([^,()]+(?:<[^>]*>)?)",
                              line[line.index("(") + 1:line.rindex(")")])
            stack[-1].block_args = [(a, parse_type(t)) for a, t in args]
            continue
        if line.startswith("})"):
            op = stack.pop()
            m = re.match(r"^\}\) : (.*)$", line)
            if m and op.name != "builtin.module":
                op.in_types, op.out_types = parse_fn_type(m.group(1))
            continue
        m = OP_RE.match(line)
        if not m:
            raise ValueError("cannot parse line: " + line)
        res, count, name, operands, attrs, region, types = m.groups()
        results = []
        if res:
            results = ([res] if not count else
                       ["%s#%d" % (res, i) for i in range(int(count))])
        ops_ = [o.strip() for o in operands.split(",") if o.strip()]
        op = Op(name, results, ops_, parse_attrs(attrs, aliases),
                parse_fn_type(types) if types else ([], []))
        if stack:
            stack[-1].body.append(op)
        else:
            top.append(op)
        if region:
            stack.append(op)
    for mod in top:
        for f in mod.body:
            if f.name != "func.func":
                continue
            fname = re.match(r'"(.*)"', f.attrs["sym_name"]).group(1)
            funcs[fname] = (f.attrs["function_type"], f.block_args, f.body)
    return funcs
