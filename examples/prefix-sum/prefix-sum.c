/* Replaces N pseudo-random numbers by their running totals (an inclusive
   prefix sum) by divide and conquer, checks them against a plain loop, and
   prints a few totals and a checksum.

   usage: prefix-sum [N [SEED]]   (defaults: N = 200000, SEED = 1;
                                   1 <= N <= 100000000)

   scan sums each half of a[0:n] on its own, then adds the last total of the
   first half to every element of the second half, which add_to does by
   splitting it again. Both functions call themselves on disjoint halves and
   stop splitting below a few dozen elements. cleave finds both regions,
   a[0:n], from their loops and their calls. */
#include <stdio.h>
#include <stdlib.h>

enum { SCAN_LEAF = 64, ADD_LEAF = 256 };

/* Adds c to each of a[0:n]. */
void add_to(long *a, int n, long c) {
  if (n <= ADD_LEAF) {
    for (int i = 0; i < n; i++)
      a[i] += c;
    return;
  }
  int h = n / 2;
  add_to(a, h, c);
  add_to(a + h, n - h, c);
}

/* Replaces a[i] by a[0] + ... + a[i] for each i < n. */
void scan(long *a, int n) {
  if (n <= SCAN_LEAF) {
    for (int i = 1; i < n; i++)
      a[i] += a[i - 1];
    return;
  }
  int h = n / 2;
  scan(a, h);
  scan(a + h, n - h);
  add_to(a + h, n - h, a[h - 1]);
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
  long n = argc > 1 ? atol(argv[1]) : 200000;
  unsigned long long seed = argc > 2 ? strtoull(argv[2], NULL, 10) : 1;
  if (n < 1 || n > 100000000 || seed == 0) {
    fprintf(stderr, "usage: prefix-sum [N [SEED]] with 1 <= N <= 1e8 and SEED > 0\n");
    return 2;
  }
  long *a = malloc(n * sizeof *a), *b = malloc(n * sizeof *b);
  if (!a || !b) {
    fprintf(stderr, "prefix-sum: out of memory for %ld numbers\n", n);
    return 1;
  }
  /* Values in [-500, 499]. */
  for (long i = 0; i < n; i++)
    a[i] = b[i] = (long)(next_random(&seed) % 1000) - 500;

  scan(a, (int)n);

  long differ = 0;
  for (long i = 1; i < n; i++)
    b[i] += b[i - 1];
  unsigned long long checksum = 0;
  for (long i = 0; i < n; i++) {
    differ += a[i] != b[i];
    checksum = checksum * 1000003 + (unsigned long long)a[i];
  }
  printf("n %ld\n", n);
  printf("totals: first %ld, a quarter in %ld, half %ld, all %ld\n", a[0], a[n / 4],
         a[n / 2], a[n - 1]);
  printf("checksum %llu\n", checksum);
  printf("totals that differ from the plain loop: %ld\n", differ);
  free(a);
  free(b);
  return differ != 0;
}
