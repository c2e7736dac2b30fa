/// \file
/// Errors, buffers, and the large blocks buffers are made of. The contract is
/// in clv.h; what the runtime's parts share is in clv_internal.h.

#include "clv_internal.h"

// ---------------------------------------------------------------------------
// Errors

_Thread_local char clvi_last_error[MESSAGE_SIZE];

void clvi_set_error(const char *format, ...) {
  va_list ap;
  va_start(ap, format);
  vsnprintf(clvi_last_error, sizeof clvi_last_error, format, ap);
  va_end(ap);
}

const char *clv_last_error(void) { return clvi_last_error; }

// ---------------------------------------------------------------------------
// Buffers
//
// Once a buffer has failed, later reads and writes fail too without touching
// the message: the first failure is the one worth reporting, and a decoder that
// checks `failed` only at its end must not see it replaced.

/// Whether regions travel by address; set by clv_init, and "share" (the
/// default of CLEAVE_PASS) while the runtime is not running.
int clvi_share_regions = 1;
/// Whether every node runs in this process (the threads transport); set by
/// clv_init, 0 while the runtime is not running. Copied regions carry their
/// address then too, so that one read back into the place it was written
/// from (a global: the nodes share it) is seen to be there already.
int clvi_one_address_space = 0;
/// The encoding in use; set by clv_init, native while the runtime is not
/// running.
clv_encoding clvi_encoding = CLV_ENCODING_NATIVE;

clv_encoding clv_encoding_in_use(void) { return clvi_encoding; }

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
#define BLOCK_BYTES_KEPT ((size_t)1 << 30) ///< bytes kept at most
#define HUGE_PAGE ((size_t)2 << 20) ///< blocks from this size are of huge pages

static struct {
  void *data;
  size_t size;
} kept[BLOCKS_KEPT];
static size_t kept_count, kept_bytes;
static pthread_mutex_t kept_lock = PTHREAD_MUTEX_INITIALIZER;

/// A block of at least \p size bytes, whose size it puts in \p *got: the
/// smallest kept block that holds \p size when \p size is BLOCK_MIN or more,
/// else a new one. NULL when memory runs out.
void *clvi_take_block(size_t size, size_t *got) {
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

/// Frees \p data, a block of \p size bytes from malloc (or clvi_take_block), or
/// keeps it for clvi_take_block; when the blocks kept are full, the smallest
/// goes.
void clvi_give_block(void *data, size_t size) {
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
void clvi_free_kept_blocks(void) {
  pthread_mutex_lock(&kept_lock);
  for (size_t i = 0; i < kept_count; ++i)
    free(kept[i].data);
  kept_count = kept_bytes = 0;
  pthread_mutex_unlock(&kept_lock);
}

void clvi_free_graph(clv_buf *b);

void clv_buf_init(clv_buf *b) {
  if (b)
    *b = (clv_buf){.encoding = clvi_encoding};
}

void clv_buf_free(clv_buf *b) {
  if (!b)
    return;
  clvi_give_block(b->data, b->cap);
  clvi_free_graph(b);
  clv_buf_init(b);
}

clv_status clvi_fail(clv_buf *b, clv_status status) {
  b->failed = 1;
  return status;
}

/// Appends \p n bytes (n > 0) to \p b, left for the caller to fill, and points
/// \p *out at them.
clv_status clvi_extend(clv_buf *b, size_t n, unsigned char **out) {
  if (n > SIZE_MAX - b->size) {
    clvi_set_error("a buffer of %zu bytes cannot grow by %zu more", b->size, n);
    return clvi_fail(b, CLV_E_NOMEM);
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
      data = clvi_take_block(cap, &cap);
      if (data && b->size > 0)
        memcpy(data, b->data, b->size);
      if (data)
        clvi_give_block(b->data, b->cap);
    }
    if (!data) {
      clvi_set_error("out of memory growing a buffer to %zu bytes", cap);
      return clvi_fail(b, CLV_E_NOMEM);
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
    clvi_set_error("write to a null buffer");
    return CLV_E_USAGE;
  }
  if (b->failed)
    return CLV_E_NOMEM;
  if (n == 0)
    return CLV_OK;
  if (!p) {
    clvi_set_error("write of %zu bytes from a null pointer", n);
    return clvi_fail(b, CLV_E_USAGE);
  }
  unsigned char *out;
  clv_status status = clvi_extend(b, n, &out);
  if (status == CLV_OK)
    memcpy(out, p, n);
  return status;
}

/// Points \p *out at the next \p n unread bytes of \p b and moves past them, or
/// fails the buffer without moving. Lengths come from messages, so the check is
/// written not to overflow.
clv_status clvi_take(clv_buf *b, size_t n, unsigned char **out) {
  if (b->failed)
    return CLV_E_DECODE;
  if (b->pos > b->size || n > b->size - b->pos) {
    clvi_set_error("short message: %zu bytes wanted at offset %zu of %zu", n,
                   b->pos, b->size);
    return clvi_fail(b, CLV_E_DECODE);
  }
  *out = b->data ? b->data + b->pos : NULL; // no arithmetic on NULL in C
  b->pos += n;
  return CLV_OK;
}

clv_status clv_buf_get(clv_buf *b, void *p, size_t n) {
  if (!b) {
    clvi_set_error("read from a null buffer");
    return CLV_E_USAGE;
  }
  if (!p && n > 0 && !b->failed) {
    clvi_set_error("read of %zu bytes into a null pointer", n);
    return clvi_fail(b, CLV_E_USAGE);
  }
  unsigned char *src;
  clv_status status = clvi_take(b, n, &src);
  if (status == CLV_OK && n > 0)
    memcpy(p, src, n);
  return status;
}
