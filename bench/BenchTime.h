/// \file
/// The clock and the median of the runtime's C benchmarks (RuntimeBench.c,
/// MpiBench.c).
#ifndef CLEAVE_BENCH_BENCHTIME_H
#define CLEAVE_BENCH_BENCHTIME_H

#include <stdlib.h>
#include <time.h>

/// Seconds on the monotonic clock.
static inline double seconds_now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static inline int compare_doubles(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

/// The median of \p n values (sorted in place).
static inline double median(double *values, size_t n) {
  qsort(values, n, sizeof *values, compare_doubles);
  return n % 2 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
}

#endif
