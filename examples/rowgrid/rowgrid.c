/* rowgrid: explicit finite differences for the heat equation u_t = u_xx +
   u_yy on the unit square, the plate held at 0 on its edges and started
   from sin(pi x) sin(2 pi y), as numerical courses write it: each grid an
   array of row pointers, every row allocated on its own; one time step
   computes the new grid from the old over a range of rows, halved until
   it is small; the grids are swapped after each step. The exact solution
   decays as exp(-5 pi^2 t): prints the largest error against it, the
   integral of u^2 over the plate and the temperature at a few points.

   Usage: rowgrid NX NY STEPS   (NX, NY >= 3: grid points along x and y) */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

typedef double REAL;

#define ROWS_PER_TASK 16

static REAL **alloc_grid(int nx, int ny) {
  REAL **g = malloc(nx * sizeof(REAL *));
  int i;
  if (g == NULL)
    return NULL;
  for (i = 0; i < nx; i++) {
    g[i] = malloc(ny * sizeof(REAL));
    if (g[i] == NULL)
      return NULL;
  }
  return g;
}

static void free_grid(REAL **g, int nx) {
  int i;
  for (i = 0; i < nx; i++)
    free(g[i]);
  free(g);
}

/* Rows lo..hi-1 of the next step into new, from old; the edges stay. */
static void step(REAL **new, REAL **old, int lo, int hi, int ny, REAL cx, REAL cy) {
  int i, j;
  if (hi - lo > ROWS_PER_TASK) {
    int mid = lo + (hi - lo) / 2;
    step(new, old, lo, mid, ny, cx, cy);
    step(new, old, mid, hi, ny, cx, cy);
    return;
  }
  for (i = lo; i < hi; i++) {
    REAL *out = new[i];
    const REAL *up = old[i - 1], *here = old[i], *down = old[i + 1];
    for (j = 1; j < ny - 1; j++)
      out[j] = here[j] + cx * (up[j] - 2.0 * here[j] + down[j]) +
               cy * (here[j - 1] - 2.0 * here[j] + here[j + 1]);
  }
}

int main(int argc, char *argv[]) {
  int nx, ny, steps, i, j, t;
  REAL **u, **v, **w, dx, dy, dt, err = 0.0, energy = 0.0, decay;
  const REAL pi = 3.14159265358979323846;

  if (argc != 4) {
    fprintf(stderr, "usage: %s NX NY STEPS\n", argv[0]);
    return 2;
  }
  nx = atoi(argv[1]);
  ny = atoi(argv[2]);
  steps = atoi(argv[3]);
  if (nx < 3 || ny < 3 || steps < 0) {
    fprintf(stderr, "rowgrid: NX and NY must be at least 3, STEPS at least 0\n");
    return 2;
  }
  u = alloc_grid(nx, ny);
  v = alloc_grid(nx, ny);
  if (u == NULL || v == NULL) {
    fprintf(stderr, "rowgrid: out of memory\n");
    return 1;
  }
  dx = 1.0 / (nx - 1);
  dy = 1.0 / (ny - 1);
  /* Stable: dt (1/dx^2 + 1/dy^2) <= 1/2. */
  dt = 0.2 / (1.0 / (dx * dx) + 1.0 / (dy * dy));
  for (i = 0; i < nx; i++)
    for (j = 0; j < ny; j++) {
      u[i][j] = sin(pi * i * dx) * sin(2.0 * pi * j * dy);
      if (i == 0 || j == 0 || i == nx - 1 || j == ny - 1)
        u[i][j] = 0.0;
      v[i][j] = u[i][j];
    }
  for (t = 0; t < steps; t++) {
    step(v, u, 1, nx - 1, ny, dt / (dx * dx), dt / (dy * dy));
    w = u;
    u = v;
    v = w;
  }
  decay = exp(-5.0 * pi * pi * dt * steps);
  for (i = 0; i < nx; i++)
    for (j = 0; j < ny; j++) {
      REAL exact = decay * sin(pi * i * dx) * sin(2.0 * pi * j * dy);
      if (fabs(u[i][j] - exact) > err)
        err = fabs(u[i][j] - exact);
      energy += u[i][j] * u[i][j];
    }
  printf("grid %d x %d, %d steps of %.6e\n", nx, ny, steps, dt);
  printf("largest error %.6e\n", err);
  printf("integral of u^2 %.9f\n", energy * dx * dy);
  printf("u(1/4, 1/4) = %.9f\n", u[(nx - 1) / 4][(ny - 1) / 4]);
  printf("u(1/2, 3/4) = %.9f\n", u[(nx - 1) / 2][3 * (ny - 1) / 4]);
  free_grid(u, nx);
  free_grid(v, nx);
  return 0;
}
