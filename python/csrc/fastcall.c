/*===- fastcall.c - The device call of ferric.Function in C ---------------===*
 *
 * Part of the Ferric project, under the Apache License v2.0 with LLVM
 * Exceptions.
 *
 * A call of a compiled function on ferric Tensors already on its device,
 * with a signature seen before, is a few dozen Python-level steps in
 * ferric/api.py and ferric/tensor.py (match the signature, fill the ctypes
 * frame, call the C API through ctypes, wrap each result in a Tensor): on
 * the GPU machine about 11 of the 15 us a one-op call took. This module
 * does those steps in C for the common case, and ferric.Function derives
 * from its FastCall type, so such a call runs no Python at all; anything
 * else (a Tensor not yet computed or computed on another stream, a new
 * signature, inputs that are not ferric Tensors, other keywords than
 * stream=) goes to the subclass's Python `_call`, as before. It knows
 * nothing the Python side does not hand it: the C API functions' addresses
 * (from the ctypes library, so it links against nothing but the
 * interpreter's stable ABI), the Tensor and event classes, the
 * per-signature executables and result templates.
 *
 *   init(run, run_on_stream_event, tensors_free, Tensor, Event, dtypes,
 *        check, copy, own_types)            once, from ferric.tensor
 *   bump()                                  ferric.clear_cache: all stale
 *   FastCall(device, count_hits=True)       the base of ferric.Function
 *     self(*inputs, stream=None)            run, else self._call(...)
 *     ._fastcall_add(key, exe, handle, views, templates, read_back, single)
 *                                           a signature that runs as is
 *     ._fastcall_clear()                    forget them all
 *   lazy_init(...), lazy_record(...)        ferric._lazy.record's common
 *                                           case (lazyrecord.c)
 *
 *===----------------------------------------------------------------------===*/

#define Py_LIMITED_API 0x030A0000
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include <stdint.h>
#include <string.h>

#include "FerricDialect/CAPI/Ferric.h"
#include "lazyrecord.h"

/* Inputs beyond this take the Python path (views live on the C stack). */
#define FASTCALL_MAX_INPUTS 32

typedef ferric_status (*RunFn)(ferric_executable *, const ferric_tensor *,
                               size_t, ferric_tensor **, size_t *);
typedef ferric_status (*RunEventFn)(ferric_executable *, const ferric_tensor *,
                                    size_t, void *, ferric_tensor **, size_t *,
                                    void **);
typedef void (*FreeFn)(ferric_tensor *, size_t);

static RunFn gRun;
static RunEventFn gRunEvent;
static FreeFn gFree;
/* ferric.Tensor, ferric.tensor._Event, {dtype code: name}, check(status)
 * (raises the library's error), copy(tensor) (a copy of a result that is
 * one of the inputs), the types of owners of the runtime's own memory
 * (ferric.tensor._own_memory_types). */
static PyObject *gTensorType, *gEventType, *gDtypes, *gCheck, *gCopy,
    *gOwnTypes;
static allocfunc gTensorAlloc, gEventAlloc;
static unsigned long long gHits;
static PyObject *gResultsType, *gEntryType;

/* Replaces the reference in *slot with `value` (a new reference). */
static void setRef(PyObject **slot, PyObject *value) {
  PyObject *old = *slot;
  *slot = value;
  Py_XDECREF(old);
}

/* The same with a borrowed `value`. */
static void setBorrowed(PyObject **slot, PyObject *value) {
  Py_INCREF(value);
  setRef(slot, value);
}

/* Interned attribute names. */
static PyObject *sNode, *sError, *sCudaStream, *sDevice, *sShape, *sDtype,
    *sPtr, *sOwner, *sCudaReady, *sEventPtr, *sResults, *sStreamAttr,
    *sStreamPtrAttr, *sStreamKeyword, *sSlowCall;

/*===----------------------------------------------------------------------===*
 * Results: the owner of one call's result buffers (ferric.tensor's
 * _DeviceResults), freed with the last Tensor that refers to it.
 *===----------------------------------------------------------------------===*/

