/// \file
/// The parallel plan of a translation unit: which calls become asynchronous
/// remote calls, where each one is joined, and why every other candidate call
/// stays sequential.
#ifndef CLEAVE_TRANSFORM_PARALLELPLAN_H
#define CLEAVE_TRANSFORM_PARALLELPLAN_H

#include "analysis/Analysis.h"
#include "clang/AST/Expr.h"
#include "clang/AST/Stmt.h"
#include "llvm/Support/raw_ostream.h"
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace cleave {

/// Where a candidate call stands, and so how it is rewritten.
enum class CallFormKind {
  /// `f(..);`, a statement of a block: its value, if any, is dropped.
  Statement,
  /// `x = f(..);` or `T x = f(..);`, a statement of a block, x a local
  /// scalar: x is given the value at the join.
  Assigned,
  /// An operand of the expression of a statement (`return f(a) + f(b);`,
  /// `s += f(..);`, `int y = 1 + f(..);`): evaluated before the rest of the
  /// statement into a temporary. C leaves the order of such operands
  /// unspecified, and the calls the plan moves have no effect but on their
  /// regions, which the rest of the statement is checked not to touch.
  Operand,
  /// A call of the body of a loop, `f(..);`, `s += f(..);` (any compound
  /// assignment, s a local scalar the rest of the loop leaves alone) or
  /// `x[i][j] = f(..);` (x an array of the caller's or a global that only
  /// that place of the loop names): every iteration spawns its call, and all
  /// are joined after the loop in the order they were made, each value
  /// applied to s, or stored where the iteration's x[i][j] was, in that
  /// order. Also `T x = f(..);` or `x = f(..);`, the first statement of the
  /// body of a `for` loop, x a local the rest of the body reads
  /// (AsyncCall::Rest).
  Iteration,
};

/// The condition of a loop statement; nullptr for none (`for (;;)`) or for
/// any other statement.
const clang::Expr *loopCondition(const clang::Stmt *S);

/// A call that runs on another node while its caller goes on.
struct AsyncCall {
  const clang::CallExpr *Call = nullptr;
  const clang::FunctionDecl *Callee = nullptr;
  CallFormKind Form = CallFormKind::Statement;
  /// The statement holding the call (the call itself for Statement).
  const clang::Stmt *Statement = nullptr;
  /// Assigned, Iteration: the variable given the call's value.
  const clang::VarDecl *Target = nullptr;
  /// Iteration: the loop, and the compound assignment (`s += f(..)`) its
  /// value goes through; null when the value is dropped.
  const clang::Stmt *Loop = nullptr;
  const clang::BinaryOperator *Update = nullptr;
  /// Iteration: the value goes to the local Target, which the rest of the
  /// body reads (`T x = f(..);`, the body's first statement): a first pass
  /// of the loop's header spawns every turn's call, all are joined, and the
  /// loop runs as written with the call replaced by its turn's value (or,
  /// past the turns a tested loop spawned, by the call itself).
  bool Rest = false;
  /// Iteration: Loop, or a loop around it whose body holds it through
  /// blocks, out to which the calls are all spawned before any is joined:
  /// their futures are kept from before Nest to after it.
  const clang::Stmt *Nest = nullptr;
  /// Iteration: the assignment (`x[i][j] = f(..)`) its value is stored by,
  /// its place taken when the call is spawned; null when it is not stored.
  const clang::BinaryOperator *Store = nullptr;
  /// Iteration of a function that is not recursive: the loop asks the
  /// runtime whether to spawn (clv_loop_spawns), on entry and after each
  /// spawn; where it says no, the loop joins what it spawned and runs the
  /// rest of its iterations as written.
  bool Tested = false;
  /// The block the statement stands in; nullptr for an Operand call of a
  /// statement that is not in a block (the body of an `if`).
  const clang::CompoundStmt *Block = nullptr;
  /// The statement of Block the join stands before; nullptr: before the end of
  /// Block. An Operand call is joined in its own statement.
  const clang::Stmt *JoinBefore = nullptr;
  /// The join stands inside JoinBefore: after the Operand calls that
  /// statement evaluates first, which run beside this call.
  bool JoinInside = false;
  /// Branches of `if`s between the spawn and JoinBefore that end in a
  /// `return` and need the call's value or may leave before the join: the
  /// call is joined at the start of each of them too (knapsack's
  /// `if (weight[i] > room) return without;`), and their `if`s run beside it.
  std::vector<const clang::Stmt *> ExitJoins;
  /// Statement, Assigned, Operand: the regions of its pointer arguments are
  /// not known in the caller's terms (Unproven says why); they are the callee's,
  /// evaluated at the spawn from the arguments, and every statement before
  /// its join is a call tested against them (TestedBy) or touches no memory.
  /// Iteration: each iteration's call is tested against the loop's calls
  /// still out before it is sent (the place of a Store among the bytes
  /// each writes), and where they share memory that either writes those
  /// are joined first; the rest of the loop touches plain
  /// locals and reads objects of other kinds than the calls write.
  bool Checked = false;
  std::string Unproven;
  /// Iteration, Checked: the writes of memory by the rest of the loop, each
  /// a statement of its own (`p[i] = g(..);`): before each runs, the bytes
  /// it writes are tested against the loop's calls still out, which are
  /// joined first where they share one.
  std::vector<const clang::Expr *> TestedStores;
  /// Statement, Assigned: the later calls of its block, before its join,
  /// that no proof keeps apart from it (Operand: the later operand calls of
  /// its statement): before each one runs, the bytes it
  /// may touch are tested against those of this call, kept from its spawn
  /// (NAME__extents), and where one of them writes what the other touches
  /// this call is joined first.
  struct TestedCall {
    const clang::CallExpr *Call = nullptr;
    /// The statement of Block that holds it: the call, or its assignment.
    const clang::Stmt *Statement = nullptr;
  };
  std::vector<TestedCall> TestedBy;
  /// The first of TestedBy is the next statement, whose arguments are known
  /// at the spawn: the test is made before it, and where it fails the call
  /// runs here (NAME__here) rather than be sent and waited for at once.
  bool Pretested = false;
  /// Name of the variable holding its future (Iteration: the futures of the
  /// loop, a clv_spawns).
  std::string Future;
  /// Name of the variable receiving its value; empty when it is dropped.
  std::string Value;
};

/// A statement whose Operand calls are evaluated before the rest of it, each
/// into a temporary: because one of them is spawned, or because a join stands
/// inside it.
struct HoistedStatement {
  const clang::Stmt *S = nullptr;
  /// Whether S stands in a block; one that does not (the body of an `if`)
  /// is wrapped in braces with its temporaries.
  bool InBlock = true;
  std::vector<const clang::CallExpr *> Calls; ///< in source order
  std::vector<std::string> Values;            ///< their temporaries
  /// `return c ? x : f(a) + f(b);`: S is written as an `if`, and Calls are
  /// evaluated first in the branch that holds them.
  const clang::ConditionalOperator *Conditional = nullptr;
  const clang::Expr *Branch = nullptr;
};

/// A candidate call that stays sequential, and why.
struct SequentialCall {
  const clang::CallExpr *Call = nullptr;
  std::string Reason;
};

struct ParallelPlan {
  std::vector<AsyncCall> Async;           ///< in source order
  std::vector<HoistedStatement> Hoisted;  ///< in source order
  std::vector<SequentialCall> Sequential; ///< in source order
  /// The functions called asynchronously, sorted by name: their index is their
  /// function id in the generated program.
  std::vector<const clang::FunctionDecl *> Remote;
  /// The functions whose stubs give the bytes a call may touch
  /// (NAME__extents), by canonical declaration: those of the calls a run-time
  /// test compares (AsyncCall::TestedBy).
  std::vector<const clang::FunctionDecl *> Extents;
  /// The node the spawned calls of a function go to, by its canonical
  /// declaration, where a plan names one (CallOverrides::Nodes); the others
  /// go to the next node of the binomial tree.
  std::map<const clang::FunctionDecl *, unsigned> Nodes;

  /// The node of Nodes for the spawned calls of \p F, if any.
  std::optional<unsigned> nodeOf(const clang::FunctionDecl *F) const {
    auto It = Nodes.find(F->getCanonicalDecl());
    return It == Nodes.end() ? std::nullopt : std::optional<unsigned>(It->second);
  }
};

/// What the user decided for calls: those that stay sequential whatever the
/// analysis finds, with the reason their remark gives (`#pragma cleave
/// nospawn`, a plan file's `"spawn": false`), and those spawned where the
/// analysis finds them safe even though their work looks too small to pay
/// for a message (`#pragma cleave spawn`), with no test of the runtime's.
struct CallOverrides {
  std::map<const clang::CallExpr *, std::string> Off;
  /// With what asks for the spawn.
  std::map<const clang::CallExpr *, std::string> Forced;
  /// The node a plan sends a function's spawned calls to, by the function's
  /// canonical declaration.
  std::map<const clang::FunctionDecl *, unsigned> Nodes;
};

/// The overrides of the `#pragma cleave spawn` and `nospawn` lines of the
/// main file of \p A, each for the calls of the program's functions on the
/// line of code after it. A pragma before a line without such a call is
/// reported as a Clang error.
CallOverrides pragmaOverrides(TUAnalysis &A);

/// Plans the translation unit analyzed by \p A. The candidates are the
/// self-calls of recursive functions: statements of their own (keep half,
/// send half), assignments of their value to a local, operands of a
/// statement's expression, and the one self-call of a loop. A call becomes asynchronous when its function may
/// run remotely, the regions of its pointer arguments are known at the call,
/// and at least one more self-call runs beside it before the first statement
/// that may touch those regions or needs its value, where its join is placed.
ParallelPlan planCalls(TUAnalysis &A, const CallOverrides &Overrides = {});

/// The pointer parameters of \p Def, defined in the main file of \p A,
/// through which it keeps no pointer it is given: each mention subscripts
/// the parameter, tests it, or passes it to a call that keeps none in turn,
/// as the planner asks of a pointer a loop's spawned calls share.
std::vector<std::string> keptNowhere(TUAnalysis &A, const clang::FunctionDecl *Def);

/// One candidate call of the plan, as `--dry-run` prints it and a plan file
/// holds it (docs/plan-format.md).
struct PlanEntry {
  std::string File; ///< absolute path
  unsigned Line = 0, Column = 0;
  std::string Callee;
  std::string Text; ///< the call as written, which a plan read back must find
  bool Spawn = false;
  std::string Why;  ///< sequential: the one fact that keeps it here
  std::string Join; ///< spawned: where it is joined
  std::vector<std::string> Regions; ///< spawned: what it reads and writes
  std::optional<unsigned> Pinned;   ///< spawned: the node a plan names, if any
  const clang::CallExpr *Call = nullptr; ///< not in the file
};

/// Where a spawned call runs: on node \p Pinned, or (none) on the next node
/// of the binomial tree; as the dry run, the remarks and a plan file say it.
std::string nodeText(std::optional<unsigned> Pinned);

/// \p Entries as a plan file (docs/plan-format.md).
void writePlan(const std::vector<PlanEntry> &Entries, llvm::raw_ostream &OS);

/// The entries of the plan file \p Path, or why it cannot be read.
llvm::Expected<std::vector<PlanEntry>> readPlan(llvm::StringRef Path);

/// Adds to \p Overrides what the plan file \p Path, of entries \p Read,
/// decides for the calls of \p A, which \p Planned (made without it) plans:
/// a spawned call it says is not stays here, a sequential call it says is
/// spawned is forced (planCalls refuses it where it is unsafe), and the
/// node it names for a function's spawned calls is theirs (calls of one
/// function that it puts on different nodes are reported as Clang errors:
/// they share one stub). Adds to
/// \p Moved a line for each call of \p A's file that the plan does not have
/// where it stands, and for each entry of the plan for that file that
/// names no call there.
void applyPlan(TUAnalysis &A, const ParallelPlan &Planned, const std::vector<PlanEntry> &Read,
               llvm::StringRef Path, CallOverrides &Overrides, std::vector<std::string> &Moved);

/// The entries of \p Plan, in source order.
std::vector<PlanEntry> planEntries(TUAnalysis &A, const ParallelPlan &Plan);

/// Reports the plan as Clang remarks: one per candidate call.
void reportPlan(TUAnalysis &A, const ParallelPlan &Plan);

} // namespace cleave

#endif
