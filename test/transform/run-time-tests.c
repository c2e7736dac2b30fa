// Calls whose regions no proof keeps apart from the calls after them, spawned
// under a run-time test: a pointer set again between two halves (`p = p + h`,
// `q += h`, a macro that moves a parameter), so that the regions at the
// first call are written in a variable the next statement changes, and the
// operands of one expression given one array for two parameters. The
// callee's regions are evaluated from the arguments at the spawn; before the
// next call runs, its bytes are tested against them, and where one of them
// writes what the other touches, the spawned call is joined first. smear's
// halves overlap on purpose (each reads and writes one element of the other):
// every test finds the overlap, the calls run in order, and the output is the
// sequential build's. On 1 to 7 nodes, regions shared or copied (under
// AddressSanitizer, an access outside them is reported).
// RUN: rm -rf %t.out
// RUN: cleave parallelize %s -o %t.out 2>&1 | FileCheck --check-prefix=REMARK %s
// RUN: FileCheck --check-prefix=CODE %s < %t.out/run-time-tests.c
// RUN: FileCheck --check-prefix=STUB %s < %t.out/cleave_stubs.c
// RUN: %cc -Wall -Wextra -Werror %s -o %t.seq
// RUN: %cc -Wall -Wextra -Werror %t.out/run-time-tests.c %t.out/cleave_stubs.c %cleave_rt -o %t.par
// RUN: %cc -O1 -g -fsanitize=address %t.out/run-time-tests.c %t.out/cleave_stubs.c %runtime_threads_sources -o %t.asan
// RUN: %t.seq 5000 > %t.expected
// RUN: env CLEAVE_NODES=1 %t.par 5000 | diff %t.expected -
// RUN: env CLEAVE_NODES=2 %t.par 5000 | diff %t.expected -
// RUN: env CLEAVE_NODES=3 %t.par 5000 | diff %t.expected -
// RUN: env CLEAVE_NODES=4 %t.par 5000 | diff %t.expected -
// RUN: env CLEAVE_NODES=7 %t.par 5000 | diff %t.expected -
// RUN: env CLEAVE_NODES=4 CLEAVE_PASS=copy %t.asan 5000 | diff %t.expected -
// Only smear's tests find an overlap: one per spawn of its, 1 + 2 + 4 on
// 4 nodes (the tree's first three levels); bump's, fill's and total's none.
// RUN: env CLEAVE_NODES=4 CLEAVE_REPORT_TESTS=1 %t.par 5000 2>&1 >/dev/null | FileCheck --check-prefix=COUNT %s
// RUN: env CLEAVE_NODES=4 CLEAVE_REPORT_TESTS=1 %t.par 5000 smear-only 2>&1 >/dev/null | FileCheck --check-prefix=SMEAR %s
// COUNT: cleave: run-time region tests: {{[1-9][0-9]*}} made, {{[1-9][0-9]*}} found an overlap
// SMEAR: cleave: run-time region tests: [[N:[0-9]+]] made, [[N]] found an overlap
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CUT 64
#define MOVE(p, k) ((p) += (k))

// REMARK: run-time-tests.c:[[@LINE+17]]:3: remark: call to 'bump' runs asynchronously on the next node of the binomial tree; joined at the end of its block, line [[@LINE+20]]; under a run-time test: its regions are the callee's, evaluated at the spawn (the regions of its pointer arguments are unknown here: argument 'p' (for 'a') lies at 'p', which changes at line [[@LINE+18]], and a region lies only at a pointer the caller never changes: a parameter, an allocation or array of its own, or a global array); tested at run time against the call at line [[@LINE+19]] before it runs, and joined first where they share memory that either writes
// REMARK: run-time-tests.c:[[@LINE+18]]:3: remark: call to 'bump' stays sequential: it is the part kept on this node
// CODE: clv_extent cleave_f1_x[1]; int cleave_f1_x_n = bump__extents(cleave_f1_x, p, h); clv_future *cleave_f1 = bump__spawn(p, h);
// CODE-NEXT: p = p + h;
// CODE-NEXT: { clv_extent cleave_t1[1]; int cleave_t1_n = bump__extents(cleave_t1, p, n - h); if (cleave_f1 && clv_extents_conflict(cleave_f1_x, cleave_f1_x_n, cleave_t1, cleave_t1_n)) { bump__join(cleave_f1); cleave_f1 = NULL; } }
// CODE-NEXT: bump__here(p, n - h);
// CODE-NEXT: bump__join(cleave_f1);
static void bump(double *a, long n) {
  double *p;
  long h;
  if (n <= CUT) {
    for (long i = 0; i < n; i++)
      a[i] = a[i] * 0.5 + (double)i;
    return;
  }
  h = n / 2;
  p = a;
  bump(p, h);
  p = p + h;
  bump(p, n - h);
}

