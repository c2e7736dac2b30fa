/* OpenMP reference version of examples/apsp/apsp.c: same arguments, same
   output. Build: gcc -O2 -fopenmp apsp.c

   The calls of each function that touch different quadrants are tasks
   (fw_d's two rounds of four, fw_b's and fw_c's pairs, fw_a's fw_b beside
   its fw_c), down to quadrants of TASK_N. */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>

#define BS 32
#define INF (INT_MAX / 4)
#define TASK_N 128 /* a side below which no task is made */

/* x = min(x, u + v) over a block of BS x BS, k outermost. */
static void fw_block(int *x, const int *u, const int *v, int ld)
{
  for (int k = 0; k < BS; k++)
    for (int i = 0; i < BS; i++) {
      int uik = u[i * ld + k];
      for (int j = 0; j < BS; j++)
        if (uik + v[k * ld + j] < x[i * ld + j])
          x[i * ld + j] = uik + v[k * ld + j];
    }
}

/* X = min(X, U + V), X, U and V apart. */
static void fw_d(int *x, const int *u, const int *v, int n, int ld)
{
  if (n == BS) {
    fw_block(x, u, v, ld);
    return;
  }
  int h = n / 2;
  int *x12 = x + h, *x21 = x + h * ld, *x22 = x + h * ld + h;
  const int *u12 = u + h, *u21 = u + h * ld, *u22 = u + h * ld + h;
  const int *v12 = v + h, *v21 = v + h * ld, *v22 = v + h * ld + h;
#pragma omp task if (n > TASK_N)
  fw_d(x, u, v, h, ld);
#pragma omp task if (n > TASK_N)
  fw_d(x12, u, v12, h, ld);
#pragma omp task if (n > TASK_N)
  fw_d(x21, u21, v, h, ld);
  fw_d(x22, u21, v12, h, ld);
#pragma omp taskwait
#pragma omp task if (n > TASK_N)
  fw_d(x22, u22, v22, h, ld);
#pragma omp task if (n > TASK_N)
  fw_d(x21, u22, v21, h, ld);
#pragma omp task if (n > TASK_N)
  fw_d(x12, u12, v22, h, ld);
  fw_d(x, u12, v21, h, ld);
#pragma omp taskwait
}

/* X = min(X, U + X). */
static void fw_b(int *x, const int *u, int n, int ld)
{
  if (n == BS) {
    fw_block(x, u, x, ld);
    return;
  }
  int h = n / 2;
  int *x12 = x + h, *x21 = x + h * ld, *x22 = x + h * ld + h;
  const int *u12 = u + h, *u21 = u + h * ld, *u22 = u + h * ld + h;
#pragma omp task if (n > TASK_N)
  fw_b(x, u, h, ld);
  fw_b(x12, u, h, ld);
#pragma omp taskwait
#pragma omp task if (n > TASK_N)
  fw_d(x21, u21, x, h, ld);
  fw_d(x22, u21, x12, h, ld);
#pragma omp taskwait
#pragma omp task if (n > TASK_N)
  fw_b(x22, u22, h, ld);
  fw_b(x21, u22, h, ld);
#pragma omp taskwait
#pragma omp task if (n > TASK_N)
  fw_d(x12, u12, x22, h, ld);
  fw_d(x, u12, x21, h, ld);
#pragma omp taskwait
}

/* X = min(X, X + V). */
static void fw_c(int *x, const int *v, int n, int ld)
{
  if (n == BS) {
    fw_block(x, x, v, ld);
    return;
  }
  int h = n / 2;
  int *x12 = x + h, *x21 = x + h * ld, *x22 = x + h * ld + h;
  const int *v12 = v + h, *v21 = v + h * ld, *v22 = v + h * ld + h;
#pragma omp task if (n > TASK_N)
  fw_c(x, v, h, ld);
  fw_c(x21, v, h, ld);
#pragma omp taskwait
#pragma omp task if (n > TASK_N)
  fw_d(x12, x, v12, h, ld);
  fw_d(x22, x21, v12, h, ld);
#pragma omp taskwait
#pragma omp task if (n > TASK_N)
  fw_c(x22, v22, h, ld);
  fw_c(x12, v22, h, ld);
#pragma omp taskwait
#pragma omp task if (n > TASK_N)
  fw_d(x21, x22, v21, h, ld);
  fw_d(x, x12, v21, h, ld);
#pragma omp taskwait
}

