// Pointers cast to another element type: a region stays one across the
// cast, its offset counted in bytes where the element types differ, and
// given back in the parameter's elements, from the one its first byte is in
// to the one its last byte is in. Written nine ways: a block type read
// through pointers to its elements (`(DTYPE *)A`), the cast at each use
// (`((DTYPE *)T)[i]`), a range of doubles cleared byte by byte through
// `(char *)(a + lo)`, through memset, a row start computed in bytes and
// cast back (`(double *)((char *)m + lo * n * sizeof(double))`), pairs of
// ints seen as a struct, and a tile of a `Tile *` array passed as the pointer
// to its first row that it decays to (`tile_fill(M[lo], ..)`, `*(M + lo)`);
// and pointers passed to callees of smaller elements: `(DTYPE *)(C + lo)`,
// a `double *` given to a `void *` parameter. Ranges that end inside an element share it: the
// calls that split the bytes of an array of doubles at odd places are tested
// at the spawn and each runs here (every test finds the overlap); split at
// whole doubles, none does.
// RUN: rm -rf %t.out
// RUN: cleave parallelize %s -o %t.out 2>&1 | FileCheck --check-prefix=REMARK %s
// RUN: %cc -Wall -Werror %s -o %t.seq
// RUN: %cc -Wall -Werror %t.out/casts.c %t.out/cleave_stubs.c %cleave_rt -o %t.par
// RUN: %t.seq > %t.expected
// RUN: env CLEAVE_NODES=1 %t.par | diff %t.expected -
// RUN: env CLEAVE_NODES=2 %t.par | diff %t.expected -
// RUN: env CLEAVE_NODES=4 CLEAVE_PASS=copy CLEAVE_ENCODING=xdr %t.par | diff %t.expected -
// RUN: env CLEAVE_NODES=7 %t.par | diff %t.expected -
// RUN: env CLEAVE_NODES=4 CLEAVE_REPORT_TESTS=1 %t.par odd 2>&1 >/dev/null | FileCheck --check-prefix=ODD %s
// RUN: env CLEAVE_NODES=4 CLEAVE_REPORT_TESTS=1 %t.par aligned 2>&1 >/dev/null | FileCheck --check-prefix=ALIGNED %s
// RUN: %t.seq odd > %t.odd
// RUN: env CLEAVE_NODES=4 %t.par odd | diff %t.odd -
// ODD: cleave: run-time region tests: [[N:[1-9][0-9]*]] made, [[N]] found an overlap
// ALIGNED: cleave: run-time region tests: {{[1-9][0-9]*}} made, 0 found an overlap
// RUN: %cc -O1 -g -fsanitize=thread %t.out/casts.c %t.out/cleave_stubs.c %runtime_threads_sources -o %t.tsan
// RUN: env TSAN_OPTIONS=halt_on_error=1 CLEAVE_NODES=4 %t.tsan | diff %t.expected -
// RUN: %if mpi %{ env CLEAVE_TRANSPORT=mpi timeout 60 %mpirun -np 2 %t.par | diff %t.expected - %}
// RUN: %if mpi %{ env CLEAVE_TRANSPORT=mpi timeout 60 %mpirun -np 4 %t.par | diff %t.expected - %}
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define EDGE 8
#define BSIZE (EDGE * EDGE)
typedef double DTYPE;
typedef DTYPE block[BSIZE];

// R += A * B, one block each, through pointers to their elements.
static void mult_add_block(block *A, block *B, block *R) {
  DTYPE *a = (DTYPE *)A, *b = (DTYPE *)B, *r = (DTYPE *)R;
  for (int i = 0; i < EDGE; i++)
    for (int j = 0; j < EDGE; j++) {
      DTYPE s = r[i * EDGE + j];
      for (int k = 0; k < EDGE; k++)
        s += a[i * EDGE + k] * b[k * EDGE + j];
      r[i * EDGE + j] = s;
    }
}

// The cast at each use.
static void scale_block(block *T, DTYPE by) {
  for (int i = 0; i < BSIZE; i++)
    ((DTYPE *)T)[i] *= by;
}

// Doubles given as a pointer to them, from a block cast (`(DTYPE *)(C +
// lo)`), and bytes given as `void *`, from a pointer to doubles.
static void scale_doubles(DTYPE *p, int n, DTYPE by) {
  for (int i = 0; i < n; i++)
    p[i] *= by;
}

static void clear(void *p, size_t n) {
  unsigned char *b = p;
  for (size_t i = 0; i < n; i++)
    b[i] = 0;
}

// Blocks lo..hi-1 of the diagonal products C[b] += A[b] * B[b], scaled.
// REMARK: casts.c:[[@LINE+10]]:3: remark: call to 'blocks' runs asynchronously
// REMARK: casts.c:[[@LINE+10]]:3: remark: call to 'blocks' stays sequential: it is the part kept on this node
static void blocks(block *A, block *B, block *C, int lo, int hi) {
  if (hi - lo == 1) {
    mult_add_block(&A[lo], &B[lo], &C[lo]);
    scale_block(C + lo, 0.5);
    scale_doubles((DTYPE *)(C + lo), BSIZE, 2.0);
    return;
  }
  int mid = lo + (hi - lo) / 2;
  blocks(A, B, C, lo, mid);
  blocks(A, B, C, mid, hi);
}

// Doubles lo..hi-1 set byte by byte.
static void fill_bytes(double *a, int lo, int hi, unsigned char v) {
  unsigned char *b = (unsigned char *)(a + lo);
  for (int i = 0; i < (hi - lo) * (int)sizeof(double); i++)
    b[i] = v;
}

