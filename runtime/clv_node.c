/// \file
/// Node choice and grain: the binomial tree of divide and conquer, the idle
/// nodes a spawn may take beyond it, and whether a spawn pays for its
/// messages.

#include "clv_internal.h"

_Thread_local context clvi_here;
_Thread_local int clvi_local_depth;
_Thread_local work_timer clvi_work_clock = {0, -1};

int clv_nodes(void) { return clvi_node_count; }

int clv_self(void) { return clvi_here.node; }
int clv_shares_memory(void) { return clvi_share_regions; }

int clvi_tree_child(int node, int level, int node_count) {
  // 2^30 exceeds MAX_NODES, so from there on no level has a child; stopping
  // there keeps the shift defined.
  if (level < 0 || level >= 30)
    return -1;
  long child = (long)node + (1L << level);
  return child < node_count ? (int)child : -1;
}

int clv_child_node(void) {
  return clvi_tree_child(clvi_here.node, clvi_here.level, clvi_node_count);
}

int clv_local_enter(void) {
  if (clvi_node_count < 2 || clvi_local_depth >= LOCAL_PARALLEL_DEPTH)
    return 0;
  ++clvi_local_depth;
  return 1;
}

void clv_local_leave(void) { --clvi_local_depth; }

int clvi_tree_first_level(int node) {
  int level = 0;
  while (level < 30 && (1L << level) <= node)
    ++level;
  return level;
}

/// Whether this node has a call out to node \p t that has not completed.
static int calls_out_to(int t) {
  for (clv_future *f = home()->made_first; f; f = f->made_next)
    if (f->callee.node == t && !is_done(f))
      return 1;
  return 0;
}

/// On mpi, beyond the tree: a child of this node in the binomial tree whose
/// calls from here have all completed. Its calls come from this node alone
/// (a node's tree parent is the only node that calls it), so it waits with
/// nothing to serve; the nearest first. -1 when there is none, or the
/// running call spawns no children.
static int idle_child(void) {
  if (clvi_here.level < 0)
    return -1;
#ifdef CLEAVE_HAVE_MPI
  clvi_mpi_progress(); // replies that arrived mark their calls completed
#endif
  for (int d = clvi_tree_first_level(clvi_here.node); d < 30; ++d) {
    long child = (long)clvi_here.node + (1L << d);
    if (child >= clvi_node_count)
      break;
    if (!calls_out_to((int)child))
      return (int)child;
  }
  return -1;
}

int clv_spawn_node(void) {
  int child = clv_child_node();
  if (clvi_transport != TRANSPORT_THREADS) {
    int node = child >= 0 ? child : idle_child();
#ifdef CLEAVE_HAVE_MPI
    if (node < 0)
      node = clvi_waiting_node();
#endif
    return node;
  }
  if (child >= 0) {
    // The tree's child is promised too: no other spawn picks it as idle,
    // even if it has not yet marked itself idle, or is still serving a call
    // (it serves this one next).
    atomic_store(&clvi_nodes[child].hunger, HUNGER_RESERVED);
    return child;
  }
  // Beyond the tree: a node that waits with nothing to serve, the nearest
  // after this one first.
  for (int i = 1; i < clvi_node_count; ++i) {
    node *n = &clvi_nodes[(clvi_here.node + i) % clvi_node_count];
    int idle = HUNGER_IDLE;
    if (atomic_load_explicit(&n->hunger, memory_order_relaxed) == HUNGER_IDLE &&
        atomic_compare_exchange_strong(&n->hunger, &idle, HUNGER_RESERVED))
      return n->index;
  }
  return -1;
}

/// clv_spawn, unmeasured (the grain, below, measures).
static clv_future *spawn(int target, uint32_t fn, clv_buf *args) {
  if (target >= 0 && target == clv_child_node())
    return clv_call_child(fn, args);
  if (clvi_transport != TRANSPORT_THREADS && target > clvi_here.node &&
      clvi_here.level >= 0 && target < clvi_node_count) {
    // A child of this node's again (idle_child): it starts its own
    // children where the tree has them.
    int d = clvi_tree_first_level(target - clvi_here.node) - 1;
    if (clvi_here.node + (1L << d) == target &&
        d >= clvi_tree_first_level(clvi_here.node))
      return clvi_can_send(fn, args)
                 ? clvi_send_call(target, fn, args, (context){target, d + 1},
                                  NO_LEVEL)
                 : NULL;
  }
  return clv_call(target, fn, args);
}

