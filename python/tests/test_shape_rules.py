"""The Python front end's shape rules against the C++ ones.

python/ferric/_emit.py decides, before compiling, which shapes broadcast,
which reduce dims are valid and which matmul operands fit, and what shape
each result has. The C++ side decides the same things twice: the op
verifiers (lib/Dialect/FerricOps.cpp, reached here through
``ferric.fusion_report``, which parses and verifies) for static shapes, and
the runner's input check (lib/Runner/Validate.cpp, reached through
``ferric.Executable`` on IR with dynamic dims) for the sizes only known at
call time. Random cases, valid and invalid, must get the same verdict and
the same result shape from Python and from C++.
"""

import random
import re

import numpy as np
import pytest

import ferric
from ferric import E
from ferric._emit import plan_arguments
from ferric.expr import emit

CASES = 100
DIM_SIZES = (1, 2, 3)


def _ty(shape, dynamic=False):
    dims = "".join(("?" if dynamic else str(d)) + "x" for d in shape)
    return "tensor<%sf32>" % dims


def _python(roots, shapes, static=True):
    """("ok", result shape, emitted) or ("error", message, None) from the
    Python rules; anything but a ValueError (ShapeError) is a test bug."""
    try:
        em = emit(roots, [("f32", tuple(s)) for s in shapes], "f", static)
    except ValueError as e:
        return "error", str(e), None
    return "ok", tuple(em.result_types[0][1]), em


def _verifies(ir):
    """None if the C++ verifiers accept `ir`, else their message."""
    try:
        ferric.fusion_report(ir)
        return None
    except ferric.FerricError as e:
        return str(e)


_executables = {}


def _run(ir, *arrays):
    """("ok", result shape) or ("error", message) from running `ir` on the
    CPU: with dynamic dims, the runner's input check judges the sizes."""
    exe = _executables.get(ir)
    if exe is None:
        exe = _executables[ir] = ferric.Executable(ir, target="cpu")
    try:
        out = exe(*arrays)
    except ferric.FerricError as e:
        assert "input shapes disagree" in str(e), str(e)
        return "error", str(e)
    return "ok", tuple(out[0].shape)


def _random_shape(rng, lo=0, hi=3):
    return tuple(rng.choice(DIM_SIZES) for _ in range(rng.randint(lo, hi)))


#
# Broadcasting (elementwise binary ops)
#

def _broadcast_pair(rng):
    # Sizes other than 1 more often, or most random pairs would broadcast.
    a, b = (tuple(rng.choice((1, 2, 2, 3, 3)) for _ in range(rng.randint(0, 3)))
            for _ in range(2))
    if rng.random() < 0.3:
        # Make it valid more often than chance would: align b with a.
        b = tuple(x if rng.random() < 0.7 else 1 for x in a[len(a) - len(b):])
        b = b if rng.random() < 0.8 else b[1:]
    return a, b


def _twin(shape):
    """A shape with the same pattern of 1s whose other sizes are all 2: the
    IR Python emits with dynamic dims depends only on that pattern."""
    return tuple(1 if d == 1 else 2 for d in shape)


def _call_args(emitted, arrays):
    """The arguments of `emitted`'s function, as ferric.Function calls it."""
    return plan_arguments(emitted.plan, arrays)


@pytest.mark.parametrize("case", range(CASES))
def test_broadcast_rule(case):
    rng = random.Random(1000 + case)
    a, b = _broadcast_pair(rng)
    expr = [E.input(0) + E.input(1)]
    verdict, shape, static_em = _python(expr, [a, b])
    if verdict == "ok":
        # The verifiers accept the broadcasts and ops Python wrote.
        assert _verifies(static_em.ir) is None, static_em.ir
    # The runner judges the actual sizes on the IR Python emits for shapes
    # with the same pattern of 1s, which always broadcast.
    twin_verdict, _, twin = _python(expr, [_twin(a), _twin(b)], static=False)
    assert twin_verdict == "ok"
    if verdict == "ok":
        assert _python(expr, [a, b], static=False)[2].ir == twin.ir
    nprng = np.random.default_rng(case)
    x = nprng.standard_normal(a).astype(np.float32)
    y = nprng.standard_normal(b).astype(np.float32)
    cpp = _run(twin.ir, *_call_args(twin, [x, y]))
    assert cpp[0] == verdict, (a, b, shape, cpp)
    if verdict == "ok":
        assert cpp[1] == shape
        # And both are numpy's rule, values included.
        assert shape == np.broadcast_shapes(a, b)
        got = _executables[twin.ir](*_call_args(twin, [x, y]))[0]
        np.testing.assert_array_equal(got, x + y)


