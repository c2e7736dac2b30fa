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
///            starts MPI (MPI_Init_thread, asking for MPI_THREAD_FUNNELED;
///            MPI_THREAD_SINGLE, all SimGrid's SMPI offers, does too, as the
///            runtime starts no thread on mpi), so it runs once per process
///            and the program must not start MPI itself; all MPI calls come
///            from the thread that called clv_init, which makes progress by
///            polling while it waits. Under SMPI, whose ranks share one
///            process, clv_finalize must be called before main returns
///            (handlers registered with atexit run only when the simulation
///            ends), as the generated main does. A served call replies once
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
/// Encodings (environment variable CLEAVE_ENCODING, else the program's own,
/// clv_program.encoding): how typed values (clv_buf_put_values, typed regions,
/// pointer graphs) are written in messages.
///   native   the sender's memory bytes: every node must share one data layout
///            (byte order, type sizes), as the threads of one process do.
///   xdr      XDR (RFC 4506): big-endian 4-byte units, for nodes of different
///            data formats. Raw bytes (clv_buf_put) travel as they are in any
///            encoding; regions of raw bytes are refused in copy mode with xdr
///            (use typed regions or regions of objects).
/// Every message of the mpi transport carries a signature of the program's
/// function table, argument types and encoding in use: a node of another build,
/// or one using another encoding, is refused.
///
/// Pointer arguments travel as regions. CLEAVE_PASS=share (default on the threads
/// transport) passes the caller's address, because the planner proved the region
/// disjoint from everything the caller touches before the wait; CLEAVE_PASS=copy
/// (default, and the only choice, on mpi: share is refused there) copies the
/// region in and the written part back, as a distributed transport must.
///
/// A node that stops answering (environment variable CLEAVE_CALL_TIMEOUT, in
/// seconds: a number above 0, at most 1e9; unset or empty, no limit; anything
/// else is refused by clv_init with CLV_E_USAGE). When set, a call that has had
/// no reply that long after it was sent loses its node: the caller's waits
/// (clv_wait, clv_wait_timeout, clv_wait_any, clv_test, and those inside
/// clv_finalize; any of them, for any call of the caller's still out)
/// complete the call with CLV_E_PEER_LOST, "call to 'NAME' on node N: no
/// reply within S s (CLEAVE_CALL_TIMEOUT); node N may have stopped or
/// crashed". Node N is then lost for the whole process (on threads, for
/// every node): the other calls to it still out complete with CLV_E_CANCELED,
/// "call to 'NAME' on node N: canceled: node N was lost", as their callers
/// wait or test; later calls to it fail at once with CLV_E_PEER_LOST; and
/// what it still answers is dropped. The time counts from the sending, its
/// wait in the node's queue included (a node serves calls only while it waits
/// or between its own calls), so it must exceed the longest a call may take.
/// On threads a node stuck in a call is a worker thread that does not return.
/// clv_wait_timeout returns CLV_E_TIMEOUT when its own limit comes first.
///
/// Errors: functions return a clv_status and leave a message for clv_last_error();
/// the runtime never aborts on bad input. A call that fails carries its
/// status and a message naming the function and the node (clv_future_error);
/// waiting for it returns the status and leaves the message for
/// clv_last_error(): CLV_E_ENCODE or CLV_E_DECODE for a message that does not
/// encode or decode, CLV_E_NO_SUCH_FUNCTION, CLV_E_REMOTE_FAILED when the
/// function reports a failure, CLV_E_PEER_LOST and CLV_E_CANCELED for a node
/// that stopped answering (above). A failed call nobody waited for is reported
/// by clv_finalize. The generated code ends the program on any of them
/// (clv_fail_call), without waiting for the calls still out. A call that
/// crashes (SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT) prints "cleave: node N
/// crashed (SIGSEGV) while running a call to 'NAME' from node M" (or "...
/// outside any call") on stderr, then the signal ends the process as it
/// would have (on mpi, mpirun then ends the job): clv_init installs the
/// handler for those of the signals that still have their default action, and
/// clv_finalize puts the default back.
#ifndef CLV_H
#define CLV_H

