/// \file
/// Unit tests of the questions isl answers: what follows from what, with
/// products of two variables bound by facts of degree two.
#include "analysis/Presburger.h"

#include "gtest/gtest.h"

using namespace cleave;

static SymExpr::Ptr parse(llvm::StringRef Text) {
  auto E = parseSymExpr(Text);
  EXPECT_TRUE(static_cast<bool>(E)) << llvm::toString(E.takeError());
  return E ? *E : SymExpr::constant(0);
}

/// The facts `T >= 0`, one for each text.
static Conjunction facts(std::initializer_list<const char *> Texts) {
  Conjunction Out;
  for (const char *T : Texts)
    Out.push_back(parse(T));
  return Out;
}

TEST(PresburgerTest, LinearFactsFollowAsBefore) {
  EXPECT_TRUE(implies(facts({"n - 9"}), {facts({"n / 2 - 4"})}));
  EXPECT_FALSE(implies(facts({"n - 9"}), {facts({"n / 2 - 5"})}));
}

TEST(PresburgerTest, QuadrantsOfASquareLieInsideIt) {
  // Four quadrants of order n / 2 fit in a square of order n, whatever the
  // sign of n, and for odd n too.
  EXPECT_TRUE(implies({}, {facts({"n * n - 4 * (n / 2 * (n / 2))"})}));
  EXPECT_TRUE(implies(facts({"n - 9"}), {facts({"n * n - 4 * (n / 2 * (n / 2))"})}));
  // The square of a half is no more than a quarter of the square, but not
  // less than it less n: neither is a bound the other way.
  EXPECT_FALSE(implies(facts({"n - 9"}), {facts({"4 * (n / 2 * (n / 2)) - n * n"})}));
  EXPECT_TRUE(implies(facts({"n - 9"}), {facts({"4 * (n / 2 * (n / 2)) + 2 * n - n * n"})}));
}

TEST(PresburgerTest, ProductsFollowFromBoundsOfTheirFactors) {
  // 0 <= i < n and 0 <= j < n: i * n + j < n * n.
  EXPECT_TRUE(implies(facts({"i", "n - 1 - i", "j", "n - 1 - j"}),
                      {facts({"n * n - 1 - (i * n + j)"})}));
  // Not without the bound on i.
  EXPECT_FALSE(implies(facts({"i", "j", "n - 1 - j"}), {facts({"n * n - 1 - (i * n + j)"})}));
  // A square is never negative, but a product of two unknowns may be.
  EXPECT_TRUE(implies(facts({"n - 1"}), {facts({"n * n - 1"})}));
  EXPECT_FALSE(implies({}, {facts({"a * b"})}));
}

TEST(PresburgerTest, MinimaAreNoGreaterThanEitherAndEqualToOne) {
  // The block [b, MIN(b + 64, n)) ends before the next one starts.
  EXPECT_TRUE(implies(facts({"c - b - 64"}), {facts({"c - (b + 64 < n ? b + 64 : n)"})}));
  EXPECT_TRUE(regionsDisjoint(parse("b"), parse("(b + 64 < n ? b + 64 : n)"), {}, parse("c"),
                              parse("(c + 64 < n ? c + 64 : n)"), {}, facts({"c - b - 64"})));
  // Blocks 32 apart overlap where n is large.
  EXPECT_FALSE(regionsDisjoint(parse("b"), parse("(b + 64 < n ? b + 64 : n)"), {}, parse("c"),
                               parse("(c + 64 < n ? c + 64 : n)"), {}, facts({"c - b - 32"})));
  // The minimum is one of the two: it reaches n where b + 64 does not.
  EXPECT_TRUE(implies(facts({"b + 64 - n"}), {facts({"(b + 64 < n ? b + 64 : n) - n"})}));
  EXPECT_FALSE(implies({}, {facts({"(b + 64 < n ? b + 64 : n) - n"})}));
  // A maximum is no smaller than either.
  EXPECT_TRUE(implies({}, {facts({"(b - 1 > 0 ? b - 1 : 0)", "(b - 1 > 0 ? b - 1 : 0) - b + 1"})}));
}
