// A library call over a row in a loop over rows (`memcpy(row, g + y * w,
// w)`, `memset(d + y * w + 1, ..)`): its region is the rows of the first
// elements, each as many columns on as the call goes over. Written three
// ways: a row copied out to a scratch buffer, a row cleared in part by
// memset from a column on, and rows copied from one matrix to another with
// the count in bytes from sizeof. The halves of each range of rows run on
// other nodes.
// RUN: rm -rf %t.out
// RUN: cleave parallelize %s -o %t.out 2>&1 | FileCheck --check-prefix=REMARK %s
// RUN: %cc -Wall -Werror %s -o %t.seq
// RUN: %cc -Wall -Werror %t.out/library-rows.c %t.out/cleave_stubs.c %cleave_rt -o %t.par
// RUN: %t.seq > %t.expected
// RUN: env CLEAVE_NODES=1 %t.par | diff %t.expected -
// RUN: env CLEAVE_NODES=2 %t.par | diff %t.expected -
// RUN: env CLEAVE_NODES=4 CLEAVE_PASS=copy CLEAVE_ENCODING=xdr %t.par | diff %t.expected -
// RUN: env CLEAVE_NODES=7 %t.par | diff %t.expected -
// RUN: %cc -O1 -g -fsanitize=thread %t.out/library-rows.c %t.out/cleave_stubs.c %runtime_threads_sources -o %t.tsan
// RUN: env TSAN_OPTIONS=halt_on_error=1 CLEAVE_NODES=4 %t.tsan | diff %t.expected -
// RUN: %if mpi %{ env CLEAVE_TRANSPORT=mpi timeout 60 %mpirun -np 2 %t.par | diff %t.expected - %}
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// Each row smoothed through a copy of it.
static void smooth(int *g, int lo, int hi, int w, int *row) {
  for (int y = lo; y < hi; y++) {
    memcpy(row, g + y * w, w * sizeof(int));
    for (int x = 1; x < w - 1; x++)
      g[y * w + x] = (row[x - 1] + 2 * row[x] + row[x + 1]) / 4;
  }
}

// Each row cleared from column 1 on.
static void clear_tail(unsigned char *d, int lo, int hi, int w) {
  for (int y = lo; y < hi; y++)
    memset(d + y * w + 1, 0, w - 1);
}

// Rows copied from s to d, the count in bytes.
static void copy_rows(double *d, const double *s, int lo, int hi, int w) {
  int y = lo;
  while (y < hi) {
    memcpy(&d[y * w], &s[y * w], sizeof(double) * w);
    y++;
  }
}

// REMARK: library-rows.c:[[@LINE+11]]:3: remark: call to 'work' runs asynchronously
// REMARK: library-rows.c:[[@LINE+11]]:3: remark: call to 'work' stays sequential: it is the part kept on this node
static void work(int *g, unsigned char *b, double *d, const double *s, int lo, int hi, int w) {
  if (hi - lo <= 8) {
    int row[64];
    smooth(g, lo, hi, w, row);
    clear_tail(b, lo, hi, w);
    copy_rows(d, s, lo, hi, w);
    return;
  }
  int mid = lo + (hi - lo) / 2;
  work(g, b, d, s, lo, mid, w);
  work(g, b, d, s, mid, hi, w);
}

#define H 200
#define W 64

int main(void) {
  int *g = malloc(H * W * sizeof *g);
  unsigned char *b = malloc(H * W);
  double *d = calloc(H * W, sizeof *d), *s = malloc(H * W * sizeof *s);
  for (int i = 0; i < H * W; i++) {
    g[i] = (i * 37) % 101;
    b[i] = (unsigned char)(i % 251);
    s[i] = i * 0.5;
  }
  work(g, b, d, s, 0, H, W);
  unsigned long h = 0;
  double t = 0;
  for (int i = 0; i < H * W; i++) {
    h = h * 31 + (unsigned)g[i] + b[i];
    t += d[i];
  }
  printf("%lu %.1f\n", h, t);
  free(g);
  free(b);
  free(d);
  free(s);
  return 0;
}
