/// \file
/// The mpi transport (built with CLEAVE_HAVE_MPI).

#include "clv_internal.h"

#ifdef CLEAVE_HAVE_MPI
#include <mpi.h>
#ifdef CLEAVE_MPI_LIBRARY
// The MPI library is loaded when CLEAVE_TRANSPORT=mpi asks for it, not at
// start: loading and relocating Open MPI's libmpi and the twenty libraries it
// needs cost about 3 ms of every start of a program that runs on threads and
// never calls it (bench/README.md). The runtime's calls go through this table,
// which load_mpi fills. (Builds with an MPI compiler wrapper, such as
// MPICH's and SimGrid's, do not define CLEAVE_MPI_LIBRARY and call MPI as
// usual.)
#include <dlfcn.h>
static struct {
  __typeof__(MPI_Abort) *Abort;
  __typeof__(MPI_Comm_free) *Comm_free;
  __typeof__(MPI_Comm_rank) *Comm_rank;
  __typeof__(MPI_Comm_size) *Comm_size;
  __typeof__(MPI_Comm_split_type) *Comm_split_type;
  __typeof__(MPI_Finalize) *Finalize;
  __typeof__(MPI_Finalized) *Finalized;
  __typeof__(MPI_Get_count) *Get_count;
  __typeof__(MPI_Init_thread) *Init_thread;
  __typeof__(MPI_Initialized) *Initialized;
  __typeof__(MPI_Iprobe) *Iprobe;
  __typeof__(MPI_Isend) *Isend;
  __typeof__(MPI_Recv) *Recv;
  __typeof__(MPI_Testall) *Testall;
  __typeof__(MPI_Waitall) *Waitall;
#ifdef OPEN_MPI
  // Open MPI's handles are the addresses of objects in the library.
  void *comm_world, *byte, *info_null, *request_null;
#endif
} mpi_calls;
#define MPI_Abort (*mpi_calls.Abort)
#define MPI_Comm_free (*mpi_calls.Comm_free)
#define MPI_Comm_rank (*mpi_calls.Comm_rank)
#define MPI_Comm_size (*mpi_calls.Comm_size)
#define MPI_Comm_split_type (*mpi_calls.Comm_split_type)
#define MPI_Finalize (*mpi_calls.Finalize)
#define MPI_Finalized (*mpi_calls.Finalized)
#define MPI_Get_count (*mpi_calls.Get_count)
#define MPI_Init_thread (*mpi_calls.Init_thread)
#define MPI_Initialized (*mpi_calls.Initialized)
#define MPI_Iprobe (*mpi_calls.Iprobe)
#define MPI_Isend (*mpi_calls.Isend)
#define MPI_Recv (*mpi_calls.Recv)
#define MPI_Testall (*mpi_calls.Testall)
#define MPI_Waitall (*mpi_calls.Waitall)
#ifdef OPEN_MPI
#undef MPI_COMM_WORLD
#undef MPI_BYTE
#undef MPI_INFO_NULL
#undef MPI_REQUEST_NULL
#define MPI_COMM_WORLD ((MPI_Comm)mpi_calls.comm_world)
#define MPI_BYTE ((MPI_Datatype)mpi_calls.byte)
#define MPI_INFO_NULL ((MPI_Info)mpi_calls.info_null)
#define MPI_REQUEST_NULL ((MPI_Request)mpi_calls.request_null)
#endif
#endif

// ---------------------------------------------------------------------------
// The mpi transport
//
// One process per node and one thread making every MPI call
// (MPI_THREAD_FUNNELED), no progress thread: whoever waits polls
// (clvi_mpi_progress), so it also runs under SimGrid's SMPI. A call is one
// message to the callee and one reply back, each a header (clv_wire.h) and a
// payload, on MPI_COMM_WORLD with tag CLV_WIRE_TAG. Sends do not block, because
// two nodes may send each other large messages at once; their buffers are freed
// as polling finds them sent. The caller's future stays in its node's list of
// futures made, where the reply's call id finds it; the callee makes a future
// of its own for the call and queues it as the threads transport does, so the
// same serving loop runs it.
//
// A served call replies only once every call it made has completed (see
// serve()), so when node 0's calls have all completed no message is in flight
// anywhere, and clv_finalize ends the others with one stop message each.
//
// A message that names no call it could be answered on (no header, another
// program's, a reply to no call, over the size limit) leaves nobody to return
// an error to: the node says so on stderr and ends the job with MPI_Abort,
// never a hang. One that names its call but does not decode (a payload length
// that disagrees with the message) is answered with CLV_E_DECODE.

