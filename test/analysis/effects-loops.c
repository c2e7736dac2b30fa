// Regions read and written through pointer parameters, bounded by counted
// loops with affine subscripts; a bound the analysis cannot prove is said so.
// RUN: cleave analyze %s | FileCheck %s

// Two runs appended: how far out moves is max(0, a_last - a + 1) plus the
// same of b, no affine bound with nothing on entry to order a and a_last.
// The remark says that out is a parameter the function moves.
// CHECK-LABEL: function append at
// CHECK:      writes out[?], unbounded: the index at line [[@LINE+5]] depends on 'out', a parameter the function moves, and no bound on it was found there
void append(const int *a, const int *a_last, const int *b, const int *b_last, int *out) {
  while (a <= a_last)
    *out++ = *a++;
  while (b <= b_last)
    *out++ = *b++;
}

// CHECK-LABEL: function down at
// CHECK:      reads a[0:n]
// CHECK-NEXT: writes a[0:n]
void down(int *a, int n) { for (int i = n - 1; i >= 0; i--) a[i] = a[i] + 1; }

// Two constant subscripts: the least interval holding both.
// CHECK-LABEL: function fixed at
// CHECK:      reads a[0:8]
// CHECK-NEXT: writes a[3:4]
void fixed(int *a) { a[3] = a[0] + a[7]; }

// CHECK-LABEL: function incl at
// CHECK:      writes a[lo:hi + 1]
void incl(double *a, int lo, int hi) { int i; for (i = lo; i <= hi; ++i) a[i] = 1; }

// i and m meet halfway: ceil(n / 2) iterations, C's (n + 1) / 2 where there
// is one (n + 1 >= 0).
// CHECK-LABEL: function moving at
// CHECK:      writes a[0:(n + 1) / 2]
void moving(int *a, int n) { int m = n; for (int i = 0; i < m; i++) { a[i] = 0; m--; } }

// A product of a loop's variable and a parameter: rows of a matrix.
// CHECK-LABEL: function rows at
// CHECK:      writes a[0:n][0:1] (rows of ld)
void rows(int *a, int n, int ld) { for (int i = 0; i < n; i++) a[i * ld] = 0; }

// CHECK-LABEL: function square at
// CHECK:      writes a[?], unbounded: the index at line [[@LINE+1]] is not affine in 'i'
void square(int *a, int n) { for (int i = 0; i < n; i++) a[i * i] = 0; }

// CHECK-LABEL: function step at
// CHECK:      reads a[1:n]
// CHECK-NEXT: writes a[0:n - 1]
void step(int *a, int n) { for (int i = 1; i < n; i += 2) a[i - 1] = a[i]; }

// A triangular nest: the inner bounds use the outer variable.
// CHECK-LABEL: function tri at
// CHECK:      writes m[0:5 * n - 4]
void tri(float *m, int n) { for (int i = 0; i < n; i++) for (int j = i; j < n; j++) m[4 * i + j] = 0; }

// CHECK-LABEL: function up at
// CHECK:      writes a[0:n]
// CHECK-NOT:  reads a
void up(int *a, int n) { for (int i = 0; i < n; i++) a[i] = 0; }

// A pointer stepped through the array up to another: its address is bound
// by the other's, which lies within the array.
// CHECK-LABEL: function walk at
// CHECK:      writes a[0:end - a]
void walk(int *a, int *end) { while (a < end) *a++ = 0; }

// CHECK-LABEL: function window at
// CHECK:      reads a[0:k + n - 1]
// CHECK-NEXT: reads b[0:n]
// CHECK-NEXT: writes b[0:n]
void window(const int *a, int *b, int n, int k) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < k; j++)
      b[i] += a[i + j];
}

// Unsigned counters of a while loop: bounded where the comparisons that stop
// them compare values that cannot wrap below 0 (merge with size_t counters);
// `(unsigned long)n` of a negative n does, and the remark names the type.
// CHECK-LABEL: function wrapping at
// CHECK:      writes a[?], unbounded: the index at line [[@LINE+4]] depends on 'k', of the unsigned type 'unsigned long', and no bound on it was found: a comparison or assignment whose unsigned values may wrap below 0 bounds nothing
void wrapping(int *a, long n) {
  unsigned long k = 0;
  while (k < (unsigned long)n)
    a[k++] = 0;
}

// CHECK-LABEL: function wrapping_merge at
// CHECK:      region: a[0:n] (read, inferred)
// CHECK-NEXT: region: tmp[0:n] (read-write, inferred)
void wrapping_merge(const int *a, unsigned long n, unsigned long h, int *tmp) {
  if (h > n)
    return;
  unsigned long i = 0, j = h, k = 0;
  while (i < h && j < n)
    tmp[k++] = a[i] <= a[j] ? a[i++] : a[j++];
  while (i < h)
    tmp[k++] = a[i++];
  while (j < n)
    tmp[k++] = a[j++];
}

// `n - 1` wraps where n is 0: the loop it stops is bounded only under `n > 0`.
// CHECK-LABEL: function wrapping_minus at
// CHECK:      writes a[?], unbounded: the index at line [[@LINE+4]] depends on 'i', of the unsigned type 'unsigned int'
void wrapping_minus(int *a, unsigned n) {
  unsigned i = 0;
  while (i < n - 1)
    a[i++] = 0;
}
// CHECK-LABEL: function wrapping_minus_guarded at
// CHECK:      region: a[0:n - 1] (read-write, inferred)
void wrapping_minus_guarded(int *a, unsigned n) {
  unsigned i = 0;
  if (n > 0)
    while (i < n - 1)
      a[i++] = 0;
}

// Up to a value it reads: nothing bounds it, and the remark says so.
// CHECK-LABEL: function zeros at
// CHECK:      writes a[?], unbounded: the index at line [[@LINE+1]] depends on 'a', which moves at line [[@LINE+1]] until a value it reads stops it: nothing bounds it
void zeros(int *a) { while (*a) *a++ = 0; }

