/// \file
/// Regions: arrays passed by address or copied, regions of objects (structs
/// whose pointer fields travel as pointer graphs), and regions of rows.

#include "clv_internal.h"

// ---------------------------------------------------------------------------
// Regions
//
// Encoding: count and element size (U64 values in the buffer's encoding),
// then either the address (shared, a U64 too) or zero padding up to a
// multiple of REGION_ALIGN followed by the payload (copied): the bytes of a
// region of raw bytes, the values of a typed region in the buffer's encoding.
// A copied region carries its address before the padding too when every node
// runs in this process (clvi_one_address_space).
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
  if (clvi_share_regions || b->encoding != CLV_ENCODING_XDR)
    return 1;
  clvi_set_error("a region of %zu elements of %zu bytes as raw bytes in an xdr "
                 "buffer: use a typed region (clv_buf_put_region_values)",
                 count, elem_size);
  clvi_fail(b, CLV_E_USAGE);
  return 0;
}

/// Checks a region of \p count elements of \p elem_size bytes at \p base and
/// writes its header, then its address (shared mode: the region is complete,
/// \p *copied is 0) or the padding before its payload (copy mode, \p *copied
/// is 1), in one address space after the address.
static clv_status begin_region(clv_buf *b, const void *base, size_t elem_size,
                               size_t count, int *copied) {
  *copied = !clvi_share_regions;
  size_t bytes;
  if (!region_bytes(elem_size, count, &bytes)) {
    clvi_set_error(
        "a region of %zu elements of %zu bytes does not fit in memory", count,
        elem_size);
    return clvi_fail(b, CLV_E_USAGE);
  }
  if (!base && bytes > 0) {
    clvi_set_error("a region of %zu bytes at a null address", bytes);
    return clvi_fail(b, CLV_E_USAGE);
  }
  uint64_t header[2] = {count, elem_size};
  clv_status status = clv_buf_put_values(b, CLV_U64, header, 2);
  if (status != CLV_OK)
    return status;
  if (clvi_share_regions || clvi_one_address_space) {
    uint64_t address = (uintptr_t)base;
    status = clv_buf_put_values(b, CLV_U64, &address, 1);
    if (status != CLV_OK || clvi_share_regions)
      return status;
  }
  static const unsigned char zeros[REGION_ALIGN];
  return clv_buf_put(b, zeros, padding(b->size));
}

clv_status clv_buf_put_region(clv_buf *b, const void *base, size_t elem_size,
                              size_t count) {
  if (!b) {
    clvi_set_error("write of a region to a null buffer");
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
    clvi_set_error("write of a region to a null buffer");
    return CLV_E_USAGE;
  }
  if (b->failed)
    return CLV_E_NOMEM;
  if (!clvi_known_kind(kind)) {
    clvi_set_error("write of a region of values of unknown kind %d", (int)kind);
    return clvi_fail(b, CLV_E_USAGE);
  }
  int copied;
  clv_status status =
      begin_region(b, base, clvi_kinds[kind].size, count, &copied);
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
    clvi_set_error("region of %zu elements of %zu bytes expected, got %" PRIu64
                   " elements of %" PRIu64 " bytes",
                   count, elem_size, header[0], header[1]);
    return clvi_fail(b, CLV_E_DECODE);
  }
  size_t bytes;
  if (!region_bytes(elem_size, count, &bytes)) {
    clvi_set_error(
        "a region of %zu elements of %zu bytes does not fit in memory", count,
        elem_size);
    return clvi_fail(b, CLV_E_DECODE);
  }
  if (clvi_share_regions || clvi_one_address_space) {
    uint64_t value;
    status = clv_buf_get_values(b, CLV_U64, &value, 1);
    if (status != CLV_OK)
      return status;
    if (value == 0 && bytes > 0) {
      clvi_set_error("a region of %zu bytes at a null address", bytes);
      return clvi_fail(b, CLV_E_DECODE);
    }
    *address = (uintptr_t)value;
    if (clvi_share_regions)
      return CLV_OK;
  }
  unsigned char *skipped;
  return clvi_take(b, padding(b->pos), &skipped);
}

/// Whether a copied region that its writer read at \p address, and that the
/// reader wants at \p dest, is there already: in one address space, a global
/// (which every node of the threads transport shares) travels from its place
/// to its place. Storing its bytes again would race with the other nodes that
/// read them, so they are read into scratch storage instead.
static int already_there(uintptr_t address, const void *dest) {
  return clvi_one_address_space && address == (uintptr_t)dest;
}

