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

#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Analysis/CFG.h"
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

/// A linear form c0 + sum(ci * xi) over the isl names of dimensions and
/// parameters.
struct Linear {
  int64_t Constant = 0;
  std::map<std::string, int64_t> Terms;

  bool add(const Linear &B, int64_t Scale) {
    int64_t Product;
    if (llvm::MulOverflow(B.Constant, Scale, Product) ||
        llvm::AddOverflow(Constant, Product, Constant))
      return false;
    for (const auto &[Name, Coef] : B.Terms) {
      int64_t &Into = Terms[Name];
      if (llvm::MulOverflow(Coef, Scale, Product) || llvm::AddOverflow(Into, Product, Into))
        return false;
      if (Into == 0)
        Terms.erase(Name);
    }
    return true;
  }
  std::string text() const {
    std::string S = std::to_string(Constant);
    for (const auto &[Name, Coef] : Terms)
      S += (Coef < 0 ? " - " : " + ") +
           std::to_string(Coef < 0 ? 0 - uint64_t(Coef) : uint64_t(Coef)) + "*" + Name;
    return S;
  }
  bool onlyParameters() const {
    return llvm::none_of(Terms, [](const auto &T) { return T.first[0] == 'v'; });
  }
};

/// Which CFG element a statement is.
struct Position {
  unsigned Block = 0, Index = 0;
};

/// The integer variables whose values the questions may be about: those
/// read by an index, a pointer offset, an argument or a returned value,
/// and those whose values flow into them. The others are not followed,
/// which keeps the polyhedra small (their cost grows fast with dimensions).
struct Relevant : RecursiveASTVisitor<Relevant> {
  llvm::DenseSet<const VarDecl *> Roots;
  std::multimap<const VarDecl *, const VarDecl *> From; ///< assigned -> read

  static void vars(const Stmt *S, llvm::SmallVectorImpl<const VarDecl *> &Out) {
    if (!S)
      return;
    if (const auto *DRE = dyn_cast<DeclRefExpr>(S))
      if (const auto *V = dyn_cast<VarDecl>(DRE->getDecl()))
        Out.push_back(V);
    for (const Stmt *Child : S->children())
      vars(Child, Out);
  }
  void root(const Stmt *S) {
    llvm::SmallVector<const VarDecl *, 4> Vs;
    vars(S, Vs);
    Roots.insert(Vs.begin(), Vs.end());
  }
  void flow(const VarDecl *To, const Expr *Value) {
    llvm::SmallVector<const VarDecl *, 4> Vs;
    vars(Value, Vs);
    for (const VarDecl *V : Vs)
      From.insert({To, V});
  }
  static const VarDecl *var(const Expr *E) {
    const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
    return DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
  }

  bool VisitArraySubscriptExpr(ArraySubscriptExpr *E) {
    root(E->getIdx());
    return true;
  }
  bool VisitBinaryOperator(BinaryOperator *BO) {
    if (BO->getType()->isPointerType() || BO->getLHS()->getType()->isPointerType())
      root(BO->getRHS()), root(BO->getLHS());
    if (BO->isAssignmentOp())
      if (const VarDecl *V = var(BO->getLHS()))
        flow(V, BO->getRHS());
    return true;
  }
  bool VisitCallExpr(CallExpr *CE) {
    for (const Expr *Arg : CE->arguments())
      if (Arg->getType()->isIntegerType())
        root(Arg);
    return true;
  }
  bool VisitReturnStmt(ReturnStmt *RS) {
    root(RS->getRetValue());
    return true;
  }
  /// Inline assembly may write any variable it names.
  bool Assembly = false;
  bool VisitAsmStmt(AsmStmt *) {
    Assembly = true;
    return true;
  }
  bool VisitVarDecl(VarDecl *V) {
    if (V->getInit())
      flow(V, V->getInit());
    return true;
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
constexpr unsigned long MostOperations = 1000000;
/// Visits of a loop head before it widens; visits of a block, on average,
/// before the analysis gives up; passes that narrow.
constexpr unsigned VisitsBeforeWidening = 2, MostSteps = 20, NarrowingPasses = 2;

} // namespace

struct IntegerStates::Impl {
  ASTContext &Ctx;
  const FunctionDecl *FD;
  const llvm::DenseSet<const VarDecl *> &Modified;
  ReturnFacts ReturnsOf;
  /// Steps left to the analyses of the file (one a statement a state
  /// passes), and whether this one ran out of them.
  unsigned long *Budget;
  bool OutOfSteps = false;
  isl_ctx *Isl = nullptr;
  std::unique_ptr<CFG> Graph;
  bool GaveUp = true;

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

