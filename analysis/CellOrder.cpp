/// \file
/// CellOrder: order facts between cells and integer variables, kept where
/// every path into a point gives them. A store through memory, or a call
/// that may make one, forgets every cell's facts (which cell it wrote is
/// not known); an exchange of two cells (`swap(i, j)`) exchanges their
/// facts, and keeps a third cell's only where that cell lies elsewhere.
/// Written here rather than taken from a library: the facts are the
/// transitive closure of a handful of `a <= b` and `a < b` over terms that
/// a function names, a relation that Boost.Graph or isl would only wrap.
#include "analysis/CellOrder.h"
#include "analysis/AnalysisInternal.h"

#include "clang/AST/RecursiveASTVisitor.h"
#include <optional>
#include <set>
#include <tuple>

using namespace cleave;
using namespace clang;

namespace {

/// The pointer of `*p` or `p[0]` (\p E, through parentheses and implicit
/// casts): the cells are read so; null for anything else.
const Expr *cellPointer(const Expr *E) {
  E = E->IgnoreParenImpCasts();
  if (const auto *UO = dyn_cast<UnaryOperator>(E); UO && UO->getOpcode() == UO_Deref)
    return UO->getSubExpr();
  if (const auto *ASE = dyn_cast<ArraySubscriptExpr>(E))
    if (const auto *Zero = dyn_cast<IntegerLiteral>(ASE->getIdx()->IgnoreParenImpCasts());
        Zero && Zero->getValue() == 0)
      return ASE->getBase();
  return nullptr;
}

/// A variable's value, or (Cell) the value of the cell a pointer variable
/// points to.
struct Term {
  const VarDecl *V = nullptr;
  bool Cell = false;
  bool operator<(const Term &O) const { return std::tie(V, Cell) < std::tie(O.V, O.Cell); }
  bool operator==(const Term &O) const { return V == O.V && Cell == O.Cell; }
};

/// Facts `A <= B`, or `A < B` where the value is true; closed under
/// transitivity.
using Facts = std::map<std::pair<Term, Term>, bool>;

/// A fact a condition gives: `A <= B`, or `A < B` when Strict.
struct Order {
  Term A, B;
  bool Strict;
};

void close(Facts &F) {
  for (bool Changed = true; Changed;) {
    Changed = false;
    std::vector<std::pair<std::pair<Term, Term>, bool>> New;
    for (const auto &[AB, S1] : F)
      for (const auto &[BC, S2] : F)
        if (AB.second == BC.first && !(AB.first == BC.second)) {
          auto It = F.find({AB.first, BC.second});
          if (It == F.end() || (!It->second && (S1 || S2)))
            New.push_back({{AB.first, BC.second}, S1 || S2});
        }
    for (const auto &[Key, Strict] : New) {
      bool &S = F[Key];
      S = S || Strict;
    }
    Changed = !New.empty();
  }
}

void add(Facts &F, const Order &O) {
  if (O.A == O.B)
    return;
  bool &S = F[{O.A, O.B}];
  S = S || O.Strict;
}

void forget(Facts &F, const std::function<bool(const Term &)> &Gone) {
  for (auto It = F.begin(); It != F.end();)
    It = Gone(It->first.first) || Gone(It->first.second) ? F.erase(It) : std::next(It);
}

/// The parameters of \p F's definition whose cells it exchanges and does
/// nothing else (`T t = *a; *a = *b; *b = t;`), or nulls.
std::pair<const ParmVarDecl *, const ParmVarDecl *> exchanged(const FunctionDecl *F) {
  const FunctionDecl *Def = F ? F->getDefinition() : nullptr;
  const auto *Body = Def ? dyn_cast_or_null<CompoundStmt>(Def->getBody()) : nullptr;
  if (!Body || Body->size() != 3 || Def->getNumParams() != 2)
    return {};
  auto CellOf = [](const Expr *E) -> const ParmVarDecl * {
    E = E->IgnoreParenImpCasts();
    const auto *UO = dyn_cast<UnaryOperator>(E);
    if (!UO || UO->getOpcode() != UO_Deref)
      return nullptr;
    const auto *DRE = dyn_cast<DeclRefExpr>(UO->getSubExpr()->IgnoreParenImpCasts());
    return DRE ? dyn_cast<ParmVarDecl>(DRE->getDecl()) : nullptr;
  };
  auto Assigned = [&](const Stmt *S) -> std::pair<const Expr *, const Expr *> {
    const auto *BO = dyn_cast<BinaryOperator>(S);
    if (!BO || BO->getOpcode() != BO_Assign)
      return {};
    return {BO->getLHS(), BO->getRHS()};
  };
  const auto *DS = dyn_cast<DeclStmt>(Body->body_front());
  const auto *T = DS && DS->isSingleDecl() ? dyn_cast<VarDecl>(DS->getSingleDecl()) : nullptr;
  if (!T || !T->getInit())
    return {};
  const ParmVarDecl *A = CellOf(T->getInit());
  auto [L1, R1] = Assigned(Body->body_begin()[1]);
  auto [L2, R2] = Assigned(Body->body_begin()[2]);
  if (!A || !L1 || !L2 || CellOf(L1) != A)
    return {};
  const ParmVarDecl *B = CellOf(R1);
  const auto *Back = dyn_cast<DeclRefExpr>(R2->IgnoreParenImpCasts());
  if (!B || B == A || CellOf(L2) != B || !Back || Back->getDecl() != T)
    return {};
  QualType Cell = A->getType()->getPointeeType();
  if (!Cell->isIntegerType() || !B->getType()->isPointerType() ||
      !Def->getASTContext().hasSameUnqualifiedType(B->getType()->getPointeeType(), Cell) ||
      !Def->getASTContext().hasSameUnqualifiedType(T->getType(), Cell))
    return {};
  return {A, B};
}

class Walk {
public:
  Walk(ASTContext &Ctx, const FunctionDecl *FD, const Stmt *Body,
       const CellOrder::Apart &ThirdApart)
      : Ctx(Ctx), ThirdApart(ThirdApart) {
    llvm::DenseSet<const VarDecl *> Taken = addressTakenVariables(Body);
    std::vector<const VarDecl *> All(FD->param_begin(), FD->param_end());
    llvm::append_range(All, localVariables(Body));
    for (const VarDecl *V : All)
      if (!Taken.count(V) && !V->getType().isVolatileQualified())
        Followed.insert(V);
  }

