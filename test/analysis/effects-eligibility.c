// Eligibility and aliasing: every reason a call cannot run on another node
// that the effects give (a global holding a pointer parameter, a pointer
// into the function's own memory returned, a static local, setjmp, inline
// assembly), the address of a local taken, and arguments that overlap where
// the callee writes them.
// RUN: cleave analyze %s | FileCheck %s
// RUN: cleave analyze --remarks %s 2>&1 >/dev/null | FileCheck --check-prefix=REMARK %s
#include <setjmp.h>
int *saved;
int hits;
jmp_buf env;
static void fill(int *dst, const int *src, int n) { for (int i = 0; i < n; i++) dst[i] = src[i]; }
void keep(int *p) { saved = p; }
int *dangling(void) { int local[4] = {0}; return local; }
void caller(int *a, int n) {
  int x = 0;
  int *px = &x;
  *px = n;
  fill(a, a + 1, n - 1);
  fill(a, a + n, n);
}
int counter(void) { static int calls; return ++calls; }
int jumper(void) { return setjmp(env); }
// GCC's builtins jump as setjmp and longjmp do (the torture suite's pr60003).
void leaper(void) { __builtin_longjmp((void **)env, 1); }
int spin(int v) { __asm__ volatile("" ::: "memory"); return v; }
void user(int *a) { keep(a); }

// REMARK: effects-eligibility.c:19:3: remark: call to 'fill' stays sequential: its arguments 'a' and 'a + 1' may overlap, and 'fill' writes them{{$}}
// The regions fill's loop touches, dst[0:n] and src[0:n], are found: the
// call at line 20, whose arguments do not overlap, may run on another node.
// REMARK-NOT: effects-eligibility.c:20:
// A callee kept home by two facts: the remark names the first alone.
// REMARK: effects-eligibility.c:27:21: remark: call to 'keep' stays sequential: 'keep' writes global 'saved'{{$}}

// CHECK-LABEL: function caller at
// CHECK:      reads a[1:2 * n] (in 'fill')
// CHECK-NEXT: writes a[0:n] (in 'fill')
// CHECK-NEXT: aliasing: takes the address of local 'x'
// CHECK-LABEL: function counter at
// CHECK:      stays local: has static local 'calls'
// CHECK-LABEL: function dangling at
// CHECK:      stays local: returns a pointer into its own memory (local 'local')
// CHECK-LABEL: function jumper at
// CHECK:      stays local: calls '{{_?}}setjmp', which jumps between functions
// CHECK-LABEL: function keep at
// CHECK:      stays local: writes global 'saved'
// CHECK-NEXT: stays local: stores pointer parameter 'p' in global 'saved'
// CHECK:      aliasing: stores pointer parameter 'p' in global 'saved'
// CHECK-LABEL: function leaper at
// CHECK:      stays local: calls '__builtin_longjmp', which jumps between functions
// CHECK-LABEL: function spin at
// CHECK:      stays local: contains inline assembly
