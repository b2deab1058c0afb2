"""The lazy stream's trace cache (ferric._lazy: a trie of recorded op
sequences): a repeated graph replays its executable without building an
expression, emitting IR or compiling; what changes the program (shapes,
dtypes, scalar values, input aliasing, which tensors are still referenced)
must not replay, and replays compute with the new inputs' values."""

import numpy as np
import pytest

import ferric
from ferric import _capi, _lazy, _trace
from ferric import tensor as _tensor

RECORDERS = {"python": _lazy.record}
if _capi._fastcall is not None and hasattr(_capi._fastcall, "lazy_record"):
    RECORDERS["c"] = _capi._fastcall.lazy_record


@pytest.fixture(autouse=True, params=sorted(RECORDERS))
def recorder(request, monkeypatch):
    """Each test runs with the Python recorder and the C one
    (python/csrc/lazyrecord.c), which must behave alike."""
    monkeypatch.setattr(_tensor, "_record", RECORDERS[request.param])
    return request.param


@pytest.fixture(autouse=True)
def fresh_stats():
    ferric.clear_cache()  # programs of earlier tests would replay
    ferric.reset_fusion_stats()
    yield


@pytest.fixture
def counters(monkeypatch):
    """Counts edge checks (an op not seen at this point of a stream before),
    IR emissions and executables compiled by the lazy stream."""
    counts = {"check": 0, "emit": 0, "compile": 0}

    def counting(name, real):
        def call(*a, **k):
            counts[name] += 1
            return real(*a, **k)
        return call

    monkeypatch.setattr(_lazy, "_check", counting("check", _lazy._check))
    monkeypatch.setattr(_lazy, "emit", counting("emit", _lazy.emit))
    monkeypatch.setattr(_capi, "Executable",
                        counting("compile", _capi.Executable))
    return counts


def block(x, w, g):
    """An MLP-ish half-block: residual, RMSNorm in f32, matmul, gate."""
    h = x + x * 0.5
    hf = h.cast("f32") if h.dtype != "f32" else h
    inv = ((hf * hf).mean(-1, keepdim=True) + 1e-6).rsqrt()
    n = hf * inv * g
    return (n @ w).silu() * 2.0


def block_ref(x, w, g):
    h = x + x * 0.5
    inv = 1 / np.sqrt((h * h).mean(-1, keepdims=True) + 1e-6)
    y = (h * inv * g) @ w
    return y / (1 + np.exp(-y)) * 2.0


def data(rows=4, cols=8, seed=0):
    rng = np.random.default_rng(seed)
    return (rng.standard_normal((rows, cols)).astype(np.float32),
            rng.standard_normal((cols, 3)).astype(np.float32),
            rng.standard_normal(cols).astype(np.float32))


def run_block(x, w, g):
    with ferric.lazy():
        y = block(*(ferric.asarray(v) for v in (x, w, g)))
    return y.numpy()


def test_a_repeated_graph_emits_no_ir_and_calls_no_compiler(counters):
    x, w, g = data()
    np.testing.assert_allclose(run_block(x, w, g), block_ref(x, w, g),
                               rtol=1e-4, atol=1e-5)
    first = dict(counters)
    assert first["emit"] == 1 and first["compile"] == 1
    assert first["check"] == 11  # each op once
    for seed in (1, 2, 3):  # new tensors, new values, same program
        x, w, g = data(seed=seed)
        np.testing.assert_allclose(run_block(x, w, g), block_ref(x, w, g),
                                   rtol=1e-4, atol=1e-5)
    assert counters == first, counters
    st = ferric.fusion_stats()
    assert (st.flushes, st.cache_hits, st.cache_misses) == (4, 3, 1)
    assert st.ops_recorded == 44


def test_new_shapes_do_not_replay(counters):
    for rows in (4, 5, 4):
        x, w, g = data(rows=rows)
        y = run_block(x, w, g)
        assert y.shape == (rows, 3)
        np.testing.assert_allclose(y, block_ref(x, w, g), rtol=1e-4,
                                   atol=1e-5)
    assert counters["emit"] == 2 and counters["compile"] == 2
    st = ferric.fusion_stats()
    assert (st.cache_hits, st.cache_misses) == (1, 2)


