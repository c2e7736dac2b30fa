// Static allocation: baselines by their definitions, the exact search
// against an enumeration of every placement, the heuristics against what
// they start from, and the constraints of pins and resources.
#include "mapping/Allocate.h"

#include "gtest/gtest.h"
#include "test/unit/TestMachine.h"

#include <random>

using namespace cleave;

namespace {

/// A 2x2 mesh; processor 3 twice as fast, processor 0 with a disk.
const char *const Mesh = R"(
name: mesh2x2
topology: {kind: mesh, dims: [2, 2]}
switching: store-and-forward
node_defaults: {send_overhead_s: 1e-4, recv_overhead_s: 1e-4, forward_delay_s: 1e-5,
                local_message_s: 1e-6, local_byte_time_s: 1e-9}
link_defaults: {byte_time_s: 1e-7, busy: mm1}
nodes:
  - {id: 0, resources: [disk]}
  - {id: 3, speed: 2}
)";

/// A ring of three equal processors.
const char *const Ring = R"(
name: ring3
topology: {kind: ring, nodes: 3}
switching: wormhole
node_defaults: {send_overhead_s: 5e-5, recv_overhead_s: 5e-5, local_message_s: 1e-6,
                local_byte_time_s: 1e-9}
link_defaults: {byte_time_s: 1e-8, busy: mm1}
)";

/// Four alike processors, each pair joined by a link of its own.
const char *const Full = R"(
name: full4
topology: {kind: fully-connected, nodes: 4}
switching: store-and-forward
node_defaults: {send_overhead_s: 1e-4, recv_overhead_s: 1e-4, local_message_s: 1e-6,
                local_byte_time_s: 1e-9}
link_defaults: {byte_time_s: 1e-7, busy: mm1}
)";

/// \p N tasks with random work and random edges (both directions, some
/// cycles), drawn from \p Seed.
TaskGraph randomGraph(unsigned N, unsigned Edges, unsigned Seed) {
  std::mt19937 Rng(Seed);
  TaskGraph G;
  for (unsigned T = 0; T < N; ++T)
    G.Tasks.push_back({"t" + std::to_string(T), 1e-3 * (1 + Rng() % 20), {}});
  for (unsigned E = 0; E < Edges; ++E) {
    unsigned A = Rng() % N, B = Rng() % N;
    if (A == B)
      continue;
    TaskEdge Edge;
    Edge.From = A;
    Edge.To = B;
    Edge.Messages.push_back({double(1 + Rng() % 3), double(Rng() % 100000)});
    G.Edges.push_back(Edge);
  }
  return G;
}

Allocator allocator(const Machine &M, const TaskGraph &G, AllocationObjective O,
                    uint64_t Seed = 1) {
  AllocationOptions Options;
  Options.Objective = O;
  Options.Seed = Seed;
  return cantFail(Allocator::create(M, G, Options));
}

Allocation run(const Allocator &A, AllocationStrategy S) {
  auto R = A.run(S);
  if (!R) {
    ADD_FAILURE() << llvm::toString(R.takeError());
    return {};
  }
  return std::move(*R);
}

bool valid(const Placement &P, const TaskGraph &G, const Machine &M) {
  if (llvm::Error E = checkPlacement(P, G, M)) {
    llvm::consumeError(std::move(E));
    return false;
  }
  return true;
}

/// The least objective over every placement, priced by the cost model
/// itself (not by the allocator).
double bruteForce(const Machine &M, const TaskGraph &G, AllocationObjective O) {
  unsigned N = G.Tasks.size(), Procs = M.Processors.size();
  Placement P(N, 0);
  double Best = INFINITY;
  while (true) {
    if (valid(P, G, M)) {
      CostReport R = priceCommunication(M, G, P, {});
      double F = O == AllocationObjective::Makespan ? R.MakespanS
                 : O == AllocationObjective::Total
                     ? R.Total
                     : compareCost(CostFunctionKind::HwangXu, M, G, P).Total;
      Best = std::min(Best, F);
    }
    unsigned T = 0;
    while (T < N && ++P[T] == Procs)
      P[T++] = 0;
    if (T == N)
      return Best;
  }
}

} // namespace

