#include <limits.h>
#include <stdio.h>
#include "common.h"

/* 0 with -fwrapv; an optimizer may fold it to 1 without. */
static int grows(int x) { return x + 1 > x; }

static long fib(int n) {
  if (n < 2)
    return n;
  long a = fib(n - 1);
  long b = fib(n - 2);
  return a + b;
}

int main(void) {
  volatile int big = INT_MAX;
  volatile int wide = 200;
  char c = (char)wide;
  count_up(3);
  count_up(4);
  printf("%s %d\n", GREETING, SCALE);
  printf("grows %d, char negative %d, count %d, twice %ld, fib %ld\n", grows(big), c < 0,
         shared_count, lib_twice(21), fib(24));
  return 0;
}
