/* OpenMP-tasks reference version of examples/cilksort/cilksort.c: same
   arguments, same output. Build: gcc -O2 -fopenmp cilksort.c

   Sorts N pseudo-random ints with a four-way mergesort whose merges are
   themselves divide and conquer, and prints the smallest, median and largest
   value, a checksum of the sorted array, whether it is sorted and whether it
   holds the same multiset of values as before.

   usage: cilksort [N [SEED]]   (defaults: N = 1000000, SEED = 1;
                                 1 <= N <= 500000000, SEED > 0)

   sort() cuts its range into four quarters and sorts each one in place, using
   the matching quarter of a temporary array as scratch space. It then merges
   quarters 1 and 2, and quarters 3 and 4, into the temporary array, and merges
   those two halves back. merge() splits the longer of its two runs at the
   middle element, finds by binary search where that element falls in the other
   run, stores it directly at its final place and merges the two lower parts
   and the two upper parts by recursion. Runs are pairs of pointers to their
   first and last elements (an empty run has last = first - 1). Short ranges
   are sorted by a quicksort that finishes with insertion sort, short merges by
   the usual loop. The four quarter sorts, the two first merges and the two
   halves of a merge are tasks down to TASK_SORT and TASK_MERGE elements. */
#include <stdio.h>
#include <stdlib.h>

enum { SORT_SMALL = 2048, QUICK_SMALL = 20, MERGE_SMALL = 2048 };
enum { TASK_SORT = 65536, TASK_MERGE = 65536 }; /* no tasks below these sizes */

static void swap_ints(int *x, int *y) {
  int t = *x;
  *x = *y;
  *y = t;
}

/* Sorts low[0] .. *high by insertion. */
static void insertion_sort(int *low, int *high) {
  for (int *p = low + 1; p <= high; p++) {
    int v = *p;
    int *q = p;
    while (q > low && q[-1] > v) {
      *q = q[-1];
      q--;
    }
    *q = v;
  }
}

/* Sorts *low .. *high (inclusive) by quicksort with a median-of-three pivot,
   recursing on the shorter side and looping on the longer one. */
static void quick_sort(int *low, int *high) {
  while (high - low >= QUICK_SMALL) {
    int *mid = low + (high - low) / 2;
    if (*mid < *low)
      swap_ints(mid, low);
    if (*high < *low)
      swap_ints(high, low);
    if (*high < *mid)
      swap_ints(high, mid);
    int pivot = *mid;
    int *i = low, *j = high;
    for (;;) {
      do
        i++;
      while (*i < pivot);
      do
        j--;
      while (*j > pivot);
      if (i >= j)
        break;
      swap_ints(i, j);
    }
    /* Now *low .. *j <= pivot <= *(j + 1) .. *high. */
    if (j - low < high - j) {
      quick_sort(low, j);
      low = j + 1;
    } else {
      quick_sort(j + 1, high);
      high = j;
    }
  }
  insertion_sort(low, high);
}

/* Merges the sorted runs *low1 .. *high1 and *low2 .. *high2 into dest by the
   plain loop. */
static void merge_loop(int *low1, int *high1, int *low2, int *high2, int *dest) {
  while (low1 <= high1 && low2 <= high2) {
    if (*low2 < *low1)
      *dest++ = *low2++;
    else
      *dest++ = *low1++;
  }
  while (low1 <= high1)
    *dest++ = *low1++;
  while (low2 <= high2)
    *dest++ = *low2++;
}

/* The first element of *low .. *high that is not less than key, or high + 1
   if there is none. */
static int *lower_bound(int *low, int *high, int key) {
  int *end = high + 1;
  while (low < end) {
    int *mid = low + (end - low) / 2;
    if (*mid < key)
      low = mid + 1;
    else
      end = mid;
  }
  return low;
}

/* Merges the sorted runs *low1 .. *high1 and *low2 .. *high2 into
   dest[0 .. n1 + n2 - 1]. The runs and dest do not overlap. */
