// Regions at pointers read from memory. A matrix kept as rows of pointers
// (`double **a`, each row its own malloc) times a vector: `y[i] =
// dot(a[i], x, n)` reads the row that a[i] holds. What a pointer read from
// memory points into is unknown, so its region serves only to be read: the
// calls are spawned when nothing running beside them writes memory such a
// pointer may hold. Here the loop writes only y, an allocation of main's
// own that no pointer in memory holds (its address is never stored or
// passed on), and the values land in y after the loop. A loop's call that
// writes through such a pointer is spawned under a run-time test of its
// bytes against the loop's other calls (loop-checked.c); a call beside a
// write of an allocation whose address is stored in memory stays
// sequential, and its remark names the fact. Outputs match the sequential build on 1 to 7 nodes,
// shared and copied, under AddressSanitizer with regions copied (each row
// travels as a[i][0:n]) and under ThreadSanitizer.
// RUN: rm -rf %t.out
// RUN: cleave parallelize %s -o %t.out 2>&1 | FileCheck --check-prefix=REMARK %s
// RUN: %cc -Wall -Wextra -Werror %s -o %t.seq
// RUN: %cc -Wall -Wextra -Werror %t.out/loaded-pointers.c %t.out/cleave_stubs.c %cleave_rt -o %t.par
// RUN: %t.seq 300 > %t.expected
// RUN: env CLEAVE_NODES=1 %t.par 300 | diff %t.expected -
// RUN: env CLEAVE_NODES=2 %t.par 300 | diff %t.expected -
// RUN: env CLEAVE_NODES=3 CLEAVE_PASS=copy %t.par 300 | diff %t.expected -
// RUN: env CLEAVE_NODES=7 %t.par 300 | diff %t.expected -
// RUN: %cc -O1 -g -fsanitize=address %t.out/loaded-pointers.c %t.out/cleave_stubs.c %runtime_threads_sources -o %t.asan
// RUN: env CLEAVE_NODES=4 CLEAVE_PASS=copy %t.asan 300 | diff %t.expected -
// RUN: %cc -O1 -g -fsanitize=thread %t.out/loaded-pointers.c %t.out/cleave_stubs.c %runtime_threads_sources -o %t.tsan
// RUN: env TSAN_OPTIONS=halt_on_error=1 CLEAVE_NODES=4 %t.tsan 300 | diff %t.expected -
#include <stdio.h>
#include <stdlib.h>

static double dot(const double *a, const double *b, int n) {
  double s = 0;
  for (int k = 0; k < n; k++)
    s += a[k] * b[k];
  return s;
}

static void halve(double *a, int n) {
  for (int k = 0; k < n; k++)
    a[k] /= 2;
}

static double **matrix(int n) {
  double **a = malloc(n * sizeof *a);
  if (!a)
    exit(1);
  for (int i = 0; i < n; i++) {
    a[i] = malloc(n * sizeof **a);
    if (!a[i])
      exit(1);
    for (int j = 0; j < n; j++)
      a[i][j] = (double)((i * 7 + j * 3) % 11) / 11.0;
  }
  return a;
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 300;
  double **a = matrix(n);
  double *x = malloc(n * sizeof *x), *y = malloc(n * sizeof *y);
  double **b = malloc(n * sizeof *b), *z = malloc(n * sizeof *z);
  if (!x || !y || !b || !z)
    return 1;
  for (int i = 0; i < n; i++)
    x[i] = 1.0 / (i + 1);
  for (int r = 0; r < 4; r++) {
    for (int i = 0; i < n; i++)
      // REMARK: loaded-pointers.c:[[@LINE+1]]:14: remark: call to 'dot' runs asynchronously on the next node of the binomial tree; joined after its loop, line [[@LINE+1]], with the calls of the other iterations
      y[i] = dot(a[i], x, n);
    for (int i = 0; i < n; i++)
      x[i] = y[i] / n;
  }
  for (int i = 0; i < n; i++)
    // REMARK: loaded-pointers.c:[[@LINE+1]]:5: remark: call to 'halve' runs asynchronously on the next node of the binomial tree; joined after its loop, line [[@LINE+1]], with the calls of the other iterations; under a run-time test: its regions are the callee's, evaluated at the spawn (the regions of its pointer arguments are unknown here: argument 'a[i]' (for 'a') is a pointer read from memory, and 'halve' writes through it: what else may point there is unknown); each iteration's call is tested against the calls of the loop still out
    halve(a[i], n);
  // b's rows are a's, but the first is z, which the loop below writes.
  for (int i = 0; i < n; i++)
    b[i] = a[i];
  b[0] = z;
  for (int i = 0; i < n; i++)
    z[i] = 1;
  for (int i = 0; i < n; i++)
    // REMARK: loaded-pointers.c:[[@LINE+1]]:12: remark: call to 'dot' stays sequential: its value goes to 'z[i]', and 'z' may be reached through a pointer: its mention at line [[@LINE-4]] may let a pointer keep its address
    z[i] = dot(b[i], x, n);
  double s = 0;
  for (int i = 0; i < n; i++)
    s += x[i] + z[i];
  printf("%.10f\n", s);
  for (int i = 0; i < n; i++)
    free(a[i]);
  free(a);
  free(b);
  free(x);
  free(y);
  free(z);
  return 0;
}
