// Divide and conquer: two or more self-calls that can run side by side, each
// with alpha, its message volume over its caller's (n/2 of n gives 1/2;
// scalar arguments only give 1).
// RUN: cleave analyze %s | FileCheck %s
// RUN: cleave analyze --json %s | FileCheck --check-prefix=JSON %s

// CHECK-LABEL: function fib at
// CHECK:      divide and conquer
// CHECK-NEXT: self-call at [[@LINE+2]]:38: alpha 1
// CHECK-NEXT: self-call at [[@LINE+1]]:51: alpha 1
long fib(int n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }

// CHECK-LABEL: function halves at
// CHECK:      divide and conquer
// CHECK-NEXT: self-call at [[@LINE+9]]:3: alpha 0.5
// CHECK-NEXT: self-call at [[@LINE+9]]:3: alpha 0.5
#pragma cleave region(a[0:n])
void halves(int *a, int n) {
  if (n < 2) {
    a[0]++;
    return;
  }
  int h = n / 2;
  halves(a, h);
  halves(a + h, n - h);
}

// The pivot is known only at run time.
// CHECK-LABEL: function pivoted at
// CHECK:      divide and conquer
// CHECK-NEXT: self-call at {{[0-9]+}}:3: alpha unknown, it depends on 'p', whose value is known only at run time
int split(int *a, int lo, int hi);
#pragma cleave region(a[lo:hi])
void pivoted(int *a, int lo, int hi) {
  if (hi - lo < 2)
    return;
  int p = split(a, lo, hi);
  pivoted(a, lo, p);
  pivoted(a, p, hi);
}

// Quarters of an n x n block: a quarter of the elements each.
// CHECK-LABEL: function quarters at
// CHECK:      divide and conquer
// CHECK-NEXT: self-call at {{[0-9]+}}:3: alpha 0.25
#pragma cleave region(m[0:n * n])
void quarters(double *m, int n) {
  if (n == 1) {
    m[0] *= 2;
    return;
  }
  int q = (n / 2) * (n / 2);
  quarters(m, n / 2);
  quarters(m + q, n / 2);
  quarters(m + 2 * q, n / 2);
  quarters(m + 3 * q, n / 2);
}

// Both calls work on the same elements: not divide and conquer.
// CHECK-LABEL: function twice at
// CHECK-NOT:  divide and conquer
// CHECK:      self-call at {{[0-9]+}}:3: alpha 0.5
#pragma cleave region(a[0:n])
void twice(int *a, int n) {
  if (n < 2)
    return;
  twice(a, n / 2);
  twice(a, n / 2);
}

// JSON:      "divide_and_conquer": {
// JSON-NEXT:   "recognized": true,
// JSON-NEXT:   "self_calls": [
// JSON-NEXT:     {
// JSON-NEXT:       "alpha": 1,
