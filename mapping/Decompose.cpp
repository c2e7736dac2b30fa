/// \file
/// Array decompositions of seed 002 (Kaddoura, Ranka and Wang). All six
/// algorithms produce guillotine decompositions: a tree whose inner nodes cut
/// a rectangle into side-by-side parts and whose leaves are processors. The
/// tree is priced on real-valued extents (the paper works that way) and then
/// rounded, cut by cut, to whole rows and columns.
#include "mapping/Decompose.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/Format.h"
#include <algorithm>
#include <cmath>
#include <numeric>

using namespace cleave;
using llvm::ArrayRef;

namespace {

/// A node of a slicing tree. Leaves name a processor; an inner node cuts its
/// rectangle into its children, laid left to right (SplitsColumns) or top to
/// bottom.
struct SliceNode {
  int Processor = -1;
  bool SplitsColumns = false;
  double Weight = 0;
  std::vector<unsigned> Children;
};

struct SliceTree {
  std::vector<SliceNode> Nodes;
  unsigned Root = 0;

  unsigned addLeaf(unsigned Processor, double Weight) {
    SliceNode N;
    N.Processor = int(Processor);
    N.Weight = Weight;
    Nodes.push_back(std::move(N));
    return Nodes.size() - 1;
  }
  unsigned addCut(bool SplitsColumns, std::vector<unsigned> Children) {
    SliceNode N;
    N.SplitsColumns = SplitsColumns;
    for (unsigned C : Children)
      N.Weight += Nodes[C].Weight;
    N.Children = std::move(Children);
    Nodes.push_back(std::move(N));
    return Nodes.size() - 1;
  }
};

/// The processors sorted by nonincreasing share (ties by index): the order in
/// which every algorithm of §6 consumes them.
struct WeightList {
  std::vector<unsigned> Processor;
  std::vector<double> Weight;
};

/// One strip of an XY or TILE candidate: cut the remaining rectangle across
/// the given direction, give the strip the next Count processors and split the
/// strip the other way among them (§4, Fig. 10).
struct Strip {
  bool SplitsColumns;
  unsigned Count;
};

/// Everything the search needs to price one candidate.
struct Problem {
  unsigned Rows, Cols;
  WeightList List;
  double Latency;
};

struct Extent {
  unsigned Rows = 0, Cols = 0;
};

/// The fewest rows and columns each subtree needs so that every leaf gets at
/// least one cell; fills \p Memo (indexed by node) on the way.
Extent minimumExtent(const SliceTree &T, unsigned Node, std::vector<Extent> &Memo) {
  const SliceNode &N = T.Nodes[Node];
  if (N.Processor >= 0)
    return Memo[Node] = {1, 1};
  Extent E;
  for (unsigned C : N.Children) {
    Extent CE = minimumExtent(T, C, Memo);
    if (N.SplitsColumns) {
      E.Cols += CE.Cols;
      E.Rows = std::max(E.Rows, CE.Rows);
    } else {
      E.Rows += CE.Rows;
      E.Cols = std::max(E.Cols, CE.Cols);
    }
  }
  return Memo[Node] = E;
}

/// Splits \p Length whole units among parts proportional to \p Weights, each
/// at least its \p Floor: start from the rounded-down targets and move single
/// units where the rounding error is largest (largest remainder). Ties go to
/// the earlier part, so equal weights get equal extents wherever they stand,
/// which keeps their corners aligned (fewer vertices, §5).
void apportion(unsigned Length, ArrayRef<double> Weights, ArrayRef<unsigned> Floor,
               llvm::SmallVectorImpl<unsigned> &Out) {
  double Total = std::accumulate(Weights.begin(), Weights.end(), 0.0);
  llvm::SmallVector<double, 32> Target(Weights.size());
  Out.assign(Weights.size(), 0);
  uint64_t Sum = 0;
  for (size_t I = 0; I < Weights.size(); ++I) {
    Target[I] = Length * Weights[I] / Total;
    Out[I] = std::max<unsigned>(Floor[I], unsigned(std::floor(Target[I] + 1e-9)));
    Sum += Out[I];
  }
  while (Sum > Length) {
    int Best = -1;
    for (size_t I = 0; I < Out.size(); ++I)
      if (Out[I] > Floor[I] && (Best < 0 || Out[I] - Target[I] > Out[Best] - Target[Best] + 1e-12))
        Best = int(I);
    assert(Best >= 0 && "minimum extents were checked before rounding");
    --Out[Best];
    --Sum;
  }
  while (Sum < Length) {
    size_t Best = 0;
    for (size_t I = 1; I < Out.size(); ++I)
      if (Target[I] - Out[I] > Target[Best] - Out[Best] + 1e-12)
        Best = I;
    ++Out[Best];
    ++Sum;
  }
}

void placeRectangles(const SliceTree &T, ArrayRef<Extent> MinExtent, unsigned Node, unsigned Row0,
                     unsigned Row1, unsigned Col0, unsigned Col1, std::vector<Rectangle> &Out) {
  const SliceNode &N = T.Nodes[Node];
  if (N.Processor >= 0) {
    Out[N.Processor] = Rectangle{unsigned(N.Processor), Row0, Row1, Col0, Col1};
    return;
  }
  llvm::SmallVector<double, 32> Weights;
  llvm::SmallVector<unsigned, 32> Floor, Sizes;
  for (unsigned C : N.Children) {
    Weights.push_back(T.Nodes[C].Weight);
    const Extent &E = MinExtent[C];
    Floor.push_back(N.SplitsColumns ? E.Cols : E.Rows);
  }
  apportion(N.SplitsColumns ? Col1 - Col0 : Row1 - Row0, Weights, Floor, Sizes);
  unsigned At = N.SplitsColumns ? Col0 : Row0;
  for (size_t I = 0; I < N.Children.size(); ++I) {
    if (N.SplitsColumns)
      placeRectangles(T, MinExtent, N.Children[I], Row0, Row1, At, At + Sizes[I], Out);
    else
      placeRectangles(T, MinExtent, N.Children[I], At, At + Sizes[I], Col0, Col1, Out);
    At += Sizes[I];
  }
}

/// Acost of the tree on real extents: a cut into k parts adds k - 1 lines as
/// long as the side it crosses (§2).
double idealACost(const SliceTree &T, unsigned Node, double Height, double Width) {
  const SliceNode &N = T.Nodes[Node];
  if (N.Processor >= 0)
    return 0;
  double Cost = (N.Children.size() - 1) * (N.SplitsColumns ? Height : Width);
  for (unsigned C : N.Children) {
    double Part = T.Nodes[C].Weight / N.Weight;
    Cost += N.SplitsColumns ? idealACost(T, C, Height, Width * Part)
                            : idealACost(T, C, Height * Part, Width);
  }
  return Cost;
}

bool fits(const SliceTree &T, unsigned Rows, unsigned Cols) {
  std::vector<Extent> Memo(T.Nodes.size());
  Extent E = minimumExtent(T, T.Root, Memo);
  return E.Rows <= Rows && E.Cols <= Cols;
}

/// Rounds every cut of \p T to whole rows and columns; the tree must fit.
std::vector<Rectangle> roundTree(const SliceTree &T, unsigned Rows, unsigned Cols) {
  std::vector<Extent> MinExtent(T.Nodes.size());
  minimumExtent(T, T.Root, MinExtent);
  unsigned Leaves = 0;
  for (const SliceNode &N : T.Nodes)
    Leaves += N.Processor >= 0;
  std::vector<Rectangle> Rects(Leaves);
  placeRectangles(T, MinExtent, T.Root, 0, Rows, 0, Cols, Rects);
  return Rects;
}

/// Acost of an XY/TILE plan on real extents, strip by strip: a strip adds
/// its count - 1 inner cuts, each as long as the strip is wide, and, unless it
/// is the last, the line between it and the rest (§4, proof of Theorem 1).
double planIdealACost(ArrayRef<Strip> Plan, ArrayRef<double> Weights, double Height, double Width) {
  double Cost = 0, WeightLeft = 0;
  for (double W : Weights)
    WeightLeft += W;
  unsigned Item = 0;
  for (size_t I = 0; I < Plan.size(); ++I) {
    double StripWeight = 0;
    for (unsigned J = 0; J < Plan[I].Count; ++J)
      StripWeight += Weights[Item++];
    bool Last = I + 1 == Plan.size();
    double &Along = Plan[I].SplitsColumns ? Width : Height;
    double Across = Plan[I].SplitsColumns ? Height : Width;
    double StripSide = Last ? Along : Along * StripWeight / WeightLeft;
    Cost += (Plan[I].Count - 1) * StripSide + (Last ? 0 : Across);
    Along -= StripSide;
    WeightLeft -= StripWeight;
  }
  return Cost;
}

/// A lower bound on the interior vertices of a plan: the c - 1 inner cuts of
/// a strip that is not the last end on the line between the strip and the
/// rest, at c - 1 distinct points inside the array that lie on no other
/// strip's such line.
unsigned planVertexBound(ArrayRef<Strip> Plan) {
  unsigned Vertices = 0;
  for (size_t I = 0; I + 1 < Plan.size(); ++I)
    Vertices += Plan[I].Count - 1;
  return Vertices;
}

/// Rounds an XY/TILE plan straight to rectangles, without building its tree
/// (the search rounds hundreds of thousands of plans when latency counts).
/// Consecutive strips cut the same way share one multi-way cut, as in
/// Fig. 10; the rest after them is one more part of that cut.
void roundPlan(ArrayRef<Strip> Plan, const WeightList &L, unsigned Rows, unsigned Cols,
               std::vector<Rectangle> &Out) {
  Out.resize(L.Weight.size());
  // Rows and columns the suffix of the plan from each strip on needs.
  llvm::SmallVector<Extent, 32> Need(Plan.size() + 1);
  for (size_t I = Plan.size(); I-- > 0;) {
    Need[I] = Need[I + 1];
    unsigned &Along = Plan[I].SplitsColumns ? Need[I].Cols : Need[I].Rows;
    unsigned &Across = Plan[I].SplitsColumns ? Need[I].Rows : Need[I].Cols;
    ++Along;
    Across = std::max(Across, Plan[I].Count);
  }
  llvm::SmallVector<double, 32> Weights, ItemWeights;
  llvm::SmallVector<unsigned, 32> Floor, Sizes, ItemSizes, Ones;
  unsigned Row0 = 0, Row1 = Rows, Col0 = 0, Col1 = Cols, Item = 0;
  for (size_t I = 0; I < Plan.size();) {
    bool SplitsColumns = Plan[I].SplitsColumns;
    size_t End = I;
    Weights.clear();
    Floor.clear();
    for (unsigned At = Item; End < Plan.size() && Plan[End].SplitsColumns == SplitsColumns; ++End) {
      double W = 0;
      for (unsigned J = 0; J < Plan[End].Count; ++J)
        W += L.Weight[At++];
      Weights.push_back(W);
      Floor.push_back(1);
    }
    if (End < Plan.size()) {
      double Rest = 0;
      for (size_t J = Item; J < L.Weight.size(); ++J)
        Rest += L.Weight[J];
      for (double W : Weights)
        Rest -= W;
      Weights.push_back(Rest);
      Floor.push_back(SplitsColumns ? Need[End].Cols : Need[End].Rows);
    }
    apportion(SplitsColumns ? Col1 - Col0 : Row1 - Row0, Weights, Floor, Sizes);
    unsigned At = SplitsColumns ? Col0 : Row0;
    for (size_t S = I; S < End; ++S) {
      unsigned Lo = At, Hi = At + Sizes[S - I];
      At = Hi;
      unsigned Count = Plan[S].Count;
      ItemWeights.assign(L.Weight.begin() + Item, L.Weight.begin() + Item + Count);
      Ones.assign(Count, 1);
      apportion(SplitsColumns ? Row1 - Row0 : Col1 - Col0, ItemWeights, Ones, ItemSizes);
      unsigned Across = SplitsColumns ? Row0 : Col0;
      for (unsigned J = 0; J < Count; ++J, ++Item) {
        unsigned P = L.Processor[Item];
        if (SplitsColumns)
          Out[P] = Rectangle{P, Across, Across + ItemSizes[J], Lo, Hi};
        else
          Out[P] = Rectangle{P, Lo, Hi, Across, Across + ItemSizes[J]};
        Across += ItemSizes[J];
      }
    }
    (SplitsColumns ? Col0 : Row0) = At;
    I = End;
  }
}

/// Whether every partition of \p Plan can get a cell: from the last strip
/// back, a strip of c beside the rest needs c cells across and one along.
bool planFits(ArrayRef<Strip> Plan, unsigned Rows, unsigned Cols) {
  uint64_t NeedRows = 0, NeedCols = 0;
  for (size_t I = Plan.size(); I-- > 0;) {
    if (Plan[I].SplitsColumns) {
      NeedRows = std::max<uint64_t>(NeedRows, Plan[I].Count);
      ++NeedCols;
    } else {
      NeedCols = std::max<uint64_t>(NeedCols, Plan[I].Count);
      ++NeedRows;
    }
  }
  return NeedRows <= Rows && NeedCols <= Cols;
}

/// The best candidate of a search and its price.
struct SearchState {
  const Problem &P;
  std::vector<Strip> Best;
  double BestCost = INFINITY;
  std::vector<Rectangle> Scratch;
  uint64_t Priced = 0;
  /// Effort spent, in candidates reached plus RoundingWork per rounded one;
  /// the search gives up past WorkLimit (deterministically, not on a clock).
  uint64_t Work = 0;
  static constexpr uint64_t RoundingWork = 40;
  static constexpr uint64_t WorkLimit = 100'000'000;
  bool exhausted() const { return Work > WorkLimit; }

