"""Lazy stream mode: recording, sync points, the executable cache,
FusionConfig and exact FusionStats counts; bad input at the recording call;
failed flushes; threads."""

import threading

import numpy as np
import pytest

import ferric

needs_vulkan = pytest.mark.skipif(not ferric.target_available("vulkan"),
                                  reason="no Vulkan here")
needs_cuda = pytest.mark.skipif(not ferric.target_available("cuda"),
                                reason="no CUDA here")


@pytest.fixture(autouse=True)
def fresh_stats():
    ferric.reset_fusion_stats()
    yield


def pair(device="cpu", n=8):
    a = np.linspace(-1, 1, n).astype(np.float32)
    b = np.full(n, 0.5, np.float32)
    return (a, b, ferric.asarray(a, device=device),
            ferric.asarray(b, device=device))


def silu(x):
    return x / (1 + np.exp(-x))


def test_ops_record_until_leaving_the_context():
    a, b, ta, tb = pair()
    with ferric.lazy():
        y = ((ta * tb).exp() + 1.0).silu() * tb
        assert y.is_pending and y.shape == (8,) and y.dtype == "f32"
        assert ferric.fusion_stats().flushes == 0
    assert not y.is_pending
    np.testing.assert_allclose(y.numpy(), silu(np.exp(a * b) + 1) * b,
                               rtol=1e-6)
    st = ferric.fusion_stats()
    assert (st.flushes, st.fused_executions, st.ops_recorded) == (1, 1, 5)
    # mul, exp, add, silu are used only inside the flush: 4 x 8 x 4 bytes.
    assert st.intermediate_bytes_saved == 128
    assert (st.cache_hits, st.cache_misses) == (0, 1)
    assert st.kernels_launched == 0 and st.launches_saved == 0  # cpu


def test_data_access_is_a_sync_point_and_only_live_values_are_results():
    a, b, ta, tb = pair()
    with ferric.lazy():
        t = ta + tb
        u = t * 2.0
        del t  # no longer referenced: an intermediate, not a result
        assert float(u.sum()) == pytest.approx(float(((a + b) * 2).sum()),
                                               rel=1e-6)
        st = ferric.fusion_stats()
        assert (st.flushes, st.ops_recorded) == (1, 3)
        assert st.intermediate_bytes_saved == 32  # a + b only
        v = u - 1.0  # u is computed now: an input of the next flush
        ferric.sync()
        assert ferric.fusion_stats().flushes == 2
        np.testing.assert_allclose(v.numpy(), (a + b) * 2 - 1, rtol=1e-6)


def test_the_cache_is_keyed_by_structure_shapes_and_dtypes():
    def run(ta, tb):
        with ferric.lazy():
            return ((ta - tb) * ta).numpy()

    _, _, ta, tb = pair()
    run(ta, tb)
    run(ta, tb)  # same structure, shapes, dtypes: a hit
    _, _, tc, td = pair(n=16)
    run(tc, td)  # other shapes: a miss
    st = ferric.fusion_stats()
    assert (st.cache_hits, st.cache_misses) == (1, 2)
    st.reset()
    assert ferric.fusion_stats() == ferric.FusionStats(*[0] * 8)


def test_a_structural_hit_emits_no_ir(monkeypatch):
    from ferric import _lazy
    calls = []
    real = _lazy.emit

    def counting(*a, **k):
        calls.append(1)
        return real(*a, **k)
    monkeypatch.setattr(_lazy, "emit", counting)
    _, _, ta, tb = pair(n=40)
    for _ in range(3):
        with ferric.lazy():
            ((ta * tb).exp() - tb).numpy()
    assert len(calls) == 1
    st = ferric.fusion_stats()
    assert (st.cache_hits, st.cache_misses) == (2, 1)


def test_the_structural_key_tells_signed_zeros_and_dtypes_apart():
    a = np.array([1.0, -2.0, 3.0, 4.0], np.float32)
    ta = ferric.asarray(a)
    with ferric.lazy():
        pos = (ta * 0.0).numpy()
    with ferric.lazy():
        neg = (ta * -0.0).numpy()
    assert list(np.signbit(pos)) == [False, True, False, False]
    assert list(np.signbit(neg)) == [True, False, True, True]
    t64 = ferric.asarray(a.astype(np.float64))
    with ferric.lazy():
        d = (t64 * 0.0).numpy()
    assert d.dtype == np.float64
    assert ferric.fusion_stats().cache_misses == 3


def test_cache_size_evicts_least_recently_used():
    _, _, ta, tb = pair(n=24)
    cfg = ferric.FusionConfig(cache_size=1)
    with ferric.lazy(cfg):
        (ta * tb + 3.0).numpy()
        (ta * tb - 3.0).numpy()  # evicts the first
        (ta * tb + 3.0).numpy()
    st = ferric.fusion_stats()
    assert (st.cache_hits, st.cache_misses) == (0, 3)


