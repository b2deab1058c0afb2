/*===- fastcall_run.c - One device call of ferric.Function in C -----------===*
 *
 * Part of the Ferric project, under the Apache License v2.0 with LLVM
 * Exceptions.
 *
 * The call itself (see fastcall.c): the inputs matched against a FastCall's
 * signatures and written into C API views, the C API call (on a stream
 * when one is given), and the results wrapped as ferric Tensors, as
 * ferric.tensor.run_device would make them.
 *
 *===----------------------------------------------------------------------===*/

#define Py_LIMITED_API 0x030A0000
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include <stdint.h>
#include <string.h>

#include "fastcall.h"

/* The CUstream handle `stream` names: an int, a torch.cuda.Stream
 * (cuda_stream) or a CuPy stream (ptr); -1 (nothing set) if none. */
static int streamHandle(PyObject *stream, void **out) {
  PyObject *h = NULL;
  if (PyLong_Check(stream)) {
    Py_INCREF(stream);
    h = stream;
  } else {
    h = PyObject_GetAttr(stream, sStreamAttr);
    if (!h) {
      PyErr_Clear();
      h = PyObject_GetAttr(stream, sStreamPtrAttr);
    }
    if (!h || !PyLong_Check(h)) {
      PyErr_Clear();
      Py_XDECREF(h);
      return -1;
    }
  }
  *out = PyLong_AsVoidPtr(h);
  Py_DECREF(h);
  if (PyErr_Occurred()) {
    PyErr_Clear();
    return -1;
  }
  return 0;
}

/* A new instance of the Python class `type` (allocated by `alloc`, as
 * object.__new__ does) whose attributes are `attrs` (copied); its
 * attribute dict in *dict (a new reference). */
static PyObject *newInstance(PyObject *type, allocfunc alloc, PyObject *attrs,
                             PyObject **dict) {
  PyObject *obj = alloc((PyTypeObject *)type, 0);
  if (!obj)
    return NULL;
  *dict = PyObject_GenericGetDict(obj, NULL);
  if (!*dict || (attrs && PyDict_Update(*dict, attrs) < 0)) {
    Py_XDECREF(*dict);
    Py_DECREF(obj);
    return NULL;
  }
  return obj;
}

/* Sets `key` of `dict` to `value` and releases `value`; -1 on error. */
static int setStolen(PyObject *dict, PyObject *key, PyObject *value) {
  if (!value)
    return -1;
  int rc = PyDict_SetItem(dict, key, value);
  Py_DECREF(value);
  return rc;
}