  explicit SearchState(const Problem &P) : P(P) {}

  /// A later candidate must beat the best by more than rounding noise, so
  /// ties go to the first one enumerated and the result is deterministic.
  double tolerance() const { return std::isfinite(BestCost) ? 1e-9 * std::max(1.0, BestCost) : 0; }

  /// Whether every completion of a partial candidate costing \p Partial
  /// so far loses to the best one: Acost only grows as strips are added, and
  /// E_i = V_i + p - 1 with at least \p Vertices interior vertices.
  bool cannotWin(double Partial, unsigned Vertices) const {
    double Bound = Partial + P.Latency * (Vertices + P.List.Weight.size() - 1);
    return Bound >= BestCost - tolerance();
  }

  /// Prices a complete plan by IdealACost + Latency * E_i. The edge count
  /// needs the rounded rectangles, so it is computed only when latency
  /// matters and the plan could still win.
  void considerPlan(ArrayRef<Strip> Plan, double Ideal) {
    if (!planFits(Plan, P.Rows, P.Cols))
      return;
    ++Priced;
    ++Work;
    if (cannotWin(Ideal, planVertexBound(Plan)))
      return;
    double Cost = Ideal;
    if (P.Latency > 0) {
      Work += RoundingWork;
      roundPlan(Plan, P.List, P.Rows, P.Cols, Scratch);
      Cost += P.Latency * countInternalEdges(P.Rows, P.Cols, Scratch);
    }
    if (Cost < BestCost - tolerance()) {
      BestCost = Cost;
      Best.assign(Plan.begin(), Plan.end());
    }
  }
  void considerPlan(ArrayRef<Strip> Plan) {
    considerPlan(Plan, planIdealACost(Plan, P.List.Weight, P.Rows, P.Cols));
  }
};

/// Enumerates the pt(p) sorted XY decompositions (Theorem 1): strip counts
/// nondecreasing from the first strip, so the largest partitions sit in the
/// strips holding fewest partitions. \p Rotated tries each one also with the
/// first cut across the shorter side (Lemma 3, XY2).
void enumerateXY(SearchState &S, std::vector<Strip> &Plan, unsigned Remaining, unsigned Min,
                 bool LongIsColumns, bool Rotated) {
  auto Emit = [&] {
    S.considerPlan(Plan);
    if (Rotated) {
      std::vector<Strip> Turned = Plan;
      for (Strip &St : Turned)
        St.SplitsColumns = !St.SplitsColumns;
      S.considerPlan(Turned);
    }
  };
  // The rest in one strip.
  Plan.push_back({LongIsColumns, Remaining});
  Emit();
  Plan.pop_back();
  for (unsigned Count = Min; 2 * Count <= Remaining; ++Count) {
    Plan.push_back({LongIsColumns, Count});
    enumerateXY(S, Plan, Remaining - Count, Count, LongIsColumns, Rotated);
    Plan.pop_back();
  }
}

/// TILE (§6.2, Fig. 14): XY, except that when the rectangle left after a strip
/// is longer across the strips than along them, the rest is decomposed afresh
/// with the directions swapped (minimum count back to 1).
/// \p Partial is the Acost of the strips already in \p Plan; a branch whose
/// partial cost cannot win is cut off (branch and bound), which changes how
/// many candidates are priced but never which one wins.
void enumerateTile(SearchState &S, std::vector<Strip> &Plan, unsigned First, double Height,
                   double Width, double WeightLeft, unsigned Min, bool SplitsColumns,
                   double Partial, unsigned Vertices) {
  const WeightList &L = S.P.List;
  unsigned Remaining = L.Weight.size() - First;
  double Along = SplitsColumns ? Width : Height;
  double Across = SplitsColumns ? Height : Width;
  // The rest in one strip, cut the other way.
  Plan.push_back({SplitsColumns, Remaining});
  S.considerPlan(Plan, Partial + (Remaining - 1) * Along);
  if (S.exhausted())
    return;
  Plan.pop_back();
  double StripWeight = 0;
  for (unsigned Count = 1; Count < Remaining; ++Count) {
    StripWeight += L.Weight[First + Count - 1];
    if (Count < Min)
      continue;
    double StripSide = Along * StripWeight / WeightLeft;
    double Cost = Partial + Across + (Count - 1) * StripSide;
    if (S.exhausted())
      return;
    if (S.cannotWin(Cost, Vertices + Count - 1))
      continue;
    double RestAlong = Along - StripSide;
    double RestHeight = SplitsColumns ? Height : RestAlong;
    double RestWidth = SplitsColumns ? RestAlong : Width;
    Plan.push_back({SplitsColumns, Count});
    if (RestAlong < Across)
      enumerateTile(S, Plan, First + Count, RestHeight, RestWidth, WeightLeft - StripWeight, 1,
                    !SplitsColumns, Cost, Vertices + Count - 1);
    else if (2 * Count <= Remaining)
      enumerateTile(S, Plan, First + Count, RestHeight, RestWidth, WeightLeft - StripWeight, Count,
                    SplitsColumns, Cost, Vertices + Count - 1);
    Plan.pop_back();
  }
}

/// How a bisection divides its list: the left group is returned as a mask.
enum class BisectKind { ByCount, ByPrefixWeight, ByBinPacking };

/// Recursive bisection (§6.3, Fig. 15) and its two variations.
unsigned bisect(SliceTree &T, const WeightList &L, std::vector<unsigned> Items, double Height,
                double Width, BisectKind How, bool AlternateColumns) {
  if (Items.size() == 1)
    return T.addLeaf(L.Processor[Items[0]], L.Weight[Items[0]]);
  double Total = 0;
  for (unsigned I : Items)
    Total += L.Weight[I];
  std::vector<unsigned> Left, Right;
  switch (How) {
  case BisectKind::ByCount: {
    // Fig. 15: the first ceil(r/2) partitions, whatever their weight.
    size_t X = (Items.size() + 1) / 2;
    Left.assign(Items.begin(), Items.begin() + X);
    Right.assign(Items.begin() + X, Items.end());
    break;
  }
  case BisectKind::ByPrefixWeight: {
    // RB2: the shortest prefix whose weight reaches half the total.
    double Prefix = 0;
    size_t X = 0;
    while (X + 1 < Items.size() && Prefix + 1e-12 < Total / 2)
      Prefix += L.Weight[Items[X++]];
    X = std::max<size_t>(X, 1);
    Left.assign(Items.begin(), Items.begin() + X);
    Right.assign(Items.begin() + X, Items.end());
    break;
  }
  case BisectKind::ByBinPacking: {
    // RB3: largest first into the lighter bin, so the halves weigh nearly
    // the same; the bin with the largest partition goes first.
    double LeftWeight = 0, RightWeight = 0;
    for (unsigned I : Items) {
      if (LeftWeight <= RightWeight + 1e-12) {
        Left.push_back(I);
        LeftWeight += L.Weight[I];
      } else {
        Right.push_back(I);
        RightWeight += L.Weight[I];
      }
    }
    break;
  }
  }
  // RB alternates blindly; RB2 and RB3 cut across the longer side.
  bool SplitsColumns = How == BisectKind::ByCount ? AlternateColumns : Width >= Height;
  double LeftWeight = 0;
  for (unsigned I : Left)
    LeftWeight += L.Weight[I];
  double Part = LeftWeight / Total;
  unsigned A, B;
  if (SplitsColumns) {
    A = bisect(T, L, Left, Height, Width * Part, How, !AlternateColumns);
    B = bisect(T, L, Right, Height, Width * (1 - Part), How, !AlternateColumns);
  } else {
    A = bisect(T, L, Left, Height * Part, Width, How, !AlternateColumns);
    B = bisect(T, L, Right, Height * (1 - Part), Width, How, !AlternateColumns);
  }
  return T.addCut(SplitsColumns, {A, B});
}

std::string formatNumber(double V) {
  std::string S;
  llvm::raw_string_ostream OS(S);
  OS << llvm::format("%.10g", V);
  return S;
}

} // namespace

