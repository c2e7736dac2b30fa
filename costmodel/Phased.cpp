/// \file
/// Phased metrics (seed 000 §3, definitions 4-6 and remarks 1-3).
#include "costmodel/Phased.h"

#include <algorithm>
#include <map>

using namespace cleave;

PhasedMetrics cleave::computePhasedMetrics(const std::vector<PhasedEdge> &Edges) {
  PhasedMetrics Out;
  std::map<unsigned, std::vector<unsigned>> ByPhase;
  for (unsigned E = 0; E < Edges.size(); ++E)
    ByPhase[Edges[E].Phase].push_back(E);
  // Marks the edges already counted in one edge's interference set.
  std::vector<unsigned> Stamp(Edges.size(), ~0u);
  unsigned Channels = 0;
  for (const PhasedEdge &E : Edges)
    for (unsigned C : E.Channels)
      Channels = std::max(Channels, C + 1);
  // The edges of the phase on each channel, emptied after the phase.
  std::vector<std::vector<unsigned>> Users(Channels);
  std::vector<unsigned> Touched;
  for (auto &[Phase, Members] : ByPhase) {
    PhaseMetrics P;
    P.Phase = Phase;
    P.Edges = Members.size();
    for (unsigned C : Touched)
      Users[C].clear();
    Touched.clear();
    for (unsigned E : Members)
      for (unsigned C : Edges[E].Channels) {
        if (Users[C].empty())
          Touched.push_back(C);
        Users[C].push_back(E);
      }
    for (unsigned E : Members) {
      const PhasedEdge &Edge = Edges[E];
      unsigned Length = Edge.Channels.size();
      // I(e, i): the other edges of the phase that share a channel with e.
      unsigned Interfering = 0;
      double InterferingWeight = 0;
      Stamp[E] = E;
      for (unsigned C : Edge.Channels)
        for (unsigned Other : Users[C])
          if (Stamp[Other] != E) {
            Stamp[Other] = E;
            ++Interfering;
            InterferingWeight += Edges[Other].Weight;
          }
      P.Dilation = std::max(P.Dilation, Length);
      P.Contention = std::max(P.Contention, Interfering);
      P.Weight = std::max(P.Weight, Edge.Weight);
      P.WeightedDilation = std::max(P.WeightedDilation, Edge.Weight * Length);
      P.WeightedContention = std::max(P.WeightedContention, InterferingWeight);
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
