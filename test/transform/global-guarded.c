// A global's region holds its own elements only. smooth reads A[yy] for yy
// from y - 1 to y + 1 under a test that keeps yy inside A; the loop gives
// the region ::A[y - 1:y + 2], which for y = 0 and y = N - 1 reaches past
// A. The stubs clamp a global's region to its elements, so that a copy
// neither reads nor writes the memory beside it: built with
// AddressSanitizer and run with regions copied, no report (before, a
// global-buffer-overflow 8 bytes to the left of 'A').
// RUN: rm -rf %t.out
// RUN: cleave parallelize %s -o %t.out 2>&1 | FileCheck --check-prefix=REMARK %s
// RUN: FileCheck --check-prefix=STUBS %s < %t.out/cleave_stubs.c
// RUN: %cc -Wall -Wextra -Werror %s -o %t.seq
// RUN: %t.seq > %t.expected
// RUN: %cc -Wall -Wextra -Werror %t.out/global-guarded.c %t.out/cleave_stubs.c %cleave_rt -o %t.par
// RUN: env CLEAVE_NODES=2 %t.par | diff %t.expected -
// RUN: env CLEAVE_NODES=3 CLEAVE_PASS=copy %t.par | diff %t.expected -
// RUN: %cc -O1 -g -fsanitize=address %t.out/global-guarded.c %t.out/cleave_stubs.c %runtime_threads_sources -o %t.asan
// RUN: env CLEAVE_NODES=4 CLEAVE_PASS=copy %t.asan | diff %t.expected -
// STUBS: cleave_g_A__lo = y - 1;
// STUBS-NEXT: cleave_g_A__hi = y + 2;
// STUBS-NEXT: if (cleave_g_A__lo < 0)
// STUBS-NEXT: cleave_g_A__lo = 0;
// STUBS-NEXT: if (cleave_g_A__hi > 1000)
// STUBS-NEXT: cleave_g_A__hi = 1000;
#include <stdio.h>

#define N 1000

double A[N], B[N];

// B[y]: the mean of A[y - 1], A[y] and A[y + 1], those that exist.
static void smooth(int y) {
  double s = 0;
  int k = 0;
  for (int r = 0; r < 200; r++)
    for (int yy = y - 1; yy <= y + 1; yy++)
      if (yy >= 0 && yy < N) {
        s += A[yy];
        k++;
      }
  B[y] = s / k;
}

int main(void) {
  for (int i = 0; i < N; i++)
    A[i] = i % 7;
  // REMARK: global-guarded.c:[[@LINE+2]]:5: remark: call to 'smooth' runs asynchronously
  for (int i = 0; i < N; i++)
    smooth(i);
  double s = 0;
  for (int i = 0; i < N; i++)
    s += B[i];
  printf("%.6f\n", s);
  return 0;
}
