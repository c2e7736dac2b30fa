// A function defined as an alias of another has no body to look at: its
// effects are unknown, and so are those of its callers.
// RUN: cleave analyze %s | FileCheck %s
static int base(int x) { return x + 1; }
int twin(int x) __attribute__((alias("base")));
int user(int x) { return twin(x); }
// CHECK-LABEL: function twin at
// CHECK: stays local: has no definition in this program
// CHECK-LABEL: function user at
// CHECK: stays local: calls 'twin', whose effects are unknown
