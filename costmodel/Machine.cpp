/// \file
/// Topology generators, links' wire bytes and busy waits, and routing.
#include "costmodel/MachineInternal.h"

#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/STLExtras.h"

#include <algorithm>
#include <cassert>
#include <array>
#include <cmath>

using namespace cleave;

llvm::StringRef cleave::topologyName(TopologyKind K) {
  switch (K) {
  case TopologyKind::Ethernet: return "ethernet";
  case TopologyKind::Bus: return "bus";
  case TopologyKind::MultipleBus: return "multiple-bus";
  case TopologyKind::Mesh: return "mesh";
  case TopologyKind::Torus: return "torus";
  case TopologyKind::Ring: return "ring";
  case TopologyKind::Star: return "star";
  case TopologyKind::Tree: return "tree";
  case TopologyKind::Hypercube: return "hypercube";
  case TopologyKind::DeBruijn: return "debruijn";
  case TopologyKind::Crossbar: return "crossbar";
  case TopologyKind::Omega: return "omega";
  case TopologyKind::Butterfly: return "butterfly";
  case TopologyKind::FullyConnected: return "fully-connected";
  case TopologyKind::Explicit: return "explicit";
  }
  llvm_unreachable("topology kind");
}

llvm::StringRef cleave::switchingName(SwitchingKind K) {
  switch (K) {
  case SwitchingKind::StoreAndForward: return "store-and-forward";
  case SwitchingKind::Wormhole: return "wormhole";
  case SwitchingKind::Circuit: return "circuit";
  case SwitchingKind::VirtualCutThrough: return "virtual-cut-through";
  }
  llvm_unreachable("switching kind");
}

llvm::StringRef cleave::routingName(RoutingKind K) {
  switch (K) {
  case RoutingKind::DimensionOrder: return "dimension-order";
  case RoutingKind::ShortestPath: return "shortest-path";
  case RoutingKind::Shift: return "shift";
  case RoutingKind::DestinationTag: return "destination-tag";
  }
  llvm_unreachable("routing kind");
}

llvm::StringRef cleave::busyName(BusyKind K) {
  switch (K) {
  case BusyKind::None: return "none";
  case BusyKind::MM1: return "mm1";
  case BusyKind::Table: return "table";
  }
  llvm_unreachable("busy kind");
}

double MachineLink::wireBytes(double Payload) const {
  double PerPacket = PacketBytes - HeaderBytes;
  double Packets = std::max(1.0, std::ceil(Payload / PerPacket));
  return Payload + Packets * HeaderBytes;
}

double MachineLink::busyWait(double Rho) const {
  double R = std::min(Rho, SaturationCap);
  if (R <= 0)
    return 0;
  switch (Busy) {
  case BusyKind::None:
    return 0;
  case BusyKind::MM1: {
    // The mean wait in queue of an M/M/1 server whose service is one packet.
    double PacketTime = PacketBytes * ByteTimeS;
    return PacketTime * R / (1 - R);
  }
  case BusyKind::Table: {
    // Linear between the points, from (0, 0) up to the first; the last
    // point's value beyond it.
    BusyPoint Prev{0, 0};
    for (const BusyPoint &P : BusyTable) {
      if (R <= P.Utilization) {
        double Span = P.Utilization - Prev.Utilization;
        return Span <= 0 ? P.WaitS
                         : Prev.WaitS + (P.WaitS - Prev.WaitS) * (R - Prev.Utilization) / Span;
      }
      Prev = P;
    }
    return Prev.WaitS;
  }
  }
  llvm_unreachable("busy kind");
}

RoutingKind cleave::defaultRouting(TopologyKind K) {
  switch (K) {
  case TopologyKind::Mesh:
  case TopologyKind::Torus:
  case TopologyKind::Ring:
  case TopologyKind::Hypercube:
    return RoutingKind::DimensionOrder;
  case TopologyKind::DeBruijn:
    return RoutingKind::Shift;
  case TopologyKind::Omega:
  case TopologyKind::Butterfly:
    return RoutingKind::DestinationTag;
  default:
    return RoutingKind::ShortestPath;
  }
}

