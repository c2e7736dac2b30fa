// A runtime built without MPI refuses CLEAVE_TRANSPORT=mpi and says how to
// get it; any build refuses a transport it does not know.
// The runtime's XDR encoding needs libtirpc (Debian 12: libtirpc-dev, in
// /usr/include/tirpc).
// RUN: %cc -Wall -Werror %s %runtime_threads_sources -o %t
// RUN: not env CLEAVE_TRANSPORT=mpi %t 2>&1 | FileCheck %s
// RUN: not env CLEAVE_TRANSPORT=pigeons %t 2>&1 | FileCheck --check-prefix=UNKNOWN %s
// CHECK: cannot start the runtime: CLEAVE_TRANSPORT='mpi': this build of the cleave runtime has no MPI; install an MPI library (Debian: libopenmpi-dev openmpi-bin), rebuild the runtime and run the program under mpirun
// UNKNOWN: cannot start the runtime: CLEAVE_TRANSPORT='pigeons': give 'threads' or 'mpi'

#include "clv.h"

#include <stdio.h>

static const clv_program program = {NULL, 0};

int main(int argc, char **argv) {
  if (clv_init(&argc, &argv, &program) != CLV_OK) {
    fprintf(stderr, "cannot start the runtime: %s\n", clv_last_error());
    return 1;
  }
  return clv_finalize() == CLV_OK ? 0 : 1;
}
