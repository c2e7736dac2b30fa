// A K&R definition receives its float and short arguments promoted to double
// and int: the stubs declare it with the promoted types, or the callee would
// read a float where a double was passed. The stubs' main, which starts the
// runtime, calls the program's K&R main, renamed.
// RUN: rm -rf %t.out
// RUN: cleave parallelize %s -o %t.out -- -std=gnu89 -Wno-deprecated-non-prototype 2>&1 | FileCheck --check-prefix=REMARK %s
// RUN: FileCheck --check-prefix=STUB %s < %t.out/cleave_stubs.c
// RUN: FileCheck --check-prefix=EMIT %s < %t.out/kr-promotion.c
// RUN: %cc -std=gnu89 -Wno-unknown-pragmas %s -o %t.seq
// RUN: %cc -std=gnu89 -pedantic -Werror=declaration-after-statement %t.out/kr-promotion.c %t.out/cleave_stubs.c %cleave_rt -o %t.par
// RUN: %t.seq > %t.expected
// RUN: env CLEAVE_NODES=1 %t.par | diff %t.expected -
// RUN: env CLEAVE_NODES=4 %t.par | diff %t.expected -
// RUN: env CLEAVE_NODES=4 CLEAVE_PASS=copy %t.par | diff %t.expected -
// RUN: FileCheck --check-prefix=RESULT %s < %t.expected
#include <stdio.h>

#pragma cleave region(v[lo:hi])
void scale(v, lo, hi, f, step)
double *v;
int lo, hi;
float f;
short step;
{
  if (hi - lo > 4) {
    int mid = lo + (hi - lo) / 2;
    scale(v, lo, mid, f, step);
    scale(v, mid, hi, f, step);
  } else {
    int i;
    for (i = lo; i < hi; i++)
      v[i] = v[i] * f + step;
  }
}
// REMARK: kr-promotion.c:[[@LINE-8]]:5: remark: call to 'scale' runs asynchronously
// STUB: extern void scale(double *v, int lo, int hi, double f, int step);

int main()
{
  double v[64];
  double s = 0;
  int i;
  for (i = 0; i < 64; i++)
    v[i] = i;
  scale(v, 0, 64, 2.5, 3);
  for (i = 0; i < 64; i++)
    s += v[i];
  printf("%g\n", s);
  return 0;
}
// In C90, main's body becomes a block of its own after the start.
// EMIT: {{^}}int main()
// EMIT-NEXT: {{^}}{ cleave_start(0, 0); {
// EMIT: {{^}}  return cleave_end(0);
// EMIT-NEXT: {{^}}} }
// STUB-NOT: {{^}}int main
// RESULT: 5232
