// A function that starts by swapping its parameters under a condition
// (cilksort's merge: `if (high1 - low1 < high2 - low2) { swap the runs }`)
// is read as one whose first statement calls it again with them swapped:
// what it does after the swap is then what it does to the runs as passed,
// and their regions are found as for any parameter. The rest runs where the
// condition fails, which holds of the swapped runs wherever the condition
// held of the runs passed; or where nothing is taken from the condition
// (`if (flag)`: the copy then reads and writes both arrays). A swap under a
// condition whose failing the rest takes in, and the swap does not make
// hold (`if (n > 0)`, then a loop to n), is an assignment like any other.
// A parameter given another's value and then compared with a third says
// nothing of where the third points: clear_between's b is not within a's
// array.
//
// Runs as pointer pairs may be empty (`high == low - 1`): in cilksort that
// fact on entry needs itself, for the runs merge's self-calls pass end at
// what lower_bound returns, which stays within its run only if that run is
// one. Such facts are assumed while the functions are summarized, and kept
// only where every call gives them back.
//
// The swap may be written with a macro that opens a block of its own with
// its temporary (`#define SWAP(a, b) { int *t; t = a; a = b; b = t; }`,
// used as a statement, `SWAP(low1, low2);`, so an empty statement follows
// the block), or with comma operators (`t = a, a = b, b = t;`): the blocks
// are opened, the empty statements dropped and the commas read in order.
// RUN: cleave analyze %s | FileCheck %s
// RUN: cleave analyze %examples/cilksort/cilksort.c | FileCheck --check-prefix=CILK %s

// CHECK-LABEL: function add_runs_comma at
// CHECK-NEXT:   signature: void add_runs_comma(int *low1, int *high1, int *low2, int *high2, int *dest)
// CHECK-NEXT:   defined, static
// CHECK-NEXT:   region: low1[0:high1 - low1 + 1] (read, inferred)
// CHECK-NEXT:   region: low2[0:high2 - low2 + 1] (read, inferred)
// CHECK-NEXT:   region: dest[
// CHECK-SAME:   (read-write, inferred)
// CHECK-NEXT:   can run on another node
// CHECK-LABEL: function add_runs_macro at
// CHECK-NEXT:   signature: void add_runs_macro(int *low1, int *high1, int *low2, int *high2, int *dest)
// CHECK-NEXT:   defined, static
// CHECK-NEXT:   region: low1[0:high1 - low1 + 1] (read, inferred)
// CHECK-NEXT:   region: low2[0:high2 - low2 + 1] (read, inferred)
// CHECK-NEXT:   region: dest[
// CHECK-SAME:   (read-write, inferred)
// CHECK-NEXT:   can run on another node
// CHECK-LABEL: function clear_between at
// CHECK-NEXT:   signature: void clear_between(int *a, int *b, int *c)
// CHECK-NEXT:   defined, static
// CHECK-NEXT:   region: b[0:1] (read-write, inferred)
// CHECK-NEXT:   stays local: writes memory it cannot name, through 'a', which may point into different objects (it is given 'c' at line {{[0-9]+}})
// CHECK-NEXT:   stays local: has pointer parameter 'a' without a region (it is given 'c' at line {{[0-9]+}}
// CHECK-LABEL: function copy_first at
// CHECK:        stays local: has pointer parameter 'from' without a region (it is given 'to' at line {{[0-9]+}}
// CHECK-LABEL: function copy_flagged at
// CHECK-NEXT:   signature: void copy_flagged(int flag, int n, int *from, int *to)
// CHECK-NEXT:   defined, static
// CHECK-NEXT:   region: from[0:n] (read-write, inferred)
// CHECK-NEXT:   region: to[0:n] (read-write, inferred)

// CILK-LABEL: function lower_bound at
// CILK:         region: low[0:high - low + 1] (read, inferred)
// CILK-LABEL: function merge at
// CILK-NEXT:    signature: void merge(int *low1, int *high1, int *low2, int *high2, int *dest)
// CILK-NEXT:    defined, static, recursive
// CILK-NEXT:    region: low1[0:high1 - low1 + 1] (read, inferred)
// CILK-NEXT:    region: low2[0:high2 - low2 + 1] (read, inferred)
// CILK-NEXT:    region: dest[0:high1 + high2 - low1 - low2 + 2] (read-write, inferred)
// CILK-NEXT:    can run on another node
// CILK-LABEL: function merge_loop at
// CILK-NEXT:    signature: void merge_loop(int *low1, int *high1, int *low2, int *high2, int *dest)
// CILK-NEXT:    defined, static
// CILK-NEXT:    region: low1[0:high1 - low1 + 1] (read, inferred)
// CILK-NEXT:    region: low2[0:high2 - low2 + 1] (read, inferred)
// CILK-NEXT:    region: dest[0:high1 + high2 - low1 - low2 + 2] (read-write, inferred)
// CILK-NEXT:    can run on another node

#include <stdio.h>

#define SWAP(a, b) { int *t; t = a; a = b; b = t; }

/* Copies the longer of two runs to dest, the shorter after it. */
static void add_runs_macro(int *low1, int *high1, int *low2, int *high2, int *dest) {
  if (high1 - low1 < high2 - low2) {
    SWAP(low1, low2);
    SWAP(high1, high2);
  }
  while (low1 <= high1)
    *dest++ = *low1++;
  while (low2 <= high2)
    *dest++ = *low2++;
}

/* The same, swapped with comma operators. */
static void add_runs_comma(int *low1, int *high1, int *low2, int *high2, int *dest) {
  int *t;
  if (high1 - low1 < high2 - low2)
    t = low1, low1 = low2, low2 = t, t = high1, high1 = high2, high2 = t;
  while (low1 <= high1)
    *dest++ = *low1++;
  while (low2 <= high2)
    *dest++ = *low2++;
}

/* Clears c[0] .. b[-1] and sets *b. */
static void clear_between(int *a, int *b, int *c) {
  a = c;
  while (a < b)
    *a++ = 0;
  b[0] = 1;
}

/* Copies from[0:n] to to[0:n], or the other way where n > 0. */
static void copy_first(int n, int *from, int *to) {
  if (n > 0) {
    int *t = from;
    from = to;
    to = t;
  }
  for (int i = 0; i < n; i++)
    to[i] = from[i];
}

/* Copies from[0:n] to to[0:n], or the other way where flag is set. */
static void copy_flagged(int flag, int n, int *from, int *to) {
  if (flag) {
    int *t = from;
    from = to;
    to = t;
  }
  for (int i = 0; i < n; i++)
    to[i] = from[i];
}

int main(void) {
  int a[40], b[40];
  for (int i = 0; i < 40; i++)
    a[i] = 3 * i;
  copy_flagged(0, 40, a, b);
  copy_first(40, a, b);
  clear_between(a, b + 30, b + 20);
  add_runs_macro(a, a + 9, a + 10, a + 29, b);
  add_runs_comma(a + 10, a + 29, a, a + 9, b + 20);
  for (int i = 0; i < 40; i++)
    printf("%d ", b[i]);
  printf("\n");
  return 0;
}
