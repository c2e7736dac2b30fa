/// \file
/// Symbolic integer expressions: construction, printing, substitution, a small
/// parser for pragma text, and affine normalization for region comparisons.
#include "analysis/SymbolicExpr.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/MathExtras.h"
#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <set>

using namespace cleave;
using llvm::StringRef;

SymExpr::Ptr SymExpr::constant(int64_t Value) {
  auto E = std::make_shared<SymExpr>();
  E->K = Kind::Constant;
  E->Value = Value;
  return E;
}

SymExpr::Ptr SymExpr::variable(StringRef Name) {
  auto E = std::make_shared<SymExpr>();
  E->K = Kind::Variable;
  E->Name = Name.str();
  return E;
}

SymExpr::Ptr SymExpr::binary(Kind K, Ptr L, Ptr R) {
  auto E = std::make_shared<SymExpr>();
  E->K = K;
  E->Ops[0] = std::move(L);
  E->Ops[1] = std::move(R);
  return E;
}

SymExpr::Ptr SymExpr::negate(Ptr Operand) {
  auto E = std::make_shared<SymExpr>();
  E->K = Kind::Neg;
  E->Ops[0] = std::move(Operand);
  return E;
}

static int precedence(SymExpr::Kind K) {
  switch (K) {
  case SymExpr::Kind::Add:
  case SymExpr::Kind::Sub:
    return 1;
  case SymExpr::Kind::Mul:
  case SymExpr::Kind::Div:
  case SymExpr::Kind::Rem:
    return 2;
  case SymExpr::Kind::Neg:
    return 3;
  case SymExpr::Kind::Constant:
  case SymExpr::Kind::Variable:
  case SymExpr::Kind::Min: // parenthesized
  case SymExpr::Kind::Max:
    return 4;
  }
  llvm_unreachable("unknown kind");
}

std::string SymExpr::str() const {
  auto Operand = [&](const Ptr &E, bool Right) {
    // Left-associative operators: the right operand needs parentheses at equal
    // precedence too (a - (b - c)).
    int Mine = precedence(K), Theirs = precedence(E->K);
    bool Paren = Theirs < Mine || (Right && Theirs == Mine);
    return Paren ? "(" + E->str() + ")" : E->str();
  };
  switch (K) {
  case Kind::Constant:
    return Value < 0 ? "(" + std::to_string(Value) + ")" : std::to_string(Value);
  case Kind::Variable:
    return Name;
  case Kind::Neg:
    return "-" + Operand(Ops[0], true);
  case Kind::Add:
    return Operand(Ops[0], false) + " + " + Operand(Ops[1], true);
  case Kind::Sub:
    return Operand(Ops[0], false) + " - " + Operand(Ops[1], true);
  case Kind::Mul:
    return Operand(Ops[0], false) + " * " + Operand(Ops[1], true);
  case Kind::Div:
    return Operand(Ops[0], false) + " / " + Operand(Ops[1], true);
  case Kind::Rem:
    return Operand(Ops[0], false) + " % " + Operand(Ops[1], true);
  case Kind::Min:
  case Kind::Max: {
    // Each operand binds tighter than `<` and `?:`, or is parenthesized.
    std::string L = Ops[0]->str(), R = Ops[1]->str();
    return "(" + L + (K == Kind::Min ? " < " : " > ") + R + " ? " + L + " : " + R + ")";
  }
  }
  llvm_unreachable("unknown kind");
}

static void collectVariables(const SymExpr &E, std::set<std::string> &Out) {
  if (E.kind() == SymExpr::Kind::Variable)
    Out.insert(E.name().str());
  for (const SymExpr::Ptr *Op : {&E.lhs(), &E.rhs()})
    if (*Op)
      collectVariables(**Op, Out);
}

std::vector<std::string> SymExpr::variables() const {
  std::set<std::string> Names;
  collectVariables(*this, Names);
  return {Names.begin(), Names.end()};
}

