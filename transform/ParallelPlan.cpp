/// \file
/// Planning asynchronous calls: regions at call sites, the statements a call
/// may run beside, and the placement of joins.
#include "transform/ParallelPlan.h"

#include "analysis/LibraryEffects.h"
#include "analysis/Marshaling.h"
#include "analysis/Presburger.h"

#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SaveAndRestore.h"
#include <set>

using namespace cleave;
using namespace clang;

namespace {

/// The variable \p E names, or is an element or member of, through
/// subscripts of arrays (not of pointers) and `.`: `grid` for `grid[i][j]`
/// and for `s.a[i]`; null for any other expression.
const VarDecl *objectOf(const Expr *E) {
  E = E->IgnoreParenImpCasts();
  for (;;) {
    if (const auto *ASE = dyn_cast<ArraySubscriptExpr>(E);
        ASE && ASE->getBase()->IgnoreParenImpCasts()->getType()->isArrayType())
      E = ASE->getBase()->IgnoreParenImpCasts();
    else if (const auto *ME = dyn_cast<MemberExpr>(E); ME && !ME->isArrow())
      E = ME->getBase()->IgnoreParenImpCasts();
    else
      break;
  }
  const auto *DRE = dyn_cast<DeclRefExpr>(E);
  return DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
}

/// How many times \p S names \p V outside the calls of \p Skip.
unsigned countMentions(const Stmt *S, const VarDecl *V, const CallSet &Skip = {}) {
  return mentionsOf(S, V, Skip).size();
}

bool mentions(const Stmt *S, const VarDecl *V, const CallSet &Skip = {}) {
  return countMentions(S, V, Skip) > 0;
}

/// The variables of \p F that may hold different values where it reads
/// them: those its analyzed body modifies, but those set once (setOnce).
llvm::DenseSet<const VarDecl *> changingVariables(ASTContext &Ctx, const FunctionDecl *F) {
  llvm::DenseSet<const VarDecl *> Out = modifiedVariables(analyzedBody(Ctx, F));
  for (const auto &[V, Value] : setOnce(F))
    Out.erase(V);
  return Out;
}

/// The calls within \p S that \p Keep accepts, in source order.
std::vector<const CallExpr *> callsIn(const Stmt *S,
                                     llvm::function_ref<bool(const CallExpr *)> Keep) {
  class Calls : public RecursiveASTVisitor<Calls> {
  public:
    llvm::function_ref<bool(const CallExpr *)> Keep;
    std::vector<const CallExpr *> Out;
    bool VisitCallExpr(CallExpr *CE) {
      if (Keep(CE))
        Out.push_back(CE);
      return true;
    }
  } Found;
  Found.Keep = Keep;
  Found.TraverseStmt(const_cast<Stmt *>(S));
  return std::move(Found.Out);
}

/// Adds to \p Out the kinds of object an lvalue of type \p T may reach
/// under C's rule of effective types (C11 6.5p7): the scalars it holds,
/// each as its canonical type without qualifiers, an integer's signedness
/// or an enumeration's name, every pointer one kind. False where one of
/// them is a character type, which may reach any object, or the type is
/// incomplete.
bool aliasKinds(ASTContext &Ctx, QualType T, llvm::SmallVectorImpl<QualType> &Out) {
  T = T.getCanonicalType().getUnqualifiedType();
  if (const ArrayType *AT = Ctx.getAsArrayType(T))
    return aliasKinds(Ctx, AT->getElementType(), Out);
  if (const auto *RT = T->getAs<RecordType>()) {
    const RecordDecl *RD = RT->getDecl()->getDefinition();
    return RD && llvm::all_of(RD->fields(), [&](const FieldDecl *F) {
             return aliasKinds(Ctx, F->getType(), Out);
           });
  }
  if (T->isIncompleteType() || T->isCharType())
    return false;
  if (T->isPointerType())
    T = Ctx.VoidPtrTy;
  else if (const auto *ET = T->getAs<EnumType>())
    T = ET->getDecl()->getIntegerType().getCanonicalType();
  if (T->isSignedIntegerType())
    T = Ctx.getCorrespondingUnsignedType(T);
  Out.push_back(T);
  return true;
}

/// Whether no object an lvalue of type \p T may reach is of one of the
/// \p Kinds (aliasKinds).
bool kindsApart(ASTContext &Ctx, QualType T, const llvm::SmallVectorImpl<QualType> &Kinds) {
  llvm::SmallVector<QualType, 4> Read;
  return aliasKinds(Ctx, T, Read) &&
         llvm::none_of(Read, [&](QualType K) { return llvm::is_contained(Kinds, K); });
}

/// What a statement of a block is, for the planner.
struct StatementShape {
  CallFormKind Form = CallFormKind::Statement;
  /// Statement and Assigned: the call; Operand: the self-calls that can be
  /// evaluated before the rest of the statement, in source order.
  std::vector<const CallExpr *> Calls;
  const VarDecl *Target = nullptr; ///< Assigned
  /// Self-calls of the statement that cannot move, and why.
  std::vector<std::pair<const CallExpr *, std::string>> Fixed;
  /// Operand: `return c ? x : f(a) + f(b);`, the `?:` whose branch Branch
  /// holds Calls; the statement reads as `if (c) return x; else return
  /// f(a) + f(b);`.
  const ConditionalOperator *Conditional = nullptr;
  const Expr *Branch = nullptr;
};

class Planner {
public:
  Planner(TUAnalysis &A, const CallOverrides &Overrides)
      : A(A), Ctx(A.context()), Overrides(Overrides) {}
  Planner(const Planner &) = delete;
  Planner &operator=(const Planner &) = delete;
  ~Planner() {
    if (Narrowed)
      Ctx.setTraversalScope({Ctx.getTranslationUnitDecl()});
  }

  /// Whether no pointer other than the parameter \p P of \p F may keep its
  /// address (keptNowhere).
  bool keptNowhere(const FunctionDecl *F, const ParmVarDecl *P) {
    llvm::SmallPtrSet<const VarDecl *, 8> Seen{P};
    return !escapingMention(F, P, Seen);
  }

  /// Plans the calls of \p F: the self-calls of a recursive function, and
  /// the calls of loops of any.
  void planFunction(const FunctionDecl *F) {
    Caller = F;
    Scope.clear();
    // Variables assigned anywhere in F cannot stand for one value in a proof
    // that compares regions taken at two different statements. Parameters
    // that a leading statement only permutes are each one value after it
    // (analyzedBody), where every call is: the facts about them (regions
    // apart, entry facts) hold of each permutation, for the analysis saw it
    // as a call. A variable set once before it is read is one value too.
    Mutable = changingVariables(Ctx, F);
    AddressTaken = addressTakenVariables(F->getBody());

    // Blocks first, then statements with operand calls outside blocks (the
    // body of an `if`, a loop, a label).
    class Statements : public RecursiveASTVisitor<Statements> {
    public:
      std::vector<const CompoundStmt *> Blocks;
      std::vector<const Stmt *> Loose;
      const Planner &P;
      explicit Statements(const Planner &P) : P(P) {}
      void loose(const Stmt *S) {
        if (S && !isa<CompoundStmt>(S))
          Loose.push_back(S);
      }
      bool VisitCompoundStmt(CompoundStmt *CS) {
        Blocks.push_back(CS);
        return true;
      }
      bool VisitIfStmt(IfStmt *If) {
        loose(If->getThen());
        loose(If->getElse());
        return true;
      }
      bool VisitWhileStmt(WhileStmt *W) { return loose(W->getBody()), true; }
      bool VisitDoStmt(DoStmt *D) { return loose(D->getBody()), true; }
      bool VisitForStmt(ForStmt *For) { return loose(For->getBody()), true; }
      bool VisitLabelStmt(LabelStmt *L) { return loose(L->getSubStmt()), true; }
      bool VisitCaseStmt(CaseStmt *C) { return loose(C->getSubStmt()), true; }
      bool VisitDefaultStmt(DefaultStmt *D) { return loose(D->getSubStmt()), true; }
      bool VisitStmt(Stmt *S) {
        if (loopBody(S))
          Loops.push_back(S);
        return true;
      }
      std::vector<const Stmt *> Loops;
    } Found(*this);
    Found.TraverseStmt(F->getBody());
    // A loop's self-call, or where it makes none, its one call of another
    // function of the program (main's loop over rows).
    for (const Stmt *L : Found.Loops) {
      std::vector<const CallExpr *> Self = selfCallsIn(L);
      planLoop(L, Self.empty() ? programCallsIn(L) : Self);
    }
    for (AsyncCall &AC : Plan.Async)
      if (AC.Form == CallFormKind::Iteration && !AC.Rest && llvm::is_contained(Found.Loops, AC.Loop))
        widenNest(AC);
    for (auto &[CE, Why] : LoopWhy)
      if (!planned(CE))
        Plan.Sequential.push_back({CE, std::move(Why)});
    LoopWhy.clear();
    if (!A.isRecursive(F))
      return;
    for (const CompoundStmt *CS : Found.Blocks)
      planBlock(CS);
    for (const Stmt *S : Found.Loose)
      planStatement(S, nullptr, 0);

    // Calls of recursive functions planned nowhere else.
    for (const CallExpr *CE : recursiveCallsIn(F->getBody()))
      if (!planned(CE))
        Plan.Sequential.push_back({CE, whyUnplanned(CE)});
  }

  ParallelPlan Plan;

private:
  TUAnalysis &A;
  ASTContext &Ctx;
  const CallOverrides &Overrides;
  const FunctionDecl *Caller = nullptr;
  /// The function whose nodes parentOf is asked about, when not Caller
  /// (escapingMention follows a pointer into the functions it is passed to).
  const FunctionDecl *Within = nullptr;
  /// The functions the context's parent map covers, once Narrowed from the
  /// whole file.
  std::vector<Decl *> Scope;
  bool Narrowed = false;
  llvm::DenseSet<const VarDecl *> Mutable, AddressTaken;
  /// The calls of loops that stay sequential, and why (unspawnedInLoop).
  llvm::MapVector<const CallExpr *, std::string> LoopWhy;
  unsigned NextName = 1;

  /// \p E as written, and the line it starts on.
  std::string text(const Expr *E) const {
    return Lexer::getSourceText(CharSourceRange::getTokenRange(E->getSourceRange()),
                                Ctx.getSourceManager(), Ctx.getLangOpts())
        .str();
  }
  std::string line(const Stmt *E) const {
    return std::to_string(Ctx.getSourceManager().getPresumedLineNumber(E->getBeginLoc()));
  }

  bool planned(const CallExpr *CE) const {
    auto Is = [&](const auto &Item) { return Item.Call == CE; };
    return llvm::any_of(Plan.Async, Is) || llvm::any_of(Plan.Sequential, Is);
  }

  const CallExpr *selfCall(const Stmt *S) const {
    const auto *CE = dyn_cast_or_null<CallExpr>(S);
    const FunctionDecl *Callee = CE ? CE->getDirectCallee() : nullptr;
    if (!Callee || Callee->getCanonicalDecl() != Caller->getCanonicalDecl())
      return nullptr;
    return CE;
  }


  /// The self-calls within \p S, in source order.
  std::vector<const CallExpr *> selfCallsIn(const Stmt *S) const {
    return callsIn(S, [this](const CallExpr *CE) { return selfCall(CE) != nullptr; });
  }

  /// \p S when it is a call of a recursive function of the program, the
  /// caller's own (a self-call) or another's (lu's calls of the solves
  /// beside each other, a solve's calls of the helper it recurses through):
  /// the calls the blocks of a recursive function may spawn.
  const CallExpr *recursiveCall(const Stmt *S) const {
    if (const CallExpr *CE = selfCall(S))
      return CE;
    const auto *CE = dyn_cast_or_null<CallExpr>(S);
    const FunctionDecl *Callee = CE ? CE->getDirectCallee() : nullptr;
    return Callee && A.ofProgram(Callee) && A.isRecursive(Callee) ? CE : nullptr;
  }

  /// The calls of recursive functions within \p S, in source order.
  std::vector<const CallExpr *> recursiveCallsIn(const Stmt *S) const {
    return callsIn(S, [this](const CallExpr *CE) { return recursiveCall(CE) != nullptr; });
  }

  /// The calls within \p S of functions the program defines, here or in
  /// another of its files, in source order, but those that compute an
  /// integer expression of their arguments (`imin(b + 64, n)`), which stand
  /// for that expression.
  std::vector<const CallExpr *> programCallsIn(const Stmt *S) const {
    return callsIn(S, [this](const CallExpr *CE) {
      const FunctionDecl *Callee = CE->getDirectCallee();
      return Callee && A.ofProgram(Callee) &&
             (!Callee->getDefinition() || !symbolicValue(CE, nullptr, &Callee->getASTContext()));
    });
  }

  /// The parent of \p N, a node of the function being planned (or of
  /// Within), as a statement or declaration. The context's parent map
  /// covers the functions asked about while one is planned: the map of the
  /// whole file took a tenth of the time of `parallelize` on a file of
  /// 3,000 functions, few of which ask.
  DynTypedNode parentOf(const DynTypedNode &N) {
    auto *Of = const_cast<FunctionDecl *>(Within ? Within : Caller);
    if (Of && !llvm::is_contained(Scope, Of)) {
      Scope.push_back(Of);
      Ctx.setTraversalScope(Scope);
      Narrowed = true;
    }
    DynTypedNodeList Parents = Ctx.getParents(N);
    return Parents.empty() ? DynTypedNode() : Parents[0];
  }

  /// Why the self-call \p CE, which no statement of a block holds as a call,
  /// an assignment or an operand, stays sequential: where it stands.
  std::string whyUnplanned(const CallExpr *CE) {
    DynTypedNode Child = DynTypedNode::create(*CE);
    for (DynTypedNode P = parentOf(Child); !P.get<Decl>(); Child = P, P = parentOf(P)) {
      const Stmt *S = P.get<Stmt>();
      if (!S)
        break;
      if (isa<Expr>(S))
        continue;
      auto In = [&](const Stmt *Part) { return Part && Part == Child.get<Stmt>(); };
      if (const auto *If = dyn_cast<IfStmt>(S); If && In(If->getCond()))
        return "its value is tested by the condition of an 'if'";
      if (const auto *W = dyn_cast<WhileStmt>(S); W && In(W->getCond()))
        return "its value is tested by the condition of a 'while' loop";
      if (const auto *D = dyn_cast<DoStmt>(S); D && In(D->getCond()))
        return "its value is tested by the condition of a 'do' loop";
      if (const auto *F = dyn_cast<ForStmt>(S); F && (In(F->getCond()) || In(F->getInc()) || In(F->getInit())))
        return "it is part of the header of a 'for' loop";
      if (const auto *Sw = dyn_cast<SwitchStmt>(S); Sw && In(Sw->getCond()))
        return "its value selects the case of a 'switch'";
      break;
    }
    return "its value is used where it is called";
  }

  /// Why the self-call \p CE, inside the full expression of statement \p S,
  /// cannot be evaluated before the rest of S; "" when it can: every step up
  /// to S is an operand C evaluates unconditionally and in no fixed order
  /// with the others.
  std::string whyFixed(const CallExpr *CE, const Stmt *S) {
    if (CE == S)
      return "";
    DynTypedNode Child = DynTypedNode::create(*CE);
    for (;;) {
      DynTypedNode P = parentOf(Child);
      if (const auto *PS = P.get<Stmt>(); PS == S)
        return "";
      if (const auto *VD = P.get<VarDecl>()) {
        if (VD->getInit() != Child.get<Expr>())
          return "its value is used where it is called";
        Child = P;
        continue;
      }
      const Expr *E = P.get<Expr>();
      if (!E)
        return "its value is used where it is called";
      if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
        switch (BO->getOpcode()) {
        case BO_LAnd:
        case BO_LOr:
          if (BO->getRHS() == Child.get<Expr>())
            return "it is evaluated only when the left operand of '" +
                   BO->getOpcodeStr().str() + "' allows it";
          return "its value decides whether the right operand of '" +
                 BO->getOpcodeStr().str() + "' is evaluated";
        case BO_Comma:
          return "it is an operand of a comma operator, which orders evaluation";
        default:
          if (BO->isAssignmentOp() && BO->getLHS() == Child.get<Expr>())
            return "its value is used where it is called";
        }
      } else if (const auto *UO = dyn_cast<UnaryOperator>(E)) {
        if (UO->isIncrementDecrementOp() || UO->getOpcode() == UO_AddrOf)
          return "its value is used where it is called";
      } else if (isa<AbstractConditionalOperator>(E)) {
        return "it is an operand of '?:', which evaluates one of its branches";
      } else if (const auto *Outer = dyn_cast<CallExpr>(E)) {
        if (Outer->getCallee() == Child.get<Expr>())
          return "its value is called";
        if (recursiveCall(Outer))
          return "its value is an argument of another call of '" +
                 Outer->getDirectCallee()->getNameAsString() + "'";
      } else if (!isa<ParenExpr>(E) && !isa<CastExpr>(E)) {
        return "its value is used where it is called";
      }
      Child = P;
    }
  }