/// Where a copied region of \p bytes read from \p b goes: \p dest, or
/// scratch storage when it is already_there.
static void *copy_target(clv_buf *b, uintptr_t address, void *dest,
                         size_t bytes) {
  return bytes > 0 && already_there(address, dest) ? clvi_scratch(b, bytes)
                                                   : dest;
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
  clvi_set_error("region at %p expected, got one at %p", dest, (void *)address);
  return clvi_fail(b, CLV_E_DECODE);
}

void *clv_buf_get_region(clv_buf *b, size_t elem_size, size_t count) {
  if (!b) {
    clvi_set_error("read of a region from a null buffer");
    return NULL;
  }
  uintptr_t address = 0;
  if (!raw_region_allowed(b, elem_size, count) ||
      begin_region_read(b, elem_size, count, &address) != CLV_OK)
    return NULL;
  if (clvi_share_regions)
    return shared_region(address);
  unsigned char *payload;
  if (clvi_take(b, elem_size * count, &payload) != CLV_OK) // checked above
    return NULL;
  return payload; // inside b->data, which holds at least the header: not NULL
}

clv_status clv_buf_get_region_into(clv_buf *b, void *dest, size_t elem_size,
                                   size_t count) {
  if (!b) {
    clvi_set_error("read of a region from a null buffer");
    return CLV_E_USAGE;
  }
  if (!raw_region_allowed(b, elem_size, count))
    return CLV_E_USAGE;
  uintptr_t address = 0;
  clv_status status = begin_region_read(b, elem_size, count, &address);
  if (status != CLV_OK)
    return status;
  size_t bytes = elem_size * count; // checked by begin_region_read
  if (clvi_share_regions)
    return same_region(b, address, dest, bytes);
  if (bytes > 0 && !dest) {
    clvi_set_error("copy of a region of %zu bytes to a null address", bytes);
    return clvi_fail(b, CLV_E_USAGE);
  }
  void *target = copy_target(b, address, dest, bytes);
  return target || bytes == 0 ? clv_buf_get(b, target, bytes) : CLV_E_NOMEM;
}

void *clv_buf_get_region_values(clv_buf *b, clv_kind kind, size_t count) {
  if (!b) {
    clvi_set_error("read of a region from a null buffer");
    return NULL;
  }
  if (!clvi_known_kind(kind)) {
    clvi_set_error("read of a region of values of unknown kind %d", (int)kind);
    clvi_fail(b, CLV_E_USAGE);
    return NULL;
  }
  uintptr_t address = 0;
  if (begin_region_read(b, clvi_kinds[kind].size, count, &address) != CLV_OK)
    return NULL;
  if (clvi_share_regions)
    return shared_region(address);
  size_t bytes;
  if (!clvi_wire_size(b->encoding, kind, count, &bytes)) {
    clvi_set_error("a region of %zu values of %s is more than a message holds",
                   count, clvi_kinds[kind].name);
    clvi_fail(b, CLV_E_DECODE);
    return NULL;
  }
  unsigned char *payload;
  if (clvi_take(b, bytes, &payload) != CLV_OK)
    return NULL;
  if (b->encoding == CLV_ENCODING_XDR &&
      clvi_get_xdr(b, kind, payload, payload, count) != CLV_OK)
    return NULL;
  return payload; // inside b->data, which holds at least the header: not NULL
}

clv_status clv_buf_put_row(clv_buf *b, clv_kind kind, const void *row, long long clo,
                           size_t count) {
  unsigned char present = row != NULL;
  clv_status status = clv_buf_put_values(b, CLV_U8, &present, 1);
  if (status != CLV_OK || !present)
    return status;
  if (!clvi_known_kind(kind)) {
    clvi_set_error("write of a row of values of unknown kind %d", (int)kind);
    return clvi_fail(b, CLV_E_USAGE);
  }
  return clv_buf_put_region_values(
      b, kind, (const char *)row + clo * (long long)clvi_kinds[kind].size, count);
}

