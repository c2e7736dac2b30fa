/* Sorts N pseudo-random ints with a top-down mergesort and prints a checksum of
   the sorted array and whether it is sorted.

   usage: msort [N [SEED]]   (defaults: N = 1000000, SEED = 1)

   The sort recurses on two disjoint halves of the array: keep half, send half.
   cleave finds which elements a call reads and writes: merge's counters i, j
   and k stay within a[0:n] and tmp[0:n], given the mid <= n that sort's call
   of it makes. */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

/* Merges the sorted runs a[0:mid] and a[mid:n] through tmp. */
static void merge(int *a, int *tmp, int mid, int n) {
  int i = 0, j = mid, k = 0;
  while (i < mid && j < n)
    tmp[k++] = a[i] <= a[j] ? a[i++] : a[j++];
  while (i < mid)
    tmp[k++] = a[i++];
  while (j < n)
    tmp[k++] = a[j++];
  for (k = 0; k < n; k++)
    a[k] = tmp[k];
}

/* Sorts a[0:n], using tmp[0:n] as scratch space. */
void sort(int *a, int *tmp, int n) {
  if (n < 2)
    return;
  int half = n / 2;
  sort(a, tmp, half);
  sort(a + half, tmp + half, n - half);
  merge(a, tmp, half, n);
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
  long n = argc > 1 ? atol(argv[1]) : 1000000;
  unsigned long long seed = argc > 2 ? strtoull(argv[2], NULL, 10) : 1;
  if (n < 0 || n > 1000000000 || seed == 0) {
    fprintf(stderr, "usage: msort [N [SEED]] with 0 <= N <= 1e9 and SEED > 0\n");
    return 2;
  }
  int *a = malloc((size_t)n * sizeof *a);
  int *tmp = malloc((size_t)n * sizeof *tmp);
  if (n > 0 && (!a || !tmp)) {
    fprintf(stderr, "msort: out of memory for %ld ints\n", n);
    return 1;
  }
  for (long i = 0; i < n; i++)
    a[i] = (int)(next_random(&seed) % 1000000007u);

  struct timespec start, end;
  clock_gettime(CLOCK_MONOTONIC, &start);
  sort(a, tmp, (int)n);
  clock_gettime(CLOCK_MONOTONIC, &end);

  unsigned long long checksum = 0;
  int sorted = 1;
  for (long i = 0; i < n; i++) {
    checksum = checksum * 31 + (unsigned)a[i];
    if (i > 0 && a[i - 1] > a[i])
      sorted = 0;
  }
  printf("n %ld checksum %llu sorted %s\n", n, checksum, sorted ? "yes" : "no");
  fprintf(stderr, "sort time %.3f s\n",
          (double)(end.tv_sec - start.tv_sec) + (end.tv_nsec - start.tv_nsec) / 1e9);
  free(a);
  free(tmp);
  return 0;
}
