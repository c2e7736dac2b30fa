/// \file
/// Tests of regions in the cleave runtime (runtime/clv_region.c, through
/// clv.h) with the runtime started: typed regions and regions of objects in
/// both passing modes (decoded in place and aligned in copy mode), strided
/// regions of rows (every kind of stride, laid out as the caller's memory in
/// copy mode), and calls on the threads transport with CLEAVE_ENCODING=xdr.

#include "MarshalSupport.h"

#include <array>
#include <vector>

namespace {

using namespace marshal;

// ---------------------------------------------------------------------------
// The runtime: typed regions, regions of objects, and calls in the xdr
// encoding

enum Fn : uint32_t {
  kScale,       ///< (count, region of double, factor) -> encodings, sum, region
  kListSum,     ///< (list) -> sum of its values, then a Ring's three nodes
  kLeaveQueued, ///< () -> a reply with an object queued and not written
  kMove,        ///< (count, region of Particle) -> the region, each tag + 1
  kNumFns
};

clv_status scaleEntry(clv_buf *args, clv_buf *result) {
  uint32_t count = 0;
  int16_t factor = 0;
  clv_buf_get_values(args, CLV_U32, &count, 1);
  auto *p =
      static_cast<double *>(clv_buf_get_region_values(args, CLV_F64, count));
  clv_buf_get_values(args, CLV_I16, &factor, 1);
  if (args->failed)
    return CLV_E_DECODE;
  double sum = 0;
  for (uint32_t i = 0; i < count; ++i) {
    p[i] *= factor;
    sum += p[i];
  }
  const int32_t encodings[2] = {args->encoding, result->encoding};
  clv_buf_put_values(result, CLV_I32, encodings, 2);
  clv_buf_put_values(result, CLV_F64, &sum, 1);
  return clv_buf_put_region_values(result, CLV_F64, p, count);
}

clv_status listSumEntry(clv_buf *args, clv_buf *result) {
  Node *head = getNodePointer(args);
  if (clv_buf_get_pending(args) != CLV_OK)
    return CLV_E_DECODE;
  int64_t sum = 0;
  for (Node *n = head; n; n = n->next)
    sum += n->value;
  clv_buf_put_values(result, CLV_I64, &sum, 1);
  Ring ring;
  clv_buf_put_pointer(result, &ring.a, putNode);
  clv_buf_put_pointer(result, &ring.shared, putNode);
  return clv_buf_put_pending(result);
}

clv_status leaveQueuedEntry(clv_buf *, clv_buf *result) {
  static const Node lonely{1, nullptr, nullptr};
  return clv_buf_put_pointer(result, &lonely, putNode);
}

clv_status moveEntry(clv_buf *args, clv_buf *result) {
  uint32_t count = 0;
  clv_buf_get_values(args, CLV_U32, &count, 1);
  auto *p = static_cast<Particle *>(
      clv_buf_get_region_objects(args, sizeof(Particle), count, getParticle));
  if (args->failed)
    return CLV_E_DECODE;
  for (uint32_t i = 0; i < count; ++i)
    ++p[i].tag;
  return clv_buf_put_region_objects(result, p, sizeof(Particle), count,
                                    putParticle);
}

const clv_function kFunctions[kNumFns] = {
    {"scale", scaleEntry},
    {"list_sum", listSumEntry},
    {"leave_queued", leaveQueuedEntry},
    {"move", moveEntry},
};
const clv_program kProgram = {kFunctions, kNumFns, 0, CLV_ENCODING_NATIVE};
const clv_program kXdrProgram = {kFunctions, kNumFns, 0, CLV_ENCODING_XDR};

class RuntimeMarshalTest : public ::testing::Test {
protected:
  void SetUp() override { unsetEnvironment(); }
  void TearDown() override {
    if (clv_nodes() > 0) {
      EXPECT_EQ(clv_finalize(), CLV_OK) << clv_last_error();
    }
    unsetEnvironment();
    EXPECT_EQ(clv_encoding_in_use(), CLV_ENCODING_NATIVE) << "back to native";
  }