// ---------------------------------------------------------------------------
// Grain
//
// Where regions are copied, a call that moves more bytes than its work pays
// for makes the program slower (heat's rows on mpi: 2 ms of arithmetic for
// 48 MiB copied). The cost model could price a message, but not the work of
// a call, which depends on the data; so the runtime measures both on the
// calls it sends, by function and by power of two of the bytes they copy, and
// stops sending calls whose work was less than twice their cost.

enum {
  GRAIN_BUCKETS = CLVI_GRAIN_BUCKETS, ///< powers of two of a size_t
  GRAIN_SAMPLES = 2, ///< calls measured before a bucket may say no
  /// The same where regions are shared: such calls cost little to measure,
  /// and the first ones pay for waking the nodes and for fresh memory (two
  /// rows of a product of a matrix and a vector cost 3 us each to send and
  /// join, the later ones less than 1 us).
  SHARED_SAMPLES = 16,
  /// Calls measured at most by bucket, and by function for loops: the
  /// average and the least cost are settled by then, and measuring the calls
  /// of a loop of small ones, under one lock from both ends of each, cost as
  /// much as the rest of their runtime.
  GRAIN_MEASURES = 256,
  GRAIN_MARGIN = 2, ///< the work must exceed the cost this many times
  RUN_CALLS = 64    ///< a loop's calls sent to a node in a row, at most
};
/// The work of a run of a loop's calls to one node (run_length): long enough
/// for a processor to read memory in long stretches, short beside a loop of
/// such calls, since the node that ends last is at most that late.
#define RUN_WORK_NS 100000.0
#define GRAIN_MIN_BYTES ((size_t)64 << 10) ///< less is sent untested
/// How much more work a byte may do in a larger bucket for the calls of a
/// function to count as linear in what they copy (larger_cannot_pay).
#define LINEAR_GROWTH 1.25

typedef struct grain_slot {
  /// Calls measured, up to GRAIN_MEASURES: written under grain_lock, read
  /// without it to skip the lock once there are enough.
  atomic_uint samples;
  double work_ns;     ///< summed
  int64_t least_cost; ///< the smallest cost seen (a cold first call pays more)
} grain_slot;

static grain_slot *grain; ///< program.count x GRAIN_BUCKETS, made at start
static pthread_mutex_t grain_lock = PTHREAD_MUTEX_INITIALIZER;

/// By function, for the calls of loops (clv_loop_spawns): whether its calls
/// are measured whatever they copy, and whether they were found not to pay.
/// A loop spawns its calls before it joins any. On threads, where the
/// callee's node shares this memory, the callee adds its work as it ends and
/// the caller the cost of each spawn (to clv_spawn's return) as it makes it,
/// so the loop learns within a few calls. On mpi only the joins tell
/// (clv_joined): until two calls have been joined, no more than two are out.
enum { LOOP_UNSEEN, LOOP_MEASURED, LOOP_NOT_WORTH };
typedef struct loop_slot {
  _Atomic unsigned char state;
  /// The highest bucket of the function's calls (of any call, not only a
  /// loop's) that said no, -1 when none (grain_verdict).
  atomic_int highest_no;
  grain_slot seen;    ///< under grain_lock; least_cost 0: no cost seen yet
  unsigned in_flight; ///< under grain_lock: on mpi, spawned and not joined
} loop_slot;
static loop_slot *loop_grain; ///< program.count, made at start

/// What clv_spawn_node_for leaves for clv_spawn, and clv_wait for clv_joined,
/// on this thread.
static _Thread_local struct {
  uint32_t fn;
  int bucket; ///< -1: nothing pending
  int64_t since;
  int64_t work_ns, other_ns;
} grain_spawning = {0, -1, 0, 0, 0}, grain_joining = {0, -1, 0, 0, 0};

static int log2_floor(size_t bytes) {
  int b = 0;
  while (bytes >>= 1)
    ++b;
  return b;
}

/// How many calls are measured before their measures may keep calls home.
static unsigned verdict_samples(void) {
  return clvi_share_regions ? SHARED_SAMPLES : GRAIN_SAMPLES;
}

/// Whether no bucket of \p fn from \p bucket up has seen its calls cost more
/// than their work. Asked at every spawn, so it reads one number, which the
/// joins keep (grain_verdict), and takes no lock.
static int grain_pays(uint32_t fn, int bucket) {
  return !loop_grain ||
         bucket > atomic_load_explicit(&loop_grain[fn].highest_no,
                                       memory_order_relaxed);
}

