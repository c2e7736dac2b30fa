// Malformed messages sent with MPI_Send to a node that serves calls on the
// mpi transport. One whose header names a call but whose payload length is
// over the limit or disagrees with the message is answered with CLV_E_DECODE
// and a message naming the call and the nodes; one that names no call (too
// short for a header, another program's) ends the job with a message and a
// non-zero status, never a hang.
// REQUIRES: mpi
// RUN: %cc -Wall -Werror %s %cleave_rt %mpi_link -o %t
// RUN: env CLEAVE_TRANSPORT=mpi timeout 60 %mpirun -np 2 %t answered | FileCheck --check-prefix=ANSWERED %s
// RUN: sh -c 'CLEAVE_TRANSPORT=mpi timeout 60 %mpirun -np 2 %t truncated; echo "exit status $?"' > %t.truncated 2>&1
// RUN: FileCheck --check-prefix=TRUNCATED %s < %t.truncated
// RUN: sh -c 'CLEAVE_TRANSPORT=mpi timeout 60 %mpirun -np 3 %t foreign; echo "exit status $?"' > %t.foreign 2>&1
// RUN: FileCheck --check-prefix=FOREIGN %s < %t.foreign

// ANSWERED: status 3, call 77: call to 'echo' on node 1 from node 0: the message did not decode: payload length 1000 but 8 bytes follow the header
// ANSWERED-NEXT: status 3, call 78: call to 'echo' on node 1 from node 0: the message did not decode: payload length 1099511627776 over the limit of 1073741824 bytes (CLEAVE_MAX_MESSAGE)
// ANSWERED-NEXT: status 3, call 79: call to function 5 on node 1 from node 0: the message did not decode: unknown status 4096
// ANSWERED-NEXT: a call after them: no error
// TRUNCATED: cleave: node 1: a message of 10 bytes from node 0 did not decode: 10 bytes, shorter than a header (60 bytes)
// TRUNCATED-NOT: a call after them
// TRUNCATED: exit status 1
// FOREIGN: cleave: node 2: a message from node 0 comes from another build of the program, or one using another encoding (signature 0000000000000001, this one {{[0-9a-f]+}}): run the same build with the same CLEAVE_ENCODING on every node
// FOREIGN-NOT: a call after them
// FOREIGN: exit status 1

#include "clv.h"
#include "clv_wire.h"

#include <mpi.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/// Replies with its arguments.
static clv_status echo_entry(clv_buf *args, clv_buf *result) {
  return clv_buf_put(result, args->data, args->size);
}

static const clv_function functions[] = {{"echo", echo_entry}};
static const clv_program program = {functions, 1};

/// Sends \p size bytes to \p node: a call header with \p header's fields
/// (magic and version right, \p payload_size as given) and zeros after it.
static void send_raw(int node, clv_wire_header header, size_t size) {
  unsigned char bytes[CLV_WIRE_HEADER_SIZE + 8] = {0};
  clv_wire_encode(&header, bytes);
  MPI_Send(bytes, (int)size, MPI_BYTE, node, CLV_WIRE_TAG, MPI_COMM_WORLD);
}

/// Receives the runtime's reply from \p node and prints its status, call id
/// and text.
static void print_reply(int node) {
  MPI_Status probe;
  MPI_Probe(node, CLV_WIRE_TAG, MPI_COMM_WORLD, &probe);
  int count;
  MPI_Get_count(&probe, MPI_BYTE, &count);
  unsigned char *bytes = malloc((size_t)count + 1);
  MPI_Recv(bytes, count, MPI_BYTE, node, CLV_WIRE_TAG, MPI_COMM_WORLD,
           MPI_STATUS_IGNORE);
  clv_wire_header reply;
  char why[256];
  if (clv_wire_decode(bytes, (size_t)count, 1 << 20, &reply, why,
                      sizeof why) != CLV_OK) {
    printf("the reply did not decode: %s\n", why);
    exit(1);
  }
  bytes[count] = '\0';
  printf("status %u, call %llu: %s\n", (unsigned)reply.status,
         (unsigned long long)reply.call_id,
         (const char *)bytes + CLV_WIRE_HEADER_SIZE);
  free(bytes);
}

int main(int argc, char **argv) {
  if (clv_init(&argc, &argv, &program) != CLV_OK) {
    fprintf(stderr, "cannot start the runtime: %s\n", clv_last_error());
    return 1;
  }
  const char *mode = argc > 1 ? argv[1] : "";
  clv_wire_header call = {CLV_WIRE_CALL, clv_wire_signature(&program), 77,
                          1000, 0, CLV_OK, -1, 0, 0};
  if (strcmp(mode, "answered") == 0) {
    send_raw(1, call, CLV_WIRE_HEADER_SIZE + 8);
    print_reply(1);
    call.call_id = 78;
    call.payload_size = UINT64_C(1) << 40;
    send_raw(1, call, CLV_WIRE_HEADER_SIZE + 8);
    print_reply(1);
    call.call_id = 79;
    call.function = 5;
    call.payload_size = 8;
    call.status = 4096;
    send_raw(1, call, CLV_WIRE_HEADER_SIZE + 8);
    print_reply(1);
  } else if (strcmp(mode, "truncated") == 0) {
    send_raw(1, call, 10);
  } else if (strcmp(mode, "foreign") == 0) {
    call.signature = 1;
    call.payload_size = 8;
    send_raw(clv_nodes() - 1, call, CLV_WIRE_HEADER_SIZE + 8);
  }
  // The node still serves (or the job has ended): a call to it either works
  // or never returns.
  clv_buf args;
  clv_buf_init(&args);
  clv_buf_put(&args, "x", 1);
  clv_future *f = clv_call(clv_nodes() - 1, 0, &args);
  clv_status status = f ? clv_wait(f, NULL) : CLV_E_USAGE;
  printf("a call after them: %s\n", clv_status_text(status));
  return clv_finalize() == CLV_OK ? 0 : 1;
}
