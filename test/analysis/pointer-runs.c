// Runs given as pointers to their first and last elements, as Cilk-5 style
// code passes them, written four ways:
//
// - split_shift, split_halve, split_macro: a binary search whose loop runs
//   while `low != high`. Where the loop is not entered the two are equal,
//   and its first turn subtracts them (`high - low + 1`), so they point into
//   one array either way; every call gives `high - low >= 0`, under which
//   the loop keeps `low <= high` and `mid` between them, whether the
//   midpoint is a shift of the difference (`>> 1`, a quotient of a value the
//   states show is not negative), a quotient in a `for` loop, or a macro's.
// - merge_tail: a merge that moves both run pointers, then copies what is
//   left of one run with memcpy from where its pointer stands to the run's
//   end (`sizeof(long) * (high2 - low2 + 1)`).
// - cat: two runs copied one after the other by loops that move the run
//   pointers and the destination together; its calls pass runs of an array
//   of main's own (`cat(a, a + 9, a + 10, a + 29, b)`), which show the
//   facts the loops need (`high1 - low1 >= -1`).
//
// reset_first's loop on `a != b` sets `b` before it subtracts: its first
// turn says nothing of the pointers it was passed, and they stay apart.
// RUN: cleave analyze %s | FileCheck %s
// RUN: %cc -Wall -Wextra -Werror %s -o %t && %t | FileCheck --check-prefix=OUT %s

// CHECK-LABEL: function cat at
// CHECK:         region: low1[0:high1 - low1 + 1] (read, inferred)
// CHECK-NEXT:    region: low2[0:high2 - low2 + 1] (read, inferred)
// CHECK-NEXT:    region: dest[0:high1 + high2 - low1 - low2 + 2] (read-write, inferred)
// CHECK-LABEL: function merge_tail at
// CHECK:         region: low1[0:high1 - low1 + 1] (read, inferred)
// CHECK-NEXT:    region: low2[0:high2 - low2 + 1] (read, inferred)
// CHECK-NEXT:    region: dest[0:high1 + high2 - low1 - low2 + 2] (read-write, inferred)
// CHECK-LABEL: function reset_first at
// CHECK-NOT:     region:
// CHECK:         stays local: reads memory it cannot name, through 'b', which may point into different objects
// CHECK-LABEL: function split_halve at
// CHECK:         region: low[0:high - low + 1] (read, inferred)
// CHECK-LABEL: function split_macro at
// CHECK:         region: low[0:high - low + 1] (read, inferred)
// CHECK-LABEL: function split_shift at
// CHECK:         region: low[0:high - low + 1] (read, inferred)

// OUT: 5 5 5 0
// OUT-NEXT: 0 1 3 3 4 4 6 6 7 7 9 9 10 12 13
// OUT-NEXT: 0 3 6 9 12 15 18 21 24 27 30 33 36

#include <stdio.h>
#include <string.h>

/* The last element of *low .. *high not greater than val, or low - 1. */
static long *split_shift(long val, long *low, long *high) {
  long *mid;
  while (low != high) {
    mid = low + ((high - low + 1) >> 1);
    if (val < *mid)
      high = mid - 1;
    else
      low = mid;
  }
  if (*low > val)
    return low - 1;
  return low;
}

static long *split_halve(long val, long *low, long *high) {
  for (; low != high;) {
    long *mid = low + (high - low + 1) / 2;
    if (val < *mid)
      high = mid - 1;
    else
      low = mid;
  }
  return *low > val ? low - 1 : low;
}

#define MIDDLE(lo, hi) ((lo) + (((hi) - (lo) + 1) >> 1))

static long *split_macro(long val, long *low, long *high) {
  long *mid;
  while (low != high) {
    mid = MIDDLE(low, high);
    if (val < *mid)
      high = mid - 1;
    else
      low = mid;
  }
  if (*low > val)
    return low - 1;
  return low;
}

/* Merges the sorted runs *low1 .. *high1 and *low2 .. *high2 into dest. */
static void merge_tail(long *low1, long *high1, long *low2, long *high2, long *dest) {
  while (low1 <= high1 && low2 <= high2)
    *dest++ = *low2 < *low1 ? *low2++ : *low1++;
  if (low1 > high1)
    memcpy(dest, low2, sizeof(long) * (high2 - low2 + 1));
  else
    memcpy(dest, low1, sizeof(long) * (high1 - low1 + 1));
}

static void cat(int *low1, int *high1, int *low2, int *high2, int *dest) {
  while (low1 <= high1)
    *dest++ = *low1++;
  while (low2 <= high2)
    *dest++ = *low2++;
}

/* The distance from a to the first positive element from c on. */
static long reset_first(long *a, long *b, long *c) {
  long n = 0;
  while (a != b) {
    b = c;
    n = b - a;
    if (*b > 0)
      break;
    c++;
  }
  return n;
}

int main(void) {
  long v[12], w[15];
  for (int i = 0; i < 12; i++)
    v[i] = 3 * i / 2;
  long *s = split_shift(7, v, v + 11), *h = split_halve(7, v, v + 11);
  long *m = split_macro(7, v, v + 11), *first = split_shift(0, v, v + 11);
  printf("%ld %ld %ld %ld\n", (long)(s - v), (long)(h - v), (long)(m - v), (long)(first - v));
  merge_tail(v, v + 9, v + 2, v + 6, w);
  for (int i = 0; i < 15; i++)
    printf("%ld%s", w[i], i < 14 ? " " : "\n");
  int a[40], b[40];
  for (int i = 0; i < 40; i++)
    a[i] = 3 * i;
  cat(a, a + 9, a + 10, a + 12, b);
  for (int i = 0; i < 13; i++)
    printf("%d%s", b[i], i < 12 ? " " : "\n");
  return reset_first(v, v + 11, v + 3) == 3 ? 0 : 1;
}
