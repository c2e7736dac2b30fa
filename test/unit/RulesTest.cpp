/// \file
/// Tests of the rules of clv_node.c that need no running runtime
/// (runtime/clv_rules.h): the binomial tree that places divide and conquer,
/// on every node count, and the grain verdict on fixed measures.

#include "clv_rules.h"

#include <gtest/gtest.h>

#include <vector>

namespace {

TEST(TreeTest, ChildrenStartAboveTheHighestBit) {
  EXPECT_EQ(clvi_tree_first_level(0), 0);
  EXPECT_EQ(clvi_tree_first_level(1), 1);
  EXPECT_EQ(clvi_tree_first_level(2), 2);
  EXPECT_EQ(clvi_tree_first_level(3), 2);
  EXPECT_EQ(clvi_tree_first_level(5), 3);
  EXPECT_EQ(clvi_tree_first_level(1023), 10);
}

TEST(TreeTest, ChildrenOfEightNodes) {
  EXPECT_EQ(clvi_tree_child(0, 0, 8), 1);
  EXPECT_EQ(clvi_tree_child(0, 1, 8), 2);
  EXPECT_EQ(clvi_tree_child(0, 2, 8), 4);
  EXPECT_EQ(clvi_tree_child(0, 3, 8), -1);
  EXPECT_EQ(clvi_tree_child(1, 1, 8), 3);
  EXPECT_EQ(clvi_tree_child(1, 2, 8), 5);
  EXPECT_EQ(clvi_tree_child(3, 2, 8), 7);
  EXPECT_EQ(clvi_tree_child(3, 3, 8), -1);
  // A call that spawns no children, and levels past any machine.
  EXPECT_EQ(clvi_tree_child(0, -1, 8), -1);
  EXPECT_EQ(clvi_tree_child(0, 30, 1 << 30), -1);
  EXPECT_EQ(clvi_tree_child(0, 62, 8), -1);
}

// Every node but 0 is spawned exactly once when each node spawns its
// children from its first level up, whatever the count (not only powers of
// two), and a child's first level is one above the level it was spawned at.
TEST(TreeTest, EveryNodeHasOneParent) {
  for (int count = 1; count <= 100; ++count) {
    std::vector<int> parents(count, 0);
    for (int node = 0; node < count; ++node)
      for (int level = clvi_tree_first_level(node);; ++level) {
        int child = clvi_tree_child(node, level, count);
        if (child < 0)
          break;
        ASSERT_LT(child, count);
        ++parents[child];
        EXPECT_EQ(clvi_tree_first_level(child), level + 1) << child;
      }
    EXPECT_EQ(parents[0], 0) << count;
    for (int node = 1; node < count; ++node)
      EXPECT_EQ(parents[node], 1) << node << " of " << count;
  }
}

/// Measures of no bucket.
std::vector<clvi_grain_measure> none() {
  return std::vector<clvi_grain_measure>(CLVI_GRAIN_BUCKETS,
                                         clvi_grain_measure{0, 0, 0});
}

/// \p samples calls of bucket \p bucket of \p work_ns each on average.
void measure(std::vector<clvi_grain_measure> &m, int bucket, unsigned samples,
             double work_ns, int64_t least_cost) {
  m[bucket] = clvi_grain_measure{samples, work_ns * samples, least_cost};
}

TEST(GrainTest, NothingMeasuredSaysNothing) {
  EXPECT_EQ(clvi_grain_highest_no(none().data(), 2, 1), -1);
}

TEST(GrainTest, WorkUnderTwiceTheCostSaysNo) {
  auto m = none();
  measure(m, 20, 2, 1000, 600); // 1000 < 2 x 600
  EXPECT_EQ(clvi_grain_highest_no(m.data(), 2, 0), 20);
  measure(m, 20, 2, 1300, 600); // 1300 >= 1200
  EXPECT_EQ(clvi_grain_highest_no(m.data(), 2, 0), -1);
}

TEST(GrainTest, TooFewCallsSayNothing) {
  auto m = none();
  measure(m, 20, 15, 10, 600);
  EXPECT_EQ(clvi_grain_highest_no(m.data(), 16, 0), -1);
  EXPECT_EQ(clvi_grain_highest_no(m.data(), 2, 0), 20);
}

// The highest bucket that says no counts, even under one that pays: calls
// up to it stay home, larger ones are spawned.
TEST(GrainTest, TheHighestNoCounts) {
  auto m = none();
  measure(m, 10, 2, 100, 600);
  measure(m, 12, 2, 100, 600);
  measure(m, 14, 2, 5000, 600);
  EXPECT_EQ(clvi_grain_highest_no(m.data(), 2, 0), 12);
}

/// Buckets 20 and 21, of calls of about 1.5 x 2^20 and 1.5 x 2^21 bytes,
/// whose least cost grows with the bytes (1 ms more for 1.5 MiB more) and
/// whose work is \p work20 and \p work21 ns a byte: both below twice their
/// cost.
std::vector<clvi_grain_measure> twoBuckets(double work20, double work21) {
  auto m = none();
  measure(m, 20, 2, work20 * 1.5 * (1 << 20), 1000000);
  measure(m, 21, 2, work21 * 1.5 * (1 << 21), 2000000);
  return m;
}

// Work that grows no faster than the bytes, below twice the cost of a byte:
// where regions are copied no larger call can pay, and every bucket says no;
// where they are shared the cost is not per byte, and only what was measured
// says.
TEST(GrainTest, LinearWorkBelowTheCostOfABytePaysNowhere) {
  auto m = twoBuckets(0.954, 0.954);
  EXPECT_EQ(clvi_grain_highest_no(m.data(), 2, 1), CLVI_GRAIN_BUCKETS - 1);
  EXPECT_EQ(clvi_grain_highest_no(m.data(), 2, 0), 21);
}

// Work that grows faster than the bytes (more than 1.25 times as much a byte
// in the larger bucket): a larger call may pay, so only the buckets measured
// say no.
TEST(GrainTest, WorkGrowingFasterThanTheBytesIsNotExtrapolated) {
  auto m = twoBuckets(0.954, 1.2);
  EXPECT_EQ(clvi_grain_highest_no(m.data(), 2, 1), 21);
}

// A cost that does not grow with the bytes says nothing of larger calls.
TEST(GrainTest, CostNotGrowingIsNotExtrapolated) {
  auto m = none();
  measure(m, 20, 2, 1000, 1000000);
  measure(m, 21, 2, 1000, 1000000);
  EXPECT_EQ(clvi_grain_highest_no(m.data(), 2, 1), 21);
}

} // namespace
