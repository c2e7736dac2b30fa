/* Factors a diagonally dominant N x N matrix of pseudo-random numbers as
   A = L U without pivoting (L unit lower triangular, U upper triangular, both
   stored over A), checks L U against A on a sample of entries and prints a few
   entries of the factors, the product of U's diagonal as a logarithm, and
   whether the sampled residual is small.

   usage: lu [N [SEED]]   (defaults: N = 256, SEED = 1; N a power of two,
                           1 <= N <= 8192, SEED > 0)

   Link with -lm. All matrices are blocks of one row-major matrix with rows ld
   apart, and every routine works by quadrants down to BLOCK x BLOCK blocks,
   where loops take over. lu() factors the top-left quadrant, then solves for
   the top-right quadrant of U and the bottom-left quadrant of L (the two
   solves are independent), subtracts their product from the bottom-right
   quadrant (the Schur complement) and factors that. lower_solve() and
   upper_solve() apply the inverse of a triangular factor by quadrants, with a
   Schur update between their two halves; schur() is c -= a b by eight
   half-size products, the two that update the same quadrant of c one after
   the other. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

enum { BLOCK = 16, SAMPLES = 1000 };

/* c -= a * b for n x n blocks with rows ld apart. */
static void schur(const double *a, const double *b, double *c, int n, int ld) {
  if (n <= BLOCK) {
    for (int i = 0; i < n; i++)
      for (int k = 0; k < n; k++) {
        double aik = a[(size_t)i * ld + k];
        for (int j = 0; j < n; j++)
          c[(size_t)i * ld + j] -= aik * b[(size_t)k * ld + j];
      }
    return;
  }
  int h = n / 2;
  size_t down = (size_t)h * ld;
  schur(a, b, c, h, ld);
  schur(a, b + h, c + h, h, ld);
  schur(a + down, b, c + down, h, ld);
  schur(a + down, b + h, c + down + h, h, ld);
  schur(a + h, b + down, c, h, ld);
  schur(a + h, b + down + h, c + h, h, ld);
  schur(a + down + h, b + down, c + down, h, ld);
  schur(a + down + h, b + down + h, c + down + h, h, ld);
}

/* b = L^-1 b, where L is the unit lower triangle of the n x n block l. */
static void lower_solve(const double *l, double *b, int n, int ld) {
  if (n <= BLOCK) {
    for (int i = 1; i < n; i++)
      for (int k = 0; k < i; k++) {
        double lik = l[(size_t)i * ld + k];
        for (int j = 0; j < n; j++)
          b[(size_t)i * ld + j] -= lik * b[(size_t)k * ld + j];
      }
    return;
  }
  int h = n / 2;
  size_t down = (size_t)h * ld;
  /* The top rows of b need the top-left triangle only. */
  lower_solve(l, b, h, ld);
  lower_solve(l, b + h, h, ld);
  /* The bottom rows lose the bottom-left block of l times the top rows. */
  schur(l + down, b, b + down, h, ld);
  schur(l + down, b + h, b + down + h, h, ld);
  lower_solve(l + down + h, b + down, h, ld);
  lower_solve(l + down + h, b + down + h, h, ld);
}

/* b = b U^-1, where U is the upper triangle of the n x n block u. */
static void upper_solve(const double *u, double *b, int n, int ld) {
  if (n <= BLOCK) {
    for (int i = 0; i < n; i++)
      for (int k = 0; k < n; k++) {
        double x = b[(size_t)i * ld + k] / u[(size_t)k * ld + k];
        b[(size_t)i * ld + k] = x;
        for (int j = k + 1; j < n; j++)
          b[(size_t)i * ld + j] -= x * u[(size_t)k * ld + j];
      }
    return;
  }
  int h = n / 2;
  size_t down = (size_t)h * ld;
  /* The left columns of b need the top-left triangle only. */
  upper_solve(u, b, h, ld);
  upper_solve(u, b + down, h, ld);
  /* The right columns lose the left columns times the top-right block of u. */
  schur(b, u + h, b + h, h, ld);
  schur(b + down, u + h, b + down + h, h, ld);
  upper_solve(u + down + h, b + h, h, ld);
  upper_solve(u + down + h, b + down + h, h, ld);
}

