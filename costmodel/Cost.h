/// \file
/// The general IPC cost function of seed 004 chapter 5 (List's), with its
/// per-topology forms of chapter 6, the comparators of chapter 4, and an
/// estimated makespan; docs/science.md gives our reading of each term.
#ifndef CLEAVE_COSTMODEL_COST_H
#define CLEAVE_COSTMODEL_COST_H

#include "costmodel/Machine.h"
#include "costmodel/Phased.h"
#include "costmodel/TaskGraph.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"

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
  /// The tasks whose chain sets the makespan, first to last: each waited
  /// for the one before it (for its node, or for its message).
  std::vector<unsigned> CriticalPath;
  /// Edges inside cycles of the task graph that do not delay their
  /// receiver in the schedule (a cycle has no order to follow).
  unsigned CycleEdges = 0;
  std::optional<ComparatorCost> Comparator;
  std::optional<PhasedMetrics> Phased; ///< when edges carry phases
};

/// Prices placements of one task graph on one machine, again and again (the
/// strategies of `cleave map` price thousands): the pairs of tasks with their
/// messages and the order the schedule follows do not depend on the
/// placement and are found once. \p M and \p G must outlive it.
class PlacementPricer {
public:
  /// The messages of one ordered pair of tasks, merged from its edges.
  struct Pair {
    unsigned From = 0, To = 0;
    std::vector<MessageGroup> Messages;
    double Count = 0, Bytes = 0; ///< W_jk and X_jk (payload)
  };
  /// An edge the schedule follows: the task at its other end and its pair.
  struct Arc {
    unsigned Task;
    unsigned Pair;
  };

  /// A pair's route under a placement and what it costs apart from the
  /// traffic: its channels, the bytes it puts on each, G and H.
  struct Route {
    unsigned FromNode = 0, ToNode = 0;
    double G = 0, H = 0;
    llvm::SmallVector<unsigned, 8> Links, Channels;
    llvm::SmallVector<double, 8> Wire; ///< bytes on each hop's link, headers included
  };

  /// A placement with the routes of its pairs, kept up to date as tasks
  /// move: what the strategies of `cleave map` change task by task.
  class Session {
  public:
    Session(const PlacementPricer &Pricer, Placement P);
    /// Puts task \p T on processor \p Q and routes its pairs again.
    void move(unsigned T, unsigned Q);
    const Placement &placement() const { return P; }
    /// G + H of pair \p I where it is now.
    double idleDelay(unsigned I) const { return Routes[I].G + Routes[I].H; }
    /// PlacementPricer::estimate of the current placement.
    CostReport estimate(const CostOptions &Options) const {
      return Pricer.evaluate(P, Routes, Options, false);
    }

  private:
    const PlacementPricer &Pricer;
    Placement P;
    std::vector<Route> Routes;
  };

  PlacementPricer(const Machine &M, const TaskGraph &G);

  /// Every term of the cost of \p P (a valid placement, see checkPlacement).
  CostReport price(const Placement &P, const CostOptions &Options) const;
  /// The same figures without the tables: the totals, the window and the
  /// makespan only (Pairs, Channels, Nodes and Phased stay empty).
  CostReport estimate(const Placement &P, const CostOptions &Options) const;
  /// One of the comparators of seed 004 chapter 4 on \p P.
  ComparatorCost compare(CostFunctionKind K, const Placement &P) const;

  llvm::ArrayRef<Pair> pairs() const { return Pairs; }
  /// The pairs task \p T is in, sending or receiving.
  llvm::ArrayRef<unsigned> pairsOf(unsigned T) const { return PairsOf[T]; }
  /// G + H of pair \p I with its tasks on processors \p A and \p B: its
  /// delay when no link is busy (Q = 0).
  double idleDelay(unsigned I, unsigned A, unsigned B) const;
  /// The schedule's arcs into and out of task \p T, and the tasks in an order
  /// that every arc follows.
  llvm::ArrayRef<Arc> arcsInto(unsigned T) const { return In[T]; }
  llvm::ArrayRef<Arc> arcsOutOf(unsigned T) const { return Out[T]; }
  llvm::ArrayRef<unsigned> order() const { return Order; }

private:
  /// The route of pair \p I from processor \p A to processor \p B.
  Route route(unsigned I, unsigned A, unsigned B) const;
  std::vector<Route> routeAll(const Placement &P) const;
  CostReport evaluate(const Placement &P, const std::vector<Route> &Routes,
                      const CostOptions &Options, bool Tables) const;
  /// The list-scheduling makespan when the messages of pair I take D[I].
  double makespan(const Placement &P, const std::vector<double> &D,
                  std::vector<unsigned> *Critical) const;

  const Machine &M;
  const TaskGraph &G;
  std::vector<Pair> Pairs; ///< by (From, To)
  std::vector<std::vector<unsigned>> PairsOf;
  std::vector<std::vector<Arc>> Out, In;
  std::vector<unsigned> Waiting; ///< arcs into each task
  std::vector<unsigned> Order;   ///< topological
  unsigned CycleEdges = 0;
};

/// Prices \p P of \p G on \p M (a valid placement, see checkPlacement).
CostReport priceCommunication(const Machine &M, const TaskGraph &G, const Placement &P,
                              const CostOptions &Options);

/// One of the comparators of seed 004 chapter 4, on the same placement.
ComparatorCost compareCost(CostFunctionKind K, const Machine &M, const TaskGraph &G,
                           const Placement &P);

} // namespace cleave

#endif