  /// What statement \p S of a block is. \p InBlock: Statement and Assigned
  /// forms need a block.
  StatementShape shapeOf(const Stmt *S, bool InBlock) {
    StatementShape Shape;
    if (const CallExpr *CE = recursiveCall(S); CE && InBlock) {
      Shape.Calls = {CE};
      return Shape;
    }
    // x = f(..); or T x = f(..);
    const VarDecl *Target = nullptr;
    const Expr *Value = nullptr;
    if (const auto *BO = dyn_cast<BinaryOperator>(S); BO && BO->getOpcode() == BO_Assign)
      if (const auto *DRE = dyn_cast<DeclRefExpr>(BO->getLHS()->IgnoreParens())) {
        Target = dyn_cast<VarDecl>(DRE->getDecl());
        Value = BO->getRHS();
      }
    if (const auto *DS = dyn_cast<DeclStmt>(S); DS && DS->isSingleDecl())
      if (const auto *VD = dyn_cast<VarDecl>(DS->getSingleDecl()); VD && VD->getInit()) {
        Target = VD;
        Value = VD->getInit();
      }
    if (const CallExpr *CE = Value ? recursiveCall(Value->IgnoreParenImpCasts()) : nullptr;
        CE && InBlock && Target->hasLocalStorage() && !isa<ParmVarDecl>(Target) &&
        (Target->getType()->isScalarType() || Target->getType()->isStructureType()) &&
        !Target->getType().isConstQualified() &&
        !Target->getType().isVolatileQualified() && !AddressTaken.count(Target)) {
      Shape.Form = CallFormKind::Assigned;
      Shape.Calls = {CE};
      Shape.Target = Target;
      return Shape;
    }
    // Operands of the statement's full expression.
    Shape.Form = CallFormKind::Operand;
    bool InMacro = S->getBeginLoc().isMacroID() || S->getEndLoc().isMacroID();
    std::vector<const Stmt *> Roots;
    std::vector<const VarDecl *> Declared;
    const auto *RS = dyn_cast<ReturnStmt>(S);
    const auto *CO = RS && RS->getRetValue()
                         ? dyn_cast<ConditionalOperator>(RS->getRetValue()->IgnoreParens())
                         : nullptr;
    if (CO && !InMacro && !CO->getQuestionLoc().isMacroID() && !CO->getColonLoc().isMacroID() &&
        recursiveCallsIn(CO->getCond()).empty()) {
      // The branch with more such calls; the other's stay where they are.
      std::vector<const CallExpr *> InTrue = recursiveCallsIn(CO->getTrueExpr()),
                                    InFalse = recursiveCallsIn(CO->getFalseExpr());
      bool True = InTrue.size() >= InFalse.size();
      Shape.Conditional = CO;
      Shape.Branch = True ? CO->getTrueExpr() : CO->getFalseExpr();
      Roots.push_back(Shape.Branch);
      for (const CallExpr *CE : True ? InFalse : InTrue)
        Shape.Fixed.push_back({CE, whyFixed(CE, S)});
    } else if (RS && RS->getRetValue())
      Roots.push_back(RS->getRetValue());
    else if (isa<Expr>(S))
      Roots.push_back(S);
    else if (const auto *DS = dyn_cast<DeclStmt>(S); DS && InBlock)
      for (const Decl *D : DS->decls())
        if (const auto *VD = dyn_cast<VarDecl>(D)) {
          Declared.push_back(VD);
          if (VD->getInit())
            Roots.push_back(VD->getInit());
        }
    std::vector<const CallExpr *> Calls;
    for (const Stmt *Root : Roots)
      llvm::append_range(Calls, recursiveCallsIn(Root));
    for (const CallExpr *CE : Calls) {
      std::string Why = whyFixed(CE, Shape.Branch ? static_cast<const Stmt *>(Shape.Branch) : S);
      if (Why.empty() && (InMacro || CE->getBeginLoc().isMacroID()))
        Why = "it is written inside a macro";
      if (Why.empty())
        for (const Expr *Arg : CE->arguments())
          if (Arg->HasSideEffects(Ctx))
            Why = "its arguments have side effects, which must happen where it is called";
      // `int l = f(a), r = f(l);`: the arguments are evaluated before the
      // declaration.
      for (const VarDecl *VD : Declared)
        if (Why.empty() && mentions(CE, VD))
          Why = "its arguments use '" + VD->getNameAsString() +
                "', declared by the same declaration";
      if (Why.empty())
        Shape.Calls.push_back(CE);
      else
        Shape.Fixed.push_back({CE, Why});
    }
    return Shape;
  }

  /// Why \p S cannot run while a call with regions \p Spawned, whose value
  /// goes to \p Target, is in flight: it may touch the regions, change what
  /// their bounds are written in, read or write the target, or move control
  /// so that the join would be skipped; "" when it can. The calls of \p Skip
  /// are left out: they are checked, and evaluated, on their own.
  std::string conflict(const Stmt *S, const std::vector<SiteRegion> &Spawned,
                       const VarDecl *Target, const CallSet &Skip = {}) {
    if (hasJump(S))
      return "may jump past its join";
    llvm::DenseSet<const VarDecl *> Changed = modifiedVariables(S);
    for (const SiteRegion &R : Spawned)
      for (const VarDecl *V : R.Vars)
        if (Changed.count(V))
          return "changes '" + V->getNameAsString() + "', in which its regions are written";
    if (Target && mentions(S, Target, Skip))
      return "uses '" + Target->getNameAsString() + "', which its value is assigned to";
    if (std::string Why = whyTouches(S, Spawned, Skip); !Why.empty())
      return "may touch what it reads or writes (" + Why + ")";
    return "";
  }

  /// Whether \p S, an `if` with a branch that ends in a `return`, can run
  /// beside a call with regions \p Spawned and value target \p Target once
  /// the call is joined at the start of each branch that needs it: "" when
  /// it can (those branches are added to \p Exits), or why not: its
  /// condition conflicts with the call, or a branch that does conflict does
  /// not end in a `return` or holds a label or goto that could pass that
  /// join. std::nullopt when \p S is no such `if`.
  std::optional<std::string> whyNoExitJoins(const Stmt *S, const std::vector<SiteRegion> &Spawned,
                                            const VarDecl *Target,
                                            std::vector<const Stmt *> &Exits) {
    const auto *If = dyn_cast<IfStmt>(S);
    if (!If || If->getInit() || If->getConditionVariableDeclStmt() ||
        (!endsInReturn(If->getThen()) && !endsInReturn(If->getElse())))
      return std::nullopt;
    if (std::string Why = conflict(If->getCond(), Spawned, Target); !Why.empty())
      return "has a condition that " + Why;
    std::vector<const Stmt *> Found;
    for (const Stmt *Branch : {If->getThen(), If->getElse()}) {
      if (!Branch)
        continue;
      std::string Why = conflict(Branch, Spawned, Target);
      if (Why.empty())
        continue;
      std::string Line = std::to_string(
          Ctx.getSourceManager().getPresumedLineNumber(Branch->getBeginLoc()));
      if (!endsInReturn(Branch))
        return "has a branch, at line " + Line + ", that does not end in a return and " + Why;
      // A label or case inside could be entered past the join, and a goto
      // could reach the join after the branch's.
      class Entries : public RecursiveASTVisitor<Entries> {
      public:
        bool Found = false;
        bool VisitLabelStmt(LabelStmt *) { return !(Found = true); }
        bool VisitSwitchCase(SwitchCase *) { return !(Found = true); }
        bool VisitGotoStmt(GotoStmt *) { return !(Found = true); }
        bool VisitIndirectGotoStmt(IndirectGotoStmt *) { return !(Found = true); }
      } Labels;
      Labels.TraverseStmt(const_cast<Stmt *>(Branch));
      if (Labels.Found)
        return "has a branch, at line " + Line + ", with a label or goto, which may pass its join";
      Found.push_back(Branch);
    }
    llvm::append_range(Exits, Found);
    return "";
  }

  /// Why \p S, but for the calls of \p Skip, may touch the regions
  /// \p Spawned; "" when it cannot.
  std::string whyTouches(const Stmt *S, const std::vector<SiteRegion> &Spawned,
                         const CallSet &Skip) {
    class Access : public RecursiveASTVisitor<Access> {
    public:
      Planner &P;
      const std::vector<SiteRegion> &Spawned;
      const CallSet &Skip;
      std::string Why;
      Access(Planner &P, const std::vector<SiteRegion> &Spawned, const CallSet &Skip)
          : P(P), Spawned(Spawned), Skip(Skip) {}
      bool TraverseCallExpr(CallExpr *CE) {
        return Skip.count(CE) ? true : RecursiveASTVisitor::TraverseCallExpr(CE);
      }
      bool VisitCallExpr(CallExpr *CE) {
        Why = P.whyCallConflicts(CE, Spawned);
        return Why.empty();
      }
      bool VisitUnaryOperator(UnaryOperator *UO) {
        if (UO->getOpcode() == UO_Deref && !readOfReadOnly(UO))
          Why = at(UO) + " may be inside them";
        return Why.empty();
      }
      bool VisitMemberExpr(MemberExpr *ME) {
        if (ME->isArrow() && !P.inLinkedStructure(ME->getBase(), Spawned) &&
            !readOfReadOnly(ME))
          Why = at(ME) + " may be inside them";
        return Why.empty();
      }
      bool VisitDeclRefExpr(DeclRefExpr *DRE) {
        // A global scalar the call touches, or a global pointer into whose
        // array it reaches (an array is touched through a subscript or a
        // pointer, checked there); with a pointer read from
        // memory, any scalar whose address a pointer may hold.
        const auto *VD = dyn_cast<VarDecl>(DRE->getDecl());
        if (!VD || VD->getType()->isArrayType())
          return true;
        bool Named = VD->hasGlobalStorage() && llvm::any_of(Spawned, [&](const SiteRegion &R) {
                       return R.Base && R.Base->getCanonicalDecl() == VD->getCanonicalDecl();
                     });
        bool Reachable = (globalObject(VD) || P.AddressTaken.count(VD)) && loaded() &&
                         !readOnlyAccess(DRE);
        if ((Named && !readOfReadOnly(DRE)) || Reachable)
          Why = at(DRE) + " may be inside them";
        return Why.empty();
      }
      bool VisitArraySubscriptExpr(ArraySubscriptExpr *ASE) {
        // An object of the caller's own is inside no region but those on it,
        // and none at a pointer read from memory unless some pointer may
        // hold it.
        const VarDecl *VD = objectOf(ASE->getBase());
        // A global array is inside no region on another object.
        bool Apart =
            VD && ((ownObject(VD, P.Mutable) &&
                    (!loaded() || readOnlyAccess(ASE) || P.whyAliased(VD).empty())) ||
                   (globalObject(VD) && llvm::all_of(Spawned, [&](const SiteRegion &R) {
                      return R.Own || (R.Base && globalObject(R.Base));
                    })));
        if ((!Apart || llvm::any_of(Spawned, [&](const SiteRegion &R) { return R.Base == VD; })) &&
            !readOfReadOnly(ASE))
          Why = at(ASE) + " may be inside them";
        return Why.empty();
      }
      /// Whether the access \p E only reads, and the call only reads its
      /// regions: reads beside reads share nothing that changes.
      bool readOfReadOnly(const Expr *E) const {
        return llvm::all_of(Spawned, [](const SiteRegion &R) { return R.ReadOnly; }) &&
               readOnlyAccess(E);
      }
      /// Whether a region lies at a pointer read from memory (which the
      /// call only reads).
      bool loaded() const {
        return llvm::any_of(Spawned, [](const SiteRegion &R) { return R.Loaded; });
      }
      /// Whether the access \p E only reads.
      bool readOnlyAccess(const Expr *E) const {
        for (DynTypedNode Up = P.parentOf(DynTypedNode::create(*E));; Up = P.parentOf(Up)) {
          const Expr *Parent = Up.get<Expr>();
          if (isa_and_nonnull<ParenExpr>(Parent))
            continue;
          if (const auto *ME = dyn_cast_or_null<MemberExpr>(Parent); ME && !ME->isArrow())
            continue;
          const auto *Cast = dyn_cast_or_null<ImplicitCastExpr>(Parent);
          if (!Cast)
            return false;
          if (Cast->getCastKind() == CK_LValueToRValue)
            return true;
          // a[i][j]: the outer subscript is the access, checked on its own.
          const auto *Outer = dyn_cast_or_null<ArraySubscriptExpr>(P.parentOf(Up).get<Expr>());
          return Cast->getCastKind() == CK_ArrayToPointerDecay && Outer &&
                 Outer->getBase() == Cast;
        }
      }
      std::string at(const Expr *E) const {
        return "the access '" + P.text(E) + "' at line " + P.line(E);
      }
    } Visitor(*this, Spawned, Skip);
    Visitor.TraverseStmt(const_cast<Stmt *>(S));
    return Visitor.Why;
  }

  /// Whether the pointer \p E points into a linked structure the caller was
  /// passed, which the regions \p Spawned do not overlap: a parameter of the
  /// caller that it never changes, or a pointer field of a node reached from
  /// one, which points into another object than every region of \p Spawned
  /// (TUAnalysis::distinctParams).
  bool inLinkedStructure(const Expr *E, const std::vector<SiteRegion> &Spawned) const {
    E = E->IgnoreParenImpCasts();
    while (const auto *ME = dyn_cast<MemberExpr>(E)) {
      if (!ME->isArrow() || !linkedRecord(ME->getType(), Ctx))
        return false;
      E = ME->getBase()->IgnoreParenImpCasts();
    }
    const auto *DRE = dyn_cast<DeclRefExpr>(E);
    const auto *P = DRE ? dyn_cast<ParmVarDecl>(DRE->getDecl()) : nullptr;
    if (!P || Mutable.count(P) || !A.passesLinkedStructure(Caller, P))
      return false;
    return llvm::all_of(Spawned, [&](const SiteRegion &R) {
      const auto *Base = dyn_cast_or_null<ParmVarDecl>(R.Base);
      return Base && A.distinctParams(Caller, Base, P);
    });
  }

  /// Why the call \p CE may touch \p Spawned; "" when its function touches
  /// nothing but its regions and those are disjoint from \p Spawned.
  std::string whyCallConflicts(const CallExpr *CE, const std::vector<SiteRegion> &Spawned) {
    const FunctionDecl *Callee = CE->getDirectCallee();
    if (!Callee)
      return "the call through a pointer at line " + line(CE) + " may touch anything";
    std::string Its = "its call of '" + Callee->getNameAsString() + "' at line " + line(CE);
    if (!Callee->hasBody() && !A.settled(Callee)) {
      // A pure library function reads only its arguments' values.
      const LibraryEffect *Known =
          Callee->getIdentifier() ? libraryEffect(Callee->getName()) : nullptr;
      return Known && Known->Kind == LibraryEffectKind::Pure
                 ? ""
                 : Its + " may touch anything: it has no definition in this program";
    }
    const std::vector<std::string> &Why = A.remoteBlockers(Callee);
    if (!Why.empty())
      return Its + " may touch anything: '" + Callee->getNameAsString() + "' " + Why.front();
    for (unsigned I = 0; I < Callee->getNumParams() && I < CE->getNumArgs(); ++I)
      if (A.passesLinkedStructure(Callee, Callee->getParamDecl(I)) &&
          !CE->getArg(I)->isNullPointerConstant(Ctx, Expr::NPC_ValueDependentIsNotNull) &&
          !inLinkedStructure(CE->getArg(I), Spawned))
        return Its + " passes a linked structure, '" + text(CE->getArg(I)) +
               "', that may hold them";
    auto Theirs = callSiteRegions(A, CE, Mutable);
    if (!Theirs)
      return Its + " touches regions unknown here: " + llvm::toString(Theirs.takeError());
    for (const SiteRegion &X : Spawned)
      for (const SiteRegion &Y : *Theirs)
        if (std::string Overlap = whyMayOverlap(X, Y); !Overlap.empty())
          return Its + ": " + Overlap;
    return "";
  }

