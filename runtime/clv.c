/// \file
/// The cleave runtime: buffers, values in two encodings (native and XDR),
/// regions, pointer graphs, futures, the binomial divide-and-conquer tree, and
/// two transports: nodes that are threads of one process, and (built with
/// CLEAVE_HAVE_MPI) nodes that are MPI processes. The contract is in clv.h;
/// this file says how and why. The mpi transport is described in its own
/// section below; what follows is the threads transport, whose queues, futures
/// and serving loop the mpi transport reuses.
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
///
/// Not supported (the generated code never does it): waiting on a future from
/// another node than the one that made the call (refused with CLV_E_USAGE),
/// and making calls or waiting on threads other than the nodes' own.

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

#ifdef CLEAVE_HAVE_MPI
#include <mpi.h>
#ifdef CLEAVE_MPI_LIBRARY
// The MPI library is loaded when CLEAVE_TRANSPORT=mpi asks for it, not at
// start: Open MPI's libmpi and the twenty libraries it needs took about 5 ms
// to load and relocate here, at every start of a program that runs on
// threads and never calls it. The runtime's calls go through this table,
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
#endif

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

// ---------------------------------------------------------------------------
// Errors

static _Thread_local char last_error[MESSAGE_SIZE];

#if defined(__GNUC__)
__attribute__((format(printf, 1, 2)))
#endif
static void
set_error(const char *format, ...) {
  va_list ap;
  va_start(ap, format);
  vsnprintf(last_error, sizeof last_error, format, ap);
  va_end(ap);
}

const char *clv_last_error(void) { return last_error; }

// ---------------------------------------------------------------------------
// Buffers
//
// Once a buffer has failed, later reads and writes fail too without touching
// the message: the first failure is the one worth reporting, and a decoder that
// checks `failed` only at its end must not see it replaced.

/// Whether regions travel by address; set by clv_init, and "share" (the
/// default of CLEAVE_PASS) while the runtime is not running.
static int share_regions = 1;
/// Whether every node runs in this process (the threads transport); set by
/// clv_init, 0 while the runtime is not running. Copied regions carry their
/// address then too, so that one read back into the place it was written
/// from (a global: the nodes share it) is seen to be there already.
static int one_address_space = 0;
/// The encoding in use; set by clv_init, native while the runtime is not
/// running.
static clv_encoding encoding = CLV_ENCODING_NATIVE;

clv_encoding clv_encoding_in_use(void) { return encoding; }

// ---------------------------------------------------------------------------
// Large blocks
//
// Fresh pages cost more than the bytes copied into them: glibc maps a block
// over 32 MiB afresh from the system and unmaps it when freed, and each 4 KiB
// page of it faults when first written (32 MiB took 137 ms to fill fresh and
// 2 ms to fill again on the 2-core machine of bench/README.md). Every call of
// a copied region allocates and frees such blocks at both ends (its message,
// the regions the callee reads, the reply), so the runtime keeps a few freed
// blocks of a MiB or more and gives them out again. It makes them of huge
// pages where the system has them for the asking (Linux's transparent huge
// pages in "madvise" mode): a fresh 32 MiB block of them took 2.5 ms to fill
// on the same machine.

enum {
  BLOCKS_KEPT = 8 ///< freed large blocks kept at most
};
#define BLOCK_MIN ((size_t)1 << 20)         ///< smallest block kept
#define BLOCK_BYTES_KEPT ((size_t)1 << 30) ///< bytes kept at most
#define HUGE_PAGE ((size_t)2 << 20) ///< blocks from this size are of huge pages
#define PAGE ((size_t)4 << 10)       ///< the system's page, at least

static struct {
  void *data;
  size_t size;
} kept[BLOCKS_KEPT];
static size_t kept_count, kept_bytes;
static pthread_mutex_t kept_lock = PTHREAD_MUTEX_INITIALIZER;

/// A block of at least \p size bytes, whose size it puts in \p *got: the
/// smallest kept block that holds \p size when \p size is BLOCK_MIN or more,
/// else a new one. NULL when memory runs out.
static void *take_block(size_t size, size_t *got) {
  if (size >= BLOCK_MIN) {
    pthread_mutex_lock(&kept_lock);
    size_t best = kept_count;
    for (size_t i = 0; i < kept_count; ++i)
      if (kept[i].size >= size &&
          (best == kept_count || kept[i].size < kept[best].size))
        best = i;
    if (best < kept_count) {
      void *data = kept[best].data;
      *got = kept[best].size;
      kept_bytes -= kept[best].size;
      kept[best] = kept[--kept_count];
      pthread_mutex_unlock(&kept_lock);
      return data;
    }
    pthread_mutex_unlock(&kept_lock);
  }
  *got = size;
#ifdef MADV_HUGEPAGE
  if (size >= HUGE_PAGE) {
    void *data = NULL;
    if (posix_memalign(&data, HUGE_PAGE, size) != 0)
      return NULL;
    madvise(data, size / HUGE_PAGE * HUGE_PAGE, MADV_HUGEPAGE);
    return data;
  }
#endif
  return malloc(size);
}

/// Frees \p data, a block of \p size bytes from malloc (or take_block), or
/// keeps it for take_block; when the blocks kept are full, the smallest goes.
static void give_block(void *data, size_t size) {
  if (!data || size < BLOCK_MIN || size > BLOCK_BYTES_KEPT) {
    free(data);
    return;
  }
  pthread_mutex_lock(&kept_lock);
  while (kept_count > 0 &&
         (kept_count == BLOCKS_KEPT || kept_bytes + size > BLOCK_BYTES_KEPT)) {
    size_t smallest = 0;
    for (size_t i = 1; i < kept_count; ++i)
      if (kept[i].size < kept[smallest].size)
        smallest = i;
    if (kept[smallest].size >= size)
      break;
    free(kept[smallest].data);
    kept_bytes -= kept[smallest].size;
    kept[smallest] = kept[--kept_count];
  }
  if (kept_count < BLOCKS_KEPT && kept_bytes + size <= BLOCK_BYTES_KEPT) {
    kept[kept_count].data = data;
    kept[kept_count++].size = size;
    kept_bytes += size;
    data = NULL;
  }
  pthread_mutex_unlock(&kept_lock);
  free(data);
}

/// Frees the blocks kept (clv_finalize).
static void free_kept_blocks(void) {
  pthread_mutex_lock(&kept_lock);
  for (size_t i = 0; i < kept_count; ++i)
    free(kept[i].data);
  kept_count = kept_bytes = 0;
  pthread_mutex_unlock(&kept_lock);
}

static void free_graph(clv_buf *b);

void clv_buf_init(clv_buf *b) {
  if (b)
    *b = (clv_buf){.encoding = encoding};
}

void clv_buf_free(clv_buf *b) {
  if (!b)
    return;
  give_block(b->data, b->cap);
  free_graph(b);
  clv_buf_init(b);
}

static clv_status fail(clv_buf *b, clv_status status) {
  b->failed = 1;
  return status;
}

/// Appends \p n bytes (n > 0) to \p b, left for the caller to fill, and points
/// \p *out at them.
static clv_status extend(clv_buf *b, size_t n, unsigned char **out) {
  if (n > SIZE_MAX - b->size) {
    set_error("a buffer of %zu bytes cannot grow by %zu more", b->size, n);
    return fail(b, CLV_E_NOMEM);
  }
  size_t need = b->size + n;
  if (need > b->cap) {
    // Doubling keeps a long run of small puts linear; a put larger than the
    // doubled buffer gets what it needs, not the next power of two, which
    // took a 16 MiB region past the size up to which malloc reuses freed
    // memory: every call then paid fresh pages (1.9 against 12-15 GB/s on
    // the mpi transport, bench/MpiBench.c).
    size_t cap = b->cap < MIN_CAPACITY ? MIN_CAPACITY : b->cap;
    cap = cap > SIZE_MAX / 2 ? need : cap * 2;
    if (cap < need)
      cap = need;
    unsigned char *data;
    if (cap < BLOCK_MIN) {
      data = realloc(b->data, cap);
    } else {
      data = take_block(cap, &cap);
      if (data && b->size > 0)
        memcpy(data, b->data, b->size);
      if (data)
        give_block(b->data, b->cap);
    }
    if (!data) {
      set_error("out of memory growing a buffer to %zu bytes", cap);
      return fail(b, CLV_E_NOMEM);
    }
    b->data = data;
    b->cap = cap;
  }
  *out = b->data + b->size;
  b->size = need;
  return CLV_OK;
}

clv_status clv_buf_put(clv_buf *b, const void *p, size_t n) {
  if (!b) {
    set_error("write to a null buffer");
    return CLV_E_USAGE;
  }
  if (b->failed)
    return CLV_E_NOMEM;
  if (n == 0)
    return CLV_OK;
  if (!p) {
    set_error("write of %zu bytes from a null pointer", n);
    return fail(b, CLV_E_USAGE);
  }
  unsigned char *out;
  clv_status status = extend(b, n, &out);
  if (status == CLV_OK)
    memcpy(out, p, n);
  return status;
}

/// Points \p *out at the next \p n unread bytes of \p b and moves past them, or
/// fails the buffer without moving. Lengths come from messages, so the check is
/// written not to overflow.
static clv_status take(clv_buf *b, size_t n, unsigned char **out) {
  if (b->failed)
    return CLV_E_DECODE;
  if (b->pos > b->size || n > b->size - b->pos) {
    set_error("short message: %zu bytes wanted at offset %zu of %zu", n, b->pos,
              b->size);
    return fail(b, CLV_E_DECODE);
  }
  *out = b->data ? b->data + b->pos : NULL; // no arithmetic on NULL in C
  b->pos += n;
  return CLV_OK;
}

clv_status clv_buf_get(clv_buf *b, void *p, size_t n) {
  if (!b) {
    set_error("read from a null buffer");
    return CLV_E_USAGE;
  }
  if (!p && n > 0 && !b->failed) {
    set_error("read of %zu bytes into a null pointer", n);
    return fail(b, CLV_E_USAGE);
  }
  unsigned char *src;
  clv_status status = take(b, n, &src);
  if (status == CLV_OK && n > 0)
    memcpy(p, src, n);
  return status;
}

// ---------------------------------------------------------------------------
// Values
//
// Native: the values' bytes. XDR (RFC 4506): whole 4-byte units, most
// significant byte first. The 8-bit kinds are a fixed-length opaque and the
// 16-bit ones 4-byte ints, both through libtirpc's xdrmem streams; the 4- and
// 8-byte kinds go through byte-swapping loops of our own (see put_be32_run).

// clv.h spells uint32_t and uint64_t as the basic types (it leaves
// <stdint.h> out of the user's files).
_Static_assert(sizeof(unsigned int) == 4 && UINT_MAX == UINT32_MAX &&
                   sizeof(unsigned long long) == 8,
               "unsigned int must have 32 bits and unsigned long long 64");

// XDR's float and double are IEEE 754 binary32 and binary64, which the own
// loops copy as bits (as libtirpc does on such machines).
_Static_assert(sizeof(float) == 4 && FLT_MANT_DIG == 24 && FLT_MAX_EXP == 128 &&
                   sizeof(double) == 8 && DBL_MANT_DIG == 53 &&
                   DBL_MAX_EXP == 1024,
               "float and double must be IEEE 754 binary32 and binary64");

/// The size of each kind's C type and its name in messages.
static const struct kind_info {
  size_t size;
  const char *name;
} kinds[] = {
    [CLV_I8] = {1, "int8"},   [CLV_U8] = {1, "uint8"},
    [CLV_I16] = {2, "int16"}, [CLV_U16] = {2, "uint16"},
    [CLV_I32] = {4, "int32"}, [CLV_U32] = {4, "uint32"},
    [CLV_I64] = {8, "int64"}, [CLV_U64] = {8, "uint64"},
    [CLV_F32] = {4, "float"}, [CLV_F64] = {8, "double"},
};

static int known_kind(clv_kind kind) {
  return (unsigned)kind <= (unsigned)CLV_F64;
}

/// Values one xdrmem stream converts at most: its length is an unsigned int.
/// A multiple of 4, so that only the last stream of an opaque has padding.
#define XDR_CHUNK ((size_t)1 << 28)

/// Sets \p *bytes to the size of \p count values of \p kind in \p enc (a
/// known encoding); 0 when it overflows a size_t.
static int wire_size(int enc, clv_kind kind, size_t count, size_t *bytes) {
  size_t unit = kinds[kind].size;
  if (enc == CLV_ENCODING_XDR && unit == 2)
    unit = 4;
  if (count > SIZE_MAX / unit)
    return 0;
  size_t n = count * unit;
  if (enc == CLV_ENCODING_XDR && n % 4 != 0) { // an opaque: pad to 4
    if (n > SIZE_MAX - 3)
      return 0;
    n += 4 - n % 4;
  }
  *bytes = n;
  return 1;
}

/// Checks what the value functions take alike; \p what is "write" or "read".
static clv_status check_values(const clv_buf *b, clv_kind kind, const void *p,
                               size_t count, const char *what) {
  if (!known_kind(kind)) {
    set_error("%s of values of unknown kind %d", what, (int)kind);
    return CLV_E_USAGE;
  }
  if (b->encoding != CLV_ENCODING_NATIVE && b->encoding != CLV_ENCODING_XDR) {
    set_error("%s of values in a buffer of unknown encoding %d", what,
              b->encoding);
    return CLV_E_USAGE;
  }
  if (!p && count > 0) {
    set_error("%s of %zu values of %s at a null address", what, count,
              kinds[kind].name);
    return CLV_E_USAGE;
  }
  return CLV_OK;
}

// libtirpc converts one value per call, through the stream's table of
// functions: encoding and decoding a 16 MiB array of doubles with xdr_double
// runs at 0.8-0.9 GB/s here, under the 1 GB/s a call with a region of doubles
// must reach (bench/RuntimeBench.c). The 4- and 8-byte kinds are plain
// big-endian 4- and 8-byte units (float and double their IEEE 754 bits), so
// the loops below, which the compiler turns into byte swaps, write the same
// bytes at 4-5 GB/s; MarshalTest checks them against libtirpc's. They work in
// place (\p wire == \p native) too.

static void put_be32_run(unsigned char *wire, const unsigned char *native,
                         size_t count) {
  for (size_t i = 0; i < count; ++i) {
    uint32_t v;
    memcpy(&v, native + 4 * i, 4);
    unsigned char *out = wire + 4 * i;
    out[0] = (unsigned char)(v >> 24);
    out[1] = (unsigned char)(v >> 16);
    out[2] = (unsigned char)(v >> 8);
    out[3] = (unsigned char)v;
  }
}

static void get_be32_run(unsigned char *native, const unsigned char *wire,
                         size_t count) {
  for (size_t i = 0; i < count; ++i) {
    const unsigned char *in = wire + 4 * i;
    uint32_t v = (uint32_t)in[0] << 24 | (uint32_t)in[1] << 16 |
                 (uint32_t)in[2] << 8 | (uint32_t)in[3];
    memcpy(native + 4 * i, &v, 4);
  }
}

static void put_be64_run(unsigned char *wire, const unsigned char *native,
                         size_t count) {
  for (size_t i = 0; i < count; ++i) {
    uint64_t v;
    memcpy(&v, native + 8 * i, 8);
    unsigned char *out = wire + 8 * i;
    for (int j = 0; j < 8; ++j)
      out[j] = (unsigned char)(v >> (56 - 8 * j));
  }
}

static void get_be64_run(unsigned char *native, const unsigned char *wire,
                         size_t count) {
  for (size_t i = 0; i < count; ++i) {
    const unsigned char *in = wire + 8 * i;
    uint64_t v = 0;
    for (int j = 0; j < 8; ++j)
      v = v << 8 | in[j];
    memcpy(native + 8 * i, &v, 8);
  }
}

/// Converts \p count bytes between \p native and the opaque at \p wire (padded
/// to 4 with zeros) with libtirpc, in direction \p op; 0 when libtirpc fails.
static int xdr_bytes_run(enum xdr_op op, unsigned char *wire,
                         unsigned char *native, size_t count) {
  for (size_t done = 0; done < count;) {
    size_t n = count - done < XDR_CHUNK ? count - done : XDR_CHUNK;
    XDR x;
    xdrmem_create(&x, (char *)wire + done, (u_int)((n + 3) / 4 * 4), op);
    int ok = xdr_opaque(&x, (char *)native + done, (u_int)n);
    xdr_destroy(&x);
    if (!ok)
      return 0;
    done += n;
  }
  return 1;
}

