/// \file
/// Speed of the cleave runtime (runtime/clv.h) on the threads transport,
/// printed as one JSON object (scripts/bench-runtime.py runs it and takes
/// medians):
///
/// - "round_trip_us": median over ROUND_TRIPS calls of an empty call from
///   node 0 to node 1 and the wait for it (2 nodes), in microseconds;
///   "round_trip_mean_us" is the mean of the same calls.
/// - "marshal_native_gbps": a 16 MiB double array encoded with
///   clv_buf_put_region and decoded with clv_buf_get_region in copy mode (what
///   a call does to its argument), in GB/s of array, the median of
///   MARSHAL_REPEATS; "unmarshal_into_gbps" adds clv_buf_get_region_into (the
///   copy back of a written region at the wait). The buffer is reused between
///   repeats, so the figure is the copying, not the first touch of fresh pages.
/// - "marshal_xdr_gbps": the same array in the XDR encoding, encoded with
///   clv_buf_put_region_values and decoded in place with
///   clv_buf_get_region_values (copy mode), in GB/s of array, the median of
///   MARSHAL_REPEATS.
/// - "extent_test_ns": the run-time test of a spawn under one
///   (docs/regions.md, "Tested at run time"), as the generated code makes it
///   for a call of two regions beside another: the four extents
///   (clv_extent_span) and the test (clv_extents_conflict), in nanoseconds,
///   the median of EXTENT_REPEATS rounds of EXTENT_TESTS.
///
/// Usage: runtime-bench [round trips]

#define _POSIX_C_SOURCE 200809L

#include "BenchTime.h"
#include "clv.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

enum {
  ROUND_TRIPS = 100000,
  WARM_UP = 10000,
  MARSHAL_REPEATS = 21,
  EXTENT_REPEATS = 21,
  EXTENT_TESTS = 1000000,
  ARRAY_BYTES = 16 << 20
};

static clv_status empty_entry(clv_buf *args, clv_buf *result) {
  (void)args;
  (void)result;
  return CLV_OK;
}

static const clv_function functions[] = {{"empty", empty_entry}};
static const clv_program program = {functions, 1, 0, CLV_ENCODING_NATIVE};

static int start(const char *pass) {
  setenv("CLEAVE_TRANSPORT", "threads", 1);
  setenv("CLEAVE_NODES", "2", 1);
  setenv("CLEAVE_PASS", pass, 1);
  if (clv_init(NULL, NULL, &program) != CLV_OK) {
    fprintf(stderr, "runtime-bench: cannot start the runtime: %s\n",
            clv_last_error());
    return 0;
  }
  return 1;
}

static int round_trip(void) {
  clv_future *f = clv_call(1, 0, NULL);
  if (!f || clv_wait(f, NULL) != CLV_OK) {
    fprintf(stderr, "runtime-bench: empty call failed: %s\n", clv_last_error());
    return 0;
  }
  return 1;
}

/// Times \p count round trips one by one into \p times (seconds).
static int time_round_trips(double *times, size_t count) {
  for (size_t i = 0; i < WARM_UP; ++i)
    if (!round_trip())
      return 0;
  for (size_t i = 0; i < count; ++i) {
    double begin = seconds_now();
    if (!round_trip())
      return 0;
    times[i] = seconds_now() - begin;
  }
  return 1;
}

/// Times encoding and decoding the array \p values in \p b, and with \p into
/// also the copy back into \p into; returns the median in GB/s or -1.
static double time_marshal(clv_buf *b, const double *values, double *into,
                           size_t count) {
  double rates[MARSHAL_REPEATS];
  for (int r = 0; r < MARSHAL_REPEATS; ++r) {
    double begin = seconds_now();
    b->size = 0; // reuse the storage: see the file comment
    b->pos = 0;
    if (clv_buf_put_region(b, values, sizeof *values, count) != CLV_OK)
      return -1;
    const double *decoded = clv_buf_get_region(b, sizeof *values, count);
    if (!decoded)
      return -1;
    if (into) {
      b->pos = 0;
      if (clv_buf_get_region_into(b, into, sizeof *values, count) != CLV_OK)
        return -1;
    }
    double elapsed = seconds_now() - begin;
    if (decoded[count - 1] != values[count - 1])
      return -1;
    rates[r] = (double)(count * sizeof *values) / elapsed / 1e9;
  }
  return median(rates, MARSHAL_REPEATS);
}

