// Grids kept as arrays of row pointers (`double **g`, each row its own
// allocation): a function that reads the pointers of a range of rows and
// touches the rows behind them has a region of the pointers and one of the
// rows behind them (`old[lo - 1:hi + 1]->[0:ny]`). Rows may be anywhere,
// and one of them may be listed twice, so no proof keeps two calls apart:
// each spawn is tested at run time against what runs beside it, row by
// row. Where regions are copied (mpi), the pointers travel as addresses
// and each row as a region, only where no two rows of the call overlap.
// Written seven ways: element access `new[i][j]`, local row pointers
// (`double *out = dst[i]`, `*(src + i)`), a macro under a while loop, rows
// passed on to a helper (`average(dst[i] + 1, src[i - 1] + 1, ..)`) or to
// memcpy, the grid and a cell passed to a helper (`cross(src, i, j)`, j
// counting down), and loops of calls over blocks of rows and over
// rows. `main` lists half of the rows twice on purpose: the tests of `scale`
// find the overlap, its halves run in order (copied, they run where they
// are made: a copy of each row would part what is one), and the output
// is the sequential build's. A function that writes the pointers stays.
// RUN: rm -rf %t.out
// RUN: cleave analyze %s 2>&1 | FileCheck --check-prefix=ANALYZE %s
// RUN: cleave parallelize %s -o %t.out 2>&1 | FileCheck --check-prefix=REMARK %s
// RUN: %cc -Wall -Werror %s -o %t.seq
// RUN: %cc -Wall -Werror %t.out/rows-behind.c %t.out/cleave_stubs.c %cleave_rt -o %t.par
// RUN: %t.seq 6 > %t.expected
// RUN: env CLEAVE_NODES=1 %t.par 6 | diff %t.expected -
// RUN: env CLEAVE_NODES=2 %t.par 6 | diff %t.expected -
// RUN: env CLEAVE_NODES=3 %t.par 6 | diff %t.expected -
// RUN: env CLEAVE_NODES=4 CLEAVE_PASS=copy %t.par 6 | diff %t.expected -
// RUN: env CLEAVE_NODES=7 %t.par 6 | diff %t.expected -
// RUN: %cc -O1 -g -fsanitize=thread %t.out/rows-behind.c %t.out/cleave_stubs.c %runtime_threads_sources -o %t.tsan
// RUN: env TSAN_OPTIONS=halt_on_error=1 CLEAVE_NODES=4 %t.tsan 6 | diff %t.expected -
// Copied, each row gets storage of its own: an access outside the rows
// evaluated at the spawn is reported.
// RUN: %cc -O1 -g -fsanitize=address %t.out/rows-behind.c %t.out/cleave_stubs.c %runtime_threads_sources -o %t.asan
// RUN: env CLEAVE_NODES=8 CLEAVE_PASS=copy %t.asan 6 | diff %t.expected -
// RUN: %if mpi %{ env CLEAVE_TRANSPORT=mpi timeout 60 %mpirun -np 2 %t.par 6 | diff %t.expected - %}
// RUN: %if mpi %{ env CLEAVE_TRANSPORT=mpi timeout 60 %mpirun -np 4 %t.par 6 | diff %t.expected - %}
// The rows listed twice are found at run time.
// RUN: env CLEAVE_NODES=2 CLEAVE_REPORT_TESTS=1 %t.par 6 2>&1 >/dev/null | FileCheck --check-prefix=COUNT %s
// COUNT: cleave: run-time region tests: {{[1-9][0-9]*}} made, {{[1-9][0-9]*}} found an overlap
// The functions in the order of their names.
// ANALYZE: function blur
// ANALYZE: region: dst[lo:hi]->[1:ny - 1] (read-write, inferred)
// ANALYZE: region: src[lo:hi]->[0:ny] (read, inferred)
// ANALYZE: function copy_rows
// ANALYZE: region: dst[lo:hi]->[0:ny - 1] (read-write, inferred)
// ANALYZE: region: src[lo:hi]->[1:ny] (read, inferred)
// ANALYZE: function cross_row
// ANALYZE: region: dst[i:i + 1]->[1:ny - 1] (read-write, inferred)
// ANALYZE: region: src[i - 1:i + 2]->[0:ny] (read, inferred)
// ANALYZE: function relax
// ANALYZE: region: old[lo - 1:hi + 1] (read, inferred)
// ANALYZE-NEXT: region: old[lo - 1:hi + 1]->[0:ny] (read, inferred)
// ANALYZE-NEXT: region: new[lo:hi] (read, inferred)
// ANALYZE-NEXT: region: new[lo:hi]->[1:ny - 1] (read-write, inferred)
// ANALYZE-NEXT: can run on another node
// ANALYZE: function rotate
// ANALYZE: stays local: has parameter 'g' pointing to pointers, which it writes
// ANALYZE: function scale
// ANALYZE: region: g[lo:hi]->[0:ny] (read-write, inferred)
// ANALYZE: function sweep
// ANALYZE: region: dst[lo:hi]->[1:ny - 1] (read-write, inferred)
// ANALYZE: region: src[lo - 1:hi + 1]->[1:ny - 1] (read, inferred)
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NX 96
#define NY 80
#define AT(g, i, j) ((g)[i][j])