clv_status clv_buf_get_row(clv_buf *b, clv_kind kind, long long clo, size_t count, void **row) {
  unsigned char present;
  clv_status status = clv_buf_get_values(b, CLV_U8, &present, 1);
  if (status != CLV_OK)
    return status;
  if (!present) {
    *row = NULL;
    return CLV_OK;
  }
  char *values = clv_buf_get_region_values(b, kind, count);
  if (!values)
    return CLV_E_DECODE;
  // Shared, the row is the caller's pointer, which the array holds.
  if (!clvi_share_regions)
    *row = (void *)((uintptr_t)values - (uintptr_t)(clo * (long long)clvi_kinds[kind].size));
  return CLV_OK;
}

clv_status clv_buf_get_row_into(clv_buf *b, clv_kind kind, void *row, long long clo,
                                size_t count) {
  unsigned char present;
  clv_status status = clv_buf_get_values(b, CLV_U8, &present, 1);
  if (status != CLV_OK)
    return status;
  if (!present != !row) {
    clvi_set_error("a row came back %s", present ? "for a null pointer" : "null");
    return clvi_fail(b, CLV_E_DECODE);
  }
  if (!present)
    return CLV_OK;
  return clv_buf_get_region_values_into(
      b, kind, (char *)row + clo * (long long)clvi_kinds[kind].size, count);
}

clv_status clv_buf_put_addresses(clv_buf *b, const void *pointers, size_t count) {
  for (size_t i = 0; i < count; ++i) {
    const void *p;
    memcpy(&p, (const char *)pointers + i * sizeof p, sizeof p);
    unsigned long long address = (uintptr_t)p;
    clv_status status = clv_buf_put_values(b, CLV_U64, &address, 1);
    if (status != CLV_OK)
      return status;
  }
  return CLV_OK;
}

clv_status clv_buf_get_addresses(clv_buf *b, void *pointers, size_t count) {
  for (size_t i = 0; i < count; ++i) {
    unsigned long long address;
    clv_status status = clv_buf_get_values(b, CLV_U64, &address, 1);
    if (status != CLV_OK)
      return status;
    void *p = (void *)(uintptr_t)address;
    memcpy((char *)pointers + i * sizeof p, &p, sizeof p);
  }
  return CLV_OK;
}

clv_status clv_buf_get_region_values_into(clv_buf *b, clv_kind kind, void *dest,
                                          size_t count) {
  if (!b) {
    clvi_set_error("read of a region from a null buffer");
    return CLV_E_USAGE;
  }
  if (!clvi_known_kind(kind)) {
    clvi_set_error("read of a region of values of unknown kind %d", (int)kind);
    return clvi_fail(b, CLV_E_USAGE);
  }
  uintptr_t address = 0;
  clv_status status =
      begin_region_read(b, clvi_kinds[kind].size, count, &address);
  if (status != CLV_OK)
    return status;
  if (clvi_share_regions)
    return same_region(b, address, dest, count * clvi_kinds[kind].size);
  if (count > 0 && !dest) {
    clvi_set_error("copy of a region of %zu values of %s to a null address",
                   count, clvi_kinds[kind].name);
    return clvi_fail(b, CLV_E_USAGE);
  }
  void *target = copy_target(b, address, dest, count * clvi_kinds[kind].size);
  return target || count == 0 ? clv_buf_get_values(b, kind, target, count)
                              : CLV_E_NOMEM;
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
  return !clvi_share_regions && b->encoding == CLV_ENCODING_XDR;
}

/// Checks the element size and function (\p has_function) of a region of
/// \p count objects (\p what: "write" or "read"); fails \p b with
/// CLV_E_USAGE when one is missing.
static int objects_allowed(clv_buf *b, size_t elem_size, size_t count,
                           int has_function, const char *what) {
  if (count == 0 || (elem_size > 0 && has_function))
    return 1;
  clvi_set_error("%s of a region of %zu objects of %zu bytes%s", what, count,
                 elem_size, has_function ? "" : " without a function for them");
  clvi_fail(b, CLV_E_USAGE);
  return 0;
}

/// Checks that what is left of \p b can hold \p count objects.
static clv_status objects_fit(clv_buf *b, size_t count) {
  if (count <= (b->size - b->pos) / 4) // b->pos <= b->size after a read
    return CLV_OK;
  clvi_set_error("short message: a region of %zu objects at offset %zu of %zu",
                 count, b->pos, b->size);
  return clvi_fail(b, CLV_E_DECODE);
}