// Rows lo..hi-1 of an n-column matrix, cleared by memset, then set from a
// row start computed in bytes.
static void rows(double *m, int lo, int hi, int n) {
  memset((char *)(m + lo * n), 0, (size_t)(hi - lo) * n * sizeof(double));
  double *first = (double *)((char *)m + (size_t)lo * n * sizeof(double));
  for (int i = 0; i < (hi - lo) * n; i++)
    first[i] += i % 17;
}

struct pair {
  int key, value;
};

// Pairs lo..hi-1 of an array of ints taken two by two.
static void swap_pairs(int *v, int lo, int hi) {
  struct pair *p = (struct pair *)(v + 2 * lo);
  for (int i = 0; i < hi - lo; i++) {
    int t = p[i].key;
    p[i].key = p[i].value;
    p[i].value = t;
  }
}

// Bytes lo..hi-1 of an array of doubles: the two halves share the double
// the middle byte falls in where it is not a multiple of 8.
static void set_bytes(double *a, long lo, long hi, int v) {
  char *b = (char *)a;
  for (long i = lo; i < hi; i++)
    b[i] = (char)(v + i % 5);
}

// REMARK: casts.c:[[@LINE+5]]:5: remark: call to 'spread' runs asynchronously
// REMARK: casts.c:[[@LINE+5]]:5: remark: call to 'spread' stays sequential: it is the part kept on this node
static void spread(double *a, double *m, int *v, int lo, int hi, int n) {
  if (hi - lo > 64) {
    int mid = lo + (hi - lo) / 2;
    spread(a, m, v, lo, mid, n);
    spread(a, m, v, mid, hi, n);
    return;
  }
  if (hi > lo)
    clear(a + lo, (size_t)(hi - lo) * sizeof(double));
  fill_bytes(a, lo, hi, (unsigned char)(lo % 3));
  rows(m, lo, hi, n);
  swap_pairs(v, lo, hi);
}

// REMARK: casts.c:[[@LINE+5]]:5: remark: call to 'bytes' runs asynchronously{{.*}}a run-time test
// REMARK: casts.c:[[@LINE+5]]:5: remark: call to 'bytes' stays sequential: it is the part kept on this node
static void bytes(double *a, long lo, long hi, int v) {
  if (hi - lo > 1000) {
    long mid = lo + (hi - lo) / 2;
    bytes(a, lo, mid, v + 1);
    bytes(a, mid, hi, v + 2);
    return;
  }
  set_bytes(a, lo, hi, v);
}

#define NB 64
#define ROWS 1024
#define COLS 16

typedef double Tile[4][4];

// A tile given as the pointer to its first row that it decays to.
static void tile_fill(Tile T, double v) {
  for (int i = 0; i < 4; i++)
    for (int j = 0; j < 4; j++)
      T[i][j] = v + i - j;
}

// REMARK: casts.c:[[@LINE+9]]:3: remark: call to 'tiles' runs asynchronously
// REMARK: casts.c:[[@LINE+9]]:3: remark: call to 'tiles' stays sequential: it is the part kept on this node
static void tiles(Tile *M, int lo, int hi) {
  if (hi - lo == 1) {
    tile_fill(M[lo], lo);
    tile_fill(*(M + lo), 2 * lo);
    return;
  }
  int mid = lo + (hi - lo) / 2;
  tiles(M, lo, mid);
  tiles(M, mid, hi);
}

static unsigned long bytes_hash(const double *a) {
  unsigned long h = 0;
  for (int i = 0; i < ROWS * (int)sizeof(double); i++)
    h = h * 31 + ((const unsigned char *)a)[i];
  return h;
}

int main(int argc, char **argv) {
  block *A = malloc(NB * sizeof(block)), *B = malloc(NB * sizeof(block)),
        *C = calloc(NB, sizeof(block));
  double *a = calloc(ROWS, sizeof(double)), *m = malloc(ROWS * COLS * sizeof(double));
  int *v = malloc(2 * ROWS * sizeof(int));
  // Bytes split at odd places (every half ends inside a double) or at
  // whole doubles, alone, for the count of the tests.
  if (argc > 1) {
    bytes(a, 0, 8 * ROWS - (argv[1][0] == 'o' ? 3 : 0), 1);
    printf("%lu\n", bytes_hash(a));
    return 0;
  }
  for (int i = 0; i < NB * BSIZE; i++) {
    ((DTYPE *)A)[i] = i % 7 - 3;
    ((DTYPE *)B)[i] = i % 5 - 2;
  }
  for (int i = 0; i < 2 * ROWS; i++)
    v[i] = i * 3;
  blocks(A, B, C, 0, NB);
  spread(a, m, v, 0, ROWS, COLS);
  Tile *T = malloc(NB * sizeof(Tile));
  tiles(T, 0, NB);
  double s = 0;
  for (int i = 0; i < NB; i++)
    s += T[i][1][2] * i + T[i][3][0];
  free(T);
  unsigned long h = bytes_hash(a);
  for (int i = 0; i < NB * BSIZE; i++)
    s += ((DTYPE *)C)[i] * (i % 3 + 1);
  for (int i = 0; i < ROWS * COLS; i++)
    s += m[i];
  for (int i = 0; i < 2 * ROWS; i++)
    h = h * 7 + (unsigned)v[i];
  printf("%.1f %lu\n", s, h);
  bytes(a, 0, 8 * ROWS - 3, 1);
  bytes(a, 3, 8 * ROWS, 7);
  printf("%lu\n", bytes_hash(a));
  free(A);
  free(B);
  free(C);
  free(a);
  free(m);
  free(v);
  return 0;
}