bool cleave::routingFits(RoutingKind R, TopologyKind K) {
  return R == RoutingKind::ShortestPath || R == defaultRouting(K);
}

//===----------------------------------------------------------------------===//
// Generators
//===----------------------------------------------------------------------===//

namespace {
struct Builder {
  Machine &M;
  const MachineNode &Processor, &Switch;
  const MachineLink &Link;

  unsigned addProcessor() {
    unsigned Id = M.Nodes.size();
    M.Nodes.push_back(Processor);
    M.Nodes.back().Name = "n" + std::to_string(Id);
    M.Processors.push_back(Id);
    return Id;
  }
  unsigned addSwitch(const std::string &Name) {
    M.Nodes.push_back(Switch);
    M.Nodes.back().Processor = false;
    M.Nodes.back().Name = Name;
    return M.Nodes.size() - 1;
  }
  void addLink(llvm::SmallVector<unsigned, 2> Ends) {
    M.Links.push_back(Link);
    M.Links.back().Ends = std::move(Ends);
  }
  /// A bus or segment; none when it would reach a single node.
  void addSharedLink(const std::vector<unsigned> &Ends) {
    if (Ends.size() < 2)
      return;
    addLink(llvm::SmallVector<unsigned, 2>(Ends.begin(), Ends.end()));
    M.Links.back().Shared = true;
  }
};

llvm::Error sizeError(const llvm::Twine &Msg) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), Msg);
}

/// A grid of nodes numbered x0 + d0 (x1 + d1 x2): links to the next node in
/// each dimension, and with Wrap the link from the last back to the first
/// (when the dimension has more than two nodes; with two it is the same link).
void buildGrid(Builder &B, const std::vector<unsigned> &Dims, bool Wrap) {
  unsigned Count = 1;
  for (unsigned D : Dims)
    Count *= D;
  for (unsigned I = 0; I < Count; ++I)
    B.addProcessor();
  for (unsigned Node = 0; Node < Count; ++Node) {
    unsigned Stride = 1;
    for (unsigned D : Dims) {
      unsigned X = Node / Stride % D;
      if (X + 1 < D)
        B.addLink({Node, Node + Stride});
      else if (Wrap && D > 2)
        B.addLink({Node, Node - X * Stride});
      Stride *= D;
    }
  }
}
} // namespace

