/* Bitonic sort of 2^K keys in an array, as textbooks write it: the keys
   and a range given as a low index and a count, a direction flag, a helper
   that compares two keys and swaps them where they are out of the
   direction's order; the sort sorts its halves in opposite directions and
   merges the bitonic sequence they make. Prints a checksum of the sorted
   keys, their smallest, middle and largest, and whether they are in order.

   usage: bitonicsort [K [SEED]]   (1 <= K <= 26; defaults 16 1; SEED > 0) */
#include <stdio.h>
#include <stdlib.h>

#define UP 1
#define DOWN 0

static void comp_and_swap(int a[], int i, int j, int dir)
{
  if (dir == (a[i] > a[j])) {
    int t = a[i];
    a[i] = a[j];
    a[j] = t;
  }
}

/* Sorts the bitonic sequence a[low .. low + cnt - 1] in direction dir. */
static void bitonic_merge(int a[], int low, int cnt, int dir)
{
  if (cnt > 1) {
    int k = cnt / 2;
    for (int i = low; i < low + k; i++)
      comp_and_swap(a, i, i + k, dir);
    bitonic_merge(a, low, k, dir);
    bitonic_merge(a, low + k, k, dir);
  }
}

/* Sorts a[low .. low + cnt - 1] in direction dir; cnt a power of two. */
static void bitonic_sort(int a[], int low, int cnt, int dir)
{
  if (cnt > 1) {
    int k = cnt / 2;
    bitonic_sort(a, low, k, UP);
    bitonic_sort(a, low + k, k, DOWN);
    bitonic_merge(a, low, cnt, dir);
  }
}

int main(int argc, char **argv)
{
  int k = argc > 1 ? atoi(argv[1]) : 16;
  unsigned long long seed = argc > 2 ? strtoull(argv[2], NULL, 10) : 1;
  if (argc > 3 || k < 1 || k > 26 || seed == 0) {
    fprintf(stderr, "usage: bitonicsort [K [SEED]] with 1 <= K <= 26 and SEED > 0\n");
    return 2;
  }
  int n = 1 << k;
  int *a = malloc(n * sizeof *a);
  if (!a) {
    fprintf(stderr, "bitonicsort: out of memory for %d keys\n", n);
    return 1;
  }
  for (int i = 0; i < n; i++) {
    seed ^= seed << 13;
    seed ^= seed >> 7;
    seed ^= seed << 17;
    a[i] = (int)(seed % 2000000001) - 1000000000;
  }
  bitonic_sort(a, 0, n, UP);
  unsigned long long sum = 0;
  long bad = 0;
  for (int i = 0; i < n; i++) {
    sum = sum * 1000003 + (unsigned)a[i];
    bad += i > 0 && a[i - 1] > a[i];
  }
  printf("sorted %d keys: smallest %d, middle %d, largest %d\n", n, a[0], a[n / 2], a[n - 1]);
  printf("checksum %llu, %s\n", sum, bad ? "OUT OF ORDER" : "in order");
  free(a);
  return bad != 0;
}
