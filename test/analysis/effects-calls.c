// Summaries composed at call sites: arguments with pointer arithmetic put in
// the callee's regions, a fixed point over recursion, a region that grows
// with each level widened to unbounded, and memory of the caller's own or of
// globals passed down.
// RUN: cleave analyze %s | FileCheck %s

int table[64];

static void zero(double *v, int n) {
  for (int i = 0; i < n; i++)
    v[i] = 0;
}

// CHECK-LABEL: function halves at
// CHECK:      writes v[0:n] (in 'zero')
void halves(double *v, int n) {
  zero(v, n / 2);
  zero(v + n / 2, n - n / 2);
}

static void merge(int *a, int *tmp, int lo, int mid, int hi) {
  for (int k = lo; k < hi; k++)
    tmp[k] = a[k];
  for (int k = lo; k < hi; k++)
    a[k] = tmp[k];
}

// The halves meet at mid: their regions join into a[lo:hi].
// CHECK-LABEL: function msort at
// CHECK:      reads a[lo:hi]
// CHECK-NEXT: writes a[lo:hi]
// CHECK-NEXT: reads tmp[lo:hi]
// CHECK-NEXT: writes tmp[lo:hi]
void msort(int *a, int *tmp, int lo, int hi) {
  if (hi - lo < 2)
    return;
  int mid = lo + (hi - lo) / 2;
  msort(a, tmp, lo, mid);
  msort(a, tmp, mid, hi);
  merge(a, tmp, lo, mid, hi);
}

// Each level goes one element further: no fixed point, but the guess a[i:n]
// holds over the recursion (a[i] at i < n, and a[i + 1:n] passed there).
// CHECK-LABEL: function onward at
// CHECK:      writes a[i:n]
void onward(int *a, int i, int n) {
  if (i < n) {
    a[i] = 0;
    onward(a, i + 1, n);
  }
}

// Data ends the recursion: no guess of the parameters holds, so unbounded.
// CHECK-LABEL: function onward_until at
// CHECK:      reads a[?], unbounded: its region grows with each level of recursion
int onward_until(const int *a, int i) {
  if (a[i] == 0)
    return i;
  return onward_until(a, i + 1);
}

// A local array and a global one passed down: the first is the caller's own
// memory, the second a global written.
// CHECK-LABEL: function own at
// CHECK:      stays local: writes global 'table' (in its call of 'merge')
// CHECK-NEXT: reads global table (in 'merge')
// CHECK-NEXT: writes global table (in 'merge')
// CHECK-NOT:  memory it cannot name
void own(void) {
  double mine[8];
  zero(mine, 8);
  zero((double *)0, 0);
  merge(table, table + 32, 0, 16, 32);
}

// A bound passed down that is not an expression of the parameters: k is n
// or its square, by the branch taken.
// CHECK-LABEL: function unknown_length at
// CHECK:      writes v[?], unbounded: its call of 'zero' at line [[@LINE+4]] passes 'k' for 'n', which is not an expression of the parameters
void unknown_length(double *v, int n) {
  int k = n;
  if (n > 4) k = k * k;
  zero(v, k);
}

// An unsigned length passed down as a difference: the callee's region is the
// caller's only where nothing wraps, as where the halves split n.
void clear(int *a, unsigned n) {
  for (unsigned i = 0; i < n; i++)
    a[i] = 0;
}
// CHECK-LABEL: function unsigned_halves at
// CHECK:      region: a[0:n] (read-write, inferred)
void unsigned_halves(int *a, unsigned n) {
  unsigned h = n / 2;
  clear(a, h);
  clear(a + h, n - h);
}
// CHECK-LABEL: function unsigned_rest at
// CHECK:      writes a[?], unbounded: its call of 'clear' at line [[@LINE+3]] passes 'n - h' for 'n', which may wrap around below 0, as unsigned arithmetic does: nothing there shows n - h >= 0
void unsigned_rest(int *a, unsigned n, unsigned h) {
  clear(a, h);
  clear(a + h, n - h);
}
// CHECK-LABEL: function unsigned_rest_guarded at
// CHECK:      region: a[0:n] (read-write, inferred)
void unsigned_rest_guarded(int *a, unsigned n, unsigned h) {
  if (h > n)
    return;
  clear(a, h);
  clear(a + h, n - h);
}
