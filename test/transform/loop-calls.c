// The one self-call of a loop: every iteration spawns its call, and the loop
// is followed by the joins, in the order of the iterations, each value applied
// to its variable then (so a sum of doubles comes out bit for bit the same).
// Loops that use the variable elsewhere or can be left by a return keep their
// calls sequential, each with a remark. fill's loop gives each iteration its
// half of its parameter's array (a + i * (n / 2), n / 2 elements), so both
// halves are spawned.
// RUN: rm -rf %t.out
// RUN: cleave parallelize %s -o %t.out 2>&1 | FileCheck --check-prefix=REMARK %s
// RUN: FileCheck --check-prefix=EMIT %s < %t.out/loop-calls.c
// RUN: %cc -Wall -Wextra -Werror -Wno-unknown-pragmas %s -o %t.seq
// RUN: %cc -Wall -Wextra -Werror %t.out/loop-calls.c %t.out/cleave_stubs.c %cleave_rt -o %t.par
// RUN: %t.seq > %t.expected
// RUN: FileCheck --check-prefix=RESULT %s < %t.expected
// RUN: env CLEAVE_NODES=1 %t.par | diff %t.expected -
// RUN: env CLEAVE_NODES=2 %t.par | diff %t.expected -
// RUN: env CLEAVE_NODES=3 CLEAVE_PASS=copy %t.par | diff %t.expected -
// RUN: env CLEAVE_NODES=4 %t.par | diff %t.expected -
// RUN: env CLEAVE_NODES=8 %t.par | diff %t.expected -
#include <stdio.h>

// Ways to write n as an ordered sum of parts from 1 to k: a while loop.
// REMARK: loop-calls.c:[[@LINE+8]]:16: remark: call to 'ways' runs asynchronously on the next node of the binomial tree; joined after its loop, line [[@LINE+10]], with the calls of the other iterations
long ways(int n, int k) {
  long total = 0;
  int part = 1;
  if (n == 0)
    return 1;
  while (part <= k && part <= n) {
    if (part != 0)
      total += ways(n - part, k);
    part++;
  }
  return total;
}
// EMIT:      {{^}}  { clv_spawns [[S:cleave_f[0-9]+]] = CLV_SPAWNS_INIT(sizeof(long)); size_t [[S]]_k; while (part <= k && part <= n) {
// EMIT:      {{^}}      clv_spawns_add(&[[S]], ways__spawn((long *)clv_spawns_next(&[[S]]), n - part, k));
// EMIT-NEXT: {{^}}    part++;
// EMIT-NEXT: {{^}}  }
// EMIT-NEXT: {{^}}  for ([[S]]_k = 0; [[S]]_k < [[S]].count; [[S]]_k++) { ways__join([[S]].futures{{\[}}[[S]]_k], (long *)clv_spawns_value(&[[S]], [[S]]_k)); total += *(long *)clv_spawns_value(&[[S]], [[S]]_k); } clv_spawns_free(&[[S]]); }

// A sum of doubles in a for loop, from a region the calls only read.
// REMARK: loop-calls.c:[[@LINE+8]]:10: remark: call to 'weigh' runs asynchronously on the next node of the binomial tree; joined after its loop, line [[@LINE+8]], with the calls of the other iterations
#pragma cleave region(w[0:n])
double weigh(const double *w, int n) {
  double s = 0.1;
  int i;
  if (n < 3)
    return n > 0 ? w[0] / 3 : 0.7;
  for (i = 0; i < 3; i++)
    s += weigh(w + i * (n / 3), n / 3);
  return s;
}

// Loops whose calls stay sequential.
// REMARK: loop-calls.c:[[@LINE+7]]:12: remark: call to 'bad' stays sequential: its loop uses 'acc', which its value updates, elsewhere too
// REMARK: loop-calls.c:[[@LINE+11]]:14: remark: call to 'bad' stays sequential: a 'return' or 'goto' may leave its loop past the joins after it
int bad(int n) {
  int acc = 0, other = 0, i;
  if (n <= 0)
    return 1;
  for (i = 0; i < 2; i++) {
    acc += bad(n - 1 - i);
    if (acc > 1000)
      acc = 1000;
  }
  for (i = 0; i < 2; i++) {
    other += bad(n - 2 - i);
    if (other > 50)
      return other;
  }
  return acc + other;
}

// REMARK: loop-calls.c:[[@LINE+7]]:17: remark: call to 'tally' stays sequential: its value goes to 'cells[0]', which is not a local scalar of the caller
#pragma cleave region(cells[0:1])
long tally(long *cells, int n) {
  int i;
  if (n <= 0)
    return 1;
  for (i = 0; i < 2; i++)
    cells[0] += tally(cells, n - 1 - i);
  return cells[0] % 7 + 1;
}

// REMARK: loop-calls.c:[[@LINE+10]]:5: remark: call to 'fill' runs asynchronously on the next node of the binomial tree; joined after its loop, line [[@LINE+10]], with the calls of the other iterations
#pragma cleave region(a[0:n])
void fill(int *a, int n) {
  int i;
  if (n < 4) {
    for (i = 0; i < n; i++)
      a[i] = n;
    return;
  }
  for (i = 0; i < 2; i++)
    fill(a + i * (n / 2), n / 2);
}

int main(void) {
  double w[729];
  int i;
  for (i = 0; i < 729; i++)
    w[i] = 1.0 / (i + 3);
  printf("ways %ld\n", ways(18, 4));
  printf("weigh %.17g\n", weigh(w, 729));
  printf("bad %d\n", bad(6));
  long cells[1] = {0};
  long t = tally(cells, 10);
  printf("tally %ld %ld\n", t, cells[0]);
  int a[64];
  fill(a, 64);
  printf("fill %d %d\n", a[0], a[63]);
  return 0;
}
// RESULT:      ways 76424
// RESULT-NEXT: weigh
// RESULT-NEXT: bad
// RESULT-NEXT: tally
// RESULT-NEXT: fill 2 2
