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

#endif /* FERRIC_PYTHON_CSRC_LAZYRECORD_H */
