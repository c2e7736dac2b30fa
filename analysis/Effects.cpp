/// \file
/// Local effect summaries: what a function body touches by itself (globals;
/// memory through its pointer parameters, as intervals of elements bounded by
/// its loops or as the nodes of linked structures; library functions from the
/// table) and what each of its calls passes, for linkModel to compose.
#include "analysis/AnalysisInternal.h"
#include "analysis/IntegerStates.h"
#include "analysis/LibraryEffects.h"
#include "analysis/Marshaling.h"
#include "analysis/Presburger.h"

#include "clang/AST/ParentMap.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/Sequence.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/MathExtras.h"
#include <numeric>
#include <set>

using namespace cleave;
using namespace clang;

namespace {

/// Where a pointer value points.
struct Origin {
  enum class Kind {
    None,    ///< nowhere yet: no assignment seen, or a null pointer
    Param,   ///< into what pointer parameter Param pointed to on entry
    Local,   ///< the function's own memory (Name: the local, if one)
    Global,  ///< memory of (or reached from) global Name
    Unknown, ///< somewhere the analysis cannot name (Why)
    /// where the pointer element Row of pointer parameter Param's array
    /// points on entry (a row of a grid kept as an array of row pointers,
    /// `old[i]` of `double **old`), Offset elements on; Why says so where
    /// a row is not followed (a call's argument)
    Row,
  } K = Kind::None;
  const ParmVarDecl *Param = nullptr;
  /// Param: the offset in elements (of Unit bytes where a cast made them
  /// others), keyed as symbolicValue keys variables;
  /// null when not an expression of the parameters. Global: the same from
  /// the first element of a global that travels (travellingGlobal), whose
  /// accesses are then regions of it; null for any other global.
  SymExpr::Ptr Offset;
  /// Param: the pointer was loaded from these fields of nodes reached from it
  /// (a linked structure); Offset is then unused.
  bool ThroughFields = false;
  std::set<std::string> Fields;
  /// Param: inside the element at Offset (an array member of a struct).
  bool Inside = false;
  /// Param: how many bytes a unit of Offset counts, where a cast to
  /// another element type (`(double *)blocks`, `(char *)(a + lo)`) made it
  /// other than the parameter's element size; 0 where it is that size.
  int64_t Unit = 0;
  /// Row: the index of the pointer it was loaded from, keyed as Offset is.
  SymExpr::Ptr Row;
  std::string Name, Why;
  /// Local or Global: the one object every value points into, when known: a
  /// named array or struct, or an allocation (`malloc at 12:7`, where each
  /// call returns a new object).
  std::string Site;
  /// Global Site: its elements are const (and not volatile), one value on
  /// every node.
  bool Constant = false;
  /// Global Site: the array the global pointer Pointer, which keeps its
  /// value (stableGlobals), points into, counted from where it points;
  /// Pointer is the declaration of it the body names.
  const VarDecl *Pointer = nullptr;
  /// Global Site that travels: how many scalars it holds; and, for an
  /// element of an array inside it (`g[i][j]` of `double g[R][M]`), where
  /// that array starts (the offset of row i) and how many scalars it holds.
  /// C keeps an index inside its array (C11 6.5.6p8; J.2 gives `a[1][7]` of
  /// `int a[4][5]` as undefined), so these bound an access whose index the
  /// analysis cannot (withinArray).
  uint64_t Extent = 0;
  SymExpr::Ptr RowStart;
  uint64_t RowLength = 0;

  static Origin unknown(std::string Why) {
    Origin O;
    O.K = Kind::Unknown;
    O.Why = std::move(Why);
    return O;
  }
  std::string key() const {
    std::string S = std::to_string(int(K)) + Name + Site + Why + (ThroughFields ? "f" : "") +
                    (Inside ? "i" : "") + (Pointer ? "p" : "") +
                    (Param ? Param->getNameAsString() : "") + "|" + std::to_string(Unit) + "|" +
                    (Offset ? Offset->str() : "?") + "|" + (RowStart ? RowStart->str() : "") + "|" +
                    (Row ? Row->str() : "");
    for (const std::string &F : Fields)
      S += "," + F;
    return S;
  }
};

/// The join of two origins a pointer may have; \p Given, where B comes
/// from an assignment, says which (`it is given 'low2' at line 108`).
Origin join(const Origin &A, const Origin &B, llvm::function_ref<std::string()> Var,
            llvm::function_ref<std::string()> Given = nullptr) {
  // The names and the reason are written only where the join is unknown.
  auto Why = [&] { return Given ? " (" + Given() + ")" : std::string(); };
  using K = Origin::Kind;
  if (A.K == K::None)
    return B;
  if (B.K == K::None || A.key() == B.key())
    return A;
  if (A.K == K::Unknown)
    return A;
  if (B.K == K::Unknown)
    return B;
  if (A.K == K::Param && B.K == K::Param && A.Param == B.Param) {
    // A pointer that moves by amounts the analysis does not follow, or
    // takes different places of the parameter: where it points is then its
    // address (pointedBy).
    if ((!A.ThroughFields && !A.Offset) || (!B.ThroughFields && !B.Offset) ||
        (!A.ThroughFields && !B.ThroughFields && !A.Inside && !B.Inside)) {
      Origin J = A;
      J.ThroughFields = J.Inside = false;
      J.Fields.clear();
      J.Offset = nullptr;
      return J;
    }
    // p and p->next, ...: the nodes reachable through the fields of both.
    auto AtStart = [](const Origin &O) {
      return O.ThroughFields || (!O.Inside && O.Offset && O.Offset->str() == "0");
    };
    if (AtStart(A) && AtStart(B)) {
      Origin J = A;
      J.ThroughFields = true;
      J.Fields.insert(B.Fields.begin(), B.Fields.end());
      return J;
    }
    return Origin::unknown("'" + Var() + "', which points at different places of '" +
                           A.Param->getNameAsString() + "'" + Why());
  }
  if (A.K == K::Local && B.K == K::Local) {
    Origin J = A;
    J.Name.clear();
    J.Site.clear();
    return J;
  }
  // Two places of one global: its accesses are its own, unbounded.
  if (A.K == K::Global && B.K == K::Global && A.Name == B.Name) {
    Origin J = A;
    J.Offset = J.RowStart = nullptr;
    J.Extent = A.Site == B.Site ? A.Extent : 0;
    return J;
  }
  return Origin::unknown("'" + Var() + "', which may point into different objects" + Why());
}

/// An integer loop variable and its range [Lo, Max] (Max inclusive).
struct LoopRange {
  std::string Key;
  SymExpr::Ptr Lo, Max;
};

/// The display name of a key ("n@12" -> "n").
std::string keyName(llvm::StringRef Key) { return Key.split('@').first.str(); }

/// \p E as an expression without a constant term (null for 0) and that
/// term, over sums, differences and products by constants:
/// `(4 * (y * w + x) + 1) * 1` is `4 * (y * w + x)` and 1.
std::pair<SymExpr::Ptr, int64_t> constantApart(const SymExpr::Ptr &E) {
  using K = SymExpr::Kind;
  switch (E->kind()) {
  case K::Constant:
    return {nullptr, E->value()};
  case K::Neg: {
    auto [Rest, C] = constantApart(E->lhs());
    return {Rest ? SymExpr::negate(Rest) : nullptr, -C};
  }
  case K::Add:
  case K::Sub: {
    auto [L, CL] = constantApart(E->lhs());
    auto [R, CR] = constantApart(E->rhs());
    bool Add = E->kind() == K::Add;
    SymExpr::Ptr Rest = !R ? L : !L ? (Add ? R : SymExpr::negate(R)) : SymExpr::binary(E->kind(), L, R);
    return {Rest, Add ? CL + CR : CL - CR};
  }
  case K::Mul:
    for (bool Left : {true, false}) {
      const SymExpr::Ptr &By = Left ? E->lhs() : E->rhs(), &Other = Left ? E->rhs() : E->lhs();
      if (By->kind() != K::Constant)
        continue;
      auto [Rest, C] = constantApart(Other);
      SymExpr::Ptr Scaled = !Rest || By->value() == 1
                                ? Rest
                                : SymExpr::binary(K::Mul, Rest, By);
      return {By->value() ? Scaled : nullptr, C * By->value()};
    }
    return {E, 0};
  default:
    return {E, 0};
  }
}

enum class AccessKind { Read, Write, ReadWrite };

/// The index of a read of the C library's character tables (glibc's ctype.h
/// macros: `(*__ctype_b_loc())[(int)(c)]`), null for any other expression.
const Expr *characterTableIndex(const Expr *E) {
  const auto *AS = dyn_cast<ArraySubscriptExpr>(E->IgnoreParens());
  const auto *Deref =
      AS ? dyn_cast<UnaryOperator>(AS->getBase()->IgnoreParenImpCasts()) : nullptr;
  const auto *Call = Deref && Deref->getOpcode() == UO_Deref
                         ? dyn_cast<CallExpr>(Deref->getSubExpr()->IgnoreParenImpCasts())
                         : nullptr;
  const FunctionDecl *F = Call ? Call->getDirectCallee() : nullptr;
  if (!F || F->hasBody() || !F->getIdentifier() || Call->getNumArgs() != 0 ||
      !llvm::is_contained({"__ctype_b_loc", "__ctype_tolower_loc", "__ctype_toupper_loc"},
                          F->getName()))
    return nullptr;
  return AS->getIdx();
}

/// Whether the program of the translation unit of \p Ctx sets the locale:
/// this file, or another (localeSetByProgram).
bool unitSetsLocale(ASTContext &Ctx) {
  if (localeSetByProgram())
    return true;
  for (const char *Name : LocaleSetters)
    for (const NamedDecl *D : Ctx.getTranslationUnitDecl()->lookup(&Ctx.Idents.get(Name)))
      if (D->isReferenced())
        return true;
  return false;
}

class EffectWalker {
public:
  /// Summarizes \p FD into \p Out. Where the loops do not bound an index,
  /// or a call passes values that change, \p States answers; without them,
  /// the walk lists the expressions it would ask about in \p Questions.
  /// \p ReturnsOf gives what callees return (IntegerStates).
  /// The globals of \p Kept (stableGlobals) that FD does not assign are
  /// read as parameters it keeps, named by their globalKey (`::BS`).
  EffectWalker(ASTContext &Ctx, const FunctionDecl *FD,
               const llvm::DenseSet<const VarDecl *> &Modified, const Conjunction &Entry,
               const ReturnFacts &ReturnsOf, IntegerStates *States,
               std::vector<const Stmt *> &Questions, LocalSummary &Out,
               const llvm::DenseSet<const VarDecl *> &Kept = {})
      : Ctx(Ctx), FD(FD), AnalyzedBody(analyzedBody(Ctx, FD)), Out(Out), Modified(Modified),
        Entry(Entry), ReturnsOf(ReturnsOf), States(States), Questions(Questions) {
    for (const ParmVarDecl *P : FD->parameters())
      if (!P->getName().empty())
        ParamNames[Modified.count(P) ? entryKey(P) : symbolKey(P)] = P->getNameAsString();
    for (const VarDecl *G : Kept)
      if (llvm::none_of(G->redecls(), [&](const VarDecl *D) { return Modified.count(D); })) {
        if (G->getType()->isPointerType()) {
          KeptPointers.insert(G->getCanonicalDecl());
          continue;
        }
        for (const VarDecl *D : G->redecls())
          ParamNames[symbolKey(D)] = globalKey(G->getName());
        Out.StableGlobals.push_back(globalKey(G->getName()));
      }
    llvm::sort(Out.StableGlobals);
    for (const ParmVarDecl *P : FD->parameters())
      if (P->getType()->isPointerType())
        Addresses.insert(P->getNameAsString());
    computeVariableOrigins();
    if (findWithin())
      computeVariableOrigins();
    struct Scan : RecursiveASTVisitor<Scan> {
      bool Jumps = false;
      bool VisitLabelStmt(LabelStmt *) { return Jumps = true; }
      bool VisitSwitchCase(SwitchCase *) { return Jumps = true; }
    } Body;
    Body.TraverseStmt(AnalyzedBody);
    JumpsIn = Body.Jumps;
    for (const auto &[Key, Name] : ParamNames)
      Stable.insert(Key);
    for (const ParmVarDecl *P : FD->parameters())
      Variables[symbolKey(P)] = P;
    for (const auto &[V, Value] : setOnce(FD))
      SetOnce[V] = Value;
    for (const VarDecl *V : localVariables(AnalyzedBody)) {
      Variables[symbolKey(V)] = V;
      if (!Modified.count(V))
        Stable.insert(symbolKey(V));
    }
  }

  void run() {
    Facts = Entry;
    SymMap Names;
    for (const ParmVarDecl *P : FD->parameters())
      Names[symbolKey(P)] = SymExpr::variable(P->getNameAsString());
    for (const SymExpr::Ptr &F : Entry)
      Out.Entry.push_back(substitute(F, Names));
    // An unsigned parameter is never negative, wherever it is read.
    for (const ParmVarDecl *P : FD->parameters())
      if (P->getType()->isUnsignedIntegerType())
        Facts.push_back(SymExpr::variable(symbolKey(P)));
    // On entry, C computes the bounds of the parameters' arrays (C11 6.9.1p10).
    for (const ParmVarDecl *P : FD->parameters())
      bounds(P->getOriginalType());
    stmt(AnalyzedBody);
  }

  /// Leaves out each interval accessed inside another of the same parameter
  /// and direction, given what holds where it is accessed (`a[h - 1]` at
  /// `n > 64`, inside the `a[0:n]` of a loop).
  void dropInner() {
    std::vector<AccessRegion> &All = Out.Direct.Accesses;
    std::vector<bool> Dropped(All.size());
    std::set<std::pair<std::string, bool>> Joined = groupsJoinedIntoOne(All);
    for (size_t I = 0; I < All.size(); ++I) {
      const AccessRegion &T = All[I];
      if (!T.Lo || Joined.count({T.Param, T.Write}))
        continue;
      for (size_t J = 0; J < All.size() && !Dropped[I]; ++J) {
        const AccessRegion &P = All[J];
        Dropped[I] = J != I && !Dropped[J] && P.Lo && P.Param == T.Param &&
                     P.Write == T.Write &&
                     regionInside(T.Lo, T.Hi, T.Rows, P.Lo, P.Hi, P.Rows, Out.AccessContext[I]);
      }
    }
    size_t Kept = 0;
    for (size_t I = 0; I < All.size(); ++I)
      if (!Dropped[I]) {
        if (Kept != I) {
          All[Kept] = std::move(All[I]);
          Out.AccessContext[Kept] = std::move(Out.AccessContext[I]);
        }
        ++Kept;
      }
    All.resize(Kept);
    Out.AccessContext.resize(Kept);
  }

private:
  // --- Pointer origins -------------------------------------------------------

  /// Where the pointer \p Ptr points, with the offset of one that moves
  /// (`p++`, `low = mid + 1`) as its address less the address its parameter
  /// was passed (addressValue, entryKey), for the polyhedra to bound.
  Origin pointedBy(const Expr *Ptr) {
    Origin O = originOf(Ptr);
    if (O.K == Origin::Kind::Param && !O.ThroughFields && !O.Inside && !O.Offset && !O.Unit &&
        (!Ptr->getType()->isPointerType() ||
         bytesOf(Ptr->getType()->getPointeeType()) == unitOf(O)))
      if (SymExpr::Ptr A = addressValue(Ptr, &Modified, &Ctx))
        O.Offset = SymExpr::binary(SymExpr::Kind::Sub, A, SymExpr::variable(addressKey(O.Param)));
    // So does one into the array of a global pointer that keeps its value,
    // from where that points.
    if (O.K == Origin::Kind::Global && O.Pointer && !O.Offset && Ptr->getType()->isPointerType() &&
        Ctx.hasSameUnqualifiedType(Ptr->getType()->getPointeeType(),
                                   O.Pointer->getType()->getPointeeType()))
      if (SymExpr::Ptr A = addressValue(Ptr, &Modified, &Ctx))
        O.Offset = SymExpr::binary(SymExpr::Kind::Sub, A, SymExpr::variable(symbolKey(O.Pointer)));
    return O;
  }

