/* Multiplies two N x N matrices of small pseudo-random integers (stored as
   doubles) with Strassen's algorithm, seven half-size products instead of
   eight, checks the result against the schoolbook product and prints the
   trace, the corners and a weighted checksum. All values are integers far below
   2^53, so every sum is exact and the output does not depend on rounding.

   usage: strassen [N [SEED]]   (defaults: N = 128, SEED = 1; N a power of two,
                                 1 <= N <= 512)

   Matrices are kept in a recursive quadrant layout (a matrix is its quadrants
   11, 12, 21, 22 one after the other, each in the same layout, down to
   LEAF x LEAF blocks by rows), so a quadrant is a pointer plus an offset. The
   ten sums and seven products of a level live in a workspace the caller
   provides, followed by one workspace for each of the seven recursive calls:
   nothing is allocated during the recursion. The seven products are
   independent of one another. */
#include <stdio.h>
#include <stdlib.h>

enum { LEAF = 8 };

/* Copies the n x n row-major matrix at src, rows ld apart, into dst in the
   quadrant layout. */
static void pack(const double *src, double *dst, int ld, int n) {
  if (n <= LEAF) {
    for (int i = 0; i < n; i++)
      for (int j = 0; j < n; j++)
        dst[i * n + j] = src[i * ld + j];
    return;
  }
  int h = n / 2, q = h * h;
  pack(src, dst, ld, h);
  pack(src + h, dst + q, ld, h);
  pack(src + h * ld, dst + 2 * q, ld, h);
  pack(src + h * ld + h, dst + 3 * q, ld, h);
}

/* The inverse of pack. */
static void unpack(const double *src, double *dst, int ld, int n) {
  if (n <= LEAF) {
    for (int i = 0; i < n; i++)
      for (int j = 0; j < n; j++)
        dst[i * ld + j] = src[i * n + j];
    return;
  }
  int h = n / 2, q = h * h;
  unpack(src, dst, ld, h);
  unpack(src + q, dst + h, ld, h);
  unpack(src + 2 * q, dst + h * ld, ld, h);
  unpack(src + 3 * q, dst + h * ld + h, ld, h);
}

/* z = x + y and z = x - y over m elements. */
static void add(const double *x, const double *y, double *z, int m) {
  for (int i = 0; i < m; i++)
    z[i] = x[i] + y[i];
}
static void subtract(const double *x, const double *y, double *z, int m) {
  for (int i = 0; i < m; i++)
    z[i] = x[i] - y[i];
}

/* The workspace strassen needs for order n: at each level ten sums and seven
   products of order n/2, then a workspace of order n/2 for each product. */
static long workspace(int n) {
  if (n <= LEAF)
    return 0;
  long q = (long)(n / 2) * (n / 2);
  return 17 * q + 7 * workspace(n / 2);
}

/* c = a * b for n x n matrices in the quadrant layout; w[0:wn] is scratch
   space of wn = workspace(n) elements. The pragma stays for w: that each
   level's sums, products and the seven workspaces after them end within
   w[0:wn] is a fact about the value main passes for wn, workspace(n), which
   cleave does not derive from workspace's recursion; without the pragma the
   seven products stay sequential, and the remarks say so. cleave finds the
   regions of a, b and c, n * n elements each. */
