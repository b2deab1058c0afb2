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
 *
 *===----------------------------------------------------------------------===*/

#define Py_LIMITED_API 0x030A0000
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include "lazyrecord.h"

/* Inputs that an op may take for the first time here (more: Python). */
#define LAZY_MAX_OPERANDS 8

static PyObject *gState, *gEager, *gRecordNew, *gOpenStream, *gTensorT;
static allocfunc gAlloc;
static PyObject *sConfigs, *sStreams, *sNodeAttr, *sTarget, *sEnabled, *sMaxOps,
    *sInputs, *sInputIndex, *sPending, *sChildren, *sFields, *sFlush, *sScalar,
    *sDeviceF, *sNodeF, *sErrorF, *sShapeF, *sDtypeF, *sStreamF;

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

/* Returns a new reference to the pending Tensor, NULL on error, or
 * Py_NotImplemented (new reference) when Python must record it. */
static PyObject *recordFast(PyObject *op, PyObject *attrs, PyObject *operands,
                            PyObject *cfg, PyObject *streams) {
  Py_ssize_t n = PyTuple_Size(operands);
  if (n < 1 || n > LAZY_MAX_OPERANDS)
    Py_RETURN_NOTIMPLEMENTED;
  PyObject *result = Py_NotImplemented;
  PyObject *s = NULL, *index = NULL, *inputs = NULL, *keys = NULL;
  PyObject *device = NULL, *newInputs[LAZY_MAX_OPERANDS];
  Py_ssize_t numNew = 0, numInputs = 0;
  if (!(keys = PyTuple_New(n)))
    return NULL;
  for (Py_ssize_t i = 0; i < n; ++i) {
    PyObject *o = PyTuple_GetItem(operands, i), *key = NULL;
    if ((PyObject *)Py_TYPE(o) == gTensorT) {
      PyObject *d = PyObject_GenericGetDict(o, NULL);
      if (!d)
        goto error;
      PyObject *dev = PyDict_GetItemWithError(d, sDeviceF);
      PyObject *node = dev ? PyDict_GetItemWithError(d, sNodeF) : NULL;
      PyObject *stream = node ? PyDict_GetItemWithError(d, sStreamF) : NULL;
      PyObject *err = stream ? PyDict_GetItemWithError(d, sErrorF) : NULL;
      if (!err) {
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
        if (!s || !(index = PyObject_GetAttr(s, sInputIndex)) ||
            !(inputs = PyObject_GetAttr(s, sInputs))) {
          Py_DECREF(d);
          Py_XDECREF(s);
          s = NULL;
          if (PyErr_Occurred())
            goto error;
          goto done;
        }
        Py_INCREF(dev);
        device = dev;
        numInputs = PyList_Size(inputs);
      }
      if (node != Py_None) {
        if (stream != s) {
          Py_DECREF(d);
          goto done;
        }
        Py_INCREF(node);
        key = node;
      } else {
        PyObject *id = PyLong_FromVoidPtr(o);
        PyObject *k = id ? PyDict_GetItemWithError(index, id) : NULL;
        Py_XDECREF(id);
        if (k) {
          key = PyLong_FromLong(-PyLong_AsLong(k) - 1);
        } else if (PyErr_Occurred()) {
          Py_DECREF(d);
          goto error;
        } else {
          int same = PyObject_RichCompareBool(dev, device, Py_EQ);
          if (same != 1 || err != Py_None) {
            Py_DECREF(d);
            if (same < 0)
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
  {
    /* lazy(target=...) other than this device: Python raises. */
    PyObject *target = PyObject_GetAttr(cfg, sTarget);
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
    PyObject *edge = PyTuple_Pack(3, op, attrs, keys);
    PyObject *node = edge ? PyObject_GetAttr(s, sNodeAttr) : NULL;
    PyObject *children = node ? PyObject_GetAttr(node, sChildren) : NULL;
    PyObject *child = children ? PyDict_GetItemWithError(children, edge) : NULL;
    Py_XINCREF(child);
    Py_XDECREF(edge);
    Py_XDECREF(node);
    Py_XDECREF(children);
    if (!child) {
      if (PyErr_Occurred())
        goto error;
      goto done;
    }
    /* Taken: the new inputs get their slots, the stream moves on. */
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
    PyObject *fields = PyObject_GetAttr(child, sFields);
    PyObject *t = NULL, *dict = NULL;
    if (fields && PyObject_SetAttr(s, sNodeAttr, child) == 0) {
      t = gAlloc((PyTypeObject *)gTensorT, 0);
      dict = t ? PyObject_GenericGetDict(t, NULL) : NULL;
      if (!dict || PyDict_Update(dict, fields) < 0 ||
          PyDict_SetItem(dict, sStreamF, s) < 0)
        Py_CLEAR(t);
    }
    Py_XDECREF(dict);
    Py_XDECREF(fields);
    Py_DECREF(child);
    if (!t)
      goto error;
    PyObject *pending = PyObject_GetAttr(s, sPending);
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
    PyObject *enabled = PyObject_GetAttr(cfg, sEnabled);
    PyObject *maxOps = enabled ? PyObject_GetAttr(cfg, sMaxOps) : NULL;
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
  PyObject *configs = PyObject_GetAttr(gState, sConfigs);
  PyObject *streams = configs ? PyObject_GetAttr(gState, sStreams) : NULL;
  if (!streams) {
    Py_XDECREF(configs);
    return NULL;
  }
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
  Py_RETURN_NONE;
}

PyMethodDef lazyRecordMethods[] = {
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
#undef LAZY_INTERN
  return 0;
}