/// Whether the calls of bucket \p top, larger than those of \p below (both
/// measured), show work that grows no faster than the bytes copied and less
/// than twice what each further byte costs: then no larger call pays either.
/// The cost of a byte is the slope of the least costs between the two
/// buckets, without what every call costs whatever it copies; the work of a
/// byte in the larger bucket is at most LINEAR_GROWTH times that in the
/// smaller one (a product of matrices, n^3 work for n^2 values, does a third
/// more at least per byte from one bucket to the next; a sort or an FFT,
/// n log n, a few percent).
static int larger_cannot_pay(const clvi_grain_measure *below, int b1,
                             const clvi_grain_measure *top, int b2) {
  double bytes1 = 1.5 * (double)((size_t)1 << b1),
         bytes2 = 1.5 * (double)((size_t)1 << b2);
  double per_byte =
      (double)(top->least_cost - below->least_cost) / (bytes2 - bytes1);
  if (per_byte <= 0)
    return 0;
  double work1 = below->work_ns / below->samples / bytes1;
  double work2 = top->work_ns / top->samples / bytes2;
  return work2 <= LINEAR_GROWTH * work1 && work2 < GRAIN_MARGIN * per_byte;
}

/// The extrapolation to every bucket (larger_cannot_pay) matters: without
/// it, each bucket of a function whose work is a few operations a byte sent
/// its first two calls: on 2 ranks, cfft's butterflies (ten operations for
/// 48 bytes each way) sent 51 calls and 183 MB in a run of 2 s, against 1
/// call in the runs of 1.6 s.
int clvi_grain_highest_no(const clvi_grain_measure *measures,
                          unsigned min_samples, int copied) {
  int highest = -1, below = -1, top = -1; // the two largest buckets measured
  for (int b = 0; b < GRAIN_BUCKETS; ++b) {
    const clvi_grain_measure *g = &measures[b];
    if (g->samples < min_samples || g->samples == 0)
      continue;
    below = top;
    top = b;
    if (g->work_ns / g->samples < (double)GRAIN_MARGIN * g->least_cost)
      highest = b;
  }
  if (copied && highest == top && below >= 0 &&
      larger_cannot_pay(&measures[below], below, &measures[top], top))
    highest = GRAIN_BUCKETS - 1;
  return highest;
}

/// Under grain_lock, after a bucket of \p fn changed: keeps the verdict of
/// its measures (clvi_grain_highest_no) for grain_pays.
static void grain_verdict(uint32_t fn) {
  const grain_slot *slots = &grain[(size_t)fn * GRAIN_BUCKETS];
  clvi_grain_measure measures[GRAIN_BUCKETS];
  for (int b = 0; b < GRAIN_BUCKETS; ++b)
    measures[b] = (clvi_grain_measure){
        atomic_load_explicit(&slots[b].samples, memory_order_relaxed),
        slots[b].work_ns, slots[b].least_cost};
  atomic_store_explicit(
      &loop_grain[fn].highest_no,
      clvi_grain_highest_no(measures, verdict_samples(), !clvi_share_regions),
      memory_order_relaxed);
}

/// Whether the calls of \p fn are measured whatever they copy.
static int loop_measured(uint32_t fn) {
  return loop_grain && fn < clvi_program.count &&
         atomic_load_explicit(&loop_grain[fn].state, memory_order_relaxed) !=
             LOOP_UNSEEN;
}

int clv_loop_spawns(unsigned int fn) {
  if (clvi_node_count < 2 || fn >= clvi_program.count || !loop_grain)
    return 0;
  loop_slot *l = &loop_grain[fn];
  unsigned char seen = atomic_load_explicit(&l->state, memory_order_relaxed);
  if (seen == LOOP_UNSEEN)
    atomic_store_explicit(&l->state, seen = LOOP_MEASURED,
                          memory_order_relaxed);
  if (seen == LOOP_NOT_WORTH)
    return 0;
  if (clvi_transport == TRANSPORT_THREADS)
    return 1;
  pthread_mutex_lock(&grain_lock);
  int unknown =
      l->seen.samples < GRAIN_SAMPLES && l->in_flight >= GRAIN_SAMPLES;
  pthread_mutex_unlock(&grain_lock);
  return !unknown;
}

