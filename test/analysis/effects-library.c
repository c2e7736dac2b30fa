// Library calls from the effects table: memory functions give regions in the
// caller's elements (byte counts divided by the element size), string
// functions go as far as the terminating NUL, qsort calls what it is given,
// math is pure, puts is I/O, malloc and free are allocation.
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

// CHECK-LABEL: function clear at
// CHECK:      writes v[lo:hi] (in 'memset')
// CHECK-LABEL: function cmp at
// CHECK:      reads memory it cannot name, through '(const int *)a', a cast to another element type
// CHECK-LABEL: function copy at
// CHECK:      writes dst[0:n] (in 'memcpy')
// CHECK-NEXT: reads src[0:n] (in 'memcpy')
// CHECK-LABEL: function fresh at
// CHECK:      stays local: allocates or frees memory with 'malloc', which is not followed across nodes yet
// CHECK:      allocates with malloc
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
// CHECK-LABEL: function show at
// CHECK:      stays local: does I/O through 'puts' (stdout), which stays on the node that owns it
// CHECK:      does I/O with puts
