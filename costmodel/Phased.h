/// \file
/// The phased metrics of seed 000 §3: per phase the interference sets,
/// weighted dilation and weighted contention, the communication time under
/// store-and-forward and wormhole routing for large and small messages, and
/// the slowdown against a perfect mapping.
#ifndef CLEAVE_COSTMODEL_PHASED_H
#define CLEAVE_COSTMODEL_PHASED_H

#include <vector>

namespace cleave {

/// A computation-graph edge as routed: its phase, weight W(e) (message
/// volume) and its path.
struct PhasedEdge {
  static constexpr unsigned NoLine = ~0u;
  unsigned Phase = 1;
  double Weight = 1;
  /// The channels of the path (empty: both ends on one node) ...
  std::vector<unsigned> Channels;
  /// ... or, for a straight path along a line of channels (a row or column
  /// of a mesh, one direction of it with directed channels), the line and
  /// the positions [Lo, Hi) of its channels along it, Channels staying
  /// empty. Two such paths share a channel when they lie on one line and
  /// their ranges overlap; the edges of one phase are all of one kind.
  unsigned Line = NoLine;
  unsigned Lo = 0, Hi = 0;

  unsigned length() const { return Line == NoLine ? Channels.size() : Hi - Lo; }
};

struct PhaseMetrics {
  unsigned Phase = 0;
  unsigned Edges = 0;
  unsigned Dilation = 0;          ///< D(E_i): the longest path
  unsigned Contention = 0;        ///< C(E_i): the largest |I(e, i)|
  double Weight = 0;              ///< W(E_i): the heaviest edge
  double WeightedDilation = 0;    ///< D_w(E_i) = max W(e) D(e)
  double WeightedContention = 0;  ///< C_w(E_i) = max sum of W over I(e, i)
};

/// Communication times in units of the per-byte time b (large messages) or
/// the startup cost c (small messages), and slowdowns S = T / T_P.
struct PhasedMetrics {
  std::vector<PhaseMetrics> Phases; ///< by phase number
  double TotalDilation = 0, TotalWeightedDilation = 0; ///< over every edge
  unsigned EdgeCount = 0;
  double StoreForwardLarge = 0; ///< sum D_w(E_i) + C_w(E_i)  (remark 1)
  double WormholeLarge = 0;     ///< sum W(E_i) + C_w(E_i)    (remark 2)
  double StoreForwardSmall = 0; ///< sum D(E_i) + C(E_i)      (remark 3)
  double WormholeSmall = 0;     ///< k + sum C(E_i)           (remark 3)
  double PerfectLarge = 0;      ///< T_P = sum W(E_i)         (eq. 1)
  double PerfectSmall = 0;      ///< T_P = k phases           (eq. 5)
  double slowdownStoreForwardLarge() const { return StoreForwardLarge / PerfectLarge; }
  double slowdownWormholeLarge() const { return WormholeLarge / PerfectLarge; }
  double slowdownStoreForwardSmall() const { return StoreForwardSmall / PerfectSmall; }
  double slowdownWormholeSmall() const { return WormholeSmall / PerfectSmall; }
};

/// Computes the metrics from the routed edges; phases are numbered from 1
/// and every phase number present counts as one phase.
PhasedMetrics computePhasedMetrics(const std::vector<PhasedEdge> &Edges);

} // namespace cleave

#endif
