// Loops whose one call's value is stored, `x[i][j] = f(..)`: every
// iteration spawns its call with the address of its place, taken then, and
// the values are stored after the loop in the order of the iterations. The
// place may read only variables, and its object (an array of the caller's
// own or a global) may be named nowhere else in the loop, nor touched by
// the call. Calls of loops that stay sequential say why.
// RUN: rm -rf %t.out
// RUN: cleave parallelize %s -o %t.out 2>&1 | FileCheck --check-prefix=REMARK %s
// RUN: FileCheck --check-prefix=EMIT %s < %t.out/loop-stores.c
// RUN: %cc -Wall -Werror %s -o %t.seq
// RUN: %cc -Wall -Werror %t.out/loop-stores.c %t.out/cleave_stubs.c %cleave_rt -o %t.par
// RUN: %t.seq 30 > %t.expected
// RUN: env CLEAVE_NODES=1 %t.par 30 | diff %t.expected -
// RUN: env CLEAVE_NODES=2 %t.par 30 | diff %t.expected -
// RUN: env CLEAVE_NODES=3 CLEAVE_PASS=copy %t.par 30 | diff %t.expected -
// RUN: env CLEAVE_NODES=4 %t.par 30 | diff %t.expected -
// RUN: env CLEAVE_NODES=7 CLEAVE_PASS=copy %t.par 30 | diff %t.expected -
// RUN: %cc -O1 -g -fsanitize=thread %t.out/loop-stores.c %t.out/cleave_stubs.c %runtime_threads_sources -o %t.tsan
// RUN: env TSAN_OPTIONS=halt_on_error=1 CLEAVE_NODES=4 %t.tsan 30 | diff %t.expected -
#include <stdio.h>
#include <stdlib.h>

#define N 40
#define LEN 300

char text[N][LEN];
int score[N][N];
int hits;

// Work that grows with the data: a longest common subsequence of two rows.
int common(int x, int y) {
  int prev[LEN + 1], cur[LEN + 1];
  for (int j = 0; j <= LEN; j++)
    prev[j] = 0;
  for (int i = 1; i <= LEN; i++) {
    cur[0] = 0;
    for (int j = 1; j <= LEN; j++) {
      int best = prev[j] > cur[j - 1] ? prev[j] : cur[j - 1];
      cur[j] = text[x][i - 1] == text[y][j - 1] ? prev[j - 1] + 1 : best;
    }
    for (int j = 0; j <= LEN; j++)
      prev[j] = cur[j];
  }
  return prev[LEN];
}

// Recursive: a loop that calls it in its condition is not spawned.
int halves(int k) { return k < 2 ? 0 : 1 + halves(k / 2); }

// The same, counting its calls in a global.
int counted(int x, int y) {
  hits++;
  int s = 0;
  for (int i = 0; i < LEN; i++)
    s += text[x][i] == text[y][i];
  return s;
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 20;
  if (n < 2 || n > N)
    return 1;
  unsigned r = 7;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < LEN; j++) {
      r = r * 1103515245u + 12345u;
      text[i][j] = "ab"[(r >> 16) & 1];
    }
  // A global of two dimensions.
  for (int i = 0; i < n; i++)
    for (int j = i + 1; j < n; j++)
      // REMARK: loop-stores.c:[[@LINE+1]]:21: remark: call to 'common' runs asynchronously on the next node of the binomial tree; joined after the loops around it, line [[@LINE+1]] (the loop of line [[@LINE-2]]), with the calls of all their iterations
      score[i][j] = common(i, j);
  // EMIT: struct cleave_f{{[0-9]+}}_slot { int v; int *at; };
  // EMIT: cleave_f{{[0-9]+}}_s->at = &(score[i][j])
  // An array of the caller's own, of another type than the value.
  long row[N];
  for (int j = 1; j < n; j++)
    // REMARK: loop-stores.c:[[@LINE+1]]:14: remark: call to 'common' runs asynchronously
    row[j] = common(0, j);
  // EMIT: struct cleave_f{{[0-9]+}}_slot { int v; long *at; };
  long total = 0;
  for (int i = 0; i < n; i++)
    for (int j = i + 1; j < n; j++)
      total += score[i][j] * (i + 2 * j);
  for (int j = 1; j < n; j++)
    total += row[j] * j;
  printf("total %ld\n", total);
  // Places that stay sequential.
  int order[N], best[N];
  for (int i = 0; i < n; i++)
    order[i] = n - 1 - i;
  for (int i = 0; i < n; i++)
    // REMARK: loop-stores.c:[[@LINE+1]]:22: remark: call to 'common' stays sequential: its value goes to 'best[order[i]]', whose place reads 'order[i]' from memory, which calls still running may change
    best[order[i]] = common(i, 0);
  for (int i = 1; i < n; i++) {
    // REMARK: loop-stores.c:[[@LINE+1]]:15: remark: call to 'common' stays sequential: its value goes to 'best[i]', and its loop names 'best' elsewhere too ('best[i - 1]' at line [[@LINE+2]], not the iteration's own element before the call)
    best[i] = common(i, 1);
    if (best[i - 1] > LEN / 2)
      total++;
  }
  // The place's own element named before the call in its iteration, and
  // nowhere else: written three ways (a reset, then a value under a
  // condition; a macro that clears it; a loop counting down, `i - 1`).
  int count[N];
  for (int i = 0; i < n; i++) {
    count[i] = 0;
    if (i % 3)
      // REMARK: loop-stores.c:[[@LINE+1]]:18: remark: call to 'common' runs asynchronously
      count[i] = common(i, 6);
  }
