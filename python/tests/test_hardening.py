"""Inputs the package must survive or answer right (issue 42): each was a
crash, a hang or a wrong or misleading answer. The cases that crashed the
interpreter run in a subprocess, so a regression fails one test instead of
ending the session."""

import os
import subprocess
import sys
import textwrap

import numpy as np
import pytest

import ferric
from ferric import _capi

SELECT = """func.func @f(%m: tensor<8xi1>, %a: tensor<8xf32>, %b: tensor<8xf32>)
    -> (tensor<8xf32>, tensor<8xi1>) {
  %0 = ferric.select %m, %a, %b : tensor<8xi1>, tensor<8xf32>
  return %0, %m : tensor<8xf32>, tensor<8xi1>
}
"""

# The program: the constant's buffer was "written" (the SPIR-V
# literal 8 of GLSL.std.450 Floor read as its id) and copied back into the
# read-only global that holds it.
POW_SCALAR = """func.func @f(%a: tensor<f32>) -> tensor<f32> {
  %c = arith.constant dense<2.0> : tensor<f32>
  %r = ferric.pow %a, %c : tensor<f32>
  return %r : tensor<f32>
}
"""

POW_CONSTANT = """func.func @f(%a: tensor<4xf32>, %b: tensor<4xf32>)
    -> (tensor<4xf32>, tensor<4xf32>) {
  %c = arith.constant dense<2.0> : tensor<4xf32>
  %p = ferric.pow %a, %c : tensor<4xf32>
  %q = ferric.pow %a, %b : tensor<4xf32>
  return %p, %q : tensor<4xf32>, tensor<4xf32>
}
"""


def run_isolated(body, timeout=300):
    """Runs `body` (after `import numpy as np, ferric`) in a fresh
    interpreter; returns its last stdout line. A crash is a failure with the
    child's stderr, not the end of this session."""
    env = dict(os.environ)
    env["PYTHONPATH"] = os.path.join(os.path.dirname(__file__), "..")
    p = subprocess.run(
        [sys.executable, "-c",
         "import numpy as np\nimport ferric\n" + textwrap.dedent(body)],
        capture_output=True, text=True, env=env, timeout=timeout)
    assert p.returncode == 0, "exit %d: %s" % (p.returncode, p.stderr[-3000:])
    return p.stdout.strip().splitlines()[-1]


# -- bools -------------------------------------------------------------------

def test_bool_bytes_are_true_when_nonzero():
    # uint8.view(bool) makes bools of bytes 2, 4, ...: numpy says True; the
    # compiled code read the low bit (False) through the C API.
    raw = np.array([0, 1, 2, 3, 4, 128, 254, 255], np.uint8)
    mask = raw.view(np.bool_)
    a, b = np.ones(8, np.float32), -np.ones(8, np.float32)
    exe = ferric.Executable(SELECT)
    selected, returned = exe(mask, a, b)
    np.testing.assert_array_equal(selected, np.where(mask, a, b))
    np.testing.assert_array_equal(returned, raw != 0)
    assert returned.view(np.uint8).max() == 1
    # The caller's array is not rewritten.
    np.testing.assert_array_equal(mask.view(np.uint8), raw)
    # Through ferric.asarray (the buffer is shared when it can be) too.
    t = ferric.asarray(mask)
    np.testing.assert_array_equal(np.asarray(t), raw != 0)


# -- bf16 --------------------------------------------------------------------

def test_bf16_of_big_endian_uint16_takes_bit_patterns():
    bits = np.array([0x3F80, 0xC000, 0x7F80], dtype=">u2")  # 1, -2, inf
    x = ferric.bf16(bits)
    assert x.bits.dtype == np.uint16
    np.testing.assert_array_equal(x.bits, [0x3F80, 0xC000, 0x7F80])
    np.testing.assert_array_equal(x.to_float32(), [1, -2, np.inf])
    np.testing.assert_array_equal(ferric.BF16Array(bits).bits,
                                  [0x3F80, 0xC000, 0x7F80])


# -- messages ----------------------------------------------------------------

def test_executable_takes_bytes_and_says_what_it_wants():
    ir = b"""func.func @f(%a: tensor<4xf32>) -> tensor<4xf32> {
  %0 = ferric.neg %a : tensor<4xf32>
  return %0 : tensor<4xf32>
}
"""
    exe = ferric.Executable(ir)
    np.testing.assert_array_equal(exe(np.ones(4, np.float32))[0], -1)
    with pytest.raises(TypeError, match="the IR text must be a str "
                       r"\(or UTF-8 bytes\), not int"):
        ferric.Executable(42)
    with pytest.raises(ferric.FerricError, match="not UTF-8"):
        ferric.Executable(b"\xff\xfe")


def test_empty_ir_says_there_is_no_function():
    for ir in ("", "module {}"):
        with pytest.raises(ferric.FerricError,
                           match="no public function with a body to run"):
            ferric.Executable(ir)


def test_asarray_of_a_raw_dlpack_capsule_says_so():
    capsule = np.ones(3, np.float32).__dlpack__()
    with pytest.raises(TypeError, match="raw DLPack capsule; pass the "
                       "object that made it"):
        ferric.asarray(capsule)


@pytest.mark.parametrize("kwargs", [{"iterations": 0}, {"iterations": -1},
                                    {"iterations": 2**32},
                                    {"iterations": 1.5}, {"warmup": -1}])
