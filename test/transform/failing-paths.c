// Statements that end the program as a failure (a message to stderr and
// exit with a nonzero status, a failed assert, a helper that does so) keep no
// call home: the node that fails ends the whole program with the same
// message and status. Allocating and freeing its own buffer keeps none
// either. exit(0), or a message followed by a return, is I/O as before.
// RUN: rm -rf %t.out
// RUN: cleave parallelize %s -o %t.out 2>&1 | FileCheck --check-prefix=REMARK %s
// RUN: cleave analyze %s | FileCheck --check-prefix=MODEL %s
// RUN: %cc -Wall -Werror %s -o %t.seq
// RUN: %cc -Wall -Werror %t.out/failing-paths.c %t.out/cleave_stubs.c %cleave_rt -o %t.par
// RUN: %t.seq 100000 -1 > %t.expected
// RUN: env CLEAVE_NODES=2 %t.par 100000 -1 | diff %t.expected -
// RUN: env CLEAVE_NODES=4 CLEAVE_PASS=copy %t.par 100000 -1 | diff %t.expected -
// RUN: not %t.seq 100000 70000 > %t.seq.out 2> %t.seq.err
// RUN: not env CLEAVE_NODES=4 %t.par 100000 70000 > %t.par.out 2> %t.par.err
// RUN: diff %t.seq.err %t.par.err
// RUN: FileCheck --check-prefix=ERR %s < %t.par.err
// RUN: not env CLEAVE_NODES=4 CLEAVE_PASS=copy %t.par 100000 70000 2>&1 | FileCheck --check-prefix=ERR %s
// RUN: not --crash env CLEAVE_NODES=4 %t.par 100000 70000 big 2>&1 | FileCheck --check-prefix=ASSERT %s
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>

static void die(const char *what, int at) {
  fprintf(stderr, "sum: %s at %d\n", what, at);
  exit(3);
}

// A copy of its part, in a buffer it allocates and frees; a negative value
// ends the program, a value of a million or more fails an assert.
static long total(const int *a, int lo, int hi) {
  if (hi - lo <= 1000) {
    int *copy = malloc((hi - lo) * sizeof *copy);
    if (!copy) {
      fprintf(stderr, "sum: out of memory\n");
      exit(EXIT_FAILURE);
    }
    long s = 0;
    for (int i = lo; i < hi; i++) {
      if (a[i] < 0)
        die("negative value", i);
      assert(a[i] < 1000000);
      copy[i - lo] = a[i];
    }
    for (int i = 0; i < hi - lo; i++)
      s += copy[i];
    free(copy);
    return s;
  }
  int mid = lo + (hi - lo) / 2;
  long x = total(a, lo, mid);
  long y = total(a, mid, hi);
  return x + y;
}

// exit(0) ends the program as a success: it stays I/O.
static long quiet(const int *a, int lo, int hi) {
  if (hi - lo <= 1000) {
    long s = 0;
    for (int i = lo; i < hi; i++) {
      if (a[i] < 0) {
        puts("done");
        exit(0);
      }
      s += a[i];
    }
    return s;
  }
  int mid = lo + (hi - lo) / 2;
  long x = quiet(a, lo, mid);
  long y = quiet(a, mid, hi);
  return x + y;
}

// A message followed by a return: the program goes on.
static long warn(const int *a, int lo, int hi) {
  if (hi - lo <= 1000) {
    long s = 0;
    for (int i = lo; i < hi; i++) {
      if (a[i] < 0) {
        fprintf(stderr, "negative\n");
        return 0;
      }
      s += a[i];
    }
    return s;
  }
  int mid = lo + (hi - lo) / 2;
  long x = warn(a, lo, mid);
  long y = warn(a, mid, hi);
  return x + y;
}

// Freeing memory it was given.
static void release(int *a, int lo, int hi) {
  if (hi - lo <= 1)
    return;
  int mid = lo + (hi - lo) / 2;
  release(a, lo, mid);
  release(a, mid, hi);
  free(a);
}

int main(int argc, char **argv) {
  int n = atoi(argv[1]), bad = atoi(argv[2]);
  int *a = malloc(n * sizeof *a);
  for (int i = 0; i < n; i++)
    a[i] = i % 1000;
  if (bad >= 0)
    a[bad] = argc > 3 ? 5000000 : -1;
  printf("%ld\n", total(a, 0, n));
  fflush(stdout);
  if (bad < 0)
    printf("%ld %ld\n", quiet(a, 0, n), warn(a, 0, n));
  if (n < 0)
    release(a, 0, n);
  free(a);
  return 0;
}

// REMARK: failing-paths.c:51:12: remark: call to 'total' runs asynchronously
// REMARK: failing-paths.c:70:12: remark: call to 'quiet' stays sequential: 'quiet' does I/O through 'exit' (process), which stays on the node that owns it{{$}}
// REMARK: failing-paths.c:89:12: remark: call to 'warn' stays sequential: 'warn' does I/O through 'fprintf' (files), which stays on the node that owns it{{$}}
// REMARK: failing-paths.c:99:3: remark: call to 'release' stays sequential: 'release' frees memory it did not allocate, with 'free', which only the node that allocated it may do{{$}}

// MODEL-LABEL: function die at
// MODEL-NOT:     I/O
// MODEL-LABEL: function main at
// MODEL-LABEL: function total at
// MODEL:         can run on another node
// MODEL-NOT:     I/O
// MODEL-LABEL: function warn at

// ERR: sum: negative value at 70000
// ASSERT: Assertion `a[i] < 1000000' failed.
