/*===- lazyrecord.c - The common case of ferric._lazy.record in C ---------===*
 *
 * Part of the Ferric project, under the Apache License v2.0 with LLVM
 * Exceptions.
 *
 * Recording an op in lazy mode is, in the steady state of a program that
 * repeats itself, a walk along one known edge of the trie of recorded op
 * sequences (ferric/_trace.py): build the edge's key from the operands, look
 * it up, make the pending Tensor. In Python that is about 1.5-2.5 us per op
 * on the build machine, most of a small model's host time; this is the same
 * walk in C. It does exactly what _lazy.record does and nothing else:
 * anything it does not take (a new stream, a tensor of another thread or
 * device, an error, an operand that is not a Tensor or a Python float/int,
 * an edge not seen before) goes to _lazy._record_new, which checks, raises
 * and extends the trie.
 *
 *   lazy_init(state, eager, record_new, open_stream, Tensor)  from _lazy
 *   lazy_record(op, attrs, operands)                   the record() path
 *   lazy_live(pending)                    the live pending Tensors (flush)
 *   lazy_add(counts, deltas)                the FusionStats of a flush
 *   lazy_forget()              forgets the edge cache (the trie is gone)
 *   lazy_flush_init(graphs, open, counts, failed)           from _lazy
 *   lazy_flush(stream)               _Stream.flush of a replayed program
 *
 * lazy_live, lazy_add, lazy_flush_init and lazy_flush are in lazyflush.c;
 * the edge cache (lazy_forget, lazy_edge_stats) in lazyedges.c.
 *
 *===----------------------------------------------------------------------===*/

#define Py_LIMITED_API 0x030A0000
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include "lazyrecord.h"

/* Inputs that an op may take for the first time here (more: Python). */
#define LAZY_MAX_OPERANDS 8

static PyObject *gState, *gRecordNew, *gOpenStream, *gTensorT;
static allocfunc gAlloc;
/* Shared with lazyflush.c (lazyrecord.h). */
PyObject *gEager, *gGraphs, *gOpen, *gCounts, *gFlushFailed;
PyObject *sCounted, *sFast, *sOps, *sLaunches, *sSavedLaunches, *sSavedBytes,
    *sMinOps, *sMoveToEnd, *sDeviceF, *sInputs, *sNodeAttr, *sNodeF, *sPending;
static PyObject *sConfigs, *sStreams, *sTarget, *sEnabled, *sMaxOps,
    *sInputIndex, *sChildren, *sFields, *sFlush, *sScalar, *sErrorF, *sShapeF,
    *sDtypeF, *sStreamF;

static PyObject *fallback(PyObject *op, PyObject *attrs, PyObject *operands,
                          PyObject *cfg) {
  return PyObject_CallFunctionObjArgs(gRecordNew, op, attrs, operands, cfg,
                                      NULL);
}

/* The key of a Python number: ("s", x), or ("s", repr(float(x))) where
 * equal values give other IR (0.0, -0.0) or none equals itself (NaN). */
static PyObject *scalarKey(PyObject *x) {
  double v = PyFloat_Check(x) ? PyFloat_AsDouble(x) : PyLong_AsDouble(x);
  if (v == -1.0 && PyErr_Occurred())
    return NULL;
  if (v == v && v != 0.0)
    return PyTuple_Pack(2, sScalar, x);
  PyObject *f = PyFloat_FromDouble(v);
  PyObject *r = f ? PyObject_Repr(f) : NULL;
  Py_XDECREF(f);
  PyObject *key = r ? PyTuple_Pack(2, sScalar, r) : NULL;
  Py_XDECREF(r);
  return key;
}

/* Attribute `name` of `obj` (new reference): from `dict`, its instance
 * dict, where a _Stream or a FusionConfig keeps it (two dict lookups less
 * than PyObject_GetAttr's type walk), else by PyObject_GetAttr (a subclass
 * with a property, say). */
PyObject *attr(PyObject *obj, PyObject *dict, PyObject *name) {
  PyObject *v = dict ? PyDict_GetItemWithError(dict, name) : NULL;
  if (v) {
    Py_INCREF(v);
    return v;
  }
  if (PyErr_Occurred())
    return NULL;
  return PyObject_GetAttr(obj, name);
}

/* This thread's _state.configs and _state.streams (new references). A
 * threading.local attribute costs a lookup of the thread's dict and two
 * more; both lists are made once per thread (_State.__init__) and never
 * replaced, so they are kept for the thread that asked last, by its
 * interpreter-unique id (ids are not reused, unlike thread idents). */
