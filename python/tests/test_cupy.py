"""CuPy and other ``__cuda_array_interface__`` producers: zero-copy import
(same pointer, writes visible both ways), consumption of the CUDA array
interface without DLPack, results handed back to CuPy, and ``stream=`` with
a CuPy stream.

The CuPy tests need CuPy and a GPU (they run on the H200); the interface
parsing and its errors are checked here with a stand-in object that is
never dereferenced."""

import numpy as np
import pytest

import ferric
from ferric import E
from ferric import tensor as ft

needs_cuda = pytest.mark.skipif(not ferric.target_available("cuda"),
                                reason="no CUDA here")


class FakeCudaArray:
    """Only ``__cuda_array_interface__``, like a numba device array."""

    def __init__(self, shape=(4,), typestr="<f4", ptr=1 << 20,
                 strides=None, stream=None, mask=None):
        self.__cuda_array_interface__ = {
            "version": 3, "shape": shape, "typestr": typestr,
            "data": (ptr, False), "strides": strides, "stream": stream}
        if mask is not None:
            self.__cuda_array_interface__["mask"] = mask


def test_cuda_array_interface_import_without_dlpack():
    x = FakeCudaArray(shape=(2, 8), typestr="<f2", ptr=4096)
    t = ferric.asarray(x)
    assert (t.device, t.shape, t.dtype) == ("cuda", (2, 8), "f16")
    assert t.data_ptr() == 4096
    assert t._owner.obj is x  # keeps the producer alive
    # Dense strides spelled out are fine; so are bools.
    t = ferric.asarray(FakeCudaArray(shape=(3, 4), strides=(16, 4)))
    assert t.shape == (3, 4) and t.dtype == "f32"
    assert ferric.asarray(FakeCudaArray(typestr="|b1")).dtype == "i1"
    assert ft.is_tensor_like(x)


def test_cuda_array_interface_errors():
    with pytest.raises(ferric.ShapeError, match="not a dense row-major"):
        ferric.asarray(FakeCudaArray(shape=(3, 4), strides=(32, 4)))
    with pytest.raises(ferric.DTypeError, match="typestr '<i8'"):
        ferric.asarray(FakeCudaArray(typestr="<i8"))
    with pytest.raises(ferric.DeviceError, match="import it on cuda"):
        ferric.asarray(FakeCudaArray(), device="cpu")
    with pytest.raises(ferric.DTypeError, match="converts host data only"):
        ferric.asarray(FakeCudaArray(), dtype="f16")
    with pytest.raises(ferric.FerricError, match="has a mask"):
        ferric.asarray(FakeCudaArray(mask=object()))
    with pytest.raises(ferric.FerricError, match="copy=False"):
        ferric.asarray(FakeCudaArray(ptr=4100), copy=False)
    # A compiled CPU function refuses CUDA memory by its device.
    f = ferric.compile(E.input(0) + 1.0)
    with pytest.raises(ferric.DeviceError, match="input 0 is on cuda"):
        f(FakeCudaArray())


# --- CuPy on a GPU ----------------------------------------------------------

@pytest.fixture
def cupy():
    if not ferric.target_available("cuda"):
        pytest.skip("no CUDA here")
    return pytest.importorskip("cupy")


def test_asarray_from_cupy_is_zero_copy_both_ways(cupy):
    x = cupy.arange(1024, dtype=cupy.float32)
    t = ferric.asarray(x)
    assert t.device == "cuda" and t.data_ptr() == x.data.ptr
    x[3] = -1.0  # CuPy writes, ferric reads
    cupy.cuda.Device().synchronize()
    assert t.numpy()[3] == -1.0
    y = cupy.from_dlpack(t)  # ferric's buffer seen by CuPy
    assert y.data.ptr == x.data.ptr
    y[7] = 42.0  # written through the export, seen by the original
    cupy.cuda.Device().synchronize()
    assert float(x[7]) == 42.0 and t.numpy()[7] == 42.0


def test_cupy_through_the_cuda_array_interface_only(cupy):
    x = cupy.linspace(-2, 2, 4096, dtype=cupy.float32)

    class OnlyCAI:  # hides CuPy's __dlpack__
        def __init__(self, a):
            self.__cuda_array_interface__ = a.__cuda_array_interface__
            self.a = a
    t = ferric.asarray(OnlyCAI(x))
    assert t.data_ptr() == x.data.ptr
    out = ferric.compile(E.input(0) * 2.0, target="cuda")(OnlyCAI(x))
    np.testing.assert_array_equal(out.numpy(), cupy.asnumpy(x) * 2.0)


def test_results_go_back_to_cupy_without_copies(cupy):
    x = cupy.random.standard_normal(1 << 16, dtype=cupy.float32)
    f = ferric.compile(E.input(0).silu() + 1.0, target="cuda")
    out = f(x)  # a CuPy array in: a ferric Tensor out
    assert isinstance(out, ferric.Tensor) and out.device == "cuda"
    via_cai = cupy.asarray(out)  # __cuda_array_interface__
    via_dlpack = cupy.from_dlpack(out)
    assert via_cai.data.ptr == out.data_ptr() == via_dlpack.data.ptr
    ref = x / (1 + cupy.exp(-x)) + 1.0
    cupy.testing.assert_allclose(via_cai, ref, rtol=1e-6, atol=1e-6)


def test_stream_with_a_cupy_stream(cupy):
    s = cupy.cuda.Stream(non_blocking=True)
    f = ferric.compile(E.input(0) * 2.0 + 1.0, target="cuda")
    n = 1 << 24
    with s:
        x = cupy.ones(n, dtype=cupy.float32)
        f(x, stream=s)  # compiled and warm
    s.synchronize()
    with s:
        big = cupy.ones(1 << 26, dtype=cupy.float32)
        for _ in range(40):  # keeps s busy for a while
            big = big * 1.0001
        x *= 3.0  # queued on s, after the busy work
        out = f(x, stream=s)
        assert not s.done, "the call waited for its stream on the host"
        assert out.__cuda_array_interface__["stream"] == s.ptr
        y = cupy.asarray(out)  # a consumer on s
        z = y + 1.0
    s.synchronize()
    assert bool((z == 8.0).all())
    # The legacy default stream, by handle 0, and a result read on the host.
    out0 = f(x, stream=0)
    np.testing.assert_array_equal(out0.numpy(), np.full(n, 7.0, np.float32))


def test_results_outlive_the_stream_they_were_made_on(cupy):
    # A CuPy stream is destroyed with its Python object; the results made on
    # it are freed later. Freeing them must not touch the dead stream (the
    # allocator records the stream's event when the call ends), and their
    # blocks go to the next calls after the work that made them.
    import gc
    f = ferric.compile(E.input(0) + 1.0, target="cuda")
    x = cupy.arange(1 << 20, dtype=cupy.float32)
    outs = []
    for _ in range(3):
        s = cupy.cuda.Stream(non_blocking=True)
        outs.append(f(x, stream=s))
        s.synchronize()
        del s
        gc.collect()  # the stream is gone
    expected = cupy.asnumpy(x) + 1.0
    for out in outs:
        np.testing.assert_array_equal(out.numpy(), expected)
    del outs, out
    gc.collect()  # frees three results made on destroyed streams
    again = f(x)  # reuses their blocks
    np.testing.assert_array_equal(again.numpy(), expected)
