/// \file
/// Static allocation: the processor each task of a task graph runs on, chosen
/// to minimize an objective the cost model computes (seed 004 chapter 5).
/// Finding the best placement is NP-complete, so the strategies are
/// heuristics, with an exact branch and bound for small instances to measure
/// their gap, and simple baselines to report them beside.
#ifndef CLEAVE_MAPPING_ALLOCATE_H
#define CLEAVE_MAPPING_ALLOCATE_H

#include "costmodel/Cost.h"

#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <string>
#include <vector>

namespace cleave {

enum class AllocationObjective {
  Makespan,  ///< the estimated makespan (CostReport::MakespanS)
  Total,     ///< eq. (11): the sum of D_jk over the pairs
  Imbalance, ///< Hwang and Xu's eq. (2): load imbalance plus messages x hops
};

enum class AllocationStrategy {
  Greedy,     ///< list-scheduling construction (earliest finish time)
  Refine,     ///< moves and swaps from greedy's and the best baseline's placements
  Anneal,     ///< simulated annealing from the best of those
  Exact,      ///< branch and bound: the optimum of the objective
  Scotch,     ///< libscotch's static mapping
  AllOnOne,   ///< baseline: every task on the fastest processor
  RoundRobin, ///< baseline: task i on processor i mod P
  Random,     ///< baseline: uniformly at random
  Packed,     ///< baseline: consecutive tasks fill processors in turn
};

llvm::StringRef objectiveName(AllocationObjective O);
llvm::StringRef strategyName(AllocationStrategy S);
/// The strategies every result is reported beside.
llvm::ArrayRef<AllocationStrategy> baselineStrategies();

struct AllocationOptions {
  AllocationObjective Objective = AllocationObjective::Makespan;
  uint64_t Seed = 1;
  /// Simulated annealing: the moves tried; 0 for 20 per task (at least
  /// 10,000).
  unsigned AnnealMoves = 0;
};

/// The most placements the exact search may have to consider: 6^12, the
/// issue's "about 12 tasks on 6 processors".
constexpr double MaxExactPlacements = 2176782336.0;

struct Allocation {
  AllocationStrategy Strategy;
  Placement P;
  double Objective = 0; ///< the value of the objective minimized
  /// All three objectives of P, whichever was minimized.
  double MakespanS = 0, TotalS = 0, Imbalance = 0;
  std::vector<unsigned> CriticalPath; ///< of the schedule, first task first
  double Seconds = 0;       ///< time the strategy took
  uint64_t Evaluations = 0; ///< placements priced
  bool Optimal = false;     ///< proved optimal (exact search)
};

/// Places the tasks of one graph on one machine by any strategy, under the
/// constraints of the graph: a task pinned to a processor goes there, a
/// task needing resources goes to a processor that has them.
class Allocator {
public:
  /// Fails when a task cannot be placed at all: its pin is not a processor
  /// of the machine or lacks its resources, or no processor has them.
  static llvm::Expected<Allocator> create(const Machine &M, const TaskGraph &G,
                                          const AllocationOptions &Options);

  llvm::Expected<Allocation> run(AllocationStrategy S) const;
  /// The objective of \p P.
  double objective(const Placement &P) const;
  double objective(const PlacementPricer::Session &S) const;
  /// \p P with its three objectives filled in.
  Allocation describe(AllocationStrategy S, Placement P) const;

private:
  Allocator(const Machine &M, const TaskGraph &G, const AllocationOptions &Options)
      : M(M), G(G), Options(Options), Pricer(M, G) {}

  Placement greedy() const;
  /// Where the searches start: greedy's placement, and the best baseline's
  /// if that is better; the better first.
  std::vector<Placement> starts(uint64_t &Evaluations) const;
  /// The best of refine() from each start.
  Placement refineStarts(uint64_t &Evaluations) const;
  Placement refine(Placement P, uint64_t &Evaluations) const;
  Placement anneal(Placement P, uint64_t &Evaluations) const;
  llvm::Expected<Placement> exact(Placement Incumbent, uint64_t &Evaluations) const;
  Placement baseline(AllocationStrategy S) const;
  /// The processors task \p T may run on (always at least one).
  const std::vector<unsigned> &allowed(unsigned T) const { return Allowed[T]; }

  const Machine &M;
  const TaskGraph &G;
  AllocationOptions Options;
  PlacementPricer Pricer;
  std::vector<std::vector<unsigned>> Allowed;
};

} // namespace cleave

#endif