def test_max_fusion_ops_flushes():
    _, _, ta, _ = pair()
    with ferric.lazy(max_fusion_ops=3):
        x = ta
        for _ in range(7):
            x = x + 1.0
        assert ferric.fusion_stats().flushes == 2  # after ops 3 and 6
    st = ferric.fusion_stats()
    assert (st.flushes, st.ops_recorded) == (3, 7)
    assert st.fused_executions == 2  # the last flush has 1 op < 2
    np.testing.assert_allclose(x.numpy(), ta.numpy() + 7, rtol=1e-6)


def test_disabled_or_outside_lazy_runs_each_op():
    _, _, ta, tb = pair()
    y = ta * tb + 1.0
    assert not y.is_pending
    with ferric.lazy(enabled=False):
        z = y * 2.0
        assert not z.is_pending
    assert ferric.fusion_stats().flushes == 3
    np.testing.assert_allclose(z.numpy(), (ta.numpy() * 0.5 + 1) * 2,
                               rtol=1e-6)


def test_reductions_where_cast_matmul_broadcast():
    rng = np.random.default_rng(5)
    x = rng.standard_normal((4, 6)).astype(np.float32)
    w = rng.standard_normal((6, 3)).astype(np.float32)
    g = rng.standard_normal(6).astype(np.float32)
    tx, tw, tg = (ferric.asarray(v) for v in (x, w, g))
    with ferric.lazy():
        inv = ((tx * tx).mean(1, keepdim=True) + 1e-6).rsqrt()
        normed = tx * inv * tg  # broadcasts [4,1] and [6]
        relu = ferric.where(normed > 0.0, normed, 0.0)
        mx = relu.max(1)
        half = normed.cast("f16")
        mm = normed @ tw
    ref = x / np.sqrt((x * x).mean(1, keepdims=True) + 1e-6) * g
    np.testing.assert_allclose(normed.numpy(), ref, rtol=1e-5, atol=1e-6)
    np.testing.assert_allclose(mx.numpy(), np.maximum(ref, 0).max(1),
                               rtol=1e-5, atol=1e-6)
    assert half.dtype == "f16"
    np.testing.assert_allclose(mm.numpy(), ref @ w, rtol=1e-4, atol=1e-5)
    assert ferric.fusion_stats().flushes == 1


def test_shape_errors_are_raised_at_the_recording_call():
    t3 = ferric.asarray(np.ones(3, np.float32))
    t4 = ferric.asarray(np.ones(4, np.float32))
    with ferric.lazy():
        ok = t3 * 2.0
        with pytest.raises(ferric.ShapeError):
            ok + t4
        with pytest.raises(ferric.ShapeError):
            t3 @ t4
    np.testing.assert_array_equal(ok.numpy(), [2, 2, 2])


def test_dtype_mismatch_at_the_recording_call():
    a = ferric.asarray(np.ones(2, np.float32))
    b = ferric.asarray(np.ones(2, np.float64))
    with ferric.lazy():
        with pytest.raises(ferric.DTypeError):
            a + b


@needs_vulkan
def test_mixing_devices_is_refused_at_the_recording_call():
    a = ferric.asarray(np.ones(4, np.float32))
    b = ferric.asarray(np.ones(4, np.float32), device="vulkan")
    with ferric.lazy():
        with pytest.raises(ferric.DeviceError, match="different devices"):
            a + b
    with pytest.raises(ferric.DeviceError, match="target='vulkan'"):
        with ferric.lazy(target="vulkan"):
            a + 1.0


def test_a_failed_flush_marks_its_tensors(monkeypatch):
    from ferric import _lazy
    _, _, ta, tb = pair()

    def broken(ir, target, cache_size):
        raise ferric.FerricError("injected compile failure")

    monkeypatch.setattr(_lazy, "_executable", broken)
    with pytest.raises(ferric.FerricError, match="injected"):
        with ferric.lazy():
            y = ta + tb
            z = y * 2.0
    for t in (y, z):
        with pytest.raises(ferric.FerricError,
                           match="lazy flush of 2 ops on cpu failed"):
            t.numpy()
        with pytest.raises(ferric.FerricError, match="injected"):
            t + 1.0
    monkeypatch.undo()
    np.testing.assert_array_equal(ta.numpy(), pair()[0])  # inputs intact
    assert ferric.fusion_stats().flushes == 0


def test_each_thread_has_its_own_stream():
    errors, results = [], {}
    barrier = threading.Barrier(4)

    def work(k):
        try:
            t = ferric.asarray(np.full(16, float(k), np.float32))
            with ferric.lazy():
                y = t * t + float(k)
                barrier.wait()  # all four record before any flushes
                assert y.is_pending
            results[k] = y.numpy().copy()
        except Exception as e:  # pragma: no cover - reported below
            errors.append(e)

    threads = [threading.Thread(target=work, args=(k,)) for k in range(4)]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    assert not errors, errors
    for k in range(4):
        np.testing.assert_array_equal(results[k], np.full(16, k * k + k))
    st = ferric.fusion_stats()
    assert (st.flushes, st.ops_recorded) == (4, 8)


