// A parameter written `double a[][M]` (a pointer to rows of M doubles):
// its region counts rows, the elements its pointer steps over, so a[i][j]
// for i in [lo, hi) is a[lo:hi], and a row travels as its M values. (The
// index once added j to i, which made the region a[lo:hi + M - 1] and sent
// rows past the end of the array.) Under AddressSanitizer with regions
// copied, a region past the array's end is reported.
// RUN: cleave analyze %s | FileCheck --check-prefix=MODEL %s
// RUN: rm -rf %t.out
// RUN: cleave parallelize %s -o %t.out 2>&1 | FileCheck --check-prefix=REMARK %s
// RUN: %cc -Wall -Werror %s -o %t.seq
// RUN: %cc -Wall -Werror %t.out/array-rows.c %t.out/cleave_stubs.c %cleave_rt -o %t.par
// RUN: %t.seq > %t.expected
// RUN: env CLEAVE_NODES=2 %t.par | diff %t.expected -
// RUN: env CLEAVE_NODES=3 CLEAVE_PASS=copy %t.par | diff %t.expected -
// RUN: %cc -O1 -g -fsanitize=address %t.out/array-rows.c %t.out/cleave_stubs.c %runtime_threads_sources -o %t.asan
// RUN: env CLEAVE_NODES=8 CLEAVE_PASS=copy %t.asan | diff %t.expected -
#include <stdio.h>

#define M 8

// MODEL-LABEL: function fill at
// MODEL: region: a[lo:hi] (read-write, inferred)
void fill(double a[][M], int lo, int hi) {
  if (hi - lo > 2) {
    int mid = (lo + hi) / 2;
    // REMARK: array-rows.c:[[@LINE+1]]:5: remark: call to 'fill' runs asynchronously
    fill(a, lo, mid);
    fill(a, mid, hi);
    return;
  }
  for (int i = lo; i < hi; i++)
    for (int j = 0; j < M; j++)
      a[i][j] = i * 10 + j;
}

int main(void) {
  double m[64][M];
  fill(m, 0, 64);
  double s = 0;
  for (int i = 0; i < 64; i++)
    for (int j = 0; j < M; j++)
      s += m[i][j] * (i + j);
  printf("%.1f\n", s);
  return 0;
}
