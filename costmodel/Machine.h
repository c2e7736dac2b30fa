/// \file
/// A parallel or distributed machine as the IPC cost model of seed 004
/// (chapters 5 and 6) sees it: processor nodes and the intermediate nodes
/// (bridges, switches) between them, links with their time per byte and
/// busy-wait behaviour, a switching technique, and one deterministic route per
/// ordered pair of nodes. Machines are written by hand in YAML
/// (docs/machine-format.md) and read by loadMachine().
#ifndef CLEAVE_COSTMODEL_MACHINE_H
#define CLEAVE_COSTMODEL_MACHINE_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace cleave {

enum class TopologyKind {
  Ethernet,       ///< one shared serial link per segment; bridges join segments
  Bus,            ///< one shared parallel bus
  MultipleBus,    ///< several buses, each reaching every node (eq. 16)
  Mesh,           ///< 2-D or 3-D grid
  Torus,          ///< 2-D or 3-D grid with wrap-around links
  Ring,           ///< a 1-D torus
  Star,           ///< node 0 linked to every other node
  Tree,           ///< a complete k-ary tree of processors, filled level by level
  Hypercube,      ///< 2^dim nodes, linked when their numbers differ in one bit
  DeBruijn,       ///< binary de Bruijn network BDG(dim) (seed 003 §3)
  Crossbar,       ///< one port link per processor into a switch
  Omega,          ///< shuffle-exchange multistage network of 2x2 switches
  Butterfly,      ///< butterfly multistage network of 2x2 switches
  FullyConnected, ///< a link between every pair of processors
  Explicit,       ///< nodes and links listed one by one
};

enum class SwitchingKind { StoreAndForward, Wormhole, Circuit, VirtualCutThrough };

enum class RoutingKind {
  DimensionOrder, ///< meshes, tori, rings, hypercubes: lowest dimension first
  ShortestPath,   ///< fewest links (breadth-first search), ties spread by pair
  Shift,          ///< de Bruijn: shift the destination's bits in from the right
  DestinationTag, ///< multistage networks: each stage switches on one bit
};

/// The busy-wait function B_y of eq. (7), of the link's utilization.
enum class BusyKind {
  None,  ///< B = 0
  MM1,   ///< B(rho) = t_pkt rho / (1 - rho), t_pkt = packet bytes x C_y
  Table, ///< piecewise linear through measured (utilization, seconds) points
};

llvm::StringRef topologyName(TopologyKind K);
llvm::StringRef switchingName(SwitchingKind K);
llvm::StringRef routingName(RoutingKind K);
llvm::StringRef busyName(BusyKind K);

struct MachineNode {
  std::string Name;       ///< "n3", or the name the file gives
  bool Processor = true;  ///< false for bridges, bus couplers and switches
  double Speed = 1.0;     ///< relative compute power: work seconds / Speed
  double SendOverheadS;   ///< S_j of eq. (8)
  double RecvOverheadS;   ///< R_k of eq. (8)
  double ForwardDelayS;   ///< A_z of eq. (8), when a route passes through it
  /// A message between two tasks on this node (seed 004 §4.4: never zero):
  /// the overhead per message and the copy time per byte.
  double LocalMessageS;
  double LocalByteTimeS;
  std::string DataFormat = "native"; ///< native, big-endian or little-endian
  std::vector<std::string> Resources; ///< disk, display, ...: pin tasks here
};

struct BusyPoint {
  double Utilization;
  double WaitS;
};

struct MachineLink {
  /// The nodes it joins: two for a point-to-point link, every attached node
  /// for a bus or an Ethernet segment.
  llvm::SmallVector<unsigned, 2> Ends;
  double ByteTimeS;              ///< C_y of eq. (9)
  BusyKind Busy = BusyKind::MM1; ///< B_y of eq. (7)
  std::vector<BusyPoint> BusyTable;
  unsigned PacketBytes = 1024;   ///< a packet on the wire, header included
  unsigned HeaderBytes = 0;      ///< protocol bytes per packet
  /// Measured average utilization by other programs (seed 004 §2.2), in
  /// [0, 1); adds BackgroundUtilization x E_y / C_y bytes to T_y.
  double BackgroundUtilization = 0;

