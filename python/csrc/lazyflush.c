/*===- lazyflush.c - The flush of a replayed lazy stream in C -------------===*
 *
 * Part of the Ferric project, under the Apache License v2.0 with LLVM
 * Exceptions.
 *
 * The flush side of ferric._lazy in C (lazyrecord.c records): which
 * recorded Tensors are still pending (lazy_live), the FusionStats of a
 * flush (lazy_add), and _Stream.flush itself when it replays a program seen
 * before (lazy_flush_init, lazy_flush). Registered with the recording
 * functions in lazyrecord.c's method table.
 *
 *===----------------------------------------------------------------------===*/

#define Py_LIMITED_API 0x030A0000
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include "lazyrecord.h"

/* lazy_live(pending): of the weak references `pending` (a stream's
 * recorded Tensors, in order), the Tensors still alive and still pending,
 * as (list of them, tuple of their positions): _Stream.flush's scan, a
 * weakref call and an attribute read per recorded op in Python. */
PyObject *lazyLive(PyObject *self, PyObject *pending) {
  if (!PyList_Check(pending)) {
    PyErr_SetString(PyExc_TypeError, "lazy_live(pending: list)");
    return NULL;
  }
  PyObject *live = PyList_New(0), *positions = PyList_New(0), *out = NULL;
  if (!live || !positions)
    goto finish;
  for (Py_ssize_t i = 0, n = PyList_Size(pending); i < n; ++i) {
    PyObject *t = PyWeakref_GetObject(PyList_GetItem(pending, i));
    if (!t)
      goto finish;
    if (t == Py_None)
      continue;
    Py_INCREF(t);
    PyObject *d = PyObject_GenericGetDict(t, NULL);
    PyObject *node = d ? PyDict_GetItemWithError(d, sNodeF) : NULL;
    int keep = node && node != Py_None;
    Py_XDECREF(d);
    if (!node && PyErr_Occurred()) {
      Py_DECREF(t);
      goto finish;
    }
    PyObject *j = keep ? PyLong_FromSsize_t(i) : NULL;
    int bad = keep && (!j || PyList_Append(live, t) < 0 ||
                       PyList_Append(positions, j) < 0);
    Py_XDECREF(j);
    Py_DECREF(t);
    if (bad)
      goto finish;
  }
  {
    PyObject *tuple = PyList_AsTuple(positions);
    if (tuple) {
      out = PyTuple_Pack(2, live, tuple);
      Py_DECREF(tuple);
    }
  }
finish:
  Py_XDECREF(live);
  Py_XDECREF(positions);
  return out;
}

/* lazy_flush_init(graphs, open, counts, failed): _lazy's flushed
 * programs (an OrderedDict by (trie node, positions)), open streams (id ->
 * stream), FusionStats counters (a list) and the error path of a flush
 * (failed(stream, program, live, recorded, error) raises). */
PyObject *lazyFlushInit(PyObject *self, PyObject *args) {
  PyObject *graphs, *open, *counts, *failed;
  if (!PyArg_ParseTuple(args, "O!O!O!O:lazy_flush_init", &PyDict_Type, &graphs,
                        &PyDict_Type, &open, &PyList_Type, &counts, &failed))
    return NULL;
  PyObject **slots[] = {&gGraphs, &gOpen, &gCounts, &gFlushFailed};
  PyObject *values[] = {graphs, open, counts, failed};
  for (int i = 0; i < 4; ++i) {
    PyObject *old = *slots[i];
    Py_INCREF(values[i]);
    *slots[i] = values[i];
    Py_XDECREF(old);
  }
  Py_RETURN_NONE;
}

/* counts[i] += deltas[i] (no Python code runs: no thread interleaves). */
static int addCounts(PyObject *counts, PyObject *const *deltas, Py_ssize_t n) {
  if (PyList_Size(counts) < n) {
    PyErr_SetString(PyExc_ValueError, "lazy: too few counters");
    return -1;
  }
  for (Py_ssize_t i = 0; i < n; ++i) {
    PyObject *sum = PyNumber_Add(PyList_GetItem(counts, i), deltas[i]);
    if (!sum || PyList_SetItem(counts, i, sum) < 0) /* steals */
      return -1;
  }
  return 0;
}

