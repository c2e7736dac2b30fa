/* Sorts N pseudo-random ints with quicksort and prints the smallest, median and
   largest value, a checksum of the sorted array and whether it is sorted.

   usage: quicksort [N [SEED]]   (defaults: N = 100000, SEED = 1)

   The sort partitions a[lo:hi] around a pivot that lands at index p, then sorts
   a[lo:p] and a[p+1:hi], two disjoint ranges: cleave finds that each call
   reads and writes a[lo:hi] (partition returns lo <= p < hi), so it can send
   one of the two calls to another node while this one sorts the other. Short
   ranges go to an insertion sort. */
#include <stdio.h>
#include <stdlib.h>

enum { SMALL = 16 };

/* Sorts a[lo:hi] by insertion. */
static void insertion_sort(int *a, int lo, int hi) {
  for (int i = lo + 1; i < hi; i++) {
    int v = a[i];
    int j = i;
    while (j > lo && a[j - 1] > v) {
      a[j] = a[j - 1];
      j--;
    }
    a[j] = v;
  }
}

static void swap(int *a, int i, int j) {
  int t = a[i];
  a[i] = a[j];
  a[j] = t;
}

/* Partitions a[lo:hi] (at least 3 elements) around the median of its first,
   middle and last elements; returns the pivot's final index p: a[lo:p] <= a[p]
   <= a[p+1:hi]. */
static int partition(int *a, int lo, int hi) {
  int mid = lo + (hi - lo) / 2, last = hi - 1;
  if (a[mid] < a[lo])
    swap(a, mid, lo);
  if (a[last] < a[lo])
    swap(a, last, lo);
  if (a[last] < a[mid])
    swap(a, last, mid);
  /* Now a[lo] <= a[mid] <= a[last]; park the pivot at the end. */
  swap(a, mid, last);
  int pivot = a[last];
  int store = lo;
  for (int i = lo; i < last; i++)
    if (a[i] < pivot)
      swap(a, i, store++);
  swap(a, store, last);
  return store;
}

/* Sorts a[lo:hi]. */
void quicksort(int *a, int lo, int hi) {
  if (hi - lo <= SMALL) {
    insertion_sort(a, lo, hi);
    return;
  }
  int p = partition(a, lo, hi);
  quicksort(a, lo, p);
  quicksort(a, p + 1, hi);
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
    fprintf(stderr, "usage: quicksort [N [SEED]] with 1 <= N <= 1e8 and SEED > 0\n");
    return 2;
  }
  int *a = malloc((size_t)n * sizeof *a);
  if (!a) {
    fprintf(stderr, "quicksort: out of memory for %ld ints\n", n);
    return 1;
  }
  /* Values in [0, 1000000): many repeats when N is large. */
  for (long i = 0; i < n; i++)
    a[i] = (int)(next_random(&seed) % 1000000);

  quicksort(a, 0, (int)n);

  unsigned long long checksum = 0;
  int sorted = 1;
  for (long i = 0; i < n; i++) {
    checksum = checksum * 1000003 + (unsigned)a[i];
    if (i > 0 && a[i - 1] > a[i])
      sorted = 0;
  }
  printf("n %ld min %d median %d max %d\n", n, a[0], a[n / 2], a[n - 1]);
  printf("checksum %llu sorted %s\n", checksum, sorted ? "yes" : "no");
  free(a);
  return 0;
}