SymExpr::Ptr cleave::substituteSimplified(const SymExpr::Ptr &E, const SymMap &Subst) {
  switch (E->kind()) {
  case SymExpr::Kind::Constant:
  case SymExpr::Kind::Variable:
    return simplify(substitute(E, Subst));
  case SymExpr::Kind::Neg:
    return simplify(SymExpr::negate(substituteSimplified(E->lhs(), Subst)));
  default:
    return simplify(SymExpr::binary(E->kind(), substituteSimplified(E->lhs(), Subst),
                                    substituteSimplified(E->rhs(), Subst)));
  }
}

SymExpr::Ptr cleave::substitute(const SymExpr::Ptr &E, const SymMap &Subst) {
  switch (E->kind()) {
  case SymExpr::Kind::Constant:
    return E;
  case SymExpr::Kind::Variable: {
    auto It = Subst.find(E->name().str());
    return It == Subst.end() ? E : It->second;
  }
  case SymExpr::Kind::Neg:
    return SymExpr::negate(substitute(E->lhs(), Subst));
  default:
    return SymExpr::binary(E->kind(), substitute(E->lhs(), Subst),
                           substitute(E->rhs(), Subst));
  }
}

std::optional<int64_t>
cleave::evaluate(const SymExpr::Ptr &E,
                 const std::function<std::optional<int64_t>(llvm::StringRef)> &Lookup) {
  using K = SymExpr::Kind;
  if (E->kind() == K::Constant)
    return E->value();
  if (E->kind() == K::Variable)
    return Lookup(E->name());
  std::optional<int64_t> L = evaluate(E->lhs(), Lookup);
  if (!L)
    return std::nullopt;
  int64_t R = 0, Out = 0;
  if (E->kind() == K::Neg) {
    if (llvm::SubOverflow(int64_t(0), *L, Out))
      return std::nullopt;
    return Out;
  }
  std::optional<int64_t> RV = evaluate(E->rhs(), Lookup);
  if (!RV)
    return std::nullopt;
  R = *RV;
  switch (E->kind()) {
  case K::Add:
    return llvm::AddOverflow(*L, R, Out) ? std::nullopt : std::optional<int64_t>(Out);
  case K::Sub:
    return llvm::SubOverflow(*L, R, Out) ? std::nullopt : std::optional<int64_t>(Out);
  case K::Mul:
    return llvm::MulOverflow(*L, R, Out) ? std::nullopt : std::optional<int64_t>(Out);
  case K::Div:
  case K::Rem:
    if (R == 0 || (*L == INT64_MIN && R == -1))
      return std::nullopt;
    return E->kind() == K::Div ? *L / R : *L % R;
  case K::Min:
    return std::min(*L, R);
  case K::Max:
    return std::max(*L, R);
  default:
    llvm_unreachable("handled above");
  }
}

namespace {
/// Recursive descent over the grammar
///   sum := product (('+'|'-') product)*
///   product := unary (('*'|'/'|'%') unary)*
///   unary := '-' unary | '(' sum ')' | '(' sum ('<'|'>') sum '?' sum ':' sum ')'
///          | identifier | decimal
/// where a conditional chooses one of the two values it compares.
class Parser {
public:
  explicit Parser(StringRef Text) : Text(Text) {}

  llvm::Expected<SymExpr::Ptr> parseAll() {
    auto E = parseSum();
    if (!E)
      return E.takeError();
    skipSpace();
    if (Pos != Text.size())
      return fail("unexpected '" + Text.substr(Pos, 1).str() + "'");
    return E;
  }

private:
  StringRef Text;
  size_t Pos = 0;

  void skipSpace() {
    while (Pos < Text.size() && llvm::isSpace(Text[Pos]))
      ++Pos;
  }
  bool take(char C) {
    skipSpace();
    if (Pos < Text.size() && Text[Pos] == C) {
      ++Pos;
      return true;
    }
    return false;
  }
  llvm::Error fail(const llvm::Twine &Why) {
    return llvm::createStringError(
        llvm::inconvertibleErrorCode(),
        "in expression '" + Text.str() + "': " + Why.str());
  }

