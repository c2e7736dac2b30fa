/* Loops over arrays, called from main.c. */
#include "common.h"

long sum(const int *x, int count) {
  long s = 0;
  int i;
  for (i = 0; i < count; i++)
    s += x[i];
  return s;
}

long sum_rows(const int *x, int rows, int m) {
  long t = 0;
  int r;
  for (r = 0; r < rows; r++)
    t += sum(x + r * m, m);
  return t;
}

void scale(double *w, int m, double k) {
  int i;
  for (i = 0; i < m; i++)
    w[i] *= k;
}

void apply(int *x, int count, int (*f)(int)) {
  int i;
  for (i = 0; i < count; i++)
    x[i] = f(x[i]);
}

int twice(int x) { return 2 * x; }
