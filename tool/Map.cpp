/// \file
/// `cleave map`: static allocation of a task graph on a machine, reported
/// beside the baselines; or canned mappings of the binomial tree B(n) of
/// divide and conquer onto meshes, de Bruijn networks and hypercubes, with
/// the phased metrics of seed 000 §3 computed from the routed edges.
#include "costmodel/Files.h"
#include "costmodel/Report.h"
#include "costmodel/ScotchFiles.h"
#include "mapping/Allocate.h"
#include "mapping/Binomial.h"
#include "tool/Subcommands.h"

#include "llvm/Support/Format.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

using namespace cleave;
namespace cl = llvm::cl;

cl::SubCommand cleave::MapCommand("map", "Place the tasks of a program on a machine");

static cl::opt<unsigned> Binomial("binomial",
                                  cl::desc("Map the binomial tree B(N) of divide and conquer"),
                                  cl::value_desc("N"), cl::sub(MapCommand));
static cl::opt<double> Alpha("alpha",
                             cl::desc("Message volume of each phase as a fraction of the "
                                      "previous one, in (0, 1]"),
                             cl::value_desc("A"), cl::sub(MapCommand));
static cl::opt<std::string> MachineFile("machine", cl::desc("Machine description"),
                                        cl::value_desc("M.yaml"), cl::sub(MapCommand));
llvm::cl::ValuesClass cleave::binomialMappingValues() {
  return cl::values(clEnumValN(BinomialMappingKind::Reflecting, "reflecting",
                               "2-D mesh, contention-free (seed 000 definition 7)"),
                    clEnumValN(BinomialMappingKind::Growing, "growing",
                               "2-D mesh, short late edges (seed 000 definition 8)"),
                    clEnumValN(BinomialMappingKind::DeBruijn, "debruijn",
                               "mapping D onto BDG(n) (seed 003 definition 6)"),
                    clEnumValN(BinomialMappingKind::Hypercube, "hypercube",
                               "binomial spanning tree of the n-cube"),
                    clEnumValN(BinomialMappingKind::Auto, "auto",
                               "chosen from the machine and alpha (default)"));
}

static cl::opt<BinomialMappingKind> Mapping("mapping", cl::desc("The canned mapping"),
                                            cl::init(BinomialMappingKind::Auto),
                                            binomialMappingValues(), cl::sub(MapCommand));
static cl::opt<bool> AsJSON("json", cl::desc("Print the mapping as JSON"), cl::sub(MapCommand));
static cl::opt<std::string> TasksFile("tasks", cl::desc("Place the tasks of this task graph"),
                                      cl::value_desc("T.json"), cl::sub(MapCommand));
static cl::opt<AllocationStrategy> Strategy(
    "strategy", cl::desc("How to place the tasks"), cl::init(AllocationStrategy::Refine),
    cl::values(
        clEnumValN(AllocationStrategy::Greedy, "greedy",
                   "list-scheduling construction (earliest finish time)"),
        clEnumValN(AllocationStrategy::Refine, "refine",
                   "greedy, then passes of moves and swaps (default)"),
        clEnumValN(AllocationStrategy::Anneal, "anneal", "greedy, then simulated annealing"),
        clEnumValN(AllocationStrategy::Exact, "exact",
                   "branch and bound: the optimum, for up to about 12 tasks on 6 processors"),
        clEnumValN(AllocationStrategy::Scotch, "scotch", "libscotch's static mapping"),
        clEnumValN(AllocationStrategy::AllOnOne, "all-on-one",
                   "baseline: every task on the fastest processor"),
        clEnumValN(AllocationStrategy::RoundRobin, "round-robin",
                   "baseline: task i on processor i mod P"),
        clEnumValN(AllocationStrategy::Random, "random", "baseline: at random (--seed)"),
        clEnumValN(AllocationStrategy::Packed, "packed",
                   "baseline: consecutive tasks in blocks, one per processor")),
    cl::sub(MapCommand));
static cl::opt<AllocationObjective> Objective(
    "objective", cl::desc("What the strategy minimizes"),
    cl::init(AllocationObjective::Makespan),
    cl::values(clEnumValN(AllocationObjective::Makespan, "makespan",
                          "the estimated makespan (default)"),
               clEnumValN(AllocationObjective::Total, "total", "eq. (11): the sum of D_jk"),
               clEnumValN(AllocationObjective::Imbalance, "imbalance",
                          "Hwang and Xu's eq. (2): load imbalance plus messages x hops")),
    cl::sub(MapCommand));
