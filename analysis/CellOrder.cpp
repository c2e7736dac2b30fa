/// \file
/// CellOrder: order facts between cells and integer variables, kept where
/// every path into a point gives them. A store into a cell forgets the facts
/// of the cells that may lie at its address (any cell where the store's
/// target is not a cell, or a call that may store); an exchange of two
/// cells (`swap(i, j)`, `swap(a, i, j)`) exchanges their facts. Other cells
/// of the same array keep theirs where their places differ from the ones
/// written, which is assumed here and checked by IntegerStates.
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

/// A variable's value, or (Cell) the value of the cell at a place: the
/// address P (Base null, P.V a pointer) or Base[P] (P.V an integer).
struct Term {
  Place P;
  const VarDecl *Base = nullptr;
  bool Cell = false;
  bool operator<(const Term &O) const {
    return std::tie(P, Base, Cell) < std::tie(O.P, O.Base, O.Cell);
  }
  bool operator==(const Term &O) const { return P == O.P && Base == O.Base && Cell == O.Cell; }
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

/// \p F with each term changed by \p Change (false: its facts go).
void rename(Facts &F, const std::function<bool(Term &)> &Change) {
  Facts Out;
  for (auto [Key, Strict] : F) {
    auto [X, Y] = Key;
    if (Change(X) && Change(Y))
      Out[{X, Y}] = Strict;
  }
  F = std::move(Out);
}

/// The operand of \p E where it is a prefix `++v` or `--v`; null otherwise.
const Expr *prefixStep(const Expr *E) {
  const auto *UO = dyn_cast<UnaryOperator>(E->IgnoreParens());
  if (!UO || !UO->isPrefix() || !UO->isIncrementDecrementOp())
    return nullptr;
  return UO->getSubExpr();
}

/// A cell of an exchange function's parameters: `*Pointer`, `Pointer[0]`
/// or `Pointer[Index]`.
struct ParamCell {
  const ParmVarDecl *Pointer = nullptr, *Index = nullptr;
  bool operator==(const ParamCell &O) const {
    return Pointer == O.Pointer && Index == O.Index;
  }
};

std::optional<ParamCell> paramCell(const Expr *E) {
  auto Param = [](const Expr *X) -> const ParmVarDecl * {
    const auto *DRE = dyn_cast<DeclRefExpr>(X->IgnoreParenImpCasts());
    return DRE ? dyn_cast<ParmVarDecl>(DRE->getDecl()) : nullptr;
  };
  E = E->IgnoreParenImpCasts();
  ParamCell C;
  if (const auto *UO = dyn_cast<UnaryOperator>(E); UO && UO->getOpcode() == UO_Deref) {
    C.Pointer = Param(UO->getSubExpr());
  } else if (const auto *ASE = dyn_cast<ArraySubscriptExpr>(E)) {
    C.Pointer = Param(ASE->getBase());
    const auto *Zero = dyn_cast<IntegerLiteral>(ASE->getIdx()->IgnoreParenImpCasts());
    if (!Zero || Zero->getValue() != 0)
      if (!(C.Index = Param(ASE->getIdx())))
        return std::nullopt;
  }
  if (!C.Pointer || !C.Pointer->getType()->isPointerType() ||
      (C.Index && !C.Index->getType()->isIntegerType()))
    return std::nullopt;
  return C;
}

/// The two cells of \p F's parameters that its definition exchanges and
/// does nothing else (`T t = *a; *a = *b; *b = t;`, or `T t = a[i]; a[i] =
/// a[j]; a[j] = t;`).
std::optional<std::pair<ParamCell, ParamCell>> exchanged(const FunctionDecl *F) {
  const FunctionDecl *Def = F ? F->getDefinition() : nullptr;
  const auto *Body = Def ? dyn_cast_or_null<CompoundStmt>(Def->getBody()) : nullptr;
  if (!Body || Body->size() != 3)
    return std::nullopt;
  auto Assigned = [](const Stmt *S) -> std::pair<const Expr *, const Expr *> {
    const auto *BO = dyn_cast<BinaryOperator>(S);
    if (!BO || BO->getOpcode() != BO_Assign)
      return {};
    return {BO->getLHS(), BO->getRHS()};
  };
  const auto *DS = dyn_cast<DeclStmt>(Body->body_front());
  const auto *T = DS && DS->isSingleDecl() ? dyn_cast<VarDecl>(DS->getSingleDecl()) : nullptr;
  auto [L1, R1] = Assigned(Body->body_begin()[1]);
  auto [L2, R2] = Assigned(Body->body_begin()[2]);
  if (!T || !T->getInit() || !L1 || !L2)
    return std::nullopt;
  std::optional<ParamCell> A = paramCell(T->getInit()), B = paramCell(R1);
  const auto *Back = dyn_cast<DeclRefExpr>(R2->IgnoreParenImpCasts());
  if (!A || !B || *A == *B || !(paramCell(L1) == A) || !(paramCell(L2) == B) || !Back ||
      Back->getDecl() != T)
    return std::nullopt;
  ASTContext &Ctx = Def->getASTContext();
  QualType Cell = A->Pointer->getType()->getPointeeType();
  if (!Cell->isIntegerType() ||
      !Ctx.hasSameUnqualifiedType(B->Pointer->getType()->getPointeeType(), Cell) ||
      !Ctx.hasSameUnqualifiedType(T->getType(), Cell))
    return std::nullopt;
  return std::pair{*A, *B};
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
    if (!T.Cell)
      return T.P.V->getType();
    if (T.Base) {
      if (const ArrayType *A = Ctx.getAsArrayType(T.Base->getType()))
        return A->getElementType();
      return T.Base->getType()->getPointeeType();
    }
    return T.P.V->getType()->getPointeeType();
  }