ArrayRef<DecompositionKind> cleave::allDecompositionKinds() {
  static const DecompositionKind Kinds[] = {DecompositionKind::XY,   DecompositionKind::XY2,
                                            DecompositionKind::Tile, DecompositionKind::RB,
                                            DecompositionKind::RB2,  DecompositionKind::RB3};
  return Kinds;
}

llvm::StringRef cleave::decompositionKindName(DecompositionKind Kind) {
  switch (Kind) {
  case DecompositionKind::XY:
    return "xy";
  case DecompositionKind::XY2:
    return "xy2";
  case DecompositionKind::Tile:
    return "tile";
  case DecompositionKind::RB:
    return "rb";
  case DecompositionKind::RB2:
    return "rb2";
  case DecompositionKind::RB3:
    return "rb3";
  }
  llvm_unreachable("unknown decomposition kind");
}

std::optional<DecompositionKind> cleave::parseDecompositionKind(llvm::StringRef Name) {
  for (DecompositionKind K : allDecompositionKinds())
    if (decompositionKindName(K) == Name)
      return K;
  return std::nullopt;
}

llvm::Expected<std::pair<unsigned, unsigned>> cleave::parseArraySize(llvm::StringRef Text) {
  auto [RowText, ColText] = Text.split('x');
  unsigned Rows = 0, Cols = 0;
  if (!Text.contains('x') || RowText.getAsInteger(10, Rows) || ColText.getAsInteger(10, Cols) ||
      Rows == 0 || Cols == 0)
    return llvm::createStringError("malformed array size '%s': expected ROWSxCOLS with "
                                   "positive integers, e.g. 1000x3000",
                                   Text.str().c_str());
  return std::make_pair(Rows, Cols);
}

