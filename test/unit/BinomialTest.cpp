/// \file
/// The canned binomial-tree mappings against the results of seeds 000 and
/// 003: every metric is computed from the routed edges, never from the
/// papers' closed forms.
#include "mapping/Binomial.h"

#include "gtest/gtest.h"
#include "test/unit/TestMachine.h"

#include <algorithm>
#include <cmath>
#include <string>

using namespace cleave;

namespace {

Machine makeMachine(const std::string &Topology, const std::string &Switching = "wormhole") {
  std::string Text = "name: test\ntopology: " + Topology + "\nswitching: " + Switching + "\n";
  return machine(Text);
}

Machine meshFor(unsigned N, const std::string &Switching = "wormhole") {
  unsigned Width = 1u << ((N + 1) / 2), Height = 1u << (N / 2);
  return makeMachine("{kind: mesh, dims: [" + std::to_string(Width) + ", " +
                         std::to_string(Height) + "]}",
                     Switching);
}

BinomialMapping mustMap(unsigned N, double Alpha, const Machine &M, BinomialMappingKind K) {
  auto B = mapBinomial(N, Alpha, M, K);
  EXPECT_TRUE(bool(B)) << llvm::toString(B.takeError());
  return std::move(*B);
}

std::string errorOf(unsigned N, double Alpha, const Machine &M, BinomialMappingKind K) {
  auto B = mapBinomial(N, Alpha, M, K);
  if (B)
    return "";
  return llvm::toString(B.takeError());
}

bool isOneToOne(const BinomialMapping &B, size_t Processors) {
  std::vector<unsigned> Sorted = B.NodeOf;
  std::sort(Sorted.begin(), Sorted.end());
  for (size_t I = 0; I < Sorted.size(); ++I)
    if (Sorted[I] != I)
      return false;
  return Sorted.size() == Processors;
}

} // namespace

TEST(BinomialTree, ParentsPhasesAndWeights) {
  // Phase i: node v < 2^(i-1) activates v + 2^(i-1) with alpha^i.
  EXPECT_EQ(binomialParent(1), 0u);
  EXPECT_EQ(binomialParent(6), 2u);
  EXPECT_EQ(binomialParent(7), 3u);
  EXPECT_EQ(binomialPhase(1), 1u);
  EXPECT_EQ(binomialPhase(3), 2u);
  EXPECT_EQ(binomialPhase(4), 3u);
  EXPECT_EQ(binomialPhase(7), 3u);
  EXPECT_DOUBLE_EQ(binomialWeight(0.5, 3), 0.125);
  Machine M = makeMachine("{kind: hypercube, dim: 4}");
  BinomialMapping B = mustMap(4, 0.5, M, BinomialMappingKind::Hypercube);
  ASSERT_EQ(B.Edges.size(), 15u);
  ASSERT_EQ(B.Metrics.Phases.size(), 4u);
  for (unsigned I = 1; I <= 4; ++I) {
    EXPECT_EQ(B.Metrics.Phases[I - 1].Edges, 1u << (I - 1)); // 2^(i-1) senders
    EXPECT_DOUBLE_EQ(B.Metrics.Phases[I - 1].Weight, std::pow(0.5, I));
  }
}

TEST(BinomialReflecting, NoContentionAndWormholeSlowdownOne) {
  for (unsigned N = 1; N <= 12; ++N) {
    Machine M = meshFor(N);
    for (double Alpha : {1.0, 0.5, 0.25}) {
      BinomialMapping B = mustMap(N, Alpha, M, BinomialMappingKind::Reflecting);
      EXPECT_TRUE(isOneToOne(B, M.Processors.size())) << "n=" << N;
      for (const PhaseMetrics &P : B.Metrics.Phases) {
        EXPECT_EQ(P.Contention, 0u) << "n=" << N << " phase " << P.Phase;
        EXPECT_EQ(P.WeightedContention, 0.0);
      }
      // Seed 000 theorem 1.
      EXPECT_DOUBLE_EQ(B.Metrics.slowdownWormholeLarge(), 1.0) << "n=" << N;
      EXPECT_DOUBLE_EQ(B.Metrics.slowdownWormholeSmall(), 1.0) << "n=" << N;
    }
  }
}

