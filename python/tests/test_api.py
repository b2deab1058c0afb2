"""The Python API: eval/compile/jit, caches, IR and reports, errors."""

import os
import subprocess
import uuid
from fractions import Fraction

import numpy as np
import pytest

import ferric
from ferric import E

from conftest import assert_close

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__))))
FERRIC_RUN = os.path.join(ROOT, "build", "bin", "ferric-run")
SWIGLU = os.path.join(ROOT, "examples", "swiglu.mlir")


def _silu(x):
    return x / (1 + np.exp(-x))


def test_eval_style_swiglu_cpu(rng):
    a = rng.standard_normal(1000).astype(np.float32)
    b = rng.standard_normal(1000).astype(np.float32)
    e = E.input(0).silu().mul(E.input(1))
    out = ferric.eval([a, b], e)
    assert out.dtype == np.float32 and out.shape == (1000,)
    assert_close(out, _silu(a.astype(np.float64)) * b, 1e-6, 1e-7)
    # One fused kernel.
    report = ferric.compile(e).report(a, b)
    assert "groups formed: 1" in report and "kernel launches: 2 -> 1" in report


def test_jit_decorator_forms_and_multiple_results(rng):
    x = rng.standard_normal((3, 5)).astype(np.float64)

    @ferric.jit
    def two(x):
        return x.exp(), x.tanh()

    @ferric.jit(target="cpu", fuse=False)
    def one(x):
        return x.sigmoid()

    e, t = two(x)
    assert_close(e, np.exp(x), 1e-13)
    assert_close(t, np.tanh(x), 1e-13)
    assert_close(one(x), 1 / (1 + np.exp(-x)), 1e-13)
    assert two.__name__ == "two" and "func.func @two(" in two.mlir()
    assert isinstance(two, ferric.Function)
    # fuse=False: no ferric.fused in the lowered module's history, and the
    # option reaches the C API.
    assert "fuse=0" in one._options


def test_multi_output_same_value_twice(rng):
    x = rng.standard_normal(1000).astype(np.float32)
    # CSE makes both results one buffer; each must still be correct.
    a, b, c = ferric.compile(lambda x: (x.neg(), x.abs(), -x))(x)
    np.testing.assert_array_equal(a, -x)
    np.testing.assert_array_equal(b, np.abs(x))
    np.testing.assert_array_equal(c, -x)


def test_result_can_be_an_input():
    x = np.arange(4, dtype=np.float32)
    a, b = ferric.compile(lambda x: (x, x * 2.0))(x)
    np.testing.assert_array_equal(a, x)
    np.testing.assert_array_equal(b, x * 2)


def test_cache_hits(rng):
    a = rng.standard_normal(64).astype(np.float32)
    # A fresh name makes IR the kernel cache has never seen.
    name = "cache_" + uuid.uuid4().hex[:8]
    e = (E.input(0) * 2.0).exp()
    f = ferric.compile(e, name=name)
    s0 = ferric.cache_stats()
    r1 = f(a)
    s1 = ferric.cache_stats()
    assert (s1.misses, s1.exe_misses) == (s0.misses + 1, s0.exe_misses + 1)
    r2 = f(a)  # same signature: the executable is reused
    s2 = ferric.cache_stats()
    assert s2.exe_hits == s1.exe_hits + 1
    assert (s2.hits, s2.misses, s2.exe_misses) == (s1.hits, s1.misses,
                                                   s1.exe_misses)
    np.testing.assert_array_equal(r1, r2)
    # Another function with the same IR shares the executable...
    ferric.compile(e, name=name)(a)
    s3 = ferric.cache_stats()
    assert s3.exe_hits == s2.exe_hits + 1 and s3.misses == s2.misses
    # ...and after clear_cache() the kernel cache serves it (JIT only).
    ferric.clear_cache()
    np.testing.assert_array_equal(f(a), r1)
    s4 = ferric.cache_stats()
    assert s4.hits == s3.hits + 1 and s4.misses == s3.misses
    assert s4.exe_misses == s3.exe_misses + 1
    assert f.executable(a).cache_hit


