/// \file
/// Unit tests of symbolic expressions: parsing, printing, substitution and the
/// affine comparisons behind region disjointness.
#include "analysis/SymbolicExpr.h"

#include "gtest/gtest.h"

using namespace cleave;

static SymExpr::Ptr parse(llvm::StringRef Text) {
  auto E = parseSymExpr(Text);
  EXPECT_TRUE(static_cast<bool>(E)) << llvm::toString(E.takeError());
  return E ? *E : SymExpr::constant(0);
}

TEST(SymbolicExprTest, PrintsWithTheParenthesesPrecedenceNeeds) {
  EXPECT_EQ(parse("n")->str(), "n");
  EXPECT_EQ(parse(" n / 2 ")->str(), "n / 2");
  EXPECT_EQ(parse("(a + b) * c")->str(), "(a + b) * c");
  EXPECT_EQ(parse("a - (b - c)")->str(), "a - (b - c)");
  EXPECT_EQ(parse("a - b - c")->str(), "a - b - c");
  EXPECT_EQ(parse("-x + 1")->str(), "-x + 1");
  EXPECT_EQ(parse("hi + 1 - lo % 3")->str(), "hi + 1 - lo % 3");
}

TEST(SymbolicExprTest, RejectsMalformedText) {
  for (const char *Bad : {"", "n +", "(n", "n)", "a[0]", "n $ 2", "2 3",
                          "99999999999999999999"}) {
    auto E = parseSymExpr(Bad);
    EXPECT_FALSE(static_cast<bool>(E)) << Bad;
    llvm::consumeError(E.takeError());
  }
}

TEST(SymbolicExprTest, ListsVariablesOnce) {
  EXPECT_EQ(parse("n - n / 2 + lo")->variables(),
            (std::vector<std::string>{"lo", "n"}));
  EXPECT_TRUE(parse("4 * 2")->variables().empty());
}

// A global read as a parameter is named by its key, `::BS`; its terms
// collect as any variable's.
TEST(SymbolicExprTest, GlobalKeysAreVariables) {
  EXPECT_EQ(parse("::BS * i + ::BS")->variables(), (std::vector<std::string>{"::BS", "i"}));
  EXPECT_EQ(simplify(parse("0 + (1 * (::BS + -1) + 0) + 1"))->str(), "::BS");
  for (const char *Bad : {"::", ":: BS", "::1", "a ::b"}) {
    auto E = parseSymExpr(Bad);
    EXPECT_FALSE(static_cast<bool>(E)) << Bad;
    llvm::consumeError(E.takeError());
  }
}

TEST(SymbolicExprTest, SubstitutesVariables) {
  SymMap M{{"n", parse("m / 2")}, {"lo", parse("p + 1")}};
  EXPECT_EQ(substitute(parse("n - lo"), M)->str(), "m / 2 - (p + 1)");
  EXPECT_EQ(substitute(parse("k"), M)->str(), "k");
}

TEST(SymbolicExprTest, AffineFormsCollectTermsAndFoldConstants) {
  AffineForm F = AffineForm::of(parse("2 * (n + 3) - n + 7 / 2"));
  EXPECT_EQ(F.Constant, 9);
  ASSERT_EQ(F.Terms.size(), 1u);
  EXPECT_EQ(F.Terms.at("n"), 1);
  // A quotient of variables is an atom: equal to itself, nothing else.
  AffineForm Q = AffineForm::of(parse("n / 2 + n / 2"));
  EXPECT_EQ(Q.Terms.at("n / 2"), 2);
  EXPECT_EQ(AffineForm::of(parse("n - n")).constantValue(), std::optional<int64_t>(0));
  // C's division truncates toward zero.
  EXPECT_EQ(AffineForm::of(parse("-7 / 2")).constantValue(), std::optional<int64_t>(-3));
  EXPECT_EQ(AffineForm::of(parse("-7 % 2")).constantValue(), std::optional<int64_t>(-1));
}

