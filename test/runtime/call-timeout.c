// A node that stops answering: with CLEAVE_CALL_TIMEOUT a call that gets no
// reply in time fails with a message naming the call and the node, and the
// program ends with status 1 although the call never ends (clv_fail_call,
// then clv_finalize from atexit, as the generated code does). On the threads
// transport here, on mpi in mpi-call-timeout.test (which checks these lines).
// RUN: %cc -Wall -Werror %s %cleave_rt -o %t
// RUN: sh -c 'CLEAVE_NODES=2 CLEAVE_CALL_TIMEOUT=1 timeout 60 %t; echo "exit status $?"' > %t.out 2>&1
// RUN: FileCheck %s < %t.out
// CHECK: cleave: call to 'spin' failed: call to 'spin' on node 1: no reply within 1 s (CLEAVE_CALL_TIMEOUT); node 1 may have stopped or crashed
// CHECK-NOT: not reached
// CHECK: exit status 1{{$}}

#include "clv.h"

#include <stdio.h>
#include <stdlib.h>

enum { SPIN };

static volatile int forever = 1;

/// Never returns.
static clv_status spin_entry(clv_buf *args, clv_buf *result) {
  (void)args;
  (void)result;
  while (forever)
    ;
  return CLV_OK;
}

static const clv_function functions[] = {{"spin", spin_entry}};
static const clv_program program = {functions, 1};

static void stop(void) { clv_finalize(); }

int main(int argc, char **argv) {
  if (clv_init(&argc, &argv, &program) != CLV_OK) {
    fprintf(stderr, "cannot start the runtime: %s\n", clv_last_error());
    return 1;
  }
  atexit(stop);
  clv_future *f = clv_call(1, SPIN, NULL);
  if (!f || clv_wait(f, NULL) != CLV_OK)
    clv_fail_call("spin");
  printf("not reached\n");
  return 0;
}
