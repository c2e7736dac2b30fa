/// \file
/// Phased metrics (seed 000 §3, definitions 4-6 and remarks 1-3).
#include "costmodel/Phased.h"

#include <algorithm>
#include <cassert>
#include <tuple>
#include <map>

using namespace cleave;

namespace {
using Interferences = std::vector<std::pair<unsigned, double>>;

/// I(e, i) for paths given as channels: each edge's channels are looked up
/// in the lists of the phase's edges on every channel.
Interferences byChannel(const std::vector<PhasedEdge> &Edges,
                        const std::vector<unsigned> &Members,
                        std::vector<std::vector<unsigned>> &Users,
                        std::vector<unsigned> &Stamp) {
  for (unsigned E : Members)
    for (unsigned C : Edges[E].Channels)
      Users[C].push_back(E);
  Interferences Out;
  for (unsigned E : Members) {
    // Stamp marks the edges already counted for E.
    unsigned Count = 0;
    double Weight = 0;
    Stamp[E] = E;
    for (unsigned C : Edges[E].Channels)
      for (unsigned Other : Users[C])
        if (Stamp[Other] != E) {
          Stamp[Other] = E;
          ++Count;
          Weight += Edges[Other].Weight;
        }
    Out.emplace_back(Count, Weight);
  }
  for (unsigned E : Members)
    for (unsigned C : Edges[E].Channels)
      Users[C].clear();
  return Out;
}

/// I(e, i) for straight paths, without walking them: on each line, the
/// ranges that overlap [lo, hi) are those that start before hi, less those
/// that end at or before lo (which start before hi too), less the edge
/// itself; counted by binary search in the starts and ends sorted.
Interferences bySegment(const std::vector<PhasedEdge> &Edges,
                        const std::vector<unsigned> &Members) {
  struct Point {
    unsigned Line, At;
    double Weight;
    bool operator<(const Point &O) const { return std::tie(Line, At) < std::tie(O.Line, O.At); }
  };
  std::vector<Point> Starts, Ends;
  for (unsigned E : Members) {
    const PhasedEdge &Edge = Edges[E];
    assert(Edge.Line != PhasedEdge::NoLine && "one phase mixes channels and segments");
    if (Edge.Lo < Edge.Hi) {
      Starts.push_back({Edge.Line, Edge.Lo, Edge.Weight});
      Ends.push_back({Edge.Line, Edge.Hi, Edge.Weight});
    }
  }
  std::sort(Starts.begin(), Starts.end());
  std::sort(Ends.begin(), Ends.end());
  // Prefix sums of the weights, in each order.
  auto Sums = [](const std::vector<Point> &Points) {
    std::vector<double> Out{0};
    for (const Point &P : Points)
      Out.push_back(Out.back() + P.Weight);
    return Out;
  };
  std::vector<double> StartSum = Sums(Starts), EndSum = Sums(Ends);
  Interferences Out;
  for (unsigned E : Members) {
    const PhasedEdge &Edge = Edges[E];
    if (Edge.Lo >= Edge.Hi) {
      Out.emplace_back(0, 0);
      continue;
    }
    // Ranges on the line starting before Hi, and ending at or before Lo.
    size_t LineStart = std::lower_bound(Starts.begin(), Starts.end(),
                                        Point{Edge.Line, 0, 0}) - Starts.begin();
    size_t Before = std::lower_bound(Starts.begin(), Starts.end(),
                                     Point{Edge.Line, Edge.Hi, 0}) - Starts.begin();
    size_t LineEnd = std::lower_bound(Ends.begin(), Ends.end(), Point{Edge.Line, 0, 0}) -
                     Ends.begin();
    size_t Done = std::upper_bound(Ends.begin(), Ends.end(), Point{Edge.Line, Edge.Lo, 0}) -
                  Ends.begin();
    unsigned Count = (Before - LineStart) - (Done - LineEnd) - 1;
    // The difference of sums is the weight of the Count ranges, up to
    // rounding; none is none.
    double Weight = Count ? (StartSum[Before] - StartSum[LineStart]) -
                                (EndSum[Done] - EndSum[LineEnd]) - Edge.Weight
                          : 0;
    Out.emplace_back(Count, Weight);
  }
  return Out;
}
} // namespace

PhasedMetrics cleave::computePhasedMetrics(const std::vector<PhasedEdge> &Edges) {
  PhasedMetrics Out;
  std::map<unsigned, std::vector<unsigned>> ByPhase;
  for (unsigned E = 0; E < Edges.size(); ++E)
    ByPhase[Edges[E].Phase].push_back(E);
  // The edges of a phase on each channel, emptied after the phase.
  unsigned Channels = 0;
  for (const PhasedEdge &E : Edges)
    for (unsigned C : E.Channels)
      Channels = std::max(Channels, C + 1);
  std::vector<std::vector<unsigned>> Users(Channels);
  std::vector<unsigned> Stamp(Edges.size(), ~0u);
  for (auto &[Phase, Members] : ByPhase) {
    PhaseMetrics P;
    P.Phase = Phase;
    P.Edges = Members.size();
    // I(e, i) of each edge: how many other edges of the phase share a
    // channel with it, and their weight.
    std::vector<std::pair<unsigned, double>> Interference =
        Edges[Members[0]].Line == PhasedEdge::NoLine ? byChannel(Edges, Members, Users, Stamp)
                                                      : bySegment(Edges, Members);
    for (size_t K = 0; K < Members.size(); ++K) {
      const PhasedEdge &Edge = Edges[Members[K]];
      unsigned Length = Edge.length();
      P.Dilation = std::max(P.Dilation, Length);
      P.Contention = std::max(P.Contention, Interference[K].first);
      P.Weight = std::max(P.Weight, Edge.Weight);
      P.WeightedDilation = std::max(P.WeightedDilation, Edge.Weight * Length);
      P.WeightedContention = std::max(P.WeightedContention, Interference[K].second);
      Out.TotalDilation += Length;
      Out.TotalWeightedDilation += Edge.Weight * Length;
    }
    Out.EdgeCount += P.Edges;
    Out.StoreForwardLarge += P.WeightedDilation + P.WeightedContention;
    Out.WormholeLarge += P.Weight + P.WeightedContention;
    Out.StoreForwardSmall += P.Dilation + P.Contention;
    Out.WormholeSmall += 1 + P.Contention;
    Out.PerfectLarge += P.Weight;
    Out.PerfectSmall += 1;
    Out.Phases.push_back(P);
  }
  return Out;
}