def test_a_new_thread_does_not_inherit_an_ended_threads_lazy_state():
    # The C recorder keeps the last recording thread's lazy state; a thread
    # that ends inside lazy() leaves it non-empty, and the next thread (which
    # may get the ended one's ident) must not see it.
    t = ferric.asarray(np.ones(4, np.float32))
    box = {}

    def ends_inside_lazy():
        ferric.lazy().__enter__()  # never left
        box["inside"] = (t + 1.0).is_pending

    def eager():
        box["eager"] = (t + 2.0).is_pending

    for _ in range(4):  # (a thread's ident is reused from the second on)
        for target in (ends_inside_lazy, eager):
            th = threading.Thread(target=target)
            th.start()
            th.join()
        assert box == {"inside": True, "eager": False}
        box.clear()
    assert not (t + 3.0).is_pending  # nor does this thread


def test_a_pending_tensor_of_another_thread_is_refused():
    t = ferric.asarray(np.ones(4, np.float32))
    box = {}

    def other():
        with ferric.lazy():
            box["y"] = t + 1.0
            box["ready"].wait()
    box["ready"] = threading.Event()
    th = threading.Thread(target=other)
    th.start()
    while "y" not in box:
        pass
    with pytest.raises(ferric.FerricError, match="another thread"):
        box["y"].numpy()
    box["ready"].set()
    th.join()
    np.testing.assert_array_equal(box["y"].numpy(), [2, 2, 2, 2])


def test_fusion_config_validates():
    with pytest.raises(ValueError, match="max_fusion_ops"):
        ferric.FusionConfig(max_fusion_ops=0)
    with pytest.raises(ferric.DeviceError):
        ferric.FusionConfig(target="tpu")
    with pytest.raises(TypeError):
        ferric.lazy(ferric.FusionConfig(), enabled=False)


@needs_vulkan
def test_vulkan_launch_counts_are_exact():
    a, b, ta, tb = pair("vulkan")
    with ferric.lazy():
        y = ((ta * tb).exp() + 1.0).silu() * tb  # 5 ops, one kernel
    st = ferric.fusion_stats()
    assert (st.kernels_launched, st.launches_saved) == (1, 4)
    np.testing.assert_allclose(y.numpy(), silu(np.exp(a * b) + 1) * b,
                               rtol=1e-5)
    with ferric.lazy():
        s = (y * 2.0).sum()  # the mul fuses into the reduction's kernel
    st = ferric.fusion_stats()
    assert (st.flushes, st.ops_recorded) == (2, 7)
    assert (st.kernels_launched, st.launches_saved) == (2, 5)
    assert st.intermediate_bytes_saved == 4 * 32 + 32
    assert float(s) == pytest.approx(float((y.numpy() * 2).sum()), rel=1e-5)


@needs_cuda
def test_cuda_lazy_chain():
    a, b, ta, tb = pair("cuda", n=4096)
    with ferric.lazy():
        y = ((ta * tb).exp() + 1.0).silu() * tb
    st = ferric.fusion_stats()
    assert (st.flushes, st.kernels_launched, st.launches_saved) == (1, 1, 4)
    assert y.device == "cuda"
    np.testing.assert_allclose(y.numpy(), silu(np.exp(a * b) + 1) * b,
                               rtol=1e-5)


def test_device_overhead_example_runs():
    import os
    import subprocess
    import sys
    here = os.path.dirname(os.path.abspath(__file__))
    script = os.path.join(here, os.pardir, "examples", "device_overhead.py")
    env = dict(os.environ, PYTHONPATH=os.path.join(here, os.pardir))
    out = subprocess.run([sys.executable, script, "--iters", "5"], env=env,
                         capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    assert "ferric.jit 5 ops" in out.stdout
    assert "lazy: 10 flushes, 0 kernels launched" in out.stdout


def test_python_overhead_bench_runs_on_the_cpu(tmp_path):
    import json
    import os
    import subprocess
    import sys
    here = os.path.dirname(os.path.abspath(__file__))
    script = os.path.join(here, os.pardir, os.pardir, "bench",
                          "python_overhead.py")
    env = dict(os.environ, PYTHONPATH=os.path.join(here, os.pardir))
    out_json = str(tmp_path / "po.json")
    out = subprocess.run([sys.executable, script, "--target", "cpu",
                          "--iters", "5", "--batch", "5", "--rows", "8",
                          "--cols", "64", "--tail-iters", "3",
                          "--json", out_json],
                         env=env, capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    assert "5 ops, 1024 elements" in out.stdout
    rows = json.load(open(out_json))["rows"]
    assert [r["case"] for r in rows][:2] == ["1 op, 1024 elements",
                                             "5 ops, 1024 elements"]
    if len(rows) > 2:  # the lazy tail needs torch
        tail = rows[2]
        assert tail["flushes_per_call"] == 1.0
        assert tail["ops_per_call"] == 13
        assert tail["max_abs_err_y_vs_torch"] < 0.05
