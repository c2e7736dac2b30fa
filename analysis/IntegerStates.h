/// \file
/// The values the integer variables of a function may hold at each point of
/// its body, as one convex polyhedron over its variables and parameters: an
/// abstract interpretation over clang's CFG, with isl for the polyhedra
/// (docs/regions.md). It bounds the counters of while loops (merge's `k`,
/// which moves with `i + j - mid`), which a counted `for` alone does not.
#ifndef CLEAVE_ANALYSIS_INTEGERSTATES_H
#define CLEAVE_ANALYSIS_INTEGERSTATES_H

#include "analysis/Presburger.h"
#include "clang/AST/Decl.h"
#include "llvm/ADT/DenseSet.h"
#include <functional>
#include <memory>
#include <optional>
#include <utility>

namespace cleave {

/// The variable that stands for a function's value in the facts returns()
/// gives.
inline constexpr const char *ReturnKey = "(return)";

/// What the returns of a function give (IntegerStates::returns), or null
/// when nothing is known.
using ReturnFacts = std::function<const Conjunction *(const clang::FunctionDecl *)>;

class IntegerStates {
public:
  /// Analyzes \p FD, whose variables in \p Modified change (or have their
  /// address taken); the others of its parameters are the polyhedra's
  /// parameters. \p Entry: facts that hold on entry, keyed as symbolicValue
  /// keys the parameters. \p ReturnsOf: what the functions it calls return
  /// (`p = partition(a, lo, hi)` gives `lo <= p < hi`). \p Budget: the
  /// steps (an assignment a state passes) left to the analyses of the file,
  /// which this one spends; with none left it gives up, so that a file of
  /// many functions costs a bounded time. \p Questions: the expressions
  /// whose values will be asked about; only the integer variables they read,
  /// and those whose values flow into them, are followed. \p Kept: global
  /// pointers that keep their value while FD runs (stableGlobals), which
  /// stand for the address they hold as unchanged pointer parameters do.
  IntegerStates(clang::ASTContext &Ctx, const clang::FunctionDecl *FD,
                const llvm::DenseSet<const clang::VarDecl *> &Modified, const Conjunction &Entry,
                const ReturnFacts &ReturnsOf, unsigned long *Budget,
                llvm::ArrayRef<const clang::Stmt *> Questions,
                const llvm::DenseSet<const clang::VarDecl *> &Kept = {});
  ~IntegerStates();

  /// Whether the analysis reached its fixed point (it did not give up).
  bool answers() const;

  /// The least and the greatest value \p E (keyed as symbolicValue keys
  /// variables, its value just before \p At is evaluated) takes where \p At
  /// is evaluated, each one affine expression of the parameters that do not
  /// change; std::nullopt when the states do not bound it so, \p At is not
  /// reached, or the analysis gave up on the function.
  std::optional<std::pair<SymExpr::Ptr, SymExpr::Ptr>> range(const clang::Expr *At,
                                                             const SymExpr::Ptr &E);

  /// What holds just before \p At is evaluated: facts `E >= 0` over the
  /// variables, keyed as symbolicValue keys them; std::nullopt where
  /// range() would give nothing.
  std::optional<Conjunction> factsAt(const clang::Expr *At);

  /// What holds between the value the function returns (ReturnKey; of a
  /// pointer, its address) and its parameters that do not change (keyed as
  /// symbolicValue keys them, the pointers that move by entryKey), over all
  /// its returns; std::nullopt when it returns no integer or pointer, a
  /// value the analysis cannot follow, or the analysis gave up. Its
  /// questions are returnedValues(FD).
  std::optional<Conjunction> returns();

  /// The values \p FD's return statements return.
  static std::vector<const clang::Stmt *> returnedValues(const clang::FunctionDecl *FD);

private:
  struct Impl;
  std::unique_ptr<Impl> I;
};

} // namespace cleave

#endif
