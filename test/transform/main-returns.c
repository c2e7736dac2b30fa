// main's returns, however they are written, stop the runtime and keep their
// value; the rewrite never pastes tokens together (`return(0);` must not
// become `returncleave_end((0));`).
// RUN: rm -rf %t.out
// RUN: cleave parallelize %s -o %t.out 2>&1 | FileCheck --check-prefix=REMARK %s
// RUN: FileCheck --check-prefix=EMIT %s < %t.out/main-returns.c
// RUN: %cc -Wall -Werror %s -o %t.seq
// RUN: %cc -Wall -Werror %t.out/main-returns.c %t.out/cleave_stubs.c %cleave_rt -o %t.par
// RUN: sh -c 'for n in 0 1 2 3 4 5 6 7; do %t.seq $n; echo "status $?"; done' > %t.expected
// RUN: FileCheck --check-prefix=RESULT %s < %t.expected
// RUN: sh -c 'for n in 0 1 2 3 4 5 6 7; do CLEAVE_NODES=1 %t.par $n; echo "status $?"; done' | diff %t.expected -
// RUN: sh -c 'for n in 0 1 2 3 4 5 6 7; do CLEAVE_NODES=2 %t.par $n; echo "status $?"; done' | diff %t.expected -
#include <stdio.h>
#include <stdlib.h>

#define GIVE_UP(code) return(code)
#define FAILED return-3

// REMARK: main-returns.c:[[@LINE+4]]:11: remark: call to 'fib' runs asynchronously
static int fib(int n) {
  if (n < 2)
    return n;
  int x = fib(n - 1);
  int y = fib(n - 2);
  return(x + y);
}

static int twice(int v) { return 2 * v; }

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 0;
  printf("fib(%d) = %d\n", n + 10, fib(n + 10));
  if (n == 1)
    return(1);
  if (n == 2)
    return-1;
  if (n == 3)
    return!n;
  if (n == 4)
    return(twice)(n);
  if (n == 5)
    GIVE_UP(9);
  if (n == 6)
    FAILED;
  if (n == 7)
    return~n;
  return(0);
}
// EMIT: {{^}}    return cleave_end((1));
// EMIT: {{^}}    return cleave_end(-1);
// EMIT: {{^}}    return cleave_end(!n);
// EMIT: {{^}}    return cleave_end((twice)(n));
// EMIT: {{^}}    GIVE_UP(9);
// EMIT: {{^}}    FAILED;
// EMIT: {{^}}    return cleave_end(~n);
// EMIT: {{^}}  return cleave_end((0));

// RESULT:      fib(10) = 55
// RESULT-NEXT: status 0
// RESULT-NEXT: fib(11) = 89
// RESULT-NEXT: status 1
// RESULT-NEXT: fib(12) = 144
// RESULT-NEXT: status 255
// RESULT-NEXT: fib(13) = 233
// RESULT-NEXT: status 0
// RESULT-NEXT: fib(14) = 377
// RESULT-NEXT: status 8
// RESULT-NEXT: fib(15) = 610
// RESULT-NEXT: status 9
// RESULT-NEXT: fib(16) = 987
// RESULT-NEXT: status 253
// RESULT-NEXT: fib(17) = 1597
// RESULT-NEXT: status 248
