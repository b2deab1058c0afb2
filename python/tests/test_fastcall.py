"""The C fast path of device calls (python/csrc/fastcall.c): a call on
ferric Tensors with a signature seen before runs in C, and gives what the
Python path gives (types, shapes, result ownership, no aliasing, errors);
everything else falls back to Python. Run on the CPU target (its Tensors
take the same path as CUDA's, with a host pointer) and, for stream= calls,
against the fake CUDA driver."""

import os
import subprocess
import sys
import threading

import numpy as np
import pytest

import ferric
from ferric import E, _capi

BUILT = os.path.exists(os.path.join(os.path.dirname(_capi._lib._name),
                                    "_ferric_fastcall.abi3.so"))
fast = pytest.mark.skipif(_capi._fastcall is None,
                          reason="the C fast path is not built or is off")


def hits():
    return _capi._fastcall.hits()


def test_the_fast_path_is_loaded_where_it_was_built():
    # scripts/setup.sh --tests installs python3-dev, so a build has the module;
    # FERRIC_FASTCALL=0 is the only way to be without it then.
    if BUILT and os.environ.get("FERRIC_FASTCALL", "1") != "0":
        assert _capi._fastcall is not None


@fast
def test_second_call_runs_in_c_and_matches_python():
    f = ferric.jit(lambda x, y: (x * y).exp() + 1.0)
    a = ferric.asarray(np.linspace(-1, 1, 33).astype(np.float32))
    b = ferric.asarray(np.full(33, 0.5, np.float32))
    first = f(a, b)  # compiles, registers the signature
    before, exe_hits = hits(), _capi.cache_stats().exe_hits
    second = f(a, b)
    assert hits() == before + 1
    # Counted as an executable cache hit, as the Python path counts it.
    assert _capi.cache_stats().exe_hits == exe_hits + 1
    assert type(second) is ferric.Tensor
    assert (second.shape, second.dtype, second.device) == \
        (first.shape, first.dtype, first.device) == ((33,), "f32", "cpu")
    np.testing.assert_array_equal(second.numpy(), first.numpy())
    assert second.data_ptr() != first.data_ptr()
    # A result of the fast path is an input of the next fast call.
    third = f(second, b)
    third = f(second, b)
    np.testing.assert_allclose(third.numpy(),
                               np.exp(second.numpy() * 0.5) + 1.0, rtol=1e-6)


@fast
def test_results_outlive_the_inputs_and_each_other():
    f = ferric.compile([E.input(0) + 1.0, E.input(0) * 2.0])
    a = ferric.asarray(np.arange(8, dtype=np.float32))
    f(a)
    before = hits()
    s, p = f(a)
    assert hits() == before + 1
    del a
    np.testing.assert_array_equal(s.numpy(), np.arange(8) + 1.0)
    del s
    np.testing.assert_array_equal(p.numpy(), np.arange(8) * 2.0)


@fast
def test_a_result_that_is_an_input_is_copied():
    f = ferric.compile([E.input(0), E.input(0) + 1.0])
    a = ferric.asarray(np.zeros(4, np.float32))
    f(a)
    before = hits()
    same, plus = f(a)
    assert hits() == before + 1
    assert same.data_ptr() != a.data_ptr()
    a.numpy()[0] = 3.0
    assert same.numpy()[0] == 0.0 and plus.numpy()[0] == 1.0


@fast
def test_dynamic_result_shapes_are_read_back():
    # CPU executables keep sizes other than 1 dynamic: the results' shapes
    # come from the C results, per call.
    f = ferric.jit(lambda x: x.sum(1))
    for rows in (3, 5, 3):
        x = ferric.asarray(np.ones((rows, 7), np.float32))
        f(x)
        before = hits()
        r = f(x)
        assert hits() == before + 1
        assert r.shape == (rows,) and r.dtype == "f32"
        np.testing.assert_array_equal(r.numpy(), np.full(rows, 7.0))


