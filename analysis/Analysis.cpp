/// \file
/// The analysis of one translation unit: region pragmas, recursion, the reasons
/// a function cannot run remotely, the program model; and the Clang driver.
#include "analysis/Analysis.h"
#include "analysis/AnalysisInternal.h"
#include "analysis/Presburger.h"
#include "analysis/LibraryEffects.h"
#include "analysis/Marshaling.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Lex/Lexer.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/thread.h"
#include <boost/graph/adjacency_list.hpp>
#include <boost/graph/strong_components.hpp>
#include <set>

using namespace cleave;
using namespace clang;

std::string cleave::symbolKey(const ValueDecl *D) {
  // The declaration's place tells it from others of its name (two tokens of
  // one macro expansion have places of their own too). Decl::getID would do,
  // but it searches the AST's allocator, which grows with the program.
  return D->getNameAsString() + "@" + llvm::utohexstr(D->getLocation().getRawEncoding());
}

/// Whether \p E reads only variables outside \p Modified.
static bool readsOnlyUnchanged(const Expr *E, const llvm::DenseSet<const VarDecl *> &Modified) {
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts()))
    if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl()))
      return !Modified.count(VD) && !VD->hasGlobalStorage();
  for (const Stmt *Child : E->children())
    if (const auto *ChildExpr = dyn_cast_or_null<Expr>(Child))
      if (!readsOnlyUnchanged(ChildExpr, Modified))
        return false;
  return true;
}

SymExpr::Ptr cleave::symbolicValue(const Expr *E,
                                   const llvm::DenseSet<const VarDecl *> *Modified,
                                   const ASTContext *Ctx, Conjunction *Wraps) {
  if (Wraps && !Ctx)
    return nullptr;
  auto Value = [&](const Expr *Sub) { return symbolicValue(Sub, Modified, Ctx, Wraps); };
  // A value that must not be negative (with Wraps): a constant is checked
  // here, the others where the caller knows the state.
  auto NotNegative = [&](SymExpr::Ptr V) -> SymExpr::Ptr {
    if (V && V->kind() == SymExpr::Kind::Constant)
      return V->value() >= 0 ? V : nullptr;
    if (V)
      Wraps->push_back(V);
    return V;
  };
  E = E->IgnoreParens();
  if (Wraps && !E->isValueDependent() && E->getType()->isIntegerType())
    if (std::optional<llvm::APSInt> V = E->getIntegerConstantExpr(*Ctx))
      return V->isRepresentableByInt64() ? SymExpr::constant(V->getExtValue()) : nullptr;
  if (const auto *Cast = dyn_cast<ImplicitCastExpr>(E)) {
    const Expr *Sub = Cast->getSubExpr();
    QualType From = Sub->getType(), To = E->getType();
    if (!Wraps || Cast->getCastKind() != CK_IntegralCast)
      return Value(Sub);
    bool FromSigned = From->isSignedIntegerType(), ToSigned = To->isSignedIntegerType();
    if (Ctx->getTypeSize(To) < Ctx->getTypeSize(From) && !(FromSigned && ToSigned))
      return nullptr;
    SymExpr::Ptr V = Value(Sub);
    return FromSigned && !ToSigned ? NotNegative(V) : V;
  }
  if (!E->getType()->isIntegerType())
    return nullptr;
  if (Ctx && isa<UnaryExprOrTypeTraitExpr>(E) && !E->isValueDependent())
    if (std::optional<llvm::APSInt> V = E->getIntegerConstantExpr(*Ctx))
      if (V->isSignedIntN(64))
        return SymExpr::constant(V->getSExtValue());
  if (const auto *Cast = dyn_cast<ExplicitCastExpr>(E); Cast && Ctx) {
    // The value stays (a type as wide or wider of the same signedness, an
    // unsigned one widened), or changes by a multiple of 2^64, which an
    // address computed from it does not see (a type as wide as an address).
    QualType From = Cast->getSubExpr()->getType(), To = E->getType();
    uint64_t FromBits = Ctx->getTypeSize(From), ToBits = Ctx->getTypeSize(To);
    bool SameSign = From->isSignedIntegerType() == To->isSignedIntegerType();
    if (From->isIntegerType() && ToBits >= FromBits &&
        (SameSign || (!From->isSignedIntegerType() && ToBits > FromBits) ||
         ToBits == Ctx->getTypeSize(Ctx->getSizeType()))) {
      SymExpr::Ptr V = Value(Cast->getSubExpr());
      return Wraps && From->isSignedIntegerType() && !To->isSignedIntegerType() ? NotNegative(V)
                                                                                : V;
    }
    return nullptr;
  }
  if (const auto *IL = dyn_cast<IntegerLiteral>(E)) {
    if (!IL->getValue().isSignedIntN(64))
      return nullptr;
    return SymExpr::constant(IL->getValue().getSExtValue());
  }
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
    if (const auto *EC = dyn_cast<EnumConstantDecl>(DRE->getDecl()))
      return SymExpr::constant(EC->getInitVal().getSExtValue());
    if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl())) {
      if (Modified && VD->hasLocalStorage() && !isa<ParmVarDecl>(VD) && VD->getInit() &&
          !Modified->count(VD) && readsOnlyUnchanged(VD->getInit(), *Modified)) {
        // What the initializer needs holds wherever the variable is read.
        size_t Needed = Wraps ? Wraps->size() : 0;
        if (SymExpr::Ptr Init = Value(VD->getInit()))
          return Init;
        if (Wraps)
          Wraps->resize(Needed);
      }
      return SymExpr::variable(symbolKey(VD));
    }
    return nullptr;
  }
  bool Unsigned = Wraps && E->getType()->isUnsignedIntegerType();
  if (const auto *UO = dyn_cast<UnaryOperator>(E)) {
    auto Operand = Value(UO->getSubExpr());
    if (!Operand)
      return nullptr;
    if (UO->getOpcode() == UO_Minus)
      return Unsigned ? NotNegative(SymExpr::negate(Operand)) : SymExpr::negate(Operand);
    if (UO->getOpcode() == UO_Plus)
      return Operand;
    // An increment's value: the variable's before (v++), or after (++v).
    if (UO->isPostfix())
      return Operand;
    if (UO->isIncrementDecrementOp()) {
      SymExpr::Ptr After = SymExpr::binary(SymExpr::Kind::Add, Operand,
                                           SymExpr::constant(UO->isIncrementOp() ? 1 : -1));
      return Unsigned && UO->isDecrementOp() ? NotNegative(After) : After;
    }
    return nullptr;
  }
  // A call of a function of the program whose body returns an integer
  // expression of its parameters (`static int imin(int a, int b) { return
  // a < b ? a : b; }`): that expression, the arguments put in.
  if (const auto *Call = dyn_cast<CallExpr>(E)) {
    const FunctionDecl *Callee = Call->getDirectCallee();
    const FunctionDecl *Def = Callee ? Callee->getDefinition() : nullptr;
    const auto *Body = Def ? dyn_cast<CompoundStmt>(Def->getBody()) : nullptr;
    const auto *Ret = Body && Body->size() == 1 ? dyn_cast<ReturnStmt>(Body->body_front()) : nullptr;
    // Each call inlined is one level; a function that calls itself stops.
    static thread_local unsigned Depth = 0;
    if (!Ctx || !Ret || !Ret->getRetValue() || Def->isVariadic() ||
        Call->getNumArgs() != Def->getNumParams() || Depth >= 8)
      return nullptr;
    SymMap Args;
    for (unsigned I = 0; I < Call->getNumArgs(); ++I) {
      const ParmVarDecl *P = Def->getParamDecl(I);
      SymExpr::Ptr A = P->getType()->isIntegerType() && computesOnly(Call->getArg(I), *Ctx)
                           ? Value(Call->getArg(I))
                           : nullptr;
      if (!A)
        return nullptr;
      Args[symbolKey(P)] = A;
    }
    Conjunction Inner;
    ++Depth;
    SymExpr::Ptr V = symbolicValue(Ret->getRetValue(), nullptr, Ctx, Wraps ? &Inner : nullptr);
    --Depth;
    if (!V || llvm::any_of(V->variables(), [&](const std::string &K) { return !Args.count(K); }))
      return nullptr;
    for (const SymExpr::Ptr &F : Inner)
      Wraps->push_back(substitute(F, Args));
    return substitute(V, Args);
  }
  // A conditional that chooses one of the two values it compares
  // (`b + BS < n ? b + BS : n`, what MIN expands to): their least or
  // greatest.
  if (const auto *CO = dyn_cast<ConditionalOperator>(E)) {
    const auto *Test = dyn_cast<BinaryOperator>(CO->getCond()->IgnoreParenImpCasts());
    if (!Test || !Test->isRelationalOp() || !Test->getLHS()->getType()->isIntegerType())
      return nullptr;
    SymExpr::Ptr L = Value(Test->getLHS()), R = Value(Test->getRHS());
    SymExpr::Ptr X = Value(CO->getTrueExpr()), Y = Value(CO->getFalseExpr());
    if (!L || !R || !X || !Y)
      return nullptr;
    auto Same = [](const SymExpr::Ptr &A, const SymExpr::Ptr &B) {
      return AffineForm::of(A).minus(AffineForm::of(B)).constantValue() == 0;
    };
    bool First = Same(X, L) && Same(Y, R);
    if (!First && !(Same(X, R) && Same(Y, L)))
      return nullptr;
    bool Less = Test->getOpcode() == BO_LT || Test->getOpcode() == BO_LE;
    return SymExpr::binary(Less == First ? SymExpr::Kind::Min : SymExpr::Kind::Max, L, R);
  }
  if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
    // Two pointers into one array: the elements between them.
    if (BO->getOpcode() == BO_Sub && BO->getLHS()->getType()->isPointerType()) {
      auto L = addressValue(BO->getLHS(), Modified, Ctx, Wraps),
           R = addressValue(BO->getRHS(), Modified, Ctx, Wraps);
      return L && R ? SymExpr::binary(SymExpr::Kind::Sub, L, R) : nullptr;
    }
    // A shift of a signed value by a constant: a product (an overflow is
    // undefined), or a quotient of a value that is not negative (C leaves
    // the shift of a negative one to the compiler, and `/` rounds it the
    // other way). Not of an unsigned one: a hash's `(n * 2654435761u) >>
    // 24` shifts a product that wrapped around.
    if ((BO->getOpcode() == BO_Shl || (BO->getOpcode() == BO_Shr && Wraps)) && Ctx &&
        BO->getLHS()->getType()->isSignedIntegerType()) {
      std::optional<llvm::APSInt> By = BO->getRHS()->getIntegerConstantExpr(*Ctx);
      SymExpr::Ptr L = Value(BO->getLHS());
      if (!By || By->isNegative() || By->getExtValue() > 62 || !L)
        return nullptr;
      SymExpr::Ptr Scale = SymExpr::constant(int64_t(1) << By->getExtValue());
      if (BO->getOpcode() == BO_Shl)
        return SymExpr::binary(SymExpr::Kind::Mul, L, Scale);
      return (L = NotNegative(L)) ? SymExpr::binary(SymExpr::Kind::Div, L, Scale) : nullptr;
    }
    SymExpr::Kind K;
    switch (BO->getOpcode()) {
    case BO_Add: K = SymExpr::Kind::Add; break;
    case BO_Sub: K = SymExpr::Kind::Sub; break;
    case BO_Mul: K = SymExpr::Kind::Mul; break;
    case BO_Div: K = SymExpr::Kind::Div; break;
    case BO_Rem: K = SymExpr::Kind::Rem; break;
    default: return nullptr;
    }
    auto L = Value(BO->getLHS()), R = Value(BO->getRHS());
    if (!L || !R)
      return nullptr;
    SymExpr::Ptr V = SymExpr::binary(K, L, R);
    return Unsigned && K == SymExpr::Kind::Sub ? NotNegative(V) : V;
  }
  return nullptr;
}

bool cleave::computesOnly(const Expr *E, const ASTContext &Ctx) {
  if (!E->HasSideEffects(Ctx))
    return true;
  E = E->IgnoreParenImpCasts();
  if (isa<CallExpr>(E))
    return symbolicValue(E, nullptr, &Ctx) != nullptr;
  const auto *BO = dyn_cast<BinaryOperator>(E);
  const auto *UO = dyn_cast<UnaryOperator>(E);
  if (!(BO && !BO->isAssignmentOp() && !BO->isCompoundAssignmentOp()) &&
      !(UO && !UO->isIncrementDecrementOp()) && !isa<ConditionalOperator>(E))
    return false;
  for (const Stmt *Child : E->children())
    if (!computesOnly(cast<Expr>(Child), Ctx))
      return false;
  return true;
}

