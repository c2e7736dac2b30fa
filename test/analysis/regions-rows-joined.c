// Accesses that join into rows: two intervals one moved by a variable from the
// other, one column of rows whose stride is doubled on the way down (the guess
// over recursion, in rows), and two rows of a stride that is no variable,
// which become an interval in the caller.
// RUN: cleave analyze %s | FileCheck %s
/* Two halves h apart: rows 0 and 1 of stride h. */
void halves(double *a, int lo, int hi, int h) {
  for (int k = lo; k < hi; k++) {
    double x = a[k], y = a[k + h];
    a[k] = x + y;
    a[k + h] = x - y;
  }
}

/* Every stride-th element, the stride doubled on the way down: one column of
   rows of stride, rows [0:n]. */
long every(const long *in, int n, int stride) {
  if (n == 1)
    return in[0];
  if (n == 2)
    return in[0] - in[stride];
  return every(in, n / 2, 2 * stride) + every(in + stride, n / 2, 2 * stride);
}

/* Two rows of a stride that is no variable become an interval. */
void both(double *a, int n) {
  halves(a, 0, n / 2, n / 2);
}
// CHECK-LABEL: function both at
// CHECK:       region: a[0:2 * (n / 2)] (read-write, inferred)
// CHECK-LABEL: function every at
// CHECK:       region: in[0:n][0:1] (rows of stride) (read, inferred)
// CHECK-LABEL: function halves at
// CHECK:       region: a[0:2][lo:hi] (rows of h) (read-write, inferred)
