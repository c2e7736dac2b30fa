// Sizes and counters of type size_t and unsigned, as C library style writes
// them: a merge whose counters stop at `i < h`, halves passed down as
// `n - h`, and a sum that splits its length. Their comparisons and
// differences never wrap below 0 here, so they get their regions; a split
// whose difference may wrap stays sequential and the remark names it.
// RUN: rm -rf %t.out
// RUN: cleave parallelize %s -o %t.out 2>&1 | FileCheck --check-prefix=REMARK %s
// RUN: %cc -Wall -Werror %s -o %t.seq
// RUN: %cc -Wall -Werror %t.out/unsigned-counters.c %t.out/cleave_stubs.c %cleave_rt -o %t.par
// RUN: %t.seq 200000 > %t.expected
// RUN: env CLEAVE_NODES=1 %t.par 200000 | diff %t.expected -
// RUN: env CLEAVE_NODES=2 %t.par 200000 | diff %t.expected -
// RUN: env CLEAVE_NODES=3 CLEAVE_PASS=copy %t.par 200000 | diff %t.expected -
// RUN: env CLEAVE_NODES=4 %t.par 200000 | diff %t.expected -
// RUN: env CLEAVE_NODES=7 CLEAVE_PASS=copy %t.par 200000 | diff %t.expected -
// Regions copied on 8 nodes under AddressSanitizer: an access outside them is reported.
// RUN: %cc -O1 -g -fsanitize=address %t.out/unsigned-counters.c %t.out/cleave_stubs.c %runtime_threads_sources -o %t.asan
// RUN: env CLEAVE_NODES=8 CLEAVE_PASS=copy %t.asan 200000 | diff %t.expected -
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void merge(int *a, size_t n, size_t h, int *tmp) {
  size_t i = 0, j = h, k = 0;
  while (i < h && j < n)
    tmp[k++] = a[i] <= a[j] ? a[i++] : a[j++];
  while (i < h)
    tmp[k++] = a[i++];
  while (j < n)
    tmp[k++] = a[j++];
  memcpy(a, tmp, n * sizeof *a);
}

void sort(int *a, size_t n, int *tmp) {
  if (n < 2)
    return;
  size_t h = n / 2;
  sort(a, h, tmp);
  sort(a + h, n - h, tmp + h);
  merge(a, n, h, tmp);
}
// REMARK: unsigned-counters.c:[[@LINE-4]]:3: remark: call to 'sort' runs asynchronously on the next node of the binomial tree; joined before line [[@LINE-2]]

double sum(const double *x, unsigned n) {
  if (n <= 1000) {
    double s = 0;
    for (unsigned i = 0; i < n; i++)
      s += x[i];
    return s;
  }
  return sum(x, n / 2) + sum(x + n / 2, n - n / 2);
}
// REMARK: unsigned-counters.c:[[@LINE-2]]:10: remark: call to 'sum' runs asynchronously

// The split point comes from the caller: `n - at` wraps where at > n.
void fill(int *a, size_t n, size_t at, int v) {
  if (n <= 1000) {
    for (size_t i = 0; i < n; i++)
      a[i] = v;
    return;
  }
  fill(a, at, at / 2, v);
  fill(a + at, n - at, (n - at) / 2, v + 1);
}
// REMARK: unsigned-counters.c:[[@LINE-3]]:3: remark: call to 'fill' stays sequential: {{.*}}'n - at' for 'n', which may wrap around below 0, as unsigned arithmetic does: nothing there shows n - at >= 0
// REMARK: unsigned-counters.c:[[@LINE-3]]:3: remark: call to 'fill' stays sequential: {{.*}}'n - at' for 'n', which may wrap around below 0, as unsigned arithmetic does: nothing there shows n - at >= 0

int main(int argc, char **argv) {
  size_t n = argc > 1 ? strtoul(argv[1], 0, 10) : 1000;
  int *a = malloc(n * sizeof *a), *t = malloc(n * sizeof *t);
  double *x = malloc(n * sizeof *x);
  for (size_t i = 0; i < n; i++) {
    a[i] = (int)((i * 2654435761u) % 1000003);
    x[i] = a[i] * 0.5;
  }
  sort(a, n, t);
  unsigned long s = 0;
  for (size_t i = 0; i < n; i++)
    s = s * 31 + (unsigned)a[i];
  fill(t, n, n / 3, 1);
  for (size_t i = 0; i < n; i += 997)
    s = s * 7 + (unsigned)t[i];
  printf("%lu %.1f\n", s, sum(x, (unsigned)n));
  free(a);
  free(t);
  free(x);
  return 0;
}