std::optional<PointerValue>
cleave::pointerValue(const Expr *E, const llvm::DenseSet<const VarDecl *> *Modified,
                     const ASTContext *Ctx, Conjunction *Wraps) {
  const Expr *Stripped = E->IgnoreParenImpCasts();
  // Element offsets are only meaningful while the pointee type stays the same
  // (an array stands for a pointer to its first element).
  auto SamePointee = [](QualType A, QualType B) {
    return (A->isPointerType() || A->isArrayType()) && B->isPointerType() &&
           QualType(A->getPointeeOrArrayElementType(), 0).getCanonicalType() ==
               B->getPointeeType().getCanonicalType().getUnqualifiedType();
  };
  if (const auto *DRE = dyn_cast<DeclRefExpr>(Stripped)) {
    const auto *VD = dyn_cast<VarDecl>(DRE->getDecl());
    if (!VD || !SamePointee(VD->getType(), E->getType()))
      return std::nullopt;
    // A local pointer that never changes stands for its initializer too.
    if (Modified && VD->hasLocalStorage() && !isa<ParmVarDecl>(VD) && VD->getInit() &&
        !Modified->count(VD) && readsOnlyUnchanged(VD->getInit(), *Modified))
      if (auto Init = pointerValue(VD->getInit(), Modified, Ctx, Wraps))
        return Init;
    return PointerValue{VD, SymExpr::constant(0)};
  }
  if (const auto *BO = dyn_cast<BinaryOperator>(Stripped)) {
    if (BO->getOpcode() != BO_Add && BO->getOpcode() != BO_Sub)
      return std::nullopt;
    const Expr *Ptr = BO->getLHS(), *Int = BO->getRHS();
    if (BO->getOpcode() == BO_Add && Int->getType()->isPointerType())
      std::swap(Ptr, Int);
    if (!Ptr->getType()->isPointerType() || !SamePointee(Ptr->getType(), E->getType()))
      return std::nullopt;
    auto Base = pointerValue(Ptr, Modified, Ctx, Wraps);
    auto Off = symbolicValue(Int, Modified, Ctx, Wraps);
    if (!Base || !Off)
      return std::nullopt;
    Base->Offset = SymExpr::binary(BO->getOpcode() == BO_Add ? SymExpr::Kind::Add
                                                             : SymExpr::Kind::Sub,
                                   Base->Offset, Off);
    return Base;
  }
  if (const auto *UO = dyn_cast<UnaryOperator>(Stripped)) {
    const auto *ASE = UO->getOpcode() == UO_AddrOf
                          ? dyn_cast<ArraySubscriptExpr>(UO->getSubExpr()->IgnoreParens())
                          : nullptr;
    if (!ASE || !SamePointee(ASE->getBase()->getType(), E->getType()))
      return std::nullopt;
    auto Base = pointerValue(ASE->getBase(), Modified, Ctx, Wraps);
    auto Off = symbolicValue(ASE->getIdx(), Modified, Ctx, Wraps);
    if (!Base || !Off)
      return std::nullopt;
    Base->Offset = SymExpr::binary(SymExpr::Kind::Add, Base->Offset, Off);
    return Base;
  }
  return std::nullopt;
}

std::string cleave::entryKey(const ParmVarDecl *P) {
  std::string Key = symbolKey(P);
  return Key.insert(Key.find('@') + 1, "e");
}

SymExpr::Ptr cleave::addressValue(const Expr *E, const llvm::DenseSet<const VarDecl *> *Modified,
                                  const ASTContext *Ctx, Conjunction *Wraps) {
  E = E->IgnoreParens();
  // `p++` is p's value before, `++p` after.
  if (const auto *UO = dyn_cast<UnaryOperator>(E); UO && UO->isIncrementDecrementOp()) {
    SymExpr::Ptr Old = addressValue(UO->getSubExpr(), Modified, Ctx, Wraps);
    if (!Old || UO->isPostfix())
      return Old;
    return SymExpr::binary(SymExpr::Kind::Add, Old,
                           SymExpr::constant(UO->isIncrementOp() ? 1 : -1));
  }
  const Type *Pointee = E->getType()->getPointeeType().getTypePtrOrNull();
  if (!Pointee || Pointee->isIncompleteType() || Pointee->isFunctionType())
    return nullptr;
  auto V = pointerValue(E, Modified, Ctx, Wraps);
  if (!V || !(V->Base->getType()->isPointerType() || V->Base->getType()->isArrayType()))
    return nullptr;
  return SymExpr::binary(SymExpr::Kind::Add, SymExpr::variable(symbolKey(V->Base)), V->Offset);
}

namespace {

/// Reports a Clang error at \p Loc.
void reportError(ASTContext &Ctx, SourceLocation Loc, const llvm::Twine &Msg) {
  DiagnosticsEngine &D = Ctx.getDiagnostics();
  D.Report(Loc, D.getCustomDiagID(DiagnosticsEngine::Error, "%0")) << Msg.str();
}

/// The grammar of a region pragma: region(NAME[LO:HI], ...). Returns the
/// regions or reports an error at the offending character.
std::optional<std::vector<std::pair<std::string, std::pair<std::string, std::string>>>>
parseRegionPragma(ASTContext &Ctx, const PragmaLine &P) {
  llvm::StringRef Text = P.Text;
  size_t Pos = 0;
  auto Fail = [&](const llvm::Twine &Msg) {
    reportError(Ctx, P.TextLoc.getLocWithOffset(Pos), Msg);
    return std::nullopt;
  };
  auto Skip = [&] {
    while (Pos < Text.size() && llvm::isSpace(Text[Pos]))
      ++Pos;
  };
  auto Ident = [&]() -> std::string {
    Skip();
    size_t Start = Pos;
    while (Pos < Text.size() && (llvm::isAlnum(Text[Pos]) || Text[Pos] == '_'))
      ++Pos;
    return Text.substr(Start, Pos - Start).str();
  };
  // A bound runs to Stop outside parentheses: `a[0:(n - 1) * ld + n]`.
  auto Upto = [&](char Stop) -> std::optional<std::string> {
    size_t Start = Pos;
    int Depth = 0;
    for (; Pos < Text.size(); ++Pos) {
      char C = Text[Pos];
      if (C == '(')
        ++Depth;
      else if (C == ')' && Depth > 0)
        --Depth;
      else if (Depth == 0 && (C == Stop || C == ']' || C == ',' || C == ')'))
        break;
    }
    if (Pos == Text.size() || Text[Pos] != Stop)
      return std::nullopt;
    return Text.substr(Start, Pos++ - Start).trim().str();
  };

  std::string Keyword = Ident();
  if (Keyword != "region")
    return Fail("unknown cleave pragma '" + Keyword +
                "'; they are 'region(p[lo:hi], ...)' before a function, and 'spawn' and "
                "'nospawn' before a call");
  Skip();
  if (Pos == Text.size() || Text[Pos] != '(')
    return Fail("expected '(' after 'region'");
  ++Pos;
  std::vector<std::pair<std::string, std::pair<std::string, std::string>>> Out;
  for (;;) {
    std::string Name = Ident();
    if (Name.empty())
      return Fail("expected a parameter name");
    Skip();
    if (Pos == Text.size() || Text[Pos] != '[')
      return Fail("expected '[' after '" + Name + "'");
    ++Pos;
    size_t LoPos = Pos;
    auto Lo = Upto(':');
    if (!Lo) {
      Pos = LoPos;
      return Fail("expected 'lo:hi]' after '" + Name + "['");
    }
    auto Hi = Upto(']');
    if (!Hi)
      return Fail("expected ']' to close the region of '" + Name + "'");
    Out.push_back({Name, {*Lo, *Hi}});
    Skip();
    if (Pos < Text.size() && Text[Pos] == ',') {
      ++Pos;
      continue;
    }
    if (Pos < Text.size() && Text[Pos] == ')') {
      ++Pos;
      break;
    }
    return Fail("expected ',' or ')'");
  }
  Skip();
  if (Pos != Text.size())
    return Fail("unexpected text after the region list");
  return Out;
}

/// Collects direct calls between functions defined in the translation unit.
class CallCollector : public RecursiveASTVisitor<CallCollector> {
public:
  explicit CallCollector(std::vector<const FunctionDecl *> &Callees)
      : Callees(Callees) {}
  bool VisitCallExpr(CallExpr *CE) {
    if (const FunctionDecl *FD = CE->getDirectCallee())
      Callees.push_back(FD->getCanonicalDecl());
    return true;
  }

private:
  std::vector<const FunctionDecl *> &Callees;
};

/// Finds the variables assigned, incremented, decremented or address-taken
/// (only address-taken, with \p AddressOnly).
class WriteScan : public RecursiveASTVisitor<WriteScan> {
public:
  explicit WriteScan(bool AddressOnly = false, const Stmt *Stop = nullptr)
      : AddressOnly(AddressOnly), Stop(Stop) {}
  llvm::DenseSet<const VarDecl *> Written;
  /// The first place, in the order of the source, that each is written at.
  llvm::DenseMap<const VarDecl *, const Expr *> First;

  bool TraverseStmt(Stmt *S) {
    return !(S && S == Stop) && RecursiveASTVisitor::TraverseStmt(S);
  }

  bool VisitBinaryOperator(BinaryOperator *BO) {
    if (BO->isAssignmentOp() && !AddressOnly)
      note(BO->getLHS());
    return true;
  }
  bool VisitUnaryOperator(UnaryOperator *UO) {
    if ((UO->isIncrementDecrementOp() && !AddressOnly) || UO->getOpcode() == UO_AddrOf)
      note(UO->getSubExpr());
    return true;
  }

private:
  bool AddressOnly;
  const Stmt *Stop;
  void note(const Expr *E) {
    if (const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts()))
      if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl())) {
        Written.insert(VD);
        First.try_emplace(VD, E);
      }
  }
};

} // namespace

llvm::DenseSet<const VarDecl *> cleave::modifiedVariables(const Stmt *S) {
  WriteScan Scan;
  Scan.TraverseStmt(const_cast<Stmt *>(S));
  return std::move(Scan.Written);
}

llvm::DenseSet<const VarDecl *> cleave::modifiedBefore(const Stmt *S, const Stmt *Stop) {
  WriteScan Scan(false, Stop);
  Scan.TraverseStmt(const_cast<Stmt *>(S));
  return std::move(Scan.Written);
}

const Expr *cleave::firstChange(const Stmt *S, const VarDecl *V) {
  WriteScan Scan;
  Scan.TraverseStmt(const_cast<Stmt *>(S));
  return Scan.First.lookup(V);
}

const Expr *cleave::changeOf(const FunctionDecl *F, const VarDecl *V) {
  const Expr *First = firstChange(F->getBody(), V);
  const auto *Body = dyn_cast_or_null<CompoundStmt>(F->getBody());
  if (!First || !Body || V->getInit())
    return First;
  for (auto S = Body->body_begin(); S != Body->body_end(); ++S) {
    const auto *Set = dyn_cast<BinaryOperator>(*S);
    if (Set && Set->getOpcode() == BO_Assign && Set->getLHS() == First) {
      for (auto Rest = std::next(S); Rest != Body->body_end(); ++Rest)
        if (const Expr *Next = firstChange(*Rest, V))
          return Next;
      return First;
    }
    if (!mentionsOf(*S, V).empty())
      return First;
  }
  return First;
}

llvm::DenseSet<const VarDecl *> cleave::addressTakenVariables(const Stmt *S) {
  WriteScan Scan(true);
  Scan.TraverseStmt(const_cast<Stmt *>(S));
  return std::move(Scan.Written);
}

bool cleave::endsInReturn(const Stmt *S) {
  if (const auto *CS = dyn_cast_or_null<CompoundStmt>(S))
    return !CS->body_empty() && endsInReturn(CS->body_back());
  return isa_and_nonnull<ReturnStmt>(S);
}

bool cleave::hasJump(const Stmt *S, bool InLoop) {
  class Jumps : public RecursiveASTVisitor<Jumps> {
  public:
    explicit Jumps(bool InLoop) : InLoop(InLoop) {}
    bool Found = false;
    bool VisitReturnStmt(ReturnStmt *) { return !(Found = true); }
    bool VisitBreakStmt(BreakStmt *) { return !(Found = !InLoop); }
    bool VisitContinueStmt(ContinueStmt *) { return !(Found = !InLoop); }
    bool VisitGotoStmt(GotoStmt *) { return !(Found = true); }
    bool VisitIndirectGotoStmt(IndirectGotoStmt *) { return !(Found = true); }
    bool VisitLabelStmt(LabelStmt *) { return !(Found = true); }
    bool VisitSwitchCase(SwitchCase *) { return !(Found = !InLoop); }

  private:
    bool InLoop;
  } Scan(InLoop);
  Scan.TraverseStmt(const_cast<Stmt *>(S));
  return Scan.Found;
}

static bool failsProgram(const Stmt *S, unsigned Depth) {
  if (!S || Depth > 4)
    return false;
  if (const auto *E = dyn_cast<Expr>(S)) {
    E = E->IgnoreParenCasts();
    if (const auto *BO = dyn_cast<BinaryOperator>(E); BO && BO->getOpcode() == BO_Comma)
      return failsProgram(BO->getRHS(), Depth);
    if (const auto *CO = dyn_cast<ConditionalOperator>(E))
      return failsProgram(CO->getTrueExpr(), Depth) && failsProgram(CO->getFalseExpr(), Depth);
    const auto *CE = dyn_cast<CallExpr>(E);
    const FunctionDecl *Callee = CE ? CE->getDirectCallee() : nullptr;
    if (!Callee)
      return false;
    if (Callee->getIdentifier() &&
        llvm::is_contained({"exit", "_Exit", "quick_exit"}, Callee->getName())) {
      std::optional<llvm::APSInt> Status =
          CE->getNumArgs() == 1 ? CE->getArg(0)->getIntegerConstantExpr(Callee->getASTContext())
                                : std::nullopt;
      return Status && *Status != 0;
    }
    if (Callee->isNoReturn())
      return true;
    const FunctionDecl *Def = Callee->getDefinition();
    return Def && Def->hasBody() && failsProgram(Def->getBody(), Depth + 1);
  }
  bool Ends = false;
  if (const auto *CS = dyn_cast<CompoundStmt>(S))
    Ends = !CS->body_empty() && failsProgram(CS->body_back(), Depth);
  else if (const auto *IS = dyn_cast<IfStmt>(S))
    Ends = failsProgram(IS->getThen(), Depth) && failsProgram(IS->getElse(), Depth);
  return Ends && !hasJump(S);
}

bool cleave::failsProgram(const Stmt *S) { return ::failsProgram(S, 0); }

