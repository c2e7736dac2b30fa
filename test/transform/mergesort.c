// The bundled mergesort, with no pragma (its regions are inferred): its first
// self-call becomes asynchronous, joined before the merge; the output builds
// with -Wall -Werror and prints what the sequential program prints on any
// number of nodes, with regions shared or copied.
// RUN: rm -rf %t.out
// RUN: cleave parallelize %examples/mergesort/msort.c -o %t.out 2>&1 | FileCheck --check-prefix=REMARK %s
// RUN: FileCheck --check-prefix=EMIT %s < %t.out/msort.c
// RUN: FileCheck --check-prefix=STUB %s < %t.out/cleave_stubs.c
// RUN: %cc -Wall -Werror -O2 %examples/mergesort/msort.c -o %t.seq
// RUN: %cc -Wall -Werror -O2 %t.out/msort.c %t.out/cleave_stubs.c %cleave_rt -o %t.par
// RUN: %t.seq 100003 7 > %t.expected
// RUN: env CLEAVE_NODES=1 %t.par 100003 7 | diff %t.expected -
// RUN: env CLEAVE_NODES=2 %t.par 100003 7 | diff %t.expected -
// RUN: env CLEAVE_NODES=3 %t.par 100003 7 | diff %t.expected -
// RUN: env CLEAVE_NODES=4 %t.par 100003 7 | diff %t.expected -
// RUN: env CLEAVE_NODES=8 %t.par 100003 7 | diff %t.expected -
// RUN: env CLEAVE_NODES=3 CLEAVE_PASS=copy %t.par 100003 7 | diff %t.expected -
// RUN: env CLEAVE_NODES=8 CLEAVE_PASS=copy %t.par 100003 7 | diff %t.expected -
// RUN: env CLEAVE_NODES=4 %t.par 0 | FileCheck --check-prefix=EMPTY %s
// RUN: env CLEAVE_NODES=4 %t.par 1 | FileCheck --check-prefix=ONE %s
// RUN: FileCheck --check-prefix=RESULT %s < %t.expected

// REMARK: msort.c:32:3: remark: call to 'sort' runs asynchronously on the next node of the binomial tree; joined before line 34
// REMARK: msort.c:33:3: remark: call to 'sort' stays sequential: it is the part kept on this node

// EMIT: #include "cleave_stubs.h"
// EMIT: void sort(int *a, int *tmp, int n) {
// EMIT: int half = n / 2;
// EMIT-NEXT: clv_future *cleave_f1 = sort__spawn(a, tmp, half);
// EMIT-NEXT: sort__here(a + half, tmp + half, n - half);
// EMIT-NEXT: sort__join(cleave_f1);
// EMIT-NEXT: merge(a, tmp, half, n);
// main keeps its name and code: it starts the runtime first, and every return
// stops it.
// EMIT: {{^}}int main(int argc, char **argv) { cleave_start(&argc, &argv);
// EMIT: {{^}}    return cleave_end(2);
// EMIT: {{^}}    return cleave_end(1);
// EMIT: {{^}}  return cleave_end(0);

// STUB: clv_status sort__serve(clv_buf *cleave_args, clv_buf *cleave_reply) {
// STUB: clv_future *sort__spawn(int *a, int *tmp, int n) {
// STUB: cleave_node = clv_spawn_node_for(CLEAVE_FN_sort, (size_t)0 + 2 * a__count * sizeof *a + 2 * tmp__count * sizeof *tmp);
// STUB-NEXT: if (cleave_node < 0) {
// STUB-NEXT: if (cleave_node != CLV_NOT_WORTH && clv_local_enter()) {
// STUB: clv_spawn(cleave_node, CLEAVE_FN_sort, &cleave_args);
// STUB: {"sort", sort__serve},
// STUB: void cleave_start(int *argc, char ***argv) {
// STUB-NEXT: if (cleave_mains++ > 0)
// STUB-NEXT: return;
// STUB-NEXT: if (clv_init(argc, argv, &cleave_program) != CLV_OK) {
// STUB: int cleave_end(int status) {
// STUB-NEXT: if (--cleave_mains > 0)
// STUB-NEXT: return status;
// STUB-NEXT: return clv_finalize() != CLV_OK && status == 0 ? 1 : status;
// STUB-NOT: {{^}}int main

// RESULT: n 100003 checksum {{[0-9]+}} sorted yes
// EMPTY: n 0 checksum 0 sorted yes
// ONE: n 1 checksum {{[0-9]+}} sorted yes
