// Ranges bracketed by two pointers, and pointers that move (`p++`, `q--`,
// `low = mid + 1`), with no pragma. A pointer parameter compared with or
// subtracted from another lies within its array: its accesses count in that
// one's region, low[0:high - low + 1], and it travels as its distance from
// it. The recursive calls run asynchronously, and the output prints what the
// sequential build prints on 1 to 8 nodes, regions shared or copied (under
// AddressSanitizer, any access outside them is reported).
// RUN: rm -rf %t.out
// RUN: cleave parallelize %s -o %t.out 2>&1 | FileCheck --check-prefix=REMARK %s
// RUN: cleave analyze %s | FileCheck --check-prefix=MODEL %s
// RUN: FileCheck --check-prefix=STUB %s < %t.out/cleave_stubs.c
// RUN: %cc -Wall -Wextra -Werror %s -o %t.seq
// RUN: %cc -Wall -Wextra -Werror %t.out/pointer-ranges.c %t.out/cleave_stubs.c %cleave_rt -o %t.par
// RUN: %cc -O1 -g -fsanitize=address %t.out/pointer-ranges.c %t.out/cleave_stubs.c %runtime_threads_sources -o %t.asan
// RUN: %t.seq 30000 > %t.expected
// RUN: env CLEAVE_NODES=1 %t.par 30000 | diff %t.expected -
// RUN: env CLEAVE_NODES=2 %t.par 30000 | diff %t.expected -
// RUN: env CLEAVE_NODES=3 CLEAVE_PASS=copy %t.par 30000 | diff %t.expected -
// RUN: env CLEAVE_NODES=4 %t.par 30000 | diff %t.expected -
// RUN: env CLEAVE_NODES=7 CLEAVE_PASS=copy %t.par 30000 | diff %t.expected -
// RUN: env CLEAVE_NODES=8 CLEAVE_PASS=copy %t.asan 30000 | diff %t.expected -
// MODEL-LABEL: function below at
// MODEL:      region: sorted[0:n] (read, inferred)
// MODEL-NEXT: region: key[0:key_end - key] (read, inferred)
// MODEL-NEXT: can run on another node
// MODEL-LABEL: function copy_run at
// MODEL:      region: from[0:last - from + 1] (read, inferred)
// MODEL-NEXT: region: to[0:last - from + 1] (read-write, inferred)
// MODEL-NEXT: can run on another node
// MODEL-LABEL: function insertion_sort at
// MODEL:      region: low[0:high - low + 1] (read-write, inferred)
// MODEL-NEXT: can run on another node
// MODEL-LABEL: function lower_bound at
// MODEL:      region: low[0:end - low] (read, inferred)
// MODEL-NEXT: can run on another node
// MODEL-LABEL: function sort_blocks at
// MODEL:      region: low[0:high - low + 1] (read-write, inferred)
// MODEL-NEXT: region: tmp[0:high - low + 1] (read-write, inferred)
// MODEL-NEXT: can run on another node
// STUB:      sort_blocks__cleave(low__at - low__lo, (low__at - low__lo) + high__off, tmp__at - tmp__lo);
// STUB:      high__off = high - low;
#include <stdio.h>
#include <stdlib.h>

/* Copies *from .. *last to `to`, both moving. */
static void copy_run(const int *from, const int *last, int *to) {
  while (from <= last)
    *to++ = *from++;
}

/* Sorts *low .. *high by insertion: q walks down from p. */
static void insertion_sort(int *low, int *high) {
  for (int *p = low + 1; p <= high; p++) {
    int v = *p, *q;
    for (q = p; q > low && q[-1] > v; q--)
      *q = q[-1];
    *q = v;
  }
}

/* The number of elements of low[0] .. end[-1] (sorted) less than key: low
   and end move toward each other. */
static long lower_bound(const int *low, const int *end, int key) {
  const int *first = low;
  while (low < end) {
    const int *mid = low + (end - low) / 2;
    if (*mid < key)
      low = mid + 1;
    else
      end = mid;
  }
  return low - first;
}

// REMARK: pointer-ranges.c:[[@LINE+13]]:3: remark: call to 'sort_blocks' runs asynchronously on the next node of the binomial tree; joined at the end of its block, line [[@LINE+15]]
// REMARK: pointer-ranges.c:[[@LINE+13]]:3: remark: call to 'sort_blocks' stays sequential: it is the part kept on this node
/* Sorts each block of at most 2000 elements of *low .. *high, through the
   scratch space tmp[0] .. of the same length: each block is sorted there,
   and copied back. */
static void sort_blocks(int *low, int *high, int *tmp) {
  if (high - low < 2000) {
    copy_run(low, high, tmp);
    insertion_sort(tmp, tmp + (high - low));
    copy_run(tmp, tmp + (high - low), low);
    return;
  }
  int *mid = low + (high - low) / 2;
  sort_blocks(low, mid, tmp);
  sort_blocks(mid + 1, high, tmp + (mid + 1 - low));
}

// REMARK: pointer-ranges.c:[[@LINE+11]]:12: remark: call to 'below' runs asynchronously on the next node of the binomial tree; joined before line [[@LINE+13]]
/* How many of the elements of sorted[0 .. n - 1] lie below each of the keys
   key[0] .. key_end[-1], summed. */
static long below(const int *sorted, int n, const int *key, const int *key_end) {
  if (key_end - key <= 4) {
    long s = 0;
    for (const int *k = key; k < key_end; k++)
      s += lower_bound(sorted, sorted + n, *k);
    return s;
  }
  const int *half = key + (key_end - key) / 2;
  long a = below(sorted, n, key, half);
  long b = below(sorted, n, half, key_end);
  return a + b;
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 30000;
  if (n < 2)
    return 2;
  int *x = malloc(n * sizeof *x), *tmp = malloc(n * sizeof *tmp);
  if (!x || !tmp)
    return 1;
  for (int i = 0; i < n; i++)
    x[i] = (int)((i * 7919L) % n);
  sort_blocks(x, x + n - 1, tmp);
  long c = 0;
  for (int i = 0; i < n; i++)
    c = c * 31 + x[i];
  int keys[64];
  for (int i = 0; i < 64; i++)
    keys[i] = i * (n / 64);
  printf("%ld %d %d %ld\n", c, x[0], x[n - 1], below(x, 2000, keys, keys + 64));
  free(x);
  free(tmp);
  return 0;
}