  /// The type of \p T's value.
  QualType typeOf(const Term &T) const {
    return T.Cell ? T.V->getType()->getPointeeType() : T.V->getType();
  }

  /// The term \p E reads: a followed integer variable, or `*p` or `p[0]`
  /// with p a followed pointer to integers.
  std::optional<Term> termOf(const Expr *E) const {
    Term T;
    if (const Expr *Pointer = cellPointer(E)) {
      E = Pointer;
      T.Cell = true;
    }
    const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
    T.V = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
    if (!T.V || !Followed.count(T.V) || (T.Cell && !T.V->getType()->isPointerType()))
      return std::nullopt;
    QualType Type = typeOf(T);
    if (!Type->isIntegerType())
      return std::nullopt;
    return T;
  }

  /// The facts \p Cond gives where it is \p Holds: comparisons of two terms
  /// of one type (whose values then compare as C compares them), through
  /// !, && that holds and || that fails.
  void condition(const Expr *Cond, bool Holds, std::vector<Order> &Out) const {
    Cond = Cond->IgnoreParenImpCasts();
    if (const auto *UO = dyn_cast<UnaryOperator>(Cond); UO && UO->getOpcode() == UO_LNot)
      return condition(UO->getSubExpr(), !Holds, Out);
    const auto *BO = dyn_cast<BinaryOperator>(Cond);
    if (!BO)
      return;
    if ((BO->getOpcode() == BO_LAnd && Holds) || (BO->getOpcode() == BO_LOr && !Holds)) {
      condition(BO->getLHS(), Holds, Out);
      condition(BO->getRHS(), Holds, Out);
      return;
    }
    if (!BO->isComparisonOp())
      return;
    std::optional<Term> A = termOf(BO->getLHS()), B = termOf(BO->getRHS());
    if (!A || !B || !Ctx.hasSameUnqualifiedType(typeOf(*A), typeOf(*B)))
      return;
    BinaryOperatorKind Op = BO->getOpcode();
    if (!Holds)
      Op = BinaryOperator::negateComparisonOp(Op);
    switch (Op) {
    case BO_LT: Out.push_back({*A, *B, true}); break;
    case BO_LE: Out.push_back({*A, *B, false}); break;
    case BO_GT: Out.push_back({*B, *A, true}); break;
    case BO_GE: Out.push_back({*B, *A, false}); break;
    case BO_EQ:
      Out.push_back({*A, *B, false});
      Out.push_back({*B, *A, false});
      break;
    default: break;
    }
  }