// REMARK: rows-behind.c:[[@LINE+4]]:5: remark: call to 'relax' runs asynchronously on the next node of the binomial tree; joined before line [[@LINE+6]]; under a run-time test: its regions are the callee's, evaluated at the spawn (the regions of its pointer arguments are unknown here: argument 'old' (for 'old') holds pointers to the rows it touches, which only their addresses tell apart)
static void relax(double **old, double **new, int lo, int hi, int ny) {
  if (hi - lo > 8) {
    int mid = (lo + hi) / 2;
    relax(old, new, lo, mid, ny);
    relax(old, new, mid, hi, ny);
    return;
  }
  for (int i = lo; i < hi; i++)
    for (int j = 1; j < ny - 1; j++)
      new[i][j] = 0.25 * (old[i - 1][j] + old[i + 1][j] + old[i][j - 1] + old[i][j + 1]);
}

// REMARK: rows-behind.c:[[@LINE+4]]:5: remark: call to 'blur' runs asynchronously
static void blur(double **dst, double **src, int lo, int hi, int ny) {
  if (hi - lo > 4) {
    int mid = lo + (hi - lo) / 2;
    blur(dst, src, lo, mid, ny);
    blur(dst, src, mid, hi, ny);
    return;
  }
  for (int i = lo; i < hi; ++i) {
    double *out = dst[i];
    const double *in = *(src + i);
    for (int j = 1; j < ny - 1; ++j)
      out[j] = (in[j - 1] + in[j] + in[j + 1]) / 3.0;
  }
}

// REMARK: rows-behind.c:[[@LINE+4]]:5: remark: call to 'scale' runs asynchronously
static void scale(double **g, int lo, int hi, int ny, double by) {
  if (hi - lo > 4) {
    int half = (hi - lo) / 2;
    scale(g, lo, lo + half, ny, by);
    scale(g, lo + half, hi, ny, by);
    return;
  }
  int i = lo;
  while (i < hi) {
    for (int j = 0; j < ny; j++)
      AT(g, i, j) = AT(g, i, j) * by + 1.0;
    i++;
  }
}

static void average(double *out, const double *up, const double *down, int n) {
  for (int j = 0; j < n; j++)
    out[j] = 0.5 * (up[j] + down[j]);
}

// REMARK: rows-behind.c:[[@LINE+4]]:5: remark: call to 'sweep' runs asynchronously
static void sweep(double **dst, double **src, int lo, int hi, int ny) {
  if (hi - lo > 8) {
    int mid = (lo + hi) / 2;
    sweep(dst, src, lo, mid, ny);
    sweep(dst, src, mid, hi, ny);
    return;
  }
  for (int i = lo; i < hi; i++)
    average(dst[i] + 1, src[i - 1] + 1, src[i + 1] + 1, ny - 2);
}

// A helper that takes the grid and a cell, called for each column of a
// row by a loop that counts down; a loop of calls, one a row.
static double cross(double **g, int i, int j) {
  return g[i - 1][j] + g[i + 1][j] + g[i][j - 1] + g[i][j + 1] - 4.0 * g[i][j];
}

static void cross_row(double **dst, double **src, int i, int ny) {
  int j;
  for (j = ny - 2; j > 0; --j)
    dst[i][j] = src[i][j] + 0.1 * cross(src, i, j);
}

// REMARK: rows-behind.c:[[@LINE+3]]:5: remark: call to 'cross_row' runs asynchronously on the next node of the binomial tree; joined after its loop, line [[@LINE+3]], with the calls of the other iterations{{.*}}; each iteration's call is tested against the calls of the loop still out
static void smooth_all(double **dst, double **src, int nx, int ny) {
  for (int i = 1; i < nx - 1; i++)
    cross_row(dst, src, i, ny);
}

// REMARK: rows-behind.c:[[@LINE+4]]:5: remark: call to 'copy_rows' runs asynchronously
static void copy_rows(double **dst, double **src, int lo, int hi, int ny) {
  if (hi - lo > 8) {
    int mid = (lo + hi) / 2;
    copy_rows(dst, src, lo, mid, ny);
    copy_rows(dst, src, mid, hi, ny);
    return;
  }
  for (int i = lo; i < hi; i++)
    memcpy(dst[i], src[i] + 1, (ny - 1) * sizeof(double));
}