#define CLEAR(a, k) ((a)[k] = -1)
  for (int i = 0; i < n; i++) {
    CLEAR(count, i);
    if (count[i] < 0 && i % 2)
      // REMARK: loop-stores.c:[[@LINE+1]]:18: remark: call to 'common' runs asynchronously
      count[i] = common(i, 7);
  }
  for (int i = n; i > 1; i--) {
    count[i - 1] *= 2;
    // REMARK: loop-stores.c:[[@LINE+1]]:20: remark: call to 'common' runs asynchronously
    count[i - 1] = common(i - 1, 8);
  }
  // Read after the call, or another element: they stay sequential.
  for (int i = 0; i < n; i++) {
    // REMARK: loop-stores.c:[[@LINE+1]]:16: remark: call to 'common' stays sequential: its value goes to 'count[i]', and its loop names 'count' elsewhere too ('count[i]' at line [[@LINE+2]], not the iteration's own element before the call)
    count[i] = common(i, 9);
    total += count[i];
  }
  for (int i = 1; i < n; i++) {
    count[i - 1] = 0;
    // REMARK: loop-stores.c:[[@LINE+1]]:16: remark: call to 'common' stays sequential: its value goes to 'count[i]', and its loop names 'count' elsewhere too ('count[i - 1]' at line [[@LINE-1]], not the iteration's own element before the call)
    count[i] = common(i, 10);
  }
  for (int i = 0; i < n; i++)
    total += count[i] * (i + 1);
  for (int i = 0; i < n; i++)
    // REMARK: loop-stores.c:[[@LINE+1]]:24: remark: call to 'counted' stays sequential: its value goes to 'text[0][i]', and 'counted' touches 'text'
    text[0][i] = (char)counted(i, 0);
  for (int i = 0; i < n; i++)
    // REMARK: loop-stores.c:[[@LINE+1]]:9: remark: call to 'common' stays sequential: its value is used in 'common(i, 2) > LEN / 2'
    if (common(i, 2) > LEN / 2)
      total++;
  for (int i = 0; i < n; i++) {
    // REMARK: loop-stores.c:[[@LINE+1]]:21: remark: call to 'common' stays sequential: its value is used in 'i % 2 ? common(i, 5) : 0'; in a loop, a call is spawned as a statement of its own
    int v = i % 2 ? common(i, 5) : 0;
    total += v;
  }
  int k = n;
  // REMARK: loop-stores.c:[[@LINE+1]]:10: remark: call to 'halves' stays sequential: it is in the condition or the steps of its loop, not its body
  while (halves(k))
    k /= 2;
  for (int i = 0; i < n; i++) {
    // REMARK: loop-stores.c:[[@LINE+1]]:14: remark: call to 'common' stays sequential: 'common' writes no memory that outlives it: it runs in place beside the loop's calls of 'counted'
    total += common(i, 3);
    // REMARK: loop-stores.c:[[@LINE+1]]:14: remark: call to 'counted' stays sequential: its loop uses 'total', which its value updates, elsewhere too
    total += counted(i, 4);
  }
  printf("total %ld best %d hits %d score %d k %d\n", total, best[n - 1], hits, score[0][n - 1], k);
  return 0;
}