llvm::Expected<std::vector<double>> cleave::parseSpeeds(llvm::StringRef Text) {
  llvm::SmallVector<llvm::StringRef, 16> Parts;
  Text.split(Parts, ',');
  std::vector<double> Speeds;
  for (llvm::StringRef Part : Parts) {
    double V;
    if (Part.trim().getAsDouble(V))
      return llvm::createStringError("malformed speed '%s' in --speeds", Part.str().c_str());
    if (!std::isfinite(V) || V <= 0)
      return llvm::createStringError("speed '%s' must be a positive number", Part.str().c_str());
    Speeds.push_back(V);
  }
  return Speeds;
}

double cleave::internalEdgeLength(unsigned Rows, unsigned Cols, ArrayRef<Rectangle> Rects) {
  // Every internal edge borders two rectangles, the outline one: the sum of
  // half-perimeters is Acost + Rows + Cols.
  double HalfPerimeters = 0;
  for (const Rectangle &R : Rects)
    HalfPerimeters += double(R.rows()) + R.cols();
  return HalfPerimeters - Rows - Cols;
}

/// The wrap-around part of Bcost (§2): along each side, the length where the
/// rectangle touching it and the one touching the opposite side belong to
/// different processors. Parallel edges of one rectangle cost nothing.
static double wrapAroundLength(unsigned Rows, unsigned Cols, ArrayRef<Rectangle> Rects) {
  double Length = 0;
  for (const Rectangle &A : Rects)
    for (const Rectangle &B : Rects) {
      if (A.Processor == B.Processor)
        continue;
      if (A.Col0 == 0 && B.Col1 == Cols) {
        unsigned Lo = std::max(A.Row0, B.Row0), Hi = std::min(A.Row1, B.Row1);
        if (Lo < Hi)
          Length += Hi - Lo;
      }
      if (A.Row0 == 0 && B.Row1 == Rows) {
        unsigned Lo = std::max(A.Col0, B.Col0), Hi = std::min(A.Col1, B.Col1);
        if (Lo < Hi)
          Length += Hi - Lo;
      }
    }
  return Length;
}

