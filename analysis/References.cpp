/// \file
/// The local variable and variable reference subtables of a function, and the
/// uncorrelated references table (seed 004 sections 2.3.3 and 2.3.4).
#include "analysis/AnalysisInternal.h"

#include "clang/AST/Expr.h"
#include "clang/AST/Stmt.h"
#include "clang/Basic/SourceManager.h"

#include <numeric>

using namespace cleave;
using namespace clang;

std::string cleave::uniqueName(const ASTContext &Ctx, const NamedDecl *D) {
  std::string Name = D->getNameAsString();
  // Whichever declaration names it, a function or global of internal linkage
  // is its file's: a declaration need not say `static` (`static int h;
  // extern int h;`, or `extern int h;` in a block), and the file is that of
  // the definition, as when models of several files are merged.
  auto FileScoped = [&](const NamedDecl *Def) {
    if (D->getFormalLinkage() != Linkage::Internal)
      return Name;
    const Decl *Where = Def ? Def : D->getCanonicalDecl();
    return positionOf(Ctx.getSourceManager(), Where->getLocation()).File + "::" + Name;
  };
  if (const auto *FD = dyn_cast<FunctionDecl>(D))
    return FileScoped(FD->getDefinition());
  if (const auto *PD = dyn_cast<ParmVarDecl>(D))
    if (const auto *Owner = dyn_cast_or_null<FunctionDecl>(PD->getDeclContext()))
      return uniqueName(Ctx, Owner) + "::" + Name;
  if (const auto *VD = dyn_cast<VarDecl>(D); VD && VD->hasLinkage())
    return FileScoped(globalDefinition(VD));
  return Name;
}

const VarDecl *cleave::globalDefinition(const VarDecl *VD) {
  if (const VarDecl *Def = VD->getDefinition())
    return Def;
  // Without one, the last tentative definition (`int x;`) is the definition,
  // as Clang's getActingDefinition says; but that asks the declaration it is
  // called on to be tentative itself, and `extern int x;` or a block-scope
  // redeclaration is not.
  for (const VarDecl *R = VD->getMostRecentDecl(); R; R = R->getPreviousDecl())
    if (R->isThisDeclarationADefinition() == VarDecl::TentativeDefinition)
      return R;
  return nullptr;
}

namespace {

/// Whether \p VD is a variable of the function: a block-scope `extern int g;`
/// only redeclares the global g.
bool isLocal(const VarDecl *VD) { return VD->isLocalVarDecl() && !VD->hasExternalStorage(); }

enum class Access { Read, Write, ReadWrite, Address, Allocate, Deallocate, Call };

const char *accessName(Access A) {
  switch (A) {
  case Access::Read: return "read";
  case Access::Write: return "write";
  case Access::ReadWrite: return "read-write";
  case Access::Address: return "address";
  case Access::Allocate: return "allocate";
  case Access::Deallocate: return "deallocate";
  case Access::Call: return "call";
  }
  llvm_unreachable("unknown access");
}

/// Whether \p E calls a function that returns new memory.
bool allocates(const Expr *E) {
  const auto *CE = dyn_cast<CallExpr>(E->IgnoreParenCasts());
  const FunctionDecl *FD = CE ? CE->getDirectCallee() : nullptr;
  if (!FD || !FD->getIdentifier())
    return false;
  return llvm::is_contained({"malloc", "calloc", "realloc", "aligned_alloc", "strdup",
                             "strndup"},
                            FD->getName());
}

/// Walks a function body top down, knowing at each reference what is done
/// with it: the access is decided by the operators around the reference, so
/// it is passed down rather than looked up from the parents.
class ReferenceWalker {
public:
  ReferenceWalker(ASTContext &Ctx, const FunctionDecl *FD, FunctionInfo &Info,
                  std::vector<UncorrelatedInfo> &Uncorrelated)
      : Ctx(Ctx), SM(Ctx.getSourceManager()), FD(FD), Info(Info),
        Uncorrelated(Uncorrelated) {
    Info.UniqueName = uniqueName(Ctx, FD);
  }

