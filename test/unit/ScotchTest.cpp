/// \file
/// Scotch's target and mapping files (costmodel/ScotchFiles.h) and the
/// scotch strategy (mapping/Scotch.h); the latter only in builds with
/// libscotch.
#include "mapping/Scotch.h"
#include "costmodel/Files.h"
#include "costmodel/ScotchFiles.h"

#include "gtest/gtest.h"
#include "test/unit/TestMachine.h"

using namespace cleave;

namespace {

std::string target(const Machine &M) {
  std::string Out;
  llvm::raw_string_ostream OS(Out);
  EXPECT_FALSE(bool(writeScotchTarget(M, OS)));
  return Out;
}

std::string failure(llvm::Error E) { return llvm::toString(std::move(E)); }

/// The hops between every pair of processors, by the machine's routes.
std::vector<size_t> hops(const Machine &M) {
  std::vector<size_t> Out;
  for (unsigned A : M.Processors)
    for (unsigned B : M.Processors)
      Out.push_back(M.route(A, B).size());
  return Out;
}

TEST(ScotchTargetTest, AlgorithmicKindsRoundTrip) {
  struct Case {
    const char *Yaml, *Target;
  } Cases[] = {
      {"name: m\ntopology: {kind: mesh, dims: [3, 2]}\n", "mesh2D 3 2\n"},
      {"name: m\ntopology: {kind: torus, dims: [4, 3, 2]}\n", "torus3D 4 3 2\n"},
      {"name: m\ntopology: {kind: hypercube, dim: 3}\n", "hcub 3\n"},
      {"name: m\ntopology: {kind: fully-connected, nodes: 5}\n", "cmplt 5\n"},
      {"name: m\ntopology: {kind: fully-connected, nodes: 3}\n"
       "nodes: [{id: 0, speed: 1.5}, {id: 1, speed: 3}, {id: 2, speed: 0.75}]\n",
       "cmpltw 3\n2 4 1\n"},
  };
  for (const Case &C : Cases) {
    Machine M = machine(C.Yaml);
    EXPECT_EQ(target(M), C.Target);
    Machine Back = machine(C.Target, "m.tgt");
    EXPECT_EQ(Back.Name, "m");
    EXPECT_EQ(Back.Topology, M.Topology) << C.Target;
    EXPECT_EQ(Back.Dims, M.Dims) << C.Target;
    EXPECT_EQ(Back.Links.size(), M.Links.size()) << C.Target;
    EXPECT_EQ(scotchSpeedWeights(Back), scotchSpeedWeights(M)) << C.Target;
    EXPECT_EQ(target(Back), C.Target);
  }
}

TEST(ScotchTargetTest, WeightedCompleteSpeedsAreRelativeToTheSlowest) {
  Machine M = machine("cmpltw 3 2 6 3", "w.tgt");
  ASSERT_EQ(M.Processors.size(), 3u);
  EXPECT_EQ(M.Nodes[0].Speed, 1);
  EXPECT_EQ(M.Nodes[1].Speed, 3);
  EXPECT_EQ(M.Nodes[2].Speed, 1.5);
}

TEST(ScotchTargetTest, DecoKeepsHopsAndRebuildsTheGraph) {
  // A ring and a star with unequal speeds become deco targets; read back,
  // they have the same links and hop counts.
  for (const char *Yaml :
       {"name: r\ntopology: {kind: ring, nodes: 7}\n", "name: s\ntopology: {kind: star, nodes: 5}\n"
                                                       "nodes: [{id: 0, speed: 2}]\n"}) {
    Machine M = machine(Yaml);
    std::string T = target(M);
    ASSERT_TRUE(llvm::StringRef(T).starts_with("deco\n0\n")) << T;
    Machine Back = machine(T, "r.tgt");
    EXPECT_EQ(Back.Topology, TopologyKind::Explicit);
    EXPECT_EQ(Back.Links.size(), M.Links.size());
    EXPECT_EQ(hops(Back), hops(M));
    EXPECT_EQ(scotchSpeedWeights(Back), scotchSpeedWeights(M));
    EXPECT_EQ(target(Back), T);
  }
}

TEST(ScotchTargetTest, DecoOfSwitchedMachineLinksEveryPairAtItsDistance) {
  // Through a crossbar every pair is two hops apart and no processor lies
  // between two others: a link per pair, twice the default byte time.
  Machine M = machine("name: x\ntopology: {kind: crossbar, nodes: 4}\n");
  Machine Back = machine(target(M), "x.tgt");
  ASSERT_EQ(Back.Links.size(), 6u);
  Machine Plain = machine("name: p\ntopology: {kind: fully-connected, nodes: 2}\n");
  EXPECT_EQ(Back.Links[0].ByteTimeS, 2 * Plain.Links[0].ByteTimeS);
}

TEST(ScotchTargetTest, ReadsScotchsOwnDeco) {
  // amk_m2 2 3: a 2x3 mesh, processor x + 2y, decomposed by Scotch.
  Machine M = machine("deco\n0\n6\t11\n0 1 8\n1 1 9\n2 1 10\n3 1 11\n4 1 6\n5 1 7\n"
                      "1\n1 2\n2 1 1\n2 3 1 2\n3 2 2 1 1\n",
                      "m23.tgt");
  Machine Mesh = machine("name: m\ntopology: {kind: mesh, dims: [2, 3]}\n");
  EXPECT_EQ(M.Links.size(), Mesh.Links.size());
  EXPECT_EQ(hops(M), hops(Mesh));
}

TEST(ScotchTargetTest, Errors) {
  struct Case {
    const char *Text, *Message;
  } Cases[] = {
      {"mesh2D 4", "t.tgt:1:9: the file ends where the size in dimension 2 of mesh2D is expected"},
      {"mesh2D 4 x", "t.tgt:1:10: the size in dimension 2 of mesh2D must be a whole number"},
      {"hcub 3\nhcub 2", "t.tgt:2:1: unexpected 'hcub' after the target"},
      {"tleaf 2 2 1", "t.tgt:1:1: the Scotch target 'tleaf' is not read by cleave"},
      {"deco 1 2 3", "t.tgt:1:6: deco 1 (a compiled decomposition) is not read"},
      {"deco 0 2 3\n0 1 2\n0 1 3\n1\n", "t.tgt:3:1: label 0 is given twice"},
      {"deco 0 2 3\n0 1 2\n1 1 2\n1\n", "t.tgt:3:5: terminal domain 2 is given to two"},
      {"deco 0 2 4\n0 1 2\n1 1 4\n1\n",
       "t.tgt:3:5: terminal domain 4 lies inside terminal domain 2"},
      {"deco 0 2 3\n0 1 2\n1 1 3\n0\n",
       "t.tgt:4:1: the distance between processors 1 and 0 must be"},
      {"cmplt 3000", "t.tgt:1:1: the topology would have 4498500 links; at most 4194304"},
  };
  for (const Case &C : Cases) {
    auto M = parseMachine(C.Text, "t.tgt");
    ASSERT_FALSE(bool(M)) << C.Text;
    std::string Message = failure(M.takeError());
    EXPECT_NE(Message.find(C.Message), std::string::npos) << Message;
  }
}

TEST(ScotchTargetTest, DecoOfTooManyProcessorsIsRefused) {
  Machine M = machine("name: big\ntopology: {kind: ring, nodes: 5000}\n");
  std::string Out;
  llvm::raw_string_ostream OS(Out);
  std::string Message = failure(writeScotchTarget(M, OS));
  EXPECT_NE(Message.find("at most 4096"), std::string::npos) << Message;
  EXPECT_EQ(Out, "");
}

TaskGraph graph(unsigned Tasks) {
  TaskGraph G;
  for (unsigned T = 0; T < Tasks; ++T)
    G.Tasks.push_back({"t" + std::to_string(T), 1.0, {}, std::nullopt});
  return G;
}

TEST(ScotchMappingTest, RoundTrip) {
  Machine M = machine("name: m\ntopology: {kind: mesh, dims: [2, 2]}\n");
  TaskGraph G = graph(5);
  Placement P = {3, 0, 1, 3, 2};
  std::string Text;
  llvm::raw_string_ostream OS(Text);
  writeScotchMapping(G, P, OS);
  EXPECT_EQ(Text, "5\n0\t3\n1\t0\n2\t1\n3\t3\n4\t2\n");
  auto Back = parsePlacement(Text, "p.map", G, M);
  ASSERT_TRUE(bool(Back)) << failure(Back.takeError());
  EXPECT_EQ(*Back, P);
  // Lines in any order.
  auto Shuffled = parsePlacement("5\n4 2\n3 3\n2 1\n1 0\n0 3\n", "p.map", G, M);
  ASSERT_TRUE(bool(Shuffled)) << failure(Shuffled.takeError());
  EXPECT_EQ(*Shuffled, P);
}

TEST(ScotchMappingTest, Errors) {
  Machine M = machine("name: m\ntopology: {kind: mesh, dims: [2, 2]}\n");
  TaskGraph G = graph(2);
  G.Tasks[1].Processor = 1;
  struct Case {
    const char *Text, *Message;
  } Cases[] = {
      {"3\n0 0\n1 1\n2 2\n", "p.map:1:1: the mapping has 3 lines; the task graph has 2 tasks"},
      {"2\n0 0\n0 1\n", "p.map:3:1: task 0 ('t0') is mapped twice (first on line 2)"},
      {"2\n0 0\n1 4\n", "p.map:3:3: the processor of task 1 ('t1'; the machine's processors are "
                        "numbered 0 to 3) must be a whole number from 0 to 3, not '4'"},
      {"2\n0 0\n2 1\n", "p.map:3:1: the task of mapping line 2"},
      {"2\n0 0\n1", "p.map:3:2: the file ends where the processor of task 1"},
      {"2\n0 0\n1 1\n7\n", "p.map:4:1: unexpected '7' after the mapping"},
      {"2\n1 2\n0 0\n", "p.map:2:1: task 't1' is pinned to processor 1 and placed on 2"},
  };
  for (const Case &C : Cases) {
    auto P = parsePlacement(C.Text, "p.map", G, M);
    ASSERT_FALSE(bool(P)) << C.Text;
    std::string Message = failure(P.takeError());
    EXPECT_NE(Message.find(C.Message), std::string::npos) << Message;
  }
}

class ScotchMapTest : public ::testing::Test {
protected:
  void SetUp() override {
    if (!scotchAvailable())
      GTEST_SKIP() << "built without libscotch";
  }
};

TEST(ScotchMapUnavailableTest, SaysHowToGetIt) {
  if (scotchAvailable())
    GTEST_SKIP() << "built with libscotch";
  Machine M = machine("name: m\ntopology: {kind: fully-connected, nodes: 2}\n");
  auto P = scotchMap(M, graph(2), 1);
  ASSERT_FALSE(bool(P));
  EXPECT_NE(failure(P.takeError()).find("libscotch-dev"), std::string::npos);
}

void addEdge(TaskGraph &G, unsigned From, unsigned To, double Bytes) {
  TaskEdge E;
  E.From = From;
  E.To = To;
  E.Messages.push_back({1, Bytes});
  G.Edges.push_back(E);
}

TEST_F(ScotchMapTest, KeepsHeavilyCommunicatingTasksTogether) {
  // Two pairs that talk a lot, and a trickle between them: each pair on one
  // processor of two, the pairs apart.
  Machine M = machine("name: two\ntopology: {kind: fully-connected, nodes: 2}\n");
  TaskGraph G = graph(4);
  addEdge(G, 0, 1, 1e6);
  addEdge(G, 1, 0, 1e6);
  addEdge(G, 2, 3, 1e6);
  addEdge(G, 0, 2, 10);
  auto P = scotchMap(M, G, 1);
  ASSERT_TRUE(bool(P)) << failure(P.takeError());
  EXPECT_EQ((*P)[0], (*P)[1]);
  EXPECT_EQ((*P)[2], (*P)[3]);
  EXPECT_NE((*P)[0], (*P)[2]);
}

TEST_F(ScotchMapTest, KeepsPinsAndResources) {
  // Processors behind a switch that is node 0: processor p is node p + 1.
  Machine M = machine("name: lab\ntopology: {kind: explicit}\n"
                      "nodes:\n  - {id: 0, processor: false}\n  - {id: 1}\n"
                      "  - {id: 2, resources: [disk]}\n  - {id: 3}\n"
                      "links: [{ends: [0, 1]}, {ends: [0, 2]}, {ends: [0, 3]}]\n");
  TaskGraph G = graph(6);
  G.Tasks[0].Processor = 2;
  G.Tasks[1].Resources = {"disk"};
  for (unsigned T = 0; T + 1 < 6; ++T)
    addEdge(G, T, T + 1, 100);
  auto P = scotchMap(M, G, 7);
  ASSERT_TRUE(bool(P)) << failure(P.takeError());
  EXPECT_EQ((*P)[0], 2u);
  EXPECT_EQ((*P)[1], 1u);
  EXPECT_FALSE(bool(checkPlacement(*P, G, M)));

  G.Tasks[2].Resources = {"printer"};
  auto None = scotchMap(M, G, 7);
  ASSERT_FALSE(bool(None));
  EXPECT_NE(failure(None.takeError()).find("task 't2' needs printer"), std::string::npos);
}

TEST_F(ScotchMapTest, OneMappingPerSeed) {
  // 24 tasks in a ring with chords, onto machines of every kind of target.
  TaskGraph G = graph(24);
  for (unsigned T = 0; T < 24; ++T) {
    G.Tasks[T].WorkS = 1 + T % 5;
    addEdge(G, T, (T + 1) % 24, 1000 * (1 + T % 3));
    addEdge(G, T, (T * 7) % 24, 50);
  }
  for (const char *Yaml : {"name: m\ntopology: {kind: mesh, dims: [4, 2]}\n",
                           "name: t\ntopology: {kind: torus, dims: [2, 2, 2]}\n",
                           "name: h\ntopology: {kind: hypercube, dim: 3}\n",
                           "name: w\ntopology: {kind: fully-connected, nodes: 3}\n"
                           "nodes: [{id: 0, speed: 2}]\n",
                           "name: r\ntopology: {kind: ring, nodes: 6}\n"}) {
    Machine M = machine(Yaml);
    auto First = scotchMap(M, G, 42);
    ASSERT_TRUE(bool(First)) << failure(First.takeError());
    for (int Run = 0; Run < 3; ++Run) {
      auto Again = scotchMap(M, G, 42);
      ASSERT_TRUE(bool(Again)) << failure(Again.takeError());
      EXPECT_EQ(*Again, *First) << Yaml;
    }
  }
}

} // namespace
