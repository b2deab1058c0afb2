"""Releasing an exported DLPack tensor whose owner holds another export
(ferric._dlpack): the nested release runs on the same thread while the
first is still being released and must not deadlock (it did, inside
torch.compile's backward on CUDA under torch 2.11)."""

import threading

import numpy as np

from ferric import _dlpack


class Owner:
    """Keeps the memory alive and holds an unconsumed capsule of a second
    export, destroyed (and released) when this owner dies."""

    def __init__(self, array, inner_capsule):
        self.array = array
        self.inner = inner_capsule


def _export(array, owner):
    return _dlpack.export(owner, array.ctypes.data, array.shape, "f32",
                          device_type=1)


def test_nested_release_does_not_deadlock():
    inner_array = np.ones(4, np.float32)
    inner = _export(inner_array, inner_array)
    outer_array = np.arange(4, dtype=np.float32)
    outer = _export(outer_array, Owner(outer_array, inner))
    del inner
    live_before = len(_dlpack._live)

    def consume_and_drop():
        imported = _dlpack.Imported(outer)  # the consumer takes it ...
        del imported                       # ... and calls the deleter

    t = threading.Thread(target=consume_and_drop, daemon=True)
    t.start()
    t.join(timeout=20)
    assert not t.is_alive(), "releasing the outer export deadlocked"
    # Both the outer export and the inner one its owner held are gone.
    assert len(_dlpack._live) == live_before - 2