  /// The origins of local pointers and of parameters the body reassigns: the
  /// join of every value assigned, to a fixed point (flow-insensitive).
  void computeVariableOrigins() {
    struct Assignments : RecursiveASTVisitor<Assignments> {
      std::vector<std::pair<const VarDecl *, const Expr *>> Values;
      std::map<const VarDecl *, std::string> Escapes;
      llvm::DenseSet<const VarDecl *> Moving;
      static const VarDecl *var(const Expr *E) {
        const VarDecl *VD = namedVariable(E);
        return VD && VD->hasLocalStorage() && VD->getType()->isPointerType() ? VD : nullptr;
      }
      bool VisitBinaryOperator(BinaryOperator *BO) {
        if (const VarDecl *V = BO->isAssignmentOp() ? var(BO->getLHS()) : nullptr) {
          if (BO->getOpcode() == BO_Assign)
            Values.push_back({V, BO->getRHS()});
          else
            Moving.insert(V);
        }
        return true;
      }
      bool VisitUnaryOperator(UnaryOperator *UO) {
        if (const VarDecl *V = var(UO->getSubExpr())) {
          if (UO->isIncrementDecrementOp())
            Moving.insert(V);
          else if (UO->getOpcode() == UO_AddrOf)
            Escapes[V] = "'" + V->getNameAsString() + "', whose address is taken";
        }
        return true;
      }
      bool VisitVarDecl(VarDecl *VD) {
        if (VD->hasLocalStorage() && VD->getType()->isPointerType() && VD->getInit() &&
            !isa<ParmVarDecl>(VD))
          Values.push_back({VD, VD->getInit()});
        return true;
      }
    } Scan;
    Scan.TraverseStmt(AnalyzedBody);
    VarOrigins.clear();
    for (const ParmVarDecl *P : FD->parameters())
      if (Modified.count(P) && P->getType()->isPointerType())
        VarOrigins[P] = onEntry(P);
    for (const auto &[V, Why] : Scan.Escapes)
      VarOrigins[V] = Origin::unknown(Why);
    // A pointer stepped through memory (p++, p += k) stays in the object it
    // started in, at offsets the analysis does not follow.
    for (const VarDecl *V : Scan.Moving)
      if (!Scan.Escapes.count(V)) {
        Origin Somewhere;
        Somewhere.K = Origin::Kind::Param;
        Somewhere.Param = dyn_cast<ParmVarDecl>(V);
        if (Somewhere.Param)
          VarOrigins[V] = join(VarOrigins[V], Somewhere, [&] { return V->getNameAsString(); });
        else
          Scan.Values.push_back({V, nullptr});
      }
    // Each round can only move an origin up (None, a place, Unknown), and
    // fields only grow: a few rounds settle any real function.
    for (int Round = 0; Round < 8; ++Round) {
      bool Changed = false;
      for (const auto &[V, Value] : Scan.Values) {
        Origin &Current = VarOrigins[V];
        Origin Next =
            Value ? join(
                        Current, originOf(Value), [&] { return V->getNameAsString(); },
                        [&] {
                          return "it is given '" + text(Value) + "' at line " +
                                 std::to_string(
                                     positionOf(Ctx.getSourceManager(), Value->getBeginLoc())
                                         .Line);
                        })
                  : moving(Current);
        if (Next.key() != Current.key()) {
          Current = Next;
          Changed = true;
        }
      }
      if (!Changed)
        return;
    }
    for (const auto &[V, Value] : Scan.Values)
      VarOrigins[V] = Origin::unknown("'" + V->getNameAsString() + "', which changes too often");
  }

  /// The key of the address pointer parameter \p P was passed.
  std::string addressKey(const ParmVarDecl *P) const {
    return Modified.count(P) ? entryKey(P) : symbolKey(P);
  }

  /// Where pointer parameter \p P points on entry: into its own array, or
  /// into the one of the parameter it lies within (findWithin), as far
  /// from that one as their addresses are.
  Origin onEntry(const ParmVarDecl *P) const {
    Origin O;
    O.K = Origin::Kind::Param;
    O.Param = P;
    O.Offset = SymExpr::constant(0);
    if (const ParmVarDecl *Base = Out.Within.count(P->getNameAsString())
                                      ? paramNamed(Out.Within.at(P->getNameAsString()))
                                      : nullptr) {
      O.Param = Base;
      O.Offset = SymExpr::binary(SymExpr::Kind::Sub, SymExpr::variable(addressKey(P)),
                                 SymExpr::variable(addressKey(Base)));
    }
    return O;
  }

  const ParmVarDecl *paramNamed(const std::string &Name) const {
    for (const ParmVarDecl *P : FD->parameters())
      if (P->getName() == Name)
        return P;
    return nullptr;
  }

  /// Pointer parameters that the body compares (<, <=, >, >=) or subtracts,
  /// directly or through pointers into their arrays: C defines both only
  /// for pointers into one array (`while (low <= high)`, `high - low`). Each
  /// such group is taken for one array, that of its first parameter, which
  /// the others lie within (Out.Within), from entry on. Whether one was
  /// found.
  bool findWithin() {
    struct Pairs : RecursiveASTVisitor<Pairs> {
      std::vector<const BinaryOperator *> Found;
      bool VisitBinaryOperator(BinaryOperator *BO) {
        if ((BO->isRelationalOp() || BO->getOpcode() == BO_Sub) &&
            BO->getLHS()->getType()->isPointerType() && BO->getRHS()->getType()->isPointerType())
          Found.push_back(BO);
        return true;
      }
    } Scan;
    Scan.TraverseStmt(AnalyzedBody);
    std::vector<const ParmVarDecl *> Params(FD->param_begin(), FD->param_end());
    std::vector<size_t> Group(Params.size());
    for (size_t I = 0; I < Group.size(); ++I)
      Group[I] = I;
    std::function<size_t(size_t)> Find = [&](size_t I) {
      return Group[I] == I ? I : Group[I] = Find(Group[I]);
    };
    // Where the comparison is the first every call makes (below), a
    // parameter holds the value it was passed.
    auto IndexOf = [&](const Expr *E, bool First) -> std::optional<size_t> {
      Origin O = originOf(E);
      // A parameter named as itself, though it moves (lower_bound's `low <
      // end`, where `end = mid` takes a pointer into low's array); not one
      // that may hold another's value.
      if (const auto *P = dyn_cast_or_null<ParmVarDecl>(namedVariable(E)))
        return First || (O.K == Origin::Kind::Param && O.Param == P)
                   ? std::optional(size_t(llvm::find(Params, P) - Params.begin()))
                   : std::nullopt;
      if (O.K != Origin::Kind::Param || O.ThroughFields || O.Inside)
        return std::nullopt;
      return llvm::find(Params, O.Param) - Params.begin();
    };
    // The first comparison every call makes: the whole condition of the loop
    // the body starts with, after declarations without side effects. It sees
    // their initializers (lower_bound's `int *end = high + 1;` before `while
    // (low < end)`, though `end = mid` later).
    std::map<const VarDecl *, const Expr *> Initial;
    const Expr *FirstCondition = nullptr;
    const Stmt *FirstBody = nullptr; // of the loop whose condition that is
    if (const auto *Body = dyn_cast<CompoundStmt>(AnalyzedBody))
      for (const Stmt *S : Body->body()) {
        auto Declared = [&](const Stmt *D) {
          const auto *DS = dyn_cast_or_null<DeclStmt>(D);
          if (!DS)
            return false;
          for (const Decl *Each : DS->decls())
            if (const auto *V = dyn_cast<VarDecl>(Each)) {
              if (V->getInit() && V->getInit()->HasSideEffects(Ctx))
                return false;
              if (V->getInit())
                Initial[V] = V->getInit();
            }
          return true;
        };
        if (Declared(S))
          continue;
        if (const auto *W = dyn_cast<WhileStmt>(S))
          FirstCondition = W->getCond(), FirstBody = W->getBody();
        else if (const auto *F = dyn_cast<ForStmt>(S); F && (!F->getInit() || Declared(F->getInit())))
          FirstCondition = F->getCond(), FirstBody = F->getBody();
        break;
      }
    // The comparisons and differences that the first evaluation of that
    // condition makes whatever the values (`high - low` in `high - low >=
    // 20`, the left of && and ||).
    std::set<const Expr *> FirstEvaluated;
    std::function<void(const Expr *)> Evaluated = [&](const Expr *E) {
      const auto *BO = dyn_cast_or_null<BinaryOperator>(E ? E->IgnoreParenImpCasts() : nullptr);
      if (!BO || BO->isAssignmentOp() || BO->getOpcode() == BO_Comma)
        return;
      FirstEvaluated.insert(BO);
      Evaluated(BO->getLHS());
      if (!BO->isLogicalOp())
        Evaluated(BO->getRHS());
    };
    Evaluated(FirstCondition);
    // A loop on `p != q` leaves them equal where it is not entered, and its
    // first turn computes what its body's leading statements do (binsplit's
    // `mid = low + (high - low + 1) / 2;` under `while (low != high)`): one
    // array either way.
    const auto *Unequal = dyn_cast_or_null<BinaryOperator>(
        FirstCondition ? FirstCondition->IgnoreParenImpCasts() : nullptr);
    const auto *Turn = dyn_cast_or_null<CompoundStmt>(FirstBody);
    if (Turn && Unequal && Unequal->getOpcode() == BO_NE &&
        Unequal->getLHS()->getType()->isPointerType()) {
      // Until a parameter or a local the condition saw by its initializer
      // changes: the others hold what they held on entry.
      auto Changes = [&](const VarDecl *M) { return isa<ParmVarDecl>(M) || Initial.count(M); };
      for (const Stmt *S : Turn->body()) {
        const auto *Set = dyn_cast<BinaryOperator>(S);
        const auto *DS = dyn_cast<DeclStmt>(S);
        const auto *V = DS && DS->isSingleDecl() ? dyn_cast<VarDecl>(DS->getSingleDecl()) : nullptr;
        if (Set && Set->getOpcode() == BO_Assign)
          Evaluated(Set->getRHS());
        else if (isa<Expr>(S) || V)
          Evaluated(V ? V->getInit() : cast<Expr>(S));
        else
          break;
        if (llvm::any_of(modifiedVariables(S), Changes))
          break;
      }
    }
    auto FirstIndexOf = [&](const BinaryOperator *BO, const Expr *E) {
      const VarDecl *V = namedVariable(E);
      bool First = FirstEvaluated.count(BO) > 0;
      return First && V && Initial.count(V) ? IndexOf(Initial[V], true) : IndexOf(E, First);
    };
    bool Any = false;
    for (const BinaryOperator *BO : Scan.Found) {
      auto L = FirstIndexOf(BO, BO->getLHS()), R = FirstIndexOf(BO, BO->getRHS());
      if (!L || !R || Find(*L) == Find(*R) ||
          !Ctx.hasSameUnqualifiedType(Params[*L]->getType()->getPointeeType(),
                                      Params[*R]->getType()->getPointeeType()))
        continue;
      Group[std::max(Find(*L), Find(*R))] = std::min(Find(*L), Find(*R));
      Any = true;
    }
    for (size_t I = 0; I < Params.size(); ++I)
      if (Find(I) != I)
        Out.Within[Params[I]->getNameAsString()] = Params[Find(I)]->getNameAsString();
    return Any;
  }

  /// \p O for a pointer that also moves by steps: its offsets are lost.
  static Origin moving(Origin O) {
    if (O.K == Origin::Kind::Param && !O.ThroughFields) {
      O.Offset = nullptr;
      O.Inside = false;
    } else if (O.K == Origin::Kind::Param) {
      return Origin::unknown("a node pointer stepped by arithmetic");
    } else if (O.K == Origin::Kind::Global) {
      O.Offset = O.RowStart = nullptr;
    } else if (O.K == Origin::Kind::Row) {
      O.Offset = nullptr;
    }
    return O;
  }

  Origin originOfVariable(const VarDecl *V) {
    Origin O;
    if (V->hasGlobalStorage()) {
      O.K = Origin::Kind::Global;
      O.Name = V->getNameAsString();
      // A pointer that keeps one value while the function runs points
      // into one array, whose elements are counted from where it points.
      if (KeptPointers.count(V->getCanonicalDecl())) {
        O.Site = O.Name;
        O.Offset = SymExpr::constant(0);
        O.Pointer = V;
      }
      return O;
    }
    if (!V->getType()->isPointerType()) { // a local array, a struct
      O.K = Origin::Kind::Local;
      O.Name = O.Site = V->getNameAsString();
      return O;
    }
    if (const auto *P = dyn_cast<ParmVarDecl>(V); P && !Modified.count(P))
      return onEntry(P);
    auto It = VarOrigins.find(V);
    return It == VarOrigins.end() ? O : It->second;
  }

  /// Where the pointer (or array) expression \p E points.
  Origin originOf(const Expr *E) {
    E = E->IgnoreParens();
    if (E->isNullPointerConstant(Ctx, Expr::NPC_ValueDependentIsNotNull))
      return Origin();
    if (const auto *CE = dyn_cast<CastExpr>(E)) {
      const Expr *Sub = CE->getSubExpr();
      switch (CE->getCastKind()) {
      case CK_NullToPointer:
        return Origin();
      case CK_ArrayToPointerDecay: {
        // An array that is an element of what a parameter points to
        // (`a[i]` of `double a[][M]`): its elements are inside that one.
        Origin O = originOfObject(Sub);
        return isa<DeclRefExpr>(Sub->IgnoreParens()) ? O : inside(O, Sub->getType(), Sub);
      }
      case CK_LValueToRValue:
        return loadedPointer(Sub);
      case CK_NoOp:
      case CK_BitCast: {
        Origin O = originOf(Sub);
        QualType From = Sub->getType(), To = CE->getType();
        bool Same = From->isPointerType() && To->isPointerType() &&
                    Ctx.hasSameUnqualifiedType(From->getPointeeType(), To->getPointeeType());
        // A global's offset counts its elements: another type loses it.
        if (O.K == Origin::Kind::Global && !Same)
          O.Offset = O.RowStart = nullptr;
        // A cast to void * keeps the place: library calls count its bytes.
        bool Counted = O.K == Origin::Kind::Param || O.K == Origin::Kind::Row;
        if (Same || To->isVoidPointerType() || !Counted)
          return O;
        // Into a parameter's array: its offset counts units of bytes
        // (Origin::Unit), whatever type the pointer has.
        if (O.K == Origin::Kind::Param && !O.ThroughFields && !O.Inside && unitOf(O) &&
            bytesOf(To->getPointeeType()))
          return O;
        return Origin::unknown("'" + text(E) + "', a cast to another element type");
      }
      default:
        return Origin::unknown("'" + text(E) + "'");
      }
    }
    if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
      if (const auto *V = dyn_cast<VarDecl>(DRE->getDecl()))
        return originOfVariable(V);
    if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
      if (BO->getOpcode() == BO_Comma)
        return originOf(BO->getRHS());
      if (BO->getOpcode() == BO_Assign)
        return originOf(BO->getRHS());
      if (BO->getOpcode() == BO_Add || BO->getOpcode() == BO_Sub) {
        const Expr *Ptr = BO->getLHS(), *Int = BO->getRHS();
        if (BO->getOpcode() == BO_Add && Int->getType()->isPointerType())
          std::swap(Ptr, Int);
        return moved(originOf(Ptr), Int, BO->getOpcode() == BO_Sub, E);
      }
    }
    if (const auto *UO = dyn_cast<UnaryOperator>(E)) {
      if (UO->getOpcode() == UO_AddrOf)
        return originOfObject(UO->getSubExpr());
      if (UO->isIncrementDecrementOp())
        return originOf(UO->getSubExpr());
    }
    if (const auto *CAO = dyn_cast<CompoundAssignOperator>(E))
      return originOf(CAO->getLHS());
    if (const auto *CO = dyn_cast<ConditionalOperator>(E))
      return join(originOf(CO->getTrueExpr()), originOf(CO->getFalseExpr()),
                  [&] { return text(E); });
    if (isa<StringLiteral>(E) || isa<CompoundLiteralExpr>(E)) {
      Origin O;
      O.K = Origin::Kind::Local;
      return O;
    }
    if (const auto *Call = dyn_cast<CallExpr>(E)) {
      if (llvm::StringRef Function = allocationFunction(Call); !Function.empty())
        return allocationSite(Call, Function);
      // A pointer returned into an argument's array (lower_bound's): there,
      // at the address the polyhedra give it (IntegerStates::assignCall).
      if (const ParmVarDecl *P = returnedParameter(Call->getDirectCallee());
          P && P->getFunctionScopeIndex() < Call->getNumArgs())
        return moving(originOf(Call->getArg(P->getFunctionScopeIndex())));
    }
    return Origin::unknown("'" + text(E) + "'");
  }