def test_bench_needs_at_least_one_call(kwargs):
    exe = ferric.Executable(SELECT)
    inputs = (np.zeros(8, np.bool_), np.ones(8, np.float32),
              np.ones(8, np.float32))
    with pytest.raises(ValueError, match=r"bench\((iterations|warmup)="):
        exe.bench(*inputs, **kwargs)
    assert exe.bench(*inputs, iterations=1, warmup=0)["min_wall_us"] > 0


def test_bench_zero_is_refused_by_the_c_api_too():
    exe = ferric.Executable(SELECT)
    tensors, keep = exe._pack((np.zeros(8, np.bool_), np.ones(8, np.float32),
                               np.ones(8, np.float32)))
    assert _capi._bench(exe._handle, tensors, 3, 0, 0, None, None,
                        None) == 1  # FERRIC_ERROR_INVALID_ARGUMENT
    assert "iterations must be 1 to" in \
        _capi._lib.ferric_last_error().decode()


@pytest.mark.parametrize("shape", [(-1, 2), (2, -3), (2.5,), (True,)])
def test_spec_refuses_bad_dims_at_once(shape):
    with pytest.raises(ferric.ShapeError, match="ferric.spec: dim"):
        ferric.spec(shape)
    assert ferric.spec((0, 2)).shape == (0, 2)


# -- crashes (each in its own interpreter) -----------------------------------

def test_deep_nesting_is_an_error_not_a_stack_overflow():
    out = run_isolated("""
        n = 5000
        irs = ['func.func @f(%a: tensor<f32>) -> tensor<f32> {\\n'
               + 'scf.execute_region {\\n' * n + 'scf.yield\\n}\\n' * n
               + 'return %a : tensor<f32>\\n}\\n',
               'module {' * n + '}' * n,
               'func.func private @f() -> ' + '(' * 1000000 + ')' * 1000000]
        said = []
        for ir in irs:
            for call in (ferric.Executable, ferric.fusion_report):
                try:
                    call(ir)
                    said.append('accepted')
                except ferric.FerricError as e:
                    said.append('nested' if 'nested more than 256 levels'
                                in str(e) else str(e))
        print(sorted(set(said)))
    """)
    assert out == "['nested']"


def test_result_bytes_that_overflow_are_an_error():
    # 2^62 f32 elements are 2^64 bytes: the size wrapped to 0 and the
    # kernel wrote past a 64-byte buffer (the interpreter died).
    out = run_isolated("""
        static = '''func.func @f(%a: tensor<f32>) -> tensor<4611686018427387904xf32> {
          %b = ferric.broadcast %a dims [0] : tensor<f32> -> tensor<4611686018427387904xf32>
          return %b : tensor<4611686018427387904xf32>
        }'''
        dynamic = '''func.func @f(%a: tensor<f32>, %x: tensor<?xf32>) -> tensor<?xf32> {
          %c0 = arith.constant 0 : index
          %n = tensor.dim %x, %c0 : tensor<?xf32>
          %big = arith.constant 4611686018427387904 : index
          %m = arith.muli %n, %big : index
          %b = ferric.broadcast %a dims [0] sizes(%m) : tensor<f32> -> tensor<?xf32>
          return %b : tensor<?xf32>
        }'''
        said = []
        a, x = np.float32(1).reshape(()), np.zeros(1, np.float32)
        for ir, args in ((static, (a,)), (dynamic, (a, x))):
            try:
                ferric.Executable(ir)(*args)
                said.append('ran')
            except ferric.FerricError as e:
                said.append('overflow' if 'does not fit in 64 bits'
                            in str(e) else str(e))
        print(said)
    """)
    assert out == "['overflow', 'overflow']"


@pytest.mark.parametrize("target", ["cpu", "vulkan"])
def test_no_run_writes_into_its_inputs(target, tmp_path):
    # Inputs in read-only pages (np.memmap mode "r"): a runtime that copies
    # a buffer back into an input (the Vulkan reflection once marked read
    # bindings written) segfaults here instead of silently rewriting it.
    if not ferric.target_available(target):
        pytest.skip("%s: %s" % (target,
                                ferric.target_unavailable_reason(target)))
    out = run_isolated("""
        import sys
        target, d = sys.argv[1:] if len(sys.argv) > 2 else (%r, %r)
        a = np.memmap(d + '/a.bin', np.float32, 'w+', shape=(4,))
        a[:] = [0.5, 1.5, 2.0, 3.0]
        b = np.memmap(d + '/b.bin', np.float32, 'w+', shape=(4,))
        b[:] = [2.0, 2.0, 0.5, 1.0]
        del a, b
        a = np.memmap(d + '/a.bin', np.float32, 'r', shape=(4,))
        b = np.memmap(d + '/b.bin', np.float32, 'r', shape=(4,))
        exe = ferric.Executable(%r, target=target)
        for _ in range(3):
            p, q = exe(a, b)
        ok = np.allclose(p, np.asarray(a) ** 2) and \\
            np.allclose(q, np.asarray(a) ** np.asarray(b))
        s = np.memmap(d + '/s.bin', np.float32, 'w+', shape=())
        s[()] = 0.5
        del s
        s = np.memmap(d + '/s.bin', np.float32, 'r', shape=())
        (r,) = ferric.Executable(%r, target=target)(s)
        ok = ok and float(r) == 0.25
        print(ok and list(a) == [0.5, 1.5, 2.0, 3.0])
    """ % (target, str(tmp_path), POW_CONSTANT, POW_SCALAR))
    assert out == "True"
