/// \file
/// Futures, calls and waits: what clv_call, clv_spawn and clv_wait do on either
/// transport, and the futures spawned by loops.
///
/// Not supported (the generated code never does it): waiting on a future from
/// another node than the one that made the call (refused with CLV_E_USAGE),
/// and making calls or waiting on threads other than the nodes' own.

#include "clv_internal.h"

clv_buf *clv_future_local(clv_future *f) { return f ? &f->local : NULL; }

const char *clv_status_text(clv_status status) {
  switch (status) {
  case CLV_OK:
    return "no error";
  case CLV_E_USAGE:
    return "bad usage";
  case CLV_E_NOMEM:
    return "out of memory";
  case CLV_E_DECODE:
    return "a message did not decode";
  case CLV_E_NO_SUCH_FUNCTION:
    return "no such function";
  case CLV_E_REMOTE_FAILED:
    return "the function reported a failure";
  case CLV_E_ENCODE:
    return "a message did not encode";
  case CLV_E_TIMEOUT:
    return "the wait timed out";
  case CLV_E_PEER_LOST:
    return "the node stopped answering";
  case CLV_E_CANCELED:
    return "the call was canceled";
  }
  return "unknown status";
}

/// Appends \p text to \p message, cutting it to fit. (snprintf with "%s" of
/// another message buffer would do, but gcc warns that it may cut.)
void clvi_append(char message[MESSAGE_SIZE], const char *text) {
  size_t used = strlen(message);
  size_t n = strlen(text);
  if (n > MESSAGE_SIZE - 1 - used)
    n = MESSAGE_SIZE - 1 - used;
  memcpy(message + used, text, n);
  message[used + n] = '\0';
}

/// Writes "call to 'NAME' on node N" (or "call to function ID on node N") to
/// \p out: every message about a call starts so.
void clvi_describe_call(const clv_future *f, char out[MESSAGE_SIZE]) {
  const clv_function *fn = function_of(f);
  if (fn)
    snprintf(out, MESSAGE_SIZE, "call to '%s' on node %d",
             fn->name ? fn->name : "?", f->callee.node);
  else
    snprintf(out, MESSAGE_SIZE, "call to function %" PRIu32 " on node %d",
             f->fn, f->callee.node);
}

/// A future for a call made by this thread's node: a spare one when there is
/// one (a call then allocates nothing), else a new one; NULL when out of
/// memory.
static clv_future *new_future(node *self) {
  clv_future *f = self->spare;
  if (f) {
    self->spare = f->made_next;
    --self->spare_count;
  } else {
    f = malloc(sizeof *f);
    if (!f)
      return NULL;
  }
  // Into the list of futures not waited for, at its end.
  f->made_prev = self->made_last;
  f->made_next = NULL;
  if (self->made_last)
    self->made_last->made_next = f;
  else
    self->made_first = f;
  self->made_last = f;
  return f;
}

/// Releases the storage of \p f and takes it off its node's list of futures
/// not waited for; keeps it for reuse unless SPARE_FUTURES are kept already,
/// or leaves it to its callee, which still holds a call given up.
void clvi_release_future(node *self, clv_future *f) {
  clv_buf_free(&f->local);
  if (f->made_prev)
    f->made_prev->made_next = f->made_next;
  else
    self->made_first = f->made_next;
  if (f->made_next)
    f->made_next->made_prev = f->made_prev;
  else
    self->made_last = f->made_prev;
  if (atomic_load(&f->state) == CALL_ABANDONED &&
      atomic_exchange(&f->state, CALL_ORPHANED) == CALL_ABANDONED)
    return; // the callee frees it and its reply when it lets go (clvi_let_go)
  clv_buf_free(&f->reply);
  if (self->spare_count >= SPARE_FUTURES) {
    free(f);
    return;
  }
  f->made_next = self->spare;
  self->spare = f;
  ++self->spare_count;
}