/// Reads \p count objects of \p elem_size bytes into \p dest with \p get.
static clv_status get_objects(clv_buf *b, unsigned char *dest, size_t elem_size,
                              size_t count, clv_get_object get) {
  for (size_t i = 0; i < count; ++i) {
    clv_status status = get(b, dest + i * elem_size);
    if (status != CLV_OK)
      return clvi_fail(b, status);
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
      clvi_fail(b, status);
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
  graph *g = clvi_graph_of(b);
  unsigned char *storage = g ? clvi_new_object(g, elem_size * count) : NULL;
  if (!storage) {
    clvi_set_error("out of memory for a region of %zu objects of %zu bytes",
                   count, elem_size);
    clvi_fail(b, CLV_E_NOMEM);
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
    clvi_set_error("copy of a region of %zu objects to a null address", count);
    return clvi_fail(b, CLV_E_USAGE);
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
  return (rows_elem){kind, clvi_known_kind(kind) ? clvi_kinds[kind].size : 0, 0,
                     NULL, NULL};
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
    snprintf(text, size, "values of %s", clvi_kinds[e->kind].name);
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
  if (!is_objects(e) && !clvi_known_kind(e->kind)) {
    clvi_set_error("%s of a region of rows of values of unknown kind %d", what,
                   (int)e->kind);
    return clvi_fail(b, CLV_E_USAGE);
  }
  if (is_objects(e) && e->size == 0) {
    clvi_set_error("%s of a region of rows of objects of 0 bytes", what);
    return clvi_fail(b, CLV_E_USAGE);
  }
  if (is_objects(e) && by_element(b) && !(e->put || e->get) && rows &&
      row_count) {
    clvi_set_error("%s of a region of rows of objects without a function",
                   what);
    return clvi_fail(b, CLV_E_USAGE);
  }
  if (shape_of_rows(e->size, rows, row_count, stride, shape))
    return CLV_OK;
  clvi_set_error(
      "a region of %zu rows of %zu elements of %zu bytes, %td apart, "
      "does not fit in memory",
      rows, row_count, shape->elem_size, stride);
  return clvi_fail(b, too_large);
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
    return clvi_wire_size(b->encoding, e->kind, row_count, &bytes) ? bytes : 0;
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
  clvi_set_error("short message: %zu rows of %zu %s at offset %zu of %zu",
                 shape->rows, shape->row_count, elem_name(e, name, sizeof name),
                 b->pos, b->size);
  return clvi_fail(b, CLV_E_DECODE);
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
    clvi_set_error("region of %zu rows of %zu %s, %td apart, expected, got "
                   "%" PRIu64 " rows of %" PRIu64 " %s, %" PRId64 " apart",
                   rows, row_count, what, stride, counts[0], counts[1], what,
                   step);
    return clvi_fail(b, CLV_E_DECODE);
  }
  status = begin_region_read(b, shape->elem_size, shape->count, address);
  if (status != CLV_OK || clvi_share_regions)
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
      clvi_fail(b, status);
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
    clv_status status = clvi_take(b, count * e->size, &bytes);
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
    clvi_set_error("write of a region to a null buffer");
    return CLV_E_USAGE;
  }
  if (b->failed)
    return CLV_E_NOMEM;
  rows_shape shape = {0}; // set by begin_rows when it succeeds
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
    clvi_set_error("read of a region from a null buffer");
    return NULL;
  }
  rows_shape shape;
  uintptr_t address = 0;
  if (begin_rows_read(b, e, rows, row_count, stride, &shape, &address) !=
      CLV_OK)
    return NULL;
  if (clvi_share_regions)
    return shared_region(address);
  if (shape.count == 0)
    return &empty_region;
  // The elements between the rows read as zeros, not as whatever a kept
  // block (clvi_take_block) held: a callee that reads outside its region then
  // sees values that change its output (test/examples/regions-asan.test).
  graph *g = clvi_graph_of(b);
  size_t bytes = shape.elements * shape.elem_size;
  // Each row writes its bytes, and may start a page of its own.
  size_t written = shape.count * shape.elem_size + shape.rows * PAGE;
  unsigned char *storage = !g ? NULL
                           : shape.count < shape.elements
                               ? clvi_new_zeroed_object(g, bytes, written)
                               : clvi_new_object(g, bytes);
  if (!storage) {
    char name[48];
    clvi_set_error(
        "out of memory for a region of %zu rows of %zu %s, %td apart", rows,
        row_count, elem_name(e, name, sizeof name), stride);
    clvi_fail(b, CLV_E_NOMEM);
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
    clvi_set_error("read of a region from a null buffer");
    return CLV_E_USAGE;
  }
  rows_shape shape;
  uintptr_t address = 0;
  clv_status status =
      begin_rows_read(b, e, rows, row_count, stride, &shape, &address);
  if (status != CLV_OK)
    return status;
  if (clvi_share_regions)
    return same_region(b, address, first, shape.elements * shape.elem_size);
  if (shape.count == 0)
    return CLV_OK;
  if (!first) {
    char name[48];
    clvi_set_error("copy of a region of %zu rows of %zu %s to a null address",
                   rows, row_count, elem_name(e, name, sizeof name));
    return clvi_fail(b, CLV_E_USAGE);
  }
  unsigned char *lowest =
      already_there(address, first)
          ? clvi_scratch(b, shape.elements * shape.elem_size)
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
// Extents: the run-time test of a spawn whose regions no proof keeps apart
// from the calls beside it (docs/regions.md, "Tested at run time").