// No <stdint.h>: generated stubs include this header at the top of the
// user's own files, some of which define uint64_t and its kin themselves
// (two of the GCC torture suite's execute tests). Its fixed widths are
// spelled with the basic types of the platforms the runtime supports, where
// unsigned int has 32 bits and unsigned long long 64.
#include <stddef.h>

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
  CLV_E_PEER_LOST = 8,        ///< a node stopped answering (CLEAVE_CALL_TIMEOUT)
  CLV_E_CANCELED = 9          ///< the call's node was lost while it was out
} clv_status;

/// A short lower-case description of \p status, e.g. "the wait timed out";
/// "unknown status" for a value that is not a clv_status.
const char *clv_status_text(clv_status status);

/// How values are written into a buffer.
typedef enum clv_encoding {
  CLV_ENCODING_NATIVE = 0, ///< the sender's memory bytes: every node shares one data layout
  CLV_ENCODING_XDR = 1     ///< XDR (RFC 4506, big-endian 4-byte units): nodes with different data formats
} clv_encoding;

/// Kinds of scalar values.
typedef enum clv_kind { CLV_I8, CLV_U8, CLV_I16, CLV_U16, CLV_I32, CLV_U32, CLV_I64, CLV_U64, CLV_F32, CLV_F64 } clv_kind;

/// The encoding the running runtime uses (CLEAVE_ENCODING, else the
/// program's); CLV_ENCODING_NATIVE when the runtime is not running.
clv_encoding clv_encoding_in_use(void);

/// A growable byte buffer: the arguments or the reply of one call. Reads never
/// go past `size`; a short read sets `failed` and returns CLV_E_DECODE.
typedef struct clv_buf {
  unsigned char *data;
  size_t size; ///< bytes written
  size_t cap;  ///< bytes allocated
  size_t pos;  ///< read position
  int failed;  ///< set by the first failed read or write; later ones fail too
  /// A clv_encoding: how the typed functions below write and read values.
  /// clv_buf_init sets the runtime's (clv_encoding_in_use()); buffers the
  /// runtime makes for received arguments and replies have the runtime's too.
  int encoding;
  void *graph; ///< private: pointer graphs being written or read (NULL: none)
} clv_buf;

/// Makes \p b empty, in the encoding in use (storage it had is not freed). A
/// zeroed clv_buf is empty too, in the native encoding.
void clv_buf_init(clv_buf *b);
/// Releases the storage of \p b, the objects of pointer graphs and regions of
/// objects read from it included, and makes it empty (clv_buf_init).
void clv_buf_free(clv_buf *b);
/// Appends \p n bytes from \p p.
clv_status clv_buf_put(clv_buf *b, const void *p, size_t n);
/// Reads \p n bytes into \p p from the read position.
clv_status clv_buf_get(clv_buf *b, void *p, size_t n);

/// Appends \p count values of \p kind (C type int8_t, uint8_t, int16_t,
/// uint16_t, int32_t, uint32_t, int64_t, uint64_t, float or double) from \p p
/// in b's encoding: native, their bytes; xdr, 8-bit values as a fixed-length
/// opaque (the bytes, then zeros to a multiple of 4), 16- and 32-bit ones as
/// 4-byte ints or unsigned ints (16-bit ones sign or zero extended), 64-bit
/// ones as hypers or unsigned hypers, float and double as XDR float and
/// double. CLV_E_USAGE for an unknown kind or encoding or a null \p p.
clv_status clv_buf_put_values(clv_buf *b, clv_kind kind, const void *p,
                              size_t count);
/// Reads \p count values of \p kind written by clv_buf_put_values into \p p.
/// CLV_E_DECODE when the message is short, an xdr value does not fit its
/// kind (a 16-bit value out of range) or xdr padding is not zero; \p p is
/// not written when the message is short, and may be partly written
/// otherwise.
clv_status clv_buf_get_values(clv_buf *b, clv_kind kind, void *p, size_t count);

/// Appends a region of \p count elements of \p elem_size bytes starting at
/// \p base: its address when memory is shared, its bytes otherwise (copy mode,
/// native encoding only: a region of raw bytes in an xdr buffer is refused
/// with CLV_E_USAGE, as the bytes would not be converted; use
/// clv_buf_put_region_values or clv_buf_put_region_objects). Its count and
/// element size are written in b's encoding.
clv_status clv_buf_put_region(clv_buf *b, const void *base, size_t elem_size,
                              size_t count);
