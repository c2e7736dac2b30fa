// Calls nested 10 levels deep on the mpi transport: each level calls the next
// node round the ring and waits, so on few ranks a node waits on itself
// several times over; a waiting node keeps serving, so none deadlocks. The
// reply carries the sum of the levels and the set of nodes that ran them.
// REQUIRES: mpi
// RUN: %cc -Wall -Werror %s %cleave_rt -o %t
// RUN: env CLEAVE_TRANSPORT=mpi timeout 60 %mpirun -np 1 %t | FileCheck --check-prefix=NP1 %s
// RUN: env CLEAVE_TRANSPORT=mpi timeout 60 %mpirun -np 2 %t | FileCheck --check-prefix=NP2 %s
// RUN: env CLEAVE_TRANSPORT=mpi timeout 60 %mpirun -np 4 %t | FileCheck --check-prefix=NP4 %s
// RUN: env CLEAVE_TRANSPORT=mpi timeout 60 %mpirun -np 8 %t | FileCheck --check-prefix=NP8 %s
// NP1: 10 levels: sum 55, on 1 nodes, nodes used 0x1
// NP2: 10 levels: sum 55, on 2 nodes, nodes used 0x3
// NP4: 10 levels: sum 55, on 4 nodes, nodes used 0xf
// NP8: 10 levels: sum 55, on 8 nodes, nodes used 0xff

#include "clv.h"

#include <stdint.h>
#include <stdio.h>

enum { NEST };

static clv_status nest_entry(clv_buf *args, clv_buf *result);
static const clv_function functions[] = {{"nest", nest_entry}};
static const clv_program program = {functions, 1};

typedef struct outcome {
  uint64_t sum;   ///< of the levels 1..depth
  uint64_t nodes; ///< bit i: node i ran a level
} outcome;

/// Runs level \p depth here and the levels below it on the next node.
static outcome nest(uint64_t depth) {
  outcome here = {depth, UINT64_C(1) << clv_self()};
  if (depth == 1)
    return here;
  uint64_t next = depth - 1;
  clv_buf args;
  clv_buf_init(&args);
  clv_buf_put(&args, &next, sizeof next);
  clv_future *f = clv_call((clv_self() + 1) % clv_nodes(), NEST, &args);
  clv_buf reply;
  if (!f || clv_wait(f, &reply) != CLV_OK)
    clv_fail_call("nest");
  outcome below;
  if (clv_buf_get(&reply, &below, sizeof below) != CLV_OK)
    clv_fail_call("nest");
  clv_buf_free(&reply);
  return (outcome){here.sum + below.sum, here.nodes | below.nodes};
}

static clv_status nest_entry(clv_buf *args, clv_buf *result) {
  uint64_t depth;
  if (clv_buf_get(args, &depth, sizeof depth) != CLV_OK)
    return CLV_E_DECODE;
  outcome o = nest(depth);
  return clv_buf_put(result, &o, sizeof o);
}

int main(int argc, char **argv) {
  if (clv_init(&argc, &argv, &program) != CLV_OK) {
    fprintf(stderr, "cannot start the runtime: %s\n", clv_last_error());
    return 1;
  }
  outcome o = nest(10);
  printf("10 levels: sum %llu, on %d nodes, nodes used 0x%llx\n",
         (unsigned long long)o.sum, clv_nodes(), (unsigned long long)o.nodes);
  return clv_finalize() == CLV_OK ? 0 : 1;
}
