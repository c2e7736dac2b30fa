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
// CHECK:          "remote_eligible": false,
// CHECK-NEXT:     "sequential": [
// CHECK-NEXT:       "'printf' is a library function"
// CHECK-NEXT:     ]
// CHECK:      "files": [
// CHECK-NEXT:   "{{.*}}json.c"
// CHECK:      "functions": [
// CHECK:          "effects": {
// CHECK-NEXT:       "aliasing": [],
// CHECK-NEXT:       "allocation": [],
// CHECK-NEXT:       "globals_read": [],
// CHECK-NEXT:       "globals_written": [],
// CHECK-NEXT:       "io": [
// CHECK-NEXT:         {
// CHECK-NEXT:           "name": "printf"
// CHECK-NEXT:         }
// CHECK-NEXT:       ],
// CHECK-NEXT:       "other": [],
// CHECK-NEXT:       "past_array": [],
// CHECK-NEXT:       "regions": [
// CHECK-NEXT:         {
// CHECK-NEXT:           "access": "read",
// CHECK-NEXT:           "hi": "i + 1",
// CHECK-NEXT:           "lo": "i",
// CHECK-NEXT:           "param": "::table"
// CHECK-NEXT:         }
// CHECK-NEXT:       ],
// CHECK-NEXT:       "unknown_calls": []
// CHECK-NEXT:     },
// CHECK:          "name": "show",
// CHECK:          "remote_blockers": [
// CHECK-NEXT:       "does I/O through 'printf' (stdout), which stays on the node that owns it"
// CHECK-NEXT:     ],
// CHECK-NEXT:     "remote_eligible": false,
// CHECK:      "globals": [
// CHECK:          "name": "table",
// CHECK-NEXT:     "storage": "extern",
// CHECK-NEXT:     "type": "int[8]"
