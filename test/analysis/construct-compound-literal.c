// Compound literals and designated initializers: an array's size follows its
// highest designated index; the reads inside initializers and literals are
// references, in source order (not field order); literals name nothing.
// RUN: cleave analyze --graphs %s | FileCheck %s
// RUN: cleave analyze --graphs --json %s | FileCheck --check-prefix=JSON %s
struct pt { int x, y, z; };
struct pt origin = { .y = 2, .x = 1 };
int sparse[] = { [9] = 1, [2] = 5 };
int scale;
int norm1(struct pt *p);
int use(int k) {
  struct pt a = { .z = k, .x = sparse[k] };
  int *v = (int[]){ k, k + scale, 7 };
  a.y = norm1(&(struct pt){ .z = k });
  return a.y + v[2] + (struct pt){ 1, 2, 3 }.z;
}

// CHECK:      type int[10]: array, 40 bytes, align 4, of int x 10
// CHECK:      type struct pt@{{.*}}construct-compound-literal.c:6: struct, 12 bytes, align 4
// CHECK-NEXT:   x: int at bit 0
// CHECK-NEXT:   y: int at bit 32
// CHECK-NEXT:   z: int at bit 64
// CHECK-LABEL: function use at
// CHECK:      local use::a: struct pt at line 12
// CHECK-NEXT: local use::v: int * at line 13
// The initializer's references are in source order, not in field order.
// CHECK-NEXT: write local use::a at 12:13
// CHECK-NEXT: read param use::k at 12:24
// CHECK-NEXT: read global sparse at 12:32
// CHECK-NEXT: read param use::k at 12:39
// CHECK-NEXT: write local use::v at 13:8
// CHECK-NEXT: read param use::k at 13:21
// CHECK-NEXT: read param use::k at 13:24
// CHECK-NEXT: read global scale at 13:28
// CHECK-NEXT: write local use::a at 14:3
// CHECK-NEXT: call function norm1 at 14:9
// CHECK-NEXT: read param use::k at 14:34
// CHECK-NEXT: read local use::a at 15:10
// CHECK-NEXT: read local use::v through a pointer at 15:16
// CHECK-NOT:  use::
// CHECK:      statement B1.0 at line 12: struct pt a = {.z = k, .x = sparse[k]};
// CHECK-NEXT: statement B1.1 at line 13: int *v = (int[3]){k, k + scale, 7};
// CHECK:      global origin at {{.*}}construct-compound-literal.c:7:11: struct pt, extern, defined, initialized
// CHECK-NEXT: global scale at {{.*}}construct-compound-literal.c:9:5: int, extern, defined
// CHECK-NEXT: global sparse at {{.*}}construct-compound-literal.c:8:5: int[10], extern, defined, initialized
// CHECK:      call use -> norm1 at {{.*}}construct-compound-literal.c:14:9 (&(struct pt){ .z = k }) [not defined here]

// JSON:      "call_sites": [
// JSON-NEXT:   {
// JSON-NEXT:     "arguments": [
// JSON-NEXT:       "&(struct pt){ .z = k }"
// JSON-NEXT:     ],
// JSON-NEXT:     "callee": "norm1",
// JSON-NEXT:     "callee_defined": false,
// JSON:      "globals": [
// JSON-NEXT:   {
// JSON-NEXT:     "defined": true,
// JSON-NEXT:     "initialized": true,
// JSON-NEXT:     "location": {
// JSON-NEXT:       "column": 11,
// JSON-NEXT:       "file": "{{.*}}construct-compound-literal.c",
// JSON-NEXT:       "line": 7
// JSON-NEXT:     },
// JSON-NEXT:     "name": "origin",
// JSON-NEXT:     "storage": "extern",
// JSON-NEXT:     "type": "struct pt"
// JSON-NEXT:   },
// JSON-NEXT:   {
// JSON-NEXT:     "defined": true,
// JSON-NEXT:     "initialized": false,
// JSON:          "name": "scale",
// JSON:          "defined": true,
// JSON-NEXT:     "initialized": true,
// JSON:          "name": "sparse",
// JSON-NEXT:     "storage": "extern",
// JSON-NEXT:     "type": "int[10]"
