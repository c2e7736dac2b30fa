// Programs that keep their data in global arrays, as tutorials write them:
// a mergesort of `arr` between indices (`msort(l, r)`), a sum that reads a
// global cutoff, main's loop over the rows of a global image, halves of the
// rows of a two-dimensional global, ranges a library call sets, a row whose
// columns a global count bounds and a table read at indices read from
// memory (each index stays inside its array, so the region is the row, or
// all of the table). Each call
// takes the elements of the globals its function touches, copied in and the
// written ones back where the nodes do not share memory; calls whose
// elements of a global may overlap stay sequential and say which.
// RUN: rm -rf %t.out
// RUN: cleave parallelize %s -o %t.out 2>&1 | FileCheck --check-prefix=REMARK %s
// RUN: FileCheck --check-prefix=HEADER %s < %t.out/cleave_stubs.h
// RUN: FileCheck --check-prefix=STUBS %s < %t.out/cleave_stubs.c
// RUN: FileCheck --check-prefix=EMIT %s < %t.out/globals.c
// RUN: %cc -Wall -Werror %s -o %t.seq
// RUN: %cc -Wall -Werror %t.out/globals.c %t.out/cleave_stubs.c %cleave_rt -o %t.par
// RUN: %t.seq 100000 > %t.expected
// RUN: env CLEAVE_NODES=1 %t.par 100000 | diff %t.expected -
// RUN: env CLEAVE_NODES=2 %t.par 100000 | diff %t.expected -
// RUN: env CLEAVE_NODES=3 CLEAVE_PASS=copy %t.par 100000 | diff %t.expected -
// RUN: env CLEAVE_NODES=4 %t.par 100000 | diff %t.expected -
// RUN: env CLEAVE_NODES=7 CLEAVE_PASS=copy %t.par 100000 | diff %t.expected -
// globals-mpi.test runs it on the mpi transport, where each rank has its
// own copy of every global.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX 200000
#define W 64
#define H 300

int arr[MAX], tmp[MAX];
long cutoff;
double img[W * H];
int calls;
double grid[H][W];
int marks[MAX];
static int hidden[16];
unsigned hash[256];
int ncols;
double wide[H][W];
unsigned char sq[256];

void merge(int l, int m, int r) {
  int i = l, j = m + 1, k = l;
  while (i <= m && j <= r)
    tmp[k++] = arr[i] <= arr[j] ? arr[i++] : arr[j++];
  while (i <= m)
    tmp[k++] = arr[i++];
  while (j <= r)
    tmp[k++] = arr[j++];
  for (k = l; k <= r; k++)
    arr[k] = tmp[k];
}

void msort(int l, int r) {
  if (l >= r)
    return;
  int m = (l + r) / 2;
  // REMARK: globals.c:[[@LINE+1]]:3: remark: call to 'msort' runs asynchronously
  msort(l, m);
  // REMARK: globals.c:[[@LINE+1]]:3: remark: call to 'msort' stays sequential: it is the part kept on this node
  msort(m + 1, r);
  merge(l, m, r);
}

// Reads arr and the global cutoff; returns a value.
long total(int l, int r) {
  if (r - l <= cutoff) {
    long s = 0;
    for (int i = l; i < r; i++)
      s += arr[i];
    return s;
  }
  int m = l + (r - l) / 2;
  // REMARK: globals.c:[[@LINE+1]]:10: remark: call to 'total' runs asynchronously
  return total(l, m) + total(m, r);
}

void row(int y) {
  for (int x = 0; x < W; x++) {
    double v = 0;
    for (int k = 0; k < 2000; k++)
      v += (x * k + y) % 7;
    img[y * W + x] = v;
  }
}

// Halves of the rows of a global of two dimensions: ::grid[W * r0:W * r1].
void band(int r0, int r1) {
  if (r1 - r0 > 8) {
    int m = (r0 + r1) / 2;
    // REMARK: globals.c:[[@LINE+1]]:5: remark: call to 'band' runs asynchronously
    band(r0, m);
    band(m, r1);
    return;
  }
  for (int i = r0; i < r1; i++)
    for (int j = 0; j < W; j++)
      grid[i][j] = i * 0.25 + j;
}

// A library call over a range of a global: ::marks[lo:hi].
void mark(int lo, int hi) {
  if (hi - lo <= 1000) {
    memset(marks + lo, lo % 7 + 1, (hi - lo) * sizeof marks[0]);
    return;
  }
  int mid = lo + (hi - lo) / 2;
  // REMARK: globals.c:[[@LINE+1]]:3: remark: call to 'mark' runs asynchronously
  mark(lo, mid);
  mark(mid, hi);
}

