// Regions that recursion grows, with no pragma: an index walked up to a
// bound (`i + 1` until `i == n`), a pointer to an array of structs moved one
// element per level (`e + 1` until `n == 0`, in the style of Cilk's
// knapsack), and the children of a heap in an array. The analysis guesses
// v[i:n], e[0:n] and heap[i:n] and proves them over the recursion; the first call of each pair runs
// asynchronously, and the output prints what the sequential build prints on
// 1 to 8 nodes, regions shared or copied (under AddressSanitizer, any access
// outside them is reported).
// RUN: rm -rf %t.out
// RUN: cleave parallelize %s -o %t.out 2>&1 | FileCheck --check-prefix=REMARK %s
// RUN: cleave analyze %s | FileCheck --check-prefix=MODEL %s
// RUN: %cc -Wall -Wextra -Werror %s -o %t.seq
// RUN: %cc -Wall -Wextra -Werror %t.out/grown-regions.c %t.out/cleave_stubs.c %cleave_rt -o %t.par
// RUN: %cc -O1 -g -fsanitize=address %t.out/grown-regions.c %t.out/cleave_stubs.c %runtime_threads_sources -o %t.asan
// RUN: %t.seq 16 > %t.expected
// RUN: env CLEAVE_NODES=1 %t.par 16 | diff %t.expected -
// RUN: env CLEAVE_NODES=2 %t.par 16 | diff %t.expected -
// RUN: env CLEAVE_NODES=3 %t.par 16 | diff %t.expected -
// RUN: env CLEAVE_NODES=7 %t.par 16 | diff %t.expected -
// RUN: env CLEAVE_NODES=8 CLEAVE_PASS=copy %t.asan 16 | diff %t.expected -
#include <stdio.h>
#include <stdlib.h>

// MODEL-LABEL: function count at
// MODEL: region: v[i:n] (read, inferred)
// REMARK: grown-regions.c:[[@LINE+7]]:15: remark: call to 'count' runs asynchronously on the next node of the binomial tree; joined before line [[@LINE+9]]
// REMARK: grown-regions.c:[[@LINE+7]]:18: remark: call to 'count' stays sequential: it is the part kept on this node
static long count(const int *v, int n, int i, int target) {
  if (target == 0)
    return 1;
  if (i == n || target < 0)
    return 0;
  long with = count(v, n, i + 1, target - v[i]);
  long without = count(v, n, i + 1, target);
  return with + without;
}

struct item {
  int value, weight;
};

// MODEL-LABEL: function knap at
// MODEL: region: e[0:n] (read, inferred)
// REMARK: grown-regions.c:[[@LINE+7]]:14: remark: call to 'knap' runs asynchronously on the next node of the binomial tree; joined before line [[@LINE+9]]
// REMARK: grown-regions.c:[[@LINE+7]]:17: remark: call to 'knap' stays sequential: it is the part kept on this node
static int knap(const struct item *e, int c, int n, int v) {
  if (c < 0)
    return -1;
  if (n == 0)
    return v;
  int with = knap(e + 1, c - e->weight, n - 1, v + e->value);
  int without = knap(e + 1, c, n - 1, v);
  return with > without ? with : without;
}

// A heap stored in an array: heap[i], then heap[2 * i + 1] and
// heap[2 * i + 2] below, more intervals than are kept; the guess heap[i:n]
// holds (i >= 0 on entry, from main's 0 and 2 * i + 1 and 2 * i + 2).
// MODEL-LABEL: function subtree at
// MODEL: region: heap[i:n] (read, inferred)
// REMARK: grown-regions.c:[[@LINE+5]]:15: remark: call to 'subtree' runs asynchronously on the next node of the binomial tree; joined before line [[@LINE+7]]
// REMARK: grown-regions.c:[[@LINE+5]]:16: remark: call to 'subtree' stays sequential: it is the part kept on this node
static long subtree(const int *heap, int n, int i) {
  if (i >= n)
    return 0;
  long left = subtree(heap, n, 2 * i + 1);
  long right = subtree(heap, n, 2 * i + 2);
  return heap[i] + left + right;
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 16;
  if (n < 1 || n > 28)
    return 2;
  int v[28];
  struct item items[28];
  for (int i = 0; i < n; i++) {
    v[i] = 1 + (i * 37) % 23;
    items[i].value = 1 + (i * 13) % 17;
    items[i].weight = 1 + (i * 29) % 19;
  }
  printf("subsets %ld\n", count(v, n, 0, 60));
  printf("knapsack %d\n", knap(items, 70, n, 0));
  printf("heap %ld\n", subtree(v, n, 0));
  return 0;
}
