"""The C API itself (libFerricCAPI.so through ctypes), below the Python
package: options, signatures, host and target runs, reports, errors."""

import ctypes

import numpy as np
import pytest

import ferric
from ferric import _capi

lib = _capi._lib

SWIGLU = """func.func @swiglu(%a: tensor<?xf32>, %b: tensor<?xf32>)
    -> tensor<?xf32> {
  %s = ferric.silu %a : tensor<?xf32>
  %r = ferric.mul %s, %b : tensor<?xf32>
  return %r : tensor<?xf32>
}
"""

PASS_THROUGH = """func.func @f(%a: tensor<4xf32>)
    -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) {
  %e = ferric.exp %a : tensor<4xf32>
  return %a, %e, %e : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
}
"""


def _compile(ir, target=b"cpu", options=None, entry=None):
    exe = ctypes.c_void_p()
    status = lib.ferric_compile(ir.encode(), entry, target, options,
                                ctypes.byref(exe))
    return status, exe


def _last_error():
    return lib.ferric_last_error().decode()


def _tensor(arr, keep):
    shape = (ctypes.c_int64 * max(arr.ndim, 1))(*arr.shape)
    keep.append((arr, shape))
    return _capi._Tensor(2, arr.ndim, shape, arr.ctypes.data)


def test_version_and_exports():
    assert lib.ferric_capi_version() == 1
    for name in ["ferric_compile", "ferric_run", "ferric_run_device",
                 "ferric_tensors_free", "ferric_device_tensors_free",
                 "ferric_fusion_report", "ferric_cache_stats",
                 "ferric_target_available", "ferric_last_error",
                 "ferric_string_free", "ferric_executable_arg_info",
                 "ferric_executable_result_info", "ferric_bench"]:
        assert hasattr(lib, name), name


def test_options_parsing():
    status, exe = _compile(SWIGLU, options=b"fuse=0 cache=off "
                                           b"pipeline='' promote-f64=1")
    assert status == 0, _last_error()
    info = _capi._ValueInfo()
    assert lib.ferric_executable_arg_info(exe, 0, ctypes.byref(info)) == 0
    assert info.dtype == 3  # promote-f64: the signature is f64 now
    lib.ferric_executable_free(exe)
    for options, message in [
            (b"fuse=2", "'fuse' takes 0 or 1, got '2'"),
            (b"speed=11", "unknown key 'speed'"),
            (b"fuse", "expected KEY=VALUE, got 'fuse'"),
            (b"pipeline='block-size=1", "unterminated quote")]:
        status, _ = _compile(SWIGLU, options=options)
        assert status == 1
        assert message in _last_error(), _last_error()


def test_signature_queries():
    status, exe = _compile(SWIGLU)
    assert status == 0
    assert lib.ferric_executable_num_args(exe) == 2
    assert lib.ferric_executable_num_results(exe) == 1
    assert lib.ferric_executable_entry(exe) == b"swiglu"
    assert lib.ferric_executable_target(exe) == b"cpu"
    info = _capi._ValueInfo()
    assert lib.ferric_executable_result_info(exe, 0, ctypes.byref(info)) == 0
    assert (info.dtype, info.is_tensor, info.rank, info.shape[0]) == (
        2, 1, 1, -1)
    assert lib.ferric_executable_arg_info(exe, 2, ctypes.byref(info)) == 1
    assert _last_error() == "argument 2 does not exist (there are 2)"
    # A successful call clears the message.
    assert lib.ferric_executable_arg_info(exe, 0, ctypes.byref(info)) == 0
    assert _last_error() == ""
    lib.ferric_executable_free(exe)
    lib.ferric_executable_free(None)  # no-op


def test_bad_inputs():
    status, exe = _compile(SWIGLU)
    keep = []
    a = np.ones(3, np.float32)
    ins = (_capi._Tensor * 2)(_tensor(a, keep), _tensor(a, keep))
    ins[1].dtype = 42
    out, nout = ctypes.POINTER(_capi._Tensor)(), ctypes.c_size_t()
    assert lib.ferric_run(exe, ins, 2, ctypes.byref(out),
                          ctypes.byref(nout)) == 1
    assert _last_error() == "input 1 has an unknown dtype code 42"
    ins[1].dtype = 2
    assert lib.ferric_run(exe, ins, 1, ctypes.byref(out),
                          ctypes.byref(nout)) == 3
    assert _last_error() == "@swiglu takes 2 arguments, got 1 inputs"
    lib.ferric_executable_free(exe)


