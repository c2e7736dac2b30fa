// The text model lists functions with their signatures, regions and reasons,
// globals, and call sites.
// RUN: cleave analyze %s | FileCheck %s

int counter;
static const double scale = 2.5;
extern int shared_total;

// CHECK: function bump at {{.*}}functions.c:[[@LINE+4]]:6
// CHECK-NEXT: signature: void bump(int by)
// CHECK-NEXT: defined, extern
// CHECK-NEXT: region: ::counter[0:1] (read-write, inferred)
void bump(int by) { counter += by; }

// CHECK: function fib at {{.*}}functions.c:[[@LINE+4]]:12
// CHECK-NEXT: signature: int fib(int n)
// CHECK-NEXT: defined, static, recursive
// CHECK-NEXT: can run on another node
static int fib(int n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }

// CHECK-LABEL: function fill at
// CHECK-NEXT: signature: void fill(double *v, int lo, int hi)
// CHECK-NEXT: defined, extern, recursive
// CHECK-NEXT: region: v[lo:hi] (read-write)
// CHECK-NEXT: can run on another node
#pragma cleave region(v[lo:hi])
void fill(double *v, int lo, int hi) {
  if (hi - lo < 2) {
    if (hi > lo)
      v[lo] = lo;
    return;
  }
  fill(v, lo, (lo + hi) / 2);
  fill(v, (lo + hi) / 2, hi);
}

// A prototype without parameters says (void), a function declared without
// one (); the declarator of a result that is a pointer to a function or an
// array wraps the name and parameters.
// CHECK-LABEL: function none at
// CHECK-NEXT: signature: int none(void)
// CHECK-LABEL: function old at
// CHECK-NEXT: signature: int old()
// CHECK-LABEL: function pick at
// CHECK-NEXT: signature: int (*pick(int k))(int)
// CHECK-LABEL: function pick_row at
// CHECK-NEXT: signature: const char (*pick_row(int k, ...))[8]
int none(void) { return 0; }
int old();
int (*pick(int k))(int) { return k ? fib : 0; }
const char (*pick_row(int k, ...))[8];

// CHECK-LABEL: function ping at
// CHECK: defined, extern, recursive
// CHECK-LABEL: function pong at
// CHECK: defined, extern, recursive
int pong(int);
int ping(int n) { return n ? pong(n - 1) : 0; }
int pong(int n) { return n ? ping(n - 1) : 1; }

// CHECK-LABEL: function sum at
// CHECK-NEXT: signature: long sum(const int *p, int n)
// CHECK-NEXT: declared only, extern
// CHECK-NEXT: stays local: has no definition in this program
long sum(const int *p, int n);

// CHECK: global counter at {{.*}}functions.c:5:5: int, extern, defined
// CHECK-NEXT: global scale at {{.*}}functions.c:6:21: const double, static, defined, initialized
// CHECK-NEXT: global shared_total at {{.*}}functions.c:7:12: int, extern, declared only

// CHECK: call fib -> fib at {{.*}}functions.c:19:44 (n - 1)
// CHECK-NEXT: call fib -> fib at {{.*}}functions.c:19:57 (n - 2)
// CHECK-NEXT: call fill -> fill at {{.*}} (v, lo, (lo + hi) / 2)
// CHECK-NEXT: call fill -> fill at {{.*}} (v, (lo + hi) / 2, hi)
// CHECK-NEXT: call ping -> pong at
// CHECK-NEXT: call pong -> ping at
