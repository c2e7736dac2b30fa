// A recursion on a[l..r] whose leaf is `l >= r` touches a[l:r + 1] only
// where r >= l on entry: every self-call keeps that, but main's call with
// n - 1 does not show it. The rewritten function tests it on entry and runs
// as written where it fails (maxr(a, 5, 3) reads a[5]); a call from another
// function that does not show it passes no region, and the remark says so.
// RUN: rm -rf %t.out
// RUN: cleave parallelize %s -o %t.out 2>&1 | FileCheck --check-prefix=REMARK %s
// RUN: cleave analyze %s | FileCheck --check-prefix=MODEL %s
// RUN: FileCheck --check-prefix=EMIT %s < %t.out/entry-guard.c
// RUN: %cc -Wall -Werror %s -o %t.seq
// RUN: %cc -Wall -Werror %t.out/entry-guard.c %t.out/cleave_stubs.c %cleave_rt -o %t.par
// RUN: %t.seq 100000 > %t.expected
// RUN: env CLEAVE_NODES=1 %t.par 100000 | diff %t.expected -
// RUN: env CLEAVE_NODES=2 %t.par 100000 | diff %t.expected -
// RUN: env CLEAVE_NODES=3 CLEAVE_PASS=copy %t.par 100000 | diff %t.expected -
// RUN: env CLEAVE_NODES=4 %t.par 100000 | diff %t.expected -
// RUN: env CLEAVE_NODES=7 CLEAVE_PASS=copy %t.par 100000 | diff %t.expected -
#include <stdio.h>
#include <stdlib.h>

int maxr(const int *a, int l, int r) {
  if (l >= r)
    return a[l];
  int m = l + (r - l) / 2;
  int x = maxr(a, l, m);
  int y = maxr(a, m + 1, r);
  return x > y ? x : y;
}
// REMARK: entry-guard.c:[[@LINE-4]]:11: remark: call to 'maxr' runs asynchronously on the next node of the binomial tree; joined before line [[@LINE-2]]
// EMIT:      {{^}}int maxr(const int *a, int l, int r) {
// EMIT-NEXT:   if (!((long long)r - (long long)l >= 0 && (long long)r >= 0)) return maxr__cleave_seq_entry(a, l, r);
// EMIT-NEXT:   if (l >= r)

// MODEL-LABEL: function maxr at
// MODEL:         region: a[l:r + 1] (read, inferred)
// MODEL-NEXT:    tests on entry: r - l >= 0, r >= 0 (runs as written where they fail)
// MODEL-NEXT:    can run on another node

// Its call of maxr does not show r >= l.
int probe(const int *a, int k) {
  if (k <= 0)
    return 0;
  int x = maxr(a, k, k - 1);
  int y = probe(a, k - 1);
  return x + y;
}
// REMARK: entry-guard.c:[[@LINE-3]]:11: remark: call to 'probe' stays sequential: 'probe' has pointer parameter 'a' without a region (its call of 'maxr' at line [[@LINE-4]] does not show 'r - l >= 0', which 'maxr' tests on entry, its regions holding only where it does;

// A loop's call that does not show r >= l (q - 1 is -1 where n < 4) is not
// spawned: the regions its stubs would copy hold only where it holds.
long quarters(const int *a, int n) {
  long s = 0;
  int i, q = n / 4;
  for (i = 0; i < 4; i++)
    s += maxr(a + i * q, 0, q - 1);
  return s;
}
// REMARK: entry-guard.c:[[@LINE-3]]:10: remark: call to 'maxr' stays sequential: 'maxr' tests 'r - l >= 0' on entry, its regions holding only where it does, and this call does not show it

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 1000;
  int *a = malloc(n * sizeof *a);
  for (int i = 0; i < n; i++)
    a[i] = (int)((i * 2654435761u) % 1000003);
  printf("%d %d %d %ld\n", maxr(a, 0, n - 1), maxr(a, 5, 3), probe(a, 20), quarters(a, n));
  free(a);
  return 0;
}
