/// \file
/// Exact answers to "does this follow from that" about symbolic bounds, by
/// isl (the integer set library): region containment over recursion and the
/// facts a call's context gives. docs/regions.md says why isl.
#ifndef CLEAVE_ANALYSIS_PRESBURGER_H
#define CLEAVE_ANALYSIS_PRESBURGER_H

#include "analysis/ProgramModel.h"
#include "analysis/SymbolicExpr.h"
#include <functional>
#include <map>
#include <optional>
#include <vector>

struct isl_aff;
struct isl_set;

namespace cleave {

/// A conjunction of facts `E >= 0`.
using Conjunction = std::vector<SymExpr::Ptr>;

/// A linear form c0 + sum(ci * xi) over the names of an isl space.
struct Linear {
  int64_t Constant = 0;
  std::map<std::string, int64_t> Terms;
  /// Adds \p Scale times \p B; false when a coefficient overflows.
  bool add(const Linear &B, int64_t Scale);
  /// The form in isl's notation.
  std::string text() const;
};

/// Whether, for every integer value of the variables that satisfies every
/// fact of \p Given, one of the conjunctions of \p Goal holds. A quotient or
/// remainder by a nonzero constant is related to its operand as C's
/// truncating division relates them; any other product or quotient of
/// variables is an unknown of its own, so an answer of true is always
/// right and false may only mean "not proved".
bool implies(const Conjunction &Given, const std::vector<Conjunction> &Goal);

/// The least (or, with \p Greatest, the greatest) value of \p E over the
/// integer values of the variables that satisfy every fact of \p Given, as
/// one affine expression of the variables \p IsParameter accepts (the
/// others range over those values); std::nullopt when it is not one such
/// expression (a maximum of two, unbounded, a quotient isl introduces), or
/// no value satisfies \p Given. Quotients by constants and other products
/// are as for implies().
std::optional<SymExpr::Ptr> extremum(const Conjunction &Given, const SymExpr::Ptr &E,
                                     bool Greatest,
                                     const std::function<bool(llvm::StringRef)> &IsParameter);

/// \p A, an affine function isl wrote, as an expression: each parameter by
/// what \p Parameter says its isl name stands for, the dimensions of its
/// domain by \p Dims; null when it has a fraction, a name nothing stands
/// for, or a quotient of isl's own that is not C's: one whose dividend may
/// be negative over \p Domain (given; none without it), where C's division
/// truncates toward zero and isl's rounds down.
SymExpr::Ptr expressionOf(isl_aff *A,
                          const std::function<SymExpr::Ptr(llvm::StringRef)> &Parameter,
                          const std::vector<SymExpr::Ptr> &Dims = {}, isl_set *Domain = nullptr);

/// A bound that the one dimension of \p Values (a set over parameters,
/// which it takes) keeps for every value of the parameters: its least (or,
/// with \p Greatest, greatest) value, where one affine expression of the
/// parameters is it (written as expressionOf writes it, by \p Parameter);
/// else a looser one, a number apart from a parameter, its negation or the
/// difference of two, whichever is found first (`high - low - 4` for `mid`,
/// half way between a `low` that moves and a fixed `high`: the least and
/// greatest are quotients of the parameters); null when none is.
SymExpr::Ptr boundOf(isl_set *Values, bool Greatest,
                     const std::function<SymExpr::Ptr(llvm::StringRef)> &Parameter);

/// Adds to \p Given, for each difference `d` of \p Unequal (`a - b` where
/// `a != b` holds), `d >= 1` when \p Given implies `d >= 0` and `-d >= 1`
/// when it implies `d <= 0` (`i == n` fails where `i <= n`: `i < n`).
void strengthenUnequal(Conjunction &Given, const Conjunction &Unequal);

/// The constraint, in isl's notation, that \p M is the least (\p Min) or
/// greatest of the linear forms \p X and \p Y: on their side of both, and
/// equal to one.
std::string extremeDefinition(bool Min, const std::string &M, const std::string &X,
                              const std::string &Y);

/// `A - B`, the fact `A >= B` for implies().
SymExpr::Ptr atLeast(const SymExpr::Ptr &A, const SymExpr::Ptr &B);

/// Whether the region [Lo, Hi) shaped \p Rows holds no element outside the
/// region [PLo, PHi) shaped \p PRows wherever \p Context holds: it is empty,
/// or inside (rows: of one stride, rows and columns inside).
bool regionInside(const SymExpr::Ptr &Lo, const SymExpr::Ptr &Hi, const RowShape &Rows,
                  const SymExpr::Ptr &PLo, const SymExpr::Ptr &PHi, const RowShape &PRows,
                  const Conjunction &Context);

/// Whether the regions [Lo1, Hi1) and [Lo2, Hi2) of one array, rows as
/// \p Rows1 and \p Rows2 say (ProgramModel.h), share no element wherever
/// \p Context holds. Intervals: one ends before the other starts, or one is
/// empty (provablyDisjoint, else given \p Context). Rows of one stride S: one is empty, or their
/// columns fit in S consecutive elements and either their rows or their
/// columns are apart (element r S + c then names one row and column).
bool regionsDisjoint(const SymExpr::Ptr &Lo1, const SymExpr::Ptr &Hi1, const RowShape &Rows1,
                     const SymExpr::Ptr &Lo2, const SymExpr::Ptr &Hi2, const RowShape &Rows2,
                     const Conjunction &Context = {});

} // namespace cleave

#endif
