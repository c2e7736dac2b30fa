// A loop's call that writes its iteration's slot of an array a pointer
// parameter of the caller points to (`for (i = lo; i < hi; i++) cell(in,
// out, i)`, out a parameter that never changes) is spawned in every
// iteration, as a slot of a global is: no two slots overlap, nothing else
// of the loop touches the array, and no other region of the call reaches
// it. Where the caller's two pointers may be one array (both are passed
// the same one somewhere) the call is tested at run time against the
// loop's calls still out (the in-place call below finds the overlap); it
// stays sequential where the loop touches the array itself.
// RUN: rm -rf %t.out
// RUN: cleave parallelize %s -o %t.out 2>&1 | FileCheck --check-prefix=REMARK %s
// RUN: %cc -Wall -Wextra -Werror %s -o %t.seq
// RUN: %t.seq > %t.expected
// RUN: %cc -Wall -Wextra -Werror %t.out/loop-param-slots.c %t.out/cleave_stubs.c %cleave_rt -o %t.par
// RUN: env CLEAVE_NODES=1 %t.par | diff %t.expected -
// RUN: env CLEAVE_NODES=2 %t.par | diff %t.expected -
// RUN: env CLEAVE_NODES=3 CLEAVE_PASS=copy %t.par | diff %t.expected -
// RUN: env CLEAVE_NODES=4 %t.par | diff %t.expected -
// RUN: env CLEAVE_NODES=2 CLEAVE_REPORT_TESTS=1 %t.par 2>&1 >/dev/null | FileCheck --check-prefix=TESTS %s
// TESTS: cleave: run-time region tests: {{[1-9][0-9]*}} made, {{[1-9][0-9]*}} found an overlap
// RUN: %cc -O1 -g -fsanitize=thread %t.out/loop-param-slots.c %t.out/cleave_stubs.c %runtime_threads_sources -o %t.tsan
// RUN: env TSAN_OPTIONS=halt_on_error=1 CLEAVE_NODES=4 %t.tsan | diff %t.expected -
#include <stdio.h>
#include <stdlib.h>

// out[i] from in[i] and in[i + 1], with work enough to be spawned.
static void cell(const double *in, double *out, int i) {
  double s = 0;
  for (int k = 0; k < 400; k++)
    s += (in[i] + in[i + 1]) / (k + 1);
  out[i] = s;
}

// REMARK: loop-param-slots.c:[[@LINE+3]]:5: remark: call to 'cell' runs asynchronously on the next node of the binomial tree; joined after its loop, line [[@LINE+3]], with the calls of the other iterations
static void cells(const double *in, double *out, int lo, int hi) {
  for (int i = lo; i < hi; i++)
    cell(in, out, i);
}

// REMARK: loop-param-slots.c:[[@LINE+3]]:5: remark: call to 'cell' runs asynchronously {{.*}}; under a run-time test: its regions are the callee's, evaluated at the spawn (it writes its part of 'b' in every iteration of its loop, and other iterations' calls read 'a' ('b' and 'a' may point into the same array: the call at line [[@LINE+28]] passes 'y' for both)); each iteration's call is tested
static void shifted(const double *a, double *b, int n) {
  for (int i = 0; i < n; i++)
    cell(a, b, i);
}

// REMARK: loop-param-slots.c:[[@LINE+4]]:5: remark: call to 'cell' stays sequential: its loop may touch 'out', which the call writes (the access 'out[i]' at line [[@LINE+5]] may be inside them)
static double touched(const double *in, double *out, int n) {
  double t = 0;
  for (int i = 0; i < n; i++) {
    cell(in, out, i);
    t += out[i];
  }
  return t;
}

int main(void) {
  int n = 2000;
  double *x = malloc((n + 1) * sizeof *x), *y = malloc((n + 1) * sizeof *y);
  if (!x || !y)
    return 1;
  for (int i = 0; i <= n; i++)
    x[i] = i % 9;
  y[n] = 0;
  cells(x, y, 0, n);
  double s = 0;
  for (int i = 0; i < n; i++)
    s += y[i];
  shifted(y, y, n - 1); // in place: cell i reads y[i + 1] before cell i + 1 writes it
  for (int i = 0; i < n; i++)
    s += y[i] * (i % 3);
  s += touched(x, y, n);
  printf("%.6f\n", s);
  free(x);
  free(y);
  return 0;
}