// The columns are bounded by a global, which the analysis does not follow;
// C keeps j inside row i: ::wide[64 * i:64 * i + 64].
void fillrow(int i) {
  for (int j = 0; j < ncols; j++)
    wide[i][j] = i * 0.5 + j * ncols;
}

// An index read from memory: all of `sq`, read by both halves.
long lookup(int lo, int hi) {
  if (hi - lo <= 4096) {
    long s = 0;
    for (int i = lo; i < hi; i++)
      s += sq[arr[i] & 255];
    return s;
  }
  int mid = lo + (hi - lo) / 2;
  // REMARK: globals.c:[[@LINE+1]]:10: remark: call to 'lookup' runs asynchronously
  return lookup(lo, mid) + lookup(mid, hi);
}

// Every call writes the same counter.
void walk(int n) {
  calls++;
  if (n < 2)
    return;
  // REMARK: globals.c:[[@LINE+1]]:3: remark: call to 'walk' stays sequential: the next statement may touch what it reads or writes (its call of 'walk' at line [[@LINE+2]]: global 'calls' is written by both)
  walk(n - 1);
  walk(n - 2);
}

// An index the analysis cannot bound: the region is all of `hash`, which
// both calls write.
void mix(int n) {
  if (n < 1)
    return;
  hash[(n * 2654435761u) >> 24] += n;
  // REMARK: globals.c:[[@LINE+1]]:3: remark: call to 'mix' stays sequential: the next statement may touch what it reads or writes (its call of 'mix' at line [[@LINE+2]]: hash[0:256] and hash[0:256] may overlap (the index at line [[@LINE-1]] reads memory or is not affine in integer variables, so the region is all of its array))
  mix(n - 1);
  mix(n - 2);
}

// A static global travels too: the stubs reach it through a function at the
// end of this file.
void spread(int lo, int hi) {
  if (hi - lo < 2) {
    if (hi > lo)
      hidden[lo] = lo * 3 + 1;
    return;
  }
  int mid = (lo + hi) / 2;
  // REMARK: globals.c:[[@LINE+1]]:3: remark: call to 'spread' runs asynchronously
  spread(lo, mid);
  spread(mid, hi);
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 1000;
  if (n < 1 || n > MAX)
    return 1;
  cutoff = n / 64 + 1;
  for (int i = 0; i < n; i++)
    arr[i] = (int)(((long)i * 7919) % 100003);
  msort(0, n - 1);
  for (int i = 1; i < n; i++)
    if (arr[i - 1] > arr[i])
      return printf("not sorted at %d\n", i), 2;
  printf("total %ld\n", total(0, n));
  for (int y = 0; y < H; y++) {
    // REMARK: globals.c:[[@LINE+1]]:5: remark: call to 'row' runs asynchronously
    row(y);
  }
  double s = 0;
  for (int i = 0; i < W * H; i++)
    s += img[i] * (i % 13);
  printf("image %.1f\n", s);
  band(0, H);
  mark(0, n);
  s = 0;
  for (int i = 0; i < H; i++)
    s += grid[i][(i * 7) % W];
  long m = 0;
  for (int i = 0; i < n; i++)
    m += marks[i] * (i % 5);
  printf("grid %.2f marks %ld\n", s, m);
  walk(20);
  mix(20);
  spread(0, 16);
  printf("calls %d hash %u hidden %d\n", calls, hash[7] + hash[200], hidden[3]);
  ncols = W - 3;
  for (int y = 0; y < H; y++)
    // REMARK: globals.c:[[@LINE+1]]:5: remark: call to 'fillrow' runs asynchronously
    fillrow(y);
  s = 0;
  for (int i = 0; i < H; i++)
    for (int j = 0; j < W; j++)
      s += wide[i][j] * ((i + j) % 3);
  for (int i = 0; i < 256; i++)
    sq[i] = (unsigned char)(i * i % 251);
  printf("wide %.1f lookup %ld\n", s, lookup(0, n));
  return 0;
}

// HEADER: double *cleave_global_grid(void);
// HEADER: int *cleave_global_arr(void);
// HEADER: long *cleave_global_cutoff(void);
// STUBS-LABEL: clv_status msort__serve(
// STUBS: cleave_g_arr__at = cleave_global_arr() + cleave_g_arr__lo;
// STUBS-NEXT: if (clv_buf_get_region_values_into(cleave_args, CLV_I32, cleave_g_arr__at, cleave_g_arr__count) != CLV_OK)
// EMIT: /* cleave: where calls from other nodes find 'hidden' */
// EMIT-NEXT: int *cleave_global_hidden(void) { return (int *)(void *)&hidden; }
