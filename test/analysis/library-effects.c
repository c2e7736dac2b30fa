// Library functions the program does not define act as the table says: pure
// math, memory named by the arguments, I/O kept on its node, allocation not
// yet followed; anything else is unknown, never guessed.
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

int mystery(int);
int use(int n) { return mystery(n); }

// CHECK-LABEL: function copy at
// CHECK: can run on another node
// CHECK-LABEL: function make at
// CHECK: stays local: allocates or frees memory with 'calloc', which is not followed across nodes yet
// CHECK-LABEL: function norm at
// CHECK: can run on another node
// CHECK-LABEL: function show at
// CHECK: stays local: does I/O through 'printf' (stdout), which stays on the node that owns it
// CHECK-LABEL: function use at
// CHECK: stays local: calls 'mystery', whose effects are unknown