  /// cleave::returnedParameter, asked by FD, by the callee.
  const ParmVarDecl *returnedParameter(const FunctionDecl *Callee) {
    const FunctionDecl *Key = Callee ? Callee->getCanonicalDecl() : nullptr;
    if (auto It = Returned.find(Key); It != Returned.end())
      return It->second;
    return Returned[Key] = cleave::returnedParameter(Ctx, Callee, ReturnsOf, FD);
  }

public:
  /// The parameter into whose array every pointer \p Def returns points,
  /// by the origins this walk of it finds for what it returns; null where
  /// they differ or are not one parameter's.
  const ParmVarDecl *returnedInto(const FunctionDecl *Def) {
    Origin All;
    for (const Stmt *S : IntegerStates::returnedValues(Def)) {
      const auto *V = dyn_cast_or_null<Expr>(S);
      All = V ? join(All, originOf(V), [] { return std::string("(return)"); })
              : Origin::unknown("");
    }
    bool One = All.K == Origin::Kind::Param && !All.ThroughFields && !All.Inside;
    return One ? All.Param : nullptr;
  }

private:
  /// The new object the allocation \p Call returns (`malloc at 12:7`).
  Origin allocationSite(const CallExpr *Call, llvm::StringRef Function) {
    Origin O;
    O.K = Origin::Kind::Local;
    SourcePos At = positionOf(Ctx.getSourceManager(), Call->getBeginLoc());
    O.Site = Function.str() + " at " + std::to_string(At.Line) + ":" + std::to_string(At.Column);
    return O;
  }

  /// \p Base moved by the integer expression \p Int elements.
  Origin moved(Origin Base, const Expr *Int, bool Minus, const Expr *Whole) {
    bool Followed = Base.K == Origin::Kind::Param    ? !Base.Inside
                    : Base.K == Origin::Kind::Global ? Base.Offset || Base.Extent
                                                     : Base.K == Origin::Kind::Row;
    if (!Followed)
      return Base;
    if (Base.ThroughFields)
      return Origin::unknown("'" + text(Whole) + "', arithmetic on a node pointer");
    SymExpr::Ptr By = symbolicValue(Int, &Modified, &Ctx);
    if (Base.K == Origin::Kind::Param) {
      // A step of an element of the type the pointer has.
      QualType Element = isa<ArraySubscriptExpr>(Whole) ? Whole->getType()
                                                        : Whole->getType()->getPointeeType();
      int64_t Per = unitsPer(Base, bytesOf(Element));
      if (!Per)
        By = nullptr;
      else if (By && Per > 1)
        By = SymExpr::binary(SymExpr::Kind::Mul, By, SymExpr::constant(Per));
    }
    if (Base.K == Origin::Kind::Global) {
      const auto *Subscript = dyn_cast<ArraySubscriptExpr>(Whole);
      Base = inArrayOf(std::move(Base), Subscript);
      // A global's offset counts its scalars: a step over a row of a global
      // `double g[R][M]` is M of them.
      uint64_t Per =
          scalarsIn(Subscript ? Whole->getType() : Whole->getType()->getPointeeType());
      if (By && Per > 1)
        By = SymExpr::binary(SymExpr::Kind::Mul, By, SymExpr::constant(int64_t(Per)));
    }
    Base.Offset = Base.Offset && By ? SymExpr::binary(Minus ? SymExpr::Kind::Sub
                                                             : SymExpr::Kind::Add,
                                                       Base.Offset, By)
                                    : nullptr;
    return Base;
  }

  /// \p O, where the base of \p Subscript points, with the array that base
  /// is as the one the element stays in (Origin::RowStart); none for an
  /// address moved by arithmetic (no \p Subscript). Arrays of one element
  /// are left out: old code reads past them as past a struct's last member.
  Origin inArrayOf(Origin O, const ArraySubscriptExpr *Subscript) const {
    if (O.K != Origin::Kind::Global)
      return O;
    const ConstantArrayType *Array =
        Subscript
            ? Ctx.getAsConstantArrayType(Subscript->getBase()->IgnoreParenImpCasts()->getType())
            : nullptr;
    bool InArray = Array && Array->getSize().ugt(1) && O.Offset;
    O.RowStart = InArray ? O.Offset : nullptr;
    O.RowLength = InArray ? Array->getSize().getZExtValue() * scalarsIn(Subscript->getType()) : 0;
    return O;
  }

  /// How many scalars a value of \p T holds: 8 for `double[8]`, 1 for a
  /// scalar (or a type of unknown size).
  uint64_t scalarsIn(QualType T) const {
    QualType Base = Ctx.getBaseElementType(T);
    if (T->isIncompleteType() || Base->isIncompleteType() || Ctx.getTypeSize(Base) == 0)
      return 1;
    return Ctx.getTypeSize(T) / Ctx.getTypeSize(Base);
  }

  /// The bytes of a \p T, 1 for void (GNU C's arithmetic on `void *`); 0
  /// where C gives it no size here (incomplete, a function, variable-length).
  int64_t bytesOf(QualType T) const {
    if (T->isVoidType())
      return 1;
    if (T->isIncompleteType() || T->isFunctionType() || !T->isConstantSizeType())
      return 0;
    return Ctx.getTypeSizeInChars(T).getQuantity();
  }

  /// The type the pointer \p E points to.
  static QualType pointee(const Expr *E) { return E->getType()->getPointeeType(); }

  /// Whether a parameter origin \p O points at elements of its own type,
  /// \p Element, as counted: no cast made it point at another's.
  bool ownElement(const Origin &O, QualType Element) const {
    return !O.Unit &&
           Ctx.hasSameUnqualifiedType(Element, O.Param->getType()->getPointeeType());
  }

  /// \p O narrowed to inside the element, of type \p Element, it points at
  /// (a member, or the elements of an array element, \p E): what is inside
  /// an element is inside the one a parameter points at only where that
  /// element is of the parameter's type.
  Origin inside(Origin O, QualType Element, const Expr *E) {
    if (O.K != Origin::Kind::Param || O.ThroughFields || O.Inside)
      return O;
    if (!ownElement(O, Element))
      return Origin::unknown("'" + text(E) + "', inside an element of another type than '" +
                             O.Param->getNameAsString() + "' points to");
    O.Inside = true;
    return O;
  }

  /// The bytes of an element of a parameter origin's parameter.
  int64_t elementOf(const Origin &O) const {
    return bytesOf(O.Param->getType()->getPointeeType());
  }

  /// The bytes a unit of a parameter origin's offset counts (Origin::Unit).
  int64_t unitOf(const Origin &O) const { return O.Unit ? O.Unit : elementOf(O); }

  /// How many units of \p O's offset an element of \p Size bytes is, first
  /// making the units smaller where they do not divide it (`(char *)a + 1`
  /// of a `double *a`: bytes); 0 where a size is unknown.
  int64_t unitsPer(Origin &O, int64_t Size) const {
    int64_t U = unitOf(O);
    if (!U || !Size)
      return 0;
    if (Size % U != 0) {
      int64_t Smaller = std::gcd(U, Size);
      if (O.Offset)
        O.Offset = simplify(
            SymExpr::binary(SymExpr::Kind::Mul, O.Offset, SymExpr::constant(U / Smaller)));
      O.Unit = Smaller == elementOf(O) ? 0 : Smaller;
      U = Smaller;
    }
    return Size / U;
  }

  /// \p R, whose interval counts units of \p O's offset and whose accesses
  /// are \p Size bytes each from the unit they start at, as the parameter's
  /// elements they lie in: from the one its first byte is in to the one
  /// its last byte is in.
  void inElements(const Origin &O, int64_t Size, AccessRegion &R, const Expr *At) {
    int64_t U = unitOf(O), Element = elementOf(O);
    if ((U == Element && Size == Element) || !R.Unbounded.empty() || !R.Lo || !R.Hi)
      return;
    if (R.Rows || !Size || !Element) {
      R.Unbounded = "the index at line " + line(At) + " counts elements of another type than '" +
                    R.Param + "' points to, " + (R.Rows ? "in rows" : "of unknown size");
      R.Lo = R.Hi = nullptr;
      R.Rows = RowShape();
      return;
    }
    using K = SymExpr::Kind;
    SymExpr::Ptr First = simplify(SymExpr::binary(K::Mul, R.Lo, SymExpr::constant(U)));
    SymExpr::Ptr End = simplify(SymExpr::binary(
        K::Add, SymExpr::binary(K::Mul, SymExpr::binary(K::Sub, R.Hi, SymExpr::constant(1)),
                                SymExpr::constant(U)),
        SymExpr::constant(Size)));
    R.Lo = dividedRounding(First, Element, false);
    R.Hi = dividedRounding(End, Element, true);
  }

  /// Fills \p R, as interval() does, with the parameter's elements that
  /// accesses of \p Size bytes at \p First, in units of \p O's offset, touch
  /// in the enclosing loops. Where the bytes are whole elements and a
  /// constant (`px[4 * x + 1]` of `(unsigned char *)&img[y * w]`: bytes
  /// `4 * (y * w + x) + 1`), the elements' index keeps its rows; else the
  /// interval of the units is converted (inElements).
  bool elementsOf(const Origin &O, const SymExpr::Ptr &First, int64_t Size, AccessRegion &R,
                  const Expr *At) {
    int64_t U = unitOf(O), Element = elementOf(O);
    if (U == Element && Size == Element)
      return interval(First, R, At);
    using K = SymExpr::Kind;
    auto [Bytes, Constant] =
        constantApart(SymExpr::binary(K::Mul, First, SymExpr::constant(U)));
    SymExpr::Ptr Index = !Size || !Element ? nullptr
                         : Bytes           ? dividedExactly(Bytes, Element)
                                           : SymExpr::constant(0);
    if (!Index) {
      bool Bounded = interval(First, R, At, false);
      inElements(O, Size, R, At);
      return Bounded && R.Lo;
    }
    int64_t From = llvm::divideFloorSigned(Constant, Element),
            To = llvm::divideFloorSigned(Constant + Size - 1, Element) + 1;
    bool Bounded = interval(simplify(Index), R, At);
    auto Shift = [](SymExpr::Ptr &B, int64_t By) {
      if (B && By)
        B = simplify(SymExpr::binary(K::Add, B, SymExpr::constant(By)));
    };
    // Each access's elements run from its index plus From to plus To.
    if (R.Rows) {
      Shift(R.Rows.ColLo, From);
      Shift(R.Rows.ColHi, To - 1);
    } else {
      Shift(R.Lo, From);
      Shift(R.Hi, To - 1);
    }
    return Bounded;
  }

  /// Where the object the lvalue \p L designates lives (for `&L` and arrays).
  Origin originOfObject(const Expr *L) {
    L = L->IgnoreParens();
    if (const auto *DRE = dyn_cast<DeclRefExpr>(L))
      if (const auto *V = dyn_cast<VarDecl>(DRE->getDecl())) {
        Origin O;
        O.K = V->hasGlobalStorage() ? Origin::Kind::Global : Origin::Kind::Local;
        O.Name = O.Site = V->getNameAsString();
        if (O.K == Origin::Kind::Global && !travellingGlobal(V, Ctx).isNull()) {
          O.Offset = SymExpr::constant(0);
          // As for the arrays inside (moved), none of one element.
          const ConstantArrayType *Array = Ctx.getAsConstantArrayType(V->getType());
          if (Array ? Array->getSize().ugt(1) : !V->getType()->isArrayType())
            O.Extent = scalarsIn(V->getType());
        }
        QualType Elem = Ctx.getBaseElementType(V->getType());
        O.Constant = O.K == Origin::Kind::Global && Elem.isConstQualified() &&
                     !Elem.isVolatileQualified();
        return O;
      }
    if (const auto *ASE = dyn_cast<ArraySubscriptExpr>(L))
      return moved(originOf(ASE->getBase()), ASE->getIdx(), false, L);
    if (const auto *UO = dyn_cast<UnaryOperator>(L); UO && UO->getOpcode() == UO_Deref)
      return originOf(UO->getSubExpr());
    if (const auto *ME = dyn_cast<MemberExpr>(L))
      return ME->isArrow() ? inside(originOf(ME->getBase()), pointee(ME->getBase()), L)
                           : inside(originOfObject(ME->getBase()), ME->getBase()->getType(), L);
    if (isa<CompoundLiteralExpr>(L) || isa<StringLiteral>(L)) {
      Origin O;
      O.K = Origin::Kind::Local;
      return O;
    }
    return Origin::unknown("'" + text(L) + "'");
  }

  /// Where a pointer loaded from the lvalue \p L points.
  Origin loadedPointer(const Expr *L) {
    L = L->IgnoreParens();
    if (const auto *DRE = dyn_cast<DeclRefExpr>(L))
      if (const auto *V = dyn_cast<VarDecl>(DRE->getDecl()))
        return originOfVariable(V);
    if (const auto *ME = dyn_cast<MemberExpr>(L)) {
      Origin O = ME->isArrow() ? originOf(ME->getBase()) : originOfObject(ME->getBase());
      if (O.K == Origin::Kind::Param) {
        // p->next: the nodes of the structure reachable from p, of the
        // parameter's type.
        if (!O.ThroughFields && (O.Inside || !O.Offset || O.Offset->str() != "0") &&
            ME->isArrow())
          return Origin::unknown("'" + text(L) + "'");
        QualType Node = ME->isArrow() ? pointee(ME->getBase()) : ME->getBase()->getType();
        if (!O.ThroughFields && !O.Inside && !ownElement(O, Node))
          return Origin::unknown("'" + text(L) + "', a pointer loaded through a cast to "
                                 "another type");
        O.ThroughFields = true;
        O.Inside = false;
        O.Fields.insert(ME->getMemberDecl()->getNameAsString());
        return O;
      }
      if (O.K == Origin::Kind::Global) {
        O.Site.clear(); // it points somewhere reached from the global
        return O;
      }
    }
    std::string Why = "'" + text(L) + "', a pointer loaded from memory";
    // A row of a grid kept as an array of row pointers (`old[i]` of
    // `double **old`): where the pointer element at its index points. One
    // level only, to elements that hold no pointer; the rows are told
    // apart at run time (docs/regions.md, Rows behind pointers).
    if (isa<ArraySubscriptExpr>(L) ||
        (isa<UnaryOperator>(L) && cast<UnaryOperator>(L)->getOpcode() == UO_Deref)) {
      Origin Element = originOfObject(L);
      QualType Pointee = L->getType()->isPointerType() ? L->getType()->getPointeeType() : QualType();
      if (Element.K == Origin::Kind::Param && !Element.ThroughFields && !Element.Inside &&
          Element.Offset && !Pointee.isNull() && !Pointee->isIncompleteType() &&
          !Pointee->isPointerType() && !Pointee->isFunctionType() && isFlat(Pointee)) {
        Origin O;
        O.K = Origin::Kind::Row;
        O.Param = Element.Param;
        O.Row = Element.Offset;
        O.Offset = SymExpr::constant(0);
        O.Why = std::move(Why);
        return O;
      }
    }
    return Origin::unknown(Why);
  }

  // --- Accesses ----------------------------------------------------------------