unsigned cleave::countInternalEdges(unsigned Rows, unsigned Cols, ArrayRef<Rectangle> Rects) {
  // §5: Euler's formula V - E + F = 2 with F = p + 1, and E_b = V_b on the
  // outline, leave E_i = V_i + p - 1. Interior corners of rectangles are
  // exactly the interior vertices (a T or a cross), counted once each.
  llvm::SmallVector<std::pair<unsigned, unsigned>, 128> Corners;
  for (const Rectangle &R : Rects)
    for (unsigned Row : {R.Row0, R.Row1})
      for (unsigned Col : {R.Col0, R.Col1})
        if (Row > 0 && Row < Rows && Col > 0 && Col < Cols)
          Corners.push_back({Row, Col});
  llvm::sort(Corners);
  Corners.erase(std::unique(Corners.begin(), Corners.end()), Corners.end());
  return Corners.size() + Rects.size() - 1;
}

llvm::Expected<Decomposition> cleave::decompose(unsigned Rows, unsigned Cols,
                                                ArrayRef<double> Speeds, DecompositionKind Kind,
                                                double Latency) {
  if (Rows == 0 || Cols == 0)
    return llvm::createStringError("the array is empty (%ux%u)", Rows, Cols);
  if (Speeds.empty())
    return llvm::createStringError("no processor speeds given");
  for (double S : Speeds)
    if (!std::isfinite(S) || S <= 0)
      return llvm::createStringError("speed %g must be a positive number", S);
  if (!std::isfinite(Latency) || Latency < 0)
    return llvm::createStringError("latency %g must be zero or positive", Latency);
  if (uint64_t(Speeds.size()) > uint64_t(Rows) * Cols)
    return llvm::createStringError("%zu processors but only %llu cells in a %ux%u array",
                                   Speeds.size(), (unsigned long long)(uint64_t(Rows) * Cols), Rows,
                                   Cols);

  Problem P{Rows, Cols, {}, Latency};
  double Total = std::accumulate(Speeds.begin(), Speeds.end(), 0.0);
  std::vector<unsigned> Order(Speeds.size());
  std::iota(Order.begin(), Order.end(), 0);
  // §2 and §3: partitions are taken in nonincreasing order of size.
  std::stable_sort(Order.begin(), Order.end(),
                   [&](unsigned A, unsigned B) { return Speeds[A] > Speeds[B]; });
  for (unsigned I : Order) {
    P.List.Processor.push_back(I);
    P.List.Weight.push_back(Speeds[I] / Total);
  }
  unsigned Count = Speeds.size();
  // The paper's X axis is the longer side; its strips cut across it.
  bool LongIsColumns = Cols >= Rows;

  Decomposition D;
  uint64_t Priced = 1;
  switch (Kind) {
  case DecompositionKind::XY:
  case DecompositionKind::XY2:
  case DecompositionKind::Tile: {
    SearchState S(P);
    std::vector<Strip> Plan;
    if (Kind == DecompositionKind::Tile)
      enumerateTile(S, Plan, 0, Rows, Cols, 1.0, 1, LongIsColumns, 0, 0);
    else
      enumerateXY(S, Plan, Count, 1, LongIsColumns, Kind == DecompositionKind::XY2);
    // §6.2: TILE's search grows as 2^(p-1); refuse rather than run for hours.
    if (S.exhausted())
      return llvm::createStringError(
          "the tile search for %u processors passed its limit of %llu steps after %llu "
          "candidates (it grows as 2^(p-1), seed 002 §6.2); use xy2",
          Count, (unsigned long long)SearchState::WorkLimit, (unsigned long long)S.Priced);
    if (S.Priced == 0)
      return llvm::createStringError("a %ux%u array is too small for any %s decomposition "
                                     "of %u processors",
                                     Rows, Cols, decompositionKindName(Kind).data(), Count);
    roundPlan(S.Best, P.List, Rows, Cols, D.Rectangles);
    D.IdealACost = planIdealACost(S.Best, P.List.Weight, Rows, Cols);
    Priced = S.Priced;
    break;
  }
  case DecompositionKind::RB:
  case DecompositionKind::RB2:
  case DecompositionKind::RB3: {
    BisectKind How = Kind == DecompositionKind::RB    ? BisectKind::ByCount
                     : Kind == DecompositionKind::RB2 ? BisectKind::ByPrefixWeight
                                                      : BisectKind::ByBinPacking;
    std::vector<unsigned> Items(Count);
    std::iota(Items.begin(), Items.end(), 0);
    // Fig. 15 starts "vertical": the first cut divides the longer side.
    SliceTree Tree;
    Tree.Root = bisect(Tree, P.List, Items, Rows, Cols, How, LongIsColumns);
    if (!fits(Tree, Rows, Cols))
      return llvm::createStringError("a %ux%u array is too small for the %s decomposition "
                                     "of %u processors",
                                     Rows, Cols, decompositionKindName(Kind).data(), Count);
    D.Rectangles = roundTree(Tree, Rows, Cols);
    D.IdealACost = idealACost(Tree, Tree.Root, Rows, Cols);
    break;
  }
  }

  D.Kind = Kind;
  D.Rows = Rows;
  D.Cols = Cols;
  D.Shares.resize(Count);
  for (unsigned I = 0; I < Count; ++I)
    D.Shares[I] = Speeds[I] / Total;
  D.ACost = internalEdgeLength(Rows, Cols, D.Rectangles);
  D.BCost = D.ACost + wrapAroundLength(Rows, Cols, D.Rectangles);
  D.InternalEdges = countInternalEdges(Rows, Cols, D.Rectangles);
  D.Latency = Latency;
  D.LatencyCost = D.ACost + Latency * D.InternalEdges;
  // A rectangle of area A has half-perimeter at least 2 sqrt(A).
  for (double Share : D.Shares)
    D.HalfPerimeterBound += 2 * std::sqrt(Share * Rows * Cols);
  D.LowerBound = std::max(0.0, D.HalfPerimeterBound - Rows - Cols);
  D.CandidatesPriced = Priced;
  return D;
}

