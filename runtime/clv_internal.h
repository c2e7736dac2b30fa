/// \file
/// What the parts of the cleave runtime share and generated code does not
/// see: the future and the node, the state of the running runtime, and the
/// functions one part offers the others. clv.h is the contract with
/// generated code; each part (clv_*.c) says in its first lines what it does.
///
/// The parts are linked into every parallelized program beside the user's
/// own code, so every name they give each other starts with `clvi_`: a plain
/// `nodes` or `serve` could clash with the program's. What one part alone
/// uses stays static to it.
#ifndef CLEAVE_CLV_INTERNAL_H
#define CLEAVE_CLV_INTERNAL_H
// POSIX 2008 with its X/Open part, for sigaltstack; and on glibc the
// system's own names too, for MADV_HUGEPAGE.
#define _XOPEN_SOURCE 700
#define _DEFAULT_SOURCE

#include "clv.h"
#include "clv_wire.h"

#include <errno.h>
#include <float.h>
#include <inttypes.h>
#include <limits.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

#include <rpc/types.h>
#include <rpc/xdr.h>

// The names below are the runtime's own, so hidden: code compiled to be
// position-independent (as the runtime is) must otherwise assume that any
// function of default visibility may be replaced at load time, and so calls
// it through the procedure linkage table and inlines it nowhere, not even in
// its own file.
#pragma GCC visibility push(hidden)

#include "clv_rules.h"

enum {
  MAX_NODES = 1024,   ///< most nodes CLEAVE_NODES may ask for
  MESSAGE_SIZE = 256, ///< longest error message kept, with its NUL
  REGION_ALIGN = 16,  ///< copied region payloads start at multiples of this
  MIN_CAPACITY = 64,  ///< first allocation of a buffer
  SPARE_FUTURES = 64  ///< released futures a node keeps for reuse, at most
};

/// How long an idle thread spins (nanoseconds) before it sleeps.
#define SPIN_NS 50000L
/// How long a spinning thread pauses before it starts yielding (nanoseconds).
#define PAUSE_NS 1000L

/// Longest timeout clv_wait_timeout counts down (seconds, about 30 years);
/// longer ones wait for ever.
#define MAX_TIMEOUT_S 1e9

/// Where the running code is: its node and its level in the binomial tree. The
/// tree position of a call is always its node (a child of t is the node
/// t + 2^d, and a placed call starts a tree of its own at its node), so one
/// field serves for both. Level -1: the call spawns no children.
typedef struct context {
  int node;
  int level;
} context;

/// Level a clv_call future "restores": waiting lowers the caller's level to
/// the one saved in the future, so this leaves it as it is.
#define NO_LEVEL INT_MAX

/// A deadline on CLOCK_MONOTONIC in nanoseconds; NO_DEADLINE: wait for ever.
#define NO_DEADLINE INT64_MAX

/// Who holds a call of the threads transport once it is sent (a future's
/// `state`). The callee normally claims the call to write its outcome; a
/// caller that gives the call up (CLEAVE_CALL_TIMEOUT) takes it back instead,
/// and the callee then drops what it comes up with. The future lives until
/// both sides have let go of it.
enum {
  CALL_RUNNING,   ///< sent; the callee may still answer
  CALL_CLAIMED,   ///< the callee writes the outcome: `done` follows
  CALL_ABANDONED, ///< given up by the caller; the callee still holds it
  CALL_ORPHANED,  ///< released by the caller as well: the callee frees it
  CALL_LET_GO     ///< the callee let go of it: the caller alone holds it
};

