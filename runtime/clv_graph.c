/// \file
/// Pointer graphs: the objects reachable from a pointer, written once each
/// with their sharing and cycles, and read back into fresh memory.

#include "clv_internal.h"

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
  int mapped; ///< mapped for one zeroed object (clvi_new_zeroed_object)
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
void clvi_end_writing(clv_buf *b) {
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

void clvi_free_graph(clv_buf *b) {
  graph *g = b->graph;
  if (!g)
    return;
  clvi_end_writing(b);
  for (chunk *c = g->chunks, *next; c; c = next) {
    next = c->next;
    if (c->mapped)
      munmap(c, sizeof *c + c->size);
    else
      clvi_give_block(c, sizeof *c + c->size);
  }
  free(g->in);
  free(g);
  b->graph = NULL;
}

/// Objects queued in \p b by clv_buf_put_pointer and not written yet.
size_t clvi_unwritten_objects(const clv_buf *b) {
  const graph *g = b->graph;
  return g ? g->out_count - g->out_written : 0;
}

/// The graph state of \p b, made on first use; NULL when memory runs out.
graph *clvi_graph_of(clv_buf *b) {
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
    if (n == 0 ||
        (g->out[n - 1].object == object && g->out[n - 1].put == put)) {
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
  graph *g = clvi_graph_of(b);
  size_t slot = 0;
  size_t n = g && g->slots ? find_number(g, object, put, &slot) : 0;
  if (n != 0) {
    *number = n;
    return CLV_OK;
  }
  if (!g || !make_room(g, object, put, &slot)) {
    clvi_set_error("out of memory for object %zu of a pointer graph",
                   g ? g->out_count + 1 : 1);
    return clvi_fail(b, CLV_E_NOMEM);
  }
  g->out[g->out_count++] = (out_object){object, put};
  g->slots[slot] = g->out_count;
  *number = g->out_count;
  return CLV_OK;
}

clv_status clv_buf_put_pointer(clv_buf *b, const void *object,
                               clv_put_object put) {
  if (!b) {
    clvi_set_error("write of a pointer to a null buffer");
    return CLV_E_USAGE;
  }
  if (b->failed)
    return CLV_E_NOMEM;
  uint64_t number = 0;
  if (object) {
    if (!put) {
      clvi_set_error("write of a pointer to %p without a function writing its "
                     "object",
                     object);
      return clvi_fail(b, CLV_E_USAGE);
    }
    clv_status status = number_of(b, object, put, &number);
    if (status != CLV_OK)
      return status;
  }
  return clv_buf_put_values(b, CLV_U64, &number, 1);
}

clv_status clv_buf_put_pending(clv_buf *b) {
  if (!b) {
    clvi_set_error("write of pending objects to a null buffer");
    return CLV_E_USAGE;
  }
  graph *g = b->graph;
  while (!b->failed && g && g->out_written < g->out_count) {
    out_object o = g->out[g->out_written++]; // put may grow g->out
    clv_status status = o.put(b, o.object);
    if (status != CLV_OK)
      return clvi_fail(b, status);
  }
  return b->failed ? CLV_E_NOMEM : CLV_OK;
}

/// Fresh zeroed storage of \p size bytes (> 0) in \p g, aligned for any type;
/// NULL when memory runs out.
void *clvi_new_object(graph *g, size_t size) {
  size_t align = _Alignof(max_align_t);
  if (size > SIZE_MAX - sizeof(chunk) - align)
    return NULL;
  size_t rounded = (size + align - 1) / align * align;
  chunk *c = g->chunks;
  if (!c || c->size - c->used < rounded) {
    size_t cap = !c                     ? FIRST_CHUNK
                 : c->size < LAST_CHUNK ? 2 * c->size
                                        : LAST_CHUNK;
    if (cap < rounded)
      cap = rounded;
    // Small chunks stay zeroed, as they were; a large one is a kept block
    // (clvi_take_block), whose objects are written whole before they are read
    // (regions of rows zero their gaps).
    size_t got = sizeof(chunk) + cap;
    chunk *fresh =
        got < BLOCK_MIN ? calloc(1, got) : clvi_take_block(got, &got);
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
void *clvi_new_zeroed_object(graph *g, size_t size, size_t written) {
  if (size < BLOCK_MIN || written > size / 4) {
    void *object = clvi_new_object(g, size);
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

/// Storage for \p bytes (more than 0) that goes with \p b, into which a
/// copied region that is already where it is read to (clv_region.c) is
/// read; NULL with CLV_E_NOMEM recorded when memory runs out.
void *clvi_scratch(clv_buf *b, size_t bytes) {
  graph *g = clvi_graph_of(b);
  void *storage = g ? clvi_new_object(g, bytes) : NULL;
  if (!storage) {
    clvi_set_error("out of memory for a region of %zu bytes", bytes);
    clvi_fail(b, CLV_E_NOMEM);
  }
  return storage;
}

clv_status clv_buf_get_pointer(clv_buf *b, void **object, size_t size,
                               clv_get_object get) {
  if (!b) {
    clvi_set_error("read of a pointer from a null buffer");
    return CLV_E_USAGE;
  }
  if (!object) {
    clvi_set_error("read of a pointer into a null address");
    return clvi_fail(b, CLV_E_USAGE);
  }
  *object = NULL;
  if (b->failed)
    return CLV_E_DECODE;
  if (size == 0 || !get) {
    clvi_set_error("read of a pointer to objects of %zu bytes%s", size,
                   get ? "" : " without a function reading them");
    return clvi_fail(b, CLV_E_USAGE);
  }
  uint64_t number;
  clv_status status = clv_buf_get_values(b, CLV_U64, &number, 1);
  if (status != CLV_OK || number == 0)
    return status;
  graph *g = clvi_graph_of(b);
  if (!g) {
    clvi_set_error("out of memory for the objects of a pointer graph");
    return clvi_fail(b, CLV_E_NOMEM);
  }
  if (number <= g->in_count) {
    const in_object *o = &g->in[number - 1];
    if (o->size != size || o->get != get) {
      clvi_set_error("object %" PRIu64
                     " of a pointer graph referenced as another "
                     "type than it was read as (%zu bytes, read as %zu)",
                     number, size, o->size);
      return clvi_fail(b, CLV_E_DECODE);
    }
    *object = o->object;
    return CLV_OK;
  }
  if (number != g->in_count + 1) {
    clvi_set_error("reference to object %" PRIu64
                   " of a pointer graph, but %zu "
                   "were read and the next new one is %zu",
                   number, g->in_count, g->in_count + 1);
    return clvi_fail(b, CLV_E_DECODE);
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
    fresh = clvi_new_object(g, size);
  if (!fresh) {
    clvi_set_error("out of memory for object %" PRIu64
                   " of a pointer graph (%zu "
                   "bytes)",
                   number, size);
    return clvi_fail(b, CLV_E_NOMEM);
  }
  g->in[g->in_count++] = (in_object){fresh, size, get};
  *object = fresh;
  return CLV_OK;
}

clv_status clv_buf_get_pending(clv_buf *b) {
  if (!b) {
    clvi_set_error("read of pending objects from a null buffer");
    return CLV_E_USAGE;
  }
  graph *g = b->graph;
  while (!b->failed && g && g->in_read < g->in_count) {
    in_object o = g->in[g->in_read++]; // get may grow g->in
    clv_status status = o.get(b, o.object);
    if (status != CLV_OK)
      return clvi_fail(b, status);
  }
  return b->failed ? CLV_E_DECODE : CLV_OK;
}
