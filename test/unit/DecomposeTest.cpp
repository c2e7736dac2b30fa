/// \file
/// Tests of the array decompositions of seed 002 (mapping/Decompose.h). The
/// costs are recomputed here from the cells, independently of the library.
#include "mapping/Decompose.h"
#include "gtest/gtest.h"
#include <algorithm>
#include <cmath>
#include <random>

using namespace cleave;

namespace {

/// Owner of every cell, or -1 where no rectangle covers it; fails the test on
/// an overlap.
std::vector<int> paint(const Decomposition &D) {
  std::vector<int> Owner(size_t(D.Rows) * D.Cols, -1);
  for (const Rectangle &R : D.Rectangles) {
    EXPECT_LT(R.Row0, R.Row1);
    EXPECT_LT(R.Col0, R.Col1);
    EXPECT_LE(R.Row1, D.Rows);
    EXPECT_LE(R.Col1, D.Cols);
    for (unsigned Row = R.Row0; Row < std::min(R.Row1, D.Rows); ++Row)
      for (unsigned Col = R.Col0; Col < std::min(R.Col1, D.Cols); ++Col) {
        int &O = Owner[size_t(Row) * D.Cols + Col];
        EXPECT_EQ(O, -1) << "cell " << Row << "," << Col << " covered twice";
        O = int(R.Processor);
      }
  }
  return Owner;
}

/// Acost counted cell by cell: unit edges between cells of different owners.
double cellACost(const Decomposition &D, const std::vector<int> &Owner) {
  double Cost = 0;
  for (unsigned Row = 0; Row < D.Rows; ++Row)
    for (unsigned Col = 0; Col < D.Cols; ++Col) {
      int O = Owner[size_t(Row) * D.Cols + Col];
      if (Col + 1 < D.Cols && Owner[size_t(Row) * D.Cols + Col + 1] != O)
        ++Cost;
      if (Row + 1 < D.Rows && Owner[size_t(Row + 1) * D.Cols + Col] != O)
        ++Cost;
    }
  return Cost;
}

/// Bcost counted cell by cell: Acost plus the wrap-around unit edges whose
/// two cells have different owners.
double cellBCost(const Decomposition &D, const std::vector<int> &Owner) {
  double Cost = cellACost(D, Owner);
  for (unsigned Row = 0; Row < D.Rows; ++Row)
    Cost += Owner[size_t(Row) * D.Cols] != Owner[size_t(Row) * D.Cols + D.Cols - 1];
  for (unsigned Col = 0; Col < D.Cols; ++Col)
    Cost += Owner[Col] != Owner[size_t(D.Rows - 1) * D.Cols + Col];
  return Cost;
}

/// Internal edges counted as pairs of rectangles sharing a boundary of
/// positive length: two rectangles of a tiling share at most one such edge.
unsigned adjacentPairs(const Decomposition &D) {
  unsigned Pairs = 0;
  const auto &Rs = D.Rectangles;
  for (size_t I = 0; I < Rs.size(); ++I)
    for (size_t J = I + 1; J < Rs.size(); ++J) {
      const Rectangle &A = Rs[I], &B = Rs[J];
      bool Vertical = (A.Col1 == B.Col0 || B.Col1 == A.Col0) &&
                      std::max(A.Row0, B.Row0) < std::min(A.Row1, B.Row1);
      bool Horizontal = (A.Row1 == B.Row0 || B.Row1 == A.Row0) &&
                        std::max(A.Col0, B.Col0) < std::min(A.Col1, B.Col1);
      Pairs += Vertical || Horizontal;
    }
  return Pairs;
}

/// The best real-valued Acost over every XY decomposition, by brute force:
/// every order of the partitions, every composition of p into strips, strips
/// across the longer side (and also across the shorter one when \p Rotate).
/// Section 4: Acost = (v - 1) m + n sum (count_i - 1) weight_i.
double bruteForceXY(unsigned Rows, unsigned Cols, std::vector<double> Shares, bool Rotate) {
  double Short = std::min(Rows, Cols), Long = std::max(Rows, Cols);
  unsigned P = Shares.size();
  std::sort(Shares.begin(), Shares.end());
  double Best = INFINITY;
  do {
    for (unsigned Mask = 0; Mask < (1u << (P - 1)); ++Mask) {
      // Bit i set: a strip boundary after partition i.
      double Lines = 0, Inner = 0, StripWeight = 0;
      unsigned InStrip = 0;
      for (unsigned I = 0; I < P; ++I) {
        StripWeight += Shares[I];
        ++InStrip;
        if (I + 1 == P || (Mask >> I & 1)) {
          Inner += (InStrip - 1) * StripWeight;
          Lines += I + 1 < P;
          StripWeight = 0;
          InStrip = 0;
        }
      }
      Best = std::min(Best, Lines * Short + Inner * Long);
      if (Rotate)
        Best = std::min(Best, Lines * Long + Inner * Short);
    }
  } while (std::next_permutation(Shares.begin(), Shares.end()));
  return Best;
}

void checkTiling(const Decomposition &D) {
  std::vector<int> Owner = paint(D);
  EXPECT_EQ(std::count(Owner.begin(), Owner.end(), -1), 0) << "a gap";
  EXPECT_DOUBLE_EQ(D.ACost, cellACost(D, Owner));
  EXPECT_DOUBLE_EQ(D.BCost, cellBCost(D, Owner));
  EXPECT_EQ(D.InternalEdges, adjacentPairs(D));
  EXPECT_DOUBLE_EQ(D.LatencyCost, D.ACost + D.Latency * D.InternalEdges);
  for (size_t I = 0; I < D.Rectangles.size(); ++I)
    EXPECT_EQ(D.Rectangles[I].Processor, I);
}

const std::vector<double> Fig16Speeds = {0.5, 0.1, 0.1, 0.1, 0.1, 0.05, 0.05};

Decomposition mustDecompose(unsigned Rows, unsigned Cols, llvm::ArrayRef<double> Speeds,
                            DecompositionKind Kind, double Latency = 0) {
  auto D = decompose(Rows, Cols, Speeds, Kind, Latency);
  EXPECT_TRUE(bool(D)) << llvm::toString(D.takeError());
  return D ? std::move(*D) : Decomposition();
}

} // namespace

