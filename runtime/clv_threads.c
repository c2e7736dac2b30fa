/// \file
/// The threads transport: the nodes' queues and serving loop, which the mpi
/// transport reuses for the calls it receives.
///
/// Every node is one thread (node 0 is the thread that called clv_init, nodes
/// 1..N-1 are workers started by it) with a FIFO of calls guarded by a mutex
/// and a condition variable. A call is one future, which carries the arguments
/// to the callee and the reply back; each node keeps the futures its calls
/// released for reuse, so a call in a steady state allocates nothing. A thread
/// that waits keeps serving its node's queue on its own stack, so a node
/// blocked in a wait still answers the calls it depends on and divide and
/// conquer never deadlocks. Before sleeping on its condition variable an idle
/// thread spins for SPIN_NS, because a condition-variable wake-up costs 10-80
/// us on the VMs this runs on, much more than most calls; and a thread that
/// completes a call signals the caller only when it sleeps.
///
/// Each node also lists the futures it made and has not waited for, so that
/// clv_finalize can report the failed ones and release them all.

#include "clv_internal.h"

_Thread_local int clvi_serving;
_Thread_local const char *volatile clvi_crash_call_name;
_Thread_local volatile int clvi_crash_call_caller;

/// Index of the first completed future of \p w, or w->count.
size_t clvi_first_done(const awaited *w) {
  for (size_t i = 0; i < w->count; ++i)
    if (w->futures[i] && is_done(w->futures[i]))
      return i;
  return w->count;
}

/// Whether every future \p n made after \p since (all when NULL) completed.
static int made_since_done(const node *n, const clv_future *since) {
  for (const clv_future *f = since ? since->made_next : n->made_first; f;
       f = f->made_next)
    if (!is_done(f))
      return 0;
  return 1;
}

/// Whether the serving loop of \p n may end: a future of \p w completed (all
/// of them for `made`); with no futures, the worker was told to stop, or on
/// node 0 (clv_finalize) no call is pending anywhere.
static int finished(const node *n, const awaited *w) {
  if (w && w->made)
    return made_since_done(n, w->since);
  if (w)
    return clvi_first_done(w) < w->count;
  if (n->index == 0)
    return atomic_load(&clvi_pending) == 0;
  return atomic_load(&n->stop);
}

/// Spins for up to SPIN_NS (and not past \p deadline) until \p n has a call
/// or finished(); returns whether it has. The bound is time, not iterations,
/// so it holds on any processor speed and ends early when the spinner was
/// preempted. For its first PAUSE_NS the spinner only pauses: a yield is a
/// system call (0.5 us here), too slow to make at every turn while the awaited
/// thread answers from another processor. Then, and from the start when there
/// are more nodes than processors, it yields at every turn, because the thread
/// it waits for may need its processor.
static int spin(node *n, const awaited *w, int64_t deadline) {
  int64_t start = now_ns();
  int64_t end = deadline - start < SPIN_NS ? deadline : start + SPIN_NS;
  int yielding = clvi_oversubscribed;
  for (unsigned i = 1;; ++i) {
    if (atomic_load_explicit(&n->queued, memory_order_relaxed) > 0 ||
        finished(n, w))
      return 1;
    if (yielding) {
      sched_yield();
    } else {
      pause_processor();
      if (i % 16 != 0) // reading the clock costs more than a pause
        continue;
    }
    int64_t now = now_ns();
    if (now >= end)
      return 0;
    yielding = yielding || now - start >= PAUSE_NS;
  }
}

/// Takes the first call queued for \p n, or NULL. The unlocked look at the
/// count only spares the mutex when the queue is empty; missing a call that is
/// being queued is harmless, because sleeping rechecks under the mutex.
static clv_future *take_call(node *n) {
  if (atomic_load_explicit(&n->queued, memory_order_relaxed) == 0)
    return NULL;
  lock(n);
  clv_future *f = n->head;
  if (f) {
    n->head = f->next;
    if (!n->head)
      n->tail = NULL;
    atomic_fetch_sub_explicit(&n->queued, 1, memory_order_relaxed);
  }
  unlock(n);
  return f;
}