struct clv_future {
  clv_future *next; ///< in the callee's queue
  // The call, read by the callee.
  uint32_t fn;
  /// Threads: a CALL_ value. Away from `done`, which a waiting caller reads
  /// over and over: the callee's claim does not take that cache line from it.
  atomic_int state;
  clv_buf args;
  context callee;
  // The caller's side, touched by the caller's thread only.
  int caller;       ///< node to wake at completion; the only one that may wait
  int caller_level; ///< caller's level before a clv_call_child, or NO_LEVEL
  /// The caller's nesting of local runs (clv_local_enter) when it sent the
  /// call beyond the tree: the callee goes on from there.
  int local_depth;
  clv_buf local;
  clv_future *made_prev; ///< in the caller's list of futures not waited for
  clv_future *made_next; ///< (or, released, in its list of spare futures)
  int64_t deadline;      ///< when the call counts as lost (CLEAVE_CALL_TIMEOUT)
  // The outcome, written by the callee before it publishes `done` (or by the
  // caller, when it gives the call up).
  atomic_int done;
  clv_status status;
  clv_buf reply;
  char message[MESSAGE_SIZE]; ///< names the call and its node; "" on success
  uint64_t id;                ///< mpi: the call's id, echoed by its reply
  // Grain (clv_spawn_node_for): the caller's bucket of the call's bytes (-1:
  // not measured) and its time sending; the callee's time in the function
  // and on everything else (on mpi, the receipt of the arguments too); on
  // mpi, the caller adds the receipt of the reply.
  int grain_bucket;
  int64_t sent_ns, work_ns, other_ns;
  /// mpi, the caller's side: 1 + the status the call passed to exit()
  /// (CLV_WIRE_EXITED), 0 when it returned. The callee's side: the call
  /// this thread was serving when it began this one (clvi_serving_call), and
  /// the last call this node had made then.
  int exited;
  clv_future *outer_served;
  const clv_future *made_before;
};

/// Times the work of the call a thread serves (clv_work_begin/end).
typedef struct work_timer {
  int64_t start, work; ///< work < 0: not bracketed
} work_timer;
extern _Thread_local work_timer clvi_work_clock;

typedef struct node {
  // Each node on cache lines of its own: different threads hammer them.
  _Alignas(64) pthread_mutex_t mutex;
  pthread_cond_t wake; ///< a call arrived, a future of this node completed,
                       ///< the worker must stop, or (node 0) all calls ended
  clv_future *head;    ///< FIFO of calls to serve
  clv_future *tail;
  atomic_size_t queued; ///< its length, read without the mutex when spinning
  atomic_int stop;      ///< the worker leaves (set when no call is pending)
  atomic_int sleeping;  ///< the node's thread is in pthread_cond_(timed)wait
  atomic_int hunger;    ///< Threads: a HUNGER_ value (clv_spawn_node)
  /// Threads: 1 + the function of the call its thread runs innermost, 0
  /// when none (clv_spawn_node_for).
  atomic_uint running;
  /// Threads: calls to this node given up by their callers that it still
  /// holds (queued or running): while there are any, it cannot be stopped.
  atomic_long orphans;
  int index;
  pthread_t thread;
  // Touched only by the node's own thread, and by clv_finalize once the
  // workers have been joined; on a line of their own, away from the callers.
  _Alignas(64) clv_future *made_first; ///< futures made here, not yet waited
  clv_future *made_last;               ///< for, oldest first
  clv_future *spare;                   ///< released futures kept for reuse
  int spare_count;
  int64_t check_at;   ///< when a call made here may run out of time next
  unsigned lost_seen; ///< clvi_lost_generation at the last look at them
} node;

/// Whether a node of the threads transport can take a spawn beyond the
/// binomial tree (clv_spawn_node): its thread serves with nothing queued.
enum {
  HUNGER_BUSY,     ///< running its own code or a call, or with calls queued
  HUNGER_IDLE,     ///< waiting with nothing to serve
  HUNGER_RESERVED, ///< idle, and promised to a spawn about to be sent
};

typedef enum transport_kind { TRANSPORT_THREADS, TRANSPORT_MPI } transport_kind;

extern transport_kind clvi_transport;
/// The nodes of this process: all of them on threads, this process's one on
/// mpi.
extern node *clvi_nodes;
extern int clvi_local_nodes;
extern int clvi_node_count; ///< 0 when the runtime is not running
/// More nodes than processors: spinning threads then yield the processor.
extern int clvi_oversubscribed;
extern clv_program clvi_program;
/// Calls queued or running on any node and not given up: clv_finalize waits
/// for 0.
extern atomic_long clvi_pending;
extern atomic_int clvi_finalizing;
/// Seconds a call may go without a reply before its node counts as lost
/// (CLEAVE_CALL_TIMEOUT), and the same in nanoseconds; 0: no limit.
extern double clvi_call_timeout_s;
extern int64_t clvi_call_timeout_ns;
/// Per node, whether this process lost it (a call to it got no reply in
/// time); read by every thread.
extern atomic_uchar *clvi_lost;
/// Counts losses, so that each node notices a new one and cancels its calls.
extern atomic_uint clvi_lost_generation;

