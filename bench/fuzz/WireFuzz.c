// libFuzzer target: a message as a serving node receives it, from bytes
// nobody checked. The header goes through clv_wire_decode; a call's payload
// is then decoded as a generated serving function decodes its arguments (an
// element count, a region of that many doubles, a fixed region copied into
// an array of the caller's), and again in the XDR encoding by one of four
// decoders its first byte picks: runs of values, typed regions (decoded in
// place and copied), regions of objects, or a linked structure (clv_buf_get_pointer and
// clv_buf_get_pending). AddressSanitizer and UndefinedBehaviorSanitizer turn
// any read past the message, a region or an object into a crash, and
// LeakSanitizer any object of a linked structure left behind.
//
//   make check:  build/bin/wire-fuzz -runs=200000 -seed=1 (test/runtime/fuzz-wire.test)
//   by hand:     build/bin/wire-fuzz -max_total_time=600 CORPUS_DIR
#define _POSIX_C_SOURCE 200809L

#include "clv.h"
#include "clv_wire.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/// The largest payload the fuzzed node accepts (CLEAVE_MAX_MESSAGE).
enum { MAX_PAYLOAD = 1 << 16 };

static const clv_function functions[] = {{"f", NULL}};
static const clv_program program = {functions, 1, 0, CLV_ENCODING_NATIVE};

int LLVMFuzzerInitialize(int *argc, char ***argv) {
  (void)argc;
  (void)argv;
  // Regions by copy, as on a distributed transport: a shared region is the
  // caller's own address, which only one process can trust.
  setenv("CLEAVE_TRANSPORT", "threads", 1);
  setenv("CLEAVE_NODES", "1", 1);
  setenv("CLEAVE_PASS", "copy", 1);
  if (clv_init(NULL, NULL, &program) != CLV_OK)
    abort();
  return 0;
}

/// A node of a linked structure, as generated code declares one.
typedef struct node {
  int32_t value;
  struct node *next;
  struct node *other;
} node;

static clv_status get_node(clv_buf *b, void *object) {
  node *n = object;
  void *next = NULL, *other = NULL;
  clv_buf_get_values(b, CLV_I32, &n->value, 1);
  clv_buf_get_pointer(b, &next, sizeof(node), get_node);
  clv_buf_get_pointer(b, &other, sizeof(node), get_node);
  n->next = next;
  n->other = other;
  return b->failed ? CLV_E_DECODE : CLV_OK;
}

/// An element of a region of objects, as generated code declares one.
typedef struct pair {
  int16_t tag;
  double value;
} pair;

static clv_status get_pair(clv_buf *b, void *object) {
  pair *p = object;
  clv_buf_get_values(b, CLV_I16, &p->tag, 1);
  return clv_buf_get_values(b, CLV_F64, &p->value, 1);
}

