// A declaration 10,000 pointers deep: Clang parses it by growing its stack, and
// printing its type recurses as deep; the analysis must still answer.
// RUN: cleave analyze --json %s | FileCheck %s
#define P1 * * * * * * * * * *
#define P2 P1 P1 P1 P1 P1 P1 P1 P1 P1 P1
#define P3 P2 P2 P2 P2 P2 P2 P2 P2 P2 P2
#define P4 P3 P3 P3 P3 P3 P3 P3 P3 P3 P3
int P4 deep;
// CHECK: "globals": [
// CHECK: "name": "deep",
// CHECK: "type": "int *****