  /// Starts \p nodes nodes passing regions as \p pass says, in \p encoding
  /// (CLEAVE_ENCODING; nullptr: unset) for \p program.
  static void start(int nodes, const char *pass, const char *encoding,
                    const clv_program &program = kProgram) {
    setenv("CLEAVE_NODES", std::to_string(nodes).c_str(), 1);
    setenv("CLEAVE_PASS", pass, 1);
    if (encoding)
      setenv("CLEAVE_ENCODING", encoding, 1);
    ASSERT_EQ(clv_init(nullptr, nullptr, &program), CLV_OK) << clv_last_error();
  }
};

TEST_F(RuntimeMarshalTest, EncodingComesFromTheEnvironmentElseTheProgram) {
  ASSERT_NO_FATAL_FAILURE(start(1, "copy", "xdr"));
  EXPECT_EQ(clv_encoding_in_use(), CLV_ENCODING_XDR);
  clv_buf b;
  clv_buf_init(&b);
  EXPECT_EQ(b.encoding, CLV_ENCODING_XDR);
  ASSERT_EQ(clv_finalize(), CLV_OK);
  EXPECT_EQ(clv_encoding_in_use(), CLV_ENCODING_NATIVE);

  unsetenv("CLEAVE_ENCODING");
  ASSERT_NO_FATAL_FAILURE(start(1, "copy", nullptr, kXdrProgram));
  EXPECT_EQ(clv_encoding_in_use(), CLV_ENCODING_XDR) << "the program's";
  ASSERT_EQ(clv_finalize(), CLV_OK);

  ASSERT_NO_FATAL_FAILURE(start(1, "copy", "", kXdrProgram));
  EXPECT_EQ(clv_encoding_in_use(), CLV_ENCODING_XDR) << "empty: unset";
  ASSERT_EQ(clv_finalize(), CLV_OK);

  ASSERT_NO_FATAL_FAILURE(start(1, "copy", "native", kXdrProgram));
  EXPECT_EQ(clv_encoding_in_use(), CLV_ENCODING_NATIVE) << "the variable's";
}

TEST_F(RuntimeMarshalTest, RowsBehindPointersTravelOneByOne) {
  for (const char *pass : {"copy", "share"}) {
    ASSERT_NO_FATAL_FAILURE(start(1, pass, "xdr"));
    bool copied = std::string(pass) == "copy";
    double rows[3][4] = {{0, 1, 2, 3}, {10, 11, 12, 13}, {20, 21, 22, 23}};
    double *grid[4] = {rows[2], nullptr, rows[0], rows[1]};
    clv_buf args;
    clv_buf_init(&args);
    // Pointers 0 to 3, the rows of 1 to 3 (one of them null), columns 1 to 2.
    ASSERT_EQ(clv_buf_put_addresses(&args, grid, 4), CLV_OK);
    for (int r = 1; r < 4; ++r)
      ASSERT_EQ(clv_buf_put_row(&args, CLV_F64, grid[r], 1, 2), CLV_OK);
    double *mine[4];
    ASSERT_EQ(clv_buf_get_addresses(&args, mine, 4), CLV_OK);
    EXPECT_EQ(mine[0], grid[0]) << "an address as it was";
    for (int r = 1; r < 4; ++r) {
      void *row = mine[r];
      ASSERT_EQ(clv_buf_get_row(&args, CLV_F64, 1, 2, &row), CLV_OK);
      mine[r] = static_cast<double *>(row);
    }
    EXPECT_EQ(mine[1], nullptr);
    EXPECT_EQ(mine[2] == grid[2], !copied) << pass;
    EXPECT_EQ(mine[2][1], 1);
    EXPECT_EQ(mine[3][2], 12);
    mine[2][2] = -2;
    mine[3][1] = -11;
    clv_buf reply;
    clv_buf_init(&reply);
    for (int r = 1; r < 4; ++r)
      ASSERT_EQ(clv_buf_put_row(&reply, CLV_F64, mine[r], 1, 2), CLV_OK);
    for (int r = 1; r < 4; ++r)
      ASSERT_EQ(clv_buf_get_row_into(&reply, CLV_F64, grid[r], 1, 2), CLV_OK);
    EXPECT_EQ(rows[0][2], -2);
    EXPECT_EQ(rows[1][1], -11);
    EXPECT_EQ(rows[1][3], 13) << "past the columns: untouched";
    // A row that comes back for a null pointer does not decode.
    clv_buf back;
    clv_buf_init(&back);
    ASSERT_EQ(clv_buf_put_row(&back, CLV_F64, rows[0], 1, 2), CLV_OK);
    EXPECT_EQ(clv_buf_get_row_into(&back, CLV_F64, nullptr, 1, 2), CLV_E_DECODE);
    clv_buf_free(&back);
    clv_buf_free(&reply);
    clv_buf_free(&args);
    ASSERT_EQ(clv_finalize(), CLV_OK);
  }
}

TEST(ExtentsTest, RowsOfOneCallThatOverlapAreFound) {
  double mem[3][8];
  double *apart[2] = {mem[0], mem[1]}, *twice[2] = {mem[2], mem[2] + 4};
  clv_extent x[2];
  clv_extent_behind(&x[0], apart, 2, 0, 8, sizeof(double), 1);
  EXPECT_EQ(clv_extents_overlap_within(x, 1), 0);
  clv_extent_behind(&x[0], twice, 2, 0, 8, sizeof(double), 1);
  EXPECT_EQ(clv_extents_overlap_within(x, 1), 1) << "rows 4 elements apart";
  clv_extent_behind(&x[0], twice, 2, 0, 4, sizeof(double), 1);
  EXPECT_EQ(clv_extents_overlap_within(x, 1), 0) << "their first halves only";
  clv_extent_behind(&x[0], twice, 2, 0, 8, sizeof(double), 0);
  EXPECT_EQ(clv_extents_overlap_within(x, 1), 0) << "read only";
  // Another region of the call that a row's bytes share.
  clv_extent_behind(&x[0], apart, 2, 0, 8, sizeof(double), 1);
  clv_extent_span(&x[1], mem[1] + 7, 1, sizeof(double), 0);
  EXPECT_EQ(clv_extents_overlap_within(x, 2), 1);
  clv_extent_span(&x[1], mem[2], 8, sizeof(double), 0);
  EXPECT_EQ(clv_extents_overlap_within(x, 2), 0);
}

TEST_F(RuntimeMarshalTest, UnknownEncodingsAreRefused) {
  setenv("CLEAVE_ENCODING", "bogus", 1);
  EXPECT_EQ(clv_init(nullptr, nullptr, &kProgram), CLV_E_USAGE);
  EXPECT_STREQ(clv_last_error(),
               "CLEAVE_ENCODING='bogus': give 'native' (every node has the "
               "same data layout) or 'xdr' (nodes of different data formats)");
  EXPECT_EQ(clv_nodes(), 0);

  unsetenv("CLEAVE_ENCODING");
  const clv_program strange = {kFunctions, kNumFns, 0,
                               static_cast<clv_encoding>(7)};
  EXPECT_EQ(clv_init(nullptr, nullptr, &strange), CLV_E_USAGE);
  EXPECT_STREQ(clv_last_error(), "the program's table asks for encoding 7, "
                                 "which this runtime does not know (0 "
                                 "native, 1 xdr)");
  EXPECT_EQ(clv_nodes(), 0);
}

struct RegionCase {
  const char *pass;
  clv_encoding encoding;
};

class TypedRegionTest : public RuntimeMarshalTest,
                        public ::testing::WithParamInterface<RegionCase> {
protected:
  void SetUp() override {
    RuntimeMarshalTest::SetUp();
    ASSERT_NO_FATAL_FAILURE(start(1, GetParam().pass, nullptr));
  }
  bool shared() const { return std::string(GetParam().pass) == "share"; }
  clv_buf buffer() const { return bufferIn(GetParam().encoding); }
};

TEST_P(TypedRegionTest, RoundTripsAlignedAfterAnOddPrefix) {
  double values[5] = {1.5, -2.5, 3.5, 1e300, -0.0};
  clv_buf b = buffer();
  ASSERT_EQ(clv_buf_put(&b, "abc", 3), CLV_OK);
  ASSERT_EQ(clv_buf_put_region_values(&b, CLV_F64, values, 5), CLV_OK)
      << clv_last_error();
  b.pos = 3;
  auto *p = static_cast<double *>(clv_buf_get_region_values(&b, CLV_F64, 5));
  ASSERT_NE(p, nullptr) << clv_last_error();
  EXPECT_EQ(b.pos, b.size);
  if (shared()) {
    EXPECT_EQ(p, values);
  } else {
    auto *at = reinterpret_cast<unsigned char *>(p);
    EXPECT_TRUE(at >= b.data && at < b.data + b.size) << "in place";
    EXPECT_EQ(reinterpret_cast<uintptr_t>(p) % 16, 0u) << "aligned";
    EXPECT_EQ(std::memcmp(p, values, sizeof values), 0);
  }
  clv_buf_free(&b);

  // Into place, from a fresh copy (in xdr the first read decoded in place).
  b = buffer();
  ASSERT_EQ(clv_buf_put(&b, "abc", 3), CLV_OK);
  ASSERT_EQ(clv_buf_put_region_values(&b, CLV_F64, values, 5), CLV_OK);
  Bytes before = bytesOf(b);
  b.pos = 3;
  double into[5] = {};
  double *dest = shared() ? values : into;
  ASSERT_EQ(clv_buf_get_region_values_into(&b, CLV_F64, dest, 5), CLV_OK)
      << clv_last_error();
  EXPECT_EQ(std::memcmp(dest, values, sizeof values), 0);
  EXPECT_EQ(bytesOf(b), before) << "the buffer is not changed";
  clv_buf_free(&b);
}

TEST_P(TypedRegionTest, NarrowKindsDecodeInPlace) {
  int16_t shorts[7] = {-1, 2, INT16_MIN, INT16_MAX, 0, 5, -6};
  uint8_t bytes[5] = {1, 2, 3, 254, 255};
  clv_buf b = buffer();
  ASSERT_EQ(clv_buf_put_region_values(&b, CLV_I16, shorts, 7), CLV_OK);
  ASSERT_EQ(clv_buf_put_region_values(&b, CLV_U8, bytes, 5), CLV_OK);
  const uint32_t tail = 77;
  ASSERT_EQ(clv_buf_put_values(&b, CLV_U32, &tail, 1), CLV_OK);
  auto *s = static_cast<int16_t *>(clv_buf_get_region_values(&b, CLV_I16, 7));
  ASSERT_NE(s, nullptr) << clv_last_error();
  auto *u = static_cast<uint8_t *>(clv_buf_get_region_values(&b, CLV_U8, 5));
  ASSERT_NE(u, nullptr) << clv_last_error();
  uint32_t tailBack = 0;
  ASSERT_EQ(clv_buf_get_values(&b, CLV_U32, &tailBack, 1), CLV_OK);
  EXPECT_EQ(tailBack, tail);
  EXPECT_EQ(std::memcmp(s, shorts, sizeof shorts), 0);
  EXPECT_EQ(std::memcmp(u, bytes, sizeof bytes), 0);
  clv_buf_free(&b);
}

TEST_P(TypedRegionTest, WrongKindOrCountOrTruncationIsRejected) {
  int32_t values[10] = {};
  clv_buf b = buffer();
  ASSERT_EQ(clv_buf_put_region_values(&b, CLV_I32, values, 10), CLV_OK);
  EXPECT_EQ(clv_buf_get_region_values(&b, CLV_I64, 10), nullptr);
  EXPECT_TRUE(b.failed);
  EXPECT_STREQ(clv_last_error(), "region of 10 elements of 8 bytes expected, "
                                 "got 10 elements of 4 bytes");
  b.pos = 0;
  b.failed = 0;
  EXPECT_EQ(clv_buf_get_region_values_into(&b, CLV_I32, values, 9),
            CLV_E_DECODE);
  b.pos = 0;
  b.failed = 0;
  b.size -= 1;
  EXPECT_EQ(clv_buf_get_region_values(&b, CLV_I32, 10), nullptr);
  EXPECT_TRUE(b.failed);
  clv_buf_free(&b);

  b = buffer();
  EXPECT_EQ(clv_buf_put_region_values(&b, static_cast<clv_kind>(-1), values, 1),
            CLV_E_USAGE);
  clv_buf_free(&b);
}

TEST_P(TypedRegionTest, EmptyRegionsDecodeToSomePointer) {
  clv_buf b = buffer();
  ASSERT_EQ(clv_buf_put_region_values(&b, CLV_F32, nullptr, 0), CLV_OK);
  EXPECT_NE(clv_buf_get_region_values(&b, CLV_F32, 0), nullptr);
  b.pos = 0;
  EXPECT_EQ(clv_buf_get_region_values_into(&b, CLV_F32, nullptr, 0), CLV_OK);
  clv_buf_free(&b);
}

TEST_P(TypedRegionTest, RegionsOfObjectsRoundTrip) {
  std::vector<Particle> particles = someParticles(5);
  clv_buf b = buffer();
  ASSERT_EQ(clv_buf_put(&b, "abc", 3), CLV_OK);
  ASSERT_EQ(clv_buf_put_region_objects(&b, particles.data(), sizeof(Particle),
                                       5, putParticle),
            CLV_OK)
      << clv_last_error();
  const bool xdr = GetParam().encoding == CLV_ENCODING_XDR;
  if (!shared() && xdr) {
    EXPECT_EQ(b.size, 3 + 16 + 13 + 5 * (12 + 8 + 4)) << "element by element";
  }
  b.pos = 3;
  auto *p = static_cast<Particle *>(
      clv_buf_get_region_objects(&b, sizeof(Particle), 5, getParticle));
  ASSERT_NE(p, nullptr) << clv_last_error();
  EXPECT_EQ(b.pos, b.size);
  if (shared()) {
    EXPECT_EQ(p, particles.data());
  } else {
    EXPECT_NE(p, particles.data());
    EXPECT_EQ(reinterpret_cast<uintptr_t>(p) % 16, 0u) << "aligned";
    EXPECT_TRUE(sameParticles(p, particles.data(), 5));
  }
  b.pos = 3;
  std::vector<Particle> into(5, Particle{{9, 9, 9}, 9, 9});
  Particle *dest = shared() ? particles.data() : into.data();
  ASSERT_EQ(clv_buf_get_region_objects_into(&b, dest, sizeof(Particle), 5,
                                            getParticle),
            CLV_OK)
      << clv_last_error();
  EXPECT_TRUE(sameParticles(dest, particles.data(), 5));
  clv_buf_free(&b);

  // In the native encoding, or shared, it is a region of raw bytes.
  if (shared() || !xdr) {
    clv_buf objects = buffer(), raw = buffer();
    ASSERT_EQ(clv_buf_put_region_objects(&objects, particles.data(),
                                         sizeof(Particle), 5, putParticle),
              CLV_OK);
    ASSERT_EQ(clv_buf_put_region(&raw, particles.data(), sizeof(Particle), 5),
              CLV_OK);
    EXPECT_EQ(bytesOf(objects), bytesOf(raw));
    clv_buf_free(&objects);
    clv_buf_free(&raw);
  }
}

TEST_P(TypedRegionTest, RegionsOfObjectsRefuseBadInput) {
  std::vector<Particle> particles = someParticles(3);
  clv_buf b = buffer();
  ASSERT_EQ(clv_buf_put_region_objects(&b, particles.data(), sizeof(Particle),
                                       3, putParticle),
            CLV_OK);
  EXPECT_EQ(clv_buf_get_region_objects(&b, sizeof(Particle), 4, getParticle),
            nullptr)
      << "another count";
  b.pos = 0;
  b.failed = 0;
  b.size -= 1;
  EXPECT_EQ(clv_buf_get_region_objects(&b, sizeof(Particle), 3, getParticle),
            nullptr)
      << "truncated";
  EXPECT_TRUE(b.failed);
  b.pos = 0;
  b.failed = 0;
  Particle into[3] = {};
  Particle *dest = shared() ? particles.data() : into;
  EXPECT_EQ(clv_buf_get_region_objects_into(&b, dest, sizeof(Particle), 3,
                                            getParticle),
            CLV_E_DECODE);
  clv_buf_free(&b);

  if (shared() || GetParam().encoding != CLV_ENCODING_XDR)
    return;
  // A header that claims a million elements, the address a copied region
  // carries in one process, its padding and 8 bytes after it: refused before
  // anything is allocated for them.
  b = buffer();
  const uint64_t header[3] = {1000000, sizeof(Particle),
                              reinterpret_cast<uintptr_t>(particles.data())};
  ASSERT_EQ(clv_buf_put_values(&b, CLV_U64, header, 3), CLV_OK);
  ASSERT_EQ(clv_buf_put(&b, "\0\0\0\0\0\0\0\0" "12345678", 16), CLV_OK);
  EXPECT_EQ(clv_buf_get_region_objects(&b, sizeof(Particle), 1000000,
                                       getParticle),
            nullptr);
  EXPECT_STREQ(clv_last_error(),
               "short message: a region of 1000000 objects at offset 32 of 40");
  EXPECT_EQ(b.graph, nullptr) << "nothing allocated";
  clv_buf_free(&b);

  b = buffer();
  EXPECT_EQ(clv_buf_put_region_objects(&b, particles.data(), sizeof(Particle),
                                       3, nullptr),
            CLV_E_USAGE);
  EXPECT_STREQ(clv_last_error(), "write of a region of 3 objects of 32 bytes "
                                 "without a function for them");
  clv_buf_free(&b);
}

/// The shape of a strided region: \p rows rows of \p rowCount values, row r
/// starting r * \p stride elements after row 0's first element.
struct RowsShape {
  size_t rows, rowCount;
  ptrdiff_t stride;
};

std::string describe(const RowsShape &s) {
  return std::to_string(s.rows) + " rows of " + std::to_string(s.rowCount) +
         ", stride " + std::to_string(s.stride);
}

/// Strides larger than, equal to and smaller than the rows (overlapping),
/// zero, and negative (with a gap and overlapping).
const RowsShape kRowsShapes[] = {{3, 4, 6},  {3, 4, 4},  {3, 4, 2}, {3, 4, 0},
                                 {3, 4, -6}, {3, 4, -2}, {1, 5, -3}};

/// Offset from row 0's first element of the lowest element a row touches.
ptrdiff_t lowestOf(const RowsShape &s) {
  return s.stride < 0 ? static_cast<ptrdiff_t>(s.rows - 1) * s.stride : 0;
}

/// Elements from the lowest a row touches to the highest.
ptrdiff_t spanOf(const RowsShape &s) {
  return std::abs(s.stride) * static_cast<ptrdiff_t>(s.rows - 1) +
         static_cast<ptrdiff_t>(s.rowCount);
}

/// Whether a row of \p s covers the element \p offset elements after row 0's
/// first.
bool touches(const RowsShape &s, ptrdiff_t offset) {
  for (size_t r = 0; r < s.rows; ++r) {
    ptrdiff_t in = offset - static_cast<ptrdiff_t>(r) * s.stride;
    if (in >= 0 && in < static_cast<ptrdiff_t>(s.rowCount))
      return true;
  }
  return false;
}

/// 64 distinct non-zero doubles; row 0 of every shape above starts at
/// element kRowsAt, and every row stays inside.
constexpr ptrdiff_t kRowsAt = 20;
std::vector<double> rowsMemory() {
  std::vector<double> memory(64);
  for (size_t i = 0; i < memory.size(); ++i)
    memory[i] = 1.5 * static_cast<double>(i) - 20.25;
  return memory;
}

/// Writes the rows of shape \p s of \p kind whose row 0 starts at \p first.
clv_status putRows(clv_buf &b, clv_kind kind, const void *first,
                   const RowsShape &s) {
  return clv_buf_put_rows_values(&b, kind, first, s.rows, s.rowCount, s.stride);
}

/// Expects both readers of rows of \p kind to refuse the shape \p s in
/// \p b, read from its start (\p dest: where clv_buf_get_rows_values_into
/// puts row 0).
void expectRowsRefused(clv_buf &b, clv_kind kind, void *dest,
                       const RowsShape &s) {
  b.pos = 0;
  b.failed = 0;
  EXPECT_EQ(clv_buf_get_rows_values(&b, kind, s.rows, s.rowCount, s.stride),
            nullptr);
  EXPECT_TRUE(b.failed);
  b.pos = 0;
  b.failed = 0;
  EXPECT_EQ(clv_buf_get_rows_values_into(&b, kind, dest, s.rows, s.rowCount,
                                         s.stride),
            CLV_E_DECODE);
  EXPECT_TRUE(b.failed);
}

TEST_P(TypedRegionTest, RowsRoundTripForEveryStride) {
  std::vector<double> memory = rowsMemory();
  const double *first = memory.data() + kRowsAt;
  for (const RowsShape &s : kRowsShapes) {
    SCOPED_TRACE(describe(s));
    clv_buf b = buffer();
    ASSERT_EQ(clv_buf_put(&b, "abc", 3), CLV_OK);
    ASSERT_EQ(putRows(b, CLV_F64, first, s), CLV_OK) << clv_last_error();
    b.pos = 3;
    auto *p = static_cast<double *>(
        clv_buf_get_rows_values(&b, CLV_F64, s.rows, s.rowCount, s.stride));
    ASSERT_NE(p, nullptr) << clv_last_error();
    EXPECT_EQ(b.pos, b.size);
    if (shared()) {
      EXPECT_EQ(p, first);
    } else {
      EXPECT_NE(p, first);
      // Laid out as the caller's memory: each row in its place, zeros in the
      // gaps between rows.
      for (ptrdiff_t i = lowestOf(s); i < lowestOf(s) + spanOf(s); ++i)
        EXPECT_EQ(p[i], touches(s, i) ? first[i] : 0.0) << "element " << i;
    }
    clv_buf_free(&b);
  }
}

TEST_P(TypedRegionTest, RowsFarApartDecodeWithZeroGapsAfterADirtyBlock) {
  // A large region decoded and freed first leaves a kept block of non-zero
  // bytes; the rows after it, 4 MiB apart, span 8 MiB and hold 48 bytes,
  // and their storage comes fresh from the system (new_zeroed_object).
  std::vector<double> dense(1 << 21, 7.0);
  clv_buf b = buffer();
  ASSERT_EQ(clv_buf_put_region_values(&b, CLV_F64, dense.data(), dense.size()), CLV_OK);
  ASSERT_NE(clv_buf_get_region_values(&b, CLV_F64, dense.size()), nullptr)
      << clv_last_error();
  clv_buf_free(&b);
  const ptrdiff_t stride = ptrdiff_t(1) << 19;
  std::vector<double> memory(2 * stride + 2, 0.0);
  for (ptrdiff_t r = 0; r < 3; ++r)
    for (ptrdiff_t j = 0; j < 2; ++j)
      memory[r * stride + j] = 1.0 + static_cast<double>(r * 2 + j);
  b = buffer();
  ASSERT_EQ(clv_buf_put_rows_values(&b, CLV_F64, memory.data(), 3, 2, stride), CLV_OK);
  auto *p = static_cast<double *>(clv_buf_get_rows_values(&b, CLV_F64, 3, 2, stride));
  ASSERT_NE(p, nullptr) << clv_last_error();
  for (ptrdiff_t r = 0; r < 3; ++r)
    for (ptrdiff_t j = 0; j < 2; ++j)
      EXPECT_EQ(p[r * stride + j], memory[r * stride + j]);
  if (!shared())
    for (ptrdiff_t i : {ptrdiff_t(2), stride / 2, stride - 1, stride + 2, 2 * stride - 1})
      EXPECT_EQ(p[i], 0.0) << "element " << i;
  clv_buf_free(&b);
}

TEST_P(TypedRegionTest, RowsDecodeIntoTheirPlaces) {
  std::vector<double> memory = rowsMemory();
  double *first = memory.data() + kRowsAt;
  for (const RowsShape &s : kRowsShapes) {
    SCOPED_TRACE(describe(s));
    clv_buf b = buffer();
    ASSERT_EQ(putRows(b, CLV_F64, first, s), CLV_OK) << clv_last_error();
    const Bytes before = bytesOf(b);
    std::vector<double> into(memory.size(), -7.0);
    double *dest = shared() ? first : into.data() + kRowsAt;
    ASSERT_EQ(clv_buf_get_rows_values_into(&b, CLV_F64, dest, s.rows,
                                           s.rowCount, s.stride),
              CLV_OK)
        << clv_last_error();
    EXPECT_EQ(b.pos, b.size);
    EXPECT_EQ(bytesOf(b), before) << "the buffer is not changed";
    if (shared()) {
      b.pos = 0;
      EXPECT_EQ(clv_buf_get_rows_values_into(&b, CLV_F64, first + 1, s.rows,
                                             s.rowCount, s.stride),
                CLV_E_DECODE)
          << "another address";
      EXPECT_TRUE(b.failed);
    } else {
      for (size_t i = 0; i < into.size(); ++i) {
        ptrdiff_t offset = static_cast<ptrdiff_t>(i) - kRowsAt;
        EXPECT_EQ(into[i], touches(s, offset) ? memory[i] : -7.0)
            << "element " << offset << ": only the rows are written";
      }
    }
    clv_buf_free(&b);
  }
}

TEST_P(TypedRegionTest, RowsOfObjectsRoundTripAndDecodeIntoTheirPlaces) {
  std::vector<Particle> memory = someParticles(64);
  Particle *first = memory.data() + kRowsAt;
  const bool xdr = GetParam().encoding == CLV_ENCODING_XDR;
  const Particle zero{};
  for (const RowsShape &s : kRowsShapes) {
    SCOPED_TRACE(describe(s));
    clv_buf b = buffer();
    ASSERT_EQ(clv_buf_put(&b, "abc", 3), CLV_OK);
    ASSERT_EQ(clv_buf_put_rows_objects(&b, first, sizeof(Particle), s.rows,
                                       s.rowCount, s.stride, putParticle),
              CLV_OK)
        << clv_last_error();
    if (!shared() && xdr) {
      // Shape (8 + 8 + 8), region header (16), the address a copied region
      // carries in one process (8), padding (13 after 51 bytes), then 24
      // bytes an element, element by element.
      EXPECT_EQ(b.size, 3 + 24 + 16 + 8 + 13 + s.rows * s.rowCount * 24);
    }
    b.pos = 3;
    auto *p = static_cast<Particle *>(clv_buf_get_rows_objects(
        &b, sizeof(Particle), s.rows, s.rowCount, s.stride, getParticle));
    ASSERT_NE(p, nullptr) << clv_last_error();
    EXPECT_EQ(b.pos, b.size);
    if (shared()) {
      EXPECT_EQ(p, first);
    } else {
      EXPECT_NE(p, first);
      for (ptrdiff_t i = lowestOf(s); i < lowestOf(s) + spanOf(s); ++i)
        EXPECT_TRUE(sameParticles(&p[i], touches(s, i) ? &first[i] : &zero, 1))
            << "element " << i;
    }
    b.pos = 3;
    std::vector<Particle> into(memory.size(), Particle{{9, 9, 9}, 9, 9});
    Particle *dest = shared() ? first : into.data() + kRowsAt;
    ASSERT_EQ(clv_buf_get_rows_objects_into(&b, dest, sizeof(Particle), s.rows,
                                            s.rowCount, s.stride, getParticle),
              CLV_OK)
        << clv_last_error();
    EXPECT_EQ(b.pos, b.size);
    if (!shared())
      for (size_t i = 0; i < into.size(); ++i) {
        ptrdiff_t offset = static_cast<ptrdiff_t>(i) - kRowsAt;
        const Particle nine{{9, 9, 9}, 9, 9};
        EXPECT_TRUE(sameParticles(
            &into[i], touches(s, offset) ? &memory[i] : &nine, 1))
            << "element " << offset << ": only the rows are written";
      }
    clv_buf_free(&b);
  }
  // Without its function, in copy mode with xdr, a row of objects is
  // refused; a truncated message is refused in every mode.
  clv_buf b = buffer();
  clv_status without = clv_buf_put_rows_objects(&b, first, sizeof(Particle), 2,
                                                3, 4, nullptr);
  EXPECT_EQ(without, !shared() && xdr ? CLV_E_USAGE : CLV_OK);
  clv_buf_free(&b);
  b = buffer();
  ASSERT_EQ(clv_buf_put_rows_objects(&b, first, sizeof(Particle), 2, 3, 4,
                                     putParticle),
            CLV_OK);
  if (!shared()) {
    b.size -= 1;
    EXPECT_EQ(clv_buf_get_rows_objects(&b, sizeof(Particle), 2, 3, 4,
                                       getParticle),
              nullptr);
    EXPECT_TRUE(b.failed);
    b.size += 1;
  }
  b.pos = 0;
  b.failed = 0;
  EXPECT_EQ(clv_buf_get_rows_objects(&b, sizeof(Particle), 2, 3, 5,
                                     getParticle),
            nullptr)
      << "another stride";
  EXPECT_STREQ(clv_last_error(), "region of 2 rows of 3 objects, 5 apart, "
                                 "expected, got 2 rows of 3 objects, 4 apart");
  clv_buf_free(&b);
}

TEST_P(TypedRegionTest, NarrowRowsRoundTrip) {
  // In xdr each row of 16-bit values takes 4 bytes a value, and each row of
  // 3 bytes is padded to 4 on its own.
  const int16_t shorts[12] = {-1, 2, 3, INT16_MIN, INT16_MAX, 6,
                              7,  8, 9, 10,        -11,       12};
  const uint8_t bytes[12] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 254};
  const uint8_t *lastRow = bytes + 8; // row 0 of rows going down by 4
  clv_buf b = buffer();
  ASSERT_EQ(clv_buf_put_rows_values(&b, CLV_I16, shorts, 2, 3, 5), CLV_OK);
  ASSERT_EQ(clv_buf_put_rows_values(&b, CLV_U8, lastRow, 3, 3, -4), CLV_OK);
  const uint32_t tail = 77;
  ASSERT_EQ(clv_buf_put_values(&b, CLV_U32, &tail, 1), CLV_OK);
  auto *s =
      static_cast<int16_t *>(clv_buf_get_rows_values(&b, CLV_I16, 2, 3, 5));
  ASSERT_NE(s, nullptr) << clv_last_error();
  auto *u =
      static_cast<uint8_t *>(clv_buf_get_rows_values(&b, CLV_U8, 3, 3, -4));
  ASSERT_NE(u, nullptr) << clv_last_error();
  uint32_t tailBack = 0;
  ASSERT_EQ(clv_buf_get_values(&b, CLV_U32, &tailBack, 1), CLV_OK);
  EXPECT_EQ(tailBack, tail);
  for (int r = 0; r < 2; ++r)
    for (int j = 0; j < 3; ++j)
      EXPECT_EQ(s[r * 5 + j], shorts[r * 5 + j]) << r << ", " << j;
  for (int r = 0; r < 3; ++r)
    for (int j = 0; j < 3; ++j)
      EXPECT_EQ(u[-4 * r + j], lastRow[-4 * r + j]) << r << ", " << j;
  if (!shared()) {
    EXPECT_EQ(u[-5], 0) << "between rows";
    EXPECT_EQ(s[3], 0) << "between rows";
  }
  clv_buf_free(&b);
}

