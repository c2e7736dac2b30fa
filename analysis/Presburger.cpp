/// \file
/// implies() by isl: both sides become sets of parameter values, built
/// constraint by constraint (isl's reader takes a hundred times longer than
/// the question), and the question is whether one set is inside the other.
#include "analysis/Presburger.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/MathExtras.h"
#include <isl/aff.h>
#include <isl/constraint.h>
#include <isl/ctx.h>
#include <isl/ilp.h>
#include <isl/local_space.h>
#include <isl/map.h>
#include <isl/options.h>
#include <isl/set.h>
#include <isl/space.h>
#include <isl/val.h>
#include <map>
#include <mutex>
#include <optional>
#include <set>

using namespace cleave;

namespace {

std::optional<Linear> combine(Linear A, const Linear &B, int64_t Scale) {
  if (!A.add(B, Scale))
    return std::nullopt;
  return A;
}

/// Facts `L >= 0`, all of which hold.
using Facts = std::vector<Linear>;
/// One conjunction of facts or another holds.
using Disjunction = std::vector<Facts>;

/// The fact `L < 0` as `-L - 1 >= 0`; std::nullopt on overflow.
std::optional<Linear> negative(const Linear &L) {
  Linear Minus1;
  Minus1.Constant = -1;
  return combine(Minus1, L, -1);
}

/// Writes expressions as linear forms, naming each variable and each
/// subexpression it cannot write linearly (an unknown) by a parameter, and
/// defining the quotients by constants it introduces.
class Linearizer {
public:
  std::optional<Linear> of(const SymExpr::Ptr &E) {
    using K = SymExpr::Kind;
    switch (E->kind()) {
    case K::Constant: {
      Linear L;
      L.Constant = E->value();
      return L;
    }
    case K::Variable:
      return unknown(E);
    case K::Neg:
      if (auto L = of(E->lhs()))
        return combine(Linear(), *L, -1);
      return std::nullopt;
    case K::Add:
    case K::Sub: {
      auto L = of(E->lhs()), R = of(E->rhs());
      if (!L || !R)
        return std::nullopt;
      return combine(*L, *R, E->kind() == K::Add ? 1 : -1);
    }
    case K::Mul: {
      auto L = of(E->lhs()), R = of(E->rhs());
      if (!L || !R)
        return std::nullopt;
      if (L->Terms.empty())
        return combine(Linear(), *R, L->Constant);
      if (R->Terms.empty())
        return combine(Linear(), *L, R->Constant);
      if (auto P = product(*L, *R))
        return P;
      return unknown(E);
    }
    case K::Div:
    case K::Rem: {
      auto L = of(E->lhs()), R = of(E->rhs());
      if (!L || !R)
        return std::nullopt;
      if (!R->Terms.empty() || R->Constant <= 0 || R->Constant > (int64_t(1) << 31))
        return unknown(E);
      std::string Q = quotient(*L, R->Constant);
      Values[Q] = SymExpr::binary(K::Div, E->lhs(), E->rhs());
      Linear QL;
      QL.Terms[Q] = 1;
      if (E->kind() == K::Div)
        return QL;
      return combine(*L, QL, -R->Constant); // x % c = x - c * (x / c)
    }
    case K::Min:
    case K::Max: {
      auto L = of(E->lhs()), R = of(E->rhs());
      if (!L || !R)
        return std::nullopt;
      Linear ML;
      ML.Terms[extreme(*L, *R, E)] = 1;
      return ML;
    }
    }
    return std::nullopt;
  }

  /// \p A times \p B, each product of two parameters a parameter of its
  /// own (a monomial); std::nullopt on overflow, or where a factor is a
  /// dimension or a monomial already (that product is an unknown).
  std::optional<Linear> product(const Linear &A, const Linear &B) {
    std::optional<Linear> R = combine(Linear(), B, A.Constant);
    if (R) {
      Linear Rest = A;
      Rest.Constant = 0;
      R = combine(*R, Rest, B.Constant);
    }
    for (const auto &[X, CX] : A.Terms)
      for (const auto &[Y, CY] : B.Terms) {
        std::string M = monomial(X, Y);
        Linear Term;
        if (M.empty() || !R || llvm::MulOverflow(CX, CY, Term.Terms[M]))
          return std::nullopt;
        R = combine(*R, Term, 1);
      }
    return R;
  }

  /// The quotients by constants among the factors of the monomials, with
  /// their dividends.
  std::vector<std::pair<std::string, Linear>> quotientFactors() const {
    std::vector<std::pair<std::string, Linear>> Out;
    for (const auto &[Name, Q] : QuotientOf)
      if (llvm::any_of(Monomials, [&, &Name = Name](const auto &M) {
            return M.first.first == Name || M.first.second == Name;
          }))
        Out.push_back({Name, Q.first});
    return Out;
  }