/* Factors the n x n block a, rows ld apart, in place. */
static void lu(double *a, int n, int ld) {
  if (n <= BLOCK) {
    for (int k = 0; k < n; k++)
      for (int i = k + 1; i < n; i++) {
        double lik = a[(size_t)i * ld + k] / a[(size_t)k * ld + k];
        a[(size_t)i * ld + k] = lik;
        for (int j = k + 1; j < n; j++)
          a[(size_t)i * ld + j] -= lik * a[(size_t)k * ld + j];
      }
    return;
  }
  int h = n / 2;
  size_t down = (size_t)h * ld;
  double *a00 = a, *a01 = a + h, *a10 = a + down, *a11 = a + down + h;
  lu(a00, h, ld);
  lower_solve(a00, a01, h, ld);
  upper_solve(a00, a10, h, ld);
  schur(a10, a01, a11, h, ld);
  lu(a11, h, ld);
}

/* xorshift64: a fixed, portable stream of pseudo-random numbers. */
static unsigned long long next_random(unsigned long long *state) {
  unsigned long long x = *state;
  x ^= x << 13;
  x ^= x >> 7;
  x ^= x << 17;
  return *state = x;
}

/* A pseudo-random number in [0, 1). */
static double uniform(unsigned long long *state) {
  return (double)(next_random(state) >> 11) / 9007199254740992.0;
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 256;
  unsigned long long seed = argc > 2 ? strtoull(argv[2], NULL, 10) : 1;
  if (argc > 3 || n < 1 || n > 8192 || (n & (n - 1)) != 0 || seed == 0) {
    fprintf(stderr, "usage: lu [N [SEED]] with N a power of two in [1, 8192] and SEED > 0\n");
    return 2;
  }
  size_t nn = (size_t)n * n;
  double *a = malloc(nn * sizeof *a), *orig = malloc(nn * sizeof *orig);
  if (!a || !orig) {
    fprintf(stderr, "lu: out of memory for N = %d\n", n);
    return 1;
  }
  /* Off the diagonal in [-1, 1), on it n plus [0, 1): diagonally dominant. */
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      a[(size_t)i * n + j] = i == j ? n + uniform(&seed) : 2 * uniform(&seed) - 1;
  for (size_t i = 0; i < nn; i++)
    orig[i] = a[i];

  lu(a, n, n);

  /* (L U)[i][j] = sum over k <= min(i, j) of L[i][k] U[k][j], L[i][i] = 1. */
  double residual = 0;
  for (int s = 0; s < SAMPLES; s++) {
    int i = s < n ? s : (int)(next_random(&seed) % (unsigned)n);
    int j = s < n ? n - 1 - s : (int)(next_random(&seed) % (unsigned)n);
    int last = i < j ? i : j;
    double sum = 0;
    for (int k = 0; k < last; k++)
      sum += a[(size_t)i * n + k] * a[(size_t)k * n + j];
    sum += i <= j ? a[(size_t)i * n + j] : a[(size_t)i * n + j] * a[(size_t)j * n + j];
    double diff = fabs(sum - orig[(size_t)i * n + j]);
    if (diff > residual)
      residual = diff;
  }
  double log_det = 0;
  for (int i = 0; i < n; i++)
    log_det += log(a[(size_t)i * n + i]);
  printf("n %d\n", n);
  printf("log of the determinant %.6f\n", log_det);
  if (n > 1)
    printf("U[0][n-1] %.6f U[n-1][n-1] %.6f L[n-1][0] %.9f L[n/2][n/4] %.9f\n", a[n - 1],
           a[nn - 1], a[nn - n], a[(size_t)(n / 2) * n + n / 4]);
  printf("largest |L U - A| on %d sampled entries below 1e-9 * N: %s\n", SAMPLES,
         residual < 1e-9 * n ? "yes" : "NO");
  free(a);
  free(orig);
  return residual < 1e-9 * n ? 0 : 1;
}