/// Reads a region written by clv_buf_put_region whose element size and count
/// must be \p elem_size and \p count; returns where the callee finds it (the
/// caller's address when shared, suitably aligned storage inside \p b when
/// copied), or NULL with CLV_E_DECODE recorded. Valid as long as \p b is.
void *clv_buf_get_region(clv_buf *b, size_t elem_size, size_t count);
/// Reads a region into \p dest (copy mode) or checks that it is \p dest
/// (shared mode; an empty region may be anywhere): the copy back of a written
/// region at the wait.
clv_status clv_buf_get_region_into(clv_buf *b, void *dest, size_t elem_size,
                                   size_t count);

/// As clv_buf_put_region for \p count values of \p kind (element size: the
/// kind's), in copy mode written as clv_buf_put_values writes them, in b's
/// encoding. In the native encoding the bytes are those of
/// clv_buf_put_region.
clv_status clv_buf_put_region_values(clv_buf *b, clv_kind kind,
                                     const void *base, size_t count);
/// As clv_buf_get_region for a region written by clv_buf_put_region_values
/// with \p kind and \p count. In copy mode with xdr the values are decoded in
/// place inside \p b (the region's bytes there become native values: it is
/// read once), into storage aligned for any scalar. NULL with CLV_E_DECODE
/// recorded when it does not decode (as clv_buf_get_values).
void *clv_buf_get_region_values(clv_buf *b, clv_kind kind, size_t count);
/// As clv_buf_get_region_into for a region written by
/// clv_buf_put_region_values: in copy mode the values are decoded into
/// \p dest (\p b is not changed), in shared mode \p dest is checked.
clv_status clv_buf_get_region_values_into(clv_buf *b, clv_kind kind,
                                          void *dest, size_t count);

/// Writes one row behind a pointer of an array of row pointers
/// (docs/regions.md, Rows behind pointers): whether \p row is null, then,
/// where it is not, the \p count values of \p kind from \p clo elements
/// after it, as clv_buf_put_region_values writes a region (its address
/// where memory is shared).
clv_status clv_buf_put_row(clv_buf *b, clv_kind kind, const void *row, long long clo,
                           size_t count);
/// Reads a row written by clv_buf_put_row into \p *row: where the callee
/// finds it, \p clo elements before its first value, so that it indexes as
/// the row did (the caller's row where memory is shared); NULL for a null
/// row.
clv_status clv_buf_get_row(clv_buf *b, clv_kind kind, long long clo, size_t count, void **row);
/// As clv_buf_get_region_values_into for the row \p row written by
/// clv_buf_put_row: its values go back where they came from.
clv_status clv_buf_get_row_into(clv_buf *b, clv_kind kind, void *row, long long clo,
                                size_t count);
/// Writes the \p count pointers from \p pointers (an array of pointers of
/// any type) as addresses: on another node they are only compared, never
/// followed (the rows behind them travel with clv_buf_put_row).
clv_status clv_buf_put_addresses(clv_buf *b, const void *pointers, size_t count);
/// Reads \p count addresses written by clv_buf_put_addresses into the
/// array of pointers \p pointers.
clv_status clv_buf_get_addresses(clv_buf *b, void *pointers, size_t count);

/// Writes the contents of one object of a linked structure, or one element of
/// a region of objects.
typedef clv_status (*clv_put_object)(clv_buf *b, const void *object);
/// Reads the contents of one object of a linked structure, or one element of a
/// region of objects, into zeroed storage.
typedef clv_status (*clv_get_object)(clv_buf *b, void *object);

/// As clv_buf_put_region_values for a strided region of \p rows rows of
/// \p row_count consecutive values of \p kind, row r starting r * \p stride
/// elements after \p first, the first element of row 0 (\p stride may be any
/// value: smaller than \p row_count, rows overlap; 0, every row is row 0;
/// negative, rows go down in memory). \p rows or \p row_count 0 is an empty
/// region, which may be anywhere (\p first may be NULL). Its shape (rows,
/// row_count, stride) is written, then the address of \p first when memory
/// is shared, or each row's values, row 0 first, as clv_buf_put_values
/// writes them in b's encoding. CLV_E_USAGE for an unknown kind, a null
/// \p first of a non-empty region, or a region whose values (rows *
/// row_count) or span (from the lowest element a row touches to the highest,
/// in bytes) do not fit a size_t, or the span a ptrdiff_t.
clv_status clv_buf_put_rows_values(clv_buf *b, clv_kind kind, const void *first,
                                   size_t rows, size_t row_count,
                                   ptrdiff_t stride);
