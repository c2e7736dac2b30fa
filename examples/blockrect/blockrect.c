/* Multiplies an M x N matrix by an N x P matrix, both counted in blocks of
   EDGE x EDGE doubles, each block a type of its own that the block product
   reads through pointers to its elements; the matrices are arrays of blocks
   in rows, LD blocks from one row to the next. The product halves the
   largest of its three dimensions, as the Cilk programs' rectangular
   product does: halving M or P gives two products that write different
   blocks of the result, halving N two that add into the same ones, one
   after the other. Entries are small integers, so every sum is exact; the
   program checks each row of the product against the row sums of the
   factors and prints corners, the sum of the entries and a checksum.

   usage: blockrect [M [N [P [SEED]]]]   (in blocks; defaults 12 10 14 1;
                                          1 <= M, N, P <= 512, SEED > 0) */
#include <stdio.h>
#include <stdlib.h>

#define EDGE 16
#define BLOCK_SIZE (EDGE * EDGE)
typedef double REAL;
typedef REAL block[BLOCK_SIZE];

/* r += a * b for one block each, through pointers to their entries. */
static void block_mult_add(const block *A, const block *B, block *R) {
  const REAL *a = (const REAL *)A, *b = (const REAL *)B;
  REAL *r = (REAL *)R;
  for (int i = 0; i < EDGE; i++) {
    REAL *row = r + i * EDGE;
    for (int k = 0; k < EDGE; k++) {
      REAL aik = a[i * EDGE + k];
      const REAL *bk = b + k * EDGE;
      for (int j = 0; j < EDGE; j++)
        row[j] += aik * bk[j];
    }
  }
}

/* R += A * B for the m x n blocks at A, the n x p blocks at B and the m x p
   blocks at R, rows of blocks ld apart in each. */
static void mult_add(const block *A, const block *B, block *R, int m, int n, int p, int ld) {
  if (m == 1 && n == 1 && p == 1) {
    block_mult_add(A, B, R);
  } else if (m >= n && m >= p) {
    int m1 = m / 2;
    mult_add(A, B, R, m1, n, p, ld);
    mult_add(A + m1 * ld, B, R + m1 * ld, m - m1, n, p, ld);
  } else if (p >= n) {
    int p1 = p / 2;
    mult_add(A, B, R, m, n, p1, ld);
    mult_add(A, B + p1, R + p1, m, n, p - p1, ld);
  } else {
    int n1 = n / 2;
    mult_add(A, B, R, m, n1, p, ld);
    mult_add(A + n1, B + n1 * ld, R, m, n - n1, p, ld);
  }
}

/* Entry (i, j) of a matrix of blocks, ld blocks a row. */
#define ENTRY(X, ld, i, j) (((REAL *)((X) + ((i) / EDGE) * (ld) + (j) / EDGE))[((i) % EDGE) * EDGE + (j) % EDGE])

static unsigned long long next_random(unsigned long long *state) {
  unsigned long long x = *state;
  x ^= x << 13;
  x ^= x >> 7;
  x ^= x << 17;
  return *state = x;
}

int main(int argc, char **argv) {
  int m = argc > 1 ? atoi(argv[1]) : 12;
  int n = argc > 2 ? atoi(argv[2]) : 10;
  int p = argc > 3 ? atoi(argv[3]) : 14;
  unsigned long long seed = argc > 4 ? strtoull(argv[4], NULL, 10) : 1;
  if (argc > 5 || m < 1 || m > 512 || n < 1 || n > 512 || p < 1 || p > 512 || seed == 0) {
    fprintf(stderr, "usage: blockrect [M [N [P [SEED]]]] in blocks, with 1 <= M, N, P <= 512 "
                    "and SEED > 0\n");
    return 2;
  }
  /* One leading dimension for all three, as the Cilk program has it. */
  int ld = m > n ? m : n;
  ld = ld > p ? ld : p;
  size_t blocks = (size_t)ld * ld;
  block *A = malloc(blocks * sizeof(block)), *B = malloc(blocks * sizeof(block));
  block *R = calloc(blocks, sizeof(block));
  REAL *brow = malloc((size_t)n * EDGE * sizeof *brow);
  if (!A || !B || !R || !brow) {
    fprintf(stderr, "blockrect: out of memory for %d x %d x %d blocks\n", m, n, p);
    return 1;
  }
  int rows = m * EDGE, inner = n * EDGE, cols = p * EDGE;
  /* Entries in [-9, 9]. */
  for (int i = 0; i < rows; i++)
    for (int k = 0; k < inner; k++)
      ENTRY(A, ld, i, k) = (REAL)(int)(next_random(&seed) % 19) - 9;
  for (int k = 0; k < inner; k++)
    for (int j = 0; j < cols; j++)
      ENTRY(B, ld, k, j) = (REAL)(int)(next_random(&seed) % 19) - 9;

  mult_add(A, B, R, m, n, p, ld);

  /* Row i of R sums to row i of A times the row sums of B. */
  for (int k = 0; k < inner; k++) {
    brow[k] = 0;
    for (int j = 0; j < cols; j++)
      brow[k] += ENTRY(B, ld, k, j);
  }
  int bad_rows = 0;
  long long total = 0, checksum = 0;
  const long long prime = 1000000007;
  for (int i = 0; i < rows; i++) {
    REAL expect = 0, got = 0;
    for (int k = 0; k < inner; k++)
      expect += ENTRY(A, ld, i, k) * brow[k];
    for (int j = 0; j < cols; j++) {
      REAL v = ENTRY(R, ld, i, j);
      got += v;
      checksum = (checksum * 31 + (long long)v % prime + prime) % prime;
    }
    total += (long long)got;
    if (got != expect)
      bad_rows++;
  }
  printf("product of %d x %d entries, inner dimension %d, in blocks of %d x %d\n", rows, cols,
         inner, EDGE, EDGE);
  printf("r[0][0] %.0f r[0][p-1] %.0f r[m-1][0] %.0f r[m-1][p-1] %.0f\n", ENTRY(R, ld, 0, 0),
         ENTRY(R, ld, 0, cols - 1), ENTRY(R, ld, rows - 1, 0), ENTRY(R, ld, rows - 1, cols - 1));
  printf("sum of entries %lld checksum %lld\n", total, checksum);
  printf("rows whose sum differs from a times the row sums of b: %d of %d\n", bad_rows, rows);
  free(A);
  free(B);
  free(R);
  free(brow);
  return bad_rows != 0;
}
