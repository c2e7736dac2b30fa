/// \file
/// Between the machine file reader and the topology generators.
#ifndef CLEAVE_COSTMODEL_MACHINEINTERNAL_H
#define CLEAVE_COSTMODEL_MACHINEINTERNAL_H

#include "costmodel/Machine.h"

namespace cleave {

/// The `topology:` map of a machine file, after reading.
struct TopologySpec {
  TopologyKind Kind = TopologyKind::Explicit;
  unsigned NodeCount = 0;         ///< nodes: (ring, star, tree, bus, ...)
  std::vector<unsigned> Dims;     ///< dims: (mesh, torus)
  unsigned Dim = 0;               ///< dim: (hypercube, de Bruijn, omega, butterfly)
  unsigned Arity = 2;             ///< arity: (tree)
  unsigned Buses = 2;             ///< buses: (multiple bus)
  std::vector<unsigned> Segments; ///< segments: (Ethernet with bridges)
};

/// Fills M.Nodes, M.Links, M.Processors and M.Dims for a generated topology:
/// processors from \p Processor, bridges and switches from \p Switch, every
/// link from \p Link. Returns an error for sizes it cannot build.
llvm::Error generateTopology(const TopologySpec &Spec, const MachineNode &Processor,
                             const MachineNode &Switch, const MachineLink &Link,
                             Machine &M);

/// The routing a topology uses when the file names none.
RoutingKind defaultRouting(TopologyKind K);
/// Whether \p R can route \p K.
bool routingFits(RoutingKind R, TopologyKind K);

/// The largest number of nodes a generated topology may have (route tables
/// and link lists stay within memory).
constexpr unsigned MaxGeneratedNodes = 1u << 20;
constexpr uint64_t MaxGeneratedLinks = 1u << 22;
/// Shortest-path routing keeps a hop for every node and processor, and
/// searches the machine once per processor: both stay below these.
constexpr uint64_t MaxRouteTable = uint64_t(1) << 26;
constexpr uint64_t MaxRouteSearch = uint64_t(1) << 31;

} // namespace cleave

#endif
