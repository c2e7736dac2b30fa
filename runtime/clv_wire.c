/// \file
/// Encoding and checking of the message header described in clv_wire.h. Byte
/// by byte, so the layout does not depend on the host's byte order or on the
/// alignment of the buffer.

#include "clv_wire.h"

#include <inttypes.h>
#include <stdio.h>

static void put_le(unsigned char *out, uint64_t value, int bytes) {
  for (int i = 0; i < bytes; ++i)
    out[i] = (unsigned char)(value >> (8 * i));
}

static uint64_t get_le(const unsigned char *in, int bytes) {
  uint64_t value = 0;
  for (int i = 0; i < bytes; ++i)
    value |= (uint64_t)in[i] << (8 * i);
  return value;
}

void clv_wire_encode(const clv_wire_header *header,
                     unsigned char out[CLV_WIRE_HEADER_SIZE]) {
  put_le(out, CLV_WIRE_MAGIC, 4);
  put_le(out + 4, CLV_WIRE_VERSION, 2);
  put_le(out + 6, header->kind, 2);
  put_le(out + 8, header->signature, 8);
  put_le(out + 16, header->call_id, 8);
  put_le(out + 24, header->payload_size, 8);
  put_le(out + 32, header->function, 4);
  put_le(out + 36, header->status, 4);
  put_le(out + 40, (uint32_t)header->level, 4);
  put_le(out + 44, header->work_ns, 8);
  put_le(out + 52, header->other_ns, 8);
}

clv_status clv_wire_decode(const unsigned char *bytes, size_t length,
                           uint64_t max_payload, clv_wire_header *header,
                           char *why, size_t why_size) {
  *header = (clv_wire_header){0, 0, 0, 0, 0, 0, 0, 0, 0};
  if (!bytes || length < CLV_WIRE_HEADER_SIZE) {
    snprintf(why, why_size, "%zu bytes, shorter than a header (%d bytes)",
             bytes ? length : 0, CLV_WIRE_HEADER_SIZE);
    return CLV_E_DECODE;
  }
  uint64_t magic = get_le(bytes, 4);
  uint64_t version = get_le(bytes + 4, 2);
  uint64_t kind = get_le(bytes + 6, 2);
  if (magic != CLV_WIRE_MAGIC) {
    snprintf(why, why_size, "no cleave message (magic 0x%08" PRIx64 ")", magic);
    return CLV_E_DECODE;
  }
  if (version != CLV_WIRE_VERSION) {
    snprintf(why, why_size,
             "protocol version %" PRIu64 ", this runtime speaks %d", version,
             CLV_WIRE_VERSION);
    return CLV_E_DECODE;
  }
  if (kind < CLV_WIRE_CALL || kind > CLV_WIRE_EXITED) {
    snprintf(why, why_size, "unknown message kind %" PRIu64, kind);
    return CLV_E_DECODE;
  }
  header->kind = (uint32_t)kind;
  header->signature = get_le(bytes + 8, 8);
  header->call_id = get_le(bytes + 16, 8);
  header->payload_size = get_le(bytes + 24, 8);
  header->function = (uint32_t)get_le(bytes + 32, 4);
  header->status = (uint32_t)get_le(bytes + 36, 4);
  header->level = (int32_t)(uint32_t)get_le(bytes + 40, 4);
  header->work_ns = get_le(bytes + 44, 8);
  header->other_ns = get_le(bytes + 52, 8);

  size_t received = length - CLV_WIRE_HEADER_SIZE;
  if (header->status > CLV_E_CANCELED) {
    snprintf(why, why_size, "unknown status %" PRIu32, header->status);
    return CLV_E_DECODE;
  }
  if (header->payload_size > max_payload) {
    snprintf(why, why_size,
             "payload length %" PRIu64 " over the limit of %" PRIu64
             " bytes (CLEAVE_MAX_MESSAGE)",
             header->payload_size, max_payload);
    return CLV_E_DECODE;
  }
  if (header->payload_size != received) {
    snprintf(why, why_size,
             "payload length %" PRIu64 " but %zu bytes follow the header",
             header->payload_size, received);
    return CLV_E_DECODE;
  }
  return CLV_OK;
}

/// One step of FNV-1a (64 bits) over the \p bytes low bytes of \p value,
/// little-endian.
static uint64_t hash_le(uint64_t hash, uint64_t value, int bytes) {
  for (int i = 0; i < bytes; ++i)
    hash = (hash ^ (unsigned char)(value >> (8 * i))) * 0x100000001b3u;
  return hash;
}

// FNV-1a (64 bits) over the count, 4 bytes little-endian, each name with its
// NUL (so that "ab","c" and "a","bc" differ), then the type hash (8 bytes)
// and the encoding (4 bytes).
uint64_t clv_wire_signature(const clv_program *prog) {
  uint64_t hash = hash_le(0xcbf29ce484222325u, prog->count, 4);
  for (uint32_t i = 0; i < prog->count; ++i) {
    const char *name = prog->functions[i].name ? prog->functions[i].name : "";
    for (const char *c = name;; ++c) { // the NUL too, to separate the names
      hash = hash_le(hash, (unsigned char)*c, 1);
      if (!*c)
        break;
    }
  }
  hash = hash_le(hash, prog->types, 8);
  return hash_le(hash, (uint32_t)prog->encoding, 4);
}
