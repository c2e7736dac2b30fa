// Scans stopped by a value, on indices: the textbook partition on an array
// and two indices (`while (a[++i] < v) ;`). The cells are `a[i]`, `a[hi]`,
// `a[hi - 1]`: an array variable and an integer variable plus a constant.
// Two cells of one array whose values differ have different indices, so
// `a[i] < v == a[hi]` on the edge that goes on scanning gives `i != hi`,
// which with `i <= hi` gives `i < hi`. The condition steps its index
// (`++i`) before it compares, as the control-flow graph has it.
//
// The exchange may be a macro that stores through the array (`t = a[i];
// a[i] = a[j]; a[j] = t;`) or a function of the array and two indices:
// each store forgets the cells whose indices may equal the one written,
// and keeps the others' facts. That the sentinel's index differs from the
// ones written is assumed, then checked against the states where the
// store is made (`i < j <= hi - 1` at the exchange).
//
// split has the sentinel `a[hi]`, and its downward scan is guarded by
// `j == lo`; median keeps `a[hi - 1]` as the pivot, parked there by an
// exchange function. Where a store may overwrite the sentinel (clobbered)
// or nothing stops the scan (no_sentinel), the scan stays unbounded and
// the remark names it.
// RUN: cleave analyze %s | FileCheck %s
// RUN: cleave parallelize %s -o %t.out 2>&1 | FileCheck --check-prefix=REMARK %s

#define LESS(x, y) ((x) < (y))
#define EXCH(x, y) \
  do { \
    int t_ = (x); \
    (x) = (y); \
    (y) = t_; \
  } while (0)

// CHECK-LABEL: function clobbered at
// CHECK:         stays local: has pointer parameter 'a' without a region (the index at line [[@LINE+7]] depends on 'i', which moves at line [[@LINE+7]] until a value it reads stops it: nothing bounds it
static int clobbered(int *a, int lo, int hi, int k) {
  if (hi <= lo)
    return lo;
  int v = a[hi];
  a[k] = v - 1; /* k may be hi */
  int i = lo - 1;
  while (a[++i] < v)
    ;
  return i;
}

static void exchange(int *a, int i, int j) {
  int t = a[i];
  a[i] = a[j];
  a[j] = t;
}

// CHECK-LABEL: function median at
// CHECK:         reads a[lo:hi + 1]
// CHECK-NEXT:    writes a[lo:hi + 1]
static int median(int *a, int lo, int hi) {
  if (hi - lo < 3)
    return lo;
  int m = lo + (hi - lo) / 2;
  if (a[m] < a[lo])
    exchange(a, m, lo);
  if (a[hi] < a[lo])
    exchange(a, hi, lo);
  if (a[hi] < a[m])
    exchange(a, hi, m);
  exchange(a, m, hi - 1);
  int v = a[hi - 1];
  int i = lo, j = hi - 1;
  for (;;) {
    while (a[++i] < v)
      ;
    while (v < a[--j])
      ;
    if (i >= j)
      break;
    exchange(a, i, j);
  }
  exchange(a, i, hi - 1);
  return i;
}

// CHECK-LABEL: function no_sentinel at
// CHECK:         stays local: has pointer parameter 'a' without a region (the index at line [[@LINE+5]] depends on 'i', which moves at line [[@LINE+5]] until a value it reads stops it: nothing bounds it
static int no_sentinel(int *a, int lo, int hi, int v) {
  if (hi <= lo)
    return lo;
  int i = lo - 1;
  while (a[++i] < v)
    ;
  return i;
}

static int split(int a[], int lo, int hi);

// CHECK-LABEL: function sort at
// CHECK:         region: a[lo:hi + 1] (read-write, inferred)
void sort(int a[], int lo, int hi) {
  if (hi <= lo)
    return;
  int i = split(a, lo, hi);
  // REMARK: index-scans.c:[[@LINE+1]]:3: remark: call to 'sort' runs asynchronously
  sort(a, lo, i - 1);
  // REMARK: index-scans.c:[[@LINE+1]]:3: remark: call to 'sort' stays sequential: it is the part kept on this node
  sort(a, i + 1, hi);
}

// CHECK-LABEL: function split at
// CHECK:         reads a[lo:hi + 1]
// CHECK-NEXT:    writes a[lo:hi + 1]
static int split(int a[], int lo, int hi) {
  if (hi <= lo)
    return lo;
  int v = a[hi];
  int i = lo - 1, j = hi;
  for (;;) {
    while (LESS(a[++i], v))
      ;
    while (LESS(v, a[--j]))
      if (j == lo)
        break;
    if (i >= j)
      break;
    EXCH(a[i], a[j]);
  }
  EXCH(a[i], a[hi]);
  return i;
}

int use(int *a, int n, int k) {
  return median(a, 0, n - 1) + clobbered(a, 0, n - 1, k) + no_sentinel(a, 0, n - 1, k);
}
