// Quicksort: regions start at lo, the join goes to the end of the block, the
// function is static (reached through an emitted entry), and the remote side
// calls a helper of its own.
// RUN: rm -rf %t.out
// RUN: cleave parallelize %s -o %t.out 2>&1 | FileCheck --check-prefix=REMARK %s
// RUN: FileCheck --check-prefix=EMIT %s < %t.out/quicksort.c
// RUN: %cc -Wall -Werror %s -Wno-unknown-pragmas -o %t.seq
// RUN: %cc -Wall -Werror %t.out/quicksort.c %t.out/cleave_stubs.c %cleave_rt -o %t.par
// RUN: %t.seq > %t.expected
// RUN: env CLEAVE_NODES=1 %t.par | diff %t.expected -
// RUN: env CLEAVE_NODES=2 %t.par | diff %t.expected -
// RUN: env CLEAVE_NODES=3 %t.par | diff %t.expected -
// RUN: env CLEAVE_NODES=4 %t.par | diff %t.expected -
// RUN: env CLEAVE_NODES=8 %t.par | diff %t.expected -
// RUN: env CLEAVE_NODES=5 CLEAVE_PASS=copy %t.par | diff %t.expected -
// RUN: FileCheck --check-prefix=RESULT %s < %t.expected
#include <stdio.h>

static void swap(double *x, double *y) {
  double t = *x;
  *x = *y;
  *y = t;
}

static int partition(double *a, int lo, int hi) {
  double pivot = a[hi];
  int i = lo;
  for (int j = lo; j < hi; j++)
    if (a[j] < pivot)
      swap(&a[i++], &a[j]);
  swap(&a[i], &a[hi]);
  return i;
}

#pragma cleave region(a[lo:hi + 1])
static void quicksort(double *a, int lo, int hi) {
  if (lo >= hi)
    return;
  int p = partition(a, lo, hi);
  quicksort(a, lo, p - 1);
  quicksort(a, p + 1, hi);
}
// REMARK: quicksort.c:[[@LINE-3]]:3: remark: call to 'quicksort' runs asynchronously on the next node of the binomial tree; joined at the end of its block, line [[@LINE-1]]
// REMARK: quicksort.c:[[@LINE-3]]:3: remark: call to 'quicksort' stays sequential: it is the part kept on this node

// EMIT: clv_future *cleave_f1 = quicksort__spawn(a, lo, p - 1);
// EMIT-NEXT: quicksort__here(a, p + 1, hi);
// EMIT-NEXT: quicksort__join(cleave_f1);
// EMIT-NEXT: }
// EMIT: void quicksort__cleave(double *a, int lo, int hi) {
// EMIT-NEXT: quicksort(a, lo, hi);

int main(void) {
  enum { N = 5000 };
  static double v[N];
  unsigned s = 12345;
  for (int i = 0; i < N; i++) {
    s = s * 1103515245u + 12345u;
    v[i] = (double)(s % 100000) / 7.0;
  }
  quicksort(v, 0, N - 1);
  double sum = 0;
  int ok = 1;
  for (int i = 0; i < N; i++) {
    sum += v[i] * (i % 13);
    if (i && v[i - 1] > v[i])
      ok = 0;
  }
  printf("sorted %d weighted sum %.3f\n", ok, sum);
  return 0;
}
// EMIT: {{^}}int main(void) { cleave_start(0, 0);
// RESULT: sorted 1 weighted sum {{[0-9.]+}}
