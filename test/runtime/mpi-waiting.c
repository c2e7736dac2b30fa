// Notices of waiting on the mpi transport: a node that waits for a call it
// made, with nothing to serve, tells the node running it, which may then
// send it one call where the tree has no node for it. Node 1 runs node 0's
// call; while node 0 only tests the future (clv_test), it is no node to send
// to; while node 0 waits in clv_wait, node 1 sends it a call, which node 0
// serves meanwhile; a later wait tells again.
// REQUIRES: mpi
// RUN: %cc -Wall -Werror %s %cleave_rt -o %t
// RUN: env CLEAVE_TRANSPORT=mpi timeout 60 %mpirun -np 2 %t | FileCheck %s
// CHECK:      node 0 testing: node 1 spawns to -1
// CHECK-NEXT: node 0 waiting: node 1 spawns to 0, the call ran on node 0
// CHECK-NEXT: node 0 waiting again: node 1 spawns to 0

#define _POSIX_C_SOURCE 200809L

#include "clv.h"

#include <stdint.h>
#include <stdio.h>
#include <time.h>

enum { HELPED, WHERE };

static void nap(int ms) {
  struct timespec t = {ms / 1000, (ms % 1000) * 1000000L};
  nanosleep(&t, NULL);
}

/// Answers the node it runs on.
static clv_status where_entry(clv_buf *args, clv_buf *result) {
  (void)args;
  int32_t self = clv_self();
  return clv_buf_put(result, &self, sizeof self);
}

/// Sleeps \p ms milliseconds, so that its caller waits (or tests) by then,
/// then answers where a spawn would go; where one would, spawns WHERE there
/// and answers where it ran.
static clv_status helped_entry(clv_buf *args, clv_buf *result) {
  int32_t ms;
  if (clv_buf_get(args, &ms, sizeof ms) != CLV_OK)
    return CLV_E_DECODE;
  nap(ms);
  int32_t out[2] = {clv_spawn_node(), -1};
  if (out[0] >= 0) {
    clv_buf none, reply;
    clv_buf_init(&none);
    clv_future *f = clv_spawn(out[0], WHERE, &none);
    if (!f || clv_wait(f, &reply) != CLV_OK ||
        clv_buf_get(&reply, &out[1], sizeof out[1]) != CLV_OK)
      return CLV_E_DECODE;
    clv_buf_free(&reply);
  }
  return clv_buf_put(result, out, sizeof out);
}

static const clv_function functions[] = {{"helped", helped_entry}, {"where", where_entry}};
static const clv_program program = {functions, 2};

static clv_future *spawn(int32_t ms) {
  clv_buf args;
  clv_buf_init(&args);
  clv_buf_put(&args, &ms, sizeof ms);
  clv_future *f = clv_spawn(clv_spawn_node(), HELPED, &args);
  if (!f)
    clv_fail_call("helped");
  return f;
}

static void join(clv_future *f, int32_t out[2]) {
  clv_buf reply;
  if (clv_wait(f, &reply) != CLV_OK || clv_buf_get(&reply, out, 2 * sizeof *out) != CLV_OK)
    clv_fail_call("helped");
  clv_buf_free(&reply);
}

int main(int argc, char **argv) {
  if (clv_init(&argc, &argv, &program) != CLV_OK) {
    fprintf(stderr, "cannot start the runtime: %s\n", clv_last_error());
    return 1;
  }
  int32_t out[2];
  clv_future *f = spawn(300);
  while (clv_test(f) == 0)
    ;
  join(f, out);
  printf("node 0 testing: node 1 spawns to %d\n", out[0]);
  f = spawn(300);
  join(f, out);
  printf("node 0 waiting: node 1 spawns to %d, the call ran on node %d\n", out[0], out[1]);
  f = spawn(300);
  join(f, out);
  printf("node 0 waiting again: node 1 spawns to %d\n", out[0]);
  return clv_finalize() == CLV_OK ? 0 : 1;
}
