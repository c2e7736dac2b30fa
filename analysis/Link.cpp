/// \file
/// Interprocedural effects: local summaries composed at call sites to a fixed
/// point over recursion, the reasons they give to keep a call on its node, and
/// why each call site stays sequential.
#include "analysis/AnalysisInternal.h"
#include "analysis/LibraryEffects.h"
#include "analysis/Presburger.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include <boost/graph/adjacency_list.hpp>
#include <boost/graph/strong_components.hpp>
#include <map>
#include <set>

using namespace cleave;

namespace {

/// Rounds of composition before a region that still changes is widened to
/// "unbounded"; after widening every round can only add facts, fields or
/// unbounded regions, so the iteration ends.
constexpr int RoundsBeforeWidening = 6;
/// More separate intervals of one parameter than this are not kept.
constexpr size_t MaxIntervals = 4;
/// Why normalized() and widen() give up on a region.
const std::string TooManyIntervals =
    "it touches more than " + std::to_string(MaxIntervals) + " separate intervals";
const char *const GrowsWithRecursion = "its region grows with each level of recursion";

std::string displayName(llvm::StringRef UniqueName) {
  size_t At = UniqueName.rfind("::");
  return (At == llvm::StringRef::npos ? UniqueName : UniqueName.substr(At + 2)).str();
}

void addFact(std::vector<EffectFact> &To, const EffectFact &F) {
  if (llvm::none_of(To, [&](const EffectFact &Old) { return Old.Name == F.Name; }))
    To.push_back(F);
}

/// The least interval holding \p A and \p B when their bounds differ by
/// constants (`a[1:n]` and `a[2:n + 2]` give `a[1:n + 2]`); it may take in
/// the elements between them, which only makes the summary larger.
/// Rows: the least rectangle holding both, when both have the same stride.
std::optional<AccessRegion> hull(const AccessRegion &A, const AccessRegion &B) {
  auto Difference = [](const SymExpr::Ptr &X, const SymExpr::Ptr &Y) { // X - Y
    return AffineForm::of(X).minus(AffineForm::of(Y)).constantValue();
  };
  auto Lo = Difference(A.Lo, B.Lo), Hi = Difference(A.Hi, B.Hi);
  if (!Lo || !Hi || bool(A.Rows) != bool(B.Rows))
    return std::nullopt;
  AccessRegion H = A;
  H.Lo = *Lo <= 0 ? A.Lo : B.Lo;
  H.Hi = *Hi >= 0 ? A.Hi : B.Hi;
  if (A.Rows) {
    auto ColLo = Difference(A.Rows.ColLo, B.Rows.ColLo);
    auto ColHi = Difference(A.Rows.ColHi, B.Rows.ColHi);
    if (A.Rows.Stride->str() != B.Rows.Stride->str() || !ColLo || !ColHi)
      return std::nullopt;
    H.Rows.ColLo = *ColLo <= 0 ? A.Rows.ColLo : B.Rows.ColLo;
    H.Rows.ColHi = *ColHi >= 0 ? A.Rows.ColHi : B.Rows.ColHi;
  }
  return H;
}

/// The interval \p R as a row of rows of \p Stride: `a[s:s + 1]` is row 1,
/// column 0; nullopt when its start is not whole rows and columns.
std::optional<AccessRegion> asRow(const AccessRegion &R, const SymExpr::Ptr &Stride) {
  auto Split = rowsAndColumns(R.Lo, Stride);
  if (!Split)
    return std::nullopt;
  AccessRegion Row = R;
  Row.Lo = simplify(Split->first);
  Row.Hi = simplify(SymExpr::binary(SymExpr::Kind::Add, Row.Lo, SymExpr::constant(1)));
  Row.Rows = {Stride, simplify(Split->second),
              simplify(SymExpr::binary(SymExpr::Kind::Add, Split->second,
                                       SymExpr::binary(SymExpr::Kind::Sub, R.Hi, R.Lo)))};
  return Row;
}

/// The region of rows \p R as one interval, from its first row's first
/// column to its last row's last one, `[Lo * S + ColLo, (Hi - 1) * S +
/// ColHi)` for stride S, where \p Context proves that it holds them: S is
/// not negative, or the region is empty (`c[0:n][0:n] (rows of n)` is
/// `c[0:n * n]`).
std::optional<AccessRegion> asInterval(const AccessRegion &R, const Conjunction &Context) {
  const RowShape &Rows = R.Rows;
  if (!implies(Context,
               {{Rows.Stride}, {atLeast(Rows.ColLo, Rows.ColHi)}, {atLeast(R.Lo, R.Hi)}}))
    return std::nullopt;
  using K = SymExpr::Kind;
  AccessRegion Out = R;
  Out.Rows = RowShape();
  Out.Lo = simplify(SymExpr::binary(
      K::Add, SymExpr::binary(K::Mul, R.Lo, Rows.Stride), Rows.ColLo));
  Out.Hi = simplify(SymExpr::binary(
      K::Add,
      SymExpr::binary(K::Mul, SymExpr::binary(K::Sub, R.Hi, SymExpr::constant(1)), Rows.Stride),
      Rows.ColHi));
  return Out;
}

/// Two intervals one of which is the other moved by a variable d
/// (`out[lo:hi]` and `out[h + lo:h + hi]`, the two halves a butterfly
/// touches) as rows 0 and 1 of stride d.
std::optional<AccessRegion> twoRows(const AccessRegion &A, const AccessRegion &B) {
  if (A.Rows || B.Rows)
    return std::nullopt;
  AffineForm D = AffineForm::of(B.Lo).minus(AffineForm::of(A.Lo));
  std::optional<int64_t> Rest =
      AffineForm::of(B.Hi).minus(AffineForm::of(A.Hi)).minus(D).constantValue();
  if (D.Constant != 0 || D.Terms.size() != 1 || Rest != 0)
    return std::nullopt;
  auto [Name, Coef] = *D.Terms.begin();
  if ((Coef != 1 && Coef != -1) || !isVariableAtom(Name))
    return std::nullopt;
  const AccessRegion &First = Coef == 1 ? A : B;
  AccessRegion Out = First;
  Out.Lo = SymExpr::constant(0);
  Out.Hi = SymExpr::constant(2);
  Out.Rows = {SymExpr::variable(Name), First.Lo, First.Hi};
  return Out;
}

/// Whether \p A holds \p B wherever \p Given holds (or B is empty), for
/// regions of the same rows (`out[0:2 * (n / 2)]` inside `out[0:n]`).
bool holds(const AccessRegion &A, const AccessRegion &B, const Conjunction &Given) {
  return A.Rows == B.Rows && regionInside(B.Lo, B.Hi, B.Rows, A.Lo, A.Hi, A.Rows, Given);
}

/// Whether the stride or columns of \p Rows name the variable \p V.
bool shapeNames(const RowShape &Rows, const std::string &V) {
  return llvm::any_of(std::initializer_list<SymExpr::Ptr>{Rows.Stride, Rows.ColLo, Rows.ColHi},
                      [&](const SymExpr::Ptr &E) { return llvm::is_contained(E->variables(), V); });
}

/// Two intervals that lie in rows of a stride their starts both multiply, as
/// the least rows that hold both (`in[i * n - n + 1:i * n - 1]` and
/// `in[i * n:i * n + n]`, a stencil's row above and its own: rows i - 1 and i
/// of n, columns 1 to n - 1 and 0 to n, in `in[i - 1:i + 1][0:n]`).
std::optional<AccessRegion> rowsHolding(const AccessRegion &A, const AccessRegion &B) {
  if (A.Rows || B.Rows)
    return std::nullopt;
  // A stride is a variable the starts multiply by another (`i * n`), not
  // one they only scale (a heap's `2 * i + 1`).
  for (const std::string &V : A.Lo->variables()) {
    if (!isVariableAtom(V) || affineCoefficient(A.Lo, V) || affineCoefficient(B.Lo, V))
      continue;
    std::optional<AccessRegion> RowA = asRow(A, SymExpr::variable(V)),
                                RowB = asRow(B, SymExpr::variable(V));
    if (RowA && RowB)
      if (std::optional<AccessRegion> Both = hull(*RowA, *RowB))
        return Both;
  }
  return std::nullopt;
}

/// Joins \p B into \p A when they meet end to start (`[lo:mid]` and
/// `[mid:hi]`; rows of the same columns, or the same rows of columns that
/// meet), their hull differs from them by constants, one holds the other,
/// they are two rows of a stride (twoRows), or they lie in nearby rows of
/// one (rowsHolding). An interval beside rows is
/// taken as the row it lies in (asRow). \p Given holds wherever both are
/// accessed (the function's entry facts).
bool join(AccessRegion &A, const AccessRegion &B, const Conjunction &Given) {
  auto Same = [](const SymExpr::Ptr &X, const SymExpr::Ptr &Y) { return X->str() == Y->str(); };
  if (bool(A.Rows) != bool(B.Rows)) {
    // An interval beside rows is the row it lies in; else the rows are an
    // interval (the leaves of a square of order n, rows of n, beside the
    // quadrants its self-calls touch).
    std::optional<AccessRegion> RowA = A.Rows ? A : asRow(A, B.Rows.Stride);
    std::optional<AccessRegion> RowB = B.Rows ? B : asRow(B, A.Rows.Stride);
    if (RowA && RowB && join(*RowA, *RowB, Given)) {
      A = std::move(*RowA);
      return true;
    }
    std::optional<AccessRegion> WholeA = A.Rows ? asInterval(A, Given) : A;
    std::optional<AccessRegion> WholeB = B.Rows ? asInterval(B, Given) : B;
    if (!WholeA || !WholeB || !join(*WholeA, *WholeB, Given))
      return false;
    A = std::move(*WholeA);
    return true;
  }
  if (A.Rows == B.Rows && Same(A.Hi, B.Lo)) {
    A.Hi = B.Hi;
  } else if (A.Rows && B.Rows && Same(A.Rows.Stride, B.Rows.Stride) && Same(A.Lo, B.Lo) &&
             Same(A.Hi, B.Hi) && Same(A.Rows.ColHi, B.Rows.ColLo)) {
    A.Rows.ColHi = B.Rows.ColHi;
  } else if (auto Hull = hull(A, B)) {
    A = *Hull;
  } else if (holds(A, B, Given)) {
    // A stays as it is.
  } else if (holds(B, A, Given)) {
    A.Lo = B.Lo;
    A.Hi = B.Hi;
  } else if (auto Rows = twoRows(A, B)) {
    A = *Rows;
  } else if (auto Rows = rowsHolding(A, B)) {
    A = *Rows;
  } else {
    return false;
  }
  if (A.Via != B.Via) // from several places: none to name
    A.Via.clear();
  return true;
}


/// One region per parameter and direction where it can: intervals that meet
/// are joined, those inside another dropped; an unbounded region absorbs the
/// rest, nodes of a linked structure absorb its first element. \p Given
/// holds wherever they are accessed.
std::vector<AccessRegion> normalized(const std::vector<AccessRegion> &In,
                                     const std::vector<ParamInfo> &Params,
                                     const Conjunction &Given) {
  std::vector<AccessRegion> Out;
  auto ParamIndex = [&](const std::string &Name) {
    for (size_t I = 0; I < Params.size(); ++I)
      if (Params[I].Name == Name)
        return I;
    return Params.size();
  };
  std::vector<std::pair<std::string, bool>> Groups;
  for (const AccessRegion &R : In)
    if (!llvm::is_contained(Groups, std::pair{R.Param, R.Write}))
      Groups.push_back({R.Param, R.Write});
  llvm::stable_sort(Groups, [&](const auto &A, const auto &B) {
    return std::pair{ParamIndex(A.first), A.second} < std::pair{ParamIndex(B.first), B.second};
  });
  for (const auto &[Param, Write] : Groups) {
    std::vector<AccessRegion> G;
    for (const AccessRegion &R : In)
      if (R.Param == Param && R.Write == Write)
        G.push_back(R);
    auto Unbounded = llvm::find_if(G, [](const AccessRegion &R) { return !R.Unbounded.empty(); });
    if (Unbounded != G.end()) {
      Out.push_back(*Unbounded);
      continue;
    }
    if (llvm::any_of(G, [](const AccessRegion &R) { return R.Reachable; })) {
      AccessRegion Nodes = *llvm::find_if(G, [](const AccessRegion &R) { return R.Reachable; });
      for (const AccessRegion &R : G) {
        if (!R.Reachable && !isFirstElement(R)) {
          Nodes.Reachable = false;
          Nodes.Fields.clear();
          Nodes.Unbounded = "it is reached both through fields and by index";
          break;
        }
        Nodes.Fields.insert(Nodes.Fields.end(), R.Fields.begin(), R.Fields.end());
      }
      llvm::sort(Nodes.Fields);
      Nodes.Fields.erase(std::unique(Nodes.Fields.begin(), Nodes.Fields.end()), Nodes.Fields.end());
      Out.push_back(std::move(Nodes));
      continue;
    }
    // Intervals: join those that meet ([lo:mid] and [mid:hi]) until none do.
    for (bool Joined = true; Joined;) {
      Joined = false;
      for (size_t I = 0; I < G.size() && !Joined; ++I)
        for (size_t J = 0; J < G.size() && !Joined; ++J)
          if (I != J && join(G[I], G[J], Given)) {
            G.erase(G.begin() + J);
            Joined = true;
          }
    }
    if (G.size() > MaxIntervals) {
      AccessRegion R = G.front();
      R.Lo = R.Hi = nullptr;
      R.Rows = RowShape();
      R.Unbounded = TooManyIntervals;
      Out.push_back(std::move(R));
      continue;
    }
    Out.insert(Out.end(), G.begin(), G.end());
  }
  return Out;
}

/// Normalizes the accesses of \p E, made by the function \p F.
void normalize(EffectInfo &E, const FunctionInfo &F) {
  E.Accesses = normalized(E.Accesses, F.Params, F.Local.Entry);
  for (auto *Facts : {&E.GlobalsRead, &E.GlobalsWritten, &E.InputOutput, &E.UnknownCalls,
                      &E.Allocation, &E.Other, &E.PastArray})
    llvm::stable_sort(*Facts,
                      [](const EffectFact &A, const EffectFact &B) { return A.Name < B.Name; });
}

} // namespace

