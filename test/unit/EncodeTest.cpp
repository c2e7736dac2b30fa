/// \file
/// Tests of the values in the cleave runtime's buffers (runtime/clv_encode.c,
/// through clv.h) in both encodings: the XDR bytes of every kind against bytes
/// written out here and against libtirpc's own, round trips, and what the
/// decoder refuses (values out of range, short input, padding that is not
/// zero, bad arguments).

#include "MarshalSupport.h"

namespace {

using namespace marshal;

// ---------------------------------------------------------------------------
// Values

TEST(EncodeTest, XdrBytesOfEveryKind) {
  EXPECT_EQ(encode<int8_t>(CLV_I8, {1, 2, 3}), (Bytes{0x01, 0x02, 0x03, 0x00}));
  EXPECT_EQ(encode<int8_t>(CLV_I8, {-1}), (Bytes{0xff, 0, 0, 0}));
  EXPECT_EQ(encode<uint8_t>(CLV_U8, {1, 2, 3, 4}), (Bytes{1, 2, 3, 4}));
  EXPECT_EQ(encode<uint8_t>(CLV_U8, {1, 2, 3, 4, 0xfe}),
            (Bytes{1, 2, 3, 4, 0xfe, 0, 0, 0}));
  EXPECT_EQ(encode<int16_t>(CLV_I16, {-2, 300}),
            (Bytes{0xff, 0xff, 0xff, 0xfe, 0x00, 0x00, 0x01, 0x2c}));
  EXPECT_EQ(encode<uint16_t>(CLV_U16, {65535}), (Bytes{0x00, 0x00, 0xff, 0xff}));
  EXPECT_EQ(encode<int32_t>(CLV_I32, {-2}), (Bytes{0xff, 0xff, 0xff, 0xfe}));
  EXPECT_EQ(encode<uint32_t>(CLV_U32, {0x01020304u}), (Bytes{1, 2, 3, 4}));
  EXPECT_EQ(encode<int64_t>(CLV_I64, {-2}),
            (Bytes{0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xfe}));
  EXPECT_EQ(encode<uint64_t>(CLV_U64, {0x0102030405060708u}),
            (Bytes{1, 2, 3, 4, 5, 6, 7, 8}));
  EXPECT_EQ(encode<float>(CLV_F32, {1.5f, -2.0f}),
            (Bytes{0x3f, 0xc0, 0x00, 0x00, 0xc0, 0x00, 0x00, 0x00}));
  EXPECT_EQ(encode<double>(CLV_F64, {1.5}),
            (Bytes{0x3f, 0xf8, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00}));
  EXPECT_EQ(encode<double>(CLV_F64, {}), Bytes{});
}

TEST(EncodeTest, NativeBytesAreTheMemoryBytes) {
  const std::vector<int16_t> shorts = {-2, 300, 7};
  Bytes memory(sizeof(int16_t) * shorts.size());
  std::memcpy(memory.data(), shorts.data(), memory.size());
  EXPECT_EQ(encode<int16_t>(CLV_I16, shorts, CLV_ENCODING_NATIVE), memory);
  EXPECT_EQ(encode<uint8_t>(CLV_U8, {1, 2, 3}, CLV_ENCODING_NATIVE),
            (Bytes{1, 2, 3}))
      << "no padding";
  const double half = 0.5;
  Bytes doubleBytes(sizeof half);
  std::memcpy(doubleBytes.data(), &half, sizeof half);
  EXPECT_EQ(encode<double>(CLV_F64, {half}, CLV_ENCODING_NATIVE), doubleBytes);
}

/// What libtirpc writes for \p values with \p filter, \p unit bytes each.
template <typename T, typename Filter>
Bytes libtirpcBytes(std::vector<T> values, Filter filter, size_t unit) {
  Bytes out(values.size() * unit);
  XDR x;
  xdrmem_create(&x, reinterpret_cast<char *>(out.data()),
                static_cast<u_int>(out.size()), XDR_ENCODE);
  for (T &v : values)
    EXPECT_TRUE(filter(&x, &v));
  EXPECT_EQ(xdr_getpos(&x), out.size());
  xdr_destroy(&x);
  return out;
}

/// \p count values of T: the edge cases first, then pseudo-random bits.
template <typename T> std::vector<T> someValues(std::vector<T> edges) {
  std::mt19937_64 random(42);
  for (int i = 0; i < 1000; ++i) {
    uint64_t bits = random();
    T v;
    std::memcpy(&v, &bits, sizeof v);
    edges.push_back(v);
  }
  return edges;
}

TEST(EncodeTest, OwnLoopsWriteWhatLibtirpcWrites) {
  using I32 = std::numeric_limits<int32_t>;
  using I64 = std::numeric_limits<int64_t>;
  using F = std::numeric_limits<float>;
  using D = std::numeric_limits<double>;
  auto i32 = someValues<int32_t>({0, 1, -1, I32::min(), I32::max()});
  EXPECT_EQ(encode(CLV_I32, i32),
            libtirpcBytes(i32, [](XDR *x, int32_t *v) { return xdr_int32_t(x, v); }, 4));
  auto u32 = someValues<uint32_t>({0, 1, 0xffffffffu, 0x80000000u});
  EXPECT_EQ(encode(CLV_U32, u32),
            libtirpcBytes(u32, [](XDR *x, uint32_t *v) { return xdr_u_int32_t(x, v); }, 4));
  auto i64 = someValues<int64_t>({0, 1, -1, I64::min(), I64::max()});
  EXPECT_EQ(encode(CLV_I64, i64),
            libtirpcBytes(i64, [](XDR *x, int64_t *v) { return xdr_int64_t(x, v); }, 8));
  auto u64 = someValues<uint64_t>({0, 1, ~uint64_t{0}, uint64_t{1} << 63});
  EXPECT_EQ(encode(CLV_U64, u64),
            libtirpcBytes(u64, [](XDR *x, uint64_t *v) { return xdr_u_int64_t(x, v); }, 8));
  auto f32 = someValues<float>({0.0f, -0.0f, 1.5f, F::infinity(), -F::infinity(),
                                F::quiet_NaN(), F::denorm_min(), F::max(), F::lowest()});
  EXPECT_EQ(encode(CLV_F32, f32),
            libtirpcBytes(f32, [](XDR *x, float *v) { return xdr_float(x, v); }, 4));
  auto f64 = someValues<double>({0.0, -0.0, 1.5, D::infinity(), -D::infinity(),
                                 D::quiet_NaN(), D::denorm_min(), D::max(), D::lowest()});
  EXPECT_EQ(encode(CLV_F64, f64),
            libtirpcBytes(f64, [](XDR *x, double *v) { return xdr_double(x, v); }, 8));
  // The 16-bit kinds go through libtirpc's 4-byte ints; its xdr_short writes
  // the same.
  auto i16 = someValues<int16_t>({0, -1, INT16_MIN, INT16_MAX});
  EXPECT_EQ(encode(CLV_I16, i16),
            libtirpcBytes(i16, [](XDR *x, int16_t *v) { return xdr_short(x, v); }, 4));
  auto u16 = someValues<uint16_t>({0, UINT16_MAX});
  EXPECT_EQ(encode(CLV_U16, u16),
            libtirpcBytes(u16, [](XDR *x, uint16_t *v) { return xdr_u_short(x, v); }, 4));
}

TEST(EncodeTest, OwnLoopsReadWhatLibtirpcWrites) {
  auto f64 = someValues<double>({1.5, -0.0});
  Bytes wire = libtirpcBytes(f64, [](XDR *x, double *v) { return xdr_double(x, v); }, 8);
  clv_buf b = messageOf(CLV_ENCODING_XDR, wire);
  std::vector<double> back(f64.size());
  ASSERT_EQ(clv_buf_get_values(&b, CLV_F64, back.data(), back.size()), CLV_OK);
  EXPECT_EQ(std::memcmp(back.data(), f64.data(), 8 * f64.size()), 0);
  clv_buf_free(&b);

  auto i32 = someValues<int32_t>({-2});
  wire = libtirpcBytes(i32, [](XDR *x, int32_t *v) { return xdr_int32_t(x, v); }, 4);
  b = messageOf(CLV_ENCODING_XDR, wire);
  std::vector<int32_t> ints(i32.size());
  ASSERT_EQ(clv_buf_get_values(&b, CLV_I32, ints.data(), ints.size()), CLV_OK);
  EXPECT_EQ(ints, i32);
  clv_buf_free(&b);
}

/// Writes \p values of \p kind in \p encoding, reads them back and compares
/// bits (NaNs included).
template <typename T>
void roundTrip(clv_kind kind, const std::vector<T> &values,
               clv_encoding encoding) {
  SCOPED_TRACE(testing::Message() << "kind " << kind << ", encoding "
                                  << encoding << ", " << values.size()
                                  << " values");
  clv_buf b = bufferIn(encoding);
  ASSERT_EQ(clv_buf_put_values(&b, kind, values.data(), values.size()), CLV_OK);
  if (encoding == CLV_ENCODING_NATIVE)
    EXPECT_EQ(b.size, values.size() * sizeof(T));
  else
    EXPECT_EQ(b.size % 4, 0u);
  std::vector<T> back(values.size());
  ASSERT_EQ(clv_buf_get_values(&b, kind, back.data(), back.size()), CLV_OK)
      << clv_last_error();
  EXPECT_EQ(b.pos, b.size);
  EXPECT_TRUE(values.empty() || std::memcmp(back.data(), values.data(),
                                            values.size() * sizeof(T)) == 0);
  clv_buf_free(&b);
}

TEST_P(EncodingTest, EveryKindRoundTrips) {
  const clv_encoding e = GetParam();
  for (size_t n : {0, 1, 2, 3, 5, 1001}) {
    auto prefix = [n](auto values) {
      values.resize(n);
      return values;
    };
    roundTrip(CLV_I8, prefix(someValues<int8_t>({INT8_MIN, INT8_MAX})), e);
    roundTrip(CLV_U8, prefix(someValues<uint8_t>({0, UINT8_MAX})), e);
    roundTrip(CLV_I16, prefix(someValues<int16_t>({INT16_MIN, INT16_MAX})), e);
    roundTrip(CLV_U16, prefix(someValues<uint16_t>({0, UINT16_MAX})), e);
    roundTrip(CLV_I32, prefix(someValues<int32_t>({INT32_MIN})), e);
    roundTrip(CLV_U32, prefix(someValues<uint32_t>({UINT32_MAX})), e);
    roundTrip(CLV_I64, prefix(someValues<int64_t>({INT64_MIN})), e);
    roundTrip(CLV_U64, prefix(someValues<uint64_t>({UINT64_MAX})), e);
    roundTrip(CLV_F32, prefix(someValues<float>({-0.0f, NAN})), e);
    roundTrip(CLV_F64, prefix(someValues<double>({-0.0, NAN})), e);
  }
}

TEST_P(EncodingTest, MixedValuesRoundTrip) {
  clv_buf b = bufferIn(GetParam());
  const uint8_t flag = 1;
  const int16_t small = -300;
  const double pi = 3.25;
  const char raw[] = "raw";
  ASSERT_EQ(clv_buf_put_values(&b, CLV_U8, &flag, 1), CLV_OK);
  ASSERT_EQ(clv_buf_put_values(&b, CLV_I16, &small, 1), CLV_OK);
  ASSERT_EQ(clv_buf_put(&b, raw, sizeof raw), CLV_OK) << "raw bytes too";
  ASSERT_EQ(clv_buf_put_values(&b, CLV_F64, &pi, 1), CLV_OK);
  uint8_t flagBack = 0;
  int16_t smallBack = 0;
  char rawBack[sizeof raw] = {};
  double piBack = 0;
  ASSERT_EQ(clv_buf_get_values(&b, CLV_U8, &flagBack, 1), CLV_OK);
  ASSERT_EQ(clv_buf_get_values(&b, CLV_I16, &smallBack, 1), CLV_OK);
  ASSERT_EQ(clv_buf_get(&b, rawBack, sizeof rawBack), CLV_OK);
  ASSERT_EQ(clv_buf_get_values(&b, CLV_F64, &piBack, 1), CLV_OK);
  EXPECT_EQ(flagBack, flag);
  EXPECT_EQ(smallBack, small);
  EXPECT_STREQ(rawBack, raw);
  EXPECT_EQ(piBack, pi);
  EXPECT_EQ(b.pos, b.size);
  clv_buf_free(&b);
}

/// Reads one value of \p kind from \p bytes in XDR; "ok" or the message.
template <typename T> std::string decodeOne(clv_kind kind, const Bytes &bytes) {
  clv_buf b = messageOf(CLV_ENCODING_XDR, bytes);
  T v{};
  clv_status status = clv_buf_get_values(&b, kind, &v, 1);
  std::string outcome = status == CLV_OK ? "ok" : clv_last_error();
  EXPECT_EQ(status != CLV_OK, b.failed != 0);
  EXPECT_TRUE(status == CLV_OK || status == CLV_E_DECODE) << status;
  clv_buf_free(&b);
  return outcome;
}

TEST(EncodeTest, SixteenBitValuesOutOfRangeDoNotDecode) {
  EXPECT_EQ(decodeOne<int16_t>(CLV_I16, {0x00, 0x00, 0x80, 0x00}),
            "xdr value 32768 does not fit in int16 (value 0 of 1)");
  EXPECT_EQ(decodeOne<int16_t>(CLV_I16, {0xff, 0xff, 0x7f, 0xff}),
            "xdr value -32769 does not fit in int16 (value 0 of 1)");
  EXPECT_EQ(decodeOne<int16_t>(CLV_I16, {0xff, 0xff, 0x80, 0x00}), "ok");
  EXPECT_EQ(decodeOne<int16_t>(CLV_I16, {0x00, 0x00, 0x7f, 0xff}), "ok");
  EXPECT_EQ(decodeOne<uint16_t>(CLV_U16, {0x00, 0x01, 0x00, 0x00}),
            "xdr value 65536 does not fit in uint16 (value 0 of 1)");
  EXPECT_EQ(decodeOne<uint16_t>(CLV_U16, {0xff, 0xff, 0xff, 0xff}),
            "xdr value 4294967295 does not fit in uint16 (value 0 of 1)");
  EXPECT_EQ(decodeOne<uint16_t>(CLV_U16, {0x00, 0x00, 0xff, 0xff}), "ok");

  // The third of three values, with the right value read back first.
  clv_buf b = messageOf(CLV_ENCODING_XDR, {0, 0, 0, 1, 0, 0, 0, 2, 0, 1, 0, 0});
  int16_t values[3] = {};
  EXPECT_EQ(clv_buf_get_values(&b, CLV_I16, values, 3), CLV_E_DECODE);
  EXPECT_STREQ(clv_last_error(),
               "xdr value 65536 does not fit in int16 (value 2 of 3)");
  clv_buf_free(&b);
}

TEST(EncodeTest, OpaquePaddingMustBeZero) {
  EXPECT_EQ(decodeOne<int8_t>(CLV_I8, {0x01, 0x00, 0x00, 0x00}), "ok");
  EXPECT_EQ(decodeOne<int8_t>(CLV_I8, {0x01, 0x00, 0x07, 0x00}),
            "xdr padding byte 7 after 1 bytes of int8 is not zero");
}

/// Every truncation of \p values of \p kind written in XDR fails to decode
/// and leaves the destination as it was.
template <typename T>
void truncationsFail(clv_kind kind, const std::vector<T> &values) {
  SCOPED_TRACE(testing::Message() << "kind " << kind);
  Bytes whole = encode(kind, values);
  for (size_t length = 0; length < whole.size(); ++length) {
    clv_buf b = messageOf(CLV_ENCODING_XDR,
                          Bytes(whole.begin(), whole.begin() + length));
    std::vector<T> back(values.size(), T(7));
    EXPECT_EQ(clv_buf_get_values(&b, kind, back.data(), back.size()),
              CLV_E_DECODE)
        << length << " bytes";
    EXPECT_TRUE(b.failed);
    EXPECT_EQ(back, std::vector<T>(values.size(), T(7))) << "not written";
    EXPECT_EQ(std::string(clv_last_error()).rfind("short message", 0), 0u);
    clv_buf_free(&b);
  }
}

TEST(EncodeTest, TruncatedXdrInputDoesNotDecode) {
  truncationsFail<int8_t>(CLV_I8, {1, 2, 3});
  truncationsFail<uint8_t>(CLV_U8, {1, 2, 3, 4, 5});
  truncationsFail<int16_t>(CLV_I16, {-1, 2});
  truncationsFail<uint16_t>(CLV_U16, {1, 2});
  truncationsFail<int32_t>(CLV_I32, {-1, 2});
  truncationsFail<uint32_t>(CLV_U32, {1, 2});
  truncationsFail<int64_t>(CLV_I64, {-1, 2});
  truncationsFail<uint64_t>(CLV_U64, {1, 2});
  truncationsFail<float>(CLV_F32, {1.5f, 2});
  truncationsFail<double>(CLV_F64, {1.5, 2});

  // A count no message can hold.
  clv_buf b = messageOf(CLV_ENCODING_XDR, {0, 0, 0, 1});
  int16_t sink = 0;
  EXPECT_EQ(clv_buf_get_values(&b, CLV_I16, &sink, SIZE_MAX / 2), CLV_E_DECODE);
  clv_buf_free(&b);
}

TEST(EncodeTest, BadValueArgumentsAreUsageErrors) {
  clv_buf b = bufferIn(CLV_ENCODING_XDR);
  int32_t v = 1;
  EXPECT_EQ(clv_buf_put_values(nullptr, CLV_I32, &v, 1), CLV_E_USAGE);
  EXPECT_EQ(clv_buf_put_values(&b, static_cast<clv_kind>(42), &v, 1),
            CLV_E_USAGE);
  EXPECT_STREQ(clv_last_error(), "write of values of unknown kind 42");
  EXPECT_TRUE(b.failed);
  clv_buf_free(&b);

  b = bufferIn(CLV_ENCODING_XDR);
  EXPECT_EQ(clv_buf_put_values(&b, CLV_I32, nullptr, 2), CLV_E_USAGE);
  EXPECT_STREQ(clv_last_error(), "write of 2 values of int32 at a null address");
  clv_buf_free(&b);

  b = bufferIn(static_cast<clv_encoding>(7));
  EXPECT_EQ(clv_buf_put_values(&b, CLV_I32, &v, 1), CLV_E_USAGE);
  EXPECT_STREQ(clv_last_error(),
               "write of values in a buffer of unknown encoding 7");
  clv_buf_free(&b);

  b = messageOf(CLV_ENCODING_XDR, {0, 0, 0, 1});
  EXPECT_EQ(clv_buf_get_values(&b, CLV_I32, nullptr, 1), CLV_E_USAGE);
  EXPECT_EQ(clv_buf_get_values(&b, CLV_I32, &v, 1), CLV_E_DECODE)
      << "a failed buffer stays failed";
  EXPECT_EQ(clv_buf_get_values(nullptr, CLV_I32, &v, 1), CLV_E_USAGE);
  clv_buf_free(&b);
}

TEST(EncodeTest, BuffersTakeTheEncodingInUse) {
  unsetEnvironment();
  EXPECT_EQ(clv_encoding_in_use(), CLV_ENCODING_NATIVE) << "not running";
  clv_buf b;
  clv_buf_init(&b);
  EXPECT_EQ(b.encoding, CLV_ENCODING_NATIVE);
  EXPECT_EQ(b.graph, nullptr);
}

INSTANTIATE_TEST_SUITE_P(Encodings, EncodingTest,
                         ::testing::Values(CLV_ENCODING_NATIVE,
                                           CLV_ENCODING_XDR),
                         [](const ::testing::TestParamInfo<clv_encoding> &i) {
                           return std::string(i.param == CLV_ENCODING_XDR
                                                  ? "xdr"
                                                  : "native");
                         });

} // namespace