static atomic_ullong extent_tests, extent_overlaps;

/// qsort's order of runs of bytes [start, end): by their starts.
static int compare_runs(const void *x, const void *y) {
  const size_t *a = x, *b = y;
  return (a[0] > b[0]) - (a[0] < b[0]);
}

/// All of memory: what an extent whose end cannot be computed stands for.
static void whole_memory(clv_extent *x, int written) {
  x->lo = 0;
  x->hi = SIZE_MAX;
  x->written = written;
  x->rows = NULL;
}

void clv_extent_span(clv_extent *x, const void *first, size_t count, size_t size, int written) {
  size_t bytes;
  x->lo = (size_t)first;
  x->written = written;
  x->rows = NULL;
  if (__builtin_mul_overflow(count, size, &bytes) || __builtin_add_overflow(x->lo, bytes, &x->hi))
    whole_memory(x, written);
}

void clv_extent_rows(clv_extent *x, const void *first, size_t rows, long long stride,
                     size_t count, size_t size, int written) {
  if (rows == 0 || count == 0) {
    clv_extent_span(x, first, 0, size, written);
    return;
  }
  // The last row's start, in bytes from the first's; the rows then span
  // from the lower start to the higher one's end.
  long long step, last;
  size_t start = (size_t)first, end = start, bytes;
  if (rows - 1 > (size_t)LLONG_MAX || __builtin_mul_overflow(stride, (long long)size, &step) ||
      __builtin_mul_overflow((long long)(rows - 1), step, &last) ||
      __builtin_mul_overflow(count, size, &bytes) ||
      (last < 0 ? __builtin_sub_overflow(start, (size_t)0 - (size_t)last, &start)
                : __builtin_add_overflow(end, (size_t)last, &end)) ||
      __builtin_add_overflow(end, bytes, &end)) {
    whole_memory(x, written);
    return;
  }
  x->lo = start;
  x->hi = end;
  x->written = written;
  x->rows = NULL;
}

/// The address row \p r of the rows behind pointers \p x starts at (the
/// pointer copied out of memory, whatever its type).
static size_t row_start(const clv_extent *x, size_t r) {
  const void *p;
  memcpy(&p, (const char *)x->rows + r * sizeof p, sizeof p);
  return (size_t)p;
}

void clv_extent_behind(clv_extent *x, const void *pointers, size_t rows, long long clo,
                       long long chi, size_t size, int written) {
  long long from, to;
  x->lo = SIZE_MAX;
  x->hi = 0;
  x->written = written;
  x->rows = pointers;
  x->nrows = rows;
  if (chi <= clo || rows == 0) {
    x->lo = x->hi = 0;
    x->nrows = 0;
    return;
  }
  if (__builtin_mul_overflow(clo, (long long)size, &from) ||
      __builtin_mul_overflow(chi, (long long)size, &to)) {
    whole_memory(x, written);
    return;
  }
  x->clo = from;
  x->chi = to;
  // The hull of the rows: the first test, which most pairs pass.
  for (size_t r = 0; r < rows; ++r) {
    size_t at = row_start(x, r), start = at + (size_t)from, end = at + (size_t)to;
    if (end < start) { // wraps around: it may be anywhere
      whole_memory(x, written);
      return;
    }
    x->lo = start < x->lo ? start : x->lo;
    x->hi = end > x->hi ? end : x->hi;
  }
}

