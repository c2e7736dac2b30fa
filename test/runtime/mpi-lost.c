// A node lost to CLEAVE_CALL_TIMEOUT on the mpi transport: the call that gets
// no reply in time fails with CLV_E_PEER_LOST, the other call still out to
// that node is canceled, a later call to it fails at once, and what the node
// answers late is dropped (node 1 calls node 0 back after its late reply, and
// messages between two ranks arrive in order: by then node 0 has received
// it). A lost node cannot stop in order, so the job ends with status 1 when
// node 0 finalizes, never a hang. mpirun's own banner for the abort may come
// between lines that node 0 printed, so the lines after the third are
// checked in order but not as adjacent.
// REQUIRES: mpi
// RUN: %cc -Wall -Werror %s %cleave_rt -o %t
// RUN: sh -c 'CLEAVE_TRANSPORT=mpi CLEAVE_CALL_TIMEOUT=1 timeout -k 10 60 %mpirun -np 3 %t; echo "exit status $?"' > %t.out 2>&1
// RUN: FileCheck %s < %t.out
// CHECK: first call: the node stopped answering: call to 'nap' on node 1: no reply within 1 s (CLEAVE_CALL_TIMEOUT); node 1 may have stopped or crashed
// CHECK-NEXT: second call: the call was canceled: call to 'nap' on node 1: canceled: node 1 was lost
// CHECK-NEXT: later call: the node stopped answering: call to 'nap' on node 1: node 1 was lost: an earlier call to it got no reply within 1 s (CLEAVE_CALL_TIMEOUT)
// CHECK: node 1 called back after its late reply
// CHECK-NOT: did not make
// CHECK: cleave: node 0: node 1 was lost (a call to it got no reply within 1 s, CLEAVE_CALL_TIMEOUT) and cannot stop in order: ending every process
// CHECK: exit status 1{{$}}

#define _POSIX_C_SOURCE 200809L

#include "clv.h"

#include <stdint.h>
#include <stdio.h>
#include <time.h>

enum { NAP, BACK };

/// Set on node 0 when node 1 calls it back.
static volatile int called_back;

/// Sleeps as many milliseconds as the message says; with none, calls node 0
/// back instead.
static clv_status nap_entry(clv_buf *args, clv_buf *result) {
  (void)result;
  uint32_t ms;
  if (clv_buf_get(args, &ms, sizeof ms) != CLV_OK)
    return CLV_E_DECODE;
  if (ms == 0) {
    clv_future *f = clv_call(0, BACK, NULL);
    return f ? clv_wait(f, NULL) : CLV_E_REMOTE_FAILED;
  }
  struct timespec nap = {ms / 1000, (long)(ms % 1000) * 1000000L};
  while (nanosleep(&nap, &nap) != 0)
    ;
  return CLV_OK;
}

/// Notes that it ran.
static clv_status back_entry(clv_buf *args, clv_buf *result) {
  (void)args;
  (void)result;
  called_back = 1;
  return CLV_OK;
}

static const clv_function functions[] = {{"nap", nap_entry},
                                         {"back", back_entry}};
static const clv_program program = {functions, 2};

static clv_future *nap_on(int node, uint32_t ms) {
  clv_buf args;
  clv_buf_init(&args);
  clv_buf_put(&args, &ms, sizeof ms);
  return clv_call(node, NAP, &args);
}

/// Waits for \p f and prints how its call ended, under \p label.
static void report(const char *label, clv_future *f) {
  clv_status status = f ? clv_wait(f, NULL) : CLV_E_USAGE;
  fprintf(stderr, "%s: %s: %s\n", label, clv_status_text(status),
          status == CLV_OK ? "" : clv_last_error());
}

int main(int argc, char **argv) {
  if (clv_init(&argc, &argv, &program) != CLV_OK) {
    fprintf(stderr, "cannot start the runtime: %s\n", clv_last_error());
    return 1;
  }
  clv_future *first = nap_on(1, 1500);
  clv_future *second = nap_on(1, 0); // queued behind it
  report("first call", first);
  report("second call", second);
  report("later call", nap_on(1, 0));
  // Node 1 answers the first call late, then runs the second, which calls
  // back: meanwhile node 0 keeps receiving, waiting on calls to node 2.
  while (!called_back) {
    clv_future *f = clv_call(2, BACK, NULL);
    if (!f || clv_wait(f, NULL) != CLV_OK)
      clv_fail_call("back");
  }
  fprintf(stderr, "node 1 called back after its late reply\n");
  return clv_finalize() == CLV_OK ? 0 : 1;
}
