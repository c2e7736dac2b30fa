/// \file
/// The parallel plan of a translation unit: which calls become asynchronous
/// remote calls, where each one is joined, and why every other candidate call
/// stays sequential.
#ifndef CLEAVE_TRANSFORM_PARALLELPLAN_H
#define CLEAVE_TRANSFORM_PARALLELPLAN_H

#include "analysis/Analysis.h"
#include "clang/AST/Expr.h"
#include "clang/AST/Stmt.h"
#include <string>
#include <vector>

namespace cleave {

/// A call statement that runs on another node while its caller goes on.
struct AsyncCall {
  const clang::CallExpr *Call = nullptr;
  const clang::FunctionDecl *Callee = nullptr;
  const clang::CompoundStmt *Block = nullptr;
  /// The statement of Block the join stands before; nullptr: before the end of
  /// Block.
  const clang::Stmt *JoinBefore = nullptr;
  std::string Future; ///< name of the variable holding its future
};

/// A candidate call that stays sequential, and why.
struct SequentialCall {
  const clang::CallExpr *Call = nullptr;
  std::string Reason;
};

struct ParallelPlan {
  std::vector<AsyncCall> Async;           ///< in source order
  std::vector<SequentialCall> Sequential; ///< in source order
  /// The functions called asynchronously, sorted by name: their index is their
  /// function id in the generated program.
  std::vector<const clang::FunctionDecl *> Remote;
};

/// Plans the translation unit analyzed by \p A. The candidates are the
/// self-calls of recursive functions written as statements (keep half, send
/// half): a call becomes asynchronous when its function may run remotely, the
/// regions of its pointer arguments are known at the call, and at least one
/// more self-call runs beside it before the first statement that may touch
/// those regions, where its join is placed.
ParallelPlan planCalls(TUAnalysis &A);

/// Reports the plan as Clang remarks: one per candidate call.
void reportPlan(TUAnalysis &A, const ParallelPlan &Plan);

} // namespace cleave

#endif