/// Sleeps on \p n's condition variable until it has a call, finished(), a
/// node was lost, or \p deadline passes. `sleeping` spares the completing
/// side the mutex and the signal while nobody sleeps: the sleeper stores it
/// before it looks at `done` (or at clvi_lost_generation), complete() stores
/// `done` (clvi_lose() the generation) before it looks at `sleeping`, all
/// sequentially consistent, so at least one of them sees the other's store and
/// no wake-up is lost. Calls are queued and `stop` set under the mutex.
static void sleep_until(node *n, const awaited *w, int64_t deadline) {
  struct timespec until = {(time_t)(deadline / 1000000000),
                           (long)(deadline % 1000000000)};
  lock(n);
  atomic_store(&n->sleeping, 1);
  int timed_out = 0;
  while (!n->head && !finished(n, w) && !timed_out &&
         atomic_load(&clvi_lost_generation) == n->lost_seen) {
    if (deadline == NO_DEADLINE)
      pthread_cond_wait(&n->wake, &n->mutex);
    else
      timed_out =
          pthread_cond_timedwait(&n->wake, &n->mutex, &until) == ETIMEDOUT;
  }
  atomic_store(&n->sleeping, 0);
  unlock(n);
}

void clvi_wake(node *n) {
  lock(n);
  pthread_cond_signal(&n->wake);
  unlock(n);
}

/// Counts the end of a call (threads). The last call to end while
/// clv_finalize waits wakes node 0. Both sides use sequentially consistent
/// operations, so either finalize sees pending == 0 or this sees finalizing.
void clvi_call_over(void) {
  if (atomic_fetch_sub(&clvi_pending, 1) == 1 && atomic_load(&clvi_finalizing))
    clvi_wake(&clvi_nodes[0]);
}

/// The callee's side of a call it does not answer (its caller gave it up, or
/// its node was lost): what it had for a reply is dropped. The last of
/// caller and callee to let go of the future frees it.
void clvi_let_go(clv_future *f) {
  clv_buf_free(&f->reply); // the caller does not touch it until then
  int state = atomic_exchange(&f->state, CALL_LET_GO);
  if (state != CALL_RUNNING) // the caller had given it up
    atomic_fetch_sub(&clvi_nodes[f->callee.node].orphans, 1);
  if (state == CALL_ORPHANED) // and released it
    free(f);
}

/// Publishes the outcome of the served call \p f (\p status, its reply, and
/// \p message, which is "" on success) and wakes its caller if it sleeps; or
/// drops it when the caller gave the call up or this node was lost (a late
/// reply). The caller may release f as soon as `done` is set, so f is not
/// touched after that.
static void complete(clv_future *f, clv_status status, const char *message) {
  int state = CALL_RUNNING;
  if (is_lost(f->callee.node) ||
      !atomic_compare_exchange_strong(&f->state, &state, CALL_CLAIMED)) {
    clvi_let_go(f);
    return;
  }
  node *caller = &clvi_nodes[f->caller];
  if (status != CLV_OK) // f->message is "" already
    memcpy(f->message, message, strlen(message) + 1);
  f->status = status;
  atomic_store(&f->done, 1);
  if (atomic_load(&caller->sleeping))
    clvi_wake(caller);
  clvi_call_over();
}

int clvi_serve_until(node *n, const awaited *w, int64_t deadline);

