// Locals of nested blocks are named by their block, so that names are unique
// across scopes; static and register locals say so.
// RUN: cleave analyze --json %s | FileCheck %s
int f(int n) {
  int x = n;
  static int calls;
  calls++;
  {
    register int x = 2;
    n += x;
    {
      int x = 3;
      n += x;
    }
  }
  return x + n;
}
// CHECK:      "locals": [
// CHECK:          "name": "x",
// CHECK-NEXT:     "storage": "auto",
// CHECK-NEXT:     "type": "int",
// CHECK-NEXT:     "unique_name": "f::x"
// CHECK:          "name": "calls",
// CHECK-NEXT:     "storage": "static",
// CHECK-NEXT:     "type": "int",
// CHECK-NEXT:     "unique_name": "f::calls"
// CHECK:          "name": "x",
// CHECK-NEXT:     "storage": "register",
// CHECK-NEXT:     "type": "int",
// CHECK-NEXT:     "unique_name": "f::b8.3::x"
// CHECK:          "name": "x",
// CHECK-NEXT:     "storage": "auto",
// CHECK-NEXT:     "type": "int",
// CHECK-NEXT:     "unique_name": "f::b8.3::b11.5::x"
// The inner x is the one read at line 13; the outer at line 16.
// CHECK:          "references": [
// CHECK:          "line": 13
// CHECK:          "name": "f::b8.3::b11.5::x",
// CHECK:          "line": 16
// CHECK:          "name": "f::x",