/// Reads a region written by clv_buf_put_rows_values whose shape must be
/// \p rows, \p row_count and \p stride; returns where the callee finds row
/// 0's first element, rows as in the caller's memory: the caller's address
/// when shared; when copied, inside storage owned by \p b (freed by
/// clv_buf_free) that spans the region from its lowest element to its
/// highest, as the caller's memory does (when \p stride < 0, row 0 is not at
/// its start), aligned for any scalar at its start and zero between the
/// rows, which are decoded into their places in order (where rows overlap,
/// the later one's values stay). The storage is allocated only once the
/// message is seen to hold every row; an empty region is some non-null
/// pointer. NULL with CLV_E_DECODE recorded for another shape or kind, a
/// short message, a region that does not fit in memory (as
/// clv_buf_put_rows_values), or values that do not decode (as
/// clv_buf_get_values); CLV_E_USAGE for an unknown kind, CLV_E_NOMEM when
/// the storage cannot be allocated.
void *clv_buf_get_rows_values(clv_buf *b, clv_kind kind, size_t rows,
                              size_t row_count, ptrdiff_t stride);
/// As clv_buf_get_region_values_into for a region written by
/// clv_buf_put_rows_values: in copy mode each row is decoded, in order, into
/// \p first + r * \p stride (\p b is not changed; elements between the rows
/// are not written); in shared mode the region's address is checked to be
/// \p first (an empty region may be anywhere). Fails as
/// clv_buf_get_rows_values; \p first is not written when the message is
/// short.
clv_status clv_buf_get_rows_values_into(clv_buf *b, clv_kind kind, void *first,
                                        size_t rows, size_t row_count,
                                        ptrdiff_t stride);


/// As clv_buf_put_rows_values for rows of objects (structs) of \p elem_size
/// bytes: in copy mode with xdr each element of each row is written by
/// \p put; otherwise the rows are written as their bytes (\p put is not
/// called: in the native encoding an object's bytes are its value).
clv_status clv_buf_put_rows_objects(clv_buf *b, const void *first,
                                    size_t elem_size, size_t rows,
                                    size_t row_count, ptrdiff_t stride,
                                    clv_put_object put);
/// As clv_buf_get_rows_values for a region written by
/// clv_buf_put_rows_objects; in copy mode with xdr each element is read by
/// \p get into zeroed storage.
void *clv_buf_get_rows_objects(clv_buf *b, size_t elem_size, size_t rows,
                               size_t row_count, ptrdiff_t stride,
                               clv_get_object get);
/// As clv_buf_get_rows_values_into for a region written by
/// clv_buf_put_rows_objects; in copy mode with xdr each element of a row is
/// zeroed, then read by \p get.
clv_status clv_buf_get_rows_objects_into(clv_buf *b, void *first,
                                         size_t elem_size, size_t rows,
                                         size_t row_count, ptrdiff_t stride,
                                         clv_get_object get);

/// As clv_buf_put_region for a region of \p count objects (structs) of
/// \p elem_size bytes at \p base: in copy mode with xdr each element is
/// written by \p put; otherwise the region is written as clv_buf_put_region
/// writes it (\p put is not called: in the native encoding an object's bytes
/// are its value).
clv_status clv_buf_put_region_objects(clv_buf *b, const void *base,
                                      size_t elem_size, size_t count,
                                      clv_put_object put);
/// As clv_buf_get_region for a region written by clv_buf_put_region_objects.
/// In copy mode with xdr each element is read by \p get into zeroed storage
/// aligned for any type and owned by \p b (freed by clv_buf_free), allocated
/// only when the message holds at least 4 bytes per element.
void *clv_buf_get_region_objects(clv_buf *b, size_t elem_size, size_t count,
                                 clv_get_object get);
/// As clv_buf_get_region_into for a region written by
/// clv_buf_put_region_objects. In copy mode with xdr the elements of \p dest
/// are zeroed, then each is read by \p get.
clv_status clv_buf_get_region_objects_into(clv_buf *b, void *dest,
                                           size_t elem_size, size_t count,
                                           clv_get_object get);

