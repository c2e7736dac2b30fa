/// \file
/// The order of the values of cells (`*p`, p a pointer variable) and of
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
#include <utility>
#include <vector>

namespace cleave {

class CellOrder {
public:
  /// Whether the pointer variable \p Third holds an address other than that
  /// of the pointer variable \p Exchanged where the call \p At exchanges the
  /// values of two cells (a `swap` that `t = *a; *a = *b; *b = t;`): the
  /// facts of Third's cell survive the call only then.
  using Apart = std::function<bool(const clang::CallExpr *At, const clang::VarDecl *Third,
                                   const clang::VarDecl *Exchanged)>;
  using Pairs = std::vector<std::pair<const clang::VarDecl *, const clang::VarDecl *>>;

  /// Follows the cells and the integer variables of \p FD (whose body,
  /// analyzedBody's, \p Graph is) that are never reached through an address.
  CellOrder(clang::ASTContext &Ctx, const clang::FunctionDecl *FD, const clang::Stmt *Body,
            const clang::CFG &Graph, const Apart &ThirdApart);

  /// The pairs of pointer variables, of one pointee type, that hold
  /// different addresses on the edge from block \p From to its successor
  /// \p To, because their cells hold values one less than the other's.
  const Pairs &unequal(const clang::CFGBlock &From, const clang::CFGBlock &To) const;

  /// The pairs of all edges.
  const Pairs &all() const { return All; }

  /// Whether \p Body compares a cell (`*p`, `p[0]`): only then can an edge
  /// have a pair, and CellOrder be worth its cost.
  static bool comparesCells(const clang::Stmt *Body);

private:
  /// By the ID of the block an edge leaves and the block it enters.
  std::map<std::pair<unsigned, const clang::CFGBlock *>, Pairs> Unequal;
  Pairs All;
};

} // namespace cleave

#endif