TEST_P(TypedRegionTest, CopiesBackToTheirOwnPlaceAreNotStored) {
  if (shared())
    GTEST_SKIP() << "shared regions are not copied";
  // In one process a region read back into the place it was written from
  // (a global, which every node of the threads transport shares) is there
  // already: storing it again would race with the nodes reading it. Memory
  // changed after the write shows whether it was stored.
  double values[4] = {1, 2, 3, 4};
  std::vector<Particle> particles = someParticles(3);
  clv_buf b = buffer();
  ASSERT_EQ(clv_buf_put_region_values(&b, CLV_F64, values, 4), CLV_OK);
  ASSERT_EQ(clv_buf_put_rows_values(&b, CLV_F64, values, 2, 1, 2), CLV_OK);
  ASSERT_EQ(clv_buf_put_region_objects(&b, particles.data(), sizeof(Particle),
                                       3, putParticle),
            CLV_OK);
  ASSERT_EQ(clv_buf_put_rows_objects(&b, particles.data(), sizeof(Particle), 3,
                                     1, 1, putParticle),
            CLV_OK);
  values[0] = values[2] = 9;
  particles[0].id = particles[2].id = 99;
  ASSERT_EQ(clv_buf_get_region_values_into(&b, CLV_F64, values, 4), CLV_OK);
  ASSERT_EQ(clv_buf_get_rows_values_into(&b, CLV_F64, values, 2, 1, 2), CLV_OK);
  ASSERT_EQ(clv_buf_get_region_objects_into(&b, particles.data(),
                                            sizeof(Particle), 3, getParticle),
            CLV_OK);
  ASSERT_EQ(clv_buf_get_rows_objects_into(&b, particles.data(),
                                          sizeof(Particle), 3, 1, 1,
                                          getParticle),
            CLV_OK)
      << clv_last_error();
  EXPECT_EQ(b.pos, b.size) << "every region was read";
  EXPECT_EQ(std::vector<double>(values, values + 4),
            (std::vector<double>{9, 2, 9, 4}));
  EXPECT_EQ(particles[0].id, 99);
  EXPECT_EQ(particles[2].id, 99);

  // Elsewhere, the copy is stored.
  b.pos = 0;
  double other[4] = {};
  ASSERT_EQ(clv_buf_get_region_values_into(&b, CLV_F64, other, 4), CLV_OK);
  EXPECT_EQ(std::vector<double>(other, other + 4),
            (std::vector<double>{1, 2, 3, 4}));
  clv_buf_free(&b);
}