std::set<std::pair<std::string, bool>>
cleave::groupsJoinedIntoOne(const std::vector<AccessRegion> &Accesses) {
  // normalized() joins each parameter's and direction's accesses apart
  // from the others'.
  std::map<std::pair<std::string, bool>, std::pair<unsigned, bool>> Joined; // count, bounded
  for (const AccessRegion &R : normalized(Accesses, {}, {})) {
    auto &[Count, Bounded] = Joined[{R.Param, R.Write}];
    ++Count;
    Bounded = bool(R.Lo);
  }
  std::set<std::pair<std::string, bool>> Out;
  for (const auto &[Key, Found] : Joined)
    if (Found.first == 1 && Found.second)
      Out.insert(Key);
  return Out;
}

bool cleave::mayBeGuessed(const AccessRegion &R) {
  return R.Unbounded == GrowsWithRecursion || R.Unbounded == TooManyIntervals;
}

bool cleave::isFirstElement(const AccessRegion &R) {
  return R.Lo && !R.Rows && R.Lo->str() == "0" && R.Hi->str() == "1";
}

std::optional<AccessRegion> cleave::enclosingInterval(const std::vector<AccessRegion> &Accesses,
                                                      const std::string &Param,
                                                      const Conjunction &Given) {
  std::vector<AccessRegion> Mine;
  // A global's accesses that join into no one interval are all inside the
  // global, when its size is known (AccessRegion::widenToGlobal), and so is
  // an access recursion left unbounded.
  AccessRegion Whole;
  Whole.Param = Param;
  Whole.Extent = INT64_MAX;
  bool Spread = false;
  for (AccessRegion R : Accesses)
    if (R.Param == Param) {
      Whole.Extent = std::min(Whole.Extent, R.Extent);
      if (R.Reachable || (!R.Unbounded.empty() && !R.Extent))
        return std::nullopt;
      if (!R.Unbounded.empty() || !R.Widened.empty()) {
        Spread = Spread || !R.Unbounded.empty();
        if (Whole.Unbounded.empty())
          Whole.Unbounded = !R.Unbounded.empty() ? R.Unbounded : R.Widened;
        if (!R.Unbounded.empty())
          continue;
      }
      R.Write = false; // one interval for reads and writes together
      Mine.push_back(std::move(R));
    }
  std::vector<AccessRegion> Joined = normalized(Mine, {{Param, ""}}, Given);
  // Intervals that stay apart (a tile and its transpose, `a[i0:i1][j0:j1]`
  // and `a[j0:j1][i0:i1]`) are held by the least rectangle from the least
  // of their starts to the greatest of their ends, which may take in
  // elements between them.
  using K = SymExpr::Kind;
  auto Least = [](K Which, const SymExpr::Ptr &X, const SymExpr::Ptr &Y) {
    return X->str() == Y->str() ? X : SymExpr::binary(Which, X, Y);
  };
  while (Joined.size() > 1 && Joined[0].Lo && Joined[1].Lo) {
    // An interval beside rows is the row it lies in (`pts[i * d:i * d + d]`
    // beside `pts[0:n][0:d]`).
    for (auto [X, Y] : {std::pair{0, 1}, std::pair{1, 0}})
      if (Joined[Y].Rows && !Joined[X].Rows)
        if (std::optional<AccessRegion> Row = asRow(Joined[X], Joined[Y].Rows.Stride))
          Joined[X] = std::move(*Row);
    AccessRegion &A = Joined[0];
    const AccessRegion &B = Joined[1];
    if (bool(A.Rows) != bool(B.Rows) ||
        (A.Rows && A.Rows.Stride->str() != B.Rows.Stride->str()))
      break;
    A.Lo = Least(K::Min, A.Lo, B.Lo);
    A.Hi = Least(K::Max, A.Hi, B.Hi);
    if (A.Rows) {
      A.Rows.ColLo = Least(K::Min, A.Rows.ColLo, B.Rows.ColLo);
      A.Rows.ColHi = Least(K::Max, A.Rows.ColHi, B.Rows.ColHi);
    }
    if (A.Via != B.Via)
      A.Via.clear();
    Joined.erase(Joined.begin() + 1);
  }
  // Too many separate intervals join into one without a bound.
  if (Whole.Unbounded.empty())
    Whole.Unbounded = "its accesses join into no one interval";
  if (Spread || Joined.size() != 1 || !Joined.front().Lo)
    return Whole.Extent != INT64_MAX && Whole.widenToGlobal() ? std::optional(Whole)
                                                              : std::nullopt;
  return Joined.front();
}