/// Pointer graphs: linked structures (trees, lists, graphs with sharing and
/// cycles) written object by object. Each object gets a number, from 1 in the
/// order objects are first referenced, and a reference is that number (0 for
/// NULL) as a U64 value in b's encoding; the contents of the objects follow
/// in the same order, written by clv_buf_put_pending. An object is one
/// address written with one put function: the same address written with
/// another is another object. Neither side recurses, so a list of any length
/// travels. The reader allocates the objects inside the buffer, at most one
/// per 8 bytes of message, and refuses a reference to an object not read yet
/// (other than the next new one) or to an object read with another size or
/// get function.

/// Writes a reference to \p object: 0 for NULL, else the object's number in b
/// (numbered from 1 in order of first reference). An object referenced for the
/// first time is queued, to be written by clv_buf_put_pending with \p put.
/// clv_call refuses arguments with queued objects (CLV_E_USAGE), and a reply
/// with queued objects is a CLV_E_ENCODE failure of the call.
clv_status clv_buf_put_pointer(clv_buf *b, const void *object,
                               clv_put_object put);
/// Writes the contents of every queued object, first queued first, until none
/// is left (writing one may queue more).
clv_status clv_buf_put_pending(clv_buf *b);
/// Reads a reference written by clv_buf_put_pointer into *object: NULL, an
/// object read earlier, or, for the next new number, fresh zeroed storage of
/// \p size bytes owned by b (freed by clv_buf_free), queued to be read by
/// clv_buf_get_pending with \p get. Any other number is CLV_E_DECODE, and so
/// is an earlier object referenced with another \p size or \p get. *object is
/// NULL on failure.
clv_status clv_buf_get_pointer(clv_buf *b, void **object, size_t size,
                               clv_get_object get);
/// Reads the contents of every queued object in the order they were queued
/// (the order the writer wrote them); the first failure of a get function
/// fails \p b and is returned.
clv_status clv_buf_get_pending(clv_buf *b);

/// Decodes the arguments in \p args, runs the function, and encodes what the
/// caller gets back in \p result. Returns CLV_OK, or CLV_E_DECODE when the
/// arguments do not decode (the function is then not run).
typedef clv_status (*clv_entry)(clv_buf *args, clv_buf *result);

/// One function that can be called remotely; its id is its index in the table.
typedef struct clv_function {
  const char *name;
  clv_entry entry;
} clv_function;

/// The table of remotely callable functions of one program (generated). A
/// table written as {functions, count} has types 0 and the native encoding.
typedef struct clv_program {
  const clv_function *functions;
  unsigned int count;
  /// A hash of the argument types of the functions, computed by the code
  /// generator (0 in hand-written tables); part of the messages' signature.
  unsigned long long types;
  clv_encoding encoding; ///< the encoding the program was generated for
} clv_program;

/// Starts the runtime for \p program (argc/argv may be NULL; on mpi they go to
/// MPI_Init_thread). Reads CLEAVE_TRANSPORT, CLEAVE_NODES, CLEAVE_PASS,
/// CLEAVE_ENCODING (`native` or `xdr`; unset, program->encoding),
/// CLEAVE_MAX_MESSAGE and CLEAVE_CALL_TIMEOUT (an empty value counts as
/// unset). Installs the crash handler (see Errors above). The table \p program
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
/// After clv_fail_call it returns CLV_E_CANCELED at once, waiting for nothing.
/// When a node was lost (CLEAVE_CALL_TIMEOUT): on threads, while its thread is
/// still in a call it returns CLV_E_PEER_LOST and leaves the runtime running
/// (that thread cannot be stopped; call it again once the call has returned,
/// or end the program); on mpi, the lost node cannot stop in order, so the
/// process that lost it reports the failed calls nobody waited for and ends
/// the job (MPI_Abort, exit status 1) when it stops.
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
/// A call to a node that was lost (CLEAVE_CALL_TIMEOUT) is not sent: its
/// future has completed already, with CLV_E_PEER_LOST.
clv_future *clv_call(int node, unsigned int fn, clv_buf *args);

