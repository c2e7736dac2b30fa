// Functions that return a struct by value: the value travels as a value
// passed by value does, its fields one by one (xdr too), and the joins
// store it where the caller put it. Written four ways: a declaration
// initialized by the call (`struct range a = span(..)`), an assignment to a
// struct declared before (`hi = span(..)`), a typedef'd struct whose calls
// are operands of another call (`join(sum(..), sum(..))`), and a loop that
// stores each iteration's struct into an array of them (`blocks[b] =
// span(..)`). A struct that holds
// a pointer stays on its node and says why.
// RUN: rm -rf %t.out
// RUN: cleave parallelize %s -o %t.out 2>&1 | FileCheck --check-prefix=REMARK %s
// RUN: %cc -Wall -Werror %s -o %t.seq
// RUN: %cc -Wall -Werror %t.out/struct-returns.c %t.out/cleave_stubs.c %cleave_rt -o %t.par
// RUN: %t.seq > %t.expected
// RUN: env CLEAVE_NODES=1 %t.par | diff %t.expected -
// RUN: env CLEAVE_NODES=2 %t.par | diff %t.expected -
// RUN: env CLEAVE_NODES=4 CLEAVE_PASS=copy CLEAVE_ENCODING=xdr %t.par | diff %t.expected -
// RUN: env CLEAVE_NODES=7 %t.par | diff %t.expected -
// RUN: %cc -O1 -g -fsanitize=thread %t.out/struct-returns.c %t.out/cleave_stubs.c %runtime_threads_sources -o %t.tsan
// RUN: env TSAN_OPTIONS=halt_on_error=1 CLEAVE_NODES=4 %t.tsan | diff %t.expected -
// RUN: %if mpi %{ env CLEAVE_TRANSPORT=mpi timeout 60 %mpirun -np 2 %t.par | diff %t.expected - %}
// RUN: %if mpi %{ env CLEAVE_TRANSPORT=mpi timeout 60 %mpirun -np 4 %t.par | diff %t.expected - %}
#include <stdio.h>
#include <stdlib.h>

#define N 200000

struct range {
  double lo, hi;
  long count;
};

// REMARK: struct-returns.c:[[@LINE+5]]:15: remark: call to 'span' runs asynchronously on the next node of the binomial tree; joined before line [[@LINE+7]]
static struct range span(const double *a, int lo, int hi) {
  struct range r = {a[lo], a[lo], 0}, lo_part, hi_part;
  if (hi - lo > 4096) {
    int mid = lo + (hi - lo) / 2;
    lo_part = span(a, lo, mid);
    hi_part = span(a, mid, hi);
    r.lo = lo_part.lo < hi_part.lo ? lo_part.lo : hi_part.lo;
    r.hi = lo_part.hi > hi_part.hi ? lo_part.hi : hi_part.hi;
    r.count = lo_part.count + hi_part.count;
    return r;
  }
  for (int i = lo; i < hi; i++) {
    r.lo = a[i] < r.lo ? a[i] : r.lo;
    r.hi = a[i] > r.hi ? a[i] : r.hi;
    r.count++;
  }
  return r;
}

// REMARK: struct-returns.c:[[@LINE+5]]:20: remark: call to 'spread' runs asynchronously on the next node of the binomial tree; joined before line [[@LINE+7]]
static struct range spread(const double *a, int lo, int hi) {
  if (hi - lo <= 8192)
    return span(a, lo, hi);
  int mid = lo + (hi - lo) / 2;
  struct range x = spread(a, lo, mid);
  struct range y = spread(a, mid, hi);
  x.lo = x.lo < y.lo ? x.lo : y.lo;
  x.hi = x.hi > y.hi ? x.hi : y.hi;
  x.count += y.count;
  return x;
}

typedef struct {
  double sum;
  int first, last;
} total;

static total join(total a, total b) {
  total t = {a.sum + b.sum, a.first, b.last};
  return t;
}

// REMARK: struct-returns.c:[[@LINE+4]]:17: remark: call to 'sum' runs asynchronously
static total sum(const double *a, int lo, int hi) {
  if (hi - lo > 4096) {
    int mid = lo + (hi - lo) / 2;
    return join(sum(a, lo, mid), sum(a, mid, hi));
  }
  total t = {0, lo, hi - 1};
  for (int i = lo; i < hi; i++)
    t.sum += a[i];
  return t;
}

struct named {
  const char *name;
  long count;
};

static struct named tally(const double *a, int lo, int hi) {
  struct named n = {"tally", 0};
  for (int i = lo; i < hi; i++)
    n.count += a[i] > 0.5;
  return n;
}

int main(void) {
  double *a = malloc(N * sizeof *a);
  if (!a)
    return 1;
  unsigned s = 11;
  for (int i = 0; i < N; i++) {
    s = s * 1103515245u + 12345u;
    a[i] = (double)((s >> 16) % 10007) / 10007.0;
  }
  struct range r = span(a, 0, N), w = spread(a, 0, N);
  printf("range %.6f %.6f %ld, %.6f %.6f %ld\n", r.lo, r.hi, r.count, w.lo, w.hi, w.count);
  total t = sum(a, 0, N);
  printf("sum %.6f %d %d\n", t.sum, t.first, t.last);
  struct range blocks[8];
  for (int b = 0; b < 8; b++)
    // REMARK: struct-returns.c:[[@LINE+1]]:17: remark: call to 'span' runs asynchronously on the next node of the binomial tree; joined after its loop
    blocks[b] = span(a, b * (N / 8), (b + 1) * (N / 8));
  for (int b = 0; b < 8; b++)
    printf("block %d %.6f %.6f %ld\n", b, blocks[b].lo, blocks[b].hi, blocks[b].count);
  struct named halves[2];
  for (int h = 0; h < 2; h++)
    // REMARK: struct-returns.c:[[@LINE+1]]:17: remark: call to 'tally' stays sequential: 'tally' returns 'struct named', which has field 'name' that is a pointer
    halves[h] = tally(a, h * (N / 2), (h + 1) * (N / 2));
  printf("%s %ld %ld\n", halves[0].name, halves[0].count, halves[1].count);
  free(a);
  return 0;
}
