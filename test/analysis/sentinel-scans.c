// A Hoare partition's scans (`do i++; while (*i < pivot);`) compare no
// pointer: each stops at a cell whose value ends it. The median of three
// leaves `*low <= pivot <= *high`, and the swaps of the partition never
// touch those two cells, so the scans stop at `high` and `low` at the
// latest: on the edge that goes on scanning, `*i < pivot <= *high` tells `i`
// from `high`, and with `i <= high` gives `i < high`. The facts of the
// cells are followed through the control-flow graph: a store through
// memory, or a call that may make one, forgets them; an exchange of two
// cells (swap_ints) exchanges theirs, and keeps a third's only where the
// states show its address differs from both (the partition's swaps do not
// touch `*low` and `*high`, but may touch `*mid`). cilksort's quick_sort is
// checked as it is; sort_down is the same with the order turned, cells read
// as `p[0]`, and recursion on the left only, so that `last` never moves and
// `m`, half way to it, has no affine least or greatest value: looser bounds
// (`last - first - 4`) stand for them.
//
// Without the median of three nothing stops the scans (unguarded), nor
// where a store may overwrite the sentinel (overwritten), nor where the
// swap may exchange it (swapped_anywhere): those stay unbounded, and the
// remark names the scan.
// RUN: cleave analyze %s | FileCheck %s
// RUN: cleave analyze %examples/cilksort/cilksort.c | FileCheck --check-prefix=QUICK %s
// RUN: cleave parallelize %examples/cilksort/cilksort.c -o %t.out 2>&1 | FileCheck --check-prefix=CILK %s
// RUN: cleave parallelize %s -o %t.self 2>&1 | FileCheck --check-prefix=SELF %s

static void swap_ints(int *x, int *y) {
  int t = *x;
  *x = *y;
  *y = t;
}

// CHECK-LABEL: function overwritten at
// CHECK:         stays local: has pointer parameter 'low' without a region (the index at line [[@LINE+11]] depends on 'i', which moves at line [[@LINE+9]] until a value it reads stops it: nothing bounds it
static void overwritten(int *low, int *high, int *out) {
  if (high - low < 2)
    return;
  if (*high < *low)
    swap_ints(high, low);
  int pivot = *low;
  *out = 0; /* out may be high */
  int *i = low;
  do
    i++;
  while (*i < pivot);
  *i = pivot;
}

// The scans step their pointers in their conditions (`*++i < v`), as
// Sedgewick writes them; the pivot stays at `*m`, and `*hi`, which the
// downward scan never reaches (`j = hi` before `*--j`), stays at least v.
// The second self-call passes `j + 1`, a local pointer that moved: its
// region is at that pointer's offset from `lo` where the call is made.
// CHECK-LABEL: function pre_stepped at
// CHECK:         region: lo[0:hi - lo + 1] (read-write, inferred)
static void pre_stepped(int *lo, int *hi) {
  if (hi - lo > 10) {
    int *m = lo + (hi - lo) / 2;
    if (*m < *lo)
      swap_ints(m, lo);
    if (*hi < *lo)
      swap_ints(hi, lo);
    if (*hi < *m)
      swap_ints(hi, m);
    int v = *m;
    int *i = lo, *j = hi;
    for (;;) {
      while (*++i < v)
        ;
      while (v < *--j)
        ;
      if (i >= j)
        break;
      swap_ints(i, j);
    }
    // SELF: sentinel-scans.c:[[@LINE+1]]:5: remark: call to 'pre_stepped' runs asynchronously
    pre_stepped(lo, j);
    // SELF: sentinel-scans.c:[[@LINE+1]]:5: remark: call to 'pre_stepped' stays sequential: it is the part kept on this node
    pre_stepped(j + 1, hi);
    return;
  }
  for (int *p = lo + 1; p <= hi; p++)
    for (int *q = p; q > lo && q[-1] > *q; q--)
      swap_ints(q - 1, q);
}

// CHECK-LABEL: function sort_down at
// CHECK-NEXT:    signature: void sort_down(int *first, int *last)
// CHECK-NEXT:    defined, static, recursive
// CHECK-NEXT:    region: first[0:last - first + 1] (read-write, inferred)
static void sort_down(int *first, int *last) {
  while (last - first > 8) {
    int *m = first + (last - first) / 2;
    if (m[0] > first[0])
      swap_ints(m, first);
    if (last[0] > first[0])
      swap_ints(last, first);
    if (last[0] > m[0])
      swap_ints(last, m);
    int v = m[0]; /* first[0] >= v >= last[0] */
    int *a = first, *b = last;
    while (1) {
      do
        a++;
      while (a[0] > v);
      do
        b--;
      while (b[0] < v);
      if (a >= b)
        break;
      swap_ints(a, b);
    }
    sort_down(first, b);
    first = b + 1;
  }
  for (int *p = first + 1; p <= last; p++)
    for (int *q = p; q > first && q[-1] < q[0]; q--)
      swap_ints(q - 1, q);
}

// CHECK-LABEL: function swapped_anywhere at
// CHECK:         stays local: has pointer parameter 'low' without a region (the index at line [[@LINE+11]] depends on 'i', which moves at line [[@LINE+9]] until a value it reads stops it: nothing bounds it
static void swapped_anywhere(int *low, int *high, int *k) {
  if (high - low < 2)
    return;
  if (*high < *low)
    swap_ints(high, low);
  int pivot = *low;
  swap_ints(low + 1, k); /* k may be high: it may move the sentinel */
  int *i = low;
  do
    i++;
  while (*i < pivot);
  *i = pivot;
}

// CHECK-LABEL: function unguarded at
// CHECK:         stays local: has pointer parameter 'low' without a region (the index at line [[@LINE+6]] depends on 'i', which moves at line [[@LINE+4]] until a value it reads stops it: nothing bounds it
static void unguarded(int *low, int *high) {
  int pivot = *high;
  int *i = low;
  do
    i++;
  while (*i < pivot);
  *i = 0;
}

// QUICK-LABEL: function quick_sort at
// QUICK-NEXT:    signature: void quick_sort(int *low, int *high)
// QUICK-NEXT:    defined, static, recursive
// QUICK-NEXT:    region: low[0:high - low + 1] (read-write, inferred)

// CILK: cilksort.c:69:7: remark: call to 'quick_sort' stays sequential: the next statement changes 'low', in which its regions are written
// CILK: cilksort.c:144:3: remark: call to 'sort' runs asynchronously
// CILK: cilksort.c:145:3: remark: call to 'sort' runs asynchronously
// CILK: cilksort.c:146:3: remark: call to 'sort' runs asynchronously
// CILK: cilksort.c:147:3: remark: call to 'sort' runs asynchronously
// CILK: cilksort.c:149:3: remark: call to 'merge' runs asynchronously
// CILK: cilksort.c:150:3: remark: call to 'merge' stays sequential: it is the part kept on this node