llvm::Error cleave::generateTopology(const TopologySpec &Spec, const MachineNode &Processor,
                                     const MachineNode &Switch, const MachineLink &Link,
                                     Machine &M) {
  Builder B{M, Processor, Switch, Link};
  auto Processors = [&](unsigned N) {
    for (unsigned I = 0; I < N; ++I)
      B.addProcessor();
  };
  auto All = [&] { return M.Processors; };
  // The sizes first, in 64 bits, so that nothing too large is built.
  uint64_t Nodes = 0, Links = 0;
  auto Power = [](unsigned Dim) { return uint64_t(1) << Dim; };
  switch (Spec.Kind) {
  case TopologyKind::Ethernet:
    for (unsigned S : Spec.Segments)
      Nodes += S + 1; // its nodes, and the bridge after it
    Nodes = Spec.Segments.empty() ? Spec.NodeCount : Nodes - 1;
    Links = std::max<size_t>(Spec.Segments.size(), 1);
    break;
  case TopologyKind::Mesh:
  case TopologyKind::Torus:
    Nodes = 1;
    for (unsigned D : Spec.Dims)
      Nodes *= D; // each at most 2^16, three of them: no overflow
    Links = Nodes * Spec.Dims.size();
    break;
  case TopologyKind::Hypercube:
    Nodes = Power(Spec.Dim);
    Links = Nodes * Spec.Dim / 2;
    break;
  case TopologyKind::DeBruijn:
    Nodes = Power(Spec.Dim);
    Links = 2 * Nodes;
    break;
  case TopologyKind::Omega:
  case TopologyKind::Butterfly:
    Nodes = Power(Spec.Dim) + Spec.Dim * Power(Spec.Dim) / 2;
    Links = Power(Spec.Dim) * (Spec.Dim + 1);
    break;
  case TopologyKind::FullyConnected:
    Nodes = Spec.NodeCount;
    Links = Nodes * (Nodes - 1) / 2;
    break;
  case TopologyKind::MultipleBus:
    Nodes = Spec.NodeCount;
    Links = Spec.Buses;
    break;
  default: // bus, ring, star, tree, crossbar: about a link a node
    Nodes = uint64_t(Spec.NodeCount) + (Spec.Kind == TopologyKind::Crossbar);
    Links = Nodes;
    break;
  }
  if (Nodes > MaxGeneratedNodes)
    return sizeError("the topology would have " + llvm::Twine(Nodes) + " nodes; at most " +
                     llvm::Twine(MaxGeneratedNodes) + " are supported");
  if (Links > MaxGeneratedLinks)
    return sizeError("the topology would have " + llvm::Twine(Links) + " links; at most " +
                     llvm::Twine(MaxGeneratedLinks) + " are supported");
  M.Topology = Spec.Kind;
  switch (Spec.Kind) {
  case TopologyKind::Ethernet: {
    // Segments in a chain, a bridge between neighbours: one path between any
    // two nodes, as bridged Ethernets require (seed 004 §6.2.1).
    std::vector<unsigned> Sizes = Spec.Segments;
    if (Sizes.empty())
      Sizes.push_back(Spec.NodeCount);
    std::vector<std::vector<unsigned>> Members(Sizes.size());
    for (size_t S = 0; S < Sizes.size(); ++S)
      for (unsigned I = 0; I < Sizes[S]; ++I)
        Members[S].push_back(B.addProcessor());
    for (size_t S = 0; S + 1 < Sizes.size(); ++S) {
      unsigned Bridge = B.addSwitch("bridge" + std::to_string(S));
      Members[S].push_back(Bridge);
      Members[S + 1].push_back(Bridge);
    }
    for (auto &Ends : Members)
      B.addSharedLink(Ends);
    break;
  }
  case TopologyKind::Bus:
    Processors(Spec.NodeCount);
    B.addSharedLink(All());
    break;
  case TopologyKind::MultipleBus:
    Processors(Spec.NodeCount);
    for (unsigned I = 0; I < Spec.Buses; ++I)
      B.addSharedLink(All());
    break;
  case TopologyKind::Mesh:
  case TopologyKind::Torus:
    M.Dims = Spec.Dims;
    buildGrid(B, Spec.Dims, Spec.Kind == TopologyKind::Torus);
    break;
  case TopologyKind::Ring:
    M.Dims = {Spec.NodeCount};
    buildGrid(B, M.Dims, /*Wrap=*/true);
    break;
  case TopologyKind::Hypercube:
    M.Dims = {Spec.Dim};
    buildGrid(B, std::vector<unsigned>(Spec.Dim, 2), /*Wrap=*/false);
    break;
  case TopologyKind::Star:
    Processors(Spec.NodeCount);
    for (unsigned I = 1; I < Spec.NodeCount; ++I)
      B.addLink({0, I});
    break;
  case TopologyKind::Tree:
    Processors(Spec.NodeCount);
    for (unsigned I = 1; I < Spec.NodeCount; ++I)
      B.addLink({(I - 1) / Spec.Arity, I});
    break;
  case TopologyKind::FullyConnected:
    Processors(Spec.NodeCount);
    for (unsigned I = 0; I < Spec.NodeCount; ++I)
      for (unsigned J = I + 1; J < Spec.NodeCount; ++J)
        B.addLink({I, J});
    break;
  case TopologyKind::DeBruijn: {
    // BDG(n): x is linked to its left shifts 2x and 2x+1 (mod 2^n), which
    // also makes the right shifts links; no self-loops, no link twice.
    M.Dims = {Spec.Dim};
    unsigned N = 1u << Spec.Dim;
    Processors(N);
    llvm::DenseSet<uint64_t> Seen;
    for (unsigned X = 0; X < N; ++X)
      for (unsigned Bit = 0; Bit < 2; ++Bit) {
        unsigned Y = (2 * X + Bit) % N;
        if (X == Y || !Seen.insert(uint64_t(std::min(X, Y)) << 32 | std::max(X, Y)).second)
          continue;
        B.addLink({std::min(X, Y), std::max(X, Y)});
      }
    break;
  }
  case TopologyKind::Crossbar: {
    Processors(Spec.NodeCount);
    unsigned Hub = B.addSwitch("crossbar");
    for (unsigned I = 0; I < Spec.NodeCount; ++I)
      B.addLink({I, Hub});
    break;
  }
  case TopologyKind::Omega:
  case TopologyKind::Butterfly: {
    // Processors 0..N-1, then dim stages of N/2 2x2 switches. Processor p
    // feeds stage 0 through its own link; the switches' outputs of the last
    // stage reach the processors through links of their own.
    M.Dims = {Spec.Dim};
    unsigned N = 1u << Spec.Dim, Half = N / 2;
    Processors(N);
    for (unsigned Stage = 0; Stage < Spec.Dim; ++Stage)
      for (unsigned S = 0; S < Half; ++S)
        B.addSwitch("switch" + std::to_string(Stage) + "." + std::to_string(S));
    bool Omega = Spec.Kind == TopologyKind::Omega;
    auto SwitchOf = [&](unsigned Stage, unsigned Line) {
      unsigned Index;
      if (Omega) {
        Index = Line >> 1;
      } else {
        unsigned Bit = Spec.Dim - 1 - Stage;
        Index = ((Line >> (Bit + 1)) << Bit) | (Line & ((1u << Bit) - 1));
      }
      return N + Stage * Half + Index;
    };
    auto Shuffle = [&](unsigned Line) {
      return Omega ? ((Line << 1) | (Line >> (Spec.Dim - 1))) & (N - 1) : Line;
    };
    for (unsigned P = 0; P < N; ++P)
      B.addLink({P, SwitchOf(0, Shuffle(P))});
    for (unsigned Stage = 0; Stage + 1 < Spec.Dim; ++Stage)
      for (unsigned Line = 0; Line < N; ++Line)
        B.addLink({SwitchOf(Stage, Line), SwitchOf(Stage + 1, Shuffle(Line))});
    for (unsigned Line = 0; Line < N; ++Line)
      B.addLink({SwitchOf(Spec.Dim - 1, Line), Line});
    break;
  }
  case TopologyKind::Explicit:
    llvm_unreachable("explicit machines are read, not generated");
  }
  return llvm::Error::success();
}