TEST_P(TypedRegionTest, OverlappingRowsAreDecodedInOrder) {
  if (shared())
    GTEST_SKIP() << "shared rows are the caller's memory";
  // Two rows of 4 values, 2 apart, travel as their shape then one region of
  // their 8 values (clv_region.c); memory holds one value for each element,
  // so only a message made here can disagree on the elements the rows share.
  const uint64_t counts[2] = {2, 4};
  const int64_t stride = 2;
  auto message = [&](const std::vector<double> &values) {
    clv_buf b = buffer();
    EXPECT_EQ(clv_buf_put_values(&b, CLV_U64, counts, 2), CLV_OK);
    EXPECT_EQ(clv_buf_put_values(&b, CLV_I64, &stride, 1), CLV_OK);
    EXPECT_EQ(clv_buf_put_region_values(&b, CLV_F64, values.data(), 8), CLV_OK);
    return b;
  };
  const double memory[6] = {1, 2, 3, 4, 30, 40};
  clv_buf written = buffer();
  ASSERT_EQ(clv_buf_put_rows_values(&written, CLV_F64, memory, 2, 4, 2),
            CLV_OK);
  clv_buf same = message({1, 2, 3, 4, 3, 4, 30, 40});
  // The two differ only in the address a copied region carries in one
  // process, after the shape (24 bytes) and the region header (16).
  Bytes sameBytes = bytesOf(same), writtenBytes = bytesOf(written);
  ASSERT_EQ(sameBytes.size(), writtenBytes.size());
  std::fill_n(sameBytes.begin() + 40, 8, 0);
  std::fill_n(writtenBytes.begin() + 40, 8, 0);
  ASSERT_EQ(sameBytes, writtenBytes) << "the layout assumed here";
  clv_buf_free(&same);
  clv_buf_free(&written);

  clv_buf b = message({1, 2, 3, 4, 10, 20, 30, 40});
  auto *p =
      static_cast<double *>(clv_buf_get_rows_values(&b, CLV_F64, 2, 4, 2));
  ASSERT_NE(p, nullptr) << clv_last_error();
  const std::vector<double> laterWins = {1, 2, 10, 20, 30, 40};
  EXPECT_EQ(std::vector<double>(p, p + 6), laterWins);
  b.pos = 0;
  double into[6] = {};
  ASSERT_EQ(clv_buf_get_rows_values_into(&b, CLV_F64, into, 2, 4, 2), CLV_OK)
      << clv_last_error();
  EXPECT_EQ(std::vector<double>(into, into + 6), laterWins);
  clv_buf_free(&b);
}

