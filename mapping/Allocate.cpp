/// \file
/// Static allocation strategies and baselines.
#include "mapping/Allocate.h"
#include "mapping/Scotch.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <random>
#include <optional>
#include <set>

using namespace cleave;

llvm::StringRef cleave::objectiveName(AllocationObjective O) {
  switch (O) {
  case AllocationObjective::Makespan: return "makespan";
  case AllocationObjective::Total: return "total";
  case AllocationObjective::Imbalance: return "imbalance";
  }
  llvm_unreachable("objective");
}

llvm::StringRef cleave::strategyName(AllocationStrategy S) {
  switch (S) {
  case AllocationStrategy::Greedy: return "greedy";
  case AllocationStrategy::Refine: return "refine";
  case AllocationStrategy::Anneal: return "anneal";
  case AllocationStrategy::Exact: return "exact";
  case AllocationStrategy::Scotch: return "scotch";
  case AllocationStrategy::AllOnOne: return "all-on-one";
  case AllocationStrategy::RoundRobin: return "round-robin";
  case AllocationStrategy::Random: return "random";
  case AllocationStrategy::Packed: return "packed";
  }
  llvm_unreachable("strategy");
}

llvm::ArrayRef<AllocationStrategy> cleave::baselineStrategies() {
  static const AllocationStrategy Baselines[] = {
      AllocationStrategy::AllOnOne, AllocationStrategy::RoundRobin, AllocationStrategy::Random,
      AllocationStrategy::Packed};
  return Baselines;
}

namespace {
llvm::Error failure(const llvm::Twine &Message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), Message);
}

/// A draw in [0, N) (the standard distributions differ between libraries;
/// this one gives the same placements everywhere for a seed).
unsigned draw(std::mt19937_64 &Rng, size_t N) { return Rng() % N; }

/// Whether relabelling the processors of \p M changes no cost: every
/// processor alike and every pair of them joined the same way (one direct
/// link, one shared bus, or two port links through one switch), with links
/// alike.
bool processorsAlike(const Machine &M) {
  if (M.Topology != TopologyKind::FullyConnected && M.Topology != TopologyKind::Bus &&
      M.Topology != TopologyKind::Crossbar)
    return false;
  auto SameNode = [](const MachineNode &A, const MachineNode &B) {
    return std::tie(A.Speed, A.SendOverheadS, A.RecvOverheadS, A.LocalMessageS,
                    A.LocalByteTimeS, A.DataFormat, A.Resources) ==
           std::tie(B.Speed, B.SendOverheadS, B.RecvOverheadS, B.LocalMessageS,
                    B.LocalByteTimeS, B.DataFormat, B.Resources);
  };
  auto SameLink = [](const MachineLink &A, const MachineLink &B) {
    auto Points = [](const MachineLink &L) {
      std::vector<std::pair<double, double>> Out;
      for (const BusyPoint &P : L.BusyTable)
        Out.emplace_back(P.Utilization, P.WaitS);
      return Out;
    };
    return std::tie(A.ByteTimeS, A.Busy, A.PacketBytes, A.HeaderBytes,
                    A.BackgroundUtilization, A.Shared) ==
               std::tie(B.ByteTimeS, B.Busy, B.PacketBytes, B.HeaderBytes,
                        B.BackgroundUtilization, B.Shared) &&
           Points(A) == Points(B);
  };
  for (unsigned Node : M.Processors)
    if (!SameNode(M.Nodes[Node], M.Nodes[M.Processors[0]]))
      return false;
  return llvm::all_of(M.Links, [&](const MachineLink &L) { return SameLink(L, M.Links[0]); });
}

/// A draw in [0, 1).
double unit(std::mt19937_64 &Rng) { return (Rng() >> 11) * 0x1.0p-53; }
} // namespace

