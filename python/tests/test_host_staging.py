"""Host <-> CUDA copies through pinned staging (runtime/cuda/CudaHostCopy.cpp,
ferric_target_copy_host), against the fake CUDA driver: the fake queues
asynchronous copies with pinned memory and runs them only when the host
waits (runtime/cuda/test/FakeCudaQueue.h), so a staging buffer reused
before its DMA is done gives wrong bytes here. Small chunks
(FERRIC_CUDA_STAGING_CHUNK) make many chunks out of small arrays: odd sizes,
chunk boundaries, zero size, bf16, the numpy path of compiled calls, and
a failing driver call."""

import pytest

from test_fake_cuda import pytestmark, run  # noqa: F401 (the skip mark)

def copies(calls):
    """The traced calls without the allocation of the destination (and the
    thread stream's creation on first use)."""
    return [c for c in calls if c not in ("cuMemAlloc_v2", "cuStreamCreate")]


SMALL_CHUNKS = {"FERRIC_CUDA_STAGING_CHUNK": "4096",
                "FERRIC_CUDA_STAGING_MIN": "1"}


def test_round_trips_of_odd_sizes_are_exact_and_chunked():
    out, calls = run("""
        rng = np.random.default_rng(1)
        ok = {}
        for n in (1, 3, 1023, 1024, 1025, 2048, 5000, 12289):
            x = rng.standard_normal(n).astype(np.float32)
            t = ferric.asarray(x, device="cuda")
            ok[n] = bool((t.numpy() == x).all())
        x = rng.standard_normal(3 * 1024 + 7).astype(np.float32)
        mark("begin")
        t = ferric.asarray(x, device="cuda")
        mark("h2d")
        back = t.numpy()
        mark("end")
        print(json.dumps({"ok": ok, "last": bool((back == x).all())}))
    """, **SMALL_CHUNKS)
    assert all(out["ok"].values()) and out["last"], out
    # 12316 bytes in chunks of 4096: 4 async copies each way, each followed
    # by its buffer's event; one stream synchronization per copy.
    h2d, d2h = calls[:calls.index("cuStreamSynchronize") + 1], \
        calls[calls.index("cuStreamSynchronize") + 1:]
    assert h2d.count("cuMemcpyHtoDAsync_v2") == 4, calls
    assert d2h.count("cuMemcpyDtoHAsync_v2") == 4, calls
    assert "cuMemcpyAsync" not in calls, calls
    # Double buffering: the third chunk waits for the first one's DMA.
    assert h2d.count("cuEventSynchronize") == 2, calls
    assert d2h.count("cuEventSynchronize") == 4, calls


def test_zero_size_and_bf16_and_small_copies():
    out, calls = run("""
        empty = ferric.asarray(np.zeros(0, np.float32), device="cuda")
        b = ferric.bf16(np.linspace(-2, 2, 4099))
        tb = ferric.asarray(b, device="cuda")
        mark("begin")
        small = ferric.asarray(np.arange(8, dtype=np.float32), device="cuda")
        mark("end")
        print(json.dumps({
            "empty": list(empty.numpy().shape),
            "bf16": bool((tb.numpy().bits == b.bits).all()),
            "small": small.numpy().tolist()}))
    """, FERRIC_CUDA_STAGING_CHUNK="4096", FERRIC_CUDA_STAGING_MIN="64")
    assert out == {"empty": [0], "bf16": True,
                   "small": [0, 1, 2, 3, 4, 5, 6, 7]}
    # 32 bytes < FERRIC_CUDA_STAGING_MIN: one plain copy, no staging.
    assert copies(calls) == ["cuMemcpyAsync", "cuStreamSynchronize"], calls


def test_numpy_inputs_and_results_of_a_compiled_call_are_staged():
    out, calls = run("""
        f = ferric.jit(lambda p, q: p * q, target="cuda")
        x = np.arange(5000, dtype=np.float32)
        f(x, x)  # compiles
        mark("begin")
        r = f(x, x)
        mark("end")
        print(json.dumps({"shape": list(r.shape), "type": type(r).__name__}))
    """, **SMALL_CHUNKS)
    assert out == {"shape": [5000], "type": "ndarray"}
    # Two inputs of 20000 bytes in, one result out: 5 chunks each.
    assert calls.count("cuMemcpyHtoDAsync_v2") == 10, calls
    assert calls.count("cuMemcpyDtoHAsync_v2") == 5, calls


@pytest.mark.parametrize("entry", ["cuMemcpyHtoDAsync", "cuMemcpyDtoHAsync",
                                   "cuMemHostAlloc"])
def test_a_failing_staged_copy_raises_the_drivers_error(entry):
    out, _ = run("""
        x = np.ones(3000, np.float32)
        try:
            t = ferric.asarray(x, device="cuda")
            t.numpy()
            print(json.dumps({"error": None}))
        except ferric.FerricError as e:
            print(json.dumps({"error": str(e)}))
    """, FERRIC_FAKE_CUDA_FAIL=entry, FERRIC_CUDA_QUIET="1", **SMALL_CHUNKS)
    assert out["error"] is not None and entry in out["error"], out


def test_staging_off_copies_in_one_call():
    out, calls = run("""
        x = np.arange(3000, dtype=np.float32)
        mark("begin")
        t = ferric.asarray(x, device="cuda")
        mark("end")
        print(json.dumps({"ok": bool((t.numpy() == x).all())}))
    """, FERRIC_CUDA_STAGING_CHUNK="4096", FERRIC_CUDA_STAGING_MIN="0")
    assert out == {"ok": True}
    assert copies(calls) == ["cuMemcpyAsync", "cuStreamSynchronize"], calls