#
# Reductions
#

def _reduce_case(rng):
    shape = _random_shape(rng, 1, 4)
    rank = len(shape)
    r = rng.random()
    if r < 0.15:
        dims = None
    elif r < 0.5:
        dims = rng.randint(-rank - 1, rank)
    else:
        dims = tuple(rng.randint(-rank - 1, rank)
                     for _ in range(rng.randint(1, min(3, rank + 1))))
    return shape, dims, rng.random() < 0.5


def _cpp_dims(dims, rank):
    """The dims attribute C++ gets for the Python spelling `dims`: numpy's
    negative dims and any order are spellings the front end accepts, so they
    become non-negative and sorted; out-of-range and repeated dims stay."""
    if dims is None:
        return list(range(rank))
    dims = [dims] if isinstance(dims, int) else list(dims)
    return sorted(d + rank if -rank <= d < 0 else d for d in dims)


def _reduce_ir(shape, dims, keepdim, result, dynamic=False):
    return ("func.func @f(%%x: %s) -> %s {\n"
            "  %%0 = ferric.reduce sum %%x dims [%s]%s : %s -> %s\n"
            "  return %%0 : %s\n}\n"
            % (_ty(shape, dynamic), result, ", ".join(map(str, dims)),
               " keepdim" if keepdim else "", _ty(shape, dynamic), result,
               result))


_EXPECTED = re.compile(r"result shape \S+ does not match the expected (\S+)")


def _cpp_reduce_shape(shape, dims, keepdim, dynamic=False):
    """("ok", the result type's shape text C++ expects) or ("error",
    message): asks the verifier with a result type that never fits."""
    probe = _ty((7,) * (len(shape) + 1))
    message = _verifies(_reduce_ir(shape, dims, keepdim, probe, dynamic))
    assert message is not None
    m = _EXPECTED.search(message)
    if not m:
        return "error", message
    return "ok", "" if m.group(1) == "scalar" else m.group(1)


@pytest.mark.parametrize("case", range(CASES))
def test_reduce_rule(case):
    rng = random.Random(2000 + case)
    shape, dims, keepdim = _reduce_case(rng)
    try:
        expr = [E.input(0).sum(dims=dims, keepdim=keepdim)]
    except ValueError as e:  # a dim repeated as written
        verdict, want = "error", str(e)
    else:
        verdict, want, _ = _python(expr, [shape])
    cdims = _cpp_dims(dims, len(shape))
    cpp, expected = _cpp_reduce_shape(shape, cdims, keepdim)
    assert cpp == verdict, (shape, dims, keepdim, want, expected)
    if verdict == "error":
        return
    assert expected == "x".join(map(str, want)), (shape, dims, keepdim)
    # The runner agrees on the sizes when the dims are dynamic.
    _, dyn = _cpp_reduce_shape(shape, cdims, keepdim, dynamic=True)
    rtype = "tensor<%s%sf32>" % (dyn, "x" if dyn else "")
    ir = _reduce_ir(shape, cdims, keepdim, rtype, dynamic=True)
    x = np.random.default_rng(case).standard_normal(shape).astype(np.float32)
    assert _run(ir, x) == ("ok", want)


#
# Matmul
#