/// The running code's place; {0, 0} on node 0 outside any call.
extern _Thread_local context clvi_here;
/// How deep calls that run where they were made (clv_spawn_node() gave -1)
/// nest in their parallel versions on one thread (clv_local_enter),
/// counting on from the caller's depth for a call sent beyond the tree.
#define LOCAL_PARALLEL_DEPTH 6
extern _Thread_local int clvi_local_depth;
/// How many calls this thread is serving (nested in waits).
extern _Thread_local int clvi_serving;
#ifdef CLEAVE_HAVE_MPI
/// mpi: the innermost call this thread serves, the others linked by
/// outer_served; NULL outside any call. exit_from_calls answers them.
extern _Thread_local clv_future *clvi_serving_call;
/// mpi, nodes other than 0: the status a call this node served passed to
/// exit(), or -1; the calls sent here afterwards are answered with it.
extern int clvi_exit_status;
#endif
/// The function of the call this thread runs (NULL outside any call) and the
/// node that made it: serve() sets them, the crash handler reads them.
extern _Thread_local const char *volatile clvi_crash_call_name;
extern _Thread_local volatile int clvi_crash_call_caller;

/// The node the calling thread serves.
static inline node *home(void) {
  return clvi_transport == TRANSPORT_MPI ? clvi_nodes
                                         : &clvi_nodes[clvi_here.node];
}

static inline void lock(node *n) { pthread_mutex_lock(&n->mutex); }
static inline void unlock(node *n) { pthread_mutex_unlock(&n->mutex); }

static inline int64_t now_ns(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (int64_t)t.tv_sec * 1000000000 + t.tv_nsec;
}

/// Tells the processor that this thread is spinning (lets the other hardware
/// thread of the core run, and saves power); nothing where it has no such
/// instruction.
static inline void pause_processor(void) {
#if defined(__GNUC__) && (defined(__x86_64__) || defined(__i386__))
  __builtin_ia32_pause();
#elif defined(__GNUC__) && defined(__aarch64__)
  __asm__ __volatile__("yield");
#endif
}

/// The futures a wait is for: one (clv_wait) or several (clv_wait_any, where
/// null entries are skipped); or, with `made` set, every future the node made
/// after `since` (all when NULL); none for a serving loop that ends with the
/// node.
typedef struct awaited {
  clv_future *const *futures;
  size_t count;
  int made;
  const clv_future *since;
} awaited;

#ifdef CLEAVE_HAVE_MPI
/// A notice of waiting (CLV_WIRE_WAITING) that a wait on mpi sent: to which
/// node, and its number among the notices this node sent there.
typedef struct notice {
  int node; ///< -1: none
  uint64_t number;
} notice;
#endif

static inline int is_done(const clv_future *f) {
  // Sequentially consistent, as the store in complete(): see sleep_until().
  return atomic_load(&f->done);
}

/// The function \p f calls, or NULL when its id is not in the table. (Here,
/// as enqueue is, because every call passes through both from another file.)
static inline const clv_function *function_of(const clv_future *f) {
  const clv_function *fn =
      f->fn < clvi_program.count ? &clvi_program.functions[f->fn] : NULL;
  return fn && fn->entry ? fn : NULL;
}

/// Appends the call \p f to the queue of \p n and wakes n if it sleeps.
static inline void enqueue(node *n, clv_future *f) {
  lock(n);
  if (n->tail)
    n->tail->next = f;
  else
    n->head = f;
  n->tail = f;
  atomic_fetch_add_explicit(&n->queued, 1, memory_order_relaxed);
  // `sleeping` changes only under the mutex, which this holds.
  if (atomic_load_explicit(&n->sleeping, memory_order_relaxed))
    pthread_cond_signal(&n->wake);
  unlock(n);
}

/// Whether this process lost node \p index. Relaxed: a late look only lets
/// through a reply that raced with the loss, as if it had come just before.
static inline int is_lost(int index) {
  return atomic_load_explicit(&clvi_lost[index], memory_order_relaxed);
}

// What each part offers the others; each is described where it is defined.

// clv_buffer.c: errors, buffers, large blocks.
extern _Thread_local char clvi_last_error[MESSAGE_SIZE];
extern int clvi_share_regions;
extern int clvi_one_address_space;
extern clv_encoding clvi_encoding;
#if defined(__GNUC__)
__attribute__((format(printf, 1, 2)))
#endif
void clvi_set_error(const char *format, ...);
clv_status clvi_fail(clv_buf *b, clv_status status);
clv_status clvi_extend(clv_buf *b, size_t n, unsigned char **out);
clv_status clvi_take(clv_buf *b, size_t n, unsigned char **out);
void *clvi_take_block(size_t size, size_t *got);
void clvi_give_block(void *data, size_t size);
void clvi_free_kept_blocks(void);
#define BLOCK_MIN ((size_t)1 << 20) ///< smallest large block kept for reuse
#define PAGE ((size_t)4 << 10)      ///< the system's page, at least

