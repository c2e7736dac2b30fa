// Divide and conquer as a binomial tree on the mpi transport, on 1 to 8
// ranks: the sum of 1..100000, with each leaf doubling its part of the array,
// which travels to the child by copy and back at the wait.
// REQUIRES: mpi
// RUN: %cc -Wall -Werror %s %cleave_rt -o %t
// RUN: env CLEAVE_TRANSPORT=mpi timeout 60 %mpirun -np 1 %t | FileCheck --check-prefix=NP1 %s
// RUN: env CLEAVE_TRANSPORT=mpi timeout 60 %mpirun -np 2 %t | FileCheck --check-prefix=NP2 %s
// RUN: env CLEAVE_TRANSPORT=mpi timeout 60 %mpirun -np 3 %t | FileCheck --check-prefix=NP3 %s
// RUN: env CLEAVE_TRANSPORT=mpi timeout 60 %mpirun -np 4 %t | FileCheck --check-prefix=NP4 %s
// RUN: env CLEAVE_TRANSPORT=mpi timeout 60 %mpirun -np 5 %t | FileCheck --check-prefix=NP5 %s
// RUN: env CLEAVE_TRANSPORT=mpi timeout 60 %mpirun -np 6 %t | FileCheck --check-prefix=NP6 %s
// RUN: env CLEAVE_TRANSPORT=mpi timeout 60 %mpirun -np 7 %t | FileCheck --check-prefix=NP7 %s
// RUN: env CLEAVE_TRANSPORT=mpi timeout 60 %mpirun -np 8 %t | FileCheck --check-prefix=NP8 %s
// The same program on threads, with regions copied as on mpi.
// RUN: env CLEAVE_NODES=5 CLEAVE_PASS=copy %t | FileCheck --check-prefix=NP5 %s
// NP1: sum 5000050000, doubled 10000100000, on 1 nodes, nodes used 0x1
// NP2: sum 5000050000, doubled 10000100000, on 2 nodes, nodes used 0x3
// NP3: sum 5000050000, doubled 10000100000, on 3 nodes, nodes used 0x7
// NP4: sum 5000050000, doubled 10000100000, on 4 nodes, nodes used 0xf
// NP5: sum 5000050000, doubled 10000100000, on 5 nodes, nodes used 0x1f
// NP6: sum 5000050000, doubled 10000100000, on 6 nodes, nodes used 0x3f
// NP7: sum 5000050000, doubled 10000100000, on 7 nodes, nodes used 0x7f
// NP8: sum 5000050000, doubled 10000100000, on 8 nodes, nodes used 0xff

#include "clv.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

enum { SUM };

static clv_status sum_entry(clv_buf *args, clv_buf *result);
static const clv_function functions[] = {{"sum", sum_entry}};
static const clv_program program = {functions, 1};

typedef struct outcome {
  int64_t sum;    ///< of the elements before doubling
  uint64_t nodes; ///< bit i: node i ran a leaf
} outcome;

/// Sums a[0:n] and doubles every element; the first half goes to the next
/// child in the tree while there is one.
static outcome sum(int64_t *a, uint64_t n) {
  if (n > 1 && clv_child_node() >= 0) {
    uint64_t half = n / 2;
    clv_buf args;
    clv_buf_init(&args);
    clv_buf_put(&args, &half, sizeof half);
    clv_buf_put_region(&args, a, sizeof *a, half);
    clv_future *f = clv_call_child(SUM, &args);
    if (!f)
      clv_fail_call("sum");
    outcome right = sum(a + half, n - half);
    clv_buf reply;
    if (clv_wait(f, &reply) != CLV_OK)
      clv_fail_call("sum");
    outcome left;
    if (clv_buf_get(&reply, &left, sizeof left) != CLV_OK ||
        clv_buf_get_region_into(&reply, a, sizeof *a, half) != CLV_OK)
      clv_fail_call("sum");
    clv_buf_free(&reply);
    return (outcome){left.sum + right.sum, left.nodes | right.nodes};
  }
  outcome leaf = {0, UINT64_C(1) << clv_self()};
  for (uint64_t i = 0; i < n; ++i) {
    leaf.sum += a[i];
    a[i] *= 2;
  }
  return leaf;
}

static clv_status sum_entry(clv_buf *args, clv_buf *result) {
  uint64_t n;
  if (clv_buf_get(args, &n, sizeof n) != CLV_OK)
    return CLV_E_DECODE;
  int64_t *a = clv_buf_get_region(args, sizeof *a, n);
  if (!a)
    return CLV_E_DECODE;
  outcome o = sum(a, n);
  clv_buf_put(result, &o, sizeof o);
  return clv_buf_put_region(result, a, sizeof *a, n);
}

int main(int argc, char **argv) {
  if (clv_init(&argc, &argv, &program) != CLV_OK) {
    fprintf(stderr, "cannot start the runtime: %s\n", clv_last_error());
    return 1;
  }
  enum { N = 100000 };
  int64_t *a = malloc(N * sizeof *a);
  if (!a)
    return 1;
  for (int64_t i = 0; i < N; ++i)
    a[i] = i + 1;
  outcome o = sum(a, N);
  int64_t doubled = 0;
  for (int64_t i = 0; i < N; ++i)
    doubled += a[i];
  printf("sum %lld, doubled %lld, on %d nodes, nodes used 0x%llx\n",
         (long long)o.sum, (long long)doubled, clv_nodes(),
         (unsigned long long)o.nodes);
  free(a);
  return clv_finalize() == CLV_OK ? 0 : 1;
}