//===----------------------------------------------------------------------===//
// Routing
//===----------------------------------------------------------------------===//

/// What route() needs: for shortest-path routing a next-hop table computed
/// once (a breadth-first search from every processor); for the other kinds,
/// the links by position, as their routes are a function of the numbers.
struct Machine::RouteTable {
  unsigned Diameter = 0;
  // Dimension order: the grid, and the link from each node to the next one
  // in each dimension (Grid.size() per node; -1 when there is none).
  std::vector<unsigned> Grid;
  bool Wrap = false;
  std::vector<int> NextLink;
  // Shortest path: the hop from each node towards each processor,
  // Hops[node * P + processor number].
  std::vector<unsigned> ProcessorNumber; ///< by node; ~0u for non-processors
  std::vector<Hop> Hops;
};

Machine::Machine() = default;
Machine::Machine(Machine &&) = default;
Machine &Machine::operator=(Machine &&) = default;
Machine::~Machine() = default;

std::optional<unsigned> Machine::linkBetween(unsigned A, unsigned B) const {
  for (unsigned I = IncidentOffsets[A]; I < IncidentOffsets[A + 1]; ++I)
    if (IncidentFar[I] == B ||
        (IncidentFar[I] == ~0u && llvm::is_contained(Links[IncidentLinks[I]].Ends, B)))
      return IncidentLinks[I];
  return std::nullopt;
}