TEST(SymbolicExprTest, ProvesTheHalvesOfMergesortDisjoint) {
  // sort(a, n/2) covers a[0 : n/2]; sort(a + n/2, n - n/2) covers
  // a[n/2 : n/2 + (n - n/2)] = a[n/2 : n].
  SymExpr::Ptr SecondHi = parse("n / 2 + (n - n / 2)");
  EXPECT_TRUE(provablyDisjoint(parse("0"), parse("n / 2"), parse("n / 2"), SecondHi));
  // ... and the second half ends where the whole does: not disjoint from it.
  EXPECT_FALSE(provablyDisjoint(parse("n / 2"), SecondHi, parse("0"), parse("n")));
}

TEST(SymbolicExprTest, ProvesTheSidesOfQuicksortDisjoint) {
  // qs(a, lo, p - 1) covers a[lo : p]; qs(a, p + 1, hi) covers a[p + 1 : hi + 1].
  EXPECT_TRUE(provablyDisjoint(parse("lo"), parse("p - 1 + 1"), parse("p + 1"), parse("hi + 1")));
  // One element more on the left and the sides meet.
  EXPECT_FALSE(provablyDisjoint(parse("lo"), parse("p + 2"), parse("p + 1"), parse("hi + 1")));
}

TEST(SymbolicExprTest, RefusesWhatItCannotProve) {
  EXPECT_FALSE(provablyDisjoint(parse("0"), parse("n"), parse("m"), parse("k")));
  EXPECT_FALSE(provablyDisjoint(parse("0"), parse("n"), parse("n / 2"), parse("n")));
  EXPECT_FALSE(provablyDisjoint(parse("0"), parse("n * n"), parse("n * n - 1"), parse("2 * (n * n)")));
  EXPECT_TRUE(provablyDisjoint(parse("0"), parse("n * n"), parse("n * n"), parse("2 * (n * n)")));
}

TEST(SymbolicExprTest, OverflowMakesAFormUnknown) {
  SymExpr::Ptr Big = SymExpr::binary(SymExpr::Kind::Mul, parse("2"), parse("9223372036854775807 * n"));
  EXPECT_FALSE(provablyDisjoint(parse("0"), parse("2 * n"), Big, parse("3 * n")));
  EXPECT_FALSE(AffineForm::of(parse("9223372036854775807 + 1")).constantValue().has_value());
}

TEST(SymbolicExprTest, DisjointWhenOneEndsFirstOrIsEmpty) {
  // Mergesort's halves.
  EXPECT_TRUE(provablyDisjoint(parse("0"), parse("n / 2"), parse("n / 2"), parse("n")));
  EXPECT_TRUE(provablyDisjoint(parse("n / 2"), parse("n"), parse("0"), parse("n / 2")));
  // A three-way split: [0, t) and [2t, n) are disjoint whatever the sign of t.
  EXPECT_TRUE(provablyDisjoint(parse("0"), parse("t"), parse("2 * t"), parse("n")));
  EXPECT_TRUE(provablyDisjoint(parse("t"), parse("2 * t"), parse("2 * t"), parse("n")));
  // Overlaps, or what cannot be known, are not disjoint.
  EXPECT_FALSE(provablyDisjoint(parse("0"), parse("t + 1"), parse("t"), parse("n")));
  EXPECT_FALSE(provablyDisjoint(parse("0"), parse("n"), parse("0"), parse("n")));
  EXPECT_FALSE(provablyDisjoint(parse("0"), parse("n"), parse("m"), parse("k")));
  // Quadrants of h * h elements, one and three apart.
  EXPECT_TRUE(provablyDisjoint(parse("0"), parse("h * h"), parse("3 * (h * h)"),
                               parse("4 * (h * h)")));
  EXPECT_TRUE(provablyDisjoint(parse("h * h"), parse("2 * (h * h)"), parse("3 * (h * h)"),
                               parse("4 * (h * h)")));
  // A read quadrant beside a workspace after 17 quadrants: three gaps at once.
  EXPECT_TRUE(provablyDisjoint(parse("0"), parse("x"), parse("17 * x + y"),
                               parse("17 * x + 2 * y")));
  EXPECT_FALSE(provablyDisjoint(parse("0"), parse("x"), parse("x - 1 + y"),
                                parse("x + 2 * y")));
  // [lo, p) beside [p + 1, hi + 1): quicksort.
  EXPECT_TRUE(provablyDisjoint(parse("lo"), parse("p - 1 + 1"), parse("p + 1"), parse("hi + 1")));
}