llvm::Expected<Allocator> Allocator::create(const Machine &M, const TaskGraph &G,
                                            const AllocationOptions &Options) {
  Allocator A(M, G, Options);
  unsigned Processors = M.Processors.size();
  for (const Task &T : G.Tasks) {
    std::vector<unsigned> &Allowed = A.Allowed.emplace_back();
    auto Has = [&](unsigned P) {
      return llvm::all_of(T.Resources, [&](const std::string &R) {
        return llvm::is_contained(M.Nodes[M.Processors[P]].Resources, R);
      });
    };
    if (T.Processor) {
      if (*T.Processor >= Processors)
        return failure("task '" + T.Name + "' is pinned to processor " +
                       llvm::Twine(*T.Processor) + ", but machine '" + M.Name + "' has " +
                       llvm::Twine(Processors) + " (0 to " + llvm::Twine(Processors - 1) + ")");
      if (!Has(*T.Processor))
        return failure("task '" + T.Name + "' is pinned to processor " +
                       llvm::Twine(*T.Processor) + ", which lacks the resources it needs (" +
                       llvm::join(T.Resources, ", ") + ")");
      Allowed.push_back(*T.Processor);
      continue;
    }
    for (unsigned P = 0; P < Processors; ++P)
      if (Has(P))
        Allowed.push_back(P);
    if (Allowed.empty())
      return failure("task '" + T.Name + "' needs " + llvm::join(T.Resources, ", ") +
                     ", which no processor of machine '" + M.Name +
                     "' has: list the resource under a node's 'resources' in the machine "
                     "description");
  }
  return std::move(A);
}

double Allocator::objective(const Placement &P) const {
  return objective(PlacementPricer::Session(Pricer, P));
}

double Allocator::objective(const PlacementPricer::Session &S) const {
  switch (Options.Objective) {
  case AllocationObjective::Makespan: return S.estimate({}).MakespanS;
  case AllocationObjective::Total: return S.estimate({}).Total;
  case AllocationObjective::Imbalance:
    return Pricer.compare(CostFunctionKind::HwangXu, S.placement()).Total;
  }
  llvm_unreachable("objective");
}

Allocation Allocator::describe(AllocationStrategy S, Placement P) const {
  Allocation A;
  A.Strategy = S;
  CostReport R = Pricer.estimate(P, {});
  A.MakespanS = R.MakespanS;
  A.CriticalPath = std::move(R.CriticalPath);
  A.TotalS = R.Total;
  A.Imbalance = Pricer.compare(CostFunctionKind::HwangXu, P).Total;
  A.Objective = Options.Objective == AllocationObjective::Makespan ? A.MakespanS
                : Options.Objective == AllocationObjective::Total  ? A.TotalS
                                                                   : A.Imbalance;
  A.P = std::move(P);
  return A;
}

llvm::Expected<Allocation> Allocator::run(AllocationStrategy S) const {
  auto Start = std::chrono::steady_clock::now();
  uint64_t Evaluations = 0;
  Placement P;
  bool Optimal = false;
  switch (S) {
  case AllocationStrategy::Greedy:
    P = greedy();
    break;
  case AllocationStrategy::Refine:
    P = refineStarts(Evaluations);
    break;
  case AllocationStrategy::Anneal:
    P = anneal(std::move(starts(Evaluations).front()), Evaluations);
    break;
  case AllocationStrategy::Exact: {
    auto Best = exact(refineStarts(Evaluations), Evaluations);
    if (!Best)
      return Best.takeError();
    P = std::move(*Best);
    Optimal = true;
    break;
  }
  case AllocationStrategy::Scotch: {
    auto Mapped = scotchMap(M, G, Options.Seed);
    if (!Mapped)
      return Mapped.takeError();
    P = std::move(*Mapped);
    break;
  }
  case AllocationStrategy::AllOnOne:
  case AllocationStrategy::RoundRobin:
  case AllocationStrategy::Random:
  case AllocationStrategy::Packed:
    P = baseline(S);
    break;
  }
  double Seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - Start).count();
  Allocation A = describe(S, std::move(P));
  A.Seconds = Seconds;
  A.Evaluations = Evaluations;
  A.Optimal = Optimal;
  return A;
}