  /// Whether the cells \p A and \p B lie at different addresses where
  /// their places differ: both through pointers to one type, or both in
  /// one array.
  bool sameArray(const Term &A, const Term &B) const {
    return A.Cell && B.Cell && A.Base == B.Base &&
           (A.Base || Ctx.hasSameUnqualifiedType(A.P.V->getType(), B.P.V->getType()));
  }

  /// The followed variable \p E names (after a prefix step where
  /// \p Stepped: a condition's, which the graph has made before it
  /// compares).
  const VarDecl *variable(const Expr *E, bool Stepped) const {
    if (const Expr *Sub = Stepped ? prefixStep(E) : nullptr)
      E = Sub;
    const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
    const auto *V = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
    return V && Followed.count(V) ? V : nullptr;
  }

  std::optional<int64_t> constant(const Expr *E) const {
    Expr::EvalResult R;
    if (E->HasSideEffects(Ctx) || !E->EvaluateAsInt(R, Ctx) ||
        R.Val.getInt().getSignificantBits() > 32)
      return std::nullopt;
    return R.Val.getInt().getExtValue();
  }

  /// The place \p E is: a followed pointer (\p Pointer) or integer
  /// variable, plus or minus a constant.
  std::optional<Place> place(const Expr *E, bool Pointer, bool Stepped) const {
    E = E->IgnoreParenImpCasts();
    if (const auto *BO = dyn_cast<BinaryOperator>(E);
        BO && (BO->getOpcode() == BO_Add || BO->getOpcode() == BO_Sub)) {
      const Expr *X = BO->getLHS(), *C = BO->getRHS();
      if (BO->getOpcode() == BO_Add && !constant(C))
        std::swap(X, C);
      std::optional<int64_t> K = constant(C);
      std::optional<Place> P = K ? place(X, Pointer, Stepped) : std::nullopt;
      if (P)
        P->Offset += BO->getOpcode() == BO_Add ? *K : -*K;
      return P;
    }
    // An index steps as integers do: signed, or unsigned as wide as an
    // address (a narrower one wraps within the array's reach).
    const VarDecl *V = variable(E, Stepped);
    QualType T = V ? V->getType() : QualType();
    if (!V || (Pointer ? !T->isPointerType()
                       : !T->isIntegerType() || T->isBooleanType() ||
                             (T->isUnsignedIntegerType() &&
                              Ctx.getTypeSize(T) < Ctx.getTypeSize(Ctx.VoidPtrTy))))
      return std::nullopt;
    return Place{V, 0};
  }

  /// The cell at \p Address indexed by \p Index (null: 0): `*p`, `p[1]`,
  /// `a[i - 1]`, `a + i`, with an integer value.
  std::optional<Term> cellAt(const Expr *Address, const Expr *Index, bool Stepped) const {
    Address = Address->IgnoreParenImpCasts();
    std::optional<Term> T;
    std::optional<int64_t> K = Index ? constant(Index) : std::optional<int64_t>(0);
    if (const auto *BO = dyn_cast<BinaryOperator>(Address);
        !Index && BO && BO->getOpcode() == BO_Add && BO->getLHS()->getType()->isPointerType())
      return cellAt(BO->getLHS(), BO->getRHS(), Stepped);
    if (std::optional<Place> P = K ? place(Address, true, Stepped) : std::nullopt) {
      P->Offset += *K;
      T = Term{*P, nullptr, true};
    } else if (const VarDecl *Base = Index ? variable(Address, false) : nullptr;
               Base && (Base->getType()->isPointerType() || Base->getType()->isArrayType())) {
      if (std::optional<Place> I = place(Index, false, Stepped))
        T = Term{*I, Base, true};
    }
    if (!T || !typeOf(*T)->isIntegerType() || typeOf(*T).isVolatileQualified())
      return std::nullopt;
    return T;
  }

