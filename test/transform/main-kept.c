// main keeps its name, its parameters (envp too) and its code: the runtime
// starts first thing in it and stops where it returns. The program's exit
// status is the original's whether main returns a value, falls off its end
// (C99's implicit 0), calls exit or calls main again, and the program's atexit
// handlers run as before.
// RUN: rm -rf %t.out
// RUN: cleave parallelize %s -o %t.out 2>&1 | FileCheck --check-prefix=REMARK %s
// RUN: FileCheck --check-prefix=EMIT %s < %t.out/main-kept.c
// RUN: %cc -Wall -Wextra -Werror %s -o %t.seq
// RUN: %cc -Wall -Wextra -Werror %t.out/main-kept.c %t.out/cleave_stubs.c %cleave_rt -o %t.par
// RUN: sh -c 'for n in 20 3 4 5; do %t.seq $n; echo "status $?"; done' > %t.expected
// RUN: FileCheck --check-prefix=RESULT %s < %t.expected
// RUN: sh -c 'for n in 20 3 4 5; do CLEAVE_NODES=1 %t.par $n; echo "status $?"; done' | diff %t.expected -
// RUN: sh -c 'for n in 20 3 4 5; do CLEAVE_NODES=2 %t.par $n; echo "status $?"; done' | diff %t.expected -
// RUN: sh -c 'for n in 20 3 4 5; do CLEAVE_NODES=4 %t.par $n; echo "status $?"; done' | diff %t.expected -
#include <stdio.h>
#include <stdlib.h>

// REMARK: main-kept.c:[[@LINE+4]]:11: remark: call to 'fib' runs asynchronously
static int fib(int n) {
  if (n < 2)
    return n;
  int x = fib(n - 1);
  int y = fib(n - 2);
  return x + y;
}

static void bye(void) { puts("the program's atexit handler ran"); }

int main(int argc, char **argv, char **envp) {
  atexit(bye);
  int n = argc > 1 ? atoi(argv[1]) : 20;
  printf("fib(%d) = %d, environment %s\n", n, fib(n), envp[0] ? "given" : "empty");
  if (n == 3)
    return 7;
  if (n == 4)
    exit(5);
  if (n == 5) {
    char *again[] = {argv[0], "6", 0};
    return main(2, again, envp) + 1;
  }
}
// EMIT: {{^}}int main(int argc, char **argv, char **envp) { cleave_start(&argc, &argv);
// EMIT: {{^}}    return cleave_end(7);
// EMIT: {{^}}    return cleave_end(main(2, again, envp) + 1);
// EMIT-NEXT: {{^}}  }
// EMIT-NEXT: {{^}}return cleave_end(0);
// EMIT-NEXT: {{^}}}

// RESULT:      fib(20) = 6765, environment given
// RESULT-NEXT: the program's atexit handler ran
// RESULT-NEXT: status 0
// RESULT-NEXT: fib(3) = 2, environment given
// RESULT-NEXT: the program's atexit handler ran
// RESULT-NEXT: status 7
// RESULT-NEXT: fib(4) = 3, environment given
// RESULT-NEXT: the program's atexit handler ran
// RESULT-NEXT: status 5
// RESULT-NEXT: fib(5) = 5, environment given
// RESULT-NEXT: fib(6) = 8, environment given
// RESULT-NEXT: the program's atexit handler ran
// RESULT-NEXT: the program's atexit handler ran
// RESULT-NEXT: status 1
