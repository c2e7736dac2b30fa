/// \file
/// Time-outs and crashes.
///
/// A node that stops answering (CLEAVE_CALL_TIMEOUT): every serving loop (the
/// waits, the idle workers, clv_finalize) looks at the calls its node made
/// once the oldest may have run out of time, or once a node was lost, and
/// sleeps no longer than until then. A call past the limit loses its node for
/// the process (`lost`): the other calls to it are canceled as their callers
/// look, later ones fail at once, and what the node answers is dropped. On
/// threads the callee still holds a call given up this way, so caller and
/// callee hand the future over through its atomic `state`, and the last to
/// let go of it frees it.
///
/// A call that crashes the process says so first: clv_init gives the crash
/// signals a handler (see on_crash) that names the node and the call. It runs
/// on an alternate stack, so a call that overflows its stack is named too.

#include "clv_internal.h"

/// Marks node \p index lost for this process and wakes the sleeping nodes,
/// so that each gives up the calls it made to it.
void clvi_lose(int index) {
  atomic_store(&clvi_lost[index], 1);
  atomic_fetch_add(&clvi_lost_generation, 1);
  if (clvi_transport == TRANSPORT_THREADS)
    for (int i = 0; i < clvi_local_nodes; ++i)
      if (atomic_load(&clvi_nodes[i].sleeping))
        clvi_wake(&clvi_nodes[i]);
}

/// Ends the call \p f, made by this thread's node, with \p status:
/// CLV_E_PEER_LOST (no reply in time) or CLV_E_CANCELED (its node was lost).
/// Returns 0 and changes nothing when the callee has just claimed the call
/// (threads): its reply is about to come.
static int give_up(clv_future *f, clv_status status) {
  if (clvi_transport == TRANSPORT_THREADS) {
    int state = CALL_RUNNING;
    if (atomic_compare_exchange_strong(&f->state, &state, CALL_ABANDONED))
      atomic_fetch_add(&clvi_nodes[f->callee.node].orphans,
                       1); // held by the callee
    else if (state == CALL_CLAIMED)
      return 0;
  }
  char why[MESSAGE_SIZE];
  if (status == CLV_E_PEER_LOST)
    snprintf(why, sizeof why,
             ": no reply within %g s (CLEAVE_CALL_TIMEOUT); node %d may have "
             "stopped or crashed",
             clvi_call_timeout_s, f->callee.node);
  else
    snprintf(why, sizeof why, ": canceled: node %d was lost", f->callee.node);
  clvi_describe_call(f, f->message);
  clvi_append(f->message, why);
  f->status = status;
  atomic_store(&f->done, 1);
  if (clvi_transport == TRANSPORT_THREADS)
    clvi_call_over();
  return 1;
}

/// Gives up the calls node \p n (this thread's) made that are still out and
/// will get no reply: one that had none within CLEAVE_CALL_TIMEOUT loses its
/// node (CLV_E_PEER_LOST), and the calls to a lost node are canceled
/// (CLV_E_CANCELED). Looks only when a call may have run out of time or a
/// node was lost since it last looked. Returns whether it gave a call up.
int clvi_watch_calls(node *n) {
  if (clvi_call_timeout_ns == 0) // no limit: no node is ever lost
    return 0;
  int64_t now = now_ns();
  unsigned generation = atomic_load(&clvi_lost_generation);
  if (now < n->check_at && generation == n->lost_seen)
    return 0;
  n->lost_seen = generation;
  int gave_up = 0;
  int64_t next = NO_DEADLINE;
  // The list is in the order the calls were sent, and each has the same time,
  // so the calls past it come first: a node is lost by the oldest call to
  // it, the later ones are canceled.
  for (clv_future *f = n->made_first; f; f = f->made_next) {
    if (is_done(f))
      continue;
    int target = f->callee.node;
    if (is_lost(target)) {
      if (give_up(f, CLV_E_CANCELED)) {
        gave_up = 1;
        continue;
      }
    } else if (f->deadline <= now && give_up(f, CLV_E_PEER_LOST)) {
      clvi_lose(target);
      gave_up = 1;
      continue;
    }
    if (f->deadline < next) // past already when its reply is on its way
      next = f->deadline;
  }
  n->check_at = next;
  return gave_up;
}

// ---------------------------------------------------------------------------
// Crashes
//
// A call that crashes takes its process down, and with it every node
// (threads) or the job (mpi: mpirun ends the others). Before it goes, a
// handler names the node and the call from what serve() keeps for it in
// thread-locals, with write(2) only: stdio and malloc are not
// async-signal-safe. It then restores the default action and raises the
// signal again, so that the exit status shows it.

/// The signals of a crash, with their names for the message (SIGSEGV first:
/// clvi_add_crash_stack looks at crash_handled[0]).
static const struct crash_signal {
  int number;
  const char *name;
} crash_signals[] = {{SIGSEGV, "SIGSEGV"},
                     {SIGBUS, "SIGBUS"},
                     {SIGFPE, "SIGFPE"},
                     {SIGILL, "SIGILL"},
                     {SIGABRT, "SIGABRT"}};
enum { CRASH_SIGNALS = sizeof crash_signals / sizeof crash_signals[0] };
/// Which of them clv_init gave on_crash.
static int crash_handled[CRASH_SIGNALS];
/// The alternate signal stack clv_init gave its thread, or NULL.
static void *main_crash_stack;

