"""ferric.Tensor: asarray, numpy and DLPack interop (zero-copy on the host),
the C API's target memory, and compiled functions on Tensors."""

import ctypes
import gc
import weakref

import numpy as np
import pytest

import ferric
from ferric import E, _capi
from ferric import tensor as ft

try:
    import torch
except ImportError:  # scripts/setup.sh --tests installs python3-torch
    torch = None

needs_torch = pytest.mark.skipif(torch is None, reason="torch not installed")
needs_cuda = pytest.mark.skipif(not ferric.target_available("cuda"),
                                reason="no CUDA here")
needs_vulkan = pytest.mark.skipif(not ferric.target_available("vulkan"),
                                  reason="no Vulkan here")


def aligned(n, dtype=np.float32):
    """A 16-byte aligned numpy array of n elements (numpy's allocator does
    not promise 16)."""
    itemsize = np.dtype(dtype).itemsize
    raw = np.zeros(n * itemsize + 16, np.uint8)
    off = (-raw.ctypes.data) % 16
    return raw[off:off + n * itemsize].view(dtype)


# --- asarray / numpy -----------------------------------------------------

def test_asarray_shares_the_numpy_buffer_both_ways():
    a = aligned(8)
    a[:] = np.arange(8)
    t = ferric.asarray(a)
    assert (t.shape, t.dtype, t.device) == ((8,), "f32", "cpu")
    assert t.data_ptr() == a.ctypes.data
    view = t.numpy()
    assert view.ctypes.data == a.ctypes.data
    a[3] = 42.0
    assert view[3] == 42.0 and float(t.reshape(8).numpy()[3]) == 42.0
    view[4] = -1.0
    assert a[4] == -1.0


def test_asarray_copies_non_contiguous_and_negative_strides():
    base = np.arange(16, dtype=np.float64).reshape(4, 4)
    for x in (base[:, 1], base[::-1]):
        t = ferric.asarray(x)
        assert t.data_ptr() != x.ctypes.data
        np.testing.assert_array_equal(t.numpy(), x)
        assert t.data_ptr() % 16 == 0


def test_asarray_copy_false_refuses_a_copy():
    x = np.arange(16, dtype=np.float32)[::2]
    with pytest.raises(ferric.FerricError, match="copy=False"):
        ferric.asarray(x, copy=False)


def test_asarray_copy_true_copies():
    a = aligned(4)
    t = ferric.asarray(a, copy=True)
    assert t.data_ptr() != a.ctypes.data
    a[0] = 5
    assert t.numpy()[0] == 0


@pytest.mark.parametrize("x", [np.arange(4), np.ones(3, np.complex64),
                               np.ones(2, np.int32)])
def test_asarray_refuses_int_and_complex(x):
    with pytest.raises(ferric.DTypeError, match="not support"):
        ferric.asarray(x)


def test_asarray_bf16_and_bool():
    t = ferric.asarray([1.0, 2.5], dtype="bf16")
    assert t.dtype == "bf16"
    assert isinstance(t.numpy(), ferric.BF16Array)
    np.testing.assert_array_equal(np.asarray(t), [1.0, 2.5])
    m = ferric.asarray(np.array([True, False]))
    assert m.dtype == "i1" and bool(m.numpy()[0])


def test_unknown_device_and_direct_construction():
    with pytest.raises(ferric.DeviceError, match="unknown device 'tpu'"):
        ferric.asarray(np.ones(2, np.float32), device="tpu")
    with pytest.raises(TypeError, match="ferric.asarray"):
        ferric.Tensor()


def test_scalar_conversion():
    t = ferric.asarray(np.array([2.5], np.float32))
    assert float(t) == 2.5
    with pytest.raises(ValueError, match="one-element"):
        float(ferric.asarray(np.ones(2, np.float32)))


# --- the C API's target memory ------------------------------------------

def test_target_alloc_copy_free_on_the_cpu():
    p = ctypes.c_void_p()
    assert _capi._target_alloc(b"cpu", 100, ctypes.byref(p)) == 0
    assert p.value and p.value % 64 == 0
    src = np.arange(25, dtype=np.float32)
    assert _capi._target_copy(b"cpu", p.value, src.ctypes.data, 100) == 0
    got = np.ctypeslib.as_array(ctypes.cast(p, ctypes.POINTER(ctypes.c_float)),
                                (25,)).copy()
    np.testing.assert_array_equal(got, src)
    _capi._target_free(b"cpu", p.value)
    _capi._target_free(b"cpu", None)  # a no-op


