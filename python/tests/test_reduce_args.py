"""Reductions take ferric's dims=/keepdim=, torch's dim=/keepdim= and
numpy's axis=/keepdims=, and say clearly which argument is wrong."""

import numpy as np
import pytest

import ferric
from ferric import E

from conftest import assert_close

# ferric reduction method -> numpy function.
REDUCTIONS = {"sum": np.sum, "mean": np.mean, "amax": np.max, "amin": np.min}


@pytest.fixture
def x(rng):
    return rng.standard_normal((2, 3, 4)).astype(np.float64)


def _run(expr, x):
    return ferric.eval([x], expr)


@pytest.mark.parametrize("method", sorted(REDUCTIONS))
@pytest.mark.parametrize("spelling", [
    # (ferric kwargs, numpy axis, numpy keepdims)
    ({"dim": 1}, 1, False),
    ({"dim": -1, "keepdim": True}, -1, True),
    ({"axis": (0, 2)}, (0, 2), False),
    ({"axis": [2, 0], "keepdims": True}, (0, 2), True),
    ({"dims": (-3, 1)}, (0, 1), False),
    ({"dim": (1,), "keepdims": True}, 1, True),
    ({"axis": np.int64(-2)}, -2, False),
    ({"axis": None, "keepdims": True}, None, True),
    ({}, None, False),
])
def test_spellings_match_numpy(x, method, spelling):
    kwargs, axis, keepdims = spelling
    got = _run(getattr(E.input(0), method)(**kwargs), x)
    ref = REDUCTIONS[method](x, axis=axis, keepdims=keepdims)
    assert got.shape == np.shape(ref)
    assert_close(got, ref, 1e-13, 1e-15)


def test_positional_torch_form(x):
    got = _run(E.input(0).sum(1, True), x)
    np.testing.assert_allclose(got, x.sum(1, keepdims=True), rtol=1e-13)


def test_spellings_give_the_same_ir():
    spec = ferric.spec((2, 3, 4), "f32")
    irs = {ferric.compile(e).mlir(spec) for e in (
        E.input(0).mean(dims=2, keepdim=True),
        E.input(0).mean(dim=-1, keepdim=True),
        E.input(0).mean(axis=[2], keepdims=True))}
    assert len(irs) == 1


@pytest.mark.parametrize("kwargs, message", [
    ({"dims": 1, "dim": 1}, "sum(): give the dims once, not both dims= and "
                            "dim="),
    ({"dim": 0, "axis": 0}, "sum(): give the dims once, not both dim= and "
                            "axis="),
    ({"dims": 0, "axis": 1}, "not both dims= and axis="),
    ({"keepdim": True, "keepdims": True},
     "sum(): give keepdim= or keepdims=, not both"),
    ({"axis": (1, 1)}, "sum(): axis= names dim 1 twice"),
    ({"dim": [0, 2, 0]}, "sum(): dim= names dim 0 twice"),
])
def test_bad_arguments_raise_value_error(kwargs, message):
    with pytest.raises(ValueError) as info:
        E.input(0).sum(**kwargs)
    assert message in str(info.value)


@pytest.mark.parametrize("kwargs, message", [
    ({"dim": 1.0}, "amax(): dim= must be an int or a tuple/list of ints, got "
                   "float"),
    ({"axis": (0, "1")}, "amax(): axis= must be an int or a tuple/list of "
                         "ints, got str"),
    ({"dims": True}, "amax(): dims= must be an int or a tuple/list of ints, "
                     "got bool"),
    ({"axis": {0, 1}}, "amax(): axis= must be an int or a tuple/list of "
                       "ints, got set"),
])
def test_non_int_dims_raise_type_error(kwargs, message):
    with pytest.raises(TypeError) as info:
        E.input(0).amax(**kwargs)
    assert message in str(info.value)


@pytest.mark.parametrize("expr, message", [
    (E.input(0).mean(dim=3), "mean(): in dim=, dim 3 is out of range for "
                             "shape (2, 3, 4) (valid: -3 to 2)"),
    (E.input(0).amin(axis=-4), "amin(): in axis=, dim -4 is out of range"),
    (E.input(0).sum(dims=(0, 5)), "sum(): in dims=, dim 5 is out of range"),
    # Repeated only once normalized: known when the rank is.
    (E.input(0).sum(axis=(1, -2)), "sum(): axis= names dim 1 twice "
                                   "(shape (2, 3, 4))"),
])
def test_dims_checked_against_the_rank(x, expr, message):
    with pytest.raises(ValueError) as info:
        _run(expr, x)
    assert message in str(info.value)
    assert isinstance(info.value, ferric.ShapeError)


def test_a_0d_tensor_has_no_dims():
    x = np.ones((), np.float32)
    with pytest.raises(ferric.ShapeError,
                       match=r"sum\(\): in dim=, dim 0 is out of range for "
                             r"shape \(\) \(a 0-d tensor has no dims\)"):
        _run(E.input(0).sum(dim=0), x)
    # Reducing over all (no) dims is the tensor itself, as in numpy.
    assert _run(E.input(0).sum() + 1, x) == x.sum() + 1