static uint64_t gThreadId;
static PyObject *gThreadConfigs, *gThreadStreams;

int threadState(PyObject **configs, PyObject **streams) {
  uint64_t id = PyThreadState_GetID(PyThreadState_Get());
  if (!gThreadConfigs || id != gThreadId) {
    PyObject *c = PyObject_GetAttr(gState, sConfigs);
    PyObject *s = c ? PyObject_GetAttr(gState, sStreams) : NULL;
    if (!s) {
      Py_XDECREF(c);
      return -1;
    }
    PyObject *oldC = gThreadConfigs, *oldS = gThreadStreams;
    gThreadConfigs = c;
    gThreadStreams = s;
    gThreadId = id;
    Py_XDECREF(oldC);
    Py_XDECREF(oldS);
  }
  Py_INCREF(gThreadConfigs);
  Py_INCREF(gThreadStreams);
  *configs = gThreadConfigs;
  *streams = gThreadStreams;
  return 0;
}

/* The stream's inputs are searched by identity up to this many. */
#define LAZY_SCAN_INPUTS 16

/* A pending operand's key (its `node`, a new reference in *key) if it is of
 * stream `s`: 1; 0 if another stream's; -1 on error. `d`: its dict. */
static int pendingKey(PyObject *d, PyObject *node, PyObject *s,
                      PyObject **key) {
  if (PyDict_GetItemWithError(d, sStreamF) != s)
    return PyErr_Occurred() ? -1 : 0;
  Py_INCREF(node);
  *key = node;
  return 1;
}

/* Returns a new reference to the pending Tensor, NULL on error, or
 * Py_NotImplemented (new reference) when Python must record it. */