/// How many runs of bytes \p x is: its rows behind pointers, or 1.
static size_t run_count(const clv_extent *x) {
  return x->rows ? x->nrows : 1;
}

/// Run \p r of \p x, [out[0], out[1]).
static void run_of(const clv_extent *x, size_t r, size_t out[2]) {
  if (!x->rows) {
    out[0] = x->lo;
    out[1] = x->hi;
    return;
  }
  size_t at = row_start(x, r);
  out[0] = at + (size_t)x->clo;
  out[1] = at + (size_t)x->chi;
}

/// The runs of bytes of \p x, sorted by their starts, in \p out (of
/// run_count(x) runs); how many.
static size_t runs_of(const clv_extent *x, size_t (*out)[2]) {
  size_t count = run_count(x);
  for (size_t r = 0; r < count; ++r)
    run_of(x, r, out[r]);
  qsort(out, count, sizeof *out, compare_runs);
  return count;
}

/// Whether two extents whose hulls overlap share a byte: run by run,
/// where one of them is rows behind pointers, in order of their starts.
static int runs_overlap(const clv_extent *a, const clv_extent *b) {
  if (!a->rows && !b->rows)
    return 1;
  size_t (*ra)[2] = malloc(run_count(a) * sizeof *ra);
  size_t (*rb)[2] = malloc(run_count(b) * sizeof *rb);
  if (!ra || !rb) { // the hulls overlap: so may the rows
    free(ra);
    free(rb);
    return 1;
  }
  size_t na = runs_of(a, ra), nb = runs_of(b, rb), i = 0, j = 0;
  int shared = 0;
  while (i < na && j < nb && !shared) {
    if (ra[i][1] <= ra[i][0])
      ++i;
    else if (rb[j][1] <= rb[j][0])
      ++j;
    else if (ra[i][1] <= rb[j][0])
      ++i;
    else if (rb[j][1] <= ra[i][0])
      ++j;
    else
      shared = 1;
  }
  free(ra);
  free(rb);
  return shared;
}

/// Whether the extents \p a and \p b share a byte that one of them writes.
static int extents_share(const clv_extent *a, const clv_extent *b) {
  return (a->written || b->written) && a->lo < a->hi && b->lo < b->hi && a->lo < b->hi &&
         b->lo < a->hi && runs_overlap(a, b);
}

int clv_extents_overlap_within(const clv_extent *x, int n) {
  for (int i = 0; i < n; ++i) {
    // Rows of one extent that it writes, against each other: a copy of
    // each would part what the call sees as one row.
    if (x[i].rows && x[i].written && x[i].nrows > 1) {
      size_t (*runs)[2] = malloc(x[i].nrows * sizeof *runs);
      if (!runs)
        return 1;
      size_t count = runs_of(&x[i], runs), end = 0;
      int shared = 0;
      for (size_t r = 0; r < count && !shared; ++r)
        if (runs[r][1] > runs[r][0]) {
          shared = runs[r][0] < end;
          end = runs[r][1] > end ? runs[r][1] : end;
        }
      free(runs);
      if (shared)
        return 1;
    }
    for (int j = i + 1; j < n; ++j)
      if (extents_share(&x[i], &x[j]))
        return 1;
  }
  return 0;
}

int clv_extents_conflict(const clv_extent *a, int na, const clv_extent *b, int nb) {
  int shared = 0;
  for (int i = 0; i < na && !shared; ++i)
    for (int j = 0; j < nb && !shared; ++j)
      shared = extents_share(&a[i], &b[j]);
  atomic_fetch_add_explicit(&extent_tests, 1, memory_order_relaxed);
  if (shared)
    atomic_fetch_add_explicit(&extent_overlaps, 1, memory_order_relaxed);
  return shared;
}

// ---------------------------------------------------------------------------
// The calls a loop has out, by address
//
// Each call a loop spawns under a run-time test is tested against every call
// of the loop still out; one by one, a loop of n calls would make n^2 / 2
// tests (a loop over the 1500 rows of a grid, a million a pass, cost more
// than the rows' work). So the loop keeps the bytes of its calls out in two
// sets, those they write and all they touch, each as runs sorted by address
// where runs that meet or touch are merged. A new call's written runs are
// looked up among the touched, its read runs among the written, each by a
// binary search. The answer is the one that testing the calls one by one
// gives (clv_extents_conflict). The sets are sorted arrays, not trees (C's
// libraries have no set of intervals; POSIX's tsearch took a third of the
// time of a loop over rows): the calls of a loop mostly add runs in order of
// address, or runs kept already, and those cost no memory moved.

