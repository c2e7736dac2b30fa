// Unions: one type table entry of kind union, every field at offset 0, the size
// of the largest field rounded up to the strictest alignment.
// RUN: cleave analyze %s | FileCheck %s
// RUN: cleave analyze --json %s | FileCheck --check-prefix=JSON %s
union cell {
  char tag;
  int word;
  double real;
  short pair[5];
};
union cell grid[4];
int peek(union cell *c) { return c->word + grid[1].tag; }

// CHECK:      type short[5]: array, 10 bytes, align 2, of short x 5
// CHECK-NEXT: type union cell@{{.*}}construct-union.c:5: union, 16 bytes, align 8
// CHECK-NEXT:   tag: char at bit 0
// CHECK-NEXT:   word: int at bit 0
// CHECK-NEXT:   real: double at bit 0
// CHECK-NEXT:   pair: short[5] at bit 0
// CHECK-NEXT: type union cell@{{.*}}construct-union.c:5 *: pointer, 8 bytes, align 8, of union cell@{{.*}}construct-union.c:5
// CHECK-NEXT: type union cell@{{.*}}construct-union.c:5[4]: array, 64 bytes, align 8, of union cell@{{.*}}construct-union.c:5 x 4
// CHECK:      read param peek::c through a pointer at 12:34
// CHECK-NEXT: read global grid at 12:44
// CHECK:      global grid at {{.*}}construct-union.c:11:12: union cell[4], extern, defined

// JSON:      "fields": [
// JSON-NEXT:   {
// JSON-NEXT:     "name": "tag",
// JSON-NEXT:     "offset_bits": 0,
// JSON-NEXT:     "type": "char"
// JSON-NEXT:   },
// JSON-NEXT:   {
// JSON-NEXT:     "name": "word",
// JSON-NEXT:     "offset_bits": 0,
// JSON-NEXT:     "type": "int"
// JSON-NEXT:   },
// JSON-NEXT:   {
// JSON-NEXT:     "name": "real",
// JSON-NEXT:     "offset_bits": 0,
// JSON-NEXT:     "type": "double"
// JSON-NEXT:   },
// JSON-NEXT:   {
// JSON-NEXT:     "name": "pair",
// JSON-NEXT:     "offset_bits": 0,
// JSON-NEXT:     "type": "short[5]"
// JSON-NEXT:   }
// JSON-NEXT: ],
// JSON-NEXT: "key": "union cell@{{.*}}construct-union.c:5",
// JSON-NEXT: "kind": "union",
// JSON-NEXT: "location": {
// JSON-NEXT:   "column": 7,
// JSON-NEXT:   "file": "{{.*}}construct-union.c",
// JSON-NEXT:   "line": 5
// JSON-NEXT: },
// JSON-NEXT: "size": 16,
// JSON-NEXT: "spelling": "union cell"