Placement Allocator::baseline(AllocationStrategy S) const {
  unsigned N = G.Tasks.size(), Processors = M.Processors.size();
  Placement P(N);
  // Each baseline names a processor; a task that may not run there goes to
  // the first allowed processor at or after it (in turn).
  auto Nearest = [&](unsigned T, unsigned Wanted) {
    const std::vector<unsigned> &A = allowed(T);
    auto It = llvm::lower_bound(A, Wanted);
    return It == A.end() ? A.front() : *It;
  };
  switch (S) {
  case AllocationStrategy::AllOnOne: {
    unsigned Fastest = 0;
    for (unsigned Q = 1; Q < Processors; ++Q)
      if (M.Nodes[M.Processors[Q]].Speed > M.Nodes[M.Processors[Fastest]].Speed)
        Fastest = Q;
    for (unsigned T = 0; T < N; ++T)
      P[T] = Nearest(T, Fastest);
    break;
  }
  case AllocationStrategy::RoundRobin:
    for (unsigned T = 0; T < N; ++T)
      P[T] = Nearest(T, T % Processors);
    break;
  case AllocationStrategy::Random: {
    std::mt19937_64 Rng(Options.Seed);
    for (unsigned T = 0; T < N; ++T)
      P[T] = allowed(T)[draw(Rng, allowed(T).size())];
    break;
  }
  case AllocationStrategy::Packed: {
    // Blocks of consecutive tasks, each processor's block as large as its
    // share of the speed: processor q holds tasks [N S_<q / S, N S_<=q / S).
    double SpeedSum = 0;
    for (unsigned Node : M.Processors)
      SpeedSum += M.Nodes[Node].Speed;
    unsigned Q = 0;
    double Upto = M.Nodes[M.Processors[0]].Speed / SpeedSum * N;
    for (unsigned T = 0; T < N; ++T) {
      while (T >= Upto && Q + 1 < Processors)
        Upto += M.Nodes[M.Processors[++Q]].Speed / SpeedSum * N;
      P[T] = Nearest(T, Q);
    }
    break;
  }
  default:
    llvm_unreachable("not a baseline");
  }
  return P;
}

/// Greedy construction prices messages on idle links; where links are
/// loaded (a shared segment near saturation) a baseline can do better, so
/// the searches start from greedy's placement and from the best baseline's
/// when that is better, best first.
std::vector<Placement> Allocator::starts(uint64_t &Evaluations) const {
  std::vector<Placement> Out{greedy()};
  double Greedy = objective(Out[0]), Best = Greedy;
  ++Evaluations;
  for (AllocationStrategy S : baselineStrategies()) {
    Placement P = baseline(S);
    double F = objective(P);
    ++Evaluations;
    if (F < Best) {
      Best = F;
      Out.resize(1);
      Out.push_back(std::move(P));
    }
  }
  std::reverse(Out.begin(), Out.end());
  return Out;
}

/// The best placement refine() reaches from each start.
Placement Allocator::refineStarts(uint64_t &Evaluations) const {
  Placement Best;
  double BestValue = INFINITY;
  for (Placement &Start : starts(Evaluations)) {
    Placement P = refine(std::move(Start), Evaluations);
    double F = objective(P);
    ++Evaluations;
    if (F < BestValue) {
      BestValue = F;
      Best = std::move(P);
    }
  }
  return Best;
}