/// The first run of \p set that ends after \p lo (set->count where none).
static size_t runs_after(const clv_runs *set, size_t lo) {
  size_t first = 0, last = set->count;
  while (first < last) {
    size_t mid = first + (last - first) / 2;
    if (set->at[mid][1] <= lo)
      first = mid + 1;
    else
      last = mid;
  }
  return first;
}

/// Whether a run of \p set shares a byte with [lo, hi).
static int runs_meet(const clv_runs *set, size_t lo, size_t hi) {
  if (lo >= hi || set->count == 0 || set->at[set->count - 1][1] <= lo)
    return 0;
  size_t k = runs_after(set, lo);
  return k < set->count && set->at[k][0] < hi;
}

/// Adds [lo, hi) to \p set, merged with the runs it meets or touches; 0
/// where memory ran out.
static int runs_add(clv_runs *set, size_t lo, size_t hi) {
  if (lo >= hi)
    return 1;
  // The runs it meets or touches: from the first that ends at lo or after
  // to the last that starts at hi or before.
  size_t first = set->count && set->at[set->count - 1][1] < lo
                     ? set->count
                     : runs_after(set, lo - (lo > 0)), // appended, mostly
      last = first;
  while (last < set->count && set->at[last][0] <= hi)
    ++last;
  if (first < last) {
    lo = set->at[first][0] < lo ? set->at[first][0] : lo;
    hi = set->at[last - 1][1] > hi ? set->at[last - 1][1] : hi;
  } else if (set->count == set->capacity) {
    size_t capacity = set->capacity ? 2 * set->capacity : 64;
    size_t(*at)[2] = realloc(set->at, capacity * sizeof *at);
    if (!at)
      return 0;
    set->at = at;
    set->capacity = capacity;
  }
  // Run first becomes the union; those after it up to last go.
  size_t end = first < last ? last : first;
  memmove(&set->at[first + 1], &set->at[end], (set->count - end) * sizeof *set->at);
  set->count = set->count - end + first + 1;
  set->at[first][0] = lo;
  set->at[first][1] = hi;
  return 1;
}

void clvi_runs_free(clv_runs *set) {
  free(set->at);
  *set = (clv_runs){NULL, 0, 0};
}

int clv_spawns_conflict(clv_spawns *s, const clv_extent *x, int n) {
  int64_t start = now_ns();
  int shared = s->lost;
  for (int i = 0; i < n && !shared; ++i)
    for (size_t r = 0; r < run_count(&x[i]) && !shared; ++r) {
      size_t run[2];
      run_of(&x[i], r, run);
      shared = runs_meet(x[i].written ? &s->touched : &s->written, run[0], run[1]);
    }
  atomic_fetch_add_explicit(&extent_tests, 1, memory_order_relaxed);
  if (shared)
    atomic_fetch_add_explicit(&extent_overlaps, 1, memory_order_relaxed);
  // The calls out are joined where it found a shared byte: then the spawn
  // that follows costs only its own making.
  s->tested_at = shared ? 0 : start;
  if (!shared)
    clvi_grain_testing();
  return shared;
}

void clv_spawns_add_tested(clv_spawns *s, clv_future *f, const clv_extent *x, int n) {
  clv_spawns_add(s, f);
  if (!f)
    return;
  for (int i = 0; i < n && !s->lost; ++i)
    for (size_t r = 0; r < run_count(&x[i]) && !s->lost; ++r) {
      size_t run[2];
      run_of(&x[i], r, run);
      s->lost = !runs_add(&s->touched, run[0], run[1]) ||
                (x[i].written && !runs_add(&s->written, run[0], run[1]));
    }
  if (s->tested_at)
    clvi_grain_tested(f, s->tested_at);
}

void clvi_report_extent_tests(void) {
  const char *report = getenv("CLEAVE_REPORT_TESTS");
  if (!report || !*report || strcmp(report, "0") == 0)
    return;
  fprintf(stderr, "cleave: run-time region tests: %llu made, %llu found an overlap\n",
          (unsigned long long)atomic_load(&extent_tests),
          (unsigned long long)atomic_load(&extent_overlaps));
}
