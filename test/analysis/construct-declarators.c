// Several declarators in one declaration, at file scope and in a function:
// each variable gets its own entry with its own type, place and storage.
// RUN: cleave analyze --graphs %s | FileCheck %s
// RUN: cleave analyze --graphs --json %s | FileCheck --check-prefix=JSON %s
int a, *pa = &a, arr[3], (*fp)(int);
static double lo = 1.0, hi;
int spread(int k) {
  int i = k, j, *p = &j, v[2] = { 4, 5 };
  static int calls, seen = 2;
  j = i + v[1];
  calls++;
  return *p + seen + a + arr[0];
}

// CHECK-LABEL: function spread at
// CHECK:      local spread::i: int at line 8
// CHECK-NEXT: local spread::j: int at line 8
// CHECK-NEXT: local spread::p: int * at line 8
// CHECK-NEXT: local spread::v: int[2] at line 8
// CHECK-NEXT: local spread::calls: int, static at line 9
// CHECK-NEXT: local spread::seen: int, static at line 9
// Each initialized declarator writes its own variable; j has none. A static
// local is initialized once, before the program starts: no call writes seen
// at its declaration.
// CHECK-NEXT: write local spread::i at 8:7
// CHECK-NEXT: read param spread::k at 8:11
// CHECK-NEXT: write local spread::p at 8:18
// CHECK-NEXT: address local spread::j at 8:23
// CHECK-NEXT: write local spread::v at 8:26
// CHECK-NEXT: write local spread::j at 10:3
// CHECK-NEXT: read local spread::i at 10:7
// CHECK-NEXT: read local spread::v at 10:11
// CHECK-NEXT: read-write local spread::calls at 11:3
// The declarators are one statement each.
// CHECK:      statement B1.0 at line 8: int i = k;
// CHECK-NEXT: statement B1.1 at line 8: int j;
// CHECK-NEXT: statement B1.2 at line 8: int *p = &j;
// CHECK-NEXT: statement B1.3 at line 8: int v[2] = {4, 5};
// CHECK:      flow dependence B1.0 -> B1.6 via i
// CHECK-NEXT: flow dependence B1.2 -> B1.8 via p
// CHECK-NEXT: flow dependence B1.3 -> B1.6 via v
// Nor does the statement of the static local's declaration.
// CHECK-NOT:  via seen
// CHECK:      global a at {{.*}}construct-declarators.c:5:5: int, extern, defined
// CHECK-NEXT: global arr at {{.*}}construct-declarators.c:5:18: int[3], extern, defined
// CHECK-NEXT: global fp at {{.*}}construct-declarators.c:5:28: int (*)(int), extern, defined
// CHECK-NEXT: global hi at {{.*}}construct-declarators.c:6:25: double, static, defined
// CHECK-NEXT: global lo at {{.*}}construct-declarators.c:6:15: double, static, defined, initialized
// CHECK-NEXT: global pa at {{.*}}construct-declarators.c:5:9: int *, extern, defined, initialized

// JSON:      "locals": [
// JSON-NEXT:   {
// JSON-NEXT:     "location": {
// JSON-NEXT:       "column": 7,
// JSON-NEXT:       "file": "{{.*}}construct-declarators.c",
// JSON-NEXT:       "line": 8
// JSON-NEXT:     },
// JSON-NEXT:     "name": "i",
// JSON-NEXT:     "storage": "auto",
// JSON-NEXT:     "type": "int",
// JSON-NEXT:     "unique_name": "spread::i"
// JSON-NEXT:   },
// JSON-NEXT:   {
// JSON-NEXT:     "location": {
// JSON-NEXT:       "column": 14,
// JSON-NEXT:       "file": "{{.*}}construct-declarators.c",
// JSON-NEXT:       "line": 8
// JSON-NEXT:     },
// JSON-NEXT:     "name": "j",
// JSON:          "name": "seen",
// JSON-NEXT:     "storage": "static",
// JSON-NEXT:     "type": "int",
// JSON-NEXT:     "unique_name": "spread::seen"
// JSON:      "globals": [
// JSON-NEXT:   {
// JSON-NEXT:     "defined": true,
// JSON-NEXT:     "initialized": false,
// JSON-NEXT:     "location": {
// JSON-NEXT:       "column": 5,
// JSON-NEXT:       "file": "{{.*}}construct-declarators.c",
// JSON-NEXT:       "line": 5
// JSON-NEXT:     },
// JSON-NEXT:     "name": "a",
// JSON-NEXT:     "storage": "extern",
// JSON-NEXT:     "type": "int"
// JSON:          "name": "hi",
// JSON-NEXT:     "storage": "static",
// JSON-NEXT:     "type": "double"
// JSON-NEXT:   },
// JSON-NEXT:   {
// JSON-NEXT:     "defined": true,
// JSON-NEXT:     "initialized": true,
// JSON-NEXT:     "location": {
// JSON-NEXT:       "column": 15,
// JSON-NEXT:       "file": "{{.*}}construct-declarators.c",
// JSON-NEXT:       "line": 6
// JSON-NEXT:     },
// JSON-NEXT:     "name": "lo",
// JSON-NEXT:     "storage": "static",
// JSON-NEXT:     "type": "double"
