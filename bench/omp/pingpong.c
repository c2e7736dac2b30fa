/* OpenMP reference version of examples/pingpong/pingpong.c: same
   arguments, same output. Build: gcc -O2 -fopenmp pingpong.c

   The first of each function's two calls of the other is a task, down to
   runs of TASK_N keys. */
#include <stdio.h>
#include <stdlib.h>

#define SMALL 32
#define TASK_N 16384 /* keys below which no task is made */

static void merge(const unsigned *x, long nx, const unsigned *y, long ny, unsigned *out)
{
  long i = 0, j = 0, k = 0;
  while (i < nx && j < ny)
    out[k++] = y[j] < x[i] ? y[j++] : x[i++];
  while (i < nx)
    out[k++] = x[i++];
  while (j < ny)
    out[k++] = y[j++];
}

static void insertion(unsigned *a, long n)
{
  for (long i = 1; i < n; i++) {
    unsigned v = a[i];
    long j = i;
    for (; j > 0 && a[j - 1] > v; j--)
      a[j] = a[j - 1];
    a[j] = v;
  }
}

static void sort_there(unsigned *a, unsigned *t, long n);

/* a[0:n] sorted, t[0:n] used as room. */
static void sort_here(unsigned *a, unsigned *t, long n)
{
  long h;
  if (n <= SMALL) {
    insertion(a, n);
    return;
  }
  h = n / 2;
#pragma omp task if (n > TASK_N)
  sort_there(a, t, h);
  sort_there(a + h, t + h, n - h);
#pragma omp taskwait
  merge(t, h, t + h, n - h, a);
}

/* The keys of a[0:n] sorted into t[0:n]; a's order is lost. */
static void sort_there(unsigned *a, unsigned *t, long n)
{
  long h;
  if (n <= SMALL) {
    insertion(a, n);
    for (long i = 0; i < n; i++)
      t[i] = a[i];
    return;
  }
  h = n / 2;
#pragma omp task if (n > TASK_N)
  sort_here(a, t, h);
  sort_here(a + h, t + h, n - h);
#pragma omp taskwait
  merge(a, h, a + h, n - h, t);
}

int main(int argc, char **argv)
{
  long n = argc > 1 ? atol(argv[1]) : 1000000;
  unsigned long long seed = argc > 2 ? strtoull(argv[2], NULL, 10) : 1;
  unsigned *a, *t;
  unsigned long long sum = 0;
  long bad = 0;
  if (argc > 3 || n < 1 || n > 100000000 || seed == 0) {
    fprintf(stderr, "usage: pingpong [N [SEED]] with 1 <= N <= 100000000 and SEED > 0\n");
    return 2;
  }
  a = malloc(n * sizeof *a);
  t = malloc(n * sizeof *t);
  if (!a || !t) {
    fprintf(stderr, "pingpong: out of memory for %ld keys\n", n);
    return 1;
  }
  for (long i = 0; i < n; i++) {
    seed ^= seed << 13;
    seed ^= seed >> 7;
    seed ^= seed << 17;
    a[i] = (unsigned)(seed >> 32);
  }
#pragma omp parallel
#pragma omp single
  sort_here(a, t, n);
  for (long i = 0; i < n; i++) {
    sum = sum * 1000003 + a[i];
    bad += i > 0 && a[i - 1] > a[i];
  }
  printf("sorted %ld keys: checksum %llu, %s\n", n, sum, bad ? "OUT OF ORDER" : "in order");
  free(a);
  free(t);
  return bad != 0;
}