/// Divide and conquer as a binomial tree over the nodes: the running call is
/// tree node t at level d; its next child is node t + 2^d, and the caller moves
/// to level d + 1 until it waits on that child. Returns the child's node, or -1
/// when the tree has filled the machine (the caller then runs the call itself).
/// The tree is numbered as in mapping/Binomial.h, so the host file of
/// `cleave parallelize --machine` (line t + 1: the processor of node t) puts
/// each node where the machine's canned mapping puts that tree node.
int clv_child_node(void);
/// Sends call \p fn to clv_child_node(), which must be >= 0; as clv_call.
clv_future *clv_call_child(unsigned int fn, clv_buf *args);

/// The node the next spawn goes to: the child of the binomial tree
/// (clv_child_node) while the tree has not filled the machine; beyond it, on
/// threads, a node that waits with nothing to serve, reserved for this spawn,
/// and on mpi, a child of this node in the tree whose calls from here have
/// all completed (divide and conquer whose halves differ in size, and loops,
/// spread that way); -1 when every node is busy (the caller then runs the
/// call itself).
/// Send the call with clv_spawn.
int clv_spawn_node(void);

/// The node \p node for a call a plan sends there (docs/plan-format.md), to
/// send with clv_spawn; -1 when the program runs on that node already, or on
/// no more than \p node nodes (the caller then runs the call itself).
int clv_spawn_node_at(int node);

/// clv_spawn_node returned for a call that copies too much for its work.
#define CLV_NOT_WORTH (-2)
/// Grain: clv_spawn_node for a call of \p fn whose regions copy \p bytes
/// (in and back out). Where regions are copied (mpi, or CLEAVE_PASS=copy) and
/// \p bytes is 64 KiB or more, the runtime has measured the calls of \p fn
/// it sent, by powers of two of their bytes: the callee's time in the
/// function (clv_work_begin/end) against everything else the call cost (the
/// packing, the messages, the unpacking at both ends, up to clv_joined). It
/// returns CLV_NOT_WORTH, and the caller runs the call itself as written,
/// where twice what the copies cost exceeded the work in two calls of that
/// many bytes or more (work per byte copied does not fall as calls grow in
/// divide and conquer: a call that copies less is not worth sending either).
int clv_spawn_node_for(unsigned int fn, size_t bytes);
/// Whether an iteration of a loop should spawn its call of \p fn, a function
/// that is not recursive (main's loop over rows): 0 on one node, and once
/// two of its calls sent have cost more than half their work. Such calls are
/// measured whatever they copy, shared regions too, since the calls of a
/// loop are alike; where this says 0, the loop calls the function itself,
/// so that a loop of small calls pays one test per iteration.
int clv_loop_spawns(unsigned int fn);
/// A run of bytes a call may touch, [lo, hi) as addresses, and whether it
/// writes them: what the generated NAME__extents fills in from a call's
/// arguments where a spawn stands under a run-time test (docs/regions.md,
/// "Tested at run time").
typedef struct clv_extent {
  size_t lo, hi;
  int written;
  /// Rows behind pointers (clv_extent_behind): the first of \p nrows
  /// pointers, each row the bytes [clo, chi) from where it points; lo and
  /// hi then hold all of them. NULL for one run of bytes.
  const void *rows;
  size_t nrows;
  long long clo, chi;
} clv_extent;
/// Fills \p x with the bytes of \p count elements of \p size bytes from
/// \p first, written or not; all of memory where they would pass its end.
void clv_extent_span(clv_extent *x, const void *first, size_t count, size_t size, int written);
/// As clv_extent_span for \p rows rows of \p count elements each, the
/// first at \p first and each \p stride elements after the one before
/// (before it, where negative): from the lowest row's start to the highest
/// one's end.
void clv_extent_rows(clv_extent *x, const void *first, size_t rows, long long stride,
                     size_t count, size_t size, int written);
/// Fills \p x with the rows behind the \p rows pointers from \p pointers
/// (an array of pointers to elements of \p size bytes, read as they are
/// now, which must not change while \p x is tested): of each, the elements
/// [clo, chi) from where it points, written or not (a grid kept as an
/// array of row pointers; docs/regions.md, Rows behind pointers).
void clv_extent_behind(clv_extent *x, const void *pointers, size_t rows, long long clo,
                       long long chi, size_t size, int written);