  /// Facts of degree two that hold where \p Known does: the products of
  /// pairs of its facts (and of the bounds of quotients by constants whose
  /// dividends' signs \p NotNegative gives) over the factors of
  /// the monomials the question has, multiplied out. isl then works with
  /// each monomial as a parameter bound by them: with n >= 9 and q = n / 2,
  /// (n - 2q)(2q + 1 - n) + 2 (n - 2q)(n - 9) + 17 (n - 2q) >= 0 is
  /// n * n - 4 * (q * q) >= 0. Products of pairs of constraints are how
  /// Handelman's and Schweighofer's certificates of positivity bound a
  /// polynomial on a polyhedron; the degree two they give is enough for the
  /// quadrants of a matrix, whose sizes are squares.
  Facts productFacts(const Facts &Known, const std::map<std::string, bool> &NotNegative) {
    std::set<std::string> Factors;
    for (const auto &[Key, Name] : Monomials) {
      Factors.insert(Key.first);
      Factors.insert(Key.second);
    }
    auto Over = [&](const Linear &L) {
      return !L.Terms.empty() &&
             llvm::all_of(L.Terms, [&](const auto &T) { return Factors.count(T.first); });
    };
    std::vector<Linear> Atoms;
    for (const Linear &L : Known)
      if (Over(L))
        Atoms.push_back(L);
    // X - C q is in [0, C - 1] where X >= 0, in [1 - C, 0] where X < 0;
    // the sign is a fact too.
    for (const auto &[Name, Q] : QuotientOf) {
      auto Sign = NotNegative.find(Name);
      if (!Factors.count(Name) || !Over(Q.first) || Sign == NotNegative.end())
        continue;
      Linear Rest = Q.first; // X - C q
      Rest.Terms[Name] = -Q.second;
      Linear Low = Rest, High;
      Low.Constant += Sign->second ? 0 : Q.second - 1;
      High.Constant = Sign->second ? Q.second - 1 : 0;
      Linear Minus1; // -X - 1 >= 0 where X < 0
      Minus1.Constant = -1;
      std::optional<Linear> Signed = Sign->second ? Q.first : combine(Minus1, Q.first, -1);
      if (auto H = combine(High, Rest, -1); H && Signed)
        Atoms.insert(Atoms.end(), {*Signed, Low, *H});
    }
    if (Atoms.size() > MaxProductAtoms)
      Atoms.resize(MaxProductAtoms);
    Facts Out;
    for (size_t I = 0; I < Atoms.size(); ++I)
      for (size_t J = I; J < Atoms.size(); ++J)
        if (auto P = product(Atoms[I], Atoms[J]))
          Out.push_back(std::move(*P));
    return Out;
  }

  bool hasMonomials() const { return !Monomials.empty(); }

  /// \p L as an affine function on \p Space, a set of Params and Dims.
  isl_aff *affine(const Linear &L, isl_space *Space) const {
    isl_ctx *Ctx = isl_space_get_ctx(Space);
    isl_aff *A = isl_aff_zero_on_domain(isl_local_space_from_space(Space));
    A = isl_aff_set_constant_val(A, isl_val_int_from_si(Ctx, L.Constant));
    for (const auto &[Name, Coef] : L.Terms) {
      bool Dim = llvm::is_contained(Dims, Name);
      const std::vector<std::string> &Names = Dim ? Dims : Params;
      A = isl_aff_set_coefficient_val(A, Dim ? isl_dim_in : isl_dim_param,
                                      llvm::find(Names, Name) - Names.begin(),
                                      isl_val_int_from_si(Ctx, Coef));
    }
    return A;
  }

  std::vector<std::string> Params;
  /// The variables IsDimension picks, as the set's dimensions d<i>.
  std::vector<std::string> Dims;
  /// What holds of the quotients, minima and maxima among the parameters.
  std::vector<Disjunction> Definitions;
  /// What each parameter stands for.
  std::map<std::string, SymExpr::Ptr> Values;
  std::function<bool(llvm::StringRef)> IsDimension;

private:
  /// Facts multiplied together are at most this many, so that a question
  /// has at most 78 more facts.
  static constexpr size_t MaxProductAtoms = 12;