TEST(SymbolicExprTest, DisjointnessHoldsOnSmallValues) {
  // Brute force over small values: whenever provablyDisjoint says yes, the
  // intervals share no integer.
  const char *Bounds[] = {"0", "t", "2 * t", "3 * t", "t + 1", "n", "n - t", "-t", "t / 2",
                          "t + n", "2 * n + t"};
  for (const char *A : Bounds)
    for (const char *B : Bounds)
      for (const char *C : Bounds)
        for (const char *D : Bounds) {
          if (!provablyDisjoint(parse(A), parse(B), parse(C), parse(D)))
            continue;
          for (int64_t T = -4; T <= 4; ++T)
            for (int64_t N = -4; N <= 4; ++N) {
              auto Eval = [&](const char *Text) {
                AffineForm F = AffineForm::of(substitute(
                    parse(Text), {{"t", SymExpr::constant(T)}, {"n", SymExpr::constant(N)}}));
                return *F.constantValue();
              };
              int64_t L1 = Eval(A), H1 = Eval(B), L2 = Eval(C), H2 = Eval(D);
              bool Shared = std::max(L1, L2) < std::min(H1, H2);
              EXPECT_FALSE(Shared) << A << " " << B << " " << C << " " << D << " t=" << T
                                   << " n=" << N;
            }
        }
}

TEST(SymbolicExprTest, EvaluatesWithCArithmetic) {
  auto Values = [](llvm::StringRef Name) -> std::optional<int64_t> {
    if (Name == "n")
      return 7;
    if (Name == "m")
      return -7;
    return std::nullopt;
  };
  EXPECT_EQ(evaluate(parse("n / 2 + n % 2"), Values), std::optional<int64_t>(4));
  EXPECT_EQ(evaluate(parse("m / 2"), Values), std::optional<int64_t>(-3));
  EXPECT_EQ(evaluate(parse("-(n - m) * 3"), Values), std::optional<int64_t>(-42));
  EXPECT_EQ(evaluate(parse("n / (m + 7)"), Values), std::nullopt);  // by zero
  EXPECT_EQ(evaluate(parse("n + k"), Values), std::nullopt);        // k unknown
  EXPECT_EQ(evaluate(parse("9223372036854775807 + n"), Values), std::nullopt);
}

TEST(SymbolicExprTest, SimplifiesToACanonicalAffineForm) {
  EXPECT_EQ(simplify(parse("0 + (n - 1) + 1"))->str(), "n");
  EXPECT_EQ(simplify(parse("lo + (hi - lo) / 2 - lo"))->str(), "(hi - lo) / 2");
  EXPECT_EQ(simplify(parse("4 * i + n - 1 - 4 * i + 3"))->str(), "n + 2");
  EXPECT_EQ(simplify(parse("2 - k - k"))->str(), "-(2 * k) + 2");
  EXPECT_EQ(simplify(parse("3 * 0"))->str(), "0");
  // A term added comes first: C subtracts pointers, but negates none.
  EXPECT_EQ(simplify(parse("end - a"))->str(), "end - a");
  EXPECT_EQ(simplify(parse("-a + end + 1"))->str(), "end - a + 1");
}

TEST(SymbolicExprTest, SubstitutesAndSimplifiesInsideQuotients) {
  SymMap Within{{"high", parse("low + d")}};
  EXPECT_EQ(substituteSimplified(parse("(high - low) / 2 + high - low + 1"), Within)->str(),
            "d + d / 2 + 1");
  EXPECT_EQ(substituteSimplified(parse("(high - low) * n"), Within)->str(), "d * n");
  // Without the substitution, the quotient stays one atom.
  EXPECT_EQ(substitute(parse("(high - low) / 2"), Within)->str(), "(low + d - low) / 2");
}

TEST(SymbolicExprTest, MultipliesOutProductsOfSums) {
  EXPECT_EQ(simplify(parse("(n - 1) * n + n"))->str(), "n * n");
  EXPECT_EQ(simplify(parse("n * (n + 1) - n"))->str(), "n * n");
  // The two factors of a product in the order of their texts.
  EXPECT_EQ(AffineForm::of(parse("i * j - j * i")).constantValue(), std::optional<int64_t>(0));
  EXPECT_EQ(simplify(parse("(n / 2 - 1) * (n / 2) + n / 2"))->str(), "n / 2 * (n / 2)");
  EXPECT_EQ(simplify(parse("2 * (h + 1) * (h - 1)"))->str(), "2 * (h * h) - 2");
  // A product with a product is one atom, as is any product of three.
  AffineForm Cube = AffineForm::of(parse("n * n * n"));
  ASSERT_EQ(Cube.Terms.size(), 1u);
  EXPECT_EQ(Cube.Terms.begin()->first, "n * n * n");
}