@fast
def test_what_python_must_do_falls_back():
    f = ferric.jit(lambda x, y: x + y)
    a = ferric.asarray(np.ones(16, np.float32))
    f(a, a)
    before = hits()
    # numpy inputs, a new shape, a new dtype, a lazy (not computed) input:
    # the Python path, with the same results.
    np.testing.assert_array_equal(f(np.ones(16, np.float32), a).numpy(), 2.0)
    b = ferric.asarray(np.ones(17, np.float32))
    np.testing.assert_array_equal(f(b, b).numpy(), 2.0)
    h = ferric.asarray(np.ones(16, np.float16))
    np.testing.assert_array_equal(f(h, h).numpy(), 2.0)
    with ferric.lazy():
        pending = a * 3.0
        r = f(pending, a)
    np.testing.assert_array_equal(r.numpy(), 4.0)
    assert hits() == before
    # stream= is for CUDA: the Python path says so.
    with pytest.raises(ValueError, match="stream= is for the cuda target"):
        f(a, a, stream=0)


@fast
def test_a_cleared_cache_is_not_used():
    f = ferric.jit(lambda x: x * 2.0)
    a = ferric.asarray(np.ones(4, np.float32))
    f(a)
    ferric.clear_cache()
    before = hits()
    np.testing.assert_array_equal(f(a).numpy(), 2.0)  # recompiled
    assert hits() == before
    np.testing.assert_array_equal(f(a).numpy(), 2.0)
    assert hits() == before + 1