  llvm::Expected<SymExpr::Ptr> parseSum() {
    auto L = parseProduct();
    if (!L)
      return L;
    for (;;) {
      SymExpr::Kind K;
      if (take('+'))
        K = SymExpr::Kind::Add;
      else if (take('-'))
        K = SymExpr::Kind::Sub;
      else
        return L;
      auto R = parseProduct();
      if (!R)
        return R;
      L = SymExpr::binary(K, *L, *R);
    }
  }

  llvm::Expected<SymExpr::Ptr> parseProduct() {
    auto L = parseUnary();
    if (!L)
      return L;
    for (;;) {
      SymExpr::Kind K;
      if (take('*'))
        K = SymExpr::Kind::Mul;
      else if (take('/'))
        K = SymExpr::Kind::Div;
      else if (take('%'))
        K = SymExpr::Kind::Rem;
      else
        return L;
      auto R = parseUnary();
      if (!R)
        return R;
      L = SymExpr::binary(K, *L, *R);
    }
  }

  /// The rest of `(L < R ? X : Y)` (\p Less) or `(L > R ? X : Y)` after
  /// the comparison: the least or greatest of L and R.
  llvm::Expected<SymExpr::Ptr> parseChoice(const SymExpr::Ptr &L, bool Less) {
    auto R = parseSum();
    if (!R)
      return R;
    if (!take('?'))
      return fail("expected '?'");
    auto X = parseSum();
    if (!X)
      return X;
    if (!take(':'))
      return fail("expected ':'");
    auto Y = parseSum();
    if (!Y)
      return Y;
    if (!take(')'))
      return fail("expected ')'");
    bool First = (*X)->str() == L->str() && (*Y)->str() == (*R)->str();
    if (!First && !((*X)->str() == (*R)->str() && (*Y)->str() == L->str()))
      return fail("a conditional must choose one of the two values it compares");
    return SymExpr::binary(Less == First ? SymExpr::Kind::Min : SymExpr::Kind::Max, L, *R);
  }

  llvm::Expected<SymExpr::Ptr> parseUnary() {
    if (take('-')) {
      auto E = parseUnary();
      if (!E)
        return E;
      return SymExpr::negate(*E);
    }
    if (take('(')) {
      auto E = parseSum();
      if (!E)
        return E;
      if (take(')'))
        return E;
      bool Less = take('<');
      if (!Less && !take('>'))
        return fail("expected ')'");
      take('='); // `<=` chooses the same value
      return parseChoice(*E, Less);
    }
    skipSpace();
    size_t Start = Pos;
    if (Pos < Text.size() && llvm::isDigit(Text[Pos])) {
      while (Pos < Text.size() && llvm::isDigit(Text[Pos]))
        ++Pos;
      int64_t V;
      if (Text.substr(Start, Pos - Start).getAsInteger(10, V))
        return fail("constant out of range");
      return SymExpr::constant(V);
    }
    // A global read as a parameter is named by its globalKey (`::BS`).
    if (Text.substr(Pos).starts_with("::") && Pos + 2 < Text.size() &&
        (llvm::isAlpha(Text[Pos + 2]) || Text[Pos + 2] == '_'))
      Pos += 2;
    if (Pos < Text.size() && (llvm::isAlpha(Text[Pos]) || Text[Pos] == '_')) {
      while (Pos < Text.size() &&
             (llvm::isAlnum(Text[Pos]) || Text[Pos] == '_'))
        ++Pos;
      return SymExpr::variable(Text.substr(Start, Pos - Start));
    }
    if (Pos == Text.size())
      return fail("expression ends early");
    return fail("unexpected '" + Text.substr(Pos, 1).str() + "'");
  }
};
} // namespace

