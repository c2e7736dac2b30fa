// Sizes kept in globals that only main sets (`int cols;`, read from the
// command line), as the BOTS codes keep theirs: a function that does not
// assign one reads it as a parameter it keeps, so its regions are bounded
// by it (`m[::cols * r: ::cols + ::cols * r]`, rows of ::cols). Written
// three ways: a row of a matrix a loop's call sums, a recursive halving of
// rows (the halves' bytes tested apart at run time: no fact orders the
// global's values), and a size behind a macro and a cast (`j < WIDTH`,
// `(size_t)cols`). A global another function assigns is no such parameter: its
// function's regions are unbounded and its call stays sequential, the
// remark naming the index. Outputs match the sequential build on 1 to 7
// nodes, regions shared or copied (under AddressSanitizer, an access
// outside them is reported), and on mpi (global-sizes-mpi.test), where the
// serving side has the globals before it computes the regions.
// RUN: rm -rf %t.out
// RUN: cleave parallelize %s -o %t.out 2>&1 | FileCheck --check-prefix=REMARK %s
// RUN: cleave analyze %s 2>/dev/null | FileCheck --check-prefix=MODEL %s
// RUN: %cc -Wall -Werror %s -o %t.seq
// RUN: %cc -Wall -Werror %t.out/global-sizes.c %t.out/cleave_stubs.c %cleave_rt -o %t.par
// RUN: %cc -O1 -g -fsanitize=address %t.out/global-sizes.c %t.out/cleave_stubs.c %runtime_threads_sources -o %t.asan
// RUN: %t.seq 300 40 > %t.expected
// RUN: env CLEAVE_NODES=1 %t.par 300 40 | diff %t.expected -
// RUN: env CLEAVE_NODES=2 %t.par 300 40 | diff %t.expected -
// RUN: env CLEAVE_NODES=3 CLEAVE_PASS=copy %t.par 300 40 | diff %t.expected -
// RUN: env CLEAVE_NODES=4 %t.par 300 40 | diff %t.expected -
// RUN: env CLEAVE_NODES=7 CLEAVE_PASS=copy %t.par 300 40 | diff %t.expected -
// RUN: env CLEAVE_NODES=4 CLEAVE_PASS=copy %t.asan 300 40 | diff %t.expected -
#include <stdio.h>
#include <stdlib.h>

int cols;
static long rows;
int limit;
#define WIDTH ((size_t)cols)

// MODEL-LABEL: function clear at
// MODEL: region: g[lo:hi][0: ::cols] (rows of ::cols) (read-write, inferred)
static void clear(double *g, long lo, long hi) {
  if (hi - lo <= 4) {
    for (long i = lo; i < hi; i++)
      for (size_t j = 0; j < WIDTH; j++)
        for (int k = 0; k < 20; k++)
          g[i * cols + j] = g[i * cols + j] * 0.5 + k;
    return;
  }
  long mid = lo + (hi - lo) / 2;
  // REMARK: global-sizes.c:[[@LINE+1]]:3: remark: call to 'clear' runs asynchronously
  clear(g, lo, mid);
  clear(g, mid, hi);
}

// MODEL-LABEL: function row_sum at
// MODEL: region: m[::cols * r: ::cols + ::cols * r] (read, inferred)
static double row_sum(const double *m, int r) {
  double s = 0;
  for (int j = 0; j < cols; j++)
    for (int k = 0; k < 20; k++)
      s += m[r * cols + j] * (k % 3);
  return s;
}

// MODEL-LABEL: function trim at
// MODEL: writes p[?], unbounded: the index at line [[@LINE+3]] depends on 'limit', which is not a parameter the function keeps
static void trim(double *p) {
  for (int i = 0; i < limit; i++)
    p[i] = 0;
}

static void configure(int n) { limit = n / 2; }

int main(int argc, char **argv) {
  rows = argc > 1 ? atol(argv[1]) : 100;
  cols = argc > 2 ? atoi(argv[2]) : 30;
  if (rows < 1 || cols < 1)
    return 1;
  configure(cols);
  double *m = malloc((size_t)rows * cols * sizeof *m);
  double *sums = malloc((size_t)rows * sizeof *sums);
  if (!m || !sums)
    return 1;
  for (long i = 0; i < rows * cols; i++)
    m[i] = (double)((i * 7) % 23);
  for (int r = 0; r < rows; r++)
    // REMARK: global-sizes.c:[[@LINE+1]]:5: remark: call to 'trim' stays sequential: 'trim' has pointer parameter 'p' without a region
    trim(m + r * cols);
  for (int r = 0; r < rows; r++)
    // REMARK: global-sizes.c:[[@LINE+1]]:15: remark: call to 'row_sum' runs asynchronously
    sums[r] = row_sum(m, r);
  clear(m, 0, rows);
  double s = 0, t = 0;
  for (long r = 0; r < rows; r++) {
    s += sums[r] * (r % 5);
    for (int j = 0; j < cols; j++)
      t += m[r * cols + j] * ((r + j) % 3);
  }
  printf("%ld x %d: %.1f %.1f\n", rows, cols, s, t);
  free(m);
  free(sums);
  return 0;
}