static PyObject *recordFast(PyObject *op, PyObject *attrs, PyObject *operands,
                            PyObject *cfg, PyObject *streams) {
  Py_ssize_t n = PyTuple_Size(operands);
  if (n < 1 || n > LAZY_MAX_OPERANDS)
    Py_RETURN_NOTIMPLEMENTED;
  PyObject *result = Py_NotImplemented;
  PyObject *s = NULL, *sd = NULL, *index = NULL, *inputs = NULL, *keys = NULL;
  PyObject *cd = NULL, *device = NULL, *newInputs[LAZY_MAX_OPERANDS];
  Py_ssize_t numNew = 0, numInputs = 0;
  if (!(keys = PyTuple_New(n)))
    return NULL;
  for (Py_ssize_t i = 0; i < n; ++i) {
    PyObject *o = PyTuple_GetItem(operands, i), *key = NULL;
    if ((PyObject *)Py_TYPE(o) == gTensorT) {
      PyObject *d = PyObject_GenericGetDict(o, NULL);
      if (!d)
        goto error;
      /* Borrowed from `d` (which `o`, held by `operands`, keeps). */
      PyObject *node = PyDict_GetItemWithError(d, sNodeF);
      if (node && node != Py_None && s) {
        /* A pending operand after the first Tensor: of this stream? */
        int pending = pendingKey(d, node, s, &key);
        Py_DECREF(d);
        if (pending < 0)
          goto error;
        if (!pending)
          goto done;
        PyTuple_SetItem(keys, i, key); /* steals */
        continue;
      }
      PyObject *dev = node ? PyDict_GetItemWithError(d, sDeviceF) : NULL;
      if (!dev) {
        Py_DECREF(d);
        if (PyErr_Occurred())
          goto error;
        goto done; /* not a Tensor as ferric.tensor makes them */
      }
      if (!s) {
        /* This thread's stream of the device; a new one (after each
         * flush) from _lazy._open_stream, None where Python must raise. */
        s = PyDict_GetItemWithError(streams, dev);
        if (s)
          Py_INCREF(s);
        else if (!PyErr_Occurred())
          s = PyObject_CallFunctionObjArgs(gOpenStream, dev, cfg, NULL);
        if (s == Py_None)
          Py_CLEAR(s);
        if (!s || !(sd = PyObject_GenericGetDict(s, NULL))) {
          Py_DECREF(d);
          Py_XDECREF(s);
          s = NULL;
          if (PyErr_Occurred())
            goto error;
          goto done;
        }
        Py_INCREF(dev);
        device = dev;
      }
      if (node == Py_None && !inputs) {
        /* The stream's inputs, for the first computed operand (an op on
         * pending operands only needs none). */
        if (!(inputs = attr(s, sd, sInputs)) || !PyList_Check(inputs)) {
          Py_DECREF(d);
          if (PyErr_Occurred())
            goto error;
          goto done;
        }
        numInputs = PyList_Size(inputs);
      }
      if (node != Py_None) {
        int pending = pendingKey(d, node, s, &key);
        if (pending <= 0) {
          Py_DECREF(d);
          if (pending < 0)
            goto error;
          goto done;
        }
      } else {
        /* Its input slot: found by identity among the stream's inputs
         * while they are few (a scan of pointers, cheaper than hashing
         * its id), else in input_index (id -> slot). */
        Py_ssize_t slot = -1;
        if (numInputs <= LAZY_SCAN_INPUTS) {
          for (Py_ssize_t j = 0; j < numInputs && slot < 0; ++j)
            if (PyList_GetItem(inputs, j) == o)
              slot = j;
        } else {
          if (!index &&
              (!(index = attr(s, sd, sInputIndex)) || !PyDict_Check(index))) {
            Py_DECREF(d);
            if (PyErr_Occurred())
              goto error;
            goto done;
          }
          PyObject *id = PyLong_FromVoidPtr(o);
          PyObject *k = id ? PyDict_GetItemWithError(index, id) : NULL;
          Py_XDECREF(id);
          if (k)
            slot = PyLong_AsSsize_t(k);
          if (PyErr_Occurred()) {
            Py_DECREF(d);
            goto error;
          }
        }
        if (slot >= 0) {
          key = PyLong_FromSsize_t(-slot - 1);
        } else {
          PyObject *err = PyDict_GetItemWithError(d, sErrorF);
          int same =
              err == Py_None ? PyObject_RichCompareBool(dev, device, Py_EQ) : 0;
          if (same != 1) {
            Py_DECREF(d);
            if (same < 0 || PyErr_Occurred())
              goto error;
            goto done;
          }
          Py_ssize_t j = 0;
          while (j < numNew && newInputs[j] != o)
            ++j;
          if (j < numNew) {
            key = PyLong_FromSsize_t(-(numInputs + j) - 1);
          } else {
            PyObject *dt = PyDict_GetItemWithError(d, sDtypeF);
            PyObject *sh = dt ? PyDict_GetItemWithError(d, sShapeF) : NULL;
            if (!sh) {
              Py_DECREF(d);
              if (PyErr_Occurred())
                goto error;
              goto done;
            }
            newInputs[numNew++] = o;
            key = PyTuple_Pack(2, dt, sh);
          }
        }
      }
      Py_DECREF(d);
    } else if (PyFloat_CheckExact(o) || PyLong_CheckExact(o)) {
      key = scalarKey(o);
    } else {
      goto done;
    }
    if (!key)
      goto error;
    PyTuple_SetItem(keys, i, key); /* steals */
  }
  if (!s)
    goto done;
  if (!(cd = PyObject_GenericGetDict(cfg, NULL)))
    goto error;
  {
    /* lazy(target=...) other than this device: Python raises. */
    PyObject *target = attr(cfg, cd, sTarget);
    if (!target)
      goto error;
    int other = 0;
    if (target != Py_None)
      other = PyObject_RichCompareBool(target, device, Py_NE);
    Py_DECREF(target);
    if (other < 0)
      goto error;
    if (other)
      goto finish_other;
  }
  {
    PyObject *node = attr(s, sd, sNodeAttr);
    if (!node)
      goto error;
    PyObject *child = edgeCacheGet(node, op, attrs, keys);
    if (!child && !PyErr_Occurred()) {
      PyObject *edge = PyTuple_Pack(3, op, attrs, keys);
      PyObject *children = edge ? PyObject_GetAttr(node, sChildren) : NULL;
      child = children ? PyDict_GetItemWithError(children, edge) : NULL;
      Py_XINCREF(child);
      Py_XDECREF(edge);
      Py_XDECREF(children);
      if (child)
        edgeCachePut(node, op, attrs, keys, child);
    }
    Py_DECREF(node);
    if (!child) {
      if (PyErr_Occurred())
        goto error;
      goto done;
    }
    /* Taken: the new inputs get their slots, the stream moves on. */
    if (numNew && !index &&
        (!(index = attr(s, sd, sInputIndex)) || !PyDict_Check(index))) {
      Py_DECREF(child);
      if (!PyErr_Occurred())
        PyErr_SetString(PyExc_TypeError, "lazy_record: no input_index");
      goto error;
    }
    for (Py_ssize_t j = 0; j < numNew; ++j) {
      PyObject *id = PyLong_FromVoidPtr(newInputs[j]);
      PyObject *slot = PyLong_FromSsize_t(numInputs + j);
      int bad = !id || !slot || PyDict_SetItem(index, id, slot) < 0 ||
                PyList_Append(inputs, newInputs[j]) < 0;
      Py_XDECREF(id);
      Py_XDECREF(slot);
      if (bad) {
        Py_DECREF(child);
        goto error;
      }
    }
    /* The Tensor's attributes: a copy of the edge's (one block copy of
     * the dict's table, not an insertion per field) and its stream. */
    PyObject *fields = PyObject_GetAttr(child, sFields);
    PyObject *dict =
        fields && PyDict_Check(fields) ? PyDict_Copy(fields) : NULL;
    PyObject *t = NULL;
    if (dict && PyDict_SetItem(dict, sStreamF, s) == 0 &&
        PyDict_SetItem(sd, sNodeAttr, child) == 0) {
      t = gAlloc((PyTypeObject *)gTensorT, 0);
      if (t && PyObject_GenericSetDict(t, dict, NULL) < 0)
        Py_CLEAR(t);
    }
    Py_XDECREF(dict);
    Py_XDECREF(fields);
    Py_DECREF(child);
    if (!t) {
      if (!PyErr_Occurred())
        PyErr_SetString(PyExc_RuntimeError,
                        "lazy_record: an edge without its fields");
      goto error;
    }
    PyObject *pending = attr(s, sd, sPending);
    PyObject *ref = pending ? PyWeakref_NewRef(t, NULL) : NULL;
    int bad = !ref || PyList_Append(pending, ref) < 0;
    Py_ssize_t count = pending ? PyList_Size(pending) : 0;
    Py_XDECREF(ref);
    Py_XDECREF(pending);
    if (bad) {
      Py_DECREF(t);
      goto error;
    }
    /* Not lazy, or max_fusion_ops reached: a sync point. */
    PyObject *enabled = attr(cfg, cd, sEnabled);
    PyObject *maxOps = enabled ? attr(cfg, cd, sMaxOps) : NULL;
    int flush = -1;
    if (maxOps) {
      int on = PyObject_IsTrue(enabled);
      Py_ssize_t limit = PyLong_AsSsize_t(maxOps);
      if (on >= 0 && !(limit == -1 && PyErr_Occurred()))
        flush = !on || count >= limit;
    }
    Py_XDECREF(enabled);
    Py_XDECREF(maxOps);
    if (flush > 0) {
      PyObject *r = PyObject_CallMethodObjArgs(s, sFlush, NULL);
      if (!r)
        flush = -1;
      Py_XDECREF(r);
    }
    if (flush < 0) {
      Py_DECREF(t);
      goto error;
    }
    result = t;
    goto finish;
  }
finish_other:
  result = Py_NotImplemented;
  goto done;
error:
  result = NULL;
  goto finish;
done:
  Py_INCREF(result);
finish:
  Py_XDECREF(keys);
  Py_XDECREF(s);
  Py_XDECREF(sd);
  Py_XDECREF(cd);
  Py_XDECREF(device);
  Py_XDECREF(index);
  Py_XDECREF(inputs);
  return result;
}

