// A three-way split: the first two calls run asynchronously, the third runs
// here, and the joins come last-spawned first at the end of the block.
// RUN: rm -rf %t.out
// RUN: cleave parallelize %s -o %t.out 2>&1 | FileCheck --check-prefix=REMARK %s
// RUN: FileCheck --check-prefix=EMIT %s < %t.out/three-way.c
// RUN: %cc -Wall -Werror %s -Wno-unknown-pragmas -o %t.seq
// RUN: %cc -Wall -Werror %t.out/three-way.c %t.out/cleave_stubs.c %cleave_rt -o %t.par
// RUN: %t.seq > %t.expected
// RUN: env CLEAVE_NODES=1 %t.par | diff %t.expected -
// RUN: env CLEAVE_NODES=2 %t.par | diff %t.expected -
// RUN: env CLEAVE_NODES=3 %t.par | diff %t.expected -
// RUN: env CLEAVE_NODES=4 %t.par | diff %t.expected -
// RUN: env CLEAVE_NODES=8 %t.par | diff %t.expected -
// RUN: env CLEAVE_NODES=8 CLEAVE_PASS=copy %t.par | diff %t.expected -
// RUN: FileCheck --check-prefix=RESULT %s < %t.expected
#include <stdio.h>

// Replaces each element by the sum of itself and all before it in its third,
// recursively: a prefix sum within ever smaller thirds.
#pragma cleave region(v[0:n])
void thirds(long *v, int n) {
  if (n < 3) {
    if (n == 2)
      v[1] += v[0];
    return;
  }
  int t = n / 3;
  thirds(v, t);
  thirds(v + t, t);
  thirds(v + 2 * t, n - 2 * t);
}
// REMARK: three-way.c:[[@LINE-4]]:3: remark: call to 'thirds' runs asynchronously on the next node of the binomial tree; joined at the end of its block, line [[@LINE-1]]
// REMARK: three-way.c:[[@LINE-4]]:3: remark: call to 'thirds' runs asynchronously on the next node of the binomial tree; joined at the end of its block, line [[@LINE-2]]
// REMARK: three-way.c:[[@LINE-4]]:3: remark: call to 'thirds' stays sequential: it is the part kept on this node

// EMIT: clv_future *cleave_f1 = thirds__spawn(v, t);
// EMIT-NEXT: clv_future *cleave_f2 = thirds__spawn(v + t, t);
// EMIT-NEXT: thirds__here(v + 2 * t, n - 2 * t);
// EMIT-NEXT: thirds__join(cleave_f2);
// EMIT-NEXT: thirds__join(cleave_f1);
// EMIT-NEXT: }

int main(void) {
  enum { N = 10007 };
  static long v[N];
  for (int i = 0; i < N; i++)
    v[i] = (i * 7919L) % 1000;
  thirds(v, N);
  long check = 0;
  for (int i = 0; i < N; i++)
    check = (check * 31 + v[i]) % 1000000007L;
  printf("check %ld\n", check);
  return 0;
}
// RESULT: check {{[0-9]+}}
