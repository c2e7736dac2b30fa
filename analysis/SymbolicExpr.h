/// \file
/// Symbolic integer expressions over program variables: the bounds of pointer
/// regions (`a[lo:hi]`), their substitution at call sites, and the affine
/// comparisons that prove two regions disjoint.
#ifndef CLEAVE_ANALYSIS_SYMBOLICEXPR_H
#define CLEAVE_ANALYSIS_SYMBOLICEXPR_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include <array>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace cleave {

/// An immutable expression tree of integer constants, variables, the C
/// operators + - * / % and unary minus, with C's truncating division, and
/// the least and greatest of two values (a blocked loop's `MIN(b + 64, n)`),
/// written as C's conditional `(x < y ? x : y)`.
class SymExpr {
public:
  enum class Kind { Constant, Variable, Add, Sub, Mul, Div, Rem, Neg, Min, Max };
  using Ptr = std::shared_ptr<const SymExpr>;

  static Ptr constant(int64_t Value);
  static Ptr variable(llvm::StringRef Name);
  static Ptr binary(Kind K, Ptr L, Ptr R);
  static Ptr negate(Ptr Operand);

  Kind kind() const { return K; }
  int64_t value() const { return Value; }
  llvm::StringRef name() const { return Name; }
  const Ptr &lhs() const { return Ops[0]; }
  const Ptr &rhs() const { return Ops[1]; }

  /// C source text, fully parenthesized where precedence needs it.
  std::string str() const;
  /// The variables the expression mentions, sorted, each once.
  std::vector<std::string> variables() const;

private:
  Kind K = Kind::Constant;
  int64_t Value = 0;
  std::string Name;
  Ptr Ops[2];
};

using SymMap = std::map<std::string, SymExpr::Ptr>;

/// Replaces each variable named in \p Subst by its image; others stay.
SymExpr::Ptr substitute(const SymExpr::Ptr &E, const SymMap &Subst);

/// substitute, then simplify throughout, inside quotients and products too,
/// so that what cancels is gone: `(high - low) / 2` with `low + d` for
/// high gives `d / 2`.
SymExpr::Ptr substituteSimplified(const SymExpr::Ptr &E, const SymMap &Subst);

/// The value of \p E with C's 64-bit integer arithmetic, given a value for
/// each variable by \p Lookup; std::nullopt when a variable has none, on
/// division by zero, or on overflow.
std::optional<int64_t>
evaluate(const SymExpr::Ptr &E,
         const std::function<std::optional<int64_t>(llvm::StringRef)> &Lookup);

/// Parses C integer-expression text (identifiers, decimal constants, + - * / %,
/// unary minus, parentheses, and a minimum or maximum as str() writes it:
/// `(x < y ? x : y)`, `(x > y ? x : y)`).
llvm::Expected<SymExpr::Ptr> parseSymExpr(llvm::StringRef Text);

/// An affine form c0 + sum(ci * ti), where each term ti is a variable, a
/// non-affine subexpression (such as `n / 2`) treated as an opaque atom keyed
/// by its text, or the product of two such atoms (`n * n`), the product of
/// two sums multiplied out. Two bounds compare when their difference is a
/// constant.
struct AffineForm {
  int64_t Constant = 0;
  std::map<std::string, int64_t> Terms; ///< atom text -> coefficient, no zeros

  static AffineForm of(const SymExpr::Ptr &E);
  AffineForm minus(const AffineForm &O) const;
  /// The value when no atom remains.
  std::optional<int64_t> constantValue() const;
};

/// The coefficient of the variable keyed \p Key in \p E (0 when E does not
/// mention it), or std::nullopt when E is not affine in it (`k / 2`, `k * n`).
std::optional<int64_t> affineCoefficient(const SymExpr::Ptr &E, llvm::StringRef Key);

/// \p E as `Key * Factor + Rest`, where neither Factor nor Rest mentions the
/// variable keyed \p Key: {Factor, Rest}, Factor null when E does not mention
/// it; std::nullopt when E is not of that form (`Key * Key`, `n / Key`).
std::optional<std::pair<SymExpr::Ptr, SymExpr::Ptr>> splitByVariable(const SymExpr::Ptr &E,
                                                                     llvm::StringRef Key);

/// The offset \p E as whole rows of \p Stride plus columns: {rows, columns}
/// with E = Stride * rows + columns; no rows where E names no variable of
/// Stride; else std::nullopt when Stride is not a variable or E is not of
/// that form (splitByVariable).
std::optional<std::pair<SymExpr::Ptr, SymExpr::Ptr>> rowsAndColumns(const SymExpr::Ptr &E,
                                                                    const SymExpr::Ptr &Stride);

/// Whether an atom of an AffineForm is a variable (a name, or a key such as
/// `i@1a2b`), not a non-affine subexpression such as `n / 2`.
bool isVariableAtom(llvm::StringRef Atom);

/// Rows [Lo, Hi) of one column (ColHi - ColLo is 1) of a stride k * v, k > 0
/// a constant and v a variable (fft's in[j * stride] passed 2 * stride), as
/// rows of v: row r is row k * r there, which rows [k * Lo, k * (Hi - 1) + 1)
/// bound. {v, that Lo, that Hi} over the variables of Lo and Hi; nullopt for
/// another stride or more columns.
std::optional<std::array<SymExpr::Ptr, 3>> rowsOfVariable(const SymExpr::Ptr &Stride,
                                                          const SymExpr::Ptr &Lo,
                                                          const SymExpr::Ptr &Hi,
                                                          const SymExpr::Ptr &ColLo,
                                                          const SymExpr::Ptr &ColHi);

/// \p E in a canonical affine form (`n - 1`, `lo + (hi - lo) / 2`): the terms
/// sorted by their text, then the constant; \p E itself when it overflows or
/// its atoms are not C text of plain identifiers.
SymExpr::Ptr simplify(const SymExpr::Ptr &E);

/// \p E divided by \p Size when every term divides exactly (`n * 4` by 4).
SymExpr::Ptr dividedExactly(const SymExpr::Ptr &E, int64_t Size);

/// floor(\p E / \p Size) (\p Up false) or ceil (true), whatever the sign of E:
/// the quotient where every term divides exactly, else with C's truncating
/// division of the parts of E above and below 0, each of which is 0 where
/// the other is not (`(E > 0 ? E : 0) / 8 + ((E < 0 ? E : 0) - 7) / 8`).
SymExpr::Ptr dividedRounding(const SymExpr::Ptr &E, int64_t Size, bool Up);

/// True when the integer intervals [Lo1, Hi1) and [Lo2, Hi2) share no element
/// for every value of the variables: one ends before the other starts, or one
/// of them is empty.
bool provablyDisjoint(const SymExpr::Ptr &Lo1, const SymExpr::Ptr &Hi1,
                      const SymExpr::Ptr &Lo2, const SymExpr::Ptr &Hi2);

} // namespace cleave

#endif
