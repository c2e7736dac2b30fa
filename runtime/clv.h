/// \file
/// The cleave runtime: asynchronous remote procedure calls for the programs that
/// `cleave parallelize` writes. C11, no dependency of the project's own.
///
/// A program is a set of nodes. Node 0 runs `main`; every node serves calls sent to
/// it. A call returns a future at once; waiting on a future keeps serving the calls
/// queued for the waiting node, so recursive divide and conquer never deadlocks.
///
/// Transports (environment variable CLEAVE_TRANSPORT):
///   threads  (default) nodes are threads of one process; CLEAVE_NODES nodes,
///            default the number of online processors.
///   mpi      nodes are the processes of `mpirun -np N ./prog` (N nodes,
///            CLEAVE_NODES is not read); only in a runtime built with an MPI
///            library, refused with CLV_E_USAGE otherwise. Node 0 (rank 0)
///            runs `main`; on every other rank clv_init does not return: it
///            serves calls until node 0's clv_finalize stops every rank, then
///            finalizes MPI and exits the process with status 0. clv_init
///            starts MPI (MPI_Init_thread, MPI_THREAD_FUNNELED), so it runs
///            once per process and the program must not start MPI itself; all
///            MPI calls come from the thread that called clv_init, which makes
///            progress by polling while it waits. A served call replies once
///            the calls it made have completed, waited for or not. Messages
///            travel on MPI_COMM_WORLD with a tag of their own (clv_wire.h).
///            A message carries at most CLEAVE_MAX_MESSAGE bytes of arguments
///            or reply (default 1 GiB, at least 256 so that the error text of
///            a failed call fits): a larger call fails with CLV_E_ENCODE, a
///            larger or inconsistent message received is answered with
///            CLV_E_DECODE, and one that names no call (not a cleave message,
///            another build's) ends the job with a message on stderr and exit
///            status 1.
///
/// Pointer arguments travel as regions. CLEAVE_PASS=share (default on the threads
/// transport) passes the caller's address, because the planner proved the region
/// disjoint from everything the caller touches before the wait; CLEAVE_PASS=copy
/// (default, and the only choice, on mpi: share is refused there) copies the
/// region in and the written part back, as a distributed transport must.
///
/// Errors: functions return a clv_status and leave a message for clv_last_error();
/// the runtime never aborts on bad input. A call that fails carries its
/// status and a message naming the function and the node (clv_future_error);
/// waiting for it returns the status and leaves the message for
/// clv_last_error(). A failed call nobody waited for is reported by
/// clv_finalize.
#ifndef CLV_H
#define CLV_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Outcome of a runtime operation or of a call.
typedef enum clv_status {
  CLV_OK = 0,
  CLV_E_USAGE = 1,            ///< bad argument or environment setting
  CLV_E_NOMEM = 2,            ///< out of memory
  CLV_E_DECODE = 3,           ///< a message did not decode (short, oversized, wrong shape)
  CLV_E_NO_SUCH_FUNCTION = 4, ///< a call named a function id not in the table
  CLV_E_REMOTE_FAILED = 5,    ///< the called function reported a failure
  CLV_E_ENCODE = 6,           ///< the reply of a call did not encode
  CLV_E_TIMEOUT = 7,          ///< clv_wait_timeout ran out of time
  CLV_E_PEER_LOST = 8,        ///< a node stopped answering (not on threads)
  CLV_E_CANCELED = 9          ///< the call was canceled (not on threads)
} clv_status;

/// A short lower-case description of \p status, e.g. "the wait timed out";
/// "unknown status" for a value that is not a clv_status.
const char *clv_status_text(clv_status status);

/// A growable byte buffer: the arguments or the reply of one call. Reads never
/// go past `size`; a short read sets `failed` and returns CLV_E_DECODE.
typedef struct clv_buf {
  unsigned char *data;
  size_t size; ///< bytes written
  size_t cap;  ///< bytes allocated
  size_t pos;  ///< read position
  int failed;  ///< set by the first failed read or write; later ones fail too
} clv_buf;

/// Makes \p b empty. A zeroed clv_buf is empty too.
void clv_buf_init(clv_buf *b);
/// Releases the storage of \p b and makes it empty.
void clv_buf_free(clv_buf *b);
/// Appends \p n bytes from \p p.
clv_status clv_buf_put(clv_buf *b, const void *p, size_t n);
/// Reads \p n bytes into \p p from the read position.
clv_status clv_buf_get(clv_buf *b, void *p, size_t n);

/// Appends a region of \p count elements of \p elem_size bytes starting at
/// \p base: its address when memory is shared, its bytes otherwise.
clv_status clv_buf_put_region(clv_buf *b, const void *base, size_t elem_size,
                              size_t count);
/// Reads a region written by clv_buf_put_region whose element size and count
/// must be \p elem_size and \p count; returns where the callee finds it (the
/// caller's address when shared, suitably aligned storage inside \p b when
/// copied), or NULL with CLV_E_DECODE recorded. Valid as long as \p b is.
void *clv_buf_get_region(clv_buf *b, size_t elem_size, size_t count);
/// Reads a region into \p dest (copy mode) or checks that it is \p dest
/// (shared mode): the copy back of a written region at the wait.
clv_status clv_buf_get_region_into(clv_buf *b, void *dest, size_t elem_size,
                                   size_t count);