def _matmul_pair(rng):
    if rng.random() < 0.6:
        rank = rng.choice((2, 3))
        m, k, n, batch = (rng.choice(DIM_SIZES) for _ in range(4))
        a = ((batch,) if rank == 3 else ()) + (m, k)
        b = ((batch,) if rank == 3 else ()) + (k, n)
        if rng.random() < 0.5:  # then change one dim of b
            j = rng.randrange(rank)
            b = b[:j] + (rng.choice(DIM_SIZES),) + b[j + 1:]
        return a, b
    return _random_shape(rng, 1, 4), _random_shape(rng, 1, 4)


def _matmul_ir(a, b, result, dynamic=False, flags=""):
    ta, tb = _ty(a, dynamic), _ty(b, dynamic)
    return ("func.func @f(%%a: %s, %%b: %s) -> %s {\n"
            "  %%0 = ferric.matmul %%a, %%b%s : %s, %s -> %s\n"
            "  return %%0 : %s\n}\n"
            % (ta, tb, result, flags, ta, tb, result, result))


def _transposed(rng, a, b):
    """(a, b, transpose_a, transpose_b, IR keywords): each operand of rank
    2 or 3 stored transposed one time in three (its shape swapped, so that
    a pair that fit still fits)."""
    swap = lambda s: s[:-2] + (s[-1], s[-2])  # noqa: E731
    ta = len(a) in (2, 3) and rng.random() < 0.35
    tb = len(b) in (2, 3) and rng.random() < 0.35
    flags = (" transpose_lhs" if ta else "") + (" transpose_rhs" if tb else "")
    return swap(a) if ta else a, swap(b) if tb else b, ta, tb, flags


@pytest.mark.parametrize("case", range(CASES))
def test_matmul_rule(case):
    rng = random.Random(3000 + case)
    a, b = _matmul_pair(rng)
    # Transpose flags from their own generator (the shapes stay those of
    # the cases without them).
    a, b, ta, tb, flags = _transposed(random.Random(9000 + case), a, b)
    verdict, want, _ = _python(
        [E.input(0).matmul(E.input(1), transpose_a=ta, transpose_b=tb)],
        [a, b])
    # The verifier with a result type that fits any sizes of its rank
    # judges the operands alone.
    loose = _ty(a, dynamic=True)
    cpp = _verifies(_matmul_ir(a, b, loose, flags=flags))
    assert (cpp is None) == (verdict == "ok"), (a, b, flags, want, cpp)
    if verdict == "ok":
        assert _verifies(_matmul_ir(a, b, _ty(want), flags=flags)) is None, \
            (a, b, flags, want)
    # The runner, on dynamic dims, whenever the ranks are ones it takes.
    if len(a) == len(b) and len(a) in (2, 3):
        nprng = np.random.default_rng(case)
        x = nprng.standard_normal(a).astype(np.float32)
        y = nprng.standard_normal(b).astype(np.float32)
        ir = _matmul_ir(a, b, loose, dynamic=True, flags=flags)
        ran = _run(ir, x, y)
        assert ran[0] == verdict, (a, b, flags, want, ran)
        if verdict == "ok":
            assert ran[1] == want


def test_cases_cover_both_verdicts():
    """The generators give enough valid and invalid cases of each kind for
    the checks above to mean something."""
    counts = {}
    for kind, make, roots in (
            ("broadcast", _broadcast_pair, lambda: [E.input(0) + E.input(1)]),
            ("matmul", _matmul_pair, lambda: [E.input(0) @ E.input(1)])):
        seed = {"broadcast": 1000, "matmul": 3000}[kind]
        for case in range(CASES):
            shapes = make(random.Random(seed + case))
            v = _python(roots(), list(shapes))[0]
            counts[(kind, v)] = counts.get((kind, v), 0) + 1
    for case in range(CASES):
        shape, dims, keepdim = _reduce_case(random.Random(2000 + case))
        try:
            v = _python([E.input(0).sum(dims=dims, keepdim=keepdim)],
                        [shape])[0]
        except ValueError:
            v = "error"
        counts[("reduce", v)] = counts.get(("reduce", v), 0) + 1
    for kind in ("broadcast", "reduce", "matmul"):
        for v in ("ok", "error"):
            assert counts.get((kind, v), 0) >= CASES // 6, counts
