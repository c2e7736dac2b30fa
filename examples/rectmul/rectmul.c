/* Multiplies an M x N matrix by an N x P matrix, both of small pseudo-random
   integers stored as doubles, by recursively halving the largest dimension;
   checks every row of the product against the row sums of the factors, and
   prints the corners, the sum of the entries and a checksum. All values are
   integers far below 2^53, so the output does not depend on rounding.

   usage: rectmul [M [N [P [SEED]]]]   (defaults: M = 300, N = 200, P = 250,
                                        SEED = 1; 1 <= M, N, P <= 10000,
                                        SEED > 0)

   multiply_add(a, b, c, m, n, p, lda, ldb, ldc) adds the product of the m x n
   block at a and the n x p block at b to the m x p block at c; each is a block
   of a row-major matrix with rows lda, ldb, ldc apart. It halves the largest
   of m, n and p: halving m (the rows of a and c) or p (the columns of b and c)
   gives two products that write different halves of c, while halving n gives
   two products, a's left columns times b's top rows and a's right columns
   times b's bottom rows, that add into the same c, one after the other. Small
   products are done by three nested loops. */
#include <stdio.h>
#include <stdlib.h>

enum { SMALL = 4096 }; /* m * n * p below which loops take over */

/* c += a * b for the m x n block a, the n x p block b and the m x p block c,
   by loops. */
static void loops_multiply_add(const double *a, const double *b, double *c, int m, int n,
                               int p, int lda, int ldb, int ldc) {
  for (int i = 0; i < m; i++)
    for (int k = 0; k < n; k++) {
      double aik = a[(size_t)i * lda + k];
      for (int j = 0; j < p; j++)
        c[(size_t)i * ldc + j] += aik * b[(size_t)k * ldb + j];
    }
}

/* c += a * b for the m x n block a, the n x p block b and the m x p block c,
   by halving the largest dimension. */
static void multiply_add(const double *a, const double *b, double *c, int m, int n, int p,
                         int lda, int ldb, int ldc) {
  if ((long)m * n * p <= SMALL) {
    loops_multiply_add(a, b, c, m, n, p, lda, ldb, ldc);
    return;
  }
  if (m >= n && m >= p) {
    int h = m / 2;
    multiply_add(a, b, c, h, n, p, lda, ldb, ldc);
    multiply_add(a + (size_t)h * lda, b, c + (size_t)h * ldc, m - h, n, p, lda, ldb, ldc);
  } else if (p >= n) {
    int h = p / 2;
    multiply_add(a, b, c, m, n, h, lda, ldb, ldc);
    multiply_add(a, b + h, c + h, m, n, p - h, lda, ldb, ldc);
  } else {
    int h = n / 2;
    multiply_add(a, b, c, m, h, p, lda, ldb, ldc);
    multiply_add(a + h, b + (size_t)h * ldb, c, m, n - h, p, lda, ldb, ldc);
  }
}

/* xorshift64: a fixed, portable stream of pseudo-random numbers. */
static unsigned long long next_random(unsigned long long *state) {
  unsigned long long x = *state;
  x ^= x << 13;
  x ^= x >> 7;
  x ^= x << 17;
  return *state = x;
}

int main(int argc, char **argv) {
  int m = argc > 1 ? atoi(argv[1]) : 300;
  int n = argc > 2 ? atoi(argv[2]) : 200;
  int p = argc > 3 ? atoi(argv[3]) : 250;
  unsigned long long seed = argc > 4 ? strtoull(argv[4], NULL, 10) : 1;
  if (argc > 5 || m < 1 || m > 10000 || n < 1 || n > 10000 || p < 1 || p > 10000 ||
      seed == 0) {
    fprintf(stderr, "usage: rectmul [M [N [P [SEED]]]] with 1 <= M, N, P <= 10000 and "
                    "SEED > 0\n");
    return 2;
  }
  double *a = malloc((size_t)m * n * sizeof *a), *b = malloc((size_t)n * p * sizeof *b);
  double *c = calloc((size_t)m * p, sizeof *c);
  double *brow = malloc((size_t)n * sizeof *brow);
  if (!a || !b || !c || !brow) {
    fprintf(stderr, "rectmul: out of memory for %d x %d x %d\n", m, n, p);
    return 1;
  }
  /* Entries in [-9, 9]. */
  for (size_t i = 0; i < (size_t)m * n; i++)
    a[i] = (double)(int)(next_random(&seed) % 19) - 9;
  for (size_t i = 0; i < (size_t)n * p; i++)
    b[i] = (double)(int)(next_random(&seed) % 19) - 9;

  multiply_add(a, b, c, m, n, p, n, p, p);

  /* Row i of c sums to row i of a times the row sums of b. */
  for (int k = 0; k < n; k++) {
    brow[k] = 0;
    for (int j = 0; j < p; j++)
      brow[k] += b[(size_t)k * p + j];
  }
  int bad_rows = 0;
  long long total = 0, checksum = 0;
  const long long prime = 1000000007;
  for (int i = 0; i < m; i++) {
    double expect = 0, got = 0;
    for (int k = 0; k < n; k++)
      expect += a[(size_t)i * n + k] * brow[k];
    for (int j = 0; j < p; j++) {
      double v = c[(size_t)i * p + j];
      got += v;
      checksum = (checksum * 31 + (long long)v % prime + prime) % prime;
    }
    total += (long long)got;
    if (got != expect)
      bad_rows++;
  }
  printf("c is %d x %d, inner dimension %d\n", m, p, n);
  printf("c[0][0] %.0f c[0][p-1] %.0f c[m-1][0] %.0f c[m-1][p-1] %.0f\n", c[0], c[p - 1],
         c[(size_t)(m - 1) * p], c[(size_t)m * p - 1]);
  printf("sum of entries %lld checksum %lld\n", total, checksum);
  printf("rows whose sum differs from a times the row sums of b: %d of %d\n", bad_rows, m);
  free(a);
  free(b);
  free(c);
  free(brow);
  return bad_rows != 0;
}
