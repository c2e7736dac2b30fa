// `#pragma cleave nospawn` before a call keeps it here; `#pragma cleave
// spawn` spawns a call the analysis finds safe but too small to pay for a
// message, untested, and is refused with the reason where the call is not
// safe. The output prints what the sequential build prints.
// RUN: rm -rf %t.out
// RUN: cleave parallelize %s -o %t.out 2>&1 | FileCheck --check-prefix=REMARK %s
// RUN: %cc -Wall -Wextra -Werror -Wno-unknown-pragmas %s -o %t.seq
// RUN: %cc -Wall -Wextra -Werror %t.out/spawn-pragmas.c %t.out/cleave_stubs.c %cleave_rt -o %t.par
// RUN: %t.seq > %t.expected
// RUN: env CLEAVE_NODES=3 %t.par | diff %t.expected -
// RUN: sh -c 'cleave parallelize %S/Inputs/spawn-unsafe.c -o %t.bad; echo "status $?"' 2>&1 | FileCheck --check-prefix=UNSAFE %s
// RUN: not ls %t.bad
#include <stdio.h>

static long sum(const int *a, int n) {
  long s = 0;
  int i;
  if (n <= 1000) {
    for (i = 0; i < n; i++)
      s += a[i];
    return s;
  }
  // REMARK: spawn-pragmas.c:[[@LINE+2]]:10: remark: call to 'sum' stays sequential: '#pragma cleave nospawn' at line [[@LINE+1]] keeps it here
#pragma cleave nospawn
  return sum(a, n / 2) + sum(a + n / 2, n - n / 2);
}

static double half(double x) { return x / 2 + 1; }

static int a[100000];

int main(void) {
  int i;
  double halves = 0;
  for (i = 0; i < 100000; i++)
    a[i] = i % 7;
  for (i = 0; i < 10; i++)
    // REMARK: spawn-pragmas.c:[[@LINE+2]]:15: remark: call to 'half' runs asynchronously
#pragma cleave spawn
    halves += half(i);
  printf("%ld %g\n", sum(a, 100000), halves);
  return 0;
}
// UNSAFE: spawn-unsafe.c:15:16: error: '#pragma cleave nospawn' must stand right before a line that calls a function of the program
// UNSAFE: spawn-unsafe.c:10:3: error: '#pragma cleave spawn' at line 9 cannot spawn this call to 'count': the next statement may touch what it reads or writes (its call of 'count' at line 11: global 'calls' is written by both)
// UNSAFE: status 1
