// glibc's bswap_32 is `__bswap_32`, a static inline function of its headers
// that only computes on the value it is given (__builtin_bswap32): a call of
// it acts on values, so a recursive hash that calls it may run on another
// node (before, "'hash' calls '__bswap_32', whose effects are unknown").
// RUN: cleave parallelize %s --dry-run | FileCheck %s
// CHECK: header-values.c:[[@LINE+6]]:16: hash: spawned on the next node of the binomial tree; regions none
// CHECK: header-values.c:[[@LINE+6]]:16: hash: sequential: it is the part kept on this node
#include <byteswap.h>
unsigned hash(unsigned x, int depth) {
  if (depth == 0)
    return bswap_32(x) ^ 0x9e3779b9u;
  unsigned a = hash(x * 3 + 1, depth - 1);
  unsigned b = hash(x * 5 + 2, depth - 1);
  return a ^ (b << 1);
}
