/// \file
/// IntegerStates: a forward abstract interpretation over clang::CFG whose
/// states are convex polyhedra (isl sets, joined by their convex hull), in
/// the spirit of Cousot and Halbwachs. A state's dimensions are the
/// function's integer variables that change; its parameters are those that
/// do not, and the quotients (`n / 2`) and products (`n * n`) of them.
/// Loop heads widen (isl has no widening of its own: Halbwachs's standard
/// one is written here, with thresholds); passes without widening then
/// narrow what widening lost (`i <= mid`). docs/regions.md says more.
#include "analysis/IntegerStates.h"
#include "analysis/AnalysisInternal.h"
#include "analysis/CellOrder.h"

#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Analysis/CFG.h"
#include "llvm/ADT/BitVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/MathExtras.h"
#include <isl/aff.h>
#include <isl/constraint.h>
#include <isl/ctx.h>
#include <isl/map.h>
#include <isl/options.h>
#include <isl/set.h>
#include <isl/val.h>
#include <map>
#include <set>

using namespace cleave;
using namespace clang;

namespace {

/// An isl object freed when it goes out of scope.
template <typename T, T *(*Copy)(T *), T *(*Free)(T *)> class Owned {
public:
  Owned() = default;
  explicit Owned(T *P) : P(P) {}
  Owned(const Owned &O) : P(O.P ? Copy(O.P) : nullptr) {}
  Owned(Owned &&O) : P(O.P) { O.P = nullptr; }
  Owned &operator=(Owned O) {
    std::swap(P, O.P);
    return *this;
  }
  ~Owned() {
    if (P)
      Free(P);
  }
  T *get() const { return P; }
  /// A copy for an isl function that takes its argument.
  T *take() const { return P ? Copy(P) : nullptr; }
  explicit operator bool() const { return P != nullptr; }

private:
  T *P = nullptr;
};
using Set = Owned<isl_set, isl_set_copy, isl_set_free>;
using Map = Owned<isl_map, isl_map_copy, isl_map_free>;

/// Whether \p L reads no dimension (v<i>) of the states.
bool onlyParameters(const Linear &L) {
  return llvm::none_of(L.Terms, [](const auto &T) { return T.first[0] == 'v'; });
}

/// Which CFG element a statement is.
struct Position {
  unsigned Block = 0, Index = 0;
};

/// The integer variables whose values the questions are about (root() of
/// each), and those they depend on: the variables whose values flow into
/// them, and those of the conditions under which they change (`store` of
/// `for (i = lo; i < last; i++) if (...) store++;` is at most i). The
/// others are not followed, which keeps the polyhedra small (their cost
/// grows fast with dimensions).
struct Relevant {
  llvm::DenseSet<const VarDecl *> Roots;
  std::multimap<const VarDecl *, const VarDecl *> From; ///< changed -> read
  /// Inline assembly may write any variable it names.
  bool Assembly = false;

  void root(const Stmt *S) { variablesIn(S, Roots); }

  /// Notes the dependences in \p S, under the conditions \p Conditions.
  void walk(const Stmt *S, std::vector<const Expr *> &Conditions) {
    if (!S)
      return;
    Assembly |= isa<AsmStmt>(S);
    auto Changes = [&](const VarDecl *To, const Expr *Value) {
      llvm::DenseSet<const VarDecl *> Read;
      variablesIn(Value, Read);
      for (const Expr *C : Conditions)
        variablesIn(C, Read);
      for (const VarDecl *V : Read)
        From.insert({To, V});
    };
    if (const auto *BO = dyn_cast<BinaryOperator>(S); BO && BO->isAssignmentOp()) {
      if (const VarDecl *V = namedVariable(BO->getLHS()))
        Changes(V, BO->getRHS());
    } else if (const auto *UO = dyn_cast<UnaryOperator>(S); UO && UO->isIncrementDecrementOp()) {
      if (const VarDecl *V = namedVariable(UO->getSubExpr()))
        Changes(V, nullptr);
    } else if (const auto *DS = dyn_cast<DeclStmt>(S)) {
      for (const Decl *D : DS->decls())
        if (const auto *V = dyn_cast<VarDecl>(D); V && V->getInit())
          Changes(V, V->getInit());
    }
    const Expr *Cond = nullptr;
    if (const auto *W = dyn_cast<WhileStmt>(S))
      Cond = W->getCond();
    else if (const auto *F = dyn_cast<ForStmt>(S))
      Cond = F->getCond();
    else if (const auto *D = dyn_cast<DoStmt>(S))
      Cond = D->getCond();
    else if (const auto *I = dyn_cast<IfStmt>(S))
      Cond = I->getCond();
    else if (const auto *C = dyn_cast<ConditionalOperator>(S))
      Cond = C->getCond();
    if (Cond)
      Conditions.push_back(Cond);
    for (const Stmt *Child : S->children())
      walk(Child, Conditions);
    if (Cond)
      Conditions.pop_back();
  }

  llvm::DenseSet<const VarDecl *> closure() const {
    llvm::DenseSet<const VarDecl *> Out = Roots;
    std::vector<const VarDecl *> Work(Roots.begin(), Roots.end());
    while (!Work.empty()) {
      const VarDecl *V = Work.back();
      Work.pop_back();
      auto [B, E] = From.equal_range(V);
      for (auto It = B; It != E; ++It)
        if (Out.insert(It->second).second)
          Work.push_back(It->second);
    }
    return Out;
  }
};

/// Functions larger than this are not analyzed: the states would cost more
/// than the bounds they give.
constexpr unsigned MostBlocks = 200, MostVariables = 12;
/// isl's operations (its own count) that one analysis, or one question, may
/// take; past them it gives up rather than take long (a convex hull of many
/// variables can take very long).
constexpr unsigned long MostOperations = 2000000;
/// Visits of a loop head before it widens; visits of a block, on average,
/// before the analysis gives up; passes that narrow.
constexpr unsigned VisitsBeforeWidening = 2, MostSteps = 20, NarrowingPasses = 2;
/// See tame().
constexpr long MostCoefficient = 4;

/// That a place (the second) differs from another (the third) where a store
/// or a call writes the cell at that one (CellOrder::Apart).
using Assumption = std::tuple<const Expr *, Place, Place>;

} // namespace

struct IntegerStates::Impl {
  ASTContext &Ctx;
  const FunctionDecl *FD;
  Stmt *Body; ///< analyzedBody(Ctx, FD)
  const llvm::DenseSet<const VarDecl *> &Modified;
  /// Global pointers that keep their value while FD runs (stableGlobals):
  /// parameters of the polyhedra, as unchanged pointer parameters are.
  llvm::DenseSet<const VarDecl *> Kept;
  ReturnFacts ReturnsOf;
  /// Steps left to the analyses of the file (one an assignment a state
  /// passes), and whether this one ran out of them.
  unsigned long *Budget;
  bool OutOfSteps = false;
  /// Owns Isl; declared before every isl object here, so freed after them.
  std::unique_ptr<isl_ctx, void (*)(isl_ctx *)> Context{nullptr, isl_ctx_free};
  isl_ctx *Isl = nullptr;
  std::unique_ptr<CFG> Graph;
  bool GaveUp = true;
  /// The order of cells' values, where some condition compares one; what
  /// it assumed of the addresses at exchanges, and what an earlier round
  /// found does not hold.
  std::optional<CellOrder> Cells;
  std::set<Assumption> Assumed;
  std::set<Assumption> Refuted;

  /// Keys (symbolKey) to isl names: v<i> for the dimensions (variables
  /// that change), P<i> for parameters that do not.
  std::map<std::string, std::string> NameOf;
  std::map<std::string, const VarDecl *> DimVar; ///< v<i> -> variable
  std::vector<std::string> Dims;
  std::vector<std::string> Params;
  /// Parameters that stand for quotients and products of parameters, by
  /// their text in isl names, with what they stand for (in keys).
  std::map<std::string, std::string> AtomByText;
  std::map<std::string, SymExpr::Ptr> AtomValue;
  std::map<std::string, std::string> AtomDefinition; ///< in isl notation
  std::map<std::string, SymExpr::Ptr> KeyValue;       ///< P<i> -> variable by key
  /// The dimensions of parameters that move, and the parameter that stands
  /// for the value (a pointer's, the address) each was passed (entryKey).
  std::map<std::string, std::string> EntryValue;
  /// The statements in the bodies of loops, and whether the one transferred
  /// is not (a parameter it reads may stand for its entry value there:
  /// assignValue).
  llvm::DenseSet<const Stmt *> InLoops;
  bool OutsideLoops = false;