static cl::opt<uint64_t> Seed("seed", cl::desc("Seed of the random choices (default 1)"),
                              cl::init(1), cl::sub(MapCommand));
static cl::opt<unsigned> AnnealMoves("anneal-moves",
                                     cl::desc("Moves simulated annealing tries (default: 200 "
                                              "per task, at least 10,000)"),
                                     cl::sub(MapCommand));
static cl::opt<std::string> Output("o", cl::desc("Write the placement, for cleave cost"),
                                   cl::value_desc("P.json"), cl::sub(MapCommand));
static cl::opt<std::string> ScotchOutput("scotch-mapping",
                                         cl::desc("Write the placement as a Scotch mapping "
                                                  "file (vertex i: task i)"),
                                         cl::value_desc("P.map"), cl::sub(MapCommand));

/// The placement is listed task by task up to this many tasks.
static constexpr size_t MaxListedTasks = 64;
/// And the critical path up to this many.
static constexpr size_t MaxListedPath = 16;

static void printAllocation(const Machine &M, const TaskGraph &G, const Allocation &Chosen,
                            const std::vector<Allocation> &Results, llvm::raw_ostream &OS) {
  OS << "machine '" << M.Name << "': " << machineSummary(M) << "\n"
     << "task graph: " << G.Tasks.size() << " tasks, " << G.Edges.size() << " edges\n"
     << "objective: " << objectiveName(Objective) << "\n\n"
     << llvm::formatv("{0,-13} {1,13} {2,13} {3,13} {4,9} {5,11}\n", "strategy",
                      "makespan_s", "total_s", "imbalance", "seconds", "evaluations");
  for (const Allocation &A : Results)
    OS << llvm::format("%-13s %13.6g %13.6g %13.6g %9.3f %11llu%s\n",
                       strategyName(A.Strategy).str().c_str(), A.MakespanS, A.TotalS,
                       A.Imbalance, A.Seconds, (unsigned long long)A.Evaluations,
                        A.Optimal                         ? "  optimal"
                        : A.Strategy == Chosen.Strategy ? "  chosen"
                                                          : "");
  OS << "\ncritical path of the chosen placement (" << Chosen.CriticalPath.size()
     << " tasks, each waiting for the one before):";
  for (size_t I = 0; I < Chosen.CriticalPath.size(); ++I) {
    if (I == MaxListedPath) {
      OS << " ...";
      break;
    }
    unsigned T = Chosen.CriticalPath[I];
    OS << (I ? " -> " : " ") << G.Tasks[T].Name << "@" << Chosen.P[T];
  }
  OS << "\n";
  if (G.Tasks.size() > MaxListedTasks) {
    OS << "\nplacement of " << G.Tasks.size() << " tasks: write it with -o P.json or --json\n";
    return;
  }
  OS << "\nplacement:\n";
  for (size_t T = 0; T < G.Tasks.size(); ++T)
    OS << "  " << G.Tasks[T].Name << " -> " << Chosen.P[T] << " ("
       << M.Nodes[M.Processors[Chosen.P[T]]].Name << ")\n";
}

static void writeAllocationJSON(const Machine &M, const TaskGraph &G, const Allocation &Chosen,
                                const std::vector<Allocation> &Results,
                                llvm::raw_ostream &OS) {
  llvm::json::OStream J(OS, 2);
  J.object([&] {
    J.attributeArray("critical_path", [&] {
      for (unsigned T : Chosen.CriticalPath)
        J.value(G.Tasks[T].Name);
    });
    J.attribute("machine", M.Name);
    J.attribute("objective", objectiveName(Objective));
    J.attributeObject("placement", [&] {
      for (size_t T = 0; T < G.Tasks.size(); ++T)
        J.attribute(G.Tasks[T].Name, Chosen.P[T]);
    });
    J.attributeArray("results", [&] {
      for (const Allocation &A : Results)
        J.object([&] {
          J.attribute("evaluations", int64_t(A.Evaluations));
          J.attribute("imbalance", A.Imbalance);
          J.attribute("makespan_s", A.MakespanS);
          J.attribute("objective", A.Objective);
          J.attribute("optimal", A.Optimal);
          J.attribute("seconds", A.Seconds);
          J.attribute("strategy", strategyName(A.Strategy));
          J.attribute("total_s", A.TotalS);
        });
    });
    J.attribute("strategy", strategyName(Chosen.Strategy));
  });
  OS << "\n";
}