/// Tasks in the order of the schedule's arcs, the largest upward rank
/// (compute at average speed along the longest path) first among those
/// ready; each goes where the objective grows least: for the makespan, the
/// processor where it would finish first given the messages of the tasks
/// placed before it (HEFT without insertion); for eq. (11), the least delay
/// to its placed neighbours; for Hwang and Xu, the least new load plus
/// message-hops.
Placement Allocator::greedy() const {
  unsigned N = G.Tasks.size(), Processors = M.Processors.size();
  double SpeedSum = 0;
  for (unsigned Node : M.Processors)
    SpeedSum += M.Nodes[Node].Speed;
  double MeanSpeed = SpeedSum / Processors;
  std::vector<double> Rank(N);
  llvm::ArrayRef<unsigned> Order = Pricer.order();
  for (auto It = Order.rbegin(); It != Order.rend(); ++It) {
    double Longest = 0;
    for (const PlacementPricer::Arc &A : Pricer.arcsOutOf(*It))
      Longest = std::max(Longest, Rank[A.Task]);
    Rank[*It] = G.Tasks[*It].WorkS / MeanSpeed + Longest;
  }
  std::vector<unsigned> Left(N);
  auto Later = [&](unsigned A, unsigned B) {
    return Rank[A] != Rank[B] ? Rank[A] < Rank[B] : A > B;
  };
  std::vector<unsigned> Ready;
  for (unsigned T = 0; T < N; ++T)
    if (!(Left[T] = Pricer.arcsInto(T).size()))
      Ready.push_back(T);
  std::make_heap(Ready.begin(), Ready.end(), Later);

  Placement P(N, ~0u);
  std::vector<double> NodeFree(Processors), Finish(N), Load(Processors);
  llvm::ArrayRef<PlacementPricer::Pair> Pairs = Pricer.pairs();
  while (!Ready.empty()) {
    std::pop_heap(Ready.begin(), Ready.end(), Later);
    unsigned T = Ready.back();
    Ready.pop_back();
    double BestScore = 0, BestDelay = 0, BestFinish = 0;
    unsigned Best = ~0u;
    for (unsigned Q : allowed(T)) {
      double Compute = G.Tasks[T].WorkS / M.Nodes[M.Processors[Q]].Speed;
      double Arrive = 0, Delay = 0, Hops = 0;
      for (unsigned I : Pricer.pairsOf(T)) {
        unsigned Other = Pairs[I].From == T ? Pairs[I].To : Pairs[I].From;
        if (P[Other] == ~0u)
          continue;
        bool Out = Pairs[I].From == T;
        double D = Out ? Pricer.idleDelay(I, Q, P[Other]) : Pricer.idleDelay(I, P[Other], Q);
        Delay += D;
        if (!Out)
          Arrive = std::max(Arrive, Finish[Other] + D);
        if (Options.Objective == AllocationObjective::Imbalance && P[Other] != Q)
          Hops += Pairs[I].Count * M.route(M.Processors[Q], M.Processors[P[Other]]).size();
      }
      double End = std::max(NodeFree[Q], Arrive) + Compute;
      double Score = Options.Objective == AllocationObjective::Makespan ? End
                     : Options.Objective == AllocationObjective::Total
                         ? Delay
                         : Load[Q] + Compute + Hops;
      if (Best == ~0u || Score < BestScore || (Score == BestScore && Delay < BestDelay)) {
        Best = Q;
        BestScore = Score;
        BestDelay = Delay;
        BestFinish = End;
      }
    }
    P[T] = Best;
    Finish[T] = BestFinish;
    NodeFree[Best] = BestFinish;
    Load[Best] += G.Tasks[T].WorkS / M.Nodes[M.Processors[Best]].Speed;
    for (const PlacementPricer::Arc &A : Pricer.arcsOutOf(T))
      if (!--Left[A.Task]) {
        Ready.push_back(A.Task);
        std::push_heap(Ready.begin(), Ready.end(), Later);
      }
  }
  return P;
}