llvm::Expected<SymExpr::Ptr> cleave::parseSymExpr(StringRef Text) {
  return Parser(Text).parseAll();
}

static AffineForm atom(const SymExpr::Ptr &E) {
  AffineForm F;
  F.Terms[E->str()] = 1;
  return F;
}

/// Scales \p F by \p K; std::nullopt on overflow.
static std::optional<AffineForm> scaled(const AffineForm &F, int64_t K) {
  AffineForm R;
  if (llvm::MulOverflow(F.Constant, K, R.Constant))
    return std::nullopt;
  for (const auto &[Term, Coef] : F.Terms) {
    int64_t C;
    if (llvm::MulOverflow(Coef, K, C))
      return std::nullopt;
    if (C)
      R.Terms[Term] = C;
  }
  return R;
}

/// \p A + \p Sign * \p B; std::nullopt on overflow.
static std::optional<AffineForm> combined(const AffineForm &A,
                                          const AffineForm &B, int64_t Sign) {
  auto SB = scaled(B, Sign);
  if (!SB)
    return std::nullopt;
  AffineForm R = A;
  if (llvm::AddOverflow(R.Constant, SB->Constant, R.Constant))
    return std::nullopt;
  for (const auto &[Term, Coef] : SB->Terms) {
    int64_t Sum;
    if (llvm::AddOverflow(R.Terms[Term], Coef, Sum))
      return std::nullopt;
    if (Sum)
      R.Terms[Term] = Sum;
    else
      R.Terms.erase(Term);
  }
  return R;
}

/// \p A times \p B, both of degree one in their atoms, with a product of
/// two atoms as an atom of its own keyed by its text, the two in text
/// order (`(n - 1) * n + n` is `n * n`, as is `n * (n + 1) - n`);
/// std::nullopt on overflow or for an atom that is a product already.
static std::optional<AffineForm> product(const AffineForm &A, const AffineForm &B) {
  auto Linear = [](const AffineForm &F) {
    return llvm::none_of(F.Terms,
                         [](const auto &T) { return llvm::StringRef(T.first).contains('*'); });
  };
  if (!Linear(A) || !Linear(B))
    return std::nullopt;
  std::optional<AffineForm> R = scaled(B, A.Constant);
  if (auto Rest = scaled(A, B.Constant); R && Rest) {
    Rest->Constant = 0;
    R = combined(*R, *Rest, 1);
  }
  for (const auto &[X, CX] : A.Terms)
    for (const auto &[Y, CY] : B.Terms) {
      auto PX = parseSymExpr(std::min(X, Y)), PY = parseSymExpr(std::max(X, Y));
      int64_t C;
      if (!PX || !PY || !R || llvm::MulOverflow(CX, CY, C)) {
        if (!PX)
          llvm::consumeError(PX.takeError());
        if (!PY)
          llvm::consumeError(PY.takeError());
        return std::nullopt;
      }
      AffineForm Term;
      Term.Terms[SymExpr::binary(SymExpr::Kind::Mul, *PX, *PY)->str()] = C;
      R = combined(*R, Term, 1);
    }
  return R;
}

AffineForm AffineForm::of(const SymExpr::Ptr &E) {
  using K = SymExpr::Kind;
  std::optional<AffineForm> R;
  switch (E->kind()) {
  case K::Constant: {
    AffineForm F;
    F.Constant = E->value();
    return F;
  }
  case K::Variable:
    return atom(E);
  case K::Neg:
    R = scaled(of(E->lhs()), -1);
    break;
  case K::Add:
  case K::Sub:
    R = combined(of(E->lhs()), of(E->rhs()), E->kind() == K::Add ? 1 : -1);
    break;
  case K::Mul: {
    AffineForm L = of(E->lhs()), Rt = of(E->rhs());
    if (auto C = L.constantValue())
      R = scaled(Rt, *C);
    else if (auto C = Rt.constantValue())
      R = scaled(L, *C);
    else
      R = product(L, Rt);
    break;
  }
  case K::Div:
  case K::Rem: {
    // Folded only when both sides are constants; otherwise the quotient is an
    // atom, which keeps `n / 2` comparable with itself but with nothing else.
    auto L = of(E->lhs()).constantValue(), Rt = of(E->rhs()).constantValue();
    if (L && Rt && *Rt != 0 && !(*L == INT64_MIN && *Rt == -1)) {
      AffineForm F;
      F.Constant = E->kind() == K::Div ? *L / *Rt : *L % *Rt;
      return F;
    }
    break;
  }
  case K::Min:
  case K::Max:
    break; // an atom
  }
  return R ? *R : atom(E);
}