TEST(AllocateTest, BaselinesFollowTheirDefinitions) {
  Machine M = machine(Mesh);
  TaskGraph G = randomGraph(8, 0, 1);
  Allocator A = allocator(M, G, AllocationObjective::Makespan);
  // Processor 3 is the fastest.
  EXPECT_EQ(run(A, AllocationStrategy::AllOnOne).P, Placement(8, 3));
  EXPECT_EQ(run(A, AllocationStrategy::RoundRobin).P, (Placement{0, 1, 2, 3, 0, 1, 2, 3}));
  // Speeds 1, 1, 1, 2 of 5: blocks of 1.6, 1.6, 1.6 and 3.2 tasks.
  EXPECT_EQ(run(A, AllocationStrategy::Packed).P, (Placement{0, 0, 1, 1, 2, 3, 3, 3}));
  Placement R1 = run(A, AllocationStrategy::Random).P;
  EXPECT_EQ(R1, run(A, AllocationStrategy::Random).P);
  EXPECT_NE(R1, run(allocator(M, G, AllocationObjective::Makespan, 2),
                    AllocationStrategy::Random).P);
}

TEST(AllocateTest, PinsAndResourcesHoldInEveryStrategy) {
  Machine M = machine(Mesh);
  TaskGraph G = randomGraph(6, 12, 3);
  G.Tasks[0].Processor = 2;
  G.Tasks[4].Resources = {"disk"};
  Allocator A = allocator(M, G, AllocationObjective::Makespan);
  for (AllocationStrategy S :
       {AllocationStrategy::Greedy, AllocationStrategy::Refine, AllocationStrategy::Anneal,
        AllocationStrategy::Exact, AllocationStrategy::AllOnOne, AllocationStrategy::RoundRobin,
        AllocationStrategy::Random, AllocationStrategy::Packed}) {
    Placement P = run(A, S).P;
    ASSERT_EQ(P.size(), 6u) << strategyName(S).str();
    EXPECT_EQ(P[0], 2u) << strategyName(S).str();
    EXPECT_EQ(P[4], 0u) << strategyName(S).str();
    EXPECT_TRUE(valid(P, G, M)) << strategyName(S).str();
  }
}

TEST(AllocateTest, IndependentTasksSpreadOverEqualProcessors) {
  Machine M = machine(Ring);
  TaskGraph G;
  for (int T = 0; T < 3; ++T)
    G.Tasks.push_back({"t" + std::to_string(T), 1.0, {}});
  Allocator A = allocator(M, G, AllocationObjective::Makespan);
  Allocation Greedy = run(A, AllocationStrategy::Greedy);
  EXPECT_DOUBLE_EQ(Greedy.MakespanS, 1.0);
  EXPECT_DOUBLE_EQ(run(A, AllocationStrategy::AllOnOne).MakespanS, 3.0);
}

TEST(AllocateTest, ChattyTasksStayTogether) {
  // Two tasks exchanging a gigabyte and doing little work: any split costs
  // more than running both on one processor.
  Machine M = machine(Ring);
  TaskGraph G;
  G.Tasks = {{"a", 1e-3, {}}, {"b", 1e-3, {}}};
  G.Edges.push_back({0, 1, {{1, 1e9}}, 0});
  G.Edges.push_back({1, 0, {{1, 1e9}}, 0});
  for (AllocationObjective O : {AllocationObjective::Makespan, AllocationObjective::Total}) {
    Allocator A = allocator(M, G, O);
    for (AllocationStrategy S : {AllocationStrategy::Greedy, AllocationStrategy::Refine,
                                 AllocationStrategy::Anneal, AllocationStrategy::Exact}) {
      Placement P = run(A, S).P;
      EXPECT_EQ(P[0], P[1]) << strategyName(S).str() << " " << objectiveName(O).str();
    }
  }
}