def test_new_dtypes_and_scalar_values_do_not_replay(counters):
    a = np.linspace(-1, 1, 16)
    outs = []
    for dt, k in ((np.float32, 2.0), (np.float64, 2.0), (np.float32, 3.0),
                  (np.float32, 2), (np.float32, -0.0), (np.float32, 0.0)):
        t = ferric.asarray(a.astype(dt))
        with ferric.lazy():
            y = (t * k + 1.0).exp()
        outs.append(y.numpy())
        assert outs[-1].dtype == dt
        np.testing.assert_allclose(outs[-1], np.exp(a * k + 1), rtol=1e-6)
    # 2 and 2.0 give the same IR and key; -0.0 and 0.0 do not.
    assert counters["emit"] == 5, counters
    st = ferric.fusion_stats()
    assert (st.cache_hits, st.cache_misses) == (1, 5)


def test_input_aliasing_is_part_of_the_key(counters):
    a = np.arange(6, dtype=np.float32)
    b = np.full(6, 10, np.float32)
    ta, tb = ferric.asarray(a), ferric.asarray(b)
    with ferric.lazy():
        y1 = ta * tb + ta
    with ferric.lazy():
        y2 = ta * ta + ta  # same ops, but one input used twice
    with ferric.lazy():
        y3 = tb * ta + tb
    np.testing.assert_array_equal(y1.numpy(), a * b + a)
    np.testing.assert_array_equal(y2.numpy(), a * a + a)
    np.testing.assert_array_equal(y3.numpy(), b * a + b)
    assert counters["emit"] == 2  # y3 replays y1's program


def test_the_referenced_set_is_part_of_the_key(counters):
    a = np.linspace(0, 1, 8).astype(np.float32)
    ta = ferric.asarray(a)

    def record(keep):
        with ferric.lazy():
            t = ta * 2.0
            u = t + 1.0
            if not keep:
                del t
                return None, u
        return t, u

    t, u = record(True)
    _, u2 = record(False)
    t3, u3 = record(True)
    np.testing.assert_array_equal(t.numpy(), a * 2)
    np.testing.assert_array_equal(t3.numpy(), a * 2)
    for y in (u, u2, u3):
        np.testing.assert_array_equal(y.numpy(), a * 2 + 1)
    assert counters["emit"] == 2
    assert ferric.fusion_stats().cache_hits == 1


def test_an_op_refused_at_recording_leaves_the_stream_consistent(counters):
    a = np.ones(4, np.float32)
    b = np.full(4, 5, np.float32)

    def record(bad):
        ta, tb = ferric.asarray(a * 3), ferric.asarray(b)
        with ferric.lazy():
            y = ta + 1.0
            if bad:  # a new input whose op is refused takes no input slot
                with pytest.raises(ferric.ShapeError):
                    y * ferric.asarray(np.ones(5, np.float32))
            z = y * tb
        return z.numpy()

    for bad in (False, True, False):
        np.testing.assert_array_equal(record(bad), (a * 3 + 1) * b)
    assert counters["emit"] == 1
    assert ferric.fusion_stats().cache_hits == 2


def test_stats_seed_names_and_config_fields():
    a = ferric.asarray(np.ones(8, np.float32))
    with ferric.lazy(ferric.FusionConfig(enabled=True, min_fusion_ops=2,
                                         max_fusion_ops=3, cache_size=4)):
        x = a
        for _ in range(4):
            x = x + 1.0
        # Recorded ops count before their flush.
        assert ferric.fusion_stats().ops_recorded == 4
    st = ferric.fusion_stats()
    assert st.kernel_launches_saved == st.launches_saved
    assert (st.flushes, st.fused_executions) == (2, 1)
    cfg = ferric.FusionConfig()
    assert (cfg.enabled, cfg.min_fusion_ops, cfg.max_fusion_ops,
            cfg.cache_size) == (True, 2, 256, 64)