/* X = min(X, X + X): the closure of one block. */
static void fw_a(int *x, int n, int ld)
{
  if (n == BS) {
    fw_block(x, x, x, ld);
    return;
  }
  int h = n / 2;
  int *x12 = x + h, *x21 = x + h * ld, *x22 = x + h * ld + h;
  fw_a(x, h, ld);
#pragma omp task if (n > TASK_N)
  fw_b(x12, x, h, ld);
  fw_c(x21, x, h, ld);
#pragma omp taskwait
  fw_d(x22, x21, x12, h, ld);
  fw_a(x22, h, ld);
#pragma omp task if (n > TASK_N)
  fw_b(x21, x22, h, ld);
  fw_c(x12, x22, h, ld);
#pragma omp taskwait
  fw_d(x, x12, x21, h, ld);
}

static unsigned long long next_random(unsigned long long *state)
{
  unsigned long long x = *state;
  x ^= x << 13;
  x ^= x >> 7;
  x ^= x << 17;
  return *state = x;
}

/* Distances from s by Dijkstra's algorithm on the edge matrix w, O(n^2). */
static void dijkstra(const int *w, int n, int s, int *dist, char *done)
{
  for (int i = 0; i < n; i++) {
    dist[i] = INF;
    done[i] = 0;
  }
  dist[s] = 0;
  for (int round = 0; round < n; round++) {
    int u = -1;
    for (int i = 0; i < n; i++)
      if (!done[i] && (u < 0 || dist[i] < dist[u]))
        u = i;
    if (dist[u] >= INF)
      break;
    done[u] = 1;
    for (int v = 0; v < n; v++)
      if (w[(long)u * n + v] < INF && dist[u] + w[(long)u * n + v] < dist[v])
        dist[v] = dist[u] + w[(long)u * n + v];
  }
}

int main(int argc, char **argv)
{
  int n = argc > 1 ? atoi(argv[1]) : 256;
  unsigned long long seed = argc > 2 ? strtoull(argv[2], NULL, 10) : 1;
  if (argc > 3 || n < BS || n > 4096 || (n & (n - 1)) || seed == 0) {
    fprintf(stderr, "usage: apsp [N [SEED]] with N a power of two, %d <= N <= 4096, and SEED > 0\n", BS);
    return 2;
  }
  int *d = malloc((size_t)n * n * sizeof *d), *w = malloc((size_t)n * n * sizeof *w);
  int *dist = malloc(n * sizeof *dist);
  char *done = malloc(n);
  if (!d || !w || !dist || !done) {
    fprintf(stderr, "apsp: out of memory for %d x %d\n", n, n);
    return 1;
  }
  /* About 8 edges out of each vertex, weights 1 to 100. */
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      w[(long)i * n + j] = i == j ? 0 : next_random(&seed) % n < 8 ? (int)(next_random(&seed) % 100) + 1 : INF;
  for (long i = 0; i < (long)n * n; i++)
    d[i] = w[i];

#pragma omp parallel
#pragma omp single
  fw_a(d, n, n);

  unsigned long long sum = 0;
  long connected = 0;
  for (long i = 0; i < (long)n * n; i++) {
    if (d[i] < INF) {
      connected++;
      sum = sum * 31 + d[i];
    }
  }
  int wrong = 0;
  for (int s = 0; s < n; s += n / 4) {
    dijkstra(w, n, s, dist, done);
    for (int j = 0; j < n; j++)
      wrong += (dist[j] < INF ? dist[j] : INF) != (d[(long)s * n + j] < INF ? d[(long)s * n + j] : INF);
  }
  printf("apsp of %d vertices: %ld pairs connected, checksum %llu\n", n, connected, sum);
  printf("4 sources checked against Dijkstra: %s\n", wrong ? "DIFFERENT" : "the same");
  free(d);
  free(w);
  free(dist);
  free(done);
  return wrong != 0;
}