  /// An access to element \p Index (keyed SymExpr, null when unknown) of
  /// what \p O points to.
  void access(const Origin &O, SymExpr::Ptr Index, AccessKind Kind, const Expr *At) {
    bool Reads = Kind != AccessKind::Write, Writes = Kind != AccessKind::Read;
    switch (O.K) {
    case Origin::Kind::None:
    case Origin::Kind::Local:
      return;
    case Origin::Kind::Global:
      if ((O.Offset || O.Extent || O.Pointer) && O.Site == O.Name) {
        AccessRegion R;
        R.Param = globalKey(O.Name);
        // A whole row (`g[i]` of a global `double g[R][M]`) is M scalars.
        if (uint64_t Per = scalarsIn(At->getType()); Index && Per > 1)
          Index = nullptr;
        if (Index && O.Offset)
          interval(SymExpr::binary(SymExpr::Kind::Add, O.Offset, Index), R, At);
        else
          R.Unbounded = "the index at line " + line(At) +
                        " reads memory or is not affine in integer variables";
        // A bound that reads a global (a row's length kept in one) may pass
        // the row, which C keeps the index inside: the row serves better.
        // Where a global pointer points has no rows to serve.
        if (std::string Global = O.Pointer ? "" : globalInBounds(R); !Global.empty()) {
          R = AccessRegion();
          R.Param = globalKey(O.Name);
          R.Unbounded = "the index at line " + line(At) + " depends on global '" + Global + "'";
        }
        withinArray(O, R, At);
        // Each rank has a pointer of its own, which its main set.
        if (O.Pointer)
          addFact(Out.Direct.PastArray, "it reaches the array through global pointer '" + O.Name +
                                            "', which each rank sets for itself");
        return record(R, Reads, Writes);
      }
      if (Reads)
        addFact(Out.Direct.GlobalsRead, O.Name, O.Constant && O.Site == O.Name);
      if (Writes)
        addFact(Out.Direct.GlobalsWritten, O.Name);
      return;
    case Origin::Kind::Unknown:
      addFact(Out.Direct.Other, std::string(Writes ? "writes" : "reads") +
                                    " memory it cannot name, through " + O.Why);
      return;
    case Origin::Kind::Row:
      return record(rowsAccess(O, Index, At), Reads, Writes);
    case Origin::Kind::Param:
      break;
    }
    AccessRegion R;
    R.Param = O.Param->getNameAsString();
    if (O.ThroughFields) {
      R.Reachable = true;
      R.Fields.assign(O.Fields.begin(), O.Fields.end());
    } else if (!O.Offset) {
      R.Unbounded = "its offset from '" + R.Param + "' at line " + line(At) +
                    " is not an expression of the parameters";
    } else if (O.Inside || Index) {
      // A field of a node, or an element of an array member, is inside the
      // element at the offset.
      Origin Counted = O;
      int64_t Size = bytesOf(At->getType()), Per = O.Inside ? 1 : unitsPer(Counted, Size);
      if (Per > 1)
        Index = SymExpr::binary(SymExpr::Kind::Mul, Index, SymExpr::constant(Per));
      SymExpr::Ptr First = O.Inside || !Per ? Counted.Offset
                                            : SymExpr::binary(SymExpr::Kind::Add,
                                                              Counted.Offset, Index);
      bool Bounded = O.Inside ? interval(First, R, At) : elementsOf(Counted, First, Size, R, At);
      if (Bounded && !O.Inside)
        if (std::string Test = indexTested(At, First); !Test.empty())
          addFact(Out.Direct.PastArray, "the index at line " + line(At) + " is tested at line " +
                                            Test + ", and its loops' bounds, which make its "
                                            "region, may reach past '" + R.Param + "'");
    } else {
      R.Unbounded =
          "the index at line " + line(At) + " reads memory or is not affine in integer variables";
    }
    record(R, Reads, Writes);
  }

  /// The access to \p Count elements (one where null) from element \p Index
  /// (null when unknown) of the row \p O points into: the rows its pointer
  /// elements take in the enclosing loops, each the elements the indices
  /// take from where it points (pointeesKey).
  AccessRegion rowsAccess(const Origin &O, const SymExpr::Ptr &Index, const Expr *At,
                          SymExpr::Ptr Count = nullptr) {
    AccessRegion R, Rows, First, Last;
    R.Param = pointeesKey(O.Param->getNameAsString());
    if (!O.Offset || !Index) {
      R.Unbounded = "the index at line " + line(At) + " into a row of '" +
                    O.Param->getNameAsString() + "' reads memory or is not affine in integer "
                    "variables";
      return R;
    }
    using K = SymExpr::Kind;
    SymExpr::Ptr From = SymExpr::binary(K::Add, O.Offset, Index);
    interval(O.Row, Rows, At);
    interval(From, First, At);
    if (Count)
      interval(simplify(SymExpr::binary(K::Sub, SymExpr::binary(K::Add, From, Count),
                                        SymExpr::constant(1))),
               Last, At);
    for (const AccessRegion *Part : {&Rows, &First, Count ? &Last : &First})
      if (!Part->Unbounded.empty() || Part->Rows || !Part->Lo) {
        R.Unbounded = Part->Unbounded.empty()
                          ? "the index at line " + line(At) + " is not one interval"
                          : Part->Unbounded;
        return R;
      }
    R.Lo = Rows.Lo;
    R.Hi = Rows.Hi;
    R.Rows = {SymExpr::variable(R.Param), First.Lo, (Count ? Last : First).Hi};
    return R;
  }

  /// The name of a global a bound of \p R reads (stableGlobals), or "".
  static std::string globalInBounds(const AccessRegion &R) {
    for (const SymExpr::Ptr &Bound : {R.Lo, R.Hi, R.Rows.Stride, R.Rows.ColLo, R.Rows.ColHi})
      for (const std::string &V : Bound ? Bound->variables() : std::vector<std::string>{})
        if (isGlobalKey(V))
          return V.substr(2);
    return "";
  }

  /// \p R, an access of the global \p O whose index is not bounded, bounded
  /// by the array it indexes (Origin::RowStart): the rows that array may be,
  /// or else the whole global. It keeps why the index was not bounded
  /// (AccessRegion::Widened).
  void withinArray(const Origin &O, AccessRegion &R, const Expr *At) {
    R.Extent = int64_t(O.Extent);
    AccessRegion Row;
    bool InRow = O.RowStart && O.RowLength < O.Extent && !R.Unbounded.empty();
    if (InRow)
      interval(O.RowStart, Row, At);
    if (!R.widenToGlobal() || !InRow || !Row.Unbounded.empty() || Row.Rows)
      return;
    R.Lo = Row.Lo;
    R.Hi = simplify(SymExpr::binary(SymExpr::Kind::Add, Row.Hi,
                                    SymExpr::constant(int64_t(O.RowLength) - 1)));
  }

  /// Adds \p R to the summary as read, written, or both, with what holds
  /// where it is made.
  void record(AccessRegion R, bool Reads, bool Writes) {
    for (bool Write : {false, true})
      if (Write ? Writes : Reads) {
        R.Write = Write;
        Out.Direct.Accesses.push_back(R);
        Out.AccessContext.push_back(stableFacts());
      }
  }

  /// The facts of Facts about variables that never change, parameters by
  /// name (CallEffect::Context).
  Conjunction stableFacts() const {
    Conjunction Out = stableOf(Facts);
    strengthenUnequal(Out, stableOf(Unequal));
    return Out;
  }

  /// The facts of \p All about variables that never change, named as
  /// stableFacts() names them.
  Conjunction stableOf(const Conjunction &All) const {
    Conjunction Out;
    for (const SymExpr::Ptr &F : All)
      if (stable(F))
        Out.push_back(partlyNamed(F));
    return Out;
  }

  /// Whether every variable \p E reads holds one value in its scope (Stable).
  bool stable(const SymExpr::Ptr &E) const {
    return llvm::all_of(E->variables(), [&](const std::string &V) { return Stable.count(V); });
  }

  /// The line of a test that orders a variable of \p Index other than the
  /// parameters (`<`, `<=`, `>`, `>=`, the variable not under a subscript
  /// or `*`) and that the access \p At is made under: an `if`, `?:`, `&&`
  /// or `||` around it in the function, or an `if` before it in a block
  /// around it that leaves (`if (y < 0) continue;`); "" when there is none.
  std::string indexTested(const Expr *At, const SymExpr::Ptr &Index) {
    // The variables the loops move: a test of a parameter the function
    // keeps (`if (n <= 8)` before a loop to n) bounds no loop less.
    std::vector<std::string> Keys;
    for (const std::string &V : Index->variables())
      if (!ParamNames.count(V))
        Keys.push_back(V);
    struct Ordered : RecursiveASTVisitor<Ordered> {
      const std::vector<std::string> &Keys;
      bool Found = false, InComparison = false;
      explicit Ordered(const std::vector<std::string> &Keys) : Keys(Keys) {}
      bool TraverseArraySubscriptExpr(ArraySubscriptExpr *) { return true; }
      bool TraverseCallExpr(CallExpr *) { return true; }
      bool TraverseMemberExpr(MemberExpr *) { return true; }
      bool TraverseUnaryOperator(UnaryOperator *UO) {
        return UO->getOpcode() == UO_Deref || RecursiveASTVisitor::TraverseUnaryOperator(UO);
      }
      bool TraverseBinaryOperator(BinaryOperator *BO) {
        bool Outer = InComparison;
        InComparison = InComparison || BO->isRelationalOp();
        bool Go = RecursiveASTVisitor::TraverseBinaryOperator(BO);
        InComparison = Outer;
        return Go;
      }
      bool VisitDeclRefExpr(DeclRefExpr *DRE) {
        if (const auto *V = dyn_cast<VarDecl>(DRE->getDecl()); V && InComparison)
          Found = Found || llvm::is_contained(Keys, symbolKey(V));
        return !Found;
      }
    };
    auto Tests = [&](const Expr *Cond) {
      Ordered O(Keys);
      O.TraverseStmt(const_cast<Expr *>(Cond));
      return O.Found;
    };
    // The parents within the body walked (the context's map of the whole
    // translation unit costs more than all the bodies that ask).
    if (!Parents)
      Parents = std::make_unique<ParentMap>(AnalyzedBody);
    const Stmt *From = At;
    for (const Stmt *Up = Parents->getParent(From); Up; From = Up, Up = Parents->getParent(Up)) {
      const Expr *Cond = nullptr;
      if (const auto *If = dyn_cast<IfStmt>(Up); If && From != If->getCond())
        Cond = If->getCond();
      else if (const auto *CO = dyn_cast<ConditionalOperator>(Up); CO && From != CO->getCond())
        Cond = CO->getCond();
      else if (const auto *BO = dyn_cast<BinaryOperator>(Up);
               BO && BO->isLogicalOp() && From == BO->getRHS())
        Cond = BO->getLHS();
      if (const auto *Block = dyn_cast<CompoundStmt>(Up))
        for (const Stmt *Before : Block->body()) {
          if (Before == From)
            break;
          const auto *If = dyn_cast<IfStmt>(Before);
          const Stmt *Then = If ? If->getThen() : nullptr;
          if (const auto *Inner = dyn_cast_or_null<CompoundStmt>(Then); Inner && Inner->size() == 1)
            Then = Inner->body_front();
          if (Then && isa<ContinueStmt, BreakStmt, ReturnStmt, GotoStmt>(Then) &&
              Tests(If->getCond()))
            return line(If->getCond());
        }
      if (Cond && Tests(Cond))
        return line(Cond);
    }
    return "";
  }

  /// Fills \p R with the elements \p First takes in the enclosing loops, in
  /// the parameters' names, or says why it cannot; true when the loops bound
  /// it. An index that is not affine in a loop's variable may still be rows
  /// of a matrix: `i * ld + j` with ld a parameter the function keeps gives
  /// rows [i's range] of elements [j's range], ld apart.
  bool interval(SymExpr::Ptr First, AccessRegion &R, const Expr *At, bool InRows = true) {
    std::string Why;
    if (range(First, R.Lo, R.Hi, Why))
      return true;
    // Counters of while loops, and of loops whose bounds move (a tile's
    // `k < MIN(k0 + 64, n)` in the loop over k0): the polyhedra of the
    // function's integer variables bound them.
    auto Held = [&](const SymExpr::Ptr &E, SymExpr::Ptr &Lo, SymExpr::Ptr &Hi) {
      auto Bounds = States ? States->range(At, E) : std::nullopt;
      std::string Ignored;
      Lo = Bounds ? inParameters(Bounds->first, Ignored) : nullptr;
      Hi = Lo ? inParameters(Bounds->second, Ignored) : nullptr;
      if (Hi)
        Hi = simplify(SymExpr::binary(SymExpr::Kind::Add, Hi, SymExpr::constant(1)));
      return Hi != nullptr;
    };
    auto Bound = [&](const SymExpr::Ptr &E, SymExpr::Ptr &Lo, SymExpr::Ptr &Hi) {
      std::string Ignored;
      return range(E, Lo, Hi, Ignored) || Held(E, Lo, Hi);
    };
    for (const std::string &Key : InRows ? First->variables() : std::vector<std::string>{}) {
      auto Name = ParamNames.find(Key);
      if (Name == ParamNames.end() || Addresses.count(Name->second))
        continue;
      auto Split = splitByVariable(First, Key);
      if (!Split || !Split->first || !Bound(Split->first, R.Lo, R.Hi) ||
          !Bound(Split->second, R.Rows.ColLo, R.Rows.ColHi))
        continue;
      R.Rows.Stride = SymExpr::variable(Name->second);
      return true;
    }
    R.Rows = RowShape();
    if (!States)
      Questions.push_back(At);
    else if (Held(First, R.Lo, R.Hi))
      return false;
    R.Lo = R.Hi = nullptr;
    if (States)
      if (std::string Stopped = stoppedByValues(First); !Stopped.empty())
        Why = Stopped;
    R.Unbounded = "the index at line " + line(At) + Why;
    return false;
  }

  /// Where a variable of \p Index, or one whose value flows into it, moves
  /// in a loop that a value read from memory stops (a Hoare partition's `do
  /// j--; while (*j > pivot);`), which no polyhedron bounds: " depends on
  /// 'j', which moves at line 60 until a value it reads stops it"; "" when
  /// none does.
  std::string stoppedByValues(const SymExpr::Ptr &Index) {
    if (!Stops) {
      Stops.emplace();
      struct Scan : RecursiveASTVisitor<Scan> {
        ASTContext &Ctx;
        const llvm::DenseSet<const VarDecl *> &Modified;
        std::multimap<const VarDecl *, const VarDecl *> From; // changed -> read
        std::map<const VarDecl *, const Stmt *> Stopped;
        Scan(ASTContext &Ctx, const llvm::DenseSet<const VarDecl *> &Modified)
            : Ctx(Ctx), Modified(Modified) {}
        void flows(const VarDecl *To, const Expr *Value) {
          llvm::DenseSet<const VarDecl *> Read;
          variablesIn(Value, Read);
          for (const VarDecl *V : Read)
            From.insert({To, V});
        }
        bool VisitBinaryOperator(BinaryOperator *BO) {
          if (const VarDecl *V = BO->isAssignmentOp() ? namedVariable(BO->getLHS()) : nullptr)
            flows(V, BO->getRHS());
          return true;
        }
        bool VisitVarDecl(VarDecl *V) {
          if (V->getInit())
            flows(V, V->getInit());
          return true;
        }
        /// A loop whose condition reads memory and gives no fact about a
        /// variable the loop moves.
        void loop(const Stmt *L, const Expr *Cond, const Stmt *Body) {
          if (!Cond || !readsMemory(Cond))
            return;
          Conjunction Facts;
          conditionFacts(Ctx, Cond, true, Modified, Facts);
          conditionFacts(Ctx, Cond, false, Modified, Facts);
          std::set<std::string> Bounded;
          for (const SymExpr::Ptr &F : Facts)
            for (const std::string &V : F->variables())
              Bounded.insert(V);
          llvm::DenseSet<const VarDecl *> Moved = modifiedVariables(Body);
          for (const VarDecl *V : modifiedVariables(Cond))
            Moved.insert(V);
          for (const VarDecl *V : Moved)
            if (!Bounded.count(symbolKey(V)) && !Stopped.count(V))
              Stopped[V] = L;
        }
        static bool readsMemory(const Stmt *S) {
          if (const auto *UO = dyn_cast<UnaryOperator>(S); UO && UO->getOpcode() == UO_Deref)
            return true;
          if (isa<ArraySubscriptExpr>(S) || isa<MemberExpr>(S))
            return true;
          return llvm::any_of(S->children(),
                              [](const Stmt *C) { return C && readsMemory(C); });
        }
        bool VisitWhileStmt(WhileStmt *W) { return loop(W, W->getCond(), W->getBody()), true; }
        bool VisitDoStmt(DoStmt *D) { return loop(D, D->getCond(), D->getBody()), true; }
        bool VisitForStmt(ForStmt *F) {
          if (F->getCond()) {
            loop(F, F->getCond(), F->getBody());
            if (F->getInc())
              loop(F, F->getCond(), F->getInc());
          }
          return true;
        }
      } Walk(Ctx, Modified);
      Walk.TraverseStmt(AnalyzedBody);
      Stops->From = std::move(Walk.From);
      Stops->Stopped = std::move(Walk.Stopped);
    }
    std::vector<const VarDecl *> Work;
    llvm::DenseSet<const VarDecl *> Seen;
    for (const VarDecl *V : localVariables(AnalyzedBody))
      if (llvm::is_contained(Index->variables(), symbolKey(V)))
        Work.push_back(V);
    for (const ParmVarDecl *P : FD->parameters())
      if (llvm::is_contained(Index->variables(), symbolKey(P)))
        Work.push_back(P);
    for (size_t I = 0; I < Work.size(); ++I) {
      const VarDecl *V = Work[I];
      if (auto It = Stops->Stopped.find(V); It != Stops->Stopped.end())
        return " depends on '" + V->getNameAsString() + "', which moves at line " +
               std::to_string(positionOf(Ctx.getSourceManager(), It->second->getBeginLoc()).Line) +
               " until a value it reads stops it: nothing bounds it";
      auto [B, E] = Stops->From.equal_range(V);
      for (auto It = B; It != E; ++It)
        if (Seen.insert(It->second).second)
          Work.push_back(It->second);
    }
    return "";
  }