  /// Why the call \p CE cannot be sent at all, or its regions at the call;
  /// "" when it can, with the regions in \p Regions.
  std::string whyNotRemote(const CallExpr *CE, std::vector<SiteRegion> &Regions,
                           std::string *Unproven = nullptr) {
    const FunctionDecl *Callee = CE->getDirectCallee();
    if (auto Off = Overrides.Off.find(CE); Off != Overrides.Off.end())
      return Off->second;
    if (CE->getBeginLoc().isMacroID())
      return "it is written inside a macro";
    const std::vector<std::string> &Blockers = A.remoteBlockers(Callee);
    if (!Blockers.empty())
      return "'" + Callee->getNameAsString() + "' " + Blockers.front();
    if (std::string Unshown = A.guardUnshown(CE); !Unshown.empty())
      return "'" + Callee->getNameAsString() + "' tests '" + Unshown +
             "' on entry, its regions holding only where it does, and this call does not "
             "show it";
    // Its stubs are its own file's, declared in that file's stubs header.
    if (A.settled(Callee) && signatureMentionsUntaggedRecord(Callee))
      return "'" + Callee->getNameAsString() + "' is defined in another file, " +
             llvm::sys::path::filename(A.definingFile(Callee)).str() +
             ", and its parameters or value name a struct without a tag, which this file "
             "cannot name for its stubs";
    auto Mine = callSiteRegions(A, CE, Mutable);
    if (!Mine) {
      std::string Why =
          "the regions of its pointer arguments are unknown here: " + llvm::toString(Mine.takeError());
      // Where the callee's regions are known, they are evaluated from the
      // arguments at the spawn instead, and tested at run time.
      if (!Unproven || !whyNoExtents(Callee).empty())
        return Why;
      *Unproven = std::move(Why);
      return "";
    }
    Regions = std::move(*Mine);
    return "";
  }

  /// Why the bytes a call of \p Callee may touch cannot be computed from its
  /// arguments (NAME__extents); "" when they can: it is defined in this
  /// file, may run on another node, passes no linked structure, and each
  /// region counts elements of a complete type.
  std::string whyNoExtents(const FunctionDecl *Callee) {
    const FunctionDecl *Def = Callee->getDefinition();
    if (!Def || A.settled(Callee))
      return "'" + Callee->getNameAsString() + "' is not defined in this file";
    if (const std::vector<std::string> &Why = A.remoteBlockers(Callee); !Why.empty())
      return "'" + Callee->getNameAsString() + "' " + Why.front();
    for (const ParmVarDecl *P : Def->parameters()) {
      if (A.passesLinkedStructure(Def, P))
        return "'" + Callee->getNameAsString() + "' is passed a linked structure, '" +
               P->getNameAsString() + "'";
      if (P->getType()->isPointerType() && P->getType()->getPointeeType()->isIncompleteType())
        return "'" + Callee->getNameAsString() + "' is passed '" + P->getNameAsString() +
               "', a pointer to an incomplete type";
    }
    return "";
  }

  /// The call of \p S, a statement of a block, where it can be tested at
  /// run time against spawned calls whose value goes to \p Target before
  /// it runs: `f(..);` or `x = f(..);` (`T x = f(..);`), x a local scalar
  /// whose address is not taken, S not naming Target, the call's bytes
  /// known from its arguments (whyNoExtents), and its arguments, evaluated
  /// once for the test and once for the call, free of side effects and of
  /// reads of memory that a call in flight could write. Null otherwise.
  const CallExpr *testableCall(const Stmt *S, const VarDecl *Target) {
    const Expr *E = dyn_cast<Expr>(S);
    const VarDecl *Into = nullptr;
    if (const auto *DS = dyn_cast<DeclStmt>(S)) {
      Into = DS->isSingleDecl() ? dyn_cast<VarDecl>(DS->getSingleDecl()) : nullptr;
      E = Into ? Into->getInit() : nullptr;
    }
    if (!E)
      return nullptr;
    E = E->IgnoreParens();
    if (const auto *Cast = dyn_cast<CStyleCastExpr>(E); Cast && Cast->getType()->isVoidType())
      E = Cast->getSubExpr()->IgnoreParens();
    if (const auto *BO = dyn_cast<BinaryOperator>(E); BO && BO->getOpcode() == BO_Assign) {
      const auto *DRE = dyn_cast<DeclRefExpr>(BO->getLHS()->IgnoreParens());
      Into = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
      if (!Into)
        return nullptr;
      E = BO->getRHS();
    }
    const auto *CE = dyn_cast<CallExpr>(E->IgnoreParenImpCasts());
    const FunctionDecl *Callee = CE ? CE->getDirectCallee() : nullptr;
    if (!Callee || CE->getBeginLoc().isMacroID() || CE->getEndLoc().isMacroID() ||
        S->getBeginLoc().isMacroID())
      return nullptr;
    if (Into && !plainLocal(Into))
      return nullptr;
    if ((Target && mentions(S, Target)) || !whyNoExtents(Callee).empty())
      return nullptr;
    for (const Expr *Arg : CE->arguments())
      if (Arg->HasSideEffects(Ctx) || !whyNotLocal(Arg).empty())
        return nullptr;
    return CE;
  }

  /// Whether the call \p CE surely touches what one of the regions \p Mine
  /// does, where one of them writes: the same global scalar, or elements of
  /// one variable of which one region holds the other (msort's half inside
  /// merge's whole), unless that one is empty, \p Changed (the variables
  /// set since the spawn) holding neither that variable nor one its bounds
  /// read. A run-time test would only ever find the overlap.
  bool surelyShared(const std::vector<SiteRegion> &Mine, const CallExpr *CE,
                    const llvm::DenseSet<const VarDecl *> &Changed) {
    auto Theirs = callSiteRegions(A, CE, Mutable);
    if (!Theirs) {
      llvm::consumeError(Theirs.takeError());
      return false;
    }
    for (const SiteRegion &X : Mine)
      for (const SiteRegion &Y : *Theirs) {
        if ((X.ReadOnly && Y.ReadOnly) || !X.Base || X.Base != Y.Base || Changed.count(X.Base) ||
            llvm::any_of(X.Vars, [&](const VarDecl *V) { return Changed.count(V) > 0; }))
          continue;
        if (globalObject(X.Base) && !X.Base->getType()->isArrayType())
          return true;
        Conjunction Given = A.entryFacts(Caller);
        Given.insert(Given.end(), X.Facts.begin(), X.Facts.end());
        Given.insert(Given.end(), Y.Facts.begin(), Y.Facts.end());
        if (regionInside(X.Lo, X.Hi, X.Rows, Y.Lo, Y.Hi, Y.Rows, Given) ||
            regionInside(Y.Lo, Y.Hi, Y.Rows, X.Lo, X.Hi, X.Rows, Given))
          return true;
      }
    return false;
  }

  /// Whether \p V is a local scalar that no pointer reaches: its address is
  /// never taken, and it is not volatile.
  bool plainLocal(const VarDecl *V) const {
    return V->hasLocalStorage() && V->getType()->isScalarType() && !AddressTaken.count(V) &&
           !V->getType().isVolatileQualified();
  }

