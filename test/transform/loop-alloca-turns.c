// A copy made with alloca in each turn of a loop into a pointer declared
// before it, as C89 code declares its variables at the top (BOTS's nqueens
// written `char *b;` ... `b = alloca(n);` in the loop): every mention of
// the pointer follows the alloca in the loop's block, so each turn's
// pointer is a variable of its own, its memory the turn's, and every call
// is spawned and joined after the loop. Written three ways (a `for` loop, a
// loop counting down with a cast, `__builtin_alloca`); a pointer also read after
// the loop, or set before it too, keeps its calls sequential.
// RUN: rm -rf %t.out
// RUN: cleave parallelize %s -o %t.out 2>&1 | FileCheck --check-prefix=REMARK %s
// RUN: %cc -Wall -Wextra -Werror %s -o %t.seq
// RUN: %cc -Wall -Wextra -Werror %t.out/loop-alloca-turns.c %t.out/cleave_stubs.c %cleave_rt -o %t.par
// RUN: %cc -O1 -g -fsanitize=address %t.out/loop-alloca-turns.c %t.out/cleave_stubs.c %runtime_threads_sources -o %t.asan
// RUN: %t.seq > %t.expected
// RUN: FileCheck --check-prefix=RESULT %s < %t.expected
// RUN: env CLEAVE_NODES=1 %t.par | diff %t.expected -
// RUN: env CLEAVE_NODES=2 %t.par | diff %t.expected -
// RUN: env CLEAVE_NODES=3 %t.par | diff %t.expected -
// RUN: env CLEAVE_NODES=4 %t.par | diff %t.expected -
// RUN: env CLEAVE_NODES=7 %t.par | diff %t.expected -
// RUN: env CLEAVE_NODES=4 CLEAVE_PASS=copy %t.asan | diff %t.expected -
#include <alloca.h>
#include <stdio.h>
#include <string.h>

// The score of a word of digits: each digit times its position plus one.
static long score(int len, const int *word) {
  long s = 0;
  for (int k = 0; k < len; k++)
    s = s * 7 + word[k] * (k + 1);
  return s;
}

// The words of `depth` more digits from {0, 1, 2} after `prefix`; *out
// gets a weighted sum of their scores.
static void walk_for(int depth, int len, const int *prefix, long *out) {
  long sub[3];
  int *p;
  int i;
  if (depth == 0) {
    *out = score(len, prefix);
    return;
  }
  for (i = 0; i < 3; i++) {
    p = alloca((len + 1) * sizeof(int));
    memcpy(p, prefix, len * sizeof(int));
    p[len] = i;
    // REMARK: loop-alloca-turns.c:[[@LINE+1]]:5: remark: call to 'walk_for' runs asynchronously
    walk_for(depth - 1, len + 1, p, &sub[i]);
  }
  *out = sub[0] + 2 * sub[1] + 3 * sub[2];
}

static void walk_down(int depth, int len, const int *prefix, long *out) {
  long sub[3];
  int *p, i;
  if (depth == 0) {
    *out = score(len, prefix);
    return;
  }
  for (i = 2; i >= 0; --i) {
    p = (int *)alloca((len + 1) * sizeof *p);
    for (int k = 0; k < len; k++)
      p[k] = prefix[k];
    p[len] = 2 - i;
    // REMARK: loop-alloca-turns.c:[[@LINE+1]]:5: remark: call to 'walk_down' runs asynchronously
    walk_down(depth - 1, len + 1, p, &sub[i]);
  }
  *out = sub[0] - sub[1] + 5 * sub[2];
}

static void walk_builtin(int depth, int len, const int *prefix, long *out) {
  long sub[3];
  int *p;
  if (depth == 0) {
    *out = score(len, prefix);
    return;
  }
  for (int i = 0; i < 3; i++) {
    p = __builtin_alloca((len + 1) * sizeof(int));
    memcpy(p, prefix, len * sizeof(int));
    p[len] = (i + 1) % 3;
    // REMARK: loop-alloca-turns.c:[[@LINE+1]]:5: remark: call to 'walk_builtin' runs asynchronously
    walk_builtin(depth - 1, len + 1, p, &sub[i]);
  }
  *out = 4 * sub[0] + sub[1] + sub[2];
}

// The last turn's copy read after the loop.
static void walk_after(int depth, int len, const int *prefix, long *out) {
  long sub[3];
  int *p;
  if (depth == 0) {
    *out = score(len, prefix);
    return;
  }
  for (int i = 0; i < 3; i++) {
    p = alloca((len + 1) * sizeof(int));
    memcpy(p, prefix, len * sizeof(int));
    p[len] = i;
    // REMARK: loop-alloca-turns.c:[[@LINE+1]]:5: remark: call to 'walk_after' stays sequential
    walk_after(depth - 1, len + 1, p, &sub[i]);
  }
  *out = sub[0] + sub[1] + sub[2] + p[len];
}

// Set before the loop too.
static void walk_before(int depth, int len, const int *prefix, long *out) {
  long sub[3];
  int *p = alloca(sizeof(int));
  if (depth == 0) {
    *out = score(len, prefix);
    return;
  }
  for (int i = 0; i < 3; i++) {
    p = alloca((len + 1) * sizeof(int));
    memcpy(p, prefix, len * sizeof(int));
    p[len] = i;
    // REMARK: loop-alloca-turns.c:[[@LINE+1]]:5: remark: call to 'walk_before' stays sequential
    walk_before(depth - 1, len + 1, p, &sub[i]);
  }
  *out = sub[0] + sub[1] - sub[2];
}

// RESULT: for {{-?[0-9]+}} down {{-?[0-9]+}} builtin {{-?[0-9]+}} after {{-?[0-9]+}} before {{-?[0-9]+}}
int main(void) {
  int none[1] = {0};
  long f, w, b, a, e;
  walk_for(7, 0, none, &f);
  walk_down(7, 0, none, &w);
  walk_builtin(7, 0, none, &b);
  walk_after(6, 0, none, &a);
  walk_before(6, 0, none, &e);
  printf("for %ld down %ld builtin %ld after %ld before %ld\n", f, w, b, a, e);
  return 0;
}