TEST(AllocateTest, ExactFindsTheOptimumOfEveryPlacement) {
  for (unsigned Seed = 1; Seed <= 6; ++Seed) {
    // Odd seeds on the mesh, with a task needing the disk; even seeds on
    // alike processors (where the search skips relabellings), with a pin.
    Machine M = machine(Seed % 2 ? Mesh : Full);
    TaskGraph G = randomGraph(6, 10, Seed);
    if (Seed % 2)
      G.Tasks[1].Resources = {"disk"};
    else
      G.Tasks[2].Processor = 3;
    for (AllocationObjective O : {AllocationObjective::Makespan, AllocationObjective::Total,
                                  AllocationObjective::Imbalance}) {
      Allocator A = allocator(M, G, O);
      Allocation Exact = run(A, AllocationStrategy::Exact);
      EXPECT_TRUE(Exact.Optimal);
      EXPECT_NEAR(Exact.Objective, bruteForce(M, G, O), 1e-12 * Exact.Objective)
          << "seed " << Seed << " " << objectiveName(O).str();
      // The heuristics start from greedy or better and keep only what
      // improves.
      double Greedy = run(A, AllocationStrategy::Greedy).Objective;
      double Refine = run(A, AllocationStrategy::Refine).Objective;
      double Anneal = run(A, AllocationStrategy::Anneal).Objective;
      EXPECT_LE(Refine, Greedy);
      EXPECT_LE(Anneal, Greedy);
      EXPECT_LE(Exact.Objective, Refine * (1 + 1e-12));
      EXPECT_LE(Exact.Objective, Anneal * (1 + 1e-12));
    }
  }
}

TEST(AllocateTest, RefinementImprovesOnBaselines) {
  Machine M = machine(Ring);
  TaskGraph G = randomGraph(30, 60, 11);
  Allocator A = allocator(M, G, AllocationObjective::Makespan);
  double Refine = run(A, AllocationStrategy::Refine).MakespanS;
  for (AllocationStrategy S : baselineStrategies())
    EXPECT_LE(Refine, run(A, S).MakespanS) << strategyName(S).str();
}

TEST(AllocateTest, AnnealingIsDeterministicForASeed) {
  Machine M = machine(Mesh);
  TaskGraph G = randomGraph(12, 30, 5);
  Allocator A = allocator(M, G, AllocationObjective::Makespan, 7);
  EXPECT_EQ(run(A, AllocationStrategy::Anneal).P, run(A, AllocationStrategy::Anneal).P);
}

TEST(AllocateTest, ImpossibleConstraintsAreRefused) {
  Machine M = machine(Mesh);
  TaskGraph G = randomGraph(3, 0, 1);
  G.Tasks[1].Processor = 4;
  auto A = Allocator::create(M, G, {});
  ASSERT_FALSE(bool(A));
  EXPECT_EQ(llvm::toString(A.takeError()),
            "task 't1' is pinned to processor 4, but machine 'mesh2x2' has 4 (0 to 3)");
  G.Tasks[1].Processor = 1;
  G.Tasks[1].Resources = {"disk"};
  A = Allocator::create(M, G, {});
  ASSERT_FALSE(bool(A));
  EXPECT_EQ(llvm::toString(A.takeError()),
            "task 't1' is pinned to processor 1, which lacks the resources it needs (disk)");
  G.Tasks[1].Processor.reset();
  G.Tasks[1].Resources = {"gpu"};
  A = Allocator::create(M, G, {});
  ASSERT_FALSE(bool(A));
  EXPECT_NE(llvm::toString(A.takeError()).find("task 't1' needs gpu, which no processor"),
            std::string::npos);
}

TEST(AllocateTest, ExactRefusesLargeInstances) {
  Machine M = machine(Mesh);
  TaskGraph G = randomGraph(17, 0, 1); // 4^17 > 6^12 placements
  auto R = allocator(M, G, AllocationObjective::Makespan).run(AllocationStrategy::Exact);
  ASSERT_FALSE(bool(R));
  EXPECT_NE(llvm::toString(R.takeError()).find("use --strategy refine"), std::string::npos);
}