  /// The least value \p E takes in the enclosing loops, and one past the
  /// greatest, in the parameters' names; false with \p Why (" is not affine in
  /// 'i'") when the loops do not bound it.
  bool range(SymExpr::Ptr E, SymExpr::Ptr &Lo, SymExpr::Ptr &Hi, std::string &Why) {
    SymExpr::Ptr Min = E, Max = E;
    for (auto It = Loops.rbegin(); It != Loops.rend(); ++It) {
      auto CMin = affineCoefficient(Min, It->Key), CMax = affineCoefficient(Max, It->Key);
      if (!CMin || !CMax) {
        Why = " is not affine in '" + keyName(It->Key) + "'";
        return false;
      }
      Min = substitute(Min, {{It->Key, *CMin >= 0 ? It->Lo : It->Max}});
      Max = substitute(Max, {{It->Key, *CMax >= 0 ? It->Max : It->Lo}});
    }
    std::string Var;
    SymExpr::Ptr First = inParameters(Min, Var), Last = First ? inParameters(Max, Var) : nullptr;
    if (!First || !Last) {
      Why = " depends on " + Var;
      return false;
    }
    Lo = First;
    Hi = simplify(SymExpr::binary(SymExpr::Kind::Add, Last, SymExpr::constant(1)));
    return true;
  }

  /// \p V, read where \p At is evaluated, with each parameter that moves
  /// and that the states show to hold there the value it was passed
  /// (`rows(in, lo, mid)` after a branch that moves `lo` and returns) read
  /// as that value; and each local that never changes, initialized so
  /// (`int mid = lo + (hi - lo) / 2;` there), as its initializer.
  SymExpr::Ptr asPassed(const Expr *At, SymExpr::Ptr V) {
    std::optional<Conjunction> Given;
    SymMap Entered;
    for (const std::string &Key : V->variables()) {
      auto It = Variables.find(Key);
      const VarDecl *D = It == Variables.end() ? nullptr : It->second;
      // A local declared without a value and set by one statement before
      // every read (`int half; ... half = rows / 2;`, as C89 writes it) holds
      // that value wherever it is read.
      if (auto Set = SetOnce.find(D); D && Set != SetOnce.end()) {
        if (SymExpr::Ptr Value = !Set->second->HasSideEffects(Ctx)
                                     ? symbolicValue(Set->second, &Modified, &Ctx)
                                     : nullptr) {
          Value = asPassed(Set->second, Value);
          if (stable(Value))
            Entered[Key] = Value;
        }
        continue;
      }
      if (D && Modified.count(D))
        if (SymExpr::Ptr Now = straightValue(D, At)) {
          Entered[Key] = asPassed(At, Now);
          continue;
        }
      if (!D || !Modified.count(D) == isa<ParmVarDecl>(D))
        continue;
      if (const auto *P = dyn_cast<ParmVarDecl>(D)) {
        SymExpr::Ptr Now = SymExpr::variable(Key), Passed = SymExpr::variable(entryKey(P));
        // Read before anything changes it, where control passes once
        // (`render(out, ..); out += half * width;`, the first call).
        if (!JumpsIn && !inLoop(At) && !modifiedBefore(AnalyzedBody, At).count(P)) {
          Entered[Key] = Passed;
          continue;
        }
        if (!Given && !(States && (Given = States->factsAt(At))))
          continue;
        if (implies(*Given, {{atLeast(Now, Passed), atLeast(Passed, Now)}}))
          Entered[Key] = Passed;
      } else if (SymExpr::Ptr Init = D->getInit() && !D->getInit()->HasSideEffects(Ctx)
                                         ? symbolicValue(D->getInit(), &Modified, &Ctx)
                                         : nullptr) {
        Init = asPassed(D->getInit(), Init);
        if (stable(Init))
          Entered[Key] = Init;
      }
    }
    return Entered.empty() ? V : simplify(substitute(V, Entered));
  }

  /// The value of \p D where \p At reads it, from the statements of the
  /// body's block before At's that set it, where control passes each once,
  /// in order (no loop around At, no label) and each is `D = E;`, `D += E;`
  /// or `D -= E;` whose E reads only variables that never change, are set
  /// once, or D itself: `out += half * width;` before `render(out, ..)`. Null
  /// where it is not known so.
  SymExpr::Ptr straightValue(const VarDecl *D, const Expr *At) {
    const auto *Body = dyn_cast<CompoundStmt>(AnalyzedBody);
    if (!Body || JumpsIn || inLoop(At))
      return nullptr;
    const Stmt *Top = At;
    while (Top && Parents->getParent(Top) != Body)
      Top = Parents->getParent(Top);
    auto ValueOf = [&](const Expr *E) {
      return E->getType()->isPointerType() ? addressValue(E, &Modified, &Ctx)
                                           : symbolicValue(E, &Modified, &Ctx);
    };
    std::string Key = symbolKey(D);
    SymExpr::Ptr Value;
    if (const auto *P = dyn_cast<ParmVarDecl>(D))
      Value = SymExpr::variable(entryKey(P));
    else if (D->getInit() && !D->getInit()->HasSideEffects(Ctx))
      Value = ValueOf(D->getInit());
    for (const Stmt *S : Body->body()) {
      if (!Top || S == Top)
        break;
      if (!modifiedVariables(S).count(D))
        continue;
      const auto *Set = dyn_cast<BinaryOperator>(S);
      SymExpr::Ptr E = Set && namedVariable(Set->getLHS()) == D && !Set->getRHS()->HasSideEffects(Ctx)
                           ? ValueOf(Set->getRHS())
                           : nullptr;
      if (!E || llvm::any_of(E->variables(), [&](const std::string &V) {
            auto It = Variables.find(V);
            return V != Key && !Stable.count(V) &&
                   !(It != Variables.end() && SetOnce.count(It->second));
          }))
        return nullptr;
      // D's own value in E is the one before S.
      if (llvm::is_contained(E->variables(), Key)) {
        if (!Value)
          return nullptr;
        E = substitute(E, {{Key, Value}});
      }
      using K = SymExpr::Kind;
      if (Set->getOpcode() == BO_Assign)
        Value = E;
      else if (Value && (Set->getOpcode() == BO_AddAssign || Set->getOpcode() == BO_SubAssign))
        Value = SymExpr::binary(Set->getOpcode() == BO_AddAssign ? K::Add : K::Sub, Value, E);
      else
        return nullptr;
    }
    if (!Top || !Value || modifiedBefore(Top, At).count(D))
      return nullptr;
    return simplify(Value);
  }

  /// Whether \p At, of the body walked, is in a loop of it, condition and
  /// steps included.
  bool inLoop(const Stmt *At) {
    if (!Parents)
      Parents = std::make_unique<ParentMap>(AnalyzedBody);
    for (const Stmt *Up = Parents->getParent(At); Up; Up = Parents->getParent(Up))
      if (isa<ForStmt, WhileStmt, DoStmt>(Up))
        return true;
    return false;
  }

  /// \p E in the names of the parameters the body never changes, or null
  /// with \p Why naming the variable that is not one.
  SymExpr::Ptr inParameters(const SymExpr::Ptr &E, std::string &Why) {
    SymMap Names;
    for (const std::string &V : E->variables()) {
      auto It = ParamNames.find(V);
      if (It == ParamNames.end()) {
        auto Var = Variables.find(V);
        const VarDecl *D = Var == Variables.end() ? nullptr : Var->second;
        Why = "'" + keyName(V) +
              (isa_and_nonnull<ParmVarDecl>(D)
                   ? "', a parameter the function moves, and no bound on it was found there"
                   : "', which is not a parameter the function keeps");
        // The polyhedra take an unsigned comparison or assignment only where
        // its values are shown not to wrap below 0.
        if (D && !isa<ParmVarDecl>(D) && D->getType()->isUnsignedIntegerType())
          Why = "'" + keyName(V) + "', of the unsigned type '" + D->getType().getAsString() +
                "', and no bound on it was found: a comparison or assignment whose "
                "unsigned values may wrap below 0 bounds nothing";
        return nullptr;
      }
      Names[V] = SymExpr::variable(It->second);
    }
    return simplify(substitute(E, Names));
  }

  /// \p E with the parameters the body keeps by their names, the other
  /// variables by their keys.
  SymExpr::Ptr partlyNamed(const SymExpr::Ptr &E) const {
    SymMap Names;
    for (const std::string &Key : E->variables())
      if (auto It = ParamNames.find(Key); It != ParamNames.end())
        Names[Key] = SymExpr::variable(It->second);
    return substitute(E, Names);
  }

  void addFact(std::vector<EffectFact> &To, std::string Name, bool Constant = false) {
    // On the way to a failure's end of the program (its message to stderr,
    // exit(1), a failed assert), I/O, reads of globals and calls of
    // functions defined nowhere (call) keep no call home:
    // the node that fails ends the whole program, which still prints the
    // message and exits with the status.
    if (Failing && (&To == &Out.Direct.InputOutput || &To == &Out.Direct.GlobalsRead))
      return;
    if (llvm::none_of(To, [&](const EffectFact &F) { return F.Name == Name; }))
      To.push_back({std::move(Name), "", Constant});
  }

  // --- The walk ------------------------------------------------------------------

  void stmt(const Stmt *S) {
    if (!S)
      return;
    if (!Failing && failsProgram(S)) {
      Failing = true;
      stmt(S);
      Failing = false;
      return;
    }
    if (const auto *E = dyn_cast<Expr>(S))
      return expr(E);
    if (const auto *FS = dyn_cast<ForStmt>(S)) {
      stmt(FS->getInit());
      stmt(FS->getCond());
      std::optional<LoopRange> Range = loopRange(FS);
      if (Range)
        Loops.push_back(*Range);
      ++LoopDepth;
      stmt(FS->getBody());
      stmt(FS->getInc());
      --LoopDepth;
      if (Range)
        Loops.pop_back();
      return;
    }
    if (const auto *DS = dyn_cast<DeclStmt>(S)) {
      for (const Decl *D : DS->decls()) {
        if (const auto *TD = dyn_cast<TypedefNameDecl>(D))
          bounds(TD->getUnderlyingType());
        if (const auto *V = dyn_cast<VarDecl>(D)) {
          if (V->isStaticLocal())
            addFact(Out.Direct.Other, "has static local '" + V->getNameAsString() + "'");
          bounds(V->getType());
          if (V->getInit())
            expr(V->getInit());
        }
      }
      return;
    }
    if (const auto *IS = dyn_cast<IfStmt>(S)) {
      stmt(IS->getInit());
      stmt(IS->getConditionVariableDeclStmt());
      expr(IS->getCond());
      size_t Mark = Facts.size(), UnequalMark = Unequal.size();
      assume(IS->getCond(), true);
      stmt(IS->getThen());
      Facts.resize(Mark);
      Unequal.resize(UnequalMark);
      assume(IS->getCond(), false);
      stmt(IS->getElse());
      Facts.resize(Mark);
      Unequal.resize(UnequalMark);
      return;
    }
    if (const auto *CS = dyn_cast<CompoundStmt>(S)) {
      // After `if (c) { ...; return; }` the rest of the block runs under !c.
      size_t Mark = Facts.size(), UnequalMark = Unequal.size();
      for (const Stmt *Child : CS->body()) {
        stmt(Child);
        if (const auto *IS = dyn_cast<IfStmt>(Child);
            IS && !IS->getElse() && endsInReturn(IS->getThen()) && !JumpsIn)
          assume(IS->getCond(), false);
      }
      Facts.resize(Mark);
      Unequal.resize(UnequalMark);
      return;
    }
    if (isa<GCCAsmStmt>(S) || isa<MSAsmStmt>(S))
      return addFact(Out.Direct.Other, "contains inline assembly");
    if (const auto *RS = dyn_cast<ReturnStmt>(S)) {
      if (const Expr *V = RS->getRetValue()) {
        if (V->getType()->isPointerType()) {
          Origin O = originOf(V);
          if (O.K == Origin::Kind::Local && !O.Name.empty())
            addFact(Out.Direct.Other,
                    "returns a pointer into its own memory (local '" + O.Name + "')");
        }
        expr(V);
      }
      return;
    }
    bool Loop = isa<WhileStmt>(S) || isa<DoStmt>(S);
    LoopDepth += Loop;
    for (const Stmt *Child : S->children())
      stmt(Child);
    LoopDepth -= Loop;
  }

  /// Adds to Facts what the integer comparisons of the condition \p Cond
  /// say when it is \p Holds.
  void assume(const Expr *Cond, bool Holds) {
    size_t Mark = Facts.size(), UnequalMark = Unequal.size();
    conditionFacts(Ctx, Cond, Holds, Modified, Facts, &Unequal);
    // Of a parameter that moves, read where it still holds the value it
    // was passed, the fact holds of that value wherever it is read.
    if (!Cond->HasSideEffects(Ctx))
      for (auto [All, From] : {std::pair{&Facts, Mark}, {&Unequal, UnequalMark}})
        for (size_t I = From; I < All->size(); ++I)
          (*All)[I] = asPassed(Cond, (*All)[I]);
  }

