// Library functions the program does not define act as the table says: pure
// math, memory named by the arguments, I/O kept on its node, memory the
// function allocates its own, and freeing memory it was given an effect;
// anything else is unknown, never guessed.
// RUN: cleave analyze %s | FileCheck %s
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

double norm(double x, double y) { return sqrt(x * x + y * y); }

#pragma cleave region(dst[0:n], src[0:n])
void copy(int *dst, const int *src, int n) { memcpy(dst, src, n * sizeof *dst); }

void show(int n) { printf("%d\n", n); }

int *make(int n) { return calloc(n, sizeof(int)); }

// A buffer it allocates and frees is its own, as a local array is.
void reverse(int *v, int n) {
  int *t = malloc(n * sizeof *t);
  for (int i = 0; i < n; i++)
    t[i] = v[n - 1 - i];
  memcpy(v, t, n * sizeof *v);
  free(t);
}
void release(int *v) { free(v); }

// strnlen reads at most n bytes.
int prefix(const char *s, int n) { return (int)strnlen(s, n); }

int mystery(int);
int use(int n) { return mystery(n); }

// CHECK-LABEL: function copy at
// CHECK: can run on another node
// CHECK-LABEL: function make at
// CHECK: stays local: returns 'int *', which is not marshaled yet
// CHECK-NOT: frees memory
// CHECK-LABEL: function norm at
// CHECK: can run on another node
// CHECK-LABEL: function prefix at
// CHECK: region: s[0:n] (read, inferred)
// CHECK: can run on another node
// CHECK-LABEL: function release at
// CHECK: stays local: frees memory it did not allocate, with 'free', which only the node that allocated it may do
// CHECK: frees memory it did not allocate, with free
// CHECK-LABEL: function reverse at
// CHECK: can run on another node
// CHECK-NOT: frees memory
// CHECK-LABEL: function show at
// CHECK: stays local: does I/O through 'printf' (stdout), which stays on the node that owns it
// CHECK-LABEL: function use at
// CHECK: stays local: calls 'mystery', whose effects are unknown
