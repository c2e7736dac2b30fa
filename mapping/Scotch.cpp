/// \file
/// scotchMap: the task graph and the machine handed to libscotch's static
/// mapper (docs/scotch.md). Built only with CLEAVE_HAVE_SCOTCH (see
/// mapping/CMakeLists.txt); otherwise scotchMap says how to get it.
#include "mapping/Scotch.h"

#ifdef CLEAVE_HAVE_SCOTCH
#include "costmodel/ScotchFiles.h"

#include "llvm/ADT/StringExtras.h"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <map>

#include <scotch.h>
#endif

using namespace cleave;

bool cleave::scotchAvailable() {
#ifdef CLEAVE_HAVE_SCOTCH
  return true;
#else
  return false;
#endif
}

#ifndef CLEAVE_HAVE_SCOTCH

llvm::Expected<Placement> cleave::scotchMap(const Machine &, const TaskGraph &, unsigned) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                 "this cleave was built without libscotch, which the scotch "
                                 "strategy calls: install libscotch-dev (scripts/install-deps.sh) "
                                 "and configure and build cleave again");
}

#else

namespace {

llvm::Error scotchError(const llvm::Twine &What) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                 "libscotch failed to " + What +
                                     " (its own message, if any, is above)");
}

/// The largest vertex or edge load handed to Scotch: loads are C ints, and
/// Scotch sums load x distance over the edges of a graph in them.
constexpr double TopLoad = 10000;

/// \p Values as Scotch loads: proportional, the largest TopLoad, none below 1
/// (a task without work still takes a place; a message without payload
/// still costs its overheads).
std::vector<SCOTCH_Num> loads(llvm::ArrayRef<double> Values) {
  double Top = Values.empty() ? 0 : *std::max_element(Values.begin(), Values.end());
  std::vector<SCOTCH_Num> Out;
  for (double V : Values)
    Out.push_back(Top > 0 ? std::max<SCOTCH_Num>(1, SCOTCH_Num(std::lround(V / Top * TopLoad)))
                          : 1);
  return Out;
}

/// A graph in Scotch's compressed form: the neighbours of vertex v are
/// Edges[Offsets[v], Offsets[v + 1]), each edge stored at both ends.
struct CompressedGraph {
  std::vector<SCOTCH_Num> Offsets{0}, VertexLoads, Edges, EdgeLoads;

  /// From undirected edges (U < V) and their loads.
  CompressedGraph(unsigned Vertices, const std::map<std::pair<unsigned, unsigned>, double> &Pairs,
                  std::vector<SCOTCH_Num> VertexLoadsIn)
      : VertexLoads(std::move(VertexLoadsIn)) {
    std::vector<double> PairLoads;
    for (const auto &KV : Pairs)
      PairLoads.push_back(KV.second);
    std::vector<SCOTCH_Num> Scaled = loads(PairLoads);
    std::vector<std::vector<std::pair<SCOTCH_Num, SCOTCH_Num>>> Adjacent(Vertices);
    size_t I = 0;
    for (const auto &KV : Pairs) {
      Adjacent[KV.first.first].push_back({SCOTCH_Num(KV.first.second), Scaled[I]});
      Adjacent[KV.first.second].push_back({SCOTCH_Num(KV.first.first), Scaled[I]});
      ++I;
    }
    for (auto &List : Adjacent) {
      llvm::sort(List);
      for (auto [To, Load] : List) {
        Edges.push_back(To);
        EdgeLoads.push_back(Load);
      }
      Offsets.push_back(Edges.size());
    }
  }

  /// Builds \p G over these arrays, which must outlive it.
  bool build(SCOTCH_Graph &G) const {
    return SCOTCH_graphBuild(&G, 0, SCOTCH_Num(VertexLoads.size()), Offsets.data(), nullptr,
                             VertexLoads.data(), nullptr, SCOTCH_Num(Edges.size()), Edges.data(),
                             EdgeLoads.data()) == 0;
  }
};