TEST_P(TypedRegionTest, EmptyRowsDecodeToSomePointer) {
  const RowsShape empty[] = {
      {0, 4, 3}, {3, 0, 3}, {0, 0, -2}, {SIZE_MAX, 0, 1}, {0, SIZE_MAX, 1}};
  for (const RowsShape &s : empty) {
    SCOPED_TRACE(describe(s));
    clv_buf b = buffer();
    ASSERT_EQ(putRows(b, CLV_F32, nullptr, s), CLV_OK) << clv_last_error();
    EXPECT_NE(
        clv_buf_get_rows_values(&b, CLV_F32, s.rows, s.rowCount, s.stride),
        nullptr)
        << clv_last_error();
    EXPECT_EQ(b.pos, b.size);
    b.pos = 0;
    EXPECT_EQ(clv_buf_get_rows_values_into(&b, CLV_F32, nullptr, s.rows,
                                           s.rowCount, s.stride),
              CLV_OK);
    b.pos = 0;
    float somewhere = 2.5f;
    EXPECT_EQ(clv_buf_get_rows_values_into(&b, CLV_F32, &somewhere, s.rows,
                                           s.rowCount, s.stride),
              CLV_OK)
        << "an empty region may be anywhere";
    EXPECT_EQ(somewhere, 2.5f);
    EXPECT_EQ(b.graph, nullptr) << "nothing allocated";
    clv_buf_free(&b);
  }
}

TEST_P(TypedRegionTest, RowsOfAnotherShapeOrTruncatedAreRejected) {
  std::vector<int32_t> memory(32);
  for (size_t i = 0; i < memory.size(); ++i)
    memory[i] = static_cast<int32_t>(i) + 100;
  int32_t *first = memory.data() + 8;
  clv_buf b = buffer();
  ASSERT_EQ(clv_buf_put_rows_values(&b, CLV_I32, first, 3, 4, -3), CLV_OK);
  const RowsShape others[] = {{2, 4, -3}, {3, 5, -3}, {3, 4, 3}, {3, 4, -4}};
  for (const RowsShape &s : others) {
    SCOPED_TRACE(describe(s));
    expectRowsRefused(b, CLV_I32, first, s);
  }
  EXPECT_STREQ(clv_last_error(), "region of 3 rows of 4 values, -4 apart, "
                                 "expected, got 3 rows of 4 values, -3 apart");
  b.pos = 0;
  b.failed = 0;
  EXPECT_EQ(clv_buf_get_rows_values(&b, CLV_I64, 3, 4, -3), nullptr);
  EXPECT_STREQ(clv_last_error(), "region of 12 elements of 8 bytes expected, "
                                 "got 12 elements of 4 bytes");

  // Short by one byte: refused before anything is allocated or written.
  b.pos = 0;
  b.failed = 0;
  b.size -= 1;
  EXPECT_EQ(clv_buf_get_rows_values(&b, CLV_I32, 3, 4, -3), nullptr);
  EXPECT_TRUE(b.failed);
  EXPECT_EQ(std::string(clv_last_error()).rfind("short message: ", 0), 0u)
      << clv_last_error();
  EXPECT_EQ(b.graph, nullptr) << "nothing allocated";
  b.pos = 0;
  b.failed = 0;
  std::vector<int32_t> into(memory.size(), -7);
  int32_t *dest = shared() ? first : into.data() + 8;
  EXPECT_EQ(clv_buf_get_rows_values_into(&b, CLV_I32, dest, 3, 4, -3),
            CLV_E_DECODE);
  if (!shared()) {
    EXPECT_EQ(into, std::vector<int32_t>(memory.size(), -7)) << "not written";
  }
  clv_buf_free(&b);
}