/// Default of CLEAVE_MAX_MESSAGE, the largest payload (bytes): 1 GiB.
#define DEFAULT_MAX_MESSAGE (1LL << 30)
/// Payloads up to this size are copied next to their header and sent or
/// received as one buffer; a larger one follows its header as a message of
/// its own on CLV_WIRE_PAYLOAD_TAG, sent from the buffer it was encoded in
/// and received into the buffer it is decoded from. Contiguous at both ends,
/// it is copied once, by the receiver from the sender's memory, where MPI can
/// (Open MPI's vader with CMA); a message joined from two buffers by a
/// datatype went through the library's buffers in pieces instead, and moved
/// only while the sender polled.
#define SMALL_MESSAGE (64 * 1024)

/// A message being sent: its header and its payload stay where they are, the
/// payload being the buffer the call or reply was encoded in (no copy), until
/// both sends complete (the second is MPI_REQUEST_NULL for a small message).
typedef struct outgoing {
  MPI_Request request[2];
  unsigned char *header;
  unsigned char *payload;
  size_t payload_size; ///< bytes allocated at payload (clvi_give_block)
} outgoing;

_Thread_local clv_future *clvi_serving_call;
int clvi_exit_status = -1;

static outgoing *sends; ///< nonblocking sends not yet seen complete
static size_t send_count, send_capacity;
static long long max_payload = DEFAULT_MAX_MESSAGE;
/// clv_wire_signature of the program with the encoding in use.
static uint64_t signature;
static uint64_t last_call_id;
static int rank;

/// What this process knows of the other nodes' waits, by node: how many of
/// its calls this node holds (received, not yet answered); whether it told
/// this node that it waits for one of them with nothing else to do
/// (CLV_WIRE_WAITING), and for which; and how many such notices this node
/// sent it and got the receipt of.
typedef struct waits_of {
  unsigned calls;
  unsigned char waiting;
  uint64_t waiting_for; ///< the call id of its last notice
  uint64_t sent, seen;
} waits_of;
static waits_of *waits;

/// Prints "cleave: node N: <message>" to stderr and ends every process of
/// the job.
#if defined(__GNUC__)
__attribute__((format(printf, 1, 2)))
#endif
static _Noreturn void
mpi_fatal(const char *format, ...) {
  char message[MESSAGE_SIZE];
  va_list ap;
  va_start(ap, format);
  vsnprintf(message, sizeof message, format, ap);
  va_end(ap);
  fprintf(stderr, "cleave: node %d: %s\n", rank, message);
  fflush(stderr);
  MPI_Abort(MPI_COMM_WORLD, 1);
  exit(1); // not reached: MPI_Abort ends the process
}

/// Frees the buffers of the sends that have completed.
static void complete_sends(void) {
  for (size_t i = 0; i < send_count;) {
    int done = 0;
    MPI_Status statuses[2]; // not MPI_STATUSES_IGNORE, which GCC takes for
                            // an array too short with MPICH's prototypes
    MPI_Testall(2, sends[i].request, &done, statuses);
    if (!done) {
      ++i;
      continue;
    }
    free(sends[i].header);
    clvi_give_block(sends[i].payload, sends[i].payload_size);
    sends[i] = sends[--send_count];
  }
}