  /// Why \p S may touch memory other than the caller's plain locals
  /// (plainLocal): the first read, write or call (but of a pure library
  /// function, or \p Skip, whose arguments count) that may; "" when there
  /// is none. With \p Apart, the kinds of object some calls write
  /// (writtenKinds), S may also read objects of other kinds.
  /// With \p Stores, a write of memory that a statement of its own makes
  /// (testableStore) is no touch either but added there.
  std::string whyNotLocal(const Stmt *S, const CallExpr *Skip = nullptr,
                          const llvm::SmallVectorImpl<QualType> *Apart = nullptr,
                          std::vector<const Expr *> *Stores = nullptr) {
    class Touch : public RecursiveASTVisitor<Touch> {
    public:
      Planner &P;
      const CallExpr *Skip = nullptr;
      const llvm::SmallVectorImpl<QualType> *Apart = nullptr;
      std::vector<const Expr *> *Stores = nullptr;
      bool stored(const Expr *Store, const Expr *Place) {
        if (!Stores || !P.testableStore(Store, Place))
          return false;
        Stores->push_back(Store);
        return true;
      }
      std::string Why;
      explicit Touch(Planner &P) : P(P) {}
      bool apart(QualType T) const { return Apart && kindsApart(P.Ctx, T, *Apart); }
      bool plain(const Expr *E) const {
        const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParens());
        const auto *V = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
        return V && P.plainLocal(V);
      }
      bool VisitCallExpr(CallExpr *CE) {
        const FunctionDecl *Callee = CE->getDirectCallee();
        if (CE == Skip || (Apart && Callee && P.A.ofProgram(Callee) &&
                           P.whyMayTouch(Callee, Apart).empty()))
          return true;
        const LibraryEffect *Known = Callee && !Callee->hasBody() && Callee->getIdentifier()
                                         ? libraryEffect(Callee->getName())
                                         : nullptr;
        if (!Known || Known->Kind != LibraryEffectKind::Pure)
          Why = "the call '" + P.text(CE) + "' at line " + P.line(CE);
        return Why.empty();
      }
      bool VisitImplicitCastExpr(ImplicitCastExpr *Cast) {
        if (Cast->getCastKind() == CK_LValueToRValue && !plain(Cast->getSubExpr()) &&
            !apart(Cast->getSubExpr()->getType()))
          Why = "the read '" + P.text(Cast->getSubExpr()) + "' at line " + P.line(Cast);
        return Why.empty();
      }
      bool VisitBinaryOperator(BinaryOperator *BO) {
        if (BO->isAssignmentOp() && !plain(BO->getLHS()) && !stored(BO, BO->getLHS()))
          Why = "the write '" + P.text(BO->getLHS()) + "' at line " + P.line(BO);
        return Why.empty();
      }
      bool VisitUnaryOperator(UnaryOperator *UO) {
        if (UO->isIncrementDecrementOp() && !plain(UO->getSubExpr()) &&
            !stored(UO, UO->getSubExpr()))
          Why = "the write '" + P.text(UO->getSubExpr()) + "' at line " + P.line(UO);
        return Why.empty();
      }
      bool VisitVarDecl(VarDecl *V) {
        if (!V->hasLocalStorage() || V->isStaticLocal())
          Why = "the declaration of '" + V->getNameAsString() + "'";
        return Why.empty();
      }
    } Visitor(*this);
    Visitor.Skip = Skip;
    Visitor.Apart = Apart;
    Visitor.Stores = Stores;
    Visitor.TraverseStmt(const_cast<Stmt *>(S));
    return Visitor.Why;
  }

  /// Whether \p Store, a write of \p Place, can be tested at run time
  /// against the calls of a loop still out before it runs: it is a
  /// statement of its own (of a block, a branch of an `if`, a loop's body),
  /// and Place, evaluated once for the test and once for the write, is no
  /// bit-field and has no side effects, its variables unchanged by the value
  /// written.
  bool testableStore(const Expr *Store, const Expr *Place) {
    DynTypedNode Up = parentOf(DynTypedNode::create(*Store));
    const Stmt *U = Up.get<Stmt>();
    const auto *If = dyn_cast_or_null<IfStmt>(U);
    if (!U || !(isa<CompoundStmt>(U) || loopBody(U) == Store ||
                (If && (If->getThen() == Store || If->getElse() == Store))))
      return false;
    if (Place->HasSideEffects(Ctx) || Place->refersToBitField() || Store->getBeginLoc().isMacroID() ||
        Store->getEndLoc().isMacroID())
      return false;
    const auto *BO = dyn_cast<BinaryOperator>(Store);
    return !BO || llvm::none_of(modifiedVariables(BO->getRHS()),
                                [&](const VarDecl *V) { return mentions(Place, V); });
  }

  /// Why \p S cannot run beside a spawned call whose regions are known only
  /// at run time (AsyncCall::Checked) and whose value goes to \p Target,
  /// unless tested: it may jump past the join, use the target, or touch
  /// memory; "" when it can.
  std::string uncheckedConflict(const Stmt *S, const VarDecl *Target) {
    if (hasJump(S))
      return "may jump past its join";
    if (Target && mentions(S, Target))
      return "uses '" + Target->getNameAsString() + "', which its value is assigned to";
    if (std::string Why = whyNotLocal(S); !Why.empty())
      return "may touch what it reads or writes, known only at run time (" + Why + ")";
    return "";
  }

  /// A spawned call in the plan.
  AsyncCall &spawn(const CallExpr *CE, CallFormKind Form, const Stmt *S,
                   const CompoundStmt *Block) {
    AsyncCall AC;
    AC.Call = CE;
    AC.Callee = CE->getDirectCallee();
    AC.Form = Form;
    AC.Statement = S;
    AC.Block = Block;
    AC.Future = freshName("cleave_f");
    const FunctionDecl *Canonical = AC.Callee->getCanonicalDecl();
    if (llvm::find(Plan.Remote, Canonical) == Plan.Remote.end())
      Plan.Remote.push_back(Canonical);
    Plan.Async.push_back(std::move(AC));
    return Plan.Async.back();
  }

  /// Gives \p AC the calls \p Tested at run time against it, whose
  /// functions' stubs then give the bytes a call may touch.
  void tested(AsyncCall &AC, std::vector<AsyncCall::TestedCall> Tested) {
    AC.TestedBy = std::move(Tested);
    for (const AsyncCall::TestedCall &T : AC.TestedBy)
      for (const FunctionDecl *F : {AC.Callee, T.Call->getDirectCallee()}) {
        const FunctionDecl *Canonical = F->getCanonicalDecl();
        if (!llvm::is_contained(Plan.Extents, Canonical))
          Plan.Extents.push_back(Canonical);
        if (!llvm::is_contained(Plan.Remote, Canonical))
          Plan.Remote.push_back(Canonical);
      }
  }

  /// Spans of the block being planned: the statement index of each spawn
  /// and of its join (the block's size: its end), and whether the join
  /// stands inside that statement.
  struct Span {
    size_t Spawn, Join;
    bool Inside;
  };
  std::vector<Span> Spans;

  /// Whether statement \p I of the block runs between a spawn and its join:
  /// its calls are then the part kept on this node.
  bool keptBeside(size_t I) const {
    return llvm::any_of(Spans, [&](const Span &S) {
      return S.Spawn < I && (I < S.Join || (I == S.Join && S.Inside));
    });
  }

  void planBlock(const CompoundStmt *CS) {
    std::vector<const Stmt *> Stmts(CS->body_begin(), CS->body_end());
    Spans.clear();
    std::vector<StatementShape> Shapes;
    for (const Stmt *S : Stmts)
      Shapes.push_back(shapeOf(S, true));
    for (size_t I = 0; I < Stmts.size(); ++I) {
      const StatementShape &Shape = Shapes[I];
      if (Shape.Form == CallFormKind::Operand) {
        planStatement(Stmts[I], CS, I, &Shape);
        continue;
      }
      const CallExpr *CE = Shape.Calls.front();
      if (planned(CE))
        continue;
      if (std::string Why = planDeferred(CE, Shape, Stmts, Shapes, I, CS); !Why.empty())
        Plan.Sequential.push_back({CE, Why});
    }
    Spans.clear();
  }

  /// What a call spawned at statement I of a block may run beside: the
  /// statements up to J, where it is joined (inside J's, after its operand
  /// calls, where Inside), those tested at run time against it, and the
  /// branches that join it before they return.
  struct Reach {
    size_t J = 0;
    bool Beside = false, Inside = false;
    std::string Why; ///< why it is joined before J
    std::vector<const Stmt *> Exits;
    std::vector<AsyncCall::TestedCall> Tested;
  };

  /// The Reach of the call of statement I, whose regions at the call are
  /// \p Mine (none where the caller cannot give them); where \p Checked,
  /// they are the callee's, evaluated at the spawn, and Mine only keeps
  /// from a test a call that surely overlaps them.
  Reach reach(const StatementShape &Shape, const std::vector<SiteRegion> &Mine, bool Checked,
              const std::vector<const Stmt *> &Stmts, const std::vector<StatementShape> &Shapes,
              size_t I) {
    Reach Out;
    size_t &J = Out.J;
    std::string &Why = Out.Why;
    // The variables the statements since the spawn set, and those statement
    // J sets.
    llvm::DenseSet<const VarDecl *> Changed, Here;
    auto Advance = [&] {
      Changed.insert(Here.begin(), Here.end());
      ++J;
    };
    for (J = I + 1; J < Stmts.size(); Advance()) {
      const StatementShape &Next = Shapes[J];
      Here = modifiedVariables(Stmts[J]);
      // A call that no proof keeps apart from this one runs after a test of
      // their bytes at run time, which joins this one first where they
      // share any; not one that changes what the regions are written in,
      // which later statements are checked against.
      if (const CallExpr *Call = testableCall(Stmts[J], Shape.Target);
          Call && (Checked || !conflict(Stmts[J], Mine, Shape.Target).empty()) &&
          !surelyShared(Mine, Call, Changed) &&
          (Checked || llvm::none_of(Mine, [&](const SiteRegion &R) {
             return llvm::any_of(R.Vars, [&](const VarDecl *V) { return Here.count(V) > 0; });
           }))) {
        Out.Tested.push_back({Call, Stmts[J]});
        Out.Beside = true;
        continue;
      }
      if (Checked) {
        if (!(Why = uncheckedConflict(Stmts[J], Shape.Target)).empty())
          break;
        Out.Beside = Out.Beside || Next.Form != CallFormKind::Operand;
        continue;
      }
      if (Next.Form == CallFormKind::Operand && !Next.Calls.empty() && !Next.Branch) {
        // Its operand calls are evaluated first: they may run beside this
        // one, and the join then stands between them and the rest. (Those
        // of a `?:` branch are evaluated in it: a join there would be
        // skipped by the other branch.)
        CallSet Calls(Next.Calls.begin(), Next.Calls.end());
        bool Clash = false;
        for (const CallExpr *Call : Next.Calls)
          if (!(Why = conflict(Call, Mine, Shape.Target)).empty()) {
            Clash = true;
            break;
          }
        if (Clash)
          break;
        Out.Beside = true;
        if (!(Why = conflict(Stmts[J], Mine, Shape.Target, Calls)).empty()) {
          Out.Inside = true;
          break;
        }
        continue;
      }
      if (!(Why = conflict(Stmts[J], Mine, Shape.Target)).empty()) {
        std::optional<std::string> Exit =
            whyNoExitJoins(Stmts[J], Mine, Shape.Target, Out.Exits);
        if (Exit && Exit->empty()) {
          Why.clear();
          continue;
        }
        if (Exit)
          Why = *Exit;
        break;
      }
      Out.Beside = Out.Beside || Next.Form != CallFormKind::Operand;
    }
    return Out;
  }

  /// Plans the Statement or Assigned call \p CE, statement I of the block;
  /// returns why it stays sequential, or "" when it was made asynchronous.
  /// Where the caller cannot give its regions, or a statement before any
  /// other runs beside it stops it (`p = p + h;` changing what they are
  /// written in), the callee's regions are evaluated at the spawn instead,
  /// and the statements after it run beside it where each touches no memory
  /// or is a call tested against it at run time.
  std::string planDeferred(const CallExpr *CE, const StatementShape &Shape,
                           const std::vector<const Stmt *> &Stmts,
                           const std::vector<StatementShape> &Shapes, size_t I,
                           const CompoundStmt *CS) {
    std::vector<SiteRegion> Mine;
    std::string Unproven;
    if (std::string Why = whyNotRemote(CE, Mine, &Unproven); !Why.empty())
      return Why;
    bool Checked = !Unproven.empty();
    Reach Got = reach(Shape, Mine, Checked, Stmts, Shapes, I);
    if (!Checked && !Got.Beside && !keptBeside(I) && Got.J < Stmts.size() &&
        whyNoExtents(CE->getDirectCallee()).empty() &&
        !Overrides.Off.count(CE)) {
      Reach Tested = reach(Shape, Mine, true, Stmts, Shapes, I);
      if (Tested.Beside) {
        Checked = true;
        Unproven = "line " + line(Stmts[Got.J]) + " " + Got.Why;
        Got = std::move(Tested);
      }
    }
    auto &[J, Beside, Inside, Why, Exits, Tested] = Got;
    const std::string Name = CE->getDirectCallee()->getNameAsString();
    if (!Beside && keptBeside(I))
      return "it is the part kept on this node";
    if (!Beside && J == Stmts.size() && J == I + 1)
      return "it ends its block: nothing follows it to run beside it";
    if (!Beside)
      return J == I + 1 ? "the next statement " + Why
                        : "no other call of '" + Name +
                              "' runs beside it before its results are needed";
    AsyncCall &AC = spawn(CE, Shape.Form, Stmts[I], CS);
    AC.Target = Shape.Target;
    AC.Checked = Checked;
    AC.Unproven = std::move(Unproven);
    tested(AC, std::move(Tested));
    AC.Pretested = !AC.TestedBy.empty() && AC.TestedBy.front().Statement == Stmts[I + 1];
    AC.JoinBefore = J < Stmts.size() ? Stmts[J] : nullptr;
    AC.JoinInside = Inside;
    AC.ExitJoins = std::move(Exits);
    if (Shape.Form == CallFormKind::Assigned)
      AC.Value = freshName("cleave_v");
    Spans.push_back({I, J, Inside});
    if (Inside)
      hoist(Stmts[J], true, Shapes[J]);
    return "";
  }

  /// Plans the operand calls of statement \p S (statement I of \p Block, or
  /// alone when Block is null): every one but the last may run
  /// beside the ones after it, joined before the rest of the statement.
  void planStatement(const Stmt *S, const CompoundStmt *Block, size_t I,
                     const StatementShape *Known = nullptr) {
    StatementShape Own;
    if (!Known)
      Own = shapeOf(S, false);
    const StatementShape &Shape = Known ? *Known : Own;
    for (const auto &[CE, Why] : Shape.Fixed)
      if (!planned(CE))
        Plan.Sequential.push_back({CE, Why});
    const std::vector<const CallExpr *> &Calls = Shape.Calls;
    // The one self-call of a loop was planned with its loop.
    if (Calls.size() == 1 && planned(Calls.front()))
      return;
    // A join of an earlier statement may stand inside this one already.
    auto Earlier = llvm::find_if(Plan.Hoisted, [&](const HoistedStatement &H) { return H.S == S; });
    std::vector<std::string> Values;
    if (Earlier != Plan.Hoisted.end())
      Values = Earlier->Values;
    bool Spawned = false;
    for (size_t K = 0; K < Calls.size(); ++K) {
      const CallExpr *CE = Calls[K];
      std::vector<SiteRegion> Mine;
      std::string Unproven;
      std::string Why = whyNotRemote(CE, Mine, K + 1 < Calls.size() ? &Unproven : nullptr);
      if (Why.empty() && K + 1 == Calls.size())
        Why = Spawned || keptBeside(I)
                  ? "it is the part kept on this node"
                  : "its value is needed by its statement, and no other call of '" +
                        CE->getDirectCallee()->getNameAsString() + "' runs beside it";
      // The calls after it are evaluated beside it: each that no proof
      // keeps apart is tested at run time before it is, where it can be.
      std::vector<AsyncCall::TestedCall> Tested;
      for (size_t L = K + 1; Why.empty() && L < Calls.size(); ++L) {
        std::string Conflict = Unproven.empty() ? whyCallConflicts(Calls[L], Mine) : Unproven;
        if (Conflict.empty())
          continue;
        if (testableCall(Calls[L], nullptr) && !surelyShared(Mine, Calls[L], {})) {
          Tested.push_back({Calls[L], S});
          continue;
        }
        Why = Unproven.empty() ? "the call of '" + CE->getDirectCallee()->getNameAsString() +
                                     "' after it in its statement may touch what it reads or "
                                     "writes (" +
                                     Conflict + ")"
                               : Unproven;
      }
      if (!Why.empty()) {
        Plan.Sequential.push_back({CE, Why});
        continue;
      }
      AsyncCall &AC = spawn(CE, CallFormKind::Operand, S, Block);
      AC.Checked = !Unproven.empty();
      AC.Unproven = std::move(Unproven);
      tested(AC, std::move(Tested));
      AC.JoinBefore = S;
      AC.JoinInside = true;
      AC.Value = Values.empty() ? freshName("cleave_v") : Values[K];
      Spawned = true;
    }
    if (Spawned)
      hoist(S, Block != nullptr, Shape);
  }

  /// Plans the loop \p L when \p Calls, the calls it may spawn (its
  /// self-calls, or the calls of other functions of the program where it
  /// makes none), is one, a statement of its body (`f(..);`), a value that
  /// updates a local (`s += f(..);`) or one stored (`x[i] = f(..);`): every
  /// iteration spawns its call, joined after the loop. Other loops are left
  /// to the blocks they hold.
  void planLoop(const Stmt *L, const std::vector<const CallExpr *> &Calls) {
    // Calls of its body (not of an inner loop) whose functions write no
    // memory that outlives them (a helper that allocates a block) run in
    // place beside the one call that does.
    std::vector<const CallExpr *> Writing;
    for (const CallExpr *CE : Calls)
      if (Calls.size() == 1 || !whyMayTouch(CE->getDirectCallee(), nullptr).empty())
        Writing.push_back(CE);
    // Such a call of an inner loop is that loop's to plan.
    for (const CallExpr *CE : Calls)
      if (Writing.size() == 1 && innermostLoop(CE) != L && CE != Writing.front())
        Writing.push_back(CE);
    if (Calls.size() > 1 && Writing.size() == 1)
      for (const CallExpr *CE : Calls)
        if (CE != Writing.front())
          unspawnedInLoop(CE, "'" + CE->getDirectCallee()->getNameAsString() +
                                  "' writes no memory that outlives it: it runs in place "
                                  "beside the loop's calls of '" +
                                  Writing.front()->getDirectCallee()->getNameAsString() + "'");
    if (Calls.size() > 1 && Writing.size() != 1)
      for (const CallExpr *CE : Calls)
        unspawnedInLoop(CE, "its loop at line " + line(L) + " makes " +
                                std::to_string(Calls.size()) +
                                " calls of the program's functions; a loop's call is spawned "
                                "where it is the only one that writes memory and the others "
                                "stand in no inner loop");
    if (Writing.size() != 1 || planned(Writing.front()))
      return;
    const CallExpr *CE = Writing.front();
    if (std::vector<SiteRegion> None;
        !CE->getDirectCallee()->getDefinition() && !A.settled(CE->getDirectCallee()))
      return unspawnedInLoop(CE, whyNotRemote(CE, None));
    // The statement holding the call, and no loop between it and L. The
    // value goes straight to its place, converted as the assignment would
    // (`x[i] = f(..)`, `c[i] = (char)f(..)` for a char c), or is used by an
    // operator (`c ? f(..) : 0`, another cast) whose statement stays as
    // written.
    DynTypedNode Child = DynTypedNode::create(*CE);
    DynTypedNode P = parentOf(Child);
    auto Converts = [&](const DynTypedNode &N) {
      const auto *Cast = N.get<CStyleCastExpr>();
      DynTypedNode Up = parentOf(N);
      while (Up.get<ParenExpr>())
        Up = parentOf(Up);
      const auto *Set = Up.get<BinaryOperator>();
      return Cast && Set && Set->getOpcode() == BO_Assign &&
             Ctx.hasSameUnqualifiedType(Cast->getType(), Set->getLHS()->getType());
    };
    while (P.get<ParenExpr>() || P.get<ImplicitCastExpr>() || Converts(P))
      Child = P, P = parentOf(P);
    if (P.get<Expr>() && !P.get<BinaryOperator>() && !P.get<CallExpr>())
      return unspawnedInLoop(CE, valueUsedBy(P));
    const Expr *S = CE;
    const BinaryOperator *Update = nullptr, *Store = nullptr;
    const auto *BO = P.get<BinaryOperator>();
    if (const auto *X = P.get<VarDecl>(); X && X->getInit() == Child.get<Expr>()) {
      if (std::string Why = planRest(L, CE, X, parentOf(P).get<DeclStmt>()); !Why.empty())
        unspawnedInLoop(CE, Why);
      return;
    }
    if (BO && BO->isCompoundAssignmentOp() && BO->getRHS() == Child.get<Expr>()) {
      Update = BO;
      S = BO;
    } else if (BO && BO->getOpcode() == BO_Assign && BO->getRHS() == Child.get<Expr>()) {
      Store = BO;
      S = BO;
    } else if (Child.get<Expr>() != CE) {
      return unspawnedInLoop(CE, valueUsedBy(P));
    }
    const Stmt *Below = S;
    for (DynTypedNode Up = parentOf(DynTypedNode::create(*S));; Up = parentOf(Up)) {
      const Stmt *U = Up.get<Stmt>();
      if (!U || isa<Expr>(U))
        return unspawnedInLoop(CE, valueUsedBy(Up));
      if (U == L && Below != loopBody(L))
        return unspawnedInLoop(CE, "it is in the condition or the steps of its loop, not "
                                   "its body");
      if (U == L)
        break;
      Below = U;
      if (loopBody(U))
        return; // the inner loop plans it
      if (const auto *If = dyn_cast<IfStmt>(U); If && If->getCond()->IgnoreParenImpCasts() == S)
        return unspawnedInLoop(CE, "its value decides the 'if' at line " + line(If->getCond()));
      if (!isa<CompoundStmt>(U) && !isa<IfStmt>(U))
        return unspawnedInLoop(CE, "it stands in a '" + std::string(U->getStmtClassName()) +
                                       "' of its loop, which is spawned only from blocks and "
                                       "'if's");
    }
    if (std::string Why = CE->getDirectCallee()->getCanonicalDecl() == Caller->getCanonicalDecl()
                              ? ""
                              : whyFixedWork(CE);
        !Why.empty()) {
      Plan.Sequential.push_back({CE, Why});
      return;
    }
    std::string Unproven;
    std::vector<const Expr *> Stores;
    if (std::string Why = whyLoopSequential(L, L, CE, Update, Store, &Unproven, &Stores);
        !Why.empty()) {
      // A local the rest of the body reads (`d = dist(i); if (d < best) ..`).
      const VarDecl *X = Store ? namedVariable(Store->getLHS()) : nullptr;
      if (X && X->hasLocalStorage() && !isa<ParmVarDecl>(X) && X->getType()->isScalarType())
        Why = planRest(L, CE, X, Store);
      if (!Why.empty())
        Plan.Sequential.push_back({CE, Why});
      return;
    }
    // A tested loop evaluates the condition of the iteration where its
    // spawns stop a second time, for the rest of the loop as written.
    bool Tested = !A.isRecursive(CE->getDirectCallee()) && !Overrides.Forced.count(CE);
    if (const Expr *Cond = loopCondition(L); Tested && Cond && Cond->HasSideEffects(Ctx)) {
      Plan.Sequential.push_back(
          {CE, "the condition of its loop has side effects, and it is evaluated again where "
               "the loop stops spawning and runs the rest as written"});
      return;
    }
    AsyncCall &AC = spawn(CE, CallFormKind::Iteration, S, nullptr);
    AC.Loop = AC.Nest = L;
    AC.Update = Update;
    AC.Store = Store;
    AC.Tested = Tested;
    AC.Checked = !Unproven.empty();
    AC.Unproven = std::move(Unproven);
    AC.TestedStores = std::move(Stores);
    if (const FunctionDecl *Canonical = AC.Callee->getCanonicalDecl();
        AC.Checked && !llvm::is_contained(Plan.Extents, Canonical))
      Plan.Extents.push_back(Canonical);
    if (Update)
      AC.Target = cast<VarDecl>(cast<DeclRefExpr>(Update->getLHS()->IgnoreParens())->getDecl());
  }

  /// The loop whose body holds \p S nearest to it; null where none does
  /// in the function.
  const Stmt *innermostLoop(const Stmt *S) {
    for (DynTypedNode N = parentOf(DynTypedNode::create(*S)); !N.get<Decl>();
         N = parentOf(N)) {
      const Stmt *U = N.get<Stmt>();
      if (!U)
        return nullptr;
      if (loopBody(U))
        return U;
    }
    return nullptr;
  }

  /// Plans the call \p CE of the loop \p L whose value the statement \p First
  /// gives the local \p X (`T x = f(..);` or `x = f(..);`), read by the rest
  /// of the body, in the form AsyncCall::Rest; where L is not the innermost
  /// loop around First, that loop plans it. Returns why it stays sequential,
  /// "" when it does not or another loop plans it.
  std::string planRest(const Stmt *L, const CallExpr *CE, const VarDecl *X, const Stmt *First) {
    DynTypedNode Up = First ? parentOf(DynTypedNode::create(*First)) : DynTypedNode();
    const auto *Block = Up.get<CompoundStmt>();
    const Stmt *Around = Block ? parentOf(Up).get<Stmt>() : nullptr;
    if (Around && Around != L && loopBody(Around) == Block)
      return ""; // the inner loop plans it
    std::string Why = whyFixedWork(CE);
    if (Why.empty())
      Why = whyNoRest(L, CE, X, First);
    if (!Why.empty())
      return Why;
    AsyncCall &AC = spawn(CE, CallFormKind::Iteration, First, nullptr);
    AC.Loop = AC.Nest = L;
    AC.Rest = true;
    AC.Target = X;
    AC.Tested = !A.isRecursive(CE->getDirectCallee()) && !Overrides.Forced.count(CE);
    return "";
  }

  /// Why the call \p CE of the loop \p L, whose value the first statement
  /// \p First of L's body gives the local \p X, cannot be spawned in every
  /// iteration of a first pass of the loop, with the loop then run as
  /// written with the values: "" when it can. The rest of the body then
  /// runs after all the calls, so it may not change what the loop's header
  /// or the call's arguments read, nor leave the loop, nor touch what the
  /// calls write or write what they read.
  std::string whyNoRest(const Stmt *L, const CallExpr *CE, const VarDecl *X, const Stmt *First) {
    const auto *For = dyn_cast<ForStmt>(L);
    const auto *Body = For ? dyn_cast<CompoundStmt>(For->getBody()) : nullptr;
    std::string Name = "'" + X->getNameAsString() + "'";
    std::string Value = "its value goes to " + Name + ", which the rest of its loop reads";
    if (!First || !Body || Body->body_empty() || Body->body_front() != First)
      return Value + ", and a call whose value the loop reads is spawned only as the first "
                     "statement of the body of a 'for' loop";
    std::optional<LoopCounter> Counter = loopCounter(For, Ctx);
    const Stmt *Init = For->getInit();
    auto Pure = [&](const Stmt *S) { // sets the counter, and nothing else
      if (const auto *DS = dyn_cast_or_null<DeclStmt>(S))
        return DS->isSingleDecl() && DS->getSingleDecl() == Counter->Var &&
               (!Counter->Var->getInit() || !Counter->Var->getInit()->HasSideEffects(Ctx));
      const auto *Set = dyn_cast_or_null<BinaryOperator>(S);
      return Set && Set->getOpcode() == BO_Assign && namedVariable(Set->getLHS()) == Counter->Var &&
             !Set->getRHS()->HasSideEffects(Ctx);
    };
    if (!Counter || !For->getCond() || !For->getInc() || !Pure(Init) ||
        For->getCond()->HasSideEffects(Ctx))
      return Value + ", and its loop, which would run a second time with the values, does not "
                     "set its counter first, test it without side effects and step it by a "
                     "constant";
    const Expr *Start = isa<DeclStmt>(Init) ? Counter->Var->getInit() : cast<Expr>(Init);
    for (const Expr *E : {Start, For->getCond(), For->getInc()})
      if (const Expr *Memory = E ? memoryRead(E) : nullptr)
        return Value + ", and its loop's header reads '" + text(Memory) +
               "' from memory, which the rest of the body could change before the loop runs "
               "a second time with the values";
    if (L->getBeginLoc().isMacroID() || L->getEndLoc().isMacroID())
      return "its loop is written inside a macro";
    if (hasJump(Body))
      return Value + ", and the body may leave its turn early ('break', 'continue', 'return', "
                     "'goto' or 'case'): the calls of the later turns would be made anyway";
    if (X->getType().isVolatileQualified() || AddressTaken.count(X))
      return Value + ", whose address is taken";
    for (const VarDecl *V : modifiedVariables(Body)) {
      std::string Changed = "its loop's body changes '" + V->getNameAsString() + "', which ";
      if (mentions(Init, V) || mentions(For->getCond(), V) || mentions(For->getInc(), V))
        return Changed + "the loop's header reads: the loop runs a second time, with the "
                         "calls' values, after they are all made";
      for (const Expr *Arg : CE->arguments())
        if (mentions(Arg, V))
          return Changed + "the call's arguments read: every call is made before the rest "
                           "of the body runs";
    }
    for (const Expr *Arg : CE->arguments())
      if (const Expr *Memory = memoryRead(Arg))
        return "its argument '" + text(Arg) + "' reads '" + text(Memory) +
               "' from memory, which the rest of its loop's body could change: every call "
               "is made before the rest of the body runs";
    return whyLoopSequential(L, L, CE, nullptr, nullptr);
  }

  /// Spawns the calls of the loops around \p AC's loop too before any is
  /// joined, out to the outermost loop where that stays correct (the calls
  /// of every row of tiles at once, not one row at a time): a loop whose
  /// body holds the nest through blocks only, which makes no other call of
  /// the program, and whose iterations' calls are apart (whyLoopSequential).
  void widenNest(AsyncCall &AC) {
    for (;;) {
      DynTypedNode N = parentOf(DynTypedNode::create(*AC.Nest));
      while (N.get<CompoundStmt>())
        N = parentOf(N);
      const Stmt *Outer = N.get<Stmt>();
      if (!Outer || !loopBody(Outer) || programCallsIn(Outer) != std::vector{AC.Call} ||
          !whyLoopSequential(AC.Loop, Outer, AC.Call, AC.Update, AC.Store).empty())
        return;
      AC.Nest = Outer;
    }
  }

  /// Why a loop's call whose value \p User takes is not spawned.
  std::string valueUsedBy(const DynTypedNode &User) {
    const Stmt *U = User.get<Stmt>();
    const auto *Var = User.get<VarDecl>();
    return (Var ? "its value initializes '" + Var->getNameAsString() + "'"
            : isa_and_nonnull<Expr>(U) ? "its value is used in '" + text(cast<Expr>(U)) + "'"
            : U ? "its value is used by the '" + std::string(U->getStmtClassName()) +
                      "' at line " + line(U)
                : std::string("its value is used where it is called")) +
           "; in a loop, a call is spawned as a statement of its own, `s += f(..)` or "
           "`x[i] = f(..)`";
  }

  /// Where a loop's call \p CE stays sequential for \p Why, unless an
  /// inner loop plans it (the innermost loop speaks last) or a recursive
  /// caller's blocks may (they say why where they do not). A callee whose
  /// work is too small for a message says so first.
  void unspawnedInLoop(const CallExpr *CE, std::string Why) {
    if (A.isRecursive(Caller))
      return;
    std::string Small = whyFixedWork(CE);
    LoopWhy[CE] = Small.empty() ? std::move(Why) : std::move(Small);
  }

  /// Why the value of the loop \p L's call \p CE, with its regions \p Mine,
  /// cannot be stored into \p Place after the loop instead of in its
  /// iteration: "" when it can. Its address is taken when the call is
  /// spawned: it may read no memory, and the object it is in may be named
  /// nowhere else in the loop, nor touched by the call.
  std::string whyNotStored(const Stmt *L, const CallExpr *CE, const Expr *Place,
                           const std::vector<SiteRegion> &Mine) {
    std::string Where = "its value goes to '" + text(Place) + "'";
    if (Place->refersToBitField() || Place->HasSideEffects(Ctx))
      return Where + ", which has side effects or is a bit-field";
    const VarDecl *V = objectOf(Place);
    // An element of an allocation of the caller's own, through the pointer
    // that holds it and never changes (`y[i]` after `double *y = malloc(..)`).
    const auto *ASE = dyn_cast<ArraySubscriptExpr>(Place->IgnoreParens());
    const VarDecl *Base = ASE ? namedVariable(ASE->getBase()) : nullptr;
    if (!V && Base && Base->getType()->isPointerType() &&
        (ownObject(Base, Mutable) || isa<ParmVarDecl>(Base)))
      V = Base;
    bool Own = V && V->hasLocalStorage() && !isa<ParmVarDecl>(V) && !AddressTaken.count(V);
    // A parameter's array: the values are stored after the loop, and the
    // calls may read what earlier iterations stored there through the
    // pointers they are passed.
    if (const auto *Param = dyn_cast_or_null<ParmVarDecl>(V);
        Param && Param->getType()->isPointerType() && !Mine.empty()) {
      std::vector<std::string> Read;
      for (const SiteRegion &R : Mine)
        if (std::string Name = "'" + regionBaseName(R, Ctx) + "'"; !llvm::is_contained(Read, Name))
          Read.push_back(Name);
      return Where + ", in the array of parameter '" + Param->getNameAsString() +
             "', into which " + llvm::join(Read, " and ") +
             ", which the calls are passed, may point: each value is stored only after "
             "the loop, so a call could miss what an earlier iteration stored";
    }
    if (!V || V->getType().isVolatileQualified() || (!Own && !globalObject(V)))
      return Where + ", which is not in a variable, array or allocation of the caller's own "
                     "or a global";
    // What the subscripts read: variables only, loaded when the call is
    // spawned, which earlier iterations' calls cannot change.
    if (const Expr *Memory = memoryRead(Place))
      return Where + ", whose place reads '" + text(Memory) +
             "' from memory, which calls still running may change";
    std::string Name = "'" + V->getNameAsString() + "'";
    if (const Expr *Other = otherMention(L, V, Place))
      return Where + ", and its loop names " + Name + " elsewhere too ('" + text(Other) +
             "' at line " + line(Other) +
             ", not the iteration's own element before the call)";
    if (Own) {
      if (std::string Alias = whyAliased(V); !Alias.empty())
        return Where + ", and " + Name + " may be reached through a pointer: " + Alias;
      if (llvm::any_of(Mine, [&](const SiteRegion &R) { return R.Base == V; }))
        return Where + ", and the call is passed " + Name;
      return "";
    }
    // A global: the call may name it.
    const EffectInfo *E2 = A.effects(CE->getDirectCallee());
    std::string Key = globalKey(V->getNameAsString());
    auto Named = [&](const EffectFact &F) { return F.Name == V->getNameAsString(); };
    if (!E2 || llvm::any_of(E2->Accesses, [&](const AccessRegion &R) { return R.Param == Key; }) ||
        llvm::any_of(E2->GlobalsRead, Named) || llvm::any_of(E2->GlobalsWritten, Named))
      return Where + ", and '" + CE->getDirectCallee()->getNameAsString() + "' touches " + Name;
    return "";
  }

  /// The first mention of \p V in the loop \p L besides the place \p Place
  /// its call's value goes to that may see that value stored after the loop
  /// rather than in its iteration; null when there is none. A mention of the
  /// same element, `count[i]` with i the counter of L plus a constant, in
  /// L's body before the place (`count[i] = 0;` then, under a condition,
  /// `count[i] = f(..);`), touches only its iteration's element, before that
  /// element's value is stored.
  const Expr *otherMention(const Stmt *L, const VarDecl *V, const Expr *Place) {
    const auto *For = dyn_cast<ForStmt>(L);
    std::optional<LoopCounter> Counter = For ? loopCounter(For, Ctx) : std::nullopt;
    auto Index = [&](const Expr *E) -> SymExpr::Ptr {
      const auto *ASE = dyn_cast<ArraySubscriptExpr>(E->IgnoreParens());
      return ASE && namedVariable(ASE->getBase()) == V ? symbolicValue(ASE->getIdx(), nullptr, &Ctx)
                                                       : nullptr;
    };
    auto Same = [](const SymExpr::Ptr &X, const SymExpr::Ptr &Y) {
      return AffineForm::of(X).minus(AffineForm::of(Y)).constantValue() == 0;
    };
    SymExpr::Ptr Own = Index(Place);
    llvm::DenseSet<const VarDecl *> Changed = modifiedVariables(loopBody(L));
    if (Own && (!Counter || !AffineForm::of(Own)
                                 .minus(AffineForm::of(SymExpr::variable(symbolKey(Counter->Var))))
                                 .constantValue()))
      Own = nullptr;
    for (const std::string &Key : Own ? Own->variables() : std::vector<std::string>())
      if (llvm::any_of(Changed, [&](const VarDecl *C) { return symbolKey(C) == Key; }))
        Own = nullptr;
    const SourceManager &SM = Ctx.getSourceManager();
    const Stmt *Body = loopBody(L);
    // Where an expression is written (a macro's where the macro is used).
    auto Begin = [&](const Stmt *S) { return SM.getExpansionLoc(S->getBeginLoc()); };
    std::vector<const DeclRefExpr *> InPlace = mentionsOf(Place, V);
    for (const DeclRefExpr *M : mentionsOf(L, V)) {
      if (llvm::is_contained(InPlace, M))
        continue;
      DynTypedNode Up = parentOf(DynTypedNode::create(*M));
      while (Up.get<ImplicitCastExpr>() || Up.get<ParenExpr>())
        Up = parentOf(Up);
      const auto *Element = Up.get<ArraySubscriptExpr>();
      if (!Element)
        return M;
      // Its address kept would reach the element after the call.
      const auto *Taken = parentOf(DynTypedNode::create(*Element)).get<UnaryOperator>();
      if (!Own || (Taken && Taken->getOpcode() == UO_AddrOf) ||
          !SM.isBeforeInTranslationUnit(SM.getExpansionRange(Element->getEndLoc()).getEnd(),
                                        Begin(Place)) ||
          SM.isBeforeInTranslationUnit(Begin(Element), Begin(Body)) || !Index(Element) ||
          !Same(Index(Element), Own))
        return Element;
    }
    return nullptr;
  }

  /// The first read from memory in \p E: of anything but a local variable
  /// whose address is never taken; null when it reads none.
  const Expr *memoryRead(const Expr *E) const {
    class Loads : public RecursiveASTVisitor<Loads> {
    public:
      const Expr *Memory = nullptr;
      const llvm::DenseSet<const VarDecl *> *Taken;
      bool VisitImplicitCastExpr(ImplicitCastExpr *ICE) {
        if (ICE->getCastKind() != CK_LValueToRValue)
          return true;
        const auto *Ref = dyn_cast<DeclRefExpr>(ICE->getSubExpr()->IgnoreParens());
        const auto *Var = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
        if (!Var || !Var->hasLocalStorage() || Taken->count(Var))
          Memory = ICE;
        return !Memory;
      }
    } Reads;
    Reads.Taken = &AddressTaken;
    Reads.TraverseStmt(const_cast<Expr *>(E));
    return Reads.Memory;
  }

  /// Why the call \p CE never does more work than a message costs: "" when
  /// its function's work may grow with its data, where it has a loop or
  /// calls a function of the program (the runtime then measures whether its
  /// calls pay, clv_loop_spawns), or when a pragma forces its spawn.
  std::string whyFixedWork(const CallExpr *CE) {
    if (Overrides.Forced.count(CE))
      return "";
    const FunctionDecl *Callee = CE->getDirectCallee();
    class Loops : public RecursiveASTVisitor<Loops> {
    public:
      bool Found = false;
      bool VisitStmt(Stmt *S) { return !(Found = loopBody(S) != nullptr); }
    } Work;
    const FunctionDecl *Def = Callee->getDefinition();
    if (Def)
      Work.TraverseStmt(Def->getBody());
    return !Def || Work.Found || !programCallsIn(Def->getBody()).empty()
               ? ""
               : "'" + Callee->getNameAsString() +
                     "' has no loop and calls no function of the program: its work "
                     "is too small to pay for a message";
  }

  /// Why the call \p CE of the loop \p L, whose value goes through
  /// \p Update (or is dropped), cannot be spawned in every iteration of the
  /// loop \p Outer, L or one whose body holds L through blocks, and joined
  /// after Outer; "" when it can.
  /// With \p Unproven, a call whose regions are not known here but whose
  /// bytes are known from its arguments may be spawned under a run-time
  /// test (AsyncCall::Checked, Unproven saying why): each iteration's call,
  /// and the place its value goes to, is tested against the calls of the
  /// loop still out and their places, and the rest of the
  /// loop may touch plain locals and read objects of other kinds than the
  /// calls write (writtenKinds), or write memory in a statement tested
  /// before it runs, added to \p Stores.
  std::string whyLoopSequential(const Stmt *L, const Stmt *Outer, const CallExpr *CE,
                                const BinaryOperator *Update, const BinaryOperator *Store,
                                std::string *Unproven = nullptr,
                                std::vector<const Expr *> *Stores = nullptr) {
    std::vector<SiteRegion> Mine;
    if (std::string Why = whyNotRemote(CE, Mine, Unproven); !Why.empty())
      return Why;
    bool Checked = Unproven && !Unproven->empty();
    // Tested at run time, the place is among the bytes of its iteration
    // (AsyncCall::Checked), which the later calls are tested against.
    if (std::string Why = Store ? whyNotStored(Outer, CE, Store->getLHS(), Mine) : "";
        !Why.empty())
      return Why;
    if (Outer->getBeginLoc().isMacroID() || Outer->getEndLoc().isMacroID())
      return "its loop is written inside a macro";
    if (hasJump(loopBody(Outer), /*InLoop=*/true))
      return "a 'return' or 'goto' may leave its loop past the joins after it";
    if (Update) {
      const auto *DRE = dyn_cast<DeclRefExpr>(Update->getLHS()->IgnoreParens());
      const auto *V = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
      if (!V || !V->hasLocalStorage() || isa<ParmVarDecl>(V) || !V->getType()->isScalarType() ||
          V->getType().isVolatileQualified() || AddressTaken.count(V))
        return "its value goes to '" + text(Update->getLHS()) +
               "', which is not a local scalar of the caller";
      if (countMentions(Outer, V) != 1)
        return "its loop uses '" + V->getNameAsString() +
               "', which its value updates, elsewhere too";
    }
    // The test at run time: the rest of the loop may touch only what the
    // calls' bytes are tested against.
    auto Tested = [&]() -> std::string {
      // Where the calls may write objects of any kind (`unsigned char`
      // cells), the rest of the loop may read no memory but plain locals.
      llvm::SmallVector<QualType, 4> Kinds;
      llvm::SmallPtrSet<const FunctionDecl *, 8> Seen;
      std::string AnyKind, Why = writtenKinds(CE->getDirectCallee(), Kinds, Seen, AnyKind);
      for (const Expr *Arg : CE->arguments())
        if (Why.empty() && Arg->HasSideEffects(Ctx))
          Why = "its argument '" + text(Arg) + "' has side effects";
      if (Why.empty())
        if (std::string Touch = whyNotLocal(Outer, CE, AnyKind.empty() ? &Kinds : nullptr, Stores);
            !Touch.empty())
          Why = "its loop may touch what the calls write (" + Touch +
                (AnyKind.empty() ? "" : "; " + AnyKind) + ")";
      // The call's own place is among its bytes (AsyncCall::Checked).
      if (Stores && Store)
        llvm::erase(*Stores, Store);
      return Why.empty() ? "" : *Unproven + "; tested at run time, " + Why;
    };
    if (Checked)
      return Tested();
    // The regions every iteration has to itself; the rest must be only read.
    std::vector<SiteRegion> Shared;
    for (const SiteRegion &R : Mine) {
      std::string Why, NotOwn;
      bool Owned = ownedByIteration(L, Outer, CE, R, Why, NotOwn);
      if (!Why.empty())
        return Why;
      if (Owned) {
        if (std::string Reached = R.ReadOnly ? "" : whyOthersReach(R, Mine); !Reached.empty()) {
          std::string Why = "it writes its part of '" + R.Base->getNameAsString() +
                            "' in every iteration of its loop, and " + Reached;
          // Objects not proved apart (two global pointers) are told apart
          // by their addresses at the spawn; the same object beyond its
          // part is a dependence of the loop's.
          bool Beyond = llvm::any_of(
              Mine, [&](const SiteRegion &Other) { return &Other != &R && Other.Base == R.Base; });
          if (Beyond || !Unproven || !whyNoExtents(CE->getDirectCallee()).empty())
            return Why;
          *Unproven = std::move(Why);
          return Tested();
        }
        continue;
      }
      if (!R.ReadOnly)
        return "it writes '" + R.Base->getNameAsString() + "' in every iteration of its loop, and " +
               NotOwn;
      Shared.push_back(R);
    }
    // Regions the call only reads: the rest of the loop must not write them.
    CallSet Skip{CE};
    if (std::string Why = Shared.empty() ? "" : whyTouches(Outer, Shared, Skip); !Why.empty())
      return "its loop may write what it reads (" + Why + ")";
    return "";
  }

  /// Why a call of \p F may write memory its regions do not hold, or
  /// objects of unknown kinds (aliasKinds), as "'f' ..."; "" when the kinds
  /// it may write, through its pointer parameters or in the functions of
  /// the program it calls, are in \p Kinds, or where it writes characters,
  /// which may be any object, said in \p AnyKind. A write of a global, or
  /// of a library function (which writes bytes), may be of any kind.
  std::string writtenKinds(const FunctionDecl *F, llvm::SmallVectorImpl<QualType> &Kinds,
                           llvm::SmallPtrSetImpl<const FunctionDecl *> &Seen,
                           std::string &AnyKind) {
    const FunctionDecl *Def = F->getDefinition();
    if (!Def || !Seen.insert(Def).second)
      return "";
    std::string Name = "'" + Def->getNameAsString() + "'";
    const EffectInfo *E = A.effects(Def);
    if (!E)
      return Name + " is not defined in this file";
    if (!E->GlobalsWritten.empty())
      return Name + " writes global '" + E->GlobalsWritten.front().Name + "'";
    for (const AccessRegion &R : E->Accesses) {
      if (!R.Write || !R.Via.empty())
        continue;
      QualType T = A.regionElementOf(Def, R.Param);
      if (T.isNull() || !aliasKinds(Ctx, T, Kinds)) {
        std::string Why = Name + " writes through '" + R.Param + "' objects of any kind";
        if (T.isNull() || T->isIncompleteType())
          return Why;
        if (AnyKind.empty())
          AnyKind = Why;
      }
    }
    for (const CallExpr *Call : callsIn(Def->getBody(), [](const CallExpr *) { return true; })) {
      const FunctionDecl *Callee = Call->getDirectCallee();
      if (Callee && A.ofProgram(Callee)) {
        if (std::string Why = writtenKinds(Callee, Kinds, Seen, AnyKind); !Why.empty())
          return Why;
        continue;
      }
      const LibraryEffect *Known =
          Callee && Callee->getIdentifier() ? libraryEffect(Callee->getName()) : nullptr;
      if (!Known || Known->Args.find_first_of("wWXoD") != llvm::StringRef::npos)
        return Name + " calls '" + text(Call->getCallee()) + "', which may write bytes";
    }
    return "";
  }

  /// Why a call of \p F, defined in the program, may write memory that
  /// outlives it, or with \p Kinds (writtenKinds) read an object of one of
  /// them, as "'f' ..."; "" when it cannot. A read through a parameter is
  /// of its pointee's kinds, where F makes it itself.
  std::string whyMayTouch(const FunctionDecl *F, const llvm::SmallVectorImpl<QualType> *Kinds) {
    const FunctionDecl *Def = F->getDefinition();
    const EffectInfo *E = Def ? A.effects(Def) : nullptr;
    std::string Name = "'" + F->getNameAsString() + "'";
    if (!E)
      return Name + " is not defined in this file";
    if (!E->GlobalsWritten.empty())
      return Name + " writes global '" + E->GlobalsWritten.front().Name + "'";
    if (!E->UnknownCalls.empty() || !E->Other.empty() || !E->Allocation.empty())
      return Name + " has effects the analysis cannot follow";
    for (const AccessRegion &R : E->Accesses) {
      if (R.Write)
        return Name + " writes through '" + R.Param + "'";
      if (!Kinds)
        continue;
      QualType T = A.regionElementOf(Def, R.Param);
      if (!R.Via.empty() || T.isNull() || !kindsApart(Ctx, T, *Kinds))
        return Name + " reads through '" + R.Param + "' what the calls may write";
    }
    for (const EffectFact &G : E->GlobalsRead) {
      const VarDecl *V = Kinds ? A.global(globalKey(G.Name)) : nullptr;
      if (Kinds && (!V || !kindsApart(Ctx, V->getType(), *Kinds)))
        return Name + " reads global '" + G.Name + "', which the calls may write";
    }
    return "";
  }

  /// Why the calls of other iterations may reach the part of an object that
  /// the written region \p R, one of the call's regions \p Mine, gives each
  /// iteration: another of its regions on the same object, or on one not
  /// proved apart from it (a parameter of the caller may point into a
  /// global); "" when none may.
  std::string whyOthersReach(const SiteRegion &R, const std::vector<SiteRegion> &Mine) {
    for (const SiteRegion &Other : Mine) {
      if (&Other == &R)
        continue;
      if (Other.Base == R.Base)
        return "it " + std::string(Other.ReadOnly ? "reads" : "writes") + " '" +
               R.Base->getNameAsString() + "' outside that part too, where other iterations' "
               "calls write";
      if (std::string Why = whyMayOverlap(R, Other); !Why.empty())
        return "other iterations' calls " + std::string(Other.ReadOnly ? "read" : "write") +
               " '" + regionBaseName(Other, Ctx) + "' (" + Why + ")";
    }
    return "";
  }

  /// Whether the region \p R of the call \p CE in the loop \p L is its
  /// iteration's alone: an object the iteration allocates with alloca (a
  /// pointer declared in the loop, its memory kept until the caller
  /// returns), or the slot of an object of the caller's own, declared before
  /// the loop, of a global, or of the array of a pointer parameter that never
  /// changes, that the loop's counter selects, `&count[i]`, no two
  /// iterations' slots overlapping. No
  /// pointer may hold the object but in a call that keeps none
  /// (unaliased), and the body may touch it only before the call, in its
  /// own slot. False, with \p Why empty, when R is neither, and \p NotOwn
  /// saying why not; with \p Why set when R is one but the function breaks
  /// the rule. With \p Outer a loop around L, the iterations are those of
  /// every loop from L out to Outer.
  bool ownedByIteration(const Stmt *L, const Stmt *Outer, const CallExpr *CE,
                        const SiteRegion &R, std::string &Why, std::string &NotOwn) {
    const Stmt *Body = loopBody(L);
    const SourceManager &SM = Ctx.getSourceManager();
    const VarDecl *V = R.Base;
    if (!V)
      return false;
    // A pointer parameter of the caller's that never changes is one object
    // (its array) while the loop runs, as a global is; so is a global
    // pointer the caller never sets.
    bool Fixed = (isa<ParmVarDecl>(V) || V->isFileVarDecl()) && !Mutable.count(V);
    std::string Name = "'" + V->getNameAsString() + "'";
    if (!R.Own && !globalObject(V) && !Fixed) {
      const Expr *Change = changeOf(Caller, V);
      NotOwn = Change ? Name + " changes at line " + line(Change) +
                            ": only the parts of an array that the caller never moves are "
                            "told apart"
                      : Name + " is no array or allocation of the caller's own, global, or "
                               "parameter: its parts are not told apart";
      return false;
    }
    auto Inside = [&](SourceLocation Loc, const Stmt *S) {
      return !SM.isBeforeInTranslationUnit(Loc, S->getBeginLoc()) &&
             !SM.isBeforeInTranslationUnit(S->getEndLoc(), Loc);
    };
    const char *Does = R.ReadOnly ? "reads" : "writes";
    // An array declared in the loop is gone before the joins after it,
    // memory from malloc may be freed, and one alloca'd in the loop's
    // initialization is every iteration's.
    bool Allocated = (Inside(V->getLocation(), Body) && allocatedBy(V) == "alloca") ||
                     allocatedEachTurn(V) == L;
    if (Inside(V->getLocation(), Outer) && !Allocated) {
      Why = Name + ", which it " + Does +
            ", is declared in its loop: its memory may be gone before the joins after the loop";
      return true;
    }
    if (!Allocated) {
      const auto *For = dyn_cast<ForStmt>(L);
      std::optional<LoopCounter> Counter = For ? loopCounter(For, Ctx) : std::nullopt;
      if (!Counter) {
        NotOwn = "its loop has no counter stepped by a constant to tell its iterations' parts "
                 "apart";
        return false;
      }
      if (!slotsApart(R, *Counter, L)) {
        NotOwn = "its iteration's part, " + siteRegionText(R, Ctx) +
                 ", is not shown apart from the other iterations' (the counter '" +
                 Counter->Var->getNameAsString() + "' must move it past its end)";
        return false;
      }
      if (Outer != L && !nestApart(R, L, Outer)) {
        NotOwn = "its iteration's part, " + siteRegionText(R, Ctx) +
                 ", is not shown apart from those of the other iterations of the loop at "
                 "line " + line(Outer);
        return false;
      }
    }
    // Any function may name a global, and any pointer reach it or the array
    // of a parameter: nothing else of the loop may touch the call's part.
    if (globalObject(V) || Fixed) {
      if (std::string Touch = whyTouches(Outer, {R}, CallSet{CE}); !Touch.empty())
        Why = "its loop may touch " + Name + ", which the call " + Does + " (" + Touch + ")";
      return true;
    }
    if (std::string Alias = whyAliased(V); !Alias.empty()) {
      Why = Name + ", which it " + Does +
            " in every iteration, may be reached through another pointer: " + Alias;
      return true;
    }
    CallSet Call{CE};
    for (const DeclRefExpr *Ref : mentionsOf(Outer, V, Call)) {
      if (!Inside(Ref->getBeginLoc(), Body) ||
          !SM.isBeforeInTranslationUnit(Ref->getBeginLoc(), CE->getBeginLoc())) {
        Why = "its loop touches " + Name + ", which the call " + Does + ", after the call (line " +
              line(Ref) + ")";
        return true;
      }
      if (Allocated)
        continue;
      const ArraySubscriptExpr *ASE = subscriptOf(Ref);
      SymExpr::Ptr Index = ASE ? symbolicValue(ASE->getIdx(), &Mutable) : nullptr;
      auto Offset = Index ? AffineForm::of(Index).minus(AffineForm::of(R.Lo)).constantValue()
                          : std::nullopt;
      std::optional<int64_t> Width = slotWidth(R);
      if (!Offset || *Offset < 0 || !Width || *Offset >= *Width) {
        Why = "its loop touches " + Name + " at line " + line(Ref) +
              " outside the part its iteration's call has to itself";
        return true;
      }
    }
    return true;
  }

  /// The subscript `V[e]` whose base is the mention \p Ref of V, or null.
  const ArraySubscriptExpr *subscriptOf(const DeclRefExpr *Ref) {
    DynTypedNode P = parentOf(DynTypedNode::create(*Ref));
    while (P.get<ImplicitCastExpr>() || P.get<ParenExpr>())
      P = parentOf(P);
    const auto *ASE = P.get<ArraySubscriptExpr>();
    return ASE && ASE->getBase()->IgnoreParenImpCasts() == Ref ? ASE : nullptr;
  }

  /// whyRegionsMayOverlap, where a region at a pointer read from memory is
  /// apart from an object of the caller's own that no pointer may hold.
  std::string whyMayOverlap(const SiteRegion &X, const SiteRegion &Y) {
    const SiteRegion &Other = X.Loaded ? Y : X;
    if ((X.Loaded || Y.Loaded) && !Other.Loaded && Other.Own) {
      std::string Alias = whyAliased(Other.Base);
      if (Alias.empty())
        return "";
      return whyRegionsMayOverlap(A, Caller, X, Y) + ": " + Alias;
    }
    return whyRegionsMayOverlap(A, Caller, X, Y);
  }

  /// Why a pointer other than \p V itself may reach V's object; "" when
  /// every mention of V in the caller subscripts it (`V[e]`, its address not
  /// taken), tests it (`!V`, `V == NULL`), or passes it (`V`, `V + e`,
  /// `&V[e]`) straight to a call that keeps no pointer (keepsNoPointer).
  std::string whyAliased(const VarDecl *V) {
    llvm::SmallPtrSet<const VarDecl *, 8> Seen{V};
    const DeclRefExpr *Ref = escapingMention(Caller, V, Seen);
    return Ref ? "its mention at line " + line(Ref) + " may let a pointer keep its address"
               : "";
  }

  /// The first mention of \p V, a variable of \p F, that may let a pointer
  /// keep its address, or null (whyAliased); \p Seen holds the parameters
  /// being followed, of the calls it passes V to.
  const DeclRefExpr *escapingMention(const FunctionDecl *F, const VarDecl *V,
                                     llvm::SmallPtrSet<const VarDecl *, 8> &Seen) {
    llvm::SaveAndRestore Asking(Within, F);
    for (const DeclRefExpr *Ref : mentionsOf(F->getBody(), V)) {
      DynTypedNode Up = DynTypedNode::create(*Ref);
      if (const ArraySubscriptExpr *ASE = subscriptOf(Ref)) {
        // V[e]: an element, unless its address is taken other than for a call.
        Up = DynTypedNode::create(*ASE);
        DynTypedNode P = parentOf(Up);
        while (P.get<ParenExpr>())
          Up = P, P = parentOf(P);
        const auto *UO = P.get<UnaryOperator>();
        if (!UO || UO->getOpcode() != UO_AddrOf)
          continue;
        Up = P;
      }
      DynTypedNode P = parentOf(Up);
      while (P.get<ImplicitCastExpr>() || P.get<ParenExpr>())
        Up = P, P = parentOf(P);
      // Setting V (`v = malloc(..)`) hands its value to no other pointer.
      if (const auto *Set = P.get<BinaryOperator>();
          Set && Set->getOpcode() == BO_Assign && Set->getLHS()->IgnoreParens() == Ref)
        continue;
      // A test of V (`if (!v)`, `v == NULL`, `while (v && ...)`) keeps no pointer.
      const auto *Test = P.get<BinaryOperator>();
      const auto *Not = P.get<UnaryOperator>();
      if ((Test && (Test->isComparisonOp() || Test->isLogicalOp())) ||
          (Not && Not->getOpcode() == UO_LNot) || P.get<IfStmt>() || P.get<WhileStmt>() ||
          P.get<DoStmt>())
        continue;
      if (const auto *BO = P.get<BinaryOperator>();
          BO && (BO->getOpcode() == BO_Add || BO->getOpcode() == BO_Sub))
        Up = P, P = parentOf(P);
      while (P.get<ImplicitCastExpr>() || P.get<ParenExpr>() || P.get<CStyleCastExpr>())
        Up = P, P = parentOf(P);
      const auto *Call = P.get<CallExpr>();
      if (!Call || !keepsNoPointer(Call, Up.get<Expr>(), P, Seen))
        return Ref;
    }
    return nullptr;
  }

  /// Whether the call \p Call (the node \p P) keeps no pointer that its
  /// argument \p Arg gives it: a function of the program that may run on
  /// another node (which stores no pointer it is given), or whose parameter
  /// for it keeps none in turn (escapingMention: a routine that prints the
  /// matrix after the loop); or a library function that only reads or
  /// writes its arguments' memory, or frees it.
  bool keepsNoPointer(const CallExpr *Call, const Expr *Arg, const DynTypedNode &P,
                      llvm::SmallPtrSet<const VarDecl *, 8> &Seen) {
    const FunctionDecl *Callee = Call->getDirectCallee();
    // A pointer the call returns may be V's (memcpy returns its first).
    if (!Callee || Call->getCallee() == Arg ||
        (Call->getType()->isPointerType() && parentOf(P).get<Expr>()))
      return false;
    const LibraryEffect *Known = !Callee->hasBody() && Callee->getIdentifier()
                                     ? libraryEffect(Callee->getName())
                                     : nullptr;
    // free(V) keeps no pointer either: V's memory is gone after it, and a
    // mention of V in the loop after the call is refused on its own.
    if (Known)
      return Known->Kind == LibraryEffectKind::ArgumentMemory ||
             (Known->Kind == LibraryEffectKind::Allocation && Call->getType()->isVoidType());
    // A function of another file: as its file found (keptNowhere).
    if (const FunctionInfo *Elsewhere = A.settled(Callee)) {
      for (unsigned I = 0; I < Call->getNumArgs() && I < Elsewhere->Params.size(); ++I)
        if (Call->getArg(I) == Arg)
          return A.remoteBlockers(Callee).empty() ||
                 llvm::is_contained(Elsewhere->KeepsNoPointer, Elsewhere->Params[I].Name);
      return false;
    }
    const FunctionDecl *Def = Callee->getDefinition();
    if (!Def || !Def->hasBody())
      return false;
    if (A.remoteBlockers(Def).empty())
      return true;
    for (unsigned I = 0; I < Call->getNumArgs() && I < Def->getNumParams(); ++I) {
      if (Call->getArg(I) != Arg)
        continue;
      const ParmVarDecl *Param = Def->getParamDecl(I);
      // A parameter followed already keeps no pointer unless another of its
      // mentions says so, which that walk finds.
      return !Seen.insert(Param).second || !escapingMention(Def, Param, Seen);
    }
    return false;
  }

  /// The number of elements of \p R when it is a constant (an interval).
  static std::optional<int64_t> slotWidth(const SiteRegion &R) {
    if (R.Rows)
      return std::nullopt;
    return AffineForm::of(R.Hi).minus(AffineForm::of(R.Lo)).constantValue();
  }

  /// Whether the slots [R.Lo, R.Hi) of different iterations of \p L, which
  /// steps \p Counter, are apart: both bounds are i * F + terms that the
  /// loop leaves alone, F the same, and their width W = Hi - Lo is at most
  /// the step's shift of a slot, step * F or its negation (the constant
  /// `&count[i]` of width 1, main's rows `img + y * w` of width w). Where
  /// the shift is negative, so is W, and every slot is empty.
  bool slotsApart(const SiteRegion &R, const LoopCounter &Counter, const Stmt *L) {
    std::string Key = symbolKey(Counter.Var);
    llvm::DenseSet<const VarDecl *> Changed = modifiedVariables(L);
    for (const VarDecl *W : R.Vars)
      if (W != Counter.Var && Changed.count(W))
        return false;
    using K = SymExpr::Kind;
    // Most slots move by their width or more with each step: no question
    // to isl.
    auto Lo = splitByVariable(R.Lo, Key), Hi = splitByVariable(R.Hi, Key);
    if (Lo && Hi && Lo->first && Hi->first &&
        AffineForm::of(Lo->first).minus(AffineForm::of(Hi->first)).constantValue() == 0) {
      SymExpr::Ptr Width = SymExpr::binary(K::Sub, Hi->second, Lo->second);
      for (int64_t Sign : {1, -1}) {
        SymExpr::Ptr Shift =
            SymExpr::binary(K::Mul, SymExpr::constant(Sign * Counter.Step), Lo->first);
        std::optional<int64_t> Gap =
            AffineForm::of(SymExpr::binary(K::Sub, Shift, Width)).constantValue();
        if (Gap && *Gap >= 0)
          return true;
      }
    }
    // The others (a block's `MIN(b + 64, n)`, rows): ask isl.
    return laterApart(R, {Counter.Var}, Counter, counterFacts(cast<ForStmt>(L), Counter, Ctx));
  }

  /// Whether the slots \p R of the iterations of the loops from \p L out to
  /// \p Outer, each `for` loop with a counter, are apart between iterations
  /// of Outer: every iteration of the loops in Outer's body apart from every
  /// one of them in a later iteration of Outer (slotsApart tells the
  /// iterations of L apart, and of the loops between, where the nest was
  /// widened to them). Only the counters may change in Outer.
  bool nestApart(const SiteRegion &R, const Stmt *L, const Stmt *Outer) {
    std::vector<const VarDecl *> Counters;
    Conjunction Bounds;
    std::optional<LoopCounter> Counter;
    for (DynTypedNode N = DynTypedNode::create(*L);; N = parentOf(N)) {
      const Stmt *S = N.get<Stmt>();
      if (!S)
        return false;
      if (!loopBody(S))
        continue;
      const auto *For = dyn_cast<ForStmt>(S);
      Counter = For ? loopCounter(For, Ctx) : std::nullopt;
      if (!Counter)
        return false;
      Counters.push_back(Counter->Var);
      llvm::append_range(Bounds, counterFacts(For, *Counter, Ctx));
      if (S == Outer)
        break;
    }
    llvm::DenseSet<const VarDecl *> Changed = modifiedVariables(Outer);
    for (const VarDecl *W : R.Vars)
      if (Changed.count(W) && !llvm::is_contained(Counters, W))
        return false;
    // An inner loop's bound may read a variable that Outer's body sets
    // (`for (j = 0; j < m; j++)` after `m = ..`): it holds in each iteration,
    // with a value of that iteration's own, which the later one is not given.
    std::set<std::string> Unsteady;
    for (const VarDecl *V : Changed)
      if (!llvm::is_contained(Counters, V))
        Unsteady.insert(symbolKey(V));
    llvm::erase_if(Bounds, [&](const SymExpr::Ptr &F) {
      return llvm::any_of(F->variables(), [&](const std::string &V) { return Unsteady.count(V); });
    });
    return laterApart(R, Counters, *Counter, Bounds);
  }

  /// Whether the slot \p R of an iteration and that of every iteration a
  /// step or more later of the loop that steps \p Counter share no element,
  /// given the facts at the call and \p Bounds in both; the later one gives
  /// the variables of \p Moving, the counter among them, values of its own.
  bool laterApart(const SiteRegion &R, const std::vector<const VarDecl *> &Moving,
                  const LoopCounter &Counter, const Conjunction &Bounds) {
    using K = SymExpr::Kind;
    SymMap Later;
    for (const VarDecl *V : Moving)
      Later[symbolKey(V)] = SymExpr::variable(symbolKey(V) + "'");
    auto At = [&](const SymExpr::Ptr &E) { return E ? substitute(E, Later) : E; };
    RowShape LaterRows = R.Rows;
    if (R.Rows)
      LaterRows = {At(R.Rows.Stride), At(R.Rows.ColLo), At(R.Rows.ColHi)};
    SymExpr::Ptr Var = SymExpr::variable(symbolKey(Counter.Var));
    SymExpr::Ptr Step = SymExpr::binary(K::Sub, At(Var), Var);
    Conjunction Context{Counter.Step > 0 ? atLeast(Step, SymExpr::constant(Counter.Step))
                                         : atLeast(SymExpr::constant(Counter.Step), Step)};
    std::set<std::string> Reachable; // by a pointer, which a call may follow
    for (const VarDecl *V : AddressTaken)
      Reachable.insert(symbolKey(V));
    for (const Conjunction *Facts : {&R.Facts, &Bounds})
      for (const SymExpr::Ptr &F : *Facts)
        if (llvm::none_of(F->variables(), [&](const std::string &V) { return Reachable.count(V); }))
          Context.insert(Context.end(), {F, At(F)});
    return regionsDisjoint(R.Lo, R.Hi, R.Rows, At(R.Lo), At(R.Hi), LaterRows, Context);
  }

  /// Records that the operand calls of \p S are evaluated before the rest of
  /// it (once).
  void hoist(const Stmt *S, bool InBlock, const StatementShape &Shape) {
    if (llvm::any_of(Plan.Hoisted, [&](const HoistedStatement &H) { return H.S == S; }))
      return;
    HoistedStatement H;
    H.S = S;
    H.InBlock = InBlock;
    H.Calls = Shape.Calls;
    H.Conditional = Shape.Conditional;
    H.Branch = Shape.Branch;
    for (const CallExpr *CE : Shape.Calls) {
      auto Async = llvm::find_if(Plan.Async, [&](const AsyncCall &AC) { return AC.Call == CE; });
      H.Values.push_back(Async != Plan.Async.end() ? Async->Value : freshName("cleave_v"));
    }
    Plan.Hoisted.push_back(std::move(H));
  }

  std::string freshName(llvm::StringRef Prefix) {
    for (;;) {
      std::string Name = Prefix.str() + std::to_string(NextName++);
      if (Ctx.Idents.find(Name) == Ctx.Idents.end())
        return Name;
    }
  }
};

} // namespace