  /// Half-spaces that widening keeps where they hold: each fact the
  /// branches and the entry give, and the same one step looser (a loop that
  /// runs while `j < n` ends at `j <= n`). Without them, a loop widened
  /// before the loop ahead of it has settled loses `j <= n` for good.
  std::vector<Set> Thresholds;
  std::map<const Stmt *, Position> Where;
  std::vector<Set> In; ///< by block ID; empty: not reached
  /// By block ID, the dimensions whose values are read there or after.
  std::vector<llvm::BitVector> Live;
  /// The state after each block's statements, while In is what it was
  /// computed from: every successor's edge starts from it.
  std::vector<std::optional<Set>> Out;

  Impl(ASTContext &Ctx, const FunctionDecl *FD, const llvm::DenseSet<const VarDecl *> &Modified,
       const llvm::DenseSet<const VarDecl *> &Kept, ReturnFacts ReturnsOf, unsigned long *Budget,
       std::set<Assumption> Refuted)
      : Ctx(Ctx), FD(FD), Body(analyzedBody(Ctx, FD)), Modified(Modified), Kept(Kept),
        ReturnsOf(std::move(ReturnsOf)), Budget(Budget), Refuted(std::move(Refuted)) {}

  // --- Spaces and forms --------------------------------------------------------

  std::string paramList() const {
    std::vector<std::string> All = Params;
    for (const auto &[Name, Def] : AtomDefinition)
      All.push_back(Name);
    return "[" + llvm::join(All, ", ") + "]";
  }
  std::string dimList(char Letter) const {
    std::vector<std::string> Out;
    for (size_t I = 0; I < Dims.size(); ++I)
      Out.push_back(Letter + std::to_string(I));
    return "[" + llvm::join(Out, ", ") + "]";
  }
  /// The definitions of the atoms, the context of every state. The
  /// states leave them out, and the questions put them in: the hulls of
  /// states that hold them (a quotient's bounds on both sides of zero) cost
  /// many times as much.
  Set context() {
    std::string S = "true";
    for (const auto &[Name, Def] : AtomDefinition)
      if (!Def.empty())
        S += " and " + Def;
    return set(S);
  }
  Set withContext(const Set &S) {
    Set C = context();
    return S && C ? Set(isl_set_intersect(S.take(), C.take())) : Set();
  }

  /// Sets and maps by their text: a loop's statements are transferred on
  /// each visit, and isl's parser costs more than the operations.
  std::map<std::string, Set> ParsedSets;
  std::map<std::string, Map> ParsedMaps;

  Set set(const std::string &Constraints) {
    std::string Text = paramList() + " -> { " + dimList('v') + " : " + Constraints + " }";
    auto [It, New] = ParsedSets.insert({Text, Set()});
    if (New)
      It->second = Set(isl_set_read_from_str(Isl, Text.c_str()));
    return It->second;
  }
  Set universe() { return set("true"); }
  Map map(const std::string &Text) {
    auto [It, New] = ParsedMaps.insert({Text, Map()});
    if (New)
      It->second = Map(isl_map_read_from_str(Isl, Text.c_str()));
    return It->second;
  }

  /// A parameter that stands for \p Value (keys), \p Text in isl names,
  /// defined by \p Definition (isl notation, over Name; "" for none).
  std::string atom(const std::string &Text, const SymExpr::Ptr &Value,
                   const std::function<std::string(const std::string &)> &Definition) {
    auto [It, New] = AtomByText.insert({Text, ""});
    if (New) {
      It->second = "A" + std::to_string(AtomByText.size() - 1);
      AtomValue[It->second] = Value;
      AtomDefinition[It->second] = Definition(It->second);
    }
    return It->second;
  }

  /// \p E (keys) as a linear form in isl names; std::nullopt when it reads
  /// a variable the states do not follow, or is not linear in the
  /// dimensions.
  std::optional<Linear> linear(const SymExpr::Ptr &E) {
    using K = SymExpr::Kind;
    Linear L;
    switch (E->kind()) {
    case K::Constant:
      L.Constant = E->value();
      return L;
    case K::Variable: {
      auto It = NameOf.find(E->name().str());
      if (It == NameOf.end())
        return std::nullopt;
      L.Terms[It->second] = 1;
      return L;
    }
    case K::Neg: {
      auto A = linear(E->lhs());
      if (!A || !L.add(*A, -1))
        return std::nullopt;
      return L;
    }
    case K::Add:
    case K::Sub: {
      auto A = linear(E->lhs()), B = linear(E->rhs());
      if (!A || !B || !A->add(*B, E->kind() == K::Add ? 1 : -1))
        return std::nullopt;
      return A;
    }
    case K::Mul: {
      auto A = linear(E->lhs()), B = linear(E->rhs());
      if (!A || !B)
        return std::nullopt;
      if (A->Terms.empty() && L.add(*B, A->Constant))
        return L;
      if (B->Terms.empty() && L.add(*A, B->Constant))
        return L;
      if (!onlyParameters(*A) || !onlyParameters(*B))
        return std::nullopt;
      L.Terms[atom("(" + A->text() + ")*(" + B->text() + ")", E,
                   [](const std::string &) { return std::string(); })] = 1;
      return L;
    }
    case K::Div:
    case K::Rem: {
      auto A = linear(E->lhs()), B = linear(E->rhs());
      if (!A || !B || !B->Terms.empty() || B->Constant <= 0 || B->Constant > (1 << 30) ||
          !onlyParameters(*A))
        return std::nullopt;
      // C truncates toward zero: c*q lies within c - 1 of the dividend.
      int64_t C = B->Constant;
      std::string X = "(" + A->text() + ")";
      std::string Q = atom(X + "/" + std::to_string(C),
                           SymExpr::binary(K::Div, E->lhs(), E->rhs()), [&](const std::string &Q) {
                             std::string CQ = std::to_string(C) + "*" + Q;
                             return "((" + X + " >= 0 and 0 <= " + X + " - " + CQ +
                                    " <= " + std::to_string(C - 1) + ") or (" + X +
                                    " < 0 and " + std::to_string(1 - C) + " <= " + X + " - " +
                                    CQ + " <= 0))";
                           });
      L.Terms[Q] = 1;
      if (E->kind() == K::Div)
        return L;
      if (!A->add(L, -C)) // x % c = x - c * (x / c)
        return std::nullopt;
      return A;
    }
    case K::Min:
    case K::Max: {
      auto A = linear(E->lhs()), B = linear(E->rhs());
      if (!A || !B || !onlyParameters(*A) || !onlyParameters(*B))
        return std::nullopt;
      bool Min = E->kind() == K::Min;
      L.Terms[atom((Min ? "min(" : "max(") + A->text() + "," + B->text() + ")", E,
                   [&](const std::string &M) {
                     return extremeDefinition(Min, M, A->text(), B->text());
                   })] = 1;
      return L;
    }
    }
    return std::nullopt;
  }

  /// The constraint \p Of gives a linear form of \p E (isl's names), in
  /// isl's notation, where E holds a least or greatest of two values that
  /// reads a dimension (`MIN(k0 + 64, n)`, which linear leaves out): one
  /// case for each value chosen, under the comparison that chooses it.
  /// std::nullopt where a case is not linear.
  std::optional<std::string> cases(const SymExpr::Ptr &E,
                                   const std::function<std::string(const std::string &)> &Of) {
    using K = SymExpr::Kind;
    if (std::optional<Linear> L = linear(E))
      return Of(L->text());
    // The first extreme linear leaves out, and E with each of its values.
    SymExpr::Ptr Choice;
    std::function<void(const SymExpr::Ptr &)> Find = [&](const SymExpr::Ptr &X) {
      if (Choice || !X)
        return;
      if ((X->kind() == K::Min || X->kind() == K::Max) && !linear(X))
        Choice = X;
      else if (X->kind() != K::Constant && X->kind() != K::Variable)
        Find(X->lhs()), Find(X->rhs());
    };
    Find(E);
    if (!Choice)
      return std::nullopt;
    std::function<SymExpr::Ptr(const SymExpr::Ptr &, const SymExpr::Ptr &)> Put =
        [&](const SymExpr::Ptr &X, const SymExpr::Ptr &By) -> SymExpr::Ptr {
      if (X == Choice)
        return By;
      if (X->kind() == K::Constant || X->kind() == K::Variable)
        return X;
      if (X->kind() == K::Neg)
        return SymExpr::negate(Put(X->lhs(), By));
      return SymExpr::binary(X->kind(), Put(X->lhs(), By), Put(X->rhs(), By));
    };
    auto Fact = [](const std::string &T) { return T + " >= 0"; };
    // min(x, y) is x where y - x >= 0, y where x - y - 1 >= 0; max the
    // other way.
    const SymExpr::Ptr &X = Choice->lhs(), &Y = Choice->rhs();
    bool Min = Choice->kind() == K::Min;
    SymExpr::Ptr XChosen = Min ? atLeast(Y, X) : atLeast(X, Y);
    SymExpr::Ptr YChosen =
        SymExpr::binary(K::Sub, Min ? atLeast(X, Y) : atLeast(Y, X), SymExpr::constant(1));
    std::optional<std::string> CX = cases(XChosen, Fact), EX = cases(Put(E, X), Of);
    std::optional<std::string> CY = cases(YChosen, Fact), EY = cases(Put(E, Y), Of);
    if (!CX || !EX || !CY || !EY)
      return std::nullopt;
    return "((" + *CX + " and " + *EX + ") or (" + *CY + " and " + *EY + "))";
  }

