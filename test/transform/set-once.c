// A pointer declared without a value and set once by a statement of the
// function's block before any other mention (`int *a; ... a = malloc(..);`,
// as C89 code writes it) holds one value wherever it is read, and set by an
// allocation it is an object of the function's own: a loop's calls that
// read or write it are spawned as over `int *a = malloc(..);`. Set twice,
// read before it is set, or in a function with a label, it may change: the
// regions at the call are then unknown, and the calls are spawned under a
// run-time test, whose remark names the second set, past the one that gives
// it its value.
// RUN: rm -rf %t.out
// RUN: cleave parallelize %s -o %t.out 2>&1 | FileCheck --check-prefix=REMARK %s
// RUN: %cc -Wall -Wextra -Werror %s -o %t.seq
// RUN: %t.seq 100000 > %t.expected
// RUN: %cc -Wall -Wextra -Werror %t.out/set-once.c %t.out/cleave_stubs.c %cleave_rt -o %t.par
// RUN: env CLEAVE_NODES=1 %t.par 100000 | diff %t.expected -
// RUN: env CLEAVE_NODES=2 %t.par 100000 | diff %t.expected -
// RUN: env CLEAVE_NODES=4 CLEAVE_PASS=copy %t.par 100000 | diff %t.expected -
#include <stdio.h>
#include <stdlib.h>

long sum(const int *x, int count) {
  long s = 0;
  int i;
  for (i = 0; i < count; i++)
    s += x[i];
  return s;
}

long once(int n) {
  int *a;
  long total = 0;
  int i, q;
  q = n / 4;
  a = malloc(n * sizeof *a);
  for (i = 0; i < n; i++)
    a[i] = i % 13;
  for (i = 0; i < 4; i++)
    total += sum(a + i * q, q);
  free(a);
  return total;
}
// REMARK: set-once.c:[[@LINE-4]]:14: remark: call to 'sum' runs asynchronously on the next node of the binomial tree; joined after its loop

void scale(double *w, int m, double k) {
  int i;
  for (i = 0; i < m; i++)
    w[i] *= k;
}

// Written in every iteration: an allocation of its own, set once.
double written(int n) {
  double *v;
  int i, q = n / 4;
  v = malloc(n * sizeof *v);
  for (i = 0; i < n; i++)
    v[i] = i;
  for (i = 0; i < 4; i++)
    scale(v + i * q, q, i + 1.0);
  double s = v[1] + v[4 * q - 1];
  free(v);
  return s;
}
// REMARK: set-once.c:[[@LINE-5]]:5: remark: call to 'scale' runs asynchronously on the next node of the binomial tree; joined after its loop

long twice(int n) {
  int *a;
  long total = 0;
  int i, q = n / 4;
  a = malloc(n * sizeof *a);
  for (i = 0; i < n; i++)
    a[i] = i % 7;
  for (i = 0; i < 4; i++)
    total += sum(a + i * q, q);
  free(a);
  a = malloc(sizeof *a);
  a[0] = 1;
  total += a[0];
  free(a);
  return total;
}
// REMARK: set-once.c:[[@LINE-8]]:14: remark: call to 'sum' runs asynchronously on the next node of the binomial tree; joined after its loop, line [[@LINE-8]], with the calls of the other iterations; under a run-time test: its regions are the callee's, evaluated at the spawn (the regions of its pointer arguments are unknown here: argument 'a + i * q' (for 'x') lies at 'a', which changes at line [[@LINE-6]]

long labelled(int n) {
  int *a;
  long total = 0;
  int i, q = n / 4;
  a = malloc(n * sizeof *a);
  for (i = 0; i < n; i++)
    a[i] = i % 5;
again:
  for (i = 0; i < 4; i++)
    total += sum(a + i * q, q);
  if (total < 0)
    goto again;
  free(a);
  return total;
}
// REMARK: set-once.c:[[@LINE-6]]:14: remark: call to 'sum' runs asynchronously on the next node of the binomial tree; joined after its loop, line [[@LINE-6]], with the calls of the other iterations; under a run-time test: its regions are the callee's, evaluated at the spawn (the regions of its pointer arguments are unknown here: argument 'a + i * q' (for 'x') lies at 'a', which changes at line [[@LINE-11]]

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 1000;
  printf("%ld %g %ld %ld\n", once(n), written(n), twice(n), labelled(n));
  return 0;
}