/// Starts sending \p header with the contents of \p payload to \p target,
/// and takes them (\p payload is left empty whatever happens). CLV_E_ENCODE
/// when the payload is over CLEAVE_MAX_MESSAGE, CLV_E_NOMEM when memory runs
/// out, with a message for clv_last_error().
static clv_status send_message(int target, clv_wire_header header,
                               clv_buf *payload) {
  size_t size = payload->size, allocated = payload->cap;
  unsigned char *data = payload->data;
  payload->data = NULL; // taken; the rest (graph state) is freed
  clv_buf_free(payload);
  if (size > (unsigned long long)max_payload) {
    clvi_give_block(data, allocated);
    clvi_set_error("%zu bytes, more than the %lld a message may carry "
                   "(CLEAVE_MAX_MESSAGE)",
                   size, max_payload);
    return CLV_E_ENCODE;
  }
  if (send_count == send_capacity) {
    size_t capacity = send_capacity ? 2 * send_capacity : MIN_CAPACITY;
    outgoing *grown = realloc(sends, capacity * sizeof *grown);
    if (!grown) {
      clvi_give_block(data, allocated);
      clvi_set_error("out of memory for %zu messages being sent", capacity);
      return CLV_E_NOMEM;
    }
    sends = grown;
    send_capacity = capacity;
  }
  // A small payload is copied behind the header, which costs less than a
  // datatype; a large one is sent where it is.
  int whole = size <= SMALL_MESSAGE;
  unsigned char *head = malloc(CLV_WIRE_HEADER_SIZE + (whole ? size : 0));
  if (!head) {
    clvi_give_block(data, allocated);
    clvi_set_error("out of memory for a message of %zu bytes", size);
    return CLV_E_NOMEM;
  }
  header.signature = signature;
  header.payload_size = size;
  clv_wire_encode(&header, head);
  outgoing *out = &sends[send_count];
  out->request[1] = MPI_REQUEST_NULL;
  if (whole) {
    if (size > 0)
      memcpy(head + CLV_WIRE_HEADER_SIZE, data, size);
    clvi_give_block(data, allocated);
    data = NULL;
    MPI_Isend(head, (int)(CLV_WIRE_HEADER_SIZE + size), MPI_BYTE, target,
              CLV_WIRE_TAG, MPI_COMM_WORLD, &out->request[0]);
  } else {
    // max_payload is INT_MAX at most, MPI's counts.
    MPI_Isend(head, CLV_WIRE_HEADER_SIZE, MPI_BYTE, target, CLV_WIRE_TAG,
              MPI_COMM_WORLD, &out->request[0]);
    MPI_Isend(data, (int)size, MPI_BYTE, target, CLV_WIRE_PAYLOAD_TAG,
              MPI_COMM_WORLD, &out->request[1]);
  }
  out->header = head;
  out->payload = data;
  out->payload_size = allocated;
  ++send_count;
  return CLV_OK;
}

/// \p text as a payload (an error message), or an empty one when memory runs
/// out (the status still says what failed).
static clv_buf text_payload(const char *text) {
  clv_buf b;
  clv_buf_init(&b);
  if (clv_buf_put(&b, text, strlen(text)) != CLV_OK)
    clv_buf_free(&b);
  return b;
}

/// Sends \p target a message of a header of \p kind alone.
static void send_bare(int target, clv_wire_kind kind, uint64_t call_id) {
  clv_wire_header header = {kind, 0, call_id, 0, 0, CLV_OK, 0, 0, 0};
  clv_buf none;
  clv_buf_init(&none);
  if (send_message(target, header, &none) != CLV_OK)
    mpi_fatal("cannot send to node %d: %s", target, clvi_last_error);
}

// A node that waits for a call it made, with nothing to serve, tells the node
// running it so, and again each time it falls idle after serving a call; that
// node may then send it one call of its own per notice (clv_spawn_node) where
// the tree has no node for it, which the waiting node serves while it waits.
// fib's first self-call on 2 ranks leaves rank 1
// with fib(n - 1), 1.6 times the work rank 0 keeps; rank 0, done first, is
// sent calls of rank 1's until both end together. A notice has a receipt,
// and the wait that sent it ends only once the receipt is back, so that no
// message is in flight when node 0 stops the others.

/// Tells the node running a call \p w waits for (the first not completed that
/// another node runs) that this node waits with nothing to do; the notice,
/// node -1 when no call of w runs elsewhere.
notice clvi_tell_waiting(const node *n, const awaited *w) {
  const clv_future *f = NULL;
  if (w->made) {
    for (f = w->since ? w->since->made_next : n->made_first; f;
         f = f->made_next)
      if (!is_done(f) && f->callee.node != rank)
        break;
  } else {
    for (size_t i = 0; i < w->count && !f; ++i)
      if (w->futures[i] && !is_done(w->futures[i]) &&
          w->futures[i]->callee.node != rank)
        f = w->futures[i];
  }
  if (!f || is_lost(f->callee.node))
    return (notice){-1, 0};
  int target = f->callee.node;
  send_bare(target, CLV_WIRE_WAITING, f->id);
  return (notice){target, ++waits[target].sent};
}

/// Whether the receipt of \p told came back (or its node was lost).
int clvi_notice_seen(notice told) {
  return waits[told.node].seen >= told.number || is_lost(told.node);
}

/// A node that told this one it waits for a call it made here, and that this
/// node has not replied to since; -1 when none. Its mark is taken: one call
/// for each notice.
int clvi_waiting_node(void) {
  clvi_mpi_progress(); // notices that arrived
  for (int i = 0; i < clvi_node_count; ++i)
    if (waits[i].waiting && !is_lost(i)) {
      waits[i].waiting = 0;
      return i;
    }
  return -1;
}