llvm::json::Value cleave::toJSON(const Decomposition &D) {
  llvm::json::Array Rects;
  for (const Rectangle &R : D.Rectangles)
    Rects.push_back(llvm::json::Object{
        {"processor", R.Processor},
        {"rows", llvm::json::Array{R.Row0, R.Row1}},
        {"cols", llvm::json::Array{R.Col0, R.Col1}},
        {"cells", int64_t(R.cells())},
        {"share", D.Shares[R.Processor]},
        {"target_cells", D.Shares[R.Processor] * D.Rows * D.Cols},
    });
  return llvm::json::Object{
      {"algorithm", decompositionKindName(D.Kind)},
      {"rows", D.Rows},
      {"cols", D.Cols},
      {"acost", D.ACost},
      {"bcost", D.BCost},
      {"ideal_acost", D.IdealACost},
      {"internal_edges", D.InternalEdges},
      {"latency", D.Latency},
      {"latency_cost", D.LatencyCost},
      {"lower_bound", D.LowerBound},
      {"half_perimeter_bound", D.HalfPerimeterBound},
      {"candidates", int64_t(D.CandidatesPriced)},
      {"rectangles", std::move(Rects)},
  };
}

void cleave::printDecomposition(const Decomposition &D, llvm::raw_ostream &OS) {
  OS << "decomposition " << decompositionKindName(D.Kind) << " of " << D.Rows << "x" << D.Cols
     << " over " << D.Rectangles.size() << " processors\n";
  OS << "acost: " << formatNumber(D.ACost) << "\n";
  OS << "bcost: " << formatNumber(D.BCost) << "\n";
  OS << "ideal acost (before rounding): " << formatNumber(D.IdealACost) << "\n";
  OS << "internal edges: " << D.InternalEdges << "\n";
  OS << "latency cost (latency " << formatNumber(D.Latency) << "): " << formatNumber(D.LatencyCost)
     << "\n";
  OS << "lower bound on acost: " << formatNumber(D.LowerBound)
     << " (2*sum sqrt(area) = " << formatNumber(D.HalfPerimeterBound) << ")\n";
  OS << "candidates priced: " << D.CandidatesPriced << "\n";
  OS << "processor share rows cols cells target\n";
  for (const Rectangle &R : D.Rectangles)
    OS << R.Processor << " " << formatNumber(D.Shares[R.Processor]) << " [" << R.Row0 << ","
       << R.Row1 << ") [" << R.Col0 << "," << R.Col1 << ") " << R.cells() << " "
       << formatNumber(D.Shares[R.Processor] * D.Rows * D.Cols) << "\n";
}

