// Speed of the cost model (the cost-model issue's benchmark), printed as one
// JSON object; scripts/bench-cost.py runs it several times and takes medians.
//
//   cost-bench price TASKS EDGES MACHINE.yaml SEED
//     a random task graph (work and message sizes drawn from SEED; edges go
//     from a lower-numbered task to a higher one, so the graph is acyclic),
//     placed at random on the machine's processors: the time of
//     priceCommunication alone, and of the whole (routing, pricing,
//     makespan, phased metrics).
//   cost-bench routes
//     machines of 4,096 processors: the time to read each (its route tables
//     are built then, once) and to walk the route of every ordered pair of
//     processors, twice, from those tables.
#include "costmodel/Cost.h"
#include "costmodel/Files.h"

#include "llvm/Support/raw_ostream.h"

#include <chrono>
#include <cmath>
#include <random>
#include <string>

using namespace cleave;

namespace {
double seconds(std::chrono::steady_clock::time_point Since) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - Since).count();
}

int price(unsigned Tasks, unsigned Edges, const char *Path, unsigned Seed) {
  auto M = loadMachine(Path);
  if (!M) {
    llvm::errs() << llvm::toString(M.takeError()) << "\n";
    return 1;
  }
  std::mt19937_64 Rng(Seed);
  TaskGraph G;
  std::uniform_real_distribution<double> Work(1e-4, 1e-2);
  for (unsigned T = 0; T < Tasks; ++T)
    G.Tasks.push_back({"t" + std::to_string(T), Work(Rng), {}});
  std::uniform_int_distribution<unsigned> Pick(0, Tasks - 1), Phase(1, 8);
  std::uniform_int_distribution<unsigned> Count(1, 16);
  std::lognormal_distribution<double> Bytes(8, 2);
  for (unsigned E = 0; E < Edges; ++E) {
    unsigned A = Pick(Rng), B = Pick(Rng);
    while (A == B)
      B = Pick(Rng);
    TaskEdge Edge;
    Edge.From = std::min(A, B);
    Edge.To = std::max(A, B);
    Edge.Messages.push_back({double(Count(Rng)), std::floor(Bytes(Rng))});
    Edge.Phase = Phase(Rng);
    G.Edges.push_back(Edge);
  }
  std::uniform_int_distribution<unsigned> Node(0, M->Processors.size() - 1);
  Placement P(Tasks);
  for (unsigned &N : P)
    N = Node(Rng);
  auto Start = std::chrono::steady_clock::now();
  CostReport R = priceCommunication(*M, G, P, {});
  double Price = seconds(Start);
  llvm::outs() << "{\"price_s\": " << Price << ", \"pairs\": " << R.Pairs.size()
               << ", \"channels\": " << R.Channels.size() << ", \"total_s\": " << R.Total
               << ", \"makespan_s\": " << R.MakespanS << "}\n";
  return 0;
}

int routes() {
  const char *Machines[][2] = {
      {"torus64x64", "topology: {kind: torus, dims: [64, 64]}"},
      {"hypercube12", "topology: {kind: hypercube, dim: 12}"},
      {"debruijn12", "topology: {kind: debruijn, dim: 12}"},
      {"omega12", "topology: {kind: omega, dim: 12}"},
      {"star4096", "topology: {kind: star, nodes: 4096}"},
      {"torus64x64-shortest-path",
       "topology: {kind: torus, dims: [64, 64]}\nrouting: shortest-path"},
  };
  llvm::outs() << "{";
  const char *Sep = "";
  for (auto &[Name, Topology] : Machines) {
    auto Start = std::chrono::steady_clock::now();
    auto M = parseMachine(std::string("name: ") + Name + "\n" + Topology + "\n", Name);
    if (!M) {
      llvm::errs() << llvm::toString(M.takeError()) << "\n";
      return 1;
    }
    double Load = seconds(Start);
    std::vector<Hop> Route;
    uint64_t Hops = 0;
    double Walks[2];
    for (double &W : Walks) {
      Start = std::chrono::steady_clock::now();
      for (unsigned A : M->Processors)
        for (unsigned B : M->Processors) {
          M->route(A, B, Route);
          Hops += Route.size();
        }
      W = seconds(Start);
    }
    uint64_t Pairs = uint64_t(M->Processors.size()) * M->Processors.size();
    llvm::outs() << Sep << "\"" << Name << "\": {\"load_s\": " << Load
                 << ", \"walk_all_pairs_s\": " << Walks[0] << ", \"walk_again_s\": " << Walks[1]
                 << ", \"pairs\": " << Pairs
                 << ", \"average_hops\": " << double(Hops) / 2 / Pairs << "}";
    Sep = ", ";
  }
  llvm::outs() << "}\n";
  return 0;
}
} // namespace

int main(int argc, char **argv) {
  if (argc == 6 && std::string(argv[1]) == "price")
    return price(std::stoul(argv[2]), std::stoul(argv[3]), argv[4], std::stoul(argv[5]));
  if (argc == 2 && std::string(argv[1]) == "routes")
    return routes();
  llvm::errs() << "usage: cost-bench price TASKS EDGES MACHINE.yaml SEED | cost-bench routes\n";
  return 2;
}