std::string cleave::guardUnshown(const FunctionInfo &Callee, const CallEffect &C) {
  SymMap Args;
  for (size_t I = 0; I < Callee.Params.size() && I < C.Args.size(); ++I)
    if (C.Args[I].K == CallEffect::Arg::Kind::Integer && C.Args[I].Value)
      Args[Callee.Params[I].Name] = C.Args[I].Value;
  for (const SymExpr::Ptr &G : Callee.Guard) {
    bool Named = llvm::all_of(G->variables(), [&](const std::string &V) { return Args.count(V); });
    if (!Named || !implies(C.Context, {{substitute(G, Args)}}))
      return G->str() + " >= 0";
  }
  return "";
}

namespace {

/// Callee region \p R of the call \p C in the caller's parameters; nullopt
/// when it touches none of them (the caller's own memory) and the fact is
/// recorded in \p Into instead.
std::optional<AccessRegion> translateRegion(const AccessRegion &R, const CallEffect &C,
                                            const FunctionInfo &Callee, EffectInfo &Into) {
  using K = CallEffect::Arg::Kind;
  std::string Name = displayName(Callee.UniqueName);
  auto Index = [&](const std::string &Param) {
    for (size_t I = 0; I < Callee.Params.size(); ++I)
      if (Callee.Params[I].Name == Param)
        return I;
    return Callee.Params.size();
  };
  std::string Where = "its call of '" + Name + "' at line " + std::to_string(C.Pos.Line);
  // A global (globalKey) is where the callee finds it: as if passed itself.
  bool IsGlobal = isGlobalKey(R.Param);
  CallEffect::Arg Global;
  if (IsGlobal) {
    Global.K = K::Pointer;
    Global.Name = R.Param;
    Global.Value = SymExpr::constant(0);
  }
  // Rows behind pointers (pointeesKey) follow the argument of the
  // parameter whose pointers they are.
  bool Behind = isPointeesKey(R.Param);
  size_t I = Index(Behind ? pointersOf(R.Param) : R.Param);
  if (!IsGlobal && I >= C.Args.size()) {
    addFact(Into.Other, {"calls '" + Name + "' with fewer arguments than it takes", ""});
    return std::nullopt;
  }
  const CallEffect::Arg &A = IsGlobal ? Global : C.Args[I];
  // The rows behind an array of pointers of the caller's own, or of a
  // global, may be anywhere.
  if (Behind && (A.K == K::Local || A.K == K::Global)) {
    addFact(Into.Other, {std::string(R.Write ? "writes" : "reads") +
                             " memory it cannot name, through the pointers in '" + A.Text +
                             "' passed to '" + Name + "'",
                         ""});
    return std::nullopt;
  }
  switch (A.K) {
  case K::Value:
  case K::Integer:
  case K::Local:
    return std::nullopt;
  case K::Global:
    addFact(R.Write ? Into.GlobalsWritten : Into.GlobalsRead, {A.Name, Name});
    return std::nullopt;
  case K::Unknown:
    addFact(Into.Other, {std::string(R.Write ? "writes" : "reads") +
                             " memory it cannot name, through " + A.Why + " passed to '" +
                             Name + "'",
                         ""});
    return std::nullopt;
  case K::Pointer:
  case K::Row:
    break;
  }
  // A row passed on (`relax_row(new[i], ..)`): what the callee touches of
  // it lies in the row behind the pointer it was loaded from.
  bool InRow = A.K == K::Row;
  AccessRegion Out;
  Out.Param = Behind || InRow ? pointeesKey(A.Name) : A.Name;
  Out.Write = R.Write;
  Out.Via = Name;
  Out.Extent = R.Extent;
  Out.Widened = R.Widened;
  if (!R.Unbounded.empty()) {
    Out.Unbounded = R.Unbounded;
    return Out;
  }
  if (InRow && (R.Reachable || R.Rows)) {
    Out.Unbounded = Where + " passes the row '" + A.Text + "', which '" + Name +
                    "' indexes as " + (R.Reachable ? "linked nodes" : "rows of its own");
    return Out;
  }
  // A pointer to smaller elements than the caller's (`(double *)T` of
  // `block *T`, `*M` of `Block *M`): the callee's elements lie in the
  // caller's, Within of them to one (below).
  bool InElement = A.Within && !R.Reachable && !Behind;
  if (InElement && R.Rows) {
    Out.Unbounded = Where + " passes '" + A.Text + "', an element of '" + A.Name +
                    "' that the callee indexes as rows";
    return Out;
  }
  if (!A.Fields.empty() && !InElement) {
    if (Behind) {
      Out.Unbounded = Where + " passes '" + A.Text + "', a pointer into a node";
      return Out;
    }
    if (!R.Reachable && !isFirstElement(R)) {
      Out.Unbounded = Where + " indexes a node pointer";
      return Out;
    }
    Out.Reachable = true;
    for (const std::string &F : A.Fields)
      if (!F.empty())
        Out.Fields.push_back(F);
    Out.Fields.insert(Out.Fields.end(), R.Fields.begin(), R.Fields.end());
    return Out;
  }
  // A pointer that moves, passed where it is (quick_sort's `j`): the region
  // spans the offsets it takes where the call is made.
  std::string Spanned;
  auto OffsetOf = [&](const CallEffect::Arg &P) -> SymExpr::Ptr {
    if (P.Value || !P.Symbolic || C.State.empty() || R.Rows)
      return P.Value;
    Spanned = "'" + P.Text + "'";
    return P.Symbolic;
  };
  SymExpr::Ptr By = OffsetOf(A);
  // A row and an offset in it that read variables that change (`new[i]`,
  // i from a loop): the rows and columns span the values they take there.
  if (InRow)
    for (const SymExpr::Ptr &E : {A.RowIndex, A.Value})
      for (const std::string &V : E->variables())
        if (llvm::StringRef(V).contains('@'))
          Spanned = "'" + A.Text + "'";
  if (!By) {
    Out.Unbounded = Where + " passes '" + A.Text + "': " + A.Why;
    return Out;
  }
  if (R.Reachable) {
    if (By->str() != "0") {
      Out.Unbounded = Where + " passes '" + A.Text + "', an offset node pointer";
      return Out;
    }
    Out.Reachable = true;
    Out.Fields = R.Fields;
    return Out;
  }
  SymMap Subst;
  std::vector<SymExpr::Ptr> Bounds{R.Lo, R.Hi};
  if (R.Rows)
    Bounds.insert(Bounds.end(), {R.Rows.ColLo, R.Rows.ColHi});
  if (R.Rows && !Behind)
    Bounds.push_back(R.Rows.Stride);
  // An argument that reads variables that change (`swap(a, i, store++)` in
  // a loop): the region spans the values they take where the call is made.
  // A pointer parameter in a bound stands for its address (`high - low`):
  // the address of its argument's parameter, moved by the offset.
  for (const SymExpr::Ptr &Bound : Bounds)
    for (const std::string &V : Bound->variables()) {
      size_t J = Index(V);
      SymExpr::Ptr Offset = J < C.Args.size() && C.Args[J].K == K::Pointer &&
                                    C.Args[J].Fields.empty()
                                ? OffsetOf(C.Args[J])
                                : nullptr;
      if (Offset) {
        Subst[V] = SymExpr::binary(SymExpr::Kind::Add, SymExpr::variable(C.Args[J].Name), Offset);
      } else if (J < C.Args.size() && C.Args[J].K == K::Integer) {
        Subst[V] = C.Args[J].Value;
      } else if (J < C.Args.size() && C.Args[J].Symbolic && !C.State.empty() &&
                 (!R.Rows || Behind || !shapeNames(R.Rows, V))) {
        // Rows behind pointers span their columns where they change too
        // (Span: `neighbours(cur, r, c)`, c from a loop); rows of a stride
        // keep one shape.
        Subst[V] = C.Args[J].Symbolic;
        Spanned = "'" + C.Args[J].Text + "' for '" + V + "'";
      } else if (isGlobalKey(V) && llvm::is_contained(C.StableGlobals, V)) {
        Subst[V] = SymExpr::variable(V);
      } else {
        Out.Unbounded = Where + " passes " +
                        (J < C.Args.size() ? "'" + C.Args[J].Text + "'" : "nothing") +
                        " for '" + V + "', which " +
                        (J < C.Args.size() && !C.Args[J].Why.empty()
                             ? C.Args[J].Why
                             : "is not an expression of the parameters");
        return Out;
      }
    }
  auto Moved = [&](const SymExpr::Ptr &By, const SymExpr::Ptr &Bound) {
    return simplify(SymExpr::binary(SymExpr::Kind::Add, By, substitute(Bound, Subst)));
  };
  // Where an argument reads variables that change, the region (its rows,
  // of a shape that does not name them) spans the values they take there.
  auto Span = [&]() {
    if (Spanned.empty())
      return Out;
    // The caller's parameters go by their names, its other variables by keys.
    auto IsParameter = [](llvm::StringRef V) { return !V.contains('@'); };
    const AccessRegion Moving = Out;
    auto Lo = extremum(C.State, Out.Lo, false, IsParameter);
    auto Hi = Lo ? extremum(C.State, Out.Hi, true, IsParameter) : std::nullopt;
    Out.Lo = Lo ? *Lo : nullptr;
    Out.Hi = Hi ? *Hi : nullptr;
    // Rows behind pointers: the least rectangle of rows and columns.
    if (isPointeesKey(Out.Param)) {
      auto ColLo = Hi ? extremum(C.State, Out.Rows.ColLo, false, IsParameter) : std::nullopt;
      auto ColHi = ColLo ? extremum(C.State, Out.Rows.ColHi, true, IsParameter) : std::nullopt;
      if (ColHi) {
        Out.Rows.ColLo = *ColLo;
        Out.Rows.ColHi = *ColHi;
        return Out;
      }
      Out.Lo = Out.Hi = nullptr;
    }
    // An interval in a row the changing argument selects (`out[i * n +
    // 1:i * n + n - 1]`, i from a loop): the rows it spans.
    for (const std::string &S : R.Rows || isPointeesKey(Out.Param) ? std::vector<std::string>{}
                                                                    : R.Lo->variables()) {
      if (Out.Lo && Out.Hi)
        break;
      if (std::optional<AccessRegion> Row = asRow(R, SymExpr::variable(S)))
        if (std::optional<AccessRegion> Rows = translateRegion(*Row, C, Callee, Into);
            Rows && Rows->Lo)
          Out = *Rows;
    }
    // An interval a pointer moved by whole rows of a parameter
    // (`dot(a + i * n, x, n)`, i from a loop): the rows it spans.
    for (const std::string &S :
         isPointeesKey(Out.Param) ? std::vector<std::string>{} : Moving.Lo->variables()) {
      if (Out.Lo && Out.Hi)
        break;
      std::optional<AccessRegion> Row;
      if (IsParameter(S))
        Row = asRow(Moving, SymExpr::variable(S));
      if (!Row || llvm::any_of(std::initializer_list<SymExpr::Ptr>{Row->Rows.ColLo,
                                                                   Row->Rows.ColHi},
                               [&](const SymExpr::Ptr &E) {
                                 return !llvm::all_of(E->variables(), IsParameter);
                               }))
        continue;
      auto RowLo = extremum(C.State, Row->Lo, false, IsParameter);
      auto RowHi = RowLo ? extremum(C.State, Row->Hi, true, IsParameter) : std::nullopt;
      if (RowLo && RowHi) {
        Out = *Row;
        Out.Lo = *RowLo;
        Out.Hi = *RowHi;
      }
    }
    if (!Out.Lo || !Out.Hi) {
      Out.Lo = Out.Hi = nullptr;
      Out.Rows = RowShape();
      Out.Unbounded = Where + " passes " + Spanned +
                      ", whose values there the parameters do not bound";
    }
    return Out;
  };
  if (InRow) {
    Out.Lo = A.RowIndex;
    Out.Hi = simplify(SymExpr::binary(SymExpr::Kind::Add, A.RowIndex, SymExpr::constant(1)));
    Out.Rows = {SymExpr::variable(Out.Param), Moved(By, R.Lo), Moved(By, R.Hi)};
    return Span();
  }
  if (!R.Rows) {
    Out.Lo = Moved(By, R.Lo);
    Out.Hi = Moved(By, R.Hi);
    if (InElement) {
      // From the caller's element the first is in to the one the last is in.
      Out.Lo = dividedRounding(Out.Lo, A.Within, false);
      Out.Hi = dividedRounding(Out.Hi, A.Within, true);
    }
    return Span();
  }
  // Rows behind pointers: the offset moves the pointers; where each points
  // is the row, whatever the caller's offset.
  if (Behind) {
    SymExpr::Ptr None = SymExpr::constant(0);
    Out.Lo = Moved(By, R.Lo);
    Out.Hi = Moved(By, R.Hi);
    Out.Rows = {SymExpr::variable(Out.Param), Moved(None, R.Rows.ColLo),
                Moved(None, R.Rows.ColHi)};
    return Span();
  }
  // Rows: the offset moves them by whole rows and by columns.
  SymExpr::Ptr Stride = simplify(substitute(R.Rows.Stride, Subst));
  SymExpr::Ptr Lo = R.Lo, Hi = R.Hi;
  if (auto Rescaled = rowsOfVariable(Stride, R.Lo, R.Hi, R.Rows.ColLo, R.Rows.ColHi)) {
    Stride = (*Rescaled)[0];
    Lo = (*Rescaled)[1];
    Hi = (*Rescaled)[2];
  } else if (Stride->kind() != SymExpr::Kind::Variable) {
    // Rows of a stride that is no variable (butterflies' two halves, h
    // apart, with h = n / 2; a square of order n / 2, its rows n / 2 apart,
    // in the quadrant layout): one interval, where isl proves it holds them.
    AccessRegion Moving = R;
    Moving.Lo = substitute(R.Lo, Subst);
    Moving.Hi = substitute(R.Hi, Subst);
    Moving.Rows = {Stride, substitute(R.Rows.ColLo, Subst), substitute(R.Rows.ColHi, Subst)};
    if (auto Interval = asInterval(Moving, C.Context)) {
      Out.Lo = simplify(SymExpr::binary(SymExpr::Kind::Add, A.Value, Interval->Lo));
      Out.Hi = simplify(SymExpr::binary(SymExpr::Kind::Add, A.Value, Interval->Hi));
      return Span();
    }
  }
  auto Split = rowsAndColumns(A.Value, Stride);
  if (!Split) {
    Out.Unbounded =
        Stride->kind() != SymExpr::Kind::Variable
            ? Where + " passes '" + Stride->str() + "' for '" + R.Rows.Stride->str() +
                  "', the length of the rows of '" + R.Param +
                  "': only a row length that is a variable, or a multiple of one for a "
                  "single column, is followed"
            : Where + " passes '" + A.Text + "', which does not move by whole rows of '" +
                  Stride->str() + "' and columns";
    return Out;
  }
  Out.Lo = Moved(Split->first, Lo);
  Out.Hi = Moved(Split->first, Hi);
  Out.Rows = {Stride, Moved(Split->second, R.Rows.ColLo), Moved(Split->second, R.Rows.ColHi)};
  return Span();
}

/// translateRegion, where an access of a global that the caller's
/// variables do not bound becomes all of the global
/// (AccessRegion::widenToGlobal).
std::optional<AccessRegion> translate(const AccessRegion &R, const CallEffect &C,
                                      const FunctionInfo &Callee, EffectInfo &Into) {
  std::optional<AccessRegion> Out = translateRegion(R, C, Callee, Into);
  // What recursion grew is left to be guessed (composeEffects).
  if (Out && !mayBeGuessed(*Out))
    Out->widenToGlobal();
  return Out;
}

} // namespace