const Expr *cleave::loopCondition(const Stmt *S) {
  if (const auto *For = dyn_cast<ForStmt>(S))
    return For->getCond();
  if (const auto *While = dyn_cast<WhileStmt>(S))
    return While->getCond();
  if (const auto *Do = dyn_cast<DoStmt>(S))
    return Do->getCond();
  return nullptr;
}

CallOverrides cleave::pragmaOverrides(TUAnalysis &A) {
  ASTContext &Ctx = A.context();
  const SourceManager &SM = Ctx.getSourceManager();
  std::vector<const CallExpr *> All;
  for (const FunctionDecl *F : A.definitions())
    llvm::append_range(All, callsIn(F->getBody(), [&](const CallExpr *CE) {
                         const FunctionDecl *Callee = CE->getDirectCallee();
                         return Callee && A.ofProgram(Callee);
                       }));
  CallOverrides Out;
  for (const PragmaLine &P : A.pragmas()) {
    std::optional<bool> Spawn = callPragma(P);
    if (!Spawn || !SM.isInMainFile(P.HashLoc))
      continue;
    // The line of the first token after the pragma's line.
    auto [FID, Offset] = SM.getDecomposedLoc(P.HashLoc);
    llvm::StringRef Buf = SM.getBufferData(FID);
    size_t At = Buf.find('\n', Offset);
    while (At < Buf.size()) {
      if (llvm::isSpace(Buf[At]))
        ++At;
      else if (Buf.substr(At).starts_with("//"))
        At = Buf.find('\n', At);
      else if (Buf.substr(At).starts_with("/*"))
        At = Buf.find("*/", At) == llvm::StringRef::npos ? Buf.size() : Buf.find("*/", At) + 2;
      else
        break;
    }
    unsigned Line = At < Buf.size() ? SM.getLineNumber(FID, At) : 0;
    std::string Name = std::string("'#pragma cleave ") + (*Spawn ? "spawn" : "nospawn") + "'";
    std::vector<const CallExpr *> Here;
    for (const CallExpr *CE : All) {
      SourceLocation L = SM.getExpansionLoc(CE->getBeginLoc());
      if (SM.getFileID(L) == FID && SM.getExpansionLineNumber(L) == Line)
        Here.push_back(CE);
    }
    if (Here.empty()) {
      DiagnosticsEngine &D = Ctx.getDiagnostics();
      D.Report(P.TextLoc, D.getCustomDiagID(DiagnosticsEngine::Error, "%0"))
          << Name + " must stand right before a line that calls a function of the program";
      continue;
    }
    std::string Asker = Name + " at line " + std::to_string(SM.getPresumedLineNumber(P.HashLoc));
    for (const CallExpr *CE : Here) {
      if (*Spawn)
        Out.Forced[CE] = Asker;
      else
        Out.Off[CE] = Asker + " keeps it here";
    }
  }
  return Out;
}

