// A loop's call that writes its iteration's part of a global: no other
// region of its calls may reach that part unless a test at run time tells
// them apart. A pointer the caller was given may point into the global
// (sweep(g) below: iteration i reads g[i + 1], which iteration i + 1 writes;
// spawned without a test, the output changed on 2 and 4 nodes): each call
// is tested against the loop's calls still out, and every test of sweep(g)
// finds the overlap. The callee may read the global beyond its part.
// Another global is another object, so that loop's calls are spawned.
// RUN: rm -rf %t.out
// RUN: cleave parallelize %s -o %t.out 2>&1 | FileCheck --check-prefix=REMARK %s
// RUN: %cc -Wall -Wextra -Werror %s -o %t.seq
// RUN: %cc -Wall -Wextra -Werror %t.out/loop-global-alias.c %t.out/cleave_stubs.c %cleave_rt -o %t.par
// RUN: %t.seq > %t.expected
// RUN: env CLEAVE_NODES=1 %t.par | diff %t.expected -
// RUN: env CLEAVE_NODES=2 %t.par | diff %t.expected -
// RUN: env CLEAVE_NODES=3 CLEAVE_PASS=copy %t.par | diff %t.expected -
// RUN: env CLEAVE_NODES=4 %t.par | diff %t.expected -
// RUN: env CLEAVE_NODES=2 CLEAVE_REPORT_TESTS=1 %t.par 2>&1 >/dev/null | FileCheck --check-prefix=TESTS %s
// TESTS: cleave: run-time region tests: {{[1-9][0-9]*}} made, {{[1-9][0-9]*}} found an overlap
#include <stdio.h>

#define N 3000

int g[N], h[N];

// g[i] from in[i + 1], with work enough to be spawned.
static void step(const int *in, int i) {
  int s = 0;
  for (int k = 0; k < 500; k++)
    s += (in[i + 1] + k) % 7;
  g[i] = s + in[i + 1];
}

// REMARK: loop-global-alias.c:[[@LINE+3]]:5: remark: call to 'step' runs asynchronously {{.*}}; under a run-time test: its regions are the callee's, evaluated at the spawn (it writes its part of 'g' in every iteration of its loop, and other iterations' calls read 'p' ('g' and 'p' may point into the same array)); each iteration's call is tested against the calls of the loop still out
static void sweep(const int *p) {
  for (int i = 0; i < N - 1; i++)
    step(p, i);
}

// REMARK: loop-global-alias.c:[[@LINE+3]]:5: remark: call to 'step' runs asynchronously on the next node of the binomial tree; joined after its loop, line [[@LINE+3]], with the calls of the other iterations
static void from_h(void) {
  for (int i = 0; i < N - 1; i++)
    step(h, i);
}

// g[i] from g[i + 1], read through the global itself.
static void shift(int i) {
  int s = 0;
  for (int k = 0; k < 500; k++)
    s += (g[i + 1] + k) % 5;
  g[i] = s;
}

// REMARK: loop-global-alias.c:[[@LINE+3]]:5: remark: call to 'shift' stays sequential: it writes 'g' in every iteration of its loop, and its iteration's part, g[i:i + 2], is not shown apart from the other iterations' (the counter 'i' must move it past its end)
static void shifts(void) {
  for (int i = 0; i < N - 1; i++)
    shift(i);
}

static long sum(void) {
  long t = 0;
  for (int i = 0; i < N; i++)
    t += (long)g[i] * (i % 3 + 1);
  return t;
}

int main(void) {
  for (int i = 0; i < N; i++) {
    g[i] = i % 5;
    h[i] = i % 11;
  }
  sweep(g);
  long a = sum();
  from_h();
  long b = sum();
  shifts();
  printf("%ld %ld %ld\n", a, b, sum());
  return 0;
}