// §6.4, Fig. 16: costs 5750 (RB), 4500 (XY2), 4500 (TILE), 4666 (RB2) and
// 4700 (RB3) on a 1000 x 3000 array. The paper's 4666 is 4666.67 truncated.
TEST(DecomposeTest, Fig16Costs) {
  struct {
    DecompositionKind Kind;
    double Paper;
  } Cases[] = {{DecompositionKind::RB, 5750},   {DecompositionKind::XY2, 4500},
               {DecompositionKind::Tile, 4500}, {DecompositionKind::RB2, 4666.0 + 2.0 / 3},
               {DecompositionKind::RB3, 4700},  {DecompositionKind::XY, 4500}};
  for (auto C : Cases) {
    Decomposition D = mustDecompose(1000, 3000, Fig16Speeds, C.Kind);
    SCOPED_TRACE(decompositionKindName(C.Kind).str());
    EXPECT_NEAR(D.IdealACost, C.Paper, 1e-6);
    // Rounding moves each cut by less than one row or column.
    EXPECT_NEAR(D.ACost, C.Paper, 2);
    EXPECT_GE(D.ACost, D.LowerBound);
    // The shares of Fig. 16 are whole numbers of cells at every cut.
    for (const Rectangle &R : D.Rectangles)
      EXPECT_NEAR(double(R.cells()), Fig16Speeds[R.Processor] * 3e6, 0.01 * 3e6);
  }
}

// Fig. 16 (b): XY2 keeps the 0.5 partition alone in the first strip and
// puts the other six in three strips of two (counts 1, 2, 2, 2).
TEST(DecomposeTest, Fig16XY2Shape) {
  Decomposition D = mustDecompose(1000, 3000, Fig16Speeds, DecompositionKind::XY2);
  const Rectangle &Big = D.Rectangles[0];
  EXPECT_EQ(Big.Row0, 0u);
  EXPECT_EQ(Big.Row1, 1000u);
  EXPECT_EQ(Big.Col0, 0u);
  EXPECT_EQ(Big.Col1, 1500u);
  EXPECT_EQ(Big.cells(), 1500000u);
  unsigned FullHeight = 0;
  for (const Rectangle &R : D.Rectangles)
    FullHeight += R.rows() == 1000;
  EXPECT_EQ(FullHeight, 1u);
  checkTiling(mustDecompose(100, 300, Fig16Speeds, DecompositionKind::XY2));
}

// Worked by hand from Fig. 15: the cuts of RB are 1000, 2400, 750, 250, 600
// and 750 long on the integer grid too.
TEST(DecomposeTest, RecursiveBisectionByHand) {
  Decomposition D = mustDecompose(1000, 3000, Fig16Speeds, DecompositionKind::RB);
  EXPECT_DOUBLE_EQ(D.ACost, 5750);
  // 0.5 of the cells: 0.6 / 0.8 of 1000 rows, 0.5 / 0.6 of 2400 columns.
  EXPECT_EQ(D.Rectangles[0].rows(), 750u);
  EXPECT_EQ(D.Rectangles[0].cols(), 2000u);
}

