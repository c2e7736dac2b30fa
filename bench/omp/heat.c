/* OpenMP-tasks reference version of examples/heat/heat.c: same arguments,
   same output. Build: gcc -O2 -fopenmp heat.c

   Simulates the diffusion of heat on an NX x NY grid for NT explicit time
   steps and prints a checksum of the final temperatures, a few sample values
   and how far the grid still is from its steady state.

   usage: heat [NX [NY [NT]]]   (defaults: NX = 256, NY = 256, NT = 100;
                                 3 <= NX, NY <= 20000, 0 <= NT <= 1000000)

   The border of the grid is held at fixed temperatures given by the harmonic
   function g(x, y) = x^2 - y^2 on the unit square, the interior starts at 1.
   Each step computes a new grid from the old one with the five-point stencil
   (u' = u + 0.2 * (sum of the four neighbours - 4u)); the two grids then swap
   roles. A step is heat_rows() over the interior rows: it splits its range of
   rows in halves by recursion and, below a few rows, loops over them. Every
   value depends only on the old grid, so the result does not depend on the
   order in which rows are computed. The time loop runs in one thread of a
   parallel region; in heat_rows the first half is a task while the range has
   more than TASK_ROWS rows. */
#include <stdio.h>
#include <stdlib.h>

enum { ROWS_SMALL = 8 };
enum { TASK_ROWS = 64 }; /* no tasks for this many rows or fewer */

static const double RATE = 0.2; /* stable below 0.25 */

/* The temperature held at border point (i, j) of an nx x ny grid. */
static double border(int i, int j, int nx, int ny) {
  double x = (double)i / (nx - 1), y = (double)j / (ny - 1);
  return x * x - y * y;
}

/* Computes rows lo .. hi - 1 (all interior rows) of the grid next from the grid
   old; both are nx x ny, by rows. */
static void heat_rows(const double *old, double *next, int lo, int hi, int ny,
                      double rate) {
  if (hi - lo > ROWS_SMALL) {
    int mid = lo + (hi - lo) / 2;
    if (hi - lo > TASK_ROWS) {
#pragma omp task
      heat_rows(old, next, lo, mid, ny, rate);
      heat_rows(old, next, mid, hi, ny, rate);
#pragma omp taskwait
    } else {
      heat_rows(old, next, lo, mid, ny, rate);
      heat_rows(old, next, mid, hi, ny, rate);
    }
    return;
  }
  for (int i = lo; i < hi; i++) {
    const double *up = old + (size_t)(i - 1) * ny, *row = old + (size_t)i * ny;
    const double *down = old + (size_t)(i + 1) * ny;
    double *out = next + (size_t)i * ny;
    for (int j = 1; j < ny - 1; j++)
      out[j] = row[j] + rate * (up[j] + down[j] + row[j - 1] + row[j + 1] - 4.0 * row[j]);
  }
}

int main(int argc, char **argv) {
  int nx = argc > 1 ? atoi(argv[1]) : 256;
  int ny = argc > 2 ? atoi(argv[2]) : 256;
  int nt = argc > 3 ? atoi(argv[3]) : 100;
  if (argc > 4 || nx < 3 || nx > 20000 || ny < 3 || ny > 20000 || nt < 0 || nt > 1000000) {
    fprintf(stderr, "usage: heat [NX [NY [NT]]] with 3 <= NX, NY <= 20000 and "
                    "0 <= NT <= 1000000\n");
    return 2;
  }
  size_t cells = (size_t)nx * ny;
  double *u = malloc(cells * sizeof *u), *v = malloc(cells * sizeof *v);
  if (!u || !v) {
    fprintf(stderr, "heat: out of memory for a %d x %d grid\n", nx, ny);
    return 1;
  }
  /* Both grids get the border; the steps write interior points only. */
  for (int i = 0; i < nx; i++)
    for (int j = 0; j < ny; j++) {
      int edge = i == 0 || i == nx - 1 || j == 0 || j == ny - 1;
      u[(size_t)i * ny + j] = v[(size_t)i * ny + j] = edge ? border(i, j, nx, ny) : 1.0;
    }

#pragma omp parallel
#pragma omp single
  for (int t = 0; t < nt; t++) {
    heat_rows(u, v, 1, nx - 1, ny, RATE);
    double *swap = u;
    u = v;
    v = swap;
  }

  /* The checksum weighs each value by its position; the distance is the
     largest difference from the steady state g(x, y). */
  double sum = 0, weighted = 0, distance = 0;
  for (int i = 0; i < nx; i++)
    for (int j = 0; j < ny; j++) {
      double val = u[(size_t)i * ny + j];
      double diff = val - border(i, j, nx, ny);
      sum += val;
      weighted += val * (double)((i * 7 + j * 3) % 11);
      if (diff < 0)
        diff = -diff;
      if (diff > distance)
        distance = diff;
    }
  printf("grid %d x %d, %d steps\n", nx, ny, nt);
  printf("sum %.6f weighted %.6f\n", sum, weighted);
  printf("u[%d][%d] %.9f u[%d][%d] %.9f u[%d][%d] %.9f\n", nx / 2, ny / 2,
         u[(size_t)(nx / 2) * ny + ny / 2], nx / 3, ny - 3, u[(size_t)(nx / 3) * ny + ny - 3],
         nx - 2, ny - 2, u[(size_t)(nx - 2) * ny + ny - 2]);
  printf("largest distance from the steady state %.6f\n", distance);
  free(u);
  free(v);
  return 0;
}