/// Whether two of the \p n extents \p x, or two rows behind pointers of
/// one of them, share a byte that one of them writes: a call whose regions
/// overlap one another cannot have them copied each on its own.
int clv_extents_overlap_within(const clv_extent *x, int n);
/// Whether the \p na extents \p a and the \p nb extents \p b share a
/// byte that one of them writes (1) or not (0). Counts the tests it makes
/// and those that found a shared byte; with CLEAVE_REPORT_TESTS set,
/// clv_finalize prints both on stderr (on mpi, rank 0's).
int clv_extents_conflict(const clv_extent *a, int na, const clv_extent *b, int nb);
/// The callee's stub brackets the call of the function with these, so that
/// its time counts as work and the rest as the cost of the call.
void clv_work_begin(void);
void clv_work_end(void);
/// The caller's stub, once it has taken the reply of its last clv_wait apart:
/// the end of that call's costs, which clv_spawn_node_for weighs.
void clv_joined(void);

/// Sends call \p fn to \p target, a node clv_spawn_node (or _for, _at) just
/// gave: as clv_call_child when it is the tree's child, else as clv_call.
clv_future *clv_spawn(int target, unsigned int fn, clv_buf *args);

/// For a call that runs where it was made (clv_spawn_node gave -1): whether
/// it should run as rewritten, its own calls still spawning, rather than as
/// written. 1 while such calls nest less than a few deep on this thread, with
/// more than one node; each 1 is ended by clv_local_leave.
int clv_local_enter(void);
void clv_local_leave(void);

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
/// It gives up the calls past CLEAVE_CALL_TIMEOUT, as a wait does. Leaves
/// \p f valid.
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
/// call, never a silently wrong result. It does not wait for the calls still
/// out, one of which may never end: on threads it exits (exit(1); a
/// clv_finalize from an atexit handler then returns at once), on mpi it ends
/// every rank (MPI_Abort).
void clv_fail_call(const char *name);

/// Runs of bytes [at[i][0], at[i][1]), sorted by address, no two of which
/// meet or touch: what the calls of a loop out touch (clv_spawns).
typedef struct clv_runs {
  size_t (*at)[2];
  size_t count, capacity;
} clv_runs;

/// The calls a loop spawns, one an iteration, each with room for its value,
/// waited for after the loop in the order they were made. For generated code:
/// initialize with CLV_SPAWNS_INIT(bytes of a value, 0 for none).
typedef struct clv_spawns {
  clv_future **futures;  ///< count of them; NULL where a call ran here
  unsigned char *values; ///< count slots of value_size bytes
  size_t count, capacity, value_size;
  /// Where the calls are tested at run time (clv_spawns_add_tested): the
  /// bytes the calls out write and those they touch.
  clv_runs written, touched;
  int lost; ///< memory ran out for them: every test finds a shared byte
  /// When the last test that found no shared byte began, 0 after one that
  /// found one: the spawn that follows costs from then (the loop's grain).
  long long tested_at;
} clv_spawns;
#define CLV_SPAWNS_INIT(value_size)                                          \
  {NULL, NULL, 0, 0, (value_size), {NULL, 0, 0}, {NULL, 0, 0}, 0, 0}

/// Makes room for the next call and returns its value slot (NULL for values
/// of 0 bytes), valid until the next clv_spawns_next. Ends the program with a
/// message when memory runs out (clv_fail_call).
void *clv_spawns_next(clv_spawns *s);
/// Records \p f as the future of the call clv_spawns_next made room for.
void clv_spawns_add(clv_spawns *s, clv_future *f);
/// The value slot of call \p i.
void *clv_spawns_value(clv_spawns *s, size_t i);
/// Frees what \p s holds; its futures must have been waited for. \p s is
/// then empty, ready for more calls.
void clv_spawns_free(clv_spawns *s);
/// For a loop whose calls are tested at run time (docs/regions.md, "Tested
/// at run time"): whether the \p n extents \p x share a byte that one of
/// them writes with those of a call of \p s still out, whose extents
/// clv_spawns_add_tested kept. Each test takes time logarithmic in the
/// runs of bytes kept, not linear in the calls out.
int clv_spawns_conflict(clv_spawns *s, const clv_extent *x, int n);
/// As clv_spawns_add, for a call whose \p n extents \p x were tested: where
/// \p f is a call out, keeps its runs of bytes for clv_spawns_conflict.
void clv_spawns_add_tested(clv_spawns *s, clv_future *f, const clv_extent *x, int n);

#ifdef __cplusplus
}
#endif

#endif