  void walkBody() {
    // On entry, C computes the bounds of the parameters' arrays
    // (C11 6.9.1p10), though an array parameter becomes a pointer.
    for (const ParmVarDecl *P : FD->parameters())
      bounds(P->getOriginalType());
    if (const auto *Body = dyn_cast_or_null<CompoundStmt>(FD->getBody()))
      for (const Stmt *S : Body->body())
        stmt(S);
    // The walk follows how expressions are built, not always how they are
    // written: a designated initializer holds its values by field
    // (`{ .b = y, .a = x }`), `i[a]` its base first.
    // Sorted by index, as a reference is much larger than its position.
    std::vector<unsigned> Order(Found.size());
    std::iota(Order.begin(), Order.end(), 0u);
    llvm::stable_sort(Order, [&](unsigned A, unsigned B) {
      return SM.isBeforeInTranslationUnit(Found[A].first, Found[B].first);
    });
    Info.References.reserve(Info.References.size() + Found.size());
    for (unsigned I : Order)
      Info.References.push_back(std::move(Found[I].second));
  }

  /// Walks one statement, keeping the declarations referenced in \p Out,
  /// but not those of the subexpressions in \p Elements, other statements of
  /// the control-flow graph that compute a value this one only uses.
  void walkStatement(const Stmt *S, const llvm::DenseSet<const Stmt *> &Elements,
                     std::vector<RawReference> &Out) {
    Raw = &Out;
    Root = S;
    Skip = &Elements;
    stmt(S);
    Raw = nullptr;
  }

private:
  ASTContext &Ctx;
  const SourceManager &SM;
  const FunctionDecl *FD;
  FunctionInfo &Info;
  std::vector<UncorrelatedInfo> &Uncorrelated;
  std::vector<std::string> Blocks; ///< "b12.5" for each open nested block
  llvm::DenseMap<const VarDecl *, std::string> LocalNames;
  /// The references found, with where they are written (expansion locations).
  std::vector<std::pair<SourceLocation, ReferenceInfo>> Found;
  std::vector<RawReference> *Raw = nullptr;
  const Stmt *Root = nullptr;
  const llvm::DenseSet<const Stmt *> *Skip = nullptr;

  void declareLocal(const VarDecl *VD) {
    std::string Scope;
    for (const std::string &B : Blocks)
      Scope += B + "::";
    LocalInfo L;
    L.Name = VD->getNameAsString();
    L.UniqueName = Info.UniqueName + "::" + Scope + L.Name;
    L.Type = VD->getType().getAsString(PrintingPolicy(Ctx.getLangOpts()));
    L.Storage = VD->isStaticLocal()                          ? "static"
                : VD->getStorageClass() == SC_Register ? "register"
                                                             : "auto";
    L.Pos = positionOf(SM, VD->getLocation());
    LocalNames[VD] = L.UniqueName;
    Info.Locals.push_back(std::move(L));
  }

  void record(const ValueDecl *D, Access A, bool Through, SourceLocation Loc) {
    // One declaration per variable, so that the dependence graph sees a
    // global and a block-scope `extern` redeclaring it as one.
    D = cast<ValueDecl>(D->getCanonicalDecl());
    if (Raw)
      return Raw->push_back({D, accessName(A), Through});
    ReferenceInfo R;
    R.Access = accessName(A);
    R.ThroughPointer = Through;
    R.Pos = positionOf(SM, Loc);
    if (const auto *VD = dyn_cast<VarDecl>(D)) {
      auto Local = LocalNames.find(VD);
      R.Name = Local != LocalNames.end() ? Local->second : uniqueName(Ctx, VD);
      R.Kind = isa<ParmVarDecl>(VD) ? "param" : isLocal(VD) ? "local" : "global";
      if (R.Kind == "global" && !globalDefinition(VD))
        noteUncorrelated(VD, "global");
    } else if (const auto *F = dyn_cast<FunctionDecl>(D)) {
      R.Name = uniqueName(Ctx, F);
      R.Kind = "function";
      if (!F->getDefinition())
        noteUncorrelated(F, "function");
    } else if (isa<EnumConstantDecl>(D)) {
      R.Name = D->getNameAsString();
      R.Kind = "enum_constant";
    } else {
      return;
    }
    Found.emplace_back(SM.getExpansionLoc(Loc), std::move(R));
  }

  void noteUncorrelated(const ValueDecl *D, const char *Kind) {
    std::string Name = uniqueName(Ctx, D);
    auto It = llvm::find_if(Uncorrelated, [&](const UncorrelatedInfo &U) { return U.Name == Name; });
    if (It == Uncorrelated.end()) {
      Uncorrelated.push_back({Name, Kind, D->getType().getAsString(), {}});
      It = std::prev(Uncorrelated.end());
    }
    if (!llvm::is_contained(It->ReferencedBy, Info.UniqueName))
      It->ReferencedBy.push_back(Info.UniqueName);
  }

