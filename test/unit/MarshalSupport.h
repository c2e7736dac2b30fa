/// \file
/// What the tests of the runtime's encodings (EncodeTest.cpp), pointer graphs
/// (GraphTest.cpp) and regions (RegionTest.cpp) share: buffers made and read
/// as messages are, the fixture of the tests run in both encodings, and the
/// linked nodes and the struct that travel.
#ifndef CLEAVE_TEST_UNIT_MARSHALSUPPORT_H
#define CLEAVE_TEST_UNIT_MARSHALSUPPORT_H

#include "clv.h"

#include <rpc/types.h>
#include <rpc/xdr.h>

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <random>
#include <string>
#include <vector>


namespace marshal {

using Bytes = std::vector<unsigned char>;

inline Bytes bytesOf(const clv_buf &b) { return Bytes(b.data, b.data + b.size); }

/// An empty buffer in \p encoding.
inline clv_buf bufferIn(clv_encoding encoding) {
  clv_buf b;
  clv_buf_init(&b);
  b.encoding = encoding;
  return b;
}

/// A buffer in \p encoding holding \p bytes, as a message would.
inline clv_buf messageOf(clv_encoding encoding, const Bytes &bytes) {
  clv_buf b = bufferIn(encoding);
  EXPECT_EQ(clv_buf_put(&b, bytes.data(), bytes.size()), CLV_OK);
  return b;
}

/// The bytes of \p values of \p kind in \p encoding.
template <typename T>
inline Bytes encode(clv_kind kind, const std::vector<T> &values,
             clv_encoding encoding = CLV_ENCODING_XDR) {
  clv_buf b = bufferIn(encoding);
  EXPECT_EQ(clv_buf_put_values(&b, kind, values.data(), values.size()), CLV_OK)
      << clv_last_error();
  Bytes bytes = bytesOf(b);
  clv_buf_free(&b);
  return bytes;
}

inline void unsetEnvironment() {
  for (const char *variable : {"CLEAVE_TRANSPORT", "CLEAVE_NODES",
                               "CLEAVE_PASS", "CLEAVE_ENCODING"})
    unsetenv(variable);
}

/// Tests run in both encodings (instantiated in EncodeTest.cpp).
class EncodingTest : public ::testing::TestWithParam<clv_encoding> {};

// Pointer graphs

struct Node {
  int32_t value;
  Node *next;
  Node *other;
};

inline clv_status putNode(clv_buf *b, const void *object) {
  const Node *n = static_cast<const Node *>(object);
  clv_buf_put_values(b, CLV_I32, &n->value, 1);
  clv_buf_put_pointer(b, n->next, putNode);
  return clv_buf_put_pointer(b, n->other, putNode);
}

/// Reads a reference to a Node.
inline clv_status getNode(clv_buf *b, void *object);

inline Node *getNodePointer(clv_buf *b) {
  void *p = nullptr;
  clv_buf_get_pointer(b, &p, sizeof(Node), getNode);
  return static_cast<Node *>(p);
}

inline clv_status getNode(clv_buf *b, void *object) {
  Node *n = static_cast<Node *>(object);
  clv_buf_get_values(b, CLV_I32, &n->value, 1);
  n->next = getNodePointer(b);
  n->other = getNodePointer(b);
  return b->failed ? CLV_E_DECODE : CLV_OK;
}

/// A cycle of three nodes a -> b -> c -> a, each pointing at a fourth, shared
/// one that points at itself.
struct Ring {
  Node shared{4, nullptr, nullptr};
  Node a{1, nullptr, nullptr}, b{2, nullptr, nullptr}, c{3, nullptr, nullptr};
  Ring() {
    a.next = &b;
    b.next = &c;
    c.next = &a;
    a.other = b.other = c.other = shared.other = &shared;
  }
};

/// Checks that \p a heads a ring shaped as Ring's, whose shared node is
/// \p shared, and that none of it is \p original's.
inline void expectRing(const Node *a, const Node *shared, const Ring &original) {
  ASSERT_NE(a, nullptr);
  ASSERT_NE(shared, nullptr);
  EXPECT_NE(a, &original.a);
  EXPECT_NE(shared, &original.shared);
  const Node *b = a->next;
  ASSERT_NE(b, nullptr);
  const Node *c = b->next;
  ASSERT_NE(c, nullptr);
  EXPECT_EQ(c->next, a) << "the cycle is kept";
  EXPECT_EQ(a->value, 1);
  EXPECT_EQ(b->value, 2);
  EXPECT_EQ(c->value, 3);
  EXPECT_EQ(shared->value, 4);
  for (const Node *n : {a, b, c, shared})
    EXPECT_EQ(n->other, shared) << "the sharing is kept";
  EXPECT_EQ(shared->next, nullptr);
}

// Regions of objects

/// A struct without pointers, with padding after its last field.
struct Particle {
  float pos[3];
  int64_t id;
  int16_t tag;
};

inline clv_status putParticle(clv_buf *b, const void *object) {
  const Particle *p = static_cast<const Particle *>(object);
  clv_buf_put_values(b, CLV_F32, p->pos, 3);
  clv_buf_put_values(b, CLV_I64, &p->id, 1);
  return clv_buf_put_values(b, CLV_I16, &p->tag, 1);
}

inline clv_status getParticle(clv_buf *b, void *object) {
  Particle *p = static_cast<Particle *>(object);
  clv_buf_get_values(b, CLV_F32, p->pos, 3);
  clv_buf_get_values(b, CLV_I64, &p->id, 1);
  return clv_buf_get_values(b, CLV_I16, &p->tag, 1);
}

inline bool sameParticles(const Particle *a, const Particle *b, size_t count) {
  for (size_t i = 0; i < count; ++i)
    if (std::memcmp(a[i].pos, b[i].pos, sizeof a[i].pos) != 0 ||
        a[i].id != b[i].id || a[i].tag != b[i].tag)
      return false;
  return true;
}

inline std::vector<Particle> someParticles(size_t count) {
  std::vector<Particle> particles(count);
  for (size_t i = 0; i < count; ++i)
    particles[i] = Particle{{0.5f * static_cast<float>(i), -1.0f, 2.0f},
                            -static_cast<int64_t>(i) * (int64_t{1} << 40),
                            static_cast<int16_t>(i - 100)};
  return particles;
}

} // namespace marshal

#endif
