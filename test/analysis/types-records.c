// Structs and unions list their fields with bit offsets; a recursive pointer
// field refers back to its own struct; an incomplete struct says so.
// RUN: cleave analyze %s | FileCheck %s
struct tree {
  struct tree *left, *right;
  char tag;
  union value { int i; double d; } v;
  unsigned bits : 3;
};
struct opaque;
struct opaque *handle;
// CHECK: type struct opaque@{{.*}}types-records.c:10: struct, incomplete
// CHECK: type struct tree@{{.*}}types-records.c:4: struct, 40 bytes, align 8
// CHECK-NEXT: left: struct tree@{{.*}}types-records.c:4 * at bit 0
// CHECK-NEXT: right: struct tree@{{.*}}types-records.c:4 * at bit 64
// CHECK-NEXT: tag: char at bit 128
// CHECK-NEXT: v: union value@{{.*}}types-records.c:7 at bit 192
// CHECK-NEXT: bits: unsigned int at bit 256
// CHECK: type union value@{{.*}}types-records.c:7: union, 8 bytes, align 8
// CHECK-NEXT: i: int at bit 0
// CHECK-NEXT: d: double at bit 0
