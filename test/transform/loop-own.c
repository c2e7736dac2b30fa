// The self-call of a loop that writes memory of the caller's own in every
// iteration: a slot of a local array the loop's counter selects (`&sub[i]`),
// and a copy the iteration makes with alloca. Each iteration has its part to
// itself, so every call is spawned and joined after the loop, as in BOTS's
// nqueens. Loops that touch the part after the call, touch another
// iteration's slot, let a pointer keep the array or give slots that overlap
// keep their calls sequential.
// RUN: rm -rf %t.out
// RUN: cleave parallelize %s -o %t.out 2>&1 | FileCheck --check-prefix=REMARK %s
// RUN: FileCheck --check-prefix=EMIT %s < %t.out/loop-own.c
// RUN: %cc -Wall -Wextra -Werror -Wno-unknown-pragmas %s -o %t.seq
// RUN: %cc -Wall -Wextra -Werror %t.out/loop-own.c %t.out/cleave_stubs.c %cleave_rt -o %t.par
// RUN: %t.seq > %t.expected
// RUN: FileCheck --check-prefix=RESULT %s < %t.expected
// RUN: env CLEAVE_NODES=1 %t.par | diff %t.expected -
// RUN: env CLEAVE_NODES=2 %t.par | diff %t.expected -
// RUN: env CLEAVE_NODES=3 CLEAVE_PASS=copy %t.par | diff %t.expected -
// RUN: env CLEAVE_NODES=4 %t.par | diff %t.expected -
// RUN: env CLEAVE_NODES=7 CLEAVE_PASS=copy %t.par | diff %t.expected -
#include <alloca.h>
#include <stdio.h>
#include <string.h>

// The words of `depth` more letters from {0, 1, 2} after `prefix`, each
// scored by its digits in base 3; *out gets a weighted sum of the scores.
// REMARK: loop-own.c:[[@LINE+15]]:5: remark: call to 'walk' runs asynchronously on the next node of the binomial tree; joined after its loop, line [[@LINE+16]], with the calls of the other iterations
static void walk(int depth, int len, const int *prefix, long *out) {
  long sub[3];
  if (depth == 0) {
    long s = 0;
    for (int k = 0; k < len; k++)
      s = s * 3 + prefix[k];
    *out = s % 1000;
    return;
  }
  for (int i = 0; i < 3; i++) {
    int *p = alloca((len + 1) * sizeof(int));
    memcpy(p, prefix, len * sizeof(int));
    p[len] = i;
    sub[i] = 0;
    walk(depth - 1, len + 1, p, &sub[i]);
  }
  *out = sub[0] + 2 * sub[1] + 3 * sub[2];
}
// EMIT: clv_spawns_add(&[[S:cleave_f[0-9]+]], walk__spawn(depth - 1, len + 1, p, &sub[i]));
// EMIT: for ([[S]]_k = 0; [[S]]_k < [[S]].count; [[S]]_k++) { walk__join([[S]].futures{{\[}}[[S]]_k]); } clv_spawns_free(&[[S]]); }

// REMARK: loop-own.c:[[@LINE+8]]:5: remark: call to 'after' stays sequential: its loop touches 'sub', which the call writes, after the call (line [[@LINE+9]])
static void after(int depth, long *out) {
  long sub[2];
  if (depth == 0) {
    *out = 1;
    return;
  }
  for (int i = 0; i < 2; i++) {
    after(depth - 1, &sub[i]);
    sub[i] += i;
  }
  *out = sub[0] + sub[1];
}

// REMARK: loop-own.c:[[@LINE+9]]:5: remark: call to 'neighbour' stays sequential: its loop touches 'sub' at line [[@LINE+8]] outside the part its iteration's call has to itself
static void neighbour(int depth, long *out) {
  long sub[3] = {0, 0, 0};
  if (depth == 0) {
    *out = 1;
    return;
  }
  for (int i = 0; i < 2; i++) {
    sub[i + 1] = 5;
    neighbour(depth - 1, &sub[i]);
  }
  *out = sub[0] + sub[1] + sub[2];
}

// REMARK: loop-own.c:[[@LINE+8]]:5: remark: call to 'kept' stays sequential: 'sub', which it writes in every iteration, may be reached through another pointer: its mention at line [[@LINE+2]] may let a pointer keep its address
static void kept(int depth, long *out) {
  long sub[2], *last = sub;
  if (depth == 0) {
    *out = 1;
    return;
  }
  for (int i = 0; i < 2; i++)
    kept(depth - 1, &sub[i]);
  *out = sub[0] + *last;
}

// Each call writes two elements, and the counter steps by one.
// REMARK: loop-own.c:[[@LINE+8]]:5: remark: call to 'pairs' stays sequential: it writes 'sub' in every iteration of its loop, and its iteration's part, sub[i:i + 2], is not shown apart from the other iterations' (the counter 'i' must move it past its end)
static void pairs(int depth, long *out) {
  long sub[3];
  if (depth == 0) {
    out[0] = out[1] = 1;
    return;
  }
  for (int i = 0; i < 2; i++)
    pairs(depth - 1, &sub[i]);
  out[0] = sub[0] + sub[1];
  out[1] = sub[2];
}

// The array is gone at the end of each iteration, before the joins.
// REMARK: loop-own.c:[[@LINE+9]]:5: remark: call to 'inner' stays sequential: 'sub', which it writes, is declared in its loop: its memory may be gone before the joins after the loop
static void inner(int depth, long *out) {
  if (depth == 0) {
    *out = 1;
    return;
  }
  *out = 0;
  for (int i = 0; i < 2; i++) {
    long sub[2];
    inner(depth - 1, &sub[i]);
    *out += sub[i];
  }
}

int main(void) {
  long w = 0, a = 0, n = 0, k = 0, pr[2] = {0, 0}, in = 0;
  walk(7, 0, NULL, &w);
  after(4, &a);
  neighbour(4, &n);
  kept(4, &k);
  pairs(3, pr);
  inner(3, &in);
  printf("walk %ld after %ld neighbour %ld kept %ld pairs %ld %ld inner %ld\n", w, a, n, k,
         pr[0], pr[1], in);
  return 0;
}
// RESULT: walk 127033064 after 31 neighbour 91 kept 16 pairs 8 1 inner 8