std::vector<std::string> cleave::keptNowhere(TUAnalysis &A, const FunctionDecl *Def) {
  Planner P(A, {});
  std::vector<std::string> Out;
  for (const ParmVarDecl *Param : Def->parameters())
    if (Param->getType()->isPointerType() && P.keptNowhere(Def, Param))
      Out.push_back(Param->getNameAsString());
  return Out;
}

ParallelPlan cleave::planCalls(TUAnalysis &A, const CallOverrides &Overrides) {
  Planner P(A, Overrides);
  for (const FunctionDecl *F : A.definitions())
    P.planFunction(F);
  ParallelPlan &Plan = P.Plan;
  const SourceManager &SM = A.context().getSourceManager();
  auto InSource = [&SM](const auto &X, const auto &Y) {
    return SM.isBeforeInTranslationUnit(X.Call->getBeginLoc(), Y.Call->getBeginLoc());
  };
  llvm::stable_sort(Plan.Async, InSource);
  llvm::stable_sort(Plan.Sequential, InSource);
  llvm::stable_sort(Plan.Hoisted, [&SM](const HoistedStatement &X, const HoistedStatement &Y) {
    return SM.isBeforeInTranslationUnit(X.S->getBeginLoc(), Y.S->getBeginLoc());
  });
  llvm::sort(Plan.Remote, [](const FunctionDecl *X, const FunctionDecl *Y) {
    return X->getName() < Y->getName();
  });
  for (const auto &[F, Node] : Overrides.Nodes)
    if (llvm::is_contained(Plan.Remote, F))
      Plan.Nodes[F] = Node;
  // A forced spawn the analysis does not find safe is refused, with why.
  DiagnosticsEngine &D = A.context().getDiagnostics();
  for (const auto &[CE, Asker] : Overrides.Forced) {
    if (llvm::any_of(Plan.Async, [&](const AsyncCall &AC) { return AC.Call == CE; }))
      continue;
    auto Seq = llvm::find_if(Plan.Sequential, [&](const SequentialCall &SC) { return SC.Call == CE; });
    D.Report(CE->getBeginLoc(), D.getCustomDiagID(DiagnosticsEngine::Error, "%0"))
        << Asker + " cannot spawn this call to '" + CE->getDirectCallee()->getNameAsString() +
               "': " +
               (Seq != Plan.Sequential.end()
                    ? Seq->Reason
                    : std::string("it is not a self-call of a recursive function, nor a "
                                  "loop's one call of the program's functions"));
  }
  return std::move(Plan);
}