llvm::StringRef cleave::allocationFunction(const CallExpr *CE) {
  const FunctionDecl *Callee = CE->getDirectCallee();
  if (!Callee || !Callee->getIdentifier())
    return "";
  // alloca's memory is the caller's frame until it returns.
  unsigned Id = Callee->getBuiltinID();
  if (Id == Builtin::BIalloca || Id == Builtin::BI__builtin_alloca ||
      Id == Builtin::BI__builtin_alloca_with_align)
    return "alloca";
  const LibraryEffect *L = Callee->hasBody() ? nullptr : libraryEffect(Callee->getName());
  return L && L->Kind == LibraryEffectKind::Allocation && Callee->getName() != "free"
             ? Callee->getName()
             : "";
}

llvm::StringRef cleave::allocatedBy(const VarDecl *V) {
  if (!V->getType()->isPointerType())
    return "";
  const Expr *Value = V->getInit();
  const auto *F = dyn_cast_or_null<FunctionDecl>(V->getParentFunctionOrMethod());
  if (!Value && F && V->hasLocalStorage())
    for (const auto &[Set, E] : setOnce(F, V))
      Value = E;
  const auto *Call = Value ? dyn_cast<CallExpr>(Value->IgnoreParenCasts()) : nullptr;
  return Call ? allocationFunction(Call) : "";
}

std::vector<const DeclRefExpr *> cleave::mentionsOf(const Stmt *S, const VarDecl *V,
                                                    const CallSet &Skip) {
  class Mentions : public RecursiveASTVisitor<Mentions> {
  public:
    const VarDecl *V;
    const CallSet &Skip;
    std::vector<const DeclRefExpr *> Refs;
    Mentions(const VarDecl *V, const CallSet &Skip) : V(V), Skip(Skip) {}
    bool TraverseCallExpr(CallExpr *CE) {
      return Skip.count(CE) ? true : RecursiveASTVisitor::TraverseCallExpr(CE);
    }
    // `sizeof *v` reads nothing.
    bool TraverseUnaryExprOrTypeTraitExpr(UnaryExprOrTypeTraitExpr *) { return true; }
    bool VisitDeclRefExpr(DeclRefExpr *DRE) {
      if (DRE->getDecl() == V)
        Refs.push_back(DRE);
      return true;
    }
  } M(V, Skip);
  M.TraverseStmt(const_cast<Stmt *>(S));
  return std::move(M.Refs);
}

std::vector<std::pair<const VarDecl *, const Expr *>> cleave::setOnce(const FunctionDecl *F,
                                                                     const VarDecl *Only) {
  class Labels : public RecursiveASTVisitor<Labels> {
  public:
    bool Found = false;
    bool VisitLabelStmt(LabelStmt *) { return !(Found = true); }
  } L;
  const auto *Body = dyn_cast_or_null<CompoundStmt>(F->getBody());
  if (!Body)
    return {};
  L.TraverseStmt(const_cast<CompoundStmt *>(Body));
  if (L.Found)
    return {};
  std::vector<std::pair<const VarDecl *, const Expr *>> Out;
  llvm::DenseSet<const VarDecl *> Declared;
  llvm::ArrayRef<Stmt *> Stmts(Body->body_begin(), Body->body_end());
  auto Mentioned = [](const VarDecl *V) {
    return [V](const Stmt *S) { return !mentionsOf(S, V).empty(); };
  };
  for (size_t I = 0; I < Stmts.size(); ++I) {
    if (const auto *DS = dyn_cast<DeclStmt>(Stmts[I]))
      for (const Decl *D : DS->decls())
        if (const auto *V = dyn_cast<VarDecl>(D);
            V && V->hasLocalStorage() && !V->getInit() && V->getType()->isScalarType())
          Declared.insert(V);
    const auto *Set = dyn_cast<BinaryOperator>(Stmts[I]);
    const VarDecl *V = Set && Set->getOpcode() == BO_Assign ? namedVariable(Set->getLHS()) : nullptr;
    if (!V || (Only && V != Only) || !Declared.erase(V) || Mentioned(V)(Set->getRHS()) ||
        llvm::any_of(Stmts.take_front(I), Mentioned(V)) ||
        llvm::any_of(Stmts.drop_front(I + 1),
                     [&](const Stmt *S) { return modifiedVariables(S).count(V) > 0; }))
      continue;
    Out.push_back({V, Set->getRHS()});
  }
  return Out;
}

const Stmt *cleave::loopBody(const Stmt *S) {
  if (const auto *For = dyn_cast<ForStmt>(S))
    return For->getBody();
  if (const auto *While = dyn_cast<WhileStmt>(S))
    return While->getBody();
  if (const auto *Do = dyn_cast<DoStmt>(S))
    return Do->getBody();
  return nullptr;
}

const Stmt *cleave::allocatedEachTurn(const VarDecl *V) {
  const auto *F = dyn_cast_or_null<FunctionDecl>(V->getParentFunctionOrMethod());
  const Stmt *Body = F ? F->getBody() : nullptr;
  if (!Body || !V->hasLocalStorage() || isa<ParmVarDecl>(V) || V->getInit() ||
      !V->getType()->isPointerType() || addressTakenVariables(Body).count(V))
    return nullptr;
  class Loops : public RecursiveASTVisitor<Loops> {
  public:
    bool Label = false;
    std::vector<const Stmt *> All;
    bool VisitLabelStmt(LabelStmt *) { return !(Label = true); }
    bool VisitStmt(Stmt *S) {
      if (loopBody(S))
        All.push_back(S);
      return true;
    }
  } Scan;
  Scan.TraverseStmt(const_cast<Stmt *>(Body));
  if (Scan.Label)
    return nullptr;
  size_t Mentions = mentionsOf(Body, V).size();
  for (const Stmt *L : Scan.All) {
    const auto *Block = dyn_cast<CompoundStmt>(loopBody(L));
    llvm::ArrayRef<Stmt *> Stmts = Block ? llvm::ArrayRef(Block->body_begin(), Block->body_end())
                                         : llvm::ArrayRef<Stmt *>();
    for (size_t I = 0; I < Stmts.size(); ++I) {
      const auto *Set = dyn_cast<BinaryOperator>(Stmts[I]);
      const auto *Call = Set && Set->getOpcode() == BO_Assign && namedVariable(Set->getLHS()) == V
                             ? dyn_cast<CallExpr>(Set->getRHS()->IgnoreParenCasts())
                             : nullptr;
      if (!Call || allocationFunction(Call) != "alloca" || !mentionsOf(Call, V).empty())
        continue;
      // Every mention is this one or in the block after it, where nothing
      // else sets V.
      size_t After = 1;
      for (const Stmt *S : Stmts.drop_front(I + 1)) {
        if (modifiedVariables(S).count(V))
          return nullptr;
        After += mentionsOf(S, V).size();
      }
      return After == Mentions ? L : nullptr;
    }
  }
  return nullptr;
}

bool cleave::ownObject(const VarDecl *V, const llvm::DenseSet<const VarDecl *> &Modified) {
  if (!V->hasLocalStorage() || isa<ParmVarDecl>(V))
    return false;
  return V->getType()->isArrayType() || (!Modified.count(V) && !allocatedBy(V).empty());
}

bool cleave::globalObject(const VarDecl *V) {
  return V->hasGlobalStorage() && !V->getType()->isPointerType();
}

std::optional<LoopCounter> cleave::loopCounter(const ForStmt *FS, const ASTContext &Ctx) {
  const Expr *Inc = FS->getInc() ? FS->getInc()->IgnoreParens() : nullptr;
  if (!Inc || !FS->getCond())
    return std::nullopt;
  auto VarOf = [](const Expr *E) -> const VarDecl * {
    const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
    return DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
  };
  LoopCounter C;
  if (const auto *UO = dyn_cast<UnaryOperator>(Inc); UO && UO->isIncrementDecrementOp()) {
    C.Var = VarOf(UO->getSubExpr());
    C.Step = UO->isIncrementOp() ? 1 : -1;
  } else if (const auto *BO = dyn_cast<BinaryOperator>(Inc)) {
    C.Var = VarOf(BO->getLHS());
    const Expr *By = nullptr;
    int Sign = 0;
    if (BO->getOpcode() == BO_AddAssign || BO->getOpcode() == BO_SubAssign) {
      By = BO->getRHS();
      Sign = BO->getOpcode() == BO_AddAssign ? 1 : -1;
    } else if (const auto *Sum = dyn_cast<BinaryOperator>(BO->getRHS()->IgnoreParens());
               BO->getOpcode() == BO_Assign && Sum &&
               (Sum->getOpcode() == BO_Add || Sum->getOpcode() == BO_Sub) && C.Var &&
               VarOf(Sum->getLHS()) == C.Var) {
      By = Sum->getRHS();
      Sign = Sum->getOpcode() == BO_Add ? 1 : -1;
    }
    // A constant, written as one or not (`BS / 2`).
    SymExpr::Ptr K = By ? symbolicValue(By, nullptr, &Ctx) : nullptr;
    if (std::optional<int64_t> Step = K ? AffineForm::of(K).constantValue() : std::nullopt;
        Step && *Step > 0)
      C.Step = Sign * *Step;
  }
  if (!C.Var || C.Step == 0 || !C.Var->getType()->isIntegerType() ||
      C.Var->hasGlobalStorage() || modifiedVariables(FS->getBody()).count(C.Var) ||
      !modifiedVariables(FS->getCond()).empty())
    return std::nullopt;
  return C;
}

std::pair<const VarDecl *, const Expr *> cleave::loopStart(const ForStmt *FS) {
  if (const auto *DS = dyn_cast_or_null<DeclStmt>(FS->getInit())) {
    const auto *V = DS->isSingleDecl() ? dyn_cast<VarDecl>(DS->getSingleDecl()) : nullptr;
    if (V && V->getInit())
      return {V, V->getInit()};
  } else if (const auto *BO = dyn_cast_or_null<BinaryOperator>(FS->getInit());
             BO && BO->getOpcode() == BO_Assign) {
    if (const auto *DRE = dyn_cast<DeclRefExpr>(BO->getLHS()->IgnoreParenImpCasts()))
      if (const auto *V = dyn_cast<VarDecl>(DRE->getDecl()))
        return {V, BO->getRHS()};
  }
  return {nullptr, nullptr};
}

Conjunction cleave::counterFacts(const ForStmt *FS, const LoopCounter &C, const ASTContext &Ctx) {
  // A bound of the counter, computed as arithmetic does (no wrapping) from
  // locals the loop never changes itself.
  llvm::DenseSet<const VarDecl *> Changed = modifiedVariables(FS);
  auto Fixed = [&](const Expr *E) -> SymExpr::Ptr {
    Conjunction Wraps;
    SymExpr::Ptr V = symbolicValue(E, nullptr, &Ctx, &Wraps);
    llvm::DenseSet<const VarDecl *> Read;
    variablesIn(E, Read);
    if (!V || !Wraps.empty() || llvm::any_of(Read, [&](const VarDecl *R) {
          return Changed.count(R) || !R->hasLocalStorage() || R->getType().isVolatileQualified();
        }))
      return nullptr;
    return V;
  };
  auto IsCounter = [&](const Expr *E) {
    const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
    return DRE && DRE->getDecl() == C.Var;
  };
  Conjunction Facts;
  SymExpr::Ptr Counter = SymExpr::variable(symbolKey(C.Var));
  auto [Var, First] = loopStart(FS);
  if (SymExpr::Ptr V = Var == C.Var ? Fixed(First) : nullptr)
    Facts.push_back(C.Step > 0 ? atLeast(Counter, V) : atLeast(V, Counter));
  if (const auto *Test = dyn_cast<BinaryOperator>(FS->getCond()->IgnoreParenImpCasts());
      Test && Test->isRelationalOp()) {
    bool Left = IsCounter(Test->getLHS());
    SymExpr::Ptr Bound = Left || IsCounter(Test->getRHS())
                             ? Fixed(Left ? Test->getRHS() : Test->getLHS())
                             : nullptr;
    // `i < n` as n - i - 1 >= 0, `n >= i` as n - i >= 0.
    BinaryOperatorKind Op = Left ? Test->getOpcode()
                                 : BinaryOperator::reverseComparisonOp(Test->getOpcode());
    using K = SymExpr::Kind;
    if (Bound && (Op == BO_LT || Op == BO_LE))
      Facts.push_back(SymExpr::binary(K::Sub, atLeast(Bound, Counter),
                                      SymExpr::constant(Op == BO_LT ? 1 : 0)));
    else if (Bound)
      Facts.push_back(SymExpr::binary(K::Sub, atLeast(Counter, Bound),
                                      SymExpr::constant(Op == BO_GT ? 1 : 0)));
  }
  return Facts;
}

std::unique_ptr<TUAnalysis> TUAnalysis::build(ASTContext &Ctx, CompileCommand Command,
                                              std::vector<PragmaLine> Pragmas,
                                              const std::vector<FileSummary> *Others) {
  std::unique_ptr<TUAnalysis> A(new TUAnalysis(Ctx));
  A->Command = std::move(Command);
  A->Pragmas = std::move(Pragmas);
  A->Others = Others;
  if (Others)
    for (const FileSummary &F : *Others)
      if (F.File != A->Command.File)
        for (const FunctionInfo &Info : F.Defined)
          A->Foreign.push_back({F.File, Info});
  const SourceManager &SM = Ctx.getSourceManager();
  for (const Decl *D : Ctx.getTranslationUnitDecl()->decls())
    if (const auto *FD = dyn_cast<FunctionDecl>(D))
      if (FD->doesThisDeclarationHaveABody() && SM.isInMainFile(FD->getLocation()))
        A->Definitions.push_back(FD);
  if (!A->attachRegions())
    return nullptr;
  A->findRecursion();
  A->Stable = stableGlobals(Ctx, Others, llvm::any_of(A->Definitions, [&](const FunctionDecl *D) {
                              return D->isMain() && A->isRecursive(D);
                            }));
  A->summarizeEffects();
  A->inferRegions();
  A->findDistinctParams();
  A->checkPragmas();
  return A;
}