clv_future *clvi_mpi_send_call(int target, clv_future *f) {
  f->id = ++last_call_id;
  // Beyond the tree the level says how deep the caller's local run is.
  int32_t level = f->callee.level >= 0 ? f->callee.level : -1 - f->local_depth;
  clv_wire_header header = {CLV_WIRE_CALL, 0,     f->id, 0, f->fn,
                            CLV_OK,        level, 0,     0};
  clv_status status = send_message(target, header, &f->args);
  if (status == CLV_OK)
    return f;
  char call[MESSAGE_SIZE];
  clvi_describe_call(f, call);
  char why[MESSAGE_SIZE];
  memcpy(why, clvi_last_error, sizeof why);
  clvi_set_error("%s: its arguments: %s", call, why);
  clvi_release_future(home(), f);
  return NULL;
}

/// Notes that the call \p f is answered: its caller's wait may end.
static void answering(const clv_future *f) {
  // A notice that crosses the reply is dropped. So does the mark of the
  // wait for this call: the caller goes back to its own code (a call it
  // served, nested in a wait for another one it made here), and a call sent
  // to it on that mark would wait until it comes back to a wait; cfft's
  // calls, passed back and forth that way, took up to 0.2 s each to start.
  if (--waits[f->caller].calls == 0 || waits[f->caller].waiting_for == f->id)
    waits[f->caller].waiting = 0;
}

/// Replies to the served call \p f with \p status, then frees f.
void clvi_mpi_answer(clv_future *f, clv_status status) {
  clv_wire_header header = {
      CLV_WIRE_REPLY,       0, f->id, 0, f->fn, status, 0, (uint64_t)f->work_ns,
      (uint64_t)f->other_ns};
  clv_buf failure;
  clv_status sent;
  answering(f);
  if (status == CLV_OK) {
    sent = send_message(f->caller, header, &f->reply);
  } else {
    failure = text_payload(f->message);
    sent = send_message(f->caller, header, &failure);
  }
  if (sent == CLV_E_ENCODE) { // a reply over the limit
    clvi_describe_call(f, f->message);
    clvi_append(f->message, ": the reply did not encode: ");
    clvi_append(f->message, clvi_last_error);
    header.status = CLV_E_ENCODE;
    failure = text_payload(f->message);
    sent = send_message(f->caller, header, &failure);
  }
  if (sent != CLV_OK)
    mpi_fatal("cannot reply to node %d: %s", f->caller, clvi_last_error);
  clv_buf_free(&f->reply);
  free(f);
}

/// Answers the call \p f as having exited with clvi_exit_status, and frees it.
void clvi_answer_exited(clv_future *f) {
  clv_wire_header header = {CLV_WIRE_EXITED,  0, f->id, 0, f->fn, CLV_OK,
                            clvi_exit_status, 0, 0};
  clv_buf none;
  clv_buf_init(&none);
  answering(f);
  if (send_message(f->caller, header, &none) != CLV_OK)
    mpi_fatal("cannot reply to node %d: %s", f->caller, clvi_last_error);
  clv_buf_free(&f->reply);
  free(f);
}

/// On a node other than 0, exit() called by a call it serves (registered
/// by clvi_serve_until_stopped): this node answers the calls its thread serves,
/// the innermost first, and every call sent here afterwards, as having exited
/// with \p status, so that their callers' nodes exit the same way in turn
/// (consume) up to node 0, which runs the program's atexit handlers and
/// stops the others; this node serves until then, and leaves with \p status.
static clv_status stop_mpi(void);

static void exit_from_calls(int status, void *unused) {
  (void)unused;
  if (!clvi_serving_call || clvi_exit_status >= 0)
    return;                         // not in a call: the runtime's own exit
  clvi_exit_status = status & 0377; // what the process's parent would see
  while (clvi_serving_call) {
    clv_future *f = clvi_serving_call;
    // What it made completes first, as before any reply (serve); not what
    // the calls around it made, which may wait for this one's answer.
    awaited made = {.made = 1, .since = f->made_before};
    clvi_serve_until(home(), &made, NO_DEADLINE);
    clvi_serving_call = f->outer_served;
    clvi_answer_exited(f);
  }
  clvi_serve_until(home(), NULL, NO_DEADLINE);
  stop_mpi();
}

