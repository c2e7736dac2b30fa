// switch: a case falling through into the next, a default in the middle and a
// case after it; the CFG's blocks and successors, and the control dependences.
// RUN: cleave analyze --dot=cfg %s | FileCheck --check-prefix=CFG %s
// RUN: cleave analyze --graphs --json %s | FileCheck --check-prefix=JSON %s
// RUN: cleave analyze --graphs %s | FileCheck %s
int classify(int c) {
  int r = 0;
  switch (c) {
  case 1:
    r = 10;
  case 2:
    r += 2;
    break;
  default:
    r = -1;
    break;
  case 7:
    r = 7;
  }
  return r;
}

// The switch block branches to the cases in reverse source order, then to the
// default; case 1 falls through into case 2; breaks and the last case go to
// the return.
// CFG:      label="classify";
// CFG-NEXT: f0_0 [label="B0 (exit)"];
// CFG-NEXT: f0_1 [label="B1\l20: r\l20: return r;\l"];
// CFG-NEXT: f0_1 -> f0_0;
// CFG-NEXT: f0_2 [label="B2\l7: int r = 0;\l8: c\l[8: switch]\l"];
// CFG-NEXT: f0_2 -> f0_3;
// CFG-NEXT: f0_2 -> f0_5;
// CFG-NEXT: f0_2 -> f0_6;
// CFG-NEXT: f0_2 -> f0_4;
// CFG-NEXT: f0_3 [label="B3\l18: r = 7\l"];
// CFG-NEXT: f0_3 -> f0_1;
// CFG-NEXT: f0_4 [label="B4\l15: r = -1\l[16: break]\l"];
// CFG-NEXT: f0_4 -> f0_1;
// CFG-NEXT: f0_5 [label="B5\l12: r += 2\l[13: break]\l"];
// CFG-NEXT: f0_5 -> f0_1;
// CFG-NEXT: f0_6 [label="B6\l10: r = 10\l"];
// CFG-NEXT: f0_6 -> f0_5;
// CFG-NEXT: f0_7 [label="B7 (entry)"];
// CFG-NEXT: f0_7 -> f0_2;
// CFG-NEXT: }

// JSON:      "id": 2,
// JSON-NEXT: "statements": [
// JSON-NEXT:   "7: int r = 0;",
// JSON-NEXT:   "8: c"
// JSON-NEXT: ],
// JSON-NEXT: "successors": [
// JSON-NEXT:   3,
// JSON-NEXT:   5,
// JSON-NEXT:   6,
// JSON-NEXT:   4
// JSON-NEXT: ],
// JSON-NEXT: "terminator": "8: switch"
// JSON:      "id": 6,
// JSON-NEXT: "statements": [
// JSON-NEXT:   "10: r = 10"
// JSON-NEXT: ],
// JSON-NEXT: "successors": [
// JSON-NEXT:   5
// JSON-NEXT: ]
// JSON-NEXT: },
// JSON:      "entry": 7,
// JSON-NEXT: "exit": 0

// Case 2 reads r as set before the switch or by case 1 falling through; the
// return reads it from any case. Every case depends on the switch, the return
// on none.
// CHECK-LABEL: function classify at
// CHECK:      output dependence B2.0 -> B4.0 via r
// CHECK-NEXT: flow dependence B2.0 -> B5.0 via r
// CHECK-NEXT: output dependence B2.0 -> B5.0 via r
// CHECK-NEXT: output dependence B2.0 -> B6.0 via r
// CHECK-NEXT: control dependence B2.1 -> B3.0
// CHECK-NEXT: control dependence B2.1 -> B4.0
// CHECK-NEXT: control dependence B2.1 -> B5.0
// CHECK-NEXT: control dependence B2.1 -> B6.0
// CHECK-NEXT: flow dependence B3.0 -> B1.0 via r
// CHECK-NEXT: flow dependence B4.0 -> B1.0 via r
// CHECK-NEXT: flow dependence B5.0 -> B1.0 via r
// CHECK-NEXT: flow dependence B6.0 -> B5.0 via r
// CHECK-NEXT: output dependence B6.0 -> B5.0 via r
// CHECK-NOT:  control dependence {{.*}} -> B1.