AffineForm AffineForm::minus(const AffineForm &O) const {
  if (auto R = combined(*this, O, -1))
    return *R;
  // Overflow: an unknown difference, which no caller can prove anything from.
  AffineForm Unknown;
  Unknown.Terms["<overflow>"] = 1;
  return Unknown;
}

SymExpr::Ptr cleave::simplify(const SymExpr::Ptr &E) {
  using K = SymExpr::Kind;
  AffineForm F = AffineForm::of(E);
  SymExpr::Ptr Sum;
  auto Add = [&](K Op, SymExpr::Ptr Term) {
    Sum = !Sum ? (Op == K::Add ? Term : SymExpr::negate(Term)) : SymExpr::binary(Op, Sum, Term);
  };
  // Sorted by text, but a term added first where there is one (`end - low`,
  // not `-low + end`, which C does not allow of pointers).
  std::vector<std::pair<std::string, int64_t>> Terms(F.Terms.begin(), F.Terms.end());
  auto Added = llvm::find_if(Terms, [](const auto &T) { return T.second > 0; });
  if (Added != Terms.end())
    std::rotate(Terms.begin(), Added, Added + 1);
  for (const auto &[Text, Coef] : Terms) {
    auto Atom = parseSymExpr(Text);
    if (!Atom) {
      llvm::consumeError(Atom.takeError());
      return E;
    }
    if (Coef == INT64_MIN)
      return E;
    int64_t Magnitude = Coef < 0 ? -Coef : Coef;
    SymExpr::Ptr Term = Magnitude == 1 ? *Atom
                                       : SymExpr::binary(K::Mul, SymExpr::constant(Magnitude), *Atom);
    Add(Coef < 0 ? K::Sub : K::Add, Term);
  }
  if (!Sum)
    return SymExpr::constant(F.Constant);
  if (F.Constant > 0)
    Add(K::Add, SymExpr::constant(F.Constant));
  else if (F.Constant < 0 && F.Constant != INT64_MIN)
    Add(K::Sub, SymExpr::constant(-F.Constant));
  else if (F.Constant != 0)
    return E;
  return Sum;
}

std::optional<int64_t> AffineForm::constantValue() const {
  if (!Terms.empty())
    return std::nullopt;
  return Constant;
}

