// const and volatile are kept at each level of indirection.
// RUN: cleave analyze %s | FileCheck %s
const volatile int *volatile *const table;
// CHECK: type const volatile int: qualified, 4 bytes, align 4, of int [const volatile]
// CHECK-NEXT: type const volatile int *: pointer, 8 bytes, align 8, of const volatile int
// CHECK-NEXT: type const volatile int * volatile: qualified, 8 bytes, align 8, of const volatile int * [volatile]
// CHECK-NEXT: type const volatile int * volatile *: pointer, 8 bytes, align 8, of const volatile int * volatile
// CHECK-NEXT: type const volatile int * volatile * const: qualified, 8 bytes, align 8, of const volatile int * volatile * [const]
