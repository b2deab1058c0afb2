"""Host <-> CUDA copies through pinned staging (runtime/cuda/CudaHostCopy.cpp,
ferric_target_copy_host), against the fake CUDA driver: the fake queues
asynchronous copies with pinned memory and runs them only when the host
waits (runtime/cuda/test/FakeCudaQueue.h), so a staging buffer reused
before its DMA is done gives wrong bytes here. Small chunks
(FERRIC_CUDA_STAGING_CHUNK) make many chunks out of small arrays: odd sizes,
chunk boundaries, zero size, bf16, the numpy path of compiled calls, and
a failing driver call."""

import pytest

from test_fake_cuda import pytestmark, run, run_traced  # noqa: F401

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


def copy_fields(call):
    """(dst, src, bytes) of a traced copy."""
    f = dict(x.split("=") for x in call[2:])
    return int(f["dst"], 16), int(f["src"], 16), int(f["bytes"])


@pytest.mark.parametrize("staging", [False, True])
def test_a_numpy_call_copies_each_input_and_result_once(staging):
    # Issue 40: a numpy SwiGLU on CUDA took 2.2x torch's time, the extra
    # outside the driver's copies: every input was first copied into a host
    # vector, every result into a zero-filled one. Each input must go from
    # the caller's array to the device, and each result from the device into
    # the array the call returns, once. Without staging the driver copies
    # from and to those buffers itself; with it, one DMA per chunk.
    out, calls = run_traced("""
        f = ferric.compile(ferric.E.input(0).silu() * ferric.E.input(1),
                           target="cuda")
        a = np.linspace(-1, 1, 5000).astype(np.float32)
        b = np.full(5000, 0.5, np.float32)
        f(a, b)  # compiles
        mark("begin")
        r = f(a, b)
        mark("end")
        print(json.dumps({"a": a.ctypes.data, "b": b.ctypes.data,
                          "r": r.ctypes.data, "shape": list(r.shape),
                          "type": type(r).__name__}))
    """, FERRIC_CUDA_STAGING_CHUNK="4096",
        FERRIC_CUDA_STAGING_MIN="1" if staging else "0")
    assert out["shape"] == [5000] and out["type"] == "ndarray", out
    names = [c[0] for c in calls]
    assert names.count("cuLaunchKernel") == 1, names
    if staging:
        assert "cuMemcpyAsync" not in names, names
        h2d = [copy_fields(c) for c in calls
               if c[0] == "cuMemcpyHtoDAsync_v2"]
        d2h = [copy_fields(c) for c in calls
               if c[0] == "cuMemcpyDtoHAsync_v2"]
        # 20000 bytes in chunks of 4096: 5 per input, 5 for the result.
        assert len(h2d) == 10 and len(d2h) == 5, names
        assert sum(n for _, _, n in h2d) == 40000, h2d
        assert sum(n for _, _, n in d2h) == 20000, d2h
        return
    copies = [copy_fields(c) for c in calls if c[0] == "cuMemcpyAsync"]
    assert len(copies) == 3, calls
    (_, a_src, a_n), (_, b_src, b_n), (r_dst, _, r_n) = copies
    assert (a_src, b_src, r_dst) == (out["a"], out["b"], out["r"]), \
        (copies, out)
    assert a_n == b_n == r_n == 20000, copies


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