TEST(SymbolicExprTest, MinimaAndMaximaPrintAsConditionalsAndParseBack) {
  // What MIN(b + 64, n) expands to, and the other ways of writing it.
  EXPECT_EQ(parse("(b + 64 < n ? b + 64 : n)")->kind(), SymExpr::Kind::Min);
  EXPECT_EQ(parse("(n <= b + 64 ? n : b + 64)")->kind(), SymExpr::Kind::Min);
  EXPECT_EQ(parse("(b + 64 < n ? n : b + 64)")->kind(), SymExpr::Kind::Max);
  EXPECT_EQ(parse("(b > 0 ? b : 0)")->kind(), SymExpr::Kind::Max);
  SymExpr::Ptr M = parse("(b + 64 < n ? b + 64 : n) * n");
  EXPECT_EQ(M->str(), "(b + 64 < n ? b + 64 : n) * n");
  EXPECT_EQ(parse(M->str())->str(), M->str());
  auto At = [](int64_t B, int64_t N) {
    return [=](llvm::StringRef V) -> std::optional<int64_t> { return V == "b" ? B : N; };
  };
  SymExpr::Ptr Min = parse("(b + 64 < n ? b + 64 : n)"), Max = parse("(b - 1 > 0 ? b - 1 : 0)");
  EXPECT_EQ(evaluate(Min, At(0, 100)), std::optional<int64_t>(64));
  EXPECT_EQ(evaluate(Min, At(64, 100)), std::optional<int64_t>(100));
  EXPECT_EQ(evaluate(Max, At(0, 100)), std::optional<int64_t>(0));
  EXPECT_EQ(evaluate(Max, At(9, 100)), std::optional<int64_t>(8));
  // A minimum is an atom of an affine form: equal to itself, nothing else.
  EXPECT_EQ(AffineForm::of(parse("(b < n ? b : n) + 1 - (b < n ? b : n)")).constantValue(),
            std::optional<int64_t>(1));
  EXPECT_FALSE(AffineForm::of(parse("(b < n ? b : n) - b")).constantValue());
  // A conditional that chooses neither of the values it compares, or a
  // test that is no comparison, is not one.
  for (const char *Bad : {"(b < n ? b : m)", "(b < n ? b + 1 : n)", "(b ? b : n)", "(b < n)",
                          "(b < n ? b : n"}) {
    auto E = parseSymExpr(Bad);
    EXPECT_FALSE(static_cast<bool>(E)) << Bad;
    llvm::consumeError(E.takeError());
  }
}

// dividedRounding's floor and ceiling, written with C's truncating
// division, are the mathematical ones for every sign of the dividend, and
// an exact quotient stays a quotient of terms.
TEST(SymbolicExprTest, DividesRoundingDownAndUpWhateverTheSign) {
  for (int64_t Size : {2, 3, 8}) {
    SymExpr::Ptr Down = dividedRounding(parse("x + 5"), Size, false),
                 Up = dividedRounding(parse("x + 5"), Size, true);
    for (int64_t X = -40; X <= 40; ++X) {
      auto At = [&](llvm::StringRef) -> std::optional<int64_t> { return X; };
      int64_t E = X + 5, Floor = E >= 0 ? E / Size : -((-E + Size - 1) / Size);
      int64_t Ceil = E >= 0 ? (E + Size - 1) / Size : -(-E / Size);
      EXPECT_EQ(evaluate(Down, At), Floor) << E << " / " << Size;
      EXPECT_EQ(evaluate(Up, At), Ceil) << E << " / " << Size;
    }
  }
  EXPECT_EQ(dividedRounding(parse("lo * 8 + 16"), 8, false)->str(), "lo + 2");
  EXPECT_EQ(dividedRounding(parse("(hi - lo) * 8"), 8, true)->str(), "hi - lo");
}
