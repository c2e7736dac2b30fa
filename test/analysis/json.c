// The JSON model: stable keys, functions sorted by name, every blocker listed.
// RUN: cleave analyze --json %s -- -DSIZE=8 | FileCheck %s

#include <stdio.h>

int table[SIZE];

void show(int i) { printf("%d\n", table[i]); }

// CHECK:      "call_sites": [
// CHECK:          "arguments": [
// CHECK-NEXT:       "\"%d\\n\"",
// CHECK-NEXT:       "table[i]"
// CHECK-NEXT:     ],
// CHECK-NEXT:     "callee": "printf",
// CHECK-NEXT:     "callee_defined": false,
// CHECK-NEXT:     "caller": "show",
// CHECK:      "files": [
// CHECK-NEXT:   "{{.*}}json.c"
// CHECK:      "functions": [
// CHECK:          "name": "show",
// CHECK:          "remote_blockers": [
// CHECK-NEXT:       "does I/O through 'printf' (stdout), which stays on the node that owns it",
// CHECK-NEXT:       "reads or writes global 'table'"
// CHECK-NEXT:     ],
// CHECK-NEXT:     "remote_eligible": false,
// CHECK:      "globals": [
// CHECK:          "name": "table",
// CHECK-NEXT:     "storage": "extern",
// CHECK-NEXT:     "type": "int[8]"
