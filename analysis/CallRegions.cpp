/// \file
/// Regions at call sites: a callee's pragma regions in the caller's variables,
/// and when two of them share no element.
#include "analysis/Analysis.h"
#include "analysis/AnalysisInternal.h"
#include "analysis/Presburger.h"

#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include <map>

using namespace cleave;
using namespace clang;


/// Whether \p E reads a pointer from memory: an element or member
/// (`A[i]`, `m->row`, `*p`), not a variable.
static bool loadedPointer(const Expr *E) {
  // Through conversions that keep the address (`const double *` for `double *`).
  const auto *Load = dyn_cast<ImplicitCastExpr>(E->IgnoreParens());
  while (Load && (Load->getCastKind() == CK_NoOp || Load->getCastKind() == CK_BitCast))
    Load = dyn_cast<ImplicitCastExpr>(Load->getSubExpr()->IgnoreParens());
  if (!Load || Load->getCastKind() != CK_LValueToRValue || !E->getType()->isPointerType())
    return false;
  const Expr *Place = Load->getSubExpr()->IgnoreParens();
  const auto *UO = dyn_cast<UnaryOperator>(Place);
  return isa<ArraySubscriptExpr>(Place) || isa<MemberExpr>(Place) ||
         (UO && UO->getOpcode() == UO_Deref);
}

/// The local pointer \p V that never changes as a parameter of its function,
/// or an object of its own, plus an offset: where it is set to what a
/// callee returns into an argument's array (merge's `split2 =
/// lower_bound(low2, high2, *split1)`), that argument's base, at V's
/// address less the base's.
static std::optional<PointerValue> returnedInto(TUAnalysis &A, const VarDecl *V,
                                                const llvm::DenseSet<const VarDecl *> &Modified) {
  ASTContext &Ctx = A.context();
  const auto *Call =
      V->getInit() ? dyn_cast<CallExpr>(V->getInit()->IgnoreParenImpCasts()) : nullptr;
  const FunctionDecl *Callee = Call ? Call->getDirectCallee() : nullptr;
  const ParmVarDecl *P = Callee ? A.returnedParameter(Callee) : nullptr;
  if (!P || P->getFunctionScopeIndex() >= Call->getNumArgs())
    return std::nullopt;
  const Expr *Arg = Call->getArg(P->getFunctionScopeIndex());
  std::optional<PointerValue> Base = pointerValue(Arg, &Modified, &Ctx);
  SymExpr::Ptr At = addressValue(Arg, &Modified, &Ctx);
  if (!Base || !At || Arg->HasSideEffects(Ctx) ||
      !(isa<ParmVarDecl>(Base->Base) || ownObject(Base->Base, Modified)))
    return std::nullopt;
  using K = SymExpr::Kind;
  // V's address less the base's: less the argument's, plus its offset.
  Base->Offset = SymExpr::binary(
      K::Add, SymExpr::binary(K::Sub, SymExpr::variable(symbolKey(V)), At), Base->Offset);
  return Base;
}

/// \p E of the summary of \p Caller (its parameters by name, the rest of
/// its variables by key) keyed as symbolicValue keys them, given the
/// variables that change (\p Modified); null where it reads a parameter
/// that changes or an entry value (entryKey), which are no variables here.
static SymExpr::Ptr keyedFromSummary(const FunctionDecl *Caller, const SymExpr::Ptr &E,
                                     const llvm::DenseSet<const VarDecl *> &Modified) {
  SymMap Keys;
  for (const ParmVarDecl *P : Caller->parameters())
    if (!Modified.count(P))
      Keys[P->getNameAsString()] = SymExpr::variable(symbolKey(P));
  if (llvm::any_of(E->variables(), [&](const std::string &V) {
        return V.find('@') == std::string::npos ? !Keys.count(V)
                                                : V.find("@e") != std::string::npos;
      }))
    return nullptr;
  return simplify(substitute(E, Keys));
}