  /// The parameter standing for the product of parameters \p X and \p Y;
  /// empty where either is a dimension or a monomial.
  std::string monomial(const std::string &X, const std::string &Y) {
    std::pair<std::string, std::string> Key = std::minmax(X, Y);
    auto IsFactor = [&](const std::string &N) {
      return Values.count(N) &&
             llvm::none_of(Monomials, [&](const auto &M) { return M.second == N; });
    };
    if (auto It = Monomials.find(Key); It != Monomials.end())
      return It->second;
    if (!IsFactor(X) || !IsFactor(Y))
      return "";
    std::string Name = "p" + std::to_string(Params.size());
    Params.push_back(Name);
    Values[Name] = SymExpr::binary(SymExpr::Kind::Mul, Values[Key.first], Values[Key.second]);
    Monomials[Key] = Name;
    return Name;
  }

  Linear unknown(const SymExpr::Ptr &E) {
    std::string Key = E->str();
    auto [It, New] = Unknowns.insert({Key, ""});
    if (New && E->kind() == SymExpr::Kind::Variable && IsDimension && IsDimension(E->name())) {
      It->second = "d" + std::to_string(Dims.size());
      Dims.push_back(It->second);
    } else if (New) {
      It->second = "p" + std::to_string(Params.size());
      Params.push_back(It->second);
      Values[It->second] = E;
    }
    Linear L;
    L.Terms[It->second] = 1;
    return L;
  }

  /// The parameter standing for X / C, C > 0, with C's truncation toward
  /// zero: 0 <= X - C*q < C when X >= 0, and -C < X - C*q <= 0 when X < 0.
  std::string quotient(const Linear &X, int64_t C) {
    std::string Key = X.text() + "/" + std::to_string(C);
    auto [It, New] = Quotients.insert({Key, ""});
    if (!New)
      return It->second;
    It->second = "p" + std::to_string(Params.size());
    Params.push_back(It->second);
    QuotientOf[It->second] = {X, C};
    Linear Q; // the rest, X - C q
    Q.Terms[It->second] = 1;
    std::optional<Linear> Rest = combine(X, Q, -C), Negative = negative(X);
    Linear Most; // C - 1
    Most.Constant = C - 1;
    std::optional<Linear> Below = Rest ? combine(Most, *Rest, -1) : std::nullopt, // C - 1 - rest
        Above = Rest ? combine(Most, *Rest, 1) : std::nullopt,                    // rest + C - 1
        NotPositive = Rest ? combine(Linear(), *Rest, -1) : std::nullopt;         // -rest
    // A definition that overflows is left out: the question is weaker, and
    // an answer of true still right.
    if (Rest && Negative && Below && Above && NotPositive)
      Definitions.push_back({{X, *Rest, *Below}, {*Negative, *Above, *NotPositive}});
    return It->second;
  }

  /// The parameter standing for \p E, the least or greatest of \p X and
  /// \p Y: no greater (smaller) than either, and equal to one of them.
  std::string extreme(const Linear &X, const Linear &Y, const SymExpr::Ptr &E) {
    bool Min = E->kind() == SymExpr::Kind::Min;
    std::string Key = std::string(Min ? "min(" : "max(") + X.text() + "," + Y.text() + ")";
    auto [It, New] = Quotients.insert({Key, ""});
    if (!New)
      return It->second;
    It->second = "p" + std::to_string(Params.size());
    Params.push_back(It->second);
    Values[It->second] = E;
    Linear M;
    M.Terms[It->second] = 1;
    // Min: X - M >= 0 and Y - M >= 0, and M - X >= 0 or M - Y >= 0; Max
    // the other way round. Left out on overflow, as a quotient's.
    std::optional<Linear> XM = combine(X, M, -1), YM = combine(Y, M, -1), MX = combine(M, X, -1),
                          MY = combine(M, Y, -1);
    if (XM && YM && MX && MY)
      Definitions.push_back(Min ? Disjunction{{*XM, *YM, *MX}, {*XM, *YM, *MY}}
                                : Disjunction{{*MX, *MY, *XM}, {*MX, *MY, *YM}});
    return It->second;
  }

  /// Parameters by the text they stand for: unknowns, and the quotients,
  /// minima and maxima defined in Definitions.
  std::map<std::string, std::string> Unknowns, Quotients;
  /// Each quotient parameter's dividend and divisor.
  std::map<std::string, std::pair<Linear, int64_t>> QuotientOf;
  /// The parameter of each product of two parameters, by their names in order.
  std::map<std::pair<std::string, std::string>, std::string> Monomials;
};

/// One isl context for the process; isl contexts are not thread-safe, and
/// the analysis asks from one thread, but the lock keeps that from mattering.
struct Isl {
  std::mutex Lock;
  isl_ctx *Ctx = nullptr;
  std::map<std::string, bool> Answers;
  Isl() {
    Ctx = isl_ctx_alloc();
    isl_options_set_on_error(Ctx, ISL_ON_ERROR_CONTINUE);
  }
  ~Isl() { isl_ctx_free(Ctx); }
};

Isl &isl() {
  static Isl Instance;
  return Instance;
}

/// A question to isl: the values of \p Lin's parameters (and dimensions)
/// where every fact of All and one conjunction of each of Any hold.
struct Question {
  const Linearizer &Lin;
  Facts All;
  std::vector<Disjunction> Any;