def test_target_memory_functions_are_exported():
    for name in ("ferric_target_alloc", "ferric_target_free",
                 "ferric_target_copy", "ferric_target_synchronize"):
        assert hasattr(_capi._lib, name), name


def test_target_synchronize():
    assert _capi._target_sync(b"cpu", None) == 0
    assert _capi._target_sync(b"tpu", None) == 1
    assert b"unknown target 'tpu'" in _capi._last_error()


def test_stream_is_for_cuda_only():
    f = ferric.compile(E.input(0) + 1.0)
    with pytest.raises(ValueError, match="stream= is for the cuda target"):
        f(ferric.asarray(np.ones(2, np.float32)), stream=0)
    assert ft.stream_handle(None) is None and ft.stream_handle(7) == 7

    class TorchLike:
        cuda_stream = 1234
    assert ft.stream_handle(TorchLike()) == 1234
    with pytest.raises(TypeError, match="stream= takes"):
        ft.stream_handle("s")


def test_target_alloc_rejects_an_unknown_target():
    p = ctypes.c_void_p()
    assert _capi._target_alloc(b"tpu", 4, ctypes.byref(p)) == 1
    assert b"unknown target 'tpu'" in _capi._last_error()
    assert p.value is None


# --- DLPack ---------------------------------------------------------------

def test_dlpack_roundtrip_with_numpy_shares_memory():
    t = ferric.asarray(aligned(6).reshape(2, 3))
    assert t.__dlpack_device__() == (1, 0)
    back = np.from_dlpack(t)
    assert back.ctypes.data == t.data_ptr() and back.shape == (2, 3)
    # (numpy 1.24 marks DLPack imports read-only; writes through ferric's
    # view show up in it.)
    t.numpy()[1, 2] = 7.0
    assert back[1, 2] == 7.0
    # numpy exports too: a Tensor over numpy's memory.
    a = aligned(4, np.float64)
    t2 = ft._from_dlpack(a, None, None, "a")
    assert t2.data_ptr() == a.ctypes.data and t2.dtype == "f64"


class _Owner:
    pass


@pytest.mark.parametrize("export", ["export", "export_ctypes"])
def test_unconsumed_capsule_releases_its_owner(export):
    # The C export (dlexport.c) and the ctypes one: a capsule keeps its
    # owner alive until it dies unconsumed.
    if export == "export" and ft._dlpack._c_export() is None:
        pytest.skip("no C extension (FERRIC_FASTCALL=0 or not built)")
    a = aligned(4)
    owner = _Owner()
    gone = weakref.ref(owner)
    cap = getattr(ft._dlpack, export)(owner, a.ctypes.data, (2, 2), "f32",
                                      ft._dlpack.KDL_CPU)
    del owner
    gc.collect()
    assert gone() is not None
    del cap
    gc.collect()
    assert gone() is None


@pytest.mark.parametrize("export", ["export", "export_ctypes"])
def test_consumed_capsule_releases_its_owner_with_the_consumer(export):
    if export == "export" and ft._dlpack._c_export() is None:
        pytest.skip("no C extension (FERRIC_FASTCALL=0 or not built)")
    a = aligned(6)
    a[:] = np.arange(6)
    owner = _Owner()
    gone = weakref.ref(owner)
    cap = getattr(ft._dlpack, export)(owner, a.ctypes.data, (2, 3), "f32",
                                      ft._dlpack.KDL_CPU)
    imported = ft._dlpack.Imported(cap)
    assert tuple(imported.shape) == (2, 3) and imported.dtype == "f32"
    del owner, cap
    gc.collect()
    assert gone() is not None  # the consumer holds it
    del imported
    gc.collect()
    assert gone() is None


def test_c_export_rejects_bad_shapes():
    c = ft._dlpack._c_export()
    if c is None:
        pytest.skip("no C extension (FERRIC_FASTCALL=0 or not built)")
    with pytest.raises(ValueError, match="negative"):
        c(object(), 0, (2, -1), 2, 32, 1, 0)
    with pytest.raises(TypeError):
        c(object(), 0, 5, 2, 32, 1, 0)
    with pytest.raises(TypeError):
        c(object(), 0, (2, "x"), 2, 32, 1, 0)