#pragma cleave region(w[0:wn])
static void strassen(const double *a, const double *b, double *c, double *w, int n,
                     int wn) {
  if (n <= LEAF) {
    for (int i = 0; i < n; i++)
      for (int j = 0; j < n; j++) {
        double sum = 0;
        for (int k = 0; k < n; k++)
          sum += a[i * n + k] * b[k * n + j];
        c[i * n + j] = sum;
      }
    return;
  }
  int h = n / 2, q = h * h;
  const double *a11 = a, *a12 = a + q, *a21 = a + 2 * q, *a22 = a + 3 * q;
  const double *b11 = b, *b12 = b + q, *b21 = b + 2 * q, *b22 = b + 3 * q;
  double *c11 = c, *c12 = c + q, *c21 = c + 2 * q, *c22 = c + 3 * q;
  /* The sums s[0..9] and products p[0..6], q elements each, then the seven
     workspaces of the recursive calls. */
  double *s = w, *p = w + 10 * q, *rest = w + 17 * q;
  int sub_wn = (wn - 17 * q) / 7;

  subtract(b12, b22, s, q);         /* S1 = B12 - B22 */
  add(a11, a12, s + q, q);          /* S2 = A11 + A12 */
  add(a21, a22, s + 2 * q, q);      /* S3 = A21 + A22 */
  subtract(b21, b11, s + 3 * q, q); /* S4 = B21 - B11 */
  add(a11, a22, s + 4 * q, q);      /* S5 = A11 + A22 */
  add(b11, b22, s + 5 * q, q);      /* S6 = B11 + B22 */
  subtract(a12, a22, s + 6 * q, q); /* S7 = A12 - A22 */
  add(b21, b22, s + 7 * q, q);      /* S8 = B21 + B22 */
  subtract(a11, a21, s + 8 * q, q); /* S9 = A11 - A21 */
  add(b11, b12, s + 9 * q, q);      /* S10 = B11 + B12 */

  strassen(a11, s, p, rest, h, sub_wn);                                      /* P1 = A11 S1 */
  strassen(s + q, b22, p + q, rest + sub_wn, h, sub_wn);                     /* P2 = S2 B22 */
  strassen(s + 2 * q, b11, p + 2 * q, rest + 2 * sub_wn, h, sub_wn);         /* P3 = S3 B11 */
  strassen(a22, s + 3 * q, p + 3 * q, rest + 3 * sub_wn, h, sub_wn);         /* P4 = A22 S4 */
  strassen(s + 4 * q, s + 5 * q, p + 4 * q, rest + 4 * sub_wn, h, sub_wn);   /* P5 = S5 S6 */
  strassen(s + 6 * q, s + 7 * q, p + 5 * q, rest + 5 * sub_wn, h, sub_wn);   /* P6 = S7 S8 */
  strassen(s + 8 * q, s + 9 * q, p + 6 * q, rest + 6 * sub_wn, h, sub_wn);   /* P7 = S9 S10 */

  for (int i = 0; i < q; i++) {
    double p1 = p[i], p2 = p[q + i], p3 = p[2 * q + i], p4 = p[3 * q + i];
    double p5 = p[4 * q + i], p6 = p[5 * q + i], p7 = p[6 * q + i];
    c11[i] = p5 + p4 - p2 + p6;
    c12[i] = p1 + p2;
    c21[i] = p3 + p4;
    c22[i] = p5 + p1 - p3 - p7;
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
  int n = argc > 1 ? atoi(argv[1]) : 128;
  unsigned long long seed = argc > 2 ? strtoull(argv[2], NULL, 10) : 1;
  if (n < 1 || n > 512 || (n & (n - 1)) != 0 || seed == 0) {
    fprintf(stderr, "usage: strassen [N [SEED]] with N a power of two in [1, 512] "
                    "and SEED > 0\n");
    return 2;
  }
  size_t nn = (size_t)n * (size_t)n;
  long wn = workspace(n);
  double *a = malloc(nn * sizeof *a), *b = malloc(nn * sizeof *b);
  double *qa = malloc(nn * sizeof *qa), *qb = malloc(nn * sizeof *qb);
  double *qc = malloc(nn * sizeof *qc), *c = malloc(nn * sizeof *c);
  double *w = malloc(((size_t)wn + 1) * sizeof *w);
  if (!a || !b || !qa || !qb || !qc || !c || !w) {
    fprintf(stderr, "strassen: out of memory for N = %d\n", n);
    return 1;
  }
  /* Entries in [-9, 9]. */
  for (size_t i = 0; i < nn; i++)
    a[i] = (double)(int)(next_random(&seed) % 19) - 9;
  for (size_t i = 0; i < nn; i++)
    b[i] = (double)(int)(next_random(&seed) % 19) - 9;

  pack(a, qa, n, n);
  pack(b, qb, n, n);
  strassen(qa, qb, qc, w, n, (int)wn);
  unpack(qc, c, n, n);

  /* The schoolbook product, row by row, for comparison. */
  long mismatches = 0;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      double sum = 0;
      for (int k = 0; k < n; k++)
        sum += a[(size_t)i * n + k] * b[(size_t)k * n + j];
      if (sum != c[(size_t)i * n + j])
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
  printf("n %d workspace %ld doubles\n", n, wn);
  printf("trace %lld\n", trace);
  printf("c[0][0] %.0f c[0][n-1] %.0f c[n-1][0] %.0f c[n-1][n-1] %.0f\n", c[0],
         c[n - 1], c[nn - n], c[nn - 1]);
  printf("checksum %lld\n", checksum);
  printf("entries that differ from the schoolbook product: %ld\n", mismatches);
  free(a);
  free(b);
  free(qa);
  free(qb);
  free(qc);
  free(c);
  free(w);
  return mismatches != 0;
}