TEST_P(TypedRegionTest, RowsThatDoNotFitInMemoryAreRefused) {
  const double values[4] = {};
  const RowsShape tooLarge[] = {
      {SIZE_MAX / 2, 4, 1},        // rows * row_count overflows
      {SIZE_MAX, 1, 2},            // the span overflows
      {3, 1, PTRDIFF_MIN},         // |stride| * 2 overflows
      {3, 1, PTRDIFF_MAX},         // the span fits, its bytes do not
      {2, 1, PTRDIFF_MAX / 8 + 1}, // the same, for 8-byte values
      {SIZE_MAX / 2 + 1, 2, 0},    // stride 0: only the count overflows
  };
  for (const RowsShape &s : tooLarge) {
    SCOPED_TRACE(describe(s));
    clv_buf b = buffer();
    EXPECT_EQ(putRows(b, CLV_F64, values, s), CLV_E_USAGE);
    EXPECT_TRUE(b.failed);
    EXPECT_EQ(b.size, 0u) << "nothing written";
    EXPECT_NE(std::string(clv_last_error()).find("does not fit in memory"),
              std::string::npos)
        << clv_last_error();
    clv_buf_free(&b);

    // The reader refuses the same shape, whatever the message holds.
    b = buffer();
    ASSERT_EQ(clv_buf_put_rows_values(&b, CLV_F64, values, 2, 2, 2), CLV_OK);
    expectRowsRefused(b, CLV_F64, nullptr, s);
    clv_buf_free(&b);
  }
  EXPECT_EQ(std::string(clv_last_error()),
            "a region of " + std::to_string(SIZE_MAX / 2 + 1) +
                " rows of 2 elements of 8 bytes, 0 apart, does not fit in "
                "memory");

  clv_buf b = buffer();
  EXPECT_EQ(clv_buf_put_rows_values(&b, CLV_F64, nullptr, 2, 2, 2),
            CLV_E_USAGE);
  EXPECT_STREQ(clv_last_error(), "a region of 32 bytes at a null address");
  clv_buf_free(&b);
  b = buffer();
  EXPECT_EQ(
      clv_buf_put_rows_values(&b, static_cast<clv_kind>(-1), values, 1, 1, 1),
      CLV_E_USAGE);
  clv_buf_free(&b);
  b = buffer();
  ASSERT_EQ(clv_buf_put_rows_values(&b, CLV_F64, values, 1, 1, 1), CLV_OK);
  EXPECT_EQ(clv_buf_get_rows_values(&b, static_cast<clv_kind>(99), 1, 1, 1),
            nullptr);
  EXPECT_STREQ(clv_last_error(),
               "read of a region of rows of values of unknown kind 99");
  clv_buf_free(&b);
}

INSTANTIATE_TEST_SUITE_P(
    Modes, TypedRegionTest,
    ::testing::Values(RegionCase{"copy", CLV_ENCODING_NATIVE},
                      RegionCase{"copy", CLV_ENCODING_XDR},
                      RegionCase{"share", CLV_ENCODING_NATIVE},
                      RegionCase{"share", CLV_ENCODING_XDR}),
    [](const ::testing::TestParamInfo<RegionCase> &info) {
      return std::string(info.param.pass) +
             (info.param.encoding == CLV_ENCODING_XDR ? "_xdr" : "_native");
    });

TEST_F(RuntimeMarshalTest, NativeTypedRegionsAreByteRegions) {
  for (const char *pass : {"copy", "share"}) {
    ASSERT_NO_FATAL_FAILURE(start(1, pass, nullptr));
    double values[3] = {1, 2, 3};
    clv_buf typed = bufferIn(CLV_ENCODING_NATIVE);
    clv_buf raw = bufferIn(CLV_ENCODING_NATIVE);
    ASSERT_EQ(clv_buf_put(&typed, "x", 1), CLV_OK);
    ASSERT_EQ(clv_buf_put(&raw, "x", 1), CLV_OK);
    ASSERT_EQ(clv_buf_put_region_values(&typed, CLV_F64, values, 3), CLV_OK);
    ASSERT_EQ(clv_buf_put_region(&raw, values, sizeof(double), 3), CLV_OK);
    EXPECT_EQ(bytesOf(typed), bytesOf(raw)) << pass;
    clv_buf_free(&typed);
    clv_buf_free(&raw);
    ASSERT_EQ(clv_finalize(), CLV_OK);
  }
}

TEST_F(RuntimeMarshalTest, XdrRegionBytesInCopyMode) {
  ASSERT_NO_FATAL_FAILURE(start(1, "copy", nullptr));
  const int32_t values[2] = {1, -2};
  clv_buf b = bufferIn(CLV_ENCODING_XDR);
  ASSERT_EQ(clv_buf_put_region_values(&b, CLV_I32, values, 2), CLV_OK);
  // In one process (the threads transport) a copied region carries its
  // address; across processes (mpi) the values follow the element size.
  Bytes address;
  for (int shift = 56; shift >= 0; shift -= 8)
    address.push_back(static_cast<unsigned char>(
        static_cast<uint64_t>(reinterpret_cast<uintptr_t>(values)) >> shift));
  Bytes expected{0, 0, 0, 0, 0, 0, 0, 2,  // count
                 0, 0, 0, 0, 0, 0, 0, 4}; // element size
  expected.insert(expected.end(), address.begin(), address.end());
  expected.insert(expected.end(), {0, 0, 0, 0, 0, 0, 0, 0, // padding to 32
                                   0, 0, 0, 1,              // the values
                                   0xff, 0xff, 0xff, 0xfe});
  EXPECT_EQ(bytesOf(b), expected);
  // After one 4-byte value, three zero units align the payload.
  clv_buf_free(&b);
  b = bufferIn(CLV_ENCODING_XDR);
  ASSERT_EQ(clv_buf_put_values(&b, CLV_I32, values, 1), CLV_OK);
  ASSERT_EQ(clv_buf_put_region_values(&b, CLV_I32, values, 2), CLV_OK);
  EXPECT_EQ(b.size, 4 + 16 + 12 + 8);
  clv_buf_free(&b);
}

TEST_F(RuntimeMarshalTest, RawRegionsAreRefusedInXdrCopyMode) {
  ASSERT_NO_FATAL_FAILURE(start(1, "copy", nullptr));
  double values[2] = {1, 2};
  clv_buf b = bufferIn(CLV_ENCODING_XDR);
  EXPECT_EQ(clv_buf_put_region(&b, values, sizeof(double), 2), CLV_E_USAGE);
  EXPECT_STREQ(clv_last_error(),
               "a region of 2 elements of 8 bytes as raw bytes in an xdr "
               "buffer: use a typed region (clv_buf_put_region_values)");
  EXPECT_TRUE(b.failed);
  clv_buf_free(&b);

  b = bufferIn(CLV_ENCODING_XDR);
  ASSERT_EQ(clv_buf_put_region_values(&b, CLV_F64, values, 2), CLV_OK);
  EXPECT_EQ(clv_buf_get_region(&b, sizeof(double), 2), nullptr);
  b.pos = 0;
  b.failed = 0;
  EXPECT_EQ(clv_buf_get_region_into(&b, values, sizeof(double), 2),
            CLV_E_USAGE);
  clv_buf_free(&b);
}

/// Calls kScale on node 1 with \p values and \p factor in the encoding in
/// use, and checks what comes back.
void callScale(std::vector<double> &values, int16_t factor) {
  clv_buf args;
  clv_buf_init(&args);
  ASSERT_EQ(args.encoding, clv_encoding_in_use());
  const uint32_t count = static_cast<uint32_t>(values.size());
  ASSERT_EQ(clv_buf_put_values(&args, CLV_U32, &count, 1), CLV_OK);
  ASSERT_EQ(clv_buf_put_region_values(&args, CLV_F64, values.data(), count),
            CLV_OK);
  ASSERT_EQ(clv_buf_put_values(&args, CLV_I16, &factor, 1), CLV_OK);
  std::vector<double> expected = values;
  double expectedSum = 0;
  for (double &v : expected) {
    v *= factor;
    expectedSum += v;
  }

  clv_future *f = clv_call(1, kScale, &args);
  ASSERT_NE(f, nullptr) << clv_last_error();
  clv_buf reply;
  ASSERT_EQ(clv_wait(f, &reply), CLV_OK) << clv_last_error();
  int32_t encodings[2] = {-1, -1};
  double sum = 0;
  ASSERT_EQ(clv_buf_get_values(&reply, CLV_I32, encodings, 2), CLV_OK);
  ASSERT_EQ(clv_buf_get_values(&reply, CLV_F64, &sum, 1), CLV_OK);
  EXPECT_EQ(encodings[0], clv_encoding_in_use()) << "the arguments'";
  EXPECT_EQ(encodings[1], clv_encoding_in_use()) << "the reply's";
  EXPECT_EQ(reply.encoding, clv_encoding_in_use());
  EXPECT_EQ(sum, expectedSum);
  ASSERT_EQ(clv_buf_get_region_values_into(&reply, CLV_F64, values.data(),
                                           count),
            CLV_OK)
      << clv_last_error();
  EXPECT_EQ(values, expected);
  EXPECT_EQ(reply.pos, reply.size);
  clv_buf_free(&reply);
}