/* The results of one call as Tensors (one, or a tuple). */
static PyObject *wrapResults(Entry *e, ferric_tensor *out, size_t nout,
                             PyObject *streamObj, void *ready, PyObject *owners,
                             void *const *inputPtrs) {
  Results *owner = (Results *)((allocfunc)PyType_GetSlot(
      (PyTypeObject *)gResultsType, Py_tp_alloc))((PyTypeObject *)gResultsType,
                                                  0);
  if (!owner) {
    gFree(out, nout);
    return NULL;
  }
  owner->out = out;
  owner->n = nout;
  Py_XINCREF(owners);
  owner->inputs = owners;
  PyObject *event = NULL, *list = NULL;
  if (streamObj) {
    PyObject *evDict;
    event = newInstance(gEventType, gEventAlloc, NULL, &evDict);
    if (!event)
      goto fail;
    int rc = setStolen(evDict, sEventPtr, PyLong_FromVoidPtr(ready));
    if (rc == 0)
      rc = PyDict_SetItem(evDict, sResults, (PyObject *)owner);
    Py_DECREF(evDict);
    if (rc < 0)
      goto fail;
  }
  Py_ssize_t ntemplates = PyTuple_Size(e->templates);
  if ((size_t)ntemplates != nout) {
    PyErr_Format(PyExc_RuntimeError,
                 "ferric: %zu results, the signature has %zd", nout,
                 ntemplates);
    goto fail;
  }
  list = PyTuple_New((Py_ssize_t)nout);
  if (!list)
    goto fail;
  for (size_t i = 0; i < nout; ++i) {
    PyObject *dict;
    PyObject *t =
        newInstance(gTensorType, gTensorAlloc,
                    PyTuple_GetItem(e->templates, (Py_ssize_t)i), &dict);
    if (!t)
      goto fail;
    PyTuple_SetItem(list, (Py_ssize_t)i, t); /* steals t */
    int rc = 0;
    if (e->readBack) {
      PyObject *shape = PyTuple_New((Py_ssize_t)out[i].rank);
      rc = shape ? 0 : -1;
      for (int64_t k = 0; rc == 0 && k < out[i].rank; ++k)
        rc = PyTuple_SetItem(shape, (Py_ssize_t)k,
                             PyLong_FromLongLong(out[i].shape[k]));
      if (rc == 0)
        rc = setStolen(dict, sShape, shape);
      else
        Py_XDECREF(shape);
      PyObject *code = rc == 0 ? PyLong_FromLong(out[i].dtype) : NULL;
      PyObject *dtype = code ? PyDict_GetItemWithError(gDtypes, code) : NULL;
      Py_XDECREF(code);
      rc = dtype ? PyDict_SetItem(dict, sDtype, dtype) : -1;
      if (rc < 0 && !PyErr_Occurred())
        PyErr_Format(PyExc_RuntimeError, "ferric: result dtype code %d",
                     out[i].dtype);
    }
    if (rc == 0)
      rc = PyDict_SetItem(dict, sOwner, (PyObject *)owner);
    if (rc == 0)
      rc = setStolen(dict, sPtr, PyLong_FromVoidPtr(out[i].data));
    if (rc == 0 && streamObj) {
      rc = PyDict_SetItem(dict, sCudaStream, streamObj);
      if (rc == 0)
        rc = PyDict_SetItem(dict, sCudaReady, event);
    }
    Py_DECREF(dict);
    if (rc < 0)
      goto fail;
    /* Results never alias inputs (run_device's rule): copy one that does. */
    for (Py_ssize_t j = 0; out[i].data && j < e->n; ++j)
      if (inputPtrs[j] == out[i].data) {
        PyObject *c = PyObject_CallFunctionObjArgs(gCopy, t, NULL);
        if (!c)
          goto fail;
        PyTuple_SetItem(list, (Py_ssize_t)i, c);
        break;
      }
  }
  Py_XDECREF(event);
  Py_DECREF(owner);
  if (e->single && nout == 1) {
    PyObject *t = PyTuple_GetItem(list, 0);
    Py_INCREF(t);
    Py_DECREF(list);
    return t;
  }
  return list;
fail:
  Py_XDECREF(list);
  Py_XDECREF(event);
  Py_DECREF(owner);
  return NULL;
}

/* call(inputs, stream) */
/* The results of the call on `inputs` (a tuple) and `streamArg` (None or a
 * stream), or NotImplemented when the Python path must run it. */
