// What a test sees of the program is the original's: a spawned call that
// calls exit() ends the program with its status, after what was printed
// before it and the program's atexit handlers; what main reads from stdin
// it reads as before; stdout and stderr say the same in the same order.
// RUN: rm -rf %t.out
// RUN: cleave parallelize %s -o %t.out 2>&1 | FileCheck --check-prefix=REMARK %s
// RUN: %cc -Wall -Wextra -Werror %s -o %t.seq
// RUN: %cc -Wall -Wextra -Werror %t.out/exit-deep.c %t.out/cleave_stubs.c %cleave_rt -o %t.par
// RUN: sh -c 'for stop in 0 70000 5; do %S/Inputs/numbers.sh 100000 $stop | %t.seq; echo "status $?"; done' > %t.expected 2>&1
// RUN: FileCheck --check-prefix=RESULT %s < %t.expected
// RUN: sh -c 'for stop in 0 70000 5; do %S/Inputs/numbers.sh 100000 $stop | CLEAVE_NODES=1 %t.par; echo "status $?"; done' 2>&1 | diff %t.expected -
// RUN: sh -c 'for stop in 0 70000 5; do %S/Inputs/numbers.sh 100000 $stop | CLEAVE_NODES=2 %t.par; echo "status $?"; done' 2>&1 | diff %t.expected -
// RUN: sh -c 'for stop in 0 70000 5; do %S/Inputs/numbers.sh 100000 $stop | CLEAVE_NODES=4 %t.par; echo "status $?"; done' 2>&1 | diff %t.expected -
#include <stdio.h>
#include <stdlib.h>

static void bye(void) { puts("atexit handler"); }

// REMARK: exit-deep.c:[[@LINE+14]]:10: remark: call to 'total' runs asynchronously
// A value of -1 is refused where it is met: deep in the recursion, on
// whichever node runs that part.
static long total(const int *a, int n) {
  long s = 0;
  int i;
  if (n <= 100) {
    for (i = 0; i < n; i++)
      if (a[i] < 0)
        exit(3);
      else
        s += a[i];
    return s;
  }
  return total(a, n / 2) + total(a + n / 2, n - n / 2);
}

int main(void) {
  int n, i;
  int *a;
  atexit(bye);
  if (scanf("%d", &n) != 1 || n < 1)
    return 2;
  a = malloc(n * sizeof *a);
  for (i = 0; i < n; i++)
    if (scanf("%d", &a[i]) != 1)
      return 2;
  fprintf(stderr, "read %d numbers\n", n);
  fflush(stderr);
  printf("sum %ld\n", total(a, n));
  fflush(stdout);
  fprintf(stderr, "done\n");
  free(a);
}
// RESULT: read 100000 numbers
// RESULT-NEXT: sum 4999950000
// RESULT-NEXT: done
// RESULT-NEXT: atexit handler
// RESULT-NEXT: status 0
// RESULT-NEXT: read 100000 numbers
// RESULT-NEXT: atexit handler
// RESULT-NEXT: status 3
// RESULT-NEXT: read 100000 numbers
// RESULT-NEXT: atexit handler
// RESULT-NEXT: status 3
