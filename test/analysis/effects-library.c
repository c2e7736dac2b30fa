// Library calls from the effects table: memory functions give regions in the
// caller's elements (byte counts divided by the element size), string
// functions go as far as the terminating NUL, qsort calls what it is given,
// math is pure, puts is I/O, memory a function allocates is its own.
// RUN: cleave analyze %s | FileCheck %s
#include <stdlib.h>
#include <string.h>
#include <stdio.h>
#include <math.h>
void copy(int *dst, const int *src, int n) { memcpy(dst, src, n * sizeof(int)); }
void clear(double *v, int lo, int hi) { memset(v + lo, 0, (hi - lo) * sizeof *v); }
void name(char *d, const char *s) { strcpy(d, s); }
static int cmp(const void *a, const void *b) { return *(const int *)a - *(const int *)b; }
void order(int *v, int n) { qsort(v, n, sizeof *v, cmp); }
double norm(double x, double y) { return sqrt(x * x + y * y); }
void show(const char *s) { puts(s); }
void *fresh(int n) { return malloc(n); }
long parse(const char *s, char **end) { return strtol(s, end, 10); }
// In a loop, a call goes from its least first element to its greatest last.
void tiles(int *d, const int *s, int r) {
  for (int i = 0; i < r; i++)
    memcpy(d + 4 * i, s + i, 4 * sizeof(int));
}
// A row a loop moves by: the rows, each as many columns on as it copies.
void rows(double *d, const double *s, int lo, int hi, int w) {
  for (int y = lo; y < hi; y++)
    memcpy(d + y * w, s + y * w + 1, (w - 1) * sizeof(double));
}
// alloca's memory is the function's own.
int scratch(const int *s, int n) {
  int *t = __builtin_alloca(n * sizeof(int));
  memcpy(t, s, n * sizeof(int));
  t[0] += 1;
  return t[n - 1];
}

// CHECK-LABEL: function clear at
// CHECK:      writes v[lo:hi] (in 'memset')
// CHECK-LABEL: function cmp at
// A cast of a `void *` reads its bytes.
// CHECK:      region: a[0:4] (read, inferred)
// CHECK-NEXT: region: b[0:4] (read, inferred)
// CHECK-LABEL: function copy at
// CHECK:      writes dst[0:n] (in 'memcpy')
// CHECK-NEXT: reads src[0:n] (in 'memcpy')
// CHECK-LABEL: function fresh at
// CHECK:      stays local: returns 'void *', which is not marshaled yet
// CHECK-NOT:  frees memory
// CHECK-LABEL: function name at
// CHECK:      writes d[?], unbounded: 'strcpy' at line 12 goes over a number of elements it cannot bound (in 'strcpy')
// CHECK-NEXT: reads s[?], unbounded: 'strcpy' at line 12 goes over a number of elements it cannot bound (in 'strcpy')
// CHECK-LABEL: function norm at
// CHECK-NEXT: signature: double norm(double x, double y)
// CHECK-NEXT: defined, extern
// CHECK-NEXT: can run on another node
// CHECK-LABEL: function order at
// CHECK:      stays local: passes a function to 'qsort', which calls it
// CHECK:      writes v[?], unbounded: 'qsort' at line 14
// CHECK-LABEL: function parse at
// CHECK:      reads s[?], unbounded: 'strtol' at line 18
// CHECK-NEXT: writes end[0:1] (in 'strtol')
// CHECK-LABEL: function rows at
// CHECK:      writes d[lo:hi][0:w - 1] (rows of w) (in 'memcpy')
// CHECK-NEXT: reads s[lo:hi][1:w] (rows of w) (in 'memcpy')
// CHECK-LABEL: function scratch at
// CHECK:      can run on another node
// CHECK-NEXT: reads s[0:n] (in 'memcpy')
// CHECK-NOT:  memory it cannot name
// CHECK-LABEL: function show at
// CHECK:      stays local: does I/O through 'puts' (stdout), which stays on the node that owns it
// CHECK:      does I/O with puts
// CHECK-LABEL: function tiles at
// CHECK:      can run on another node
// CHECK-NEXT: writes d[0:4 * r] (in 'memcpy')
// CHECK-NEXT: reads s[0:r + 3] (in 'memcpy')
