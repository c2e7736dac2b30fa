/* Multiplies two N x N matrices of small pseudo-random integers (stored as
   doubles) by recursion over quadrants, and prints the trace, the corners and a
   weighted checksum of the product. All values are integers far below 2^53, so
   the sums are exact in any order and the output does not depend on rounding.

   usage: matmul [N [SEED]]   (defaults: N = 128, SEED = 1; N a power of two,
                               1 <= N <= 2048)

   The matrices are first copied into a recursive quadrant layout: a matrix of
   order n is its four quadrants A11, A12, A21, A22 of order n/2, stored one
   after the other, each in the same layout, down to LEAF x LEAF blocks stored
   by rows. Every quadrant is then a contiguous range of n * n elements:
   C11 = A11 B11 + A12 B21 and so on, eight products, where the products that
   accumulate into different quadrants of C are independent. */
#include <stdio.h>
#include <stdlib.h>

enum { LEAF = 8 };

/* Copies the n x n matrix at src (row-major, rows ld apart) into dst in the
   quadrant layout. */
static void pack(const double *src, double *dst, int ld, int n) {
  if (n <= LEAF) {
    for (int i = 0; i < n; i++)
      for (int j = 0; j < n; j++)
        dst[i * n + j] = src[i * ld + j];
    return;
  }
  int h = n / 2;
  pack(src, dst, ld, h);
  pack(src + h, dst + h * h, ld, h);
  pack(src + h * ld, dst + 2 * (h * h), ld, h);
  pack(src + h * ld + h, dst + 3 * (h * h), ld, h);
}

/* The inverse of pack: copies src, in the quadrant layout, to the n x n
   row-major matrix at dst, rows ld apart. */
static void unpack(const double *src, double *dst, int ld, int n) {
  if (n <= LEAF) {
    for (int i = 0; i < n; i++)
      for (int j = 0; j < n; j++)
        dst[i * ld + j] = src[i * n + j];
    return;
  }
  int h = n / 2;
  unpack(src, dst, ld, h);
  unpack(src + h * h, dst + h, ld, h);
  unpack(src + 2 * (h * h), dst + h * ld, ld, h);
  unpack(src + 3 * (h * h), dst + h * ld + h, ld, h);
}

/* c += a * b for n x n matrices in the quadrant layout. */
static void multiply_add(const double *a, const double *b, double *c, int n) {
  if (n <= LEAF) {
    for (int i = 0; i < n; i++)
      for (int k = 0; k < n; k++) {
        double aik = a[i * n + k];
        for (int j = 0; j < n; j++)
          c[i * n + j] += aik * b[k * n + j];
      }
    return;
  }
  int h = n / 2;
  /* Quadrant k (0: 11, 1: 12, 2: 21, 3: 22) starts at k * (h * h). */
  multiply_add(a, b, c, h);                                             /* C11 += A11 B11 */
  multiply_add(a, b + h * h, c + h * h, h);                             /* C12 += A11 B12 */
  multiply_add(a + 2 * (h * h), b, c + 2 * (h * h), h);                 /* C21 += A21 B11 */
  multiply_add(a + 2 * (h * h), b + h * h, c + 3 * (h * h), h);         /* C22 += A21 B12 */
  multiply_add(a + h * h, b + 2 * (h * h), c, h);                       /* C11 += A12 B21 */
  multiply_add(a + h * h, b + 3 * (h * h), c + h * h, h);               /* C12 += A12 B22 */
  multiply_add(a + 3 * (h * h), b + 2 * (h * h), c + 2 * (h * h), h);   /* C21 += A22 B21 */
  multiply_add(a + 3 * (h * h), b + 3 * (h * h), c + 3 * (h * h), h);   /* C22 += A22 B22 */
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
  int n = argc > 1 ? atoi(argv[1]) : 128;
  unsigned long long seed = argc > 2 ? strtoull(argv[2], NULL, 10) : 1;
  if (n < 1 || n > 2048 || (n & (n - 1)) != 0 || seed == 0) {
    fprintf(stderr, "usage: matmul [N [SEED]] with N a power of two in [1, 2048] "
                    "and SEED > 0\n");
    return 2;
  }
  size_t nn = (size_t)n * (size_t)n;
  double *a = malloc(nn * sizeof *a), *b = malloc(nn * sizeof *b);
  double *qa = malloc(nn * sizeof *qa), *qb = malloc(nn * sizeof *qb);
  double *qc = calloc(nn, sizeof *qc), *c = malloc(nn * sizeof *c);
  if (!a || !b || !qa || !qb || !qc || !c) {
    fprintf(stderr, "matmul: out of memory for N = %d\n", n);
    return 1;
  }
  /* Entries in [-9, 9]. */
  for (size_t i = 0; i < nn; i++)
    a[i] = (double)(int)(next_random(&seed) % 19) - 9;
  for (size_t i = 0; i < nn; i++)
    b[i] = (double)(int)(next_random(&seed) % 19) - 9;

  pack(a, qa, n, n);
  pack(b, qb, n, n);
  multiply_add(qa, qb, qc, n);
  unpack(qc, c, n, n);

  /* checksum: the entries by rows as the digits of a number in base 31,
     modulo the prime 1000000007, each entry taken modulo that prime too. */
  const long long p = 1000000007;
  long long trace = 0, checksum = 0;
  for (int i = 0; i < n; i++) {
    trace += (long long)c[(size_t)i * n + i];
    for (int j = 0; j < n; j++)
      checksum = (checksum * 31 + (long long)c[(size_t)i * n + j] % p + p) % p;
  }
  printf("n %d trace %lld\n", n, trace);
  printf("c[0][0] %.0f c[0][n-1] %.0f c[n-1][0] %.0f c[n-1][n-1] %.0f\n", c[0],
         c[n - 1], c[nn - n], c[nn - 1]);
  printf("checksum %lld\n", checksum);
  free(a);
  free(b);
  free(qa);
  free(qb);
  free(qc);
  free(c);
  return 0;
}