@fast
def test_threads_share_a_function():
    f = ferric.jit(lambda x, y: x * y + 1.0)
    a = ferric.asarray(np.arange(256, dtype=np.float32))
    f(a, a)
    errors = []

    def work(k):
        b = ferric.asarray(np.full(256, float(k), np.float32))
        for _ in range(200):
            r = f(a, b)
            if not np.array_equal(r.numpy(), np.arange(256) * k + 1.0):
                errors.append(k)
                return

    threads = [threading.Thread(target=work, args=(k,)) for k in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors


def test_python_path_alone_with_fastcall_off():
    code = ("import numpy as np, ferric\n"
            "from ferric import _capi\n"
            "assert _capi._fastcall is None\n"
            "f = ferric.jit(lambda x: x + 1.0)\n"
            "a = ferric.asarray(np.zeros(4, np.float32))\n"
            "f(a); r = f(a)\n"
            "assert (r.numpy() == 1.0).all()\n"
            "print(_capi.cache_stats().exe_hits)\n")
    env = dict(os.environ, FERRIC_FASTCALL="0",
               PYTHONPATH=os.path.join(os.path.dirname(__file__), ".."))
    p = subprocess.run([sys.executable, "-c", code], capture_output=True,
                       text=True, env=env, timeout=120)
    assert p.returncode == 0, p.stderr
    assert int(p.stdout) >= 1


@fast
def test_stream_call_results_carry_their_stream_and_event():
    from test_fake_cuda import FAKE, run
    if not os.path.exists(FAKE):
        pytest.skip("needs libferric_fake_cuda.so")
    out, calls = run("""
        from ferric import _capi
        from ferric import tensor as ft
        a = ferric.asarray(np.ones(1024, np.float32), device="cuda")
        f = ferric.jit(lambda p, q: p + q, target="cuda")
        for _ in range(3):  # a loop's steady state: pools filled
            r = f(a, a, stream=2)
        before = _capi._fastcall.hits()
        mark("begin")
        r = f(a, a, stream=2)
        mark("end")
        seen = {"stream": r._cuda_stream,
                "event": type(r._cuda_ready).__name__,
                "event_owned": r._cuda_ready._results is r._owner,
                # ferric's own buffers need no keeping (see below).
                "keeps_inputs": r._owner.inputs}
        same = f(r, a, stream=2)        # computed on this stream: C
        after_same = _capi._fastcall.hits()
        other = f(r, a, stream=0)       # another stream: Python waits
        plain = f(same, a)              # no stream: Python waits
        seen.update({
            "fast": after_same - before,
            "total": _capi._fastcall.hits() - before,
            "waited": r._cuda_stream is None and same._cuda_stream is None,
            "shape": list(other.shape) + list(plain.shape)})
        print(json.dumps(seen))
    """)
    assert out == {"fast": 2, "total": 2, "stream": 2, "event": "_Event",
                   "event_owned": True, "keeps_inputs": [],
                   "waited": True, "shape": [1024, 1024]}
    # The same driver calls as the Python path's stream= call.
    assert calls == ["cuLaunchKernel", "cuEventRecord"], calls


@fast
def test_library_errors_raise_as_in_python():
    from test_fake_cuda import FAKE, run
    if not os.path.exists(FAKE):
        pytest.skip("needs libferric_fake_cuda.so")
    out, _ = run("""
        from ferric import _capi
        a = ferric.asarray(np.ones(1 << 20, np.float32), device="cuda")
        f = ferric.jit(lambda p: p * 2.0, target="cuda")
        try:
            f(a)  # compiles and registers the signature, then fails too
        except ferric.FerricError:
            pass
        before = _capi._fastcall.hits()
        mark("begin")
        try:
            f(a)
            error = None
        except ferric.FerricError as e:
            error = str(e)
        mark("end")
        print(json.dumps({"error": error,
                          "hits": _capi._fastcall.hits() - before}))
    """, FERRIC_FAKE_CUDA_FAIL="cuLaunchKernel")
    assert out["hits"] == 0
    assert out["error"] and "cuLaunchKernel" in out["error"], out


@pytest.mark.parametrize("fastcall", ["1", "0"])
def test_a_chain_of_stream_calls_frees_its_intermediates(fastcall):
    # x = f(x, stream=s) in a loop: each result used to keep its inputs'
    # owners alive, so every intermediate stayed allocated (the fake
    # device's memory ran out after about 20000 calls of 16 KB). Buffers of
    # the runtime's allocator need no keeping: it hands them out again only
    # after the stream got past their uses. Foreign memory (here a CUDA
    # array interface import) is still kept.
    from test_fake_cuda import FAKE, run
    if not os.path.exists(FAKE):
        pytest.skip("needs libferric_fake_cuda.so")
    out, _ = run("""
        from ferric import _capi
        f = ferric.jit(lambda p, q: p + q, target="cuda")
        a = ferric.asarray(np.ones(4096, np.float32), device="cuda")
        x = a
        for _ in range(40000):
            x = f(x, a, stream=2)

        class Foreign:
            def __init__(self, t):
                self.__cuda_array_interface__ = {
                    "version": 3, "shape": t.shape, "typestr": "<f4",
                    "data": (t.data_ptr(), False), "strides": None}
        producer = Foreign(a)
        b = ferric.asarray(producer, device="cuda")
        r = f(b, a, stream=2)
        r = f(b, a, stream=2)
        kept = [type(o).__name__ for o in r._owner.inputs]
        print(json.dumps({"shape": list(x.shape), "kept": kept,
                          "producer": r._owner.inputs[0].obj is producer}))
    """, FERRIC_FASTCALL=fastcall)
    assert out == {"shape": [4096], "kept": ["_CAIOwner"], "producer": True}


@fast
def test_function_calls_enter_c_first():
    # ferric.Function derives from the C FastCall: a call with a signature
    # seen before never reaches Python's _call; anything else does, with
    # the caller's arguments as given.
    f = ferric.jit(lambda x, y: x + y)
    assert isinstance(f, _capi._fastcall.FastCall)
    assert not any(hasattr(f, name) for name in ("add", "clear", "call"))
    a = ferric.asarray(np.ones(8, np.float32))
    f(a, a)
    seen = []

    def spy(*inputs, **kwargs):
        seen.append((len(inputs), sorted(kwargs)))
        return ferric.Function._call(f, *inputs, **kwargs)

    f._call = spy
    np.testing.assert_array_equal(f(a, a).numpy(), 2.0)
    assert seen == []
    b = ferric.asarray(np.ones(9, np.float32))
    np.testing.assert_array_equal(f(b, b).numpy(), 2.0)
    with pytest.raises(TypeError):
        f(a, a, bogus=1)
    assert seen == [(2, []), (2, ["bogus"])]