  /// \p F after the CFG element \p S.
  void step(const Stmt *S, Facts &F) const {
    auto Cells = [](const Term &T) { return T.Cell; };
    auto Of = [](const VarDecl *V) { return [V](const Term &T) { return T.V == V; }; };
    if (const auto *DS = dyn_cast<DeclStmt>(S)) {
      for (const Decl *D : DS->decls())
        if (const auto *V = dyn_cast<VarDecl>(D)) {
          forget(F, Of(V));
          if (V->getInit() && Followed.count(V))
            assign(V, V->getInit(), F);
        }
      return;
    }
    if (const auto *BO = dyn_cast<BinaryOperator>(S); BO && BO->isAssignmentOp()) {
      const auto *DRE = dyn_cast<DeclRefExpr>(BO->getLHS()->IgnoreParens());
      const auto *V = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
      if (V && Followed.count(V)) {
        forget(F, Of(V));
        if (BO->getOpcode() == BO_Assign)
          assign(V, BO->getRHS(), F);
        return;
      }
      // A store, perhaps into a cell that a pointer points to.
      forget(F, Cells);
      std::optional<Term> To = termOf(BO->getLHS()), From = termOf(BO->getRHS());
      if (BO->getOpcode() == BO_Assign && To && To->Cell && From && !From->Cell &&
          Ctx.hasSameUnqualifiedType(typeOf(*To), typeOf(*From)))
        equal(*To, *From, F);
      return;
    }
    if (const auto *UO = dyn_cast<UnaryOperator>(S); UO && UO->isIncrementDecrementOp()) {
      const auto *DRE = dyn_cast<DeclRefExpr>(UO->getSubExpr()->IgnoreParens());
      const auto *V = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
      if (V && Followed.count(V))
        forget(F, Of(V));
      else
        forget(F, Cells);
      return;
    }
    if (const auto *Call = dyn_cast<CallExpr>(S)) {
      exchange(Call, F);
      return;
    }
    if (isa<AsmStmt>(S))
      F.clear();
  }

  /// \p F after the followed variable \p V takes \p Value.
  void assign(const VarDecl *V, const Expr *Value, Facts &F) const {
    if (V->getType()->isPointerType()) {
      // p = q: *p is *q.
      const auto *DRE = dyn_cast<DeclRefExpr>(Value->IgnoreParenImpCasts());
      const auto *Q = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
      if (Q && Q != V && Followed.count(Q) && Ctx.hasSameUnqualifiedType(Q->getType(), V->getType()) &&
          typeOf({V, true})->isIntegerType())
        equal({V, true}, {Q, true}, F);
      return;
    }
    std::optional<Term> From = termOf(Value);
    if (From && !(From->V == V && !From->Cell) && V->getType()->isIntegerType() &&
        Ctx.hasSameUnqualifiedType(typeOf(*From), V->getType()))
      equal({V, false}, *From, F);
  }

  static void equal(const Term &A, const Term &B, Facts &F) {
    add(F, {A, B, false});
    add(F, {B, A, false});
    close(F);
  }

  /// \p F after \p Call: an exchange of two cells exchanges their facts;
  /// any other call may store anywhere.
  void exchange(const CallExpr *Call, Facts &F) const {
    auto [PA, PB] = exchanged(Call->getDirectCallee());
    auto Pointer = [&](unsigned I) -> const VarDecl * {
      if (I >= Call->getNumArgs())
        return nullptr;
      const auto *DRE = dyn_cast<DeclRefExpr>(Call->getArg(I)->IgnoreParenImpCasts());
      const auto *V = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
      return V && Followed.count(V) && V->getType()->isPointerType() &&
                     Ctx.hasSameUnqualifiedType(V->getType()->getPointeeType(),
                                                PA->getType()->getPointeeType())
                 ? V
                 : nullptr;
    };
    const VarDecl *A = PA ? Pointer(0) : nullptr, *B = PA ? Pointer(1) : nullptr;
    if (!A || !B) {
      forget(F, [](const Term &T) { return T.Cell; });
      return;
    }
    std::map<const VarDecl *, bool> Apart;
    auto Rename = [&](Term &T) {
      if (!T.Cell)
        return true;
      if (T.V == A || T.V == B) {
        T.V = T.V == A ? B : A;
        return true;
      }
      auto [It, New] = Apart.insert({T.V, false});
      if (New)
        It->second = ThirdApart(Call, T.V, A) && ThirdApart(Call, T.V, B);
      return It->second;
    };
    Facts Out;
    for (auto [Key, Strict] : F) {
      auto [X, Y] = Key;
      if (Rename(X) && Rename(Y))
        Out[{X, Y}] = Strict;
    }
    F = std::move(Out);
  }