/// Decodes the arguments in \p args, runs the function, and encodes what the
/// caller gets back in \p result. Returns CLV_OK, or CLV_E_DECODE when the
/// arguments do not decode (the function is then not run).
typedef clv_status (*clv_entry)(clv_buf *args, clv_buf *result);

/// One function that can be called remotely; its id is its index in the table.
typedef struct clv_function {
  const char *name;
  clv_entry entry;
} clv_function;

/// The table of remotely callable functions of one program (generated).
typedef struct clv_program {
  const clv_function *functions;
  uint32_t count;
} clv_program;

/// Starts the runtime for \p program (argc/argv may be NULL; on mpi they go to
/// MPI_Init_thread). Reads CLEAVE_TRANSPORT, CLEAVE_NODES, CLEAVE_PASS and
/// CLEAVE_MAX_MESSAGE (an empty value counts as unset). The table \p program
/// points to must outlive clv_finalize. Calling it again before clv_finalize
/// is an error (CLV_E_USAGE), and on mpi so is calling it a second time at
/// all. Only the thread that called clv_init and the threads serving calls
/// may call or wait. On mpi, on every rank but 0 it does not return (see
/// above).
clv_status clv_init(int *argc, char ***argv, const clv_program *program);
/// Runs what is still queued, stops every node and releases the runtime, the
/// futures nobody waited for included; clv_init may then be called again. Each
/// of those futures whose call failed is reported on stderr as "cleave: a call
/// nobody waited for failed: <its message>", and the status of the first is
/// returned (CLV_OK when none failed). Only from the thread that called
/// clv_init, outside any call. On mpi, node 0 calls it; it waits for every
/// call made anywhere to complete, stops the other ranks and finalizes MPI.
clv_status clv_finalize(void);

/// Number of nodes, and the node the calling thread serves (0 outside calls).
int clv_nodes(void);
int clv_self(void);
/// Whether regions travel by address (1) or by copy (0).
int clv_shares_memory(void);

/// Message of the last failure on the calling thread ("" if none); a later
/// success does not clear it.
const char *clv_last_error(void);

typedef struct clv_future clv_future;

/// Sends call \p fn with \p args to \p node and returns its future at once.
/// Takes the contents of \p args (left empty). NULL on failure (see
/// clv_last_error). The callee starts no divide-and-conquer children of its own.
clv_future *clv_call(int node, uint32_t fn, clv_buf *args);

/// Divide and conquer as a binomial tree over the nodes: the running call is
/// tree node t at level d; its next child is node t + 2^d, and the caller moves
/// to level d + 1 until it waits on that child. Returns the child's node, or -1
/// when the tree has filled the machine (the caller then runs the call itself).
int clv_child_node(void);
/// Sends call \p fn to clv_child_node(), which must be >= 0; as clv_call.
clv_future *clv_call_child(uint32_t fn, clv_buf *args);

/// Caller-side scratch that travels with \p f to the wait and is never sent
/// (e.g. where written regions are copied back).
clv_buf *clv_future_local(clv_future *f);

/// Waits for \p f, serving calls queued for this node meanwhile; moves the
/// reply into \p result (empty or uninitialized; may be NULL), lowers the
/// caller's tree level to what it was before the spawn of \p f if it is higher
/// (so children may be waited for in any order), and releases \p f and its
/// local buffer. Only the node that made \p f may wait for it. Returns the
/// call's status; on failure *result is left empty and clv_last_error() holds
/// the call's message (as clv_future_error had it).
clv_status clv_wait(clv_future *f, clv_buf *result);

/// As clv_wait, but gives up after \p seconds (0 or more; past 1e9, or
/// infinity, no limit): returns CLV_E_TIMEOUT, leaves *result empty and \p f
/// valid, to be waited for or tested again. Meanwhile it serves this node's
/// calls; one being served runs to its end, so the wait may outlast
/// \p seconds by as long as such a call takes. With 0 it serves the calls
/// already queued and takes the reply if there is one.
clv_status clv_wait_timeout(clv_future *f, clv_buf *result, double seconds);

/// 1 when the call of \p f has completed (a wait would not block), 0 when not
/// yet, -1 for a null future (with a message for clv_last_error()). Never
/// blocks and serves no call: a node that only tests never runs the calls
/// queued for itself (on mpi it receives what has arrived, queuing calls).
/// Leaves \p f valid.
int clv_test(const clv_future *f);

/// Waits until one of the \p count futures of \p futures completes (null
/// entries are skipped; at least one must be non-null), serving calls
/// meanwhile; then as clv_wait for that one: sets \p *which to its index, sets
/// futures[*which] to NULL (so the same array can be waited on again) and
/// returns its status. When several have completed, the lowest index wins.
/// The others stay valid.
clv_status clv_wait_any(clv_future **futures, size_t count, size_t *which,
                        clv_buf *result);

/// The message of the completed, failed call of \p f ("call to 'NAME' on node
/// N: <why>"); "" while it runs, after success, or for a null future. Valid
/// until \p f is waited for.
const char *clv_future_error(const clv_future *f);

/// Prints "cleave: call to 'NAME' failed: <clv_last_error()>" to stderr and
/// ends the program with status 1: the generated code's answer to a failed
/// call, never a silently wrong result. On mpi it ends every rank
/// (MPI_Abort).
void clv_fail_call(const char *name);

#ifdef __cplusplus
}
#endif

#endif
