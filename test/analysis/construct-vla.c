// Variable-length arrays and sizeof: VLA locals keep their bounds in their
// type; the type table has one entry per element type, incomplete (its size
// is known only at run time) but with its element's alignment. Bounds are
// read where they are written: a local's at its declaration, a parameter's
// on entry, a typedef's at the typedef, a cast's and sizeof(type)'s there.
// sizeof evaluates an operand of VLA type only, reading the size the array
// keeps (or the pointer to it), not its elements.
// RUN: cleave analyze --graphs %s -- -Wno-unevaluated-expression | FileCheck %s
// RUN: cleave analyze --graphs --json %s -- -Wno-unevaluated-expression | FileCheck --check-prefix=JSON %s
unsigned long measure(int n, int m, int rows[m][n]) {
  double grid[n][m + 1];
  int fixed[4];
  unsigned long s = sizeof grid + sizeof fixed + sizeof(int[5]) + sizeof(m++);
  grid[0][m] = s;
  return s + sizeof rows[0];
}
unsigned long shapes(int n, int k) {
  typedef int line[n + 1];
  line l;
  int (*p)[k] = 0;
  unsigned long s = sizeof(double[n]) + sizeof(line) + sizeof l + sizeof *p;
  return s + sizeof p[k++] + (unsigned long)(int (*)[n])p + k;
}
int limit, next;
unsigned long sized(void) {
  int a[limit][limit];
  return sizeof a[next++];
}

// CHECK:      type double[*]: array, incomplete, of double x 0
// CHECK-NEXT: type double[*][*]: array, incomplete, of double[*] x 0
// CHECK-NEXT: type int: builtin, 4 bytes, align 4
// CHECK-NEXT: type int[*]: array, incomplete, of int x 0
// CHECK-NEXT: type int[*] *: pointer, 8 bytes, align 8, of int[*]
// CHECK-NEXT: type int[*][*]: array, incomplete, of int[*] x 0
// CHECK-NEXT: type int[4]: array, 16 bytes, align 4, of int x 4
// CHECK-NEXT: type line@{{.*}}construct-vla.c:18: typedef, incomplete, of int[*]
// CHECK-LABEL: function measure at
// CHECK:      local measure::grid: double[n][m + 1] at line 11
// CHECK-NEXT: local measure::fixed: int[4] at line 12
// CHECK-NEXT: local measure::s: unsigned long at line 13
// A parameter's bounds are read on entry, a local's at its declaration.
// CHECK-NEXT: read param measure::m at 10:46
// CHECK-NEXT: read param measure::n at 10:49
// CHECK-NEXT: read param measure::n at 11:15
// CHECK-NEXT: read param measure::m at 11:18
// sizeof grid reads grid's size; the other operands are not evaluated, and
// m++ is not run.
// CHECK-NEXT: write local measure::s at 13:17
// CHECK-NEXT: read local measure::grid at 13:28
// CHECK-NEXT: write local measure::grid at 14:3
// CHECK-NEXT: read param measure::m at 14:11
// CHECK-NEXT: read local measure::s at 14:16
// CHECK-NEXT: read local measure::s at 15:10
// CHECK-NEXT: read param measure::rows at 15:21
// The bounds are computed before the declaration, in their own statements.
// CHECK:      statement B{{[0-9]+}}.0 at line 11: m + 1
// CHECK-NEXT: statement B{{[0-9]+}}.1 at line 11: n
// CHECK-NEXT: statement B{{[0-9]+}}.2 at line 11: double grid[n][m + 1];
// An array's size does not change: reading it meets no write of the array.
// CHECK-NOT:  dependence {{.*}} via grid
// CHECK-LABEL: function shapes at
// A typedef's bound is read at the typedef, not where it is used; a pointer
// to a VLA reads its bound; sizeof *p and sizeof p[k++] read p, not what it
// points to, and the latter runs k++; a cast to a pointer to a VLA reads n.
// CHECK:      read param shapes::n at 18:20
// CHECK-NEXT: write local shapes::p at 20:9
// CHECK-NEXT: read param shapes::k at 20:12
// CHECK-NEXT: write local shapes::s at 21:17
// CHECK-NEXT: read param shapes::n at 21:35
// CHECK-NEXT: read local shapes::l at 21:63
// CHECK-NEXT: read local shapes::p at 21:75
// CHECK-NEXT: read local shapes::s at 22:10
// CHECK-NEXT: read local shapes::p at 22:21
// CHECK-NEXT: read-write param shapes::k at 22:23
// CHECK-NEXT: read param shapes::n at 22:54
// CHECK-NEXT: read local shapes::p at 22:57
// CHECK-NEXT: read param shapes::k at 22:61
// CHECK:      statement B1.3 at line 20: int (*p)[k] = 0;
// CHECK:      statement B1.6 at line 22: s + sizeof p[k++] + (unsigned long)(int (*)[n])p + k
// CHECK:      anti dependence B1.3 -> B1.6 via k
// The effects see the same: the bounds read limit, the operand writes next.
// CHECK-LABEL: function sized at
// CHECK:      region: ::limit[0:1] (read, inferred)
// CHECK-NEXT: region: ::next[0:1] (read-write, inferred)
// CHECK:      read global limit at 26:9
// CHECK-NEXT: read global limit at 26:16
// CHECK-NEXT: read local sized::a at 27:17
// CHECK-NEXT: read-write global next at 27:19

// JSON:          "name": "grid",
// JSON-NEXT:     "storage": "auto",
// JSON-NEXT:     "type": "double[n][m + 1]",
// JSON-NEXT:     "unique_name": "measure::grid"
// JSON:      "spelling": "double"
// JSON-NEXT: },
// JSON-NEXT: {
// JSON-NEXT:   "align": 8,
// JSON-NEXT:   "complete": false,
// JSON-NEXT:   "count": 0,
// JSON-NEXT:   "key": "double[*]",
// JSON-NEXT:   "kind": "array",
// JSON-NEXT:   "of": "double",
// JSON-NEXT:   "size": 0,
// JSON-NEXT:   "spelling": "double[{{.*}}]"
// JSON-NEXT: },
// JSON-NEXT: {
// JSON-NEXT:   "align": 8,
// JSON-NEXT:   "complete": false,
// JSON-NEXT:   "count": 0,
// JSON-NEXT:   "key": "double[*][*]",
// JSON-NEXT:   "kind": "array",
// JSON-NEXT:   "of": "double[*]",
// JSON-NEXT:   "size": 0,
// JSON:      "spelling": "int"
// JSON-NEXT: },
// JSON-NEXT: {
// JSON-NEXT:   "align": 4,
// JSON-NEXT:   "complete": false,
// JSON-NEXT:   "count": 0,
// JSON-NEXT:   "key": "int[*]",
// JSON-NEXT:   "kind": "array",
// JSON-NEXT:   "of": "int",
// JSON-NEXT:   "size": 0,
// JSON-NEXT:   "spelling": "int[*]"