/// Where the join of \p AC stands, as its remark says it.
static std::string joinText(TUAnalysis &A, const AsyncCall &AC) {
  const SourceManager &SM = A.context().getSourceManager();
  std::string Where;
  if (AC.Rest)
    Where = "after a first pass of its loop that spawns every turn's call; the loop then "
            "runs as written with their values, line " +
            std::to_string(SM.getPresumedLineNumber(AC.Loop->getBeginLoc()));
  else if (AC.Form == CallFormKind::Iteration)
    Where = (AC.Nest == AC.Loop ? "after its loop, line " : "after the loops around it, line ") +
            std::to_string(SM.getPresumedLineNumber(AC.Nest->getEndLoc())) +
            (AC.Nest == AC.Loop ? ", with the calls of the other iterations"
                                : " (the loop of line " +
                                      std::to_string(SM.getPresumedLineNumber(
                                          AC.Nest->getBeginLoc())) +
                                      "), with the calls of all their iterations");
  else if (!AC.JoinBefore)
    Where = "at the end of its block, line " +
            std::to_string(SM.getPresumedLineNumber(AC.Block->getRBracLoc()));
  else if (AC.JoinBefore == AC.Statement)
    Where = "before the rest of its statement";
  else
    Where = std::string(AC.JoinInside ? "before the rest of the statement of line "
                                      : "before line ") +
            std::to_string(SM.getPresumedLineNumber(AC.JoinBefore->getBeginLoc()));
  for (const Stmt *Branch : AC.ExitJoins)
    Where += ", and where the branch of line " +
             std::to_string(SM.getPresumedLineNumber(Branch->getBeginLoc())) + " returns";
  if (std::string Home = A.homeWhereCopied(AC.Callee); !Home.empty())
    Where += "; where regions are copied (mpi) it runs here: " + Home;
  if (AC.Checked)
    Where += "; under a run-time test: its regions are the callee's, evaluated at the spawn (" +
             AC.Unproven + ")";
  if (AC.Checked && AC.Form == CallFormKind::Iteration)
    Where += "; each iteration's call is tested against the calls of the loop still out, "
             "which are joined first where they share memory that either writes";
  for (const Expr *Store : AC.TestedStores)
    Where += "; so is the write at line " + std::to_string(SM.getPresumedLineNumber(Store->getBeginLoc())) +
             " before it runs";
  auto LineOf = [&](const AsyncCall::TestedCall &T) {
    return std::to_string(SM.getPresumedLineNumber(T.Call->getBeginLoc()));
  };
  if (AC.Pretested)
    Where += "; a run-time test before the spawn compares its bytes with those of the call at "
             "line " +
             LineOf(AC.TestedBy.front()) +
             ", which follows it, and where they share memory that either writes it runs here";
  if (AC.TestedBy.size() > (AC.Pretested ? 1 : 0)) {
    std::vector<std::string> Lines;
    for (const AsyncCall::TestedCall &T : llvm::drop_begin(AC.TestedBy, AC.Pretested ? 1 : 0))
      Lines.push_back(LineOf(T));
    Where += std::string("; tested at run time against the call") +
             (Lines.size() > 1 ? "s" : "") + " at line" + (Lines.size() > 1 ? "s " : " ") +
             llvm::join(Lines, ", ") + " before " + (Lines.size() > 1 ? "each runs" : "it runs") +
             ", and joined first where they share memory that either writes";
  }
  return Where;
}