// Copies keep no order: where regions are copied it runs where it is made.
// REMARK: rows-behind.c:[[@LINE+4]]:13: remark: call to 'ascending' runs asynchronously on the next node of the binomial tree; joined before line [[@LINE+6]]; where regions are copied (mpi) it runs here: it orders pointers into the rows behind 'g' at line [[@LINE+10]], and copied rows keep no order
static int ascending(double **g, int lo, int hi) {
  if (hi - lo > 8) {
    int mid = (lo + hi) / 2;
    int a = ascending(g, lo, mid);
    int b = ascending(g, mid, hi);
    return a + b;
  }
  int n = 0;
  for (int i = lo + 1; i < hi; i++)
    n += g[i - 1] < g[i] && g[i][0] >= 0;
  return n;
}

static void bump(double **g, int lo, int hi, int ny) {
  for (int i = lo; i < hi; i++)
    for (int j = 0; j < ny; j++)
      g[i][j] += 0.5 * (i % 3);
}

// REMARK: rows-behind.c:[[@LINE+3]]:5: remark: call to 'bump' runs asynchronously on the next node of the binomial tree; joined after its loop, line [[@LINE+3]], with the calls of the other iterations{{.*}}; each iteration's call is tested against the calls of the loop still out
static void bump_all(double **g, int nx, int ny) {
  for (int b = 0; b < nx; b += 8)
    bump(g, b, b + 8 < nx ? b + 8 : nx, ny);
}

// REMARK: rows-behind.c:[[@LINE+4]]:3: remark: call to 'rotate' stays sequential: 'rotate' has parameter 'g' pointing to pointers, which it writes: rows are told apart by their pointers, which must stay while it runs
static void rotate(double **g, int lo, int hi) {
  if (hi - lo < 2)
    return;
  rotate(g, lo, (lo + hi) / 2);
  rotate(g, (lo + hi) / 2, hi);
  double *t = g[lo];
  g[lo] = g[hi - 1];
  g[hi - 1] = t;
}

static double **grid(void) {
  double **g = malloc(NX * sizeof *g);
  if (!g) {
    fprintf(stderr, "rows-behind: out of memory\n");
    exit(1);
  }
  for (int i = 0; i < NX; i++) {
    g[i] = calloc(NY, sizeof **g);
    if (!g[i]) {
      fprintf(stderr, "rows-behind: out of memory\n");
      exit(1);
    }
  }
  return g;
}

static double sum(double **g) {
  double s = 0;
  for (int i = 0; i < NX; i++)
    for (int j = 0; j < NY; j++)
      s += g[i][j] * (1 + (i + 2 * j) % 7);
  return s;
}

int main(int argc, char **argv) {
  int steps = argc > 1 ? atoi(argv[1]) : 4;
  double **u = grid(), **v = grid();
  for (int i = 0; i < NX; i++)
    u[i][0] = v[i][0] = 100.0, u[i][NY - 1] = v[i][NY - 1] = (double)i;
  for (int t = 0; t < steps; t++) {
    relax(u, v, 1, NX - 1, NY);
    double **w = u;
    u = v;
    v = w;
  }
  printf("relax %.6f\n", sum(u));
  blur(v, u, 0, NX, NY);
  printf("blur %.6f\n", sum(v));
  sweep(u, v, 1, NX - 1, NY);
  printf("sweep %.6f\n", sum(u));
  smooth_all(v, u, NX, NY);
  printf("smooth %.6f\n", sum(v));
  copy_rows(v, u, 0, NX, NY);
  printf("copy %.6f\n", sum(v));
  bump_all(v, NX, NY);
  printf("bump %.6f\n", sum(v));
  printf("ascending %s\n", ascending(v, 0, NX) >= 0 ? "counted" : "?");
  rotate(v, 0, NX);
  printf("rotate %.6f %.6f\n", sum(v), v[0][1]);
  // Half of the rows twice: the halves of scale write the same rows.
  double **twice = malloc(NX * sizeof *twice);
  if (!twice)
    return 1;
  for (int i = 0; i < NX; i++)
    twice[i] = u[i % (NX / 2)];
  scale(twice, 0, NX, NY, 0.5);
  printf("scale %.6f\n", sum(u));
  free(twice);
  for (int i = 0; i < NX; i++) {
    free(u[i]);
    free(v[i]);
  }
  free(u);
  free(v);
  return 0;
}
