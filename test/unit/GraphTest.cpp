/// \file
/// Tests of pointer graphs in the cleave runtime's buffers
/// (runtime/clv_graph.c, through clv.h), in both encodings: sharing and
/// cycles kept, the XDR bytes, a list of a million nodes, and references that
/// do not decode.

#include "MarshalSupport.h"

namespace {

using namespace marshal;

TEST_P(EncodingTest, GraphWithSharingAndACycleRoundTrips) {
  Ring ring;
  clv_buf b = bufferIn(GetParam());
  ASSERT_EQ(clv_buf_put_pointer(&b, &ring.a, putNode), CLV_OK);
  ASSERT_EQ(clv_buf_put_pointer(&b, &ring.shared, putNode), CLV_OK);
  ASSERT_EQ(clv_buf_put_pointer(&b, nullptr, putNode), CLV_OK);
  ASSERT_EQ(clv_buf_put_pending(&b), CLV_OK) << clv_last_error();
  // 3 references, then 4 objects of a value and 2 references each.
  EXPECT_EQ(b.size, 3 * 8 + 4 * (4 + 2 * 8));

  Node *a = getNodePointer(&b);
  Node *shared = getNodePointer(&b);
  Node *none = getNodePointer(&b);
  ASSERT_EQ(clv_buf_get_pending(&b), CLV_OK) << clv_last_error();
  EXPECT_EQ(none, nullptr);
  EXPECT_EQ(b.pos, b.size);
  expectRing(a, shared, ring);
  clv_buf_free(&b); // frees the nodes read: the leak checker sees it
  EXPECT_EQ(b.graph, nullptr);
}

TEST(GraphTest, GraphXdrBytes) {
  Node single{5, nullptr, nullptr};
  single.other = &single;
  clv_buf b = bufferIn(CLV_ENCODING_XDR);
  ASSERT_EQ(clv_buf_put_pointer(&b, &single, putNode), CLV_OK);
  ASSERT_EQ(clv_buf_put_pending(&b), CLV_OK);
  EXPECT_EQ(bytesOf(b), (Bytes{0, 0, 0, 0, 0, 0, 0, 1,    // reference to 1
                               0, 0, 0, 5,                // its value
                               0, 0, 0, 0, 0, 0, 0, 0,    // next: NULL
                               0, 0, 0, 0, 0, 0, 0, 1})); // other: itself
  clv_buf_free(&b);
}

TEST(GraphTest, SameAddressWithAnotherPutIsAnotherObject) {
  Node n{9, nullptr, nullptr};
  auto putValue = [](clv_buf *b, const void *object) {
    return clv_buf_put_values(b, CLV_I32, object, 1);
  };
  clv_buf b = bufferIn(CLV_ENCODING_NATIVE);
  ASSERT_EQ(clv_buf_put_pointer(&b, &n, putNode), CLV_OK);
  ASSERT_EQ(clv_buf_put_pointer(&b, &n.value, putValue), CLV_OK);
  ASSERT_EQ(clv_buf_put_pointer(&b, &n, putNode), CLV_OK);
  uint64_t numbers[3];
  ASSERT_EQ(clv_buf_get_values(&b, CLV_U64, numbers, 3), CLV_OK);
  EXPECT_EQ(numbers[0], 1u);
  EXPECT_EQ(numbers[1], 2u);
  EXPECT_EQ(numbers[2], 1u);
  ASSERT_EQ(clv_buf_put_pending(&b), CLV_OK);
  clv_buf_free(&b);
}

TEST_P(EncodingTest, MillionNodeListNeedsNoDeepStack) {
  constexpr size_t kNodes = 1000000;
  std::vector<Node> list(kNodes);
  for (size_t i = 0; i < kNodes; ++i)
    list[i] = Node{static_cast<int32_t>(i), i + 1 < kNodes ? &list[i + 1] : nullptr,
                   &list[i / 2]};
  clv_buf b = bufferIn(GetParam());
  ASSERT_EQ(clv_buf_put_pointer(&b, list.data(), putNode), CLV_OK);
  ASSERT_EQ(clv_buf_put_pending(&b), CLV_OK) << clv_last_error();
  Node *head = getNodePointer(&b);
  ASSERT_EQ(clv_buf_get_pending(&b), CLV_OK) << clv_last_error();
  std::vector<Node *> read;
  read.reserve(kNodes);
  for (Node *n = head; n && read.size() <= kNodes; n = n->next)
    read.push_back(n);
  ASSERT_EQ(read.size(), kNodes);
  for (size_t i = 0; i < kNodes; ++i) {
    ASSERT_EQ(read[i]->value, static_cast<int32_t>(i));
    ASSERT_EQ(read[i]->other, read[i / 2]);
  }
  clv_buf_free(&b);
}

TEST(GraphTest, BadReferencesDoNotDecode) {
  // Object 5 before any other.
  clv_buf b = bufferIn(CLV_ENCODING_XDR);
  const uint64_t five = 5;
  ASSERT_EQ(clv_buf_put_values(&b, CLV_U64, &five, 1), CLV_OK);
  void *object = &b;
  EXPECT_EQ(clv_buf_get_pointer(&b, &object, sizeof(Node), getNode),
            CLV_E_DECODE);
  EXPECT_EQ(object, nullptr);
  EXPECT_TRUE(b.failed);
  EXPECT_STREQ(clv_last_error(), "reference to object 5 of a pointer graph, "
                                 "but 0 were read and the next new one is 1");
  clv_buf_free(&b);

  // Object 1, then object 1 again as another type.
  b = bufferIn(CLV_ENCODING_XDR);
  const uint64_t ones[2] = {1, 1};
  ASSERT_EQ(clv_buf_put_values(&b, CLV_U64, ones, 2), CLV_OK);
  void *first = nullptr, *again = &b;
  ASSERT_EQ(clv_buf_get_pointer(&b, &first, sizeof(Node), getNode), CLV_OK);
  EXPECT_NE(first, nullptr);
  EXPECT_EQ(clv_buf_get_pointer(&b, &again, 2 * sizeof(Node), getNode),
            CLV_E_DECODE);
  EXPECT_EQ(again, nullptr);
  EXPECT_STREQ(clv_last_error(),
               "object 1 of a pointer graph referenced as another type than "
               "it was read as (48 bytes, read as 24)");
  clv_buf_free(&b);

  // Object 1 twice as the same type: the same object.
  b = bufferIn(CLV_ENCODING_NATIVE);
  ASSERT_EQ(clv_buf_put_values(&b, CLV_U64, ones, 2), CLV_OK);
  first = again = nullptr;
  ASSERT_EQ(clv_buf_get_pointer(&b, &first, sizeof(Node), getNode), CLV_OK);
  ASSERT_EQ(clv_buf_get_pointer(&b, &again, sizeof(Node), getNode), CLV_OK);
  EXPECT_EQ(first, again);
  EXPECT_EQ(clv_buf_get_pending(&b), CLV_E_DECODE) << "its contents are missing";
  clv_buf_free(&b);
}

TEST(GraphTest, ForgedReferencesCostTheMessageTheirBytes) {
  // A thousand new objects and no contents: each was allocated, reading their
  // contents fails, and the buffer frees them (the leak checker sees it).
  clv_buf b = bufferIn(CLV_ENCODING_XDR);
  for (uint64_t i = 1; i <= 1000; ++i)
    ASSERT_EQ(clv_buf_put_values(&b, CLV_U64, &i, 1), CLV_OK);
  for (int i = 0; i < 1000; ++i) {
    void *p = nullptr;
    ASSERT_EQ(clv_buf_get_pointer(&b, &p, 1000, getNode), CLV_OK);
    ASSERT_NE(p, nullptr);
    EXPECT_EQ(reinterpret_cast<uintptr_t>(p) % alignof(std::max_align_t), 0u);
    EXPECT_EQ(static_cast<unsigned char *>(p)[999], 0) << "zeroed";
  }
  void *p = &b;
  EXPECT_EQ(clv_buf_get_pointer(&b, &p, 1000, getNode), CLV_E_DECODE)
      << "the message is used up";
  EXPECT_EQ(p, nullptr);
  EXPECT_EQ(clv_buf_get_pending(&b), CLV_E_DECODE);
  clv_buf_free(&b);
}

TEST(GraphTest, BadPointerArgumentsAreUsageErrors) {
  Node n{1, nullptr, nullptr};
  clv_buf b = bufferIn(CLV_ENCODING_XDR);
  EXPECT_EQ(clv_buf_put_pointer(&b, &n, nullptr), CLV_E_USAGE);
  EXPECT_TRUE(b.failed);
  EXPECT_EQ(clv_buf_put_pending(&b), CLV_E_NOMEM) << "the buffer failed";
  clv_buf_free(&b);
  EXPECT_EQ(clv_buf_put_pointer(nullptr, &n, putNode), CLV_E_USAGE);
  EXPECT_EQ(clv_buf_put_pending(nullptr), CLV_E_USAGE);
  EXPECT_EQ(clv_buf_get_pending(nullptr), CLV_E_USAGE);

  b = messageOf(CLV_ENCODING_XDR, Bytes(8, 0));
  void *p = &b;
  EXPECT_EQ(clv_buf_get_pointer(&b, &p, 0, getNode), CLV_E_USAGE);
  EXPECT_EQ(p, nullptr);
  clv_buf_free(&b);
  b = messageOf(CLV_ENCODING_XDR, Bytes(8, 0));
  EXPECT_EQ(clv_buf_get_pointer(&b, &p, 8, nullptr), CLV_E_USAGE);
  EXPECT_STREQ(clv_last_error(), "read of a pointer to objects of 8 bytes "
                                 "without a function reading them");
  clv_buf_free(&b);
  b = messageOf(CLV_ENCODING_XDR, Bytes(8, 0));
  EXPECT_EQ(clv_buf_get_pointer(&b, nullptr, 8, getNode), CLV_E_USAGE);
  clv_buf_free(&b);
}

TEST(GraphTest, PutPendingWritesObjectsQueuedWhileWriting) {
  // Writing the head queues the next node, and so on: one call writes all.
  Node list[3] = {{1, nullptr, nullptr}, {2, nullptr, nullptr},
                  {3, nullptr, nullptr}};
  list[0].next = &list[1];
  list[1].next = &list[2];
  clv_buf b = bufferIn(CLV_ENCODING_NATIVE);
  ASSERT_EQ(clv_buf_put_pointer(&b, &list[0], putNode), CLV_OK);
  ASSERT_EQ(clv_buf_put_pending(&b), CLV_OK);
  EXPECT_EQ(b.size, 8 + 3 * (4 + 16));
  ASSERT_EQ(clv_buf_put_pending(&b), CLV_OK) << "nothing left: nothing written";
  EXPECT_EQ(b.size, 8 + 3 * (4 + 16));
  clv_buf_free(&b);
}

} // namespace
