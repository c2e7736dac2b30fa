/// \file
/// What the cost model prices: tasks with their work, the messages between
/// them (seed 004 §5.2: W_jk messages of M_ijk bytes from task j to task k),
/// and a placement of the tasks on a machine's processors. Both are JSON
/// files (docs/cost-format.md).
#ifndef CLEAVE_COSTMODEL_TASKGRAPH_H
#define CLEAVE_COSTMODEL_TASKGRAPH_H

#include "costmodel/Machine.h"

#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"

#include <optional>

#include <string>
#include <vector>

namespace cleave {

struct Task {
  std::string Name;
  double WorkS = 0; ///< compute time on a node of speed 1
  std::vector<std::string> Resources; ///< only nodes that have them may run it
  /// Pinned to this processor (`main` to processor 0, seed 004 §3.3).
  std::optional<unsigned> Processor;
};

/// Messages of one size: Count of them, Bytes each (protocol bytes are added
/// per link, MachineLink::wireBytes).
struct MessageGroup {
  double Count = 0;
  double Bytes = 0;
};

struct TaskEdge {
  unsigned From = 0, To = 0; ///< tasks
  std::vector<MessageGroup> Messages;
  /// The phase it is active in, from 1 (seed 000 §3); 0: not phased.
  unsigned Phase = 0;

  double messageCount() const;
  double totalBytes() const; ///< X_jk of eq. (5), payload only
};

struct TaskGraph {
  std::vector<Task> Tasks;
  std::vector<TaskEdge> Edges;
};

/// Reads a task graph from JSON; errors name the file and the element.
llvm::Expected<TaskGraph> loadTaskGraph(llvm::StringRef Path);
llvm::Expected<TaskGraph> parseTaskGraph(llvm::StringRef Text, llvm::StringRef Name);
/// Writes \p G in the form parseTaskGraph reads, one task or edge a line.
void writeTaskGraphJSON(const TaskGraph &G, llvm::raw_ostream &OS);

/// The processor number (an index into Machine::Processors) of each task.
using Placement = std::vector<unsigned>;

/// Reads a placement for \p G on \p M in JSON, {"placement": {"TASK":
/// PROCESSOR, ...}}: every task must be placed, on a processor that has the
/// resources it needs. costmodel/Files.h reads Scotch mapping files too.
llvm::Expected<Placement> parsePlacementJSON(llvm::StringRef Text, llvm::StringRef Name,
                                             const TaskGraph &G, const Machine &M);
/// The checks of parsePlacementJSON, for a placement made in memory.
llvm::Error checkPlacement(const Placement &P, const TaskGraph &G, const Machine &M);
/// Writes \p P in the form parsePlacementJSON reads.
void writePlacementJSON(const TaskGraph &G, const Placement &P, llvm::raw_ostream &OS);

} // namespace cleave

#endif
