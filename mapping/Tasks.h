/// \file
/// Task graphs from a program (seed 004 §3.3): its functions grouped into
/// tasks, each a dominant function (one that provides motive force: `main`,
/// or a function a call may send to another node) with the subordinate
/// functions that serve it; a subordinate several dominants use is duplicated
/// into each. Task work comes from a profile or a static estimate; edges carry
/// the calls between tasks and the bytes of their arguments and results.
/// docs/tasks-format.md states every rule and the profile format.
#ifndef CLEAVE_MAPPING_TASKS_H
#define CLEAVE_MAPPING_TASKS_H

#include "analysis/ProgramModel.h"
#include "costmodel/TaskGraph.h"

#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace cleave {

/// What a function did in the profiled runs (averages over the runs).
struct FunctionProfile {
  double Calls = 0;
  double InclusiveS = 0;
  double ExclusiveS = 0; ///< time in its own body, its callees excluded
};

/// The calls of one function by another (one call edge), averaged over the
/// runs; the byte counts are per call, when the recording transport measured
/// them.
struct CallEdgeProfile {
  std::string Caller, Callee;
  double Count = 0;
  std::optional<double> BytesIn, BytesOut;
};

/// A profile (`profile.json`, docs/tasks-format.md). Functions are named as
/// the program model names them: the plain name, or the unique name
/// (`file.c::f`) of a static function whose plain name is ambiguous.
struct Profile {
  std::string Source; ///< the file it was read from, for messages
  std::map<std::string, FunctionProfile> Functions;
  std::vector<CallEdgeProfile> Calls; ///< in file order
};

/// Reads a profile; errors name the file and the element in JSONPath
/// notation (`P.json: expected a number that is not negative at
/// $.calls[2].count`).
llvm::Expected<Profile> parseProfile(llvm::StringRef Text, llvm::StringRef Name);
llvm::Expected<Profile> loadProfile(llvm::StringRef Path);

/// One task's functions, as indices into ProgramModel::Functions.
struct FunctionGroup {
  size_t Dominant = 0;
  /// The dominant first, then its subordinates in the model's order (by name).
  std::vector<size_t> Members;
};

/// The functions of a program grouped into tasks.
struct Grouping {
  /// `main`'s group first, then the other dominants' in the model's order.
  std::vector<FunctionGroup> Groups;
  /// Subordinates in more than one group (duplicated), in the model's order.
  std::vector<size_t> Duplicated;
  /// Defined functions in no group: subordinates no dominant reaches.
  std::vector<size_t> Left;
};

/// Groups the defined functions of the linked model \p M (seed 004 §3.3).
/// The dominants are `main` and every function that can run on another node
/// (no remote blockers), is called from at least one call site that may run
/// remotely, and may do enough to pay for a message (it recurses, has a
/// region parameter or has a loop; the loops need the model built with its
/// graphs). Each dominant's group holds it and every defined function it
/// reaches through calls, not passing through another dominant; a
/// subordinate reached from several dominants is duplicated into each.
Grouping groupFunctions(const ProgramModel &M);

/// What `cleave tasks` takes besides the model.
struct TasksOptions {
  /// Measured calls, times and bytes; the static estimates without one.
  const Profile *Measured = nullptr;
  /// FUNC=NAME pairs: every task holding function FUNC needs resource NAME.
  std::vector<std::pair<std::string, std::string>> Resources;
};

/// A task graph and how each of its figures was derived.
struct ProgramTasks {
  TaskGraph Graph;
  Grouping Groups; ///< Groups[i] is Graph.Tasks[i]
  bool FromProfile = false;
  /// For people, per task: its functions, its work and where it comes from,
  /// its pins and resources and why.
  std::vector<std::vector<std::string>> TaskNotes;
  /// Per edge of Graph.Edges: the calls it carries and how each message size
  /// and count was found.
  std::vector<std::vector<std::string>> EdgeNotes;
  /// About the whole program: functions left out, profile entries unused.
  std::vector<std::string> Notes;
};

/// The task graph of the linked model \p M: the groups of groupFunctions as
/// tasks; their work (seconds on a node of speed 1); an edge each way for
/// every call from one task to another's dominant (W = calls, messages of
/// the arguments' and results' bytes); `main`'s task and tasks doing I/O
/// pinned to processor 0; resources from \p Options. Fails when the profile
/// or a resource names a function the program does not define.
llvm::Expected<ProgramTasks> buildTaskGraph(const ProgramModel &M, const TasksOptions &Options);

/// Prints \p T for people: each task with its notes, each edge with its
/// messages and their derivation, then the notes on the whole program.
void explainTasks(const ProgramTasks &T, llvm::raw_ostream &OS);

/// The static work estimate of \p F, in seconds on a node of speed 1: each
/// statement of its control-flow graph costs NominalStatementS, times
/// LoopWeight for each loop around its block. Needs the model built with
/// its graphs; 0 without them.
double estimateWork(const FunctionInfo &F);
constexpr double NominalStatementS = 1e-9;
constexpr double LoopWeight = 10;

/// The elements a region whose bounds stay symbolic at a call is counted as,
/// without a profile to measure it.
constexpr double DefaultRegionElements = 1024;

} // namespace cleave

#endif
