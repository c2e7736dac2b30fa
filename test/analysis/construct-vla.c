// Variable-length arrays and sizeof: VLA locals keep their bounds in their
// type; the type table has one entry per element type with no static size;
// sizeof does not evaluate an operand that is not a VLA.
// RUN: cleave analyze --graphs %s -- -Wno-unevaluated-expression | FileCheck %s
// RUN: cleave analyze --graphs --json %s -- -Wno-unevaluated-expression | FileCheck --check-prefix=JSON %s
unsigned long measure(int n, int m) {
  double grid[n][m + 1];
  int fixed[4];
  unsigned long s = sizeof grid + sizeof fixed + sizeof(int[5]) + sizeof(m++);
  grid[0][m] = s;
  return s;
}

// CHECK:      type double[*]: array, 0 bytes, align {{[0-9]+}}, of double x 0
// CHECK-NEXT: type double[*][*]: array, 0 bytes, align {{[0-9]+}}, of double[*] x 0
// CHECK-NEXT: type int: builtin, 4 bytes, align 4
// CHECK-NEXT: type int[4]: array, 16 bytes, align 4, of int x 4
// CHECK-LABEL: function measure at
// CHECK:      local measure::grid: double[n][m + 1] at line 7
// CHECK-NEXT: local measure::fixed: int[4] at line 8
// CHECK-NEXT: local measure::s: unsigned long at line 9
// The operands of sizeof are not read; m++ is not run.
// CHECK:      write local measure::s at 9:17
// CHECK-NEXT: write local measure::grid at 10:3
// CHECK-NEXT: read param measure::m at 10:11
// CHECK-NEXT: read local measure::s at 10:16
// CHECK-NEXT: read local measure::s at 11:10
// The bounds are computed before the declaration, in their own statements.
// CHECK:      statement B{{[0-9]+}}.0 at line 7: m + 1
// CHECK-NEXT: statement B{{[0-9]+}}.1 at line 7: n
// CHECK-NEXT: statement B{{[0-9]+}}.2 at line 7: double grid[n][m + 1];

// JSON:          "name": "grid",
// JSON-NEXT:     "storage": "auto",
// JSON-NEXT:     "type": "double[n][m + 1]",
// JSON-NEXT:     "unique_name": "measure::grid"
// JSON:      "count": 0,
// JSON-NEXT: "key": "double[*]",
// JSON-NEXT: "kind": "array",
// JSON-NEXT: "of": "double",
// JSON-NEXT: "size": 0,
// JSON:      "key": "double[*][*]",
// JSON-NEXT: "kind": "array",
// JSON-NEXT: "of": "double[*]",
// JSON-NEXT: "size": 0,