/// Decodes \p size bytes at \p payload in XDR with the decoder their first
/// byte picks, and reads what it returns.
static void receive_xdr(const unsigned char *payload, size_t size) {
  if (size == 0)
    return;
  clv_buf args;
  clv_buf_init(&args);
  args.encoding = CLV_ENCODING_XDR;
  if (clv_buf_put(&args, payload + 1, size - 1) != CLV_OK) {
    clv_buf_free(&args);
    return;
  }
  volatile double sum = 0;
  uint8_t count = 0;
  switch (payload[0] % 4) {
  case 0: { // runs of values of every width
    int16_t shorts[256];
    uint16_t ushorts[256];
    float floats[4];
    int8_t bytes[5];
    clv_buf_get_values(&args, CLV_U8, &count, 1);
    clv_buf_get_values(&args, CLV_I16, shorts, count);
    clv_buf_get_values(&args, CLV_U16, ushorts, count);
    clv_buf_get_values(&args, CLV_F32, floats, 4);
    clv_buf_get_values(&args, CLV_I8, bytes, 5);
    if (!args.failed && count > 0)
      sum += (double)shorts[count - 1] + ushorts[count - 1];
    if (!args.failed)
      sum += floats[3] + bytes[4];
    break;
  }
  case 1: { // typed regions, in place and into an array
    clv_buf_get_values(&args, CLV_U8, &count, 1);
    const int16_t *shorts = clv_buf_get_region_values(&args, CLV_I16, count);
    const double *values = clv_buf_get_region_values(&args, CLV_F64, count);
    for (uint8_t i = 0; shorts && values && i < count; ++i)
      sum += (double)shorts[i] + values[i];
    uint64_t into[4];
    clv_buf_get_region_values_into(&args, CLV_U64, into, 4);
    break;
  }
  case 2: { // regions of objects, into storage of the buffer and an array
    clv_buf_get_values(&args, CLV_U8, &count, 1);
    const pair *pairs =
        clv_buf_get_region_objects(&args, sizeof(pair), count, get_pair);
    for (uint8_t i = 0; pairs && i < count; ++i)
      sum += pairs[i].tag + pairs[i].value;
    pair into[2];
    clv_buf_get_region_objects_into(&args, into, sizeof(pair), 2, get_pair);
    break;
  }
  default: { // a linked structure: walk it, cycles and all, a bounded way
    void *head = NULL;
    clv_buf_get_pointer(&args, &head, sizeof(node), get_node);
    if (clv_buf_get_pending(&args) == CLV_OK)
      for (const node *n = head; n && count < 255; n = n->next, ++count)
        sum += (double)n->value + (n->other ? n->other->value : 0);
  }
  }
  clv_buf_free(&args);
}

/// Decodes \p message as a serving node does.
static void receive(const unsigned char *message, size_t size) {
  clv_wire_header header;
  char why[128];
  if (clv_wire_decode(message, size, MAX_PAYLOAD, &header, why, sizeof why) != CLV_OK ||
      header.kind != CLV_WIRE_CALL)
    return;
  clv_buf args;
  clv_buf_init(&args);
  if (clv_buf_put(&args, message + CLV_WIRE_HEADER_SIZE, (size_t)header.payload_size) !=
      CLV_OK) {
    clv_buf_free(&args);
    return;
  }
  uint32_t count;
  if (clv_buf_get(&args, &count, sizeof count) == CLV_OK) {
    const double *values = clv_buf_get_region(&args, sizeof(double), count);
    volatile double sum = 0;
    if (values)
      for (uint32_t i = 0; i < count; ++i)
        sum += values[i];
    int into[16];
    (void)clv_buf_get_region_into(&args, into, sizeof(int), 16);
  }
  clv_buf_free(&args);
  receive_xdr(message + CLV_WIRE_HEADER_SIZE, (size_t)header.payload_size);
}

/// Raw bytes rarely get past the magic number, so half the inputs are
/// messages with a well-formed start: a header encoded from the input's
/// first bytes (kind, status and function as they come; a payload length
/// either true or taken from the input), then the rest as the payload.
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size < 12 || !(data[0] & 1)) {
    receive(data, size);
    return 0;
  }
  clv_wire_header header = {0};
  header.kind = data[1] % 4;
  header.status = data[2] % 12;
  header.function = data[3];
  header.signature = clv_wire_signature(&program);
  header.level = (int8_t)data[11];
  size_t payload = size - 12;
  uint64_t claimed = 0;
  for (int i = 0; i < 7; ++i)
    claimed = claimed << 8 | data[4 + i];
  header.payload_size = data[0] & 2 ? claimed : payload;
  unsigned char *message = malloc(CLV_WIRE_HEADER_SIZE + payload);
  if (!message)
    return 0;
  clv_wire_encode(&header, message);
  memcpy(message + CLV_WIRE_HEADER_SIZE, data + 12, payload);
  receive(message, CLV_WIRE_HEADER_SIZE + payload);
  free(message);
  return 0;
}