/* lazy_flush(stream): _Stream.flush when it replays a program seen before
 * through the C fast call (the steady state), in C: True when done; False,
 * before changing anything, when Python must flush (nothing live, a new
 * program, no fast call). */
PyObject *lazyFlush(PyObject *self, PyObject *stream) {
  if (!gGraphs)
    Py_RETURN_FALSE;
  PyObject *sd = PyObject_GenericGetDict(stream, NULL);
  if (!sd)
    return NULL;
  PyObject *result = NULL, *lp = NULL, *key = NULL, *prog = NULL;
  PyObject *fast = NULL, *ops = NULL, *launches = NULL, *savedLaunches = NULL;
  PyObject *savedBytes = NULL, *configs = NULL, *streams = NULL, *cd = NULL;
  PyObject *minOps = NULL, *args = NULL, *res = NULL, *recordedObj = NULL;
  PyObject *countedObj = NULL;
  /* Borrowed from the stream's dict. */
  PyObject *pending = PyDict_GetItemWithError(sd, sPending);
  PyObject *node = pending ? PyDict_GetItemWithError(sd, sNodeAttr) : NULL;
  PyObject *inputs = node ? PyDict_GetItemWithError(sd, sInputs) : NULL;
  PyObject *device = inputs ? PyDict_GetItemWithError(sd, sDeviceF) : NULL;
  PyObject *counted = device ? PyDict_GetItemWithError(sd, sCounted) : NULL;
  if (!counted || !PyList_Check(pending) || !PyList_Check(inputs) ||
      !PyLong_Check(counted))
    goto python;
  if (!(lp = lazyLive(NULL, pending)))
    goto finish;
  PyObject *live = PyTuple_GetItem(lp, 0), *positions = PyTuple_GetItem(lp, 1);
  if (PyList_Size(live) == 0)
    goto python;
  if (!(key = PyTuple_Pack(2, node, positions)))
    goto finish;
  prog = PyDict_GetItemWithError(gGraphs, key);
  if (!prog)
    goto python;
  Py_INCREF(prog);
  if (!(fast = PyObject_GetAttr(prog, sFast)) ||
      !(ops = PyObject_GetAttr(prog, sOps)) ||
      !(launches = PyObject_GetAttr(prog, sLaunches)) ||
      !(savedLaunches = PyObject_GetAttr(prog, sSavedLaunches)) ||
      !(savedBytes = PyObject_GetAttr(prog, sSavedBytes)))
    goto finish;
  if (fast == Py_None)
    goto python;
  if (threadState(&configs, &streams) < 0)
    goto finish;
  Py_ssize_t depth = PyList_Check(configs) ? PyList_Size(configs) : 0;
  PyObject *cfg = depth ? PyList_GetItem(configs, depth - 1) : gEager;
  if (!PyDict_Check(streams) || !(cd = PyObject_GenericGetDict(cfg, NULL)) ||
      !(minOps = attr(cfg, cd, sMinOps)))
    goto finish;
  int fused = PyObject_RichCompareBool(ops, minOps, Py_GE);
  if (fused < 0)
    goto finish;

  /* Replayed from here on, in _Stream.flush's order. */
  {
    PyObject *current = PyDict_GetItemWithError(streams, device);
    if (current == stream && PyDict_DelItem(streams, device) < 0)
      goto finish;
    if (PyErr_Occurred())
      goto finish;
    PyObject *id = PyLong_FromVoidPtr(stream);
    if (!id)
      goto finish;
    if (PyDict_GetItemWithError(gOpen, id) && PyDict_DelItem(gOpen, id) < 0) {
      Py_DECREF(id);
      goto finish;
    }
    Py_DECREF(id);
    if (PyErr_Occurred())
      goto finish;
    Py_ssize_t n = PyList_Size(pending);
    Py_ssize_t before = PyLong_AsSsize_t(counted);
    if (before == -1 && PyErr_Occurred())
      goto finish;
    if (!(recordedObj = PyLong_FromSsize_t(n - before)) ||
        !(countedObj = PyLong_FromSsize_t(n)) ||
        PyDict_SetItem(sd, sCounted, countedObj) < 0)
      goto finish;
    PyObject *moved =
        PyObject_CallMethodObjArgs(gGraphs, sMoveToEnd, key, NULL);
    if (!moved)
      goto finish;
    Py_DECREF(moved);
  }
  if (!(args = PyList_AsTuple(inputs)))
    goto finish;
  res = PyObject_Call(fast, args, NULL);
  if (!res) {
    /* The error path is Python's (_lazy._flush_failed raises). */
    PyObject *type, *value, *tb;
    PyErr_Fetch(&type, &value, &tb);
    PyErr_NormalizeException(&type, &value, &tb);
    if (tb && value)
      PyException_SetTraceback(value, tb);
    PyObject *r =
        value ? PyObject_CallFunctionObjArgs(gFlushFailed, stream, prog, live,
                                             recordedObj, value, NULL)
              : NULL;
    Py_XDECREF(r);
    Py_XDECREF(type);
    Py_XDECREF(value);
    Py_XDECREF(tb);
    if (r || !PyErr_Occurred())
      PyErr_SetString(PyExc_RuntimeError, "lazy_flush: the flush failed");
    goto finish;
  }
  {
    PyObject *seq = PySequence_Fast(res, "lazy_flush: results");
    if (!seq)
      goto finish;
    Py_ssize_t m = PySequence_Size(seq);
    Py_ssize_t k = PyList_Size(live);
    for (Py_ssize_t i = 0; i < k && i < m; ++i) {
      PyObject *r = PySequence_GetItem(seq, i);
      PyObject *rd = r ? PyObject_GenericGetDict(r, NULL) : NULL;
      int bad =
          !rd || PyObject_GenericSetDict(PyList_GetItem(live, i), rd, NULL) < 0;
      Py_XDECREF(rd);
      Py_XDECREF(r);
      if (bad) {
        Py_DECREF(seq);
        goto finish;
      }
    }
    Py_DECREF(seq);
  }
  {
    /* In _lazy._FIELDS order. */
    PyObject *one = PyLong_FromLong(1), *zero = PyLong_FromLong(0);
    PyObject *deltas[] = {
        one,           fused ? one : zero, recordedObj, launches,
        savedLaunches, savedBytes,         one,         zero};
    int bad = !one || !zero || addCounts(gCounts, deltas, 8) < 0;
    Py_XDECREF(one);
    Py_XDECREF(zero);
    if (bad)
      goto finish;
  }
  result = Py_True;
  Py_INCREF(result);
  goto finish;
python:
  if (!PyErr_Occurred()) {
    result = Py_False;
    Py_INCREF(result);
  }
finish:
  Py_DECREF(sd);
  Py_XDECREF(lp);
  Py_XDECREF(key);
  Py_XDECREF(prog);
  Py_XDECREF(fast);
  Py_XDECREF(ops);
  Py_XDECREF(launches);
  Py_XDECREF(savedLaunches);
  Py_XDECREF(savedBytes);
  Py_XDECREF(configs);
  Py_XDECREF(streams);
  Py_XDECREF(cd);
  Py_XDECREF(minOps);
  Py_XDECREF(args);
  Py_XDECREF(res);
  Py_XDECREF(recordedObj);
  Py_XDECREF(countedObj);
  return result;
}

/* lazy_add(counts: list, deltas: tuple): counts[i] += deltas[i], in one
 * step no other thread can interleave with (no Python code runs): the
 * FusionStats counters of a flush without a lock. */
PyObject *lazyAdd(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
  if (nargs != 2 || !PyList_Check(args[0]) || !PyTuple_Check(args[1]) ||
      PyTuple_Size(args[1]) > PyList_Size(args[0])) {
    PyErr_SetString(PyExc_TypeError,
                    "lazy_add(counts: list, deltas: tuple, no longer)");
    return NULL;
  }
  for (Py_ssize_t i = 0, n = PyTuple_Size(args[1]); i < n; ++i) {
    PyObject *sum =
        PyNumber_Add(PyList_GetItem(args[0], i), PyTuple_GetItem(args[1], i));
    if (!sum || PyList_SetItem(args[0], i, sum) < 0) /* steals */
      return NULL;
  }
  Py_RETURN_NONE;
}