/// Queues the call of \p header from \p source with \p args, or answers it
/// at once with CLV_E_DECODE when \p status says it did not decode.
static void receive_call(int source, const clv_wire_header *header,
                         clv_status status, const char *why, clv_buf args,
                         int64_t receipt_ns) {
  clv_future *f = malloc(sizeof *f);
  if (!f)
    mpi_fatal("out of memory for a call from node %d", source);
  ++waits[source].calls;
  f->next = NULL;
  f->fn = header->function;
  f->args = args;
  f->callee = (context){rank, header->level >= 0 ? header->level : -1};
  f->local_depth = header->level >= 0 ? 0
                   : header->level < -1 - LOCAL_PARALLEL_DEPTH
                       ? LOCAL_PARALLEL_DEPTH
                       : -1 - header->level;
  f->caller = source;
  f->caller_level = NO_LEVEL;
  clv_buf_init(&f->local);
  f->made_prev = f->made_next = NULL;
  atomic_init(&f->done, 0);
  f->status = CLV_OK;
  clv_buf_init(&f->reply);
  f->message[0] = '\0';
  f->id = header->call_id;
  f->grain_bucket = -1;
  f->sent_ns = f->work_ns = 0;
  f->other_ns = receipt_ns;
  f->exited = 0;
  f->outer_served = NULL;
  f->made_before = NULL;
  if (status == CLV_OK) {
    enqueue(home(), f);
    return;
  }
  clv_buf_free(&f->args);
  clvi_describe_call(f, f->message);
  clvi_append(f->message, " from node ");
  char from[16];
  snprintf(from, sizeof from, "%d", source);
  clvi_append(f->message, from);
  clvi_append(f->message, ": the message did not decode: ");
  clvi_append(f->message, why);
  clvi_mpi_answer(f, CLV_E_DECODE);
}

/// The future of this node whose call has id \p id, or NULL.
static clv_future *made_with_id(uint64_t id) {
  for (clv_future *f = home()->made_last; f; f = f->made_prev)
    if (f->id == id)
      return f;
  return NULL;
}

/// Completes the future the reply \p header from \p source is for.
static void receive_reply(int source, const clv_wire_header *header,
                          clv_status status, const char *why, clv_buf payload,
                          int64_t receipt_ns) {
  // A lost node may answer after all: its calls here have ended already.
  if (is_lost(source)) {
    clv_buf_free(&payload);
    return;
  }
  clv_future *f = made_with_id(header->call_id);
  if (!f || f->callee.node != source || is_done(f))
    mpi_fatal("a reply from node %d to call %" PRIu64
              ", which this node did not make or had answered already",
              source, header->call_id);
  if (status != CLV_OK) {
    clvi_describe_call(f, f->message);
    clvi_append(f->message, ": the reply did not decode: ");
    clvi_append(f->message, why);
    f->status = CLV_E_DECODE;
    clv_buf_free(&payload);
  } else if (header->kind == CLV_WIRE_EXITED) {
    if (header->level < 0 || header->level > 255)
      mpi_fatal("node %d says call %" PRIu64 " exited with status %" PRId32
                ", which is no exit status (0 to 255)",
                source, header->call_id, header->level);
    f->exited = 1 + header->level;
    f->status = CLV_OK;
    clv_buf_free(&payload);
  } else if (header->status == CLV_OK) {
    f->reply = payload;
    f->status = CLV_OK;
    f->work_ns = (int64_t)header->work_ns;
    f->other_ns = (int64_t)header->other_ns + receipt_ns;
  } else {
    // The callee's message, which names the call; cut to fit.
    size_t n = payload.size < MESSAGE_SIZE ? payload.size : MESSAGE_SIZE - 1;
    if (n > 0)
      memcpy(f->message, payload.data, n);
    f->message[n] = '\0';
    if (!f->message[0]) {
      clvi_describe_call(f, f->message);
      clvi_append(f->message, ": ");
      clvi_append(f->message, clv_status_text((clv_status)header->status));
    }
    f->status = (clv_status)header->status;
    clv_buf_free(&payload);
  }
  atomic_store(&f->done, 1);
}