std::optional<bool> cleave::callPragma(const PragmaLine &P) {
  llvm::StringRef Text = llvm::StringRef(P.Text).trim();
  if (Text == "spawn")
    return true;
  if (Text == "nospawn")
    return false;
  return std::nullopt;
}

bool TUAnalysis::attachRegions() {
  const SourceManager &SM = Ctx.getSourceManager();
  bool OK = true;
  for (const PragmaLine &P : Pragmas) {
    if (callPragma(P))
      continue; // the planner's
    auto Parsed = parseRegionPragma(Ctx, P);
    if (!Parsed) {
      OK = false;
      continue;
    }
    // The pragma belongs to the declaration that follows it.
    const FunctionDecl *Target = nullptr;
    for (const Decl *D : Ctx.getTranslationUnitDecl()->decls()) {
      if (D->isImplicit() || !SM.isBeforeInTranslationUnit(P.HashLoc, D->getBeginLoc()))
        continue;
      Target = dyn_cast<FunctionDecl>(D);
      break;
    }
    if (!Target) {
      reportError(Ctx, P.TextLoc,
                  "'#pragma cleave region' must stand right before a function declaration");
      OK = false;
      continue;
    }
    const FunctionDecl *Key = Target->getCanonicalDecl();
    PragmaLocs[Key] = P.TextLoc;
    if (!Regions[Key].empty()) {
      reportError(Ctx, P.TextLoc, "regions of '" + Target->getNameAsString() +
                                      "' are given twice");
      OK = false;
      continue;
    }
    std::vector<Region> Found;
    for (const auto &[Name, Bounds] : *Parsed) {
      const ParmVarDecl *Param = nullptr;
      for (const ParmVarDecl *PV : Target->parameters())
        if (PV->getName() == Name)
          Param = PV;
      if (!Param || !Param->getType()->isPointerType()) {
        reportError(Ctx, P.TextLoc, "'" + Name + "' is not a pointer parameter of '" +
                                        Target->getNameAsString() + "'");
        OK = false;
        continue;
      }
      if (llvm::any_of(Found, [&](const Region &R) { return R.Param == Name; })) {
        reportError(Ctx, P.TextLoc, "region of '" + Name + "' is given twice");
        OK = false;
        continue;
      }
      Region R;
      R.Param = Name;
      R.ReadOnly = Param->getType()->getPointeeType().isConstQualified();
      for (auto [Text, Slot] : {std::pair{Bounds.first, &R.Lo}, {Bounds.second, &R.Hi}}) {
        auto E = parseSymExpr(Text);
        if (!E) {
          reportError(Ctx, P.TextLoc, "region of '" + Name + "': " +
                                          llvm::toString(E.takeError()));
          OK = false;
          break;
        }
        for (const std::string &V : (*E)->variables()) {
          bool IsIntParam = llvm::any_of(Target->parameters(), [&](const ParmVarDecl *PV) {
            return PV->getName() == V && PV->getType()->isIntegerType();
          });
          if (!IsIntParam) {
            reportError(Ctx, P.TextLoc, "region of '" + Name + "' uses '" + V +
                                            "', which is not an integer parameter of '" +
                                            Target->getNameAsString() + "'");
            OK = false;
          }
        }
        *Slot = *E;
      }
      if (R.Lo && R.Hi)
        Found.push_back(std::move(R));
    }
    Regions[Key] = std::move(Found);
  }
  return OK;
}

void TUAnalysis::findRecursion() {
  using Graph = boost::adjacency_list<boost::vecS, boost::vecS, boost::directedS>;
  std::vector<const FunctionDecl *> Nodes;
  llvm::DenseMap<const FunctionDecl *, size_t> Index;
  for (const Decl *D : Ctx.getTranslationUnitDecl()->decls())
    if (const auto *FD = dyn_cast<FunctionDecl>(D))
      if (FD->doesThisDeclarationHaveABody() &&
          Index.try_emplace(FD->getCanonicalDecl(), Nodes.size()).second)
        Nodes.push_back(FD);
  Graph G(Nodes.size());
  std::vector<bool> SelfLoop(Nodes.size());
  for (size_t I = 0; I < Nodes.size(); ++I) {
    std::vector<const FunctionDecl *> Callees;
    CallCollector(Callees).TraverseStmt(Nodes[I]->getBody());
    for (const FunctionDecl *C : Callees) {
      auto It = Index.find(C);
      if (It == Index.end())
        continue;
      boost::add_edge(I, It->second, G);
      if (It->second == I)
        SelfLoop[I] = true;
    }
  }
  std::vector<size_t> Component(Nodes.size());
  size_t Count = boost::strong_components(G, Component.data());
  std::vector<size_t> Size(Count);
  for (size_t C : Component)
    ++Size[C];
  std::vector<size_t> Work;
  for (size_t I = 0; I < Nodes.size(); ++I)
    if (SelfLoop[I] || Size[Component[I]] > 1) {
      Recursive.insert(Nodes[I]->getCanonicalDecl());
      Work.push_back(I);
    }
  // What the recursive functions call, directly or not.
  std::vector<bool> Seen(Nodes.size());
  while (!Work.empty()) {
    size_t I = Work.back();
    Work.pop_back();
    if (Seen[I])
      continue;
    Seen[I] = true;
    UnderRecursion.insert(Nodes[I]->getCanonicalDecl());
    for (auto [It, End] = boost::adjacent_vertices(I, G); It != End; ++It)
      Work.push_back(*It);
  }
}

const VarDecl *TUAnalysis::global(llvm::StringRef Param) const {
  if (!isGlobalKey(Param))
    return nullptr;
  for (const NamedDecl *D :
       Ctx.getTranslationUnitDecl()->lookup(&Ctx.Idents.get(Param.drop_front(2))))
    if (const auto *V = dyn_cast<VarDecl>(D))
      return V->getDefinition() ? V->getDefinition() : V;
  return nullptr;
}

const std::vector<Region> &TUAnalysis::regions(const FunctionDecl *FD) const {
  static const std::vector<Region> None;
  auto It = Regions.find(FD->getCanonicalDecl());
  if (It != Regions.end())
    return It->second;
  const FunctionInfo *Elsewhere = settled(FD);
  return Elsewhere ? Elsewhere->Regions : None;
}

bool TUAnalysis::isRecursive(const FunctionDecl *FD) const {
  return Recursive.count(FD->getCanonicalDecl());
}

/// Whether values of type \p T (a parameter or a return value) can be sent as
/// they are: arithmetic scalars and enumerations.
static bool isPlainScalar(QualType T) {
  T = T.getCanonicalType();
  return T->isArithmeticType() || T->isEnumeralType();
}

const std::vector<std::string> &TUAnalysis::remoteBlockers(const FunctionDecl *FD) {
  FD = FD->getCanonicalDecl();
  if (const FunctionInfo *Elsewhere = settled(FD))
    return Elsewhere->RemoteBlockers;
  if (auto It = Blockers.find(FD); It != Blockers.end())
    return It->second;
  const FunctionDecl *Def = FD->getDefinition();
  if (!Def || !Def->hasBody())
    return Blockers[FD] = {"has no definition in this program"};
  // Only the main file's definitions are summarized: one that a header
  // defines (a static inline helper) has no effects to look at.
  if (!effects(Def))
    return Blockers[FD] = {"is defined in header '" +
                           llvm::sys::path::filename(
                               Ctx.getSourceManager().getFilename(
                                   Ctx.getSourceManager().getExpansionLoc(Def->getLocation())))
                               .str() +
                           "', whose functions cleave does not summarize"};
  std::vector<std::string> Regionless, Linked;
  std::vector<std::string> Signature = signatureBlockers(Def, &Regionless, &Linked);
  return Blockers[FD] = remoteBlockersFrom(Signature, Regionless, Linked, *effects(Def));
}

std::map<std::string, std::string> TUAnalysis::within(const FunctionDecl *FD) const {
  std::map<std::string, std::string> Out;
  auto It = Summaries.find(FD->getCanonicalDecl());
  if (It == Summaries.end())
    return Out;
  for (const auto &[Name, Base] : It->second.Local.Within)
    if (llvm::none_of(regions(FD), [&](const Region &R) { return R.Param == Name; }))
      Out[Name] = Base;
  return Out;
}

std::pair<const FunctionDecl *, const CallEffect *>
TUAnalysis::callEffect(const CallExpr *CE) const {
  SourcePos At = positionOf(Ctx.getSourceManager(), CE->getBeginLoc());
  auto It = CallsAt.find({At.File, At.Line, At.Column});
  return It == CallsAt.end() ? std::pair<const FunctionDecl *, const CallEffect *>{nullptr, nullptr}
                             : It->second;
}

SymExpr::Ptr TUAnalysis::boundOnAnyNode(const FunctionDecl *FD, const SymExpr::Ptr &E) const {
  SymMap Subst;
  for (const auto &[Name, Base] : within(FD))
    Subst[Name] = SymExpr::binary(SymExpr::Kind::Add, SymExpr::variable(Base),
                                  SymExpr::variable(Name + "__off"));
  SymExpr::Ptr Out = substituteSimplified(E, Subst);
  const FunctionDecl *Def = FD->getDefinition() ? FD->getDefinition() : FD;
  for (const std::string &V : Out->variables())
    for (const ParmVarDecl *P : Def->parameters())
      if (P->getName() == V && P->getType()->isPointerType())
        return nullptr;
  return Out;
}

bool TUAnalysis::passesLinkedStructure(const FunctionDecl *FD, const ParmVarDecl *P) const {
  if (const FunctionInfo *Elsewhere = settled(FD)) {
    unsigned I = P->getFunctionScopeIndex();
    return I < Elsewhere->Params.size() &&
           llvm::is_contained(Elsewhere->Linked, Elsewhere->Params[I].Name);
  }
  return linkedRecord(P->getType(), Ctx) &&
         llvm::none_of(regions(FD), [&](const Region &R) { return R.Param == P->getName(); });
}

std::vector<std::string> TUAnalysis::signatureBlockers(const FunctionDecl *Def,
                                                       std::vector<std::string> *Regionless,
                                                       std::vector<std::string> *Linked) {
  std::vector<std::string> Why;
  if (Def->isVariadic())
    Why.push_back("is variadic");
  // A value returned travels as one passed by value does (a struct of
  // counts, its fields one by one); a pointer does not.
  QualType Ret = Def->getReturnType();
  if (!Ret->isVoidType() && !isPlainScalar(Ret)) {
    std::string W = Ret->isPointerType() ? "is not marshaled yet"
                                         : whyNotMarshaled(Ret.getCanonicalType(), Ctx);
    if (W.empty() && !isFlat(Ret.getCanonicalType()))
      W = "holds pointers to nodes (a linked structure travels through a pointer parameter)";
    if (!W.empty())
      Why.push_back("returns '" + Ret.getAsString() + "', which " + W);
  }
  const std::vector<Region> &Rs = regions(Def);
  llvm::DenseSet<const VarDecl *> RegionParams;
  unsigned Index = 0;
  for (const ParmVarDecl *P : Def->parameters()) {
    ++Index;
    QualType T = P->getType().getCanonicalType();
    std::string Name = P->getNameAsString();
    if (Name.empty()) {
      Why.push_back("has an unnamed parameter (number " + std::to_string(Index) + ")");
      continue;
    }
    if (!T->isPointerType()) {
      std::string W = whyNotMarshaled(T, Ctx);
      if (W.empty() && !isFlat(T))
        W = "holds pointers (a linked structure travels through a pointer parameter)";
      if (!W.empty())
        Why.push_back("passes '" + P->getType().getAsString() + "' by value in parameter '" +
                      Name + "', which " + W);
      continue;
    }
    QualType Pointee = T->getPointeeType();
    if (Pointee->isFunctionType()) {
      Why.push_back("takes a function pointer in parameter '" + Name + "'");
      continue;
    }
    if (Pointee->isPointerType()) {
      // An array of row pointers, each row's elements behind it
      // (pointeesKey): its pointers are read only, and its rows have a
      // region where they are touched. They are told apart at run time,
      // on nodes that share memory (TUAnalysis::homeWhereCopied).
      std::string Behind = whyNoRows(Def, P);
      if (!Behind.empty())
        Why.push_back("has parameter '" + Name + "' pointing to pointers" + Behind);
      else
        RegionParams.insert(P);
      continue;
    }
    if (passesLinkedStructure(Def, P)) {
      if (Linked)
        Linked->push_back(Name);
      continue;
    }
    if (std::string W = whyNotMarshaled(Pointee, Ctx); !W.empty()) {
      Why.push_back("has parameter '" + Name + "' pointing to '" + Pointee.getAsString() +
                    "', which " + W);
      continue;
    }
    if (!isFlat(Pointee)) {
      Why.push_back("has parameter '" + Name + "' pointing to an array of '" +
                    Pointee.getAsString() + "', which holds pointers");
      continue;
    }
    if (llvm::none_of(Rs, [&](const Region &R) { return R.Param == Name; })) {
      if (Regionless && !within(Def).count(Name))
        Regionless->push_back(Name);
      continue;
    }
    RegionParams.insert(P);
  }
  if (Regionless)
    addRegionlessGlobals(*effects(Def), Rs, *Regionless);
  for (const Region &R : Rs)
    for (const SymExpr::Ptr &Bound : {R.Lo, R.Hi, R.Rows.Stride, R.Rows.ColLo, R.Rows.ColHi})
      if (Bound && !boundOnAnyNode(Def, Bound)) {
        Why.push_back("has region " + R.str() + ", whose bound '" + Bound->str() +
                      "' holds the address of a pointer, which means nothing on another node");
        break;
      }
  if (RegionParams.empty())
    return Why;
  // A parameter that moves keeps its region where it was passed; one whose
  // address is taken may change behind any pointer.
  llvm::DenseSet<const VarDecl *> Taken = addressTakenVariables(Def->getBody());
  for (const ParmVarDecl *P : Def->parameters())
    if (RegionParams.count(P) && Taken.count(P))
      Why.push_back("takes the address of pointer parameter '" + P->getNameAsString() +
                    "', on which its region is based");
  return Why;
}

