// goto and labels: a backward goto makes a loop, forward gotos leave it for
// labelled returns; a GNU computed goto branches to every address-taken label.
// RUN: cleave analyze --dot=cfg %s -- -std=gnu99 | FileCheck %s
// RUN: cleave analyze --graphs --json %s -- -std=gnu99 | FileCheck --check-prefix=JSON %s
int find(const int *v, int n, int key) {
  int i = 0;
again:
  if (i >= n)
    goto missing;
  if (v[i] == key)
    goto found;
  i++;
  goto again;
found:
  return i;
missing:
  return -1;
}

int pick(int i) {
  static void *table[] = { &&one, &&two };
  int r = 0;
  goto *table[i & 1];
one:
  r = 1;
  goto done;
two:
  r = 2;
done:
  return r;
}

// CHECK:      label="find";
// CHECK-NEXT: f0_0 [label="B0 (exit)"];
// CHECK-NEXT: f0_1 [label="B1\l17: -1\l17: return -1;\l"];
// CHECK-NEXT: f0_1 -> f0_0;
// CHECK-NEXT: f0_2 [label="B2\l15: i\l15: return i;\l"];
// CHECK-NEXT: f0_2 -> f0_0;
// The backward goto returns to the test after the label 'again'.
// CHECK-NEXT: f0_3 [label="B3\l12: i++\l[13: goto]\l"];
// CHECK-NEXT: f0_3 -> f0_7;
// CHECK-NEXT: f0_4 [label="B4\l[11: goto]\l"];
// CHECK-NEXT: f0_4 -> f0_2;
// CHECK-NEXT: f0_5 [label="B5\l10: v[i] == key\l[10: if]\l"];
// CHECK-NEXT: f0_5 -> f0_4;
// CHECK-NEXT: f0_5 -> f0_3;
// CHECK-NEXT: f0_6 [label="B6\l[9: goto]\l"];
// CHECK-NEXT: f0_6 -> f0_1;
// CHECK-NEXT: f0_7 [label="B7\l8: i >= n\l[8: if]\l"];
// CHECK-NEXT: f0_7 -> f0_6;
// CHECK-NEXT: f0_7 -> f0_5;
// CHECK-NEXT: f0_8 [label="B8\l6: int i = 0;\l"];
// CHECK-NEXT: f0_8 -> f0_7;
// CHECK-NEXT: f0_9 [label="B9 (entry)"];
// CHECK-NEXT: f0_9 -> f0_8;
// CHECK-NEXT: }

// The computed goto ends its block in a dispatch block with an edge to each
// label whose address is taken.
// CHECK:      label="pick";
// CHECK-NEXT: f1_0 [label="B0 (exit)"];
// CHECK-NEXT: f1_1 [label="B1\l30: r\l30: return r;\l"];
// CHECK-NEXT: f1_1 -> f1_0;
// CHECK-NEXT: f1_2 [label="B2\l28: r = 2\l"];
// CHECK-NEXT: f1_2 -> f1_1;
// CHECK-NEXT: f1_3 [label="B3\l25: r = 1\l[26: goto]\l"];
// CHECK-NEXT: f1_3 -> f1_1;
// CHECK-NEXT: f1_4 [label="B4"];
// CHECK-NEXT: f1_4 -> f1_2;
// CHECK-NEXT: f1_4 -> f1_3;
// CHECK-NEXT: f1_5 [label="B5\l21: static void *table[] = {&&one, &&two};\l22: int r = 0;\l23: table[i & 1]\l[23: goto *]\l"];
// CHECK-NEXT: f1_5 -> f1_4;
// CHECK-NEXT: f1_6 [label="B6 (entry)"];
// CHECK-NEXT: f1_6 -> f1_5;
// CHECK-NEXT: }

// JSON:      "id": 6,
// JSON-NEXT: "statements": [],
// JSON-NEXT: "successors": [
// JSON-NEXT:   1
// JSON-NEXT: ],
// JSON-NEXT: "terminator": "9: goto"
// JSON:      "entry": 9,
// JSON-NEXT: "exit": 0
// JSON:      "name": "find",
// JSON:      "entry": 6,
// JSON-NEXT: "exit": 0
// JSON:      "name": "pick",