/// Argument \p I of \p CE, a local pointer that moves, as the address of a
/// parameter of the caller that does not change plus the offset the
/// caller's summary gives it there (CallEffect::Arg::Symbolic); nothing
/// when the summary has no such origin.
static std::optional<PointerValue>
movingInParameter(TUAnalysis &A, const CallExpr *CE, unsigned I,
                  const llvm::DenseSet<const VarDecl *> &Modified) {
  auto [Caller, C] = A.callEffect(CE);
  if (!C || I >= C->Args.size())
    return std::nullopt;
  const CallEffect::Arg &Arg = C->Args[I];
  if (Arg.K != CallEffect::Arg::Kind::Pointer || !Arg.Fields.empty() || !Arg.Symbolic)
    return std::nullopt;
  const ParmVarDecl *Base = nullptr;
  for (const ParmVarDecl *P : Caller->parameters())
    if (!Modified.count(P) && P->getName() == Arg.Name && P->getType()->isPointerType())
      Base = P;
  SymExpr::Ptr Offset = Base ? keyedFromSummary(Caller, Arg.Symbolic, Modified) : nullptr;
  if (!Offset)
    return std::nullopt;
  PointerValue Out;
  Out.Base = Base;
  Out.Offset = Offset;
  return Out;
}

llvm::Expected<std::vector<SiteRegion>>
cleave::callSiteRegions(TUAnalysis &A, const CallExpr *CE,
                        const llvm::DenseSet<const VarDecl *> &Modified) {
  ASTContext &Ctx = A.context();
  // The definition's parameters, which its regions name (a declaration
  // before it may name them otherwise, or not at all).
  const FunctionDecl *Callee = CE->getDirectCallee();
  if (Callee && Callee->getDefinition())
    Callee = Callee->getDefinition();
  auto Fail = [](const llvm::Twine &Why) {
    return llvm::createStringError(llvm::inconvertibleErrorCode(), Why);
  };
  if (!Callee)
    return Fail("the call goes through a pointer");
  SymMap Subst;
  std::map<std::string, const Expr *> Actuals;
  // What the caller's summary says of the call: the unsigned arguments that
  // may wrap below 0 there, and the facts that hold there.
  auto [Caller, Summary] = A.callEffect(CE);
  std::map<std::string, std::string> Wraps;
  std::vector<std::string> Names = A.parameterNames(Callee);
  for (unsigned I = 0; I < Callee->getNumParams() && I < Names.size() && I < CE->getNumArgs();
       ++I) {
    const ParmVarDecl *P = Callee->getParamDecl(I);
    Actuals[Names[I]] = CE->getArg(I);
    if (!computesOnly(CE->getArg(I), Ctx))
      continue;
    if (Summary && I < Summary->Args.size() &&
        Summary->Args[I].K == CallEffect::Arg::Kind::Value && !Summary->Args[I].Why.empty()) {
      Wraps[Names[I]] = Summary->Args[I].Why;
      continue;
    }
    // A pointer in a bound stands for its address (`high - low`).
    if (SymExpr::Ptr V = P->getType()->isIntegerType() ? symbolicValue(CE->getArg(I), &Modified, &Ctx)
                         : P->getType()->isPointerType() ? addressValue(CE->getArg(I), &Modified, &Ctx)
                                                         : nullptr)
      Subst[Names[I]] = V;
  }
  auto Spelled = [&](const std::string &Param) {
    const Expr *E = Actuals.count(Param) ? Actuals[Param] : nullptr;
    std::string Text =
        E ? Lexer::getSourceText(CharSourceRange::getTokenRange(E->getSourceRange()),
                                 Ctx.getSourceManager(), Ctx.getLangOpts())
                .str()
          : "";
    return "'" + (Text.empty() ? Param : Text) + "' (for '" + Param + "')";
  };
  std::vector<SiteRegion> Out;
  // The region's bounds in the caller's variables, with the facts at the
  // call and the variables they are written in; an error where a bound
  // reads a parameter whose argument is no integer expression there.
  auto Start = [&](const Region &R) -> llvm::Expected<SiteRegion> {
    std::vector<SymExpr::Ptr> Bounds{R.Lo, R.Hi};
    if (R.Rows)
      Bounds.insert(Bounds.end(), {R.Rows.Stride, R.Rows.ColLo, R.Rows.ColHi});
    // A global a bound reads (TUAnalysis::Stable) is read where the call is
    // made: the region names it (Vars). Another file's is its own.
    for (const SymExpr::Ptr &Bound : Bounds)
      for (const std::string &V : Bound->variables())
        if (const VarDecl *G = isGlobalKey(V) && !A.settled(Callee) ? A.global(V) : nullptr)
          Subst[V] = SymExpr::variable(symbolKey(G));
    for (const SymExpr::Ptr &Bound : Bounds)
      for (const std::string &V : Bound->variables())
        if (!Subst.count(V))
          return Fail("argument " + Spelled(V) + " " +
                      (Wraps.count(V) ? Wraps[V] : "is not an integer expression of variables"));
    SiteRegion S;
    if (Summary)
      for (const SymExpr::Ptr &F : Summary->Context)
        if (SymExpr::Ptr Keyed = keyedFromSummary(Caller, F, Modified))
          S.Facts.push_back(Keyed);
    for (const SymExpr::Ptr &Bound : Bounds)
      for (const std::string &Param : Bound->variables()) {
        if (isGlobalKey(Param))
          S.Vars.insert(A.global(Param));
        else
          variablesIn(Actuals[Param], S.Vars);
      }
    S.ReadOnly = R.ReadOnly;
    S.Widened = R.Widened;
    return S;
  };
  for (const Region &R : A.regions(Callee)) {
    // Rows behind pointers may be anywhere, one of them twice.
    if (isPointeesKey(R.Param))
      return Fail("argument " + Spelled(pointersOf(R.Param)) +
                  " holds pointers to the rows it touches, which only their addresses tell "
                  "apart");
    // A global's region is where the callee finds it, on every node.
    if (isGlobalKey(R.Param)) {
      const VarDecl *G = A.global(R.Param);
      if (!G)
        return Fail("global '" + R.Param.substr(2) + "' is not declared in this file");
      auto S = Start(R);
      if (!S)
        return S.takeError();
      S->Base = G;
      // A global pointer is where it points while it holds its value.
      if (G->getType()->isPointerType())
        S->Vars.insert(G);
      S->Lo = substituteSimplified(R.Lo, Subst);
      S->Hi = substituteSimplified(R.Hi, Subst);
      if (R.Rows)
        S->Rows = {substituteSimplified(R.Rows.Stride, Subst),
                   substituteSimplified(R.Rows.ColLo, Subst),
                   substituteSimplified(R.Rows.ColHi, Subst)};
      Out.push_back(std::move(*S));
      continue;
    }
    unsigned I = llvm::find(Names, R.Param) - Names.begin();
    // A call through a declaration without a prototype may pass fewer.
    if (I >= CE->getNumArgs())
      return Fail("the call passes no argument for '" + R.Param + "'");
    auto PV = pointerValue(CE->getArg(I), &Modified, &Ctx);
    // A parameter that moves elsewhere is where it is here: the region
    // names it (Vars), and nothing may change it before the join. So is a
    // local pointer that never changes, into whatever array its value
    // points (merge's `split2 = lower_bound(...)`): no region but its own
    // is known apart from it.
    bool Own = PV && (ownObject(PV->Base, Modified) || allocatedEachTurn(PV->Base));
    bool Fixed = PV && PV->Base->hasLocalStorage() && !Modified.count(PV->Base);
    if (Fixed && !Own && !isa<ParmVarDecl>(PV->Base))
      if (auto Into = returnedInto(A, PV->Base, Modified)) {
        PV->Offset = SymExpr::binary(SymExpr::Kind::Add, Into->Offset, PV->Offset);
        PV->Base = Into->Base;
        Own = ownObject(PV->Base, Modified);
      }
    // A local pointer that moves, passed where it is (a partition's `j +
    // 1`): at its offset from the parameter whose array it points into,
    // as the caller's summary found it; the variables it is written in
    // (Vars) may not change before the join.
    if (PV && !(Own || Fixed || isa<ParmVarDecl>(PV->Base)) && !CE->getArg(I)->HasSideEffects(Ctx))
      if (std::optional<PointerValue> In = movingInParameter(A, CE, I, Modified))
        PV = In;
    // A global array is one object, wherever it is named.
    bool GlobalArray = PV && globalObject(PV->Base) && PV->Base->getType()->isArrayType();
    bool Known = PV && (Own || Fixed || GlobalArray || isa<ParmVarDecl>(PV->Base));
    // A pointer read from memory (`A[i]`, `m->row`): what it points into is
    // unknown, so it takes a region only to be read beside other reads and
    // beside writes of objects no pointer in memory may hold.
    if (!Known && loadedPointer(CE->getArg(I)) && !CE->getArg(I)->HasSideEffects(Ctx)) {
      if (!R.ReadOnly)
        return Fail("argument " + Spelled(R.Param) + " is a pointer read from memory, and '" +
                    Callee->getNameAsString() +
                    "' writes through it: what else may point there is unknown");
      auto Started = Start(R);
      if (!Started)
        return Started.takeError();
      SiteRegion S = std::move(*Started);
      S.Loaded = CE->getArg(I);
      S.Lo = substituteSimplified(R.Lo, Subst);
      S.Hi = substituteSimplified(R.Hi, Subst);
      if (R.Rows)
        S.Rows = {substituteSimplified(R.Rows.Stride, Subst),
                  substituteSimplified(R.Rows.ColLo, Subst),
                  substituteSimplified(R.Rows.ColHi, Subst)};
      Out.push_back(std::move(S));
      continue;
    }
    // A local pointer that changes: name where.
    const Expr *Change = PV && !Known && PV->Base->hasLocalStorage() && Caller
                             ? changeOf(Caller, PV->Base)
                             : nullptr;
    if (Change && !CE->getArg(I)->HasSideEffects(Ctx))
      return Fail("argument " + Spelled(R.Param) + " lies at '" + PV->Base->getNameAsString() +
                  "', which changes at line " +
                  std::to_string(Ctx.getSourceManager().getPresumedLineNumber(
                      Change->getBeginLoc())) +
                  ", and a region lies only at a pointer the caller never changes: a "
                  "parameter, an allocation or array of its own, or a global array");
    if (!Known || CE->getArg(I)->HasSideEffects(Ctx))
      return Fail("argument " + Spelled(R.Param) +
                  " is not a parameter of the caller, a pointer of its own that never "
                  "changes, nor an array or allocation of its own or a global array, plus an "
                  "integer offset");
    auto Started = Start(R);
    if (!Started)
      return Started.takeError();
    SiteRegion S = std::move(*Started);
    variablesIn(CE->getArg(I), S.Vars);
    S.Vars.insert(PV->Base);
    S.Base = PV->Base;
    S.Own = Own;
    auto Moved = [&](const SymExpr::Ptr &By, const SymExpr::Ptr &Bound) {
      return SymExpr::binary(SymExpr::Kind::Add, By, substituteSimplified(Bound, Subst));
    };
    SymExpr::Ptr Down = PV->Offset, Lo = R.Lo, Hi = R.Hi;
    if (R.Rows) {
      // The offset moves rows by whole rows and by columns.
      SymExpr::Ptr Stride = simplify(substitute(R.Rows.Stride, Subst));
      if (auto Rescaled = rowsOfVariable(Stride, Lo, Hi, R.Rows.ColLo, R.Rows.ColHi)) {
        Stride = (*Rescaled)[0];
        Lo = (*Rescaled)[1];
        Hi = (*Rescaled)[2];
      }
      auto Split = rowsAndColumns(PV->Offset, Stride);
      if (!Split)
        return Fail("argument " + Spelled(R.Param) + " does not move the rows of '" +
                    R.Param + "' by whole rows and columns of " + Spelled(R.Rows.Stride->str()));
      Down = Split->first;
      S.Rows = {Stride, Moved(Split->second, R.Rows.ColLo), Moved(Split->second, R.Rows.ColHi)};
    }
    S.Lo = Moved(Down, Lo);
    S.Hi = Moved(Down, Hi);
    Out.push_back(std::move(S));
  }
  return Out;
}

