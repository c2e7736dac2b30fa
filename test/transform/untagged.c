// Structs without a tag but with a typedef name (typedef struct { ... } T;):
// by value, as the elements of a region, nested in another. The stubs declare
// them again under the same typedef name, and the stubs of the functions that
// name them are declared in the rewritten source before each function. The
// output builds with -Wall -Wextra -Werror and prints what the sequential
// program prints, regions shared or copied, native or XDR.
// RUN: rm -rf %t.out
// RUN: cleave parallelize %s -o %t.out 2>&1 | FileCheck --check-prefix=REMARK %s
// RUN: FileCheck --check-prefix=EMIT %s < %t.out/untagged.c
// RUN: FileCheck --check-prefix=STUB %s < %t.out/cleave_stubs.c
// RUN: %cc -Wall -Wextra -Werror -Wno-unknown-pragmas %s -o %t.seq
// RUN: %cc -Wall -Wextra -Werror %t.out/untagged.c %t.out/cleave_stubs.c %cleave_rt -o %t.par
// RUN: %t.seq > %t.expected
// RUN: env CLEAVE_NODES=1 %t.par | diff %t.expected -
// RUN: env CLEAVE_NODES=2 %t.par | diff %t.expected -
// RUN: env CLEAVE_NODES=3 CLEAVE_PASS=copy %t.par | diff %t.expected -
// RUN: env CLEAVE_NODES=4 CLEAVE_PASS=copy CLEAVE_ENCODING=xdr %t.par | diff %t.expected -
#include <stdio.h>
typedef struct { double re, im; } COMPLEX;
typedef struct { COMPLEX at; int n; } CELL;

#pragma cleave region(v[0:n])
static void rotate(COMPLEX *v, int n, COMPLEX by) {
  if (n < 4) {
    for (int i = 0; i < n; i++) {
      COMPLEX t = {v[i].re * by.re - v[i].im * by.im, v[i].re * by.im + v[i].im * by.re};
      v[i] = t;
    }
    return;
  }
  rotate(v, n / 2, by);
  rotate(v + n / 2, n - n / 2, by);
}

#pragma cleave region(c[0:n])
double weight(const CELL *c, int n) {
  if (n == 1)
    return c[0].at.re * c[0].n;
  return weight(c, n / 2) + weight(c + n / 2, n - n / 2);
}

int main(void) {
  COMPLEX v[37];
  CELL c[21];
  for (int i = 0; i < 37; i++) { v[i].re = i; v[i].im = 1.0 / (i + 1); }
  for (int i = 0; i < 21; i++) { c[i].at = v[i]; c[i].n = i % 5; }
  COMPLEX by = {0.6, 0.8};
  rotate(v, 37, by);
  printf("%.6f %.6f %.6f\n", v[0].re, v[36].im, weight(c, 21));
  return 0;
}
// REMARK: untagged.c:{{.*}}: remark: call to 'rotate' runs asynchronously
// REMARK: untagged.c:{{.*}}: remark: call to 'weight' runs asynchronously

// EMIT:      /* rotate on another node; regions v[0:n] */
// EMIT-NEXT: clv_future *rotate__spawn(COMPLEX *v, int n, COMPLEX by);
// EMIT:      static void rotate(COMPLEX *v, int n, COMPLEX by) {
// EMIT:      clv_future *weight__spawn(double *cleave_result, const CELL *c, int n);

// STUB:      typedef struct {
// STUB-NEXT:   double re;
// STUB-NEXT:   double im;
// STUB-NEXT: } COMPLEX;
// STUB-NEXT: typedef char cleave_layout_COMPLEX[(sizeof(COMPLEX) == 16 && offsetof(COMPLEX, re) == 0 && offsetof(COMPLEX, im) == 8) ? 1 : -1];
// STUB:      typedef struct {
// STUB-NEXT:   COMPLEX at;
// STUB-NEXT:   int n;
// STUB-NEXT: } CELL;
// STUB:      clv_future *rotate__spawn(COMPLEX *v, int n, COMPLEX by);