/// Bytes of the alternate stack on_crash runs on: a call that overflows its
/// thread's stack leaves no room on it for the handler.
enum { CRASH_STACK_SIZE = 64 * 1024 };

/// Appends \p text to \p out, which holds \p used of its \p size bytes,
/// cutting it to fit; returns the new length. Async-signal-safe.
static size_t put_text(char *out, size_t used, size_t size, const char *text) {
  while (*text && used < size)
    out[used++] = *text++;
  return used;
}

/// As put_text for the decimal digits of \p value (0 or more).
static size_t put_number(char *out, size_t used, size_t size, int value) {
  char digits[16];
  int count = 0;
  do
    digits[count++] = (char)('0' + value % 10);
  while ((value /= 10) > 0);
  while (count > 0 && used < size)
    out[used++] = digits[--count];
  return used;
}

/// The handler of the crash signals: "cleave: node N crashed (SIGSEGV) while
/// running a call to 'NAME' from node M" (or "outside any call") on stderr,
/// then the signal again with its default action.
static void on_crash(int number) {
  const char *name = "?";
  for (int i = 0; i < CRASH_SIGNALS; ++i)
    if (crash_signals[i].number == number)
      name = crash_signals[i].name;
  char message[2 * MESSAGE_SIZE];
  size_t size = sizeof message - 1; // and the newline
  size_t n = put_text(message, 0, size, "cleave: node ");
  n = put_number(message, n, size, clvi_here.node);
  n = put_text(message, n, size, " crashed (");
  n = put_text(message, n, size, name);
  const char *call = clvi_crash_call_name;
  if (call) {
    n = put_text(message, n, size, ") while running a call to '");
    n = put_text(message, n, size, call);
    n = put_text(message, n, size, "' from node ");
    n = put_number(message, n, size, clvi_crash_call_caller);
  } else {
    n = put_text(message, n, size, ") outside any call");
  }
  message[n++] = '\n';
  ssize_t written = write(STDERR_FILENO, message, n);
  (void)written; // nothing is left to do about a failed write
  struct sigaction action;
  memset(&action, 0, sizeof action);
  action.sa_handler = SIG_DFL;
  sigemptyset(&action.sa_mask);
  sigaction(number, &action, NULL);
  raise(number); // delivered when the handler returns
}

/// Gives the calling thread an alternate signal stack for on_crash, when
/// on_crash handles SIGSEGV and the thread has no such stack of the program's
/// own; returns it for clvi_drop_crash_stack (NULL when none was given).
void *clvi_add_crash_stack(void) {
  stack_t current;
  if (!crash_handled[0] || sigaltstack(NULL, &current) != 0 ||
      !(current.ss_flags & SS_DISABLE))
    return NULL;
  stack_t stack = {.ss_sp = malloc(CRASH_STACK_SIZE),
                   .ss_size = CRASH_STACK_SIZE};
  if (stack.ss_sp && sigaltstack(&stack, NULL) != 0) {
    free(stack.ss_sp);
    return NULL;
  }
  return stack.ss_sp;
}

/// Takes the alternate stack clvi_add_crash_stack gave the calling thread back,
/// if it is still the thread's, and frees it.
void clvi_drop_crash_stack(void *stack) {
  if (!stack)
    return;
  stack_t current;
  if (sigaltstack(NULL, &current) == 0 && current.ss_sp == stack &&
      !(current.ss_flags & SS_DISABLE)) {
    stack_t off = {.ss_flags = SS_DISABLE};
    sigaltstack(&off, NULL);
  }
  free(stack);
}

/// Gives on_crash the crash signals whose action is still the default: a
/// handler of the program's own stays. clv_init calls it before it starts MPI,
/// whose library would otherwise take them with handlers of its own. The
/// handler runs on an alternate stack where a thread has one (SA_ONSTACK): the
/// threads that serve calls get one from clvi_add_crash_stack.
void clvi_install_crash_handlers(void) {
  struct sigaction action;
  memset(&action, 0, sizeof action);
  action.sa_handler = on_crash;
  action.sa_flags = SA_ONSTACK;
  sigemptyset(&action.sa_mask);
  for (int i = 0; i < CRASH_SIGNALS; ++i) {
    struct sigaction old;
    crash_handled[i] = sigaction(crash_signals[i].number, NULL, &old) == 0 &&
                       !(old.sa_flags & SA_SIGINFO) &&
                       old.sa_handler == SIG_DFL &&
                       sigaction(crash_signals[i].number, &action, NULL) == 0;
  }
  main_crash_stack = clvi_add_crash_stack();
}

/// Gives the signals clvi_install_crash_handlers took their default action
/// back, unless the program has set a handler of its own since, and drops the
/// calling thread's alternate stack.
void clvi_restore_crash_handlers(void) {
  clvi_drop_crash_stack(main_crash_stack);
  main_crash_stack = NULL;
  struct sigaction action;
  memset(&action, 0, sizeof action);
  action.sa_handler = SIG_DFL;
  sigemptyset(&action.sa_mask);
  for (int i = 0; i < CRASH_SIGNALS; ++i) {
    struct sigaction current;
    if (crash_handled[i] &&
        sigaction(crash_signals[i].number, NULL, &current) == 0 &&
        !(current.sa_flags & SA_SIGINFO) && current.sa_handler == on_crash)
      sigaction(crash_signals[i].number, &action, NULL);
    crash_handled[i] = 0;
  }
}
