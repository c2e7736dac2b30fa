// Regions of two calls compared with the facts that hold where they are
// made: Karatsuba's products r[0:2 * (n / 2)] and r[n:n + 2 * (n / 2)] are
// apart only where n >= 0, which the early return for n <= 32 shows. An
// unsigned length that may wrap below 0 gives its callee's region no bound
// at the call, and the remark says so.
// RUN: rm -rf %t.out
// RUN: cleave parallelize %s -o %t.out 2>&1 | FileCheck --check-prefix=REMARK %s
// RUN: %cc -Wall -Werror -Wno-unknown-pragmas %s -o %t.seq
// RUN: %cc -Wall -Werror %t.out/site-facts.c %t.out/cleave_stubs.c %cleave_rt -o %t.par
// RUN: %t.seq 4096 > %t.expected
// RUN: env CLEAVE_NODES=1 %t.par 4096 | diff %t.expected -
// RUN: env CLEAVE_NODES=2 %t.par 4096 | diff %t.expected -
// RUN: env CLEAVE_NODES=3 CLEAVE_PASS=copy %t.par 4096 | diff %t.expected -
// RUN: env CLEAVE_NODES=4 %t.par 4096 | diff %t.expected -
// RUN: env CLEAVE_NODES=7 CLEAVE_PASS=copy %t.par 4096 | diff %t.expected -
// Regions copied on 8 nodes under AddressSanitizer: an access outside them is reported.
// RUN: %cc -O1 -g -fsanitize=address %t.out/site-facts.c %t.out/cleave_stubs.c %runtime_threads_sources -o %t.asan
// RUN: env CLEAVE_NODES=8 CLEAVE_PASS=copy %t.asan 4096 | diff %t.expected -
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// r[0 .. 2n - 1] = a[0 .. n - 1] * b[0 .. n - 1], n a power of two.
void karatsuba(const long *a, const long *b, long *r, int n) {
  if (n <= 32) {
    memset(r, 0, 2 * n * sizeof(long));
    for (int i = 0; i < n; i++)
      for (int j = 0; j < n; j++)
        r[i + j] += a[i] * b[j];
    return;
  }
  int h = n / 2;
  long *sa = malloc(h * sizeof(long)), *sb = malloc(h * sizeof(long));
  long *mid = malloc(2 * h * sizeof(long));
  for (int i = 0; i < h; i++) {
    sa[i] = a[i] + a[i + h];
    sb[i] = b[i] + b[i + h];
  }
  karatsuba(a, b, r, h);
  karatsuba(a + h, b + h, r + n, h);
  karatsuba(sa, sb, mid, h);
  for (int i = 0; i < n; i++)
    mid[i] -= r[i] + r[i + n];
  for (int i = 0; i < n; i++)
    r[i + h] += mid[i];
  free(sa);
  free(sb);
  free(mid);
}
// REMARK: site-facts.c:[[@LINE-11]]:3: remark: call to 'karatsuba' runs asynchronously on the next node of the binomial tree; joined before line [[@LINE-8]]
// REMARK: site-facts.c:[[@LINE-11]]:3: remark: call to 'karatsuba' runs asynchronously on the next node of the binomial tree; joined before line [[@LINE-9]]
// REMARK: site-facts.c:[[@LINE-11]]:3: remark: call to 'karatsuba' stays sequential: it is the part kept on this node

static void clear(long *r, unsigned n) {
  for (unsigned i = 0; i < n; i++)
    r[i] = 0;
}
// Clears r[0:n] in halves split at `at`, the caller's guess: the rest,
// `n - at`, wraps where at > n. The region is the pragma's; at the calls,
// the second one's has no bound in the caller's terms, so the first call is
// spawned where a run-time test finds the second one's bytes, evaluated
// from its arguments, apart from its own.
#pragma cleave region(r[0:n])
void halves(long *r, unsigned n, unsigned at) {
  if (n <= 64) {
    clear(r, n);
    return;
  }
  halves(r, at, at / 2);
  halves(r + at, n - at, (n - at) / 2);
}
// REMARK: site-facts.c:[[@LINE-3]]:3: remark: call to 'halves' runs asynchronously on the next node of the binomial tree; joined at the end of its block, line [[@LINE-1]]; a run-time test before the spawn compares its bytes with those of the call at line [[@LINE-2]], which follows it, and where they share memory that either writes it runs here
// REMARK: site-facts.c:[[@LINE-3]]:3: remark: call to 'halves' stays sequential: it is the part kept on this node

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 4096;
  long *a = malloc(n * sizeof(long)), *b = malloc(n * sizeof(long));
  long *r = malloc(2 * n * sizeof(long));
  for (int i = 0; i < n; i++) {
    a[i] = i % 10;
    b[i] = (i * 3) % 10;
  }
  karatsuba(a, b, r, n);
  long s = 0;
  for (int i = 0; i < 2 * n; i++)
    s = s * 31 + r[i];
  halves(r, 2 * n, n);
  for (int i = 0; i < 2 * n; i++)
    s += r[i];
  printf("%ld\n", s);
  free(a);
  free(b);
  free(r);
  return 0;
}