std::string TUAnalysis::whyNoRows(const FunctionDecl *Def, const ParmVarDecl *P) {
  QualType Row = P->getType()->getPointeeType()->getPointeeType();
  if (Row->isPointerType() || Row->isFunctionType() || Row->isIncompleteType() ||
      !isFlat(Row))
    return ", which mean nothing on another node";
  if (scalarKind(Row, Ctx).empty())
    return ", whose rows hold '" + Row.getAsString() +
           "', and rows travel only as values of a scalar kind yet";
  std::string Name = P->getNameAsString(), Rows = pointeesKey(Name);
  const std::vector<Region> &Rs = regions(Def);
  auto Pointers = llvm::find_if(Rs, [&](const Region &R) { return R.Param == Name; });
  if (Pointers == Rs.end())
    return ", which it touches without a region";
  if (!Pointers->ReadOnly)
    return ", which it writes: rows are told apart by their pointers, which must stay while "
           "it runs";
  if (llvm::any_of(Rs, [&](const Region &R) { return R.Param == Rows; }))
    return "";
  const EffectInfo *E = effects(Def);
  for (const AccessRegion &A : E ? E->Accesses : std::vector<AccessRegion>{})
    if (A.Param == Rows)
      return ", whose rows it touches without a region (" +
             (A.Unbounded.empty() ? "they join into no one rectangle" : A.Unbounded) + ")";
  return "";
}

QualType cleave::regionElement(const FunctionDecl *F, llvm::StringRef Param) {
  bool Behind = isPointeesKey(Param);
  std::string Name = Behind ? pointersOf(Param) : Param.str();
  for (const ParmVarDecl *P : F->parameters())
    if (P->getName() == Name && P->getType()->isPointerType()) {
      QualType T = P->getType()->getPointeeType();
      return !Behind ? T : T->isPointerType() ? T->getPointeeType() : QualType();
    }
  return QualType();
}

QualType TUAnalysis::regionElementOf(const FunctionDecl *F, llvm::StringRef Param) const {
  if (const VarDecl *G = global(Param))
    return QualType(G->getType()->getPointeeOrArrayElementType(), 0);
  return regionElement(F, Param);
}

std::string TUAnalysis::homeWhereCopied(const FunctionDecl *FD) const {
  if (const EffectInfo *E = effects(FD); E && !E->PastArray.empty())
    return E->PastArray.front().Name;
  return "";
}

const ParmVarDecl *TUAnalysis::returnedParameter(const FunctionDecl *FD) {
  auto [It, New] = ReturnedInto.insert({FD->getCanonicalDecl(), nullptr});
  if (New)
    It->second = cleave::returnedParameter(Ctx, FD, ReturnsOf, nullptr);
  return It->second;
}

const Conjunction *TUAnalysis::returnFacts(const FunctionDecl *FD) {
  const FunctionDecl *Def = FD->getDefinition();
  if (!Def || !Def->hasBody())
    return nullptr;
  auto [It, New] = Returns.insert({Def->getCanonicalDecl(), std::nullopt});
  // A function asked again while its answer is being found (recursion)
  // finds nothing yet: nullopt is what the entry holds meanwhile.
  if (New) {
    std::optional<Conjunction> Found =
        IntegerStates(Ctx, Def, modifiedVariables(analyzedBody(Ctx, Def)), entryFacts(Def), ReturnsOf,
                      &PolyhedraSteps, IntegerStates::returnedValues(Def))
            .returns();
    Returns[Def->getCanonicalDecl()] = std::move(Found);
  }
  auto &Answer = Returns[Def->getCanonicalDecl()];
  return Answer ? &*Answer : nullptr;
}

static Conjunction factsAtCall(const CallEffect &C);

void TUAnalysis::summarizeEffects() {
  // The functions whose integer variables' states answered their questions:
  // facts on entry and what callees return can make more of them bounded.
  std::set<const FunctionDecl *> Answered;
  // The states of the functions that recursion reaches first, while the
  // budget lasts: divide and conquer is where regions matter most.
  std::vector<const FunctionDecl *> Order = Definitions;
  std::stable_partition(Order.begin(), Order.end(), [&](const FunctionDecl *Def) {
    return UnderRecursion.count(Def->getCanonicalDecl()) > 0;
  });
  for (const FunctionDecl *Def : Order) {
    FunctionInfo &S = Summaries[Def->getCanonicalDecl()];
    S.Name = Def->getNameAsString();
    S.UniqueName = uniqueName(Ctx, Def->getCanonicalDecl());
    for (const ParmVarDecl *P : Def->parameters())
      S.Params.push_back({P->getNameAsString(), ""});
    S.HasBody = true;
    bool StatesAnswered = false;
    S.Local = summarizeFunction(Ctx, Def, {}, ReturnsOf, Stable, &PolyhedraSteps, &StatesAnswered);
    if (StatesAnswered)
      Answered.insert(Def->getCanonicalDecl());
  }
  std::vector<FunctionInfo *> All;
  std::set<std::string> Here;
  for (const FunctionDecl *Def : Definitions) {
    All.push_back(&Summaries[Def->getCanonicalDecl()]);
    Here.insert(All.back()->UniqueName);
  }
  // The other files' functions, composed with this file's: a static one of
  // a header they share is this file's own.
  for (auto &[File, Info] : Foreign)
    if (!Here.count(Info.UniqueName))
      All.push_back(&Info);
  // A function that accesses what it cannot bound by itself may be bounded
  // by what its calls give it (merge's `mid <= n`, from its caller's
  // `if (n < 2) return;` and `n / 2`): it is summarized again with them.
  // So may what a function returns about its integer parameters, when a
  // caller's states asked (split's `lo <= i <= hi` needs `lo <= hi`).
  findCalls();
  findEntryFacts(
      [&](const FunctionDecl *Def) {
        const FunctionDecl *Key = Def->getCanonicalDecl();
        const LocalSummary &L = Summaries[Key].Local;
        return (Answered.count(Key) && llvm::any_of(L.Direct.Accesses, [](const AccessRegion &R) {
                  return !R.Unbounded.empty() || !R.Widened.empty();
                })) ||
               llvm::any_of(L.Calls, [](const CallEffect &C) { return !C.State.empty(); }) ||
               Returns.count(Key);
      },
      /*Inductive=*/true);
  // So is a function whose states took in what one of those returns: it
  // may be bounded now (partition's `p < hi`, at `hi - lo > 16`). The facts
  // of pointers within another's array are assumed while summarizing, for
  // the calls that pass them may need them (merge's `split2 <= high2 + 1`
  // needs lower_bound's `high >= low - 1`, which needs merge's own): the
  // summaries are found again until every call gives back the facts they
  // were found with.
  // The entry facts each summary was found with, as text. A function is
  // summarized again where they changed (all dropped included), or where
  // its states asked what a callee returns, and that may have changed: the
  // callee's facts did, or those of one it calls.
  std::map<const FunctionDecl *, std::string> FoundWith;
  auto Text = [](const Conjunction &C) {
    std::string Out;
    for (const SymExpr::Ptr &F : C)
      Out += F->str() + ";";
    return Out;
  };
  for (bool Verify = !Assumed.empty();;) {
    std::set<std::string> Changed, Stale;
    for (const FunctionDecl *Def : Definitions)
      if (Text(entryFacts(Def)) != FoundWith[Def->getCanonicalDecl()])
        Changed.insert(Summaries[Def->getCanonicalDecl()].UniqueName);
    Stale = Changed;
    for (bool Grew = true; Grew;) {
      Grew = false;
      for (const FunctionDecl *Def : Definitions) {
        const FunctionInfo &S = Summaries[Def->getCanonicalDecl()];
        if (!Stale.count(S.UniqueName) && llvm::any_of(S.Local.Calls, [&](const CallEffect &C) {
              return Stale.count(C.Callee);
            }))
          Grew |= Stale.insert(S.UniqueName).second;
      }
    }
    // Every stale answer goes before any summary asks again (a caller may
    // be defined before its callee).
    for (const FunctionDecl *Def : Definitions)
      if (Stale.count(Summaries[Def->getCanonicalDecl()].UniqueName))
        Returns.erase(Def->getCanonicalDecl());
    bool Summarized = false;
    for (const FunctionDecl *Def : Definitions) {
      FunctionInfo &S = Summaries[Def->getCanonicalDecl()];
      if (Changed.count(S.UniqueName) ||
          (Answered.count(Def->getCanonicalDecl()) &&
           llvm::any_of(S.Local.Calls, [&](const CallEffect &C) { return Stale.count(C.Callee); }))) {
        S.Local = summarizeFunction(Ctx, Def, entryFacts(Def), ReturnsOf, Stable, &PolyhedraSteps);
        FoundWith[Def->getCanonicalDecl()] = Text(entryFacts(Def));
        Summarized = true;
      }
    }
    if (Summarized)
      findCalls(); // the calls are the new summaries'
    if (!Verify)
      break;
    Assumed.clear();
    if (!settleEntryFacts())
      break;
  }
  composeEffects(All);
  // A region that recursion grew, or split into too many intervals, is
  // bounded by a guess (composeEffects), which may need entry facts
  // (knapsack's `i <= n`): the recursive functions that have none yet get
  // them, and everything is composed again.
  std::set<const FunctionDecl *> Grew;
  for (const FunctionDecl *Def : Definitions)
    if (isRecursive(Def) && !EntryFacts.count(Def->getCanonicalDecl()) &&
        llvm::any_of(Summaries[Def->getCanonicalDecl()].Effects.Accesses, mayBeGuessed))
      Grew.insert(Def->getCanonicalDecl());
  if (Grew.empty())
    return;
  SelfSettled.insert(Grew.begin(), Grew.end());
  findEntryFacts([&](const FunctionDecl *Def) { return Grew.count(Def->getCanonicalDecl()) > 0; });
  // Facts that its self-calls keep only because, with them, no self-call
  // is ever made (`r >= l` and `l >= r` of a recursion that ends where
  // `l == r`) would have it test a guard that fails wherever it recurses:
  // the last ones tested go until every self-call may be made.
  for (const FunctionDecl *Key : Grew)
    for (auto It = EntryFacts.find(Key); It != EntryFacts.end() && !entryGuard(Key).empty();) {
      bool Unreachable = false;
      for (const auto &[Caller, C] : CallsOf[Key]) {
        if (Caller != Key)
          continue;
        Conjunction Given = factsAtCall(*C);
        Given.insert(Given.end(), It->second.begin(), It->second.end());
        strengthenUnequal(Given, C->Unequal);
        // Empty: it gives a variable it does not name both v >= 1 and v <= 0.
        SymExpr::Ptr V = SymExpr::variable("cleave@none");
        Unreachable = Unreachable ||
                      implies(Given, {{SymExpr::binary(SymExpr::Kind::Sub, V, SymExpr::constant(1)),
                                       SymExpr::binary(SymExpr::Kind::Sub, SymExpr::constant(0), V)}});
      }
      if (!Unreachable)
        break;
      auto Last = llvm::find_if(llvm::reverse(It->second), [&](const SymExpr::Ptr &F) {
        return Guarded[Key].count(F.get()) > 0;
      });
      Guarded[Key].erase(Last->get());
      It->second.erase(std::next(Last).base());
      settleEntryFacts();
    }
  bool Again = false;
  for (const FunctionDecl *Def : Definitions)
    if (Conjunction Entry = entryFacts(Def); Grew.count(Def->getCanonicalDecl()) && !Entry.empty()) {
      Summaries[Def->getCanonicalDecl()].Local =
          summarizeFunction(Ctx, Def, Entry, ReturnsOf, Stable, &PolyhedraSteps);
      Again = true;
    }
  if (!Again)
    return;
  findCalls();
  for (const FunctionDecl *Def : Definitions)
    Summaries[Def->getCanonicalDecl()].Guard = entryGuard(Def);
  composeEffects(All);
}

