/* The sum of an array, by halves down to LEAF numbers (the Makefile sets
   it for this file alone). */
#include "common.h"

#ifndef LEAF
#define LEAF 1000
#endif

static long work(const int *a, int n) {
  long s = 0;
  int i;
  if (n <= LEAF) {
    for (i = 0; i < n; i++)
      s += a[i];
    return s;
  }
  return work(a, n / 2) + work(a + n / 2, n - n / 2);
}

long sum_ints(const int *a, int n) { return work(a, n); }