  /// The term \p E reads: a followed integer variable, or a cell.
  std::optional<Term> termOf(const Expr *E, bool Stepped = false) const {
    E = E->IgnoreParenImpCasts();
    if (const auto *UO = dyn_cast<UnaryOperator>(E); UO && UO->getOpcode() == UO_Deref)
      return cellAt(UO->getSubExpr(), nullptr, Stepped);
    if (const auto *ASE = dyn_cast<ArraySubscriptExpr>(E))
      return cellAt(ASE->getBase(), ASE->getIdx(), Stepped);
    const VarDecl *V = variable(E, Stepped);
    if (!V || !V->getType()->isIntegerType())
      return std::nullopt;
    return Term{{V, 0}};
  }

  /// The cell whose address \p E is: `p`, `p + 1`, `&a[i]`, `a + i`.
  std::optional<Term> addressed(const Expr *E) const {
    E = E->IgnoreParenImpCasts();
    if (const auto *UO = dyn_cast<UnaryOperator>(E); UO && UO->getOpcode() == UO_AddrOf)
      return termOf(UO->getSubExpr());
    return cellAt(E, nullptr, false);
  }

  /// Whether the side effects of \p Cond are prefix steps of followed
  /// variables, each stepped once, which the graph makes before it
  /// compares: `*++i < v`.
  bool onlySteps(const Expr *Cond) const {
    llvm::DenseSet<const VarDecl *> Stepped;
    std::function<bool(const Expr *)> Check = [&](const Expr *E) {
      if (!E->HasSideEffects(Ctx))
        return true;
      if (const Expr *Sub = prefixStep(E)) {
        const VarDecl *V = variable(Sub, false);
        return V && Stepped.insert(V).second;
      }
      // A call, a store, another step; or a read of a volatile object.
      const auto *UO = dyn_cast<UnaryOperator>(E->IgnoreParens());
      if (isa<CallExpr>(E) || (UO && UO->isIncrementDecrementOp()) ||
          (isa<BinaryOperator>(E) && cast<BinaryOperator>(E)->isAssignmentOp()) ||
          isa<StmtExpr>(E) || E->children().empty())
        return false;
      return llvm::all_of(E->children(), [&](const Stmt *C) {
        return !C || (isa<Expr>(C) && Check(cast<Expr>(C)));
      });
    };
    return Check(Cond);
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
    std::optional<Term> A = termOf(BO->getLHS(), true), B = termOf(BO->getRHS(), true);
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

  /// \p F after the followed variable \p V moves by \p Step elements: the
  /// cells at places of V are named anew, what V's value was goes.
  void moved(const VarDecl *V, int64_t Step, Facts &F) const {
    rename(F, [&](Term &T) {
      if (T.Base == V || (T.P.V == V && !T.Cell))
        return false;
      if (T.P.V == V)
        T.P.Offset -= Step;
      return true;
    });
  }

  /// \p F after \p At stores into the cell \p To: its facts go, and those
  /// of every cell that may lie at its address, but for \p Kept's (whose
  /// value the store leaves as it was, at that address or not).
  void stored(const Expr *At, const Term &To, const std::optional<Term> &Kept, Facts &F) const {
    std::map<Term, bool> Gone;
    forget(F, [&](const Term &T) {
      if (!T.Cell || (Kept && T == *Kept))
        return false;
      auto [It, New] = Gone.insert({T, true});
      if (New && !(T == To) && sameArray(T, To))
        It->second = !ThirdApart(At, T.P, To.P);
      return It->second;
    });
  }

  /// \p F after the CFG element \p S.
  void step(const Stmt *S, Facts &F) const {
    auto Cells = [](const Term &T) { return T.Cell; };
    auto Of = [](const VarDecl *V) {
      return [V](const Term &T) { return T.P.V == V || T.Base == V; };
    };
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
      if (const VarDecl *V = variable(BO->getLHS(), false)) {
        std::optional<int64_t> K = constant(BO->getRHS());
        if (K && (BO->getOpcode() == BO_AddAssign || BO->getOpcode() == BO_SubAssign))
          return moved(V, BO->getOpcode() == BO_AddAssign ? *K : -*K, F);
        forget(F, Of(V));
        if (BO->getOpcode() == BO_Assign)
          assign(V, BO->getRHS(), F);
        return;
      }
      std::optional<Term> To = termOf(BO->getLHS());
      if (!To || !To->Cell)
        return forget(F, Cells);
      std::optional<Term> From = termOf(BO->getRHS());
      if (BO->getOpcode() != BO_Assign ||
          (From && !Ctx.hasSameUnqualifiedType(typeOf(*To), typeOf(*From))))
        From.reset();
      stored(BO, *To, From, F);
      if (From)
        equal(*To, *From, F);
      return;
    }
    if (const auto *UO = dyn_cast<UnaryOperator>(S); UO && UO->isIncrementDecrementOp()) {
      if (const VarDecl *V = variable(UO->getSubExpr(), false))
        return moved(V, UO->isIncrementOp() ? 1 : -1, F);
      if (std::optional<Term> To = termOf(UO->getSubExpr()); To && To->Cell)
        return stored(UO, *To, std::nullopt, F);
      return forget(F, Cells);
    }
    if (const auto *Call = dyn_cast<CallExpr>(S))
      return exchange(Call, F);
    if (isa<AsmStmt>(S))
      F.clear();
  }

