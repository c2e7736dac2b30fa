/// \file
/// Which pointer arguments of a call point into different objects, followed
/// through the function's control-flow graph: two buffers made by two
/// allocations stay apart through `t = u; u = v; v = t;`, which a summary of
/// every value a pointer ever takes cannot tell.
#include "analysis/AnalysisInternal.h"

#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Analysis/CFG.h"
#include <set>

using namespace cleave;
using namespace clang;

namespace {

using Pair = std::pair<const VarDecl *, const VarDecl *>; // ordered by address
using Apart = std::set<Pair>;

Pair pairOf(const VarDecl *A, const VarDecl *B) { return A < B ? Pair{A, B} : Pair{B, A}; }

/// The local pointers declared in a function, its parameters included.
struct Locals : RecursiveASTVisitor<Locals> {
  llvm::DenseSet<const VarDecl *> Pointers;
  bool VisitVarDecl(VarDecl *V) {
    if (V->hasLocalStorage() && V->getType()->isPointerType())
      Pointers.insert(V);
    return true;
  }
};

class Walk {
public:
  Walk(const FunctionDecl *FD) {
    // The walk follows those never reached through their address.
    Locals L;
    L.TraverseDecl(const_cast<FunctionDecl *>(FD));
    llvm::DenseSet<const VarDecl *> Taken = addressTakenVariables(FD->getBody());
    for (const VarDecl *V : L.Pointers)
      if (!Taken.count(V))
        Followed.insert(V);
  }

  /// The followed variable whose object the pointer expression \p E points
  /// into (`v`, `v + k`, `&v[k]`), or null.
  const VarDecl *objectOf(const Expr *E) const {
    E = E->IgnoreParenCasts();
    if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
      if (BO->getOpcode() == BO_Add || BO->getOpcode() == BO_Sub)
        return objectOf(BO->getLHS()->getType()->isPointerType() ? BO->getLHS() : BO->getRHS());
      return nullptr;
    }
    if (const auto *UO = dyn_cast<UnaryOperator>(E); UO && UO->getOpcode() == UO_AddrOf)
      if (const auto *ASE = dyn_cast<ArraySubscriptExpr>(UO->getSubExpr()->IgnoreParens()))
        return objectOf(ASE->getBase());
    const auto *DRE = dyn_cast<DeclRefExpr>(E);
    const auto *V = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
    return V && Followed.count(V) ? V : nullptr;
  }

  /// \p State after the statement \p S of a block (one element of the CFG).
  void step(const Stmt *S, Apart &State) const {
    if (const auto *DS = dyn_cast<DeclStmt>(S)) {
      for (const Decl *D : DS->decls())
        if (const auto *V = dyn_cast<VarDecl>(D); V && Followed.count(V))
          assign(V, V->getInit(), State);
      return;
    }
    if (const auto *BO = dyn_cast<BinaryOperator>(S); BO && BO->isAssignmentOp())
      if (const auto *DRE = dyn_cast<DeclRefExpr>(BO->getLHS()->IgnoreParens()))
        if (const auto *V = dyn_cast<VarDecl>(DRE->getDecl()); V && Followed.count(V))
          // p += k stays in p's object; p = e takes e's.
          if (BO->getOpcode() == BO_Assign)
            assign(V, BO->getRHS(), State);
  }

  /// `V = Value`: V now points where Value does (nowhere known: null Value).
  void assign(const VarDecl *V, const Expr *Value, Apart &State) const {
    std::vector<const VarDecl *> From; // what V is apart from afterwards
    const Expr *Stripped = Value ? Value->IgnoreParenCasts() : nullptr;
    const auto *Call = dyn_cast_or_null<CallExpr>(Stripped);
    if (Call && !allocationFunction(Call).empty()) {
      // A new object, apart from every object a pointer holds now.
      for (const VarDecl *W : Followed)
        if (W != V)
          From.push_back(W);
    } else if (const VarDecl *Same = Stripped ? objectOf(Stripped) : nullptr) {
      for (const Pair &P : State)
        if (P.first == Same || P.second == Same)
          From.push_back(P.first == Same ? P.second : P.first);
    }
    for (auto It = State.begin(); It != State.end();)
      It = It->first == V || It->second == V ? State.erase(It) : std::next(It);
    for (const VarDecl *W : From)
      if (W != V)
        State.insert(pairOf(V, W));
  }

  llvm::DenseSet<const VarDecl *> Followed;
};

} // namespace

std::map<const CallExpr *, std::vector<std::pair<unsigned, unsigned>>>
cleave::argumentsApart(ASTContext &Ctx, const FunctionDecl *FD) {
  std::map<const CallExpr *, std::vector<std::pair<unsigned, unsigned>>> Out;
  Walk W(FD);
  if (W.Followed.size() < 2)
    return Out;
  CFG::BuildOptions Options;
  std::unique_ptr<CFG> Graph = CFG::buildCFG(FD, FD->getBody(), &Ctx, Options);
  if (!Graph)
    return Out;
  // A must-analysis: a pair is apart at a block's entry when it is apart at
  // the end of every predecessor (unvisited ones put no bound yet).
  std::vector<std::optional<Apart>> In(Graph->getNumBlockIDs());
  In[Graph->getEntry().getBlockID()] = Apart();
  auto Through = [&](const CFGBlock &B, Apart State, bool Record) {
    for (const CFGElement &E : B) {
      std::optional<CFGStmt> S = E.getAs<CFGStmt>();
      if (!S)
        continue;
      if (const auto *Call = dyn_cast<CallExpr>(S->getStmt()); Call && Record)
        for (unsigned I = 0; I < Call->getNumArgs(); ++I)
          for (unsigned J = I + 1; J < Call->getNumArgs(); ++J) {
            const VarDecl *A = W.objectOf(Call->getArg(I)), *B2 = W.objectOf(Call->getArg(J));
            if (A && B2 && A != B2 && State.count(pairOf(A, B2)))
              Out[Call].push_back({I, J});
          }
      W.step(S->getStmt(), State);
    }
    return State;
  };
  std::vector<const CFGBlock *> Work{&Graph->getEntry()};
  while (!Work.empty()) {
    const CFGBlock *B = Work.back();
    Work.pop_back();
    Apart End = Through(*B, *In[B->getBlockID()], false);
    for (const CFGBlock *Succ : B->succs()) {
      if (!Succ)
        continue;
      std::optional<Apart> &Next = In[Succ->getBlockID()];
      Apart Met;
      if (Next)
        std::set_intersection(Next->begin(), Next->end(), End.begin(), End.end(),
                              std::inserter(Met, Met.end()));
      else
        Met = End;
      if (!Next || Met != *Next) {
        Next = std::move(Met);
        Work.push_back(Succ);
      }
    }
  }
  for (const CFGBlock *B : *Graph)
    if (In[B->getBlockID()])
      Through(*B, *In[B->getBlockID()], true);
  return Out;
}