static PyObject *lazyRecord(PyObject *self, PyObject *const *args,
                            Py_ssize_t nargs) {
  if (nargs != 3 || !PyTuple_Check(args[2])) {
    PyErr_SetString(PyExc_TypeError, "lazy_record(op, attrs, operands: tuple)");
    return NULL;
  }
  if (!gState) {
    PyErr_SetString(PyExc_RuntimeError, "lazy_record before lazy_init");
    return NULL;
  }
  PyObject *configs, *streams;
  if (threadState(&configs, &streams) < 0)
    return NULL;
  Py_ssize_t depth = PyList_Check(configs) ? PyList_Size(configs) : 0;
  PyObject *cfg = depth ? PyList_GetItem(configs, depth - 1) : gEager;
  Py_INCREF(cfg);
  Py_DECREF(configs);
  PyObject *r = PyDict_Check(streams)
                    ? recordFast(args[0], args[1], args[2], cfg, streams)
                    : (Py_INCREF(Py_NotImplemented), Py_NotImplemented);
  Py_DECREF(streams);
  if (r == Py_NotImplemented) {
    Py_DECREF(r);
    r = fallback(args[0], args[1], args[2], cfg);
  }
  Py_DECREF(cfg);
  return r;
}

static PyObject *lazyInit(PyObject *self, PyObject *args) {
  PyObject *state, *eager, *recordNew, *openStream, *tensor;
  if (!PyArg_ParseTuple(args, "OOOOO!:lazy_init", &state, &eager, &recordNew,
                        &openStream, &PyType_Type, &tensor))
    return NULL;
  gAlloc = (allocfunc)PyType_GetSlot((PyTypeObject *)tensor, Py_tp_alloc);
  if (!gAlloc)
    return NULL;
  PyObject **slots[] = {&gState, &gEager, &gRecordNew, &gOpenStream, &gTensorT};
  PyObject *values[] = {state, eager, recordNew, openStream, tensor};
  for (int i = 0; i < 5; ++i) {
    PyObject *old = *slots[i];
    Py_INCREF(values[i]);
    *slots[i] = values[i];
    Py_XDECREF(old);
  }
  /* Another _State: its threads' lists are asked for again. */
  Py_CLEAR(gThreadConfigs);
  Py_CLEAR(gThreadStreams);
  Py_RETURN_NONE;
}

