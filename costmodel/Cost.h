/// \file
/// The general IPC cost function of seed 004 chapter 5 (List's), with its
/// per-topology forms of chapter 6, the comparators of chapter 4, and an
/// estimated makespan; shared/science.md gives our reading of each term.
#ifndef CLEAVE_COSTMODEL_COST_H
#define CLEAVE_COSTMODEL_COST_H

#include "costmodel/Machine.h"
#include "costmodel/Phased.h"
#include "costmodel/TaskGraph.h"

#include <optional>
#include <string>
#include <vector>

namespace cleave {

enum class CostFunctionKind {
  List,             ///< eqs. (5)-(11) and the forms of chapter 6
  HwangXu,          ///< eqs. (1)-(2): load imbalance plus hops x messages
  Ezzat,            ///< eq. (3): execution time plus messages x distance
  BollingerMidkiff, ///< eq. (4): the message traffic on each link of the path
};

llvm::StringRef costFunctionName(CostFunctionKind K);

struct CostOptions {
  /// E_y of eq. (7), the time window of the traffic on every link; by
  /// default the estimated makespan (computed first without busy waits).
  std::optional<double> WindowS;
};

/// Every term of eqs. (5)-(10) for the messages from task From to task To.
struct PairCost {
  unsigned From = 0, To = 0;         ///< tasks
  unsigned FromNode = 0, ToNode = 0; ///< machine nodes
  double Messages = 0;               ///< W_jk
  double Bytes = 0;                  ///< X_jk, eq. (5): payload (links add headers)
  unsigned Hops = 0;                 ///< links on the route
  double G = 0, Q = 0, H = 0, D = 0; ///< eqs. (8), (7), (9) or (17), (10)
  bool SameNode = false;             ///< priced by the node's local costs (§4.4)
};

/// A channel's traffic: T_y of eq. (6) with the background traffic.
struct ChannelLoad {
  unsigned Link = 0;
  bool Reverse = false; ///< with directed channels: crossed from its second end
  double Bytes = 0;     ///< T_y, bytes in the window (background included)
  double Utilization = 0; ///< T_y C_y / E_y
  double BusyWaitS = 0;   ///< B_y at that utilization, per message
  bool Saturated = false; ///< utilization >= 1: priced at the cap
};

struct NodeLoad {
  unsigned Node = 0;
  unsigned Tasks = 0;
  double WorkS = 0;    ///< the tasks' work on a node of speed 1
  double ComputeS = 0; ///< work / speed
};

/// A comparator's total and its terms; their units are the paper's, which
/// mix seconds with messages x hops.
struct ComparatorCost {
  CostFunctionKind Kind;
  std::vector<std::pair<std::string, double>> Terms;
  double Total = 0;
  std::string Units;
};

struct CostReport {
  std::vector<PairCost> Pairs;       ///< by (From, To)
  std::vector<ChannelLoad> Channels; ///< the channels that carry traffic
  std::vector<NodeLoad> Nodes;       ///< the processors, by number
  double WindowS = 0;
  bool WindowGiven = false;
  double SumG = 0, SumQ = 0, SumH = 0;
  double Total = 0; ///< eq. (11)
  /// List scheduling with every message priced by its pair's D_jk.
  double MakespanS = 0;
  /// Edges inside cycles of the task graph that do not delay their
  /// receiver in the schedule (a cycle has no order to follow).
  unsigned CycleEdges = 0;
  std::optional<ComparatorCost> Comparator;
  std::optional<PhasedMetrics> Phased; ///< when edges carry phases
};

/// Prices \p P of \p G on \p M (a valid placement, see checkPlacement).
CostReport priceCommunication(const Machine &M, const TaskGraph &G, const Placement &P,
                              const CostOptions &Options);

/// One of the comparators of seed 004 chapter 4, on the same placement.
ComparatorCost compareCost(CostFunctionKind K, const Machine &M, const TaskGraph &G,
                           const Placement &P);

} // namespace cleave

#endif
