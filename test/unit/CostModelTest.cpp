// The machine descriptions, routes and the IPC cost function, against
// arithmetic done by hand in each test.
#include "costmodel/Cost.h"
#include "costmodel/Files.h"

#include "gtest/gtest.h"
#include "test/unit/TestMachine.h"

#include <set>

using namespace cleave;

namespace {

std::string machineError(const std::string &Text) {
  auto M = parseMachine(Text, "test.yaml");
  if (M)
    return "no error";
  return llvm::toString(M.takeError());
}

std::vector<unsigned> path(const Machine &M, unsigned From, unsigned To) {
  std::vector<unsigned> Nodes{From};
  for (const Hop &H : M.route(From, To))
    Nodes.push_back(H.To);
  return Nodes;
}

TaskGraph tasks(std::vector<std::pair<std::string, double>> Work) {
  TaskGraph G;
  for (auto &[Name, W] : Work)
    G.Tasks.push_back({Name, W, {}});
  return G;
}

void edge(TaskGraph &G, unsigned From, unsigned To, double Count, double Bytes,
          unsigned Phase = 0) {
  TaskEdge E;
  E.From = From;
  E.To = To;
  E.Messages.push_back({Count, Bytes});
  E.Phase = Phase;
  G.Edges.push_back(E);
}

const PairCost &pair(const CostReport &R, unsigned From, unsigned To) {
  for (const PairCost &C : R.Pairs)
    if (C.From == From && C.To == To)
      return C;
  ADD_FAILURE() << "no pair " << From << " -> " << To;
  return R.Pairs.front();
}

// Every route of every pair of processors is a walk along the machine's
// links that ends at the destination and is no longer than the diameter.
void expectValidRoutes(const Machine &M) {
  unsigned Longest = 0;
  for (unsigned A : M.Processors)
    for (unsigned B : M.Processors) {
      unsigned Cur = A;
      std::vector<Hop> Route = M.route(A, B);
      for (const Hop &H : Route) {
        const auto &Ends = M.Links[H.Link].Ends;
        ASSERT_TRUE(llvm::is_contained(Ends, Cur)) << A << "->" << B;
        ASSERT_TRUE(llvm::is_contained(Ends, H.To)) << A << "->" << B;
        Cur = H.To;
      }
      EXPECT_EQ(Cur, B);
      Longest = std::max<unsigned>(Longest, Route.size());
    }
  EXPECT_EQ(Longest, M.diameter());
}

const char *Defaults = "node_defaults: {send_overhead_s: 10e-6, recv_overhead_s: 20e-6, "
                       "forward_delay_s: 5e-6, local_message_s: 1e-6, local_byte_time_s: 1e-9}\n";

TEST(Topology, MeshDimensionOrder) {
  Machine M = machine("name: m\ntopology: {kind: mesh, dims: [4, 4]}\n");
  EXPECT_EQ(M.Nodes.size(), 16u);
  EXPECT_EQ(M.Links.size(), 24u); // 2 x 4 rows of 3 links
  EXPECT_EQ(M.diameter(), 6u);
  // x first (along the row), then y.
  EXPECT_EQ(path(M, 0, 15), (std::vector<unsigned>{0, 1, 2, 3, 7, 11, 15}));
  EXPECT_EQ(path(M, 15, 0), (std::vector<unsigned>{15, 14, 13, 12, 8, 4, 0}));
  expectValidRoutes(M);
}

TEST(Topology, TorusWrapsTheShortWay) {
  Machine M = machine("name: t\ntopology: {kind: torus, dims: [4, 4]}\n");
  EXPECT_EQ(M.Links.size(), 32u);
  EXPECT_EQ(M.diameter(), 4u);
  EXPECT_EQ(path(M, 0, 3), (std::vector<unsigned>{0, 3}));
  // A tie (2 either way) goes up.
  EXPECT_EQ(path(M, 0, 2), (std::vector<unsigned>{0, 1, 2}));
  expectValidRoutes(M);
  // Size 2 in a dimension: one link, not two.
  Machine Cube = machine("name: c\ntopology: {kind: torus, dims: [2, 2, 2]}\n");
  EXPECT_EQ(Cube.Links.size(), 12u);
  EXPECT_EQ(Cube.diameter(), 3u);
  expectValidRoutes(Cube);
}

TEST(Topology, RingHypercubeStarTreeFull) {
  Machine Ring = machine("name: r\ntopology: {kind: ring, nodes: 5}\n");
  EXPECT_EQ(Ring.Links.size(), 5u);
  EXPECT_EQ(Ring.diameter(), 2u);
  expectValidRoutes(Ring);

  Machine Cube = machine("name: h\ntopology: {kind: hypercube, dim: 3}\n");
  EXPECT_EQ(Cube.Nodes.size(), 8u);
  EXPECT_EQ(Cube.Links.size(), 12u);
  EXPECT_EQ(Cube.diameter(), 3u);
  EXPECT_EQ(path(Cube, 0, 7), (std::vector<unsigned>{0, 1, 3, 7})); // lowest bit first
  expectValidRoutes(Cube);

  Machine Star = machine("name: s\ntopology: {kind: star, nodes: 5}\n");
  EXPECT_EQ(Star.Links.size(), 4u);
  EXPECT_EQ(path(Star, 2, 4), (std::vector<unsigned>{2, 0, 4}));
  expectValidRoutes(Star);

  Machine Tree = machine("name: t\ntopology: {kind: tree, nodes: 7, arity: 2}\n");
  EXPECT_EQ(Tree.Links.size(), 6u);
  EXPECT_EQ(Tree.diameter(), 4u); // leaf 3 to leaf 6: 3 1 0 2 6
  EXPECT_EQ(path(Tree, 3, 6), (std::vector<unsigned>{3, 1, 0, 2, 6}));
  expectValidRoutes(Tree);

  Machine Full = machine("name: f\ntopology: {kind: fully-connected, nodes: 4}\n");
  EXPECT_EQ(Full.Links.size(), 6u);
  EXPECT_EQ(Full.diameter(), 1u);
  expectValidRoutes(Full);
}

TEST(Topology, DeBruijnShiftRouting) {
  Machine M = machine("name: d\ntopology: {kind: debruijn, dim: 3}\n");
  EXPECT_EQ(M.Nodes.size(), 8u);
  // x links to 2x and 2x+1 mod 8: 16 shifts less the self-loops of 000 and
  // 111 and the shift 010 <-> 101 found from both ends.
  EXPECT_EQ(M.Links.size(), 13u);
  EXPECT_EQ(M.diameter(), 3u);
  EXPECT_EQ(path(M, 0, 7), (std::vector<unsigned>{0, 1, 3, 7}));
  // 110 -> 101: "10" is already in place, one shift brings the 1.
  EXPECT_EQ(path(M, 6, 5), (std::vector<unsigned>{6, 5}));
  expectValidRoutes(M);
}

TEST(Topology, MultistageNetworks) {
  for (const char *Kind : {"omega", "butterfly"}) {
    Machine M = machine(std::string("name: m\ntopology: {kind: ") + Kind + ", dim: 3}\n");
    EXPECT_EQ(M.Processors.size(), 8u) << Kind;
    EXPECT_EQ(M.Nodes.size(), 8u + 3 * 4) << Kind;
    EXPECT_EQ(M.Links.size(), 8u + 2 * 8 + 8) << Kind; // in, between stages, out
    EXPECT_EQ(M.diameter(), 4u) << Kind;
    expectValidRoutes(M);
    // Every route crosses each stage once: three switches, four links.
    for (unsigned B = 1; B < 8; ++B) {
      auto Route = M.route(0, B);
      EXPECT_EQ(Route.size(), 4u) << Kind;
      for (unsigned I = 0; I < 3; ++I)
        EXPECT_FALSE(M.Nodes[Route[I].To].Processor) << Kind;
    }
  }
}

TEST(Topology, BusesCrossbarEthernet) {
  Machine Bus = machine("name: b\ntopology: {kind: bus, nodes: 4}\n");
  EXPECT_EQ(Bus.Links.size(), 1u);
  EXPECT_EQ(Bus.diameter(), 1u);
  expectValidRoutes(Bus);

  // Parallel buses: each pair keeps one bus, and the pairs spread over both.
  Machine Multi = machine("name: m\ntopology: {kind: multiple-bus, nodes: 4, buses: 2}\n");
  EXPECT_EQ(Multi.Links.size(), 2u);
  std::set<unsigned> BusesUsed;
  for (unsigned A = 0; A < 4; ++A)
    for (unsigned B = 0; B < 4; ++B)
      if (A != B) {
        auto Route = Multi.route(A, B);
        ASSERT_EQ(Route.size(), 1u);
        BusesUsed.insert(Route[0].Link);
      }
  EXPECT_EQ(BusesUsed.size(), 2u);

  Machine Cross = machine("name: x\ntopology: {kind: crossbar, nodes: 4}\n");
  EXPECT_EQ(Cross.Nodes.size(), 5u);
  EXPECT_EQ(path(Cross, 1, 3), (std::vector<unsigned>{1, 4, 3}));
  expectValidRoutes(Cross);

  // Two segments of two, a bridge (node 4) between them.
  Machine Eth = machine("name: e\ntopology: {kind: ethernet, segments: [2, 2]}\n");
  EXPECT_EQ(Eth.Processors.size(), 4u);
  EXPECT_EQ(Eth.Links.size(), 2u);
  EXPECT_EQ(path(Eth, 0, 1), (std::vector<unsigned>{0, 1}));
  EXPECT_EQ(path(Eth, 0, 3), (std::vector<unsigned>{0, 4, 3}));
  EXPECT_FALSE(Eth.Nodes[4].Processor);
  expectValidRoutes(Eth);
}

TEST(Topology, ExplicitNodesAndLinks) {
  Machine M = machine("name: x\ntopology: {kind: explicit}\n"
                      "nodes: [{id: 0}, {id: 1, speed: 2}, {id: 2, processor: false}]\n"
                      "links: [{ends: [0, 2]}, {ends: [2, 1], byte_time_s: 2e-9}]\n");
  EXPECT_EQ(M.Processors, (std::vector<unsigned>{0, 1}));
  EXPECT_EQ(M.Nodes[1].Speed, 2.0);
  EXPECT_EQ(M.Links[1].ByteTimeS, 2e-9);
  EXPECT_EQ(path(M, 0, 1), (std::vector<unsigned>{0, 2, 1}));
}

TEST(Busy, ZeroAtNoLoad) {
  MachineLink L;
  L.ByteTimeS = 1e-6;
  L.PacketBytes = 1000;
  EXPECT_EQ(L.busyWait(0), 0.0);
  // M/M/1 at half load: one packet time (1000 x 1e-6 s) x 0.5 / 0.5.
  EXPECT_DOUBLE_EQ(L.busyWait(0.5), 1e-3);
  // Saturated: priced at the cap, 0.95 / 0.05 = 19 packet times.
  EXPECT_NEAR(L.busyWait(1.5), 19e-3, 1e-15);
  L.Busy = BusyKind::Table;
  L.BusyTable = {{0.5, 2e-3}, {1.0, 6e-3}};
  EXPECT_EQ(L.busyWait(0), 0.0);
  EXPECT_DOUBLE_EQ(L.busyWait(0.25), 1e-3);  // halfway from (0, 0) to (0.5, 2e-3)
  EXPECT_DOUBLE_EQ(L.busyWait(0.75), 4e-3);  // halfway from 2e-3 to 6e-3
  L.Busy = BusyKind::None;
  EXPECT_EQ(L.busyWait(0.9), 0.0);
}

TEST(Busy, WireBytesAddAHeaderPerPacket) {
  MachineLink L;
  L.PacketBytes = 100;
  L.HeaderBytes = 20; // 80 payload bytes a packet
  EXPECT_EQ(L.wireBytes(0), 20.0);    // an empty message is still one packet
  EXPECT_EQ(L.wireBytes(80), 100.0);
  EXPECT_EQ(L.wireBytes(81), 121.0);  // two packets
}

// Eqs. (12)-(15): on one Ethernet segment every pair uses the one link and
// no intermediate node; the general function must give the same numbers.
TEST(Cost, EthernetReduction) {
  Machine M = machine(std::string("name: e\ntopology: {kind: ethernet, nodes: 3}\n") + Defaults +
                      "link_defaults: {byte_time_s: 1e-6, busy: mm1, packet_bytes: 1024}\n");
  TaskGraph G = tasks({{"a", 0}, {"b", 0}, {"c", 0}});
  edge(G, 0, 1, 2, 100);
  edge(G, 1, 2, 1, 50);
  CostOptions O;
  O.WindowS = 1e-3;
  CostReport R = priceCommunication(M, G, {0, 1, 2}, O);
  // Eq. (12): T = 2 x 100 + 50 = 250 bytes; utilization 250 x 1e-6 / 1e-3.
  ASSERT_EQ(R.Channels.size(), 1u);
  EXPECT_DOUBLE_EQ(R.Channels[0].Bytes, 250);
  EXPECT_DOUBLE_EQ(R.Channels[0].Utilization, 0.25);
  double B = 1024 * 1e-6 * 0.25 / 0.75; // M/M/1, one packet of service
  const PairCost &AB = pair(R, 0, 1), &BC = pair(R, 1, 2);
  EXPECT_DOUBLE_EQ(AB.G, 2 * (10e-6 + 20e-6)); // eq. (14)
  EXPECT_DOUBLE_EQ(AB.H, 200 * 1e-6);          // eq. (15)
  EXPECT_DOUBLE_EQ(AB.Q, 2 * B);               // eq. (13)
  EXPECT_DOUBLE_EQ(AB.D, AB.G + AB.Q + AB.H);  // eq. (10)
  EXPECT_DOUBLE_EQ(BC.G, 1 * (10e-6 + 20e-6));
  EXPECT_DOUBLE_EQ(BC.H, 50 * 1e-6);
  EXPECT_DOUBLE_EQ(BC.Q, B);
  EXPECT_DOUBLE_EQ(R.Total, AB.D + BC.D); // eq. (11)
}

// Eq. (16): parallel buses, no intermediate node: G = W (S + R), and H the
// bytes at the speed of the one bus the pair uses.
TEST(Cost, MultipleBus) {
  Machine M = machine(std::string("name: m\ntopology: {kind: multiple-bus, nodes: 4, buses: 2}\n") +
                      Defaults + "link_defaults: {byte_time_s: 2e-6, busy: none}\n");
  TaskGraph G = tasks({{"a", 0}, {"b", 0}});
  edge(G, 0, 1, 3, 10);
  CostReport R = priceCommunication(M, G, {0, 3}, {});
  EXPECT_DOUBLE_EQ(R.Pairs[0].G, 3 * (10e-6 + 20e-6));
  EXPECT_DOUBLE_EQ(R.Pairs[0].H, 30 * 2e-6);
  EXPECT_EQ(R.Pairs[0].Hops, 1u);
}

// Bridged Ethernet (seed 004 §6.2.1): the bridge is an intermediate node,
// and the message crosses both segments.
TEST(Cost, EthernetBridgeDelay) {
  Machine M = machine(std::string("name: e\ntopology: {kind: ethernet, segments: [2, 2]}\n") +
                      Defaults + "switch_defaults: {forward_delay_s: 7e-6}\n"
                      "link_defaults: {byte_time_s: 1e-6, busy: none}\n");
  TaskGraph G = tasks({{"a", 0}, {"b", 0}});
  edge(G, 0, 1, 1, 100);
  CostReport R = priceCommunication(M, G, {0, 3}, {});
  EXPECT_DOUBLE_EQ(R.Pairs[0].G, 10e-6 + 20e-6 + 7e-6);
  EXPECT_DOUBLE_EQ(R.Pairs[0].H, 2 * 100 * 1e-6);
  EXPECT_EQ(R.Channels.size(), 2u);
}

// Full-duplex links: traffic each way is counted on its own channel.
TEST(Cost, DirectedChannels) {
  for (bool Directed : {false, true}) {
    Machine M = machine(std::string("name: r\ntopology: {kind: ring, nodes: 4}\n"
                                    "directed_channels: ") +
                        (Directed ? "true" : "false") + "\n");
    TaskGraph G = tasks({{"a", 0}, {"b", 0}});
    edge(G, 0, 1, 1, 1000);
    edge(G, 1, 0, 1, 1000);
    CostOptions O;
    O.WindowS = 1e-3;
    CostReport R = priceCommunication(M, G, {0, 1}, O);
    ASSERT_EQ(R.Channels.size(), Directed ? 2u : 1u);
    EXPECT_DOUBLE_EQ(R.Channels[0].Bytes, Directed ? 1000 : 2000);
  }
}

// A chain n0 - n1 - n2 whose links take 1 and 3 microseconds a byte.
std::string chain(const char *Switching) {
  return std::string("name: c\ntopology: {kind: tree, nodes: 3, arity: 1}\nswitching: ") +
         Switching + "\n" + Defaults +
         "link_defaults: {byte_time_s: 1e-6, busy: none}\n"
         "links: [{ends: [1, 2], byte_time_s: 3e-6}]\n";
}

TEST(Cost, StoreAndForwardAndCircuit) {
  TaskGraph G = tasks({{"a", 0}, {"b", 0}});
  edge(G, 0, 1, 1, 100);
  // Eq. (8): S + R + A of the node passed.
  double Overheads = 10e-6 + 20e-6 + 5e-6;
  Machine SF = machine(chain("store-and-forward"));
  CostReport R = priceCommunication(SF, G, {0, 2}, {});
  EXPECT_DOUBLE_EQ(R.Pairs[0].G, Overheads);
  EXPECT_DOUBLE_EQ(R.Pairs[0].H, 100 * (1e-6 + 3e-6)); // eq. (9)
  // Eq. (17): the first byte crosses both links, 99 more at the slower pace.
  Machine Circuit = machine(chain("circuit"));
  R = priceCommunication(Circuit, G, {0, 2}, {});
  EXPECT_DOUBLE_EQ(R.Pairs[0].G, Overheads);
  EXPECT_DOUBLE_EQ(R.Pairs[0].H, (1e-6 + 3e-6) + 99 * 3e-6);
  // Per message: five messages cost five times one.
  G.Edges[0].Messages[0].Count = 5;
  R = priceCommunication(Circuit, G, {0, 2}, {});
  EXPECT_DOUBLE_EQ(R.Pairs[0].H, 5 * ((1e-6 + 3e-6) + 99 * 3e-6));
}

TEST(Cost, VirtualCutThroughBetweenTheTwo) {
  TaskGraph G = tasks({{"a", 0}, {"b", 0}});
  edge(G, 0, 1, 1, 100);
  CostOptions Idle, Busy;
  Idle.WindowS = 1e6; // next to no load: it cuts through
  Busy.WindowS = 100 * 4e-6;
  Machine VCT = machine(chain("virtual-cut-through"));
  double CutThrough = (1e-6 + 3e-6) + 99 * 3e-6;
  double Free = priceCommunication(VCT, G, {0, 2}, Idle).Pairs[0].H;
  EXPECT_NEAR(Free, CutThrough, 1e-12);
  // The second link busy a quarter of the window (100 x 3e-6 of 400e-6):
  // a quarter of a stored hop's 99 bytes more.
  double Loaded = priceCommunication(VCT, G, {0, 2}, Busy).Pairs[0].H;
  EXPECT_DOUBLE_EQ(Loaded, CutThrough + 0.75 * 99 * 3e-6);
}

TEST(Cost, SameNodeIsNotFree) {
  Machine M = machine(std::string("name: r\ntopology: {kind: ring, nodes: 4}\n") + Defaults);
  TaskGraph G = tasks({{"a", 0}, {"b", 0}});
  edge(G, 0, 1, 3, 1000);
  CostReport R = priceCommunication(M, G, {2, 2}, {});
  EXPECT_TRUE(R.Pairs[0].SameNode);
  EXPECT_DOUBLE_EQ(R.Pairs[0].G, 3 * 1e-6);
  EXPECT_DOUBLE_EQ(R.Pairs[0].H, 3000 * 1e-9);
  EXPECT_GT(R.Pairs[0].D, 0);
  EXPECT_TRUE(R.Channels.empty());
  // A machine file may not make it free.
  EXPECT_NE(machineError("name: r\ntopology: {kind: ring, nodes: 4}\n"
                         "node_defaults: {local_message_s: 0}\n")
                .find("test.yaml:3:34: 'local_message_s' must be positive"),
            std::string::npos);
}

// Store-and-forward pays every byte on every hop; wormhole pays the path once.
TEST(Cost, DistanceMattersOnlyToStoreAndForward) {
  for (const char *Switching : {"store-and-forward", "wormhole"}) {
    Machine M = machine(std::string("name: r\ntopology: {kind: ring, nodes: 16}\nswitching: ") +
                        Switching + "\nlink_defaults: {busy: none}\n");
    TaskGraph G = tasks({{"a", 0}, {"near", 0}, {"far", 0}});
    edge(G, 0, 1, 1, 1 << 24);
    edge(G, 0, 2, 1, 1 << 24);
    CostReport R = priceCommunication(M, G, {0, 1, 8}, {});
    double Ratio = pair(R, 0, 2).D / pair(R, 0, 1).D;
    if (std::string(Switching) == "wormhole") {
      EXPECT_LT(Ratio, 1.01);
    } else {
      EXPECT_GT(Ratio, 7.9);
      EXPECT_LT(Ratio, 8.0);
    }
  }
}

TEST(Cost, BusyWaitGrowsWithTraffic) {
  Machine M = machine("name: b\ntopology: {kind: bus, nodes: 2}\n");
  TaskGraph G = tasks({{"a", 0}, {"b", 0}});
  edge(G, 0, 1, 1, 1000);
  CostOptions O;
  O.WindowS = 1e-3;
  double Light = priceCommunication(M, G, {0, 1}, O).Pairs[0].Q;
  G.Edges[0].Messages[0].Count = 50;
  CostReport Heavy = priceCommunication(M, G, {0, 1}, O);
  EXPECT_GT(Heavy.Pairs[0].Q / 50, Light);
  // 50 x 1000 bytes x 1e-8 s in a millisecond: half the link's time.
  EXPECT_DOUBLE_EQ(Heavy.Channels[0].Utilization, 0.5);
  EXPECT_FALSE(Heavy.Channels[0].Saturated);
  G.Edges[0].Messages[0].Count = 200;
  EXPECT_TRUE(priceCommunication(M, G, {0, 1}, O).Channels[0].Saturated);
}

TEST(Cost, BackgroundTrafficAddsToTheLink) {
  Machine M = machine("name: b\ntopology: {kind: bus, nodes: 2}\n"
                      "link_defaults: {byte_time_s: 1e-8, background_utilization: 0.25}\n");
  TaskGraph G = tasks({{"a", 0}, {"b", 0}});
  edge(G, 0, 1, 10, 1000);
  CostOptions O;
  O.WindowS = 1e-3;
  CostReport R = priceCommunication(M, G, {0, 1}, O);
  // 10^4 bytes of ours (a tenth of the window) and a quarter of background:
  // 0.25 x 1e-3 / 1e-8 = 25,000 bytes more.
  EXPECT_DOUBLE_EQ(R.Channels[0].Utilization, 0.35);
  EXPECT_DOUBLE_EQ(R.Channels[0].Bytes, 35000);
}

TEST(Cost, MakespanOverlapsIndependentWork) {
  Machine M = machine(std::string("name: b\ntopology: {kind: bus, nodes: 3}\n") + Defaults +
                      "link_defaults: {busy: none, byte_time_s: 1e-6}\n");
  // root sends to two workers of 1 s each: they run side by side.
  TaskGraph G = tasks({{"root", 0.5}, {"w1", 1}, {"w2", 1}});
  edge(G, 0, 1, 1, 100);
  edge(G, 0, 2, 1, 100);
  CostReport R = priceCommunication(M, G, {0, 1, 2}, {});
  double D = 30e-6 + 100e-6; // S + R, and 100 bytes at 1e-6
  EXPECT_DOUBLE_EQ(R.MakespanS, 0.5 + D + 1);
  EXPECT_DOUBLE_EQ(R.WindowS, R.MakespanS);
  // On one node they take turns.
  R = priceCommunication(M, G, {0, 0, 0}, {});
  EXPECT_NEAR(R.MakespanS, 2.5, 1e-3);
  // A cycle: one edge does not order its tasks.
  edge(G, 2, 0, 1, 10);
  R = priceCommunication(M, G, {0, 1, 2}, {});
  EXPECT_EQ(R.CycleEdges, 1u);
}

TEST(Cost, Comparators) {
  // The chain n0 - n1 - n2; a (2 s) on n0, b (1 s) on n1, c (3 s) on n2.
  Machine M = machine(chain("store-and-forward"));
  TaskGraph G = tasks({{"a", 2}, {"b", 1}, {"c", 3}});
  edge(G, 0, 2, 3, 10);
  edge(G, 2, 0, 1, 10);
  edge(G, 0, 1, 2, 10);
  Placement P{0, 1, 2};
  // Eq. (2): loads 2, 1, 3 around 2: imbalance 2; {n0, n2}: 4 messages x 2
  // hops, {n0, n1}: 2 x 1.
  ComparatorCost HX = compareCost(CostFunctionKind::HwangXu, M, G, P);
  EXPECT_DOUBLE_EQ(HX.Terms[0].second, 2);
  EXPECT_DOUBLE_EQ(HX.Terms[1].second, 10);
  EXPECT_DOUBLE_EQ(HX.Total, 12);
  // Eq. (3): 6 s of execution; 3 x 2 + 1 x 2 + 2 x 1 message-hops.
  ComparatorCost EZ = compareCost(CostFunctionKind::Ezzat, M, G, P);
  EXPECT_DOUBLE_EQ(EZ.Total, 6 + 10);
  // Eq. (4): n0-n1 carries 3 + 1 + 2 messages, n1-n2 3 + 1; a->c and c->a
  // cross both (10 each), a->b the first (6).
  ComparatorCost BM = compareCost(CostFunctionKind::BollingerMidkiff, M, G, P);
  EXPECT_DOUBLE_EQ(BM.Total, 26);
}

TEST(Phased, HandComputed) {
  // Phase 1: e1 (weight 4) on channels 0 and 1, e2 (weight 2) on channel 1;
  // phase 2: e3 (weight 1) on channel 2.
  PhasedMetrics P = computePhasedMetrics({{1, 4, {0, 1}}, {1, 2, {1}}, {2, 1, {2}}});
  ASSERT_EQ(P.Phases.size(), 2u);
  EXPECT_EQ(P.Phases[0].Dilation, 2u);
  EXPECT_EQ(P.Phases[0].Contention, 1u);
  EXPECT_EQ(P.Phases[0].WeightedDilation, 8);   // 4 x 2
  EXPECT_EQ(P.Phases[0].WeightedContention, 4); // e2 meets e1, of weight 4
  EXPECT_EQ(P.Phases[1].WeightedContention, 0);
  EXPECT_EQ(P.StoreForwardLarge, (8 + 4) + (1 + 0));
  EXPECT_EQ(P.WormholeLarge, (4 + 4) + (1 + 0));
  EXPECT_EQ(P.PerfectLarge, 4 + 1);
  EXPECT_EQ(P.StoreForwardSmall, (2 + 1) + (1 + 0));
  EXPECT_EQ(P.WormholeSmall, 2 + (1 + 0));
  EXPECT_DOUBLE_EQ(P.slowdownStoreForwardLarge(), 13.0 / 5);
  EXPECT_DOUBLE_EQ(P.slowdownWormholeLarge(), 9.0 / 5);
  EXPECT_DOUBLE_EQ(P.slowdownStoreForwardSmall(), 4.0 / 2);
  EXPECT_DOUBLE_EQ(P.slowdownWormholeSmall(), 3.0 / 2);
}

TEST(MachineFile, ErrorsNameLineAndKey) {
  EXPECT_EQ(machineError("name: m\ntopology: {kind: mesh, dims: [4, 4]}\n"
                         "node_defaults: {sped: 2}\n"),
            "test.yaml:3:17: unknown key 'sped' in node_defaults (expected one of: speed, "
            "send_overhead_s, recv_overhead_s, forward_delay_s, local_message_s, "
            "local_byte_time_s, data_format, resources)");
  EXPECT_EQ(machineError("name: m\ntopology: {kind: mesh}\n"),
            "test.yaml:2:11: a mesh topology needs 'dims'");
  EXPECT_EQ(machineError("topology: {kind: ring, nodes: 3}\n"),
            "test.yaml:1:1: the machine has no 'name'");
  EXPECT_EQ(machineError("name: m\ntopology: {kind: ring, nodes: 3}\n"
                         "link_defaults: {byte_time_s: -1}\n"),
            "test.yaml:3:30: 'byte_time_s' must not be negative");
  EXPECT_EQ(machineError("name: m\ntopology: {kind: explicit}\n"
                         "nodes: [{id: 0}, {id: 1}, {id: 2}]\nlinks: [{ends: [0, 1]}]\n"),
            "test.yaml:2:11: the machine is not connected: no route from node n0 to node n2");
  EXPECT_EQ(machineError("name: m\ntopology: {kind: ring, nodes: 3}\nrouting: shift\n"),
            "test.yaml:3:10: a ring topology is routed by dimension-order or shortest-path, "
            "not shift");
}

} // namespace