PyMethodDef lazyRecordMethods[] = {
    {"lazy_flush_init", lazyFlushInit, METH_VARARGS,
     "lazy_flush_init(graphs, open, counts, failed)"},
    {"lazy_flush", lazyFlush, METH_O,
     "lazy_flush(stream): a replayed flush in C (True), else False"},
    {"lazy_edge_stats", lazyEdgeStats, METH_NOARGS,
     "lazy_edge_stats(): (hits, misses) of lazy_record's edge cache"},
    {"lazy_forget", lazyForget, METH_NOARGS,
     "lazy_forget(): forgets the edges lazy_record took last"},
    {"lazy_live", lazyLive, METH_O,
     "lazy_live(pending): (live pending Tensors, their positions)"},
    {"lazy_add", (PyCFunction)(void (*)(void))lazyAdd, METH_FASTCALL,
     "lazy_add(counts, deltas): counts[i] += deltas[i], atomically"},
    {"lazy_init", lazyInit, METH_VARARGS,
     "lazy_init(state, eager_config, record_new, open_stream, Tensor)"},
    {"lazy_record", (PyCFunction)(void (*)(void))lazyRecord, METH_FASTCALL,
     "lazy_record(op, attrs, operands): ferric._lazy.record in C"},
    {NULL, NULL, 0, NULL}};

int lazyRecordInternNames(void) {
#define LAZY_INTERN(var, text)                                                 \
  if (!(var = PyUnicode_InternFromString(text)))                               \
    return -1;
  LAZY_INTERN(sConfigs, "configs")
  LAZY_INTERN(sStreams, "streams")
  LAZY_INTERN(sNodeAttr, "node")
  LAZY_INTERN(sTarget, "target")
  LAZY_INTERN(sEnabled, "enabled")
  LAZY_INTERN(sMaxOps, "max_fusion_ops")
  LAZY_INTERN(sInputs, "inputs")
  LAZY_INTERN(sInputIndex, "input_index")
  LAZY_INTERN(sPending, "pending")
  LAZY_INTERN(sChildren, "children")
  LAZY_INTERN(sFields, "fields")
  LAZY_INTERN(sFlush, "flush")
  LAZY_INTERN(sScalar, "s")
  LAZY_INTERN(sDeviceF, "device")
  LAZY_INTERN(sNodeF, "_node")
  LAZY_INTERN(sErrorF, "_error")
  LAZY_INTERN(sShapeF, "shape")
  LAZY_INTERN(sDtypeF, "dtype")
  LAZY_INTERN(sStreamF, "_stream")
  LAZY_INTERN(sCounted, "counted")
  LAZY_INTERN(sFast, "fast")
  LAZY_INTERN(sOps, "ops")
  LAZY_INTERN(sLaunches, "launches")
  LAZY_INTERN(sSavedLaunches, "saved_launches")
  LAZY_INTERN(sSavedBytes, "saved_bytes")
  LAZY_INTERN(sMinOps, "min_fusion_ops")
  LAZY_INTERN(sMoveToEnd, "move_to_end")
#undef LAZY_INTERN
  return 0;
}
