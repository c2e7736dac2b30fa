/* Multiplies two N x N matrices of small pseudo-random integers (stored as
   doubles) by recursion over quadrants down to single entries, checks a sample of
   entries against the dot products they should equal, and prints the trace,
   the corners and a checksum. All values are integers far below 2^53, so
   every sum is exact and the output does not depend on rounding.

   usage: noblockmul [N [SEED]]   (defaults: N = 128, SEED = 1; N a power of
                                   two, 1 <= N <= 8192, SEED > 0)

   multiply_add(a, b, c, n, ld) adds the product of the n x n matrices at a and
   b to the one at c; all three are blocks of row-major matrices whose rows are
   ld apart, so a quadrant is just a pointer into its matrix. It makes eight
   half-size products: the four that use the left half of a come first, then
   the four that use its right half, which add into the same quadrants of c.
   There is no blocking: the recursion goes down to 1 x 1 blocks, so it makes
   N^3 leaf calls of one multiply-add each. */
#include <stdio.h>
#include <stdlib.h>

enum { SAMPLES = 200 };

/* c += a * b for n x n blocks with rows ld apart, by quadrants. */
static void multiply_add(const double *a, const double *b, double *c, int n, int ld) {
  if (n == 1) {
    *c += *a * *b;
    return;
  }
  int h = n / 2;
  size_t down = (size_t)h * ld;
  const double *a11 = a, *a12 = a + h, *a21 = a + down, *a22 = a + down + h;
  const double *b11 = b, *b12 = b + h, *b21 = b + down, *b22 = b + down + h;
  double *c11 = c, *c12 = c + h, *c21 = c + down, *c22 = c + down + h;

  multiply_add(a11, b11, c11, h, ld);
  multiply_add(a11, b12, c12, h, ld);
  multiply_add(a21, b11, c21, h, ld);
  multiply_add(a21, b12, c22, h, ld);

  multiply_add(a12, b21, c11, h, ld);
  multiply_add(a12, b22, c12, h, ld);
  multiply_add(a22, b21, c21, h, ld);
  multiply_add(a22, b22, c22, h, ld);
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
  if (argc > 3 || n < 1 || n > 8192 || (n & (n - 1)) != 0 || seed == 0) {
    fprintf(stderr, "usage: noblockmul [N [SEED]] with N a power of two in [1, 8192] "
                    "and SEED > 0\n");
    return 2;
  }
  size_t nn = (size_t)n * n;
  double *a = malloc(nn * sizeof *a), *b = malloc(nn * sizeof *b);
  double *c = calloc(nn, sizeof *c);
  if (!a || !b || !c) {
    fprintf(stderr, "noblockmul: out of memory for N = %d\n", n);
    return 1;
  }
  /* Entries in [-9, 9]. */
  for (size_t i = 0; i < nn; i++)
    a[i] = (double)(int)(next_random(&seed) % 19) - 9;
  for (size_t i = 0; i < nn; i++)
    b[i] = (double)(int)(next_random(&seed) % 19) - 9;

  multiply_add(a, b, c, n, n);

  /* The corners and SAMPLES pseudo-random entries, by dot products. */
  int mismatches = 0;
  for (int s = 0; s < SAMPLES + 4; s++) {
    int i, j;
    if (s < 4) {
      i = s & 1 ? n - 1 : 0;
      j = s & 2 ? n - 1 : 0;
    } else {
      i = (int)(next_random(&seed) % (unsigned)n);
      j = (int)(next_random(&seed) % (unsigned)n);
    }
    double dot = 0;
    for (int k = 0; k < n; k++)
      dot += a[(size_t)i * n + k] * b[(size_t)k * n + j];
    if (dot != c[(size_t)i * n + j])
      mismatches++;
  }

  /* checksum: the entries by rows as the digits of a number in base 31,
     modulo the prime 1000000007, each entry taken modulo that prime too. */
  const long long prime = 1000000007;
  long long trace = 0, checksum = 0;
  for (int i = 0; i < n; i++) {
    trace += (long long)c[(size_t)i * n + i];
    for (int j = 0; j < n; j++)
      checksum = (checksum * 31 + (long long)c[(size_t)i * n + j] % prime + prime) % prime;
  }
  printf("n %d\n", n);
  printf("trace %lld\n", trace);
  printf("c[0][0] %.0f c[0][n-1] %.0f c[n-1][0] %.0f c[n-1][n-1] %.0f\n", c[0], c[n - 1],
         c[nn - n], c[nn - 1]);
  printf("checksum %lld\n", checksum);
  printf("sampled entries that differ from their dot product: %d of %d\n", mismatches,
         SAMPLES + 4);
  free(a);
  free(b);
  free(c);
  return mismatches != 0;
}
