/*===- lazyrecord.h - ferric._lazy.record in C ----------------------------===*
 *
 * Part of the Ferric project, under the Apache License v2.0 with LLVM
 * Exceptions.
 *
 * The functions of lazyrecord.c, which the _ferric_fastcall module
 * (fastcall.c) adds to itself.
 *
 *===----------------------------------------------------------------------===*/

#ifndef FERRIC_PYTHON_CSRC_LAZYRECORD_H
#define FERRIC_PYTHON_CSRC_LAZYRECORD_H

/* lazy_init and lazy_record, for PyModule_AddFunctions. */
extern PyMethodDef lazyRecordMethods[];
/* Interns the attribute names lazy_record uses; -1 on error. */
int lazyRecordInternNames(void);

/* Shared by lazyrecord.c (which defines them) and lazyflush.c: _lazy's
 * objects given to lazy_init / lazy_flush_init, interned attribute names,
 * and two helpers. */
extern PyObject *gEager, *gGraphs, *gOpen, *gCounts, *gFlushFailed;
extern PyObject *sCounted, *sFast, *sOps, *sLaunches, *sSavedLaunches,
    *sSavedBytes, *sMinOps, *sMoveToEnd, *sDeviceF, *sInputs, *sNodeAttr,
    *sNodeF, *sPending;
/* Attribute `name` of `obj` (new reference), from `dict` when given. */
PyObject *attr(PyObject *obj, PyObject *dict, PyObject *name);
/* This thread's _state.configs and _state.streams (new references). */
int threadState(PyObject **configs, PyObject **streams);

/* lazyflush.c, in lazyRecordMethods. */
PyObject *lazyLive(PyObject *self, PyObject *pending);
PyObject *lazyFlushInit(PyObject *self, PyObject *args);
PyObject *lazyFlush(PyObject *self, PyObject *stream);
PyObject *lazyAdd(PyObject *self, PyObject *const *args, Py_ssize_t nargs);

/* lazyedges.c: the edge last taken out of a trie node. The cached child
 * (new reference), or NULL (an error set, or a miss). */
PyObject *edgeCacheGet(PyObject *node, PyObject *op, PyObject *attrs,
                       PyObject *keys);
void edgeCachePut(PyObject *node, PyObject *op, PyObject *attrs, PyObject *keys,
                  PyObject *child);
PyObject *lazyForget(PyObject *self, PyObject *unused);
PyObject *lazyEdgeStats(PyObject *self, PyObject *unused);

#endif /* FERRIC_PYTHON_CSRC_LAZYRECORD_H */
