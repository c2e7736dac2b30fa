// The character classes of ctype.h as glibc writes them, macros that read
// the C library's character tables (`(*__ctype_b_loc())[(int)(c)]`): the
// tables are constant where the program never sets the locale, so a
// function that classifies characters may run on another node (on mpi the
// other rank's tables, which hold the same "C" locale). Written three ways:
// isupper in a loop over an interval, isalpha and isdigit through a helper
// that takes one character, and isspace in a while loop over a pointer. The
// twin ctype-locale.c calls setlocale, and the calls stay sequential.
// RUN: rm -rf %t.out
// RUN: cleave parallelize %s -o %t.out 2>&1 | FileCheck --check-prefix=REMARK %s
// RUN: cleave analyze --json %s | FileCheck --check-prefix=JSON %s
// RUN: %cc -Wall -Werror %s -o %t.seq
// RUN: %cc -Wall -Werror %t.out/ctype-tables.c %t.out/cleave_stubs.c %cleave_rt -o %t.par
// RUN: %t.seq > %t.expected
// RUN: env CLEAVE_NODES=2 %t.par | diff %t.expected -
// RUN: env CLEAVE_NODES=4 CLEAVE_PASS=copy %t.par | diff %t.expected -
// RUN: %if mpi %{ env CLEAVE_TRANSPORT=mpi timeout 60 %mpirun -np 2 %t.par | diff %t.expected - %}
// JSON: "globals_read": [
// JSON-NEXT: {
// JSON-NEXT: "constant": true,
// JSON-NEXT: "name": "the C library's character tables"
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>

#define N (1 << 16)

// REMARK: ctype-tables.c:[[@LINE+4]]:14: remark: call to 'uppers' runs asynchronously
static long uppers(const char *s, int lo, int hi) {
  if (hi - lo > 4096) {
    int mid = lo + (hi - lo) / 2;
    long a = uppers(s, lo, mid);
    long b = uppers(s, mid, hi);
    return a + b;
  }
  long n = 0;
  for (int i = lo; i < hi; i++)
    n += isupper((unsigned char)s[i]) != 0;
  return n;
}

static int kind(char c) {
  return isalpha((unsigned char)c) ? 1 : isdigit((unsigned char)c) ? 2 : 0;
}

// REMARK: ctype-tables.c:[[@LINE+4]]:14: remark: call to 'kinds' runs asynchronously
static long kinds(const char *s, int lo, int hi) {
  if (hi - lo > 4096) {
    int mid = lo + (hi - lo) / 2;
    long a = kinds(s, lo, mid);
    long b = kinds(s, mid, hi);
    return a + 3 * b;
  }
  long n = 0;
  for (int i = lo; i < hi; i++)
    n = (n * 3 + kind(s[i])) % 1000003;
  return n;
}

// REMARK: ctype-tables.c:[[@LINE+3]]:14: remark: call to 'blanks' runs asynchronously
static long blanks(const char *s, int n) {
  if (n > 4096) {
    long a = blanks(s, n / 2);
    long b = blanks(s + n / 2, n - n / 2);
    return a + b;
  }
  long count = 0;
  const char *p = s, *end = s + n;
  while (p < end)
    count += isspace((unsigned char)*p++) != 0;
  return count;
}

int main(void) {
  char *s = malloc(N);
  if (!s)
    return 1;
  unsigned seed = 7;
  for (int i = 0; i < N; i++) {
    seed = seed * 1103515245u + 12345u;
    s[i] = (char)(32 + (seed >> 16) % 95);
  }
  printf("%ld upper, kinds %ld, %ld blanks\n", uppers(s, 0, N), kinds(s, 0, N), blanks(s, N));
  free(s);
  return 0;
}