/// Queues (on mpi: sends) call \p fn to \p target with the contents of
/// \p args (NULL: none).
clv_future *clvi_send_call(int target, uint32_t fn, clv_buf *args,
                           context callee, int caller_level) {
  clv_future *f = new_future(home());
  if (!f) {
    clvi_set_error("out of memory for a call to function %" PRIu32, fn);
    clv_buf_free(args);
    return NULL;
  }
  f->next = NULL;
  f->fn = fn;
  clv_buf_init(&f->args);
  if (args) {
    f->args = *args;
    f->args.pos = 0;
    clv_buf_init(args);
    clvi_end_writing(&f->args); // the callee only reads them
  }
  f->callee = callee;
  f->caller = clvi_here.node;
  f->caller_level = caller_level;
  f->local_depth = clvi_local_depth;
  clv_buf_init(&f->local);
  atomic_init(&f->done, 0);
  f->status = CLV_OK;
  clv_buf_init(&f->reply);
  f->message[0] = '\0';
  f->grain_bucket = -1;
  f->sent_ns = f->work_ns = f->other_ns = 0;
  f->exited = 0;
  f->outer_served = NULL;
  f->made_before = NULL;
  atomic_init(&f->state, CALL_RUNNING);
  f->deadline = NO_DEADLINE;
  if (clvi_call_timeout_ns > 0) {
    f->deadline = now_ns() + clvi_call_timeout_ns;
    if (f->deadline < home()->check_at)
      home()->check_at = f->deadline;
  }
  if (is_lost(target)) { // failed at once, as a wait for it says
    char why[MESSAGE_SIZE];
    snprintf(why, sizeof why,
             ": node %d was lost: an earlier call to it got no reply within "
             "%g s (CLEAVE_CALL_TIMEOUT)",
             target, clvi_call_timeout_s);
    clvi_describe_call(f, f->message);
    clvi_append(f->message, why);
    clv_buf_free(&f->args);
    f->status = CLV_E_PEER_LOST;
    atomic_store(&f->done, 1);
    return f;
  }
#ifdef CLEAVE_HAVE_MPI
  if (clvi_transport == TRANSPORT_MPI)
    return clvi_mpi_send_call(target, f);
#endif
  atomic_fetch_add(&clvi_pending, 1);
  enqueue(&clvi_nodes[target], f);
  return f;
}

/// What clv_call and clv_call_child check alike. The arguments are taken even
/// when the call is refused, so they are freed then.
int clvi_can_send(uint32_t fn, clv_buf *args) {
  if (clvi_node_count == 0)
    clvi_set_error("call to function %" PRIu32
                   ": the runtime is not running (clv_init first)",
                   fn);
  else if (args && args->failed)
    clvi_set_error("call to function %" PRIu32 ": its arguments did not encode",
                   fn);
  else if (args && clvi_unwritten_objects(args) > 0)
    clvi_set_error("call to function %" PRIu32
                   ": its arguments have %zu objects "
                   "of a pointer graph queued and not written "
                   "(clv_buf_put_pending)",
                   fn, clvi_unwritten_objects(args));
  else
    return 1;
  clv_buf_free(args);
  return 0;
}

clv_future *clv_call(int target, unsigned int fn, clv_buf *args) {
  if (!clvi_can_send(fn, args))
    return NULL;
  if (target < 0 || target >= clvi_node_count) {
    clvi_set_error("call to function %" PRIu32
                   " on node %d: the program has nodes 0 to %d",
                   fn, target, clvi_node_count - 1);
    clv_buf_free(args);
    return NULL;
  }
  return clvi_send_call(target, fn, args, (context){target, -1}, NO_LEVEL);
}

clv_future *clv_call_child(unsigned int fn, clv_buf *args) {
  if (!clvi_can_send(fn, args))
    return NULL;
  int child = clv_child_node();
  if (child < 0) {
    clvi_set_error("call to function %" PRIu32
                   " on a child node: the tree has filled the machine "
                   "(clv_child_node() is -1)",
                   fn);
    clv_buf_free(args);
    return NULL;
  }
  clv_future *f = clvi_send_call(
      child, fn, args, (context){child, clvi_here.level + 1}, clvi_here.level);
  if (f)
    ++clvi_here.level;
  return f;
}

int clv_test(const clv_future *f) {
  if (!f) {
    clvi_set_error("test of a null future");
    return -1;
  }
  if (clvi_node_count > 0 && !is_done(f)) {
#ifdef CLEAVE_HAVE_MPI
    // Receiving is the only way a reply arrives on mpi; calls that arrive are
    // queued, not served.
    if (clvi_transport == TRANSPORT_MPI)
      clvi_mpi_progress();
#endif
    clvi_watch_calls(home());
  }
  return is_done(f);
}

const char *clv_future_error(const clv_future *f) {
  return f && is_done(f) ? f->message : "";
}

/// Checks that this thread may wait for \p f (\p what names the function).
static int may_wait(const clv_future *f, const char *what) {
  if (!f) {
    clvi_set_error("%s on a null future", what);
    return 0;
  }
  if (clvi_node_count == 0 || f->caller != clvi_here.node) {
    clvi_set_error(
        "%s on node %d for a call made by node %d: only the caller may "
        "wait",
        what, clvi_here.node, f->caller);
    return 0;
  }
  return 1;
}

