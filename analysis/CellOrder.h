/// \file
/// The order of the values of cells (`*p` and `p[k]`, p a pointer variable;
/// `a[i]` and `a[i + k]`, i an integer variable) and of
/// integer variables, as it holds on every path through a function: a
/// must-analysis over its control-flow graph (docs/regions.md, "Scans
/// stopped by a value"). Two cells whose values differ lie at different
/// addresses. So a Hoare partition's scan `do i++; while (*i < pivot);`,
/// whose loop no comparison of `i` ends, stops at the latest at a cell known
/// to hold pivot or more (the median of three's `*high`): IntegerStates
/// learns `i != high` on the edge that goes on scanning, which with `i <=
/// high` bounds i.
#ifndef CLEAVE_ANALYSIS_CELLORDER_H
#define CLEAVE_ANALYSIS_CELLORDER_H

#include "clang/AST/ASTContext.h"
#include "clang/Analysis/CFG.h"
#include <functional>
#include <map>
#include <tuple>
#include <utility>
#include <vector>

namespace cleave {

/// An address, or an index into an array, as a variable plus a number of
/// elements: `p + 1`, `i - 1`.
struct Place {
  const clang::VarDecl *V = nullptr;
  int64_t Offset = 0;
  bool operator==(const Place &O) const { return V == O.V && Offset == O.Offset; }
  bool operator<(const Place &O) const {
    return std::tie(V, Offset) < std::tie(O.V, O.Offset);
  }
};

class CellOrder {
public:
  /// Whether the place \p Third differs from the place \p Written where
  /// \p At stores into the cell there (`a[i] = t`, or a call that
  /// exchanges two cells, `swap(a, i, j)`): the facts of Third's cell, of
  /// the same array or pointer type, survive the store only then.
  using Apart =
      std::function<bool(const clang::Expr *At, const Place &Third, const Place &Written)>;
  using Pairs = std::vector<std::pair<Place, Place>>;

  /// Follows the cells and the integer variables of \p FD (whose body,
  /// analyzedBody's, \p Graph is) that are never reached through an address.
  CellOrder(clang::ASTContext &Ctx, const clang::FunctionDecl *FD, const clang::Stmt *Body,
            const clang::CFG &Graph, const Apart &ThirdApart);

  /// The pairs of places (two pointers to one type, or two indices into
  /// one array) that differ on the edge from block \p From to its
  /// successor \p To, because their cells hold values one less than the
  /// other's.
  const Pairs &unequal(const clang::CFGBlock &From, const clang::CFGBlock &To) const;

  /// The pairs of all edges.
  const Pairs &all() const { return All; }

  /// Whether \p Body compares a cell (`*p`, `p[k]`, `a[i]`): only then can
  /// an edge have a pair, and CellOrder be worth its cost.
  static bool comparesCells(const clang::Stmt *Body);

private:
  /// By the ID of the block an edge leaves and the block it enters.
  std::map<std::pair<unsigned, const clang::CFGBlock *>, Pairs> Unequal;
  Pairs All;
};

} // namespace cleave

#endif
