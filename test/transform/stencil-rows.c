// A four-point stencil by rows, divided recursively. relax_row(in, out, i,
// n) reads the rows above and below its own in part (columns 1 to n - 1)
// and its own in full: three intervals with gaps between them, which lie
// in rows i - 1 to i + 1 of n, so its region is in[i - 1:i + 2][0:n] (rows
// of n). sweep's leaf calls it for each row of [lo, hi), and the rows it
// spans, not the products of its counter, make sweep's regions: in[lo -
// 1:hi + 1][0:n] and out[lo:hi][1:n - 1]. The first half of each sweep is
// spawned. An index that is a product of the changing counter with
// itself (square's out[i * i]) is bounded by nothing the parameters give,
// and a call on buffers swapped after each step (steps, swapped) stays
// sequential, with the line where its pointer changes.
// Outputs match the sequential build on 1 to 7 nodes, shared and copied,
// and under AddressSanitizer with regions copied.
// RUN: rm -rf %t.out
// RUN: cleave parallelize %s -o %t.out 2>&1 | FileCheck --check-prefix=REMARK %s
// RUN: cleave analyze %s | FileCheck --check-prefix=MODEL %s
// RUN: %cc -Wall -Wextra -Werror %s -o %t.seq
// RUN: %cc -Wall -Wextra -Werror %t.out/stencil-rows.c %t.out/cleave_stubs.c %cleave_rt -o %t.par
// RUN: %cc -O1 -g -fsanitize=address %t.out/stencil-rows.c %t.out/cleave_stubs.c %runtime_threads_sources -o %t.asan
// RUN: %t.seq 200 > %t.expected
// RUN: env CLEAVE_NODES=1 %t.par 200 | diff %t.expected -
// RUN: env CLEAVE_NODES=2 %t.par 200 | diff %t.expected -
// RUN: env CLEAVE_NODES=3 CLEAVE_PASS=copy %t.par 200 | diff %t.expected -
// RUN: env CLEAVE_NODES=7 %t.par 200 | diff %t.expected -
// RUN: env CLEAVE_NODES=4 CLEAVE_PASS=copy %t.asan 200 | diff %t.expected -
#include <stdio.h>
#include <stdlib.h>

// MODEL-LABEL: function relax_row at
// MODEL: region: in[i - 1:i + 2][0:n] (rows of n) (read, inferred)
// MODEL: region: out[i * n + 1:i * n + n - 1] (read-write, inferred)
static void relax_row(const double *in, double *out, int i, int n) {
  for (int j = 1; j < n - 1; j++)
    out[i * n + j] = 0.25 * (in[(i - 1) * n + j] + in[(i + 1) * n + j] + in[i * n + j - 1] +
                             in[i * n + j + 1]);
}

// MODEL-LABEL: function square at
// MODEL: writes out[?], unbounded: its call of 'square_at' at line [[@LINE+5]] passes 'i' for 'i', whose values there the parameters do not bound
static void square_at(long *out, int i) { out[i * i] = i; }

static void square(long *out, int n) {
  for (int i = 0; i < n; i++)
    square_at(out, i);
}

// MODEL-LABEL: function sweep at
// MODEL: region: in[lo - 1:hi + 1][0:n] (rows of n) (read, inferred)
// MODEL: region: out[lo:hi][1:n - 1] (rows of n) (read-write, inferred)
static void sweep(const double *in, double *out, int lo, int hi, int n) {
  if (hi - lo <= 8) {
    for (int i = lo; i < hi; i++)
      relax_row(in, out, i, n);
    return;
  }
  int mid = lo + (hi - lo) / 2;
  // REMARK: stencil-rows.c:[[@LINE+2]]:3: remark: call to 'sweep' runs asynchronously on the next node of the binomial tree; joined at the end of its block, line [[@LINE+4]]
  // REMARK: stencil-rows.c:[[@LINE+2]]:3: remark: call to 'sweep' stays sequential: it is the part kept on this node
  sweep(in, out, lo, mid, n);
  sweep(in, out, mid, hi, n);
}

// Two buffers swapped after each step: a region lies at a pointer that
// does not change, and the remark names where this one does.
static double steps(int n, int k) {
  double *p = calloc((size_t)n * n, sizeof *p), *q = calloc((size_t)n * n, sizeof *q);
  if (!p || !q)
    exit(1);
  for (int i = 0; i < n; i++)
    p[i] = q[i] = 1.0;
  for (int s = 0; s < k; s++) {
    for (int i = 1; i < n - 1; i++)
      // REMARK: stencil-rows.c:[[@LINE+1]]:7: remark: call to 'relax_row' runs asynchronously on the next node of the binomial tree; joined after its loop, line [[@LINE+1]], with the calls of the other iterations; under a run-time test: its regions are the callee's, evaluated at the spawn (the regions of its pointer arguments are unknown here: argument 'p' (for 'in') lies at 'p', which changes at line [[@LINE+3]], and a region lies only at a pointer the caller never changes: a parameter, an allocation or array of its own, or a global array
      relax_row(p, q, i, n);
    double *t = p;
    p = q;
    q = t;
  }
  double sum = 0;
  for (int i = 0; i < n * n; i++)
    sum += p[i];
  free(p);
  free(q);
  return sum;
}

// The same with the buffers passed: the region lies at the parameter, but
// its rows in one turn of the loop are not those of the next.
static void swapped(double *p, double *q, int n, int k) {
  for (int s = 0; s < k; s++) {
    for (int i = 1; i < n - 1; i++)
      // REMARK: stencil-rows.c:[[@LINE+1]]:7: remark: call to 'relax_row' stays sequential: it writes 'q' in every iteration of its loop, and 'q' changes at line [[@LINE+4]]: only the parts of an array that the caller never moves are told apart
      relax_row(p, q, i, n);
    double *t = p;
    p = q;
    q = t;
  }
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 200;
  double *a = calloc((size_t)n * n, sizeof *a), *b = calloc((size_t)n * n, sizeof *b);
  long *sq = malloc(sizeof *sq * 100);
  if (!a || !b || !sq || n < 3)
    return 1;
  for (int i = 0; i < n; i++)
    a[i] = b[i] = 100.0;
  for (int s = 0; s < 20; s++) {
    sweep(a, b, 1, n - 1, n);
    sweep(b, a, 1, n - 1, n);
  }
  square(sq, 10);
  swapped(a, b, n, 2);
  double sum = 0;
  for (int i = 0; i < n * n; i++)
    sum += a[i] * (i % 7 + 1);
  printf("%.6f %ld %.6f\n", sum, sq[81], steps(n, 5));
  free(a);
  free(b);
  free(sq);
  return 0;
}