/// Adds to what the loops' calls of \p fn cost: \p work_ns of work (or
/// none, -1), \p cost_ns of cost (or none, -1), \p flight to the calls out;
/// they stop where two of them worked less than twice the least cost.
void clvi_loop_measure(uint32_t fn, int64_t work_ns, int64_t cost_ns,
                       int flight) {
  if (!loop_measured(fn) ||
      atomic_load_explicit(&loop_grain[fn].seen.samples,
                           memory_order_relaxed) >= GRAIN_MEASURES)
    return;
  pthread_mutex_lock(&grain_lock);
  loop_slot *l = &loop_grain[fn];
  grain_slot *g = &l->seen;
  if (work_ns >= 0) {
    g->work_ns += (double)work_ns;
    ++g->samples;
  }
  if (cost_ns >= 0 && (g->least_cost == 0 || cost_ns < g->least_cost))
    g->least_cost = cost_ns > 0 ? cost_ns : 1;
  l->in_flight += flight;
  if (g->samples >= verdict_samples() && g->least_cost > 0 &&
      g->work_ns / g->samples < (double)GRAIN_MARGIN * g->least_cost)
    atomic_store_explicit(&l->state, LOOP_NOT_WORTH, memory_order_relaxed);
  pthread_mutex_unlock(&grain_lock);
}

/// How many calls of \p fn in a row a loop sends to a node that runs them
/// (clv_spawn_node_for): as many as do RUN_WORK_NS of work on average, from
/// 1 to RUN_CALLS; 1 until two calls have been measured.
static unsigned run_length(uint32_t fn) {
  pthread_mutex_lock(&grain_lock);
  const grain_slot *g = &loop_grain[fn].seen;
  double work = g->samples >= GRAIN_SAMPLES ? g->work_ns / g->samples : 0;
  pthread_mutex_unlock(&grain_lock);
  if (work <= 0)
    return 1;
  double calls = RUN_WORK_NS / work;
  return calls >= RUN_CALLS ? RUN_CALLS : calls >= 1 ? (unsigned)calls : 1;
}

/// For a loop's call of \p fn on threads when no node is idle: a node that
/// runs a call of \p fn, another iteration's, with nothing queued behind it,
/// where this one then waits to start as soon as that one ends; -1 when none.
/// Without it, a node that ends its call just after this one started one of
/// its own waits idle through all of it (rows of a product alike in work:
/// 1.5 processors busy of 2).
static int next_in_line(uint32_t fn) {
  for (int i = 1; i < clvi_node_count; ++i) {
    node *n = &clvi_nodes[(clvi_here.node + i) % clvi_node_count];
    if (atomic_load_explicit(&n->running, memory_order_relaxed) == fn + 1 &&
        atomic_load_explicit(&n->queued, memory_order_relaxed) == 0)
      return n->index;
  }
  return -1;
}

/// The run of a loop's calls this thread is sending to one node: the calls
/// of consecutive iterations go to a node together, run_length(fn) of them,
/// and the calls between two runs run here. Sent one at a time, to whichever
/// node could take one, calls of a few microseconds (the rows of a product
/// of a matrix and a vector) went to the two nodes in turn, and each
/// processor read every other row of the matrix: slower than one processor
/// reading them all (1.6 times the time of each reading half, in C with two
/// threads), and the program on 2 nodes slower than sequentially.
static _Thread_local struct {
  uint32_t fn;
  int node;      ///< -1: none
  unsigned left; ///< calls still to send to it
} run = {0, -1, 0};

/// Where a loop's call of \p fn goes on threads: the node of this thread's
/// run while it has calls left and that node still has work; else a node
/// clv_spawn_node gives, or next_in_line, which starts a run; -1: here.
static int loop_node(uint32_t fn) {
  if (run.node >= 0 && run.fn == fn && run.left > 0) {
    const node *n = &clvi_nodes[run.node];
    if (atomic_load_explicit(&n->running, memory_order_relaxed) == fn + 1 ||
        atomic_load_explicit(&n->queued, memory_order_relaxed) > 0) {
      --run.left;
      return run.node;
    }
  }
  int node = clv_spawn_node();
  if (node < 0)
    node = next_in_line(fn);
  run.fn = fn;
  run.node = node;
  run.left = node >= 0 ? run_length(fn) - 1 : 0;
  return node;
}