typedef struct {
  PyObject_HEAD ferric_tensor *out;
  size_t n;
  PyObject *inputs; /* A stream= call's foreign inputs' owners, kept alive
                       (ferric.tensor._foreign_owners), or NULL. */
} Results;

static void resultsDealloc(PyObject *self) {
  Results *r = (Results *)self;
  PyTypeObject *type = Py_TYPE(self);
  if (r->out)
    gFree(r->out, r->n);
  Py_XDECREF(r->inputs);
  ((freefunc)PyType_GetSlot(type, Py_tp_free))(self);
  Py_DECREF(type);
}

static PyObject *resultsInputs(PyObject *self, void *unused) {
  PyObject *inputs = ((Results *)self)->inputs;
  if (!inputs)
    return PyList_New(0);
  Py_INCREF(inputs);
  return inputs;
}

static PyGetSetDef resultsGetSet[] = {
    {"inputs", resultsInputs, NULL,
     "The owners of a stream= call's foreign inputs, kept alive (a list).",
     NULL},
    {NULL, NULL, NULL, NULL, NULL}};

static char resultsDoc[] = "The result buffers of one call (freed with the "
                           "last Tensor that refers to them).";
static PyType_Slot resultsSlots[] = {{Py_tp_dealloc, (void *)resultsDealloc},
                                     {Py_tp_doc, resultsDoc},
                                     {Py_tp_getset, resultsGetSet},
                                     {0, NULL}};
static PyType_Spec resultsSpec = {"ferric._fastcall.Results", sizeof(Results),
                                  0, Py_TPFLAGS_DEFAULT, resultsSlots};

/*===----------------------------------------------------------------------===*
 * Entry: one signature of a function (immutable once made; a call holds a
 * reference, so clear() during a call on another thread is safe).
 *===----------------------------------------------------------------------===*/

typedef struct {
  PyObject_HEAD PyObject *key; /* (shape, dtype) per input, flattened */
  PyObject *exe;               /* keeps the executable (and handle) alive */
  ferric_executable *handle;
  Py_ssize_t n;
  ferric_tensor *views; /* per input: dtype, rank, shape; data per call */
  int64_t *shapes;
  PyObject *templates; /* tuple: per result a dict of Tensor attributes */
  int readBack;        /* shapes and dtypes from the C results */
  int single;          /* the function returns its one result as is */
} Entry;

static void entryDealloc(PyObject *self) {
  Entry *e = (Entry *)self;
  PyTypeObject *type = Py_TYPE(self);
  Py_XDECREF(e->key);
  Py_XDECREF(e->exe);
  Py_XDECREF(e->templates);
  PyMem_Free(e->views);
  PyMem_Free(e->shapes);
  ((freefunc)PyType_GetSlot(type, Py_tp_free))(self);
  Py_DECREF(type);
}

static PyType_Slot entrySlots[] = {{Py_tp_dealloc, (void *)entryDealloc},
                                   {0, NULL}};
static PyType_Spec entrySpec = {"ferric._fastcall.Entry", sizeof(Entry), 0,
                                Py_TPFLAGS_DEFAULT, entrySlots};

/*===----------------------------------------------------------------------===*
 * FastCall
 *===----------------------------------------------------------------------===*/

/* Bumped by bump() (ferric.clear_cache): entries added before are stale. */
static unsigned long long gGeneration;

typedef struct {
  PyObject_HEAD PyObject *device; /* "cuda", "cpu" or "vulkan" */
  int isCuda;
  PyObject *entries; /* list of Entry */
  /* gGeneration when the entries were last cleared: they are used only
   * while it is current. */
  unsigned long long generation;
  /* Whether calls count in hits() (the package's executable cache): not
   * for the lazy mode's replays, which count in its FusionStats. */
  int countHits;
} FastCall;

