// --dot draws the call and control-flow graphs for Graphviz; --graphs adds the latter to the JSON.
// RUN: cleave analyze --dot=callgraph %s | FileCheck --check-prefix=CALLS %s
// RUN: cleave analyze --dot=cfg %s | FileCheck --check-prefix=CFG %s
// RUN: cleave analyze --dot=callgraph %s | dot -Tsvg -o %t.calls.svg
// RUN: cleave analyze --dot=cfg %s | dot -Tsvg -o %t.cfg.svg
// RUN: cleave analyze --graphs --json %s | FileCheck --check-prefix=JSON %s
// RUN: cleave analyze --json %s | FileCheck --check-prefix=NOGRAPHS %s
int printf(const char *, ...);

int count(int n) {
  int c = 0;
  while (n > 0) {
    if (n % 2)
      c++;
    n /= 2;
  }
  return c;
}

int tree(int d) { return d ? tree(d - 1) + tree(d - 1) : count(d); }

int main(void) { return printf("%d\n", tree(3)) < 0; }

// CALLS:      digraph callgraph {
// CALLS-DAG:  "count" [shape=box];
// CALLS-DAG:  "printf" [shape=ellipse, style=dashed];
// CALLS-DAG:  "tree" [shape=box, penwidth=2];
// CALLS-DAG:  "tree" -> "tree" [label="2"];
// CALLS-DAG:  "tree" -> "count";
// CALLS-DAG:  "main" -> "printf";

// CFG:      subgraph cluster_0 {
// CFG-NEXT:   label="count";
// CFG-DAG:    f0_{{[0-9]+}} [label="B{{[0-9]+}}\l12: n > 0\l[12: while]\l"];
// CFG-DAG:    f0_{{[0-9]+}} [label="B{{[0-9]+}}\l13: n % 2\l[13: if]\l"];

// The entry block is the highest numbered; the exit block is 0.
// JSON:      "control_flow": {
// JSON:        "entry": 8,
// JSON-NEXT:   "exit": 0
// JSON:      "name": "count",

// NOGRAPHS-NOT: "blocks"
// NOGRAPHS:     "control_flow": null,
// NOGRAPHS-NOT: "blocks"
