"""The Python package on the cuda target without a GPU, against the fake CUDA
driver (runtime/cuda/test/FakeCudaDriver.cpp, FERRIC_CUDA_DRIVER): device
tensors, copies, compiled calls on device data, stream= calls, the lazy mode
and out-of-memory errors take their real host paths; kernels do not run
(results are zeros). What is checked is what the host does: values copied
to and from the device, result types, the driver calls of one call (one
launch, the synchronizations it needs and no more), kernels per lazy flush.

Each case runs in a subprocess: the driver is chosen when the runtime first
loads, and this process has already loaded it without one."""

import json
import os
import shutil
import subprocess
import sys
import textwrap

import pytest

LIB_DIR = os.environ.get("FERRIC_LIB_DIR", "")
FAKE = os.path.join(LIB_DIR, "libferric_fake_cuda.so")
CUDA_HOME = os.environ.get("CUDA_HOME", "/usr/local/cuda")

pytestmark = pytest.mark.skipif(
    not os.path.exists(FAKE) or
    not os.path.exists(os.path.join(CUDA_HOME, "bin", "ptxas")),
    reason="needs libferric_fake_cuda.so (FERRIC_LIB_DIR) and the CUDA "
           "toolkit to compile kernels")

PRELUDE = """
import json, sys
import numpy as np
import ferric

def mark(text):
    sys.stderr.write("marker: %s\\n" % text)
    sys.stderr.flush()
"""


def fake_environment(**env):
    """This process's environment with the fake driver (no cuBLASLt) and
    the package on the path, plus `env`."""
    environment = dict(os.environ)
    environment.update({
        "FERRIC_CUDA_DRIVER": FAKE,
        "FERRIC_CUBLASLT": "/nonexistent/libcublasLt.so",
        "CUDA_HOME": CUDA_HOME,
        "PYTHONPATH": os.path.join(os.path.dirname(__file__), ".."),
    })
    environment.update(env)
    return environment


def run_traced(body, **env):
    """Runs `body` with the fake driver; returns (its stdout JSON, the
    driver calls it traced between 'marker: begin' and 'marker: end', each
    as the fields of its trace line: the entry point's name, its handle
    and, for a copy, "dst=0x..", "src=0x.." and "bytes=N")."""
    environment = fake_environment(**{"FERRIC_FAKE_CUDA_TRACE": "1", **env})
    p = subprocess.run([sys.executable, "-c",
                        PRELUDE + textwrap.dedent(body)],
                       capture_output=True, text=True, env=environment,
                       timeout=300)
    assert p.returncode == 0, p.stderr[-3000:]
    calls, inside = [], False
    for line in p.stderr.splitlines():
        if line == "marker: begin":
            inside = True
        elif line == "marker: end":
            inside = False
        elif inside and line.startswith("fake-cuda: "):
            calls.append(line.split()[1:])
    return json.loads(p.stdout.strip().splitlines()[-1]), calls


def run(body, **env):
    """run_traced with the names of the traced calls only."""
    out, calls = run_traced(body, **env)
    return out, [c[0] for c in calls]


def test_device_round_trip_and_a_call_on_device_data():
    out, calls = run("""
        x = np.arange(1024, dtype=np.float32)
        a = ferric.asarray(x, device="cuda")
        b = ferric.asarray(x * 2, device="cuda")
        one = ferric.jit(lambda p, q: p + q, target="cuda")
        one(a, b)
        mark("begin")
        r = one(a, b)
        mark("end")
        print(json.dumps({
            "available": ferric.target_available("cuda"),
            "round_trip": bool((a.numpy() == x).all()),
            "device": r.device, "shape": list(r.shape), "dtype": r.dtype,
            "zeros": bool((r.numpy() == 0).all())}))
    """)
    assert out == {"available": True, "round_trip": True, "device": "cuda",
                   "shape": [1024], "dtype": "f32", "zeros": True}
    # One launch; the host code's async region ends with one
    # synchronization, the runner waits once more (it also covers work the
    # host code leaves queued, such as cuBLASLt calls). Before, the guard
    # around the launch for empty tensors cost a third.
    assert calls == ["cuLaunchKernel", "cuStreamSynchronize",
                     "cuStreamSynchronize"], calls


