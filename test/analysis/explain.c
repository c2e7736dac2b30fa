// --explain FUNC says whether a call of FUNC can run on another node, every
// reason why not, and the calls it makes and receives.
// RUN: cleave analyze --explain walk %s | FileCheck %s
// RUN: cleave analyze --explain leaf %s | FileCheck --check-prefix=LEAF %s
// RUN: sh -c 'cleave analyze --explain missing %s; echo "status $?"' 2>&1 | FileCheck --check-prefix=MISSING %s
#include <stdio.h>

volatile int depth;

#pragma cleave region(v[0:n])
void leaf(int *v, int n) {
  for (int i = 0; i < n; i++)
    v[i]++;
}

void walk(int *v, int n) {
  depth++;
  printf("%d\n", n);
  if (n > 1) {
    walk(v, n / 2);
    walk(v + n / 2, n - n / 2);
  } else {
    leaf(v, n);
  }
}
// CHECK:      void walk(int *v, int n)
// CHECK-NEXT:   at {{.*}}explain.c:16:6, defined, recursive
// CHECK-NEXT:   region v[0:n], read and written, found by the analysis
// CHECK-NEXT:   a call of 'walk' stays on the caller's node, because it:
// CHECK-NEXT:     - does I/O through 'printf' (stdout), which stays on the node that owns it
// CHECK-NEXT:     - writes global 'depth'
// CHECK-NEXT:   effects, through the functions it calls:
// CHECK-NEXT:     reads v[0:n]
// CHECK-NEXT:     writes v[0:n]
// CHECK-NEXT:     reads global depth
// CHECK-NEXT:     writes global depth
// CHECK-NEXT:     does I/O with printf
// CHECK-NEXT:   calls:
// CHECK-NEXT:     printf at {{.*}}explain.c:18:3 (not defined in the program)
// CHECK-NEXT:     walk at {{.*}}explain.c:20:5
// CHECK-NEXT:     walk at {{.*}}explain.c:21:5
// CHECK-NEXT:     leaf at {{.*}}explain.c:23:5
// CHECK-NEXT:   called by:
// CHECK-NEXT:     walk at {{.*}}explain.c:20:5
// CHECK-NEXT:     walk at {{.*}}explain.c:21:5

// LEAF:      void leaf(int *v, int n)
// LEAF-NEXT:   at {{.*}}explain.c:11:6, defined
// LEAF-NEXT:   region v[0:n], read and written, given by a pragma
// LEAF-NEXT:   a call of 'leaf' can run on another node
// LEAF-NEXT:   effects, through the functions it calls:
// LEAF-NEXT:     reads v[0:n]
// LEAF-NEXT:     writes v[0:n]
// LEAF-NEXT:   calls:
// LEAF-NEXT:   called by:
// LEAF-NEXT:     walk at {{.*}}explain.c:23:5

// MISSING: cleave: error: no function named 'missing' in the program
// MISSING: status 1