  /// Half-spaces that widening keeps where they hold: each fact the
  /// branches and the entry give, and the same one step looser (a loop that
  /// runs while `j < n` ends at `j <= n`). Without them, a loop widened
  /// before the loop ahead of it has settled loses `j <= n` for good.
  std::vector<Set> Thresholds;
  std::map<const Stmt *, Position> Where;
  std::vector<Set> In; ///< by block ID; empty: not reached

  Impl(ASTContext &Ctx, const FunctionDecl *FD, const llvm::DenseSet<const VarDecl *> &Modified,
       ReturnFacts ReturnsOf, unsigned long *Budget)
      : Ctx(Ctx), FD(FD), Modified(Modified), ReturnsOf(std::move(ReturnsOf)), Budget(Budget) {}
  ~Impl() {
    In.clear();
    if (Isl)
      isl_ctx_free(Isl);
  }

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
  /// The definitions of the atoms, which every set states.
  std::string atomFacts() const {
    std::string S = "true";
    for (const auto &[Name, Def] : AtomDefinition)
      if (!Def.empty())
        S += " and " + Def;
    return S;
  }

  Set set(const std::string &Constraints) const {
    std::string Text = paramList() + " -> { " + dimList('v') + " : " + atomFacts() + " and " +
                       Constraints + " }";
    return Set(isl_set_read_from_str(Isl, Text.c_str()));
  }
  Set universe() const { return set("true"); }

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
      if (!A->onlyParameters() || !B->onlyParameters())
        return std::nullopt;
      L.Terms[atom("(" + A->text() + ")*(" + B->text() + ")", E,
                   [](const std::string &) { return std::string(); })] = 1;
      return L;
    }
    case K::Div:
    case K::Rem: {
      auto A = linear(E->lhs()), B = linear(E->rhs());
      if (!A || !B || !B->Terms.empty() || B->Constant <= 0 || B->Constant > (1 << 30) ||
          !A->onlyParameters())
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
    }
    return std::nullopt;
  }

  // --- Transfer ------------------------------------------------------------------

  static bool empty(const Set &S) { return !S || isl_set_is_empty(S.get()) == isl_bool_true; }

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
                       atomFacts() + Same + " and " + Constraints + " }";
    Map M(isl_map_read_from_str(Isl, Text.c_str()));
    if (!S || !M)
      return Set();
    return Set(isl_set_apply(S.take(), M.take()));
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
    if (!L && Value && Value->kind() == SymExpr::Kind::Div)
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

  /// \p S after \p V = X / c with X linear in the dimensions: c * V lies
  /// within c - 1 of X, on X's side of zero.
  Set assignQuotient(const Set &S, const VarDecl *V, const SymExpr::Ptr &Value,
                     const std::string &Floor) {
    const std::string &Dim = NameOf[symbolKey(V)];
    std::string After = "w" + Dim.substr(1);
    auto X = linear(Value->lhs()), C = linear(Value->rhs());
    if (!X || !C || !C->Terms.empty() || C->Constant <= 0 || C->Constant > (1 << 30))
      return assign(S, Dim, Floor);
    std::string XT = "(" + X->text() + ")", CV = std::to_string(C->Constant) + "*" + After,
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
    const FunctionDecl *Callee = Call->getDirectCallee();
    const Conjunction *Returns = Callee && ReturnsOf ? ReturnsOf(Callee) : nullptr;
    QualType T = V->getType(), R = Callee ? Callee->getReturnType() : QualType();
    // The value stays what the callee returned: a signed integer as wide or
    // narrower into a signed variable.
    if (!Returns || !T->isSignedIntegerType() || !R->isSignedIntegerType() ||
        Ctx.getTypeSize(R) > Ctx.getTypeSize(T))
      return assignValue(S, V, nullptr);
    SymMap Args{{ReturnKey, SymExpr::variable(ReturnKey)}};
    // An argument stands for its parameter where C passes its value as
    // arithmetic computes it: signed throughout, into a signed parameter at
    // least as wide.
    for (unsigned I = 0; I < Callee->getNumParams() && I < Call->getNumArgs(); ++I) {
      const Expr *Arg = Call->getArg(I);
      QualType P = Callee->getParamDecl(I)->getType();
      if (Arg->HasSideEffects(Ctx) || !signedThroughout(Arg) || !P->isSignedIntegerType() ||
          Ctx.getTypeSize(P) < Ctx.getTypeSize(Arg->IgnoreParenImpCasts()->getType()))
        continue;
      if (SymExpr::Ptr A = symbolicValue(Arg, &Modified, &Ctx))
        Args[symbolKey(Callee->getParamDecl(I))] = A;
    }
    const std::string &Dim = NameOf[symbolKey(V)];
    NameOf[ReturnKey] = "w" + Dim.substr(1);
    std::vector<std::string> Texts{"true"};
    for (const SymExpr::Ptr &F : *Returns)
      if (llvm::all_of(F->variables(), [&](const std::string &X) { return Args.count(X); }))
        if (auto L = linear(substitute(F, Args)))
          Texts.push_back(L->text() + " >= 0");
    NameOf.erase(ReturnKey);
    return assign(S, Dim, llvm::join(Texts, " and "));
  }

  bool implied(const Set &S, const std::string &Constraint) {
    Set C = set(Constraint);
    return S && C && isl_set_is_subset(S.get(), C.get()) == isl_bool_true;
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
  /// is w, `w++` is w - 1; null when unknown.
  SymExpr::Ptr valueAfter(const Expr *E) {
    E = E->IgnoreParenImpCasts();
    if (!E->HasSideEffects(Ctx))
      return symbolicValue(E, &Modified, &Ctx);
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

  /// \p S after the CFG element \p St: an assignment, increment or
  /// declaration of a followed variable; other elements change no state.
  Set transfer(Set S, const Stmt *St) {
    if (empty(S) || !spend())
      return Set();
    if (const auto *DS = dyn_cast<DeclStmt>(St)) {
      for (const Decl *D : DS->decls())
        if (const auto *V = dyn_cast<VarDecl>(D); V && NameOf.count(symbolKey(V)))
          S = !V->getInit() ? assignValue(S, V, nullptr)
              : isCall(V->getInit())
                  ? assignCall(S, V, isCall(V->getInit()))
                  : assignValue(S, V, valueAfter(V->getInit()), !signedThroughout(V->getInit()));
      return S;
    }
    if (const auto *UO = dyn_cast<UnaryOperator>(St); UO && UO->isIncrementDecrementOp())
      if (const VarDecl *V = followed(UO->getSubExpr()))
        return assignValue(S, V,
                           SymExpr::binary(SymExpr::Kind::Add, SymExpr::variable(symbolKey(V)),
                                           SymExpr::constant(UO->isIncrementOp() ? 1 : -1)));
    if (const auto *BO = dyn_cast<BinaryOperator>(St); BO && BO->isAssignmentOp())
      if (const VarDecl *V = followed(BO->getLHS())) {
        if (BO->getOpcode() == BO_Assign && isCall(BO->getRHS()))
          return assignCall(S, V, isCall(BO->getRHS()));
        SymExpr::Ptr R = valueAfter(BO->getRHS());
        SymExpr::Ptr Old = SymExpr::variable(symbolKey(V));
        using K = SymExpr::Kind;
        switch (BO->getOpcode()) {
        case BO_Assign: break;
        case BO_AddAssign: R = R ? SymExpr::binary(K::Add, Old, R) : R; break;
        case BO_SubAssign: R = R ? SymExpr::binary(K::Sub, Old, R) : R; break;
        case BO_MulAssign: R = R ? SymExpr::binary(K::Mul, Old, R) : R; break;
        case BO_DivAssign: R = R ? SymExpr::binary(K::Div, Old, R) : R; break;
        default: R = nullptr;
        }
        return assignValue(S, V, R, !signedThroughout(BO->getRHS()));
      }
    return S;
  }

  /// \p S on the edge where \p Cond is \p Holds.
  Set assume(const Set &S, const Expr *Cond, bool Holds) {
    if (empty(S) || Cond->HasSideEffects(Ctx))
      return S;
    Conjunction Facts;
    conditionFacts(Ctx, Cond, Holds, Modified, Facts);
    std::vector<std::string> Texts;
    for (const SymExpr::Ptr &F : Facts)
      if (auto L = linear(F))
        Texts.push_back(L->text() + " >= 0");
    if (Texts.empty())
      return S;
    Set R = intersect(S, llvm::join(Texts, " and "));
    return empty(R) ? Set() : R;
  }

  static Set join(const Set &A, const Set &B) {
    if (empty(A))
      return B;
    if (empty(B))
      return A;
    return Set(isl_set_from_basic_set(isl_set_convex_hull(isl_set_union(A.take(), B.take()))));
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
    for (const Set &H : NewSpaces)
      for (const Set &W : Without) {
        Set Replaced(isl_set_intersect(W.take(), H.take()));
        if (Replaced && isl_set_is_subset(Replaced.get(), Old.get()) == isl_bool_true) {
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

  bool run(const Conjunction &Entry) {
    CFG::BuildOptions Options;
    Options.setAllAlwaysAdd();
    Graph = CFG::buildCFG(FD, FD->getBody(), &Ctx, Options);
    if (!Graph || Graph->getNumBlockIDs() > MostBlocks)
      return false;
    if (!chooseVariables())
      return false;
    for (const CFGBlock *B : *Graph) {
      unsigned Index = 0;
      for (const CFGElement &E : *B) {
        if (auto S = E.getAs<CFGStmt>())
          Where.insert({S->getStmt(), {B->getBlockID(), Index}});
        ++Index;
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
        for (bool Holds : {true, false})
          conditionFacts(Ctx, Cond, Holds, Modified, Guards);
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
    Set Start = universe();
    std::vector<std::string> Texts;
    for (const SymExpr::Ptr &F : Entry)
      if (auto L = linear(F))
        Texts.push_back(L->text() + " >= 0");
    if (!Texts.empty())
      Start = intersect(Start, llvm::join(Texts, " and "));
    if (!Start)
      return false;
    In[Graph->getEntry().getBlockID()] = Start;
    std::vector<unsigned> Visits(Graph->getNumBlockIDs());
    auto Incoming = [&](const CFGBlock *B) {
      Set S;
      for (const CFGBlock *P : B->preds())
        if (P)
          S = join(S, edge(*P, *B));
      return S;
    };
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
      Set New = join(In[ID], Incoming(B));
      if (Head[ID] && ++Visits[ID] > VisitsBeforeWidening)
        New = widen(In[ID], New);
      if (same(New, In[ID]))
        continue;
      In[ID] = New;
      for (const CFGBlock *S : B->succs())
        if (S && Rank[S->getBlockID()] != ~0u)
          Pending.insert(Rank[S->getBlockID()]);
    }
    // Narrowing: passes without widening, each from states that hold.
    for (unsigned Pass = 0; Pass < NarrowingPasses; ++Pass)
      for (const CFGBlock *B : Order)
        if (B != &Graph->getEntry())
          In[B->getBlockID()] = Incoming(B);
    return true;
  }

  /// The state on the edge from \p P to \p B.
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

  Set edge(const CFGBlock &P, const CFGBlock &B) {
    Set S = In[P.getBlockID()];
    if (empty(S))
      return Set();
    for (const CFGElement &E : P)
      if (auto St = E.getAs<CFGStmt>())
        S = transfer(S, St->getStmt());
    const auto *Cond = dyn_cast_or_null<Expr>(P.getTerminatorCondition());
    if (!Cond || P.succ_size() != 2 || P.getTerminatorStmt() == nullptr ||
        isa<SwitchStmt>(P.getTerminatorStmt()))
      return S;
    auto It = P.succ_begin();
    bool ToTrue = It->getReachableBlock() == &B, ToFalse = (It + 1)->getReachableBlock() == &B;
    if (ToTrue == ToFalse)
      return S;
    return assume(S, Cond, ToTrue);
  }

  /// Chooses the dimensions and parameters; false when there are too many.
  bool chooseVariables() {
    llvm::DenseSet<const VarDecl *> Taken = addressTakenVariables(FD->getBody());
    Relevant Uses;
    Uses.TraverseStmt(FD->getBody());
    if (Uses.Assembly)
      return false;
    llvm::DenseSet<const VarDecl *> Wanted = Uses.closure();
    struct Decls : RecursiveASTVisitor<Decls> {
      std::vector<const VarDecl *> Vars;
      bool VisitVarDecl(VarDecl *V) {
        if (V->hasLocalStorage())
          Vars.push_back(V);
        return true;
      }
    } Locals;
    Locals.TraverseStmt(FD->getBody());
    std::vector<const VarDecl *> All(FD->param_begin(), FD->param_end());
    All.insert(All.end(), Locals.Vars.begin(), Locals.Vars.end());
    uint64_t IntBits = Ctx.getTypeSize(Ctx.IntTy);
    for (const VarDecl *V : All) {
      QualType T = V->getType();
      if (V->getName().empty() || !T->isIntegerType() || T->isBooleanType() ||
          T->isEnumeralType() || Ctx.getTypeSize(T) < IntBits || Taken.count(V) ||
          T.isVolatileQualified())
        continue;
      std::string Key = symbolKey(V);
      bool Parameter = isa<ParmVarDecl>(V) && !Modified.count(V);
      if (!Parameter && !Wanted.count(V))
        continue;
      if (Parameter) {
        std::string Name = "P" + std::to_string(Params.size());
        Params.push_back(Name);
        NameOf[Key] = Name;
        KeyValue[Name] = SymExpr::variable(Key);
      } else {
        std::string Name = "v" + std::to_string(Dims.size());
        Dims.push_back(Name);
        NameOf[Key] = Name;
        DimVar[Name] = V;
      }
    }
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
  /// keys; null when it has a quotient of isl's own. The set's dimensions
  /// are the variables, or those \p SetDims names.
  SymExpr::Ptr fromAff(isl_aff *A, const std::vector<SymExpr::Ptr> *SetDims = nullptr) {
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
        SetDims ? *SetDims : Vars);
  }

  bool isParameter(llvm::StringRef Key) const {
    auto It = NameOf.find(Key.str());
    return It != NameOf.end() && It->second[0] == 'P';
  }

  std::optional<std::pair<SymExpr::Ptr, SymExpr::Ptr>> range(const Expr *At,
                                                             const SymExpr::Ptr &E) {
    std::optional<Conjunction> Facts = factsAt(At);
    if (!Facts)
      return std::nullopt;
    auto IsParameter = [&](llvm::StringRef Key) { return isParameter(Key); };
    auto Lo = extremum(*Facts, E, false, IsParameter);
    auto Hi = Lo ? extremum(*Facts, E, true, IsParameter) : std::nullopt;
    if (!Lo || !Hi)
      return std::nullopt;
    return std::pair{*Lo, *Hi};
  }

  std::optional<Conjunction> returns() {
    if (GaveUp || !FD->getReturnType()->isIntegerType())
      return std::nullopt;
    struct Returns : RecursiveASTVisitor<Returns> {
      std::vector<const ReturnStmt *> All;
      bool VisitReturnStmt(ReturnStmt *RS) {
        All.push_back(RS);
        return true;
      }
    } Each;
    Each.TraverseStmt(FD->getBody());
    Set Values;
    for (const ReturnStmt *RS : Each.All) {
      const Expr *V = RS->getRetValue();
      SymExpr::Ptr Value =
          V && signedThroughout(V) ? symbolicValue(V, &Modified, &Ctx) : nullptr;
      std::optional<Linear> L = Value ? linear(Value) : std::nullopt;
      if (!L)
        return std::nullopt;
      Set S = stateAt(V);
      if (empty(S))
        continue; // never reached
      std::string Text = paramList() + " -> { " + dimList('v') + " -> [z] : " + atomFacts() +
                         " and z = " + L->text() + " }";
      Map M(isl_map_read_from_str(Isl, Text.c_str()));
      if (!M)
        return std::nullopt;
      Set Here(isl_set_apply(S.take(), M.take()));
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
    Conjunction Out = facts(S);
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
                             unsigned long *Budget)
    : I(std::make_unique<Impl>(Ctx, FD, Modified, ReturnsOf, Budget)) {
  if (*Budget == 0 || !FD->getBody())
    return; // gave up
  I->Isl = isl_ctx_alloc();
  isl_options_set_on_error(I->Isl, ISL_ON_ERROR_CONTINUE);
  isl_ctx_set_max_operations(I->Isl, MostOperations);
  I->GaveUp = !I->run(Entry) || I->failed();
}

IntegerStates::~IntegerStates() = default;

std::optional<std::pair<SymExpr::Ptr, SymExpr::Ptr>>
IntegerStates::range(const Expr *At, const SymExpr::Ptr &E) {
  return I->range(At, E);
}

std::optional<Conjunction> IntegerStates::factsAt(const Expr *At) { return I->factsAt(At); }

std::optional<Conjunction> IntegerStates::returns() { return I->returns(); }