  /// The range of the variable of a counted loop: `for (i = L; i < U; i++)`
  /// and its variants (<=, >, >=, !=; ++, --, += c, -= c), when the body
  /// leaves the variable and the bound alone.
  std::optional<LoopRange> loopRange(const ForStmt *FS) {
    auto [Var, Start] = loopStart(FS);
    std::optional<LoopCounter> Counter = loopCounter(FS, Ctx);
    if (!Counter)
      return std::nullopt;
    // A loop that starts where its counter is (`for (; lo < hi; lo++)`),
    // entered once (no loop around it, no label), from the counter's value
    // on entry or its initializer, when nothing before it in the source
    // changes it.
    SymExpr::Ptr First;
    if (!FS->getInit() && !LoopDepth && !JumpsIn &&
        !modifiedBefore(AnalyzedBody, FS).count(Counter->Var)) {
      Var = Counter->Var;
      if (const auto *P = dyn_cast<ParmVarDecl>(Var))
        First = SymExpr::variable(entryKey(P));
      else if (Var->getInit())
        if (SymExpr::Ptr Init = symbolicValue(Var->getInit(), &Modified, &Ctx); Init && stable(Init))
          First = Init;
      if (!First)
        return std::nullopt;
    }
    if (!Var || Counter->Var != Var)
      return std::nullopt;
    int64_t Step = Counter->Step;
    auto IsVar = [&](const Expr *E) {
      const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
      return DRE && DRE->getDecl() == Var;
    };
    llvm::DenseSet<const VarDecl *> InLoop = modifiedVariables(FS->getBody());
    for (const VarDecl *V : modifiedVariables(FS->getInc()))
      InLoop.insert(V);
    // The bound: the first conjunct of the condition that compares the
    // variable.
    std::vector<const Expr *> Conjuncts{FS->getCond()};
    for (size_t I = 0; I < Conjuncts.size(); ++I)
      if (const auto *BO = dyn_cast<BinaryOperator>(Conjuncts[I]->IgnoreParens());
          BO && BO->getOpcode() == BO_LAnd) {
        Conjuncts.push_back(BO->getLHS());
        Conjuncts.push_back(BO->getRHS());
      }
    if (!First)
      First = symbolicValue(Start, &Modified, &Ctx);
    if (!First)
      return std::nullopt;
    for (const Expr *C : Conjuncts) {
      const auto *BO = dyn_cast<BinaryOperator>(C->IgnoreParens());
      if (!BO || !BO->isComparisonOp())
        continue;
      BinaryOperatorKind Op = BO->getOpcode();
      const Expr *Other = nullptr;
      if (IsVar(BO->getLHS())) {
        Other = BO->getRHS();
      } else if (IsVar(BO->getRHS())) {
        Other = BO->getLHS();
        Op = BinaryOperator::reverseComparisonOp(Op);
      } else {
        continue;
      }
      SymExpr::Ptr Bound = symbolicValue(Other, &Modified, &Ctx);
      if (!Bound)
        return std::nullopt;
      for (const VarDecl *V : InLoop)
        if (llvm::is_contained(Bound->variables(), symbolKey(V)))
          return std::nullopt;
      auto Plus = [](SymExpr::Ptr E, int64_t K) {
        return simplify(SymExpr::binary(SymExpr::Kind::Add, E, SymExpr::constant(K)));
      };
      LoopRange R{symbolKey(Var), nullptr, nullptr};
      if (Step > 0 && (Op == BO_LT || (Op == BO_NE && Step == 1)))
        R = {R.Key, First, Plus(Bound, -1)};
      else if (Step > 0 && Op == BO_LE)
        R = {R.Key, First, Bound};
      else if (Step < 0 && (Op == BO_GT || (Op == BO_NE && Step == -1)))
        R = {R.Key, Plus(Bound, 1), First};
      else if (Step < 0 && Op == BO_GE)
        R = {R.Key, Bound, First};
      else
        return std::nullopt;
      return R;
    }
    return std::nullopt;
  }

  void expr(const Expr *E) {
    if (!E)
      return;
    E = E->IgnoreParens();
    if (const auto *CE = dyn_cast<ImplicitCastExpr>(E)) {
      if (const Expr *Index = CE->getCastKind() == CK_LValueToRValue
                                  ? characterTableIndex(CE->getSubExpr())
                                  : nullptr) {
        addFact(Out.Direct.GlobalsRead, CharacterTables, !unitSetsLocale(Ctx));
        return expr(Index);
      }
      if (CE->getCastKind() == CK_LValueToRValue)
        return lvalue(CE->getSubExpr(), AccessKind::Read);
      if (CE->getCastKind() == CK_ArrayToPointerDecay)
        return address(CE->getSubExpr());
      return expr(CE->getSubExpr());
    }
    if (const auto *BO = dyn_cast<BinaryOperator>(E); BO && BO->isAssignmentOp()) {
      lvalue(BO->getLHS(), BO->getOpcode() == BO_Assign ? AccessKind::Write
                                                         : AccessKind::ReadWrite);
      expr(BO->getRHS());
      if (BO->getRHS()->getType()->isPointerType())
        noteStoredPointer(BO->getLHS(), BO->getRHS());
      return;
    }
    if (const auto *BO = dyn_cast<BinaryOperator>(E))
      rowsOrdered(BO);
    if (const auto *UO = dyn_cast<UnaryOperator>(E)) {
      if (UO->isIncrementDecrementOp())
        return lvalue(UO->getSubExpr(), AccessKind::ReadWrite);
      if (UO->getOpcode() == UO_AddrOf)
        return address(UO->getSubExpr());
      if (UO->getOpcode() == UO_Deref && !E->getType()->isFunctionType() &&
          !E->getType()->isArrayType())
        return lvalue(E, AccessKind::Read);
    }
    if (const auto *Call = dyn_cast<CallExpr>(E))
      return call(Call);
    if (const auto *UE = dyn_cast<UnaryExprOrTypeTraitExpr>(E)) {
      // Only sizeof of a variable length array evaluates its operand
      // (C11 6.5.3.4p2): a type's bounds, or an expression.
      if (UE->getKind() != UETT_SizeOf || !isVariableLength(UE->getTypeOfArgument()))
        return;
      if (UE->isArgumentType())
        return bounds(UE->getArgumentType());
      return expr(UE->getArgumentExpr());
    }
    if (const auto *Cast = dyn_cast<ExplicitCastExpr>(E))
      bounds(Cast->getTypeAsWritten()); // `(int (*)[n])p` computes n
    if (isa<ArraySubscriptExpr>(E) || isa<MemberExpr>(E)) {
      // An aggregate used whole (a struct copied, an array member decaying).
      if (E->getType()->isArrayType())
        return address(E);
      return lvalue(E, AccessKind::Read);
    }
    if (const auto *SE = dyn_cast<StmtExpr>(E))
      return stmt(SE->getSubStmt());
    for (const Stmt *Child : E->children())
      stmt(Child);
  }

  /// Where \p BO orders two pointers (`<`, `-`) of which one points into a
  /// row behind pointers and the other not into the same row: copied rows
  /// keep no order (EffectInfo::PastArray).
  void rowsOrdered(const BinaryOperator *BO) {
    if (!(BO->isRelationalOp() || BO->getOpcode() == BO_Sub) ||
        !BO->getLHS()->getType()->isPointerType() || !BO->getRHS()->getType()->isPointerType())
      return;
    Origin L = originOf(BO->getLHS()), R = originOf(BO->getRHS());
    bool OneRow = L.K == Origin::Kind::Row && R.K == Origin::Kind::Row && L.Param == R.Param &&
                  L.Row->str() == R.Row->str();
    for (const Origin *O : {&L, &R})
      if (O->K == Origin::Kind::Row && !OneRow) {
        addFact(Out.Direct.PastArray, "it orders pointers into the rows behind '" +
                                          O->Param->getNameAsString() + "' at line " + line(BO) +
                                          ", and copied rows keep no order");
        return;
      }
  }

  /// Evaluates the bounds of variable length arrays that C computes where
  /// \p T is written.
  void bounds(QualType T) {
    for (const Expr *Bound : arrayBounds(Ctx, T))
      expr(Bound);
  }

  /// The lvalue \p L is read or written as \p Kind.
  void lvalue(const Expr *L, AccessKind Kind) {
    L = L->IgnoreParens();
    if (const auto *DRE = dyn_cast<DeclRefExpr>(L)) {
      if (const auto *V = dyn_cast<VarDecl>(DRE->getDecl()); V && V->hasGlobalStorage()) {
        if (V->isStaticLocal())
          return; // reported at its declaration
        QualType T = V->getType();
        if (KeptPointers.count(V->getCanonicalDecl()))
          return; // read as a parameter it keeps
        if (!T->isArrayType() && !travellingGlobal(V, Ctx).isNull())
          return access(originOfObject(DRE), SymExpr::constant(0), Kind, L);
        if (Kind != AccessKind::Write)
          addFact(Out.Direct.GlobalsRead, V->getNameAsString(),
                  T.isConstQualified() && !T.isVolatileQualified());
        if (Kind != AccessKind::Read)
          addFact(Out.Direct.GlobalsWritten, V->getNameAsString());
      }
      return;
    }
    if (const auto *ASE = dyn_cast<ArraySubscriptExpr>(L)) {
      expr(ASE->getBase());
      expr(ASE->getIdx());
      return access(inArrayOf(pointedBy(ASE->getBase()), ASE),
                    symbolicValue(ASE->getIdx(), &Modified, &Ctx), Kind, L);
    }
    if (const auto *UO = dyn_cast<UnaryOperator>(L); UO && UO->getOpcode() == UO_Deref) {
      expr(UO->getSubExpr());
      return access(pointedBy(UO->getSubExpr()), SymExpr::constant(0), Kind, L);
    }
    if (const auto *ME = dyn_cast<MemberExpr>(L)) {
      if (!ME->isArrow())
        return lvalue(ME->getBase(), Kind);
      expr(ME->getBase());
      return access(inside(originOf(ME->getBase()), pointee(ME->getBase()), L),
                    SymExpr::constant(0), Kind, L);
    }
    expr(L);
  }

  /// The address of the lvalue \p L is taken; nothing is read or written.
  void address(const Expr *L) {
    L = L->IgnoreParens();
    if (const auto *DRE = dyn_cast<DeclRefExpr>(L)) {
      if (const auto *V = dyn_cast<VarDecl>(DRE->getDecl());
          V && V->hasLocalStorage() && !V->getType()->isArrayType())
        if (llvm::find(Out.Direct.Aliasing, "takes the address of local '" +
                                                V->getNameAsString() + "'") ==
            Out.Direct.Aliasing.end())
          Out.Direct.Aliasing.push_back("takes the address of local '" +
                                        V->getNameAsString() + "'");
      return;
    }
    if (const auto *ASE = dyn_cast<ArraySubscriptExpr>(L)) {
      expr(ASE->getBase());
      return expr(ASE->getIdx());
    }
    if (const auto *UO = dyn_cast<UnaryOperator>(L); UO && UO->getOpcode() == UO_Deref)
      return expr(UO->getSubExpr());
    if (const auto *ME = dyn_cast<MemberExpr>(L))
      return ME->isArrow() ? expr(ME->getBase()) : address(ME->getBase());
    expr(L);
  }

  /// `g = p`: a pointer the function was given, or its own memory, outlives
  /// the call in a global.
  void noteStoredPointer(const Expr *LHS, const Expr *RHS) {
    const auto *DRE = dyn_cast<DeclRefExpr>(LHS->IgnoreParenImpCasts());
    const auto *G = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
    if (!G || !G->hasGlobalStorage())
      return;
    Origin O = originOf(RHS);
    std::string What;
    if (O.K == Origin::Kind::Param)
      What = "pointer parameter '" + O.Param->getNameAsString() + "'";
    else if (O.K == Origin::Kind::Local && !O.Name.empty())
      What = "the address of its local '" + O.Name + "'";
    if (What.empty())
      return;
    std::string Note = "stores " + What + " in global '" + G->getNameAsString() + "'";
    addFact(Out.Direct.Other, Note);
    if (llvm::find(Out.Direct.Aliasing, Note) == Out.Direct.Aliasing.end())
      Out.Direct.Aliasing.push_back(Note);
  }

  /// Whether \p Def only computes on the scalars it is passed: its
  /// parameters and value are arithmetic, and its body reads and writes its
  /// parameters and locals alone (no pointer is followed, no global named,
  /// no assembly) and calls only builtins that act on values and functions
  /// such as itself.
  bool computesOnValues(const FunctionDecl *Def) {
    auto [It, New] = ValueOnly.try_emplace(Def->getCanonicalDecl(), false);
    if (!New)
      return It->second; // known, or being asked: a cycle proves nothing
    auto Scalar = [](QualType T) {
      T = T.getCanonicalType();
      return T->isArithmeticType() || T->isEnumeralType();
    };
    if (Def->isVariadic() || !Def->hasBody() ||
        !(Def->getReturnType()->isVoidType() || Scalar(Def->getReturnType())) ||
        !llvm::all_of(Def->parameters(),
                      [&](const ParmVarDecl *P) { return Scalar(P->getType()); }))
      return false;
    class Body : public RecursiveASTVisitor<Body> {
    public:
      EffectWalker &W;
      const FunctionDecl *Def;
      bool Pure = true;
      Body(EffectWalker &W, const FunctionDecl *Def) : W(W), Def(Def) {}
      bool VisitDeclRefExpr(DeclRefExpr *DRE) {
        if (const auto *V = dyn_cast<VarDecl>(DRE->getDecl()))
          Pure = V->hasLocalStorage() && V->getDeclContext() == Def;
        return Pure;
      }
      bool VisitUnaryOperator(UnaryOperator *UO) {
        return Pure = UO->getOpcode() != UO_Deref && UO->getOpcode() != UO_AddrOf;
      }
      bool VisitArraySubscriptExpr(ArraySubscriptExpr *) { return Pure = false; }
      bool VisitMemberExpr(MemberExpr *ME) { return Pure = !ME->isArrow(); }
      bool VisitAsmStmt(AsmStmt *) { return Pure = false; }
      bool VisitVarDecl(VarDecl *V) { return Pure = !V->isStaticLocal(); }
      bool VisitCallExpr(CallExpr *CE) {
        const FunctionDecl *Callee = CE->getDirectCallee();
        const FunctionDecl *Def = Callee ? Callee->getDefinition() : nullptr;
        Pure = Callee && (Def && Def->hasBody()
                              ? W.computesOnValues(Def)
                              : Callee->getBuiltinID() && Callee->getIdentifier() &&
                                    !libraryEffect(Callee->getName()));
        return Pure;
      }
    } Walk(*this, Def);
    Walk.TraverseStmt(Def->getBody());
    return ValueOnly[Def->getCanonicalDecl()] = Walk.Pure;
  }

  void call(const CallExpr *CE) {
    for (const Expr *Arg : CE->arguments())
      expr(Arg);
    const FunctionDecl *Callee = CE->getDirectCallee();
    if (!Callee) {
      expr(CE->getCallee());
      return addFact(Out.Direct.Other, "calls through a function pointer");
    }
    std::string Name = Callee->getNameAsString();
    if (llvm::is_contained({"setjmp", "_setjmp", "sigsetjmp", "longjmp", "_longjmp",
                            "siglongjmp", "__builtin_setjmp", "__builtin_longjmp"},
                           Name))
      return addFact(Out.Direct.Other, "calls '" + Name + "', which jumps between functions");
    if (Callee->getBuiltinID() && !Callee->getDefinition()) {
      if (!Callee->getIdentifier() || !libraryEffect(Name))
        return; // __builtin_expect and friends act on values
    }
    const FunctionDecl *Def = Callee->getDefinition();
    const LibraryEffect *Known =
        !(Def && Def->hasBody()) && Callee->getIdentifier() ? libraryEffect(Name) : nullptr;
    if (Known)
      return libraryCall(CE, Name, *Known);
    // A header's function that only computes on the values it is given
    // (glibc's `__bswap_32`) acts on values, as a builtin does.
    if (Def && Def->hasBody() &&
        !Ctx.getSourceManager().isInMainFile(Ctx.getSourceManager().getExpansionLoc(
            Def->getLocation())) &&
        computesOnValues(Def))
      return;
    if (Failing && !(Def && Def->hasBody()))
      return; // `__assert_fail`: see addFact
    CallEffect C;
    C.Callee = uniqueName(Ctx, Callee);
    C.Pos = positionOf(Ctx.getSourceManager(), CE->getBeginLoc());
    for (const Expr *Arg : CE->arguments())
      C.Args.push_back(argument(Arg));
    // Own memory the summary cannot tell apart: ask the control-flow graph.
    using K = CallEffect::Arg::Kind;
    if (llvm::count_if(C.Args, [](const CallEffect::Arg &A) {
          return A.K == K::Local && A.Object.empty();
        }) >= 2) {
      if (!Apart)
        Apart = argumentsApart(Ctx, FD);
      if (auto It = Apart->find(CE); It != Apart->end())
        C.ApartArgs = It->second;
    }
    C.Context = stableFacts();
    C.Unequal = stableOf(Unequal);
    for (const LoopRange &L : Loops) {
      SymExpr::Ptr V = SymExpr::variable(L.Key);
      C.Counters.push_back(partlyNamed(atLeast(V, L.Lo)));
      C.Counters.push_back(partlyNamed(atLeast(L.Max, V)));
    }
    // main's regions serve no call, so it needs no states.
    if (!FD->isMain() && llvm::any_of(C.Args, [](const CallEffect::Arg &A) {
          return ((A.K == CallEffect::Arg::Kind::Value || A.K == CallEffect::Arg::Kind::Pointer) &&
                  A.Symbolic) ||
                 A.K == CallEffect::Arg::Kind::Row;
        })) {
      if (!States)
        Questions.push_back(CE);
      else if (std::optional<Conjunction> State = States->factsAt(CE))
        for (const SymExpr::Ptr &F : *State)
          C.State.push_back(partlyNamed(F));
    }
    C.StableGlobals = Out.StableGlobals;
    Out.Calls.push_back(std::move(C));
  }