/// Positive integer weights w for \p Forms such that sum(w_i * form_i) has no
/// term left, or none. The weights span the null space of the forms' term
/// coefficients when it has dimension one; they are found in floating point
/// and then checked exactly, so a wrong candidate only costs a proof.
static std::optional<std::vector<int64_t>>
positiveCancellation(const std::vector<const AffineForm *> &Forms) {
  std::vector<std::string> Terms;
  for (const AffineForm *F : Forms)
    for (const auto &[Term, Coef] : F->Terms)
      if (llvm::find(Terms, Term) == Terms.end())
        Terms.push_back(Term);
  size_t K = Forms.size(), M = Terms.size();
  if (M == 0)
    return std::nullopt; // constants: the single-gap test decides
  // Row-reduce the M x K matrix of coefficients.
  std::vector<std::vector<long double>> A(M, std::vector<long double>(K));
  for (size_t R = 0; R < M; ++R)
    for (size_t C = 0; C < K; ++C) {
      auto It = Forms[C]->Terms.find(Terms[R]);
      A[R][C] = It == Forms[C]->Terms.end() ? 0 : It->second;
    }
  std::vector<int> PivotOf(K, -1);
  size_t Rank = 0;
  for (size_t C = 0; C < K && Rank < M; ++C) {
    size_t Best = Rank;
    for (size_t R = Rank; R < M; ++R)
      if (std::fabs(A[R][C]) > std::fabs(A[Best][C]))
        Best = R;
    if (std::fabs(A[Best][C]) < 1e-12)
      continue;
    std::swap(A[Rank], A[Best]);
    for (size_t R = 0; R < M; ++R)
      if (R != Rank && A[R][C] != 0) {
        long double F = A[R][C] / A[Rank][C];
        for (size_t J = 0; J < K; ++J)
          A[R][J] -= F * A[Rank][J];
      }
    PivotOf[C] = static_cast<int>(Rank++);
  }
  if (Rank != K - 1)
    return std::nullopt;
  size_t Free = 0;
  while (PivotOf[Free] >= 0)
    ++Free;
  std::vector<long double> V(K, 0);
  V[Free] = 1;
  for (size_t C = 0; C < K; ++C)
    if (PivotOf[C] >= 0)
      V[C] = -A[PivotOf[C]][Free] / A[PivotOf[C]][C];
  long double Smallest = 0;
  for (long double X : V) {
    if (X == 0 || (X > 0) != (V[Free] > 0))
      return std::nullopt; // not all of one sign
    X = std::fabs(X);
    Smallest = Smallest == 0 ? X : std::min(Smallest, X);
  }
  for (int64_t Scale = 1; Scale <= 64; ++Scale) {
    std::vector<int64_t> W;
    for (long double X : V)
      W.push_back(static_cast<int64_t>(std::llround(std::fabs(X) / Smallest * Scale)));
    // The exact check: every term cancels.
    bool Cancels = true;
    for (const std::string &T : Terms) {
      int64_t Sum = 0;
      for (size_t C = 0; C < K && Cancels; ++C) {
        auto It = Forms[C]->Terms.find(T);
        int64_t Product;
        if (It != Forms[C]->Terms.end() &&
            (llvm::MulOverflow(It->second, W[C], Product) || llvm::AddOverflow(Sum, Product, Sum)))
          Cancels = false;
      }
      Cancels = Cancels && Sum == 0;
    }
    if (Cancels)
      return W;
  }
  return std::nullopt;
}

/// Whether the C text \p Text mentions the variable keyed \p Key.
static bool mentions(llvm::StringRef Text, llvm::StringRef Key) {
  for (size_t At = Text.find(Key); At != llvm::StringRef::npos; At = Text.find(Key, At + 1)) {
    size_t End = At + Key.size();
    bool Before = At == 0 || !(llvm::isAlnum(Text[At - 1]) || Text[At - 1] == '_');
    bool After = End == Text.size() || !llvm::isDigit(Text[End]);
    if (Before && After)
      return true;
  }
  return false;
}

std::optional<int64_t> cleave::affineCoefficient(const SymExpr::Ptr &E, llvm::StringRef Key) {
  AffineForm F = AffineForm::of(E);
  for (const auto &[Atom, Coef] : F.Terms)
    if (Atom != Key && mentions(Atom, Key))
      return std::nullopt;
  auto It = F.Terms.find(Key.str());
  return It == F.Terms.end() ? 0 : It->second;
}