int clv_spawn_node_for(unsigned int fn, size_t bytes) {
  int bucket = -1;
  if (((!clvi_share_regions && bytes >= GRAIN_MIN_BYTES) ||
       loop_measured(fn)) &&
      fn < clvi_program.count && clvi_node_count > 1) {
    bucket = log2_floor(bytes);
    if (!grain_pays(fn, bucket))
      return CLV_NOT_WORTH;
  }
  int node = clvi_transport == TRANSPORT_THREADS && loop_measured(fn)
                 ? loop_node(fn)
                 : clv_spawn_node();
  grain_spawning.fn = fn;
  grain_spawning.bucket = node >= 0 ? bucket : -1;
  if (grain_spawning.bucket >= 0) // the clock only for calls measured
    grain_spawning.since = now_ns();
  return node;
}

/// Keeps what clv_joined measures of \p f, the call being joined (NULL: a
/// call that failed, which measures nothing).
void clvi_grain_joins(const clv_future *f) {
  grain_joining.bucket = f ? f->grain_bucket : -1;
  if (grain_joining.bucket >= 0) {
    grain_joining.fn = f->fn;
    grain_joining.since = now_ns();
    grain_joining.work_ns = f->work_ns;
    grain_joining.other_ns = f->sent_ns + f->other_ns;
  }
}

void clv_work_begin(void) { clvi_work_clock.start = now_ns(); }

void clv_work_end(void) {
  clvi_work_clock.work = now_ns() - clvi_work_clock.start;
}

void clv_joined(void) {
  if (grain_joining.bucket < 0 || !grain)
    return;
  int64_t cost = grain_joining.other_ns + (now_ns() - grain_joining.since);
  grain_slot *g =
      &grain[(size_t)grain_joining.fn * GRAIN_BUCKETS + grain_joining.bucket];
  if (atomic_load_explicit(&g->samples, memory_order_relaxed) <
      GRAIN_MEASURES) {
    pthread_mutex_lock(&grain_lock);
    g->work_ns += (double)grain_joining.work_ns;
    if (g->samples++ == 0 || cost < g->least_cost)
      g->least_cost = cost;
    grain_verdict(grain_joining.fn);
    pthread_mutex_unlock(&grain_lock);
  }
  if (clvi_transport != TRANSPORT_THREADS)
    clvi_loop_measure(grain_joining.fn, grain_joining.work_ns, cost, -1);
  grain_joining.bucket = -1;
}

/// Makes the tables of what the runtime measures, for clvi_program's
/// functions (clv_init). Without them (out of memory) no loop spawns and no
/// call is measured.
void clvi_make_grain(void) {
  uint32_t count = clvi_program.count ? clvi_program.count : 1;
  loop_grain = calloc(count, sizeof *loop_grain);
  grain = calloc((size_t)count * GRAIN_BUCKETS, sizeof *grain);
  for (uint32_t i = 0; loop_grain && i < clvi_program.count; ++i) {
    atomic_init(&loop_grain[i].state, LOOP_UNSEEN);
    atomic_init(&loop_grain[i].highest_no, -1);
  }
}

/// Frees what the runtime measured (clv_finalize).
void clvi_forget_grain(void) {
  pthread_mutex_lock(&grain_lock);
  free(grain);
  grain = NULL;
  free(loop_grain);
  loop_grain = NULL;
  pthread_mutex_unlock(&grain_lock);
}

int clv_spawn_node_at(int node) {
  return clvi_node_count > 0 && node >= 0 && node < clvi_node_count &&
                 node != clvi_here.node
             ? node
             : -1;
}

/// Whether the next spawn on this thread is a loop's call tested at run time
/// (clv_spawns_conflict), whose cost clv_spawns_add_tested measures.
static _Thread_local int spawn_tested;

void clvi_grain_testing(void) { spawn_tested = 1; }

void clvi_grain_tested(clv_future *f, int64_t since) {
  if (f->grain_bucket < 0)
    return;
  f->sent_ns = now_ns() - since;
  if (clvi_transport == TRANSPORT_THREADS)
    clvi_loop_measure(f->fn, -1, f->sent_ns, 0);
}

clv_future *clv_spawn(int target, unsigned int fn, clv_buf *args) {
  clv_future *f = spawn(target, fn, args);
  int tested = spawn_tested;
  spawn_tested = 0;
  if (f && grain_spawning.bucket >= 0 && grain_spawning.fn == fn) {
    f->grain_bucket = grain_spawning.bucket;
    f->sent_ns = now_ns() - grain_spawning.since;
    if (clvi_transport != TRANSPORT_THREADS)
      clvi_loop_measure(fn, -1, -1, 1);
    else if (!tested)
      clvi_loop_measure(fn, -1, f->sent_ns, 0);
  }
  grain_spawning.bucket = -1;
  return f;
}
