/* gridheat: heat diffusion on an N x N plate (N = 512) whose left and right
   edges are held at 100 degrees, as introductory texts write it: two global
   grids, one Jacobi step that computes the new grid from the old one row by
   row, and a copy back, each over a range of rows it halves until it is
   small. Prints the plate's total heat after STEPS steps and a few
   temperatures.

   Usage: gridheat STEPS   (STEPS >= 0) */
#include <stdio.h>
#include <stdlib.h>

#define N 512

double u[N][N], v[N][N];

/* New temperatures of rows lo to hi - 1 from their neighbours in u. */
void step(int lo, int hi) {
  if (hi - lo > 16) {
    int mid = (lo + hi) / 2;
    step(lo, mid);
    step(mid, hi);
    return;
  }
  for (int i = lo; i < hi; i++)
    for (int j = 1; j < N - 1; j++)
      v[i][j] = 0.25 * (u[i - 1][j] + u[i + 1][j] + u[i][j - 1] + u[i][j + 1]);
}

/* Rows lo to hi - 1 of v back into u. */
void copy(int lo, int hi) {
  if (hi - lo > 16) {
    int mid = (lo + hi) / 2;
    copy(lo, mid);
    copy(mid, hi);
    return;
  }
  for (int i = lo; i < hi; i++)
    for (int j = 1; j < N - 1; j++)
      u[i][j] = v[i][j];
}

int main(int argc, char **argv) {
  if (argc != 2) {
    fprintf(stderr, "usage: %s STEPS\n", argv[0]);
    return 2;
  }
  int steps = atoi(argv[1]);
  if (steps < 0) {
    fprintf(stderr, "STEPS must be at least 0\n");
    return 2;
  }
  for (int i = 0; i < N; i++)
    u[i][0] = u[i][N - 1] = 100.0;
  for (int t = 0; t < steps; t++) {
    step(1, N - 1);
    copy(1, N - 1);
  }
  double total = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      total += u[i][j];
  printf("total heat: %.6f\n", total);
  printf("center: %.6f\n", u[N / 2][N / 2]);
  printf("near the left edge: %.6f\n", u[N / 2][1]);
  return 0;
}