/// Scotch objects, each freed on every path out of scotchMap. Scotch's
/// init functions only fail on version mismatches of the library.
struct Graph {
  SCOTCH_Graph G;
  Graph() { SCOTCH_graphInit(&G); }
  ~Graph() { SCOTCH_graphExit(&G); }
};
struct Arch {
  SCOTCH_Arch A;
  Arch() { SCOTCH_archInit(&A); }
  ~Arch() { SCOTCH_archExit(&A); }
};
struct Strat {
  SCOTCH_Strat S;
  Strat() { SCOTCH_stratInit(&S); }
  ~Strat() { SCOTCH_stratExit(&S); }
};
struct Context {
  SCOTCH_Context C;
  Context() { SCOTCH_contextInit(&C); }
  ~Context() { SCOTCH_contextExit(&C); }
};

/// Scotch's target for \p M (scotchTargetOf); any other machine becomes a
/// decomposition-defined target that Scotch builds from the graph of all
/// its nodes (a shared link joins every pair of its ends), restricted to the
/// processors, so that distances are hops on that graph. \p Labels gets
/// Scotch's label of each processor: its number, or in a target built from
/// the node graph, its node.
llvm::Error buildArch(const Machine &M, SCOTCH_Arch &A, std::vector<SCOTCH_Num> &Labels) {
  Labels.resize(M.Processors.size());
  for (size_t P = 0; P < Labels.size(); ++P)
    Labels[P] = SCOTCH_Num(P);
  ScotchTarget T = scotchTargetOf(M);
  std::vector<SCOTCH_Num> Dims(T.Dims.begin(), T.Dims.end());
  std::vector<SCOTCH_Num> Weights(T.Weights.begin(), T.Weights.end());
  int Failed = 0;
  switch (T.Kind) {
  case ScotchTargetKind::Mesh2D:
    Failed = SCOTCH_archMesh2(&A, Dims[0], Dims[1]);
    break;
  case ScotchTargetKind::Mesh3D:
    Failed = SCOTCH_archMesh3(&A, Dims[0], Dims[1], Dims[2]);
    break;
  case ScotchTargetKind::Torus2D:
    Failed = SCOTCH_archTorus2(&A, Dims[0], Dims[1]);
    break;
  case ScotchTargetKind::Torus3D:
    Failed = SCOTCH_archTorus3(&A, Dims[0], Dims[1], Dims[2]);
    break;
  case ScotchTargetKind::Hypercube:
    Failed = SCOTCH_archHcub(&A, Dims[0]);
    break;
  case ScotchTargetKind::Complete:
    Failed = SCOTCH_archCmplt(&A, Dims[0]);
    break;
  case ScotchTargetKind::WeightedComplete:
    Failed = SCOTCH_archCmpltw(&A, Dims[0], Weights.data());
    break;
  case ScotchTargetKind::Decomposition: {
    std::map<std::pair<unsigned, unsigned>, double> Pairs;
    for (const MachineLink &L : M.Links)
      for (unsigned I = 0; I < L.Ends.size(); ++I)
        for (unsigned J = I + 1; J < L.Ends.size(); ++J)
          Pairs[{std::min(L.Ends[I], L.Ends[J]), std::max(L.Ends[I], L.Ends[J])}] = 1;
    std::vector<SCOTCH_Num> NodeWeights(M.Nodes.size(), 1);
    for (size_t P = 0; P < M.Processors.size(); ++P)
      NodeWeights[M.Processors[P]] = Weights[P];
    CompressedGraph Nodes(M.Nodes.size(), Pairs, std::move(NodeWeights));
    Labels.assign(M.Processors.begin(), M.Processors.end());
    Graph G;
    Strat Bipartition; // Scotch's default strategy for splitting the target
    if (!Nodes.build(G.G))
      return scotchError("build the graph of machine '" + M.Name + "'");
    Failed = SCOTCH_archBuild0(&A, &G.G, SCOTCH_Num(Labels.size()), Labels.data(), &Bipartition.S);
    break;
  }
  }
  if (Failed)
    return scotchError("build the target architecture of machine '" + M.Name + "'");
  return llvm::Error::success();
}

} // namespace