  /// Its text in isl's notation, by which answers are remembered.
  std::string text() const {
    auto Conjunction = [](const Facts &F) {
      std::string S = "true";
      for (const Linear &L : F)
        S += " and " + L.text() + " >= 0";
      return S;
    };
    std::string S = "[" + llvm::join(Lin.Params, ", ") + "] -> { [" + llvm::join(Lin.Dims, ", ") +
                    "] : " + Conjunction(All);
    for (const Disjunction &D : Any) {
      S += " and (false";
      for (const Facts &F : D)
        S += " or (" + Conjunction(F) + ")";
      S += ")";
    }
    return S + " }";
  }

  isl_set *set(isl_ctx *Ctx) const {
    isl_space *Space = isl_space_set_alloc(Ctx, Lin.Params.size(), Lin.Dims.size());
    for (unsigned I = 0; I < Lin.Params.size(); ++I)
      Space = isl_space_set_dim_name(Space, isl_dim_param, I, Lin.Params[I].c_str());
    auto Conjunction = [&](const Facts &F) {
      isl_basic_set *B = isl_basic_set_universe(isl_space_copy(Space));
      for (const Linear &L : F)
        B = isl_basic_set_add_constraint(
            B, isl_inequality_from_aff(Lin.affine(L, isl_space_copy(Space))));
      return isl_set_from_basic_set(B);
    };
    isl_set *S = Conjunction(All);
    for (const Disjunction &D : Any) {
      isl_set *Union = isl_set_empty(isl_space_copy(Space));
      for (const Facts &F : D)
        Union = isl_set_union(Union, Conjunction(F));
      S = isl_set_intersect(S, Union);
    }
    isl_space_free(Space);
    return S;
  }
};

/// Whether the set of \p From lies in that of \p To, remembered.
bool isSubset(const Question &From, const Question &To) {
  Isl &I = isl();
  std::lock_guard<std::mutex> Guard(I.Lock);
  std::string Key = From.text() + "\n" + To.text();
  if (auto It = I.Answers.find(Key); It != I.Answers.end())
    return It->second;
  isl_set *A = From.set(I.Ctx), *B = To.set(I.Ctx);
  bool Holds = isl_set_is_subset(A, B) == isl_bool_true;
  isl_set_free(A);
  isl_set_free(B);
  I.Answers[Key] = Holds;
  return Holds;
}

/// Whether the set of \p Q is empty, remembered.
bool isEmpty(const Question &Q) {
  Isl &I = isl();
  std::lock_guard<std::mutex> Guard(I.Lock);
  std::string Key = "empty\n" + Q.text();
  if (auto It = I.Answers.find(Key); It != I.Answers.end())
    return It->second;
  isl_set *S = Q.set(I.Ctx);
  bool Empty = isl_set_is_empty(S) == isl_bool_true;
  isl_set_free(S);
  I.Answers[Key] = Empty;
  return Empty;
}

} // namespace

bool Linear::add(const Linear &B, int64_t Scale) {
  int64_t Product;
  if (llvm::MulOverflow(B.Constant, Scale, Product) ||
      llvm::AddOverflow(Constant, Product, Constant))
    return false;
  for (const auto &[Name, Coef] : B.Terms) {
    int64_t &Into = Terms[Name];
    if (llvm::MulOverflow(Coef, Scale, Product) || llvm::AddOverflow(Into, Product, Into))
      return false;
    if (Into == 0)
      Terms.erase(Name);
  }
  return true;
}

std::string Linear::text() const {
  std::string S = std::to_string(Constant);
  for (const auto &[Name, Coef] : Terms)
    S += (Coef < 0 ? " - " : " + ") +
         std::to_string(Coef < 0 ? 0 - uint64_t(Coef) : uint64_t(Coef)) + "*" + Name;
  return S;
}

std::string cleave::extremeDefinition(bool Min, const std::string &M, const std::string &X,
                                      const std::string &Y) {
  const char *Op = Min ? " <= " : " >= ", *Reached = Min ? " >= " : " <= ";
  return "(" + M + Op + "(" + X + ") and " + M + Op + "(" + Y + ") and (" + M + Reached + "(" + X +
         ") or " + M + Reached + "(" + Y + ")))";
}

SymExpr::Ptr cleave::atLeast(const SymExpr::Ptr &A, const SymExpr::Ptr &B) {
  return SymExpr::binary(SymExpr::Kind::Sub, A, B);
}