def test_eval_reuses_compiled_function(rng):
    a = rng.standard_normal(10).astype(np.float32)
    e = E.input(0).relu() + 1.0
    ferric.eval([a], e)
    before = ferric.cache_stats()
    ferric.eval([a], e)
    after = ferric.cache_stats()
    assert after.exe_hits == before.exe_hits + 1
    assert after.exe_misses == before.exe_misses


def test_mlir_and_report_with_specs():
    x = E.input(0, shape=(None, 64), dtype=np.float16)
    f = ferric.compile((x * 2.0).gelu(exact=True), name="g")
    ir = f.mlir(ferric.spec((8, 64), "f16"))
    assert ir.startswith("func.func @g(%arg0: tensor<?x?xf16>) -> "
                         "tensor<?x?xf16> {")
    assert "ferric.gelu %0 exact : tensor<?x?xf16>" in ir
    assert "arith.constant 2.0 : f16" in ir
    report = f.report(ferric.spec((8, 64), np.float16))
    assert report.startswith("ferric-fuse report for @g")
    # Vulkan gets static shapes.
    fv = ferric.compile(E.input(0).exp(), target="vulkan", name="v")
    assert "tensor<8x64xf32>" in fv.mlir(ferric.spec((8, 64), "f32"))
    # Without example inputs, the declared shape must be complete.
    with pytest.raises(ferric.ShapeError, match="pass example inputs"):
        f.mlir()
    full = ferric.compile(E.input(0, shape=(4,), dtype="f32").exp())
    assert "tensor<?xf32>" in full.mlir()


def test_cuda_reductions_keep_row_lengths_static():
    # On CUDA a function with a reduction writes its inputs' last-dim sizes
    # as numbers (the reduction writer picks its schedule by row length);
    # other sizes stay dynamic, so a new batch size emits the same IR.
    def rmsnorm(x, w):
        return x * (x * x).mean(-1, keepdim=True).rsqrt() * w

    f = ferric.compile(rmsnorm, target="cuda", name="n")
    ir = f.mlir(ferric.spec((8, 4096), "f32"), ferric.spec((4096,), "f32"))
    assert ir.startswith("func.func @n(%arg0: tensor<?x4096xf32>, "
                         "%arg1: tensor<4096xf32>) -> tensor<?x4096xf32> {")
    assert ir == f.mlir(ferric.spec((3, 4096), "f32"),
                        ferric.spec((4096,), "f32"))
    assert "tensor<?x50257xf32>" in f.mlir(ferric.spec((8, 50257), "f32"),
                                           ferric.spec((50257,), "f32"))
    # Column sums: the kept (last) dim static, the reduced one dynamic.
    col = ferric.compile(lambda x: x.sum(0), target="cuda", name="c")
    assert col.mlir(ferric.spec((1000, 96), "f32")).startswith(
        "func.func @c(%arg0: tensor<?x96xf32>) -> tensor<96xf32> {")
    # Without a reduction, and on the CPU, every size but 1 stays dynamic.
    ew = ferric.compile(lambda x: x.exp(), target="cuda", name="e")
    assert "tensor<?x?xf32>" in ew.mlir(ferric.spec((8, 4096), "f32"))
    cpu = ferric.compile(rmsnorm, target="cpu", name="n")
    assert "tensor<?x?xf32>" in cpu.mlir(ferric.spec((8, 4096), "f32"),
                                         ferric.spec((4096,), "f32"))


def test_declared_inputs_are_checked():
    f = ferric.compile(E.input(0, shape=(None, 3), dtype="f32").exp())
    with pytest.raises(ferric.ShapeError, match=r"input 0 has shape \(2, 4\) "
                                                r"but E.input\(0\) declares "
                                                r"\('\?', 3\)"):
        f(np.zeros((2, 4), np.float32))
    with pytest.raises(ferric.DTypeError, match="input 0 has dtype f64 but "
                                                r"E.input\(0\) declares f32"):
        f(np.zeros((2, 3), np.float64))