std::optional<std::pair<SymExpr::Ptr, SymExpr::Ptr>>
cleave::splitByVariable(const SymExpr::Ptr &E, StringRef Key) {
  using K = SymExpr::Kind;
  using Split = std::pair<SymExpr::Ptr, SymExpr::Ptr>;
  if (!llvm::is_contained(E->variables(), Key))
    return Split{nullptr, E};
  auto Zero = SymExpr::constant(0);
  auto Or0 = [&](const SymExpr::Ptr &F) { return F ? F : Zero; };
  switch (E->kind()) {
  case K::Variable:
    return Split{SymExpr::constant(1), Zero};
  case K::Neg:
    if (auto S = splitByVariable(E->lhs(), Key))
      return Split{S->first ? SymExpr::negate(S->first) : nullptr, SymExpr::negate(S->second)};
    return std::nullopt;
  case K::Add:
  case K::Sub: {
    auto L = splitByVariable(E->lhs(), Key), R = splitByVariable(E->rhs(), Key);
    if (!L || !R)
      return std::nullopt;
    SymExpr::Ptr Factor =
        !L->first && !R->first ? nullptr : SymExpr::binary(E->kind(), Or0(L->first), Or0(R->first));
    return Split{Factor, SymExpr::binary(E->kind(), L->second, R->second)};
  }
  case K::Mul: {
    auto L = splitByVariable(E->lhs(), Key), R = splitByVariable(E->rhs(), Key);
    if (!L || !R || (L->first && R->first))
      return std::nullopt;
    // (k f + r) * g = k (f g) + r g, g free of k.
    const SymExpr::Ptr &Free = L->first ? E->rhs() : E->lhs();
    const Split &Bound = L->first ? *L : *R;
    return Split{SymExpr::binary(K::Mul, Bound.first, Free),
                 SymExpr::binary(K::Mul, Bound.second, Free)};
  }
  default:
    return std::nullopt;
  }
}

std::optional<std::pair<SymExpr::Ptr, SymExpr::Ptr>>
cleave::rowsAndColumns(const SymExpr::Ptr &E, const SymExpr::Ptr &Stride) {
  // An offset that names none of the stride's variables moves columns only
  // (a quadrant at `a + h`, whichever the rows' length).
  if (llvm::none_of(E->variables(), [&](const std::string &V) {
        return llvm::is_contained(Stride->variables(), V);
      }))
    return std::pair{SymExpr::constant(0), E};
  if (Stride->kind() != SymExpr::Kind::Variable)
    return std::nullopt;
  auto Split = splitByVariable(E, Stride->name());
  if (Split && !Split->first)
    Split->first = SymExpr::constant(0);
  return Split;
}

bool cleave::isVariableAtom(llvm::StringRef Atom) {
  return llvm::all_of(Atom,
                      [](char C) { return llvm::isAlnum(C) || C == '_' || C == '@' || C == ':'; });
}

std::optional<std::array<SymExpr::Ptr, 3>>
cleave::rowsOfVariable(const SymExpr::Ptr &Stride, const SymExpr::Ptr &Lo, const SymExpr::Ptr &Hi,
                       const SymExpr::Ptr &ColLo, const SymExpr::Ptr &ColHi) {
  AffineForm Multiple = AffineForm::of(Stride);
  if (Stride->kind() == SymExpr::Kind::Variable || Multiple.Constant != 0 ||
      Multiple.Terms.size() != 1 || Multiple.Terms.begin()->second <= 0 ||
      AffineForm::of(ColHi).minus(AffineForm::of(ColLo)).constantValue() != 1)
    return std::nullopt;
  const auto &[Name, K] = *Multiple.Terms.begin();
  if (!isVariableAtom(Name))
    return std::nullopt;
  auto Factor = SymExpr::constant(K), One = SymExpr::constant(1);
  return std::array<SymExpr::Ptr, 3>{
      SymExpr::variable(Name), SymExpr::binary(SymExpr::Kind::Mul, Factor, Lo),
      SymExpr::binary(SymExpr::Kind::Add,
                      SymExpr::binary(SymExpr::Kind::Mul, Factor,
                                      SymExpr::binary(SymExpr::Kind::Sub, Hi, One)),
                      One)};
}