// Exact tiling and the independent cell-by-cell costs on random instances of
// every algorithm, with and without latency.
TEST(DecomposeTest, RandomInstancesTileExactly) {
  std::mt19937 Rng(2);
  std::uniform_int_distribution<unsigned> Side(1, 40), Procs(1, 9);
  std::uniform_real_distribution<double> Speed(1, 8);
  unsigned Checked = 0;
  for (int Trial = 0; Trial < 200; ++Trial) {
    unsigned Rows = Side(Rng), Cols = Side(Rng), P = Procs(Rng);
    std::vector<double> Speeds(P);
    for (double &S : Speeds)
      S = Speed(Rng);
    double Latency = Trial % 2 ? 7 : 0;
    for (DecompositionKind K : allDecompositionKinds()) {
      auto D = decompose(Rows, Cols, Speeds, K, Latency);
      if (!D) {
        // Only a too-small array may be refused.
        std::string Message = llvm::toString(D.takeError());
        EXPECT_NE(Message.find("too small"), std::string::npos) << Message;
        continue;
      }
      SCOPED_TRACE(decompositionKindName(K).str() + " " + std::to_string(Rows) + "x" +
                   std::to_string(Cols));
      checkTiling(*D);
      ++Checked;
    }
  }
  EXPECT_GT(Checked, 1000u);
}

// Small hand-made case: 2 x 3 with speeds 2, 1 is one cut of length 2
// (Fig. 5 (a)): Acost = m = 2, Bcost = 2m = 4, one internal edge.
TEST(DecomposeTest, TwoPartitions) {
  Decomposition D = mustDecompose(2, 3, {2, 1}, DecompositionKind::XY);
  EXPECT_DOUBLE_EQ(D.ACost, 2);
  EXPECT_DOUBLE_EQ(D.BCost, 4);
  EXPECT_EQ(D.InternalEdges, 1u);
  EXPECT_EQ(D.Rectangles[0].cells(), 4u);
  checkTiling(D);
}

// Euler's formula on a 2 x 2 grid of equal partitions: one interior vertex
// of degree 4, so E_i = 1 + 4 - 1 = 4; a stack of strips has none: E_i = p - 1.
TEST(DecomposeTest, EulerEdgeCount) {
  std::vector<Rectangle> Grid = {
      {0, 0, 1, 0, 1}, {1, 0, 1, 1, 2}, {2, 1, 2, 0, 1}, {3, 1, 2, 1, 2}};
  EXPECT_EQ(countInternalEdges(2, 2, Grid), 4u);
  std::vector<Rectangle> Strips = {{0, 0, 3, 0, 1}, {1, 0, 3, 1, 2}, {2, 0, 3, 2, 3}};
  EXPECT_EQ(countInternalEdges(3, 3, Strips), 2u);
  EXPECT_DOUBLE_EQ(internalEdgeLength(3, 3, Strips), 6);
  // A T-junction: one tall rectangle beside two stacked ones.
  std::vector<Rectangle> T = {{0, 0, 2, 0, 1}, {1, 0, 1, 1, 2}, {2, 1, 2, 1, 2}};
  EXPECT_EQ(countInternalEdges(2, 2, T), 3u);
}

// Theorem 1: the pt(p) sorted XY decompositions contain the best XY
// decomposition; XY2 (Lemma 3) the best one in either orientation.
TEST(DecomposeTest, XYMatchesBruteForce) {
  std::mt19937 Rng(7);
  std::uniform_int_distribution<unsigned> Side(50, 3000), Procs(2, 6);
  std::uniform_real_distribution<double> Speed(1, 8);
  for (int Trial = 0; Trial < 40; ++Trial) {
    unsigned Rows = Side(Rng), Cols = Side(Rng), P = Procs(Rng);
    std::vector<double> Speeds(P);
    for (double &S : Speeds)
      S = std::round(Speed(Rng) * 4) / 4; // some ties, as in Fig. 16
    double Total = 0;
    for (double S : Speeds)
      Total += S;
    std::vector<double> Shares;
    for (double S : Speeds)
      Shares.push_back(S / Total);
    SCOPED_TRACE(std::to_string(Rows) + "x" + std::to_string(Cols));
    Decomposition XY = mustDecompose(Rows, Cols, Speeds, DecompositionKind::XY);
    Decomposition XY2 = mustDecompose(Rows, Cols, Speeds, DecompositionKind::XY2);
    Decomposition Tile = mustDecompose(Rows, Cols, Speeds, DecompositionKind::Tile);
    double Brute = bruteForceXY(Rows, Cols, Shares, false);
    double Brute2 = bruteForceXY(Rows, Cols, Shares, true);
    EXPECT_NEAR(XY.IdealACost, Brute, 1e-6 * Brute);
    EXPECT_NEAR(XY2.IdealACost, Brute2, 1e-6 * Brute2);
    // TILE is forced to turn when the rest becomes tall, so it need not
    // contain XY's best; it is still a valid decomposition above the bound.
    EXPECT_GE(Tile.ACost, Tile.LowerBound);
  }
}