static int fastCallInit(PyObject *self, PyObject *args, PyObject *kwds) {
  FastCall *f = (FastCall *)self;
  PyObject *device;
  int countHits = 1;
  if (!PyArg_ParseTuple(args, "U|p:FastCall", &device, &countHits))
    return -1;
  f->countHits = countHits;
  setBorrowed(&f->device, device);
  f->isCuda = PyUnicode_CompareWithASCIIString(device, "cuda") == 0;
  f->generation = gGeneration;
  setRef(&f->entries, PyList_New(0));
  return f->entries ? 0 : -1;
}

static void fastCallDealloc(PyObject *self) {
  FastCall *f = (FastCall *)self;
  PyTypeObject *type = Py_TYPE(self);
  Py_XDECREF(f->device);
  Py_XDECREF(f->entries);
  ((freefunc)PyType_GetSlot(type, Py_tp_free))(self);
  Py_DECREF(type);
}

/* add(key, exe, handle, views, templates, read_back, single): views is a
 * sequence of (dtype code, shape tuple) per input; templates a tuple of
 * dicts, one per result; read_back: the results' shapes and dtypes are read
 * from the C results (they are not all known from the signature); single:
 * the one result is returned as is, not in a tuple. */
static PyObject *fastCallAdd(PyObject *self, PyObject *args) {
  FastCall *f = (FastCall *)self;
  PyObject *key, *exe, *handle, *views, *templates;
  int readBack, single;
  if (!PyArg_ParseTuple(args, "O!OOOO!pp:_fastcall_add", &PyTuple_Type, &key,
                        &exe, &handle, &views, &PyTuple_Type, &templates,
                        &readBack, &single))
    return NULL;
  PyObject *seq = PySequence_Tuple(views);
  if (!seq)
    return NULL;
  Py_ssize_t n = PyTuple_Size(seq);
  if (n > FASTCALL_MAX_INPUTS || PyTuple_Size(key) != 2 * n) {
    Py_DECREF(seq);
    Py_RETURN_FALSE; /* Not taken: the Python path runs it. */
  }
  Entry *e = (Entry *)((allocfunc)PyType_GetSlot(
      (PyTypeObject *)gEntryType, Py_tp_alloc))((PyTypeObject *)gEntryType, 0);
  if (!e) {
    Py_DECREF(seq);
    return NULL;
  }
  e->n = n;
  e->readBack = readBack;
  e->single = single;
  e->handle = (ferric_executable *)PyLong_AsVoidPtr(handle);
  Py_ssize_t dims = 0;
  for (Py_ssize_t i = 0; i < n; ++i) {
    PyObject *shape = PyTuple_GetItem(PyTuple_GetItem(seq, i), 1);
    if (!shape || !PyTuple_Check(shape))
      goto bad;
    dims += PyTuple_Size(shape) ? PyTuple_Size(shape) : 1;
  }
  e->views = PyMem_Calloc(n ? n : 1, sizeof(ferric_tensor));
  e->shapes = PyMem_Calloc(dims ? dims : 1, sizeof(int64_t));
  if (!e->views || !e->shapes) {
    PyErr_NoMemory();
    goto fail;
  }
  int64_t *at = e->shapes;
  for (Py_ssize_t i = 0; i < n; ++i) {
    PyObject *item = PyTuple_GetItem(seq, i);
    PyObject *shape = PyTuple_GetItem(item, 1);
    Py_ssize_t rank = PyTuple_Size(shape);
    e->views[i].dtype = (int)PyLong_AsLong(PyTuple_GetItem(item, 0));
    e->views[i].rank = rank;
    e->views[i].shape = at;
    for (Py_ssize_t k = 0; k < rank; ++k)
      at[k] = PyLong_AsLongLong(PyTuple_GetItem(shape, k));
    at += rank ? rank : 1;
  }
  if (PyErr_Occurred())
    goto fail;
  Py_INCREF(key);
  e->key = key;
  Py_INCREF(exe);
  e->exe = exe;
  Py_INCREF(templates);
  e->templates = templates;
  Py_DECREF(seq);
  if (PyList_Append(f->entries, (PyObject *)e) < 0) {
    Py_DECREF(e);
    return NULL;
  }
  Py_DECREF(e);
  Py_RETURN_TRUE;
bad:
  PyErr_SetString(PyExc_TypeError,
                  "_fastcall_add: views are (dtype code, shape)");
fail:
  Py_DECREF(seq);
  Py_DECREF(e);
  return NULL;
}