def test_cuda_array_interface_only_on_cuda():
    t = ferric.asarray(np.ones(2, np.float32))
    assert not hasattr(t, "__cuda_array_interface__")


@needs_torch
def test_torch_cpu_zero_copy_both_ways():
    x = torch.arange(8, dtype=torch.float32)
    t = ferric.asarray(x)
    assert x.data_ptr() % 64 == 0  # torch's CPU allocator aligns to 64
    assert t.data_ptr() == x.data_ptr()
    x[2] = 100.0
    assert t.numpy()[2] == 100.0
    t.numpy()[3] = -3.0
    assert x[3].item() == -3.0
    y = torch.from_dlpack(t)
    assert y.data_ptr() == t.data_ptr()
    y[0] = 9.0
    assert t.numpy()[0] == 9.0


@needs_torch
def test_torch_bf16_and_strided_and_int():
    x = torch.tensor([1.0, 2.0, 3.0], dtype=torch.bfloat16)
    t = ferric.asarray(x)
    assert t.dtype == "bf16"
    np.testing.assert_array_equal(np.asarray(t), [1.0, 2.0, 3.0])
    y = torch.from_dlpack(t)
    assert y.dtype == torch.bfloat16 and y.tolist() == [1.0, 2.0, 3.0]
    s = torch.arange(12, dtype=torch.float32).reshape(3, 4).t()
    ts = ferric.asarray(s)  # host: copied into ferric's layout
    np.testing.assert_array_equal(ts.numpy(), s.numpy())
    with pytest.raises(ferric.DTypeError, match="int64"):
        ferric.asarray(torch.arange(3))
    with pytest.raises(ferric.DTypeError, match="complex64"):
        ferric.asarray(torch.ones(2, dtype=torch.complex64))


# --- compiled functions on Tensors ---------------------------------------

def test_jit_on_tensors_returns_tensors():
    @ferric.jit
    def f(x, y):
        return (x * y).exp() + 1.0

    a = ferric.asarray(np.linspace(-1, 1, 33).astype(np.float32))
    b = ferric.asarray(np.full(33, 0.5, np.float32))
    out = f(a, b)
    assert isinstance(out, ferric.Tensor) and out.device == "cpu"
    np.testing.assert_allclose(out.numpy(),
                               np.exp(a.numpy() * 0.5) + 1.0, rtol=1e-6)
    # Results stay alive on their own, and are inputs of the next call.
    again = f(out, b)
    np.testing.assert_allclose(again.numpy(),
                               np.exp(out.numpy() * 0.5) + 1.0, rtol=1e-6)


def test_eval_with_a_broadcast_and_several_results():
    x = ferric.asarray(np.ones((2, 1, 4), np.float32))
    y = ferric.asarray(np.arange(4, dtype=np.float32))
    s, p = ferric.eval([x, y], [E.input(0) + E.input(1),
                                E.input(0) * E.input(1)])
    assert s.shape == (2, 1, 4) and isinstance(p, ferric.Tensor)
    np.testing.assert_array_equal(s.numpy(), np.ones((2, 1, 4)) + np.arange(4))


def test_identity_result_does_not_alias_its_input():
    f = ferric.compile([E.input(0), E.input(0) + 1.0])
    a = ferric.asarray(aligned(4))
    same, plus = f(a)
    assert same.data_ptr() != a.data_ptr()
    a.numpy()[0] = 3.0
    assert same.numpy()[0] == 0.0 and plus.numpy()[0] == 1.0


def test_mixing_devices_is_refused():
    f = ferric.compile(E.input(0) + E.input(1), target="vulkan")
    a = ferric.asarray(np.ones(4, np.float32))  # on the cpu
    with pytest.raises(ferric.DeviceError, match="input 0 is on cpu"):
        f(a, a)


def test_shape_errors_on_tensors():
    f = ferric.compile(E.input(0) + E.input(1))
    a = ferric.asarray(np.ones(4, np.float32))
    b = ferric.asarray(np.ones(3, np.float32))
    with pytest.raises(ferric.ShapeError):
        f(a, b)