def test_unsupported_dtypes():
    f = ferric.compile(lambda a: a.exp())
    with pytest.raises(ferric.DTypeError,
                       match="input 0 has dtype int32, which ferric does not "
                             "support"):
        f(np.zeros(4, np.int32))
    with pytest.raises(ferric.DTypeError, match=r"ferric.bf16\(bits\)"):
        f(np.zeros(4, np.uint16))
    with pytest.raises(TypeError, match="input 0 is a list; pass a numpy "
                                        "array"):
        f([1.0, 2.0])
    with pytest.raises(ferric.DTypeError, match="unsupported dtype 'int8'"):
        E.input(0).cast("int8")


def test_dtype_mismatch_between_operands():
    f = ferric.compile(lambda a, b: a + b)
    with pytest.raises(ferric.DTypeError,
                       match=r"'add': operand dtypes differ \(f16 and f32\); "
                             r"convert one with .cast\(\)"):
        f(np.zeros(4, np.float16), np.zeros(4, np.float32))
    g = ferric.compile(lambda a, b: (a > b) + 1.0)
    with pytest.raises(ferric.DTypeError, match="needs float operands, got "
                                                "a mask"):
        g(np.zeros(4, np.float32), np.zeros(4, np.float32))


def test_wrong_number_of_inputs():
    f = ferric.compile(lambda a, b: a * b)
    with pytest.raises(TypeError, match="takes 2 inputs, got 1"):
        f(np.zeros(2, np.float32))


def test_unknown_target():
    with pytest.raises(ferric.TargetError,
                       match=r"^unknown target 'tpu' \(expected cpu, cuda, vulkan "
                             r"or webgpu\)$"):
        ferric.compile(lambda a: a, target="tpu")
    assert not ferric.target_available("tpu")
    assert "unknown target 'tpu'" in ferric.target_unavailable_reason("tpu")
    assert ferric.target_available("cpu")


@pytest.mark.skipif(ferric.target_available("cuda"),
                    reason="CUDA is available here")
def test_unavailable_target_raises_with_the_runtime_reason():
    why = ferric.target_unavailable_reason("cuda")
    f = ferric.compile(lambda a: a.exp(), target="cuda")
    with pytest.raises(ferric.TargetError) as info:
        f(np.zeros(4, np.float32))
    assert str(info.value) == why and info.value.status == 4


def test_expression_misuse():
    x = E.input(0)
    with pytest.raises(TypeError, match="no truth value"):
        if x > 0:
            pass
    with pytest.raises(TypeError, match="numpy array cannot be part"):
        x + np.zeros(3)
    with pytest.raises(ferric.ShapeError, match="result 0 is a constant"):
        ferric.compile(lambda a: E.scalar(1.0) + 2.0)(np.zeros(2))
    with pytest.raises(TypeError, match="must return a ferric expression"):
        ferric.compile(lambda a: 3)(np.zeros(2))


@pytest.mark.skipif(not os.path.exists(FERRIC_RUN), reason="no ferric-run")
@pytest.mark.parametrize("case", ["parse", "shapes"])
def test_errors_have_ferric_run_text(tmp_path, case):
    if case == "parse":
        path = tmp_path / "bad.mlir"
        path.write_text("func.func @f(%a: tensor<4xf32>) -> tensor<4xf32> "
                        "{\n  %0 = ferric.exp %a : tensor<5xf32>\n  return "
                        "%0 : tensor<4xf32>\n}\n")
        args = [str(path), "--input=rand:4xf32"]
    else:
        path = SWIGLU
        args = [path, "--input=rand:4xf32", "--input=rand:5xf32"]
    proc = subprocess.run([FERRIC_RUN] + args, capture_output=True,
                          text=True)
    assert proc.returncode == 1
    expected = proc.stderr.rstrip("\n")
    assert expected.startswith("ferric-run: ")
    expected = expected[len("ferric-run: "):]
    with open(path) as f:
        ir = f.read()
    with pytest.raises(ferric.FerricError) as info:
        exe = ferric.Executable(ir, name=str(path))
        exe(np.zeros(4, np.float32), np.zeros(5, np.float32))
    assert str(info.value) == expected


