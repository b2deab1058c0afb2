/*===- fastcall.c - The device call of ferric.Function in C ---------------===*
 *
 * Part of the Ferric project, under the Apache License v2.0 with LLVM
 * Exceptions.
 *
 * A call of a compiled function on ferric Tensors already on its device,
 * with a signature seen before, is a few dozen Python-level steps in
 * ferric/api.py and ferric/_run.py (match the signature, fill the ctypes
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
 * per-signature executables and result templates. This file holds the
 * types and the module; fastcall_run.c the call itself.
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

#include "fastcall.h"
#include "lazyrecord.h"

/* The module state fastcall.h declares. */
RunFn gRun;
RunEventFn gRunEvent;
FreeFn gFree;
PyObject *gTensorType, *gEventType, *gDtypes, *gCheck, *gCopy, *gOwnTypes;
allocfunc gTensorAlloc, gEventAlloc;
unsigned long long gHits;
PyObject *gResultsType, *gEntryType;
unsigned long long gGeneration;

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

PyObject *sNode, *sError, *sCudaStream, *sDevice, *sShape, *sDtype, *sPtr,
    *sOwner, *sCudaReady, *sEventPtr, *sResults, *sStreamAttr, *sStreamPtrAttr,
    *sStreamKeyword, *sSlowCall;

/*===----------------------------------------------------------------------===*
 * Results: the owner of one call's result buffers (ferric.tensor's
 * _DeviceResults), freed with the last Tensor that refers to it.
 *===----------------------------------------------------------------------===*/

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
    {"dlpack_export", dlpackExport, METH_VARARGS,
     "dlpack_export(owner, data, shape, code, bits, device_type, device_id): "
     "a 'dltensor' capsule over data that keeps owner alive (dlexport.c)."},
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