void TUAnalysis::inferRegions() {
  for (const FunctionDecl *Def : Definitions) {
    const EffectInfo *E = effects(Def);
    std::vector<Region> &Rs = Regions[Def->getCanonicalDecl()];
    // The interval Found of Name, read only where nothing writes it (or
    // \p Const says its elements are const).
    auto Add = [&](const std::string &Name, const AccessRegion &Found, bool Const) {
      Region R;
      R.Param = Name;
      R.Lo = Found.Lo;
      R.Hi = Found.Hi;
      R.Rows = Found.Rows;
      R.Inferred = true;
      R.ReadOnly = Const || llvm::none_of(E->Accesses, [&](const AccessRegion &A) {
                     return A.Param == Name && A.Write;
                   });
      R.Widened = Found.Widened;
      for (const AccessRegion &A : E->Accesses)
        if (A.Param == Name && R.Widened.empty())
          R.Widened = A.Widened;
      Rs.push_back(std::move(R));
    };
    for (const ParmVarDecl *P : Def->parameters()) {
      std::string Name = P->getNameAsString();
      if (Name.empty() || !P->getType()->isPointerType() ||
          llvm::any_of(Rs, [&](const Region &R) { return R.Param == Name; }))
        continue;
      std::optional<AccessRegion> Found =
          enclosingInterval(E->Accesses, Name, Summaries[Def->getCanonicalDecl()].Local.Entry);
      // A pointer to a struct is a linked structure, copied node by node,
      // unless it holds no pointer: then it is an array of structs (`e[0:n]`
      // of `struct item *e`, moved by e + 1), or one of them (`p[0:1]`, a
      // particle `step(&ps[i])` moves), whose writes come back like any
      // region's.
      if (linkedRecord(P->getType(), Ctx) &&
          (!Found || !isFlat(P->getType()->getPointeeType())))
        continue;
      // Rows travel as values of a scalar kind, or as structs without
      // pointers (clv_buf_put_rows_objects); rows of fixed arrays of them
      // (`block *A` of `double[256]`) as the values they hold.
      QualType Elem = Ctx.getBaseElementType(P->getType()->getPointeeType());
      if (!Found || (Found->Rows && scalarKind(Elem, Ctx).empty() &&
                     !(Elem->isRecordType() && isFlat(Elem))))
        continue;
      Add(Name, *Found, P->getType()->getPointeeType().isConstQualified());
      // The rows behind an array of row pointers (pointeesKey), one
      // rectangle of rows and columns.
      if (QualType Pointers = P->getType()->getPointeeType(); Pointers->isPointerType())
        if (std::optional<AccessRegion> Rows =
                enclosingInterval(E->Accesses, pointeesKey(Name),
                                  Summaries[Def->getCanonicalDecl()].Local.Entry))
          Add(pointeesKey(Name), *Rows, Pointers->getPointeeType().isConstQualified());
    }
    // The globals it touches through its calls or itself (Marshaling.h,
    // travellingGlobal), each in one interval from its first element.
    for (const AccessRegion &Access : E->Accesses) {
      if (!isGlobalKey(Access.Param) ||
          llvm::any_of(Rs, [&](const Region &R) { return R.Param == Access.Param; }))
        continue;
      std::optional<AccessRegion> Found = enclosingInterval(
          E->Accesses, Access.Param, Summaries[Def->getCanonicalDecl()].Local.Entry);
      if (Found)
        Add(Access.Param, *Found, false);
    }
  }
}

namespace {
/// How often each function is named anywhere in a translation unit.
class FunctionMentions : public RecursiveASTVisitor<FunctionMentions> {
public:
  llvm::DenseMap<const FunctionDecl *, unsigned> Count;
  bool VisitDeclRefExpr(DeclRefExpr *E) {
    if (const auto *FD = dyn_cast<FunctionDecl>(E->getDecl()))
      ++Count[FD->getCanonicalDecl()];
    return true;
  }
};
} // namespace

const llvm::DenseMap<const FunctionDecl *, unsigned> &TUAnalysis::mentions() const {
  if (!Mentions) {
    FunctionMentions Each;
    Each.TraverseDecl(Ctx.getTranslationUnitDecl());
    Mentions = std::move(Each.Count);
  }
  return *Mentions;
}

FileSummary TUAnalysis::fileSummary() {
  FileSummary Out;
  Out.File = Command.File;
  std::map<std::string, int> Calls;
  for (const FunctionDecl *Def : Definitions) {
    Out.HasMain |= Def->isMain();
    FunctionInfo S = Summaries.at(Def->getCanonicalDecl());
    // What a call of it from another file is planned with (settleForeign).
    S.Regions = regions(Def);
    S.RemoteBlockers = remoteBlockers(Def);
    std::vector<std::string> Regionless;
    signatureBlockers(Def, &Regionless, &S.Linked);
    for (const CallEffect &C : S.Local.Calls)
      ++Calls[C.Callee];
    Out.Defined.push_back(std::move(S));
  }
  for (const auto &[FD, Count] : mentions())
    if (!Summaries.count(FD) && FD->getFormalLinkage() == Linkage::External)
      Out.NamedBesideCalls[FD->getNameAsString()] =
          static_cast<int>(Count) - Calls[uniqueName(Ctx, FD)];
  return Out;
}

std::string TUAnalysis::definingFile(const FunctionDecl *FD) const {
  std::string Name = uniqueName(Ctx, FD->getCanonicalDecl());
  for (const auto &[File, Info] : Foreign)
    if (Info.UniqueName == Name)
      return File;
  return "";
}

bool TUAnalysis::ofProgram(const FunctionDecl *FD) const {
  return FD->getDefinition() || !definingFile(FD).empty();
}

bool TUAnalysis::definedInAnotherFile(llvm::StringRef Name) const {
  return llvm::any_of(Foreign, [&](const auto &F) { return F.second.Name == Name; });
}

void TUAnalysis::settleForeign(const std::vector<FileSummary> &Files) {
  for (const FileSummary &F : Files)
    if (F.File != Command.File)
      for (const FunctionInfo &Info : F.Defined)
        Settled[Info.UniqueName] = Info;
}

const FunctionInfo *TUAnalysis::settled(const FunctionDecl *FD) const {
  if (Settled.empty() || FD->getDefinition())
    return nullptr;
  auto It = Settled.find(uniqueName(Ctx, FD->getCanonicalDecl()));
  return It == Settled.end() ? nullptr : &It->second;
}

bool TUAnalysis::spawnedFromOtherFiles(const FunctionDecl *Def) {
  if (!Others || Def->getFormalLinkage() != Linkage::External || !remoteBlockers(Def).empty())
    return false;
  std::string Name = uniqueName(Ctx, Def->getCanonicalDecl());
  return llvm::any_of(*Others, [&](const FileSummary &F) {
    return F.File != Command.File && llvm::any_of(F.Defined, [&](const FunctionInfo &Info) {
             return llvm::any_of(Info.Local.Calls,
                                 [&](const CallEffect &C) { return C.Callee == Name; });
           });
  });
}

std::string TUAnalysis::guardUnshown(const CallExpr *CE) const {
  const FunctionDecl *Callee = CE->getDirectCallee();
  if (!Callee)
    return "";
  const FunctionInfo *Info = settled(Callee);
  if (!Info) {
    auto It = Summaries.find(Callee->getCanonicalDecl());
    if (It == Summaries.end())
      return "";
    Info = &It->second;
  }
  auto [Caller, C] = callEffect(CE);
  if (Info->Guard.empty() || (Caller && Caller->getCanonicalDecl() == Callee->getCanonicalDecl()))
    return "";
  return C ? cleave::guardUnshown(*Info, *C) : Info->Guard.front()->str() + " >= 0";
}

std::vector<std::string> TUAnalysis::parameterNames(const FunctionDecl *FD) const {
  std::vector<std::string> Out;
  if (const FunctionInfo *Elsewhere = settled(FD)) {
    for (const ParamInfo &P : Elsewhere->Params)
      Out.push_back(P.Name);
    return Out;
  }
  for (const ParmVarDecl *P : (FD->getDefinition() ? FD->getDefinition() : FD)->parameters())
    Out.push_back(P->getNameAsString());
  return Out;
}

void TUAnalysis::findCalls() {
  // The calls of each function, from the summaries. When they are all of its
  // mentions, and no other file can call it (it is static, or this file holds
  // main), they are all the calls the program makes.
  CallsOf.clear();
  CallsUnknown.clear();
  // The files given are the whole program when one of them holds main.
  bool WholeProgram = llvm::any_of(Definitions, [](const FunctionDecl *D) { return D->isMain(); }) ||
                      (Others && llvm::any_of(*Others, [](const FileSummary &F) { return F.HasMain; }));
  std::map<std::string, const FunctionDecl *> ByName;
  for (const auto &[Key, S] : Summaries)
    ByName[S.UniqueName] = Key;
  CallsAt.clear();
  for (const auto &[Caller, S] : Summaries)
    for (const CallEffect &C : S.Local.Calls) {
      if (auto It = ByName.find(C.Callee); It != ByName.end())
        CallsOf[It->second].push_back({Caller, &C});
      // Two calls that start at one place (a macro's) are neither's.
      auto [At, New] = CallsAt.insert({{C.Pos.File, C.Pos.Line, C.Pos.Column},
                                       {Caller->getDefinition(), &C}});
      if (!New)
        At->second = {nullptr, nullptr};
    }
  // A call from another file has no caller here: what it passes is known
  // by its arguments alone.
  for (const auto &[File, Info] : Foreign)
    for (const CallEffect &C : Info.Local.Calls)
      if (auto It = ByName.find(C.Callee); It != ByName.end())
        CallsOf[It->second].push_back({nullptr, &C});
  // The file, other than this one, that names a function other than in the
  // calls it makes.
  auto NamedElsewhere = [&](const FunctionDecl *Def) -> std::string {
    if (Others)
      for (const FileSummary &F : *Others)
        if (F.File != Command.File && F.NamedBesideCalls.count(Def->getNameAsString()) &&
            F.NamedBesideCalls.at(Def->getNameAsString()) != 0)
          return llvm::sys::path::filename(F.File).str();
    return "";
  };
  for (const FunctionDecl *Def : Definitions) {
    const FunctionDecl *Key = Def->getCanonicalDecl();
    std::string Name = "'" + Def->getNameAsString() + "'";
    std::string Elsewhere = Def->getStorageClass() == SC_Static ? "" : NamedElsewhere(Def);
    if (Def->isMain())
      CallsUnknown[Key] = "they are the arguments of main";
    else if (Def->getStorageClass() != SC_Static && !WholeProgram)
      CallsUnknown[Key] = Name + " may be called from another file (this one has no main)";
    else if (!Elsewhere.empty())
      CallsUnknown[Key] = Name + " is named in " + Elsewhere +
                          " other than in the calls it makes (its address is taken there)";
    // The body analyzed may call the function once more (analyzedBody).
    else if (static_cast<unsigned>(llvm::count_if(CallsOf[Key], [](const auto &C) {
               return C.first != nullptr;
             })) != mentions().lookup(Key) + (analyzedBody(Ctx, Def) != Def->getBody()))
      CallsUnknown[Key] = Name + " is named other than in the calls this file makes (its "
                                 "address is taken, or a header calls it)";
  }
}

void TUAnalysis::findDistinctParams() {
  for (const FunctionDecl *Def : Definitions) {
    const FunctionDecl *Key = Def->getCanonicalDecl();
    if (CallsUnknown.count(Key))
      continue;
    for (unsigned I = 0; I < Def->getNumParams(); ++I)
      for (unsigned J = I + 1; J < Def->getNumParams(); ++J)
        if (Def->getParamDecl(I)->getType()->isPointerType() &&
            Def->getParamDecl(J)->getType()->isPointerType())
          Distinct.insert({Key, I, J});
  }
  // Recursive functions with regions of rows: their quadrants are apart
  // when their columns fit in a row (n <= ld).
  findEntryFacts([&](const FunctionDecl *Def) {
    return isRecursive(Def) &&
           llvm::any_of(regions(Def), [](const Region &R) { return bool(R.Rows); });
  });
  // The region of the callee's parameter \p P at the call \p C, in the
  // caller's parameters.
  auto RegionAt = [&](const FunctionDecl *Callee, const ParmVarDecl *P,
                      const CallEffect &C) -> std::optional<AccessRegion> {
    for (const Region &R : regions(Callee))
      if (R.Param == P->getName()) {
        AccessRegion Entry;
        Entry.Param = R.Param;
        Entry.Lo = R.Lo;
        Entry.Hi = R.Hi;
        Entry.Rows = R.Rows;
        std::optional<AccessRegion> At =
            regionAtCall(Entry, C, Summaries[Callee->getCanonicalDecl()]);
        return At && At->Lo ? At : std::nullopt;
      }
    return std::nullopt;
  };
  // Whether arguments \p I and \p J of the call \p C of \p Callee made by
  // \p Caller point into different objects, or into one where the callee's
  // regions of them do not overlap, given what Distinct holds now.
  auto Apart = [&](const FunctionDecl *Caller, const FunctionDecl *Callee, const CallEffect &C,
                   unsigned ArgI, unsigned ArgJ) {
    const CallEffect::Arg &A = C.Args[ArgI], &B = C.Args[ArgJ];
    using K = CallEffect::Arg::Kind;
    if (llvm::is_contained(C.ApartArgs, std::pair{ArgI, ArgJ}))
      return true;
    auto Known = [](const CallEffect::Arg &X) {
      return (X.K == K::Local || X.K == K::Global) && !X.Object.empty();
    };
    if (Known(A) && Known(B))
      return A.Object != B.Object;
    // The caller's own array or allocation is newer than what its
    // parameters point to.
    auto Param = [](const CallEffect::Arg &X) { return X.K == K::Pointer && X.Fields.empty(); };
    auto Fresh = [&](const CallEffect::Arg &X) { return X.K == K::Local && Known(X); };
    if ((Param(A) && Fresh(B)) || (Fresh(A) && Param(B)))
      return true;
    if (!Caller || !Param(A) || !Param(B))
      return false;
    if (A.Name == B.Name) {
      auto X = RegionAt(Callee, Callee->getParamDecl(ArgI), C),
           Y = RegionAt(Callee, Callee->getParamDecl(ArgJ), C);
      Conjunction Given = C.Context;
      auto Entry = EntryFacts.find(Caller);
      if (Entry != EntryFacts.end())
        Given.insert(Given.end(), Entry->second.begin(), Entry->second.end());
      return X && Y && regionsDisjoint(X->Lo, X->Hi, X->Rows, Y->Lo, Y->Hi, Y->Rows, Given);
    }
    unsigned I = 0, J = 0;
    for (unsigned N = 0; N < Caller->getNumParams(); ++N) {
      if (Caller->getParamDecl(N)->getName() == A.Name)
        I = N;
      if (Caller->getParamDecl(N)->getName() == B.Name)
        J = N;
    }
    return Distinct.count({Caller, std::min(I, J), std::max(I, J)}) > 0;
  };
  // The greatest fixed point: a pair stays while every call keeps it apart.
  for (bool Changed = true; Changed;) {
    Changed = false;
    for (auto It = Distinct.begin(); It != Distinct.end();) {
      auto [Key, I, J] = *It;
      auto Breaks = llvm::find_if(CallsOf[Key], [&, I = I, J = J](const auto &Call) {
        const CallEffect &C = *Call.second;
        return J >= C.Args.size() || !Apart(Call.first, Key, C, I, J);
      });
      if (Breaks == CallsOf[Key].end()) {
        ++It;
        continue;
      }
      const CallEffect &C = *Breaks->second;
      std::string At = "the call at line " + std::to_string(C.Pos.Line) +
                       (Breaks->first ? "" : " of " + llvm::sys::path::filename(C.Pos.File).str());
      NotApart[*It] = J >= C.Args.size() ? At + " passes fewer arguments"
                    : C.Args[I].Text == C.Args[J].Text
                        ? At + " passes '" + C.Args[I].Text + "' for both"
                        : At + " passes '" + C.Args[I].Text + "' and '" + C.Args[J].Text +
                              "', which may point into the same array at places that may overlap";
      It = Distinct.erase(It);
      Changed = true;
    }
  }
}