/// Runs the call \p f on this thread in the callee's context, then completes
/// it. Serving can nest inside a wait, so the waiting code's context and
/// message are put back afterwards.
static void serve(clv_future *f) {
  // On threads a call given up by its caller, or sent to this node before it
  // was lost, is not run (on mpi callers give calls up on their side only).
  if (clvi_transport == TRANSPORT_THREADS &&
      (atomic_load(&f->state) != CALL_RUNNING || is_lost(f->callee.node))) {
    clv_buf_free(&f->args);
    clvi_let_go(f);
    return;
  }
#ifdef CLEAVE_HAVE_MPI
  if (clvi_transport == TRANSPORT_MPI && clvi_exit_status >= 0) {
    clv_buf_free(&f->args);
    clvi_answer_exited(f);
    return;
  }
  const clv_future *since = home()->made_last;
  if (clvi_transport == TRANSPORT_MPI) {
    f->outer_served = clvi_serving_call;
    f->made_before = since;
    clvi_serving_call = f;
  }
#endif
  context outer = clvi_here;
  char outer_error[MESSAGE_SIZE];
  memcpy(outer_error, clvi_last_error, sizeof outer_error);
  const char *outer_name = clvi_crash_call_name;
  int outer_caller = clvi_crash_call_caller;
  clvi_here = f->callee;
  // A call sent beyond the tree is part of its caller's local run: it goes
  // on rewritten only as deep as that run would have, so a small call handed
  // to an idle node (noblockmul's 16 x 16 products, made at depth 6 of its 1
  // x 1 leaves; on mpi fib's calls sent back and forth between two waiting
  // ranks) does not spawn all the way down.
  int outer_depth = clvi_local_depth;
  if (clvi_here.level < 0)
    clvi_local_depth = f->local_depth;
  ++clvi_serving;
  clvi_last_error[0] = '\0'; // what the entry leaves here explains its failure

  clv_status status;
  // The message is the callee's own until complete(): on threads the caller
  // may give the call up meanwhile and write one of its own.
  char message[MESSAGE_SIZE];
  message[0] = '\0';
  const clv_function *fn = function_of(f);
  if (!fn) {
    status = CLV_E_NO_SUCH_FUNCTION;
    char detail[MESSAGE_SIZE];
    snprintf(detail, sizeof detail,
             ": no function with id %" PRIu32
             " in this program (it has %" PRIu32 ")",
             f->fn, clvi_program.count);
    clvi_describe_call(f, message);
    clvi_append(message, detail);
  } else {
    clvi_crash_call_name = fn->name ? fn->name : "?";
    clvi_crash_call_caller = f->caller;
    // The work, as the stub brackets it; the rest of the entry, the
    // arguments taken apart and the reply put together, is the call's cost.
    work_timer outer_clock = clvi_work_clock;
    clvi_work_clock.work = -1;
    unsigned outer_running = 0;
    if (clvi_transport == TRANSPORT_THREADS)
      outer_running = atomic_exchange(&home()->running, f->fn + 1);
    int64_t start = now_ns();
    status = fn->entry(&f->args, &f->reply);
    int64_t spent = now_ns() - start;
    if (clvi_transport == TRANSPORT_THREADS)
      atomic_store(&home()->running, outer_running);
    f->work_ns = clvi_work_clock.work >= 0 ? clvi_work_clock.work : spent;
    f->other_ns += spent - f->work_ns;
    clvi_work_clock = outer_clock;
    if (clvi_transport == TRANSPORT_THREADS)
      clvi_loop_measure(f->fn, f->work_ns, -1, 0);
#ifdef CLEAVE_HAVE_MPI
    // On mpi a call replies only once the calls it made have completed, so
    // that no message is in flight when node 0's calls have all completed.
    if (clvi_transport == TRANSPORT_MPI) {
      awaited made = {.made = 1, .since = since};
      clvi_serve_until(home(), &made, NO_DEADLINE);
    }
#endif
    const char *why = status == CLV_E_DECODE ? "arguments did not decode"
                                             : clv_status_text(status);
    if (status == CLV_OK && f->reply.failed) {
      status = CLV_E_ENCODE;
      why = "the reply did not encode";
    } else if (status == CLV_OK && clvi_unwritten_objects(&f->reply) > 0) {
      status = CLV_E_ENCODE;
      why = "the reply has objects of a pointer graph queued and not written "
            "(clv_buf_put_pending)";
    }
    clvi_end_writing(&f->reply); // the caller only reads it
    if (status != CLV_OK) {
      clvi_describe_call(f, message);
      clvi_append(message, ": ");
      clvi_append(message, why);
      if (clvi_last_error[0]) {
        clvi_append(message, ": ");
        clvi_append(message, clvi_last_error);
      }
    }
  }
  clv_buf_free(&f->args);
#ifdef CLEAVE_HAVE_MPI
  if (clvi_transport == TRANSPORT_MPI) {
    clvi_serving_call = f->outer_served;
    memcpy(f->message, message, strlen(message) + 1);
    clvi_mpi_answer(f, status); // may set clvi_last_error, put back below
  }
#endif

  --clvi_serving;
  clvi_local_depth = outer_depth;
  clvi_here = outer;
  clvi_crash_call_name = outer_name;
  clvi_crash_call_caller = outer_caller;
  memcpy(clvi_last_error, outer_error, sizeof clvi_last_error);
  if (clvi_transport == TRANSPORT_THREADS)
    complete(f, status, message);
}

