/* OpenMP-tasks reference version of examples/fib/fib.c: same arguments, same
   output. Build: gcc -O2 -fopenmp fib.c

   Computes the N-th Fibonacci number (fib(0) = 0, fib(1) = 1) by the doubly
   recursive definition, and checks it against a loop.

   usage: fib [N [CUTOFF]]   (defaults: N = 30, CUTOFF = 12; 0 <= N <= 90)

   Below CUTOFF the recursion stops splitting and a loop finishes the job: the
   classic sequential cutoff of a divide-and-conquer program. The first of the
   two recursive calls is a task while n >= TASK_N; below that, the plain
   recursion. */
#include <stdio.h>
#include <stdlib.h>

enum { TASK_N = 25 }; /* no tasks for fib(n) with n below this */

/* fib(n) by iteration, for the small cases below the cutoff. */
static long long fib_loop(int n) {
  long long prev = 0, cur = 1;
  if (n == 0)
    return 0;
  for (int i = 1; i < n; i++) {
    long long next = prev + cur;
    prev = cur;
    cur = next;
  }
  return cur;
}

/* fib(n) by recursion down to the cutoff. */
static long long fib(int n, int cutoff) {
  if (n < cutoff || n < 2)
    return fib_loop(n);
  return fib(n - 1, cutoff) + fib(n - 2, cutoff);
}

/* fib(n) with the first recursive call a task, down to TASK_N. */
static long long fib_tasks(int n, int cutoff) {
  if (n < TASK_N || n < cutoff || n < 2)
    return fib(n, cutoff);
  long long x, y;
#pragma omp task shared(x)
  x = fib_tasks(n - 1, cutoff);
  y = fib_tasks(n - 2, cutoff);
#pragma omp taskwait
  return x + y;
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 30;
  int cutoff = argc > 2 ? atoi(argv[2]) : 12;
  if (n < 0 || n > 90 || cutoff < 0) {
    fprintf(stderr, "usage: fib [N [CUTOFF]] with 0 <= N <= 90 and CUTOFF >= 0\n");
    return 2;
  }
  long long f;
#pragma omp parallel
#pragma omp single
  f = fib_tasks(n, cutoff);
  long long check = fib_loop(n);
  printf("fib(%d) = %lld\n", n, f);
  printf("loop gives %lld: %s\n", check, f == check ? "same" : "DIFFERENT");
  return f == check ? 0 : 1;
}
