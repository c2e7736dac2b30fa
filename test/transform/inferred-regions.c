// Regions without a pragma: the analysis finds the elements each call of
// add touches (c, a and b in [lo:hi], from its loop and its two self-calls),
// and that main passes it three different allocations, so its halves run on
// two nodes with their regions copied or shared. addto is called with one
// array for two of its parameters: no proof keeps its halves apart, so the
// first is spawned where a run-time test before the spawn finds their bytes
// apart (c[lo:mid] and a[lo:mid] beside c[mid:hi] and a[mid:hi]: they are).
// RUN: rm -rf %t.out
// RUN: cleave parallelize %s -o %t.out 2>&1 | FileCheck --check-prefix=REMARK %s
// RUN: cleave analyze %s | FileCheck --check-prefix=MODEL %s
// RUN: %cc -Wall -Wextra -Werror %s -o %t.seq
// RUN: %cc -Wall -Wextra -Werror %t.out/inferred-regions.c %t.out/cleave_stubs.c %cleave_rt -o %t.par
// RUN: %t.seq 100000 > %t.expected
// RUN: FileCheck --check-prefix=RESULT %s < %t.expected
// RUN: env CLEAVE_NODES=1 %t.par 100000 | diff %t.expected -
// RUN: env CLEAVE_NODES=2 %t.par 100000 | diff %t.expected -
// RUN: env CLEAVE_NODES=3 CLEAVE_PASS=copy %t.par 100000 | diff %t.expected -
// RUN: env CLEAVE_NODES=4 %t.par 100000 | diff %t.expected -
// RUN: env CLEAVE_NODES=7 CLEAVE_PASS=copy %t.par 100000 | diff %t.expected -
// RUN: %if mpi %{ env CLEAVE_TRANSPORT=mpi timeout 60 %mpirun -np 2 %t.par 100000 | diff %t.expected - %}
// RUN: %if mpi %{ env CLEAVE_TRANSPORT=mpi timeout 60 %mpirun -np 4 %t.par 100000 | diff %t.expected - %}
#include <stdio.h>
#include <stdlib.h>

// c[i] = a[i] + b[i] for i in [lo, hi).
static void add(double *c, const double *a, const double *b, int lo, int hi) {
  if (hi - lo <= 1000) {
    for (int i = lo; i < hi; i++)
      c[i] = a[i] + b[i];
    return;
  }
  int mid = lo + (hi - lo) / 2;
  add(c, a, b, lo, mid);
  add(c, a, b, mid, hi);
}

// c[i] += a[i] for i in [lo, hi).
static void addto(double *c, const double *a, int lo, int hi) {
  if (hi - lo <= 1000) {
    for (int i = lo; i < hi; i++)
      c[i] += a[i];
    return;
  }
  int mid = lo + (hi - lo) / 2;
  addto(c, a, lo, mid);
  addto(c, a, mid, hi);
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 100000;
  if (n < 1)
    return 2;
  double *x = malloc(n * sizeof *x), *y = malloc(n * sizeof *y), *z = malloc(n * sizeof *z);
  if (!x || !y || !z)
    return 1;
  for (int i = 0; i < n; i++) {
    x[i] = i;
    y[i] = 2 * i;
  }
  add(z, x, y, 0, n);
  addto(z, z, 0, n);
  double s = 0;
  for (int i = 0; i < n; i++)
    s += z[i];
  printf("%.1f\n", s);
  free(x);
  free(y);
  free(z);
  return 0;
}

// MODEL-LABEL: function add at
// MODEL:        region: c[lo:hi] (read-write, inferred)
// MODEL-NEXT:   region: a[lo:hi] (read, inferred)
// MODEL-NEXT:   region: b[lo:hi] (read, inferred)
// MODEL-NEXT:   can run on another node
// REMARK: inferred-regions.c:33:3: remark: call to 'add' runs asynchronously
// REMARK: inferred-regions.c:34:3: remark: call to 'add' stays sequential: it is the part kept on this node
// REMARK: inferred-regions.c:45:3: remark: call to 'addto' runs asynchronously on the next node of the binomial tree; joined at the end of its block, line 47; a run-time test before the spawn compares its bytes with those of the call at line 46, which follows it, and where they share memory that either writes it runs here
// REMARK: inferred-regions.c:46:3: remark: call to 'addto' stays sequential: it is the part kept on this node
// RESULT: 29999700000.0
