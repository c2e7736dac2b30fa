// Every reference a function makes, classed by what it does, direct or through
// a pointer, with its place.
// RUN: cleave analyze %s | FileCheck %s
#include <stdlib.h>

struct point { int x, y; };
int total;
enum { STEP = 2 };
static int twice(int v) { return v * STEP; }

void touch(int *p, struct point *q, struct point s, int n) {
  int a[4], k;
  int *m = malloc(sizeof *m);
  k = n;                 // write local, read param
  total += k;            // read-write global
  *p = twice(k);         // write through pointer, call
  q->y = s.x;            // write through pointer, read struct param
  a[k] = 1;              // write local array element
  k++;                   // read-write
  p = &a[0];             // write param, address of local
  free(m);               // deallocate
}
// CHECK-LABEL: function touch at
// CHECK:      local touch::a: int[4] at line 12
// CHECK-NEXT: local touch::k: int at line 12
// CHECK-NEXT: local touch::m: int * at line 13
// CHECK-NEXT: allocate local touch::m at 13:8
// CHECK-NEXT: call function malloc at 13:12
// CHECK-NEXT: write local touch::k at 14:3
// CHECK-NEXT: read param touch::n at 14:7
// CHECK-NEXT: read-write global total at 15:3
// CHECK-NEXT: read local touch::k at 15:12
// CHECK-NEXT: write param touch::p through a pointer at 16:4
// CHECK-NEXT: call function {{.*}}references.c::twice at 16:8
// CHECK-NEXT: read local touch::k at 16:14
// CHECK-NEXT: write param touch::q through a pointer at 17:3
// CHECK-NEXT: read param touch::s at 17:10
// CHECK-NEXT: write local touch::a at 18:3
// CHECK-NEXT: read local touch::k at 18:5
// CHECK-NEXT: read-write local touch::k at 19:3
// CHECK-NEXT: write param touch::p at 20:3
// CHECK-NEXT: address local touch::a at 20:8
// CHECK-NEXT: call function free at 21:3
// CHECK-NEXT: deallocate local touch::m at 21:8
// CHECK-LABEL: function twice at
// CHECK: read param {{.*}}references.c::twice::v at 9:34
// CHECK-NEXT: read enum_constant STEP at 9:38
// CHECK: uncorrelated function free: void (void *), referenced by touch
// CHECK-NEXT: uncorrelated function malloc: void *(unsigned long), referenced by touch