/// Writes \p count 16-bit values of \p kind from \p native as 4-byte XDR ints
/// (I16, sign extended) or unsigned ints (U16) with libtirpc; 0 when it
/// fails.
static int put_xdr16_run(clv_kind kind, unsigned char *wire,
                         const unsigned char *native, size_t count) {
  for (size_t done = 0; done < count;) {
    size_t n = count - done < XDR_CHUNK ? count - done : XDR_CHUNK;
    XDR x;
    xdrmem_create(&x, (char *)wire + 4 * done, (u_int)(4 * n), XDR_ENCODE);
    int ok = 1;
    for (size_t i = done; ok && i < done + n; ++i) {
      if (kind == CLV_I16) {
        int16_t v;
        memcpy(&v, native + 2 * i, 2);
        int32_t wide = v;
        ok = xdr_int32_t(&x, &wide);
      } else {
        uint16_t v;
        memcpy(&v, native + 2 * i, 2);
        uint32_t wide = v;
        ok = xdr_u_int32_t(&x, &wide);
      }
    }
    xdr_destroy(&x);
    if (!ok)
      return 0;
    done += n;
  }
  return 1;
}

/// Reads \p count 16-bit values of \p kind written by put_xdr16_run into
/// \p native (which may be \p wire: each value is read before its 2 bytes are
/// written, behind it), checking that each fits.
static clv_status get_xdr16_run(clv_buf *b, clv_kind kind, unsigned char *native,
                                const unsigned char *wire, size_t count) {
  for (size_t done = 0; done < count;) {
    size_t n = count - done < XDR_CHUNK ? count - done : XDR_CHUNK;
    XDR x;
    xdrmem_create(&x, (char *)wire + 4 * done, (u_int)(4 * n), XDR_DECODE);
    for (size_t i = done; i < done + n; ++i) {
      int64_t value = 0;
      int ok;
      if (kind == CLV_I16) {
        int32_t v = 0;
        ok = xdr_int32_t(&x, &v);
        value = v;
      } else {
        uint32_t v = 0;
        ok = xdr_u_int32_t(&x, &v);
        value = v;
      }
      int fits = kind == CLV_I16 ? value >= INT16_MIN && value <= INT16_MAX
                                 : value <= UINT16_MAX;
      if (!ok || !fits) {
        xdr_destroy(&x);
        if (ok)
          set_error("xdr value %" PRId64 " does not fit in %s (value %zu of "
                    "%zu)",
                    value, kinds[kind].name, i, count);
        else
          set_error("libtirpc could not decode value %zu of %zu of %s", i,
                    count, kinds[kind].name);
        return fail(b, CLV_E_DECODE);
      }
      if (kind == CLV_I16) {
        int16_t v = (int16_t)value;
        memcpy(native + 2 * i, &v, 2);
      } else {
        uint16_t v = (uint16_t)value;
        memcpy(native + 2 * i, &v, 2);
      }
    }
    xdr_destroy(&x);
    done += n;
  }
  return CLV_OK;
}

/// Writes \p count values of \p kind from \p native to \p wire in XDR.
static clv_status put_xdr(clv_buf *b, clv_kind kind, unsigned char *wire,
                          const void *native, size_t count) {
  int ok = 1;
  switch (kind) {
  case CLV_I8:
  case CLV_U8:
    ok = xdr_bytes_run(XDR_ENCODE, wire, (unsigned char *)native, count);
    break;
  case CLV_I16:
  case CLV_U16:
    ok = put_xdr16_run(kind, wire, native, count);
    break;
  case CLV_I64:
  case CLV_U64:
  case CLV_F64:
    put_be64_run(wire, native, count);
    break;
  default: // the 32-bit kinds
    put_be32_run(wire, native, count);
  }
  if (!ok) {
    set_error("libtirpc could not encode %zu values of %s", count,
              kinds[kind].name);
    return fail(b, CLV_E_ENCODE);
  }
  return CLV_OK;
}

/// Reads \p count values of \p kind at \p wire in XDR into \p native, which
/// may be \p wire itself: every value is at least as long on the wire as in
/// memory, and each is read before it is written, so a forward loop decodes
/// in place.
static clv_status get_xdr(clv_buf *b, clv_kind kind, void *native,
                          unsigned char *wire, size_t count) {
  switch (kind) {
  case CLV_I8:
  case CLV_U8:
    if (native != wire && !xdr_bytes_run(XDR_DECODE, wire, native, count)) {
      set_error("libtirpc could not decode %zu bytes of opaque", count);
      return fail(b, CLV_E_DECODE);
    }
    for (size_t i = count; i % 4 != 0; ++i) // RFC 4506: the padding is zero
      if (wire[i] != 0) {
        set_error("xdr padding byte %u after %zu bytes of %s is not zero",
                  (unsigned)wire[i], count, kinds[kind].name);
        return fail(b, CLV_E_DECODE);
      }
    return CLV_OK;
  case CLV_I16:
  case CLV_U16:
    return get_xdr16_run(b, kind, native, wire, count);
  case CLV_I64:
  case CLV_U64:
  case CLV_F64:
    get_be64_run(native, wire, count);
    return CLV_OK;
  default: // the 32-bit kinds
    get_be32_run(native, wire, count);
    return CLV_OK;
  }
}

clv_status clv_buf_put_values(clv_buf *b, clv_kind kind, const void *p,
                              size_t count) {
  if (!b) {
    set_error("write of values to a null buffer");
    return CLV_E_USAGE;
  }
  if (b->failed)
    return CLV_E_NOMEM;
  clv_status status = check_values(b, kind, p, count, "write");
  if (status != CLV_OK)
    return fail(b, status);
  size_t bytes;
  if (!wire_size(b->encoding, kind, count, &bytes)) {
    set_error("%zu values of %s do not fit in memory", count, kinds[kind].name);
    return fail(b, CLV_E_NOMEM);
  }
  if (bytes == 0)
    return CLV_OK;
  unsigned char *out;
  status = extend(b, bytes, &out);
  if (status != CLV_OK)
    return status;
  if (b->encoding == CLV_ENCODING_XDR)
    return put_xdr(b, kind, out, p, count);
  memcpy(out, p, bytes);
  return CLV_OK;
}

clv_status clv_buf_get_values(clv_buf *b, clv_kind kind, void *p,
                              size_t count) {
  if (!b) {
    set_error("read of values from a null buffer");
    return CLV_E_USAGE;
  }
  if (b->failed)
    return CLV_E_DECODE;
  clv_status status = check_values(b, kind, p, count, "read");
  if (status != CLV_OK)
    return fail(b, status);
  size_t bytes;
  if (!wire_size(b->encoding, kind, count, &bytes)) {
    set_error("%zu values of %s are more than a message holds", count,
              kinds[kind].name);
    return fail(b, CLV_E_DECODE);
  }
  unsigned char *src;
  status = take(b, bytes, &src);
  if (status != CLV_OK || bytes == 0)
    return status;
  if (b->encoding == CLV_ENCODING_XDR)
    return get_xdr(b, kind, p, src, count);
  memcpy(p, src, bytes);
  return CLV_OK;
}

// ---------------------------------------------------------------------------
// Regions
//
// Encoding: count and element size (U64 values in the buffer's encoding),
// then either the address (shared, a U64 too) or zero padding up to a
// multiple of REGION_ALIGN followed by the payload (copied): the bytes of a
// region of raw bytes, the values of a typed region in the buffer's encoding.
// A copied region carries its address before the padding too when every node
// runs in this process (one_address_space).
// Offsets are the same for writer and reader, and data comes from realloc, so
// the padding keeps a copied payload aligned for any scalar type. (An XDR
// stream is whole 4-byte units, so its padding is 0 to 3 zero units.) A
// typed region in the native encoding is byte for byte a region of raw bytes
// of the kind's size.

/// Where a region of no elements "is" when its address was null: callers tell
/// failure by NULL (and b->failed), so an empty region needs some other
/// pointer.
static max_align_t empty_region;

static size_t padding(size_t offset) {
  return (REGION_ALIGN - offset % REGION_ALIGN) % REGION_ALIGN;
}

static int region_bytes(size_t elem_size, size_t count, size_t *bytes) {
  if (count != 0 && elem_size > SIZE_MAX / count)
    return 0;
  *bytes = elem_size * count;
  return 1;
}

/// Whether a region of raw bytes may be written to or read from \p b: not in
/// copy mode with xdr, where its bytes would travel unconverted (\p b fails
/// with CLV_E_USAGE then).
static int raw_region_allowed(clv_buf *b, size_t elem_size, size_t count) {
  if (share_regions || b->encoding != CLV_ENCODING_XDR)
    return 1;
  set_error("a region of %zu elements of %zu bytes as raw bytes in an xdr "
            "buffer: use a typed region (clv_buf_put_region_values)",
            count, elem_size);
  fail(b, CLV_E_USAGE);
  return 0;
}

/// Checks a region of \p count elements of \p elem_size bytes at \p base and
/// writes its header, then its address (shared mode: the region is complete,
/// \p *copied is 0) or the padding before its payload (copy mode, \p *copied
/// is 1), in one address space after the address.
static clv_status begin_region(clv_buf *b, const void *base, size_t elem_size,
                               size_t count, int *copied) {
  size_t bytes;
  if (!region_bytes(elem_size, count, &bytes)) {
    set_error("a region of %zu elements of %zu bytes does not fit in memory",
              count, elem_size);
    return fail(b, CLV_E_USAGE);
  }
  if (!base && bytes > 0) {
    set_error("a region of %zu bytes at a null address", bytes);
    return fail(b, CLV_E_USAGE);
  }
  uint64_t header[2] = {count, elem_size};
  clv_status status = clv_buf_put_values(b, CLV_U64, header, 2);
  if (status != CLV_OK)
    return status;
  *copied = !share_regions;
  if (share_regions || one_address_space) {
    uint64_t address = (uintptr_t)base;
    status = clv_buf_put_values(b, CLV_U64, &address, 1);
    if (status != CLV_OK || share_regions)
      return status;
  }
  static const unsigned char zeros[REGION_ALIGN];
  return clv_buf_put(b, zeros, padding(b->size));
}

clv_status clv_buf_put_region(clv_buf *b, const void *base, size_t elem_size,
                              size_t count) {
  if (!b) {
    set_error("write of a region to a null buffer");
    return CLV_E_USAGE;
  }
  if (b->failed)
    return CLV_E_NOMEM;
  if (!raw_region_allowed(b, elem_size, count))
    return CLV_E_USAGE;
  int copied;
  clv_status status = begin_region(b, base, elem_size, count, &copied);
  if (status != CLV_OK || !copied)
    return status;
  return clv_buf_put(b, base, elem_size * count); // checked by begin_region
}

clv_status clv_buf_put_region_values(clv_buf *b, clv_kind kind,
                                     const void *base, size_t count) {
  if (!b) {
    set_error("write of a region to a null buffer");
    return CLV_E_USAGE;
  }
  if (b->failed)
    return CLV_E_NOMEM;
  if (!known_kind(kind)) {
    set_error("write of a region of values of unknown kind %d", (int)kind);
    return fail(b, CLV_E_USAGE);
  }
  int copied;
  clv_status status = begin_region(b, base, kinds[kind].size, count, &copied);
  if (status != CLV_OK || !copied)
    return status;
  return clv_buf_put_values(b, kind, base, count);
}

/// Reads a region header and checks it against what the reader expects, then
/// reads the address (shared mode, and copy mode in one address space) and
/// the padding before the payload (copy mode).
static clv_status begin_region_read(clv_buf *b, size_t elem_size, size_t count,
                                    uintptr_t *address) {
  uint64_t header[2];
  clv_status status = clv_buf_get_values(b, CLV_U64, header, 2);
  if (status != CLV_OK)
    return status;
  if (header[0] != count || header[1] != elem_size) {
    set_error("region of %zu elements of %zu bytes expected, got %" PRIu64
              " elements of %" PRIu64 " bytes",
              count, elem_size, header[0], header[1]);
    return fail(b, CLV_E_DECODE);
  }
  size_t bytes;
  if (!region_bytes(elem_size, count, &bytes)) {
    set_error("a region of %zu elements of %zu bytes does not fit in memory",
              count, elem_size);
    return fail(b, CLV_E_DECODE);
  }
  if (share_regions || one_address_space) {
    uint64_t value;
    status = clv_buf_get_values(b, CLV_U64, &value, 1);
    if (status != CLV_OK)
      return status;
    if (value == 0 && bytes > 0) {
      set_error("a region of %zu bytes at a null address", bytes);
      return fail(b, CLV_E_DECODE);
    }
    *address = (uintptr_t)value;
    if (share_regions)
      return CLV_OK;
  }
  unsigned char *skipped;
  return take(b, padding(b->pos), &skipped);
}

/// Whether a copied region that its writer read at \p address, and that the
/// reader wants at \p dest, is there already: in one address space, a global
/// (which every node of the threads transport shares) travels from its place
/// to its place. Storing its bytes again would race with the other nodes that
/// read them, so they are read into scratch storage instead.
static int already_there(uintptr_t address, const void *dest) {
  return one_address_space && address == (uintptr_t)dest;
}

/// Storage for \p bytes (more than 0) that goes with \p b, into which a
/// region that is already_there is read; NULL with CLV_E_NOMEM recorded when
/// memory runs out. (Defined with the objects of pointer graphs.)
static void *scratch(clv_buf *b, size_t bytes);

/// Where a copied region of \p bytes read from \p b goes: \p dest, or
/// scratch storage when it is already_there.
static void *copy_target(clv_buf *b, uintptr_t address, void *dest,
                         size_t bytes) {
  return bytes > 0 && already_there(address, dest) ? scratch(b, bytes) : dest;
}

/// Where a shared region read from \p b is.
static void *shared_region(uintptr_t address) {
  return address ? (void *)address : (void *)&empty_region;
}

/// Checks that the shared region of \p bytes read from \p b at \p address is
/// \p dest (any address will do for an empty one).
static clv_status same_region(clv_buf *b, uintptr_t address, const void *dest,
                              size_t bytes) {
  if (address == (uintptr_t)dest || bytes == 0)
    return CLV_OK;
  set_error("region at %p expected, got one at %p", dest, (void *)address);
  return fail(b, CLV_E_DECODE);
}

void *clv_buf_get_region(clv_buf *b, size_t elem_size, size_t count) {
  if (!b) {
    set_error("read of a region from a null buffer");
    return NULL;
  }
  uintptr_t address = 0;
  if (!raw_region_allowed(b, elem_size, count) ||
      begin_region_read(b, elem_size, count, &address) != CLV_OK)
    return NULL;
  if (share_regions)
    return shared_region(address);
  unsigned char *payload;
  if (take(b, elem_size * count, &payload) != CLV_OK) // checked above
    return NULL;
  return payload; // inside b->data, which holds at least the header: not NULL
}

clv_status clv_buf_get_region_into(clv_buf *b, void *dest, size_t elem_size,
                                   size_t count) {
  if (!b) {
    set_error("read of a region from a null buffer");
    return CLV_E_USAGE;
  }
  if (!raw_region_allowed(b, elem_size, count))
    return CLV_E_USAGE;
  uintptr_t address = 0;
  clv_status status = begin_region_read(b, elem_size, count, &address);
  if (status != CLV_OK)
    return status;
  size_t bytes = elem_size * count; // checked by begin_region_read
  if (share_regions)
    return same_region(b, address, dest, bytes);
  if (bytes > 0 && !dest) {
    set_error("copy of a region of %zu bytes to a null address", bytes);
    return fail(b, CLV_E_USAGE);
  }
  void *target = copy_target(b, address, dest, bytes);
  return target || bytes == 0 ? clv_buf_get(b, target, bytes) : CLV_E_NOMEM;
}

void *clv_buf_get_region_values(clv_buf *b, clv_kind kind, size_t count) {
  if (!b) {
    set_error("read of a region from a null buffer");
    return NULL;
  }
  if (!known_kind(kind)) {
    set_error("read of a region of values of unknown kind %d", (int)kind);
    fail(b, CLV_E_USAGE);
    return NULL;
  }
  uintptr_t address = 0;
  if (begin_region_read(b, kinds[kind].size, count, &address) != CLV_OK)
    return NULL;
  if (share_regions)
    return shared_region(address);
  size_t bytes;
  if (!wire_size(b->encoding, kind, count, &bytes)) {
    set_error("a region of %zu values of %s is more than a message holds",
              count, kinds[kind].name);
    fail(b, CLV_E_DECODE);
    return NULL;
  }
  unsigned char *payload;
  if (take(b, bytes, &payload) != CLV_OK)
    return NULL;
  if (b->encoding == CLV_ENCODING_XDR &&
      get_xdr(b, kind, payload, payload, count) != CLV_OK)
    return NULL;
  return payload; // inside b->data, which holds at least the header: not NULL
}

