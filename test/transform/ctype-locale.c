// The twin of ctype-tables.c: a program that sets the locale changes the
// character tables where it calls setlocale, and on mpi on no other rank,
// so a function that reads them stays sequential and says why.
// RUN: cleave parallelize %s --dry-run 2>&1 | FileCheck %s
// RUN: %cc -Wall -Werror %s -o %t.seq
// RUN: %t.seq | FileCheck --check-prefix=OUT %s
// OUT: 2 upper
#include <ctype.h>
#include <locale.h>
#include <stdio.h>

// CHECK: ctype-locale.c:[[@LINE+5]]:14: uppers: sequential: 'uppers' reads the C library's character tables, which the program's call of 'setlocale' or 'uselocale' changes where the call is made and on no other node
static long uppers(const char *s, int lo, int hi) {
  if (hi - lo > 1) {
    int mid = lo + (hi - lo) / 2;
    long a = uppers(s, lo, mid);
    long b = uppers(s, mid, hi);
    return a + b;
  }
  return lo < hi && isupper((unsigned char)s[lo]);
}

int main(void) {
  setlocale(LC_ALL, "C");
  printf("%ld upper\n", uppers("aBcDe", 0, 5));
  return 0;
}
