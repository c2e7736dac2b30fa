/// \file
/// Planning asynchronous calls: regions at call sites, the statements a call
/// may run beside, and the placement of joins.
#include "transform/ParallelPlan.h"

#include "analysis/LibraryEffects.h"
#include "analysis/Marshaling.h"

#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/StringExtras.h"

using namespace cleave;
using namespace clang;

namespace {

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
        Conflict = Conflict || (ME->isArrow() && !P.inLinkedStructure(ME->getBase(), Spawned));
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

  /// Whether the pointer \p E points into a linked structure the caller was
  /// passed, which the regions \p Spawned do not overlap: a parameter of the
  /// caller that it never changes, or a pointer field of a node reached from
  /// one. A function's region pragma states that its regions overlap neither
  /// one another nor the linked structures it is passed, so this holds when
  /// every region of \p Spawned lies on a parameter the pragma names.
  bool inLinkedStructure(const Expr *E, const std::vector<SiteRegion> &Spawned) const {
    for (const SiteRegion &R : Spawned)
      if (llvm::none_of(A.regions(Caller),
                        [&](const Region &CR) { return CR.Param == R.Base->getName(); }))
        return false;
    E = E->IgnoreParenImpCasts();
    while (const auto *ME = dyn_cast<MemberExpr>(E)) {
      if (!ME->isArrow() || !linkedRecord(ME->getType(), Ctx))
        return false;
      E = ME->getBase()->IgnoreParenImpCasts();
    }
    const auto *DRE = dyn_cast<DeclRefExpr>(E);
    const auto *P = DRE ? dyn_cast<ParmVarDecl>(DRE->getDecl()) : nullptr;
    return P && !Mutable.count(P) && A.passesLinkedStructure(Caller, P);
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
    for (unsigned I = 0; I < Callee->getNumParams() && I < CE->getNumArgs(); ++I)
      if (A.passesLinkedStructure(Callee, Callee->getParamDecl(I)) &&
          !CE->getArg(I)->isNullPointerConstant(Ctx, Expr::NPC_ValueDependentIsNotNull) &&
          !inLinkedStructure(CE->getArg(I), Spawned))
        return true;
    auto Theirs = callSiteRegions(A, CE, Mutable);
    if (!Theirs) {
      llvm::consumeError(Theirs.takeError());
      return true;
    }
    for (const SiteRegion &X : Spawned)
      for (const SiteRegion &Y : *Theirs)
        if (!siteRegionsDisjoint(X, Y, A.regions(Caller)))
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
    auto Mine = callSiteRegions(A, CE, Mutable);
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