clv_status clv_buf_get_region_values_into(clv_buf *b, clv_kind kind,
                                          void *dest, size_t count) {
  if (!b) {
    set_error("read of a region from a null buffer");
    return CLV_E_USAGE;
  }
  if (!known_kind(kind)) {
    set_error("read of a region of values of unknown kind %d", (int)kind);
    return fail(b, CLV_E_USAGE);
  }
  uintptr_t address = 0;
  clv_status status = begin_region_read(b, kinds[kind].size, count, &address);
  if (status != CLV_OK)
    return status;
  if (share_regions)
    return same_region(b, address, dest, count * kinds[kind].size);
  if (count > 0 && !dest) {
    set_error("copy of a region of %zu values of %s to a null address", count,
              kinds[kind].name);
    return fail(b, CLV_E_USAGE);
  }
  void *target = copy_target(b, address, dest, count * kinds[kind].size);
  return target || count == 0 ? clv_buf_get_values(b, kind, target, count)
                              : CLV_E_NOMEM;
}

// ---------------------------------------------------------------------------
// Pointer graphs
//
// The writer numbers objects in the order they are first referenced, and
// finds the number of an object it met before in an open-addressing hash
// table (linear probing, at most half full) keyed by address and put
// function: C has no hash table, and none of the runtime's dependencies
// (pthreads, libtirpc, MPI) offers one. Objects are queued in the order of
// their numbers, so the queue is an array indexed by number - 1 and the table
// holds numbers. The reader keeps the objects it made in an array indexed the
// same way, carved out of zeroed chunks that go with the buffer. Both sides
// work through their queue in a loop: nothing recurses, however deep the
// structure.

/// The first chunk of objects read, and the size chunks stop doubling at.
#define FIRST_CHUNK ((size_t)4096)
#define LAST_CHUNK ((size_t)1 << 20)
/// log2 of the first size of the writer's hash table.
#define FIRST_SLOT_BITS 6

typedef struct out_object {
  const void *object;
  clv_put_object put;
} out_object;

typedef struct in_object {
  void *object;
  size_t size;
  clv_get_object get;
} in_object;

/// Zeroed storage for objects read; max_align_t aligns the data for any type.
typedef struct chunk {
  struct chunk *next;
  size_t size; ///< bytes of data
  size_t used;
  int mapped; ///< mapped for one zeroed object (new_zeroed_object)
  max_align_t data[];
} chunk;

typedef struct graph {
  // Writing: objects numbered so far (object n at out[n - 1]), how many of
  // them were written, and the table of their numbers.
  out_object *out;
  size_t out_count, out_capacity, out_written;
  size_t *slots; ///< 2^slot_bits numbers; 0 marks a free slot
  int slot_bits;
  // Reading: the same for the objects read, and where they live.
  in_object *in;
  size_t in_count, in_capacity, in_read;
  chunk *chunks; ///< newest first
} graph;

/// Frees what \p b kept for writing pointer graphs (not the objects read).
static void end_writing(clv_buf *b) {
  graph *g = b->graph;
  if (!g)
    return;
  free(g->out);
  free(g->slots);
  g->out = NULL;
  g->slots = NULL;
  g->out_count = g->out_capacity = g->out_written = 0;
  g->slot_bits = 0;
}

static void free_graph(clv_buf *b) {
  graph *g = b->graph;
  if (!g)
    return;
  end_writing(b);
  for (chunk *c = g->chunks, *next; c; c = next) {
    next = c->next;
    if (c->mapped)
      munmap(c, sizeof *c + c->size);
    else
      give_block(c, sizeof *c + c->size);
  }
  free(g->in);
  free(g);
  b->graph = NULL;
}

/// Objects queued in \p b by clv_buf_put_pointer and not written yet.
static size_t unwritten_objects(const clv_buf *b) {
  const graph *g = b->graph;
  return g ? g->out_count - g->out_written : 0;
}

/// The graph state of \p b, made on first use; NULL when memory runs out.
static graph *graph_of(clv_buf *b) {
  if (!b->graph)
    b->graph = calloc(1, sizeof(graph));
  return b->graph;
}

/// \p array (\p *capacity elements of \p size bytes) with room for twice as
/// many, or for 64 when it has none; NULL when memory runs out (the array is
/// kept then).
static void *grow_array(void *array, size_t *capacity, size_t size) {
  size_t cap = 64;
  if (*capacity) {
    if (*capacity > SIZE_MAX / 2 / size)
      return NULL;
    cap = *capacity * 2;
  }
  void *grown = realloc(array, cap * size);
  if (grown)
    *capacity = cap;
  return grown;
}

/// Where \p object hashes to in a table of 2^bits slots (Fibonacci hashing:
/// the top bits of a multiplication, which mixes the low bits in).
static size_t slot_of(const void *object, int bits) {
  return (size_t)(((uint64_t)(uintptr_t)object * 0x9e3779b97f4a7c15u) >>
                  (64 - bits));
}

/// The number of \p object written with \p put in \p g, or 0; \p *slot is
/// where it is in the table, or the free slot it would go to.
static size_t find_number(const graph *g, const void *object,
                          clv_put_object put, size_t *slot) {
  size_t mask = ((size_t)1 << g->slot_bits) - 1;
  for (size_t i = slot_of(object, g->slot_bits);; i = (i + 1) & mask) {
    size_t n = g->slots[i];
    if (n == 0 || (g->out[n - 1].object == object && g->out[n - 1].put == put)) {
      *slot = i;
      return n;
    }
  }
}

/// Doubles the table of \p g (or makes its first) and enters every number
/// again; 0 when memory runs out.
static int grow_slots(graph *g) {
  int bits = g->slots ? g->slot_bits + 1 : FIRST_SLOT_BITS;
  // calloc fails (its product overflows) long before the shift could.
  size_t *slots = calloc((size_t)1 << bits, sizeof *slots);
  if (!slots)
    return 0;
  free(g->slots);
  g->slots = slots;
  g->slot_bits = bits;
  size_t mask = ((size_t)1 << bits) - 1;
  for (size_t n = 1; n <= g->out_count; ++n) {
    size_t i = slot_of(g->out[n - 1].object, bits);
    while (slots[i] != 0)
      i = (i + 1) & mask;
    slots[i] = n;
  }
  return 1;
}

/// Makes room in \p g for one more object, \p object written with \p put, and
/// sets \p *slot to the free slot of the table it goes to; 0 when memory runs
/// out.
static int make_room(graph *g, const void *object, clv_put_object put,
                     size_t *slot) {
  if (g->out_count == g->out_capacity) {
    out_object *grown = grow_array(g->out, &g->out_capacity, sizeof *grown);
    if (!grown)
      return 0;
    g->out = grown;
  }
  // At most half full, so that probing ends soon.
  if (g->out_count + 1 > ((size_t)1 << g->slot_bits) / 2) {
    if (!grow_slots(g))
      return 0;
    find_number(g, object, put, slot);
  }
  return 1;
}

/// Sets \p *number to the number of \p object written with \p put in \p b,
/// numbering and queuing it when it is new.
static clv_status number_of(clv_buf *b, const void *object, clv_put_object put,
                            uint64_t *number) {
  graph *g = graph_of(b);
  size_t slot = 0;
  size_t n = g && g->slots ? find_number(g, object, put, &slot) : 0;
  if (n != 0) {
    *number = n;
    return CLV_OK;
  }
  if (!g || !make_room(g, object, put, &slot)) {
    set_error("out of memory for object %zu of a pointer graph",
              g ? g->out_count + 1 : 1);
    return fail(b, CLV_E_NOMEM);
  }
  g->out[g->out_count++] = (out_object){object, put};
  g->slots[slot] = g->out_count;
  *number = g->out_count;
  return CLV_OK;
}

clv_status clv_buf_put_pointer(clv_buf *b, const void *object,
                               clv_put_object put) {
  if (!b) {
    set_error("write of a pointer to a null buffer");
    return CLV_E_USAGE;
  }
  if (b->failed)
    return CLV_E_NOMEM;
  uint64_t number = 0;
  if (object) {
    if (!put) {
      set_error("write of a pointer to %p without a function writing its "
                "object",
                object);
      return fail(b, CLV_E_USAGE);
    }
    clv_status status = number_of(b, object, put, &number);
    if (status != CLV_OK)
      return status;
  }
  return clv_buf_put_values(b, CLV_U64, &number, 1);
}

clv_status clv_buf_put_pending(clv_buf *b) {
  if (!b) {
    set_error("write of pending objects to a null buffer");
    return CLV_E_USAGE;
  }
  graph *g = b->graph;
  while (!b->failed && g && g->out_written < g->out_count) {
    out_object o = g->out[g->out_written++]; // put may grow g->out
    clv_status status = o.put(b, o.object);
    if (status != CLV_OK)
      return fail(b, status);
  }
  return b->failed ? CLV_E_NOMEM : CLV_OK;
}

/// Fresh zeroed storage of \p size bytes (> 0) in \p g, aligned for any type;
/// NULL when memory runs out.
static void *new_object(graph *g, size_t size) {
  size_t align = _Alignof(max_align_t);
  if (size > SIZE_MAX - sizeof(chunk) - align)
    return NULL;
  size_t rounded = (size + align - 1) / align * align;
  chunk *c = g->chunks;
  if (!c || c->size - c->used < rounded) {
    size_t cap = !c ? FIRST_CHUNK : c->size < LAST_CHUNK ? 2 * c->size
                                                         : LAST_CHUNK;
    if (cap < rounded)
      cap = rounded;
    // Small chunks stay zeroed, as they were; a large one is a kept block
    // (take_block), whose objects are written whole before they are read
    // (regions of rows zero their gaps).
    size_t got = sizeof(chunk) + cap;
    chunk *fresh = got < BLOCK_MIN ? calloc(1, got) : take_block(got, &got);
    if (!fresh)
      return NULL;
    fresh->next = c;
    fresh->size = got - sizeof *fresh;
    fresh->used = 0;
    fresh->mapped = 0;
    g->chunks = c = fresh;
  }
  void *object = (unsigned char *)c->data + c->used;
  c->used += rounded;
  return object;
}