/// Hands the outcome of the completed future \p f to the caller: moves the
/// reply into \p result (left empty on failure), leaves the message of a
/// failure for clv_last_error(), lowers the caller's tree level, and releases
/// f. Returns the call's status.
static clv_status consume(clv_future *f, clv_buf *result) {
  // A call that ran exit() ends this node's program with its status where
  // its caller waits for it, as it would have ended the sequential program:
  // on node 0 with the program's atexit handlers, elsewhere handing the
  // status on to the calls this node serves (exit_from_calls).
  if (f->exited)
    exit(f->exited - 1);
  clv_status status = f->status;
  if (status == CLV_OK && result) {
    *result = f->reply;
    result->pos = 0;
    clv_buf_init(&f->reply);
  } else {
    clv_buf_init(result);
  }
  if (status != CLV_OK)
    memcpy(clvi_last_error, f->message, sizeof clvi_last_error);
  clvi_grain_joins(status == CLV_OK ? f : NULL);
  // Lowering (not setting) the level keeps it right whichever order the caller
  // waits on several children in: it ends at the level before the first spawn.
  if (f->caller_level < clvi_here.level)
    clvi_here.level = f->caller_level;
  clvi_release_future(home(), f);
  return status;
}

/// The result buffer must be empty (or uninitialized): the reply is moved in,
/// not appended. On failure *result is left empty.
clv_status clv_wait(clv_future *f, clv_buf *result) {
  if (!may_wait(f, "wait"))
    return CLV_E_USAGE;
  awaited w = {.futures = &f, .count = 1};
  clvi_serve_until(home(), &w, NO_DEADLINE);
  return consume(f, result);
}

clv_status clv_wait_timeout(clv_future *f, clv_buf *result, double seconds) {
  if (!may_wait(f, "timed wait"))
    return CLV_E_USAGE;
  if (!(seconds >= 0)) { // NaN too
    clvi_set_error("timed wait of %g seconds: give 0 or more", seconds);
    return CLV_E_USAGE;
  }
  // Past MAX_TIMEOUT_S (or infinite) the wait has no deadline: the sum below
  // would overflow.
  int64_t deadline = seconds > MAX_TIMEOUT_S
                         ? NO_DEADLINE
                         : now_ns() + (int64_t)(seconds * 1e9);
  awaited w = {.futures = &f, .count = 1};
  if (!clvi_serve_until(home(), &w, deadline)) {
    char call[MESSAGE_SIZE];
    clvi_describe_call(f, call);
    clvi_set_error("%s: no reply within %g s", call, seconds);
    clv_buf_init(result);
    return CLV_E_TIMEOUT;
  }
  return consume(f, result);
}

clv_status clv_wait_any(clv_future **futures, size_t count, size_t *which,
                        clv_buf *result) {
  if (!futures || !which) {
    clvi_set_error("wait for any of a null array of futures");
    return CLV_E_USAGE;
  }
  size_t live = 0;
  for (size_t i = 0; i < count; ++i) {
    if (futures[i] && !may_wait(futures[i], "wait for any"))
      return CLV_E_USAGE;
    live += futures[i] != NULL;
  }
  if (live == 0) {
    clvi_set_error("wait for any of %zu futures that are all null", count);
    return CLV_E_USAGE;
  }
  awaited w = {.futures = futures, .count = count};
  clvi_serve_until(home(), &w, NO_DEADLINE);
  size_t i = clvi_first_done(&w);
  clv_future *f = futures[i];
  futures[i] = NULL;
  *which = i;
  return consume(f, result);
}

void *clv_spawns_next(clv_spawns *s) {
  if (s->count == s->capacity) {
    size_t capacity = s->capacity ? 2 * s->capacity : 16;
    clv_future **futures = realloc(s->futures, capacity * sizeof *futures);
    if (futures)
      s->futures = futures;
    unsigned char *values =
        s->value_size ? realloc(s->values, capacity * s->value_size) : NULL;
    if (values)
      s->values = values;
    if (!futures || (s->value_size && !values)) {
      clvi_set_error(
          "out of memory for the futures of %zu calls made in a loop",
          capacity);
      clv_fail_call("a call in a loop");
    }
    s->capacity = capacity;
  }
  s->futures[s->count] = NULL;
  return s->value_size ? s->values + s->count * s->value_size : NULL;
}

void clv_spawns_add(clv_spawns *s, clv_future *f) {
  s->futures[s->count++] = f;
}

void *clv_spawns_value(clv_spawns *s, size_t i) {
  return s->value_size ? s->values + i * s->value_size : NULL;
}

void clv_spawns_free(clv_spawns *s) {
  free(s->futures);
  free(s->values);
  s->futures = NULL;
  s->values = NULL;
  s->count = s->capacity = 0;
  clvi_runs_free(&s->written);
  clvi_runs_free(&s->touched);
  s->lost = 0;
}
