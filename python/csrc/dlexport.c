/*===- dlexport.c - DLPack export of a buffer, in C -----------------------===*
 *
 * dlpack_export(owner, data, shape, code, bits, device_type, device_id): a
 * "dltensor" capsule over `data` (an address) that keeps `owner` alive until
 * the consumer calls the deleter (or, when no consumer took it, until the
 * capsule dies). The same capsule as ferric._dlpack's ctypes export (dlpack.h
 * v0.8 structs, compact row-major, no strides), without its ~15 us of ctypes
 * work per export: a torch.compile partition hands each result to torch
 * this way on every call.
 *
 * Part of the Ferric project, under the Apache License v2.0 with LLVM
 * Exceptions.
 *
 *===----------------------------------------------------------------------===*/

#define Py_LIMITED_API 0x030A0000
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>

#include "fastcall.h"

/* dlpack.h v0.8 (the ABI torch 1.13, numpy >= 1.22 and CuPy speak). */
typedef struct {
  int device_type;
  int device_id;
} DLDevice;
typedef struct {
  uint8_t code;
  uint8_t bits;
  uint16_t lanes;
} DLDataType;
typedef struct {
  void *data;
  DLDevice device;
  int ndim;
  DLDataType dtype;
  int64_t *shape;
  int64_t *strides;
  uint64_t byte_offset;
} DLTensor;
typedef struct DLManagedTensor {
  DLTensor dl_tensor;
  void *manager_ctx;
  void (*deleter)(struct DLManagedTensor *self);
} DLManagedTensor;

/* One export: the managed tensor first (the deleter gets its address), the
 * owner it keeps alive, and the shape it points to. */
typedef struct {
  DLManagedTensor managed;
  PyObject *owner;
  int64_t shape[1]; /* ndim entries (at least one, for ndim 0) */
} Export;

static const char kName[] = "dltensor";

/* The consumer is done (or the capsule died unconsumed): drop the owner.
 * Consumers may call this without the GIL (torch frees tensors from its
 * autograd threads). After the interpreter is gone the owner is leaked. */
static void exportDeleter(DLManagedTensor *managed) {
  Export *e = (Export *)managed;
  if (Py_IsInitialized()) {
    PyGILState_STATE state = PyGILState_Ensure();
    Py_XDECREF(e->owner);
    PyGILState_Release(state);
  }
  free(e);
}

/* A capsule still named "dltensor" was never consumed (consumers rename it
 * "used_dltensor" and own the tensor). */
static void capsuleDestructor(PyObject *capsule) {
  if (!PyCapsule_IsValid(capsule, kName))
    return;
  DLManagedTensor *managed =
      (DLManagedTensor *)PyCapsule_GetPointer(capsule, kName);
  if (managed && managed->deleter)
    managed->deleter(managed);
}

PyObject *dlpackExport(PyObject *self, PyObject *args) {
  (void)self;
  PyObject *owner, *shape;
  unsigned long long data;
  unsigned char code, bits;
  int deviceType, deviceId;
  if (!PyArg_ParseTuple(args, "OKObbii:dlpack_export", &owner, &data, &shape,
                        &code, &bits, &deviceType, &deviceId))
    return NULL;
  Py_ssize_t ndim = PySequence_Size(shape);
  if (ndim < 0)
    return NULL;
  Export *e = (Export *)malloc(sizeof(Export) +
                               (size_t)(ndim > 1 ? ndim - 1 : 0) *
                                   sizeof(int64_t));
  if (!e)
    return PyErr_NoMemory();
  for (Py_ssize_t i = 0; i < ndim; ++i) {
    PyObject *dim = PySequence_GetItem(shape, i);
    long long d = dim ? PyLong_AsLongLong(dim) : -1;
    Py_XDECREF(dim);
    if (d < 0) {
      if (!PyErr_Occurred())
        PyErr_SetString(PyExc_ValueError,
                        "dlpack_export: a negative dimension");
      free(e);
      return NULL;
    }
    e->shape[i] = d;
  }
  DLTensor *t = &e->managed.dl_tensor;
  t->data = (void *)(uintptr_t)data;
  t->device.device_type = deviceType;
  t->device.device_id = deviceId;
  t->ndim = (int)ndim;
  t->dtype.code = code;
  t->dtype.bits = bits;
  t->dtype.lanes = 1;
  t->shape = e->shape;
  t->strides = NULL; /* compact row-major */
  t->byte_offset = 0;
  e->managed.manager_ctx = e;
  e->managed.deleter = exportDeleter;
  Py_INCREF(owner);
  e->owner = owner;
  PyObject *capsule = PyCapsule_New(&e->managed, kName, capsuleDestructor);
  if (!capsule) {
    Py_DECREF(owner);
    free(e);
  }
  return capsule;
}