  /// The first of \p Values not shown to be at least 0 where \p At is
  /// evaluated, by the facts of the branches there or else by the states
  /// (asked for in the first walk); null when each is.
  SymExpr::Ptr notShownNonNegative(const Expr *At, const Conjunction &Values) {
    if (Values.empty() || implies(Facts, {Values}))
      return nullptr;
    std::optional<Conjunction> Given;
    if (!States)
      Questions.push_back(At);
    else
      Given = States->factsAt(At);
    if (Given)
      Given->insert(Given->end(), Facts.begin(), Facts.end());
    for (const SymExpr::Ptr &V : Values)
      if (!Given || !implies(*Given, {{V}}))
        return V;
    return nullptr;
  }

  CallEffect::Arg argument(const Expr *Arg) {
    using K = CallEffect::Arg::Kind;
    CallEffect::Arg A;
    A.Text = text(Arg);
    QualType T = Arg->getType();
    if (T->isIntegerType()) {
      std::string Why;
      Conjunction Wraps;
      SymExpr::Ptr V = symbolicValue(Arg, &Modified, &Ctx, &Wraps);
      if (!V)
        return A;
      if (SymExpr::Ptr Wrapping = notShownNonNegative(Arg, Wraps)) {
        A.Why = "may wrap around below 0, as unsigned arithmetic does: nothing there shows " +
                partlyNamed(Wrapping)->str() + " >= 0";
        return A;
      }
      // An increment (`store++`) passes the value before it, which Symbolic
      // names; another argument that reads the variable would make the call
      // undefined.
      if (!Arg->HasSideEffects(Ctx))
        V = asPassed(Arg, V);
      A.Symbolic = partlyNamed(V);
      if (Arg->HasSideEffects(Ctx))
        return A;
      if ((A.Value = inParameters(V, Why)))
        A.K = K::Integer;
      return A;
    }
    if (!T->isPointerType() && !T->isArrayType())
      return A;
    Origin O = pointedBy(Arg);
    if (!Arg->HasSideEffects(Ctx))
      if (SymExpr::Ptr Address = addressValue(Arg, &Modified, &Ctx))
        A.Address = partlyNamed(asPassed(Arg, Address));
    switch (O.K) {
    case Origin::Kind::None:
      return A;
    case Origin::Kind::Local:
      A.K = K::Local;
      A.Name = O.Name.empty() ? O.Site : O.Name;
      A.Object = O.Site;
      return A;
    case Origin::Kind::Global:
      A.K = K::Global;
      A.Name = O.Name;
      A.Object = O.Site;
      return A;
    case Origin::Kind::Unknown:
      A.K = K::Unknown;
      A.Why = O.Why;
      return A;
    case Origin::Kind::Row:
      if (!O.Offset || Arg->HasSideEffects(Ctx)) {
        A.K = K::Unknown;
        A.Why = O.Why;
        return A;
      }
      A.K = K::Row;
      A.Name = O.Param->getNameAsString();
      A.RowIndex = partlyNamed(asPassed(Arg, O.Row));
      A.Value = partlyNamed(asPassed(Arg, O.Offset));
      return A;
    case Origin::Kind::Param:
      break;
    }
    // A pointer to elements of another size than its parameter's (a cast,
    // `(double *)T` of `block *T`), or to the first element of an element
    // that is an array (`*M` of `Block *M`): the callee's elements lie in
    // the caller's, Within of them to one, Value the offset in them.
    int64_t Element = elementOf(O);
    int64_t Inner = T->isPointerType() ? bytesOf(T->getPointeeType()) : 0;
    const auto *Decay = dyn_cast<ImplicitCastExpr>(Arg->IgnoreParens());
    while (Decay && Decay->getCastKind() == CK_NoOp)
      Decay = dyn_cast<ImplicitCastExpr>(Decay->getSubExpr()->IgnoreParens());
    bool Decayed = O.Inside && !O.ThroughFields && Decay &&
                   Decay->getCastKind() == CK_ArrayToPointerDecay &&
                   ownElement(O, Decay->getSubExpr()->getType());
    bool Other = !O.ThroughFields && !O.Inside && (O.Unit || (Inner && Inner != Element));
    if (Decayed || Other) {
      A.K = K::Unknown;
      A.Why = "'" + A.Text + "', a pointer to elements of another type than '" +
              O.Param->getNameAsString() + "' points to";
      Origin Counted = O;
      SymExpr::Ptr Offset = Inner && Element % Inner == 0 && O.Offset && unitsPer(Counted, Inner)
                                ? dividedExactly(SymExpr::binary(SymExpr::Kind::Mul, Counted.Offset,
                                                                 SymExpr::constant(unitOf(Counted))),
                                                 Inner)
                                : nullptr;
      std::string Why;
      if (Offset && !Arg->HasSideEffects(Ctx) && (A.Value = inParameters(asPassed(Arg, Offset), Why))) {
        // Kept from the paths that count the callee's elements as the caller's.
        A.K = K::Pointer;
        A.Name = O.Param->getNameAsString();
        A.Fields = {""};
        A.Within = Element / Inner;
      }
      return A;
    }
    A.K = K::Pointer;
    A.Name = O.Param->getNameAsString();
    if (O.ThroughFields || O.Inside) {
      // Inside a node: only that node, or those reachable from it.
      A.Fields.assign(O.Fields.begin(), O.Fields.end());
      if (O.Inside)
        A.Fields.push_back("");
      return A;
    }
    std::string Why;
    if (O.Offset && !Arg->HasSideEffects(Ctx))
      O.Offset = asPassed(Arg, O.Offset);
    A.Value = O.Offset ? inParameters(O.Offset, Why) : nullptr;
    if (!A.Value)
      A.Why = O.Offset ? "its offset depends on " + Why
                       : "its offset is not an expression of the parameters";
    // A pointer that moves (quick_sort's `j`): its offset where the call is
    // made, which the states there bound.
    if (!A.Value && O.Offset && !Arg->HasSideEffects(Ctx))
      A.Symbolic = partlyNamed(O.Offset);
    return A;
  }

  /// A call of a library function: its effects from the table.
  void libraryCall(const CallExpr *CE, const std::string &Name, const LibraryEffect &L) {
    if (L.Kind == LibraryEffectKind::InputOutput)
      addFact(Out.Direct.InputOutput, Name);
    llvm::StringRef Roles = L.Args;
    // Memory the function allocates is its own, as its locals are: no
    // pointer to it reaches the caller of a call made elsewhere (pointer
    // results and stores of pointers keep a call home). Freeing or
    // resizing memory it did not allocate is the effect.
    if (L.Kind == LibraryEffectKind::Allocation &&
        llvm::any_of(llvm::seq(std::min<size_t>(CE->getNumArgs(), Roles.size())), [&](size_t I) {
          Origin::Kind K = Roles[I] == 'D' ? originOf(CE->getArg(I)->IgnoreParenImpCasts()).K
                                           : Origin::Kind::None;
          return K != Origin::Kind::None && K != Origin::Kind::Local;
        }))
      addFact(Out.Direct.Allocation, Name);
    size_t Star = Roles.find('*');
    const Expr *Count = nullptr;
    for (unsigned I = 0; I < CE->getNumArgs(); ++I)
      if (I < Star && I < Roles.size() && Roles[I] == 'n')
        Count = CE->getArg(I);
    for (unsigned I = 0; I < CE->getNumArgs(); ++I) {
      char Role = I < Star && I < Roles.size() ? Roles[I]
                  : Star + 1 < Roles.size()    ? Roles[Star + 1]
                                               : '-';
      const Expr *Arg = CE->getArg(I);
      if (Role == 'f') {
        addFact(Out.Direct.Other, "passes a function to '" + Name + "', which calls it");
        continue;
      }
      if (!llvm::StringRef("rwRWXoD").contains(Role))
        continue;
      // The pointer as the program has it, before its conversion to the
      // parameter's type (`void *`); a global array as it decays.
      const Expr *Stripped = Arg->IgnoreParens();
      while (const auto *ICE = dyn_cast<ImplicitCastExpr>(Stripped))
        if (ICE->getCastKind() != CK_ArrayToPointerDecay &&
            ICE->getCastKind() != CK_LValueToRValue &&
            ICE->getSubExpr()->getType()->isPointerType())
          Stripped = ICE->getSubExpr()->IgnoreParens();
        else
          break;
      if (!Stripped->getType()->isPointerType())
        continue;
      Origin O = pointedBy(Stripped);
      bool Reads = llvm::StringRef("rRX").contains(Role);
      bool Writes = llvm::StringRef("wWXoD").contains(Role);
      AccessKind Kind = Reads && Writes ? AccessKind::ReadWrite
                        : Writes        ? AccessKind::Write
                                        : AccessKind::Read;
      // The elements it goes over, from the pointer on.
      SymExpr::Ptr Elements;
      if (Role == 'o')
        Elements = SymExpr::constant(1);
      QualType Pointee = Stripped->getType()->getPointeeType();
      if ((Role == 'r' || Role == 'w') && Count && !Pointee->isIncompleteType() &&
          !Pointee->isVoidType())
        if (SymExpr::Ptr Bytes = symbolicValue(Count, &Modified, &Ctx))
          Elements = dividedExactly(Bytes, Ctx.getTypeSizeInChars(Pointee).getQuantity());
      if (O.K == Origin::Kind::Row) {
        AccessRegion R = rowsAccess(O, SymExpr::constant(0), Arg, Elements);
        if (!Elements)
          R.Unbounded = Role == 'D' ? "'" + Name + "' frees a row"
                                    : "'" + Name + "' at line " + line(Arg) +
                                          " goes over a number of elements it cannot bound";
        record(R, Reads, Writes);
        continue;
      }
      bool Global = O.K == Origin::Kind::Global && O.Offset && O.Site == O.Name;
      if ((O.K != Origin::Kind::Param && !Global) || O.ThroughFields || O.Inside) {
        access(O, SymExpr::constant(0), Kind, Arg);
        continue;
      }
      AccessRegion R;
      R.Param = Global ? globalKey(O.Name) : O.Param->getNameAsString();
      R.Via = Name;
      // Elements of the type the pointer has, in units of its offset.
      int64_t Per = Global ? 1 : unitsPer(O, bytesOf(Pointee));
      if (Elements && Per != 1)
        Elements = Per ? SymExpr::binary(SymExpr::Kind::Mul, Elements, SymExpr::constant(Per))
                       : nullptr;
      if (O.Offset && Elements) {
        // From the least first element to the greatest last one the
        // enclosing loops give.
        AccessRegion First = R, Last = R;
        interval(O.Offset, First, Arg);
        interval(simplify(SymExpr::binary(
                     SymExpr::Kind::Sub, SymExpr::binary(SymExpr::Kind::Add, O.Offset, Elements),
                     SymExpr::constant(1))),
                 Last, Arg);
        R.Lo = First.Lo && Last.Hi && !First.Rows && !Last.Rows ? First.Lo : nullptr;
        R.Hi = R.Lo ? Last.Hi : nullptr;
        // From the first element of a row a loop moves by (`memcpy(row, g +
        // y * w, w)`, y from a loop), a count of the parameters: the rows
        // of the first elements, each as many columns on.
        std::string Why;
        SymExpr::Ptr Count = First.Rows && First.Lo ? inParameters(Elements, Why) : nullptr;
        if (Count) {
          R.Lo = First.Lo;
          R.Hi = First.Hi;
          R.Rows = First.Rows;
          R.Rows.ColHi = simplify(SymExpr::binary(
              SymExpr::Kind::Sub, SymExpr::binary(SymExpr::Kind::Add, First.Rows.ColHi, Count),
              SymExpr::constant(1)));
        }
        if (!Global)
          inElements(O, unitOf(O), R, Arg);
      }
      if (!R.Lo) {
        R.Unbounded = Role == 'D' ? "'" + Name + "' frees it"
                                  : "'" + Name + "' at line " + line(Arg) +
                                        " goes over a number of elements it cannot bound";
        if (Global && Role != 'D') {
          Origin Whole = O;
          Whole.RowStart = nullptr;
          withinArray(Whole, R, Arg);
        }
      }
      record(R, Reads, Writes);
    }
  }

  std::string text(const Expr *E) const {
    std::string T = Lexer::getSourceText(CharSourceRange::getTokenRange(E->getSourceRange()),
                                         Ctx.getSourceManager(), Ctx.getLangOpts())
                        .str();
    if (T.size() > 40)
      T = T.substr(0, 37) + "...";
    return T;
  }
  std::string line(const Expr *E) const {
    return std::to_string(positionOf(Ctx.getSourceManager(), E->getBeginLoc()).Line);
  }

  ASTContext &Ctx;
  const FunctionDecl *FD;
  Stmt *AnalyzedBody; ///< analyzedBody(Ctx, FD)
  /// The parents of AnalyzedBody's statements, once a walk up needs them.
  std::unique_ptr<ParentMap> Parents;
  LocalSummary &Out;
  const llvm::DenseSet<const VarDecl *> &Modified;
  /// key -> name: the parameters the body keeps, and the addresses the
  /// pointer parameters it moves were passed (entryKey).
  std::map<std::string, std::string> ParamNames;
  /// The names of the pointer parameters: in a bound, their addresses.
  std::set<std::string> Addresses;
  llvm::DenseMap<const VarDecl *, Origin> VarOrigins;
  std::vector<LoopRange> Loops;
  /// What holds where the walk is: facts `E >= 0`, keyed as symbolicValue
  /// keys variables, and differences `a - b` of comparisons `a != b`.
  std::vector<SymExpr::Ptr> Facts, Unequal;
  /// Facts that hold on entry, keyed as symbolicValue keys the parameters.
  Conjunction Entry;
  const ReturnFacts &ReturnsOf;
  /// The polyhedra of FD's integer variables, or null.
  IntegerStates *States;
  /// returnedParameter's answers, by the callee's canonical declaration.
  std::map<const FunctionDecl *, const ParmVarDecl *> Returned;
  /// Without States: the expressions it would be asked about.
  std::vector<const Stmt *> &Questions;
  /// argumentsApart for FD, once a call needs it.
  std::optional<std::map<const CallExpr *, std::vector<std::pair<unsigned, unsigned>>>> Apart;
  /// The body has labels or cases: a jump may pass an `if` that returns.
  bool JumpsIn = false;
  /// How many loops enclose the statement walked.
  unsigned LoopDepth = 0;
  /// The walk is in a statement that ends the program as a failure
  /// (failsProgram).
  bool Failing = false;
  /// The keys of the variables that hold one value in each scope they live
  /// in: the parameters and locals the body never changes.
  std::set<std::string> Stable;
  /// The global pointers of Kept that FD does not assign (globalPointee):
  /// what they point to is an array of their own, counted from there.
  llvm::DenseSet<const VarDecl *> KeptPointers;
  /// The parameters and locals of FD by key (symbolKey).
  std::map<std::string, const VarDecl *> Variables;
  /// computesOnValues's answers, by canonical declaration.
  llvm::DenseMap<const FunctionDecl *, bool> ValueOnly;
  /// The locals of FD set once before every read, with their value (setOnce).
  std::map<const VarDecl *, const Expr *> SetOnce;
  /// stoppedByValues's scan of the body, once it is needed: what flows into
  /// each variable, and the loops that values read from memory stop.
  struct ValueStops {
    std::multimap<const VarDecl *, const VarDecl *> From;
    std::map<const VarDecl *, const Stmt *> Stopped;
  };
  std::optional<ValueStops> Stops;
};

} // namespace

std::vector<const VarDecl *> cleave::localVariables(const Stmt *Body) {
  struct Decls : RecursiveASTVisitor<Decls> {
    std::vector<const VarDecl *> Vars;
    bool VisitVarDecl(VarDecl *V) {
      if (V->hasLocalStorage())
        Vars.push_back(V);
      return true;
    }
  } Locals;
  Locals.TraverseStmt(const_cast<Stmt *>(Body));
  return Locals.Vars;
}

const VarDecl *cleave::namedVariable(const Expr *E) {
  const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
  return DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
}