TEST(BinomialReflecting, EdgesAreStraightAndLongestFirst) {
  std::vector<MeshPosition> P = reflectingPositions(8);
  for (unsigned V = 1; V < P.size(); ++V) {
    MeshPosition A = P[binomialParent(V)], B = P[V];
    EXPECT_TRUE(A.X == B.X || A.Y == B.Y) << V;
  }
  // Every edge of one phase has the same length, and phase 1 joins the two
  // halves of the mesh: the largest message goes furthest.
  BinomialMapping B = mustMap(8, 0.5, meshFor(8), BinomialMappingKind::Reflecting);
  for (const PhasedEdge &E : B.Edges)
    EXPECT_EQ(E.length(), B.Metrics.Phases[E.Phase - 1].Dilation);
  EXPECT_EQ(B.Metrics.Phases.front().Dilation, 5u);
  EXPECT_EQ(B.Metrics.Phases.back().Dilation, 1u);
}

TEST(BinomialMesh, SegmentsGiveTheMetricsOfTheirChannels) {
  // The mesh mappings keep each edge as a segment of a row or column; the
  // same edges as the channels of the machine's dimension-order routes
  // (straight, one row or column) must give every metric alike, with
  // channels shared by both directions or one per direction.
  for (const char *Directed : {"false", "true"})
    for (BinomialMappingKind Kind :
         {BinomialMappingKind::Reflecting, BinomialMappingKind::Growing})
      for (unsigned N = 3; N <= 8; ++N) {
        unsigned Width = 1u << ((N + 1) / 2), Height = 1u << (N / 2);
        // Both orientations of the mesh.
        for (bool Transposed : {false, true}) {
          unsigned X = Transposed ? Height : Width, Y = Transposed ? Width : Height;
          Machine M = machine("name: m\ntopology: {kind: mesh, dims: [" + std::to_string(X) +
                              ", " + std::to_string(Y) +
                              "]}\nswitching: wormhole\ndirected_channels: " + Directed + "\n");
          BinomialMapping B = mustMap(N, 0.7, M, Kind);
          std::vector<PhasedEdge> Routed = B.Edges;
          for (unsigned V = 1; V < B.NodeOf.size(); ++V) {
            PhasedEdge &E = Routed[V - 1];
            E.Line = PhasedEdge::NoLine;
            unsigned Cur = M.Processors[B.NodeOf[binomialParent(V)]];
            for (const Hop &H : M.route(Cur, M.Processors[B.NodeOf[V]])) {
              E.Channels.push_back(M.channel(Cur, H));
              Cur = H.To;
            }
          }
          PhasedMetrics Want = computePhasedMetrics(Routed);
          const PhasedMetrics &Got = B.Metrics;
          ASSERT_EQ(Got.Phases.size(), Want.Phases.size());
          for (size_t I = 0; I < Want.Phases.size(); ++I) {
            EXPECT_EQ(Got.Phases[I].Dilation, Want.Phases[I].Dilation);
            EXPECT_EQ(Got.Phases[I].Contention, Want.Phases[I].Contention)
                << binomialMappingName(Kind).str() << " n=" << N << " phase " << I + 1;
            // Sums of weights differ in rounding only (prefix sums there).
            EXPECT_NEAR(Got.Phases[I].WeightedContention, Want.Phases[I].WeightedContention,
                        1e-12 * Want.Phases[I].WeightedContention);
            EXPECT_DOUBLE_EQ(Got.Phases[I].WeightedDilation, Want.Phases[I].WeightedDilation);
          }
          EXPECT_DOUBLE_EQ(Got.TotalDilation, Want.TotalDilation);
          EXPECT_NEAR(Got.StoreForwardLarge, Want.StoreForwardLarge,
                      1e-12 * Want.StoreForwardLarge);
          EXPECT_DOUBLE_EQ(Got.WormholeSmall, Want.WormholeSmall);
        }
      }
}