std::optional<AccessRegion> cleave::regionAtCall(const AccessRegion &R, const CallEffect &C,
                                                 const FunctionInfo &Callee) {
  EffectInfo Facts; // what it gives other than a region is not asked here
  return translate(R, C, Callee, Facts);
}

namespace {

/// The summary of \p F with its calls composed in, given the current
/// summaries of the functions by unique name.
EffectInfo composed(const FunctionInfo &F, const std::map<std::string, FunctionInfo *> &ByName) {
  EffectInfo S = F.Local.Direct;
  std::vector<std::pair<AccessRegion, const Conjunction *>> Passed; // by calls
  for (const CallEffect &C : F.Local.Calls) {
    auto It = ByName.find(C.Callee);
    if (It == ByName.end()) {
      addFact(S.UnknownCalls, {displayName(C.Callee), ""});
      continue;
    }
    const FunctionInfo &Callee = *It->second;
    const EffectInfo &CS = Callee.Effects;
    std::string Name = displayName(Callee.UniqueName);
    // A self-call brings no fact the function does not have already.
    if (&Callee != &F)
        for (auto [From, To] : {std::pair{&CS.GlobalsRead, &S.GlobalsRead},
                              {&CS.GlobalsWritten, &S.GlobalsWritten},
                              {&CS.InputOutput, &S.InputOutput},
                              {&CS.UnknownCalls, &S.UnknownCalls},
                              {&CS.Allocation, &S.Allocation},
                              {&CS.Other, &S.Other},
                              {&CS.PastArray, &S.PastArray}})
        for (const EffectFact &Fact : *From)
          addFact(*To, {Fact.Name, Name, Fact.Constant});
    std::string Unshown = &Callee == &F ? "" : guardUnshown(Callee, C);
    for (const AccessRegion &R : CS.Accesses)
      if (auto T = translate(R, C, Callee, S)) {
        if (&Callee == &F)
          T->Via.clear();
        if (!Unshown.empty() && T->Unbounded.empty()) {
          AccessRegion Unknown;
          Unknown.Param = T->Param;
          Unknown.Write = T->Write;
          Unknown.Via = T->Via;
          Unknown.Unbounded = "its call of '" + Name + "' at line " +
                              std::to_string(C.Pos.Line) + " does not show '" + Unshown +
                              "', which '" + Name +
                              "' tests on entry, its regions holding only where it does";
          Unknown.Extent = T->Extent;
          Unknown.widenToGlobal();
          *T = std::move(Unknown);
        }
        Passed.push_back({std::move(*T), &C.Context});
      }
  }
  // An access F makes inside a region a call passes, given what holds where
  // it is made (merge's `*split1` at `high1 >= low1`, inside the run that
  // merge_loop reads), adds nothing.
  if (F.Local.AccessContext.size() == S.Accesses.size()) {
    std::vector<AccessRegion> Kept;
    for (size_t I = 0; I < S.Accesses.size(); ++I) {
      const AccessRegion &D = S.Accesses[I];
      if (!D.Lo || llvm::none_of(Passed, [&](const auto &P) {
            const AccessRegion &T = P.first;
            return T.Param == D.Param && T.Write == D.Write && T.Lo &&
                   regionInside(D.Lo, D.Hi, D.Rows, T.Lo, T.Hi, T.Rows,
                                F.Local.AccessContext[I]);
          }))
        Kept.push_back(D);
    }
    S.Accesses = std::move(Kept);
  }
  // A region a call passes that lies inside another region of F, given what
  // holds at the call (over recursion: the halves of [lo:hi] at
  // `if (hi - lo > 8)`, inside the [lo:hi] of its loop), adds nothing.
  normalize(S, F);
  std::vector<AccessRegion> All = S.Accesses;
  for (const auto &[R, Context] : Passed)
    All.push_back(R);
  std::set<std::pair<std::string, bool>> Joined = groupsJoinedIntoOne(All);
  std::vector<bool> Dropped(Passed.size());
  for (size_t I = 0; I < Passed.size(); ++I) {
    const AccessRegion &T = Passed[I].first;
    if (!T.Lo || Joined.count({T.Param, T.Write}))
      continue;
    auto Holds = [&](const AccessRegion &P) {
      return &P != &T && P.Param == T.Param && P.Write == T.Write && P.Lo &&
             regionInside(T.Lo, T.Hi, T.Rows, P.Lo, P.Hi, P.Rows, *Passed[I].second);
    };
    bool InOther = false;
    for (size_t J = 0; J < Passed.size() && !InOther; ++J)
      InOther = !Dropped[J] && Holds(Passed[J].first);
    Dropped[I] = InOther || llvm::any_of(S.Accesses, Holds);
  }
  for (size_t I = 0; I < Passed.size(); ++I)
    if (!Dropped[I])
      S.Accesses.push_back(std::move(Passed[I].first));
  normalize(S, F);
  return S;
}

/// Regions of \p Next that differ from those of \p Prev become unbounded.
void widen(EffectInfo &Next, const EffectInfo &Prev) {
  auto Group = [](const EffectInfo &E, const AccessRegion &R) {
    std::vector<std::string> Out;
    for (const AccessRegion &O : E.Accesses)
      if (O.Param == R.Param && O.Write == R.Write)
        Out.push_back(O.str());
    return Out;
  };
  for (AccessRegion &R : Next.Accesses) {
    // An access unbounded in both rounds keeps the reason it had: a
    // recursion that swaps its parameters would name them in turn.
    if (!R.Unbounded.empty()) {
      for (const AccessRegion &O : Prev.Accesses)
        if (O.Param == R.Param && O.Write == R.Write && !O.Unbounded.empty()) {
          R.Unbounded = O.Unbounded;
          break;
        }
      continue;
    }
    if (Group(Next, R) != Group(Prev, R)) {
      R.Lo = R.Hi = nullptr;
      R.Rows = RowShape();
      R.Reachable = false;
      R.Fields.clear();
      R.Unbounded = GrowsWithRecursion;
    }
  }
}

/// Whether \p Guesses, regions of the recursive \p F (one for each group:
/// parameter and direction), hold every access \p F makes in their groups
/// when its calls of itself make their accesses in the guesses too: each
/// access it makes itself, and each region its calls pass, given what holds
/// where it is made (its entry facts among them). Where the recursion goes
/// through \p Through, the other functions of its component, callees first
/// (a pair such as lower_solve and aux_lower_solve), their summaries are
/// composed anew from the guesses for the test. Recursion then keeps every
/// access inside the guesses, level by level. Several are guessed together
/// where the recursion swaps the roles of parameters (fft's x and y).
bool inductive(FunctionInfo &F, const std::vector<AccessRegion> &Guesses,
               const std::vector<FunctionInfo *> &Through,
               const std::map<std::string, FunctionInfo *> &ByName) {
  const EffectInfo &Direct = F.Local.Direct;
  bool HasContexts = F.Local.AccessContext.size() == Direct.Accesses.size();
  auto GuessOf = [&](const AccessRegion &R) -> const AccessRegion * {
    for (const AccessRegion &G : Guesses)
      if (R.Param == G.Param && R.Write == G.Write)
        return &G;
    return nullptr;
  };
  auto Inside = [&](const AccessRegion &R, const AccessRegion &Guess,
                    const Conjunction &Context) {
    if (!R.Unbounded.empty() || !R.Lo || R.Reachable)
      return false;
    std::optional<AccessRegion> Shaped =
        bool(R.Rows) == bool(Guess.Rows) ? R
        : Guess.Rows                     ? asRow(R, Guess.Rows.Stride)
                                         : asInterval(R, Context);
    return Shaped && regionInside(Shaped->Lo, Shaped->Hi, Shaped->Rows, Guess.Lo, Guess.Hi,
                                  Guess.Rows, Context);
  };
  for (size_t I = 0; I < Direct.Accesses.size(); ++I) {
    const AccessRegion &R = Direct.Accesses[I];
    const AccessRegion *G = GuessOf(R);
    if (G && !Inside(R, *G, HasContexts ? F.Local.AccessContext[I] : Conjunction()))
      return false;
  }
  // The self-calls see the guesses in place of the regions that grew.
  EffectInfo Assumed = F.Effects;
  for (AccessRegion &R : Assumed.Accesses)
    if (const AccessRegion *G = GuessOf(R))
      R = *G;
  std::swap(F.Effects, Assumed);
  std::vector<EffectInfo> Before;
  for (FunctionInfo *G : Through) {
    Before.push_back(std::move(G->Effects));
    G->Effects = composed(*G, ByName);
  }
  bool Holds = true;
  for (const CallEffect &C : F.Local.Calls) {
    auto It = ByName.find(C.Callee);
    if (It == ByName.end())
      continue;
    for (const AccessRegion &R : It->second->Effects.Accesses) {
      EffectInfo Ignored;
      std::optional<AccessRegion> T = translate(R, C, *It->second, Ignored);
      const AccessRegion *G = T ? GuessOf(*T) : nullptr;
      if (G && !Inside(*T, *G, C.Context))
        Holds = false;
    }
  }
  std::swap(F.Effects, Assumed);
  for (size_t I = 0; I < Through.size(); ++I)
    Through[I]->Effects = std::move(Before[I]);
  return Holds;
}

/// Bounds the regions of the recursive \p F that grew with each level of
/// recursion (knapsack's weight[i:i + 1], weight[i:i + 2], ... with i + 1
/// passed down), or split into more intervals than are kept (a heap's
/// heap[i], heap[2 * i + 1], ...), by a guess that inductive() proves: each
/// bound is one it had in \p Grown, the last composition before widening,
/// or one of F's own accesses, or 0, an integer parameter p, or p + 1
/// (`weight[i:n]`, where `i == n` ends the recursion). Where its recursion
/// goes through \p Through, the rest of its component, their summaries are
/// composed anew from F's. Rugina and Rinard bound such regions by solving
/// for the bounds; trying the few expressions the parameters give, and
/// proving the one that holds, finds the same regions for these recursions.
void boundByGuess(FunctionInfo &F, const std::vector<FunctionInfo *> &Through,
                  const EffectInfo &Grown,
                  const std::map<std::string, FunctionInfo *> &ByName) {
  // The calls of F in its component, and the calls of its component there.
  std::vector<std::pair<const FunctionInfo *, const CallEffect *>> Recursive, Inward;
  std::vector<FunctionInfo *> Component = Through;
  Component.push_back(&F);
  for (const FunctionInfo *G : Component)
    for (const CallEffect &C : G->Local.Calls) {
      if (C.Callee == F.UniqueName)
        Recursive.push_back({G, &C});
      if (C.Callee == F.UniqueName ||
          llvm::any_of(Through, [&](const FunctionInfo *T) { return T->UniqueName == C.Callee; }))
        Inward.push_back({G, &C});
    }
  // Expressions added once each.
  auto Add = [](std::vector<SymExpr::Ptr> &To, const SymExpr::Ptr &E) {
    if (llvm::none_of(To, [&](const SymExpr::Ptr &Old) { return Old->str() == E->str(); }))
      To.push_back(E);
  };
  // The integer parameters: those its recursive calls pass integers for; and
  // those every one of them, made by F itself, passes unchanged.
  std::vector<SymExpr::Ptr> Params, Kept;
  for (const auto &[Caller, C] : Recursive)
    for (size_t I = 0; I < C->Args.size() && I < F.Params.size(); ++I)
      if (C->Args[I].K == CallEffect::Arg::Kind::Integer)
        Add(Params, SymExpr::variable(F.Params[I].Name));
  for (const SymExpr::Ptr &P : Params) {
    bool Unchanged = true;
    for (const auto &[Caller, C] : Recursive)
      for (size_t I = 0; I < C->Args.size() && I < F.Params.size(); ++I)
        if (F.Params[I].Name == P->str())
          Unchanged = Unchanged && Caller == &F && C->Args[I].Value &&
                      C->Args[I].Value->str() == P->str();
    if (Unchanged)
      Kept.push_back(P);
  }
  // And the globals its component reads as parameters it keeps that the
  // pointers it passes inward move by (a block matrix's row of blocks,
  // `&M[h * nBlocks]`).
  for (const auto &[Caller, C] : Inward)
    for (const CallEffect::Arg &A : C->Args) {
      if (A.K != CallEffect::Arg::Kind::Pointer || !A.Value)
        continue;
      for (const std::string &V : A.Value->variables())
        if (isGlobalKey(V) && llvm::is_contained(Caller->Local.StableGlobals, V))
          Add(Kept, SymExpr::variable(V));
    }
  for (AccessRegion &R : F.Effects.Accesses) {
    if (!mayBeGuessed(R))
      continue;
    // The bounds it had before widening, and those of its own accesses;
    // rows when it had rows then (the columns and the stride stay).
    RowShape Shape;
    for (const AccessRegion &G : Grown.Accesses)
      if (G.Param == R.Param && G.Write == R.Write && G.Rows && !Shape)
        Shape = G.Rows;
    std::vector<AccessRegion> Seen;
    for (const EffectInfo *E : {&Grown, static_cast<const EffectInfo *>(&F.Local.Direct)})
      for (const AccessRegion &G : E->Accesses) {
        if (G.Param != R.Param || G.Write != R.Write || !G.Lo)
          continue;
        std::optional<AccessRegion> Shaped =
            !Shape && !G.Rows ? G
            : !Shape          ? asInterval(G, {})
            : !G.Rows         ? asRow(G, Shape.Stride)
            : G.Rows.Stride->str() == Shape.Stride->str() ? std::optional(G)
                                                          : std::nullopt;
        if (Shaped)
          Seen.push_back(std::move(*Shaped));
      }
    std::vector<SymExpr::Ptr> Los, His;
    for (const AccessRegion &G : Seen) {
      Add(Los, G.Lo);
      Add(His, G.Hi);
    }
    Add(Los, SymExpr::constant(0));
    for (const SymExpr::Ptr &P : Params) {
      Add(Los, P);
      Add(His, P);
      Add(His, simplify(SymExpr::binary(SymExpr::Kind::Add, P, SymExpr::constant(1))));
    }
    AccessRegion Guess = R;
    Guess.Unbounded.clear();
    Guess.Via.clear();
    Guess.Rows = Shape;
    bool Found = false;
    for (size_t I = 0; I < Los.size() && !Found; ++I)
      for (size_t J = 0; J < His.size() && !Found; ++J) {
        Guess.Lo = Los[I];
        Guess.Hi = His[J];
        Found = inductive(F, {Guess}, Through, ByName);
      }
    // Rows that only the recursion makes (noblockmul's `*c` at its 1 x 1
    // leaves, its quadrants at c + h, c + h * ld and c + h * ld + h): rows of
    // a parameter every self-call passes unchanged, from 0 to the bound of an
    // access of its own or a parameter, in rows and in columns.
    std::vector<SymExpr::Ptr> Ends;
    for (const AccessRegion &G : F.Local.Direct.Accesses)
      if (G.Param == R.Param && G.Write == R.Write && G.Lo && !G.Rows)
        Add(Ends, G.Hi);
    for (const SymExpr::Ptr &P : Params)
      Add(Ends, P);
    for (const SymExpr::Ptr &Stride : Kept) {
      if (Found || Shape)
        break;
      Guess.Lo = Guess.Rows.ColLo = SymExpr::constant(0);
      Guess.Rows.Stride = Stride;
      for (size_t I = 0; I < Ends.size() && !Found; ++I)
        for (size_t J = 0; J < Ends.size() && !Found; ++J) {
          Guess.Hi = Ends[I];
          Guess.Rows.ColHi = Ends[J];
          Found = inductive(F, {Guess}, Through, ByName);
        }
    }
    if (Found)
      R = Guess;
  }
  // Regions no guess holds alone, where the recursion swaps the roles of
  // parameters (fft's x and y: each call writes its y into its caller's x):
  // one interval from 0 to a parameter for all of them, proved together.
  std::vector<AccessRegion *> Left;
  for (AccessRegion &R : F.Effects.Accesses)
    if (mayBeGuessed(R))
      Left.push_back(&R);
  for (size_t K = 0; K < Params.size() && Left.size() > 1; ++K) {
    std::vector<AccessRegion> Guesses;
    for (const AccessRegion *R : Left) {
      AccessRegion G = *R;
      G.Unbounded.clear();
      G.Via.clear();
      G.Lo = SymExpr::constant(0);
      G.Hi = Params[K];
      Guesses.push_back(std::move(G));
    }
    if (inductive(F, Guesses, Through, ByName)) {
      for (size_t I = 0; I < Left.size(); ++I)
        *Left[I] = std::move(Guesses[I]);
      break;
    }
  }
  for (FunctionInfo *G : Through)
    G->Effects = composed(*G, ByName);
}

/// The functions of the recursive component \p Group other than \p Head,
/// callees before their callers, where no recursion is left among them
/// without \p Head; none where some is.
std::optional<std::vector<FunctionInfo *>> restCalleesFirst(const std::vector<FunctionInfo *> &Group,
                                                            const FunctionInfo &Head) {
  std::vector<FunctionInfo *> Rest;
  for (FunctionInfo *F : Group)
    if (F != &Head)
      Rest.push_back(F);
  std::map<std::string, size_t> At;
  for (size_t I = 0; I < Rest.size(); ++I)
    At[Rest[I]->UniqueName] = I;
  boost::adjacency_list<boost::vecS, boost::vecS, boost::directedS> Calls(Rest.size());
  for (size_t I = 0; I < Rest.size(); ++I)
    for (const CallEffect &C : Rest[I]->Local.Calls)
      if (auto It = At.find(C.Callee); It != At.end()) {
        if (It->second == I)
          return std::nullopt;
        boost::add_edge(I, It->second, Calls);
      }
  // Tarjan's algorithm numbers a component after every component it reaches.
  std::vector<size_t> Component(Rest.size());
  if (boost::strong_components(Calls, Component.data()) != Rest.size())
    return std::nullopt;
  std::vector<FunctionInfo *> Out(Rest.size());
  for (size_t I = 0; I < Rest.size(); ++I)
    Out[Component[I]] = Rest[I];
  return Out;
}

} // namespace

