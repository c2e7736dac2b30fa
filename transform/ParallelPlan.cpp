/// \file
/// Planning asynchronous calls: regions at call sites, the statements a call
/// may run beside, and the placement of joins.
#include "transform/ParallelPlan.h"

#include "analysis/LibraryEffects.h"

#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/StringExtras.h"
#include <set>

using namespace cleave;
using namespace clang;

namespace {

/// A region of a call's pointer argument, in the caller's variables: elements
/// [Lo, Hi) from Base.
struct SiteRegion {
  const VarDecl *Base = nullptr;
  SymExpr::Ptr Lo, Hi;
  bool ReadOnly = false;
  /// The caller's variables the bounds are written in: while none of them
  /// changes, the bounds mean the same elements.
  llvm::DenseSet<const VarDecl *> Vars;
};

/// Two regions are disjoint when one provably ends before the other starts, or
/// when they lie on different parameters of a function whose pragma names both:
/// a region pragma states that its regions do not overlap one another.
bool disjoint(const SiteRegion &X, const SiteRegion &Y,
              const std::vector<Region> &CallerRegions) {
  if (X.ReadOnly && Y.ReadOnly)
    return true;
  if (X.Base != Y.Base) {
    auto Declared = [&](const VarDecl *V) {
      return isa<ParmVarDecl>(V) &&
             llvm::any_of(CallerRegions, [&](const Region &R) { return R.Param == V->getName(); });
    };
    return Declared(X.Base) && Declared(Y.Base);
  }
  return provablyDisjoint(X.Lo, X.Hi, Y.Lo, Y.Hi);
}

/// The variables an expression reads.
class VarRefs : public RecursiveASTVisitor<VarRefs> {
public:
  std::set<const VarDecl *> Vars;
  bool VisitDeclRefExpr(DeclRefExpr *DRE) {
    if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl()))
      Vars.insert(VD);
    return true;
  }
};

/// Whether a statement can move control past a join placed after it or enter
/// the statements between a spawn and its join.
class JumpFinder : public RecursiveASTVisitor<JumpFinder> {
public:
  bool Found = false;
  bool VisitReturnStmt(ReturnStmt *) { return !(Found = true); }
  bool VisitBreakStmt(BreakStmt *) { return !(Found = true); }
  bool VisitContinueStmt(ContinueStmt *) { return !(Found = true); }
  bool VisitGotoStmt(GotoStmt *) { return !(Found = true); }
  bool VisitIndirectGotoStmt(IndirectGotoStmt *) { return !(Found = true); }
  bool VisitLabelStmt(LabelStmt *) { return !(Found = true); }
  bool VisitSwitchCase(SwitchCase *) { return !(Found = true); }
};

class Planner {
public:
  explicit Planner(TUAnalysis &A) : A(A), Ctx(A.context()) {}

  void planFunction(const FunctionDecl *F) {
    Caller = F;
    // Variables assigned anywhere in F cannot stand for one value in a proof
    // that compares regions taken at two different statements.
    Mutable = modifiedVariables(F->getBody());

    class Blocks : public RecursiveASTVisitor<Blocks> {
    public:
      std::vector<const CompoundStmt *> Out;
      bool VisitCompoundStmt(CompoundStmt *CS) {
        Out.push_back(CS);
        return true;
      }
    } B;
    B.TraverseStmt(F->getBody());
    for (const CompoundStmt *CS : B.Out)
      planBlock(CS);

    // Self-calls that are not statements of a block were no candidates.
    class SelfCalls : public RecursiveASTVisitor<SelfCalls> {
    public:
      const Planner &P;
      std::vector<const CallExpr *> Out;
      explicit SelfCalls(const Planner &P) : P(P) {}
      bool VisitCallExpr(CallExpr *CE) {
        if (P.selfCall(CE))
          Out.push_back(CE);
        return true;
      }
    } Calls(*this);
    Calls.TraverseStmt(F->getBody());
    for (const CallExpr *CE : Calls.Out) {
      auto Planned = [&](const auto &Item) { return Item.Call == CE; };
      if (llvm::any_of(Plan.Async, Planned) || llvm::any_of(Plan.Sequential, Planned))
        continue;
      Plan.Sequential.push_back(
          {CE, valueUsed(CE) ? "its value is used where it is called"
                             : "it is not a statement of its own in a block"});
    }
  }