bool cleave::provablyDisjoint(const SymExpr::Ptr &Lo1, const SymExpr::Ptr &Hi1,
                              const SymExpr::Ptr &Lo2, const SymExpr::Ptr &Hi2) {
  AffineForm L1 = AffineForm::of(Lo1), H1 = AffineForm::of(Hi1);
  AffineForm L2 = AffineForm::of(Lo2), H2 = AffineForm::of(Hi2);
  // Disjoint when any of these is >= 0: the first ends before the second
  // starts, the second before the first, the first is empty, the second is.
  AffineForm Gaps[] = {L2.minus(H1), L1.minus(H2), L1.minus(H1), L2.minus(H2)};
  for (const AffineForm &G : Gaps)
    if (auto C = G.constantValue(); C && *C >= 0)
      return true;
  // If a positive combination sum(w_i * g_i) of some gaps is a constant c,
  // and all those gaps were negative integers (<= -1), c would be at most
  // -sum(w_i); so c > -sum(w_i) means one of them is >= 0. This covers [0, t)
  // beside [2t, n) (t + -t = 0: either the first ends in time or it is
  // empty), [0, s) beside [3s, 4s) (2s + 2 * -s = 0), and [0, x) beside
  // [17x + y, 17x + 2y), which takes three gaps: (16x + y) + 16 * -x + -y = 0.
  for (unsigned Subset = 3; Subset < 16; ++Subset) {
    std::vector<const AffineForm *> Chosen;
    for (unsigned I = 0; I < 4; ++I)
      if (Subset & (1u << I))
        Chosen.push_back(&Gaps[I]);
    if (Chosen.size() < 2)
      continue;
    std::optional<std::vector<int64_t>> W = positiveCancellation(Chosen);
    if (!W)
      continue;
    std::optional<AffineForm> Sum = AffineForm();
    int64_t Weights = 0;
    for (size_t I = 0; I < Chosen.size() && Sum; ++I) {
      auto Term = scaled(*Chosen[I], (*W)[I]);
      Sum = Term ? combined(*Sum, *Term, 1) : std::nullopt;
      Weights += (*W)[I];
    }
    std::optional<int64_t> C = Sum ? Sum->constantValue() : std::nullopt;
    if (C && *C > -Weights)
      return true;
  }
  return false;
}

SymExpr::Ptr cleave::dividedExactly(const SymExpr::Ptr &E, int64_t Size) {
  using K = SymExpr::Kind;
  if (Size == 1)
    return E;
  switch (E->kind()) {
  case K::Constant:
    return E->value() % Size == 0 ? SymExpr::constant(E->value() / Size) : nullptr;
  case K::Add:
  case K::Sub: {
    auto L = dividedExactly(E->lhs(), Size), R = dividedExactly(E->rhs(), Size);
    return L && R ? SymExpr::binary(E->kind(), L, R) : nullptr;
  }
  case K::Mul:
    if (auto L = dividedExactly(E->lhs(), Size))
      return SymExpr::binary(K::Mul, L, E->rhs());
    if (auto R = dividedExactly(E->rhs(), Size))
      return SymExpr::binary(K::Mul, E->lhs(), R);
    return nullptr;
  default:
    return nullptr;
  }
}

SymExpr::Ptr cleave::dividedRounding(const SymExpr::Ptr &E, int64_t Size, bool Up) {
  if (SymExpr::Ptr Exact = dividedExactly(E, Size))
    return simplify(Exact);
  using K = SymExpr::Kind;
  SymExpr::Ptr Zero = SymExpr::constant(0), Round = SymExpr::constant(Size - 1);
  SymExpr::Ptr Above = SymExpr::binary(K::Max, E, Zero), Below = SymExpr::binary(K::Min, E, Zero);
  if (Up)
    Above = SymExpr::binary(K::Add, Above, Round);
  else
    Below = SymExpr::binary(K::Sub, Below, Round);
  SymExpr::Ptr By = SymExpr::constant(Size);
  return simplify(SymExpr::binary(K::Add, SymExpr::binary(K::Div, Above, By),
                                  SymExpr::binary(K::Div, Below, By)));
}