def test_stream_call_does_not_wait_on_the_host():
    out, calls = run("""
        a = ferric.asarray(np.ones(4096, np.float32), device="cuda")
        two = ferric.jit(lambda p: (p * 2.0).exp(), target="cuda")
        for _ in range(3):  # a loop's steady state: pools filled
            r = two(a, stream=2)
        mark("begin")
        r = two(a, stream=2)
        mark("end")
        print(json.dumps({"shape": list(r.shape),
                          "zeros": bool((r.numpy() == 0).all())}))
    """)
    assert out == {"shape": [4096], "zeros": True}
    # No host wait; one event recorded on the caller's stream after the
    # call: the allocator's for the blocks the call used, which is also the
    # results' readiness event (it was a second cuEventRecord until
    # 2026-12-06, and before that a cuEventCreate and, for the result it
    # replaced, a cuEventDestroy per call).
    assert calls == ["cuLaunchKernel", "cuEventRecord"], calls


def test_stream_call_gets_its_readiness_event_from_the_run_call():
    # ferric_run_device_on_stream_event records the results' event inside
    # the run call and the results' free destroys it: Python makes no
    # ferric_target_event_record / _destroy calls of its own (about 3 us of
    # ctypes per call on the H100 host).
    out, calls = run("""
        import gc
        import ferric._capi as C
        count = [0]

        def counted(f):
            def call(*args):
                count[0] += 1
                return f(*args)
            return call

        C._event_record = counted(C._event_record)
        C._event_destroy = counted(C._event_destroy)
        a = ferric.asarray(np.ones(256, np.float32), device="cuda")
        f = ferric.jit(lambda p: p + 1.0, target="cuda")
        for _ in range(3):
            r = f(a, stream=2)
        mark("begin")
        r = f(a, stream=2)
        mark("end")
        ready = r._cuda_ready
        has_event = ready is not None and bool(ready.ptr)
        read = bool((r.numpy() == 0).all())
        del r, ready
        gc.collect()
        print(json.dumps({"event_calls": count[0], "has_event": has_event,
                          "read": read}))
    """)
    assert out == {"event_calls": 0, "has_event": True, "read": True}
    assert calls == ["cuLaunchKernel", "cuEventRecord"], \
        calls


def test_stream_call_without_the_event_entry_records_and_destroys_its_own():
    # A library without ferric_run_device_on_stream_event (an older build):
    # the Python path records the results' readiness event itself after
    # ferric_run_device_on_stream (a _RecordedEvent) and destroys it when
    # the last result dies; the run call's own event (_Event, no finalizer)
    # is not involved.
    out, calls = run("""
        import gc
        import ferric._capi as C
        from ferric import tensor as T
        C._run_device_on_stream_event = None
        count = {"record": 0, "destroy": 0}

        def counted(name, f):
            def call(*args):
                count[name] += 1
                return f(*args)
            return call

        C._event_record = counted("record", C._event_record)
        C._event_destroy = counted("destroy", C._event_destroy)
        a = ferric.asarray(np.ones(256, np.float32), device="cuda")
        f = ferric.jit(lambda p: p + 1.0, target="cuda")
        r = f(a, stream=2)
        kind = type(r._cuda_ready).__name__
        recorded = count["record"]
        read = r.numpy().tolist()[:2]
        del r
        gc.collect()
        print(json.dumps({"kind": kind, "recorded": recorded,
                          "destroyed": count["destroy"], "read": read,
                          "finalizer": hasattr(T._Event, "__del__")}))
    """, FERRIC_FASTCALL="0")
    assert out == {"kind": "_RecordedEvent", "recorded": 1, "destroyed": 1,
                   "read": [0.0, 0.0], "finalizer": False}