// Table 1: XY prices pt(p) candidates, XY2 twice as many.
TEST(DecomposeTest, PartitionCounts) {
  struct {
    unsigned P;
    uint64_t Pt;
  } Cases[] = {{4, 5}, {5, 7}, {7, 15}, {10, 42}, {20, 627}};
  for (auto C : Cases) {
    std::vector<double> Speeds(C.P, 1.0);
    EXPECT_EQ(mustDecompose(1000, 1000, Speeds, DecompositionKind::XY).CandidatesPriced, C.Pt);
    EXPECT_EQ(mustDecompose(1000, 1000, Speeds, DecompositionKind::XY2).CandidatesPriced, 2 * C.Pt);
  }
}

// Latency counts internal edges (§5): with a huge latency XY2 prefers strips
// (p - 1 edges) over a grid with crossings and T-junctions.
TEST(DecomposeTest, LatencyPrefersFewerEdges) {
  std::vector<double> Equal(9, 1.0);
  Decomposition Cheap = mustDecompose(900, 900, Equal, DecompositionKind::XY2, 0);
  Decomposition Dear = mustDecompose(900, 900, Equal, DecompositionKind::XY2, 1e6);
  EXPECT_DOUBLE_EQ(Cheap.ACost, 3600); // 3 x 3 grid, Lemma 4 with l = 3
  EXPECT_EQ(Cheap.InternalEdges, 12u);
  EXPECT_EQ(Dear.InternalEdges, 8u);
  EXPECT_LT(Dear.LatencyCost, Cheap.ACost + 1e6 * Cheap.InternalEdges);
}

TEST(DecomposeTest, RefusesBadInput) {
  auto Check = [](llvm::Expected<Decomposition> D, llvm::StringRef Needle) {
    ASSERT_FALSE(bool(D));
    std::string Message = llvm::toString(D.takeError());
    EXPECT_NE(Message.find(Needle.str()), std::string::npos) << Message;
  };
  Check(decompose(10, 10, {1, 0}, DecompositionKind::XY), "positive");
  Check(decompose(10, 10, {1, -2}, DecompositionKind::RB), "positive");
  Check(decompose(10, 10, {}, DecompositionKind::RB), "no processor");
  Check(decompose(2, 2, {1, 1, 1, 1, 1}, DecompositionKind::XY2), "only 4 cells");
  Check(decompose(0, 2, {1}, DecompositionKind::XY2), "empty");
  Check(decompose(10, 10, {1, 1}, DecompositionKind::XY, -1), "latency");
  // Five cells in a row fit five processors as strips; RB's alternating
  // cuts need two rows.
  EXPECT_TRUE(bool(decompose(1, 5, {1, 1, 1, 1, 1}, DecompositionKind::XY2)));
  Check(decompose(1, 5, {1, 1, 1, 1, 1}, DecompositionKind::RB), "too small");

  auto Refused = [](auto E) {
    if (E)
      return false;
    llvm::consumeError(E.takeError());
    return true;
  };
  EXPECT_TRUE(Refused(parseArraySize("1000")));
  EXPECT_TRUE(Refused(parseArraySize("10x")));
  EXPECT_TRUE(Refused(parseArraySize("0x5")));
  EXPECT_TRUE(Refused(parseArraySize("-3x5")));
  EXPECT_TRUE(Refused(parseArraySize("3x5x7")));
  auto Size = parseArraySize("1000x3000");
  ASSERT_TRUE(bool(Size));
  EXPECT_EQ(Size->first, 1000u);
  EXPECT_EQ(Size->second, 3000u);
  EXPECT_TRUE(Refused(parseSpeeds("1,,2")));
  EXPECT_TRUE(Refused(parseSpeeds("1,0")));
  EXPECT_TRUE(Refused(parseSpeeds("1,nan")));
  EXPECT_TRUE(Refused(parseSpeeds("1,-1")));
}
