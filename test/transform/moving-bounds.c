// A range walked by its own bounds. part scales rows [lo, hi) by halves,
// and its leaf moves lo itself (`for (; lo < hi; lo++)`), calling scale on
// each row; the recursion comes after the leaf's return, where lo and mid
// still hold what part was passed and its middle. The loop's counter runs
// from lo's value on entry to hi, so scale's rows join into in[lo:hi] and
// out[lo:hi], and the first half of each call is spawned, as is each leaf's every row. The same loop
// where lo moved before it, or inside another loop, starts elsewhere: the
// polyhedra give those their regions. Outputs match the sequential build
// on 1 to 7 nodes, shared and copied, and under AddressSanitizer with
// regions copied (a copy past in[lo:hi] would be reported).
// RUN: rm -rf %t.out
// RUN: cleave parallelize %s -o %t.out 2>&1 | FileCheck --check-prefix=REMARK %s
// RUN: cleave analyze %s | FileCheck --check-prefix=MODEL %s
// RUN: %cc -Wall -Wextra -Werror %s -o %t.seq
// RUN: %cc -Wall -Wextra -Werror %t.out/moving-bounds.c %t.out/cleave_stubs.c %cleave_rt -o %t.par
// RUN: %cc -O1 -g -fsanitize=address %t.out/moving-bounds.c %t.out/cleave_stubs.c %runtime_threads_sources -o %t.asan
// RUN: %t.seq > %t.expected
// RUN: env CLEAVE_NODES=1 %t.par | diff %t.expected -
// RUN: env CLEAVE_NODES=2 %t.par | diff %t.expected -
// RUN: env CLEAVE_NODES=3 CLEAVE_PASS=copy %t.par | diff %t.expected -
// RUN: env CLEAVE_NODES=7 %t.par | diff %t.expected -
// RUN: env CLEAVE_NODES=4 CLEAVE_PASS=copy %t.asan | diff %t.expected -
#include <stdio.h>
#include <stdlib.h>

static void scale(const double *in, double *out, int i) {
  double s = in[i];
  for (int r = 0; r < 200; r++)
    s = s * 0.5 + in[i];
  out[i] = s;
}

// MODEL-LABEL: function part at
// MODEL: region: in[lo:hi] (read, inferred)
// MODEL: region: out[lo:hi] (read-write, inferred)
// MODEL: divide and conquer
static void part(const double *in, double *out, int lo, int hi) {
  if (hi - lo <= 16) {
    // REMARK: moving-bounds.c:[[@LINE+2]]:7: remark: call to 'scale' runs asynchronously on the next node of the binomial tree; joined after its loop, line [[@LINE+2]], with the calls of the other iterations
    for (; lo < hi; lo++)
      scale(in, out, lo);
    return;
  }
  int mid = lo + (hi - lo) / 2;
  // REMARK: moving-bounds.c:[[@LINE+2]]:3: remark: call to 'part' runs asynchronously on the next node of the binomial tree; joined at the end of its block, line [[@LINE+4]]
  // REMARK: moving-bounds.c:[[@LINE+2]]:3: remark: call to 'part' stays sequential: it is the part kept on this node
  part(in, out, lo, mid);
  part(in, out, mid, hi);
}

// MODEL-LABEL: function shifted at
// MODEL: region: out[lo + 1:hi] (read-write, inferred)
static void shifted(double *out, int lo, int hi) {
  lo = lo + 1;
  for (; lo < hi; lo++)
    out[lo] = 1;
}

// MODEL-LABEL: function swept at
// MODEL: region: out[lo:hi] (read-write, inferred)
static void swept(double *out, int lo, int hi, int reps) {
  for (int r = 0; r < reps; r++)
    for (; lo < hi; lo++)
      out[lo] += r;
}

// MODEL-LABEL: function tallied at
// MODEL: region: out[lo - 3:hi] (read-write, inferred)
static void tallied(double *out, int lo, int hi) {
  int i = lo;
  i = i - 3;
  for (; i < hi; i++)
    out[i] += 2;
}

int main(void) {
  int n = 5000;
  double *a = malloc(n * sizeof *a), *b = malloc(n * sizeof *b);
  if (!a || !b)
    return 1;
  for (int i = 0; i < n; i++)
    a[i] = i % 13;
  part(a, b, 0, n);
  shifted(b, 10, 20);
  swept(b, 30, 40, 3);
  tallied(b, 50, 60);
  double s = 0;
  for (int i = 0; i < n; i++)
    s += b[i] * (i % 5 + 1);
  printf("%.6f\n", s);
  free(a);
  free(b);
  return 0;
}
