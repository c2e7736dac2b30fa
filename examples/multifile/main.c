/* Draws two samples of N pseudo-random integers, x in [0, 1000] and
   y = x / 2 + noise in [-100, 100], and prints their mean, variance, median
   and range, their covariance and the least-squares line y = a + b x.

   usage: multifile [N [SEED]]   (defaults: N = 1000, SEED = 1;
                                  2 <= N <= 10000000)
   build: cc -Wall main.c vec.c stats.c -o multifile

   The program is split over three files that share one header, vec.h:
   main.c (this file: arguments and output), vec.c (vector helpers) and
   stats.c (statistics, with a global counter of the statistics computed). */
#include <stdio.h>
#include <stdlib.h>

#include "vec.h"

static void describe(const char *name, const double *v, int n) {
  double min, max;
  stats_range(v, n, &min, &max);
  printf("%s: mean %.4f variance %.4f median %.2f range [%.0f, %.0f]\n", name,
         stats_mean(v, n), stats_variance(v, n), stats_median(v, n), min, max);
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 1000;
  unsigned long long seed = argc > 2 ? strtoull(argv[2], NULL, 10) : 1;
  if (n < 2 || n > 10000000 || seed == 0) {
    fprintf(stderr, "usage: multifile [N [SEED]] with 2 <= N <= 1e7 and SEED > 0\n");
    return 2;
  }
  double *x = malloc(n * sizeof *x), *y = malloc(n * sizeof *y);
  if (!x || !y) {
    fprintf(stderr, "multifile: out of memory for N = %d\n", n);
    return 1;
  }
  vec_random(x, n, 0, 1000, &seed);
  vec_random(y, n, -100, 100, &seed);
  vec_axpy(0.5, x, y, n);

  printf("n %d\n", n);
  describe("x", x, n);
  describe("y", y, n);
  double cov = stats_covariance(x, y, n);
  double slope = cov / stats_variance(x, n);
  double intercept = stats_mean(y, n) - slope * stats_mean(x, n);
  printf("covariance %.4f\n", cov);
  printf("least squares: y = %.4f + %.4f x\n", intercept, slope);
  printf("sum of x*y %.1f\n", vec_dot(x, y, n));
  printf("%ld statistics computed\n", stats_calls);
  free(x);
  free(y);
  return 0;
}