  void stmt(const Stmt *S) {
    if (!S)
      return;
    if (const auto *E = dyn_cast<Expr>(S))
      return expr(E, Access::Read, false);
    if (const auto *DS = dyn_cast<DeclStmt>(S)) {
      for (const Decl *D : DS->decls()) {
        if (const auto *TD = dyn_cast<TypedefNameDecl>(D))
          bounds(TD->getUnderlyingType());
        const auto *VD = dyn_cast<VarDecl>(D);
        if (!VD || !isLocal(VD))
          continue;
        declareLocal(VD);
        bounds(VD->getType());
        // A static local is initialized once, before the program starts, by
        // constant expressions (C11 6.2.4p3, 6.7.9p4): no call runs its
        // initializer, and the table lists what a call does.
        const Expr *Init = VD->getInit();
        if (!Init || VD->isStaticLocal())
          continue;
        record(VD, allocates(Init) ? Access::Allocate : Access::Write, false,
               VD->getLocation());
        expr(Init, Access::Read, false);
      }
      return;
    }
    if (const auto *CS = dyn_cast<CompoundStmt>(S)) {
      PresumedLoc P = SM.getPresumedLoc(SM.getExpansionLoc(CS->getLBracLoc()));
      Blocks.push_back("b" + std::to_string(P.getLine()) + "." + std::to_string(P.getColumn()));
      for (const Stmt *Child : CS->body())
        stmt(Child);
      Blocks.pop_back();
      return;
    }
    for (const Stmt *Child : S->children())
      stmt(Child);
  }

  /// Reads the bounds of variable length arrays that C computes where \p T
  /// is written.
  void bounds(QualType T) {
    for (const Expr *Bound : arrayBounds(Ctx, T))
      expr(Bound, Access::Read, false);
  }

  /// The operand of sizeof of a variable length array: C evaluates it as an
  /// object it designates but does not load. Its size was computed with the
  /// declaration of its type, and is read with the array or pointer that
  /// declaration declared: `sizeof a`, `sizeof a[i]` read a, `sizeof *p`
  /// reads p but not what p points to.
  void sizedOperand(const Expr *E) {
    E = E->IgnoreParens();
    if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
      // An array's size is fixed where it is declared: no write of its
      // elements meets this read, so the dependence graph leaves it out.
      if (!Raw)
        record(DRE->getDecl(), Access::Read, false, DRE->getLocation());
      return;
    }
    if (const auto *ICE = dyn_cast<ImplicitCastExpr>(E);
        ICE && ICE->getCastKind() == CK_ArrayToPointerDecay)
      return sizedOperand(ICE->getSubExpr());
    if (const auto *UO = dyn_cast<UnaryOperator>(E); UO && UO->getOpcode() == UO_Deref)
      return sizedOperand(UO->getSubExpr());
    if (const auto *ASE = dyn_cast<ArraySubscriptExpr>(E)) {
      sizedOperand(ASE->getBase());
      return expr(ASE->getIdx(), Access::Read, false);
    }
    expr(E, Access::Read, false);
  }

