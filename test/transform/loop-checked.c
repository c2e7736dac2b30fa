// Loops whose calls write through pointers read from memory (the blocks of
// a sparse matrix held as an array of block pointers, NULL where a block is
// zero), spawned under a run-time test: the regions at the call are not
// known in the caller's terms, but the callee's are, so each iteration's
// bytes are evaluated at the spawn and tested against those of the loop's
// calls still out; where one of them writes what the other touches, those
// are joined first. The rest of the loop reads only objects of other kinds
// than the calls write (block pointers and ints against floats: C's rule of
// effective types keeps them apart), and a store into the pointer array
// (`if (!m[i]) m[i] = fresh(n);`) is tested before it runs. Written four
// ways: a for loop under an `if`, a macro for the block's address, a
// cursor moved through the array by a while loop, and a helper that
// allocates a block before the call; and a call whose value is stored
// (`tr[i] = trace(..)`), its place among the bytes its iteration writes.
// A call that writes rows of bytes (`unsigned char`, which may reach any
// object) is spawned where the rest of its loop touches only plain locals. `repeat` lists one block twice on
// purpose: its tests find the overlap, the calls run in order, and the
// output is the sequential build's.
// RUN: rm -rf %t.out
// RUN: cleave parallelize %s -o %t.out 2>&1 | FileCheck --check-prefix=REMARK %s
// RUN: FileCheck --check-prefix=CODE %s < %t.out/loop-checked.c
// RUN: %cc -Wall -Werror %s -o %t.seq
// RUN: %cc -Wall -Werror %t.out/loop-checked.c %t.out/cleave_stubs.c %cleave_rt -o %t.par
// RUN: %cc -O1 -g -fsanitize=address %t.out/loop-checked.c %t.out/cleave_stubs.c %runtime_threads_sources -o %t.asan
// RUN: %t.seq 40 > %t.expected
// RUN: env CLEAVE_NODES=1 %t.par 40 | diff %t.expected -
// RUN: env CLEAVE_NODES=2 %t.par 40 | diff %t.expected -
// RUN: env CLEAVE_NODES=3 CLEAVE_PASS=copy %t.par 40 | diff %t.expected -
// RUN: env CLEAVE_NODES=4 %t.par 40 | diff %t.expected -
// RUN: env CLEAVE_NODES=7 CLEAVE_PASS=copy %t.par 40 | diff %t.expected -
// RUN: env CLEAVE_NODES=4 CLEAVE_PASS=copy %t.asan 40 | diff %t.expected -
// The repeated block is found at run time.
// RUN: env CLEAVE_NODES=2 CLEAVE_REPORT_TESTS=1 %t.par 40 2>&1 >/dev/null | FileCheck --check-prefix=COUNT %s
// COUNT: cleave: run-time region tests: {{[1-9][0-9]*}} made, {{[1-9][0-9]*}} found an overlap
#include <stdio.h>
#include <stdlib.h>

#define B 48
#define BLOCK(m, nb, i, j) ((m)[(i) * (nb) + (j)])

static void scale(float *blk, float by) {
  for (int i = 0; i < B; i++)
    for (int j = 0; j < B; j++)
      for (int k = 0; k < 8; k++)
        blk[i * B + j] = blk[i * B + j] * by + (float)k * 1e-3f;
}

static void update(const float *a, float *c) {
  for (int i = 0; i < B; i++)
    for (int j = 0; j < B; j++)
      for (int k = 0; k < B; k++)
        c[i * B + j] -= a[i * B + k] * a[k * B + j] * 1e-3f;
}

static float *fresh(void) {
  float *p = calloc(B * B, sizeof *p);
  if (!p) {
    fprintf(stderr, "loop-checked: out of memory\n");
    exit(1);
  }
  return p;
}

// REMARK: loop-checked.c:[[@LINE+4]]:7: remark: call to 'update' runs asynchronously on the next node of the binomial tree; joined after its loop, line [[@LINE+4]], with the calls of the other iterations; under a run-time test: its regions are the callee's, evaluated at the spawn (the regions of its pointer arguments are unknown here: argument 'm[k * nb + j]' (for 'c') is a pointer read from memory, and 'update' writes through it: what else may point there is unknown); each iteration's call is tested against the calls of the loop still out, which are joined first where they share memory that either writes
static void row(float **m, int nb, int k) {
  for (int j = k + 1; j < nb; j++)
    if (m[k * nb + j] != NULL)
      update(m[k * nb + k], m[k * nb + j]);
}

// REMARK: loop-checked.c:[[@LINE+3]]:5: remark: call to 'update' runs asynchronously
static void column(float **m, int nb, int k) {
  for (int i = nb - 1; i > k; --i)
    update(BLOCK(m, nb, k, k), BLOCK(m, nb, i, k));
}

// REMARK: loop-checked.c:[[@LINE+5]]:7: remark: call to 'scale' runs asynchronously
static void all(float **m, int count, float by) {
  float **p = m, **end = m + count;
  while (p < end) {
    if (*p)
      scale(*p, by);
    p++;
  }
}

// CODE: { clv_extent cleave_f{{[0-9]+}}_w; clv_extent_span(&cleave_f{{[0-9]+}}_w, &(m[i * nb + j]), 1, sizeof(m[i * nb + j]), 1);
// REMARK: loop-checked.c:[[@LINE+5]]:23: remark: call to 'fresh' stays sequential: 'fresh' has no loop
// REMARK: loop-checked.c:[[@LINE+6]]:7: remark: call to 'update' runs asynchronously{{.*}}; so is the write at line [[@LINE+4]] before it runs
static void fill(float **m, int nb, int i) {
  for (int j = 0; j < nb; j++) {
    if (m[i * nb + j] == NULL)
      m[i * nb + j] = fresh();
    if (j != i)
      update(m[i * nb + i], m[i * nb + j]);
  }
}

