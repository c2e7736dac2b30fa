// The conditional and comma operators: each operand referenced where it stands,
// the arms under their condition, the comma's operands in order.
// RUN: cleave analyze --graphs %s | FileCheck %s
// RUN: cleave analyze --dot=cfg %s | FileCheck --check-prefix=CFG %s
int pick(int a, int b, int *p) {
  int m, t;
  m = a > b ? a : b;
  t = (a++, b += a, a * b);
  *(a ? p : &t) = m;
  return t;
}

// CHECK-LABEL: function pick at
// CHECK:      local pick::m: int at line 6
// CHECK-NEXT: local pick::t: int at line 6
// CHECK-NEXT: write local pick::m at 7:3
// CHECK-NEXT: read param pick::a at 7:7
// CHECK-NEXT: read param pick::b at 7:11
// CHECK-NEXT: read param pick::a at 7:15
// CHECK-NEXT: read param pick::b at 7:19
// CHECK-NEXT: write local pick::t at 8:3
// CHECK-NEXT: read-write param pick::a at 8:8
// CHECK-NEXT: read-write param pick::b at 8:13
// CHECK-NEXT: read param pick::a at 8:18
// CHECK-NEXT: read param pick::a at 8:21
// CHECK-NEXT: read param pick::b at 8:25
// An arm of a conditional assigned through passes the write on to the pointer.
// CHECK-NEXT: read param pick::a at 9:5
// CHECK-NEXT: write param pick::p through a pointer at 9:9
// CHECK-NEXT: address local pick::t at 9:14
// CHECK-NEXT: read local pick::m at 9:19
// CHECK-NEXT: read local pick::t at 10:10
// CHECK:      statement B4.2 at line 8: a++
// CHECK-NEXT: statement B4.3 at line 8: b += a
// CHECK:      statement B5.0 at line 7: a
// CHECK-NEXT: statement B6.0 at line 7: b
// CHECK-NEXT: statement B7.0 at line 6: int m;
// CHECK-NEXT: statement B7.1 at line 6: int t;
// CHECK-NEXT: statement B7.2 at line 7: a > b
// The left operand of a comma runs before the right one; the arms of a
// conditional read before the comma's operands write.
// CHECK-DAG:  flow dependence B4.2 -> B4.3 via a
// CHECK-DAG:  anti dependence B5.0 -> B4.2 via a
// CHECK-DAG:  anti dependence B6.0 -> B4.3 via b
// CHECK-DAG:  anti dependence B7.2 -> B4.2 via a
// CHECK-DAG:  anti dependence B7.2 -> B4.3 via b
// CHECK-DAG:  flow dependence B4.1 -> B1.1 via m
// Writing through the conditional may write t, whose address is taken.
// CHECK-DAG:  output dependence B4.7 -> B1.1 via t
// CHECK-DAG:  flow dependence B1.1 -> B1.2 via t
// Each arm runs or not by its condition.
// CHECK-DAG:  control dependence B7.2 -> B5.0
// CHECK-DAG:  control dependence B7.2 -> B6.0
// CHECK-DAG:  control dependence B4.8 -> B2.0
// CHECK-DAG:  control dependence B4.8 -> B3.0

// CFG:      f0_4 [label="B4\l7: a > b ? a : b\l7: m = a > b ? a : b\l8: a++\l8: b += a\l8: a++ , b += a\l8: a * b\l8: a++ , b += a , a * b\l8: t = (a++ , b += a , a * b)\l9: a\l[9: ?:]\l"];
// CFG-NEXT: f0_4 -> f0_2;
// CFG-NEXT: f0_4 -> f0_3;
// CFG-NEXT: f0_5 [label="B5\l7: a\l"];
// CFG-NEXT: f0_5 -> f0_4;
// CFG-NEXT: f0_6 [label="B6\l7: b\l"];
// CFG-NEXT: f0_6 -> f0_4;
// CFG-NEXT: f0_7 [label="B7\l6: int m;\l6: int t;\l7: a > b\l[7: ?:]\l"];
// CFG-NEXT: f0_7 -> f0_5;
// CFG-NEXT: f0_7 -> f0_6;
