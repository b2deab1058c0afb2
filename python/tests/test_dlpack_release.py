"""Releasing an exported DLPack tensor whose owner holds another export
(ferric._dlpack): the nested release runs on the same thread while the
first is still being released and must not deadlock (it did, inside
torch.compile's backward on CUDA under torch 2.11)."""

import threading
import weakref

import numpy as np
import pytest

from ferric import _dlpack


class Owner:
    """Keeps the memory alive and holds an unconsumed capsule of a second
    export, destroyed (and released) when this owner dies."""

    def __init__(self, array, inner_capsule):
        self.array = array
        self.inner = inner_capsule


class Inner:
    def __init__(self, array):
        self.array = array


@pytest.fixture(params=["export", "export_ctypes"])
def export(request):
    """The C export (python/csrc/dlexport.c) and the ctypes one."""
    if request.param == "export" and _dlpack._c_export() is None:
        pytest.skip("no C extension (FERRIC_FASTCALL=0 or not built)")
    fn = getattr(_dlpack, request.param)
    return lambda array, owner: fn(owner, array.ctypes.data, array.shape,
                                   "f32", device_type=1)


def test_nested_release_does_not_deadlock(export):
    inner_array = np.ones(4, np.float32)
    inner_owner = Inner(inner_array)
    inner_gone = weakref.ref(inner_owner)
    inner = export(inner_array, inner_owner)
    outer_array = np.arange(4, dtype=np.float32)
    outer_owner = Owner(outer_array, inner)
    outer_gone = weakref.ref(outer_owner)
    outer = export(outer_array, outer_owner)
    del inner, inner_owner, outer_owner

    def consume_and_drop():
        imported = _dlpack.Imported(outer)  # the consumer takes it ...
        del imported                       # ... and calls the deleter

    t = threading.Thread(target=consume_and_drop, daemon=True)
    t.start()
    t.join(timeout=20)
    assert not t.is_alive(), "releasing the outer export deadlocked"
    # Both the outer export and the inner one its owner held are gone.
    assert outer_gone() is None and inner_gone() is None
