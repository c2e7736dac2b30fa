/* OpenMP-tasks reference version of examples/nrmatmul/nrmatmul.c: same
   arguments, same output. Build: gcc -O2 -fopenmp nrmatmul.c -lm

   The product runs in one thread of a parallel region; in multiply the
   first half of a range of rows is a task while the range has more than
   TASK_ROWS rows, the second half runs in the thread that made it, and the
   task is waited for before multiply returns. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#define FEW_ROWS 8
#define TASK_ROWS 32 /* no tasks for this many rows or fewer */

/* An n x n matrix: n row pointers into one block; NULL when out of memory. */
static double **dmatrix(int n) {
  double **m = malloc(n * sizeof(double *));
  int i;
  if (m == NULL)
    return NULL;
  m[0] = malloc((size_t)n * n * sizeof(double));
  if (m[0] == NULL) {
    free(m);
    return NULL;
  }
  for (i = 1; i < n; i++)
    m[i] = m[0] + (size_t)i * n;
  return m;
}

static void free_dmatrix(double **m) {
  free(m[0]);
  free(m);
}

/* Rows lo..hi-1 of c = a b. */
static void multiply(double **a, double **b, double **c, int lo, int hi, int n) {
  int i, j, k;
  if (hi - lo > FEW_ROWS) {
    int mid = lo + (hi - lo) / 2;
    if (hi - lo > TASK_ROWS) {
#pragma omp task
      multiply(a, b, c, lo, mid, n);
      multiply(a, b, c, mid, hi, n);
#pragma omp taskwait
    } else {
      multiply(a, b, c, lo, mid, n);
      multiply(a, b, c, mid, hi, n);
    }
    return;
  }
  for (i = lo; i < hi; i++) {
    for (j = 0; j < n; j++)
      c[i][j] = 0.0;
    for (k = 0; k < n; k++) {
      double aik = a[i][k];
      for (j = 0; j < n; j++)
        c[i][j] += aik * b[k][j];
    }
  }
}

int main(int argc, char *argv[]) {
  int n, i, j;
  double **a, **b, **c, *x, *bx, trace = 0.0, sum = 0.0, worst = 0.0;
  if (argc != 2 || (n = atoi(argv[1])) < 1) {
    fprintf(stderr, "usage: %s N   (N >= 1)\n", argv[0]);
    return 2;
  }
  a = dmatrix(n);
  b = dmatrix(n);
  c = dmatrix(n);
  x = malloc(n * sizeof(double));
  bx = malloc(n * sizeof(double));
  if (a == NULL || b == NULL || c == NULL || x == NULL || bx == NULL) {
    fprintf(stderr, "nrmatmul: out of memory\n");
    return 1;
  }
  for (i = 0; i < n; i++) {
    x[i] = 1.0 / (i + 1);
    for (j = 0; j < n; j++) {
      a[i][j] = ((i * 7 + j * 3) % 11 - 5) / 8.0;
      b[i][j] = ((i * 5 + j * 13) % 17 - 8) / 16.0;
    }
  }
#pragma omp parallel
#pragma omp single
  multiply(a, b, c, 0, n, n);
  for (i = 0; i < n; i++) {
    trace += c[i][i];
    bx[i] = 0.0;
    for (j = 0; j < n; j++) {
      sum += c[i][j] * ((i + 2 * j) % 5 + 1);
      bx[i] += b[i][j] * x[j];
    }
  }
  for (i = 0; i < n; i++) {
    double abx = 0.0, cx = 0.0;
    for (j = 0; j < n; j++) {
      abx += a[i][j] * bx[j];
      cx += c[i][j] * x[j];
    }
    if (fabs(abx - cx) > worst)
      worst = fabs(abx - cx);
  }
  printf("n %d\ntrace %.6f\nc[0][n-1] %.6f\nc[n-1][0] %.6f\nchecksum %.6f\n", n, trace,
         c[0][n - 1], c[n - 1][0], sum);
  printf("largest |A(Bx) - Cx| %s\n", worst < 1e-9 * n ? "below 1e-9 n" : "TOO LARGE");
  free_dmatrix(a);
  free_dmatrix(b);
  free_dmatrix(c);
  free(x);
  free(bx);
  return 0;
}