void cleave::strengthenUnequal(Conjunction &Given, const Conjunction &Unequal) {
  if (Given.empty())
    return; // nothing orders them
  Conjunction Strict;
  for (const SymExpr::Ptr &D : Unequal) {
    SymExpr::Ptr Minus = SymExpr::negate(D);
    if (implies(Given, {{D}}))
      Strict.push_back(SymExpr::binary(SymExpr::Kind::Sub, D, SymExpr::constant(1)));
    else if (implies(Given, {{Minus}}))
      Strict.push_back(SymExpr::binary(SymExpr::Kind::Sub, Minus, SymExpr::constant(1)));
  }
  llvm::append_range(Given, Strict);
}

/// implies(), asked of isl.
static bool impliesAsked(const Conjunction &Given, const std::vector<Conjunction> &Goal) {
  Linearizer Lin;
  Facts Known;
  for (const SymExpr::Ptr &E : Given) {
    // A fact that overflows, or is a constant, is left out: weaker, still
    // true (a negative constant would make the context empty, which a call
    // that is made never has).
    std::optional<Linear> L = Lin.of(E);
    if (L && !L->Terms.empty())
      Known.push_back(std::move(*L));
  }
  Disjunction Alternatives;
  for (const Conjunction &C : Goal) {
    // Its facts but for constants, which are decided here: none holds where
    // one is a negative constant (or one does not fit in 64 bits).
    Facts All;
    bool Holds = llvm::all_of(C, [&](const SymExpr::Ptr &E) {
      std::optional<Linear> L = Lin.of(E);
      if (!L || (L->Terms.empty() && L->Constant < 0))
        return false;
      if (!L->Terms.empty())
        All.push_back(std::move(*L));
      return true;
    });
    if (!Holds)
      continue;
    if (All.empty())
      return true; // every fact of it is a constant that holds
    Alternatives.push_back(std::move(All));
  }
  if (Alternatives.empty())
    return false;
  // Where the question has products: the facts of degree two, in each case
  // of the signs of the dividends of the quotients among their factors that
  // the facts leave open (at most two, so at most four cases).
  std::vector<Facts> Cases{{}};
  if (Lin.hasMonomials()) {
    auto Never = [&](const std::optional<Linear> &Fact) { // Known rules Fact out
      if (!Fact)
        return false;
      Question Q{Lin, Known, Lin.Definitions};
      Q.All.push_back(*Fact);
      return isEmpty(Q);
    };
    std::map<std::string, bool> Signs;
    std::vector<std::pair<std::string, Linear>> Open; // quotient, dividend
    for (const auto &[Name, X] : Lin.quotientFactors()) {
      if (Never(negative(X)))
        Signs[Name] = true;
      else if (Never(X))
        Signs[Name] = false;
      else if (Open.size() < 2)
        Open.push_back({Name, X});
    }
    Cases.clear();
    for (unsigned Mask = 0; Mask < (1u << Open.size()); ++Mask) {
      Facts Extra;
      bool Written = true;
      for (size_t K = 0; K < Open.size(); ++K) {
        bool NotNegative = (Mask >> K) & 1;
        Signs[Open[K].first] = NotNegative;
        std::optional<Linear> Sign = NotNegative ? Open[K].second : negative(Open[K].second);
        Written = Written && Sign;
        if (Sign)
          Extra.push_back(*Sign);
      }
      if (!Written) // a case that cannot be written: no answer
        return false;
      llvm::append_range(Extra, Lin.productFacts(Known, Signs));
      Cases.push_back(std::move(Extra));
    }
  }
  Question To{Lin, {}, {Alternatives}};
  return llvm::all_of(Cases, [&](const Facts &Extra) {
    Question From{Lin, Known, Lin.Definitions};
    llvm::append_range(From.All, Extra);
    return isSubset(From, To);
  });
}

bool cleave::implies(const Conjunction &Given, const std::vector<Conjunction> &Goal) {
  // Most questions were asked before (the joins of a function's regions
  // ask of each pair again): by the text of the expressions, their answer
  // costs less than their linear forms.
  std::string Key = "implies\n";
  for (const SymExpr::Ptr &E : Given)
    Key += E->str() + ";";
  for (const Conjunction &C : Goal) {
    Key += "\n";
    for (const SymExpr::Ptr &E : C)
      Key += E->str() + ";";
  }
  Isl &I = isl();
  {
    std::lock_guard<std::mutex> Guard(I.Lock);
    if (auto It = I.Answers.find(Key); It != I.Answers.end())
      return It->second;
  }
  bool Holds = impliesAsked(Given, Goal);
  std::lock_guard<std::mutex> Guard(I.Lock);
  I.Answers[Key] = Holds;
  return Holds;
}