  /// A bus or Ethernet segment: one channel for every node on it, even
  /// with two (directed channels apply to point-to-point links only).
  bool Shared = false;

  bool isShared() const { return Shared || Ends.size() > 2; }
  /// The bytes a message of \p Payload bytes puts on this link: the payload
  /// and a header per packet (M_ijk includes protocol bytes, seed 004 §5.2).
  double wireBytes(double Payload) const;
  /// B_y at utilization \p Rho (eq. 7); a saturated link (Rho >= 1) is priced
  /// at SaturationCap.
  double busyWait(double Rho) const;
  static constexpr double SaturationCap = 0.95;
};

/// One hop of a route: the link taken and the node it reaches.
struct Hop {
  unsigned Link;
  unsigned To;
};

struct Machine {
  std::string Name;
  std::string File; ///< where it was read from, for messages
  TopologyKind Topology = TopologyKind::Explicit;
  std::vector<unsigned> Dims; ///< mesh and torus sizes; {dim} for hypercube, de Bruijn, omega
  SwitchingKind Switching = SwitchingKind::StoreAndForward;
  RoutingKind Routing = RoutingKind::ShortestPath;
  /// Each point-to-point link has one channel per direction; otherwise one
  /// channel carries both directions (contention and traffic are per channel).
  bool DirectedChannels = false;
  std::vector<MachineNode> Nodes;
  std::vector<MachineLink> Links;
  /// The processors, by number: tasks are placed on Processors[p]. Generated
  /// topologies number processors first, so Processors[p] == p.
  std::vector<unsigned> Processors;

  Machine();
  Machine(Machine &&);
  Machine &operator=(Machine &&);
  ~Machine();

  /// The route from node \p From to node \p To, hop by hop (empty when they
  /// are the same node). Deterministic, one path per ordered pair (seed 004
  /// §5.2); the route back may differ.
  void route(unsigned From, unsigned To, std::vector<Hop> &Out) const;
  std::vector<Hop> route(unsigned From, unsigned To) const;
  /// The channel a hop uses: the link, and with directed channels the
  /// direction it is crossed in.
  unsigned channel(unsigned FromNode, const Hop &H) const;
  unsigned channelCount() const { return Links.size() * 2; }
  /// The longest route between two processors, in links.
  unsigned diameter() const;
  /// Builds the index of links by node and the route tables; called once
  /// when the machine is read.
  void prepareRoutes();
  /// The links at \p Node, in link order.
  llvm::ArrayRef<unsigned> linksAt(unsigned Node) const {
    return llvm::ArrayRef<unsigned>(IncidentLinks).slice(
        IncidentOffsets[Node], IncidentOffsets[Node + 1] - IncidentOffsets[Node]);
  }
  /// The first link that joins \p A and \p B, if any.
  std::optional<unsigned> linkBetween(unsigned A, unsigned B) const;

private:
  struct RouteTable;
  std::unique_ptr<RouteTable> Routes;
  /// linksAt(N) is IncidentLinks[IncidentOffsets[N], IncidentOffsets[N + 1]);
  /// IncidentFar holds, beside each, the link's other end (~0u for a shared
  /// link), so that linkBetween reads no link.
  std::vector<unsigned> IncidentOffsets, IncidentLinks, IncidentFar;
};

/// Reads and checks a machine description in YAML (\p Name is the file name
/// used in messages). Errors name the file, line and key; nothing half-read
/// is returned. costmodel/Files.h reads Scotch target files too.
llvm::Expected<Machine> parseMachineYAML(llvm::StringRef Text, llvm::StringRef Name);

} // namespace cleave

#endif