  void expr(const Expr *E, Access A, bool Through) {
    if (!E)
      return;
    E = E->IgnoreParens();
    if (Skip && !Through && E != Root && E->isPRValue() && Skip->count(E))
      return;
    if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
      Access Kind = A;
      if (isa<FunctionDecl>(DRE->getDecl()) && A != Access::Call)
        Kind = Access::Address;
      return record(DRE->getDecl(), Kind, Through, DRE->getLocation());
    }
    if (const auto *ICE = dyn_cast<ImplicitCastExpr>(E)) {
      switch (ICE->getCastKind()) {
      case CK_LValueToRValue:
        // Reading a pointer to reach what it points to, or to free it, passes
        // the access on.
        return expr(ICE->getSubExpr(),
                    Through || A == Access::Deallocate ? A : Access::Read, Through);
      case CK_ArrayToPointerDecay:
        // The elements of an array variable are the variable itself.
        return expr(ICE->getSubExpr(), Through ? A : Access::Address, false);
      case CK_FunctionToPointerDecay:
        return expr(ICE->getSubExpr(), A == Access::Call ? A : Access::Address, false);
      default:
        return expr(ICE->getSubExpr(), A, Through);
      }
    }
    if (const auto *Cast = dyn_cast<ExplicitCastExpr>(E)) {
      bounds(Cast->getTypeAsWritten()); // `(int (*)[n])p` reads n
      return expr(Cast->getSubExpr(), A, Through);
    }
    if (const auto *UO = dyn_cast<UnaryOperator>(E)) {
      switch (UO->getOpcode()) {
      case UO_Deref:
        return expr(UO->getSubExpr(), A, true);
      case UO_AddrOf:
        return expr(UO->getSubExpr(), Access::Address, false);
      case UO_PreInc:
      case UO_PreDec:
      case UO_PostInc:
      case UO_PostDec:
        return expr(UO->getSubExpr(), Access::ReadWrite, Through);
      default:
        return expr(UO->getSubExpr(), Access::Read, false);
      }
    }
    if (const auto *ASE = dyn_cast<ArraySubscriptExpr>(E)) {
      expr(ASE->getBase(), A, true);
      return expr(ASE->getIdx(), Access::Read, false);
    }
    if (const auto *ME = dyn_cast<MemberExpr>(E))
      return expr(ME->getBase(), A, ME->isArrow() || Through);
    if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
      if (BO->getOpcode() == BO_Assign) {
        expr(BO->getLHS(), allocates(BO->getRHS()) ? Access::Allocate : Access::Write, false);
        return expr(BO->getRHS(), Access::Read, false);
      }
      if (BO->isCompoundAssignmentOp()) {
        expr(BO->getLHS(), Access::ReadWrite, false);
        return expr(BO->getRHS(), Access::Read, false);
      }
      if (Through && BO->isAdditiveOp()) {
        // Pointer arithmetic: the access reaches the pointer operand.
        bool LeftIsPointer = BO->getLHS()->getType()->isPointerType();
        expr(BO->getLHS(), LeftIsPointer ? A : Access::Read, LeftIsPointer);
        return expr(BO->getRHS(), LeftIsPointer ? Access::Read : A, !LeftIsPointer);
      }
      expr(BO->getLHS(), Access::Read, false);
      return expr(BO->getRHS(), Access::Read, false);
    }
    if (const auto *CO = dyn_cast<ConditionalOperator>(E)) {
      expr(CO->getCond(), Access::Read, false);
      expr(CO->getTrueExpr(), A, Through);
      return expr(CO->getFalseExpr(), A, Through);
    }
    if (const auto *CE = dyn_cast<CallExpr>(E)) {
      const FunctionDecl *Callee = CE->getDirectCallee();
      expr(CE->getCallee(), Callee ? Access::Call : Access::Read, false);
      bool Frees = Callee && Callee->getIdentifier() && Callee->getName() == "free";
      for (unsigned I = 0; I < CE->getNumArgs(); ++I)
        expr(CE->getArg(I), Frees && I == 0 ? Access::Deallocate : Access::Read, false);
      return;
    }
    if (const auto *UE = dyn_cast<UnaryExprOrTypeTraitExpr>(E)) {
      // Only sizeof of a variable length array evaluates its operand
      // (C11 6.5.3.4p2): a type's bounds, or an expression.
      if (UE->getKind() != UETT_SizeOf || !isVariableLength(UE->getTypeOfArgument()))
        return;
      if (UE->isArgumentType())
        return bounds(UE->getArgumentType());
      return sizedOperand(UE->getArgumentExpr());
    }
    if (const auto *SE = dyn_cast<StmtExpr>(E))
      return stmt(SE->getSubStmt());
    for (const Stmt *Child : E->children()) {
      if (const auto *ChildExpr = dyn_cast_or_null<Expr>(Child))
        expr(ChildExpr, Access::Read, false);
      else
        stmt(Child);
    }
  }
};

} // namespace

std::vector<RawReference>
cleave::statementReferences(ASTContext &Ctx, const FunctionDecl *FD, const Stmt *S,
                            const llvm::DenseSet<const Stmt *> &Elements) {
  FunctionInfo Scratch;
  std::vector<UncorrelatedInfo> Ignored;
  std::vector<RawReference> Out;
  ReferenceWalker(Ctx, FD, Scratch, Ignored).walkStatement(S, Elements, Out);
  return Out;
}

void cleave::collectReferences(ASTContext &Ctx, const FunctionDecl *FD, FunctionInfo &Info,
                               std::vector<UncorrelatedInfo> &Uncorrelated) {
  ReferenceWalker(Ctx, FD, Info, Uncorrelated).walkBody();
}