static PyObject *fastCallClear(PyObject *self, PyObject *unused) {
  FastCall *f = (FastCall *)self;
  if (f->entries &&
      PyList_SetSlice(f->entries, 0, PyList_Size(f->entries), NULL) < 0)
    return NULL;
  f->generation = gGeneration;
  Py_RETURN_NONE;
}

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
static PyObject *runFast(FastCall *f, PyObject *inputs, PyObject *streamArg) {
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

/* self(*inputs, stream=None): the fast path, else self._call(*inputs,
 * **kwargs) (a subclass's Python path: ferric.Function). */
static PyObject *fastCallTpCall(PyObject *self, PyObject *args,
                                PyObject *kwargs) {
  PyObject *stream = Py_None;
  int plain = 1;
  if (kwargs && PyDict_Size(kwargs) != 0) {
    stream = PyDict_GetItemWithError(kwargs, sStreamKeyword);
    plain = stream && PyDict_Size(kwargs) == 1;
    if (!stream && PyErr_Occurred())
      return NULL;
  }
  if (plain) {
    PyObject *result = runFast((FastCall *)self, args, stream);
    if (result != Py_NotImplemented)
      return result;
    Py_DECREF(result);
  }
  PyObject *slow = PyObject_GetAttr(self, sSlowCall);
  if (!slow)
    return NULL;
  PyObject *result = PyObject_Call(slow, args, kwargs);
  Py_DECREF(slow);
  return result;
}

static PyMethodDef fastCallMethods[] = {
    {"_fastcall_add", fastCallAdd, METH_VARARGS,
     "add(key, exe, handle, views, templates, read_back, single): a "
     "signature that runs as is"},
    {"_fastcall_clear", fastCallClear, METH_NOARGS, "Forgets every signature."},
    {NULL, NULL, 0, NULL}};

static char fastCallDoc[] =
    "FastCall(device): the device fast path of one ferric.Function";
static PyType_Slot fastCallSlots[] = {{Py_tp_init, (void *)fastCallInit},
                                      {Py_tp_call, (void *)fastCallTpCall},
                                      {Py_tp_new, (void *)PyType_GenericNew},
                                      {Py_tp_dealloc, (void *)fastCallDealloc},
                                      {Py_tp_methods, fastCallMethods},
                                      {Py_tp_doc, fastCallDoc},
                                      {0, NULL}};
static PyType_Spec fastCallSpec = {
    "ferric._fastcall.FastCall", sizeof(FastCall), 0,
    Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE, fastCallSlots};

/*===----------------------------------------------------------------------===*
 * Module
 *===----------------------------------------------------------------------===*/

static PyObject *moduleInit(PyObject *self, PyObject *args) {
  PyObject *run, *runEvent, *freeFn, *tensorType, *eventType, *dtypes, *check,
      *copy, *ownTypes;
  if (!PyArg_ParseTuple(args, "OOOO!O!O!OOO!:init", &run, &runEvent, &freeFn,
                        &PyType_Type, &tensorType, &PyType_Type, &eventType,
                        &PyDict_Type, &dtypes, &check, &copy, &PyTuple_Type,
                        &ownTypes))
    return NULL;
  gRun = (RunFn)PyLong_AsVoidPtr(run);
  gRunEvent = (RunEventFn)PyLong_AsVoidPtr(runEvent);
  gFree = (FreeFn)PyLong_AsVoidPtr(freeFn);
  if (PyErr_Occurred())
    return NULL;
  if (!gRun || !gRunEvent || !gFree) {
    PyErr_SetString(PyExc_ValueError, "init: a C API function is missing");
    return NULL;
  }
  gTensorAlloc =
      (allocfunc)PyType_GetSlot((PyTypeObject *)tensorType, Py_tp_alloc);
  gEventAlloc =
      (allocfunc)PyType_GetSlot((PyTypeObject *)eventType, Py_tp_alloc);
  if (!gTensorAlloc || !gEventAlloc)
    return NULL;
  setBorrowed(&gTensorType, tensorType);
  setBorrowed(&gEventType, eventType);
  setBorrowed(&gDtypes, dtypes);
  setBorrowed(&gCheck, check);
  setBorrowed(&gCopy, copy);
  setBorrowed(&gOwnTypes, ownTypes);
  Py_RETURN_NONE;
}

static PyObject *moduleBump(PyObject *self, PyObject *unused) {
  ++gGeneration;
  Py_RETURN_NONE;
}

static PyObject *moduleHits(PyObject *self, PyObject *unused) {
  return PyLong_FromUnsignedLongLong(gHits);
}

static PyObject *moduleResetHits(PyObject *self, PyObject *unused) {
  gHits = 0;
  Py_RETURN_NONE;
}

static PyMethodDef moduleMethods[] = {
    {"init", moduleInit, METH_VARARGS,
     "init(run, run_on_stream_event, tensors_free, Tensor, Event, dtypes, "
     "check, copy, own_types)"},
    {"hits", moduleHits, METH_NOARGS,
     "Calls run here (executable cache hits the Python side did not count)."},
    {"reset_hits", moduleResetHits, METH_NOARGS, "Sets hits() to 0."},
    {"bump", moduleBump, METH_NOARGS,
     "Makes every FastCall's entries stale (ferric.clear_cache)."},
    {NULL, NULL, 0, NULL}};

static struct PyModuleDef moduleDef = {
    PyModuleDef_HEAD_INIT,
    "_ferric_fastcall",
    "The device call of ferric.Function in C (see fastcall.c).",
    -1,
    moduleMethods,
    NULL,
    NULL,
    NULL,
    NULL};

static PyObject *intern(const char *s) { return PyUnicode_InternFromString(s); }

PyMODINIT_FUNC PyInit__ferric_fastcall(void) {
  if (!(sNode = intern("_node")) || !(sError = intern("_error")) ||
      !(sCudaStream = intern("_cuda_stream")) ||
      !(sDevice = intern("device")) || !(sShape = intern("shape")) ||
      !(sDtype = intern("dtype")) || !(sPtr = intern("_ptr")) ||
      !(sOwner = intern("_owner")) || !(sCudaReady = intern("_cuda_ready")) ||
      !(sEventPtr = intern("ptr")) || !(sResults = intern("_results")) ||
      !(sStreamAttr = intern("cuda_stream")) ||
      !(sStreamPtrAttr = intern("ptr")) ||
      !(sStreamKeyword = intern("stream")) || !(sSlowCall = intern("_call")))
    return NULL;
  if (lazyRecordInternNames() < 0)
    return NULL;
  PyObject *m = PyModule_Create(&moduleDef);
  if (!m)
    return NULL;
  if (PyModule_AddFunctions(m, lazyRecordMethods) < 0) {
    Py_DECREF(m);
    return NULL;
  }
  gResultsType = PyType_FromSpec(&resultsSpec);
  gEntryType = PyType_FromSpec(&entrySpec);
  PyObject *fastCallType = PyType_FromSpec(&fastCallSpec);
  if (!gResultsType || !gEntryType || !fastCallType ||
      PyModule_AddObject(m, "FastCall", fastCallType) < 0) {
    Py_XDECREF(fastCallType);
    Py_DECREF(m);
    return NULL;
  }
  Py_INCREF(gResultsType);
  if (PyModule_AddObject(m, "Results", gResultsType) < 0) {
    Py_DECREF(gResultsType);
    Py_DECREF(m);
    return NULL;
  }
  return m;
}