  // --- Transfer ------------------------------------------------------------------

  /// A state is null where no execution reaches; the operations that may
  /// leave no point (a condition, a call's value) give null then, so that
  /// no other needs to ask isl.
  static bool empty(const Set &S) { return !S; }
  Set nonEmpty(Set S) {
    return S && isl_set_is_empty(withContext(S).get()) == isl_bool_false ? S : Set();
  }

  Set intersect(const Set &S, const std::string &Constraints) {
    Set C = set(Constraints);
    if (!S || !C)
      return Set();
    return Set(isl_set_intersect(S.take(), C.take()));
  }

  /// \p S after the variable named \p Dim takes a value that \p Constraints
  /// (over w<i>, the values after, and v<i>, before) allow.
  Set assign(const Set &S, const std::string &Dim, const std::string &Constraints) {
    std::string After = "w" + Dim.substr(1);
    std::string Same;
    for (size_t I = 0; I < Dims.size(); ++I)
      if (Dims[I] != Dim)
        Same += " and w" + std::to_string(I) + " = v" + std::to_string(I);
    std::string Text = paramList() + " -> { " + dimList('v') + " -> " + dimList('w') + " : " +
                       "true" + Same + " and " + Constraints + " }";
    Map M = map(Text);
    return S && M ? Set(isl_set_apply(S.take(), M.take())) : Set();
  }

  /// \p S after \p V = \p Value (keys; null when unknown), which C may
  /// have computed with unsigned arithmetic when \p MayWrap.
  Set assignValue(const Set &S, const VarDecl *V, const SymExpr::Ptr &Value,
                  bool MayWrap = false) {
    const std::string &Dim = NameOf[symbolKey(V)];
    std::string After = "w" + Dim.substr(1);
    bool Unsigned = V->getType()->isUnsignedIntegerType();
    std::string Floor = Unsigned ? After + " >= 0" : "true";
    std::optional<Linear> L = Value ? linear(Value) : std::nullopt;
    // A pointer parameter that moves, but still holds here the address it
    // was passed, stands for that one (`key + (key_end - key) / 2` before
    // the loop that moves `key`): a quotient of parameters is exact. Not in
    // a loop, where the states of the first pass would give the quotient
    // without its definition, which the states leave out, and the hull with
    // the later passes would lose its bounds.
    if (!L && Value && OutsideLoops) {
      SymMap Pinned;
      for (const auto &[Dim, Param] : EntryValue)
        if (implied(S, Dim + " = " + Param))
          Pinned[symbolKey(DimVar.at(Dim))] = KeyValue.at(Param);
      if (!Pinned.empty())
        L = linear(substitute(Value, Pinned));
    }
    // A least or greatest of two values (`k1 = MIN(k0 + 64, n)`): one of
    // them, under the comparison that chooses it.
    if (!L && Value && !Unsigned && !MayWrap)
      if (std::optional<std::string> Chosen =
              cases(Value, [&](const std::string &T) { return After + " = " + T; }))
        return assign(S, Dim, *Chosen);
    if (!L && Value)
      return assignQuotient(S, V, Value, Floor);
    if (!L)
      return assign(S, Dim, Floor);
    // An unsigned variable, or unsigned arithmetic, holds the value itself
    // only where it is not negative (a wrap past the top is left out: no
    // object is that large).
    if ((Unsigned || MayWrap) && !implied(S, L->text() + " >= 0"))
      return assign(S, Dim, Floor);
    return assign(S, Dim, After + " = " + L->text());
  }

  /// \p S after \p V = B + X / c or B - X / c (a midpoint, `low + (end -
  /// low) / 2`; B may be 0), with B and X linear in the dimensions: c times
  /// the quotient lies within c - 1 of X, on X's side of zero.
  Set assignQuotient(const Set &S, const VarDecl *V, const SymExpr::Ptr &Value,
                     const std::string &Floor) {
    using K = SymExpr::Kind;
    const std::string &Dim = NameOf[symbolKey(V)];
    std::string After = "w" + Dim.substr(1);
    // Value as Sign * Quotient + the linear Base.
    SymExpr::Ptr Quotient;
    int64_t Sign = 1;
    Linear Base;
    std::function<bool(const SymExpr::Ptr &, int64_t)> Split = [&](const SymExpr::Ptr &E,
                                                                  int64_t By) {
      if (E->kind() == K::Add || E->kind() == K::Sub)
        return Split(E->lhs(), By) && Split(E->rhs(), E->kind() == K::Sub ? -By : By);
      if (E->kind() == K::Neg)
        return Split(E->lhs(), -By);
      if (auto L = linear(E))
        return Base.add(*L, By);
      if (E->kind() != K::Div || Quotient)
        return false;
      Quotient = E;
      Sign = By;
      return true;
    };
    if (!Split(Value, 1) || !Quotient)
      return assign(S, Dim, Floor);
    auto X = linear(Quotient->lhs()), C = linear(Quotient->rhs());
    if (!X || !C || !C->Terms.empty() || C->Constant <= 0 || C->Constant > (1 << 30))
      return assign(S, Dim, Floor);
    // The quotient, in the value after: V - B, or B - V.
    std::string Q = Sign > 0 ? "(" + After + " - (" + Base.text() + "))"
                             : "((" + Base.text() + ") - " + After + ")";
    std::string XT = "(" + X->text() + ")", CV = std::to_string(C->Constant) + "*" + Q,
                Slack = std::to_string(C->Constant - 1);
    if (implied(S, XT + " >= 0"))
      return assign(S, Dim, Floor + " and " + XT + " - " + Slack + " <= " + CV + " <= " + XT);
    return assign(S, Dim,
                  Floor + " and " + XT + " - " + Slack + " <= " + CV + " <= " + XT + " + " + Slack);
  }

  static const CallExpr *isCall(const Expr *E) {
    return dyn_cast<CallExpr>(E->IgnoreParenImpCasts());
  }

  /// \p S after \p V = \p Call, with what the callee's returns give
  /// (ReturnsOf) about its value and its arguments.
  Set assignCall(const Set &S, const VarDecl *V, const CallExpr *Call) {
    // The definition's parameters, which the callee's facts name (the
    // call may see only a declaration before it).
    const FunctionDecl *Callee = Call->getDirectCallee();
    if (Callee && Callee->getDefinition())
      Callee = Callee->getDefinition();
    const Conjunction *Returns = Callee && ReturnsOf ? ReturnsOf(Callee) : nullptr;
    QualType T = V->getType(), R = Callee ? Callee->getReturnType() : QualType();
    // The value stays what the callee returned: an integer as wide or
    // narrower, not a signed one into an unsigned variable, or an address
    // into a pointer to the same type (lower_bound's `low <= (return) <= end`).
    auto SamePointee = [&](QualType A, QualType B) {
      return A->isPointerType() && B->isPointerType() &&
             Ctx.hasSameUnqualifiedType(A->getPointeeType(), B->getPointeeType());
    };
    if (!Returns ||
        !((T->isIntegerType() && R->isIntegerType() &&
           (T->isSignedIntegerType() || !R->isSignedIntegerType()) &&
           Ctx.getTypeSize(R) <= Ctx.getTypeSize(T)) ||
          SamePointee(T, R)))
      return assignValue(S, V, nullptr);
    SymMap Args{{ReturnKey, SymExpr::variable(ReturnKey)}};
    // An argument stands for its parameter where C passes its value as
    // arithmetic computes it (exactValue), into a parameter at least as
    // wide; a pointer, for the address its parameter was passed.
    for (unsigned I = 0; I < Callee->getNumParams() && I < Call->getNumArgs(); ++I) {
      const Expr *Arg = Call->getArg(I);
      const ParmVarDecl *P = Callee->getParamDecl(I);
      if (Arg->HasSideEffects(Ctx))
        continue;
      if (SamePointee(P->getType(), Arg->IgnoreParenImpCasts()->getType())) {
        if (SymExpr::Ptr A = addressValue(Arg, &Modified, &Ctx))
          Args[symbolKey(P)] = Args[entryKey(P)] = A;
        continue;
      }
      if (!P->getType()->isIntegerType() ||
          Ctx.getTypeSize(P->getType()) < Ctx.getTypeSize(Arg->IgnoreParenImpCasts()->getType()))
        continue;
      if (SymExpr::Ptr A = exactValue(S, Arg))
        Args[symbolKey(P)] = A;
    }
    const std::string &Dim = NameOf[symbolKey(V)];
    NameOf[ReturnKey] = "w" + Dim.substr(1);
    std::vector<std::string> Texts{"true"};
    for (const SymExpr::Ptr &F : *Returns)
      if (llvm::all_of(F->variables(), [&](const std::string &X) { return Args.count(X); }))
        if (auto L = linear(substitute(F, Args)))
          Texts.push_back(L->text() + " >= 0");
    NameOf.erase(ReturnKey);
    return nonEmpty(assign(S, Dim, llvm::join(Texts, " and ")));
  }