  /// Whether the value of \p CE is used: by an expression, an initializer, a
  /// return, or as a condition.
  bool valueUsed(const CallExpr *CE) {
    DynTypedNodeList Parents = Ctx.getParents(*CE);
    if (Parents.empty())
      return false;
    const DynTypedNode &P = Parents[0];
    if (P.get<Expr>() || P.get<Decl>() || P.get<ReturnStmt>())
      return true;
    auto IsCond = [&](const Expr *Cond) { return Cond && Cond->IgnoreParenImpCasts() == CE; };
    if (const auto *If = P.get<IfStmt>())
      return IsCond(If->getCond());
    if (const auto *While = P.get<WhileStmt>())
      return IsCond(While->getCond());
    if (const auto *Do = P.get<DoStmt>())
      return IsCond(Do->getCond());
    if (const auto *For = P.get<ForStmt>())
      return IsCond(For->getCond());
    if (const auto *Switch = P.get<SwitchStmt>())
      return IsCond(Switch->getCond());
    return false;
  }

  ParallelPlan Plan;

private:
  TUAnalysis &A;
  ASTContext &Ctx;
  const FunctionDecl *Caller = nullptr;
  llvm::DenseSet<const VarDecl *> Mutable;
  unsigned NextFuture = 1;

  const CallExpr *selfCall(const Stmt *S) const {
    const auto *CE = dyn_cast<CallExpr>(S);
    const FunctionDecl *Callee = CE ? CE->getDirectCallee() : nullptr;
    if (!Callee || Callee->getCanonicalDecl() != Caller->getCanonicalDecl())
      return nullptr;
    return CE;
  }

  /// The regions of \p CE's pointer arguments, or an explanation of why they
  /// cannot be stated in the caller's variables.
  llvm::Expected<std::vector<SiteRegion>> siteRegions(const CallExpr *CE) {
    const FunctionDecl *Callee = CE->getDirectCallee();
    auto Fail = [](const llvm::Twine &Why) {
      return llvm::createStringError(llvm::inconvertibleErrorCode(), Why);
    };
    SymMap Subst;
    std::map<std::string, const Expr *> Actuals;
    for (unsigned I = 0; I < Callee->getNumParams() && I < CE->getNumArgs(); ++I) {
      const ParmVarDecl *P = Callee->getParamDecl(I);
      Actuals[P->getNameAsString()] = CE->getArg(I);
      if (!P->getType()->isIntegerType() || CE->getArg(I)->HasSideEffects(Ctx))
        continue;
      if (SymExpr::Ptr V = symbolicValue(CE->getArg(I)))
        Subst[P->getNameAsString()] = V;
    }
    auto Spelled = [&](const std::string &Param) {
      const Expr *E = Actuals.count(Param) ? Actuals[Param] : nullptr;
      std::string Text = E ? Lexer::getSourceText(CharSourceRange::getTokenRange(
                                                      E->getSourceRange()),
                                                  Ctx.getSourceManager(), Ctx.getLangOpts())
                                 .str()
                           : "";
      return "'" + (Text.empty() ? Param : Text) + "' (for '" + Param + "')";
    };
    std::vector<SiteRegion> Out;
    for (const Region &R : A.regions(Callee)) {
      unsigned I = 0;
      while (Callee->getParamDecl(I)->getName() != R.Param)
        ++I;
      // A call through a declaration without a prototype may pass fewer.
      if (I >= CE->getNumArgs())
        return Fail("the call passes no argument for '" + R.Param + "'");
      auto PV = pointerValue(CE->getArg(I));
      if (!PV || !isa<ParmVarDecl>(PV->Base) || Mutable.count(PV->Base) ||
          CE->getArg(I)->HasSideEffects(Ctx))
        return Fail("argument " + Spelled(R.Param) +
                    " is not a parameter of the caller plus an integer offset");
      for (const SymExpr::Ptr &Bound : {R.Lo, R.Hi})
        for (const std::string &V : Bound->variables())
          if (!Subst.count(V))
            return Fail("argument " + Spelled(V) + " is not an integer expression of variables");
      SiteRegion S;
      for (const std::string &Param : R.Lo->variables())
        collectVars(Actuals[Param], S.Vars);
      for (const std::string &Param : R.Hi->variables())
        collectVars(Actuals[Param], S.Vars);
      collectVars(CE->getArg(I), S.Vars);
      S.Base = PV->Base;
      S.ReadOnly = R.ReadOnly;
      S.Lo = SymExpr::binary(SymExpr::Kind::Add, PV->Offset, substitute(R.Lo, Subst));
      S.Hi = SymExpr::binary(SymExpr::Kind::Add, PV->Offset, substitute(R.Hi, Subst));
      Out.push_back(std::move(S));
    }
    return Out;
  }