  ASTContext &Ctx;
  const CellOrder::Apart &ThirdApart;
  llvm::DenseSet<const VarDecl *> Followed;
};

} // namespace

CellOrder::CellOrder(ASTContext &Ctx, const FunctionDecl *FD, const Stmt *Body, const CFG &Graph,
                     const Apart &ThirdApart) {
  Walk W(Ctx, FD, Body, ThirdApart);
  auto Through = [&](const CFGBlock &B, Facts F) {
    for (const CFGElement &E : B)
      if (auto S = E.getAs<CFGStmt>())
        W.step(S->getStmt(), F);
    return F;
  };
  // What holds on the edge to B's successor number Index, from F at B's end.
  auto Edge = [&](const CFGBlock &B, unsigned Index, Facts F) {
    bool Holds;
    if (const Expr *Cond = edgeCondition(B, Index, Holds);
        Cond && !Cond->HasSideEffects(Ctx)) {
      std::vector<Order> Given;
      W.condition(Cond, Holds, Given);
      for (const Order &O : Given)
        add(F, O);
      close(F);
    }
    return F;
  };
  // Calls \p Each with each successor of B reached from B's entry facts
  // \p Entry, what holds on the edge to it, and what holds at B's end.
  auto Edges = [&](const CFGBlock &B, const Facts &Entry,
                   const std::function<void(const CFGBlock &, Facts, const Facts &)> &Each) {
    Facts End = Through(B, Entry);
    unsigned Index = 0;
    for (auto It = B.succ_begin(); It != B.succ_end(); ++It, ++Index)
      if (const CFGBlock *Succ = It->getReachableBlock())
        Each(*Succ, Edge(B, Index, End), End);
  };
  // A must-analysis: a fact holds at a block's entry when it holds at the
  // end of every edge into it (unvisited ones put no bound yet).
  std::vector<std::optional<Facts>> In(Graph.getNumBlockIDs());
  In[Graph.getEntry().getBlockID()] = Facts();
  std::vector<const CFGBlock *> Work{&Graph.getEntry()};
  while (!Work.empty()) {
    const CFGBlock *B = Work.back();
    Work.pop_back();
    Edges(*B, *In[B->getBlockID()], [&](const CFGBlock &Succ, Facts Along, const Facts &) {
      std::optional<Facts> &Next = In[Succ.getBlockID()];
      Facts Met;
      if (Next) {
        for (const auto &[Key, Strict] : *Next)
          if (auto Found = Along.find(Key); Found != Along.end())
            Met[Key] = Strict && Found->second;
      } else {
        Met = std::move(Along);
      }
      if (!Next || Met != *Next) {
        Next = std::move(Met);
        Work.push_back(&Succ);
      }
    });
  }
  for (const CFGBlock *B : Graph) {
    if (!In[B->getBlockID()])
      continue;
    Edges(*B, *In[B->getBlockID()], [&](const CFGBlock &Succ, Facts Along, const Facts &End) {
      // The pairs the edge's condition tells apart (those apart at B's end
      // were so on an edge before, or are the images of such pairs).
      Pairs Found;
      for (const auto &[Key, Strict] : Along) {
        const auto &[X, Y] = Key;
        auto Before = End.find(Key);
        if (Strict && (Before == End.end() || !Before->second) && X.Cell && Y.Cell &&
            X.V != Y.V && Ctx.hasSameUnqualifiedType(X.V->getType(), Y.V->getType()) &&
            !llvm::is_contained(Found, std::make_pair(Y.V, X.V)))
          Found.push_back({X.V, Y.V});
      }
      for (const auto &[P, Q] : Found)
        if (!llvm::is_contained(All, std::make_pair(P, Q)) &&
            !llvm::is_contained(All, std::make_pair(Q, P)))
          All.push_back({P, Q});
      if (!Found.empty())
        Unequal[{B->getBlockID(), &Succ}] = std::move(Found);
    });
  }
}

const CellOrder::Pairs &CellOrder::unequal(const CFGBlock &From, const CFGBlock &To) const {
  static const Pairs None;
  auto It = Unequal.find({From.getBlockID(), &To});
  return It == Unequal.end() ? None : It->second;
}

bool CellOrder::comparesCells(const Stmt *Body) {
  struct Find : RecursiveASTVisitor<Find> {
    bool Found = false;
    bool VisitBinaryOperator(BinaryOperator *BO) {
      Found |= BO->isComparisonOp() && (cellPointer(BO->getLHS()) || cellPointer(BO->getRHS()));
      return !Found;
    }
  } F;
  F.TraverseStmt(const_cast<Stmt *>(Body));
  return F.Found;
}