// clv_encode.c: values in the native and XDR encodings.
/// The size of each kind's C type and its name in messages.
typedef struct kind_info {
  size_t size;
  const char *name;
} kind_info;
extern const kind_info clvi_kinds[];
int clvi_known_kind(clv_kind kind);
int clvi_wire_size(int enc, clv_kind kind, size_t count, size_t *bytes);
clv_status clvi_get_xdr(clv_buf *b, clv_kind kind, void *native,
                        unsigned char *wire, size_t count);

// clv_graph.c: pointer graphs.
typedef struct graph graph;
graph *clvi_graph_of(clv_buf *b);
void *clvi_new_object(graph *g, size_t size);
void *clvi_new_zeroed_object(graph *g, size_t size, size_t written);
void clvi_end_writing(clv_buf *b);
size_t clvi_unwritten_objects(const clv_buf *b);
void clvi_free_graph(clv_buf *b);
void *clvi_scratch(clv_buf *b, size_t bytes);

// clv_call.c: futures, calls and waits.
void clvi_append(char message[MESSAGE_SIZE], const char *text);
void clvi_describe_call(const clv_future *f, char out[MESSAGE_SIZE]);
int clvi_can_send(uint32_t fn, clv_buf *args);
clv_future *clvi_send_call(int target, uint32_t fn, clv_buf *args,
                           context callee, int caller_level);
void clvi_release_future(node *self, clv_future *f);

// clv_node.c: node choice and grain.
void clvi_loop_measure(uint32_t fn, int64_t work_ns, int64_t cost_ns,
                       int flight);
void clvi_grain_joins(const clv_future *f);
/// A loop's call tested at run time: its test is part of what it costs.
/// clv_spawns_conflict says that the spawn on this thread that follows is
/// one; clv_spawns_add_tested gives its future and when its test began.
void clvi_grain_testing(void);
void clvi_grain_tested(clv_future *f, int64_t since);
/// clv_finalize: the counts of clv_extents_conflict, where CLEAVE_REPORT_TESTS asks.
void clvi_report_extent_tests(void);
/// Empties runs of bytes of clv_spawns (clv_spawns_add_tested).
void clvi_runs_free(clv_runs *set);
void clvi_make_grain(void);
void clvi_forget_grain(void);

// clv_threads.c: the nodes' queues and the serving loop.
int clvi_serve_until(node *n, const awaited *w, int64_t deadline);
size_t clvi_first_done(const awaited *w);
void clvi_wake(node *n);
void clvi_call_over(void);
void *clvi_worker_main(void *arg);

// clv_crash.c: crashes and time-outs.
int clvi_watch_calls(node *n);
void clvi_lose(int index);
void clvi_install_crash_handlers(void);
void clvi_restore_crash_handlers(void);
void *clvi_add_crash_stack(void);
void clvi_drop_crash_stack(void *stack);

// clv_start.c: start and stop.
int clvi_read_count(const char *value, long long min, long long max,
                    long long *out);
clv_status clvi_release_unwaited(void);
void clvi_destroy_nodes(int ready);

#ifdef CLEAVE_HAVE_MPI
// clv_mpi.c: the mpi transport.
int clvi_mpi_progress(void);
clv_future *clvi_mpi_send_call(int target, clv_future *f);
void clvi_mpi_answer(clv_future *f, clv_status status);
void clvi_answer_exited(clv_future *f);
int clvi_waiting_node(void);
notice clvi_tell_waiting(const node *n, const awaited *w);
int clvi_notice_seen(notice told);
clv_status clvi_read_max_message(void);
clv_status clvi_start_mpi(int *argc, char ***argv, int *count,
                          const clv_program *program, clv_encoding encoding);
clv_status clvi_mpi_started(clv_status status);
void clvi_mpi_abort(void);
_Noreturn void clvi_serve_until_stopped(void);
void clvi_end_job_if_lost(void);
clv_status clvi_finalize_mpi(void);
#endif

#pragma GCC visibility pop

#endif