class XdrCallTest : public RuntimeMarshalTest,
                    public ::testing::WithParamInterface<const char *> {};

TEST_P(XdrCallTest, ValuesAndRegionsTravel) {
  ASSERT_NO_FATAL_FAILURE(start(2, GetParam(), "xdr"));
  ASSERT_EQ(clv_encoding_in_use(), CLV_ENCODING_XDR);
  std::vector<double> values(1000);
  for (size_t i = 0; i < values.size(); ++i)
    values[i] = 0.25 * static_cast<double>(i);
  ASSERT_NO_FATAL_FAILURE(callScale(values, -3));
  std::vector<double> none;
  ASSERT_NO_FATAL_FAILURE(callScale(none, 2));
}

TEST_P(XdrCallTest, RegionsOfObjectsTravel) {
  ASSERT_NO_FATAL_FAILURE(start(2, GetParam(), "xdr"));
  std::vector<Particle> particles = someParticles(300);
  std::vector<Particle> expected = particles;
  for (Particle &p : expected)
    ++p.tag;
  clv_buf args;
  clv_buf_init(&args);
  const uint32_t count = static_cast<uint32_t>(particles.size());
  ASSERT_EQ(clv_buf_put_values(&args, CLV_U32, &count, 1), CLV_OK);
  ASSERT_EQ(clv_buf_put_region_objects(&args, particles.data(),
                                       sizeof(Particle), count, putParticle),
            CLV_OK);
  clv_future *f = clv_call(1, kMove, &args);
  ASSERT_NE(f, nullptr) << clv_last_error();
  clv_buf reply;
  ASSERT_EQ(clv_wait(f, &reply), CLV_OK) << clv_last_error();
  ASSERT_EQ(clv_buf_get_region_objects_into(&reply, particles.data(),
                                            sizeof(Particle), count,
                                            getParticle),
            CLV_OK)
      << clv_last_error();
  EXPECT_TRUE(sameParticles(particles.data(), expected.data(), count));
  clv_buf_free(&reply);
}

TEST_P(XdrCallTest, GraphsTravelBothWays) {
  ASSERT_NO_FATAL_FAILURE(start(2, GetParam(), "xdr"));
  std::vector<Node> list(100);
  for (size_t i = 0; i < list.size(); ++i)
    list[i] = Node{static_cast<int32_t>(i),
                   i + 1 < list.size() ? &list[i + 1] : nullptr, &list[0]};
  clv_buf args;
  clv_buf_init(&args);
  ASSERT_EQ(clv_buf_put_pointer(&args, list.data(), putNode), CLV_OK);
  ASSERT_EQ(clv_buf_put_pending(&args), CLV_OK);
  clv_future *f = clv_call(1, kListSum, &args);
  ASSERT_NE(f, nullptr) << clv_last_error();
  EXPECT_EQ(args.graph, nullptr) << "taken with the arguments";
  clv_buf reply;
  ASSERT_EQ(clv_wait(f, &reply), CLV_OK) << clv_last_error();
  int64_t sum = 0;
  ASSERT_EQ(clv_buf_get_values(&reply, CLV_I64, &sum, 1), CLV_OK);
  EXPECT_EQ(sum, 99 * 100 / 2);
  Node *a = getNodePointer(&reply);
  Node *shared = getNodePointer(&reply);
  ASSERT_EQ(clv_buf_get_pending(&reply), CLV_OK) << clv_last_error();
  expectRing(a, shared, Ring());
  clv_buf_free(&reply); // with the nodes: the leak checker sees it
}

TEST_P(XdrCallTest, QueuedObjectsNotWrittenAreRefused) {
  ASSERT_NO_FATAL_FAILURE(start(2, GetParam(), "xdr"));
  Node n{1, nullptr, nullptr};
  clv_buf args;
  clv_buf_init(&args);
  ASSERT_EQ(clv_buf_put_pointer(&args, &n, putNode), CLV_OK);
  EXPECT_EQ(clv_call(1, kListSum, &args), nullptr);
  EXPECT_STREQ(clv_last_error(),
               "call to function 1: its arguments have 1 objects of a pointer "
               "graph queued and not written (clv_buf_put_pending)");
  EXPECT_EQ(args.data, nullptr) << "taken all the same";
  EXPECT_EQ(args.graph, nullptr);

  clv_buf none;
  clv_buf_init(&none);
  clv_future *f = clv_call(1, kLeaveQueued, &none);
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(clv_wait(f, nullptr), CLV_E_ENCODE);
  EXPECT_STREQ(clv_last_error(),
               "call to 'leave_queued' on node 1: the reply has objects of a "
               "pointer graph queued and not written (clv_buf_put_pending)");
}

INSTANTIATE_TEST_SUITE_P(Pass, XdrCallTest, ::testing::Values("copy", "share"));

} // namespace

// ---------------------------------------------------------------------------
// Extents: the run-time test of a spawn against the calls beside it