std::string cleave::regionBaseName(const SiteRegion &R, const ASTContext &Ctx) {
  if (R.Base)
    return R.Base->getNameAsString();
  return Lexer::getSourceText(CharSourceRange::getTokenRange(R.Loaded->getSourceRange()),
                              Ctx.getSourceManager(), Ctx.getLangOpts())
      .str();
}

std::string cleave::siteRegionText(const SiteRegion &R, const ASTContext &Ctx) {
  auto Named = [](const SymExpr::Ptr &E) {
    if (!E)
      return E;
    SymMap Names;
    for (const std::string &Key : E->variables())
      Names[Key] = SymExpr::variable(llvm::StringRef(Key).split('@').first);
    return simplify(substitute(E, Names));
  };
  return regionText(regionBaseName(R, Ctx), Named(R.Lo), Named(R.Hi),
                    {Named(R.Rows.Stride), Named(R.Rows.ColLo), Named(R.Rows.ColHi)});
}

std::string cleave::whyRegionsMayOverlap(const TUAnalysis &A, const FunctionDecl *Caller,
                                         const SiteRegion &X, const SiteRegion &Y) {
  if (X.ReadOnly && Y.ReadOnly)
    return "";
  const ASTContext &Ctx = A.context();
  if (!X.Base || !Y.Base) {
    const SiteRegion &Loaded = X.Base ? Y : X, &Other = X.Base ? X : Y;
    return "'" + regionBaseName(Loaded, Ctx) + "', a pointer read from memory, may point into '" +
           regionBaseName(Other, Ctx) + "'";
  }
  if (X.Base != Y.Base) {
    // Two globals are two objects; an array or allocation of the caller's
    // own is neither. A global pointer may point into any of them but a
    // global whose address is never taken.
    auto Pointer = [](const VarDecl *V) { return V->hasGlobalStorage() && !globalObject(V); };
    if (Pointer(X.Base) || Pointer(Y.Base)) {
      const VarDecl *Other = Pointer(X.Base) ? Y.Base : X.Base;
      if (!Pointer(Other) && A.stable(Other))
        return "";
    } else if (X.Own || Y.Own || (globalObject(X.Base) && globalObject(Y.Base))) {
      return "";
    }
    const auto *P = dyn_cast<ParmVarDecl>(X.Base), *Q = dyn_cast<ParmVarDecl>(Y.Base);
    if (P && Q && A.distinctParams(Caller, P, Q))
      return "";
    std::string Why = "'" + X.Base->getNameAsString() + "' and '" +
                      Y.Base->getNameAsString() + "' may point into the same array";
    return P && Q ? Why + ": " + A.whyNotDistinct(Caller, P, Q) : Why;
  }
  // A global scalar is one element.
  if (globalObject(X.Base) && !X.Base->getType()->isArrayType())
    return "global '" + X.Base->getNameAsString() + "' is written by " +
           (X.ReadOnly || Y.ReadOnly ? "one of them" : "both");
  Conjunction Given = A.entryFacts(Caller);
  Given.insert(Given.end(), X.Facts.begin(), X.Facts.end());
  Given.insert(Given.end(), Y.Facts.begin(), Y.Facts.end());
  if (regionsDisjoint(X.Lo, X.Hi, X.Rows, Y.Lo, Y.Hi, Y.Rows, Given))
    return "";
  std::string Widened = !X.Widened.empty() ? X.Widened : Y.Widened;
  return siteRegionText(X, Ctx) + " and " + siteRegionText(Y, Ctx) + " may overlap" +
         (Widened.empty() ? "" : " (" + Widened + ", so the region is all of its array)");
}