void cleave::variablesIn(const Stmt *S, llvm::DenseSet<const VarDecl *> &Out) {
  if (!S)
    return;
  if (const auto *DRE = dyn_cast<DeclRefExpr>(S))
    if (const auto *V = dyn_cast<VarDecl>(DRE->getDecl()))
      Out.insert(V);
  for (const Stmt *Child : S->children())
    variablesIn(Child, Out);
}

namespace {

/// The permutation of \p FD's parameters that \p Then makes, each
/// parameter i ending up with the value parameter Sigma[i] was passed, by
/// declarations of temporaries and assignments between them, the
/// temporaries \p Temps declared before it, and the parameters (`t = a; a =
/// b; b = t;`); nullopt for any other statement, a value that is not one the
/// parameters were passed, or no change. \p Set gets the temporaries of
/// Temps it assigns.
std::optional<std::vector<unsigned>>
parameterPermutation(ASTContext &Ctx, const FunctionDecl *FD, const Stmt *Then,
                     const llvm::DenseSet<const VarDecl *> &Temps,
                     llvm::DenseSet<const VarDecl *> &Set) {
  llvm::DenseMap<const VarDecl *, unsigned> Holds; // the parameter whose value each holds
  for (unsigned I = 0; I < FD->getNumParams(); ++I)
    Holds[FD->getParamDecl(I)] = I;
  auto ValueOf = [&](const Expr *E) -> std::optional<unsigned> {
    auto It = Holds.find(namedVariable(E));
    return It == Holds.end() ? std::nullopt : std::optional(It->second);
  };
  // The steps in order: blocks and comma operators opened (a macro's `{
  // ELM *t; t = a; a = b; b = t; };`, `t = a, a = b, b = t;`), empty
  // statements dropped. A block's own temporaries end with it.
  llvm::SmallVector<const Stmt *, 8> Steps{Then};
  llvm::DenseSet<const VarDecl *> Scoped;
  while (!Steps.empty()) {
    const Stmt *S = Steps.pop_back_val();
    if (const auto *CS = dyn_cast<CompoundStmt>(S)) {
      Steps.append(CS->body_rbegin(), CS->body_rend());
      continue;
    }
    if (isa<NullStmt>(S))
      continue;
    const auto *BO = dyn_cast<BinaryOperator>(S);
    if (BO && BO->getOpcode() == BO_Comma) {
      Steps.push_back(BO->getRHS()->IgnoreParens());
      Steps.push_back(BO->getLHS()->IgnoreParens());
      continue;
    }
    if (const auto *DS = dyn_cast<DeclStmt>(S)) {
      for (const Decl *D : DS->decls()) {
        const auto *V = dyn_cast<VarDecl>(D);
        std::optional<unsigned> From;
        if (!V || !V->hasLocalStorage())
          return std::nullopt;
        if (!V->getInit())
          Scoped.insert(V);
        else if (!(From = ValueOf(V->getInit())))
          return std::nullopt;
        else
          Holds[V] = *From;
      }
      continue;
    }
    const VarDecl *To = BO ? namedVariable(BO->getLHS()) : nullptr;
    std::optional<unsigned> From;
    if (!BO || BO->getOpcode() != BO_Assign ||
        !(Holds.count(To) || Temps.count(To) || Scoped.count(To)) ||
        !(From = ValueOf(BO->getRHS())))
      return std::nullopt;
    if (Temps.count(To))
      Set.insert(To);
    Holds[To] = *From;
  }
  std::vector<unsigned> Sigma;
  std::vector<bool> Taken(FD->getNumParams());
  bool Moved = false;
  for (unsigned I = 0; I < FD->getNumParams(); ++I) {
    unsigned From = Holds[FD->getParamDecl(I)];
    Moved |= From != I;
    if (Taken[From] || !Ctx.hasSameUnqualifiedType(FD->getParamDecl(I)->getType(),
                                                   FD->getParamDecl(From)->getType()))
      return std::nullopt;
    Taken[From] = true;
    Sigma.push_back(From);
  }
  return Moved ? std::optional(Sigma) : std::nullopt;
}

/// The body analyzedBody() reads for \p FD, when it differs from its own.
/// The `if` may follow declarations without values (C89's at the top of
/// the block, `ELM *tmp;`), whose variables it may use as temporaries where
/// nothing after it reads them.
Stmt *permutedBody(ASTContext &Ctx, const FunctionDecl *FD) {
  FD = FD->getDefinition();
  const auto *Body = FD ? dyn_cast_or_null<CompoundStmt>(FD->getBody()) : nullptr;
  if (!Body || !FD->getReturnType()->isVoidType())
    return nullptr;
  llvm::ArrayRef<Stmt *> Stmts(Body->body_begin(), Body->body_end());
  llvm::DenseSet<const VarDecl *> Temps;
  size_t First = 0;
  for (; First < Stmts.size(); ++First) {
    const auto *DS = dyn_cast<DeclStmt>(Stmts[First]);
    if (!DS || llvm::any_of(DS->decls(), [](const Decl *D) {
          const auto *V = dyn_cast<VarDecl>(D);
          return V && (V->getInit() || !V->hasLocalStorage());
        }))
      break;
    for (const Decl *D : DS->decls())
      if (const auto *V = dyn_cast<VarDecl>(D))
        Temps.insert(V);
  }
  if (Stmts.size() < First + 2)
    return nullptr;
  const auto *IS = dyn_cast<IfStmt>(Stmts[First]);
  if (!IS || IS->getInit() || IS->getConditionVariable() || IS->getElse() ||
      IS->getCond()->HasSideEffects(Ctx))
    return nullptr;
  llvm::DenseSet<const VarDecl *> Set;
  std::optional<std::vector<unsigned>> Sigma =
      parameterPermutation(Ctx, FD, IS->getThen(), Temps, Set);
  if (!Sigma || llvm::any_of(Stmts.drop_front(First + 1), [&](const Stmt *S) {
        return llvm::any_of(Set, [&](const VarDecl *V) { return !mentionsOf(S, V).empty(); });
      }))
    return nullptr;
  // What the rest takes from the condition's failing must hold of the
  // permuted values wherever it holds of those passed.
  Conjunction Holds, Fails, Unequal;
  conditionFacts(Ctx, IS->getCond(), true, {}, Holds);
  conditionFacts(Ctx, IS->getCond(), false, {}, Fails, &Unequal);
  SymMap Permuted;
  for (unsigned I = 0; I < FD->getNumParams(); ++I)
    Permuted[symbolKey(FD->getParamDecl(I))] =
        SymExpr::variable(symbolKey(FD->getParamDecl((*Sigma)[I])));
  Conjunction Then;
  for (const SymExpr::Ptr &F : Fails)
    Then.push_back(substitute(F, Permuted));
  if (!Unequal.empty() || !implies(Holds, {Then}))
    return nullptr;
  SourceLocation Loc = IS->getBeginLoc();
  auto *Self = const_cast<FunctionDecl *>(FD);
  Expr *Callee = ImplicitCastExpr::Create(
      Ctx, Ctx.getPointerType(FD->getType()), CK_FunctionToPointerDecay,
      DeclRefExpr::Create(Ctx, NestedNameSpecifierLoc(), SourceLocation(), Self, false, Loc,
                          FD->getType(), VK_LValue),
      nullptr, VK_PRValue, FPOptionsOverride());
  std::vector<Expr *> Args;
  for (unsigned From : *Sigma) {
    ParmVarDecl *P = Self->getParamDecl(From);
    Args.push_back(ImplicitCastExpr::Create(
        Ctx, P->getType().getUnqualifiedType(), CK_LValueToRValue,
        DeclRefExpr::Create(Ctx, NestedNameSpecifierLoc(), SourceLocation(), P, false, Loc,
                            P->getType(), VK_LValue),
        nullptr, VK_PRValue, FPOptionsOverride()));
  }
  Stmt *Steps[] = {CallExpr::Create(Ctx, Callee, Args, Ctx.VoidTy, VK_PRValue, Loc,
                                    FPOptionsOverride()),
                   ReturnStmt::Create(Ctx, Loc, nullptr, nullptr)};
  std::vector<Stmt *> All(Stmts.begin(), Stmts.begin() + First);
  All.push_back(IfStmt::Create(
      Ctx, Loc, IfStatementKind::Ordinary, nullptr, nullptr, const_cast<Expr *>(IS->getCond()),
      IS->getLParenLoc(), IS->getRParenLoc(),
      CompoundStmt::Create(Ctx, Steps, FPOptionsOverride(), Loc, Loc)));
  All.insert(All.end(), Stmts.begin() + First + 1, Stmts.end());
  return CompoundStmt::Create(Ctx, All, FPOptionsOverride(), Body->getLBracLoc(),
                              Body->getRBracLoc());
}

} // namespace

Stmt *cleave::analyzedBody(ASTContext &Ctx, const FunctionDecl *FD) {
  // By context: a context's nodes die with it, and it says so.
  static thread_local std::map<const ASTContext *, std::map<const FunctionDecl *, Stmt *>> Made;
  auto [Context, New] = Made.insert({&Ctx, {}});
  if (New)
    Ctx.AddDeallocation([](void *C) { Made.erase(static_cast<const ASTContext *>(C)); }, &Ctx);
  auto [It, First] = Context->second.insert({FD->getCanonicalDecl(), nullptr});
  if (First)
    It->second = permutedBody(Ctx, FD);
  return It->second ? It->second : FD->getBody();
}

const ParmVarDecl *cleave::returnedParameter(ASTContext &Ctx, const FunctionDecl *Callee,
                                             const ReturnFacts &ReturnsOf,
                                             const FunctionDecl *Asker) {
  const FunctionDecl *Def = Callee ? Callee->getDefinition() : nullptr;
  if (!Def || !Def->hasBody() || !Def->getReturnType()->isPointerType())
    return nullptr;
  const FunctionDecl *Key = Def->getCanonicalDecl();
  // The callees asked about in the walks now under way, outermost first.
  static thread_local std::set<const FunctionDecl *> Asking;
  if ((Asker && Key == Asker->getCanonicalDecl()) || !Asking.insert(Key).second)
    return nullptr;
  std::vector<const Stmt *> Questions;
  LocalSummary Scratch;
  // The walker keeps a reference to the set: it must outlive the walk.
  llvm::DenseSet<const VarDecl *> Modified = modifiedVariables(analyzedBody(Ctx, Def));
  const ParmVarDecl *Into =
      EffectWalker(Ctx, Def, Modified, {}, ReturnsOf, nullptr, Questions, Scratch)
          .returnedInto(Def);
  Asking.erase(Key);
  return Into;
}

void cleave::conditionFacts(ASTContext &Ctx, const Expr *Cond, bool Holds,
                            const llvm::DenseSet<const VarDecl *> &Modified, Conjunction &Out,
                            Conjunction *Unequal,
                            llvm::function_ref<bool(const SymExpr::Ptr &)> NonNegative) {
  Cond = Cond->IgnoreParenImpCasts();
  if (const auto *UO = dyn_cast<UnaryOperator>(Cond); UO && UO->getOpcode() == UO_LNot)
    return conditionFacts(Ctx, UO->getSubExpr(), !Holds, Modified, Out, Unequal, NonNegative);
  const auto *BO = dyn_cast<BinaryOperator>(Cond);
  if (!BO)
    return;
  // a && b holds: both do; a || b fails: both fail.
  if ((BO->getOpcode() == BO_LAnd && Holds) || (BO->getOpcode() == BO_LOr && !Holds)) {
    conditionFacts(Ctx, BO->getLHS(), Holds, Modified, Out, Unequal, NonNegative);
    conditionFacts(Ctx, BO->getRHS(), Holds, Modified, Out, Unequal, NonNegative);
    return;
  }
  if (!BO->isRelationalOp() && BO->getOpcode() != BO_EQ && BO->getOpcode() != BO_NE)
    return;
  // Pointers compare as their addresses (past the object, their arithmetic
  // is undefined); integers as C computes them, in the type both convert to.
  Conjunction Wraps;
  auto Value = [&](const Expr *E) {
    return E->getType()->isPointerType() ? addressValue(E, &Modified, &Ctx)
                                         : symbolicValue(E, &Modified, &Ctx, &Wraps);
  };
  SymExpr::Ptr L = Value(BO->getLHS()), R = Value(BO->getRHS());
  if (!L || !R || (!Wraps.empty() && !(NonNegative && llvm::all_of(Wraps, NonNegative))))
    return;
  BinaryOperatorKind Op =
      Holds ? BO->getOpcode() : BinaryOperator::negateComparisonOp(BO->getOpcode());
  auto Fact = [&](const SymExpr::Ptr &A, const SymExpr::Ptr &B, int64_t Less) { // A - B - Less >= 0
    Out.push_back(SymExpr::binary(SymExpr::Kind::Sub, atLeast(A, B), SymExpr::constant(Less)));
  };
  switch (Op) {
  case BO_LT: return Fact(R, L, 1);
  case BO_LE: return Fact(R, L, 0);
  case BO_GT: return Fact(L, R, 1);
  case BO_GE: return Fact(L, R, 0);
  case BO_EQ:
    Fact(L, R, 0);
    return Fact(R, L, 0);
  case BO_NE:
    if (Unequal)
      Unequal->push_back(atLeast(L, R));
    return;
  default:
    return;
  }
}

llvm::DenseSet<const VarDecl *> cleave::stableGlobals(ASTContext &Ctx,
                                                     const std::vector<FileSummary> *Others,
                                                     bool MainCalled) {
  llvm::DenseSet<const VarDecl *> Out;
  if (MainCalled)
    return Out;
  // What the file's functions and file-scope initializers assign or take
  // the address of: main may assign, in its own body.
  llvm::DenseSet<const VarDecl *> Changed;
  for (const Decl *D : Ctx.getTranslationUnitDecl()->decls()) {
    const auto *FD = dyn_cast<FunctionDecl>(D);
    const auto *V = dyn_cast<VarDecl>(D);
    const Stmt *S = FD ? FD->getBody() : V ? V->getInit() : nullptr;
    if (!S)
      continue;
    llvm::DenseSet<const VarDecl *> Taken = addressTakenVariables(S);
    for (const VarDecl *M : modifiedVariables(S))
      if (M->isFileVarDecl() && (!FD || !FD->isMain() || Taken.count(M)))
        Changed.insert(M->getCanonicalDecl());
  }
  std::set<std::string> ElsewhereChanged;
  if (Others)
    for (const FileSummary &F : *Others)
      for (const FunctionInfo &Info : F.Defined)
        if (Info.Name != "main")
          for (const EffectFact &W : Info.Local.Direct.GlobalsWritten)
            ElsewhereChanged.insert(W.Name);
  for (const Decl *D : Ctx.getTranslationUnitDecl()->decls())
    if (const auto *V = dyn_cast<VarDecl>(D))
      if (V->isFileVarDecl() &&
          (V->getType()->isIntegerType() ? !travellingGlobal(V, Ctx).isNull()
                                         : !globalPointee(V, Ctx).isNull()) &&
          !Changed.count(V->getCanonicalDecl()) &&
          !(V->isExternallyVisible() && ElsewhereChanged.count(V->getNameAsString())))
        Out.insert(V->getCanonicalDecl());
  return Out;
}

LocalSummary cleave::summarizeFunction(ASTContext &Ctx, const FunctionDecl *FD,
                                       const Conjunction &Entry, const ReturnFacts &ReturnsOf,
                                       const llvm::DenseSet<const VarDecl *> &Stable,
                                       unsigned long *Budget, bool *Answered) {
  llvm::DenseSet<const VarDecl *> Modified = modifiedVariables(analyzedBody(Ctx, FD));
  LocalSummary Out;
  std::vector<const Stmt *> Questions;
  EffectWalker First(Ctx, FD, Modified, Entry, ReturnsOf, nullptr, Questions, Out, Stable);
  First.run();
  // Where the loops leave something to ask, the polyhedra of the variables
  // the questions read answer it, in a second walk, while the budget lasts.
  if (Questions.empty() || *Budget == 0) {
    First.dropInner();
    return Out;
  }
  IntegerStates States(Ctx, FD, Modified, Entry, ReturnsOf, Budget, Questions, Stable);
  if (Answered)
    *Answered = States.answers();
  LocalSummary WithStates;
  EffectWalker Second(Ctx, FD, Modified, Entry, ReturnsOf, &States, Questions, WithStates,
                      Stable);
  Second.run();
  Second.dropInner();
  return WithStates;
}
