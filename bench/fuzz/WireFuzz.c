// libFuzzer target: a message as a serving node receives it, from bytes
// nobody checked. The header goes through clv_wire_decode; a call's payload
// is then decoded as a generated serving function decodes its arguments (an
// element count, a region of that many doubles, a fixed region copied into
// an array of the caller's). AddressSanitizer and UndefinedBehaviorSanitizer
// turn any read past the message or past a region into a crash.
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
static const clv_program program = {functions, 1};

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