/// Receives the message \p probe found and hands it on by kind.
static void receive(const MPI_Status *probe) {
  int source = probe->MPI_SOURCE;
  int count = 0;
  MPI_Get_count(probe, MPI_BYTE, &count);
  // The size is the sender's word too: over the limit, it is not received.
  if (count < 0 || count > CLV_WIRE_HEADER_SIZE + max_payload)
    mpi_fatal("a message of %d bytes from node %d: over the limit of %lld "
              "bytes (CLEAVE_MAX_MESSAGE)",
              count, source, max_payload);
  // A small payload comes behind its header and is moved to the front of the
  // buffer it is decoded from; a large one follows in a message of its own
  // (SMALL_MESSAGE), received where it is decoded from, aligned as malloc
  // aligns.
  unsigned char *data = malloc((size_t)count + 1);
  if (!data)
    mpi_fatal("out of memory for a message of %d bytes from node %d", count,
              source);
  MPI_Recv(data, count, MPI_BYTE, source, CLV_WIRE_TAG, MPI_COMM_WORLD,
           MPI_STATUS_IGNORE);
  unsigned char head[CLV_WIRE_HEADER_SIZE];
  memcpy(head, data,
         count < CLV_WIRE_HEADER_SIZE ? (size_t)count : CLV_WIRE_HEADER_SIZE);
  size_t rest =
      count > CLV_WIRE_HEADER_SIZE ? (size_t)count - CLV_WIRE_HEADER_SIZE : 0;
  memmove(data, data + (count - rest), rest);
  size_t allocated = (size_t)count + 1;

  clv_wire_header header;
  char why[MESSAGE_SIZE];
  clv_status status = clv_wire_decode(head, (size_t)count, max_payload, &header,
                                      why, sizeof why);
  if (header.kind == 0) {
    free(data);
    mpi_fatal("a message of %d bytes from node %d did not decode: %s", count,
              source, why);
  }
  if (header.signature != signature) {
    free(data);
    mpi_fatal("a message from node %d comes from another build of the "
              "program, or one using another encoding (signature %016" PRIx64
              ", this one %016" PRIx64 "): run the same build with the same "
              "CLEAVE_ENCODING on every node",
              source, header.signature, signature);
  }
  int64_t receipt_ns = 0; // of a large payload: the copy between processes
  if (rest == 0 && header.payload_size > SMALL_MESSAGE &&
      header.payload_size <= (unsigned long long)max_payload) {
    rest = (size_t)header.payload_size;
    free(data);
    receipt_ns = now_ns();
    data = clvi_take_block(rest, &allocated);
    if (!data)
      mpi_fatal("out of memory for a message of %zu bytes from node %d", rest,
                source);
    MPI_Recv(data, (int)rest, MPI_BYTE, source, CLV_WIRE_PAYLOAD_TAG,
             MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    receipt_ns = now_ns() - receipt_ns;
    status = clv_wire_decode(head, CLV_WIRE_HEADER_SIZE + rest, max_payload,
                             &header, why, sizeof why);
  }
  size_t size = status == CLV_OK ? (size_t)header.payload_size : 0;
  clv_buf payload = {data, size, allocated, 0, 0, clvi_encoding, NULL};
  switch (header.kind) {
  case CLV_WIRE_CALL:
    receive_call(source, &header, status, why, payload, receipt_ns);
    break;
  case CLV_WIRE_REPLY:
  case CLV_WIRE_EXITED:
    receive_reply(source, &header, status, why, payload, receipt_ns);
    break;
  case CLV_WIRE_WAITING:
    clv_buf_free(&payload);
    waits[source].waiting = waits[source].calls > 0;
    waits[source].waiting_for = header.call_id;
    send_bare(source, CLV_WIRE_WAITING_SEEN, 0);
    break;
  case CLV_WIRE_WAITING_SEEN:
    clv_buf_free(&payload);
    if (waits[source].seen == waits[source].sent)
      mpi_fatal("a receipt of a notice of waiting from node %d, which was "
                "sent none",
                source);
    ++waits[source].seen;
    break;
  default: // CLV_WIRE_STOP
    clv_buf_free(&payload);
    if (source != 0 || rank == 0)
      mpi_fatal("a stop message from node %d: only node 0 stops the others",
                source);
    atomic_store(&home()->stop, 1);
  }
}

/// Receives every message that has arrived; returns whether there was one.
int clvi_mpi_progress(void) {
  complete_sends();
  int any = 0;
  for (;;) {
    int arrived = 0;
    MPI_Status probe;
    MPI_Iprobe(MPI_ANY_SOURCE, CLV_WIRE_TAG, MPI_COMM_WORLD, &arrived, &probe);
    if (!arrived)
      return any;
    receive(&probe);
    any = 1;
  }
}

#ifdef CLEAVE_MPI_LIBRARY
/// Loads the MPI library and fills mpi_calls; 0 when it cannot (the error
/// says why).
static int load_mpi(void) {
  // Global, for the components Open MPI loads in turn to find its symbols.
  void *library = dlopen(CLEAVE_MPI_LIBRARY, RTLD_NOW | RTLD_GLOBAL);
  if (!library) {
    clvi_set_error(
        "CLEAVE_TRANSPORT='mpi': cannot load the MPI library the runtime "
        "was built with (%s); reinstall it or rebuild the runtime",
        dlerror());
    return 0;
  }
  struct {
    void **into;
    const char *name;
  } symbols[] = {
      {(void **)&mpi_calls.Abort, "MPI_Abort"},
      {(void **)&mpi_calls.Comm_free, "MPI_Comm_free"},
      {(void **)&mpi_calls.Comm_rank, "MPI_Comm_rank"},
      {(void **)&mpi_calls.Comm_size, "MPI_Comm_size"},
      {(void **)&mpi_calls.Comm_split_type, "MPI_Comm_split_type"},
      {(void **)&mpi_calls.Finalize, "MPI_Finalize"},
      {(void **)&mpi_calls.Finalized, "MPI_Finalized"},
      {(void **)&mpi_calls.Get_count, "MPI_Get_count"},
      {(void **)&mpi_calls.Init_thread, "MPI_Init_thread"},
      {(void **)&mpi_calls.Initialized, "MPI_Initialized"},
      {(void **)&mpi_calls.Iprobe, "MPI_Iprobe"},
      {(void **)&mpi_calls.Isend, "MPI_Isend"},
      {(void **)&mpi_calls.Recv, "MPI_Recv"},
      {(void **)&mpi_calls.Testall, "MPI_Testall"},
      {(void **)&mpi_calls.Waitall, "MPI_Waitall"},
#ifdef OPEN_MPI
      {&mpi_calls.comm_world, "ompi_mpi_comm_world"},
      {&mpi_calls.byte, "ompi_mpi_byte"},
      {&mpi_calls.info_null, "ompi_mpi_info_null"},
      {&mpi_calls.request_null, "ompi_request_null"},
#endif
  };
  // Looked up as the program's own references are: a program that links
  // MPI itself holds copies of its handles (copy relocations), which the
  // library then uses, and which come first in the global scope.
  void *global = dlopen(NULL, RTLD_NOW);
  for (size_t i = 0; i < sizeof symbols / sizeof symbols[0]; i++)
    if (!global || !(*symbols[i].into = dlsym(global, symbols[i].name))) {
      clvi_set_error("CLEAVE_TRANSPORT='mpi': the MPI library %s has no '%s'; "
                     "rebuild the runtime against the MPI library installed",
                     CLEAVE_MPI_LIBRARY, symbols[i].name);
      return 0;
    }
  return 1;
}
#endif

/// Reads CLEAVE_MAX_MESSAGE, the largest payload of a message.
clv_status clvi_read_max_message(void) {
  const char *value = getenv("CLEAVE_MAX_MESSAGE");
  if (!value || !*value) {
    max_payload = DEFAULT_MAX_MESSAGE;
    return CLV_OK;
  }
  // MPI counts are ints (a large payload is a message of its own); the error
  // text of a failed call always fits.
  long long most = INT_MAX;
  if (!clvi_read_count(value, MESSAGE_SIZE, most, &max_payload)) {
    clvi_set_error(
        "CLEAVE_MAX_MESSAGE='%s': give the largest payload in bytes, "
        "from %d to %lld",
        value, MESSAGE_SIZE, most);
    return CLV_E_USAGE;
  }
  return CLV_OK;
}

/// Starts MPI and sets \p *count to the number of nodes; \p program and
/// \p encoding (the one in use, not the program's) sign its messages.
clv_status clvi_start_mpi(int *argc, char ***argv, int *count,
                          const clv_program *program, clv_encoding encoding) {
#ifdef CLEAVE_MPI_LIBRARY
  if (!load_mpi())
    return CLV_E_USAGE;
#endif
  int initialized = 0, finalized = 0;
  MPI_Initialized(&initialized);
  MPI_Finalized(&finalized);
  if (initialized || finalized) {
    clvi_set_error("CLEAVE_TRANSPORT='mpi': MPI was started in this process "
                   "before; the runtime starts it, once per process");
    return CLV_E_USAGE;
  }
  // Every rank on this host (Open MPI's mpirun says so): messages go
  // through shared memory, so the ob1 layer is chosen unless the user chose
  // one. Open MPI's default first probes for UCX and its network devices,
  // which cost 0.2 s of the 0.47 s that MPI_Init took for 2 ranks here.
  const char *ranks = getenv("OMPI_COMM_WORLD_SIZE");
  const char *local = getenv("OMPI_COMM_WORLD_LOCAL_SIZE");
  if (ranks && local && strcmp(ranks, local) == 0)
    setenv("OMPI_MCA_pml", "ob1", 0);
  // The runtime starts no thread on mpi and makes every MPI call from this
  // one, so a library that offers only MPI_THREAD_SINGLE (SimGrid's SMPI)
  // serves as well, as long as the program starts no thread of its own.
  int provided = MPI_THREAD_SINGLE;
  MPI_Init_thread(argc, argv, MPI_THREAD_FUNNELED, &provided);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, count);
  waits = calloc((size_t)*count, sizeof *waits);
  if (!waits)
    mpi_fatal("out of memory for %d nodes", *count);
  // Processes polling on more processes than processors yield when idle, as
  // threads do (oversubscribed).
  MPI_Comm machine;
  MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, 0, MPI_INFO_NULL,
                      &machine);
  int on_machine = 1;
  MPI_Comm_size(machine, &on_machine);
  MPI_Comm_free(&machine);
  clvi_oversubscribed = on_machine > sysconf(_SC_NPROCESSORS_ONLN);
  clv_program signed_as = *program;
  signed_as.encoding = encoding;
  signature = clv_wire_signature(&signed_as);
  return CLV_OK;
}

