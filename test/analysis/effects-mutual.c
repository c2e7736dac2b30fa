// Regions of mutually recursive functions: guessed for the function of the
// component every recursion goes through, and proved with the rest composed
// from the guess. The output lists functions by name.
// RUN: cleave analyze %s | FileCheck %s

// Each goes one element further through the other.
// CHECK-LABEL: function even at
// CHECK:      region: a[i:n] (read-write, inferred)
void odd(int *a, int i, int n);
void even(int *a, int i, int n) {
  if (i < n) {
    a[i] = 0;
    odd(a, i + 1, n);
  }
}
// CHECK-LABEL: function odd at
// CHECK:      region: a[i:n] (read-write, inferred)
void odd(int *a, int i, int n) {
  if (i < n) {
    a[i] = 1;
    even(a, i + 1, n);
  }
}

// Quadrants of a matrix of rows of a global width, through a helper that
// takes two of them (a block LU's lower solve).
int width;
#define AT(M, i, j) ((M) + (i) * width + (j))
void quad(double *m, const double *l, int n);
static void pair(double *ma, double *mb, const double *l, int n) {
  quad(ma, l, n);
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      mb[i * width + j] -= l[(n + i) * width + j] * ma[i * width + j];
  quad(mb, AT(l, n, n), n);
}
// CHECK-LABEL: function quad at
// CHECK:      region: m[0:n][0:n] (rows of ::width) (read-write, inferred)
// CHECK-NEXT: region: l[0:n][0:n] (rows of ::width) (read, inferred)
void quad(double *m, const double *l, int n) {
  if (n <= 1) {
    if (n == 1)
      *m /= *l;
    return;
  }
  int h = n / 2;
  pair(m, AT(m, h, 0), l, h);
  pair(AT(m, 0, h), AT(m, h, h), l, h);
}

// Data ends the recursion: no guess holds, and the reason stays.
// CHECK-LABEL: function scan_odd at
// CHECK:      reads s[?], unbounded: its region grows with each level of recursion
int scan_even(const char *s, int i);
int scan_odd(const char *s, int i) { return s[i] ? scan_even(s, i + 1) : i; }
int scan_even(const char *s, int i) { return s[i] ? scan_odd(s, i + 1) : i; }

// Three functions around one cycle, each a step further, the parameters
// passed in another order.
void tri_a(int *v, int i, int n);
static void tri_c(int n, int i, int *v) { tri_a(v, i, n); }
static void tri_b(int *v, int i, int n) {
  if (i < n) {
    v[i] *= 2;
    tri_c(n, i + 1, v);
  }
}
// CHECK-LABEL: function tri_a at
// CHECK:      region: v[i:n] (read-write, inferred)
void tri_a(int *v, int i, int n) {
  if (i < n) {
    v[i]++;
    tri_b(v, i + 1, n);
  }
}
