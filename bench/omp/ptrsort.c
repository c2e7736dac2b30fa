/* OpenMP-tasks reference version of examples/ptrsort/ptrsort.c: same
   arguments, same output. Build: gcc -O2 -fopenmp ptrsort.c

   Sorts N pseudo-random ints with a quicksort on pointers and prints the
   smallest, median and largest value, a checksum of the sorted array and
   whether it is sorted.

   usage: ptrsort [N [SEED]]   (defaults: N = 100000, SEED = 1)

   The range is a pair of pointers to its first and last elements. The
   median of three leaves *first <= *mid <= *last; the scans step before
   they compare (`while (*++i < v)`, `while (v < *--j)`) and stop at values:
   at *last above, at *first below, at each other's last exchange. Both
   parts are sorted by recursion; short ones by insertion. */
#include <stdio.h>
#include <stdlib.h>

/* Ranges of SHORT elements or fewer go to insertion; of fewer than TASK,
   the two parts are sorted in this task. */
enum { SHORT = 10, TASK = 4096 };

static void exchange(int *x, int *y) {
  int t = *x;
  *x = *y;
  *y = t;
}

/* Sorts *first .. *last by insertion. */
static void insertion(int *first, int *last) {
  for (int *p = first + 1; p <= last; p++)
    for (int *q = p; q > first && q[-1] > *q; q--)
      exchange(q - 1, q);
}

/* Sorts *first .. *last, both ends included. */
static void sort(int *first, int *last) {
  if (last - first <= SHORT) {
    insertion(first, last);
    return;
  }
  int *mid = first + (last - first) / 2;
  if (*mid < *first)
    exchange(mid, first);
  if (*last < *first)
    exchange(last, first);
  if (*last < *mid)
    exchange(last, mid);
  int v = *mid;
  int *i = first, *j = last;
  for (;;) {
    while (*++i < v)
      ;
    while (v < *--j)
      ;
    if (i >= j)
      break;
    exchange(i, j);
  }
  if (last - first < TASK) {
    sort(first, j);
    sort(j + 1, last);
    return;
  }
#pragma omp task
  sort(first, j);
  sort(j + 1, last);
#pragma omp taskwait
}

/* xorshift64: a fixed, portable stream of pseudo-random numbers. */
static unsigned long long next_random(unsigned long long *state) {
  unsigned long long x = *state;
  x ^= x << 13;
  x ^= x >> 7;
  x ^= x << 17;
  return *state = x;
}

int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 100000;
  unsigned long long seed = argc > 2 ? strtoull(argv[2], NULL, 10) : 1;
  if (n < 1 || n > 100000000 || seed == 0) {
    fprintf(stderr, "usage: ptrsort [N [SEED]] with 1 <= N <= 100000000 and SEED > 0\n");
    return 2;
  }
  int *a = malloc(sizeof *a * (size_t)n);
  if (!a) {
    fprintf(stderr, "ptrsort: out of memory\n");
    return 1;
  }
  for (long k = 0; k < n; k++)
    a[k] = (int)(next_random(&seed) % 1000000);
#pragma omp parallel
#pragma omp single
  sort(a, a + n - 1);
  unsigned long long sum = 0;
  int sorted = 1;
  for (long k = 0; k < n; k++) {
    sum = sum * 31 + (unsigned long long)a[k];
    if (k > 0 && a[k - 1] > a[k])
      sorted = 0;
  }
  printf("min %d median %d max %d\n", a[0], a[n / 2], a[n - 1]);
  printf("checksum %llu\n", sum);
  printf("sorted %s\n", sorted ? "yes" : "no");
  free(a);
  return 0;
}