def test_run_device_on_the_cpu_target_without_copies():
    # On the CPU "device" buffers are host buffers, read in place; a value
    # returned twice is one buffer and freed once.
    status, exe = _compile(PASS_THROUGH)
    assert status == 0, _last_error()
    keep = []
    buf = np.zeros(4 + 4, np.float32)  # 16-byte aligned by numpy
    a = buf[:4]
    a[:] = [0, 1, 2, 3]
    assert a.ctypes.data % 16 == 0
    ins = (_capi._Tensor * 1)(_tensor(a, keep))
    out, nout = ctypes.POINTER(_capi._Tensor)(), ctypes.c_size_t()
    assert lib.ferric_run_device(exe, ins, 1, ctypes.byref(out),
                                 ctypes.byref(nout)) == 0, _last_error()
    assert nout.value == 3
    # The CPU pipeline copies a returned argument (if it returned the
    # argument's own buffer, ferric_device_tensors_free would not free it).
    first = np.frombuffer((ctypes.c_float * 4).from_address(out[0].data),
                          np.float32)
    np.testing.assert_array_equal(first, a)
    assert out[1].data == out[2].data  # one buffer, freed once below
    e = np.frombuffer((ctypes.c_float * 4).from_address(out[1].data),
                      np.float32)
    np.testing.assert_allclose(e, np.exp(a), rtol=1e-6)
    lib.ferric_device_tensors_free(out, nout)
    # Unaligned buffers are refused.
    keep2 = []
    odd = np.frombuffer(bytearray(20), np.float32, count=4, offset=4)
    ins = (_capi._Tensor * 1)(_tensor(odd, keep2))
    assert lib.ferric_run_device(exe, ins, 1, ctypes.byref(out),
                                 ctypes.byref(nout)) == 3
    assert "16-byte aligned" in _last_error()
    lib.ferric_executable_free(exe)


def test_tensors_free_ignores_foreign_pointers():
    junk = (_capi._Tensor * 2)()
    lib.ferric_tensors_free(junk, 2)
    lib.ferric_tensors_free(None, 0)


def test_fusion_report_and_errors():
    out = ctypes.c_void_p()
    assert lib.ferric_fusion_report(SWIGLU.encode(), ctypes.byref(out)) == 0
    report = _capi._take_string(out)
    assert report.startswith("ferric-fuse report for @swiglu\n")
    assert "kernel launches: 2 -> 1" in report
    assert "cublaslt" not in report  # no matmul, no epilogue section
    assert lib.ferric_fusion_report(b"func.func @f(", ctypes.byref(out)) == 2
    assert _last_error().startswith("cannot parse the module\n")
    with pytest.raises(ferric.FerricError, match="cannot parse the module"):
        ferric.fusion_report("nonsense")


def test_cache_stats_and_target_available():
    hits, misses = ctypes.c_uint(), ctypes.c_uint()
    lib.ferric_cache_stats(ctypes.byref(hits), ctypes.byref(misses))
    lib.ferric_cache_stats(None, None)
    stats = ferric.cache_stats()
    assert (stats.hits, stats.misses) == (hits.value, misses.value)
    why = ctypes.c_void_p()
    assert lib.ferric_target_available(b"cpu", ctypes.byref(why)) == 1
    assert why.value is None
    assert lib.ferric_target_available(b"gpu", ctypes.byref(why)) == 0
    assert _capi._take_string(why) == ("unknown target 'gpu' (expected cpu, "
                                       "cuda, vulkan or webgpu)")


def test_run_device_frames_refill_and_recover():
    # run_device reuses one ctypes frame per executable and thread: a call
    # with other shapes or dtypes refills it, a failed call drops it.
    from ferric import tensor as ft
    f = ferric.compile(ferric.E.input(0) + 1.0)
    a = ferric.asarray(np.ones(8, np.float32))
    f(a)
    exe = f.executable()
    with pytest.raises(ferric.FerricError, match="input 0 has dtype f16"):
        ft.run_device(exe, [ferric.asarray(np.ones(8, np.float16))])
    np.testing.assert_array_equal(ft.run_device(exe, [a])[0].numpy(),
                                  np.full(8, 2, np.float32))
    b = ferric.asarray(np.arange(5, dtype=np.float32))
    np.testing.assert_array_equal(ft.run_device(exe, [b])[0].numpy(),
                                  np.arange(5) + 1.0)
    np.testing.assert_array_equal(ft.run_device(exe, [a])[0].numpy(),
                                  np.full(8, 2, np.float32))
    with pytest.raises(ferric.FerricError, match="takes 1 arguments"):
        ft.run_device(exe, [a, a])


MATMUL_BIAS_GELU = """
func.func @bias_gelu(%x: tensor<64x32xf32>, %w: tensor<32x16xf32>,
                     %b: tensor<16xf32>) -> tensor<64x16xf32> {
  %y = ferric.matmul %x, %w : tensor<64x32xf32>, tensor<32x16xf32> -> tensor<64x16xf32>
  %bb = ferric.broadcast %b dims [0] : tensor<16xf32> -> tensor<64x16xf32>
  %z = ferric.add %y, %bb : tensor<64x16xf32>
  %g = ferric.gelu %z : tensor<64x16xf32>
  return %g : tensor<64x16xf32>
}
"""


def test_fusion_report_says_what_goes_into_the_cublaslt_epilogue():
    # A program with a matmul also gets ferric-matmul-to-cublaslt's part
    # (decided after the NVVM front end; no GPU needed): the bias and the
    # GELU go into the one cuBLASLt call.
    report = ferric.fusion_report(MATMUL_BIAS_GELU)
    fuse, _, cublaslt = report.partition("ferric-matmul-to-cublaslt report\n")
    assert fuse.startswith("ferric-fuse report for @bias_gelu\n")
    assert "'ferric.matmul' is not fusible" in fuse
    assert cublaslt.splitlines()[0] == "  matmuls: 1"
    assert cublaslt.splitlines()[1].endswith(
        "cuBLASLt, one mgpuCublasLtMatmul call, epilogue: bias, gelu(tanh)")