/// The node a spawned call goes to, as the plan names it.
static constexpr llvm::StringLiteral BinomialNode = "the next node of the binomial tree";

std::string cleave::nodeText(std::optional<unsigned> Pinned) {
  return Pinned ? "node " + std::to_string(*Pinned) : BinomialNode.str();
}

std::vector<PlanEntry> cleave::planEntries(TUAnalysis &A, const ParallelPlan &Plan) {
  ASTContext &Ctx = A.context();
  const SourceManager &SM = Ctx.getSourceManager();
  auto Entry = [&](const CallExpr *CE) {
    PlanEntry E;
    E.Call = CE;
    E.File = A.command().File;
    PresumedLoc P = SM.getPresumedLoc(SM.getExpansionLoc(CE->getBeginLoc()));
    E.Line = P.getLine();
    E.Column = P.getColumn();
    E.Callee = CE->getDirectCallee()->getNameAsString();
    E.Text = Lexer::getSourceText(
                 SM.getExpansionRange(CE->getSourceRange()), SM,
                 Ctx.getLangOpts())
                 .str();
    return E;
  };
  std::vector<PlanEntry> Out;
  // The variables of each caller that change, as it was planned.
  std::map<const FunctionDecl *, llvm::DenseSet<const VarDecl *>> Changing;
  for (const AsyncCall &AC : Plan.Async) {
    PlanEntry E = Entry(AC.Call);
    E.Spawn = true;
    E.Join = joinText(A, AC);
    E.Pinned = Plan.nodeOf(AC.Callee);
    const FunctionDecl *Caller = A.callEffect(AC.Call).first;
    auto [Changed, New] = Changing.try_emplace(Caller);
    if (New && Caller)
      Changed->second = changingVariables(Ctx, Caller);
    // Known only at run time: the callee's, in its parameters.
    if (AC.Checked)
      for (const Region &R : A.regions(AC.Callee))
        E.Regions.push_back("'" + AC.Callee->getNameAsString() + "' " + R.str());
    else if (auto Regions = callSiteRegions(A, AC.Call, Changed->second))
      for (const SiteRegion &R : *Regions)
        E.Regions.push_back(siteRegionText(R, Ctx));
    else
      llvm::consumeError(Regions.takeError());
    Out.push_back(std::move(E));
  }
  for (const SequentialCall &SC : Plan.Sequential) {
    PlanEntry E = Entry(SC.Call);
    E.Why = SC.Reason;
    Out.push_back(std::move(E));
  }
  llvm::stable_sort(Out, [](const PlanEntry &X, const PlanEntry &Y) {
    return std::tie(X.Line, X.Column) < std::tie(Y.Line, Y.Column);
  });
  return Out;
}

void cleave::reportPlan(TUAnalysis &A, const ParallelPlan &Plan) {
  DiagnosticsEngine &D = A.context().getDiagnostics();
  const SourceManager &SM = A.context().getSourceManager();
  unsigned Async = D.getCustomDiagID(
      DiagnosticsEngine::Remark,
      "call to '%0' runs asynchronously on %1; joined %2");
  unsigned Seq =
      D.getCustomDiagID(DiagnosticsEngine::Remark, "call to '%0' stays sequential: %1");
  // One list in source order, so that remarks read top to bottom.
  std::vector<std::pair<SourceLocation, std::function<void()>>> Remarks;
  for (const AsyncCall &AC : Plan.Async) {
    std::string Where = joinText(A, AC), Node = nodeText(Plan.nodeOf(AC.Callee));
    Remarks.push_back({AC.Call->getBeginLoc(), [&D, Async, AC, Where, Node] {
                         D.Report(AC.Call->getBeginLoc(), Async)
                             << AC.Callee->getNameAsString() << Node << Where;
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
  // Written at once: standard error is unbuffered, and clang writes each
  // remark's line of source in small pieces, a system call each.
  llvm::raw_ostream &Err = llvm::errs();
  Err.SetBuffered();
  for (auto &R : Remarks)
    R.second();
  Err.flush();
  Err.SetUnbuffered();
}

void cleave::writePlan(const std::vector<PlanEntry> &Entries, llvm::raw_ostream &OS) {
  llvm::json::Array Calls;
  for (const PlanEntry &E : Entries) {
    llvm::json::Object O{{"file", E.File}, {"line", E.Line},      {"column", E.Column},
                         {"callee", E.Callee}, {"text", E.Text}, {"spawn", E.Spawn}};
    if (E.Spawn) {
      O["join"] = E.Join;
      O["regions"] = llvm::json::Array(E.Regions);
      O["node"] = E.Pinned ? llvm::json::Value(*E.Pinned) : llvm::json::Value(nodeText({}));
    } else {
      O["why"] = E.Why;
    }
    Calls.push_back(std::move(O));
  }
  OS << llvm::formatv("{0:2}", llvm::json::Value(llvm::json::Object{
                                   {"format", "cleave-plan/1"}, {"calls", std::move(Calls)}}))
     << "\n";
}

/// The largest node number a plan may name (a machine of more nodes than
/// that is far beyond what the runtime starts).
static constexpr unsigned MaxPlanNode = 1u << 20;

llvm::Expected<std::vector<PlanEntry>> cleave::readPlan(llvm::StringRef Path) {
  auto Fail = [&](const llvm::Twine &Why) {
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "plan '" + Path + "': " + Why);
  };
  auto Buffer = llvm::MemoryBuffer::getFile(Path);
  if (!Buffer)
    return Fail(Buffer.getError().message());
  auto Parsed = llvm::json::parse((*Buffer)->getBuffer());
  if (!Parsed)
    return Fail(llvm::toString(Parsed.takeError()));
  const llvm::json::Object *Top = Parsed->getAsObject();
  if (!Top || Top->getString("format") != "cleave-plan/1" || !Top->getArray("calls"))
    return Fail("not a plan: an object with \"format\": \"cleave-plan/1\" and \"calls\" is "
                "expected (docs/plan-format.md)");
  std::vector<PlanEntry> Out;
  for (const llvm::json::Value &V : *Top->getArray("calls")) {
    const llvm::json::Object *O = V.getAsObject();
    PlanEntry E;
    std::optional<llvm::StringRef> File = O ? O->getString("file") : std::nullopt;
    std::optional<int64_t> Line = O ? O->getInteger("line") : std::nullopt;
    std::optional<int64_t> Column = O ? O->getInteger("column") : std::nullopt;
    std::optional<llvm::StringRef> Callee = O ? O->getString("callee") : std::nullopt;
    std::optional<llvm::StringRef> Text = O ? O->getString("text") : std::nullopt;
    std::optional<bool> Spawn = O ? O->getBoolean("spawn") : std::nullopt;
    if (!File || !Line || !Column || !Callee || !Text || !Spawn)
      return Fail("call " + llvm::Twine(Out.size() + 1) +
                  " lacks one of \"file\", \"line\", \"column\", \"callee\", \"text\" "
                  "and \"spawn\"");
    E.File = File->str();
    E.Line = static_cast<unsigned>(*Line);
    E.Column = static_cast<unsigned>(*Column);
    E.Callee = Callee->str();
    E.Text = Text->str();
    E.Spawn = *Spawn;
    // A node: the binomial tree's next, or one by its number.
    if (const llvm::json::Value *Node = O->get("node"); Node && E.Spawn) {
      std::optional<int64_t> Number = Node->getAsInteger();
      if (Number && *Number >= 0 && *Number <= MaxPlanNode)
        E.Pinned = static_cast<unsigned>(*Number);
      else if (Node->getAsString() != BinomialNode) {
        std::string Given;
        llvm::raw_string_ostream(Given) << *Node;
        return Fail(E.File + ":" + llvm::Twine(E.Line) + ": node " + Given +
                    ": a spawned call runs on \"" + BinomialNode +
                    "\" or on a node given by its number, 0 to " + llvm::Twine(MaxPlanNode) +
                    " (0 runs main)");
      }
    }
    Out.push_back(std::move(E));
  }
  return Out;
}

void cleave::applyPlan(TUAnalysis &A, const ParallelPlan &Planned,
                       const std::vector<PlanEntry> &Read, llvm::StringRef Path,
                       CallOverrides &Overrides, std::vector<std::string> &Moved) {
  std::vector<PlanEntry> Here = planEntries(A, Planned);
  auto Site = [](const PlanEntry &E) {
    return E.File + ":" + std::to_string(E.Line) + ":" + std::to_string(E.Column) +
           ": call to '" + E.Callee + "' (" + E.Text + ")";
  };
  auto Same = [](const PlanEntry &X, const PlanEntry &Y) {
    return std::tie(X.Line, X.Column, X.Callee, X.Text) ==
           std::tie(Y.Line, Y.Column, Y.Callee, Y.Text);
  };
  // The first spawned call of each function the plan names, with its node:
  // the function's stub sends every spawned call of it to one node.
  std::map<const FunctionDecl *, const PlanEntry *> NodeOf;
  // The node the plan pins at the calls of another file's function in the
  // file that defines it, whose stubs send this file's calls there too.
  auto PinnedThere = [&](const FunctionDecl *Callee) -> const PlanEntry * {
    std::string File = A.definingFile(Callee);
    for (const PlanEntry &X : Read)
      if (X.File == File && X.Callee == Callee->getName() && X.Spawn && X.Pinned)
        return &X;
    return nullptr;
  };
  DiagnosticsEngine &D = A.context().getDiagnostics();
  for (const PlanEntry &E : Read) {
    if (E.File != A.command().File)
      continue;
    auto Found = llvm::find_if(Here, [&](const PlanEntry &H) { return Same(H, E); });
    if (Found == Here.end()) {
      Moved.push_back(Site(E) + ": no such call there now");
      continue;
    }
    if (!E.Spawn && Found->Spawn)
      Overrides.Off[Found->Call] = "the plan " + Path.str() + " keeps it here";
    else if (E.Spawn && !Found->Spawn)
      Overrides.Forced[Found->Call] = "the plan " + Path.str();
    if (!E.Spawn)
      continue;
    const FunctionDecl *Callee = Found->Call->getDirectCallee()->getCanonicalDecl();
    if (!Callee->getDefinition()) {
      const PlanEntry *There = PinnedThere(Callee);
      if (E.Pinned && (!There || There->Pinned != E.Pinned))
        D.Report(Found->Call->getBeginLoc(), D.getCustomDiagID(DiagnosticsEngine::Error, "%0"))
            << "the plan " + Path.str() + " sends this call of '" + E.Callee + "' to " +
                   nodeText(E.Pinned) + ", but '" + E.Callee +
                   "' is defined in another file, whose stubs choose the nodes of its calls" +
                   (There ? " (" + nodeText(There->Pinned) + ", as the plan pins at line " +
                                std::to_string(There->Line) + " of " +
                                llvm::sys::path::filename(There->File).str() + ")"
                          : "") +
                   ": pin a node only for calls of this file's functions";
      else if (There)
        Overrides.Nodes[Callee] = *There->Pinned;
      continue;
    }
    auto [First, New] = NodeOf.insert({Callee, &E});
    if (New) {
      if (E.Pinned)
        Overrides.Nodes[Callee] = *E.Pinned;
    } else if (First->second->Pinned != E.Pinned) {
      auto Named = [](const PlanEntry &P) {
        return P.Pinned ? nodeText(P.Pinned) : "\"" + nodeText({}) + "\"";
      };
      D.Report(Found->Call->getBeginLoc(), D.getCustomDiagID(DiagnosticsEngine::Error, "%0"))
          << "the plan " + Path.str() + " sends this call of '" + E.Callee + "' to " + Named(E) +
                 " and the one of line " + std::to_string(First->second->Line) + " to " +
                 Named(*First->second) +
                 ": the spawned calls of one function go to one node";
    }
  }
  for (const PlanEntry &H : Here)
    if (llvm::none_of(Read, [&](const PlanEntry &E) { return E.File == H.File && Same(H, E); }))
      Moved.push_back(Site(H) + ": not in the plan");
}