def test_compile_remarks_say_why_a_matmul_runs_on_the_tiled_kernel():
    # run() points FERRIC_CUBLASLT nowhere: the runner compiles without
    # ferric-matmul-to-cublaslt and says so per matmul, through the C API
    # (ferric_executable_remarks) as ferric-run does on stderr.
    out, _ = run("""
        from ferric import _capi
        ir = ("func.func @mm(%a: tensor<8x16xf32>, %b: tensor<16x4xf32>) "
              "-> tensor<8x4xf32> {\\n"
              "  %p = ferric.matmul %a, %b : tensor<8x16xf32>, "
              "tensor<16x4xf32> -> tensor<8x4xf32>\\n"
              "  return %p : tensor<8x4xf32>\\n}\\n")
        exe = _capi.Executable(ir, entry="mm", target="cuda")
        cpu = _capi.Executable(ir, entry="mm", target="cpu")
        print(json.dumps({"cuda": exe.remarks, "cpu": cpu.remarks}))
    """)
    assert out["cpu"] == []
    assert len(out["cuda"]) == 1, out
    assert "ferric.matmul runs on ferric-matmul-to-gpu's tiled kernel" \
        in out["cuda"][0] and "no cuBLASLt found" in out["cuda"][0], out


def test_lazy_transformer_tail_is_one_kernel():
    out, calls = run("""
        rng = np.random.default_rng(0)
        shape = (64, 256)
        x, res, up = (ferric.asarray(rng.standard_normal(shape)
                                     .astype(np.float32), device="cuda")
                      .cast("bf16") for _ in range(3))
        w = ferric.asarray(rng.standard_normal(256).astype(np.float32),
                           device="cuda").cast("bf16")
        ferric.sync()

        def tail(x, res, w, up):
            # Temporaries die when this returns: only h and y are results
            # of the flush (a tensor still referenced there is one).
            h = x + res
            hf = h.cast("f32")
            inv = ((hf * hf).mean(-1, keepdim=True) + 1e-6).rsqrt()
            y = ((hf * inv * w.cast("f32")).silu() * up.cast("f32")) \\
                .cast("bf16")
            return h, y

        ferric.reset_fusion_stats()
        mark("begin")
        with ferric.lazy():
            h, y = tail(x, res, w, up)
        mark("end")
        st = ferric.fusion_stats()
        print(json.dumps({"flushes": st.flushes,
                          "kernels": st.kernels_launched,
                          "h": [list(h.shape), h.dtype],
                          "y": [list(y.shape), y.dtype]}))
    """)
    # residual add, RMSNorm (keepdim, numpy-style), gate and casts: one
    # row-program kernel (it was 6).
    assert out == {"flushes": 1, "kernels": 1, "h": [[64, 256], "bf16"],
                   "y": [[64, 256], "bf16"]}
    assert calls.count("cuLaunchKernel") + \
        calls.count("cuLaunchKernelEx") == 1, calls


def test_out_of_device_memory_is_an_error():
    out, _ = run("""
        try:
            ferric.asarray(np.ones(1 << 20, np.float32), device="cuda")
            print(json.dumps({"raised": None}))
        except ferric.FerricError as e:
            print(json.dumps({"raised": type(e).__name__, "text": str(e)}))
    """, FERRIC_FAKE_CUDA_MEMORY="4096")
    assert out["raised"] is not None, out
    assert "out of memory" in out["text"], out


def _ctx_checks(calls):
    """cuCtxGetCurrent calls of a process making `calls` stream= calls."""
    environment = fake_environment(FERRIC_FAKE_CUDA_CALLS="1")
    body = PRELUDE + textwrap.dedent("""
        a = ferric.asarray(np.ones(1024, np.float32), device="cuda")
        f = ferric.jit(lambda p, q: p + q, target="cuda")
        for _ in range(%d):
            r = f(a, a, stream=2)
    """ % calls)
    p = subprocess.run([sys.executable, "-c", body], capture_output=True,
                       text=True, env=environment, timeout=300)
    assert p.returncode == 0, p.stderr[-3000:]
    for line in p.stderr.splitlines():
        if line.startswith("fake-cuda: calls:"):
            for item in line.split(":", 2)[2].split(","):
                name, count = item.split()
                if name == "cuCtxGetCurrent":
                    return int(count)
    raise AssertionError("no call counts in: " + p.stderr[-2000:])


def test_stream_call_checks_the_context_once():
    # The runtime checks the current context when the call's stream loan
    # begins and trusts it until the loan ends, where every runtime entry
    # point used to ask: two cuCtxGetCurrent per stream= call (the loan's,
    # the previous results' free) instead of six.
    assert _ctx_checks(150) - _ctx_checks(50) == 200