  bool implied(const Set &S, const std::string &Constraint) {
    Set C = set(Constraint), Given = withContext(S);
    return Given && C && isl_set_is_subset(Given.get(), C.get()) == isl_bool_true;
  }

  /// The values \p L takes over \p S, as a set of one dimension.
  Set valuesOf(const Set &S, const Linear &L) {
    std::string Text =
        paramList() + " -> { " + dimList('v') + " -> [z] : z = " + L.text() + " }";
    Set Given = withContext(S);
    Map M = map(Text);
    return Given && M ? Set(isl_set_apply(Given.take(), M.take())) : Set();
  }

  /// The followed variable \p E names, or null.
  const VarDecl *followed(const Expr *E) const {
    if (const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts()))
      if (const auto *V = dyn_cast<VarDecl>(DRE->getDecl()))
        if (NameOf.count(symbolKey(V)) && NameOf.at(symbolKey(V))[0] == 'v')
          return V;
    return nullptr;
  }

  /// The value of \p E (keys) once its own side effects are done: `w = e`
  /// is w, `w++` is w - 1; null when unknown, or when C may compute it
  /// otherwise than arithmetic does in \p S (exactValue).
  SymExpr::Ptr valueAfter(const Expr *Converted, const Set &S) {
    const Expr *E = Converted->IgnoreParenImpCasts();
    if (!E->HasSideEffects(Ctx))
      return exactValue(S, E->getType()->isPointerType() ? E : Converted);
    if (const auto *BO = dyn_cast<BinaryOperator>(E))
      if (BO->isAssignmentOp())
        if (const VarDecl *W = followed(BO->getLHS()))
          return SymExpr::variable(symbolKey(W));
    if (const auto *UO = dyn_cast<UnaryOperator>(E); UO && UO->isIncrementDecrementOp())
      if (const VarDecl *W = followed(UO->getSubExpr())) {
        SymExpr::Ptr Now = SymExpr::variable(symbolKey(W));
        if (UO->isPrefix())
          return Now;
        return SymExpr::binary(SymExpr::Kind::Add, Now,
                               SymExpr::constant(UO->isIncrementOp() ? -1 : 1));
      }
    return nullptr;
  }

  /// The value of the integer \p E (keys), or the address of the pointer
  /// \p E, where C computes it as arithmetic does wherever \p S holds
  /// (symbolicValue's Wraps); null otherwise.
  SymExpr::Ptr exactValue(const Set &S, const Expr *E) {
    // An address wraps as the machine's arithmetic does: its offsets need
    // no care but where only Wraps reads them (a shift, `(high - low + 1)
    // >> 1`).
    Conjunction Wraps;
    bool Address = E->getType()->isPointerType();
    SymExpr::Ptr V = Address ? addressValue(E, &Modified, &Ctx) : nullptr;
    if (!V)
      V = Address ? addressValue(E, &Modified, &Ctx, &Wraps)
                  : symbolicValue(E, &Modified, &Ctx, &Wraps);
    return V && llvm::all_of(Wraps, [&](const SymExpr::Ptr &W) { return nonNegative(S, W); })
               ? V
               : nullptr;
  }
  bool nonNegative(const Set &S, const SymExpr::Ptr &E) {
    std::optional<Linear> L = linear(E);
    return L && !empty(S) && implied(S, L->text() + " >= 0");
  }

  /// \p S after the CFG element \p St: an assignment, increment or
  /// declaration of a followed variable (a step of the budget); other
  /// elements change no state.
  Set transfer(Set S, const Stmt *St) {
    OutsideLoops = !InLoops.count(St);
    // Whether the state changes here; false when it is empty or the budget
    // is spent (the state is then empty: failed() says so).
    auto Step = [&] {
      if (empty(S) || !spend())
        S = Set();
      return bool(S);
    };
    if (const auto *DS = dyn_cast<DeclStmt>(St)) {
      for (const Decl *D : DS->decls())
        if (const auto *V = dyn_cast<VarDecl>(D); V && NameOf.count(symbolKey(V)) && Step())
          S = !V->getInit() ? assignValue(S, V, nullptr)
              : isCall(V->getInit())
                  ? assignCall(S, V, isCall(V->getInit()))
                  : assignValue(S, V, valueAfter(V->getInit(), S));
      return S;
    }
    if (const auto *UO = dyn_cast<UnaryOperator>(St); UO && UO->isIncrementDecrementOp())
      if (const VarDecl *V = followed(UO->getSubExpr()))
        return !Step() ? S
                       : assignValue(S, V,
                           SymExpr::binary(SymExpr::Kind::Add, SymExpr::variable(symbolKey(V)),
                                           SymExpr::constant(UO->isIncrementOp() ? 1 : -1)));
    if (const auto *BO = dyn_cast<BinaryOperator>(St); BO && BO->isAssignmentOp())
      if (const VarDecl *V = followed(BO->getLHS())) {
        if (!Step())
          return S;
        if (BO->getOpcode() == BO_Assign && isCall(BO->getRHS()))
          return assignCall(S, V, isCall(BO->getRHS()));
        SymExpr::Ptr R = valueAfter(BO->getRHS(), S);
        SymExpr::Ptr Old = SymExpr::variable(symbolKey(V));
        // `w += e` in unsigned arithmetic: the sum, difference or product
        // where it ends in range (they wrap as arithmetic modulo 2^N does);
        // a quotient only of values that were not negative.
        const auto *CAO = dyn_cast<CompoundAssignOperator>(BO);
        bool MayWrap = CAO && CAO->getComputationResultType()->isUnsignedIntegerType();
        using K = SymExpr::Kind;
        switch (BO->getOpcode()) {
        case BO_Assign: break;
        case BO_AddAssign: R = R ? SymExpr::binary(K::Add, Old, R) : R; break;
        case BO_SubAssign: R = R ? SymExpr::binary(K::Sub, Old, R) : R; break;
        case BO_MulAssign: R = R ? SymExpr::binary(K::Mul, Old, R) : R; break;
        case BO_DivAssign:
          R = R && (!MayWrap || (V->getType()->isUnsignedIntegerType() &&
                                 BO->getRHS()->getType()->isUnsignedIntegerType()))
                  ? SymExpr::binary(K::Div, Old, R)
                  : nullptr;
          break;
        default: R = nullptr;
        }
        return assignValue(S, V, R, MayWrap);
      }
    return S;
  }

  /// \p S on the edge where \p Cond is \p Holds.
  Set assume(const Set &S, const Expr *Cond, bool Holds) {
    if (empty(S) || Cond->HasSideEffects(Ctx))
      return S;
    Conjunction Facts, Unequal;
    conditionFacts(Ctx, Cond, Holds, Modified, Facts, &Unequal,
                   [&](const SymExpr::Ptr &E) { return nonNegative(S, E); });
    std::vector<std::string> Texts;
    for (const SymExpr::Ptr &F : Facts)
      if (auto T = cases(F, [](const std::string &L) { return L + " >= 0"; }))
        Texts.push_back(*T);
    Set Out = Texts.empty() ? S : nonEmpty(intersect(S, llvm::join(Texts, " and ")));
    for (const SymExpr::Ptr &U : Unequal)
      if (auto L = linear(U))
        Out = nonZero(Out, L->text());
    return Out;
  }

  /// \p S where \p Difference (in isl's names) is not 0: above or below 0
  /// where \p S holds it on that side (as strengthenUnequal does).
  Set nonZero(Set S, const std::string &Difference) {
    for (auto [Side, Strict] : {std::pair{" >= ", "1"}, std::pair{" <= ", "-1"}})
      if (!empty(S) && implied(S, Difference + Side + "0"))
        return nonEmpty(intersect(S, Difference + Side + Strict));
    return S;
  }

  /// The union of \p A and \p B, widened to one polyhedron: their convex
  /// hull, tamed, with the thresholds that both hold where taming dropped
  /// a constraint (one with large coefficients may have stood for `i <
  /// high`).
  Set join(const Set &A, const Set &B) {
    if (empty(A))
      return B;
    if (empty(B))
      return A;
    // One inside the other (a loop that has settled): no hull to compute.
    if (isl_set_is_subset(B.get(), A.get()) == isl_bool_true)
      return A;
    if (isl_set_is_subset(A.get(), B.get()) == isl_bool_true)
      return B;
    // The narrowing passes and the checks of assumptions join again what
    // the fixpoint joined: a hull costs a thousand times its key.
    std::string Key = text(A) + " | " + text(B);
    if (auto It = Joined.find(Key); It != Joined.end())
      return It->second;
    isl_set *Union = isl_set_union(A.take(), B.take());
    bool Dropped = false;
    Set Hull = tame(isl_set_from_basic_set(isl_set_convex_hull(Union)), Dropped);
    for (const Set &T : Dropped ? Thresholds : std::vector<Set>())
      if (isl_set_is_subset(A.get(), T.get()) == isl_bool_true &&
          isl_set_is_subset(B.get(), T.get()) == isl_bool_true)
        Hull = Set(isl_set_intersect(Hull.take(), T.take()));
    Joined.emplace(std::move(Key), Hull);
    return Hull;
  }
  /// The joins that took a hull, by the text of the two states.
  std::map<std::string, Set> Joined;
  static std::string text(const Set &S) {
    char *Text = isl_set_to_str(S.get());
    std::string Out = Text ? Text : "";
    free(Text);
    return Out;
  }

  /// \p S without its constraints whose coefficients of variables, or of
  /// parameters beside them, are larger than MostCoefficient: the hulls of
  /// a loop's states find such facets one after another (`243 k >= 135 i
  /// + ...`), each costlier to join than the last, and they bound little.
  static Set tame(isl_set *S, bool &Dropped) {
    if (!S || isl_set_n_basic_set(S) != 1)
      return Set(S);
    isl_basic_set *B = isl_set_simple_hull(S);
    struct Taming {
      isl_basic_set *Kept;
      bool &Dropped;
    } Into{isl_basic_set_universe(isl_basic_set_get_space(B)), Dropped};
    auto Each = [](isl_constraint *C, void *User) -> isl_stat {
      auto &[Kept, Dropped] = *static_cast<Taming *>(User);
      bool Small = true, Variables = false;
      for (enum isl_dim_type T : {isl_dim_set, isl_dim_param})
        for (int I = 0, N = isl_constraint_dim(C, T); I < N; ++I) {
          isl_val *V = isl_val_abs(isl_constraint_get_coefficient_val(C, T, I));
          if (!isl_val_is_zero(V)) {
            Variables |= T == isl_dim_set;
            isl_val *Limit = isl_val_int_from_si(isl_val_get_ctx(V), MostCoefficient);
            Small &= isl_val_le(V, Limit) == isl_bool_true;
            isl_val_free(Limit);
          }
          isl_val_free(V);
        }
      if (Small || !Variables) {
        Kept = isl_basic_set_add_constraint(Kept, C);
      } else {
        isl_constraint_free(C);
        Dropped = true;
      }
      return isl_stat_ok;
    };
    isl_basic_set_foreach_constraint(B, Each, &Into);
    isl_basic_set_free(B);
    return Set(isl_set_from_basic_set(Into.Kept));
  }

  /// The half-spaces of the constraints of \p S's convex hull (an equality
  /// gives two).
  static std::vector<Set> halfSpaces(const Set &S) {
    std::vector<Set> Out;
    isl_basic_set *Hull = isl_set_convex_hull(S.take());
    auto Each = [](isl_constraint *C, void *User) -> isl_stat {
      auto &Out = *static_cast<std::vector<Set> *>(User);
      isl_aff *A = isl_constraint_get_aff(C);
      bool Equality = isl_constraint_is_equality(C) == isl_bool_true;
      isl_constraint_free(C);
      for (int Side = 0; Side < (Equality ? 2 : 1); ++Side) {
        isl_aff *Half = Side ? isl_aff_neg(isl_aff_copy(A)) : isl_aff_copy(A);
        Out.emplace_back(isl_set_from_basic_set(
            isl_basic_set_from_constraint(isl_inequality_from_aff(Half))));
      }
      isl_aff_free(A);
      return isl_stat_ok;
    };
    isl_basic_set_foreach_constraint(Hull, Each, &Out);
    isl_basic_set_free(Hull);
    return Out;
  }

  /// Halbwachs's standard widening of \p Old by \p New (which holds it):
  /// the constraints of Old that New satisfies, and those of New that can
  /// stand for one of Old's (Old with it in place of that one is Old, so
  /// that `j <= i` survives an Old that wrote it `j <= lo + 1` beside
  /// `i = lo + 1`); then the thresholds that New satisfies.
  Set widen(const Set &Old, const Set &New) {
    if (empty(Old) || empty(New))
      return New;
    std::vector<Set> OldSpaces = halfSpaces(Old), NewSpaces = halfSpaces(New);
    Set Kept(isl_set_universe(isl_set_get_space(New.get())));
    auto Keep = [&](const Set &H) { Kept = Set(isl_set_intersect(Kept.take(), H.take())); };
    // Old without each of its constraints in turn.
    std::vector<Set> Without;
    for (size_t I = 0; I < OldSpaces.size(); ++I) {
      Set W(isl_set_universe(isl_set_get_space(New.get())));
      for (size_t J = 0; J < OldSpaces.size(); ++J)
        if (J != I)
          W = Set(isl_set_intersect(W.take(), OldSpaces[J].take()));
      Without.push_back(W);
    }
    for (const Set &H : OldSpaces)
      if (isl_set_is_subset(New.get(), H.get()) == isl_bool_true)
        Keep(H);
    // Where Old is the polyhedron of its half-spaces, Old with H in place
    // of one of them is inside Old when it is inside that one half-space:
    // one linear program instead of one per half-space.
    Set Whole(isl_set_universe(isl_set_get_space(New.get())));
    for (const Set &H : OldSpaces)
      Whole = Set(isl_set_intersect(Whole.take(), H.take()));
    bool Polyhedron = Whole && isl_set_is_equal(Whole.get(), Old.get()) == isl_bool_true;
    for (const Set &H : NewSpaces)
      for (size_t I = 0; I < Without.size(); ++I) {
        Set Replaced(isl_set_intersect(Without[I].take(), H.take()));
        if (Replaced && isl_set_is_subset(Replaced.get(), Polyhedron ? OldSpaces[I].get()
                                                                     : Old.get()) == isl_bool_true) {
          Keep(H);
          break;
        }
      }
    for (const Set &T : Thresholds)
      if (isl_set_is_subset(New.get(), T.get()) == isl_bool_true)
        Keep(T);
    return Kept;
  }

  static bool same(const Set &A, const Set &B) {
    if (empty(A) || empty(B))
      return empty(A) == empty(B);
    return isl_set_is_equal(A.get(), B.get()) == isl_bool_true;
  }

  // --- The analysis ----------------------------------------------------------------

  bool run(const Conjunction &Entry, llvm::ArrayRef<const Stmt *> Questions) {
    CFG::BuildOptions Options;
    Options.setAllAlwaysAdd();
    Graph = CFG::buildCFG(FD, Body, &Ctx, Options);
    if (!Graph || Graph->getNumBlockIDs() > MostBlocks)
      return false;
    // Exchanges keep the facts of third cells, at first; the addresses are
    // checked against the states once they are known (refutedAssumptions).
    if (CellOrder::comparesCells(Body))
      orderCells();
    if (!chooseVariables(Questions))
      return false;
    struct Loops : RecursiveASTVisitor<Loops> {
      llvm::DenseSet<const Stmt *> &Out;
      explicit Loops(llvm::DenseSet<const Stmt *> &Out) : Out(Out) {}
      void all(const Stmt *S) {
        if (!S)
          return;
        Out.insert(S);
        for (const Stmt *Child : S->children())
          all(Child);
      }
      bool VisitForStmt(ForStmt *F) { return all(F->getBody()), all(F->getInc()), true; }
      bool VisitWhileStmt(WhileStmt *W) { return all(W->getBody()), true; }
      bool VisitDoStmt(DoStmt *D) { return all(D->getBody()), true; }
    } InLoop(InLoops);
    InLoop.TraverseStmt(Body);
    // Where each statement is; which variables each block reads before it
    // sets them, and which it sets.
    std::vector<llvm::BitVector> Reads(Graph->getNumBlockIDs(), llvm::BitVector(Dims.size())),
        Sets = Reads;
    std::map<const VarDecl *, unsigned> DimOf;
    for (unsigned I = 0; I < Dims.size(); ++I)
      DimOf[DimVar.at(Dims[I])] = I;
    auto DimOfExpr = [&](const Expr *E) -> std::optional<unsigned> {
      const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParens());
      auto It = DRE ? DimOf.find(dyn_cast<VarDecl>(DRE->getDecl())) : DimOf.end();
      return It == DimOf.end() ? std::nullopt : std::optional(It->second);
    };
    llvm::DenseSet<const Stmt *> Assigned; // `v` of `v = e`: not a read
    for (const CFGBlock *B : *Graph)
      for (const CFGElement &E : *B)
        if (auto S = E.getAs<CFGStmt>())
          if (const auto *BO = dyn_cast<BinaryOperator>(S->getStmt());
              BO && BO->getOpcode() == BO_Assign)
            Assigned.insert(BO->getLHS()->IgnoreParens());
    for (const CFGBlock *B : *Graph) {
      unsigned Index = 0;
      llvm::BitVector &R = Reads[B->getBlockID()], &W = Sets[B->getBlockID()];
      for (const CFGElement &E : *B) {
        if (auto S = E.getAs<CFGStmt>()) {
          const Stmt *St = S->getStmt();
          Where.insert({St, {B->getBlockID(), Index}});
          if (const auto *BO = dyn_cast<BinaryOperator>(St); BO && BO->getOpcode() == BO_Assign)
            if (auto D = DimOfExpr(BO->getLHS()))
              W.set(*D);
          if (const auto *DS = dyn_cast<DeclStmt>(St))
            for (const Decl *D : DS->decls())
              if (auto It = DimOf.find(dyn_cast<VarDecl>(D)); It != DimOf.end())
                W.set(It->second);
          if (const auto *DRE = dyn_cast<DeclRefExpr>(St))
            if (auto D = DimOfExpr(DRE); D && !W.test(*D) && !Assigned.count(DRE))
              R.set(*D);
        }
        ++Index;
      }
    }
    // The variables whose values may be read in a block or after it before
    // they are set again; the others' values matter no more, and their
    // constraints are left out of the states (a loop after the ones that
    // moved `i` and `j` has no use for their bounds, nor the head of a loop
    // for `mid`, set anew in each turn, and the hulls of fewer constraints
    // cost much less).
    Live = Reads;
    for (bool Changed = true; Changed;) {
      Changed = false;
      for (const CFGBlock *B : *Graph)
        for (const CFGBlock *S : B->succs())
          if (S) {
            llvm::BitVector &L = Live[B->getBlockID()];
            llvm::BitVector Before = L, After = Live[S->getBlockID()];
            After.reset(Sets[B->getBlockID()]);
            L |= After;
            Changed |= L != Before;
          }
    }
    // Blocks in reverse post-order, a loop's body before what follows the
    // loop (successors are explored last first: a loop's exit after its
    // body); an edge to a block no later is a back edge, and its target a
    // loop head.
    std::vector<const CFGBlock *> Order;
    std::vector<unsigned> Rank(Graph->getNumBlockIDs(), ~0u);
    {
      std::vector<bool> Seen(Graph->getNumBlockIDs());
      std::vector<std::pair<const CFGBlock *, CFGBlock::const_succ_reverse_iterator>> Stack;
      Stack.push_back({&Graph->getEntry(), Graph->getEntry().succ_rbegin()});
      Seen[Graph->getEntry().getBlockID()] = true;
      while (!Stack.empty()) {
        auto &[B, It] = Stack.back();
        if (It == B->succ_rend()) {
          Order.push_back(B);
          Stack.pop_back();
          continue;
        }
        const CFGBlock *Next = It->getReachableBlock();
        ++It;
        if (Next && !Seen[Next->getBlockID()]) {
          Seen[Next->getBlockID()] = true;
          Stack.push_back({Next, Next->succ_rbegin()});
        }
      }
      std::reverse(Order.begin(), Order.end());
      for (unsigned I = 0; I < Order.size(); ++I)
        Rank[Order[I]->getBlockID()] = I;
    }
    std::vector<bool> Head(Graph->getNumBlockIDs());
    for (const CFGBlock *B : Order)
      for (const CFGBlock *P : B->preds())
        if (P && Rank[P->getBlockID()] != ~0u && Rank[P->getBlockID()] >= Rank[B->getBlockID()])
          Head[B->getBlockID()] = true;

    Conjunction Guards = Entry;
    for (const CFGBlock *B : Order)
      if (const auto *Cond = dyn_cast_or_null<Expr>(B->getTerminatorCondition());
          Cond && !Cond->HasSideEffects(Ctx))
        for (bool Holds : {true, false}) {
          // `a != b` is `a - b >= 1` or `b - a >= 1` where assume() orders them.
          // Thresholds are only kept where they hold: a comparison that
          // may wrap serves as one too.
          Conjunction Unequal;
          conditionFacts(Ctx, Cond, Holds, Modified, Guards, &Unequal,
                         [](const SymExpr::Ptr &) { return true; });
          for (const SymExpr::Ptr &U : Unequal)
            for (const SymExpr::Ptr &Side : {U, SymExpr::negate(U)})
              Guards.push_back(
                  SymExpr::binary(SymExpr::Kind::Sub, Side, SymExpr::constant(1)));
        }
    if (Cells)
      for (const auto &[P, Q] : Cells->all())
        for (auto [A, B] : {std::pair{P, Q}, std::pair{Q, P}})
          Guards.push_back(SymExpr::binary(
              SymExpr::Kind::Sub,
              SymExpr::binary(SymExpr::Kind::Sub, SymExpr::variable(symbolKey(A.V)),
                              SymExpr::variable(symbolKey(B.V))),
              SymExpr::constant(1 + B.Offset - A.Offset)));
    std::set<std::string> Seen;
    for (const SymExpr::Ptr &F : Guards)
      if (auto L = linear(F))
        for (int64_t Looser : {0, 1}) {
          Linear T = *L;
          if (!llvm::AddOverflow(T.Constant, Looser, T.Constant) &&
              Seen.insert(T.text()).second)
            if (Set H = set(T.text() + " >= 0"))
              Thresholds.push_back(H);
        }
    In.assign(Graph->getNumBlockIDs(), Set());
    Out.assign(Graph->getNumBlockIDs(), std::nullopt);
    Set Start = universe();
    std::vector<std::string> Texts;
    for (const auto &[Dim, Param] : EntryValue)
      Texts.push_back(Dim + " = " + Param);
    for (const ParmVarDecl *P : FD->parameters())
      if (P->getType()->isUnsignedIntegerType() && NameOf.count(symbolKey(P)))
        Texts.push_back(NameOf[symbolKey(P)] + " >= 0");
    for (const SymExpr::Ptr &F : Entry)
      if (auto L = linear(F))
        Texts.push_back(L->text() + " >= 0");
    if (!Texts.empty())
      Start = nonEmpty(intersect(Start, llvm::join(Texts, " and ")));
    if (!Start)
      return false;
    enter(Graph->getEntry().getBlockID(), Start);
    std::vector<unsigned> Visits(Graph->getNumBlockIDs());
    // A worklist that takes the earliest block first: a loop settles before
    // what follows it sees its exit.
    std::set<unsigned> Pending; // ranks
    for (const CFGBlock *S : Graph->getEntry().succs())
      if (S)
        Pending.insert(Rank[S->getBlockID()]);
    unsigned Steps = 0;
    while (!Pending.empty()) {
      if (++Steps > MostSteps * Order.size())
        return false;
      const CFGBlock *B = Order[*Pending.begin()];
      Pending.erase(Pending.begin());
      unsigned ID = B->getBlockID();
      Set New = join(In[ID], incoming(*B));
      if (Head[ID] && ++Visits[ID] > VisitsBeforeWidening)
        New = widen(In[ID], New);
      if (same(New, In[ID]))
        continue;
      enter(ID, New);
      for (const CFGBlock *S : B->succs())
        if (S && Rank[S->getBlockID()] != ~0u)
          Pending.insert(Rank[S->getBlockID()]);
    }
    // Narrowing: passes without widening, each from states that hold.
    for (unsigned Pass = 0; Pass < NarrowingPasses; ++Pass)
      for (const CFGBlock *B : Order)
        if (B != &Graph->getEntry())
          enter(B->getBlockID(), incoming(*B));
    return true;
  }

  /// The join of the states on the edges into \p B.
  Set incoming(const CFGBlock &B) {
    Set S;
    for (const CFGBlock *P : B.preds())
      if (P)
        S = join(S, living(B.getBlockID(), edge(*P, B)));
    return S;
  }

  /// Orders the cells, with the addresses at exchanges that Refuted does
  /// not deny assumed apart.
  void orderCells() {
    Assumed.clear();
    Cells.emplace(Ctx, FD, Body, *Graph,
                  [&](const Expr *At, const Place &Third, const Place &Written) {
                    Assumption A{At, Third, Written};
                    if (Refuted.count(A))
                      return false;
                    Assumed.insert(A);
                    return true;
                  });
  }

  /// Whether the states hold without \p Wrong as well, and without what
  /// their absence takes from the cells' order: they are then still a
  /// fixed point (each block's state holds what its edges give), and
  /// nothing needs to be computed again. The cells are ordered anew.
  bool holdWithout(const std::vector<Assumption> &Wrong) {
    for (std::vector<Assumption> More = Wrong; !More.empty(); More = refutedAssumptions()) {
      if (GaveUp)
        return false;
      Refuted.insert(More.begin(), More.end());
      orderCells();
      for (const CFGBlock *B : *Graph) {
        const Set &Now = In[B->getBlockID()];
        Set Given = B == &Graph->getEntry() ? Set() : incoming(*B);
        if (!empty(Given) &&
            (empty(Now) || isl_set_is_subset(Given.get(), Now.get()) != isl_bool_true))
          return false;
      }
    }
    return true;
  }

  /// Takes one step from the file's budget; false (and the analysis gives
  /// up) when none is left.
  bool spend() {
    if (*Budget == 0) {
      OutOfSteps = true;
      return false;
    }
    --*Budget;
    return true;
  }

  /// Sets the state on entry to block \p ID.
  void enter(unsigned ID, Set S) {
    In[ID] = living(ID, std::move(S));
    Out[ID].reset();
  }

  /// \p S without what it says of the variables not live on entry to
  /// block \p ID.
  Set living(unsigned ID, Set S) {
    for (unsigned I = 0; S && I < Dims.size(); ++I)
      if (!Live[ID].test(I))
        S = Set(isl_set_eliminate(S.take(), isl_dim_set, I, 1));
    return S;
  }

  /// The state on the edge from \p P to \p B.
  Set edge(const CFGBlock &P, const CFGBlock &B) {
    std::optional<Set> &After = Out[P.getBlockID()];
    if (!After) {
      After = In[P.getBlockID()];
      for (const CFGElement &E : P)
        if (auto St = E.getAs<CFGStmt>())
          After = transfer(*After, St->getStmt());
    }
    Set S = *After;
    if (empty(S))
      return Set();
    bool Holds;
    if (const Expr *Cond =
            edgeCondition(P, P.succ_begin()->getReachableBlock() == &B ? 0 : 1, Holds))
      S = assume(S, Cond, Holds);
    return Cells ? apart(S, Cells->unequal(P, B)) : S;
  }

  /// \p P in isl's names, or nothing where its variable has none.
  std::optional<std::string> placeText(const Place &P) const {
    auto It = NameOf.find(symbolKey(P.V));
    if (It == NameOf.end())
      return std::nullopt;
    return "(" + It->second + " + " + std::to_string(P.Offset) + ")";
  }

  /// \p S where the places of each of \p Pairs differ.
  Set apart(Set S, const CellOrder::Pairs &Pairs) {
    for (const auto &[P, Q] : Pairs)
      if (std::optional<std::string> A = placeText(P), B = placeText(Q); A && B)
        S = nonZero(S, *B + " - " + *A);
    return S;
  }

  /// The assumptions of Cells that the states do not bear out: where the
  /// cell is written, the two places may be one.
  std::vector<Assumption> refutedAssumptions() {
    std::vector<Assumption> Out;
    for (const Assumption &A : Assumed) {
      auto [Store, Third, Written] = A;
      std::optional<std::string> X = placeText(Third), Y = placeText(Written);
      Set At = GaveUp || !X || !Y ? Set() : stateAt(Store);
      if (empty(At) || !implied(At, "(" + *X + " - " + *Y + " >= 1 or " + *Y + " - " + *X +
                                        " >= 1)"))
        Out.push_back(A);
    }
    return Out;
  }

  /// Chooses the dimensions and parameters for \p Questions; false when
  /// there are too many.
  bool chooseVariables(llvm::ArrayRef<const Stmt *> Questions) {
    llvm::DenseSet<const VarDecl *> Taken = addressTakenVariables(Body);
    Relevant Uses;
    for (const Stmt *Q : Questions)
      Uses.root(Q);
    std::vector<const Expr *> Conditions;
    Uses.walk(Body, Conditions);
    if (Uses.Assembly)
      return false;
    llvm::DenseSet<const VarDecl *> Wanted = Uses.closure();
    // The places a wanted one is told apart from bound it.
    for (bool Grew = Cells.has_value(); Grew;) {
      Grew = false;
      for (const auto &[P, Q] : Cells->all())
        if (Wanted.count(P.V) != Wanted.count(Q.V)) {
          Uses.Roots.insert(Wanted.count(P.V) ? Q.V : P.V);
          Grew = true;
        }
      if (Grew)
        Wanted = Uses.closure();
    }
    std::vector<const VarDecl *> All(FD->param_begin(), FD->param_end());
    llvm::append_range(All, localVariables(Body));
    uint64_t IntBits = Ctx.getTypeSize(Ctx.IntTy);
    // A pointer assigned what no address stands for (`p = p->next`, `p =
    // malloc(n)`) is forgotten at each assignment: following it costs a
    // dimension and bounds nothing.
    struct Unfollowed : RecursiveASTVisitor<Unfollowed> {
      Impl &I;
      llvm::DenseSet<const VarDecl *> Out;
      explicit Unfollowed(Impl &I) : I(I) {}
      void check(const VarDecl *V, const Expr *Value) {
        // What an address needs to hold (a shift's operand not negative)
        // is asked where it is assigned.
        Conjunction Needs;
        if (V && V->getType()->isPointerType() && !isCall(Value) && !I.valueAfter(Value, Set()) &&
            !addressValue(Value->IgnoreParenImpCasts(), &I.Modified, &I.Ctx, &Needs))
          Out.insert(V);
      }
      bool VisitBinaryOperator(BinaryOperator *BO) {
        if (BO->getOpcode() == BO_Assign)
          check(namedVariable(BO->getLHS()), BO->getRHS());
        return true;
      }
      bool VisitVarDecl(VarDecl *V) {
        if (V->hasLocalStorage() && !isa<ParmVarDecl>(V) && V->getInit())
          check(V, V->getInit());
        return true;
      }
    } Unaddressed(*this);
    Unaddressed.TraverseStmt(Body);
    auto Parameter = [&](const std::string &Key) {
      std::string Name = "P" + std::to_string(Params.size());
      Params.push_back(Name);
      NameOf[Key] = Name;
      KeyValue[Name] = SymExpr::variable(Key);
      return Name;
    };
    for (const VarDecl *V : All) {
      QualType T = V->getType();
      // A pointer holds an address (addressValue), in elements of its type.
      bool Address = T->isPointerType() && !T->getPointeeType()->isIncompleteType() &&
                     !T->getPointeeType()->isFunctionType();
      if (V->getName().empty() ||
          (!Address && (!T->isIntegerType() || T->isBooleanType() || T->isEnumeralType() ||
                        Ctx.getTypeSize(T) < IntBits)) ||
          Taken.count(V) || T.isVolatileQualified() || Unaddressed.Out.count(V))
        continue;
      std::string Key = symbolKey(V);
      const auto *P = dyn_cast<ParmVarDecl>(V);
      // Pointer parameters only where a question reads them: each
      // parameter is one more dimension of every polyhedron.
      if (P && !Modified.count(V) && (!Address || Wanted.count(V))) {
        Parameter(Key);
        continue;
      }
      if (!Wanted.count(V))
        continue;
      std::string Name = "v" + std::to_string(Dims.size());
      Dims.push_back(Name);
      NameOf[Key] = Name;
      DimVar[Name] = V;
      // A parameter that moves starts at the value it was passed (a
      // pointer's accesses are counted from that address).
      if (P)
        EntryValue[Name] = Parameter(entryKey(P));
    }
    for (const VarDecl *G : Kept)
      if (G->getType()->isPointerType())
        for (const VarDecl *D : G->redecls())
          if (Wanted.count(D) && !Modified.count(D))
            Parameter(symbolKey(D));
    return Dims.size() <= MostVariables;
  }

  // --- Questions ---------------------------------------------------------------------

  /// The state just before \p At is evaluated: before the first element of
  /// its subtree, all of which lie in one block.
  Set stateAt(const Expr *At) {
    std::optional<Position> First;
    bool OneBlock = true;
    std::function<void(const Stmt *)> Visit = [&](const Stmt *S) {
      if (!S)
        return;
      if (auto It = Where.find(S); It != Where.end()) {
        const Position &P = It->second;
        if (First && First->Block != P.Block)
          OneBlock = false;
        else if (!First || P.Index < First->Index)
          First = P;
      }
      for (const Stmt *Child : S->children())
        Visit(Child);
    };
    Visit(At);
    if (!First || !OneBlock)
      return Set();
    Set S = In[First->Block];
    const CFGBlock *B = nullptr;
    for (const CFGBlock *Each : *Graph)
      if (Each->getBlockID() == First->Block)
        B = Each;
    unsigned Index = 0;
    for (const CFGElement &E : *B) {
      if (Index++ == First->Index)
        break;
      if (auto St = E.getAs<CFGStmt>())
        S = transfer(S, St->getStmt());
    }
    return S;
  }

  /// The constraints of \p S's convex hull as facts `E >= 0` in keys (those
  /// with a quotient of isl's own are left out: what remains holds).
  Conjunction facts(const Set &S, const std::vector<SymExpr::Ptr> *SetDims = nullptr) {
    Conjunction Out;
    isl_basic_set *Hull = isl_set_convex_hull(S.take());
    struct Walk {
      Impl *Self;
      Conjunction &Out;
      const std::vector<SymExpr::Ptr> *SetDims;
    } W{this, Out, SetDims};
    auto Each = [](isl_constraint *C, void *User) -> isl_stat {
      Walk &W = *static_cast<Walk *>(User);
      bool Equality = isl_constraint_is_equality(C) == isl_bool_true;
      isl_aff *A = isl_constraint_get_aff(C);
      isl_constraint_free(C);
      if (SymExpr::Ptr E = W.Self->fromAff(A, W.SetDims)) {
        W.Out.push_back(E);
        if (Equality)
          W.Out.push_back(SymExpr::negate(E));
      }
      isl_aff_free(A);
      return isl_stat_ok;
    };
    isl_basic_set_foreach_constraint(Hull, Each, &W);
    isl_basic_set_free(Hull);
    return Out;
  }

  /// \p A, an affine function of a state's variables and parameters, in
  /// keys; null when it has a quotient of isl's own that is not C's over
  /// \p Domain (expressionOf). The set's dimensions are the variables, or
  /// those \p SetDims names.
  SymExpr::Ptr fromAff(isl_aff *A, const std::vector<SymExpr::Ptr> *SetDims = nullptr,
                       isl_set *Domain = nullptr) {
    std::vector<SymExpr::Ptr> Vars;
    if (!SetDims)
      for (const std::string &D : Dims)
        Vars.push_back(SymExpr::variable(symbolKey(DimVar.at(D))));
    return expressionOf(
        A,
        [&](llvm::StringRef Name) -> SymExpr::Ptr {
          if (auto It = KeyValue.find(Name.str()); It != KeyValue.end())
            return It->second;
          if (auto It = AtomValue.find(Name.str()); It != AtomValue.end())
            return It->second;
          return nullptr;
        },
        SetDims ? *SetDims : Vars, Domain);
  }

  std::optional<std::pair<SymExpr::Ptr, SymExpr::Ptr>> range(const Expr *At,
                                                             const SymExpr::Ptr &E) {
    if (GaveUp)
      return std::nullopt;
    std::optional<Linear> L = linear(E);
    Set S = L ? stateAt(At) : Set();
    if (empty(S))
      return std::nullopt;
    // The hull: the cases of a quotient's definition would make pieces.
    Set Values = valuesOf(S, *L);
    if (Values)
      Values = Set(isl_set_from_basic_set(isl_set_convex_hull(Values.take())));
    auto Parameter = [&](llvm::StringRef Name) -> SymExpr::Ptr {
      if (auto It = KeyValue.find(Name.str()); It != KeyValue.end())
        return It->second;
      if (auto It = AtomValue.find(Name.str()); It != AtomValue.end())
        return It->second;
      return nullptr;
    };
    SymExpr::Ptr Lo = Values ? boundOf(Values.take(), false, Parameter) : nullptr,
                 Hi = Lo ? boundOf(Values.take(), true, Parameter) : nullptr;
    if (failed() || !Lo || !Hi)
      return std::nullopt;
    return std::pair{Lo, Hi};
  }

  std::optional<Conjunction> returns() {
    QualType R = FD->getReturnType();
    if (GaveUp || !(R->isIntegerType() || R->isPointerType()))
      return std::nullopt;
    Set Values;
    for (const Stmt *Returned : IntegerStates::returnedValues(FD)) {
      const auto *V = cast_or_null<Expr>(Returned);
      Set S = V ? stateAt(V) : Set();
      if (V && empty(S))
        continue; // never reached
      SymExpr::Ptr Value = !V                   ? nullptr
                           : R->isPointerType() ? addressValue(V, &Modified, &Ctx)
                                                : exactValue(S, V);
      std::optional<Linear> L = Value ? linear(Value) : std::nullopt;
      if (!L)
        return std::nullopt;
      Set Here = valuesOf(S, *L);
      if (!Here)
        return std::nullopt;
      Values = Values ? Set(isl_set_union(Values.take(), Here.take())) : Here;
    }
    if (empty(Values))
      return std::nullopt;
    std::vector<SymExpr::Ptr> Return{SymExpr::variable(ReturnKey)};
    Conjunction Out = facts(Values, &Return);
    if (failed())
      return std::nullopt;
    return Out;
  }

  std::optional<Conjunction> factsAt(const Expr *At) {
    if (GaveUp)
      return std::nullopt;
    Set S = stateAt(At);
    if (empty(S))
      return std::nullopt;
    Conjunction Out = facts(withContext(S));
    if (failed())
      return std::nullopt;
    return Out;
  }

  /// Whether isl failed (or ran out of operations) since the last question:
  /// its answers since then may leave out what holds, and are not used.
  bool failed() {
    bool Failed = isl_ctx_last_error(Isl) != isl_error_none || OutOfSteps;
    isl_ctx_reset_error(Isl);
    isl_ctx_reset_operations(Isl);
    return Failed;
  }
};

