/// \file
/// The rules of the runtime that need no running runtime: which node is a
/// call's child in the binomial tree, and when the measures of a function's
/// calls say that spawning them does not pay. clv_node.c applies them to the
/// running nodes and to what it measured; the unit tests apply them to
/// fixed positions and measures. Plain C that C++ can include too, which
/// clv_internal.h (C11 atomics and thread-locals) is not.
#ifndef CLEAVE_CLV_RULES_H
#define CLEAVE_CLV_RULES_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// The level at which node \p node starts its children in the binomial tree:
/// one above its highest bit (its children are node + 2^d for d from there),
/// 0 for node 0.
int clvi_tree_first_level(int node);

/// The child of \p node at \p level in the binomial tree of \p node_count
/// nodes (node + 2^level), or -1 when the tree has none there (level -1: the
/// call spawns no children).
int clvi_tree_child(int node, int level, int node_count);

/// Buckets of a function's calls, by the power of two of the bytes they copy.
#define CLVI_GRAIN_BUCKETS 64

/// What the runtime measured of the calls of one bucket.
typedef struct clvi_grain_measure {
  unsigned samples;   ///< calls measured
  double work_ns;     ///< their work, summed
  int64_t least_cost; ///< the smallest cost (sending and joining) of one
} clvi_grain_measure;

/// The highest bucket of \p measures (CLVI_GRAIN_BUCKETS of them) whose
/// calls do not pay: their work was less than twice their least cost, over
/// buckets of at least \p min_samples calls; -1 when none. When regions are
/// \p copied and the largest two buckets measured say that no larger call
/// can pay either, every bucket.
int clvi_grain_highest_no(const clvi_grain_measure *measures,
                          unsigned min_samples, int copied);

#ifdef __cplusplus
}
#endif

#endif