  /// \p F after the followed variable \p V takes \p Value.
  void assign(const VarDecl *V, const Expr *Value, Facts &F) const {
    if (V->getType()->isPointerType()) {
      // p = q: *p is *q.
      std::optional<Place> Q = place(Value, true, false);
      Term Cell{{V, 0}, nullptr, true};
      if (Q && Q->V != V && Ctx.hasSameUnqualifiedType(Q->V->getType(), V->getType()) &&
          typeOf(Cell)->isIntegerType())
        equal(Cell, {*Q, nullptr, true}, F);
      return;
    }
    std::optional<Term> From = termOf(Value);
    if (From && From->P.V != V && From->Base != V && V->getType()->isIntegerType() &&
        Ctx.hasSameUnqualifiedType(typeOf(*From), V->getType()))
      equal({{V, 0}}, *From, F);
  }

  static void equal(const Term &A, const Term &B, Facts &F) {
    add(F, {A, B, false});
    add(F, {B, A, false});
    close(F);
  }

  /// The caller's cells that \p Call exchanges, where its callee only
  /// exchanges two cells.
  std::optional<std::pair<Term, Term>> exchangedCells(const CallExpr *Call) const {
    auto Pair = exchanged(Call->getDirectCallee());
    if (!Pair)
      return std::nullopt;
    auto Arg = [&](const ParmVarDecl *P) -> const Expr * {
      unsigned I = P->getFunctionScopeIndex();
      return I < Call->getNumArgs() ? Call->getArg(I) : nullptr;
    };
    auto Cell = [&](const ParamCell &C) -> std::optional<Term> {
      const Expr *Pointer = Arg(C.Pointer), *Index = C.Index ? Arg(C.Index) : nullptr;
      if (!Pointer || (C.Index && !Index) || Pointer->HasSideEffects(Ctx) ||
          (Index && Index->HasSideEffects(Ctx)))
        return std::nullopt;
      return Index ? cellAt(Pointer, Index, false) : addressed(Pointer);
    };
    std::optional<Term> A = Cell(Pair->first), B = Cell(Pair->second);
    if (!A || !B || !A->Cell || !B->Cell || !sameArray(*A, *B) ||
        !Ctx.hasSameUnqualifiedType(typeOf(*A),
                                    Pair->first.Pointer->getType()->getPointeeType()))
      return std::nullopt;
    return std::pair{*A, *B};
  }

  /// \p F after \p Call: an exchange of two cells exchanges their facts;
  /// any other call may store anywhere.
  void exchange(const CallExpr *Call, Facts &F) const {
    std::optional<std::pair<Term, Term>> Cells = exchangedCells(Call);
    if (!Cells)
      return forget(F, [](const Term &T) { return T.Cell; });
    auto [A, B] = *Cells;
    std::map<Term, bool> Apart;
    rename(F, [&](Term &T) {
      if (!T.Cell)
        return true;
      if (T == A || T == B) {
        T = T == A ? B : A;
        return true;
      }
      auto [It, New] = Apart.insert({T, false});
      if (New)
        It->second = sameArray(T, A) && ThirdApart(Call, T.P, A.P) && ThirdApart(Call, T.P, B.P);
      return It->second;
    });
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
    if (const Expr *Cond = edgeCondition(B, Index, Holds); Cond && W.onlySteps(Cond)) {
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
        if (Strict && (Before == End.end() || !Before->second) && W.sameArray(X, Y) &&
            X.P.V != Y.P.V && !llvm::is_contained(Found, std::make_pair(Y.P, X.P)))
          Found.push_back({X.P, Y.P});
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
      auto Cell = [](const Expr *E) {
        E = E->IgnoreParenImpCasts();
        const auto *UO = dyn_cast<UnaryOperator>(E);
        return isa<ArraySubscriptExpr>(E) || (UO && UO->getOpcode() == UO_Deref);
      };
      Found |= BO->isComparisonOp() && (Cell(BO->getLHS()) || Cell(BO->getRHS()));
      return !Found;
    }
  } F;
  F.TraverseStmt(const_cast<Stmt *>(Body));
  return F.Found;
}