TEST(BinomialGrowing, StoreAndForwardSlowdownTendsTo125) {
  // Seed 000 theorem 2, alpha = 1/2: growing tends to 1.25 while reflecting
  // grows like 2^k.
  double LastGrowing = 0, LastReflecting = 0;
  for (unsigned K = 2; K <= 8; ++K) {
    Machine M = meshFor(2 * K, "store-and-forward");
    BinomialMapping G = mustMap(2 * K, 0.5, M, BinomialMappingKind::Growing);
    BinomialMapping R = mustMap(2 * K, 0.5, M, BinomialMappingKind::Reflecting);
    EXPECT_TRUE(isOneToOne(G, M.Processors.size())) << "k=" << K;
    double SG = G.Metrics.slowdownStoreForwardLarge();
    double SR = R.Metrics.slowdownStoreForwardLarge();
    EXPECT_GE(SG, LastGrowing) << "k=" << K;
    EXPECT_LT(SG, 1.25) << "k=" << K;
    EXPECT_GT(SR, LastReflecting) << "k=" << K;
    if (K >= 4)
      EXPECT_GT(SR, 1.5 * LastReflecting) << "k=" << K; // doubling, asymptotically
    LastGrowing = SG;
    LastReflecting = SR;
  }
  EXPECT_NEAR(LastGrowing, 1.25, 0.02);
  EXPECT_GT(LastReflecting, 10 * LastGrowing);
}

TEST(BinomialGrowing, EarlyPhasesAreShort) {
  BinomialMapping G = mustMap(10, 1.0, meshFor(10), BinomialMappingKind::Growing);
  for (const PhaseMetrics &P : G.Metrics.Phases) {
    // Phase i > 2: every edge 2^(ceil(i/2)-2) links long, and as many edges
    // share a row segment (seed 000 §4.2).
    unsigned Length = P.Phase <= 2 ? 1 : 1u << ((P.Phase + 1) / 2 - 2);
    EXPECT_EQ(P.Dilation, Length) << "phase " << P.Phase;
    EXPECT_EQ(P.Contention, Length - 1) << "phase " << P.Phase;
  }
}

TEST(BinomialDeBruijn, OneToOneContentionFreeAverageDilationTwo) {
  double Last = 0;
  for (unsigned N = 1; N <= 16; ++N) {
    Machine M = makeMachine("{kind: debruijn, dim: " + std::to_string(N) + "}");
    BinomialMapping B = mustMap(N, 1.0, M, BinomialMappingKind::DeBruijn);
    EXPECT_TRUE(isOneToOne(B, M.Processors.size())) << "n=" << N;
    for (const PhaseMetrics &P : B.Metrics.Phases)
      EXPECT_EQ(P.Contention, 0u) << "n=" << N << " phase " << P.Phase;
    // The edge to a K-th child is at most K links long (seed 003 §5.2).
    for (unsigned V = 1; V < B.NodeOf.size(); ++V) {
      unsigned P = binomialParent(V);
      unsigned K = binomialPhase(V) - (P ? binomialPhase(P) : 0);
      EXPECT_LE(B.Edges[V - 1].length(), K);
    }
    Last = B.averageDilation();
  }
  EXPECT_NEAR(Last, 2.0, 0.01);
  // The log-weighted case: sum W D over sum W tends to 2 as well.
  Machine M = makeMachine("{kind: debruijn, dim: 16}");
  BinomialMapping B = mustMap(16, 0.5, M, BinomialMappingKind::DeBruijn);
  EXPECT_NEAR(B.averageWeightedDilation(), 2.0, 0.15);
}