void cleave::composeEffects(const std::vector<FunctionInfo *> &Functions) {
  std::map<std::string, size_t> Index; // unique name -> position in Functions
  std::map<std::string, FunctionInfo *> ByName;
  for (size_t I = 0; I < Functions.size(); ++I) {
    FunctionInfo *F = Functions[I];
    Index[F->UniqueName] = I;
    ByName[F->UniqueName] = F;
    F->Effects = F->Local.Direct;
    normalize(F->Effects, *F);
  }
  // Callees before their callers, a strongly connected component (a set of
  // mutually recursive functions) at a time: only recursion needs rounds.
  boost::adjacency_list<boost::vecS, boost::vecS, boost::directedS> Calls(Functions.size());
  std::vector<bool> CallsItself(Functions.size());
  for (size_t I = 0; I < Functions.size(); ++I)
    for (const CallEffect &C : Functions[I]->Local.Calls)
      if (auto It = Index.find(C.Callee); It != Index.end()) {
        boost::add_edge(I, It->second, Calls);
        CallsItself[I] = CallsItself[I] || It->second == I;
      }
  std::vector<size_t> Component(Functions.size());
  size_t Count = boost::strong_components(Calls, Component.data());
  // Tarjan's algorithm numbers a component after every component it reaches.
  std::vector<std::vector<FunctionInfo *>> Members(Count);
  std::vector<bool> CalledFromOutside(Functions.size());
  for (size_t I = 0; I < Functions.size(); ++I) {
    Members[Component[I]].push_back(Functions[I]);
    for (const CallEffect &C : Functions[I]->Local.Calls)
      if (auto It = Index.find(C.Callee); It != Index.end() && Component[It->second] != Component[I])
        CalledFromOutside[It->second] = true;
  }
  for (const std::vector<FunctionInfo *> &Group : Members) {
    bool Recursive = Group.size() > 1 || CallsItself[Index[Group[0]->UniqueName]];
    std::map<const FunctionInfo *, EffectInfo> Grown; // regions before the first widening
    for (int Round = 0;; ++Round) {
      bool Changed = false;
      for (FunctionInfo *F : Group) {
        EffectInfo Next = composed(*F, ByName);
        if (Round == RoundsBeforeWidening)
          Grown[F] = Next;
        if (Round >= RoundsBeforeWidening) {
          widen(Next, F->Effects);
          normalize(Next, *F);
        }
        if (!(Next == F->Effects)) {
          F->Effects = std::move(Next);
          Changed = true;
        }
      }
      if (!Changed || !Recursive)
        break;
    }
    if (!Recursive)
      continue;
    // Guessed for one function of the component that every recursion in it
    // goes through, the rest composed from it: each such function in turn,
    // those called from outside the component first (lower_solve before the
    // aux_lower_solve it calls), until one leaves no region to guess; the
    // one that leaves fewest.
    std::vector<FunctionInfo *> Heads = Group;
    llvm::stable_sort(Heads, [&](const FunctionInfo *A, const FunctionInfo *B) {
      return CalledFromOutside[Index[A->UniqueName]] > CalledFromOutside[Index[B->UniqueName]];
    });
    auto Summaries = [&] {
      std::vector<EffectInfo> Out;
      for (const FunctionInfo *F : Group)
        Out.push_back(F->Effects);
      return Out;
    };
    auto Restore = [&](const std::vector<EffectInfo> &From) {
      for (size_t I = 0; I < Group.size(); ++I)
        Group[I]->Effects = From[I];
    };
    auto Left = [&] {
      size_t Out = 0;
      for (const FunctionInfo *F : Group)
        Out += llvm::count_if(F->Effects.Accesses, mayBeGuessed);
      return Out;
    };
    size_t FewestLeft = Left();
    const std::vector<EffectInfo> Widened = Summaries();
    std::vector<EffectInfo> Best = Widened;
    for (FunctionInfo *Head : Heads) {
      if (FewestLeft == 0)
        break;
      std::optional<std::vector<FunctionInfo *>> Through = restCalleesFirst(Group, *Head);
      if (!Through)
        continue;
      Restore(Widened);
      boundByGuess(*Head, *Through, Grown[Head], ByName);
      if (size_t Now = Left(); Now < FewestLeft) {
        FewestLeft = Now;
        Best = Summaries();
      }
    }
    Restore(Best);
  }
}