void cleave::printDecompositionTable(ArrayRef<Decomposition> Ds, llvm::raw_ostream &OS) {
  if (Ds.empty())
    return;
  OS << "decompositions of " << Ds[0].Rows << "x" << Ds[0].Cols << " over "
     << Ds[0].Rectangles.size() << " processors (latency " << formatNumber(Ds[0].Latency)
     << ", lower bound on acost " << formatNumber(Ds[0].LowerBound) << ")\n";
  OS << "algorithm        acost        bcost  ideal-acost  edges   latency-cost "
        "candidates\n";
  for (const Decomposition &D : Ds)
    OS << llvm::format("%-9s %12s %12s %12s %6u %14s %10llu\n",
                       decompositionKindName(D.Kind).data(), formatNumber(D.ACost).c_str(),
                       formatNumber(D.BCost).c_str(), formatNumber(D.IdealACost).c_str(),
                       D.InternalEdges, formatNumber(D.LatencyCost).c_str(),
                       (unsigned long long)D.CandidatesPriced);
}

void cleave::writeDecompositionSVG(ArrayRef<Decomposition> Ds, llvm::raw_ostream &OS) {
  const double Side = 600, Margin = 20, Title = 20;
  double Scale = 1, Height = Margin, Width = 2 * Margin;
  if (!Ds.empty()) {
    Scale = Side / std::max(Ds[0].Rows, Ds[0].Cols);
    Width += Ds[0].Cols * Scale;
  }
  for (const Decomposition &D : Ds)
    Height += Title + D.Rows * Scale + Margin;
  OS << "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" << formatNumber(Width)
     << "\" height=\"" << formatNumber(Height) << "\" font-family=\"sans-serif\">\n";
  double Top = Margin;
  for (const Decomposition &D : Ds) {
    OS << "<text x=\"" << formatNumber(Margin) << "\" y=\"" << formatNumber(Top + 14) << "\">"
       << decompositionKindName(D.Kind) << ": acost " << formatNumber(D.ACost) << ", "
       << D.InternalEdges << " internal edges</text>\n";
    Top += Title;
    for (const Rectangle &R : D.Rectangles) {
      double X = Margin + R.Col0 * Scale, Y = Top + R.Row0 * Scale;
      double W = R.cols() * Scale, H = R.rows() * Scale;
      // Golden-angle hues keep neighbouring processor numbers apart.
      unsigned Hue = unsigned(R.Processor * 137.508) % 360;
      OS << "<rect x=\"" << formatNumber(X) << "\" y=\"" << formatNumber(Y) << "\" width=\""
         << formatNumber(W) << "\" height=\"" << formatNumber(H) << "\" fill=\"hsl(" << Hue
         << ",60%,80%)\" stroke=\"black\"/>\n";
      OS << "<text x=\"" << formatNumber(X + W / 2) << "\" y=\"" << formatNumber(Y + H / 2)
         << "\" text-anchor=\"middle\" dominant-baseline=\"middle\">P" << R.Processor
         << "</text>\n";
    }
    Top += D.Rows * Scale + Margin;
  }
  OS << "</svg>\n";
}