llvm::Expected<Placement> cleave::scotchMap(const Machine &M, const TaskGraph &G, unsigned Seed) {
  unsigned N = G.Tasks.size();
  // Fixed tasks: pinned ones, and those needing resources on the first
  // processor that has them all (Scotch cannot choose among a subset).
  std::vector<SCOTCH_Num> Parts(N, -1);
  for (unsigned T = 0; T < N; ++T) {
    const Task &Tk = G.Tasks[T];
    if (Tk.Processor) {
      if (*Tk.Processor >= M.Processors.size())
        return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                       "task '" + Tk.Name + "' is pinned to processor " +
                                           llvm::Twine(*Tk.Processor) + "; machine '" + M.Name +
                                           "' has " + llvm::Twine(M.Processors.size()));
      Parts[T] = *Tk.Processor;
      continue;
    }
    if (Tk.Resources.empty())
      continue;
    auto Has = llvm::find_if(M.Processors, [&](unsigned P) {
      return llvm::all_of(Tk.Resources, [&](const std::string &R) {
        return llvm::is_contained(M.Nodes[P].Resources, R);
      });
    });
    if (Has == M.Processors.end())
      return llvm::createStringError(
          llvm::inconvertibleErrorCode(),
          "task '" + Tk.Name + "' needs " + llvm::join(Tk.Resources, ", ") +
              ", which no processor of machine '" + M.Name + "' has all of");
    Parts[T] = Has - M.Processors.begin();
  }
  Placement Out(N, 0);
  if (N == 0)
    return std::move(Out);

  // The task graph: work as vertex loads, the bytes between a pair, both
  // ways, as the load of one undirected edge.
  std::vector<double> Work;
  for (const Task &Tk : G.Tasks)
    Work.push_back(Tk.WorkS);
  std::map<std::pair<unsigned, unsigned>, double> Pairs;
  for (const TaskEdge &E : G.Edges)
    if (E.From != E.To)
      Pairs[{std::min(E.From, E.To), std::max(E.From, E.To)}] += E.totalBytes();
  CompressedGraph Tasks(N, Pairs, loads(Work));

  // Scotch's generator, seeded, and one thread, so that a seed gives one
  // mapping (the global generator serves SCOTCH_archBuild0).
  SCOTCH_randomSeed(SCOTCH_Num(Seed));
  SCOTCH_randomReset();
  Context C;
  Graph Source;
  if (SCOTCH_contextRandomClone(&C.C) != 0 ||
      SCOTCH_contextOptionSetNum(&C.C, SCOTCH_OPTIONNUMDETERMINISTIC, 1) != 0 ||
      SCOTCH_contextThreadSpawn(&C.C, 1, nullptr) != 0)
    return scotchError("set up a deterministic context");
  SCOTCH_contextRandomSeed(&C.C, SCOTCH_Num(Seed));
  if (!Tasks.build(Source.G))
    return scotchError("build the task graph");
  Arch Target;
  std::vector<SCOTCH_Num> Labels;
  if (llvm::Error E = buildArch(M, Target.A, Labels))
    return std::move(E);
  std::map<SCOTCH_Num, unsigned> ProcessorOf;
  for (size_t P = 0; P < Labels.size(); ++P)
    ProcessorOf[Labels[P]] = P;
  for (SCOTCH_Num &Part : Parts)
    if (Part >= 0)
      Part = Labels[Part];
  Graph Bound; // the task graph seen through the context
  Strat Mapping;
  // Quality over speed: task graphs are small beside Scotch's usual meshes.
  // A 5% load imbalance is allowed, Scotch's own default.
  if (SCOTCH_contextBindGraph(&C.C, &Source.G, &Bound.G) != 0 ||
      SCOTCH_stratGraphMapBuild(&Mapping.S, SCOTCH_STRATQUALITY, SCOTCH_archSize(&Target.A),
                                0.05) != 0)
    return scotchError("prepare the mapping");
  if (SCOTCH_graphMapFixed(&Bound.G, &Target.A, &Mapping.S, Parts.data()) != 0)
    return scotchError("map the task graph onto machine '" + M.Name + "'");
  for (unsigned T = 0; T < N; ++T) {
    auto It = ProcessorOf.find(Parts[T]);
    assert(It != ProcessorOf.end() && "Scotch mapped a task onto no terminal of the target");
    Out[T] = It->second;
  }
  if (llvm::Error E = checkPlacement(Out, G, M))
    return std::move(E);
  return std::move(Out);
}

#endif
