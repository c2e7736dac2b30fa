// A call that crashes ends the program with a message naming the node that
// crashed, the call and its caller, and the signal shows in the exit status
// (`not --crash`), a call that overflows its stack included; a crash outside
// any call names the node alone, and a handler of the program's own is left
// to do its work. On the threads
// transport here, on mpi in mpi-crash.test (which checks this file's lines).
// RUN: %cc -Wall -Werror %s %cleave_rt -o %t
// RUN: not --crash env CLEAVE_NODES=2 timeout 60 %t call 2> %t.call
// RUN: FileCheck --check-prefix=CALL %s < %t.call
// RUN: not --crash env CLEAVE_NODES=2 timeout 60 %t abort 2> %t.abort
// RUN: FileCheck --check-prefix=ABORT %s < %t.abort
// RUN: not --crash env CLEAVE_NODES=2 timeout 60 %t deep 2> %t.deep
// RUN: FileCheck --check-prefix=DEEP %s < %t.deep
// RUN: not --crash env CLEAVE_NODES=2 timeout 60 %t main 2> %t.main
// RUN: FileCheck --check-prefix=MAIN %s < %t.main
// RUN: not env CLEAVE_NODES=2 timeout 60 %t own 2> %t.own
// RUN: FileCheck --check-prefix=OWN %s < %t.own
// CALL: cleave: node 1 crashed (SIGSEGV) while running a call to 'poke' from node 0
// CALL-NOT: not reached
// ABORT: cleave: node 1 crashed (SIGABRT) while running a call to 'quit' from node 0
// DEEP: cleave: node 1 crashed (SIGSEGV) while running a call to 'dive' from node 0
// MAIN: cleave: node 0 crashed (SIGSEGV) outside any call
// OWN-NOT: crashed
// OWN: the program's own handler caught the crash
// OWN-NOT: crashed

#define _POSIX_C_SOURCE 200809L

#include "clv.h"

#include <limits.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

enum { POKE, QUIT, DIVE };

/// Writes at the address the message carries: 0, so it crashes.
static clv_status poke_entry(clv_buf *args, clv_buf *result) {
  (void)result;
  uintptr_t address;
  if (clv_buf_get(args, &address, sizeof address) != CLV_OK)
    return CLV_E_DECODE;
  *(volatile int *)address = 1;
  return CLV_OK;
}

/// Aborts.
static clv_status quit_entry(clv_buf *args, clv_buf *result) {
  (void)args;
  (void)result;
  abort();
}

/// Recurses \p limit levels deep, 1 KiB of stack each: with INT_MAX, until
/// the stack overflows.
static int dive(int depth, int limit) {
  volatile char pad[1024];
  pad[0] = (char)depth;
  return depth < limit ? dive(depth + 1, limit) + pad[0] : pad[0];
}

/// Dives as deep as the message says.
static clv_status dive_entry(clv_buf *args, clv_buf *result) {
  (void)result;
  int limit;
  if (clv_buf_get(args, &limit, sizeof limit) != CLV_OK)
    return CLV_E_DECODE;
  return dive(0, limit) == 0 ? CLV_OK : CLV_E_REMOTE_FAILED;
}

/// The program's own handler of SIGSEGV (mode "own"), which the runtime keeps.
static void own_handler(int number) {
  (void)number;
  static const char text[] = "the program's own handler caught the crash\n";
  ssize_t written = write(STDERR_FILENO, text, sizeof text - 1);
  (void)written;
  _exit(3);
}

static const clv_function functions[] = {
    {"poke", poke_entry}, {"quit", quit_entry}, {"dive", dive_entry}};
static const clv_program program = {functions, 3};

/// Modes: "call", a call to node 1 writes at address 0; "abort", a call to
/// node 1 aborts; "deep", a call to node 1 recurses until its stack
/// overflows; "main", node 0 writes at address 0 outside any call; "own",
/// as "call" with a SIGSEGV handler of the program's own.
int main(int argc, char **argv) {
  const char *mode = argc > 1 ? argv[1] : "call";
  struct rlimit no_core = {0, 0}; // no core files from these crashes
  setrlimit(RLIMIT_CORE, &no_core);
  if (strcmp(mode, "own") == 0) {
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = own_handler;
    sigemptyset(&action.sa_mask);
    sigaction(SIGSEGV, &action, NULL);
  }
  if (clv_init(&argc, &argv, &program) != CLV_OK) {
    fprintf(stderr, "cannot start the runtime: %s\n", clv_last_error());
    return 1;
  }
  if (strcmp(mode, "main") == 0) {
    int *volatile nowhere = NULL;
    *nowhere = 1;
  }
  clv_buf args;
  clv_buf_init(&args);
  uint32_t fn = POKE;
  if (strcmp(mode, "abort") == 0)
    fn = QUIT;
  if (strcmp(mode, "deep") == 0) {
    int limit = INT_MAX;
    fn = DIVE;
    clv_buf_put(&args, &limit, sizeof limit);
  } else {
    uintptr_t address = 0;
    clv_buf_put(&args, &address, sizeof address);
  }
  clv_future *f = clv_call(1, fn, &args);
  if (!f || clv_wait(f, NULL) != CLV_OK)
    clv_fail_call(functions[fn].name);
  fprintf(stderr, "not reached\n");
  return clv_finalize() == CLV_OK ? 0 : 1;
}
