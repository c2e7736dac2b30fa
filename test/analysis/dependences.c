// The dependence graph: flow, anti, output and control dependences between
// statements, named by variable; through pointers and impure calls, "memory".
// RUN: cleave analyze --graphs %s | FileCheck %s
// RUN: cleave analyze --dot=ddg %s | FileCheck --check-prefix=DOT %s
// RUN: cleave analyze --dot=ddg %s | dot -Tsvg -o %t.svg
int log_value(int);
int square(int v) { return v * v; }

int f(int *p, int n) {
  int s = 0;
  int t = n;
  if (n > 0)
    s = square(n);
  t = s + 1;
  *p = t;
  s = *p;
  log_value(s);
  return s;
}

int sum(int n) {
  int total = 0;
  for (int i = 0; i < n; i++)
    total += i;
  return total;
}
// CHECK-LABEL: function f at
// CHECK:      statement B1.0 at line 14: t = s + 1
// CHECK-NEXT: statement B1.1 at line 15: *p = t
// CHECK-NEXT: statement B1.2 at line 16: s = *p
// CHECK-NEXT: statement B1.3 at line 17: log_value(s)
// CHECK:      statement B2.1 at line 13: s = square(n)
// CHECK-NEXT: statement B3.0 at line 10: int s = 0;
// CHECK-NEXT: statement B3.1 at line 11: int t = n;
// CHECK-NEXT: statement B3.2 at line 12: n > 0
// CHECK-DAG:  flow dependence B1.0 -> B1.1 via t
// CHECK-DAG:  anti dependence B1.0 -> B1.2 via s
// CHECK-DAG:  flow dependence B1.1 -> B1.2 via memory
// CHECK-DAG:  flow dependence B2.1 -> B1.0 via s
// CHECK-DAG:  flow dependence B3.0 -> B1.0 via s
// CHECK-DAG:  output dependence B3.0 -> B2.1 via s
// CHECK-DAG:  output dependence B3.1 -> B1.0 via t
// The call of an undefined function may read and write memory.
// CHECK-DAG:  flow dependence B1.1 -> B1.3 via memory
// CHECK-DAG:  output dependence B1.1 -> B1.3 via memory
// The branch controls the call of square and the assignment.
// CHECK-DAG:  control dependence B3.2 -> B2.0
// CHECK-DAG:  control dependence B3.2 -> B2.1
// square takes no pointer and touches no global: no memory edge from it.
// CHECK-NOT:  dependence B2.0 -> {{.*}} via memory
// CHECK-LABEL: function sum at
// A loop carries total and i from one iteration to the next.
// CHECK-DAG:  flow dependence {{B[0-9.]+}} -> {{B[0-9.]+}} via total
// CHECK-DAG:  anti dependence {{B[0-9.]+}} -> {{B[0-9.]+}} via i
// CHECK-DAG:  control dependence {{B[0-9.]+}} -> {{B[0-9.]+}}

// DOT: digraph ddg {
// DOT: label="f";
// DOT-DAG: [style=solid, label="s"];
// DOT-DAG: [style=dashed, label="s"];
// DOT-DAG: [style=dotted, label="s"];
// DOT-DAG: [label="C"];
