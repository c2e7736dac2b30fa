// Bit-fields: fields packed into one storage unit at consecutive bit offsets,
// a zero-width bit-field moving the next to a new unit, a field that would
// straddle its type's alignment moved past it; written and read through a
// pointer like any field.
// RUN: cleave analyze %s | FileCheck %s
// RUN: cleave analyze --json %s | FileCheck --check-prefix=JSON %s
struct flags {
  unsigned ready : 1;
  unsigned mode : 3;
  unsigned : 0;
  unsigned level : 5;
  signed delta : 4;
  unsigned char kind;
  unsigned long wide : 40;
};
struct flags current;
void set(struct flags *f) { f->mode = 2; f->wide = current.level; }

// CHECK:      type struct flags@{{.*}}construct-bitfields.c:7: struct, 16 bytes, align 8
// CHECK-NEXT:   ready: unsigned int at bit 0
// CHECK-NEXT:   mode: unsigned int at bit 1
// CHECK-NEXT:   : unsigned int at bit 32
// CHECK-NEXT:   level: unsigned int at bit 32
// CHECK-NEXT:   delta: int at bit 37
// CHECK-NEXT:   kind: unsigned char at bit 48
// CHECK-NEXT:   wide: unsigned long at bit 64
// CHECK-NEXT: type struct flags@{{.*}}construct-bitfields.c:7 *: pointer
// CHECK-LABEL: function set at
// CHECK:      write param set::f through a pointer at 17:29
// CHECK-NEXT: write param set::f through a pointer at 17:42
// CHECK-NEXT: read global current at 17:52
// CHECK:      global current at {{.*}}construct-bitfields.c:16:14: struct flags, extern, defined

// The unnamed bit-field has an empty name.
// JSON:      "fields": [
// JSON-NEXT:   {
// JSON-NEXT:     "name": "ready",
// JSON-NEXT:     "offset_bits": 0,
// JSON-NEXT:     "type": "unsigned int"
// JSON-NEXT:   },
// JSON-NEXT:   {
// JSON-NEXT:     "name": "mode",
// JSON-NEXT:     "offset_bits": 1,
// JSON-NEXT:     "type": "unsigned int"
// JSON-NEXT:   },
// JSON-NEXT:   {
// JSON-NEXT:     "name": "",
// JSON-NEXT:     "offset_bits": 32,
// JSON-NEXT:     "type": "unsigned int"
// JSON-NEXT:   },
// JSON-NEXT:   {
// JSON-NEXT:     "name": "level",
// JSON-NEXT:     "offset_bits": 32,
// JSON-NEXT:     "type": "unsigned int"
// JSON-NEXT:   },
// JSON-NEXT:   {
// JSON-NEXT:     "name": "delta",
// JSON-NEXT:     "offset_bits": 37,
// JSON-NEXT:     "type": "int"
// JSON-NEXT:   },
// JSON-NEXT:   {
// JSON-NEXT:     "name": "kind",
// JSON-NEXT:     "offset_bits": 48,
// JSON-NEXT:     "type": "unsigned char"
// JSON-NEXT:   },
// JSON-NEXT:   {
// JSON-NEXT:     "name": "wide",
// JSON-NEXT:     "offset_bits": 64,
// JSON-NEXT:     "type": "unsigned long"
// JSON-NEXT:   }
// JSON-NEXT: ],
// JSON-NEXT: "key": "struct flags@{{.*}}construct-bitfields.c:7",
// JSON-NEXT: "kind": "struct",
// JSON-NEXT: "location": {
// JSON-NEXT:   "column": 8,
// JSON-NEXT:   "file": "{{.*}}construct-bitfields.c",
// JSON-NEXT:   "line": 7
// JSON-NEXT: },
// JSON-NEXT: "size": 16,
// JSON-NEXT: "spelling": "struct flags"