std::vector<std::string> cleave::effectBlockers(const EffectInfo &E) {
  std::vector<std::string> Out;
  auto Add = [&](const std::string &What, const EffectFact &F) {
    std::string Why = What + (F.Via.empty() ? "" : " (in its call of '" + F.Via + "')");
    if (!llvm::is_contained(Out, Why))
      Out.push_back(Why);
  };
  // I/O first: a function that prints reads the global it prints to
  // (`stderr`), and the printing is what a remark should name.
  for (const EffectFact &F : E.InputOutput) {
    const LibraryEffect *L = libraryEffect(F.Name);
    Add("does I/O through '" + F.Name + "' (" + (L ? L->Resource.str() : "unknown") +
            "), which stays on the node that owns it",
        F);
  }
  for (const EffectFact &G : E.GlobalsWritten)
    Add("writes global '" + G.Name + "'", G);
  for (const EffectFact &G : E.GlobalsRead)
    if (G.Name == CharacterTables && !G.Constant)
      Add("reads " + G.Name + ", which the program's call of '" + LocaleSetters[0] + "' or '" +
              LocaleSetters[1] + "' changes where the call is made and on no other node",
          G);
    else if (!G.Constant &&
             llvm::none_of(E.GlobalsWritten, [&](const EffectFact &W) { return W.Name == G.Name; }))
      Add("reads global '" + G.Name + "'", G);
  for (const EffectFact &F : E.UnknownCalls)
    Add("calls '" + F.Name + "', whose effects are unknown", F);
  for (const EffectFact &F : E.Allocation)
    Add("frees memory it did not allocate, with '" + F.Name +
            "', which only the node that allocated it may do",
        F);
  for (const EffectFact &F : E.Other)
    Add(F.Name, F);
  return Out;
}

