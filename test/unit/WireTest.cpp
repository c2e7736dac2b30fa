/// \file
/// Tests of the message header of the runtime's distributed transports
/// (runtime/clv_wire.h): the layout against bytes written out here, round
/// trips, every check clv_wire_decode makes on bytes it cannot trust, and the
/// signature of a program (function table, argument types, encoding).

#include "clv_wire.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

namespace {

clv_wire_header callHeader() {
  return clv_wire_header{
      CLV_WIRE_CALL, 0x0102030405060708u, 42, 3, 7, CLV_OK, -1, 0x0405,
      0x0100000000000009u};
}

/// The header of callHeader() followed by \p payload bytes.
std::vector<unsigned char> message(const clv_wire_header &header,
                                   size_t payload) {
  std::vector<unsigned char> bytes(CLV_WIRE_HEADER_SIZE + payload, 0xab);
  clv_wire_encode(&header, bytes.data());
  return bytes;
}

/// Decodes \p bytes with a limit of 100 bytes; returns the reason on failure.
std::string decode(const std::vector<unsigned char> &bytes,
                   clv_wire_header *header, size_t length) {
  char why[256] = "";
  clv_status status =
      clv_wire_decode(bytes.data(), length, 100, header, why, sizeof why);
  return status == CLV_OK ? "ok" : why;
}

TEST(WireTest, LayoutIsLittleEndianAtFixedOffsets) {
  std::vector<unsigned char> bytes = message(callHeader(), 0);
  const std::vector<unsigned char> expected = {
      'C',  'L',  'V',  '1', 3, 0, 1, 0, // magic, version, kind
      8,    7,    6,    5,   4, 3, 2, 1, // signature
      42,   0,    0,    0,   0, 0, 0, 0, // call id
      3,    0,    0,    0,   0, 0, 0, 0, // payload length
      7,    0,    0,    0,               // function
      0,    0,    0,    0,               // status
      0xff, 0xff, 0xff, 0xff,            // level -1
      5,    4,    0,    0,   0, 0, 0, 0, // work
      9,    0,    0,    0,   0, 0, 0, 1}; // other
  EXPECT_EQ(bytes, expected);
}

TEST(WireTest, RoundTrip) {
  clv_wire_header sent = callHeader();
  std::vector<unsigned char> bytes = message(sent, 3);
  clv_wire_header got;
  ASSERT_EQ(decode(bytes, &got, bytes.size()), "ok");
  EXPECT_EQ(got.kind, sent.kind);
  EXPECT_EQ(got.signature, sent.signature);
  EXPECT_EQ(got.call_id, sent.call_id);
  EXPECT_EQ(got.payload_size, sent.payload_size);
  EXPECT_EQ(got.function, sent.function);
  EXPECT_EQ(got.status, sent.status);
  EXPECT_EQ(got.level, sent.level);
  EXPECT_EQ(got.work_ns, sent.work_ns);
  EXPECT_EQ(got.other_ns, sent.other_ns);
}

TEST(WireTest, EveryTruncationOfTheHeaderIsRefused) {
  std::vector<unsigned char> bytes = message(callHeader(), 3);
  for (size_t length = 0; length < CLV_WIRE_HEADER_SIZE; ++length) {
    clv_wire_header got;
    EXPECT_EQ(decode(bytes, &got, length),
              std::to_string(length) +
                  " bytes, shorter than a header (60 bytes)");
    EXPECT_EQ(got.kind, 0u);
  }
  clv_wire_header got;
  char why[64];
  EXPECT_EQ(clv_wire_decode(nullptr, 60, 100, &got, why, sizeof why),
            CLV_E_DECODE);
}

TEST(WireTest, WrongMagicVersionOrKindLeavesNoHeader) {
  struct Case {
    size_t offset;
    unsigned char value;
    std::string why;
  };
  for (const Case &c : {Case{0, 'X', "no cleave message (magic 0x31564c58)"},
                        Case{4, 2, "protocol version 2, this runtime speaks 3"},
                        Case{6, 0, "unknown message kind 0"},
                        Case{6, 7, "unknown message kind 7"}}) {
    std::vector<unsigned char> bytes = message(callHeader(), 3);
    bytes[c.offset] = c.value;
    clv_wire_header got;
    EXPECT_EQ(decode(bytes, &got, bytes.size()), c.why);
    EXPECT_EQ(got.kind, 0u);
  }
}

TEST(WireTest, BadPayloadLengthOrStatusKeepsTheHeaderToAnswer) {
  clv_wire_header header = callHeader();
  clv_wire_header got;

  std::vector<unsigned char> bytes = message(header, 2);
  EXPECT_EQ(decode(bytes, &got, bytes.size()),
            "payload length 3 but 2 bytes follow the header");
  EXPECT_EQ(got.call_id, 42u);

  bytes = message(header, 4);
  EXPECT_EQ(decode(bytes, &got, bytes.size()),
            "payload length 3 but 4 bytes follow the header");

  header.payload_size = UINT64_MAX;
  bytes = message(header, 3);
  EXPECT_EQ(decode(bytes, &got, bytes.size()),
            "payload length 18446744073709551615 over the limit of 100 bytes "
            "(CLEAVE_MAX_MESSAGE)");
  EXPECT_EQ(got.kind, static_cast<uint32_t>(CLV_WIRE_CALL));

  header = callHeader();
  header.status = CLV_E_CANCELED + 1;
  bytes = message(header, 3);
  EXPECT_EQ(decode(bytes, &got, bytes.size()), "unknown status 10");
  EXPECT_EQ(got.call_id, 42u);
}

clv_status noEntry(clv_buf *, clv_buf *) { return CLV_OK; }

TEST(WireTest, SignatureTellsTablesApart) {
  const clv_function ab_c[] = {{"ab", noEntry}, {"c", noEntry}};
  const clv_function a_bc[] = {{"a", noEntry}, {"bc", noEntry}};
  const clv_function ab[] = {{"ab", noEntry}};
  const clv_encoding native = CLV_ENCODING_NATIVE;
  clv_program one{ab_c, 2, 0, native}, other{a_bc, 2, 0, native},
      shorter{ab_c, 1, 0, native}, same{ab, 1, 0, native};
  EXPECT_NE(clv_wire_signature(&one), clv_wire_signature(&other));
  EXPECT_NE(clv_wire_signature(&one), clv_wire_signature(&shorter));
  EXPECT_EQ(clv_wire_signature(&shorter), clv_wire_signature(&same));
  clv_program empty{nullptr, 0, 0, CLV_ENCODING_NATIVE};
  EXPECT_NE(clv_wire_signature(&empty), clv_wire_signature(&same));
}

/// FNV-1a (64 bits) of \p bytes: the signature as clv_wire.h describes it.
uint64_t fnv1a(const std::vector<unsigned char> &bytes) {
  uint64_t hash = 0xcbf29ce484222325u;
  for (unsigned char byte : bytes)
    hash = (hash ^ byte) * 0x100000001b3u;
  return hash;
}

TEST(WireTest, SignatureCoversArgumentTypesAndEncoding) {
  const clv_function ab[] = {{"ab", noEntry}};
  const clv_program plain{ab, 1, 0, CLV_ENCODING_NATIVE};
  const clv_program typed{ab, 1, 0x0102030405060708u, CLV_ENCODING_NATIVE};
  const clv_program otherTypes{ab, 1, 0x0102030405060709u, CLV_ENCODING_NATIVE};
  const clv_program xdr{ab, 1, 0, CLV_ENCODING_XDR};
  const clv_program typedXdr{ab, 1, 0x0102030405060708u, CLV_ENCODING_XDR};
  const uint64_t signatures[] = {
      clv_wire_signature(&plain), clv_wire_signature(&typed),
      clv_wire_signature(&otherTypes), clv_wire_signature(&xdr),
      clv_wire_signature(&typedXdr)};
  for (size_t i = 0; i < std::size(signatures); ++i)
    for (size_t j = i + 1; j < std::size(signatures); ++j)
      EXPECT_NE(signatures[i], signatures[j]) << i << " and " << j;

  // The bytes hashed: the count (4, little-endian), each name with its NUL,
  // the type hash (8) and the encoding (4).
  EXPECT_EQ(clv_wire_signature(&typedXdr),
            fnv1a({1, 0, 0, 0, 'a', 'b', 0, 8, 7, 6, 5, 4, 3, 2, 1, 1, 0, 0,
                   0}));
}

} // namespace
