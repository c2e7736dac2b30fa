/* OpenMP-tasks reference version of examples/hoaresort/hoaresort.c: same
   arguments, same output. Build: gcc -O2 -fopenmp hoaresort.c

   Sorts N pseudo-random ints with the textbook quicksort on indices and
   prints the smallest, median and largest value, a checksum of the sorted
   array and whether it is sorted.

   usage: hoaresort [N [SEED]]   (defaults: N = 100000, SEED = 1)

   Written as a textbook has it, main first and the functions after their
   declarations: partition takes the last element as the pivot v and scans
   with `while (LESS(a[++i], v))`, which only v at a[hi] stops, and
   `while (LESS(v, a[--j]))`, which a test of j against lo stops; the
   elements meet with EXCH, a macro. Short ranges go to an insertion sort. */
#include <stdio.h>
#include <stdlib.h>

typedef int Item;
#define LESS(x, y) ((x) < (y))
#define EXCH(x, y) \
  do { \
    Item t_ = (x); \
    (x) = (y); \
    (y) = t_; \
  } while (0)

/* Ranges shorter than CUTOFF go to insertion; shorter than TASK, the two
   parts are sorted in this task. */
enum { CUTOFF = 12, TASK = 4096 };

static unsigned long long next_random(unsigned long long *state);
static int partition(Item a[], int lo, int hi);
static void insertion(Item a[], int lo, int hi);
void quicksort(Item a[], int lo, int hi);

int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 100000;
  unsigned long long seed = argc > 2 ? strtoull(argv[2], NULL, 10) : 1;
  if (n < 1 || n > 100000000 || seed == 0) {
    fprintf(stderr, "usage: hoaresort [N [SEED]] with 1 <= N <= 100000000 and SEED > 0\n");
    return 2;
  }
  Item *a = malloc(sizeof *a * (size_t)n);
  if (!a) {
    fprintf(stderr, "hoaresort: out of memory\n");
    return 1;
  }
  for (long k = 0; k < n; k++)
    a[k] = (Item)(next_random(&seed) % 1000000);
#pragma omp parallel
#pragma omp single
  quicksort(a, 0, (int)n - 1);
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

/* xorshift64: a fixed, portable stream of pseudo-random numbers. */
static unsigned long long next_random(unsigned long long *state) {
  unsigned long long x = *state;
  x ^= x << 13;
  x ^= x >> 7;
  x ^= x << 17;
  return *state = x;
}

/* Sorts a[lo..hi], both ends included. */
void quicksort(Item a[], int lo, int hi) {
  if (hi - lo < CUTOFF) {
    insertion(a, lo, hi);
    return;
  }
  int i = partition(a, lo, hi);
  if (hi - lo < TASK) {
    quicksort(a, lo, i - 1);
    quicksort(a, i + 1, hi);
    return;
  }
#pragma omp task
  quicksort(a, lo, i - 1);
  quicksort(a, i + 1, hi);
#pragma omp taskwait
}

/* Puts v = a[hi] where it belongs in a[lo..hi] and returns its index i:
   a[lo..i-1] <= v <= a[i+1..hi]. */
static int partition(Item a[], int lo, int hi) {
  Item v = a[hi];
  int i = lo - 1, j = hi;
  for (;;) {
    while (LESS(a[++i], v))
      ;
    while (LESS(v, a[--j]))
      if (j == lo)
        break;
    if (i >= j)
      break;
    EXCH(a[i], a[j]);
  }
  EXCH(a[i], a[hi]);
  return i;
}

/* Sorts a[lo..hi] by insertion. */
static void insertion(Item a[], int lo, int hi) {
  for (int k = lo + 1; k <= hi; k++) {
    Item v = a[k];
    int q = k;
    while (q > lo && LESS(v, a[q - 1])) {
      a[q] = a[q - 1];
      q--;
    }
    a[q] = v;
  }
}
