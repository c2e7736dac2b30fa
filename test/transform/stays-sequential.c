// Every self-call that stays sequential says why, and nothing is rewritten.
// RUN: rm -rf %t.out
// RUN: cleave parallelize %s -o %t.out 2>&1 | FileCheck %s
// RUN: FileCheck --check-prefix=EMIT %s < %t.out/stays-sequential.c
// RUN: %cc -Wall -Werror -c %t.out/stays-sequential.c -I%runtime_dir -o %t.o
#include <stdio.h>

int visits;

// CHECK: stays-sequential.c:[[@LINE+5]]:3: remark: call to 'walk' stays sequential: the next statement may touch what it reads or writes (its call of 'walk' at line [[@LINE+6]]: global 'visits' is written by both)
void walk(int depth) {
  visits++;
  if (depth == 0)
    return;
  walk(depth - 1);
  walk(depth - 1);
}

// CHECK: stays-sequential.c:[[@LINE+4]]:3: remark: call to 'show' stays sequential: 'show' does I/O through 'printf' (stdout), which stays on the node that owns it
void show(int n) {
  if (n <= 0)
    return;
  show(n / 2);
  show(n / 2);
  printf("%d\n", n);
}

// CHECK: stays-sequential.c:[[@LINE+4]]:3: remark: call to 'scale' stays sequential: 'scale' has pointer parameter 'v' without a region ({{.*}}add '#pragma cleave region(v[FIRST:END])' before the function, with the bounds of what it touches in its parameters)
void scale(double *v, int n) {
  if (n < 2)
    return;
  scale(v, n / 2);
  scale(v + n / 2, n - n / 2);
}

// The two calls work on the same elements: the second needs the first's results.
// CHECK: stays-sequential.c:[[@LINE+5]]:3: remark: call to 'twice' stays sequential: the next statement may touch what it reads or writes
#pragma cleave region(v[0:n])
void twice(int *v, int n) {
  if (n < 2)
    return;
  twice(v, n / 2);
  twice(v, n / 2);
}

// A read of the array between the calls needs the first one's results.
// CHECK: stays-sequential.c:[[@LINE+6]]:3: remark: call to 'peek' stays sequential: the next statement may touch what it reads or writes
#pragma cleave region(v[0:n])
void peek(int *v, int n) {
  if (n < 2)
    return;
  int h = n / 2;
  peek(v, h);
  v[h] += v[0];
  peek(v + h, n - h);
}

// A statement that changes a variable the regions are written in ends the
// window; here it reads memory too, so no run-time test can stand for the
// proof (test/transform/run-time-tests.c).
// CHECK: stays-sequential.c:[[@LINE+6]]:3: remark: call to 'shift' stays sequential: the next statement changes 'h', in which its regions are written
#pragma cleave region(v[0:n])
void shift(int *v, int n) {
  if (n < 2)
    return;
  int h = n / 2;
  shift(v, h);
  h = h + (v[0] & 1);
  shift(v + h, n - h);
}

// A self-call in a branch of '?:' is evaluated only when the condition
// says so: it cannot be evaluated before the rest of its statement, unless
// the '?:' is the value of a return (transform/value-calls.c).
// CHECK: stays-sequential.c:[[@LINE+1]]:38: remark: call to 'fib' stays sequential: it is an operand of '?:', which evaluates one of its branches
int fib(int n) { int r = n < 2 ? n : fib(n - 1) + fib(n - 2); return r; }
// CHECK: stays-sequential.c:[[@LINE-1]]:51: remark: call to 'fib' stays sequential: it is an operand of '?:', which evaluates one of its branches

// EMIT-NOT: {{[a-z]+}}__spawn(
// EMIT-NOT: {{[a-z]+}}__join(