void cleave::addRegionlessGlobals(const EffectInfo &E, const std::vector<Region> &Regions,
                                  std::vector<std::string> &Regionless) {
  for (const AccessRegion &A : E.Accesses)
    if (isGlobalKey(A.Param) && !llvm::is_contained(Regionless, A.Param) &&
        llvm::none_of(Regions, [&](const Region &R) { return R.Param == A.Param; }))
      Regionless.push_back(A.Param);
}

std::vector<std::string> cleave::remoteBlockersFrom(const std::vector<std::string> &Signature,
                                                    const std::vector<std::string> &Regionless,
                                                    const std::vector<std::string> &Linked,
                                                    const EffectInfo &E) {
  // What the function does comes first: no encoding or region lifts it, so
  // it is the fact a remark names (the first one).
  std::vector<std::string> Out = effectBlockers(E);
  for (const std::string &Why : Signature)
    if (!llvm::is_contained(Out, Why))
      Out.push_back(Why);
  // A linked structure is copied to the callee whole, and not back: the
  // struct the parameter points to and the nodes it links to. A function
  // that reads other elements from it (p[k]) takes an array, which needs a
  // region like any other; any write keeps the call local anyway.
  std::vector<std::string> Arrays = Regionless;
  for (const std::string &Name : Linked) {
    auto Beyond = [&](const AccessRegion &R) {
      if (R.Param != Name || R.Reachable)
        return false;
      if (R.Lo && R.Hi)
        return !isFirstElement(R);
      return !R.Write;
    };
    if (llvm::any_of(E.Accesses, Beyond))
      Arrays.push_back(Name);
    else if (llvm::any_of(E.Accesses,
                          [&](const AccessRegion &R) { return R.Param == Name && R.Write; }))
      Out.push_back("writes the linked structure of parameter '" + Name +
                    "', which is copied to the callee but not back");
  }
  for (const std::string &Name : Arrays) {
    // The first access without a bound is the fact to name; without one, the
    // bounded accesses that do not join into one region.
    std::vector<std::string> Bounded, Unbounded;
    bool Rows = false;
    for (const AccessRegion &R : E.Accesses) {
      std::vector<std::string> &To = R.Unbounded.empty() ? Bounded : Unbounded;
      std::string What = R.Unbounded.empty() ? R.str() : R.Unbounded;
      if (R.Param == Name && !llvm::is_contained(To, What)) {
        To.push_back(What);
        Rows = Rows || R.Rows;
      }
    }
    // One interval that is no region: rows of elements that are not
    // scalars, or an array of structs that hold pointers (inferRegions).
    // A global's interval: one its file did not see, through a call into
    // another file (linkModel).
    std::string One =
        Bounded.size() != 1 ? ""
        : isGlobalKey(Name)
            ? "it accesses " + Bounded.front() +
                  " through a call into another file: the regions of globals are found "
                  "within one file yet"
            : "it accesses " + Bounded.front() +
                  (Rows ? ", rows of elements that are not scalars, which travel only as "
                          "one interval yet"
                        : ", an array of structs that hold pointers, which travel only as "
                          "a linked structure");
    // A parameter given the value of another pointer (merge's swap of its
    // runs, quick_sort's `low = j + 1`): its accesses are not its own.
    // The assignment that gave it another object, where the fact names it.
    std::string Moved = "through '" + Name + "', which may point into different objects";
    std::optional<std::string> Reassigned;
    for (const EffectFact &F : E.Other)
      if (size_t At = F.Name.find(Moved); At != std::string::npos && !Reassigned) {
        llvm::StringRef Rest = llvm::StringRef(F.Name).substr(At + Moved.size());
        size_t Line = Rest.find("' at line ");
        Reassigned = Rest.consume_front(" (") && Line != llvm::StringRef::npos
                         ? Rest.take_front(Rest.find(')', Line - 2)).str()
                         : "it is assigned another pointer";
      }
    std::string Why =
        !Unbounded.empty()
            ? Unbounded.front() +
                  (Unbounded.size() > 1
                       ? " (and " + std::to_string(Unbounded.size() - 1) + " more access" +
                             (Unbounded.size() > 2 ? "es" : "") + " without a bound)"
                       : "")
        : !One.empty()     ? One
        : !Bounded.empty() ? "it accesses " + llvm::join(Bounded, " and ") +
                                 ", which do not join into one region"
        : Reassigned       ? *Reassigned + ", and may then point into a different object: its "
                                   "accesses are not counted as its own"
                           : "it is never accessed";
    if (isGlobalKey(Name))
      Out.push_back("touches global '" + Name.substr(2) + "' without a region (" + Why + ")");
    else
      Out.push_back("has pointer parameter '" + Name + "' without a region (" + Why +
                    "; add '#pragma cleave region(" + Name +
                    "[FIRST:END])' before the function, with the bounds of what it touches "
                    "in its parameters)");
  }
  return Out;
}