@needs_torch
def test_jit_on_torch_tensors():
    f = ferric.compile(E.input(0).silu() * E.input(1))
    x = torch.linspace(-3, 3, 64)
    y = torch.full((64,), 2.0)
    out = f(x, y)
    assert isinstance(out, ferric.Tensor)
    ref = torch.nn.functional.silu(x) * y
    np.testing.assert_allclose(torch.from_dlpack(out).numpy(), ref.numpy(),
                               rtol=1e-5, atol=1e-6)


@needs_vulkan
def test_vulkan_tensors_are_host_memory_shared_with_numpy():
    a = aligned(16)
    a[:] = np.arange(16)
    t = ferric.asarray(a, device="vulkan")
    assert t.device == "vulkan" and t.data_ptr() == a.ctypes.data
    assert t.__dlpack_device__() == (1, 0)
    out = ferric.compile(E.input(0) * 2.0, target="vulkan")(t)
    assert out.device == "vulkan"
    np.testing.assert_array_equal(out.numpy(), a * 2)


# --- CUDA (run by the lead on the H200 with FERRIC_LIB_DIR) ---------------

@needs_cuda
def test_cuda_tensor_roundtrip_and_run():
    a = np.arange(1024, dtype=np.float32)
    t = ferric.asarray(a, device="cuda")
    assert t.device == "cuda" and t.__dlpack_device__() == (2, 0)
    cai = t.__cuda_array_interface__
    assert cai["data"][0] == t.data_ptr() and cai["typestr"] == "<f4"
    np.testing.assert_array_equal(t.numpy(), a)
    out = ferric.compile(E.input(0) * 2.0 + 1.0, target="cuda")(t)
    assert out.device == "cuda"
    np.testing.assert_array_equal(out.numpy(), a * 2 + 1)
    host = out.to("cpu")
    assert host.device == "cpu"
    np.testing.assert_array_equal(host.numpy(), a * 2 + 1)


@needs_cuda
def test_cuda_refuses_host_tensors():
    f = ferric.compile(E.input(0) + 1.0, target="cuda")
    with pytest.raises(ferric.DeviceError, match="input 0 is on cpu"):
        f(ferric.asarray(np.ones(4, np.float32)))


@needs_cuda
@needs_torch
def test_cuda_zero_copy_with_torch():
    if not torch.cuda.is_available():
        pytest.skip("this torch has no CUDA")
    x = torch.arange(256, dtype=torch.float32, device="cuda")
    t = ferric.asarray(x)
    assert t.device == "cuda" and t.data_ptr() == x.data_ptr()
    y = torch.from_dlpack(t)
    assert y.data_ptr() == x.data_ptr()
    y[5] = -1.0
    torch.cuda.synchronize()
    assert t.numpy()[5] == -1.0
    out = ferric.compile(E.input(0) + 1.0, target="cuda")(t)
    z = torch.from_dlpack(out)
    assert z.data_ptr() == out.data_ptr()
    torch.testing.assert_close(z, x + 1.0)


@needs_cuda
@needs_torch
def test_cuda_stream_orders_torch_work_before_ferric():
    if not torch.cuda.is_available():
        pytest.skip("this torch has no CUDA")
    s = torch.cuda.Stream()
    f = ferric.compile(E.input(0) * 2.0, target="cuda")
    with torch.cuda.stream(s):
        x = torch.ones(1 << 22, device="cuda")
        x.mul_(3.0)  # queued on s
        out = f(ferric.asarray(x), stream=s)
    assert torch.from_dlpack(out).eq(6.0).all().item()


def test_dlpack_1_0_keywords():
    t = ferric.asarray(aligned(4))
    cap = t.__dlpack__(stream=None, max_version=(1, 0))  # unversioned
    assert type(cap).__name__ == "PyCapsule"
    t.__dlpack__(dl_device=(1, 0), copy=False)
    with pytest.raises(BufferError, match="in place only"):
        t.__dlpack__(dl_device=(2, 0))
    with pytest.raises(BufferError, match="copy=True"):
        t.__dlpack__(copy=True)
    back = np.from_dlpack(t)
    assert back.ctypes.data == t.data_ptr()
