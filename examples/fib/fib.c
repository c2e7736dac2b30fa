/* Computes the N-th Fibonacci number (fib(0) = 0, fib(1) = 1) by the doubly
   recursive definition, and checks it against a loop.

   usage: fib [N [CUTOFF]]   (defaults: N = 30, CUTOFF = 12; 0 <= N <= 90)

   Below CUTOFF the recursion stops splitting and a loop finishes the job: the
   classic sequential cutoff of a divide-and-conquer program. The two recursive
   calls are independent, but each returns its result as a value that the caller
   adds up, so cleave keeps them sequential and says so. */
#include <stdio.h>
#include <stdlib.h>

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

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 30;
  int cutoff = argc > 2 ? atoi(argv[2]) : 12;
  if (n < 0 || n > 90 || cutoff < 0) {
    fprintf(stderr, "usage: fib [N [CUTOFF]] with 0 <= N <= 90 and CUTOFF >= 0\n");
    return 2;
  }
  long long f = fib(n, cutoff);
  long long check = fib_loop(n);
  printf("fib(%d) = %lld\n", n, f);
  printf("loop gives %lld: %s\n", check, f == check ? "same" : "DIFFERENT");
  return f == check ? 0 : 1;
}
