// Enumerations list their constants and values, over their integer type.
// RUN: cleave analyze --json %s | FileCheck %s
enum level { LOW = -1, MID, HIGH = 10 } current;
// CHECK:      "constants": [
// CHECK-NEXT:   {
// CHECK-NEXT:     "name": "LOW",
// CHECK-NEXT:     "value": -1
// CHECK-NEXT:   },
// CHECK-NEXT:   {
// CHECK-NEXT:     "name": "MID",
// CHECK-NEXT:     "value": 0
// CHECK-NEXT:   },
// CHECK-NEXT:   {
// CHECK-NEXT:     "name": "HIGH",
// CHECK-NEXT:     "value": 10
// CHECK-NEXT:   }
// CHECK-NEXT: ],
// CHECK:      "key": "enum level@{{.*}}types-enum.c:3",
// CHECK-NEXT: "kind": "enum",
// CHECK:      "of": "int",
