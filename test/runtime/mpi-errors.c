// Failures on the mpi transport reach node 0 with their messages: a call to a
// function id not in the table, a function that reports a failure, arguments
// and a reply over CLEAVE_MAX_MESSAGE; and CLEAVE_PASS=share is refused.
// REQUIRES: mpi
// RUN: %cc -Wall -Werror %s %cleave_rt -o %t
// RUN: env CLEAVE_TRANSPORT=mpi CLEAVE_MAX_MESSAGE=256 timeout 60 %mpirun -np 2 %t | FileCheck %s
// RUN: env CLEAVE_TRANSPORT=mpi CLEAVE_MAX_MESSAGE=256 timeout 60 %mpirun -np 4 %t | FileCheck %s
// RUN: not env CLEAVE_TRANSPORT=mpi CLEAVE_PASS=share timeout 60 %mpirun -np 2 %t > %t.share 2>&1
// RUN: FileCheck --check-prefix=SHARE %s < %t.share
// RUN: not env CLEAVE_TRANSPORT=mpi CLEAVE_MAX_MESSAGE=0 timeout 60 %mpirun -np 2 %t > %t.limit 2>&1
// RUN: FileCheck --check-prefix=LIMIT %s < %t.limit

// CHECK: unknown: no such function: call to function 99 on node 1: no function with id 99 in this program (it has 2)
// CHECK-NEXT: fail: the function reported a failure: call to 'fail' on node 1: the function reported a failure
// CHECK-NEXT: big arguments: call to 'grow' on node 1: its arguments: 300 bytes, more than the 256 a message may carry (CLEAVE_MAX_MESSAGE)
// CHECK-NEXT: big reply: a message did not encode: call to 'grow' on node 1: the reply did not encode: 280 bytes, more than the 256 a message may carry (CLEAVE_MAX_MESSAGE)
// CHECK-NEXT: small reply: no error: 48 bytes
// SHARE: cannot start the runtime: CLEAVE_PASS='share': on the mpi transport nodes share no memory and regions always travel by copy; unset CLEAVE_PASS or set it to 'copy'
// LIMIT: cannot start the runtime: CLEAVE_MAX_MESSAGE='0': give the largest payload in bytes, from 256 to 2147483647

#include "clv.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>

enum { FAIL, GROW };

/// Reports a failure.
static clv_status fail_entry(clv_buf *args, clv_buf *result) {
  (void)args;
  (void)result;
  return CLV_E_REMOTE_FAILED;
}

/// Replies with as many bytes as the argument says.
static clv_status grow_entry(clv_buf *args, clv_buf *result) {
  uint32_t size;
  if (clv_buf_get(args, &size, sizeof size) != CLV_OK)
    return CLV_E_DECODE;
  unsigned char bytes[512] = {0};
  return clv_buf_put(result, bytes, size < sizeof bytes ? size : sizeof bytes);
}

static const clv_function functions[] = {{"fail", fail_entry},
                                         {"grow", grow_entry}};
static const clv_program program = {functions, 2};

/// Calls \p fn on node 1 with \p size bytes of arguments, the first four
/// the size of the reply, and prints what comes back under \p label.
static void call(const char *label, uint32_t fn, size_t size, uint32_t reply) {
  unsigned char bytes[512] = {0};
  memcpy(bytes, &reply, sizeof reply);
  clv_buf args;
  clv_buf_init(&args);
  clv_buf_put(&args, bytes, size);
  clv_future *f = clv_call(1, fn, &args);
  if (!f) {
    printf("%s: %s\n", label, clv_last_error());
    return;
  }
  clv_buf result;
  clv_status status = clv_wait(f, &result);
  if (status == CLV_OK)
    printf("%s: %s: %zu bytes\n", label, clv_status_text(status), result.size);
  else
    printf("%s: %s: %s\n", label, clv_status_text(status), clv_last_error());
  clv_buf_free(&result);
}

int main(int argc, char **argv) {
  if (clv_init(&argc, &argv, &program) != CLV_OK) {
    fprintf(stderr, "cannot start the runtime: %s\n", clv_last_error());
    return 1;
  }
  call("unknown", 99, 0, 0);
  call("fail", FAIL, 0, 0);
  call("big arguments", GROW, 300, 0);
  call("big reply", GROW, 4, 280);
  call("small reply", GROW, 4, 48);
  return clv_finalize() == CLV_OK ? 0 : 1;
}