def test_low_level_executable():
    with open(SWIGLU) as f:
        exe = ferric.Executable(f.read(), options="fuse=1 cache=0")
    assert exe.entry == "swiglu" and exe.target == "cpu"
    assert exe.args == [ferric.ValueInfo("f32", (-1,), True)] * 2
    assert exe.results == [ferric.ValueInfo("f32", (-1,), True)]
    assert "tensor<?xf32>" in repr(exe)
    a = np.linspace(-2, 2, 9, dtype=np.float32)
    (out,) = exe(a, np.ones_like(a))
    assert_close(out, _silu(a.astype(np.float64)), 1e-6, 1e-7)
    assert "llvm.func" in exe.lowered_ir()
    timing = exe.bench(a, a, iterations=3, warmup=1)
    assert timing["median_wall_us"] > 0
    with pytest.raises(ferric.FerricError,
                       match="input 1 has dtype f64 but @swiglu expects "
                             r"tensor<\?xf32>"):
        exe(a, a.astype(np.float64))
    with pytest.raises(ferric.FerricError, match="bad option string"):
        ferric.Executable("", options="fusion=1")


def test_scalar_arguments_of_hand_written_ir():
    ir = ("func.func @axpy(%a: f32, %x: tensor<?xf32>, %y: tensor<?xf32>) "
          "-> tensor<?xf32> {\n"
          "  %0 = ferric.mul %x, %a : tensor<?xf32>, f32\n"
          "  %1 = ferric.add %0, %y : tensor<?xf32>\n"
          "  return %1 : tensor<?xf32>\n}\n")
    exe = ferric.Executable(ir)
    assert exe.args[0] == ferric.ValueInfo("f32", (), False)
    x = np.arange(5, dtype=np.float32)
    (out,) = exe(2.5, x, x)  # a Python number for the scalar argument
    np.testing.assert_array_equal(out, 2.5 * x + x)


def _bf16_reference(v):
    """Correct round-to-nearest-even of a float64 to bf16, with fractions."""
    if not np.isfinite(v) or v == 0:
        return np.float32(v)
    f = Fraction(float(v))
    sign = -1 if f < 0 else 1
    f = abs(f)
    e = 0
    while f >= 2:
        f /= 2
        e += 1
    while f < 1:
        f *= 2
        e -= 1
    e = max(e, -126)                  # bf16 subnormals share f32's range
    ulp = Fraction(2) ** (e - 7)
    q, r = divmod(abs(Fraction(float(v))), ulp)
    if r > ulp / 2 or (r == ulp / 2 and q % 2 == 1):
        q += 1
    with np.errstate(over="ignore"):  # rounded past the largest: inf
        return np.float32(sign * float(q * ulp))


def test_bf16_rounding_and_carrier(rng):
    v = np.concatenate([rng.standard_normal(300) * 10.0 ** rng.integers(
        -40, 38, 300), [1 + 2 ** -8, 1 + 3 * 2 ** -8, 3.4e38, -0.0, 1e-45]])
    got = ferric.bf16(v)
    want = np.array([_bf16_reference(x) for x in v], np.float32)
    np.testing.assert_array_equal(got.to_float32(), want)
    # From float32 (exact here: these values have few significant bits).
    small = np.array([1.5, -0.25, 3.0, 65280.0], np.float32)
    np.testing.assert_array_equal(ferric.bf16(small).to_float32(), small)
    bits = np.array([0x3F80, 0xC000], np.uint16)  # 1.0, -2.0
    np.testing.assert_array_equal(np.asarray(ferric.bf16(bits)), [1, -2])
    nan = ferric.bf16(np.array([np.nan], np.float32))
    assert np.isnan(nan.to_float32()).all()