/// `cleave map --tasks`: the chosen strategy's placement, then each baseline.
static int runAllocation() {
  auto M = loadMachine(MachineFile);
  if (!M)
    return reportFailure(M.takeError());
  auto G = loadTaskGraph(TasksFile);
  if (!G)
    return reportFailure(G.takeError());
  AllocationOptions Options;
  Options.Objective = Objective;
  Options.Seed = Seed;
  Options.AnnealMoves = AnnealMoves;
  auto A = Allocator::create(*M, *G, Options);
  if (!A)
    return reportFailure(llvm::createStringError(llvm::inconvertibleErrorCode(),
                                                 TasksFile + ": " +
                                                     llvm::toString(A.takeError())));
  auto Chosen = A->run(Strategy);
  if (!Chosen)
    return reportFailure(Chosen.takeError());
  std::vector<Allocation> Results{*Chosen};
  for (AllocationStrategy S : baselineStrategies())
    if (S != Strategy)
      Results.push_back(cantFail(A->run(S)));
  std::string Text;
  llvm::raw_string_ostream OS(Text);
  if (AsJSON)
    writeAllocationJSON(*M, *G, *Chosen, Results, OS);
  else
    printAllocation(*M, *G, *Chosen, Results, OS);
  // Each file is written whole or not at all (writeToOutput renames a
  // finished temporary file).
  using Writer = void (*)(const TaskGraph &, const Placement &, llvm::raw_ostream &);
  for (auto [Path, Write] : {std::pair<llvm::StringRef, Writer>{Output, writePlacementJSON},
                             {ScotchOutput, writeScotchMapping}})
    if (!Path.empty())
      if (llvm::Error E = llvm::writeToOutput(Path, [&](llvm::raw_ostream &File) {
            Write(*G, Chosen->P, File);
            return llvm::Error::success();
          }))
        return reportFailure(std::move(E));
  llvm::outs() << Text;
  leaveToExit(std::move(*M));
  return 0;
}

int cleave::runMap() {
  auto Usage = [](llvm::StringRef Message) {
    llvm::errs() << "cleave: error: " << Message << "\n";
    return 2;
  };
  if (MachineFile.empty())
    return Usage("cleave map needs --machine M.yaml");
  if (Binomial.getNumOccurrences() == TasksFile.getNumOccurrences())
    return Usage("cleave map needs one of --tasks T.json (place a task graph) and --binomial "
                 "N (a canned mapping of divide and conquer)");
  if (TasksFile.getNumOccurrences()) {
    if (Alpha.getNumOccurrences() || Mapping.getNumOccurrences())
      return Usage("--alpha and --mapping go with --binomial, not --tasks");
    return runAllocation();
  }
  for (const llvm::cl::Option *O :
       std::initializer_list<const llvm::cl::Option *>{&Strategy, &Objective, &Seed,
                                                        &AnnealMoves, &Output, &ScotchOutput})
    if (O->getNumOccurrences())
      return Usage("--" + O->ArgStr.str() + " goes with --tasks, not --binomial");
  if (!Alpha.getNumOccurrences())
    return Usage("--binomial needs --alpha A, the message volume ratio in (0, 1]");
  auto M = loadMachine(MachineFile);
  if (!M)
    return reportFailure(M.takeError());
  auto B = mapBinomial(Binomial, Alpha, *M, Mapping);
  if (!B)
    return reportFailure(B.takeError());
  // Everything is computed before anything is printed: a failure writes
  // nothing to stdout.
  std::string Text;
  llvm::raw_string_ostream OS(Text);
  if (AsJSON)
    writeMappingJSON(*M, *B, OS);
  else
    printMapping(*M, *B, OS);
  llvm::outs() << Text;
  leaveToExit(std::move(*M));
  return 0;
}