/// The end of clv_init on mpi, once the nodes are set up with \p status:
/// node 0 goes on to run the program, the others serve until it stops them.
clv_status clvi_mpi_started(clv_status status) {
  if (status != CLV_OK) {
    MPI_Finalize();
    return status;
  }
  clvi_nodes[0].index = rank;
  if (rank != 0)
    clvi_serve_until_stopped();
  clvi_here = (context){rank, 0};
  return CLV_OK;
}

/// Ends every process of the job, wherever they are (clv_fail_call).
void clvi_mpi_abort(void) {
  fflush(stderr);
  MPI_Abort(MPI_COMM_WORLD, 1);
}

/// The first node this process lost, or -1.
static int first_lost(void) {
  for (int i = 0; i < clvi_node_count; ++i)
    if (is_lost(i))
      return i;
  return -1;
}

/// Ends the job when this process lost a node (CLEAVE_CALL_TIMEOUT), once the
/// calls nobody waited for are reported: the lost node may never take its
/// stop message nor finalize MPI, so MPI_Finalize, or a send to it, could
/// wait for ever.
void clvi_end_job_if_lost(void) {
  int gone = first_lost();
  if (gone < 0)
    return;
  clvi_release_unwaited();
  mpi_fatal("node %d was lost (a call to it got no reply within %g s, "
            "CLEAVE_CALL_TIMEOUT) and cannot stop in order: ending every "
            "process",
            gone, clvi_call_timeout_s);
}

