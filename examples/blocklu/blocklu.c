/* LU factorization without pivoting of an N x N matrix kept as an array of
   BS x BS blocks, in the style of the Cilk programs' lu: a global holds the
   number of blocks in a row, a macro gives a block's place from a matrix,
   a block row and a block column (`&BLOCK(M, 0, hnb)`), the block kernels
   take a block as the pointer to its first row that it decays to
   (`block_schur(*M, *V, *W)`), and the factorization recurses on quadrants:
   lu of the top left, the solves of the top right and bottom left (each a
   pair of mutually recursive functions), the Schur complement of the bottom
   right (eight products in two rounds of four), lu of it. The matrix is
   diagonally dominant, so no pivot is needed. Prints the sum of U's
   diagonal, a checksum of the factors and the largest difference between
   sampled rows of L times U and the same rows of the input.

   usage: blocklu [N [SEED]]   (N a power of two times 16, 16 <= N <= 4096;
                                defaults 128 1; SEED > 0) */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define BS 16
typedef double Block[BS][BS];
typedef Block *Matrix;

static int nBlocks;
#define BLOCK(M, i, j) ((M)[(i) * nBlocks + (j)])

/* B = L U in place, L unit lower triangular. */
static void block_lu(Block B)
{
  int i, j, k;
  for (k = 0; k < BS; k++)
    for (i = k + 1; i < BS; i++) {
      B[i][k] /= B[k][k];
      for (j = k + 1; j < BS; j++)
        B[i][j] -= B[i][k] * B[k][j];
    }
}

/* B = L^-1 B, L the unit lower triangle of the block given. */
static void block_lower_solve(Block B, Block L)
{
  int i, j, k;
  for (i = 1; i < BS; i++)
    for (k = 0; k < i; k++)
      for (j = 0; j < BS; j++)
        B[i][j] -= L[i][k] * B[k][j];
}

/* B = B U^-1, U the upper triangle of the block given. */
static void block_upper_solve(Block B, Block U)
{
  int i, j, k;
  for (i = 0; i < BS; i++)
    for (j = 0; j < BS; j++) {
      for (k = 0; k < j; k++)
        B[i][j] -= B[i][k] * U[k][j];
      B[i][j] /= U[j][j];
    }
}

/* B -= A C. */
static void block_schur(Block B, Block A, Block C)
{
  int i, j, k;
  for (i = 0; i < BS; i++)
    for (k = 0; k < BS; k++)
      for (j = 0; j < BS; j++)
        B[i][j] -= A[i][k] * C[k][j];
}

static void schur(Matrix M, Matrix V, Matrix W, int nb)
{
  Matrix M00, M01, M10, M11, V00, V01, V10, V11, W00, W01, W10, W11;
  int hnb;
  if (nb == 1) {
    block_schur(*M, *V, *W);
    return;
  }
  hnb = nb / 2;
  M00 = &BLOCK(M, 0, 0); M01 = &BLOCK(M, 0, hnb); M10 = &BLOCK(M, hnb, 0); M11 = &BLOCK(M, hnb, hnb);
  V00 = &BLOCK(V, 0, 0); V01 = &BLOCK(V, 0, hnb); V10 = &BLOCK(V, hnb, 0); V11 = &BLOCK(V, hnb, hnb);
  W00 = &BLOCK(W, 0, 0); W01 = &BLOCK(W, 0, hnb); W10 = &BLOCK(W, hnb, 0); W11 = &BLOCK(W, hnb, hnb);
  schur(M00, V00, W00, hnb);
  schur(M01, V00, W01, hnb);
  schur(M10, V10, W00, hnb);
  schur(M11, V10, W01, hnb);
  schur(M00, V01, W10, hnb);
  schur(M01, V01, W11, hnb);
  schur(M10, V11, W10, hnb);
  schur(M11, V11, W11, hnb);
}

static void lower_solve(Matrix M, Matrix L, int nb);

static void aux_lower_solve(Matrix Ma, Matrix Mb, Matrix L, int nb)
{
  Matrix L00, L10, L11;
  L00 = &BLOCK(L, 0, 0); L10 = &BLOCK(L, nb, 0); L11 = &BLOCK(L, nb, nb);
  lower_solve(Ma, L00, nb);
  schur(Mb, L10, Ma, nb);
  lower_solve(Mb, L11, nb);
}

static void lower_solve(Matrix M, Matrix L, int nb)
{
  Matrix M00, M01, M10, M11;
  int hnb;
  if (nb == 1) {
    block_lower_solve(*M, *L);
    return;
  }
  hnb = nb / 2;
  M00 = &BLOCK(M, 0, 0); M01 = &BLOCK(M, 0, hnb); M10 = &BLOCK(M, hnb, 0); M11 = &BLOCK(M, hnb, hnb);
  aux_lower_solve(M00, M10, L, hnb);
  aux_lower_solve(M01, M11, L, hnb);
}

