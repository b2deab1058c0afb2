"""Arguments numpy would refuse are refused here too, with one clear
exception (issue 16: each was accepted without a word)."""

import numpy as np
import pytest

import ferric
from ferric import E

IDENTITY = """func.func @f(%a: tensor<4xf32>) -> tensor<4xf32> {
  %0 = ferric.exp %a : tensor<4xf32>
  return %0 : tensor<4xf32>
}
"""


def test_eval_refuses_inputs_the_expression_does_not_use():
    a = np.arange(4, dtype=np.float32)
    with pytest.raises(TypeError, match=r"ferric\.eval got 2 inputs but the "
                       r"expression uses input 0; input 1 would be ignored"):
        ferric.eval([a, a], E.input(0).exp())
    with pytest.raises(TypeError, match=r"got 3 inputs but the expression "
                       r"uses inputs 0 to 1; input 2 would be ignored"):
        ferric.eval([a, a, a], E.input(0) + E.input(1))
    # An unused input below the highest one used is part of the signature.
    out = ferric.eval([a, a, a], E.input(0) * E.input(2))
    np.testing.assert_array_equal(out, a * a)


@pytest.mark.parametrize("inputs", [
    np.arange(4, dtype=np.float32),
    np.float32(2.0),
    ferric.bf16(np.ones(4, np.float32)),
    2.0,
    "abc",
])
def test_eval_refuses_one_array_for_the_list(inputs):
    with pytest.raises(TypeError, match=r"ferric\.eval takes a list \(or "
                       r"tuple\) of inputs, got a \w+; pass \[x\] for one "
                       r"input"):
        ferric.eval(inputs, E.input(0).exp())


def test_eval_takes_a_tuple_or_a_generator():
    a = np.arange(4, dtype=np.float32)
    np.testing.assert_allclose(ferric.eval((a,), E.input(0).exp()),
                               np.exp(a), rtol=1e-6)
    np.testing.assert_allclose(ferric.eval((x for x in [a]),
                                           E.input(0).exp()),
                               np.exp(a), rtol=1e-6)


def test_nul_in_ir_text_is_an_error():
    # The C API reads text up to the first NUL: what follows was dropped.
    with pytest.raises(ferric.FerricError, match=r"the IR text has a NUL "
                       r"character at offset 0; the C API reads text only "
                       r"up to the first NUL"):
        ferric.Executable("\0" + IDENTITY)
    with pytest.raises(ferric.FerricError, match=r"offset %d" % len(IDENTITY)):
        ferric.Executable(IDENTITY + "\0garbage")
    with pytest.raises(ferric.FerricError, match=r"the entry name has a NUL"):
        ferric.Executable(IDENTITY, entry="f\0g")
    with pytest.raises(ferric.FerricError, match=r"the IR text has a NUL"):
        ferric.fusion_report(IDENTITY + "\0")


@pytest.mark.parametrize("dtype", [">f2", ">f4", ">f8"])
def test_big_endian_arrays_are_converted(dtype):
    a = (np.arange(4) * 0.25 - 0.5).astype(dtype)
    want = np.exp(a.astype(np.float64))
    got = ferric.eval([a], E.input(0).exp())
    assert got.dtype == np.dtype(dtype).newbyteorder("=")
    np.testing.assert_allclose(got, want, rtol=1e-3)
    exe = ferric.Executable(IDENTITY)
    (out,) = exe.run(np.arange(4).astype(">f4"))
    np.testing.assert_allclose(out, np.exp(np.arange(4.0)), rtol=1e-6)


def test_big_endian_operand_of_a_select():
    m = np.array([True, False, True, True])
    x = np.arange(4, dtype=">f4")
    got = ferric.eval([m, x], ferric.where(E.input(0), E.input(1),
                                           -E.input(1)))
    np.testing.assert_array_equal(got, np.where(m, x, -x))