void Machine::prepareRoutes() {
  // The links at each node, in one array indexed by node (CSR).
  IncidentOffsets.assign(Nodes.size() + 1, 0);
  for (const MachineLink &L : Links)
    for (unsigned A : L.Ends)
      ++IncidentOffsets[A + 1];
  for (size_t I = 0; I < Nodes.size(); ++I)
    IncidentOffsets[I + 1] += IncidentOffsets[I];
  IncidentLinks.resize(IncidentOffsets.back());
  IncidentFar.resize(IncidentOffsets.back());
  std::vector<unsigned> Fill(IncidentOffsets.begin(), IncidentOffsets.end() - 1);
  for (unsigned L = 0; L < Links.size(); ++L) {
    const auto &Ends = Links[L].Ends;
    for (unsigned A : Ends) {
      IncidentFar[Fill[A]] = Ends.size() != 2 ? ~0u : Ends[0] == A ? Ends[1] : Ends[0];
      IncidentLinks[Fill[A]++] = L;
    }
  }

  Routes = std::make_unique<RouteTable>();
  RouteTable &T = *Routes;
  unsigned N = Nodes.size(), P = Processors.size();
  switch (Routing) {
  case RoutingKind::DimensionOrder: {
    T.Grid = Topology == TopologyKind::Hypercube ? std::vector<unsigned>(Dims[0], 2) : Dims;
    T.Wrap = Topology == TopologyKind::Torus || Topology == TopologyKind::Ring;
    unsigned D = T.Grid.size();
    T.NextLink.assign(N * D, -1);
    for (unsigned L = 0; L < Links.size(); ++L) {
      unsigned A = Links[L].Ends[0], B = Links[L].Ends[1];
      unsigned Stride = 1;
      for (unsigned K = 0; K < D; ++K) {
        unsigned XA = A / Stride % T.Grid[K], XB = B / Stride % T.Grid[K];
        if (A - XA * Stride == B - XB * Stride) { // they differ in dimension K only
          unsigned From = (XA + 1) % T.Grid[K] == XB ? A : B;
          T.NextLink[From * D + K] = L;
          break;
        }
        Stride *= T.Grid[K];
      }
    }
    for (unsigned K : T.Grid)
      T.Diameter += T.Wrap ? K / 2 : K - 1;
    break;
  }
  case RoutingKind::Shift:
  case RoutingKind::DestinationTag:
    T.Diameter = Routing == RoutingKind::Shift ? Dims[0] : Dims[0] + 1;
    break;
  case RoutingKind::ShortestPath: {
    // A breadth-first search from each processor over nodes and links: a
    // shared link (bus, segment) is crossed from the first of its ends the
    // search reaches, which is the end nearest the destination. A node's hop
    // is then a link whose nearest end is one step nearer; among several,
    // the pair's numbers pick one, so that equal routes (parallel buses)
    // share the load. Written here rather than with Boost.Graph's BFS: a
    // bus is a hyperedge, searched once per destination over its ends,
    // where a graph of node pairs would need every pair on the bus.
    T.ProcessorNumber.assign(N, ~0u);
    for (unsigned I = 0; I < P; ++I)
      T.ProcessorNumber[Processors[I]] = I;
    T.Hops.assign(size_t(N) * P, Hop{~0u, ~0u});
    std::vector<int> Dist(N);
    std::vector<int> Entry(Links.size());
    std::vector<unsigned> Queue;
    std::vector<unsigned> Candidates;
    for (unsigned I = 0; I < P; ++I) {
      unsigned Dest = Processors[I];
      std::fill(Dist.begin(), Dist.end(), -1);
      std::fill(Entry.begin(), Entry.end(), -1);
      Queue.assign(1, Dest);
      Dist[Dest] = 0;
      for (size_t Q = 0; Q < Queue.size(); ++Q) {
        unsigned U = Queue[Q];
        for (unsigned L : linksAt(U)) {
          if (Entry[L] >= 0)
            continue;
          Entry[L] = U;
          for (unsigned V : Links[L].Ends)
            if (Dist[V] < 0) {
              Dist[V] = Dist[U] + 1;
              Queue.push_back(V);
            }
        }
      }
      for (unsigned C = 0; C < N; ++C) {
        if (C == Dest || Dist[C] < 0)
          continue;
        if (T.ProcessorNumber[C] != ~0u)
          T.Diameter = std::max<unsigned>(T.Diameter, Dist[C]);
        Candidates.clear();
        for (unsigned L : linksAt(C))
          if (Dist[Entry[L]] == Dist[C] - 1)
            Candidates.push_back(L);
        unsigned L = Candidates[(C + Dest) % Candidates.size()];
        T.Hops[size_t(C) * P + I] = Hop{L, unsigned(Entry[L])};
      }
    }
    break;
  }
  }
}