TEST(BinomialDeBruijn, NodesOfB4) {
  // 003 figure 2's labels: the root 0^4 1 contracts to 0001, its first child
  // 0^3 11 to 0010.
  std::vector<unsigned> Nodes = deBruijnNodes(4);
  EXPECT_EQ(Nodes[0], 1u);
  EXPECT_EQ(Nodes[1], 2u);
}

TEST(BinomialHypercube, DilationOne) {
  for (unsigned N = 1; N <= 12; ++N) {
    Machine M = makeMachine("{kind: hypercube, dim: " + std::to_string(N) + "}");
    BinomialMapping B = mustMap(N, 0.5, M, BinomialMappingKind::Hypercube);
    for (const PhaseMetrics &P : B.Metrics.Phases) {
      EXPECT_EQ(P.Dilation, 1u);
      EXPECT_EQ(P.Contention, 0u);
    }
    EXPECT_DOUBLE_EQ(B.Metrics.slowdownStoreForwardLarge(), 1.0);
  }
}

TEST(BinomialAuto, ChoosesByTopologySwitchingAndAlpha) {
  EXPECT_EQ(mustMap(4, 1, makeMachine("{kind: hypercube, dim: 4}"), BinomialMappingKind::Auto).Kind,
            BinomialMappingKind::Hypercube);
  EXPECT_EQ(mustMap(4, 1, makeMachine("{kind: debruijn, dim: 4}"), BinomialMappingKind::Auto).Kind,
            BinomialMappingKind::DeBruijn);
  EXPECT_EQ(mustMap(8, 0.5, meshFor(8), BinomialMappingKind::Auto).Kind,
            BinomialMappingKind::Reflecting);
  Machine SF = meshFor(12, "store-and-forward");
  EXPECT_EQ(mustMap(12, 0.5, SF, BinomialMappingKind::Auto).Kind, BinomialMappingKind::Growing);
  EXPECT_EQ(mustMap(12, 1.0, SF, BinomialMappingKind::Auto).Kind, BinomialMappingKind::Reflecting);
}

TEST(BinomialMesh, EitherOrientation) {
  Machine Tall = makeMachine("{kind: mesh, dims: [4, 8]}");
  BinomialMapping B = mustMap(5, 0.5, Tall, BinomialMappingKind::Reflecting);
  EXPECT_TRUE(isOneToOne(B, 32));
  EXPECT_DOUBLE_EQ(B.Metrics.slowdownWormholeLarge(), 1.0);
}

TEST(BinomialErrors, RefusesWrongInput) {
  Machine Mesh = meshFor(4);
  EXPECT_EQ(errorOf(4, 0, Mesh, BinomialMappingKind::Reflecting), "alpha must be in (0, 1], not 0");
  EXPECT_EQ(errorOf(4, 1.5, Mesh, BinomialMappingKind::Reflecting),
            "alpha must be in (0, 1], not 1.5");
  EXPECT_EQ(errorOf(5, 1, Mesh, BinomialMappingKind::Reflecting),
            "B(5) has 32 tasks; machine 'test' has only 16 processors");
  EXPECT_EQ(errorOf(3, 1, Mesh, BinomialMappingKind::Growing),
            "the growing mapping of B(3) needs a 2-D mesh 4x2 or 2x4; machine 'test' is a "
            "mesh 4x4");
  EXPECT_EQ(
      errorOf(4, 1, makeMachine("{kind: torus, dims: [4, 4]}"), BinomialMappingKind::Reflecting),
      "the reflecting mapping of B(4) needs a 2-D mesh 4x4; machine 'test' is a torus 4x4");
  EXPECT_EQ(errorOf(4, 1, Mesh, BinomialMappingKind::DeBruijn),
            "mapping D of B(4) needs the de Bruijn network BDG(4); machine 'test' is a mesh 4x4");
  EXPECT_EQ(errorOf(3, 1, makeMachine("{kind: hypercube, dim: 4}"), BinomialMappingKind::Hypercube),
            "the binomial spanning tree B(3) needs a hypercube of dimension 3; machine 'test' "
            "is a hypercube of dimension 4");
  EXPECT_EQ(errorOf(3, 1, makeMachine("{kind: ring, nodes: 8}"), BinomialMappingKind::Auto),
            "no canned mapping of B(3) onto a ring of 8 processors (use a 2-D mesh, a de Bruijn "
            "network or a hypercube)");
  EXPECT_EQ(errorOf(0, 1, Mesh, BinomialMappingKind::Auto),
            "the binomial tree order must be in 1..20, not 0");
}

