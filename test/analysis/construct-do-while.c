// do-while with continue and break: the body runs before the first test,
// continue goes to the test, break leaves the loop, the test loops back.
// RUN: cleave analyze --dot=cfg %s | FileCheck %s
// RUN: cleave analyze --graphs --json %s | FileCheck --check-prefix=JSON %s
int drain(int n) {
  int left = 0;
  do {
    n--;
    if (n % 3 == 0)
      continue;
    if (n < 0)
      break;
    left++;
  } while (n > 0);
  return left;
}

// CHECK:      label="drain";
// CHECK-NEXT: f0_0 [label="B0 (exit)"];
// CHECK-NEXT: f0_1 [label="B1\l15: left\l15: return left;\l"];
// CHECK-NEXT: f0_1 -> f0_0;
// The test: true goes back to the body (through an empty block), false leaves.
// CHECK-NEXT: f0_2 [label="B2\l14: n > 0\l[7: do-while]\l"];
// CHECK-NEXT: f0_2 -> f0_8;
// CHECK-NEXT: f0_2 -> f0_1;
// CHECK-NEXT: f0_3 [label="B3\l13: left++\l"];
// CHECK-NEXT: f0_3 -> f0_2;
// break goes to the return, past the test.
// CHECK-NEXT: f0_4 [label="B4\l[12: break]\l"];
// CHECK-NEXT: f0_4 -> f0_1;
// CHECK-NEXT: f0_5 [label="B5\l11: n < 0\l[11: if]\l"];
// CHECK-NEXT: f0_5 -> f0_4;
// CHECK-NEXT: f0_5 -> f0_3;
// continue goes to the test, not to the top of the body.
// CHECK-NEXT: f0_6 [label="B6\l[10: continue]\l"];
// CHECK-NEXT: f0_6 -> f0_2;
// CHECK-NEXT: f0_7 [label="B7\l8: n--\l9: n % 3 == 0\l[9: if]\l"];
// CHECK-NEXT: f0_7 -> f0_6;
// CHECK-NEXT: f0_7 -> f0_5;
// CHECK-NEXT: f0_8 [label="B8"];
// CHECK-NEXT: f0_8 -> f0_7;
// The body is entered first without a test.
// CHECK-NEXT: f0_9 [label="B9\l6: int left = 0;\l"];
// CHECK-NEXT: f0_9 -> f0_7;
// CHECK-NEXT: f0_10 [label="B10 (entry)"];
// CHECK-NEXT: f0_10 -> f0_9;
// CHECK-NEXT: }

// JSON:      "id": 2,
// JSON-NEXT: "statements": [
// JSON-NEXT:   "14: n > 0"
// JSON-NEXT: ],
// JSON-NEXT: "successors": [
// JSON-NEXT:   8,
// JSON-NEXT:   1
// JSON-NEXT: ],
// JSON-NEXT: "terminator": "7: do-while"
// JSON:      "id": 6,
// JSON-NEXT: "statements": [],
// JSON-NEXT: "successors": [
// JSON-NEXT:   2
// JSON-NEXT: ],
// JSON-NEXT: "terminator": "10: continue"
// JSON:      "entry": 10,
// JSON-NEXT: "exit": 0