bool cleave::regionsDisjoint(const SymExpr::Ptr &Lo1, const SymExpr::Ptr &Hi1,
                             const RowShape &Rows1, const SymExpr::Ptr &Lo2,
                             const SymExpr::Ptr &Hi2, const RowShape &Rows2,
                             const Conjunction &Context) {
  // Most pairs need no question to isl; the others may need the facts
  // (`2 * (n / 2) <= n` where n >= 0).
  if (!Rows1 && !Rows2)
    return provablyDisjoint(Lo1, Hi1, Lo2, Hi2) ||
           (!Context.empty() && implies(Context, {{atLeast(Lo2, Hi1)},
                                                  {atLeast(Lo1, Hi2)},
                                                  {atLeast(Lo1, Hi1)},
                                                  {atLeast(Lo2, Hi2)}}));
  if (!Rows1 || !Rows2 || Rows1.Stride->str() != Rows2.Stride->str())
    return false;
  const SymExpr::Ptr &S = Rows1.Stride;
  auto Width = [&](const SymExpr::Ptr &Hi, const SymExpr::Ptr &Lo) { // Hi - Lo <= S
    return atLeast(S, SymExpr::binary(SymExpr::Kind::Sub, Hi, Lo));
  };
  Conjunction Window{Width(Rows1.ColHi, Rows1.ColLo), Width(Rows2.ColHi, Rows2.ColLo),
                     Width(Rows1.ColHi, Rows2.ColLo), Width(Rows2.ColHi, Rows1.ColLo)};
  std::vector<Conjunction> Goal{{atLeast(Lo1, Hi1)},
                                {atLeast(Lo2, Hi2)},
                                {atLeast(Rows1.ColLo, Rows1.ColHi)},
                                {atLeast(Rows2.ColLo, Rows2.ColHi)}};
  for (const SymExpr::Ptr &Apart :
       {atLeast(Lo2, Hi1), atLeast(Lo1, Hi2), atLeast(Rows2.ColLo, Rows1.ColHi),
        atLeast(Rows1.ColLo, Rows2.ColHi)}) {
    Goal.push_back(Window);
    Goal.back().push_back(Apart);
  }
  return implies(Context, Goal);
}

bool cleave::regionInside(const SymExpr::Ptr &Lo, const SymExpr::Ptr &Hi, const RowShape &Rows,
                          const SymExpr::Ptr &PLo, const SymExpr::Ptr &PHi,
                          const RowShape &PRows, const Conjunction &Context) {
  if (bool(Rows) != bool(PRows) || (Rows && Rows.Stride->str() != PRows.Stride->str()))
    return false;
  // Bounds that differ by constants (a[i - 1] and a[i + 1] in one loop, the
  // most common case by far) need no question to isl.
  std::vector<std::pair<SymExpr::Ptr, SymExpr::Ptr>> Below{{PLo, Lo}, {Hi, PHi}};
  if (Rows)
    Below.insert(Below.end(), {{PRows.ColLo, Rows.ColLo}, {Rows.ColHi, PRows.ColHi}});
  bool Constant = true, Inside = true;
  for (const auto &[A, B] : Below) { // A <= B?
    std::optional<int64_t> D = AffineForm::of(B).minus(AffineForm::of(A)).constantValue();
    Constant = Constant && D;
    Inside = Inside && D && *D >= 0;
  }
  if (Inside || Constant) // constant differences that stick out: the hull joins them
    return Inside;
  std::vector<Conjunction> Goal{{atLeast(Lo, Hi)}, {atLeast(Lo, PLo), atLeast(PHi, Hi)}};
  if (Rows) {
    Goal.push_back({atLeast(Rows.ColLo, Rows.ColHi)});
    Goal[1].push_back(atLeast(Rows.ColLo, PRows.ColLo));
    Goal[1].push_back(atLeast(PRows.ColHi, Rows.ColHi));
  }
  return implies(Context, Goal);
}

