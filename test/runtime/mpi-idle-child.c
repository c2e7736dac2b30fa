// Spawns beyond the binomial tree on the mpi transport: once the tree has
// filled the machine, the next spawn goes to a child of the spawning node
// whose calls from it have all completed, and to no node while they are out.
// Node 0 spawns a call, finds no node for a second one while the first runs,
// and gets the same child again once it has completed (before any wait); the
// child, called again, still spawns into its own part of the tree, and where
// it has none, to node 0, which waits for it (test/runtime/mpi-waiting.c).
// REQUIRES: mpi
// RUN: %cc -Wall -Werror %s %cleave_rt -o %t
// RUN: env CLEAVE_TRANSPORT=mpi timeout 60 %mpirun -np 2 %t | FileCheck --check-prefix=NP2 %s
// RUN: env CLEAVE_TRANSPORT=mpi timeout 60 %mpirun -np 4 %t | FileCheck --check-prefix=NP4 %s
// NP2:      first spawn: node 1
// NP2-NEXT: while it runs: -1
// NP2-NEXT: once it completed: node 1
// NP2-NEXT: ran on nodes 1 and 1, which spawned to -1 and 0
// NP4:      first spawn: node 1
// NP4-NEXT: second spawn: node 2
// NP4-NEXT: while they run: -1
// NP4-NEXT: once the first completed: node 1
// NP4-NEXT: ran on nodes 1, 2 and 1, which spawned to 3, 0 and 3

#define _POSIX_C_SOURCE 200809L

#include "clv.h"

#include <stdint.h>
#include <stdio.h>
#include <time.h>

enum { WHERE };

/// Sleeps \p ms milliseconds, then answers its node and the node its own
/// spawn would go to.
static clv_status where_entry(clv_buf *args, clv_buf *result) {
  int32_t ms;
  if (clv_buf_get(args, &ms, sizeof ms) != CLV_OK)
    return CLV_E_DECODE;
  struct timespec nap = {ms / 1000, (ms % 1000) * 1000000L};
  nanosleep(&nap, NULL);
  int32_t out[2] = {clv_self(), clv_spawn_node()};
  return clv_buf_put(result, out, sizeof out);
}

static const clv_function functions[] = {{"where", where_entry}};
static const clv_program program = {functions, 1};

static clv_future *spawn(int node, int32_t ms) {
  clv_buf args;
  clv_buf_init(&args);
  clv_buf_put(&args, &ms, sizeof ms);
  clv_future *f = clv_spawn(node, WHERE, &args);
  if (!f)
    clv_fail_call("where");
  return f;
}

static void join(clv_future *f, int32_t out[2]) {
  clv_buf reply;
  if (clv_wait(f, &reply) != CLV_OK || clv_buf_get(&reply, out, 2 * sizeof *out) != CLV_OK)
    clv_fail_call("where");
  clv_buf_free(&reply);
}

int main(int argc, char **argv) {
  if (clv_init(&argc, &argv, &program) != CLV_OK) {
    fprintf(stderr, "cannot start the runtime: %s\n", clv_last_error());
    return 1;
  }
  int first = clv_spawn_node();
  printf("first spawn: node %d\n", first);
  clv_future *a = spawn(first, 300), *b = NULL;
  if (clv_nodes() == 4) {
    int second = clv_spawn_node();
    printf("second spawn: node %d\n", second);
    b = spawn(second, 1000);
  }
  printf("%s: %d\n", b ? "while they run" : "while it runs", clv_spawn_node());
  while (clv_test(a) == 0)
    ;
  int again = clv_spawn_node();
  printf("%s: node %d\n", b ? "once the first completed" : "once it completed", again);
  clv_future *c = spawn(again, 200);
  int32_t ra[2], rb[2], rc[2];
  join(c, rc);
  if (b)
    join(b, rb);
  join(a, ra);
  if (b)
    printf("ran on nodes %d, %d and %d, which spawned to %d, %d and %d\n", ra[0], rb[0], rc[0],
           ra[1], rb[1], rc[1]);
  else
    printf("ran on nodes %d and %d, which spawned to %d and %d\n", ra[0], rc[0], ra[1], rc[1]);
  return clv_finalize() == CLV_OK ? 0 : 1;
}
