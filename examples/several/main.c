/* Sorts N pseudo-random numbers and checks the order and the sum: a program
   of five files in two folders that share common.h, built by its Makefile
   (sum.c with a flag of its own).
   Usage: several [-n N] [-s SEED] [-v] */
#include "common.h"
#include <stdio.h>
#include <stdlib.h>

int verbose;

static unsigned next_random(unsigned *state) {
  *state = *state * 1103515245u + 12345u;
  return (*state >> 8) % 100000u;
}

int main(int argc, char **argv) {
  int n = 100000;
  unsigned state = 7;
  int *a, *tmp;
  int i, sorted = 1;
  long before, thirds = 0;
  get_options(argc, argv, &n, &state);
  a = malloc(n * sizeof *a);
  tmp = malloc(n * sizeof *tmp);
  for (i = 0; i < n; i++)
    a[i] = (int)next_random(&state);
  before = sum_ints(a, n);
  note("sum before", before);
  for (i = 0; i < 3; i++)
    thirds += sum_ints(a + i * (n / 3), n / 3);
  note("sum of the thirds", thirds);
  sort_ints(a, tmp, n);
  for (i = 1; i < n; i++)
    if (a[i - 1] > a[i])
      sorted = 0;
  printf("n %d sorted %d first %d median %d last %d\n", n, sorted, a[0], a[n / 2], a[n - 1]);
  printf("sum %ld, %s before\n", sum_ints(a, n), sum_ints(a, n) == before ? "as" : "NOT as");
  free(a);
  free(tmp);
}
