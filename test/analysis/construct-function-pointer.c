// Function pointers: a local pointer set from two functions, then called
// directly and through '*': naming a function takes its address, the calls
// read the pointer and are call sites with an empty callee.
// RUN: cleave analyze --graphs %s | FileCheck %s
// RUN: cleave analyze --graphs --json %s | FileCheck --check-prefix=JSON %s
static int inc(int x) { return x + 1; }
static int dec(int x) { return x - 1; }
int apply(int up, int v) {
  int (*op)(int) = up ? inc : &dec;
  int r = op(v);
  r += (*op)(r);
  return r;
}

// CHECK:      type int(int) *: pointer, 8 bytes, align 8, of int(int)
// CHECK-LABEL: function apply at
// CHECK:      local apply::op: int (*)(int) at line 9
// CHECK-NEXT: local apply::r: int at line 10
// CHECK-NEXT: write local apply::op at 9:9
// CHECK-NEXT: read param apply::up at 9:20
// CHECK-NEXT: address function {{.*}}construct-function-pointer.c::inc at 9:25
// CHECK-NEXT: address function {{.*}}construct-function-pointer.c::dec at 9:32
// CHECK-NEXT: write local apply::r at 10:7
// CHECK-NEXT: read local apply::op at 10:11
// CHECK-NEXT: read param apply::v at 10:14
// CHECK-NEXT: read-write local apply::r at 11:3
// CHECK-NEXT: address local apply::op through a pointer at 11:10
// CHECK-NEXT: read local apply::r at 11:14
// CHECK-NEXT: read local apply::r at 12:10
// Both calls read the pointer as the declaration set it.
// CHECK:      statement B1.2 at line 10: op(v)
// CHECK:      statement B1.4 at line 11: (*op)(r)
// CHECK:      flow dependence B1.1 -> B1.2 via op
// CHECK:      flow dependence B1.1 -> B1.4 via op
// CHECK:      call apply -> <pointer> at {{.*}}construct-function-pointer.c:10:11 (v) [not defined here]
// CHECK-NEXT: call apply -> <pointer> at {{.*}}construct-function-pointer.c:11:8 (r) [not defined here]

// JSON:      "call_sites": [
// JSON-NEXT:   {
// JSON-NEXT:     "arguments": [
// JSON-NEXT:       "v"
// JSON-NEXT:     ],
// JSON-NEXT:     "callee": "",
// JSON-NEXT:     "callee_defined": false,
// JSON-NEXT:     "caller": "apply",
// JSON-NEXT:     "location": {
// JSON-NEXT:       "column": 11,
// JSON-NEXT:       "file": "{{.*}}construct-function-pointer.c",
// JSON-NEXT:       "line": 10
// JSON-NEXT:     },
// JSON-NEXT:     "remote_eligible": false,
// JSON-NEXT:     "sequential": [
// JSON-NEXT:       "the call goes through a function pointer"
// JSON-NEXT:     ]
// JSON-NEXT:   },
// JSON-NEXT:   {
// JSON-NEXT:     "arguments": [
// JSON-NEXT:       "r"
// JSON-NEXT:     ],
// JSON-NEXT:     "callee": "",
// JSON-NEXT:     "callee_defined": false,
// JSON-NEXT:     "caller": "apply",
// JSON-NEXT:     "location": {
// JSON-NEXT:       "column": 8,
// JSON-NEXT:       "file": "{{.*}}construct-function-pointer.c",
// JSON-NEXT:       "line": 11
// JSON-NEXT:     },
// JSON-NEXT:     "remote_eligible": false,
// JSON-NEXT:     "sequential": [
// JSON-NEXT:       "the call goes through a function pointer"
// JSON-NEXT:     ]
// JSON-NEXT:   }
// JSON-NEXT: ],
// JSON:          "name": "op",
// JSON-NEXT:     "storage": "auto",
// JSON-NEXT:     "type": "int (*)(int)",
// JSON-NEXT:     "unique_name": "apply::op"
// JSON:          "access": "address",
// JSON-NEXT:     "kind": "function",
// JSON-NEXT:     "location": {
// JSON-NEXT:       "column": 25,
// JSON-NEXT:       "file": "{{.*}}construct-function-pointer.c",
// JSON-NEXT:       "line": 9
// JSON-NEXT:     },
// JSON-NEXT:     "name": "{{.*}}construct-function-pointer.c::inc",
// JSON-NEXT:     "through_pointer": false
// Neither call names a function: no reference calls one.
// JSON-NOT:  "access": "call"
// JSON:      "uncorrelated": []

// A function type has no size and no alignment in C.
// RUN: cleave analyze --json %s | FileCheck --check-prefix=FTYPE %s
// FTYPE:      "align": 0,
// FTYPE-NEXT: "complete": true,
// FTYPE-NEXT: "key": "int(int)",
// FTYPE-NEXT: "kind": "function",