/// Why the call \p Site of \p Callee, described by \p C, passes memory that
/// may overlap where the callee writes it.
static std::vector<std::string> overlappingArguments(const CallEffect &C,
                                                     const FunctionInfo &Callee) {
  std::vector<std::string> Out;
  EffectInfo Scratch;
  for (size_t I = 0; I < C.Args.size() && I < Callee.Params.size(); ++I)
    for (size_t J = I + 1; J < C.Args.size() && J < Callee.Params.size(); ++J) {
      const CallEffect::Arg &A = C.Args[I], &B = C.Args[J];
      using K = CallEffect::Arg::Kind;
      bool Pointers = (A.K == K::Pointer || A.K == K::Local || A.K == K::Global) && A.K == B.K;
      if (!Pointers || A.Name.empty() || A.Name != B.Name)
        continue;
      std::vector<AccessRegion> RA, RB;
      bool Writes = false;
      for (const AccessRegion &R : Callee.Effects.Accesses) {
        if (R.Param == Callee.Params[I].Name || R.Param == Callee.Params[J].Name) {
          Writes |= R.Write;
          if (auto T = A.K == K::Pointer ? translate(R, C, Callee, Scratch) : std::nullopt)
            (R.Param == Callee.Params[I].Name ? RA : RB).push_back(*T);
        }
      }
      if (!Writes)
        continue;
      bool Disjoint = A.K == K::Pointer && !RA.empty() && !RB.empty();
      for (const AccessRegion &X : RA)
        for (const AccessRegion &Y : RB)
          Disjoint &= (!X.Write && !Y.Write) ||
                      (X.Lo && Y.Lo &&
                       regionsDisjoint(X.Lo, X.Hi, X.Rows, Y.Lo, Y.Hi, Y.Rows, C.Context));
      if (!Disjoint)
        Out.push_back("its arguments '" + A.Text + "' and '" + B.Text +
                      "' may overlap, and '" + displayName(Callee.UniqueName) + "' writes them");
    }
  return Out;
}

void cleave::linkModel(ProgramModel &M) {
  std::vector<FunctionInfo *> Defined;
  for (FunctionInfo &F : M.Functions)
    if (F.HasBody)
      Defined.push_back(&F);
  // The summaries of one translation unit were composed when it was
  // analyzed; only calls between files have more to follow. A file that
  // sets the locale changes the character tables the others read.
  if (M.Files.size() > 1) {
    bool Locale = llvm::any_of(Defined, [](const FunctionInfo *F) { return setsLocale(*F); });
    for (FunctionInfo *F : Defined)
      for (EffectFact &G : F->Local.Direct.GlobalsRead)
        G.Constant = G.Constant && !(Locale && G.Name == CharacterTables);
    composeEffects(Defined);
    for (FunctionInfo *F : Defined) {
      addRegionlessGlobals(F->Effects, F->Regions, F->Regionless);
      F->RemoteBlockers =
          remoteBlockersFrom(F->SignatureBlockers, F->Regionless, F->Linked, F->Effects);
    }
  }
  // The function a call in file File names: its own static one, else the
  // program's external one.
  llvm::StringMap<std::vector<const FunctionInfo *>> Named;
  for (const FunctionInfo &F : M.Functions)
    Named[F.Name].push_back(&F);
  auto Find = [&](const std::string &Name, const std::string &File) -> const FunctionInfo * {
    const FunctionInfo *Found = nullptr;
    for (const FunctionInfo *F : Named.lookup(Name))
      if ((!F->Static || F->Pos.File == File) && (!Found || F->Defined))
        Found = F;
    return Found;
  };
  std::map<std::string, const CallEffect *> Calls;
  for (const FunctionInfo *F : Defined)
    for (const CallEffect &C : F->Local.Calls)
      Calls[C.Pos.str()] = &C;
  for (CallSiteInfo &Site : M.CallSites) {
    Site.Sequential.clear();
    if (Site.Callee.empty()) {
      Site.Sequential.push_back("the call goes through a function pointer");
      continue;
    }
    const FunctionInfo *Callee = Find(Site.Callee, Site.Pos.File);
    Site.CalleeDefined = Callee && Callee->Defined;
    if (!Site.CalleeDefined) {
      Site.Sequential.push_back(libraryEffect(Site.Callee)
                                    ? "'" + Site.Callee + "' is a library function"
                                    : "'" + Site.Callee + "' has no definition in this program");
      continue;
    }
    for (const std::string &Why : Callee->RemoteBlockers)
      Site.Sequential.push_back("'" + Site.Callee + "' " + Why);
    if (auto It = Calls.find(Site.Pos.str()); It != Calls.end())
      for (std::string &Why : overlappingArguments(*It->second, *Callee))
        Site.Sequential.push_back(std::move(Why));
  }
}