  static void collectVars(const Expr *E, llvm::DenseSet<const VarDecl *> &Out) {
    VarRefs Refs;
    Refs.TraverseStmt(const_cast<Expr *>(E));
    Out.insert(Refs.Vars.begin(), Refs.Vars.end());
  }

  /// Why \p S cannot run while a call with regions \p Spawned is in flight:
  /// it may touch them, change what their bounds are written in, or move
  /// control so that the join would be skipped; "" when it can.
  std::string conflict(const Stmt *S, const std::vector<SiteRegion> &Spawned) {
    JumpFinder Jumps;
    Jumps.TraverseStmt(const_cast<Stmt *>(S));
    if (Jumps.Found)
      return "may jump past its join";
    llvm::DenseSet<const VarDecl *> Changed = modifiedVariables(S);
    for (const SiteRegion &R : Spawned)
      for (const VarDecl *V : R.Vars)
        if (Changed.count(V))
          return "changes '" + V->getNameAsString() + "', in which its regions are written";
    if (touches(S, Spawned))
      return "may touch what it reads or writes";
    return "";
  }

  /// Whether \p S may touch the regions \p Spawned.
  bool touches(const Stmt *S, const std::vector<SiteRegion> &Spawned) {
    class Access : public RecursiveASTVisitor<Access> {
    public:
      Planner &P;
      const std::vector<SiteRegion> &Spawned;
      bool Conflict = false;
      Access(Planner &P, const std::vector<SiteRegion> &Spawned)
          : P(P), Spawned(Spawned) {}
      bool VisitCallExpr(CallExpr *CE) {
        Conflict = Conflict || P.callConflicts(CE, Spawned);
        return !Conflict;
      }
      bool VisitUnaryOperator(UnaryOperator *UO) {
        Conflict = Conflict || UO->getOpcode() == UO_Deref;
        return !Conflict;
      }
      bool VisitMemberExpr(MemberExpr *ME) {
        Conflict = Conflict || ME->isArrow();
        return !Conflict;
      }
      bool VisitArraySubscriptExpr(ArraySubscriptExpr *ASE) {
        // An array of the caller's own frame cannot be inside a region the
        // caller received through its parameters.
        const auto *DRE = dyn_cast<DeclRefExpr>(ASE->getBase()->IgnoreParenImpCasts());
        const auto *VD = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
        bool Local = VD && VD->hasLocalStorage() && !isa<ParmVarDecl>(VD) &&
                     VD->getType()->isArrayType();
        Conflict = Conflict || !Local;
        return !Conflict;
      }
    } Visitor(*this, Spawned);
    Visitor.TraverseStmt(const_cast<Stmt *>(S));
    return Visitor.Conflict;
  }

  /// Whether the call \p CE may touch \p Spawned: it does unless its function
  /// touches nothing but its regions and those are disjoint from \p Spawned.
  bool callConflicts(const CallExpr *CE, const std::vector<SiteRegion> &Spawned) {
    const FunctionDecl *Callee = CE->getDirectCallee();
    if (!Callee)
      return true;
    if (!Callee->hasBody()) {
      // A pure library function reads only its arguments' values.
      const LibraryEffect *Known =
          Callee->getIdentifier() ? libraryEffect(Callee->getName()) : nullptr;
      return !Known || Known->Kind != LibraryEffectKind::Pure;
    }
    const std::vector<std::string> &Why = A.remoteBlockers(Callee);
    if (!Why.empty())
      return true;
    auto Theirs = siteRegions(CE);
    if (!Theirs) {
      llvm::consumeError(Theirs.takeError());
      return true;
    }
    for (const SiteRegion &X : Spawned)
      for (const SiteRegion &Y : *Theirs)
        if (!disjoint(X, Y, A.regions(Caller)))
          return true;
    return false;
  }

  void planBlock(const CompoundStmt *CS) {
    std::vector<const Stmt *> Stmts(CS->body_begin(), CS->body_end());
    for (size_t I = 0; I < Stmts.size(); ++I) {
      const CallExpr *CE = selfCall(Stmts[I]);
      if (!CE)
        continue;
      if (std::string Why = whySequential(CE, Stmts, I, CS); !Why.empty())
        Plan.Sequential.push_back({CE, Why});
    }
  }

