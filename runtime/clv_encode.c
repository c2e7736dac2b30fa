/// \file
/// Values in a buffer, in the native encoding and in XDR.

#include "clv_internal.h"

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

const kind_info clvi_kinds[] = {
    [CLV_I8] = {1, "int8"},   [CLV_U8] = {1, "uint8"},
    [CLV_I16] = {2, "int16"}, [CLV_U16] = {2, "uint16"},
    [CLV_I32] = {4, "int32"}, [CLV_U32] = {4, "uint32"},
    [CLV_I64] = {8, "int64"}, [CLV_U64] = {8, "uint64"},
    [CLV_F32] = {4, "float"}, [CLV_F64] = {8, "double"},
};

int clvi_known_kind(clv_kind kind) {
  return (unsigned)kind <= (unsigned)CLV_F64;
}

/// Values one xdrmem stream converts at most: its length is an unsigned int.
/// A multiple of 4, so that only the last stream of an opaque has padding.
#define XDR_CHUNK ((size_t)1 << 28)

/// Sets \p *bytes to the size of \p count values of \p kind in \p enc (a
/// known encoding); 0 when it overflows a size_t.
int clvi_wire_size(int enc, clv_kind kind, size_t count, size_t *bytes) {
  size_t unit = clvi_kinds[kind].size;
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
  if (!clvi_known_kind(kind)) {
    clvi_set_error("%s of values of unknown kind %d", what, (int)kind);
    return CLV_E_USAGE;
  }
  if (b->encoding != CLV_ENCODING_NATIVE && b->encoding != CLV_ENCODING_XDR) {
    clvi_set_error("%s of values in a buffer of unknown encoding %d", what,
                   b->encoding);
    return CLV_E_USAGE;
  }
  if (!p && count > 0) {
    clvi_set_error("%s of %zu values of %s at a null address", what, count,
                   clvi_kinds[kind].name);
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
// bytes at 4-5 GB/s; EncodeTest.cpp checks them against libtirpc's. They work
// in place (\p wire == \p native) too.

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
static clv_status get_xdr16_run(clv_buf *b, clv_kind kind,
                                unsigned char *native,
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
          clvi_set_error("xdr value %" PRId64
                         " does not fit in %s (value %zu of "
                         "%zu)",
                         value, clvi_kinds[kind].name, i, count);
        else
          clvi_set_error("libtirpc could not decode value %zu of %zu of %s", i,
                         count, clvi_kinds[kind].name);
        return clvi_fail(b, CLV_E_DECODE);
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
    clvi_set_error("libtirpc could not encode %zu values of %s", count,
                   clvi_kinds[kind].name);
    return clvi_fail(b, CLV_E_ENCODE);
  }
  return CLV_OK;
}

/// Reads \p count values of \p kind at \p wire in XDR into \p native, which
/// may be \p wire itself: every value is at least as long on the wire as in
/// memory, and each is read before it is written, so a forward loop decodes
/// in place.
clv_status clvi_get_xdr(clv_buf *b, clv_kind kind, void *native,
                        unsigned char *wire, size_t count) {
  switch (kind) {
  case CLV_I8:
  case CLV_U8:
    if (native != wire && !xdr_bytes_run(XDR_DECODE, wire, native, count)) {
      clvi_set_error("libtirpc could not decode %zu bytes of opaque", count);
      return clvi_fail(b, CLV_E_DECODE);
    }
    for (size_t i = count; i % 4 != 0; ++i) // RFC 4506: the padding is zero
      if (wire[i] != 0) {
        clvi_set_error("xdr padding byte %u after %zu bytes of %s is not zero",
                       (unsigned)wire[i], count, clvi_kinds[kind].name);
        return clvi_fail(b, CLV_E_DECODE);
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
    clvi_set_error("write of values to a null buffer");
    return CLV_E_USAGE;
  }
  if (b->failed)
    return CLV_E_NOMEM;
  clv_status status = check_values(b, kind, p, count, "write");
  if (status != CLV_OK)
    return clvi_fail(b, status);
  size_t bytes;
  if (!clvi_wire_size(b->encoding, kind, count, &bytes)) {
    clvi_set_error("%zu values of %s do not fit in memory", count,
                   clvi_kinds[kind].name);
    return clvi_fail(b, CLV_E_NOMEM);
  }
  if (bytes == 0)
    return CLV_OK;
  unsigned char *out;
  status = clvi_extend(b, bytes, &out);
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
    clvi_set_error("read of values from a null buffer");
    return CLV_E_USAGE;
  }
  if (b->failed)
    return CLV_E_DECODE;
  clv_status status = check_values(b, kind, p, count, "read");
  if (status != CLV_OK)
    return clvi_fail(b, status);
  size_t bytes;
  if (!clvi_wire_size(b->encoding, kind, count, &bytes)) {
    clvi_set_error("%zu values of %s are more than a message holds", count,
                   clvi_kinds[kind].name);
    return clvi_fail(b, CLV_E_DECODE);
  }
  unsigned char *src;
  status = clvi_take(b, bytes, &src);
  if (status != CLV_OK || bytes == 0)
    return status;
  if (b->encoding == CLV_ENCODING_XDR)
    return clvi_get_xdr(b, kind, p, src, count);
  memcpy(p, src, bytes);
  return CLV_OK;
}