def test_bf16_end_to_end(rng):
    x = ferric.bf16(rng.standard_normal(100))
    out = ferric.compile(lambda x: x.silu() * 2.0)(x)
    assert isinstance(out, ferric.BF16Array) and out.shape == (100,)
    xr = np.asarray(x, np.float64)
    assert_close(out, _silu(xr) * 2, 1e-2, 1e-5)
    # uint16 arrays stand for bf16 where the input is declared bf16.
    f = ferric.compile(E.input(0, dtype="bf16").neg())
    np.testing.assert_array_equal(f(x.bits).bits, x.bits ^ 0x8000)


def test_masks_as_inputs():
    m = np.array([True, False, True])
    x = np.array([1.0, 2.0, 3.0], np.float32)
    out = ferric.compile(lambda m, x: ferric.where(m, x, -x))(m, x)
    np.testing.assert_array_equal(out, [1, -2, 3])


def test_results_own_their_memory(rng):
    x = rng.standard_normal(1000).astype(np.float32)
    keep = x.copy()
    f = ferric.compile(lambda x: (x, x * 2.0, x * 2.0), name="own")
    a, b, c = f(x)
    np.testing.assert_array_equal(x, keep)  # inputs are only read
    x[:] = 0  # results never alias the caller's inputs
    np.testing.assert_array_equal(a, keep)
    np.testing.assert_array_equal(b, keep * 2)
    np.testing.assert_array_equal(c, keep * 2)
    # Results stay valid without the function and its executable.
    del f
    ferric.clear_cache()
    np.testing.assert_array_equal(b, keep * 2)


def test_unaligned_and_strided_inputs(rng):
    x = rng.standard_normal(300)
    # A float64 view at a 4-byte offset: not 16-byte aligned, so the C API
    # copies it instead of reading it in place.
    raw = bytearray(8 * 300 + 4)
    un = np.frombuffer(raw, np.float32, count=600, offset=4)
    un[:] = np.repeat(x.astype(np.float32), 2)
    assert un.ctypes.data % 16 != 0
    f = ferric.compile(lambda a: a.neg())
    np.testing.assert_array_equal(f(un), -un)
    strided = un[::3]  # non-contiguous: made contiguous first
    np.testing.assert_array_equal(f(strided), -strided)
    readonly = np.arange(8, dtype=np.float32)
    readonly.flags.writeable = False
    np.testing.assert_array_equal(f(readonly), -readonly)


def test_a_numpy_call_of_a_seen_signature_skips_the_python_checks(
        monkeypatch):
    # Issue 40: a small numpy call's host time was mostly the signature,
    # conversions and planning in Python. A float ndarray in the C API's
    # layout, of a (dtype, shape) seen before, goes straight to the library;
    # anything else (other dtype, layout or byte order) is checked again.
    f = ferric.compile(E.input(0) * E.input(1) + 1.0)
    a = np.arange(6, dtype=np.float32).reshape(2, 3)
    b = np.full((2, 3), 2, np.float32)
    np.testing.assert_array_equal(f(a, b), a * 2 + 1)
    api = __import__("ferric.api", fromlist=["Function"])

    def slow(*_):
        raise AssertionError("the signature was checked")

    monkeypatch.setattr(api.Function, "_signature", slow)
    np.testing.assert_array_equal(f(a + 1, b), (a + 1) * 2 + 1)
    others = [np.asfortranarray(a), a.astype(">f4"), a.astype(np.float64),
              a[:, :2], a.astype(np.float16).astype(np.float32)[None]]
    for x in others:
        with pytest.raises(AssertionError, match="signature was checked"):
            f(x, b if x.ndim == 2 and x.shape == (2, 3) else x)
    monkeypatch.undo()
    for x in others[:2]:
        np.testing.assert_array_equal(f(x, b), a * 2 + 1)
    np.testing.assert_array_equal(f(others[2], others[2]), a * a + 1)
    ferric.clear_cache()  # forgets the fast path's executables too
    monkeypatch.setattr(api.Function, "_signature", slow)
    with pytest.raises(AssertionError, match="signature was checked"):
        f(a, b)