/// Iterative refinement by moves and swaps. A task considers moving to every
/// processor it may run on when there are at most 16, else to the
/// processors of its neighbours in the task graph and to the two least
/// loaded processors it may run on, and swapping with the task there that it
/// exchanges the most bytes with (or the lightest); the best candidate that
/// lowers the objective is made. In graphs of more than 200 tasks, pricing
/// every candidate would take the whole schedule each time, so they are
/// ranked first by a cheap estimate (the change of the idle delays of the
/// pairs they touch, plus, unless the objective is eq. (11), the change of
/// the sum of squared processor loads over twice the mean load, which
/// rewards balance) and only the best three are priced. Each pass first
/// works on the critical path when the objective is the makespan (found
/// again after each move, until none of its tasks can improve). Then, as
/// Kernighan and Lin's passes do, it moves every task once, in an order
/// drawn from the seed, to its best candidate even when that is worse (a
/// way off a plateau of the makespan, and to what the critical path does
/// not show, such as the traffic that slows its messages), and keeps the
/// best placement of the pass. Passes repeat while one improves the
/// objective by a ten-thousandth or more.
Placement Allocator::refine(Placement P, uint64_t &Evaluations) const {
  const unsigned Priced = 3, PriceAllUpTo = 200, EveryTargetUpTo = 16, MaxPasses = 50,
                 MaxRounds = 20;
  const double MinPassGain = 1e-4;
  unsigned N = G.Tasks.size(), Processors = M.Processors.size();
  llvm::ArrayRef<PlacementPricer::Pair> Pairs = Pricer.pairs();
  std::mt19937_64 Rng(Options.Seed);
  PlacementPricer::Session S(Pricer, P);
  double Current = objective(S);
  ++Evaluations;
  std::vector<double> Load(Processors);
  std::vector<std::vector<unsigned>> On(Processors);
  auto Compute = [&](unsigned T, unsigned Q) {
    return G.Tasks[T].WorkS / M.Nodes[M.Processors[Q]].Speed;
  };
  double LoadSum = 0;
  for (unsigned T = 0; T < N; ++T) {
    Load[P[T]] += Compute(T, P[T]);
    LoadSum += Compute(T, P[T]);
    On[P[T]].push_back(T);
  }
  double Balance = Options.Objective == AllocationObjective::Total || LoadSum == 0
                       ? 0
                       : Processors / (2 * LoadSum);
  auto Place = [&](unsigned T, unsigned Q) {
    Load[P[T]] -= Compute(T, P[T]);
    llvm::erase(On[P[T]], T);
    P[T] = Q;
    S.move(T, Q);
    Load[Q] += Compute(T, Q);
    On[Q].push_back(T);
  };
  auto May = [&](unsigned T, unsigned Q) { return llvm::is_contained(allowed(T), Q); };
  /// The estimate's change when T goes to Q and Partner (if any) to T's
  /// processor.
  auto Estimate = [&](unsigned T, unsigned Q, unsigned Partner) {
    unsigned From = P[T];
    double LoadFrom = Load[From] - Compute(T, From), LoadTo = Load[Q] + Compute(T, Q);
    if (Partner != ~0u) {
      LoadFrom += Compute(Partner, From);
      LoadTo -= Compute(Partner, Q);
    }
    double Change = Balance * (LoadFrom * LoadFrom + LoadTo * LoadTo -
                               Load[From] * Load[From] - Load[Q] * Load[Q]);
    auto Delays = [&](unsigned Task) {
      for (unsigned I : Pricer.pairsOf(Task))
        Change -= S.idleDelay(I);
      P[T] = Q;
      if (Partner != ~0u)
        P[Partner] = From;
      for (unsigned I : Pricer.pairsOf(Task))
        Change += Pricer.idleDelay(I, P[Pairs[I].From], P[Pairs[I].To]);
      P[T] = From;
      if (Partner != ~0u)
        P[Partner] = Q;
    };
    Delays(T);
    if (Partner != ~0u)
      Delays(Partner);
    return Change;
  };
  struct Candidate {
    double Estimate;
    unsigned Target, Partner;
  };
  /// A move made: the task, where it was, and the partner of a swap.
  struct Made {
    unsigned Task, From, Partner;
  };
  /// Makes the best of T's candidates if it lowers the objective, or with
  /// \p Anyway, even if it does not (the tentative moves of a Kernighan-Lin
  /// pass); returns the move made, if any.
  auto Try = [&](unsigned T, bool Anyway) -> std::optional<Made> {
    if (allowed(T).size() < 2)
      return std::nullopt;
    unsigned From = P[T];
    std::set<unsigned> Targets;
    if (allowed(T).size() <= EveryTargetUpTo) {
      Targets.insert(allowed(T).begin(), allowed(T).end());
    } else {
      for (unsigned I : Pricer.pairsOf(T)) {
        unsigned Other = Pairs[I].From == T ? Pairs[I].To : Pairs[I].From;
        Targets.insert(P[Other]);
      }
      std::vector<unsigned> ByLoad = allowed(T);
      size_t Light = std::min<size_t>(2, ByLoad.size());
      std::partial_sort(ByLoad.begin(), ByLoad.begin() + Light, ByLoad.end(),
                        [&](unsigned A, unsigned B) {
                          return Load[A] != Load[B] ? Load[A] < Load[B] : A < B;
                        });
      Targets.insert(ByLoad.begin(), ByLoad.begin() + Light);
    }
    Targets.erase(From);
    std::vector<Candidate> Candidates;
    for (unsigned Q : Targets) {
      if (!May(T, Q))
        continue;
      Candidates.push_back({Estimate(T, Q, ~0u), Q, ~0u});
      // The partner: the task on Q exchanging most bytes with T, else the
      // lightest one that may move to T's processor.
      unsigned Partner = ~0u;
      double Most = -1;
      for (unsigned U : On[Q]) {
        if (!May(U, From))
          continue;
        double Bytes = 0;
        for (unsigned I : Pricer.pairsOf(U))
          if (Pairs[I].From == T || Pairs[I].To == T)
            Bytes += Pairs[I].Bytes;
        double Key = Bytes > 0 ? Bytes : -G.Tasks[U].WorkS / (1 + G.Tasks[U].WorkS);
        if (Partner == ~0u || Key > Most) {
          Partner = U;
          Most = Key;
        }
      }
      if (Partner != ~0u)
        Candidates.push_back({Estimate(T, Q, Partner), Q, Partner});
    }
    size_t Count = N <= PriceAllUpTo ? Candidates.size() : std::min<size_t>(Priced, Candidates.size());
    std::partial_sort(Candidates.begin(), Candidates.begin() + Count, Candidates.end(),
                      [](const Candidate &A, const Candidate &B) {
                        return std::tie(A.Estimate, A.Target, A.Partner) <
                               std::tie(B.Estimate, B.Target, B.Partner);
                      });
    double Best = INFINITY;
    const Candidate *Chosen = nullptr;
    for (const Candidate &C : llvm::ArrayRef(Candidates).take_front(Count)) {
      S.move(T, C.Target);
      if (C.Partner != ~0u)
        S.move(C.Partner, From);
      double F = objective(S);
      ++Evaluations;
      if (F < Best) {
        Best = F;
        Chosen = &C;
      }
      S.move(T, From);
      if (C.Partner != ~0u)
        S.move(C.Partner, C.Target);
    }
    // Improvements smaller than rounding are not improvements.
    if (!Chosen || (!Anyway && !(Best < Current * (1 - 1e-12))))
      return std::nullopt;
    if (Chosen->Partner != ~0u)
      Place(Chosen->Partner, From);
    Place(T, Chosen->Target);
    Current = Best;
    return Made{T, From, Chosen->Partner};
  };
  auto Improve = [&](unsigned T) { return Try(T, false).has_value(); };

  std::vector<unsigned> Sequence(N);
  for (unsigned T = 0; T < N; ++T)
    Sequence[T] = T;
  for (unsigned Pass = 0; Pass < MaxPasses; ++Pass) {
    double Before = Current;
    if (Options.Objective == AllocationObjective::Makespan)
      // Only the tasks of the chain that sets the makespan shorten it
      // directly: the first of them that improves does, and the chain is
      // found again.
      for (unsigned Round = 0; Round < MaxRounds * N; ++Round) {
        std::vector<unsigned> Chain = S.estimate({}).CriticalPath;
        ++Evaluations;
        if (!llvm::any_of(Chain, Improve))
          break;
      }
    // Every task moves once, to its best candidate even if that is worse;
    // then the moves after the best placement seen are undone.
    std::shuffle(Sequence.begin(), Sequence.end(), Rng);
    std::vector<Made> Moves;
    double Lowest = Current;
    size_t Keep = 0;
    for (unsigned T : Sequence)
      if (std::optional<Made> Move = Try(T, true)) {
        Moves.push_back(*Move);
        if (Current < Lowest * (1 - 1e-12)) {
          Lowest = Current;
          Keep = Moves.size();
        }
      }
    for (size_t I = Moves.size(); I-- > Keep;) {
      unsigned Target = P[Moves[I].Task];
      Place(Moves[I].Task, Moves[I].From);
      if (Moves[I].Partner != ~0u)
        Place(Moves[I].Partner, Target);
    }
    Current = Lowest;
    if (!(Current < Before * (1 - MinPassGain)))
      break;
  }
  return P;
}