static void merge(int *low1, int *high1, int *low2, int *high2, int *dest) {
  if (high1 - low1 < high2 - low2) {
    /* Make run 1 the longer one. */
    int *t = low1;
    low1 = low2;
    low2 = t;
    t = high1;
    high1 = high2;
    high2 = t;
  }
  if (high1 < low1)
    return; /* both runs are empty */
  if ((high1 - low1) + (high2 - low2) < MERGE_SMALL) {
    merge_loop(low1, high1, low2, high2, dest);
    return;
  }
  int *split1 = low1 + (high1 - low1) / 2;
  int *split2 = lower_bound(low2, high2, *split1);
  long below = (split1 - low1) + (split2 - low2);
  dest[below] = *split1;
  if ((high1 - low1) + (high2 - low2) < TASK_MERGE) {
    merge(low1, split1 - 1, low2, split2 - 1, dest);
    merge(split1 + 1, high1, split2, high2, dest + below + 1);
    return;
  }
#pragma omp task
  merge(low1, split1 - 1, low2, split2 - 1, dest);
  merge(split1 + 1, high1, split2, high2, dest + below + 1);
#pragma omp taskwait
}

/* Sorts low[0 .. size - 1]; tmp[0 .. size - 1] is scratch space. */
static void sort(int *low, int *tmp, long size) {
  if (size < SORT_SMALL) {
    quick_sort(low, low + size - 1);
    return;
  }
  long quarter = size / 4;
  int *a = low, *b = a + quarter, *c = b + quarter, *d = c + quarter;
  int *ta = tmp, *tb = ta + quarter, *tc = tb + quarter, *td = tc + quarter;

  if (size < TASK_SORT) {
    sort(a, ta, quarter);
    sort(b, tb, quarter);
    sort(c, tc, quarter);
    sort(d, td, size - 3 * quarter);
    merge(a, b - 1, b, c - 1, ta);
    merge(c, d - 1, d, low + size - 1, tc);
    merge(ta, tc - 1, tc, tmp + size - 1, low);
    return;
  }

#pragma omp task
  sort(a, ta, quarter);
#pragma omp task
  sort(b, tb, quarter);
#pragma omp task
  sort(c, tc, quarter);
  sort(d, td, size - 3 * quarter);
#pragma omp taskwait

#pragma omp task
  merge(a, b - 1, b, c - 1, ta);
  merge(c, d - 1, d, low + size - 1, tc);
#pragma omp taskwait

  merge(ta, tc - 1, tc, tmp + size - 1, low);
}

/* xorshift64: a fixed, portable stream of pseudo-random numbers. */
static unsigned long long next_random(unsigned long long *state) {
  unsigned long long x = *state;
  x ^= x << 13;
  x ^= x >> 7;
  x ^= x << 17;
  return *state = x;
}

/* A well-mixed 64-bit image of a value: the sum of the images over an array
   does not depend on the order of its elements. */
static unsigned long long mix(int v) {
  unsigned long long x = (unsigned)v * 0x9E3779B97F4A7C15ull;
  x ^= x >> 31;
  x *= 0xBF58476D1CE4E5B9ull;
  return x ^ (x >> 29);
}

int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 1000000;
  unsigned long long seed = argc > 2 ? strtoull(argv[2], NULL, 10) : 1;
  if (argc > 3 || n < 1 || n > 500000000 || seed == 0) {
    fprintf(stderr, "usage: cilksort [N [SEED]] with 1 <= N <= 500000000 and SEED > 0\n");
    return 2;
  }
  int *a = malloc((size_t)n * sizeof *a);
  int *tmp = malloc((size_t)n * sizeof *tmp);
  if (!a || !tmp) {
    fprintf(stderr, "cilksort: out of memory for %ld ints\n", n);
    return 1;
  }
  /* Values in [0, 2^31); the sum of their images before sorting. */
  unsigned long long before = 0;
  for (long i = 0; i < n; i++) {
    a[i] = (int)(next_random(&seed) >> 33);
    before += mix(a[i]);
  }

#pragma omp parallel
#pragma omp single
  sort(a, tmp, n);

  unsigned long long after = 0, checksum = 0;
  int sorted = 1;
  for (long i = 0; i < n; i++) {
    after += mix(a[i]);
    checksum = checksum * 1000003 + (unsigned)a[i];
    if (i > 0 && a[i - 1] > a[i])
      sorted = 0;
  }
  printf("n %ld min %d median %d max %d\n", n, a[0], a[n / 2], a[n - 1]);
  printf("checksum %llu\n", checksum);
  printf("sorted %s, same values as before %s\n", sorted ? "yes" : "no",
         before == after ? "yes" : "no");
  free(a);
  free(tmp);
  return sorted && before == after ? 0 : 1;
}