/// Serves the calls queued for \p n until finished(n, w), sleeping when there
/// is nothing to do; returns 1 then, or 0 when \p deadline passes first. A
/// call being served runs to its end, so the deadline is checked between
/// calls. Meanwhile it gives up the calls n made that get no reply
/// (clvi_watch_calls), waking for that when the next may run out of time.
int clvi_serve_until(node *n, const awaited *w, int64_t deadline) {
#ifdef CLEAVE_HAVE_MPI
  // On mpi, the last notice of waiting this wait sent, and whether it served
  // a call since: it tells again once idle again.
  notice told = {-1, 0};
  int served = 0;
#endif
  for (;;) {
#ifdef CLEAVE_HAVE_MPI
    if (finished(n, w) && (told.node < 0 || clvi_notice_seen(told)))
      return 1;
#else
    if (finished(n, w))
      return 1;
#endif
    clv_future *call = take_call(n);
    if (call) {
      atomic_store_explicit(&n->hunger, HUNGER_BUSY, memory_order_relaxed);
      serve(call);
#ifdef CLEAVE_HAVE_MPI
      served = 1;
#endif
      continue;
    }
#ifdef CLEAVE_HAVE_MPI
    // Polling is the only progress on mpi: no thread sleeps, none wakes it.
    if (clvi_transport == TRANSPORT_MPI && clvi_mpi_progress())
      continue;
#endif
    if (clvi_watch_calls(n))
      continue;
    if (deadline != NO_DEADLINE && now_ns() >= deadline)
      return 0;
    if (clvi_transport == TRANSPORT_MPI) {
#ifdef CLEAVE_HAVE_MPI
      if (w && (told.node < 0 || (served && clvi_notice_seen(told))) &&
          !finished(n, w)) {
        told = clvi_tell_waiting(n, w);
        served = 0;
      }
#endif
      if (clvi_oversubscribed)
        sched_yield();
      continue;
    }
    int64_t until = n->check_at < deadline ? n->check_at : deadline;
    int busy = HUNGER_BUSY;
    atomic_compare_exchange_strong(&n->hunger, &busy, HUNGER_IDLE);
    if (!spin(n, w, until))
      sleep_until(n, w, until);
    // Back to its own code: a spawn may reserve it no more (one that did
    // has queued its call, served when this node waits again).
    if (finished(n, w)) {
      int idle = HUNGER_IDLE;
      atomic_compare_exchange_strong(&n->hunger, &idle, HUNGER_BUSY);
    }
  }
}

void *clvi_add_crash_stack(void);
void clvi_drop_crash_stack(void *stack);

void *clvi_worker_main(void *arg) {
  node *n = arg;
  clvi_here = (context){n->index, -1};
  void *crash_stack = clvi_add_crash_stack();
  clvi_serve_until(n, NULL, NO_DEADLINE);
  clvi_drop_crash_stack(crash_stack);
  return NULL;
}