// The value of the spawned call is taken at its join, after the test.
// REMARK: run-time-tests.c:[[@LINE+13]]:8: remark: call to 'total' runs asynchronously on the next node of the binomial tree; joined before line [[@LINE+16]]; under a run-time test
// STUB-LABEL: int total__extents(clv_extent *cleave_x, const long *v, long n) {
// STUB: clv_extent_span(&cleave_x[0], v + v__lo, v__count, sizeof *v, 0);
static long total(const long *v, long n) {
  const long *q = v;
  long h, s1, s2;
  if (n <= CUT) {
    long s = 0;
    for (long i = 0; i < n; i++)
      s += v[i];
    return s;
  }
  h = n / 2;
  s1 = total(q, h);
  q += h;
  s2 = total(q, n - h);
  return s1 + s2;
}

// REMARK: run-time-tests.c:[[@LINE+9]]:3: remark: call to 'fill' runs asynchronously on the next node of the binomial tree; joined at the end of its block, line [[@LINE+12]]; under a run-time test
static void fill(int *a, long n, int v) {
  long h;
  if (n <= CUT) {
    for (long i = 0; i < n; i++)
      a[i] = v + (int)(i % 7);
    return;
  }
  h = n / 2;
  fill(a, h, v);
  MOVE(a, h);
  fill(a, n - h, v + 1);
}

// REMARK: run-time-tests.c:[[@LINE+10]]:3: remark: call to 'smear' runs asynchronously on the next node of the binomial tree; joined at the end of its block, line [[@LINE+13]]; under a run-time test
static void smear(double *a, long n) {
  double *p = a;
  long h;
  if (n <= CUT) {
    for (long i = 1; i < n; i++)
      a[i] += a[i - 1] * 0.25;
    return;
  }
  h = n / 2;
  smear(p, h + 1);
  p = p + h - 1;
  smear(p, n - h + 1);
}

// Operands of one expression: main passes one array for dst and src, so no
// proof keeps the halves apart; the second is tested before it is evaluated.
// REMARK: run-time-tests.c:[[@LINE+11]]:10: remark: call to 'scale_sum' runs asynchronously on the next node of the binomial tree; joined before the rest of its statement; tested at run time against the call at line [[@LINE+11]] before it runs
static double scale_sum(double *dst, const double *src, long n) {
  if (n <= CUT) {
    double s = 0;
    for (long i = 0; i < n; i++) {
      dst[i] = 0.5 * src[i] + 1.0;
      s += dst[i];
    }
    return s;
  }
  long h = n / 2;
  return scale_sum(dst, src, h) + scale_sum(dst + h, src + h, n - h);
}

int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 5000;
  int only_smear = argc > 2 && strcmp(argv[2], "smear-only") == 0;
  double *a = malloc(n * sizeof *a);
  long *v = malloc(n * sizeof *v);
  int *w = malloc(n * sizeof *w);
  for (long i = 0; i < n; i++) {
    a[i] = (double)(i % 13);
    v[i] = i % 29;
  }
  if (!only_smear) {
    bump(a, n);
    fill(w, n, 3);
    a[0] += scale_sum(a, a, n) / (double)n;
  }
  smear(a, n);
  double s = 0;
  long t = only_smear ? 0 : total(v, n);
  for (long i = 0; i < n; i++)
    s += a[i] + (only_smear ? 0 : w[i]);
  printf("%.9e %ld\n", s, t);
  free(a);
  free(v);
  free(w);
  return 0;
}
