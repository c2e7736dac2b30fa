// The waits of clv.h on the mpi transport: a timed wait that runs out, tests
// that poll until the reply is in, a wait for any of several futures, and a
// call to the node itself.
// REQUIRES: mpi
// RUN: %cc -Wall -Werror %s %cleave_rt -o %t
// RUN: env CLEAVE_TRANSPORT=mpi timeout 60 %mpirun -np 3 %t | FileCheck %s
// CHECK: timed wait: the wait timed out: call to 'slow' on node 1: no reply within 0 s
// CHECK-NEXT: tests: completed, then wait: no error, from node 1
// CHECK-NEXT: wait for any: 2 completed
// CHECK-NEXT: call to itself: no error, from node 0

#define _POSIX_C_SOURCE 200809L

#include "clv.h"

#include <stdint.h>
#include <stdio.h>
#include <time.h>

enum { SLOW, WHERE };

/// Works for a tenth of a second, then replies with its node.
static clv_status slow_entry(clv_buf *args, clv_buf *result) {
  (void)args;
  struct timespec start, now;
  clock_gettime(CLOCK_MONOTONIC, &start);
  do
    clock_gettime(CLOCK_MONOTONIC, &now);
  while ((now.tv_sec - start.tv_sec) * 1000000000L +
             (now.tv_nsec - start.tv_nsec) <
         100000000L);
  int32_t self = clv_self();
  return clv_buf_put(result, &self, sizeof self);
}

/// Replies with its node.
static clv_status where_entry(clv_buf *args, clv_buf *result) {
  (void)args;
  int32_t self = clv_self();
  return clv_buf_put(result, &self, sizeof self);
}

static const clv_function functions[] = {{"slow", slow_entry},
                                         {"where", where_entry}};
static const clv_program program = {functions, 2};

static clv_future *call(int node, uint32_t fn) {
  clv_buf none;
  clv_buf_init(&none);
  clv_future *f = clv_call(node, fn, &none);
  if (!f)
    clv_fail_call("call");
  return f;
}

/// Waits for \p f and returns the node in its reply.
static int32_t node_of(clv_future *f, clv_status *status) {
  clv_buf reply;
  int32_t node = -1;
  *status = clv_wait(f, &reply);
  if (*status == CLV_OK)
    clv_buf_get(&reply, &node, sizeof node);
  clv_buf_free(&reply);
  return node;
}

int main(int argc, char **argv) {
  if (clv_init(&argc, &argv, &program) != CLV_OK) {
    fprintf(stderr, "cannot start the runtime: %s\n", clv_last_error());
    return 1;
  }
  clv_future *f = call(1, SLOW);
  clv_status status = clv_wait_timeout(f, NULL, 0);
  printf("timed wait: %s: %s\n", clv_status_text(status), clv_last_error());
  while (clv_test(f) == 0)
    ;
  int32_t node = node_of(f, &status);
  printf("tests: completed, then wait: %s, from node %d\n",
         clv_status_text(status), (int)node);

  clv_future *futures[2] = {call(1, WHERE), call(2, WHERE)};
  int completed = 0;
  for (int round = 0; round < 2; ++round) {
    size_t which;
    completed += clv_wait_any(futures, 2, &which, NULL) == CLV_OK;
  }
  printf("wait for any: %d completed\n", completed);

  node = node_of(call(0, WHERE), &status);
  printf("call to itself: %s, from node %d\n", clv_status_text(status),
         (int)node);
  return clv_finalize() == CLV_OK ? 0 : 1;
}
