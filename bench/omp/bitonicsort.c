/* OpenMP reference version of examples/bitonicsort/bitonicsort.c: same
   arguments, same output. Build: gcc -O2 -fopenmp bitonicsort.c

   The first of the sort's two calls of itself, and of the merge's, is a
   task, down to ranges of TASK_N keys. */
#include <stdio.h>
#include <stdlib.h>

#define UP 1
#define DOWN 0
#define TASK_N 8192 /* keys below which no task is made */

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
#pragma omp task if (cnt > TASK_N)
    bitonic_merge(a, low, k, dir);
    bitonic_merge(a, low + k, k, dir);
#pragma omp taskwait
  }
}

/* Sorts a[low .. low + cnt - 1] in direction dir; cnt a power of two. */
static void bitonic_sort(int a[], int low, int cnt, int dir)
{
  if (cnt > 1) {
    int k = cnt / 2;
#pragma omp task if (cnt > TASK_N)
    bitonic_sort(a, low, k, UP);
    bitonic_sort(a, low + k, k, DOWN);
#pragma omp taskwait
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
#pragma omp parallel
#pragma omp single
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