/// Times encoding \p values in XDR into \p b and decoding them in place;
/// returns the median in GB/s or -1.
static double time_marshal_xdr(clv_buf *b, const double *values, size_t count) {
  double rates[MARSHAL_REPEATS];
  b->encoding = CLV_ENCODING_XDR;
  for (int r = 0; r < MARSHAL_REPEATS; ++r) {
    double begin = seconds_now();
    b->size = 0; // reuse the storage: see the file comment
    b->pos = 0;
    if (clv_buf_put_region_values(b, CLV_F64, values, count) != CLV_OK)
      return -1;
    const double *decoded = clv_buf_get_region_values(b, CLV_F64, count);
    if (!decoded)
      return -1;
    double elapsed = seconds_now() - begin;
    if (decoded[count - 1] != values[count - 1] || decoded[1] != values[1])
      return -1;
    rates[r] = (double)(count * sizeof *values) / elapsed / 1e9;
  }
  return median(rates, MARSHAL_REPEATS);
}

/// The median time of a run-time test over halves of \p values, in ns; the
/// halves are apart, so every test runs its four comparisons.
static double time_extent_tests(const double *values, size_t count) {
  double times[EXTENT_REPEATS];
  volatile size_t half = count / 2;
  int found = 0;
  for (int r = 0; r < EXTENT_REPEATS; ++r) {
    double begin = seconds_now();
    for (int t = 0; t < EXTENT_TESTS; ++t) {
      clv_extent mine[2], theirs[2];
      size_t h = half;
      clv_extent_span(&mine[0], values, h, sizeof *values, 1);
      clv_extent_span(&mine[1], values + count - 1, 1, sizeof *values, 0);
      clv_extent_span(&theirs[0], values + h, count - h - 1, sizeof *values, 1);
      clv_extent_span(&theirs[1], values + count - 1, 1, sizeof *values, 0);
      found += clv_extents_conflict(mine, 2, theirs, 2);
    }
    times[r] = (seconds_now() - begin) / EXTENT_TESTS * 1e9;
  }
  return found ? -1 : median(times, EXTENT_REPEATS);
}

int main(int argc, char **argv) {
  size_t trips = argc > 1 ? (size_t)strtoul(argv[1], NULL, 10) : ROUND_TRIPS;
  if (trips == 0)
    trips = ROUND_TRIPS;
  double *times = malloc(trips * sizeof *times);
  size_t count = ARRAY_BYTES / sizeof(double);
  double *values = malloc(count * sizeof *values);
  double *into = malloc(count * sizeof *into);
  if (!times || !values || !into) {
    fprintf(stderr, "runtime-bench: out of memory\n");
    return 1;
  }
  for (size_t i = 0; i < count; ++i)
    values[i] = (double)i * 0.5;
  memset(into, 0, count * sizeof *into);

  if (!start("share"))
    return 1;
  int ok = time_round_trips(times, trips);
  double total = 0;
  for (size_t i = 0; ok && i < trips; ++i)
    total += times[i];
  if (clv_finalize() != CLV_OK || !ok)
    return 1;
  double mean_us = 1e6 * total / (double)trips;
  double median_us = 1e6 * median(times, trips);

  if (!start("copy"))
    return 1;
  clv_buf b;
  clv_buf_init(&b);
  double native = time_marshal(&b, values, NULL, count);
  double with_into = time_marshal(&b, values, into, count);
  double xdr = time_marshal_xdr(&b, values, count);
  clv_buf_free(&b);
  double extent_ns = time_extent_tests(values, count);
  if (clv_finalize() != CLV_OK || native < 0 || with_into < 0 || xdr < 0 || extent_ns < 0) {
    fprintf(stderr, "runtime-bench: marshaling failed: %s\n", clv_last_error());
    return 1;
  }

  printf("{\"array_bytes\": %d, \"extent_test_ns\": %.2f, \"marshal_native_gbps\": %.3f, "
         "\"marshal_xdr_gbps\": %.3f, \"nodes\": 2, \"round_trip_mean_us\": %.3f, "
         "\"round_trip_us\": %.3f, \"round_trips\": %zu, "
         "\"unmarshal_into_gbps\": %.3f}\n",
         ARRAY_BYTES, extent_ns, native, xdr, mean_us, median_us, trips, with_into);
  free(times);
  free(values);
  free(into);
  return 0;
}