/// Random moves (a task to another processor it may run on, half the time
/// one of its neighbours') and swaps, accepted by the Metropolis rule at a
/// temperature falling geometrically from 5% of the starting objective to a
/// thousandth of that; the best placement seen is kept.
Placement Allocator::anneal(Placement P, uint64_t &Evaluations) const {
  unsigned N = G.Tasks.size();
  std::vector<unsigned> Movable;
  for (unsigned T = 0; T < N; ++T)
    if (allowed(T).size() > 1)
      Movable.push_back(T);
  if (Movable.empty())
    return P;
  llvm::ArrayRef<PlacementPricer::Pair> Pairs = Pricer.pairs();
  std::mt19937_64 Rng(Options.Seed);
  PlacementPricer::Session S(Pricer, P);
  double Current = objective(S);
  ++Evaluations;
  Placement Best = P;
  double BestValue = Current;
  unsigned Moves = Options.AnnealMoves ? Options.AnnealMoves : std::max(10000u, 20 * N);
  double Start = 0.05 * Current, Ratio = 1e-3;
  auto May = [&](unsigned T, unsigned Q) { return llvm::is_contained(allowed(T), Q); };
  for (unsigned I = 0; I < Moves && Current > 0; ++I) {
    double Temperature = Start * std::pow(Ratio, double(I) / Moves);
    unsigned T = Movable[draw(Rng, Movable.size())];
    unsigned From = P[T], Partner = ~0u, To;
    if (unit(Rng) < 0.5) {
      // A swap with a random task that may take T's place.
      Partner = Movable[draw(Rng, Movable.size())];
      To = P[Partner];
      if (To == From || !May(T, To) || !May(Partner, From))
        continue;
      P[Partner] = From;
      S.move(Partner, From);
    } else if (!Pricer.pairsOf(T).empty() && unit(Rng) < 0.5) {
      const PlacementPricer::Pair &R = Pairs[Pricer.pairsOf(T)[draw(Rng, Pricer.pairsOf(T).size())]];
      To = P[R.From == T ? R.To : R.From];
      if (To == From || !May(T, To))
        continue;
    } else {
      To = allowed(T)[draw(Rng, allowed(T).size())];
      if (To == From)
        continue;
    }
    P[T] = To;
    S.move(T, To);
    double F = objective(S);
    ++Evaluations;
    if (F <= Current || unit(Rng) < std::exp((Current - F) / Temperature)) {
      Current = F;
      if (F < BestValue) {
        BestValue = F;
        Best = P;
      }
    } else {
      P[T] = From;
      S.move(T, From);
      if (Partner != ~0u) {
        P[Partner] = To;
        S.move(Partner, To);
      }
    }
  }
  return Best;
}