/// An object of \p size bytes of \p g, all zeros, of which only \p written
/// bytes or so will be written: where that is a small part of a large one,
/// in pages of its own fresh from the system, which are zero until written,
/// so that only the pages written cost anything. A region of rows whose
/// rows are far apart (cfft's deep calls: a hundred rows of 16 bytes, a MiB
/// apart) spans far more than it holds; zeroing all of it, in huge pages,
/// took 0.2 s a call, and such calls passed back and forth between two
/// ranks. Where most of it is written (rows close together), a kept block of
/// huge pages zeroed whole costs less than fresh pages of 4 KiB, which each
/// fault when first written.
static void *new_zeroed_object(graph *g, size_t size, size_t written) {
  if (size < BLOCK_MIN || written > size / 4) {
    void *object = new_object(g, size);
    if (object)
      memset(object, 0, size);
    return object;
  }
  if (size > SIZE_MAX - sizeof(chunk))
    return NULL;
  void *pages = mmap(NULL, sizeof(chunk) + size, PROT_READ | PROT_WRITE,
                     MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (pages == MAP_FAILED)
    return NULL;
  chunk *fresh = pages;
  fresh->size = fresh->used = size;
  fresh->mapped = 1;
  // Behind the newest chunk, whose room stays in use.
  if (g->chunks) {
    fresh->next = g->chunks->next;
    g->chunks->next = fresh;
  } else {
    fresh->next = NULL;
    g->chunks = fresh;
  }
  return fresh->data;
}

static void *scratch(clv_buf *b, size_t bytes) {
  graph *g = graph_of(b);
  void *storage = g ? new_object(g, bytes) : NULL;
  if (!storage) {
    set_error("out of memory for a region of %zu bytes", bytes);
    fail(b, CLV_E_NOMEM);
  }
  return storage;
}

clv_status clv_buf_get_pointer(clv_buf *b, void **object, size_t size,
                               clv_get_object get) {
  if (!b) {
    set_error("read of a pointer from a null buffer");
    return CLV_E_USAGE;
  }
  if (!object) {
    set_error("read of a pointer into a null address");
    return fail(b, CLV_E_USAGE);
  }
  *object = NULL;
  if (b->failed)
    return CLV_E_DECODE;
  if (size == 0 || !get) {
    set_error("read of a pointer to objects of %zu bytes%s", size,
              get ? "" : " without a function reading them");
    return fail(b, CLV_E_USAGE);
  }
  uint64_t number;
  clv_status status = clv_buf_get_values(b, CLV_U64, &number, 1);
  if (status != CLV_OK || number == 0)
    return status;
  graph *g = graph_of(b);
  if (!g) {
    set_error("out of memory for the objects of a pointer graph");
    return fail(b, CLV_E_NOMEM);
  }
  if (number <= g->in_count) {
    const in_object *o = &g->in[number - 1];
    if (o->size != size || o->get != get) {
      set_error("object %" PRIu64 " of a pointer graph referenced as another "
                "type than it was read as (%zu bytes, read as %zu)",
                number, size, o->size);
      return fail(b, CLV_E_DECODE);
    }
    *object = o->object;
    return CLV_OK;
  }
  if (number != g->in_count + 1) {
    set_error("reference to object %" PRIu64 " of a pointer graph, but %zu "
              "were read and the next new one is %zu",
              number, g->in_count, g->in_count + 1);
    return fail(b, CLV_E_DECODE);
  }
  // Each new object took 8 bytes of message: a message cannot make the
  // reader allocate more than one per 8 bytes.
  void *fresh = NULL;
  if (g->in_count == g->in_capacity) {
    in_object *grown = grow_array(g->in, &g->in_capacity, sizeof *grown);
    if (grown)
      g->in = grown;
  }
  if (g->in_count < g->in_capacity)
    fresh = new_object(g, size);
  if (!fresh) {
    set_error("out of memory for object %" PRIu64 " of a pointer graph (%zu "
              "bytes)",
              number, size);
    return fail(b, CLV_E_NOMEM);
  }
  g->in[g->in_count++] = (in_object){fresh, size, get};
  *object = fresh;
  return CLV_OK;
}

clv_status clv_buf_get_pending(clv_buf *b) {
  if (!b) {
    set_error("read of pending objects from a null buffer");
    return CLV_E_USAGE;
  }
  graph *g = b->graph;
  while (!b->failed && g && g->in_read < g->in_count) {
    in_object o = g->in[g->in_read++]; // get may grow g->in
    clv_status status = o.get(b, o.object);
    if (status != CLV_OK)
      return fail(b, status);
  }
  return b->failed ? CLV_E_DECODE : CLV_OK;
}

// ---------------------------------------------------------------------------
// Regions of objects
//
// A region of structs travels as a region of raw bytes, except in copy mode
// with xdr, where each element is written and read by the functions the
// generated code gives, after the same header and padding. The reader
// allocates the storage with the objects of pointer graphs, once the message
// is seen to hold a 4-byte XDR unit per element at least (a struct has a
// field), so that a forged count cannot make it allocate without bound.

/// Whether a region of objects of \p b is written element by element.
static int by_element(const clv_buf *b) {
  return !share_regions && b->encoding == CLV_ENCODING_XDR;
}

/// Checks the element size and function (\p has_function) of a region of
/// \p count objects (\p what: "write" or "read"); fails \p b with
/// CLV_E_USAGE when one is missing.
static int objects_allowed(clv_buf *b, size_t elem_size, size_t count,
                           int has_function, const char *what) {
  if (count == 0 || (elem_size > 0 && has_function))
    return 1;
  set_error("%s of a region of %zu objects of %zu bytes%s", what, count,
            elem_size, has_function ? "" : " without a function for them");
  fail(b, CLV_E_USAGE);
  return 0;
}

/// Checks that what is left of \p b can hold \p count objects.
static clv_status objects_fit(clv_buf *b, size_t count) {
  if (count <= (b->size - b->pos) / 4) // b->pos <= b->size after a read
    return CLV_OK;
  set_error("short message: a region of %zu objects at offset %zu of %zu",
            count, b->pos, b->size);
  return fail(b, CLV_E_DECODE);
}

/// Reads \p count objects of \p elem_size bytes into \p dest with \p get.
static clv_status get_objects(clv_buf *b, unsigned char *dest,
                              size_t elem_size, size_t count,
                              clv_get_object get) {
  for (size_t i = 0; i < count; ++i) {
    clv_status status = get(b, dest + i * elem_size);
    if (status != CLV_OK)
      return fail(b, status);
  }
  return b->failed ? CLV_E_DECODE : CLV_OK;
}

clv_status clv_buf_put_region_objects(clv_buf *b, const void *base,
                                      size_t elem_size, size_t count,
                                      clv_put_object put) {
  if (!b || !by_element(b))
    return clv_buf_put_region(b, base, elem_size, count);
  if (b->failed)
    return CLV_E_NOMEM;
  if (!objects_allowed(b, elem_size, count, put != NULL, "write"))
    return CLV_E_USAGE;
  int copied;
  clv_status status = begin_region(b, base, elem_size, count, &copied);
  for (size_t i = 0; status == CLV_OK && i < count; ++i) {
    status = put(b, (const unsigned char *)base + i * elem_size);
    if (status != CLV_OK)
      fail(b, status);
  }
  return status == CLV_OK && b->failed ? CLV_E_NOMEM : status;
}

void *clv_buf_get_region_objects(clv_buf *b, size_t elem_size, size_t count,
                                 clv_get_object get) {
  if (!b || !by_element(b))
    return clv_buf_get_region(b, elem_size, count);
  uintptr_t address;
  if (!objects_allowed(b, elem_size, count, get != NULL, "read") ||
      begin_region_read(b, elem_size, count, &address) != CLV_OK ||
      objects_fit(b, count) != CLV_OK)
    return NULL;
  if (count == 0)
    return &empty_region;
  graph *g = graph_of(b);
  unsigned char *storage = g ? new_object(g, elem_size * count) : NULL;
  if (!storage) {
    set_error("out of memory for a region of %zu objects of %zu bytes", count,
              elem_size);
    fail(b, CLV_E_NOMEM);
    return NULL;
  }
  return get_objects(b, storage, elem_size, count, get) == CLV_OK ? storage
                                                                  : NULL;
}

clv_status clv_buf_get_region_objects_into(clv_buf *b, void *dest,
                                           size_t elem_size, size_t count,
                                           clv_get_object get) {
  if (!b || !by_element(b))
    return clv_buf_get_region_into(b, dest, elem_size, count);
  if (!objects_allowed(b, elem_size, count, get != NULL, "read"))
    return CLV_E_USAGE;
  uintptr_t address;
  clv_status status = begin_region_read(b, elem_size, count, &address);
  if (status == CLV_OK)
    status = objects_fit(b, count);
  if (status != CLV_OK || count == 0)
    return status;
  if (!dest) {
    set_error("copy of a region of %zu objects to a null address", count);
    return fail(b, CLV_E_USAGE);
  }
  unsigned char *target = copy_target(b, address, dest, elem_size * count);
  if (!target)
    return CLV_E_NOMEM;
  memset(target, 0, elem_size * count); // checked by begin_region_read
  return get_objects(b, target, elem_size, count, get);
}

// ---------------------------------------------------------------------------
// Regions of rows
//
// A strided region travels as its shape (rows and row_count as U64 values,
// the stride as an I64 value) followed by a region of all its elements
// (rows * row_count of the element's size: begin_region's header, then the
// address or the padding); in copy mode the rows follow it one after the
// other, each as clv_buf_put_values writes it (in xdr each row is padded on
// its own), or, for objects, as clv_buf_put_region_objects writes its
// elements. The region header repeats the count the shape gives, so that
// the reader checks the element size and reads the address with the region
// functions above. The reader that copies lays the rows out as the writer's
// memory has them, in storage allocated with the objects of pointer graphs
// once the message is seen to hold every row, so that a forged shape cannot
// make it allocate more than its own arguments ask for.

// The stride travels as an I64 value.
_Static_assert(PTRDIFF_MAX <= INT64_MAX && PTRDIFF_MIN >= INT64_MIN,
               "a ptrdiff_t must fit an int64_t");

/// What the rows of a region hold: values of a kind (\p put and \p get
/// NULL), or objects of \p size bytes that travel by their functions in copy
/// mode with xdr (by_element) and as their bytes otherwise.
typedef struct rows_elem {
  clv_kind kind;
  size_t size;
  int objects;
  clv_put_object put;
  clv_get_object get;
} rows_elem;

static rows_elem values_of(clv_kind kind) {
  return (rows_elem){kind, known_kind(kind) ? kinds[kind].size : 0, 0, NULL,
                     NULL};
}

static rows_elem objects_of(size_t size, clv_put_object put,
                            clv_get_object get) {
  return (rows_elem){CLV_U8, size, 1, put, get};
}

static int is_objects(const rows_elem *e) { return e->objects; }

/// A region of rows and the memory it covers, counted in elements.
typedef struct rows_shape {
  size_t rows, row_count;
  ptrdiff_t stride;
  size_t elem_size;
  size_t count;    ///< values in the rows: rows * row_count
  size_t elements; ///< from the lowest element a row touches to the highest
  size_t first;    ///< where row 0 starts among them (not 0 when stride < 0)
} rows_shape;

/// Sets \p *shape for \p rows rows of \p row_count elements of \p elem_size
/// bytes (not 0), row r starting r * \p stride elements after row 0; 0 when
/// the count or the span overflows a size_t, or the span in bytes a
/// ptrdiff_t (rows are found by pointer offsets, and no object is larger).
/// An empty region spans nothing. The span is |stride| * (rows - 1) +
/// row_count elements, row 0 being the highest row when stride < 0.
static int shape_of_rows(size_t elem_size, size_t rows, size_t row_count,
                         ptrdiff_t stride, rows_shape *shape) {
  *shape = (rows_shape){rows, row_count, stride, elem_size, 0, 0, 0};
  if (rows == 0 || row_count == 0)
    return 1;
  if (row_count > SIZE_MAX / rows)
    return 0;
  // |stride| without overflow, PTRDIFF_MIN included.
  size_t step = stride < 0 ? (size_t)0 - (size_t)stride : (size_t)stride;
  if (step != 0 && rows - 1 > SIZE_MAX / step)
    return 0;
  size_t reach = step * (rows - 1);
  if (row_count > SIZE_MAX - reach ||
      reach + row_count > (size_t)PTRDIFF_MAX / shape->elem_size)
    return 0;
  shape->count = rows * row_count;
  shape->elements = reach + row_count;
  shape->first = stride < 0 ? reach : 0;
  return 1;
}

/// Where row \p r of \p shape starts, in elements from its lowest element.
static size_t row_offset(const rows_shape *shape, size_t r) {
  // Modulo SIZE_MAX + 1, which gives the true offset: it lies in
  // [0, elements), checked by shape_of_rows.
  return shape->first + r * (size_t)shape->stride;
}

/// What the rows of \p e are, for messages: "values of double", "objects
/// of 16 bytes".
static const char *elem_name(const rows_elem *e, char *text, size_t size) {
  if (is_objects(e))
    snprintf(text, size, "objects of %zu bytes", e->size);
  else
    snprintf(text, size, "values of %s", kinds[e->kind].name);
  return text;
}

/// Checks the elements of a region of rows (\p what: "write" or "read") and
/// sets \p *shape; fails \p b with CLV_E_USAGE for an unknown kind, objects
/// of no size or without their function (in copy mode with xdr), with
/// \p too_large for a region that does not fit in memory.
static clv_status check_rows(clv_buf *b, const rows_elem *e, size_t rows,
                             size_t row_count, ptrdiff_t stride,
                             const char *what, clv_status too_large,
                             rows_shape *shape) {
  if (!is_objects(e) && !known_kind(e->kind)) {
    set_error("%s of a region of rows of values of unknown kind %d", what,
              (int)e->kind);
    return fail(b, CLV_E_USAGE);
  }
  if (is_objects(e) && e->size == 0) {
    set_error("%s of a region of rows of objects of 0 bytes", what);
    return fail(b, CLV_E_USAGE);
  }
  if (is_objects(e) && by_element(b) && !(e->put || e->get) && rows &&
      row_count) {
    set_error("%s of a region of rows of objects without a function", what);
    return fail(b, CLV_E_USAGE);
  }
  if (shape_of_rows(e->size, rows, row_count, stride, shape))
    return CLV_OK;
  set_error("a region of %zu rows of %zu elements of %zu bytes, %td apart, "
            "does not fit in memory",
            rows, row_count, shape->elem_size, stride);
  return fail(b, too_large);
}

/// Checks a region of rows of \p e at \p first (check_rows) and writes its
/// shape, then the header of its elements and its address (shared mode,
/// \p *copied is 0) or the padding before its rows (copy mode, \p *copied
/// is 1), as begin_region writes them.
static clv_status begin_rows(clv_buf *b, const rows_elem *e, const void *first,
                             size_t rows, size_t row_count, ptrdiff_t stride,
                             rows_shape *shape, int *copied) {
  clv_status status =
      check_rows(b, e, rows, row_count, stride, "write", CLV_E_USAGE, shape);
  if (status != CLV_OK)
    return status;
  const uint64_t counts[2] = {rows, row_count};
  const int64_t step = stride;
  status = clv_buf_put_values(b, CLV_U64, counts, 2);
  if (status == CLV_OK)
    status = clv_buf_put_values(b, CLV_I64, &step, 1);
  if (status != CLV_OK)
    return status;
  return begin_region(b, first, shape->elem_size, shape->count, copied);
}

/// The least size of a row of \p e in \p b's encoding: its values' size, its
/// bytes, or 4 bytes per object written by its function; 0 on overflow.
static size_t row_bytes(const clv_buf *b, const rows_elem *e,
                        size_t row_count) {
  size_t bytes = 0;
  if (!is_objects(e))
    return wire_size(b->encoding, e->kind, row_count, &bytes) ? bytes : 0;
  size_t unit = by_element(b) ? 4 : e->size;
  return row_count <= SIZE_MAX / unit ? row_count * unit : 0;
}

/// Checks that what is left of \p b holds the rows of \p shape.
static clv_status rows_fit(clv_buf *b, const rows_elem *e,
                           const rows_shape *shape) {
  size_t bytes = row_bytes(b, e, shape->row_count);
  if (shape->count == 0 || // no row, or only empty ones
      (bytes != 0 &&
       shape->rows <= (b->size - b->pos) / bytes)) // b->pos <= b->size
    return CLV_OK;
  char name[48];
  set_error("short message: %zu rows of %zu %s at offset %zu of %zu",
            shape->rows, shape->row_count, elem_name(e, name, sizeof name),
            b->pos, b->size);
  return fail(b, CLV_E_DECODE);
}

/// Checks the shape the reader expects (check_rows), reads a region of rows'
/// shape and checks it against it, then reads the header of its elements
/// (begin_region_read) and, in copy mode, checks that the message holds
/// every row.
static clv_status begin_rows_read(clv_buf *b, const rows_elem *e, size_t rows,
                                  size_t row_count, ptrdiff_t stride,
                                  rows_shape *shape, uintptr_t *address) {
  clv_status status =
      check_rows(b, e, rows, row_count, stride, "read", CLV_E_DECODE, shape);
  if (status != CLV_OK)
    return status;
  uint64_t counts[2];
  int64_t step;
  status = clv_buf_get_values(b, CLV_U64, counts, 2);
  if (status == CLV_OK)
    status = clv_buf_get_values(b, CLV_I64, &step, 1);
  if (status != CLV_OK)
    return status;
  if (counts[0] != rows || counts[1] != row_count || step != stride) {
    const char *what = is_objects(e) ? "objects" : "values";
    set_error("region of %zu rows of %zu %s, %td apart, expected, got "
              "%" PRIu64 " rows of %" PRIu64 " %s, %" PRId64 " apart",
              rows, row_count, what, stride, counts[0], counts[1], what, step);
    return fail(b, CLV_E_DECODE);
  }
  status = begin_region_read(b, shape->elem_size, shape->count, address);
  if (status != CLV_OK || share_regions)
    return status;
  return rows_fit(b, e, shape);
}

/// Writes the \p count elements of \p e at \p p, one row, in copy mode.
static clv_status put_row(clv_buf *b, const rows_elem *e,
                          const unsigned char *p, size_t count) {
  if (!is_objects(e))
    return clv_buf_put_values(b, e->kind, p, count);
  if (!by_element(b))
    return clv_buf_put(b, p, count * e->size); // checked by shape_of_rows
  clv_status status = CLV_OK;
  for (size_t i = 0; status == CLV_OK && i < count; ++i)
    if ((status = e->put(b, p + i * e->size)) != CLV_OK)
      fail(b, status);
  return status == CLV_OK && b->failed ? CLV_E_NOMEM : status;
}

/// Reads one row of \p count elements of \p e into \p p (objects read by
/// their function into zeroed storage).
static clv_status get_row(clv_buf *b, const rows_elem *e, unsigned char *p,
                          size_t count) {
  if (!is_objects(e))
    return clv_buf_get_values(b, e->kind, p, count);
  if (!by_element(b)) {
    unsigned char *bytes;
    clv_status status = take(b, count * e->size, &bytes);
    if (status == CLV_OK)
      memcpy(p, bytes, count * e->size);
    return status;
  }
  memset(p, 0, count * e->size);
  return get_objects(b, p, e->size, count, e->get);
}

/// Reads the rows of \p shape, in order, into their places in memory whose
/// lowest element is at \p lowest.
static clv_status get_rows(clv_buf *b, const rows_elem *e,
                           unsigned char *lowest, const rows_shape *shape) {
  clv_status status = CLV_OK;
  for (size_t r = 0; status == CLV_OK && r < shape->rows; ++r)
    status = get_row(b, e, lowest + row_offset(shape, r) * shape->elem_size,
                     shape->row_count);
  return status;
}

static clv_status put_rows(clv_buf *b, const rows_elem *e, const void *first,
                           size_t rows, size_t row_count, ptrdiff_t stride) {
  if (!b) {
    set_error("write of a region to a null buffer");
    return CLV_E_USAGE;
  }
  if (b->failed)
    return CLV_E_NOMEM;
  rows_shape shape;
  int copied;
  clv_status status =
      begin_rows(b, e, first, rows, row_count, stride, &shape, &copied);
  if (status != CLV_OK || !copied || shape.count == 0)
    return status;
  const unsigned char *lowest =
      (const unsigned char *)first - shape.first * shape.elem_size;
  for (size_t r = 0; status == CLV_OK && r < rows; ++r)
    status = put_row(b, e, lowest + row_offset(&shape, r) * shape.elem_size,
                     row_count);
  return status;
}

static void *get_rows_new(clv_buf *b, const rows_elem *e, size_t rows,
                          size_t row_count, ptrdiff_t stride) {
  if (!b) {
    set_error("read of a region from a null buffer");
    return NULL;
  }
  rows_shape shape;
  uintptr_t address = 0;
  if (begin_rows_read(b, e, rows, row_count, stride, &shape, &address) !=
      CLV_OK)
    return NULL;
  if (share_regions)
    return shared_region(address);
  if (shape.count == 0)
    return &empty_region;
  // The elements between the rows read as zeros, not as whatever a kept
  // block (take_block) held: a callee that reads outside its region then
  // sees values that change its output (test/examples/regions-asan.test).
  graph *g = graph_of(b);
  size_t bytes = shape.elements * shape.elem_size;
  // Each row writes its bytes, and may start a page of its own.
  size_t written = shape.count * shape.elem_size + shape.rows * PAGE;
  unsigned char *storage = !g ? NULL
                           : shape.count < shape.elements ? new_zeroed_object(g, bytes, written)
                                                          : new_object(g, bytes);
  if (!storage) {
    char name[48];
    set_error("out of memory for a region of %zu rows of %zu %s, %td apart",
              rows, row_count, elem_name(e, name, sizeof name), stride);
    fail(b, CLV_E_NOMEM);
    return NULL;
  }
  if (get_rows(b, e, storage, &shape) != CLV_OK)
    return NULL;
  return storage + shape.first * shape.elem_size;
}

static clv_status get_rows_into(clv_buf *b, const rows_elem *e, void *first,
                                size_t rows, size_t row_count,
                                ptrdiff_t stride) {
  if (!b) {
    set_error("read of a region from a null buffer");
    return CLV_E_USAGE;
  }
  rows_shape shape;
  uintptr_t address = 0;
  clv_status status =
      begin_rows_read(b, e, rows, row_count, stride, &shape, &address);
  if (status != CLV_OK)
    return status;
  if (share_regions)
    return same_region(b, address, first, shape.elements * shape.elem_size);
  if (shape.count == 0)
    return CLV_OK;
  if (!first) {
    char name[48];
    set_error("copy of a region of %zu rows of %zu %s to a null address",
              rows, row_count, elem_name(e, name, sizeof name));
    return fail(b, CLV_E_USAGE);
  }
  unsigned char *lowest =
      already_there(address, first)
          ? scratch(b, shape.elements * shape.elem_size)
          : (unsigned char *)first - shape.first * shape.elem_size;
  return lowest ? get_rows(b, e, lowest, &shape) : CLV_E_NOMEM;
}

clv_status clv_buf_put_rows_values(clv_buf *b, clv_kind kind, const void *first,
                                   size_t rows, size_t row_count,
                                   ptrdiff_t stride) {
  rows_elem e = values_of(kind);
  return put_rows(b, &e, first, rows, row_count, stride);
}

void *clv_buf_get_rows_values(clv_buf *b, clv_kind kind, size_t rows,
                              size_t row_count, ptrdiff_t stride) {
  rows_elem e = values_of(kind);
  return get_rows_new(b, &e, rows, row_count, stride);
}

clv_status clv_buf_get_rows_values_into(clv_buf *b, clv_kind kind, void *first,
                                        size_t rows, size_t row_count,
                                        ptrdiff_t stride) {
  rows_elem e = values_of(kind);
  return get_rows_into(b, &e, first, rows, row_count, stride);
}

clv_status clv_buf_put_rows_objects(clv_buf *b, const void *first,
                                    size_t elem_size, size_t rows,
                                    size_t row_count, ptrdiff_t stride,
                                    clv_put_object put) {
  rows_elem e = objects_of(elem_size, put, NULL);
  return put_rows(b, &e, first, rows, row_count, stride);
}

void *clv_buf_get_rows_objects(clv_buf *b, size_t elem_size, size_t rows,
                               size_t row_count, ptrdiff_t stride,
                               clv_get_object get) {
  rows_elem e = objects_of(elem_size, NULL, get);
  return get_rows_new(b, &e, rows, row_count, stride);
}

clv_status clv_buf_get_rows_objects_into(clv_buf *b, void *first,
                                         size_t elem_size, size_t rows,
                                         size_t row_count, ptrdiff_t stride,
                                         clv_get_object get) {
  rows_elem e = objects_of(elem_size, NULL, get);
  return get_rows_into(b, &e, first, rows, row_count, stride);
}

// ---------------------------------------------------------------------------
// Nodes, calls and futures

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
  int64_t deadline; ///< when the call counts as lost (CLEAVE_CALL_TIMEOUT)
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
  /// this thread was serving when it began this one (serving_call), and the
  /// last call this node had made then.
  int exited;
  clv_future *outer_served;
  const clv_future *made_before;
};

