/*===- fastcall.h - The shared state of the fast-call module --------------===*
 *
 * Part of the Ferric project, under the Apache License v2.0 with LLVM
 * Exceptions.
 *
 * The types and module state that fastcall.c (the FastCall type, the module)
 * and fastcall_run.c (one call: Tensors to C API views and back) share.
 * Include after Python.h.
 *
 *===----------------------------------------------------------------------===*/

#ifndef FERRIC_PYTHON_CSRC_FASTCALL_H
#define FERRIC_PYTHON_CSRC_FASTCALL_H

#include <stdint.h>

#include "FerricDialect/CAPI/Ferric.h"

/* Inputs beyond this take the Python path (views live on the C stack). */
#define FASTCALL_MAX_INPUTS 32

typedef ferric_status (*RunFn)(ferric_executable *, const ferric_tensor *,
                               size_t, ferric_tensor **, size_t *);
typedef ferric_status (*RunEventFn)(ferric_executable *, const ferric_tensor *,
                                    size_t, void *, ferric_tensor **, size_t *,
                                    void **);
typedef void (*FreeFn)(ferric_tensor *, size_t);

/* Set by init() (fastcall.c). */
extern RunFn gRun;
extern RunEventFn gRunEvent;
extern FreeFn gFree;
/* ferric.Tensor, ferric.tensor._Event, {dtype code: name}, check(status)
 * (raises the library's error), copy(tensor) (a copy of a result that is
 * one of the inputs), the types of owners of the runtime's own memory
 * (ferric.tensor._own_memory_types). */
extern PyObject *gTensorType, *gEventType, *gDtypes, *gCheck, *gCopy,
    *gOwnTypes;
extern allocfunc gTensorAlloc, gEventAlloc;
extern unsigned long long gHits;
extern PyObject *gResultsType, *gEntryType;
/* Bumped by bump() (ferric.clear_cache): entries added before are stale. */
extern unsigned long long gGeneration;

/* Interned attribute names. */
extern PyObject *sNode, *sError, *sCudaStream, *sDevice, *sShape, *sDtype,
    *sPtr, *sOwner, *sCudaReady, *sEventPtr, *sResults, *sStreamAttr,
    *sStreamPtrAttr, *sStreamKeyword, *sSlowCall;

/* Results: the owner of one call's result buffers (ferric.tensor's
 * _DeviceResults), freed with the last Tensor that refers to it. */
typedef struct {
  PyObject_HEAD ferric_tensor *out;
  size_t n;
  PyObject *inputs; /* A stream= call's foreign inputs' owners, kept alive
                       (ferric.tensor._foreign_owners), or NULL. */
} Results;

/* Entry: one signature of a function (immutable once made; a call holds a
 * reference, so clear() during a call on another thread is safe). */
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

/* The results of the call on `inputs` (a tuple) and `streamArg` (None or a
 * stream), or NotImplemented when the Python path must run it
 * (fastcall_run.c). */
PyObject *runFast(FastCall *f, PyObject *inputs, PyObject *streamArg);

/* dlexport.c: dlpack_export(owner, data, shape, code, bits, device_type,
 * device_id), a "dltensor" capsule keeping owner alive. */
PyObject *dlpackExport(PyObject *self, PyObject *args);

#endif /* FERRIC_PYTHON_CSRC_FASTCALL_H */