/// What holds where \p C is made about the values its arguments read: its
/// context, the ranges of the loop counters around it and the state of the
/// variables that change.
static Conjunction factsAtCall(const CallEffect &C) {
  Conjunction Given = C.Context;
  llvm::append_range(Given, C.Counters);
  llvm::append_range(Given, C.State);
  return Given;
}

/// What \p C passes for each parameter of \p Def, by name, in the caller's
/// names: an integer's value; a pointer's address, that of the caller's
/// parameter it points into plus its offset, or the one it holds into the
/// caller's own memory or a global.
static SymMap argumentValues(const FunctionDecl *Def, const CallEffect &C) {
  SymMap Args;
  for (unsigned I = 0; I < Def->getNumParams() && I < C.Args.size(); ++I) {
    const CallEffect::Arg &A = C.Args[I];
    std::string Name = Def->getParamDecl(I)->getNameAsString();
    if (A.K == CallEffect::Arg::Kind::Pointer) {
      if (A.Fields.empty() && (A.Value || A.Symbolic))
        Args[Name] = SymExpr::binary(SymExpr::Kind::Add, SymExpr::variable(A.Name),
                                     A.Value ? A.Value : A.Symbolic);
    } else if (A.K == CallEffect::Arg::Kind::Local || A.K == CallEffect::Arg::Kind::Global) {
      if (A.Address)
        Args[Name] = A.Address;
    } else if (A.Symbolic) {
      Args[Name] = A.Symbolic;
    }
  }
  return Args;
}

void TUAnalysis::findEntryFacts(const std::function<bool(const FunctionDecl *)> &Wanted,
                                bool Inductive) {
  // Candidates, for each function wanted whose calls are all known: for its
  // integer parameters p and q, p >= 0 and q >= p; and p >= c and q - p >= c
  // where every call, by what holds where it is made, gives a least value c
  // (`hi - lo >= 17` from `if (hi - lo <= 16) return;`); for a pointer q
  // within p's array, q - p >= c (`high - low >= -1`).
  for (const FunctionDecl *Def : Definitions) {
    const FunctionDecl *Key = Def->getCanonicalDecl();
    if (CallsUnknown.count(Key) || EntryFacts.count(Key) || !Wanted(Def))
      continue;
    std::vector<SymExpr::Ptr> Measures;
    for (const ParmVarDecl *P : Def->parameters()) {
      if (!P->getType()->isIntegerType() || P->getName().empty())
        continue;
      SymExpr::Ptr PV = SymExpr::variable(P->getName());
      Measures.push_back(PV);
      for (const ParmVarDecl *Q : Def->parameters())
        if (Q != P && Q->getType()->isIntegerType() && !Q->getName().empty())
          Measures.push_back(atLeast(SymExpr::variable(Q->getName()), PV));
    }
    size_t Ordered = Measures.size();
    for (const auto &[Q, P] : Summaries[Key].Local.Within)
      Measures.push_back(atLeast(SymExpr::variable(Q), SymExpr::variable(P)));
    Conjunction &Facts = EntryFacts[Key];
    for (size_t I = 0; I < Measures.size(); ++I) {
      const SymExpr::Ptr &M = Measures[I];
      Facts.push_back(M);
      // A run of a pointer and the last one it holds may be empty
      // (`high == low - 1`).
      if (I >= Ordered) {
        Facts.push_back(SymExpr::binary(SymExpr::Kind::Add, M, SymExpr::constant(1)));
        if (Inductive) {
          Assumed.insert(Facts.end()[-2].get());
          Assumed.insert(Facts.back().get());
        }
      }
      std::optional<int64_t> Least;
      for (const auto &[Caller, C] : CallsOf[Key]) {
        Conjunction Given = factsAtCall(*C);
        SymMap Args = argumentValues(Def, *C);
        std::optional<int64_t> Here;
        if (llvm::all_of(M->variables(), [&](const std::string &V) { return Args.count(V); }))
          if (auto Min = extremum(Given, substitute(M, Args), false,
                                  [](llvm::StringRef) { return false; }))
            Here = AffineForm::of(*Min).constantValue();
        if (!Here) {
          Least.reset();
          break;
        }
        Least = Least ? std::min(*Least, *Here) : *Here;
      }
      if (Least && *Least != 0)
        Facts.push_back(SymExpr::binary(SymExpr::Kind::Sub, M, SymExpr::constant(*Least)));
    }
  }
  settleEntryFacts();
}

bool TUAnalysis::settleEntryFacts() {
  // The greatest fixed point: a fact stays while every call, with what holds
  // where it is made and the caller's facts, gives it.
  bool Dropped = false;
  for (bool Changed = true; Changed;) {
    Changed = false;
    for (auto &[Key, Facts] : EntryFacts) {
      const FunctionDecl *Def = Key->getDefinition();
      std::set<const SymExpr *> &Tested = Guarded[Key];
      for (const auto &[Caller, C] : CallsOf[Key]) {
        Conjunction Given = factsAtCall(*C);
        if (auto It = EntryFacts.find(Caller); It != EntryFacts.end())
          for (const SymExpr::Ptr &F : It->second)
            if (Caller == Key || !Guarded[Caller].count(F.get()))
              Given.push_back(F);
        strengthenUnequal(Given, C->Unequal);
        SymMap Args = argumentValues(Def, *C);
        auto Fails = [&](const SymExpr::Ptr &F) {
          if (Assumed.count(F.get()))
            return false;
          for (const std::string &V : F->variables())
            if (!Args.count(V))
              return true;
          return !implies(Given, {{substitute(F, Args)}});
        };
        if (SelfSettled.count(Key) && Caller != Key) {
          for (const SymExpr::Ptr &F : Facts)
            if (!Tested.count(F.get()) && Fails(F))
              Changed |= Tested.insert(F.get()).second;
          continue;
        }
        size_t Before = Facts.size();
        llvm::erase_if(Facts, [&](const SymExpr::Ptr &F) {
          if (!Fails(F))
            return false;
          Tested.erase(F.get());
          return true;
        });
        Changed |= Facts.size() != Before;
      }
    }
    Dropped |= Changed;
  }
  return Dropped;
}

Conjunction TUAnalysis::entryGuard(const FunctionDecl *FD) const {
  auto It = EntryFacts.find(FD->getCanonicalDecl());
  auto Tested = Guarded.find(FD->getCanonicalDecl());
  Conjunction Out;
  if (It != EntryFacts.end() && Tested != Guarded.end())
    for (const SymExpr::Ptr &F : It->second)
      if (Tested->second.count(F.get()))
        Out.push_back(F);
  return Out;
}

Conjunction TUAnalysis::entryFacts(const FunctionDecl *FD) const {
  auto It = EntryFacts.find(FD->getCanonicalDecl());
  if (It == EntryFacts.end())
    return {};
  SymMap Keys;
  for (const ParmVarDecl *P : FD->parameters())
    Keys[P->getNameAsString()] = SymExpr::variable(symbolKey(P));
  Conjunction Out;
  for (const SymExpr::Ptr &F : It->second)
    Out.push_back(substitute(F, Keys));
  return Out;
}

bool TUAnalysis::distinctParams(const FunctionDecl *FD, const ParmVarDecl *P,
                                const ParmVarDecl *Q) const {
  // A region pragma states that the regions it names overlap neither one
  // another nor the linked structures the function is passed.
  auto Given = [&](const ParmVarDecl *V) {
    return llvm::any_of(regions(FD), [&](const Region &R) {
      return !R.Inferred && R.Param == V->getName();
    });
  };
  auto Stated = [&](const ParmVarDecl *V) {
    return Given(V) || passesLinkedStructure(FD, V);
  };
  if ((Given(P) || Given(Q)) && Stated(P) && Stated(Q))
    return true;
  unsigned I = P->getFunctionScopeIndex(), J = Q->getFunctionScopeIndex();
  return Distinct.count({FD->getCanonicalDecl(), std::min(I, J), std::max(I, J)}) > 0;
}

std::string TUAnalysis::whyNotDistinct(const FunctionDecl *FD, const ParmVarDecl *P,
                                       const ParmVarDecl *Q) const {
  const FunctionDecl *Key = FD->getCanonicalDecl();
  if (auto It = CallsUnknown.find(Key); It != CallsUnknown.end())
    return It->second;
  unsigned I = P->getFunctionScopeIndex(), J = Q->getFunctionScopeIndex();
  auto It = NotApart.find({Key, std::min(I, J), std::max(I, J)});
  return It != NotApart.end() ? It->second : "its calls are not all in this file";
}

const EffectInfo *TUAnalysis::effects(const FunctionDecl *FD) const {
  auto It = Summaries.find(FD->getCanonicalDecl());
  return It == Summaries.end() ? nullptr : &It->second.Effects;
}

void TUAnalysis::checkPragmas() {
  DiagnosticsEngine &D = Ctx.getDiagnostics();
  unsigned Warning = D.getCustomDiagID(
      DiagnosticsEngine::Warning,
      "region of '%0' is given as %1, but '%2' %3 %4, which lies outside it");
  for (const FunctionDecl *Def : Definitions) {
    const EffectInfo *E = effects(Def);
    auto Loc = PragmaLocs.find(Def->getCanonicalDecl());
    if (!E || Loc == PragmaLocs.end())
      continue;
    for (const Region &R : regions(Def))
      for (const AccessRegion &A : E->Accesses) {
        if (A.Param != R.Param || !A.Lo || A.Rows)
          continue;
        // Outside when a bound differs from the pragma's by a constant the
        // wrong way: a[lo - 1], a[hi].
        auto Below = [](const SymExpr::Ptr &X, const SymExpr::Ptr &Y) { // X < Y
          auto C = AffineForm::of(Y).minus(AffineForm::of(X)).constantValue();
          return C && *C > 0;
        };
        if (Below(A.Lo, R.Lo) || Below(R.Hi, A.Hi))
          D.Report(Loc->second, Warning) << R.Param << R.str() << Def->getName()
                                         << (A.Write ? "writes" : "reads") << A.str();
      }
  }
}

SourcePos cleave::positionOf(const SourceManager &SM, SourceLocation Loc) {
  PresumedLoc P = SM.getPresumedLoc(SM.getExpansionLoc(Loc));
  if (P.isInvalid())
    return {};
  return {P.getFilename(), P.getLine(), P.getColumn()};
}

namespace {
/// Call sites of one function body, in source order.
class CallSiteCollector : public RecursiveASTVisitor<CallSiteCollector> {
public:
  CallSiteCollector(ASTContext &Ctx, const FunctionDecl *Caller,
                    std::vector<CallSiteInfo> &Out)
      : Ctx(Ctx), Caller(Caller), Out(Out) {}
  bool VisitCallExpr(CallExpr *CE) {
    const SourceManager &SM = Ctx.getSourceManager();
    CallSiteInfo C;
    C.Caller = Caller->getNameAsString();
    if (const FunctionDecl *FD = CE->getDirectCallee()) {
      C.Callee = FD->getNameAsString();
      C.CalleeDefined = FD->getDefinition() != nullptr;
    }
    C.Pos = positionOf(SM, CE->getBeginLoc());
    for (const Expr *Arg : CE->arguments())
      C.Arguments.push_back(
          Lexer::getSourceText(CharSourceRange::getTokenRange(Arg->getSourceRange()),
                               SM, Ctx.getLangOpts())
              .str());
    Out.push_back(std::move(C));
    return true;
  }

private:
  ASTContext &Ctx;
  const FunctionDecl *Caller;
  std::vector<CallSiteInfo> &Out;
};

/// The prototype of \p FD as C writes it. The declarator of the result wraps
/// the name and parameters (`int (*pick(int k))(int)`), so the type printer
/// writes it around them. A prototype without parameters says `(void)`; a
/// function declared without one, `()`.
std::string signature(const FunctionDecl *FD, const PrintingPolicy &Policy) {
  std::vector<std::string> Params;
  for (const ParmVarDecl *P : FD->parameters()) {
    std::string D;
    llvm::raw_string_ostream OS(D);
    P->getType().print(OS, Policy, P->getName());
    Params.push_back(D);
  }
  if (FD->isVariadic())
    Params.push_back("...");
  if (Params.empty() && FD->hasPrototype())
    Params.push_back("void");
  std::string Out;
  llvm::raw_string_ostream OS(Out);
  FD->getReturnType().print(OS, Policy,
                            FD->getNameAsString() + "(" + llvm::join(Params, ", ") + ")");
  return Out;
}
} // namespace