TEST(RankPlacement, RankTIsTreeNodeTOfTheMappingThatFits) {
  Machine Mesh = meshFor(4);
  auto R = placeRanks(Mesh, BinomialMappingKind::Auto, 0.5);
  ASSERT_TRUE(bool(R)) << llvm::toString(R.takeError());
  EXPECT_EQ(R->ProcessorOf, mustMap(4, 0.5, Mesh, BinomialMappingKind::Reflecting).NodeOf);
  EXPECT_EQ(R->How.rfind("by the reflecting mapping of B(4): wormhole switching", 0), 0u) << R->How;

  auto G = placeRanks(Mesh, BinomialMappingKind::Growing, 0.5);
  ASSERT_TRUE(bool(G)) << llvm::toString(G.takeError());
  EXPECT_EQ(G->ProcessorOf, mustMap(4, 0.5, Mesh, BinomialMappingKind::Growing).NodeOf);
  EXPECT_EQ(G->How, "by the growing mapping of B(4)");
}

TEST(RankPlacement, ProcessorOrderWhenNoMappingFits) {
  for (const char *Ring : {"{kind: ring, nodes: 8}", "{kind: ring, nodes: 6}"}) {
    Machine M = makeMachine(Ring);
    auto R = placeRanks(M, BinomialMappingKind::Auto, 0.5);
    ASSERT_TRUE(bool(R)) << llvm::toString(R.takeError());
    std::vector<unsigned> InOrder(M.Processors.size());
    for (unsigned P = 0; P < InOrder.size(); ++P)
      InOrder[P] = P;
    EXPECT_EQ(R->ProcessorOf, InOrder) << Ring;
    EXPECT_EQ(R->How.rfind("in processor order: ", 0), 0u) << R->How;
  }
  auto Six = placeRanks(makeMachine("{kind: ring, nodes: 6}"), BinomialMappingKind::Auto, 0.5);
  ASSERT_TRUE(bool(Six));
  EXPECT_EQ(Six->How, "in processor order: the canned mappings place B(n) on 2^n processors; "
                      "machine 'test' has 6");
  auto Named =
      placeRanks(makeMachine("{kind: ring, nodes: 6}"), BinomialMappingKind::Reflecting, 0.5);
  ASSERT_FALSE(bool(Named));
  EXPECT_EQ(llvm::toString(Named.takeError()),
            "the canned mappings place B(n) on 2^n processors; machine 'test' has 6");
}

TEST(RankPlacement, HostFileNamesTheProcessorOfEachRank) {
  Machine M = machine("name: named\ntopology: {kind: mesh, dims: [2, 2]}\n"
                      "nodes: [{id: 1, name: alpha}, {id: 3, name: 'rack 1:slot 3'}]\n");
  auto Text = hostFile(M, std::vector<unsigned>{1, 0, 2});
  ASSERT_TRUE(bool(Text)) << llvm::toString(Text.takeError());
  EXPECT_EQ(*Text, "alpha\nn0\nn2\n");
  auto Bad = hostFile(M, std::vector<unsigned>{0, 3});
  ASSERT_FALSE(bool(Bad));
  EXPECT_EQ(llvm::toString(Bad.takeError()).rfind("processor 'rack 1:slot 3' of machine 'named' "
                                                  "cannot stand in a host file",
                                                  0),
            0u);
}