// Halves a block's diagonal and returns its trace.
static float trace(float *blk) {
  float t = 0;
  for (int i = 0; i < B; i++)
    for (int k = 0; k < 16; k++) {
      blk[i * B + i] *= 0.5f + (float)(k % 2);
      t += blk[i * B + i];
    }
  return t;
}

// One block twice: its two calls share it, and run in order.
// REMARK: loop-checked.c:[[@LINE+3]]:5: remark: call to 'scale' runs asynchronously
static void repeat(float **list, int count) {
  for (int i = 0; i < count; i++)
    scale(list[i], 0.5f);
}

// Stays sequential: the loop reads what the calls write.
// REMARK: loop-checked.c:[[@LINE+4]]:5: remark: call to 'scale' stays sequential: the regions of its pointer arguments are unknown here: argument 'm[i * (count + 1)]' (for 'blk') is a pointer read from memory, and 'scale' writes through it: what else may point there is unknown; tested at run time, its loop may touch what the calls write (the read 'm[i * (count + 1)][0]' at line [[@LINE+5]])
static float peek(float **m, int count) {
  float s = 0;
  for (int i = 0; i < count; i++) {
    scale(m[i * (count + 1)], 1.0f);
    s += m[i * (count + 1)][0];
  }
  return s;
}

// Rows of bytes, which may reach an object of any kind (C11 6.5p7): the
// rest of the loop may touch plain locals only.
static void threshold(unsigned char **rows, int i, const float *src) {
  for (int e = 0; e < B * B; e++)
    rows[i][e] = src[e] > 0.5f ? 255 : 0;
}

// REMARK: loop-checked.c:[[@LINE+3]]:5: remark: call to 'threshold' runs asynchronously
static void mask(unsigned char **rows, const float *src, int count) {
  for (int i = 0; i < count; i++)
    threshold(rows, i, src + i * B * B);
}

// Stays sequential: it reads an int, which bytes written may be.
// REMARK: loop-checked.c:[[@LINE+4]]:5: remark: call to 'threshold' stays sequential: {{.*}}; tested at run time, its loop may touch what the calls write (the read 'flags[i]' at line [[@LINE+5]]; 'threshold' writes through 'rows[]' objects of any kind)
static int masked(unsigned char **rows, const float *src, const int *flags, int count) {
  int n = 0;
  for (int i = 0; i < count; i++) {
    threshold(rows, i, src + i * B * B);
    n += flags[i];
  }
  return n;
}

int main(int argc, char **argv) {
  int nb = argc > 1 ? atoi(argv[1]) : 12;
  if (nb < 2)
    return 1;
  float **m = calloc((size_t)nb * nb, sizeof *m);
  if (!m)
    return 1;
  for (int i = 0; i < nb; i++)
    for (int j = 0; j < nb; j++)
      if (i == j || (i + j) % 3 == 0 || j < 3) {
        m[i * nb + j] = fresh();
        for (int e = 0; e < B * B; e++)
          m[i * nb + j][e] = (float)((i * 7 + j * 3 + e) % 17) / 17.0f;
      }
  for (int k = 0; k < 3; k++) {
    row(m, nb, k);
    column(m, nb, k);
  }
  all(m, nb * nb, 0.75f);
  fill(m, nb, 1);
  float *list[8];
  for (int i = 0; i < 8; i++)
    list[i] = m[(i % 4) * nb + (i % 4)];
  repeat(list, 8);
  float p = peek(m, nb);
  float *tr = malloc((size_t)nb * sizeof *tr);
  if (!tr)
    return 1;
  // A value stored: its place is among its iteration's bytes, so a later
  // call that touched it would be joined after the store.
  // CODE: cleave_f[[F:[0-9]+]]_at = &(tr[i]); clv_extent_span(&cleave_f[[F]]_x[cleave_f[[F]]_xn++], cleave_f[[F]]_at, 1, sizeof *cleave_f[[F]]_at, 1);
  for (int i = 0; i < nb; i++)
    // REMARK: loop-checked.c:[[@LINE+1]]:13: remark: call to 'trace' runs asynchronously on the next node of the binomial tree; joined after its loop, line [[@LINE+1]], with the calls of the other iterations; under a run-time test
    tr[i] = trace(m[i * nb + i]);
  for (int i = 0; i < nb; i++)
    p += tr[i] * (float)(i % 4);
  free(tr);
  unsigned char *bytes = malloc((size_t)nb * B * B), **rows = malloc((size_t)nb * sizeof *rows);
  float *src = malloc((size_t)nb * B * B * sizeof *src);
  int *flags = malloc((size_t)nb * sizeof *flags);
  if (!bytes || !rows || !src || !flags)
    return 1;
  for (int i = 0; i < nb; i++) {
    for (int e = 0; e < B * B; e++)
      src[i * B * B + e] = m[i * nb + i][e];
    rows[i] = bytes + (size_t)(nb - 1 - i) * B * B;
    flags[i] = i % 2;
  }
  mask(rows, src, nb);
  long set = masked(rows, src, flags, nb);
  for (int e = 0; e < nb * B * B; e++)
    set += bytes[e] == 255;
  free(bytes);
  free(rows);
  free(src);
  free(flags);
  double sum = 0;
  int blocks = 0;
  for (int i = 0; i < nb * nb; i++)
    if (m[i]) {
      blocks++;
      for (int e = 0; e < B * B; e++)
        sum += m[i][e] * (double)(1 + e % 5);
    }
  printf("%d blocks, sum %.6e, peek %.6f, %ld bytes set\n", blocks, sum, p, set);
  for (int i = 0; i < nb * nb; i++)
    free(m[i]);
  free(m);
  return 0;
}