/// Completes every send, releases the runtime and stops MPI; returns what
/// clvi_release_unwaited() does.
static clv_status stop_mpi(void) {
  clvi_end_job_if_lost();
  for (size_t i = 0; i < send_count; ++i) {
    MPI_Status statuses[2]; // as in complete_sends
    MPI_Waitall(2, sends[i].request, statuses);
    free(sends[i].header);
    clvi_give_block(sends[i].payload, sends[i].payload_size);
  }
  free(sends);
  sends = NULL;
  send_count = send_capacity = 0;
  clv_status status = clvi_release_unwaited();
  clvi_destroy_nodes(clvi_local_nodes);
  free(waits);
  waits = NULL;
  MPI_Finalize();
  return status;
}

/// What nodes other than 0 do in clv_init: serve until node 0 says stop.
_Noreturn void clvi_serve_until_stopped(void) {
  clvi_here = (context){rank, -1};
  if (on_exit(exit_from_calls, NULL) != 0)
    mpi_fatal("cannot register the handler of exit() in calls");
  clvi_serve_until(home(), NULL, NO_DEADLINE);
  stop_mpi();
  exit(0);
}

/// clv_finalize on node 0: every call completed, the others stopped.
clv_status clvi_finalize_mpi(void) {
  awaited all = {.made = 1};
  clvi_serve_until(home(), &all, NO_DEADLINE);
  for (int i = 1; i < clvi_node_count; ++i)
    send_bare(i, CLV_WIRE_STOP, 0);
  return stop_mpi();
}
#endif