def test_eager_ops_replay_too(counters):
    a = ferric.asarray(np.arange(4, dtype=np.float32))
    for _ in range(3):
        y = (a * 2.0).exp()
    np.testing.assert_allclose(y.numpy(), np.exp(np.arange(4) * 2.0),
                               rtol=1e-6)
    assert counters["emit"] == 2 and counters["check"] == 2


def test_clear_cache_forgets_flushed_programs(counters):
    a = ferric.asarray(np.ones(4, np.float32))
    with ferric.lazy():
        (a + 1.0).numpy()
    ferric.clear_cache()
    with ferric.lazy():
        y = a + 1.0
    np.testing.assert_array_equal(y.numpy(), [2, 2, 2, 2])
    assert counters["emit"] == 2 and counters["check"] == 2


def test_the_trie_starts_over_past_its_limit(monkeypatch):
    monkeypatch.setattr(_trace, "_TRACE_LIMIT", 3)
    a = np.linspace(0, 1, 8).astype(np.float32)
    ta = ferric.asarray(a)
    for k in range(6):  # a scalar that changes every step: new edges
        with ferric.lazy():
            y = (ta + float(k)) * 2.0
        np.testing.assert_allclose(y.numpy(), (a + k) * 2, rtol=1e-6)
    assert _trace._trace_nodes[0] <= 3
    with ferric.lazy():
        y = (ta + 5.0) * 2.0  # known again or not: the same values
    np.testing.assert_allclose(y.numpy(), (a + 5) * 2, rtol=1e-6)


def test_a_repeated_stream_takes_its_edges_from_the_c_cache(recorder):
    # lazy_record keeps the edge last taken out of each trie node (by the
    # node's address): the steady state compares operand keys instead of
    # hashing edge keys. A repeated stream must take every edge
    # from there, and get the same program.
    if recorder != "c":
        pytest.skip("the C recorder's cache")
    stats = _capi._fastcall.lazy_edge_stats
    x = ferric.asarray(np.linspace(-1, 1, 8).astype(np.float32))
    y = ferric.asarray(np.full(8, 0.5, np.float32))
    cfg = ferric.FusionConfig(max_fusion_ops=1000)

    def chain():
        with ferric.lazy(cfg):
            z = x
            for _ in range(100):
                z = z * y
            return z + 1.0

    first = chain().numpy()
    chain()  # fills the cache (the first pass extended the trie)
    hits, misses = stats()
    again = chain().numpy()
    hits2, misses2 = stats()
    # Every edge of the repeat hits: 101 nodes in 1024 sets of 4 entries
    # (a miss would take five of them hashing to one set).
    assert (hits2 - hits, misses2 - misses) == (101, 0)
    np.testing.assert_array_equal(again, first)
    ferric.clear_cache()  # empties it too
    chain()
    assert stats()[0] == hits2


def test_a_replayed_flush_that_fails_marks_its_tensors(monkeypatch):
    # A replay (in C where the fast call is built: lazy_flush) that fails
    # leaves each tensor it would have computed failed with the flush's
    # error, as a first flush does.
    a = ferric.asarray(np.ones(4, np.float32))

    def record():
        y = a * 2.0
        return y, y + 1.0

    for _ in range(2):
        with ferric.lazy():
            y, z = record()
        np.testing.assert_array_equal(z.numpy(), [3, 3, 3, 3])

    def broken(*inputs):
        raise ferric.FerricError("injected replay failure")

    for prog in _trace._graphs.values():
        if prog.fast is not None:
            monkeypatch.setattr(prog, "fast", broken)
    monkeypatch.setattr(_lazy._Program, "run", broken)
    before = ferric.fusion_stats()
    with pytest.raises(ferric.FerricError,
                       match="lazy flush of 2 ops on cpu failed: injected"):
        with ferric.lazy():
            y, z = record()
    for t in (y, z):
        with pytest.raises(ferric.FerricError, match="injected replay"):
            t.numpy()
    after = ferric.fusion_stats()
    assert (after.flushes, after.ops_recorded) == \
        (before.flushes, before.ops_recorded + 2)
    monkeypatch.undo()
    with ferric.lazy():
        y, z = record()
    np.testing.assert_array_equal(z.numpy(), [3, 3, 3, 3])
