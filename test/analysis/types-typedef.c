// A typedef chain names the type each link stands for and the struct, union,
// enum or basic type at its end.
// RUN: cleave analyze %s | FileCheck %s
typedef unsigned int word;
typedef word index_t;
typedef index_t slot_t;
typedef struct pair { int a, b; } pair_t;
typedef pair_t couple;
slot_t first;
couple both;
// CHECK: type couple@{{.*}}:8: typedef, 8 bytes, align 4, of pair_t@{{.*}}:7, anchored at struct pair@{{.*}}:7
// CHECK: type index_t@{{.*}}:5: typedef, 4 bytes, align 4, of word@{{.*}}:4, anchored at unsigned int
// CHECK: type pair_t@{{.*}}:7: typedef, 8 bytes, align 4, of struct pair@{{.*}}:7
// CHECK: type slot_t@{{.*}}:6: typedef, 4 bytes, align 4, of index_t@{{.*}}:5, anchored at unsigned int
// CHECK: type word@{{.*}}:4: typedef, 4 bytes, align 4, of unsigned int