PyObject *runFast(FastCall *f, PyObject *inputs, PyObject *streamArg) {
  Py_ssize_t n = PyTuple_Size(inputs);
  if (n > FASTCALL_MAX_INPUTS || !f->entries || f->generation != gGeneration)
    Py_RETURN_NOTIMPLEMENTED;
  void *stream = NULL;
  PyObject *streamObj = NULL; /* the handle as an int, for the results */
  if (streamArg != Py_None) {
    if (!f->isCuda || streamHandle(streamArg, &stream) < 0)
      Py_RETURN_NOTIMPLEMENTED;
    streamObj = PyLong_FromVoidPtr(stream);
    if (!streamObj)
      return NULL;
  }
  PyObject *dicts[FASTCALL_MAX_INPUTS];
  void *ptrs[FASTCALL_MAX_INPUTS];
  Py_ssize_t got = 0;
  PyObject *result = Py_NotImplemented, *owners = NULL;
  Entry *e = NULL;
  for (; got < n; ++got) {
    PyObject *x = PyTuple_GetItem(inputs, got);
    if ((PyObject *)Py_TYPE(x) != gTensorType)
      goto done;
    PyObject *d = dicts[got] = PyObject_GenericGetDict(x, NULL);
    if (!d) {
      result = NULL;
      goto done;
    }
    PyObject *node = PyDict_GetItemWithError(d, sNode);
    PyObject *error = PyDict_GetItemWithError(d, sError);
    PyObject *cs = PyDict_GetItemWithError(d, sCudaStream);
    PyObject *device = PyDict_GetItemWithError(d, sDevice);
    PyObject *ptr = PyDict_GetItemWithError(d, sPtr);
    if (!node || !error || !cs || !device || !ptr) {
      ++got;
      if (PyErr_Occurred())
        result = NULL;
      goto done;
    }
    if (node != Py_None || error != Py_None ||
        (device != f->device && PyUnicode_Compare(device, f->device) != 0)) {
      ++got;
      goto done;
    }
    if (cs != Py_None) {
      /* Computed on a stream: usable without a wait on that stream only
       * (ferric.tensor._same_stream: 0 and 1 both name the legacy one). */
      void *s = PyLong_AsVoidPtr(cs);
      if (PyErr_Occurred())
        PyErr_Clear();
      if (!streamObj || (s ? s : (void *)1) != (stream ? stream : (void *)1)) {
        ++got;
        goto done;
      }
    }
    ptrs[got] = PyLong_AsVoidPtr(ptr);
    if (PyErr_Occurred()) {
      PyErr_Clear();
      ++got;
      goto done;
    }
  }
  /* The entry of this signature. */
  {
    Py_ssize_t count = PyList_Size(f->entries);
    for (Py_ssize_t i = 0; i < count && !e; ++i) {
      Entry *c = (Entry *)PyList_GetItem(f->entries, i);
      if (c->n != n)
        continue;
      int same = 1;
      for (Py_ssize_t j = 0; same && j < n; ++j) {
        PyObject *shape = PyDict_GetItemWithError(dicts[j], sShape);
        PyObject *dtype = PyDict_GetItemWithError(dicts[j], sDtype);
        if (!shape || !dtype) {
          if (PyErr_Occurred()) {
            result = NULL;
            goto done;
          }
          goto done;
        }
        int a = PyObject_RichCompareBool(shape, PyTuple_GetItem(c->key, 2 * j),
                                         Py_EQ);
        int b = a == 1 ? PyObject_RichCompareBool(
                             dtype, PyTuple_GetItem(c->key, 2 * j + 1), Py_EQ)
                       : a;
        if (a < 0 || b < 0) {
          result = NULL;
          goto done;
        }
        same = a && b;
      }
      if (same) {
        e = c;
        Py_INCREF(e);
      }
    }
  }
  if (!e)
    goto done;
  if (streamObj) {
    /* Keep foreign inputs' buffers alive until the stream got past the
     * call (ferric.tensor._foreign_owners: not the runtime's own). */
    for (Py_ssize_t j = 0; j < n; ++j) {
      PyObject *o = PyDict_GetItemWithError(dicts[j], sOwner);
      int own = o ? PyObject_IsInstance(o, gOwnTypes) : -1;
      if (own < 0) {
        result = PyErr_Occurred() ? NULL : Py_NotImplemented;
        goto done;
      }
      if (own)
        continue;
      if (!owners && !(owners = PyList_New(0))) {
        result = NULL;
        goto done;
      }
      if (PyList_Append(owners, o) < 0) {
        result = NULL;
        goto done;
      }
    }
  }
  {
    ferric_tensor views[FASTCALL_MAX_INPUTS];
    memcpy(views, e->views, (size_t)n * sizeof(ferric_tensor));
    for (Py_ssize_t j = 0; j < n; ++j)
      views[j].data = ptrs[j];
    ferric_tensor *out = NULL;
    size_t nout = 0;
    void *ready = NULL;
    ferric_status status;
    if (streamObj) {
      /* Queued without a host wait: the GIL stays held (as torch holds it
       * to launch; releasing and taking it back cost about 0.04 us of the
       * 1.7 us call on the build machine's fake driver). */
      status =
          gRunEvent(e->handle, views, (size_t)n, stream, &out, &nout, &ready);
    } else {
      Py_BEGIN_ALLOW_THREADS;
      status = gRun(e->handle, views, (size_t)n, &out, &nout);
      Py_END_ALLOW_THREADS;
    }
    if (status != FERRIC_OK) {
      /* check() raises the library's message as the Python path would. */
      result = PyObject_CallFunction(gCheck, "i", (int)status);
      if (result) {
        Py_DECREF(result);
        result = NULL;
        PyErr_Format(PyExc_RuntimeError, "ferric: call failed (status %d)",
                     (int)status);
      }
      goto done;
    }
    result = wrapResults(e, out, nout, streamObj, ready, owners, ptrs);
    if (result && f->countHits)
      ++gHits;
  }
done:
  for (Py_ssize_t j = 0; j < got; ++j)
    Py_XDECREF(dicts[j]);
  Py_XDECREF(e);
  Py_XDECREF(owners);
  Py_XDECREF(streamObj);
  if (result == Py_NotImplemented)
    Py_INCREF(result);
  return result;
}
