/* Sums an array by quarters and scales another by quarters, calling the
   functions of vec.c in loops; applies a function to a third array through
   a pointer; sums the first array again by rows, in vec.c. Usage: main [N] */
#include "common.h"
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 1000000;
  int *a = malloc(n * sizeof *a);
  double *v = malloc(n * sizeof *v);
  int *c = malloc(n * sizeof *c);
  long total = 0;
  int i, q = n / 4;
  for (i = 0; i < n; i++) {
    a[i] = i % 17;
    v[i] = i;
    c[i] = i % 5;
  }
  for (i = 0; i < 4; i++)
    total += sum(a + i * q, q);
  printf("total %ld\n", total);
  for (i = 0; i < 4; i++)
    scale(v + i * q, q, 2.0);
  printf("first %g last %g\n", v[1], v[4 * q - 1]);
  for (i = 0; i < 4; i++)
    apply(c + i * q, q, twice);
  fprintf(stderr, "c[3] %d\n", c[3]);
  printf("rows %ld\n", sum_rows(a, 4, q));
  free(a);
  free(v);
  free(c);
  return 0;
}
