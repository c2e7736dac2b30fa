// Basic types keep their modifiers, each with its size and alignment.
// RUN: cleave analyze %s | FileCheck %s
short s;
unsigned short us;
long l;
unsigned long long ull;
signed char sc;
unsigned char uc;
long double ld;
_Bool flag;
// CHECK-DAG: type _Bool: builtin, 1 bytes, align 1
// CHECK-DAG: type long: builtin, 8 bytes, align 8
// CHECK-DAG: type long double: builtin, 16 bytes, align 16
// CHECK-DAG: type short: builtin, 2 bytes, align 2
// CHECK-DAG: type signed char: builtin, 1 bytes, align 1
// CHECK-DAG: type unsigned char: builtin, 1 bytes, align 1
// CHECK-DAG: type unsigned long long: builtin, 8 bytes, align 8
// CHECK-DAG: type unsigned short: builtin, 2 bytes, align 2
