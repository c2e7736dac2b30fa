// A region that may reach past its array travels only as an address. rows
// smooths a line by halves; its leaf reads in[yy] for yy from i - 1 to
// i + 1 under a test that keeps yy inside the line, so the loops give the
// region in[lo - 1:hi + 1], one element past each end for the first and
// last rows. Shared, that only widens what is proved apart, and the first
// half is spawned; copied, it read in[-1] (AddressSanitizer:
// heap-buffer-overflow with CLEAVE_PASS=copy), so where regions are copied
// the call runs where it is made, and the remark says why. A test of a
// parameter (`if (hi - lo <= 64)`) flags nothing: it bounds no loop less. A
// test that leaves the iteration (`if (yy < 0 || yy >= n) continue;`) is
// one too.
// RUN: rm -rf %t.out
// RUN: cleave parallelize %s -o %t.out 2>&1 | FileCheck --check-prefix=REMARK %s
// RUN: FileCheck --check-prefix=STUBS %s < %t.out/cleave_stubs.c
// RUN: cleave analyze %s | FileCheck --check-prefix=ANALYZE %s
// RUN: cleave analyze %s | FileCheck --check-prefix=AROUND %s
// RUN: %cc -Wall -Wextra -Werror %s -o %t.seq
// RUN: %t.seq > %t.expected
// RUN: %cc -Wall -Wextra -Werror %t.out/past-array.c %t.out/cleave_stubs.c %cleave_rt -o %t.par
// RUN: env CLEAVE_NODES=2 %t.par | diff %t.expected -
// RUN: env CLEAVE_NODES=3 CLEAVE_PASS=copy %t.par | diff %t.expected -
// RUN: %cc -O1 -g -fsanitize=address %t.out/past-array.c %t.out/cleave_stubs.c %runtime_threads_sources -o %t.asan
// RUN: env CLEAVE_NODES=4 CLEAVE_PASS=copy %t.asan | diff %t.expected -
// RUN: env CLEAVE_NODES=4 %t.asan | diff %t.expected -
// ANALYZE: function rows
// ANALYZE: stays on its node where regions are copied: the index at line [[@LINE+16]] is tested at line [[@LINE+15]], and its loops' bounds, which make its region, may reach past 'in'
// STUBS: /* cleave: where regions are copied, 'rows' runs here: the index at line {{[0-9]+}} is tested
// STUBS-NEXT: cleave_node = !clv_shares_memory() ? -1 : clv_spawn_node_for(CLEAVE_FN_rows,
#include <stdio.h>
#include <stdlib.h>

// out[i]: the mean of in[i - 1], in[i] and in[i + 1], those that exist, for
// i in [lo, hi).
static void rows(const double *in, double *out, int lo, int hi, int n) {
  if (hi - lo <= 64) {
    for (int i = lo; i < hi; i++) {
      double s = 0;
      int k = 0;
      for (int r = 0; r < 50; r++)
        for (int yy = i - 1; yy <= i + 1; yy++)
          if (yy >= 0 && yy < n) {
            s += in[yy];
            k++;
          }
      out[i] = s / k;
    }
    return;
  }
  int mid = lo + (hi - lo) / 2;
  // REMARK: past-array.c:[[@LINE+1]]:3: remark: call to 'rows' runs asynchronously on the next node of the binomial tree; joined at the end of its block, line [[@LINE+3]]; where regions are copied (mpi) it runs here: the index at line {{[0-9]+}} is tested at line {{[0-9]+}}, and its loops' bounds, which make its region, may reach past 'in'
  rows(in, out, lo, mid, n);
  rows(in, out, mid, hi, n);
}

// AROUND: function around
// AROUND: stays on its node where regions are copied: the index at line [[@LINE+7]] is tested at line [[@LINE+5]], and its loops' bounds, which make its region, may reach past 'in'
// The same test as a jump out of the iteration: in[i - 1:i + 2] again.
static double around(const double *in, int i, int n) {
  double s = 0;
  for (int yy = i - 1; yy <= i + 1; yy++) {
    if (yy < 0 || yy >= n)
      continue;
    s += in[yy];
  }
  return s;
}

int main(void) {
  int n = 3000;
  double *a = malloc(n * sizeof *a), *b = malloc(n * sizeof *b);
  if (!a || !b)
    return 1;
  for (int i = 0; i < n; i++)
    a[i] = i % 7;
  rows(a, b, 0, n, n);
  double s = 0;
  for (int i = 0; i < n; i++)
    s += b[i];
  printf("%.6f %.1f\n", s, around(a, 0, n));
  free(a);
  free(b);
  return 0;
}