static void upper_solve(Matrix M, Matrix U, int nb);

static void aux_upper_solve(Matrix Ma, Matrix Mb, Matrix U, int nb)
{
  Matrix U00, U01, U11;
  U00 = &BLOCK(U, 0, 0); U01 = &BLOCK(U, 0, nb); U11 = &BLOCK(U, nb, nb);
  upper_solve(Ma, U00, nb);
  schur(Mb, Ma, U01, nb);
  upper_solve(Mb, U11, nb);
}

static void upper_solve(Matrix M, Matrix U, int nb)
{
  Matrix M00, M01, M10, M11;
  int hnb;
  if (nb == 1) {
    block_upper_solve(*M, *U);
    return;
  }
  hnb = nb / 2;
  M00 = &BLOCK(M, 0, 0); M01 = &BLOCK(M, 0, hnb); M10 = &BLOCK(M, hnb, 0); M11 = &BLOCK(M, hnb, hnb);
  aux_upper_solve(M00, M01, U, hnb);
  aux_upper_solve(M10, M11, U, hnb);
}

static void lu(Matrix M, int nb)
{
  Matrix M00, M01, M10, M11;
  int hnb;
  if (nb == 1) {
    block_lu(*M);
    return;
  }
  hnb = nb / 2;
  M00 = &BLOCK(M, 0, 0); M01 = &BLOCK(M, 0, hnb); M10 = &BLOCK(M, hnb, 0); M11 = &BLOCK(M, hnb, hnb);
  lu(M00, hnb);
  lower_solve(M01, M00, hnb);
  upper_solve(M10, M00, hnb);
  schur(M11, M10, M01, hnb);
  lu(M11, hnb);
}

static unsigned long long next_random(unsigned long long *state) {
  unsigned long long x = *state;
  x ^= x << 13;
  x ^= x >> 7;
  x ^= x << 17;
  return *state = x;
}

/* Entry (i, j) of a matrix of blocks. */
#define ENTRY(M, i, j) (BLOCK(M, (i) / BS, (j) / BS)[(i) % BS][(j) % BS])

int main(int argc, char **argv)
{
  int n = argc > 1 ? atoi(argv[1]) : 128, i, j, k;
  unsigned long long seed = argc > 2 ? strtoull(argv[2], NULL, 10) : 1;
  Matrix M, A;
  double diag = 0, check = 0, worst = 0;
  if (argc > 3 || n < BS || n > 4096 || (n / BS & (n / BS - 1)) || n % BS || seed == 0) {
    fprintf(stderr, "usage: blocklu [N [SEED]] with N a power of two times %d, %d <= N <= 4096, "
                    "and SEED > 0\n", BS, BS);
    return 2;
  }
  nBlocks = n / BS;
  M = malloc((size_t)nBlocks * nBlocks * sizeof(Block));
  A = malloc((size_t)nBlocks * nBlocks * sizeof(Block));
  if (!M || !A) {
    fprintf(stderr, "blocklu: out of memory for %d x %d\n", n, n);
    return 1;
  }
  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++)
      ENTRY(M, i, j) = i == j ? n : (double)(next_random(&seed) % 1000) / 1000.0 - 0.5;
  memcpy(A, M, (size_t)nBlocks * nBlocks * sizeof(Block));

  lu(M, nBlocks);

  for (i = 0; i < n; i++) {
    diag += ENTRY(M, i, i);
    for (j = 0; j < n; j++)
      check += ENTRY(M, i, j) * ((i * 7 + j * 3) % 5 + 1);
  }
  /* Rows 0, n/3, 2n/3 and n-1 of L times U against the input. */
  for (int s = 0; s < 4; s++) {
    i = s == 3 ? n - 1 : s * n / 3;
    for (j = 0; j < n; j++) {
      double v = 0;
      for (k = 0; k <= (i < j ? i : j); k++)
        v += (k == i ? 1.0 : ENTRY(M, i, k)) * ENTRY(M, k, j);
      if (fabs(v - ENTRY(A, i, j)) > worst)
        worst = fabs(v - ENTRY(A, i, j));
    }
  }
  printf("lu of %d x %d in blocks of %d x %d\n", n, n, BS, BS);
  printf("sum of U's diagonal %.6f checksum %.6f\n", diag, check);
  printf("sampled rows of L*U differ from the input by %s 1e-9\n", worst < 1e-9 ? "less than" : "MORE than");
  free(M);
  free(A);
  return worst >= 1e-9;
}