/// Times the work of the call a thread serves (clv_work_begin/end).
typedef struct work_timer {
  int64_t start, work; ///< work < 0: not bracketed
} work_timer;
static _Thread_local work_timer work_clock = {0, -1};
static void loop_measure(uint32_t fn, int64_t work_ns, int64_t cost_ns,
                         int flight); // Grain, below

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
  unsigned lost_seen; ///< lost_generation when those calls were last checked
} node;

/// Whether a node of the threads transport can take a spawn beyond the
/// binomial tree (clv_spawn_node): its thread serves with nothing queued.
enum {
  HUNGER_BUSY,     ///< running its own code or a call, or with calls queued
  HUNGER_IDLE,     ///< waiting with nothing to serve
  HUNGER_RESERVED, ///< idle, and promised to a spawn about to be sent
};

typedef enum transport_kind { TRANSPORT_THREADS, TRANSPORT_MPI } transport_kind;

static transport_kind transport;
/// The nodes of this process: all of them on threads, this process's one on
/// mpi.
static node *nodes;
static int local_nodes;
static int node_count; ///< 0 when the runtime is not running
/// More nodes than processors: spinning threads then yield the processor.
static int oversubscribed;
static clv_program program;
static pthread_t main_thread;
/// Calls queued or running on any node and not given up: clv_finalize waits
/// for 0.
static atomic_long pending;
static atomic_int finalizing;
/// Seconds a call may go without a reply before its node counts as lost
/// (CLEAVE_CALL_TIMEOUT), and the same in nanoseconds; 0: no limit.
static double call_timeout_s;
static int64_t call_timeout_ns;
/// Per node, whether this process lost it (a call to it got no reply in
/// time); read by every thread.
static atomic_uchar *lost;
/// Counts losses, so that each node notices a new one and cancels its calls.
static atomic_uint lost_generation;
/// Set by clv_fail_call: the program ends, clv_finalize waits for nothing.
static atomic_int failing;

#ifdef CLEAVE_HAVE_MPI
static int mpi_progress(void);
static clv_future *mpi_send_call(int target, clv_future *f);
static void mpi_answer(clv_future *f, clv_status status);
static int waiting_node(void);
static clv_status stop_mpi(void);
#endif

/// The running code's place; {0, 0} on node 0 outside any call.
static _Thread_local context here;
/// How deep calls that run where they were made (clv_spawn_node() gave -1)
/// nest in their parallel versions on one thread (clv_local_enter),
/// counting on from the caller's depth for a call sent beyond the tree.
#define LOCAL_PARALLEL_DEPTH 6
static _Thread_local int local_depth;
/// How many calls this thread is serving (nested in waits).
static _Thread_local int serving;
#ifdef CLEAVE_HAVE_MPI
/// mpi: the innermost call this thread serves, the others linked by
/// outer_served; NULL outside any call. exit_from_calls answers them.
static _Thread_local clv_future *serving_call;
/// mpi, nodes other than 0: the status a call this node served passed to
/// exit(), or -1; the calls sent here afterwards are answered with it.
static int exit_status = -1;
static void answer_exited(clv_future *f);
#endif
/// The function of the call this thread runs (NULL outside any call) and the
/// node that made it: serve() sets them, the crash handler reads them.
static _Thread_local const char *volatile crash_call_name;
static _Thread_local volatile int crash_call_caller;

int clv_nodes(void) { return node_count; }

/// The node the calling thread serves.
static node *home(void) {
  return transport == TRANSPORT_MPI ? nodes : &nodes[here.node];
}
int clv_self(void) { return here.node; }
int clv_shares_memory(void) { return share_regions; }

int clv_child_node(void) {
  // 2^30 exceeds MAX_NODES, so from there on no level has a child; stopping
  // there keeps the shift defined.
  if (here.level < 0 || here.level >= 30)
    return -1;
  long child = (long)here.node + (1L << here.level);
  return child < node_count ? (int)child : -1;
}

clv_buf *clv_future_local(clv_future *f) { return f ? &f->local : NULL; }

static void lock(node *n) { pthread_mutex_lock(&n->mutex); }
static void unlock(node *n) { pthread_mutex_unlock(&n->mutex); }

static int64_t now_ns(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (int64_t)t.tv_sec * 1000000000 + t.tv_nsec;
}

/// Tells the processor that this thread is spinning (lets the other hardware
/// thread of the core run, and saves power); nothing where it has no such
/// instruction.
static void pause_processor(void) {
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
static notice tell_waiting(const node *n, const awaited *w);
static int notice_seen(notice told);
#endif

static int is_done(const clv_future *f) {
  // Sequentially consistent, as the store in complete(): see sleep_until().
  return atomic_load(&f->done);
}

/// Index of the first completed future of \p w, or w->count.
static size_t first_done(const awaited *w) {
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
    return first_done(w) < w->count;
  if (n->index == 0)
    return atomic_load(&pending) == 0;
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
  int yielding = oversubscribed;
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
/// before it looks at `done` (or at lost_generation), complete() stores `done`
/// (lose() the generation) before it looks at `sleeping`, all sequentially
/// consistent, so at least one of them sees the other's store and no wake-up
/// is lost. Calls are queued and `stop` set under the mutex.
static void sleep_until(node *n, const awaited *w, int64_t deadline) {
  struct timespec until = {(time_t)(deadline / 1000000000),
                           (long)(deadline % 1000000000)};
  lock(n);
  atomic_store(&n->sleeping, 1);
  int timed_out = 0;
  while (!n->head && !finished(n, w) && !timed_out &&
         atomic_load(&lost_generation) == n->lost_seen) {
    if (deadline == NO_DEADLINE)
      pthread_cond_wait(&n->wake, &n->mutex);
    else
      timed_out =
          pthread_cond_timedwait(&n->wake, &n->mutex, &until) == ETIMEDOUT;
  }
  atomic_store(&n->sleeping, 0);
  unlock(n);
}

static void wake(node *n) {
  lock(n);
  pthread_cond_signal(&n->wake);
  unlock(n);
}

/// Whether this process lost node \p index. Relaxed: a late look only lets
/// through a reply that raced with the loss, as if it had come just before.
static int is_lost(int index) {
  return atomic_load_explicit(&lost[index], memory_order_relaxed);
}

/// Counts the end of a call (threads). The last call to end while
/// clv_finalize waits wakes node 0. Both sides use sequentially consistent
/// operations, so either finalize sees pending == 0 or this sees finalizing.
static void call_over(void) {
  if (atomic_fetch_sub(&pending, 1) == 1 && atomic_load(&finalizing))
    wake(&nodes[0]);
}

/// The callee's side of a call it does not answer (its caller gave it up, or
/// its node was lost): what it had for a reply is dropped. The last of
/// caller and callee to let go of the future frees it.
static void let_go(clv_future *f) {
  clv_buf_free(&f->reply); // the caller does not touch it until then
  int state = atomic_exchange(&f->state, CALL_LET_GO);
  if (state != CALL_RUNNING) // the caller had given it up
    atomic_fetch_sub(&nodes[f->callee.node].orphans, 1);
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
    let_go(f);
    return;
  }
  node *caller = &nodes[f->caller];
  if (status != CLV_OK) // f->message is "" already
    memcpy(f->message, message, strlen(message) + 1);
  f->status = status;
  atomic_store(&f->done, 1);
  if (atomic_load(&caller->sleeping))
    wake(caller);
  call_over();
}

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
static void append(char message[MESSAGE_SIZE], const char *text) {
  size_t used = strlen(message);
  size_t n = strlen(text);
  if (n > MESSAGE_SIZE - 1 - used)
    n = MESSAGE_SIZE - 1 - used;
  memcpy(message + used, text, n);
  message[used + n] = '\0';
}

/// The function \p f calls, or NULL when its id is not in the table.
static const clv_function *function_of(const clv_future *f) {
  const clv_function *fn =
      f->fn < program.count ? &program.functions[f->fn] : NULL;
  return fn && fn->entry ? fn : NULL;
}

/// Writes "call to 'NAME' on node N" (or "call to function ID on node N") to
/// \p out: every message about a call starts so.
static void describe_call(const clv_future *f, char out[MESSAGE_SIZE]) {
  const clv_function *fn = function_of(f);
  if (fn)
    snprintf(out, MESSAGE_SIZE, "call to '%s' on node %d",
             fn->name ? fn->name : "?", f->callee.node);
  else
    snprintf(out, MESSAGE_SIZE, "call to function %" PRIu32 " on node %d",
             f->fn, f->callee.node);
}

/// Marks node \p index lost for this process and wakes the sleeping nodes,
/// so that each gives up the calls it made to it.
static void lose(int index) {
  atomic_store(&lost[index], 1);
  atomic_fetch_add(&lost_generation, 1);
  if (transport == TRANSPORT_THREADS)
    for (int i = 0; i < local_nodes; ++i)
      if (atomic_load(&nodes[i].sleeping))
        wake(&nodes[i]);
}

/// Ends the call \p f, made by this thread's node, with \p status:
/// CLV_E_PEER_LOST (no reply in time) or CLV_E_CANCELED (its node was lost).
/// Returns 0 and changes nothing when the callee has just claimed the call
/// (threads): its reply is about to come.
static int give_up(clv_future *f, clv_status status) {
  if (transport == TRANSPORT_THREADS) {
    int state = CALL_RUNNING;
    if (atomic_compare_exchange_strong(&f->state, &state, CALL_ABANDONED))
      atomic_fetch_add(&nodes[f->callee.node].orphans, 1); // held by the callee
    else if (state == CALL_CLAIMED)
      return 0;
  }
  char why[MESSAGE_SIZE];
  if (status == CLV_E_PEER_LOST)
    snprintf(why, sizeof why,
             ": no reply within %g s (CLEAVE_CALL_TIMEOUT); node %d may have "
             "stopped or crashed",
             call_timeout_s, f->callee.node);
  else
    snprintf(why, sizeof why, ": canceled: node %d was lost", f->callee.node);
  describe_call(f, f->message);
  append(f->message, why);
  f->status = status;
  atomic_store(&f->done, 1);
  if (transport == TRANSPORT_THREADS)
    call_over();
  return 1;
}

/// Gives up the calls node \p n (this thread's) made that are still out and
/// will get no reply: one that had none within CLEAVE_CALL_TIMEOUT loses its
/// node (CLV_E_PEER_LOST), and the calls to a lost node are canceled
/// (CLV_E_CANCELED). Looks only when a call may have run out of time or a
/// node was lost since it last looked. Returns whether it gave a call up.
static int watch_calls(node *n) {
  if (call_timeout_ns == 0) // no limit: no node is ever lost
    return 0;
  int64_t now = now_ns();
  unsigned generation = atomic_load(&lost_generation);
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
      lose(target);
      gave_up = 1;
      continue;
    }
    if (f->deadline < next) // past already when its reply is on its way
      next = f->deadline;
  }
  n->check_at = next;
  return gave_up;
}

static int serve_until(node *n, const awaited *w, int64_t deadline);

/// Runs the call \p f on this thread in the callee's context, then completes
/// it. Serving can nest inside a wait, so the waiting code's context and
/// message are put back afterwards.
static void serve(clv_future *f) {
  // On threads a call given up by its caller, or sent to this node before it
  // was lost, is not run (on mpi callers give calls up on their side only).
  if (transport == TRANSPORT_THREADS &&
      (atomic_load(&f->state) != CALL_RUNNING || is_lost(f->callee.node))) {
    clv_buf_free(&f->args);
    let_go(f);
    return;
  }
#ifdef CLEAVE_HAVE_MPI
  if (transport == TRANSPORT_MPI && exit_status >= 0) {
    clv_buf_free(&f->args);
    answer_exited(f);
    return;
  }
  const clv_future *since = home()->made_last;
  if (transport == TRANSPORT_MPI) {
    f->outer_served = serving_call;
    f->made_before = since;
    serving_call = f;
  }
#endif
  context outer = here;
  char outer_error[MESSAGE_SIZE];
  memcpy(outer_error, last_error, sizeof outer_error);
  const char *outer_name = crash_call_name;
  int outer_caller = crash_call_caller;
  here = f->callee;
  // A call sent beyond the tree is part of its caller's local run: it goes
  // on rewritten only as deep as that run would have, so a small call handed
  // to an idle node (noblockmul's 16 x 16 products, made at depth 6 of its 1
  // x 1 leaves; on mpi fib's calls sent back and forth between two waiting
  // ranks) does not spawn all the way down.
  int outer_depth = local_depth;
  if (here.level < 0)
    local_depth = f->local_depth;
  ++serving;
  last_error[0] = '\0'; // what the entry leaves here explains its failure

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
             f->fn, program.count);
    describe_call(f, message);
    append(message, detail);
  } else {
    crash_call_name = fn->name ? fn->name : "?";
    crash_call_caller = f->caller;
    // The work, as the stub brackets it; the rest of the entry, the
    // arguments taken apart and the reply put together, is the call's cost.
    work_timer outer_clock = work_clock;
    work_clock.work = -1;
    unsigned outer_running = 0;
    if (transport == TRANSPORT_THREADS)
      outer_running = atomic_exchange(&home()->running, f->fn + 1);
    int64_t start = now_ns();
    status = fn->entry(&f->args, &f->reply);
    int64_t spent = now_ns() - start;
    if (transport == TRANSPORT_THREADS)
      atomic_store(&home()->running, outer_running);
    f->work_ns = work_clock.work >= 0 ? work_clock.work : spent;
    f->other_ns += spent - f->work_ns;
    work_clock = outer_clock;
    if (transport == TRANSPORT_THREADS)
      loop_measure(f->fn, f->work_ns, -1, 0);
#ifdef CLEAVE_HAVE_MPI
    // On mpi a call replies only once the calls it made have completed, so
    // that no message is in flight when node 0's calls have all completed.
    if (transport == TRANSPORT_MPI) {
      awaited made = {.made = 1, .since = since};
      serve_until(home(), &made, NO_DEADLINE);
    }
#endif
    const char *why = status == CLV_E_DECODE ? "arguments did not decode"
                                             : clv_status_text(status);
    if (status == CLV_OK && f->reply.failed) {
      status = CLV_E_ENCODE;
      why = "the reply did not encode";
    } else if (status == CLV_OK && unwritten_objects(&f->reply) > 0) {
      status = CLV_E_ENCODE;
      why = "the reply has objects of a pointer graph queued and not written "
            "(clv_buf_put_pending)";
    }
    end_writing(&f->reply); // the caller only reads it
    if (status != CLV_OK) {
      describe_call(f, message);
      append(message, ": ");
      append(message, why);
      if (last_error[0]) {
        append(message, ": ");
        append(message, last_error);
      }
    }
  }
  clv_buf_free(&f->args);