namespace {

clv_extent span(const void *lo, size_t bytes, int written) {
  size_t at = reinterpret_cast<size_t>(lo);
  return clv_extent{at, at + bytes, written};
}

TEST(ExtentsTest, SharedBytesConflictWhereOneSideWrites) {
  double a[16];
  clv_extent left = span(a, 8 * sizeof(double), 1);
  clv_extent right = span(a + 8, 8 * sizeof(double), 1);
  clv_extent straddle = span(a + 7, 2 * sizeof(double), 0);
  // Touching ends share no byte.
  EXPECT_EQ(clv_extents_conflict(&left, 1, &right, 1), 0);
  EXPECT_EQ(clv_extents_conflict(&right, 1, &left, 1), 0);
  // A read of bytes the other writes, either way round.
  EXPECT_EQ(clv_extents_conflict(&left, 1, &straddle, 1), 1);
  EXPECT_EQ(clv_extents_conflict(&straddle, 1, &right, 1), 1);
  // Reads beside reads share nothing that changes.
  clv_extent read_left = span(a, 8 * sizeof(double), 0);
  EXPECT_EQ(clv_extents_conflict(&read_left, 1, &straddle, 1), 0);
}

// A loop keeps the bytes of its calls out; only the calls still out (a
// future) are tested, a call that ran here is done.
TEST(ExtentsTest, LoopCallsAreTestedWhileTheyAreOut) {
  double a[16];
  clv_spawns s = CLV_SPAWNS_INIT(0);
  // Any non-null future, which is no call: no test's time (tested_at) is
  // measured as its cost.
  auto *out = reinterpret_cast<clv_future *>(&s);
  clv_extent first = span(a, 4 * sizeof(double), 1);
  clv_spawns_next(&s);
  clv_spawns_add_tested(&s, out, &first, 1);
  clv_extent second[2] = {span(a + 8, 4 * sizeof(double), 0),
                          span(a + 12, 4 * sizeof(double), 1)};
  clv_spawns_next(&s);
  clv_spawns_add_tested(&s, nullptr, second, 2); // ran here
  clv_extent into_first = span(a + 3, sizeof(double), 0);
  clv_extent into_second = span(a + 13, sizeof(double), 1);
  EXPECT_EQ(clv_spawns_conflict(&s, &into_first, 1), 1);
  EXPECT_EQ(clv_spawns_conflict(&s, &into_second, 1), 0);
  clv_spawns_next(&s);
  s.tested_at = 0;
  clv_spawns_add_tested(&s, out, second, 2);
  EXPECT_EQ(clv_spawns_conflict(&s, &into_second, 1), 1);
  // Read beside read is no conflict; a read of what is written is.
  clv_extent read_second = span(a + 8, sizeof(double), 0);
  EXPECT_EQ(clv_spawns_conflict(&s, &read_second, 1), 0);
  clv_extent write_second = span(a + 11, 2 * sizeof(double), 1);
  EXPECT_EQ(clv_spawns_conflict(&s, &write_second, 1), 1);
  clv_spawns_free(&s);
  EXPECT_EQ(clv_spawns_conflict(&s, &into_first, 1), 0);
  clv_spawns_free(&s);
}

// The bytes a loop keeps answer as testing each call out one by one
// (clv_extents_conflict) does: random calls of runs and of rows behind
// pointers, in memory of 64 bytes, read or written, in random order.
TEST(ExtentsTest, LoopCallsKeptByAddressAnswerAsOneByOne) {
  unsigned char mem[64];
  unsigned seed = 7;
  auto next = [&](unsigned below) {
    seed = seed * 1103515245u + 12345u;
    return (seed >> 16) % below;
  };
  int answers[2] = {0, 0}; // of each kind, so that both are checked
  size_t most_out = 0;
  for (int round = 0; round < 300; ++round) {
    clv_spawns s = CLV_SPAWNS_INIT(0);
    std::vector<std::vector<clv_extent>> out;
    std::vector<std::array<unsigned char *, 3>> rows(40 * 3); // of each extent
    for (int call = 0; call < 40; ++call) {
      std::vector<clv_extent> x(1 + next(3));
      for (size_t k = 0; k < x.size(); ++k) {
        clv_extent &e = x[k];
        std::array<unsigned char *, 3> &pointers = rows[call * 3 + k];
        int written = next(3) == 0;
        if (next(2)) {
          unsigned lo = next(64);
          e = span(mem + lo, next(64 - lo + 1) / 4, written);
        } else {
          for (unsigned char *&row : pointers)
            row = mem + next(60);
          clv_extent_behind(&e, pointers.data(), 1 + next(3), next(2), 1 + next(4), 1,
                            written);
        }
      }
      int one_by_one = 0;
      for (const auto &o : out)
        one_by_one |= clv_extents_conflict(o.data(), static_cast<int>(o.size()), x.data(),
                                           static_cast<int>(x.size()));
      ASSERT_EQ(clv_spawns_conflict(&s, x.data(), static_cast<int>(x.size())), one_by_one)
          << "round " << round << ", call " << call;
      ++answers[one_by_one];
      most_out = std::max(most_out, out.size());
      if (one_by_one)
        break; // a loop joins its calls out here
      clv_spawns_next(&s);
      s.tested_at = 0; // the future below is no call: no cost of it is measured
      clv_spawns_add_tested(&s, reinterpret_cast<clv_future *>(&s), x.data(),
                            static_cast<int>(x.size()));
      out.push_back(x);
    }
    clv_spawns_free(&s);
  }
  EXPECT_GT(answers[0], 300);
  EXPECT_GT(answers[1], 100);
  EXPECT_GT(most_out, 4u);
}

TEST(ExtentsTest, EmptyExtentsAndListsConflictWithNothing) {
  double a[4];
  clv_extent all = span(a, sizeof a, 1);
  clv_extent empty = span(a + 1, 0, 1);
  EXPECT_EQ(clv_extents_conflict(&all, 1, &empty, 1), 0);
  EXPECT_EQ(clv_extents_conflict(&all, 1, nullptr, 0), 0);
  EXPECT_EQ(clv_extents_conflict(nullptr, 0, &all, 1), 0);
}

TEST(ExtentsTest, AnyPairOfTheListsCounts) {
  int x[8], y[8];
  clv_extent mine[2] = {span(x, sizeof x, 0), span(y, 4 * sizeof(int), 1)};
  clv_extent apart[2] = {span(x, sizeof x, 0), span(y + 4, 4 * sizeof(int), 1)};
  clv_extent into[1] = {span(y + 3, sizeof(int), 0)};
  EXPECT_EQ(clv_extents_conflict(mine, 2, apart, 2), 0);
  EXPECT_EQ(clv_extents_conflict(mine, 2, into, 1), 1);
  // All of memory, as NAME__extents gives where its entry guard fails.
  clv_extent everything = {0, static_cast<size_t>(-1), 1};
  EXPECT_EQ(clv_extents_conflict(&everything, 1, apart, 2), 1);
}

} // namespace

namespace {

TEST(ExtentsTest, SpansAndRowsAsTheStubsComputeThem) {
  double a[64];
  clv_extent x;
  clv_extent_span(&x, a + 2, 3, sizeof(double), 1);
  EXPECT_EQ(x.lo, reinterpret_cast<size_t>(a + 2));
  EXPECT_EQ(x.hi, reinterpret_cast<size_t>(a + 5));
  EXPECT_EQ(x.written, 1);
  // Rows 8 apart: from the first's start to the fourth's end.
  clv_extent_rows(&x, a + 1, 4, 8, 2, sizeof(double), 0);
  EXPECT_EQ(x.lo, reinterpret_cast<size_t>(a + 1));
  EXPECT_EQ(x.hi, reinterpret_cast<size_t>(a + 1 + 3 * 8 + 2));
  EXPECT_EQ(x.written, 0);
  // Running down: from the last's start to the first's end.
  clv_extent_rows(&x, a + 40, 3, -16, 4, sizeof(double), 1);
  EXPECT_EQ(x.lo, reinterpret_cast<size_t>(a + 8));
  EXPECT_EQ(x.hi, reinterpret_cast<size_t>(a + 44));
  // No rows, or rows of nothing: no byte.
  clv_extent_rows(&x, a, 0, 8, 2, sizeof(double), 1);
  EXPECT_EQ(x.lo, x.hi);
  clv_extent_rows(&x, a, 5, 8, 0, sizeof(double), 1);
  EXPECT_EQ(x.lo, x.hi);
}

TEST(ExtentsTest, RowsBehindPointersAreTestedRowByRow) {
  // Rows interleaved in memory, so that the hulls of two sets of rows
  // overlap where no row does: rows 0, 2, 4 in one set, 1, 3, 5 in the
  // other, and a third set listing row 2 again.
  double mem[6][8];
  double *even[3] = {mem[0], mem[2], mem[4]}, *odd[3] = {mem[5], mem[1], mem[3]};
  double *again[2] = {mem[3], mem[2]};
  clv_extent e, o, a;
  clv_extent_behind(&e, even, 3, 0, 8, sizeof(double), 1);
  clv_extent_behind(&o, odd, 3, 0, 8, sizeof(double), 1);
  clv_extent_behind(&a, again, 2, 2, 3, sizeof(double), 0);
  EXPECT_EQ(e.lo, reinterpret_cast<size_t>(mem[0]));
  EXPECT_EQ(e.hi, reinterpret_cast<size_t>(mem[4] + 8));
  EXPECT_EQ(o.lo, reinterpret_cast<size_t>(mem[1]));
  EXPECT_EQ(clv_extents_conflict(&e, 1, &o, 1), 0);
  EXPECT_EQ(clv_extents_conflict(&o, 1, &e, 1), 0);
  // Element 2 of row 2 is written by one set and read by the other.
  EXPECT_EQ(clv_extents_conflict(&e, 1, &a, 1), 1);
  EXPECT_EQ(clv_extents_conflict(&a, 1, &e, 1), 1);
  // Row 3 is written by odd's set and read by the third: columns 2 to 3.
  EXPECT_EQ(clv_extents_conflict(&o, 1, &a, 1), 1);
  // A run of bytes against rows: inside the gap between two rows, none.
  clv_extent gap = span(mem[1] + 1, 6 * sizeof(double), 1);
  EXPECT_EQ(clv_extents_conflict(&e, 1, &gap, 1), 0);
  clv_extent in = span(mem[2] + 7, 2 * sizeof(double), 0);
  EXPECT_EQ(clv_extents_conflict(&e, 1, &in, 1), 1);
  // Columns that start before the row's pointer (old[i][j - 1]).
  double *shifted[1] = {mem[1] + 1};
  clv_extent s;
  clv_extent_behind(&s, shifted, 1, -1, 0, sizeof(double), 0);
  EXPECT_EQ(s.lo, reinterpret_cast<size_t>(mem[1]));
  EXPECT_EQ(clv_extents_conflict(&s, 1, &o, 1), 1);
  // No rows, or rows of nothing: no byte.
  clv_extent_behind(&s, even, 0, 0, 8, sizeof(double), 1);
  EXPECT_EQ(s.lo, s.hi);
  clv_extent_behind(&s, even, 3, 4, 4, sizeof(double), 1);
  EXPECT_EQ(clv_extents_conflict(&s, 1, &e, 1), 0);
}

TEST(ExtentsTest, ExtentsPastTheEndOfMemoryAreAllOfIt) {
  double a[4];
  clv_extent x;
  // A count that wrapped below 0 (`n - at` of unsigned values).
  clv_extent_span(&x, a, static_cast<size_t>(-3), sizeof(double), 1);
  EXPECT_EQ(x.lo, 0u);
  EXPECT_EQ(x.hi, static_cast<size_t>(-1));
  clv_extent_rows(&x, a, static_cast<size_t>(1) << 62, 1 << 20, 1, sizeof(double), 0);
  EXPECT_EQ(x.lo, 0u);
  EXPECT_EQ(x.hi, static_cast<size_t>(-1));
  clv_extent everything = x;
  clv_extent mine;
  clv_extent_span(&mine, a, 4, sizeof(double), 1);
  EXPECT_EQ(clv_extents_conflict(&mine, 1, &everything, 1), 1);
}

} // namespace