/// Depth-first over the tasks, the heaviest first, each on every processor
/// it may run on; a partial placement is cut off when a lower bound of the
/// objective reaches the best complete one. The bounds hold for every
/// completion because the terms they leave out are never negative: for the
/// makespan, the largest compute load of a processor, the whole work over
/// the whole speed, and the longest path of the schedule's arcs with
/// unplaced tasks at the speed of their fastest processor and only the
/// messages between placed tasks, on idle links; for eq. (11), those
/// messages' idle delays; for Hwang and Xu, their message-hops.
llvm::Expected<Placement> Allocator::exact(Placement Incumbent, uint64_t &Evaluations) const {
  unsigned N = G.Tasks.size(), Processors = M.Processors.size();
  double Placements = 1;
  for (unsigned T = 0; T < N; ++T)
    Placements *= allowed(T).size();
  if (Placements > MaxExactPlacements)
    return failure(llvm::formatv("the exact search would consider up to {0:e2} placements "
                                 "({1} tasks on {2} processors); it is limited to {3:e2} "
                                 "(about 12 tasks on 6 processors): use --strategy refine "
                                 "or anneal",
                                 Placements, N, Processors, MaxExactPlacements)
                       .str());
  llvm::ArrayRef<PlacementPricer::Pair> Pairs = Pricer.pairs();
  std::vector<unsigned> ByWork(N);
  for (unsigned T = 0; T < N; ++T)
    ByWork[T] = T;
  llvm::stable_sort(ByWork, [&](unsigned A, unsigned B) {
    return G.Tasks[A].WorkS > G.Tasks[B].WorkS;
  });
  std::vector<double> Fastest(N);
  double WorkSum = 0, SpeedSum = 0;
  for (unsigned T = 0; T < N; ++T) {
    for (unsigned Q : allowed(T))
      Fastest[T] = std::max(Fastest[T], M.Nodes[M.Processors[Q]].Speed);
    WorkSum += G.Tasks[T].WorkS;
  }
  for (unsigned Node : M.Processors)
    SpeedSum += M.Nodes[Node].Speed;
  llvm::ArrayRef<unsigned> Order = Pricer.order();

  // On a machine of alike processors, placements that differ by a
  // relabelling of the processors no task is pinned to cost the same: a
  // task goes to a processor in use or to the first unused one of them.
  std::vector<bool> Alike(Processors, processorsAlike(M));
  for (const Task &T : G.Tasks)
    if (T.Processor)
      Alike[*T.Processor] = false;
  std::vector<unsigned> Used(Processors);

  Placement P(N, ~0u);
  std::vector<double> Load(Processors);
  Placement Best = std::move(Incumbent);
  double BestValue = objective(Best);
  ++Evaluations;
  std::vector<double> Delay(Pairs.size()), Finish(N);
  auto Bound = [&]() {
    if (Options.Objective == AllocationObjective::Makespan) {
      double B = WorkSum / SpeedSum;
      for (double L : Load)
        B = std::max(B, L);
      for (unsigned T : Order) {
        double Start = 0;
        for (const PlacementPricer::Arc &A : Pricer.arcsInto(T))
          Start = std::max(Start, Finish[A.Task] + Delay[A.Pair]);
        double Speed = P[T] == ~0u ? Fastest[T] : M.Nodes[M.Processors[P[T]]].Speed;
        Finish[T] = Start + G.Tasks[T].WorkS / Speed;
        B = std::max(B, Finish[T]);
      }
      return B;
    }
    double B = 0;
    for (unsigned I = 0; I < Pairs.size(); ++I) {
      if (P[Pairs[I].From] == ~0u || P[Pairs[I].To] == ~0u)
        continue;
      if (Options.Objective == AllocationObjective::Total)
        B += Delay[I];
      else if (P[Pairs[I].From] != P[Pairs[I].To]) {
        // As eq. (2) counts them: the route from the lower processor.
        auto [Lo, Hi] = std::minmax(P[Pairs[I].From], P[Pairs[I].To]);
        B += Pairs[I].Count * M.route(M.Processors[Lo], M.Processors[Hi]).size();
      }
    }
    return B;
  };
  auto Visit = [&](auto &&Self, unsigned Depth) -> void {
    if (Depth == N) {
      double F = objective(P);
      ++Evaluations;
      if (F < BestValue) {
        BestValue = F;
        Best = P;
      }
      return;
    }
    unsigned T = ByWork[Depth];
    bool FreshTried = false;
    for (unsigned Q : allowed(T)) {
      if (Alike[Q] && !Used[Q]) {
        if (FreshTried)
          continue;
        FreshTried = true;
      }
      P[T] = Q;
      ++Used[Q];
      double Compute = G.Tasks[T].WorkS / M.Nodes[M.Processors[Q]].Speed;
      Load[Q] += Compute;
      for (unsigned I : Pricer.pairsOf(T)) {
        const PlacementPricer::Pair &R = Pairs[I];
        if (P[R.From] != ~0u && P[R.To] != ~0u)
          Delay[I] = Pricer.idleDelay(I, P[R.From], P[R.To]);
      }
      if (Bound() < BestValue)
        Self(Self, Depth + 1);
      for (unsigned I : Pricer.pairsOf(T))
        Delay[I] = 0;
      Load[Q] -= Compute;
      --Used[Q];
      P[T] = ~0u;
    }
  };
  Visit(Visit, 0);
  return Best;
}