void Machine::route(unsigned From, unsigned To, std::vector<Hop> &Out) const {
  Out.clear();
  const RouteTable &T = *Routes;
  switch (Routing) {
  case RoutingKind::DimensionOrder: {
    unsigned D = T.Grid.size();
    unsigned Cur = From, Stride = 1;
    for (unsigned K = 0; K < D; ++K) {
      unsigned Size = T.Grid[K];
      unsigned X = Cur / Stride % Size, Goal = To / Stride % Size;
      // On a ring, the shorter way round; a tie goes up. (A ring of two
      // has one link, and no way round.)
      bool Up = Goal > X;
      if (T.Wrap && Size > 2) {
        unsigned Forward = (Goal + Size - X) % Size;
        Up = Forward <= Size - Forward;
      }
      while (X != Goal) {
        unsigned NextX = Up ? (X + 1) % Size : (X + Size - 1) % Size;
        unsigned Next = Cur - X * Stride + NextX * Stride;
        int L = Up ? T.NextLink[Cur * D + K] : T.NextLink[Next * D + K];
        Out.push_back({unsigned(L), Next});
        Cur = Next;
        X = NextX;
      }
      Stride *= Size;
    }
    return;
  }
  case RoutingKind::Shift: {
    // Left shifts bring the destination's bits in from the right; the route
    // skips the longest suffix of the source that is already a prefix of
    // the destination (seed 003 §3).
    unsigned Bits = Dims[0], Mask = (1u << Bits) - 1;
    unsigned Overlap = Bits;
    while (Overlap > 0 && (From & ((1u << Overlap) - 1)) != (To >> (Bits - Overlap)))
      --Overlap;
    if (From == To)
      return;
    unsigned Cur = From;
    for (unsigned I = Overlap; I < Bits; ++I) {
      unsigned Bit = (To >> (Bits - 1 - I)) & 1;
      unsigned Next = ((Cur << 1) | Bit) & Mask;
      // The overlap is the longest, so no step lands where it started.
      assert(Next != Cur && "a de Bruijn route through a self-loop");
      Out.push_back({*linkBetween(Cur, Next), Next});
      Cur = Next;
    }
    return;
  }
  case RoutingKind::DestinationTag: {
    // Stage i of an omega network sets bit 0 of the shuffled line to bit
    // dim-1-i of the destination; a butterfly's stage i sets bit dim-1-i.
    // A switch's output line decides its link, whatever input came in.
    if (From == To)
      return;
    unsigned Bits = Dims[0];
    // Each link of these networks has two ends.
    auto Across = [&](unsigned L, unsigned Node) {
      const auto &Ends = Links[L].Ends;
      return Hop{L, Ends[0] == Node ? Ends[1] : Ends[0]};
    };
    Out.push_back(Across(linksAt(From)[0], From));
    for (unsigned Stage = 0; Stage < Bits; ++Stage) {
      unsigned Switch = Out.back().To;
      unsigned Bit = (To >> (Bits - 1 - Stage)) & 1;
      // The switch's two outputs were linked in line order: the lower line
      // first, so its outgoing links are the last two of its links (its
      // inputs come first).
      llvm::ArrayRef<unsigned> At = linksAt(Switch);
      Out.push_back(Across(At[At.size() - 2 + Bit], Switch));
    }
    return;
  }
  case RoutingKind::ShortestPath: {
    unsigned I = T.ProcessorNumber[To];
    unsigned P = Processors.size();
    for (unsigned Cur = From; Cur != To;) {
      const Hop &H = T.Hops[size_t(Cur) * P + I];
      Out.push_back(H);
      Cur = H.To;
    }
    return;
  }
  }
}

std::vector<Hop> Machine::route(unsigned From, unsigned To) const {
  std::vector<Hop> Out;
  route(From, To, Out);
  return Out;
}

unsigned Machine::channel(unsigned FromNode, const Hop &H) const {
  const MachineLink &L = Links[H.Link];
  if (DirectedChannels && !L.isShared() && FromNode != L.Ends[0])
    return 2 * H.Link + 1;
  return 2 * H.Link;
}

unsigned Machine::diameter() const { return Routes->Diameter; }