ProgramModel TUAnalysis::model(bool Graphs) {
  const SourceManager &SM = Ctx.getSourceManager();
  PrintingPolicy Policy(Ctx.getLangOpts());
  ProgramModel M;
  if (OptionalFileEntryRef Main = SM.getFileEntryRefForID(SM.getMainFileID()))
    M.Files.push_back(Main->getName().str());

  // A call touches no memory of its caller when its function takes no
  // pointers and its body, followed through its callees, touches no global
  // and calls nothing unknown.
  PurityTest IsPure = [this](const FunctionDecl *Callee) {
    if (!Callee->hasBody() && !(Callee->getDefinition() && Callee->getDefinition()->hasBody())) {
      const LibraryEffect *Known =
          Callee->getIdentifier() ? libraryEffect(Callee->getName()) : nullptr;
      return Known && Known->Kind == LibraryEffectKind::Pure;
    }
    const EffectInfo *E = effects(Callee);
    return E && E->Accesses.empty() && effectBlockers(*E).empty();
  };
  llvm::DenseSet<const Decl *> Seen;
  for (const Decl *D : Ctx.getTranslationUnitDecl()->decls()) {
    if (!SM.isInMainFile(D->getLocation()) || !Seen.insert(D->getCanonicalDecl()).second)
      continue;
    if (const auto *FD = dyn_cast<FunctionDecl>(D)) {
      const FunctionDecl *Def = FD->getDefinition();
      const FunctionDecl *Shown = Def ? Def : FD;
      FunctionInfo F;
      F.Name = FD->getNameAsString();
      F.Pos = positionOf(SM, Shown->getLocation());
      F.ReturnType = Shown->getReturnType().getAsString(Policy);
      for (const ParmVarDecl *P : Shown->parameters())
        F.Params.push_back({P->getNameAsString(), P->getType().getAsString(Policy)});
      F.Signature = signature(Shown, Policy);
      F.Defined = Def != nullptr;
      F.Static = FD->getStorageClass() == SC_Static;
      F.Variadic = FD->isVariadic();
      F.Recursive = isRecursive(FD);
      F.Regions = regions(FD);
      F.UniqueName = uniqueName(Ctx, FD->getCanonicalDecl());
      if (Def && Def->hasBody()) {
        const FunctionInfo &S = Summaries.at(Def->getCanonicalDecl());
        F.SignatureBlockers = signatureBlockers(Def, &F.Regionless, &F.Linked);
        F.RemoteBlockers =
            remoteBlockersFrom(F.SignatureBlockers, F.Regionless, F.Linked, S.Effects);
        F.HasBody = true;
        F.Local = S.Local;
        F.Effects = S.Effects;
        F.Guard = S.Guard;
      } else {
        F.RemoteBlockers = remoteBlockers(FD);
        F.SignatureBlockers = F.RemoteBlockers;
      }
      if (Def) {
        collectReferences(Ctx, Def, F, M.Uncorrelated);
        if (Graphs)
          collectControlFlow(Ctx, Def, IsPure, F);
        if (F.Recursive)
          recognizeDivideAndConquer(*this, Def, F);
      }
      M.Functions.push_back(std::move(F));
    } else if (const auto *VD = dyn_cast<VarDecl>(D)) {
      // `int x;` at file scope is a tentative definition: a definition too.
      const VarDecl *Def = globalDefinition(VD);
      const VarDecl *Shown = Def ? Def : VD;
      GlobalInfo G;
      G.Name = VD->getNameAsString();
      G.Type = VD->getType().getAsString(Policy);
      G.Pos = positionOf(SM, Shown->getLocation());
      G.Storage = VD->getStorageClass() == SC_Static ? "static" : "extern";
      G.Defined = Def != nullptr;
      G.Initialized = Def && Def->hasInit();
      M.Globals.push_back(std::move(G));
    }
  }
  M.Types = collectTypes(Ctx);
  auto ByName = [](const auto &A, const auto &B) { return A.Name < B.Name; };
  llvm::stable_sort(M.Functions, ByName);
  llvm::stable_sort(M.Globals, ByName);
  llvm::sort(M.Uncorrelated, ByName);
  for (UncorrelatedInfo &U : M.Uncorrelated)
    llvm::sort(U.ReferencedBy);
  for (const FunctionDecl *FD : Definitions)
    CallSiteCollector(Ctx, FD, M.CallSites).TraverseStmt(FD->getBody());
  return M;
}

namespace {
/// Records every `#pragma cleave ...` line of a translation unit.
class CleavePragmaHandler : public PragmaHandler {
public:
  explicit CleavePragmaHandler(std::vector<PragmaLine> &Out)
      : PragmaHandler("cleave"), Out(Out) {}
  void HandlePragma(Preprocessor &PP, PragmaIntroducer Introducer,
                    Token &) override {
    Token Tok;
    PP.LexUnexpandedToken(Tok);
    SourceLocation Start = Tok.getLocation(), End = Start;
    while (Tok.isNot(tok::eod)) {
      End = Tok.getEndLoc();
      PP.LexUnexpandedToken(Tok);
    }
    const SourceManager &SM = PP.getSourceManager();
    // The text as written, so that column offsets into it are exact.
    llvm::StringRef Text;
    if (Start != End && SM.isWrittenInSameFile(Start, End))
      Text = llvm::StringRef(SM.getCharacterData(Start),
                             SM.getFileOffset(End) - SM.getFileOffset(Start));
    Out.push_back({Introducer.Loc, Start, Text.str()});
  }

private:
  std::vector<PragmaLine> &Out;
};

class AnalysisConsumer : public ASTConsumer {
public:
  AnalysisConsumer(CompileCommand Command, std::vector<PragmaLine> &Pragmas,
                   const TUHandler &Handle, const std::vector<FileSummary> *Program,
                   bool &Failed)
      : Command(std::move(Command)), Pragmas(Pragmas), Handle(Handle), Program(Program),
        Failed(Failed) {}
  void HandleTranslationUnit(ASTContext &Ctx) override {
    if (Ctx.getDiagnostics().hasErrorOccurred()) {
      Failed = true;
      return;
    }
    auto A = TUAnalysis::build(Ctx, std::move(Command), std::move(Pragmas), Program);
    if (!A || !Handle(*A))
      Failed = true;
  }

private:
  CompileCommand Command;
  std::vector<PragmaLine> &Pragmas;
  const TUHandler &Handle;
  const std::vector<FileSummary> *Program;
  bool &Failed;
};

/// Compile commands of the files, by absolute path.
using CommandMap = std::map<std::string, CompileCommand>;

class AnalysisAction : public ASTFrontendAction {
public:
  AnalysisAction(const CommandMap &Commands, const TUHandler &Handle,
                 const std::vector<FileSummary> *Program, bool &Failed)
      : Commands(Commands), Handle(Handle), Program(Program), Failed(Failed) {}
  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &CI,
                                                 llvm::StringRef File) override {
    CI.getPreprocessor().AddPragmaHandler(new CleavePragmaHandler(Pragmas));
    // The file as its command names it, relative to the command's folder.
    llvm::SmallString<256> Path(File);
    CI.getFileManager().makeAbsolutePath(Path);
    llvm::sys::path::remove_dots(Path, /*remove_dot_dot=*/true);
    auto It = Commands.find(std::string(Path));
    return std::make_unique<AnalysisConsumer>(
        It == Commands.end() ? CompileCommand{std::string(Path), "", {}} : It->second, Pragmas,
        Handle, Program, Failed);
  }

private:
  std::vector<PragmaLine> Pragmas;
  const CommandMap &Commands;
  const TUHandler &Handle;
  const std::vector<FileSummary> *Program;
  bool &Failed;
};

class AnalysisActionFactory : public tooling::FrontendActionFactory {
public:
  AnalysisActionFactory(const CommandMap &Commands, const TUHandler &Handle,
                        const std::vector<FileSummary> *Program)
      : Commands(Commands), Handle(Handle), Program(Program) {}
  std::unique_ptr<FrontendAction> create() override {
    return std::make_unique<AnalysisAction>(Commands, Handle, Program, Failed);
  }
  bool Failed = false;

private:
  const CommandMap &Commands;
  const TUHandler &Handle;
  const std::vector<FileSummary> *Program;
};
} // namespace

/// The compile_commands.json found from \p BuildDir.
static llvm::Expected<std::unique_ptr<tooling::CompilationDatabase>>
loadDatabase(const std::string &BuildDir) {
  std::string Why;
  auto DB = tooling::CompilationDatabase::loadFromDirectory(BuildDir, Why);
  if (!DB)
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "cannot read the compile commands in '" + BuildDir +
                                       "': " + Why);
  return DB;
}

llvm::Expected<std::vector<std::string>> cleave::filesWithCommands(const std::string &BuildDir) {
  auto DB = loadDatabase(BuildDir);
  if (!DB)
    return DB.takeError();
  std::vector<std::string> Out;
  for (const tooling::CompileCommand &C : (*DB)->getAllCompileCommands()) {
    llvm::SmallString<256> Path(C.Filename);
    if (llvm::sys::path::is_relative(Path))
      Path = C.Directory + "/" + C.Filename;
    llvm::sys::path::remove_dots(Path, /*remove_dot_dot=*/true);
    if (llvm::sys::path::extension(Path) == ".c" && !llvm::is_contained(Out, std::string(Path)))
      Out.push_back(std::string(Path));
  }
  if (Out.empty())
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "'" + BuildDir + "/compile_commands.json' has no C file");
  return Out;
}

llvm::Error cleave::analyzeFiles(const std::vector<std::string> &Files,
                                 const FlagSource &Flags, const TUHandler &Handle,
                                 const std::vector<FileSummary> *Program) {
  auto Fail = [](const llvm::Twine &Msg) {
    return llvm::createStringError(llvm::inconvertibleErrorCode(), Msg);
  };
  std::vector<std::string> Paths;
  for (const std::string &F : Files) {
    if (!llvm::sys::fs::is_regular_file(F))
      return Fail("no such file: '" + F + "'");
    llvm::SmallString<256> Abs(F);
    llvm::sys::fs::make_absolute(Abs);
    llvm::sys::path::remove_dots(Abs, /*remove_dot_dot=*/true);
    Paths.push_back(std::string(Abs));
  }

  std::unique_ptr<tooling::CompilationDatabase> DB;
  if (!Flags.BuildDir.empty()) {
    auto Loaded = loadDatabase(Flags.BuildDir);
    if (!Loaded)
      return Loaded.takeError();
    DB = std::move(*Loaded);
  } else {
    llvm::SmallString<256> Cwd;
    llvm::sys::fs::current_path(Cwd);
    DB = std::make_unique<tooling::FixedCompilationDatabase>(Cwd, Flags.ClangArgs);
  }
  CommandMap Commands;
  for (const std::string &P : Paths) {
    std::vector<tooling::CompileCommand> Found = DB->getCompileCommands(P);
    if (Found.empty())
      return Fail("'" + P + "' has no compile command in '" + Flags.BuildDir +
                  "/compile_commands.json'; build it there once, or give its flags after --");
    CompileCommand &C = Commands[P];
    C.File = P;
    C.Directory = Found.front().Directory;
    C.Args = Found.front().CommandLine;
    if (!Flags.BuildDir.empty())
      C.Args.insert(C.Args.end(), Flags.ClangArgs.begin(), Flags.ClangArgs.end());
  }

  AnalysisActionFactory Factory(Commands, Handle, Program);
  bool Failed = false;
  // Clang reads some nesting in loops that the walks of the analysis and
  // the planner go down one call a level: a switch of a million case labels,
  // which Clang accepts, nests its statements a million deep. Each file is
  // parsed, analyzed and handled on a thread with a stack far beyond the
  // 8 MiB of the main thread; its pages are taken only as they are used.
  constexpr unsigned StackBytes = 1u << 30;
  // One tool per file: a tool given several prints a progress line for each.
  for (const std::string &P : Paths) {
    tooling::ClangTool Tool(*DB, {P});
    Tool.setPrintErrorMessage(false);
    if (!Flags.BuildDir.empty() && !Flags.ClangArgs.empty())
      Tool.appendArgumentsAdjuster(tooling::getInsertArgumentAdjuster(
          Flags.ClangArgs, tooling::ArgumentInsertPosition::END));
    // A tool's own executable is not beside Clang's headers (stddef.h, ...):
    // point Clang at the resource directory of the installation we built with.
    Tool.appendArgumentsAdjuster([](const tooling::CommandLineArguments &Args, llvm::StringRef) {
      tooling::CommandLineArguments Out = Args;
      if (llvm::none_of(Args, [](llvm::StringRef A) { return A.starts_with("-resource-dir"); }))
        Out.insert(llvm::find(Out, "--"), "-resource-dir=" CLEAVE_CLANG_RESOURCE_DIR);
      // The link's flags among them (-l, -L) are for the generated build.
      Out.insert(llvm::find(Out, "--"), "-Qunused-arguments");
      return Out;
    });
    int Status = 0;
    llvm::thread Worker(std::optional<unsigned>(StackBytes),
                        [&] { Status = Tool.run(&Factory); });
    Worker.join();
    Failed |= Status != 0;
  }
  if (Failed || Factory.Failed)
    return Fail("stopped: the input has errors (see above)");
  return llvm::Error::success();
}