SymExpr::Ptr cleave::expressionOf(isl_aff *A,
                                  const std::function<SymExpr::Ptr(llvm::StringRef)> &Parameter,
                                  const std::vector<SymExpr::Ptr> &Dims, isl_set *Domain) {
  isl_val *Den = isl_aff_get_denominator_val(A);
  bool Whole = isl_val_is_one(Den) == isl_bool_true;
  isl_val_free(Den);
  if (!Whole || isl_aff_is_nan(A) == isl_bool_true)
    return nullptr;
  SymExpr::Ptr Out;
  bool Known = true;
  auto Add = [&](SymExpr::Ptr T) { Out = Out ? SymExpr::binary(SymExpr::Kind::Add, Out, T) : T; };
  // Adds Coef times what V stands for; returns whether V was needed.
  auto Term = [&](enum isl_dim_type Type, isl_size I, const std::function<SymExpr::Ptr()> &V) {
    isl_val *C = isl_aff_get_coefficient_val(A, Type, I);
    long Coef = isl_val_get_num_si(C);
    isl_val_free(C);
    if (Coef == 0)
      return;
    SymExpr::Ptr E = V();
    Known = Known && E;
    if (!E)
      return;
    Add(Coef == 1    ? E
        : Coef == -1 ? SymExpr::negate(E)
                     : SymExpr::binary(SymExpr::Kind::Mul, SymExpr::constant(Coef), E));
  };
  // A quotient floor(g / d) is C's g / d where g is not negative.
  for (isl_size I = 0, N = isl_aff_dim(A, isl_dim_div); I < N; ++I)
    Term(isl_dim_div, I, [&]() -> SymExpr::Ptr {
      if (!Domain)
        return nullptr;
      isl_aff *Inner = isl_aff_get_div(A, I);
      isl_val *D = isl_aff_get_denominator_val(Inner);
      isl_aff *G = isl_aff_scale_val(Inner, isl_val_copy(D));
      isl_basic_set *Negative = isl_aff_neg_basic_set(isl_aff_copy(G));
      isl_set *Where = isl_set_intersect(isl_set_copy(Domain), isl_set_from_basic_set(Negative));
      bool Never = isl_set_is_empty(Where) == isl_bool_true;
      isl_set_free(Where);
      SymExpr::Ptr Out = Never ? expressionOf(G, Parameter, Dims, Domain) : nullptr;
      long Divisor = isl_val_get_num_si(D);
      isl_val_free(D);
      isl_aff_free(G);
      return Out ? SymExpr::binary(SymExpr::Kind::Div, Out, SymExpr::constant(Divisor)) : nullptr;
    });
  for (isl_size I = 0, N = isl_aff_dim(A, isl_dim_param); I < N; ++I)
    Term(isl_dim_param, I, [&] {
      const char *Name = isl_aff_get_dim_name(A, isl_dim_param, I);
      return Name ? Parameter(Name) : nullptr;
    });
  for (isl_size I = 0, N = isl_aff_dim(A, isl_dim_in); I < N; ++I)
    Term(isl_dim_in, I, [&] { return size_t(I) < Dims.size() ? Dims[I] : nullptr; });
  if (!Known)
    return nullptr;
  isl_val *C = isl_aff_get_constant_val(A);
  long Constant = isl_val_get_num_si(C);
  isl_val_free(C);
  if (Constant != 0 || !Out)
    Add(SymExpr::constant(Constant));
  return simplify(Out);
}

std::optional<SymExpr::Ptr>
cleave::extremum(const Conjunction &Given, const SymExpr::Ptr &E, bool Greatest,
                 const std::function<bool(llvm::StringRef)> &IsParameter) {
  Linearizer Lin;
  Lin.IsDimension = [&](llvm::StringRef V) { return !IsParameter(V); };
  std::optional<Linear> Value = Lin.of(E);
  if (!Value)
    return std::nullopt;
  Question Points{Lin, {}, {}};
  for (const SymExpr::Ptr &F : Given)
    if (std::optional<Linear> L = Lin.of(F); L && !L->Terms.empty())
      Points.All.push_back(std::move(*L));
  Points.Any = Lin.Definitions;
  Isl &I = isl();
  std::lock_guard<std::mutex> Guard(I.Lock);
  isl_set *Set = Points.set(I.Ctx);
  // The value as a function of the points: z = Value.
  isl_aff *Z = Lin.affine(*Value, isl_set_get_space(Set));
  SymExpr::Ptr Out = boundOf(isl_set_apply(Set, isl_map_from_aff(Z)), Greatest,
                             [&](llvm::StringRef Name) -> SymExpr::Ptr {
                               auto It = Lin.Values.find(Name.str());
                               return It == Lin.Values.end() ? nullptr : It->second;
                             });
  // A product or quotient stands for one parameter of isl's: it may name a
  // variable that ranges.
  if (!Out || !llvm::all_of(Out->variables(), IsParameter))
    return std::nullopt;
  return Out;
}