  /// Plans the self-call Stmts[I]; returns why it stays sequential, or "" when
  /// it was made asynchronous.
  std::string whySequential(const CallExpr *CE, const std::vector<const Stmt *> &Stmts,
                            size_t I, const CompoundStmt *CS) {
    const FunctionDecl *Callee = CE->getDirectCallee();
    if (CE->getBeginLoc().isMacroID())
      return "it is written inside a macro";
    const std::vector<std::string> &Blockers = A.remoteBlockers(Callee);
    if (!Blockers.empty())
      return "'" + Callee->getNameAsString() + "' " + llvm::join(Blockers, "; ");
    auto Mine = siteRegions(CE);
    if (!Mine)
      return "the regions of its pointer arguments are unknown here: " +
             llvm::toString(Mine.takeError());
    size_t J = I + 1;
    bool Beside = false;
    std::string Why;
    for (; J < Stmts.size() && (Why = conflict(Stmts[J], *Mine)).empty(); ++J)
      Beside = Beside || selfCall(Stmts[J]);
    if (!Beside && llvm::any_of(Plan.Async, [&](const AsyncCall &AC) {
          return AC.Block == CS && keptBeside(AC, Stmts, I);
        }))
      return "it is the part kept on this node";
    if (!Beside && J == Stmts.size() && J == I + 1)
      return "it ends its block: nothing follows it to run beside it";
    if (!Beside)
      return J == I + 1 ? "the next statement " + Why
                        : "no other call of '" + Callee->getNameAsString() +
                              "' runs beside it before its results are needed";
    AsyncCall AC;
    AC.Call = CE;
    AC.Callee = Callee;
    AC.Block = CS;
    AC.JoinBefore = J < Stmts.size() ? Stmts[J] : nullptr;
    AC.Future = freshFutureName();
    Plan.Async.push_back(AC);
    if (llvm::find(Plan.Remote, Callee->getCanonicalDecl()) == Plan.Remote.end())
      Plan.Remote.push_back(Callee->getCanonicalDecl());
    return "";
  }

  /// Whether Stmts[I] lies between the spawn of \p AC and its join.
  static bool keptBeside(const AsyncCall &AC, const std::vector<const Stmt *> &Stmts,
                         size_t I) {
    size_t Spawn = llvm::find(Stmts, AC.Call) - Stmts.begin();
    size_t Join = AC.JoinBefore ? llvm::find(Stmts, AC.JoinBefore) - Stmts.begin()
                                : Stmts.size();
    return Spawn < I && I < Join;
  }

  std::string freshFutureName() {
    for (;;) {
      std::string Name = "cleave_f" + std::to_string(NextFuture++);
      if (Ctx.Idents.find(Name) == Ctx.Idents.end())
        return Name;
    }
  }
};

} // namespace

ParallelPlan cleave::planCalls(TUAnalysis &A) {
  Planner P(A);
  for (const FunctionDecl *F : A.definitions())
    if (A.isRecursive(F))
      P.planFunction(F);
  llvm::sort(P.Plan.Remote, [](const FunctionDecl *X, const FunctionDecl *Y) {
    return X->getName() < Y->getName();
  });
  return std::move(P.Plan);
}

void cleave::reportPlan(TUAnalysis &A, const ParallelPlan &Plan) {
  DiagnosticsEngine &D = A.context().getDiagnostics();
  const SourceManager &SM = A.context().getSourceManager();
  unsigned Async = D.getCustomDiagID(
      DiagnosticsEngine::Remark,
      "call to '%0' runs asynchronously on the next node of the binomial tree; "
      "joined %1");
  unsigned Seq =
      D.getCustomDiagID(DiagnosticsEngine::Remark, "call to '%0' stays sequential: %1");
  // One list in source order, so that remarks read top to bottom.
  std::vector<std::pair<SourceLocation, std::function<void()>>> Remarks;
  for (const AsyncCall &AC : Plan.Async) {
    std::string Where =
        AC.JoinBefore
            ? "before line " + std::to_string(SM.getPresumedLineNumber(AC.JoinBefore->getBeginLoc()))
            : "at the end of its block, line " +
                  std::to_string(SM.getPresumedLineNumber(AC.Block->getRBracLoc()));
    Remarks.push_back({AC.Call->getBeginLoc(), [&D, Async, AC, Where] {
                         D.Report(AC.Call->getBeginLoc(), Async)
                             << AC.Callee->getNameAsString() << Where;
                       }});
  }
  for (const SequentialCall &SC : Plan.Sequential)
    Remarks.push_back({SC.Call->getBeginLoc(), [&D, Seq, SC] {
                         D.Report(SC.Call->getBeginLoc(), Seq)
                             << SC.Call->getDirectCallee()->getNameAsString() << SC.Reason;
                       }});
  llvm::stable_sort(Remarks, [&SM](const auto &X, const auto &Y) {
    return SM.isBeforeInTranslationUnit(X.first, Y.first);
  });
  for (auto &R : Remarks)
    R.second();
}
