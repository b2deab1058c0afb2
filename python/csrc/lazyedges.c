/*===- lazyedges.c - The edge cache of lazy_record ------------------------===*
 *
 * Part of the Ferric project, under the Apache License v2.0 with LLVM
 * Exceptions.
 *
 * The edge last taken out of a trie node, by the node's address: a stream
 * that repeats itself takes the same edge out of each node every time, and
 * comparing its operand keys with the last one's costs less than hashing
 * the edge key (op, attrs, keys) and comparing it in node.children. An
 * entry holds its node and child, so an address is not reused while it is
 * here (lazy_forget drops them with the trie). op and attrs match by
 * identity (the Tensor methods pass constants and memoized tuples; anything
 * else misses and takes the dict).
 *
 * The cache is set-associative (LAZY_EDGE_WAYS entries per set, the least
 * recently used one replaced): with one entry per set, two nodes of a
 * stream whose addresses hash alike evicted each other on every repeat,
 * so how many of a 100-op chain's edges hit depended on where the
 * allocator put its nodes (87 of 101 in one CI run, 100 in another). Four
 * ways make a miss in a repeated stream of a few hundred ops a matter of
 * five of its nodes landing in one of 1024 sets.
 *
 *===----------------------------------------------------------------------===*/

#define Py_LIMITED_API 0x030A0000
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>

#include "lazyrecord.h"

#define LAZY_EDGE_SET_BITS 10
#define LAZY_EDGE_SETS (1 << LAZY_EDGE_SET_BITS)
#define LAZY_EDGE_WAYS 4

struct EdgeEntry {
  PyObject *node, *op, *attrs, *keys, *child;
  uint64_t used; /* gEdgeClock when last hit or filled; 0: empty */
};
static struct EdgeEntry gEdges[LAZY_EDGE_SETS][LAZY_EDGE_WAYS];
static uint64_t gEdgeClock;
static unsigned long long gEdgeHits, gEdgeMisses;

static struct EdgeEntry *edgeSet(PyObject *node) {
  /* Fibonacci hashing of the address: nodes may lie a power of two apart
   * (the low bits alone put the 100 nodes of a chain in a few sets). */
  uint64_t h = (uint64_t)(uintptr_t)node * 0x9E3779B97F4A7C15ull;
  return gEdges[h >> (64 - LAZY_EDGE_SET_BITS)];
}

static void clearEntry(struct EdgeEntry *e) {
  struct EdgeEntry old = *e;
  *e = (struct EdgeEntry){NULL, NULL, NULL, NULL, NULL, 0};
  Py_XDECREF(old.node);
  Py_XDECREF(old.op);
  Py_XDECREF(old.attrs);
  Py_XDECREF(old.keys);
  Py_XDECREF(old.child);
}

/* 1 if entry `e` is the edge (op, attrs, keys) out of `node`, 0 if not, -1
 * on error. */
static int entryMatches(const struct EdgeEntry *e, PyObject *node, PyObject *op,
                        PyObject *attrs, PyObject *keys) {
  if (e->node != node || e->op != op || e->attrs != attrs)
    return 0;
  Py_ssize_t n = PyTuple_Size(keys);
  if (PyTuple_Size(e->keys) != n)
    return 0;
  for (Py_ssize_t i = 0; i < n; ++i) {
    /* (The keys are ints, strs, floats and tuples of them: == as the dict
     * compares them, identity first.) */
    int eq = PyObject_RichCompareBool(PyTuple_GetItem(e->keys, i),
                                      PyTuple_GetItem(keys, i), Py_EQ);
    if (eq != 1)
      return eq;
  }
  return 1;
}

PyObject *edgeCacheGet(PyObject *node, PyObject *op, PyObject *attrs,
                       PyObject *keys) {
  struct EdgeEntry *set = edgeSet(node);
  for (int w = 0; w < LAZY_EDGE_WAYS; ++w) {
    int m = entryMatches(&set[w], node, op, attrs, keys);
    if (m < 0)
      return NULL;
    if (m) {
      ++gEdgeHits;
      set[w].used = ++gEdgeClock;
      Py_INCREF(set[w].child);
      return set[w].child;
    }
  }
  ++gEdgeMisses;
  return NULL;
}

void edgeCachePut(PyObject *node, PyObject *op, PyObject *attrs, PyObject *keys,
                  PyObject *child) {
  /* The node's own entry (the stream took another edge out of it), else
   * the least recently used one (an empty one first: used 0). */
  struct EdgeEntry *set = edgeSet(node), *e = &set[0];
  for (int w = 0; w < LAZY_EDGE_WAYS; ++w) {
    if (set[w].node == node) {
      e = &set[w];
      break;
    }
    if (set[w].used < e->used)
      e = &set[w];
  }
  Py_INCREF(node);
  Py_INCREF(op);
  Py_INCREF(attrs);
  Py_INCREF(keys);
  Py_INCREF(child);
  clearEntry(e);
  *e = (struct EdgeEntry){node, op, attrs, keys, child, ++gEdgeClock};
}

PyObject *lazyForget(PyObject *self, PyObject *unused) {
  for (size_t s = 0; s < LAZY_EDGE_SETS; ++s)
    for (int w = 0; w < LAZY_EDGE_WAYS; ++w)
      clearEntry(&gEdges[s][w]);
  Py_RETURN_NONE;
}

PyObject *lazyEdgeStats(PyObject *self, PyObject *unused) {
  return Py_BuildValue("(KK)", gEdgeHits, gEdgeMisses);
}