#ifdef CLEAVE_HAVE_MPI
  if (transport == TRANSPORT_MPI) {
    serving_call = f->outer_served;
    memcpy(f->message, message, strlen(message) + 1);
    mpi_answer(f, status); // may set last_error, put back below
  }
#endif

  --serving;
  local_depth = outer_depth;
  here = outer;
  crash_call_name = outer_name;
  crash_call_caller = outer_caller;
  memcpy(last_error, outer_error, sizeof last_error);
  if (transport == TRANSPORT_THREADS)
    complete(f, status, message);
}

/// Serves the calls queued for \p n until finished(n, w), sleeping when there
/// is nothing to do; returns 1 then, or 0 when \p deadline passes first. A
/// call being served runs to its end, so the deadline is checked between
/// calls. Meanwhile it gives up the calls n made that get no reply
/// (watch_calls), waking for that when the next may run out of time.
static int serve_until(node *n, const awaited *w, int64_t deadline) {
#ifdef CLEAVE_HAVE_MPI
  // On mpi, the last notice of waiting this wait sent, and whether it served
  // a call since: it tells again once idle again.
  notice told = {-1, 0};
  int served = 0;
#endif
  for (;;) {
#ifdef CLEAVE_HAVE_MPI
    if (finished(n, w) && (told.node < 0 || notice_seen(told)))
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
    if (transport == TRANSPORT_MPI && mpi_progress())
      continue;
#endif
    if (watch_calls(n))
      continue;
    if (deadline != NO_DEADLINE && now_ns() >= deadline)
      return 0;
    if (transport == TRANSPORT_MPI) {
#ifdef CLEAVE_HAVE_MPI
      if (w && (told.node < 0 || (served && notice_seen(told))) && !finished(n, w)) {
        told = tell_waiting(n, w);
        served = 0;
      }
#endif
      if (oversubscribed)
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

static void *add_crash_stack(void);
static void drop_crash_stack(void *stack);

static void *worker_main(void *arg) {
  node *n = arg;
  here = (context){n->index, -1};
  void *crash_stack = add_crash_stack();
  serve_until(n, NULL, NO_DEADLINE);
  drop_crash_stack(crash_stack);
  return NULL;
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
static void release_future(node *self, clv_future *f) {
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
    return; // the callee frees it and its reply when it lets go (let_go)
  clv_buf_free(&f->reply);
  if (self->spare_count >= SPARE_FUTURES) {
    free(f);
    return;
  }
  f->made_next = self->spare;
  self->spare = f;
  ++self->spare_count;
}

/// Appends the call \p f to the queue of \p n and wakes n if it sleeps.
static void enqueue(node *n, clv_future *f) {
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

/// Queues (on mpi: sends) call \p fn to \p target with the contents of
/// \p args (NULL: none).
static clv_future *send_call(int target, uint32_t fn, clv_buf *args,
                             context callee, int caller_level) {
  clv_future *f = new_future(home());
  if (!f) {
    set_error("out of memory for a call to function %" PRIu32, fn);
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
    end_writing(&f->args); // the callee only reads them
  }
  f->callee = callee;
  f->caller = here.node;
  f->caller_level = caller_level;
  f->local_depth = local_depth;
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
  if (call_timeout_ns > 0) {
    f->deadline = now_ns() + call_timeout_ns;
    if (f->deadline < home()->check_at)
      home()->check_at = f->deadline;
  }
  if (is_lost(target)) { // failed at once, as a wait for it says
    char why[MESSAGE_SIZE];
    snprintf(why, sizeof why,
             ": node %d was lost: an earlier call to it got no reply within "
             "%g s (CLEAVE_CALL_TIMEOUT)",
             target, call_timeout_s);
    describe_call(f, f->message);
    append(f->message, why);
    clv_buf_free(&f->args);
    f->status = CLV_E_PEER_LOST;
    atomic_store(&f->done, 1);
    return f;
  }
#ifdef CLEAVE_HAVE_MPI
  if (transport == TRANSPORT_MPI)
    return mpi_send_call(target, f);
#endif
  atomic_fetch_add(&pending, 1);
  enqueue(&nodes[target], f);
  return f;
}

/// What clv_call and clv_call_child check alike. The arguments are taken even
/// when the call is refused, so they are freed then.
static int can_send(uint32_t fn, clv_buf *args) {
  if (node_count == 0)
    set_error("call to function %" PRIu32
              ": the runtime is not running (clv_init first)",
              fn);
  else if (args && args->failed)
    set_error("call to function %" PRIu32 ": its arguments did not encode", fn);
  else if (args && unwritten_objects(args) > 0)
    set_error("call to function %" PRIu32 ": its arguments have %zu objects "
              "of a pointer graph queued and not written "
              "(clv_buf_put_pending)",
              fn, unwritten_objects(args));
  else
    return 1;
  clv_buf_free(args);
  return 0;
}

clv_future *clv_call(int target, unsigned int fn, clv_buf *args) {
  if (!can_send(fn, args))
    return NULL;
  if (target < 0 || target >= node_count) {
    set_error("call to function %" PRIu32
              " on node %d: the program has nodes 0 to %d",
              fn, target, node_count - 1);
    clv_buf_free(args);
    return NULL;
  }
  return send_call(target, fn, args, (context){target, -1}, NO_LEVEL);
}


int clv_local_enter(void) {
  if (node_count < 2 || local_depth >= LOCAL_PARALLEL_DEPTH)
    return 0;
  ++local_depth;
  return 1;
}

void clv_local_leave(void) { --local_depth; }

/// The level at which node \p t starts its children in the binomial tree:
/// one above its highest bit (its children are t + 2^d for d from there),
/// 0 for node 0.
static int first_child_level(int t) {
  int level = 0;
  while (level < 30 && (1L << level) <= t)
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
  if (here.level < 0)
    return -1;
#ifdef CLEAVE_HAVE_MPI
  mpi_progress(); // replies that arrived mark their calls completed
#endif
  for (int d = first_child_level(here.node); d < 30; ++d) {
    long child = (long)here.node + (1L << d);
    if (child >= node_count)
      break;
    if (!calls_out_to((int)child))
      return (int)child;
  }
  return -1;
}

int clv_spawn_node(void) {
  int child = clv_child_node();
  if (transport != TRANSPORT_THREADS) {
    int node = child >= 0 ? child : idle_child();
#ifdef CLEAVE_HAVE_MPI
    if (node < 0)
      node = waiting_node();
#endif
    return node;
  }
  if (child >= 0) {
    // The tree's child is promised too: no other spawn picks it as idle,
    // even if it has not yet marked itself idle, or is still serving a call
    // (it serves this one next).
    atomic_store(&nodes[child].hunger, HUNGER_RESERVED);
    return child;
  }
  // Beyond the tree: a node that waits with nothing to serve, the nearest
  // after this one first.
  for (int i = 1; i < node_count; ++i) {
    node *n = &nodes[(here.node + i) % node_count];
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
  if (transport != TRANSPORT_THREADS && target > here.node && here.level >= 0 &&
      target < node_count) {
    // A child of this node's again (idle_child): it starts its own
    // children where the tree has them.
    int d = first_child_level(target - here.node) - 1;
    if (here.node + (1L << d) == target && d >= first_child_level(here.node))
      return can_send(fn, args)
                 ? send_call(target, fn, args, (context){target, d + 1}, NO_LEVEL)
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
  GRAIN_BUCKETS = 64,  ///< powers of two of a size_t
  GRAIN_SAMPLES = 2,   ///< calls measured before a bucket may say no
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
  GRAIN_MARGIN = 2,    ///< the work must exceed the cost this many times
  RUN_CALLS = 64       ///< a loop's calls sent to a node in a row, at most
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

static grain_slot *grain;      ///< program.count x GRAIN_BUCKETS, made at start
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
  return share_regions ? SHARED_SAMPLES : GRAIN_SAMPLES;
}

/// Whether no bucket of \p fn from \p bucket up has seen its calls cost more
/// than their work. Asked at every spawn, so it reads one number, which the
/// joins keep (grain_verdict), and takes no lock.
static int grain_pays(uint32_t fn, int bucket) {
  return !loop_grain ||
         bucket > atomic_load_explicit(&loop_grain[fn].highest_no, memory_order_relaxed);
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
static int larger_cannot_pay(const grain_slot *below, int b1, const grain_slot *top, int b2) {
  double bytes1 = 1.5 * (double)((size_t)1 << b1), bytes2 = 1.5 * (double)((size_t)1 << b2);
  double per_byte = (double)(top->least_cost - below->least_cost) / (bytes2 - bytes1);
  if (per_byte <= 0)
    return 0;
  double work1 = below->work_ns / below->samples / bytes1;
  double work2 = top->work_ns / top->samples / bytes2;
  return work2 <= LINEAR_GROWTH * work1 && work2 < GRAIN_MARGIN * per_byte;
}

/// Under grain_lock, after a bucket of \p fn changed: the highest of its
/// buckets whose calls cost more than half their work, for grain_pays; every
/// bucket when regions are copied and the largest two measured say that no
/// larger call can pay (larger_cannot_pay). Without that, each bucket of a
/// function whose work is a few operations a byte sent its first two calls:
/// on 2 ranks, cfft's butterflies (ten operations for 48 bytes each way)
/// sent 51 calls and 183 MB in a run of 2 s, against 1 call in the runs of
/// 1.6 s.
static void grain_verdict(uint32_t fn) {
  int highest = -1, below = -1, top = -1; // the two largest buckets measured
  const grain_slot *slots = &grain[(size_t)fn * GRAIN_BUCKETS];
  for (int b = 0; b < GRAIN_BUCKETS; ++b) {
    const grain_slot *g = &slots[b];
    if (g->samples < verdict_samples())
      continue;
    below = top;
    top = b;
    if (g->work_ns / g->samples < (double)GRAIN_MARGIN * g->least_cost)
      highest = b;
  }
  if (!share_regions && highest == top && below >= 0 &&
      larger_cannot_pay(&slots[below], below, &slots[top], top))
    highest = GRAIN_BUCKETS - 1;
  atomic_store_explicit(&loop_grain[fn].highest_no, highest, memory_order_relaxed);
}

/// Whether the calls of \p fn are measured whatever they copy.
static int loop_measured(uint32_t fn) {
  return loop_grain && fn < program.count &&
         atomic_load_explicit(&loop_grain[fn].state, memory_order_relaxed) != LOOP_UNSEEN;
}

int clv_loop_spawns(unsigned int fn) {
  if (node_count < 2 || fn >= program.count || !loop_grain)
    return 0;
  loop_slot *l = &loop_grain[fn];
  unsigned char seen = atomic_load_explicit(&l->state, memory_order_relaxed);
  if (seen == LOOP_UNSEEN)
    atomic_store_explicit(&l->state, seen = LOOP_MEASURED, memory_order_relaxed);
  if (seen == LOOP_NOT_WORTH)
    return 0;
  if (transport == TRANSPORT_THREADS)
    return 1;
  pthread_mutex_lock(&grain_lock);
  int unknown = l->seen.samples < GRAIN_SAMPLES && l->in_flight >= GRAIN_SAMPLES;
  pthread_mutex_unlock(&grain_lock);
  return !unknown;
}

/// Adds to what the loops' calls of \p fn cost: \p work_ns of work (or
/// none, -1), \p cost_ns of cost (or none, -1), \p flight to the calls out;
/// they stop where two of them worked less than twice the least cost.
static void loop_measure(uint32_t fn, int64_t work_ns, int64_t cost_ns, int flight) {
  if (!loop_measured(fn) ||
      atomic_load_explicit(&loop_grain[fn].seen.samples, memory_order_relaxed) >=
          GRAIN_MEASURES)
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
  for (int i = 1; i < node_count; ++i) {
    node *n = &nodes[(here.node + i) % node_count];
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
    const node *n = &nodes[run.node];
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
  if (((!share_regions && bytes >= GRAIN_MIN_BYTES) || loop_measured(fn)) &&
      fn < program.count && node_count > 1) {
    bucket = log2_floor(bytes);
    if (!grain_pays(fn, bucket))
      return CLV_NOT_WORTH;
  }
  int node = transport == TRANSPORT_THREADS && loop_measured(fn)
                 ? loop_node(fn)
                 : clv_spawn_node();
  grain_spawning.fn = fn;
  grain_spawning.bucket = node >= 0 ? bucket : -1;
  if (grain_spawning.bucket >= 0) // the clock only for calls measured
    grain_spawning.since = now_ns();
  return node;
}

void clv_work_begin(void) { work_clock.start = now_ns(); }

void clv_work_end(void) { work_clock.work = now_ns() - work_clock.start; }

void clv_joined(void) {
  if (grain_joining.bucket < 0 || !grain)
    return;
  int64_t cost = grain_joining.other_ns + (now_ns() - grain_joining.since);
  grain_slot *g =
      &grain[(size_t)grain_joining.fn * GRAIN_BUCKETS + grain_joining.bucket];
  if (atomic_load_explicit(&g->samples, memory_order_relaxed) < GRAIN_MEASURES) {
    pthread_mutex_lock(&grain_lock);
    g->work_ns += (double)grain_joining.work_ns;
    if (g->samples++ == 0 || cost < g->least_cost)
      g->least_cost = cost;
    grain_verdict(grain_joining.fn);
    pthread_mutex_unlock(&grain_lock);
  }
  if (transport != TRANSPORT_THREADS)
    loop_measure(grain_joining.fn, grain_joining.work_ns, cost, -1);
  grain_joining.bucket = -1;
}

/// Frees what the runtime measured (clv_finalize).
static void forget_grain(void) {
  pthread_mutex_lock(&grain_lock);
  free(grain);
  grain = NULL;
  free(loop_grain);
  loop_grain = NULL;
  pthread_mutex_unlock(&grain_lock);
}

int clv_spawn_node_at(int node) {
  return node_count > 0 && node >= 0 && node < node_count && node != here.node ? node : -1;
}

clv_future *clv_spawn(int target, unsigned int fn, clv_buf *args) {
  clv_future *f = spawn(target, fn, args);
  if (f && grain_spawning.bucket >= 0 && grain_spawning.fn == fn) {
    f->grain_bucket = grain_spawning.bucket;
    f->sent_ns = now_ns() - grain_spawning.since;
    if (transport == TRANSPORT_THREADS)
      loop_measure(fn, -1, f->sent_ns, 0);
    else
      loop_measure(fn, -1, -1, 1);
  }
  grain_spawning.bucket = -1;
  return f;
}

clv_future *clv_call_child(unsigned int fn, clv_buf *args) {
  if (!can_send(fn, args))
    return NULL;
  int child = clv_child_node();
  if (child < 0) {
    set_error("call to function %" PRIu32
              " on a child node: the tree has filled the machine "
              "(clv_child_node() is -1)",
              fn);
    clv_buf_free(args);
    return NULL;
  }
  clv_future *f = send_call(child, fn, args, (context){child, here.level + 1},
                            here.level);
  if (f)
    ++here.level;
  return f;
}

int clv_test(const clv_future *f) {
  if (!f) {
    set_error("test of a null future");
    return -1;
  }
  if (node_count > 0 && !is_done(f)) {
#ifdef CLEAVE_HAVE_MPI
    // Receiving is the only way a reply arrives on mpi; calls that arrive are
    // queued, not served.
    if (transport == TRANSPORT_MPI)
      mpi_progress();
#endif
    watch_calls(home());
  }
  return is_done(f);
}

const char *clv_future_error(const clv_future *f) {
  return f && is_done(f) ? f->message : "";
}

/// Checks that this thread may wait for \p f (\p what names the function).
static int may_wait(const clv_future *f, const char *what) {
  if (!f) {
    set_error("%s on a null future", what);
    return 0;
  }
  if (node_count == 0 || f->caller != here.node) {
    set_error("%s on node %d for a call made by node %d: only the caller may "
              "wait",
              what, here.node, f->caller);
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
    memcpy(last_error, f->message, sizeof last_error);
  grain_joining.bucket = status == CLV_OK ? f->grain_bucket : -1;
  if (grain_joining.bucket >= 0) {
    grain_joining.fn = f->fn;
    grain_joining.since = now_ns();
    grain_joining.work_ns = f->work_ns;
    grain_joining.other_ns = f->sent_ns + f->other_ns;
  }
  // Lowering (not setting) the level keeps it right whichever order the caller
  // waits on several children in: it ends at the level before the first spawn.
  if (f->caller_level < here.level)
    here.level = f->caller_level;
  release_future(home(), f);
  return status;
}

/// The result buffer must be empty (or uninitialized): the reply is moved in,
/// not appended. On failure *result is left empty.
clv_status clv_wait(clv_future *f, clv_buf *result) {
  if (!may_wait(f, "wait"))
    return CLV_E_USAGE;
  awaited w = {.futures = &f, .count = 1};
  serve_until(home(), &w, NO_DEADLINE);
  return consume(f, result);
}

clv_status clv_wait_timeout(clv_future *f, clv_buf *result, double seconds) {
  if (!may_wait(f, "timed wait"))
    return CLV_E_USAGE;
  if (!(seconds >= 0)) { // NaN too
    set_error("timed wait of %g seconds: give 0 or more", seconds);
    return CLV_E_USAGE;
  }
  // Past MAX_TIMEOUT_S (or infinite) the wait has no deadline: the sum below
  // would overflow.
  int64_t deadline = seconds > MAX_TIMEOUT_S
                         ? NO_DEADLINE
                         : now_ns() + (int64_t)(seconds * 1e9);
  awaited w = {.futures = &f, .count = 1};
  if (!serve_until(home(), &w, deadline)) {
    char call[MESSAGE_SIZE];
    describe_call(f, call);
    set_error("%s: no reply within %g s", call, seconds);
    clv_buf_init(result);
    return CLV_E_TIMEOUT;
  }
  return consume(f, result);
}

clv_status clv_wait_any(clv_future **futures, size_t count, size_t *which,
                        clv_buf *result) {
  if (!futures || !which) {
    set_error("wait for any of a null array of futures");
    return CLV_E_USAGE;
  }
  size_t live = 0;
  for (size_t i = 0; i < count; ++i) {
    if (futures[i] && !may_wait(futures[i], "wait for any"))
      return CLV_E_USAGE;
    live += futures[i] != NULL;
  }
  if (live == 0) {
    set_error("wait for any of %zu futures that are all null", count);
    return CLV_E_USAGE;
  }
  awaited w = {.futures = futures, .count = count};
  serve_until(home(), &w, NO_DEADLINE);
  size_t i = first_done(&w);
  clv_future *f = futures[i];
  futures[i] = NULL;
  *which = i;
  return consume(f, result);
}

#ifdef CLEAVE_HAVE_MPI
// ---------------------------------------------------------------------------
// The mpi transport
//
// One process per node and one thread making every MPI call
// (MPI_THREAD_FUNNELED), no progress thread: whoever waits polls
// (mpi_progress), so it also runs under SimGrid's SMPI. A call is one message
// to the callee and one reply back, each a header (clv_wire.h) and a payload,
// on MPI_COMM_WORLD with tag CLV_WIRE_TAG. Sends do not block, because two
// nodes may send each other large messages at once; their buffers are freed
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
  size_t payload_size; ///< bytes allocated at payload (give_block)
} outgoing;

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
    give_block(sends[i].payload, sends[i].payload_size);
    sends[i] = sends[--send_count];
  }
}

/// Starts sending \p header with the contents of \p payload to \p target,
/// and takes them (\p payload is left empty whatever happens). CLV_E_ENCODE
/// when the payload is over CLEAVE_MAX_MESSAGE, CLV_E_NOMEM when memory runs
/// out, with a message for clv_last_error().
static clv_status send_message(int target, clv_wire_header header, clv_buf *payload) {
  size_t size = payload->size, allocated = payload->cap;
  unsigned char *data = payload->data;
  payload->data = NULL; // taken; the rest (graph state) is freed
  clv_buf_free(payload);
  if (size > (unsigned long long)max_payload) {
    give_block(data, allocated);
    set_error("%zu bytes, more than the %lld a message may carry "
              "(CLEAVE_MAX_MESSAGE)",
              size, max_payload);
    return CLV_E_ENCODE;
  }
  if (send_count == send_capacity) {
    size_t capacity = send_capacity ? 2 * send_capacity : MIN_CAPACITY;
    outgoing *grown = realloc(sends, capacity * sizeof *grown);
    if (!grown) {
      give_block(data, allocated);
      set_error("out of memory for %zu messages being sent", capacity);
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
    give_block(data, allocated);
    set_error("out of memory for a message of %zu bytes", size);
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
    give_block(data, allocated);
    data = NULL;
    MPI_Isend(head, (int)(CLV_WIRE_HEADER_SIZE + size), MPI_BYTE, target, CLV_WIRE_TAG,
              MPI_COMM_WORLD, &out->request[0]);
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
    mpi_fatal("cannot send to node %d: %s", target, last_error);
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
static notice tell_waiting(const node *n, const awaited *w) {
  const clv_future *f = NULL;
  if (w->made) {
    for (f = w->since ? w->since->made_next : n->made_first; f; f = f->made_next)
      if (!is_done(f) && f->callee.node != rank)
        break;
  } else {
    for (size_t i = 0; i < w->count && !f; ++i)
      if (w->futures[i] && !is_done(w->futures[i]) && w->futures[i]->callee.node != rank)
        f = w->futures[i];
  }
  if (!f || is_lost(f->callee.node))
    return (notice){-1, 0};
  int target = f->callee.node;
  send_bare(target, CLV_WIRE_WAITING, f->id);
  return (notice){target, ++waits[target].sent};
}

/// Whether the receipt of \p told came back (or its node was lost).
static int notice_seen(notice told) {
  return waits[told.node].seen >= told.number || is_lost(told.node);
}

/// A node that told this one it waits for a call it made here, and that this
/// node has not replied to since; -1 when none. Its mark is taken: one call
/// for each notice.
static int waiting_node(void) {
  mpi_progress(); // notices that arrived
  for (int i = 0; i < node_count; ++i)
    if (waits[i].waiting && !is_lost(i)) {
      waits[i].waiting = 0;
      return i;
    }
  return -1;
}

static clv_future *mpi_send_call(int target, clv_future *f) {
  f->id = ++last_call_id;
  // Beyond the tree the level says how deep the caller's local run is.
  int32_t level = f->callee.level >= 0 ? f->callee.level : -1 - f->local_depth;
  clv_wire_header header = {CLV_WIRE_CALL, 0, f->id, 0, f->fn, CLV_OK, level, 0, 0};
  clv_status status = send_message(target, header, &f->args);
  if (status == CLV_OK)
    return f;
  char call[MESSAGE_SIZE];
  describe_call(f, call);
  char why[MESSAGE_SIZE];
  memcpy(why, last_error, sizeof why);
  set_error("%s: its arguments: %s", call, why);
  release_future(home(), f);
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
static void mpi_answer(clv_future *f, clv_status status) {
  clv_wire_header header = {CLV_WIRE_REPLY, 0,      f->id, 0,
                            f->fn,          status, 0,     (uint64_t)f->work_ns,
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
    describe_call(f, f->message);
    append(f->message, ": the reply did not encode: ");
    append(f->message, last_error);
    header.status = CLV_E_ENCODE;
    failure = text_payload(f->message);
    sent = send_message(f->caller, header, &failure);
  }
  if (sent != CLV_OK)
    mpi_fatal("cannot reply to node %d: %s", f->caller, last_error);
  clv_buf_free(&f->reply);
  free(f);
}

/// Answers the call \p f as having exited with exit_status, and frees it.
static void answer_exited(clv_future *f) {
  clv_wire_header header = {CLV_WIRE_EXITED, 0, f->id, 0, f->fn, CLV_OK, exit_status, 0, 0};
  clv_buf none;
  clv_buf_init(&none);
  answering(f);
  if (send_message(f->caller, header, &none) != CLV_OK)
    mpi_fatal("cannot reply to node %d: %s", f->caller, last_error);
  clv_buf_free(&f->reply);
  free(f);
}

/// On a node other than 0, exit() called by a call it serves (registered
/// by serve_until_stopped): this node answers the calls its thread serves, the
/// innermost first, and every call sent here afterwards, as having exited
/// with \p status, so that their callers' nodes exit the same way in turn
/// (consume) up to node 0, which runs the program's atexit handlers and
/// stops the others; this node serves until then, and leaves with \p status.
static void exit_from_calls(int status, void *unused) {
  (void)unused;
  if (!serving_call || exit_status >= 0)
    return; // not in a call: the runtime's own exit
  exit_status = status & 0377; // what the process's parent would see
  while (serving_call) {
    clv_future *f = serving_call;
    // What it made completes first, as before any reply (serve); not what
    // the calls around it made, which may wait for this one's answer.
    awaited made = {.made = 1, .since = f->made_before};
    serve_until(home(), &made, NO_DEADLINE);
    serving_call = f->outer_served;
    answer_exited(f);
  }
  serve_until(home(), NULL, NO_DEADLINE);
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
  describe_call(f, f->message);
  append(f->message, " from node ");
  char from[16];
  snprintf(from, sizeof from, "%d", source);
  append(f->message, from);
  append(f->message, ": the message did not decode: ");
  append(f->message, why);
  mpi_answer(f, CLV_E_DECODE);
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
    describe_call(f, f->message);
    append(f->message, ": the reply did not decode: ");
    append(f->message, why);
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
      describe_call(f, f->message);
      append(f->message, ": ");
      append(f->message, clv_status_text((clv_status)header->status));
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
  memcpy(head, data, count < CLV_WIRE_HEADER_SIZE ? (size_t)count : CLV_WIRE_HEADER_SIZE);
  size_t rest = count > CLV_WIRE_HEADER_SIZE ? (size_t)count - CLV_WIRE_HEADER_SIZE : 0;
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
    data = take_block(rest, &allocated);
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
  clv_buf payload = {data, size, allocated, 0, 0, encoding, NULL};
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
static int mpi_progress(void) {
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
    set_error("CLEAVE_TRANSPORT='mpi': cannot load the MPI library the runtime "
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
      set_error("CLEAVE_TRANSPORT='mpi': the MPI library %s has no '%s'; "
                "rebuild the runtime against the MPI library installed",
                CLEAVE_MPI_LIBRARY, symbols[i].name);
      return 0;
    }
  return 1;
}
#endif

/// Starts MPI and sets \p *count to the number of nodes.
static clv_status start_mpi(int *argc, char ***argv, int *count) {
#ifdef CLEAVE_MPI_LIBRARY
  if (!load_mpi())
    return CLV_E_USAGE;
#endif
  int initialized = 0, finalized = 0;
  MPI_Initialized(&initialized);
  MPI_Finalized(&finalized);
  if (initialized || finalized) {
    set_error("CLEAVE_TRANSPORT='mpi': MPI was started in this process "
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
  oversubscribed = on_machine > sysconf(_SC_NPROCESSORS_ONLN);
  return CLV_OK;
}

static clv_status release_unwaited(void);
static void destroy_nodes(int ready);

/// The first node this process lost, or -1.
static int first_lost(void) {
  for (int i = 0; i < node_count; ++i)
    if (is_lost(i))
      return i;
  return -1;
}

/// Ends the job when this process lost a node (CLEAVE_CALL_TIMEOUT), once the
/// calls nobody waited for are reported: the lost node may never take its
/// stop message nor finalize MPI, so MPI_Finalize, or a send to it, could
/// wait for ever.
static void end_job_if_lost(void) {
  int gone = first_lost();
  if (gone < 0)
    return;
  release_unwaited();
  mpi_fatal("node %d was lost (a call to it got no reply within %g s, "
            "CLEAVE_CALL_TIMEOUT) and cannot stop in order: ending every "
            "process",
            gone, call_timeout_s);
}

/// Completes every send, releases the runtime and stops MPI; returns what
/// release_unwaited() does.
static clv_status stop_mpi(void) {
  end_job_if_lost();
  for (size_t i = 0; i < send_count; ++i) {
    MPI_Status statuses[2]; // as in complete_sends
    MPI_Waitall(2, sends[i].request, statuses);
    free(sends[i].header);
    give_block(sends[i].payload, sends[i].payload_size);
  }
  free(sends);
  sends = NULL;
  send_count = send_capacity = 0;
  clv_status status = release_unwaited();
  destroy_nodes(local_nodes);
  free(waits);
  waits = NULL;
  MPI_Finalize();
  return status;
}

/// What nodes other than 0 do in clv_init: serve until node 0 says stop.
static _Noreturn void serve_until_stopped(void) {
  here = (context){rank, -1};
  if (on_exit(exit_from_calls, NULL) != 0)
    mpi_fatal("cannot register the handler of exit() in calls");
  serve_until(home(), NULL, NO_DEADLINE);
  stop_mpi();
  exit(0);
}

/// clv_finalize on node 0: every call completed, the others stopped.
static clv_status finalize_mpi(void) {
  awaited all = {.made = 1};
  serve_until(home(), &all, NO_DEADLINE);
  for (int i = 1; i < node_count; ++i)
    send_bare(i, CLV_WIRE_STOP, 0);
  return stop_mpi();
}
#endif

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
/// add_crash_stack looks at crash_handled[0]).
static const struct crash_signal {
  int number;
  const char *name;
} crash_signals[] = {{SIGSEGV, "SIGSEGV"}, {SIGBUS, "SIGBUS"},
                     {SIGFPE, "SIGFPE"},   {SIGILL, "SIGILL"},
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
  n = put_number(message, n, size, here.node);
  n = put_text(message, n, size, " crashed (");
  n = put_text(message, n, size, name);
  const char *call = crash_call_name;
  if (call) {
    n = put_text(message, n, size, ") while running a call to '");
    n = put_text(message, n, size, call);
    n = put_text(message, n, size, "' from node ");
    n = put_number(message, n, size, crash_call_caller);
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
/// own; returns it for drop_crash_stack (NULL when none was given).
static void *add_crash_stack(void) {
  stack_t current;
  if (!crash_handled[0] || sigaltstack(NULL, &current) != 0 ||
      !(current.ss_flags & SS_DISABLE))
    return NULL;
  stack_t stack = {.ss_sp = malloc(CRASH_STACK_SIZE), .ss_size = CRASH_STACK_SIZE};
  if (stack.ss_sp && sigaltstack(&stack, NULL) != 0) {
    free(stack.ss_sp);
    return NULL;
  }
  return stack.ss_sp;
}

/// Takes the alternate stack add_crash_stack gave the calling thread back, if
/// it is still the thread's, and frees it.
static void drop_crash_stack(void *stack) {
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
/// threads that serve calls get one from add_crash_stack.
static void install_crash_handlers(void) {
  struct sigaction action;
  memset(&action, 0, sizeof action);
  action.sa_handler = on_crash;
  action.sa_flags = SA_ONSTACK;
  sigemptyset(&action.sa_mask);
  for (int i = 0; i < CRASH_SIGNALS; ++i) {
    struct sigaction old;
    crash_handled[i] =
        sigaction(crash_signals[i].number, NULL, &old) == 0 &&
        !(old.sa_flags & SA_SIGINFO) && old.sa_handler == SIG_DFL &&
        sigaction(crash_signals[i].number, &action, NULL) == 0;
  }
  main_crash_stack = add_crash_stack();
}

/// Gives the signals install_crash_handlers took their default action back,
/// unless the program has set a handler of its own since, and drops the
/// calling thread's alternate stack.
static void restore_crash_handlers(void) {
  drop_crash_stack(main_crash_stack);
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

// ---------------------------------------------------------------------------
// Start and stop

/// Reads \p value, a whole number from \p min to \p max, into \p *out; 0
/// when it is not one.
static int read_count(const char *value, long long min, long long max,
                      long long *out) {
  long long n = 0;
  const char *p = value;
  for (; *p >= '0' && *p <= '9' && n <= max; ++p)
    n = n * 10 + (*p - '0');
  if (*p || n < min || n > max)
    return 0;
  *out = n;
  return 1;
}

static clv_status read_nodes(int *count) {
  const char *value = getenv("CLEAVE_NODES");
  if (!value || !*value) {
    long online = sysconf(_SC_NPROCESSORS_ONLN);
    *count = online < 1 ? 1 : online > MAX_NODES ? MAX_NODES : (int)online;
    return CLV_OK;
  }
  long long n;
  if (!read_count(value, 1, MAX_NODES, &n)) {
    set_error("CLEAVE_NODES='%s': give a whole number of nodes from 1 to %d",
              value, MAX_NODES);
    return CLV_E_USAGE;
  }
  *count = (int)n;
  return CLV_OK;
}

static clv_status read_transport(transport_kind *kind) {
  const char *value = getenv("CLEAVE_TRANSPORT");
  if (!value || !*value || strcmp(value, "threads") == 0) {
    *kind = TRANSPORT_THREADS;
    return CLV_OK;
  }
  if (strcmp(value, "mpi") != 0) {
    set_error("CLEAVE_TRANSPORT='%s': give 'threads' or 'mpi'", value);
    return CLV_E_USAGE;
  }
#ifdef CLEAVE_HAVE_MPI
  *kind = TRANSPORT_MPI;
  return CLV_OK;
#else
  set_error("CLEAVE_TRANSPORT='mpi': this build of the cleave runtime has no "
            "MPI; install an MPI library (Debian: libopenmpi-dev openmpi-bin), "
            "rebuild the runtime and run the program under mpirun");
  return CLV_E_USAGE;
#endif
}

#ifdef CLEAVE_HAVE_MPI
static clv_status read_max_message(void) {
  const char *value = getenv("CLEAVE_MAX_MESSAGE");
  if (!value || !*value) {
    max_payload = DEFAULT_MAX_MESSAGE;
    return CLV_OK;
  }
  // MPI counts are ints (a large payload is a message of its own); the error
  // text of a failed call always fits.
  long long most = INT_MAX;
  if (!read_count(value, MESSAGE_SIZE, most, &max_payload)) {
    set_error("CLEAVE_MAX_MESSAGE='%s': give the largest payload in bytes, "
              "from %d to %lld",
              value, MESSAGE_SIZE, most);
    return CLV_E_USAGE;
  }
  return CLV_OK;
}
#endif

/// Reads CLEAVE_CALL_TIMEOUT into call_timeout_s and call_timeout_ns (0 when
/// unset or empty).
static clv_status read_call_timeout(void) {
  const char *value = getenv("CLEAVE_CALL_TIMEOUT");
  call_timeout_s = 0;
  call_timeout_ns = 0;
  if (!value || !*value)
    return CLV_OK;
  // strtod alone would take spaces, signs, "inf" and "nan".
  char *end = NULL;
  double seconds = 0;
  if ((*value >= '0' && *value <= '9') || *value == '.')
    seconds = strtod(value, &end);
  if (!end || *end || !(seconds > 0) || seconds > MAX_TIMEOUT_S) {
    set_error("CLEAVE_CALL_TIMEOUT='%s': give the seconds a call may go "
              "without a reply before its node counts as lost, a number "
              "above 0 and at most 1e9 (unset or empty: no limit)",
              value);
    return CLV_E_USAGE;
  }
  call_timeout_s = seconds;
  int64_t ns = (int64_t)(seconds * 1e9);
  call_timeout_ns = ns > 0 ? ns : 1;
  return CLV_OK;
}

/// Sets \p *enc to CLEAVE_ENCODING's encoding, or \p prog's when it is unset.
static clv_status read_encoding(const clv_program *prog, clv_encoding *enc) {
  const char *value = getenv("CLEAVE_ENCODING");
  if (value && *value) {
    if (strcmp(value, "native") == 0) {
      *enc = CLV_ENCODING_NATIVE;
    } else if (strcmp(value, "xdr") == 0) {
      *enc = CLV_ENCODING_XDR;
    } else {
      set_error("CLEAVE_ENCODING='%s': give 'native' (every node has the same "
                "data layout) or 'xdr' (nodes of different data formats)",
                value);
      return CLV_E_USAGE;
    }
    return CLV_OK;
  }
  if (prog->encoding != CLV_ENCODING_NATIVE &&
      prog->encoding != CLV_ENCODING_XDR) {
    set_error("the program's table asks for encoding %d, which this runtime "
              "does not know (0 native, 1 xdr)",
              (int)prog->encoding);
    return CLV_E_USAGE;
  }
  *enc = prog->encoding;
  return CLV_OK;
}

/// Reads CLEAVE_TRANSPORT, CLEAVE_PASS, CLEAVE_ENCODING (else \p prog's
/// encoding), CLEAVE_CALL_TIMEOUT, and CLEAVE_NODES (threads) or
/// CLEAVE_MAX_MESSAGE (mpi, where the node count comes from MPI later).
static clv_status read_environment(const clv_program *prog,
                                   transport_kind *kind, int *count,
                                   int *share, clv_encoding *enc) {
  clv_status status = read_transport(kind);
  if (status == CLV_OK)
    status = read_encoding(prog, enc);
  if (status == CLV_OK)
    status = read_call_timeout();
  if (status != CLV_OK)
    return status;
  const char *pass = getenv("CLEAVE_PASS");
  int pass_unset = !pass || !*pass;
  if (*kind == TRANSPORT_MPI && !pass_unset && strcmp(pass, "share") == 0) {
    set_error("CLEAVE_PASS='share': on the mpi transport nodes share no "
              "memory and regions always travel by copy; unset CLEAVE_PASS "
              "or set it to 'copy'");
    return CLV_E_USAGE;
  }
  if (pass_unset) {
    *share = *kind == TRANSPORT_THREADS;
  } else if (strcmp(pass, "share") == 0) {
    *share = 1;
  } else if (strcmp(pass, "copy") == 0) {
    *share = 0;
  } else {
    set_error("CLEAVE_PASS='%s': give 'share' (regions by address) or 'copy'",
              pass);
    return CLV_E_USAGE;
  }
#ifdef CLEAVE_HAVE_MPI
  if (*kind == TRANSPORT_MPI)
    return read_max_message();
#endif
  return read_nodes(count);
}

/// Stops and joins workers 1..started-1. No call may be pending.
static void stop_workers(int started) {
  for (int i = 1; i < started; ++i) {
    lock(&nodes[i]);
    atomic_store(&nodes[i].stop, 1);
    pthread_cond_signal(&nodes[i].wake);
    unlock(&nodes[i]);
  }
  for (int i = 1; i < started; ++i)
    pthread_join(nodes[i].thread, NULL);
}

/// Releases the futures nobody waited for, once every call has ended and the
/// workers are joined (so their lists are this thread's to read). A failed
/// one is reported on stderr, never dropped: the first failure's status is
/// returned, with a message for clv_last_error().
static clv_status release_unwaited(void) {
  clv_status first = CLV_OK;
  int failures = 0;
  for (int i = 0; i < local_nodes; ++i) {
    node *n = &nodes[i];
    while (n->made_first) {
      clv_future *f = n->made_first;
      if (f->status != CLV_OK) {
        fprintf(stderr, "cleave: a call nobody waited for failed: %s\n",
                f->message);
        if (failures++ == 0) {
          first = f->status;
          snprintf(last_error, sizeof last_error,
                   "calls nobody waited for failed; the first: ");
          append(last_error, f->message);
        }
      }
      release_future(n, f);
    }
  }
  return first;
}

/// Destroys the first \p ready nodes' mutexes, condition variables and spare
/// futures, and puts every global back as before clv_init.
static void destroy_nodes(int ready) {
  forget_grain();
  for (int i = 0; i < ready; ++i) {
    for (clv_future *f = nodes[i].spare, *next; f; f = next) {
      next = f->made_next;
      free(f);
    }
    pthread_cond_destroy(&nodes[i].wake);
    pthread_mutex_destroy(&nodes[i].mutex);
  }
  free(nodes);
  nodes = NULL;
  free(lost);
  lost = NULL;
  free_kept_blocks();
  atomic_store(&lost_generation, 0);
  call_timeout_s = 0;
  call_timeout_ns = 0;
  restore_crash_handlers();
  node_count = 0;
  local_nodes = 0;
  transport = TRANSPORT_THREADS;
  share_regions = 1;
  one_address_space = 0;
  encoding = CLV_ENCODING_NATIVE;
  program = (clv_program){.functions = NULL};
  atomic_store(&finalizing, 0);
  here = (context){0, 0};
}

/// Sets up node \p index; its condition variable measures timeouts on
/// CLOCK_MONOTONIC, as now_ns() does.
static int init_node(node *n, int index) {
  n->index = index;
  n->check_at = NO_DEADLINE;
  atomic_init(&n->queued, 0);
  atomic_init(&n->stop, 0);
  atomic_init(&n->sleeping, 0);
  atomic_init(&n->hunger, HUNGER_BUSY);
  atomic_init(&n->running, 0);
  atomic_init(&n->orphans, 0);
  if (pthread_mutex_init(&n->mutex, NULL) != 0)
    return 0;
  pthread_condattr_t attributes;
  int ok = pthread_condattr_init(&attributes) == 0;
  if (ok) {
    ok = pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC) == 0 &&
         pthread_cond_init(&n->wake, &attributes) == 0;
    pthread_condattr_destroy(&attributes);
  }
  if (!ok)
    pthread_mutex_destroy(&n->mutex);
  return ok;
}

clv_status clv_init(int *argc, char ***argv, const clv_program *prog) {
  (void)argc; // only the mpi transport reads the command line
  (void)argv;
  if (node_count != 0) {
    set_error("clv_init called again before clv_finalize");
    return CLV_E_USAGE;
  }
  if (!prog || (prog->count > 0 && !prog->functions)) {
    set_error("clv_init needs the program's table of functions");
    return CLV_E_USAGE;
  }
  transport_kind kind;
  int count = 0, share;
  clv_encoding enc;
  clv_status status = read_environment(prog, &kind, &count, &share, &enc);
  if (status != CLV_OK)
    return status;
  int local = count;
  oversubscribed = count > sysconf(_SC_NPROCESSORS_ONLN);
  install_crash_handlers();
#ifdef CLEAVE_HAVE_MPI
  if (kind == TRANSPORT_MPI) {
    status = start_mpi(argc, argv, &count);
    if (status != CLV_OK) {
      restore_crash_handlers();
      return status;
    }
    local = 1;
    clv_program signed_as = *prog; // the encoding in use, not the program's
    signed_as.encoding = enc;
    signature = clv_wire_signature(&signed_as);
  }
#endif

  // aligned_alloc wants a multiple of the alignment: sizeof(node) is one.
  nodes = aligned_alloc(_Alignof(node), (size_t)local * sizeof(node));
  lost = malloc((size_t)count * sizeof *lost);
  if (!nodes || !lost) {
    free(nodes);
    nodes = NULL;
    free(lost);
    lost = NULL;
    restore_crash_handlers();
    set_error("out of memory for %d nodes", local);
    status = CLV_E_NOMEM;
  } else {
    for (int i = 0; i < count; ++i)
      atomic_init(&lost[i], 0);
    memset(nodes, 0, (size_t)local * sizeof(node));
    node_count = count; // the workers read these as soon as they start
    local_nodes = local;
    transport = kind;
    share_regions = share;
    one_address_space = kind == TRANSPORT_THREADS;
    encoding = enc;
    program = *prog;
    // Without them (out of memory) no loop spawns and no call is measured.
    loop_grain = calloc(program.count ? program.count : 1, sizeof *loop_grain);
    grain = calloc((size_t)(program.count ? program.count : 1) * GRAIN_BUCKETS,
                   sizeof *grain);
    for (uint32_t i = 0; loop_grain && i < program.count; ++i) {
      atomic_init(&loop_grain[i].state, LOOP_UNSEEN);
      atomic_init(&loop_grain[i].highest_no, -1);
    }
    main_thread = pthread_self();
    here = (context){0, 0};
    int ready = 0;
    while (ready < local && init_node(&nodes[ready], ready))
      ++ready;
    if (ready < local) {
      destroy_nodes(ready);
      set_error("could not set up the locks of node %d", ready);
      status = CLV_E_NOMEM;
    }
  }
#ifdef CLEAVE_HAVE_MPI
  if (kind == TRANSPORT_MPI) {
    if (status != CLV_OK) {
      MPI_Finalize();
      return status;
    }
    nodes[0].index = rank;
    if (rank != 0)
      serve_until_stopped();
    here = (context){rank, 0};
    return CLV_OK;
  }
#endif
  if (status != CLV_OK)
    return status;
  for (int i = 1; i < count; ++i) {
    int error = pthread_create(&nodes[i].thread, NULL, worker_main, &nodes[i]);
    if (error != 0) {
      stop_workers(i);
      destroy_nodes(count);
      set_error("could not start the thread of node %d: %s", i,
                strerror(error));
      return CLV_E_NOMEM;
    }
  }
  return CLV_OK;
}

clv_status clv_finalize(void) {
  if (node_count == 0) {
    set_error("clv_finalize without a running runtime (clv_init first)");
    return CLV_E_USAGE;
  }
  if (!pthread_equal(pthread_self(), main_thread) || serving > 0) {
    set_error("clv_finalize must be called by the thread that called clv_init, "
              "outside any call");
    return CLV_E_USAGE;
  }
  // The program ends after a failed call: a call still out may never end.
  if (atomic_load(&failing)) {
    set_error("clv_finalize after clv_fail_call: the program ends without "
              "waiting for the calls still out");
    return CLV_E_CANCELED;
  }
#ifdef CLEAVE_HAVE_MPI
  if (transport == TRANSPORT_MPI) {
    // Node 0's calls first, which finalize_mpi then finds completed: a node
    // lost meanwhile ends the job before any rank is told to stop, so none is
    // in MPI_Finalize (Open MPI's mpirun has been seen to crash when an abort
    // met ranks there).
    awaited all = {.made = 1};
    serve_until(home(), &all, NO_DEADLINE);
    end_job_if_lost();
    return finalize_mpi();
  }
#endif
  // Calls nobody waited on may still be queued or running, some perhaps for
  // node 0: serve node 0 until none is left, so no worker is stopped while a
  // call could still reach it.
  atomic_store(&finalizing, 1);
  serve_until(&nodes[0], NULL, NO_DEADLINE);
  // The thread of a lost node may still be in a call it was given: it
  // cannot be stopped, nor the runtime released under it.
  for (int i = 0; i < node_count; ++i)
    if (atomic_load(&nodes[i].orphans) > 0) {
      set_error("clv_finalize: node %d was lost (no reply within %g s, "
                "CLEAVE_CALL_TIMEOUT) and its thread is still in a call: the "
                "runtime cannot stop it and stays up; call clv_finalize again "
                "once that call has returned, or end the program",
                i, call_timeout_s);
      return CLV_E_PEER_LOST;
    }
  stop_workers(node_count);
  clv_status status = release_unwaited();
  destroy_nodes(node_count);
  return status;
}

void clv_fail_call(const char *name) {
  fprintf(stderr, "cleave: call to '%s' failed: %s\n", name ? name : "?",
          last_error);
#ifdef CLEAVE_HAVE_MPI
  // The other processes may be waiting for this one: only MPI_Abort ends
  // them all, wherever they are.
  if (transport == TRANSPORT_MPI && node_count > 0) {
    fflush(stderr);
    MPI_Abort(MPI_COMM_WORLD, 1);
  }
#endif
  // exit runs the program's atexit handlers, the generated code's
  // clv_finalize among them, which must not wait for a call that may never
  // end.
  atomic_store(&failing, 1);
  exit(1);
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
      set_error("out of memory for the futures of %zu calls made in a loop",
                capacity);
      clv_fail_call("a call in a loop");
    }
    s->capacity = capacity;
  }
  s->futures[s->count] = NULL;
  return s->value_size ? s->values + s->count * s->value_size : NULL;
}

void clv_spawns_add(clv_spawns *s, clv_future *f) { s->futures[s->count++] = f; }

void *clv_spawns_value(clv_spawns *s, size_t i) {
  return s->value_size ? s->values + i * s->value_size : NULL;
}

void clv_spawns_free(clv_spawns *s) {
  free(s->futures);
  free(s->values);
  s->futures = NULL;
  s->values = NULL;
  s->count = s->capacity = 0;
}