IntegerStates::IntegerStates(ASTContext &Ctx, const FunctionDecl *FD,
                             const llvm::DenseSet<const VarDecl *> &Modified,
                             const Conjunction &Entry, const ReturnFacts &ReturnsOf,
                             unsigned long *Budget, llvm::ArrayRef<const Stmt *> Questions,
                             const llvm::DenseSet<const VarDecl *> &Kept) {
  // Rounds, each without the assumptions about exchanges that the one
  // before found do not hold, until all that one made hold.
  std::set<Assumption> Refuted;
  for (;;) {
    I = std::make_unique<Impl>(Ctx, FD, Modified, Kept, ReturnsOf, Budget, Refuted);
    if (*Budget == 0 || !FD->getBody())
      return; // gave up
    I->Context.reset(isl_ctx_alloc());
    I->Isl = I->Context.get();
    isl_options_set_on_error(I->Isl, ISL_ON_ERROR_CONTINUE);
    isl_ctx_set_max_operations(I->Isl, MostOperations);
    I->GaveUp = !I->run(Entry, Questions) || I->failed();
    std::vector<Assumption> Wrong = I->refutedAssumptions();
    // The check of the states without them is counted as a question is.
    if (Wrong.empty() || (I->holdWithout(Wrong) && !I->failed()))
      return;
    Refuted = I->Refuted;
    Refuted.insert(Wrong.begin(), Wrong.end());
  }
}

IntegerStates::~IntegerStates() = default;

bool IntegerStates::answers() const { return !I->GaveUp; }

std::optional<std::pair<SymExpr::Ptr, SymExpr::Ptr>>
IntegerStates::range(const Expr *At, const SymExpr::Ptr &E) {
  return I->range(At, E);
}

std::optional<Conjunction> IntegerStates::factsAt(const Expr *At) { return I->factsAt(At); }

std::optional<Conjunction> IntegerStates::returns() { return I->returns(); }

std::vector<const Stmt *> IntegerStates::returnedValues(const FunctionDecl *FD) {
  struct Returns : RecursiveASTVisitor<Returns> {
    std::vector<const Stmt *> Values;
    bool VisitReturnStmt(ReturnStmt *RS) {
      Values.push_back(RS->getRetValue());
      return true;
    }
  } Each;
  Each.TraverseStmt(FD->getBody());
  return Each.Values;
}