SymExpr::Ptr cleave::boundOf(isl_set *Values, bool Greatest,
                             const std::function<SymExpr::Ptr(llvm::StringRef)> &Parameter) {
  if (!Values)
    return nullptr;
  isl_pw_aff *P = isl_pw_aff_coalesce(Greatest ? isl_set_dim_max(isl_set_copy(Values), 0)
                                                : isl_set_dim_min(isl_set_copy(Values), 0));
  SymExpr::Ptr Out;
  if (P && isl_pw_aff_n_piece(P) == 1 && isl_pw_aff_involves_nan(P) != isl_bool_true) {
    std::pair<const std::function<SymExpr::Ptr(llvm::StringRef)> *, SymExpr::Ptr *> Into{
        &Parameter, &Out};
    isl_pw_aff_foreach_piece(
        P,
        [](isl_set *Domain, isl_aff *A, void *User) -> isl_stat {
          auto &[Parameter, Out] = *static_cast<decltype(Into) *>(User);
          *Out = expressionOf(A, *Parameter, {}, Domain);
          isl_set_free(Domain);
          isl_aff_free(A);
          return isl_stat_ok;
        },
        &Into);
  }
  isl_pw_aff_free(P);
  // The looser bounds: the extreme of what is left once the candidate is
  // taken away, over every value of the parameters too, is a number. Of
  // those that hold, the first that no other is tighter than wherever the
  // parameters may be (`lo + 1` rather than 1 where `lo >= 0`: it joins
  // the bounds of other accesses).
  std::vector<std::string> Names;
  // A candidate: its text in isl's names, its value in keys, and its terms
  // (parameter, coefficient).
  struct Candidate {
    std::string Text;
    SymExpr::Ptr Value;
    std::vector<std::pair<int, int>> Terms;
  };
  std::vector<Candidate> Candidates{{"0", SymExpr::constant(0), {}}};
  for (int I = 0, N = isl_set_dim(Values, isl_dim_param); I < N; ++I)
    Names.push_back(isl_set_get_dim_name(Values, isl_dim_param, I));
  for (int A = 0, N = Names.size(); A < N; ++A)
    if (SymExpr::Ptr VA = Parameter(Names[A])) {
      Candidates.push_back({Names[A], VA, {{A, 1}}});
      Candidates.push_back({"-" + Names[A], SymExpr::negate(VA), {{A, -1}}});
      for (int B = 0; B < N; ++B)
        if (SymExpr::Ptr VB = B != A ? Parameter(Names[B]) : nullptr)
          Candidates.push_back({Names[A] + " - " + Names[B],
                                SymExpr::binary(SymExpr::Kind::Sub, VA, VB), {{A, 1}, {B, -1}}});
    }
  std::string List = "[" + llvm::join(Names, ", ") + "]";
  std::vector<std::pair<std::string, SymExpr::Ptr>> Hold; // in isl's names, and in keys
  for (size_t I = 0; !Out && I < Candidates.size(); ++I) {
    // The values less the candidate: z - candidate for each value z.
    isl_aff *Less = isl_aff_var_on_domain(
        isl_local_space_from_space(isl_set_get_space(Values)), isl_dim_set, 0);
    for (auto [Param, Coef] : Candidates[I].Terms)
      Less = isl_aff_set_coefficient_si(Less, isl_dim_param, Param, -Coef);
    isl_set *Rest = Less ? isl_set_apply(isl_set_copy(Values), isl_map_from_aff(Less)) : nullptr;
    if (Rest)
      Rest = isl_set_move_dims(Rest, isl_dim_set, 1, isl_dim_param, 0,
                               isl_set_dim(Rest, isl_dim_param));
    isl_val *V = !Rest ? nullptr : Greatest ? isl_set_dim_max_val(Rest, 0)
                                            : isl_set_dim_min_val(Rest, 0);
    if (V && isl_val_is_int(V) == isl_bool_true) {
      std::string K = std::to_string(isl_val_get_num_si(V));
      Hold.push_back({"(" + Candidates[I].Text + ") + " + K,
                      simplify(SymExpr::binary(SymExpr::Kind::Add, Candidates[I].Value,
                                               SymExpr::constant(isl_val_get_num_si(V))))});
    }
    isl_val_free(V);
  }
  isl_set *Where = Hold.size() > 1 ? isl_set_params(isl_set_copy(Values)) : nullptr;
  auto Tighter = [&](const std::string &X, const std::string &Y) {
    std::string Text = List + " -> { : " + X + (Greatest ? " <= " : " >= ") + Y + " }";
    isl_set *Holds = isl_set_read_from_str(isl_set_get_ctx(Values), Text.c_str());
    bool Is = Holds && isl_set_is_subset(Where, Holds) == isl_bool_true;
    isl_set_free(Holds);
    return Is;
  };
  for (const auto &[Text, Bound] : Hold)
    if (!Out && llvm::none_of(Hold, [&](const auto &Other) {
          return Tighter(Other.first, Text) && !Tighter(Text, Other.first);
        }))
      Out = Bound;
  isl_set_free(Where);
  isl_set_free(Values);
  return Out;
}
