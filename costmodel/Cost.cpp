/// \file
/// The IPC cost function (seed 004 eqs. 5-17), its comparators (eqs. 1-4)
/// and the list-scheduling makespan estimate.
#include "costmodel/Cost.h"

#include "llvm/ADT/STLExtras.h"

#include <boost/graph/adjacency_list.hpp>
#include <boost/graph/strong_components.hpp>

#include <algorithm>
#include <cassert>
#include <cmath>
#include <map>
#include <queue>

using namespace cleave;

llvm::StringRef cleave::costFunctionName(CostFunctionKind K) {
  switch (K) {
  case CostFunctionKind::List: return "list";
  case CostFunctionKind::HwangXu: return "hwang-xu";
  case CostFunctionKind::Ezzat: return "ezzat";
  case CostFunctionKind::BollingerMidkiff: return "bollinger-midkiff";
  }
  llvm_unreachable("cost function kind");
}

namespace {
/// The bytes of \p Msgs on link \p L, protocol bytes included.
double wireBytes(const MachineLink &L, const std::vector<MessageGroup> &Msgs) {
  double Sum = 0;
  for (const MessageGroup &G : Msgs)
    Sum += G.Count * L.wireBytes(G.Bytes);
  return Sum;
}
} // namespace

PlacementPricer::Route PlacementPricer::route(unsigned I, unsigned A, unsigned B) const {
  const Pair &PR = Pairs[I];
  Route R;
  R.FromNode = M.Processors[A];
  R.ToNode = M.Processors[B];
  if (R.FromNode == R.ToNode) {
    // Seed 004 §4.4: two tasks on one node still pay to communicate.
    const MachineNode &Node = M.Nodes[R.FromNode];
    R.G = PR.Count * Node.LocalMessageS;
    R.H = PR.Bytes * Node.LocalByteTimeS;
    return R;
  }
  // G_jk (eq. 8) and H_jk (eq. 9, or eq. 17 per message when the path is set
  // up end to end): what does not depend on the traffic.
  std::vector<Hop> Hops;
  M.route(R.FromNode, R.ToNode, Hops);
  double Intermediate = 0;
  unsigned Cur = R.FromNode;
  for (size_t K = 0; K < Hops.size(); ++K) {
    const MachineLink &L = M.Links[Hops[K].Link];
    if (K + 1 < Hops.size())
      Intermediate += M.Nodes[Hops[K].To].ForwardDelayS;
    R.Links.push_back(Hops[K].Link);
    R.Channels.push_back(M.channel(Cur, Hops[K]));
    R.Wire.push_back(wireBytes(L, PR.Messages));
    Cur = Hops[K].To;
  }
  R.G = PR.Count * (M.Nodes[R.FromNode].SendOverheadS + M.Nodes[R.ToNode].RecvOverheadS +
                    Intermediate);
  if (M.Switching == SwitchingKind::StoreAndForward) {
    for (size_t K = 0; K < Hops.size(); ++K)
      R.H += M.Links[R.Links[K]].ByteTimeS * R.Wire[K];
  } else {
    // Eq. (17) per message: the first byte crosses every link, the rest
    // follow at the pace of the slowest.
    double PathTime = 0;
    const MachineLink *Slowest = nullptr;
    for (unsigned Link : R.Links) {
      const MachineLink &L = M.Links[Link];
      PathTime += L.ByteTimeS;
      if (!Slowest || L.ByteTimeS > Slowest->ByteTimeS)
        Slowest = &L;
    }
    for (const MessageGroup &Msg : PR.Messages)
      R.H += Msg.Count *
             (PathTime + std::max(Slowest->wireBytes(Msg.Bytes) - 1, 0.0) * Slowest->ByteTimeS);
  }
  return R;
}

std::vector<PlacementPricer::Route> PlacementPricer::routeAll(const Placement &P) const {
  std::vector<Route> Routes;
  Routes.reserve(Pairs.size());
  for (unsigned I = 0; I < Pairs.size(); ++I)
    Routes.push_back(route(I, P[Pairs[I].From], P[Pairs[I].To]));
  return Routes;
}

PlacementPricer::Session::Session(const PlacementPricer &Pricer, Placement P)
    : Pricer(Pricer), P(std::move(P)), Routes(Pricer.routeAll(this->P)) {}

void PlacementPricer::Session::move(unsigned T, unsigned Q) {
  if (P[T] == Q)
    return;
  P[T] = Q;
  for (unsigned I : Pricer.PairsOf[T])
    Routes[I] = Pricer.route(I, P[Pricer.Pairs[I].From], P[Pricer.Pairs[I].To]);
}

PlacementPricer::PlacementPricer(const Machine &M, const TaskGraph &G)
    : M(M), G(G), PairsOf(G.Tasks.size()), Out(G.Tasks.size()), In(G.Tasks.size()),
      Waiting(G.Tasks.size()) {
  std::map<std::pair<unsigned, unsigned>, unsigned> Index;
  for (const TaskEdge &E : G.Edges) {
    auto [It, New] = Index.try_emplace({E.From, E.To}, Pairs.size());
    if (New)
      Pairs.push_back({E.From, E.To, {}, 0, 0});
    Pair &R = Pairs[It->second];
    R.Messages.insert(R.Messages.end(), E.Messages.begin(), E.Messages.end());
    R.Count += E.messageCount();
    R.Bytes += E.totalBytes();
  }
  llvm::sort(Pairs, [](const Pair &A, const Pair &B) {
    return std::tie(A.From, A.To) < std::tie(B.From, B.To);
  });
  for (unsigned I = 0; I < Pairs.size(); ++I) {
    PairsOf[Pairs[I].From].push_back(I);
    if (Pairs[I].To != Pairs[I].From)
      PairsOf[Pairs[I].To].push_back(I);
  }

  // The list schedule follows every edge between two tasks, except, inside
  // a cycle of the task graph (a call and its reply), one from a later task
  // to an earlier one (by number): a cycle has no order to follow.
  unsigned N = G.Tasks.size();
  boost::adjacency_list<boost::vecS, boost::vecS, boost::directedS> Graph(N);
  for (const Pair &R : Pairs)
    if (R.From != R.To)
      boost::add_edge(R.From, R.To, Graph);
  std::vector<int> Component(N);
  if (N)
    boost::strong_components(
        Graph, boost::make_iterator_property_map(Component.begin(),
                                                 boost::get(boost::vertex_index, Graph)));
  for (unsigned I = 0; I < Pairs.size(); ++I) {
    const Pair &R = Pairs[I];
    if (R.From == R.To)
      continue;
    if (Component[R.From] == Component[R.To] && R.From > R.To) {
      ++CycleEdges;
      continue;
    }
    Out[R.From].push_back({R.To, I});
    In[R.To].push_back({R.From, I});
    ++Waiting[R.To];
  }
  std::vector<unsigned> Count = Waiting;
  for (unsigned T = 0; T < N; ++T)
    if (!Count[T])
      Order.push_back(T);
  for (size_t I = 0; I < Order.size(); ++I)
    for (const Arc &A : Out[Order[I]])
      if (!--Count[A.Task])
        Order.push_back(A.Task);
  assert(Order.size() == N && "the edges kept form a cycle");
}

double PlacementPricer::idleDelay(unsigned I, unsigned A, unsigned B) const {
  Route R = route(I, A, B);
  return R.G + R.H;
}

/// Each task starts when its node is free and every message of a preceding
/// task has arrived (D after that task ends); ready tasks go in order of
/// their longest path to the end (upward rank). \p Critical, if given,
/// receives the chain that sets the makespan: from the task that ends last,
/// back through whatever each one waited for (the task before it on its
/// node, or the sender of its last message), first task first.
double PlacementPricer::makespan(const Placement &P, const std::vector<double> &D,
                                 std::vector<unsigned> *Critical) const {
  unsigned N = G.Tasks.size();
  std::vector<double> Compute(N), Rank(N);
  for (unsigned T = 0; T < N; ++T)
    Compute[T] = G.Tasks[T].WorkS / M.Nodes[M.Processors[P[T]]].Speed;
  for (auto It = Order.rbegin(); It != Order.rend(); ++It) {
    double Longest = 0;
    for (const Arc &A : Out[*It])
      Longest = std::max(Longest, D[A.Pair] + Rank[A.Task]);
    Rank[*It] = Compute[*It] + Longest;
  }
  auto Later = [&](unsigned A, unsigned B) {
    return Rank[A] != Rank[B] ? Rank[A] < Rank[B] : A > B;
  };
  std::priority_queue<unsigned, std::vector<unsigned>, decltype(Later)> Ready(Later);
  std::vector<unsigned> Left = Waiting;
  for (unsigned T = 0; T < N; ++T)
    if (!Left[T])
      Ready.push(T);
  std::vector<double> NodeFree(M.Processors.size()), Finish(N);
  std::vector<unsigned> LastOn(M.Processors.size(), ~0u), WaitedFor(N, ~0u);
  double Makespan = 0;
  unsigned Last = ~0u;
  while (!Ready.empty()) {
    unsigned T = Ready.top();
    Ready.pop();
    double Start = NodeFree[P[T]];
    WaitedFor[T] = LastOn[P[T]];
    for (const Arc &A : In[T])
      if (Finish[A.Task] + D[A.Pair] > Start) {
        Start = Finish[A.Task] + D[A.Pair];
        WaitedFor[T] = A.Task;
      }
    Finish[T] = Start + Compute[T];
    NodeFree[P[T]] = Finish[T];
    LastOn[P[T]] = T;
    if (Last == ~0u || Finish[T] > Makespan) {
      Makespan = Finish[T];
      Last = T;
    }
    for (const Arc &A : Out[T])
      if (!--Left[A.Task])
        Ready.push(A.Task);
  }
  if (Critical) {
    Critical->clear();
    for (unsigned T = Last; T != ~0u; T = WaitedFor[T])
      Critical->push_back(T);
    std::reverse(Critical->begin(), Critical->end());
  }
  return Makespan;
}

CostReport PlacementPricer::price(const Placement &P, const CostOptions &Options) const {
  return evaluate(P, routeAll(P), Options, true);
}

CostReport PlacementPricer::estimate(const Placement &P, const CostOptions &Options) const {
  return evaluate(P, routeAll(P), Options, false);
}

CostReport PlacementPricer::evaluate(const Placement &P, const std::vector<Route> &Routes,
                                     const CostOptions &Options, bool Tables) const {
  CostReport R;
  R.CycleEdges = CycleEdges;
  std::vector<double> Traffic(M.channelCount());
  std::vector<bool> Used(M.channelCount());
  std::vector<PairCost> Costs(Pairs.size());
  for (unsigned I = 0; I < Pairs.size(); ++I) {
    const Route &Rt = Routes[I];
    PairCost &C = Costs[I];
    C.From = Pairs[I].From;
    C.To = Pairs[I].To;
    C.FromNode = Rt.FromNode;
    C.ToNode = Rt.ToNode;
    C.Messages = Pairs[I].Count;
    C.Bytes = Pairs[I].Bytes;
    C.SameNode = C.FromNode == C.ToNode;
    C.Hops = Rt.Links.size();
    C.G = Rt.G;
    C.H = Rt.H;
    for (size_t K = 0; K < Rt.Channels.size(); ++K) {
      Traffic[Rt.Channels[K]] += Rt.Wire[K];
      Used[Rt.Channels[K]] = true;
    }
  }

  auto Delays = [&] {
    std::vector<double> D;
    for (const PairCost &C : Costs)
      D.push_back(C.G + C.Q + C.H);
    return D;
  };
  if (Options.WindowS) {
    R.WindowS = *Options.WindowS;
    R.WindowGiven = true;
  } else {
    R.WindowS = makespan(P, Delays(), nullptr);
  }

  // T_y (eq. 6) with the background traffic, the utilization and B_y.
  std::vector<double> Utilization(M.channelCount()), Busy(M.channelCount());
  for (unsigned Ch = 0; Ch < M.channelCount(); ++Ch) {
    if (!Used[Ch])
      continue;
    const MachineLink &L = M.Links[Ch / 2];
    ChannelLoad Load;
    Load.Link = Ch / 2;
    Load.Reverse = Ch % 2;
    double Own = R.WindowS > 0 ? Traffic[Ch] * L.ByteTimeS / R.WindowS : 0;
    Load.Utilization = Own + L.BackgroundUtilization;
    Load.Bytes = Traffic[Ch] + (L.ByteTimeS > 0 ? L.BackgroundUtilization * R.WindowS / L.ByteTimeS : 0);
    Load.Saturated = Load.Utilization >= 1;
    Load.BusyWaitS = L.busyWait(Load.Utilization);
    Utilization[Ch] = Load.Utilization;
    Busy[Ch] = Load.BusyWaitS;
    if (Tables)
      R.Channels.push_back(Load);
  }

  // Q_jk (eq. 7), the blocking of virtual cut-through, and D_jk (eq. 10).
  for (size_t I = 0; I < Pairs.size(); ++I) {
    PairCost &C = Costs[I];
    const Pair &PR = Pairs[I];
    const Route &Rt = Routes[I];
    for (unsigned Ch : Rt.Channels)
      C.Q += C.Messages * Busy[Ch];
    if (M.Switching == SwitchingKind::VirtualCutThrough)
      // A message cuts through until the link it needs next is busy; then
      // it is buffered whole at that node (seed 004 §6.3.2). With the
      // link's utilization as the chance of finding it busy, each later hop
      // adds that share of a store-and-forward hop.
      for (size_t K = 1; K < Rt.Links.size(); ++K) {
        const MachineLink &L = M.Links[Rt.Links[K]];
        double Blocked = std::min(Utilization[Rt.Channels[K]], 1.0);
        for (const MessageGroup &Msg : PR.Messages)
          C.H += Blocked * Msg.Count * std::max(L.wireBytes(Msg.Bytes) - 1, 0.0) * L.ByteTimeS;
      }
    C.D = C.G + C.Q + C.H;
    R.SumG += C.G;
    R.SumQ += C.Q;
    R.SumH += C.H;
    R.Total += C.D;
  }
  R.MakespanS = makespan(P, Delays(), &R.CriticalPath);
  if (!Tables)
    return R;
  R.Pairs = std::move(Costs);

  R.Nodes.resize(M.Processors.size());
  for (unsigned I = 0; I < M.Processors.size(); ++I)
    R.Nodes[I].Node = M.Processors[I];
  for (unsigned T = 0; T < G.Tasks.size(); ++T) {
    NodeLoad &L = R.Nodes[P[T]];
    ++L.Tasks;
    L.WorkS += G.Tasks[T].WorkS;
    L.ComputeS += G.Tasks[T].WorkS / M.Nodes[L.Node].Speed;
  }

  // Phased metrics over the edges that name a phase; W(e) is its volume.
  std::vector<PhasedEdge> Phased;
  for (const TaskEdge &E : G.Edges) {
    if (!E.Phase)
      continue;
    PhasedEdge PE;
    PE.Phase = E.Phase;
    PE.Weight = E.totalBytes();
    size_t I = llvm::partition_point(Pairs, [&](const Pair &PR) {
                 return std::tie(PR.From, PR.To) < std::tie(E.From, E.To);
               }) - Pairs.begin();
    PE.Channels.assign(Routes[I].Channels.begin(), Routes[I].Channels.end());
    Phased.push_back(std::move(PE));
  }
  if (!Phased.empty())
    R.Phased = computePhasedMetrics(Phased);
  return R;
}

CostReport cleave::priceCommunication(const Machine &M, const TaskGraph &G, const Placement &P,
                                      const CostOptions &Options) {
  return PlacementPricer(M, G).price(P, Options);
}

ComparatorCost cleave::compareCost(CostFunctionKind K, const Machine &M, const TaskGraph &G,
                                   const Placement &P) {
  return PlacementPricer(M, G).compare(K, P);
}

ComparatorCost PlacementPricer::compare(CostFunctionKind K, const Placement &P) const {
  std::vector<Route> Routes = routeAll(P);
  ComparatorCost Out;
  Out.Kind = K;
  auto Load = [&](unsigned T) {
    return G.Tasks[T].WorkS / M.Nodes[M.Processors[P[T]]].Speed;
  };
  switch (K) {
  case CostFunctionKind::List:
    llvm_unreachable("the general function is price()");
  case CostFunctionKind::HwangXu: {
    // Eq. (2): the imbalance of the nodes' loads, plus, once per unordered
    // pair of nodes, the hops between them times the messages either way.
    std::vector<double> Loads(M.Processors.size());
    for (unsigned T = 0; T < G.Tasks.size(); ++T)
      Loads[P[T]] += Load(T);
    double Average = 0;
    for (double L : Loads)
      Average += L / Loads.size();
    double Imbalance = 0;
    for (double L : Loads)
      Imbalance += std::fabs(L - Average);
    std::map<std::pair<unsigned, unsigned>, double> Between;
    for (size_t I = 0; I < Pairs.size(); ++I)
      if (P[Pairs[I].From] != P[Pairs[I].To])
        Between[std::minmax(P[Pairs[I].From], P[Pairs[I].To])] += Pairs[I].Count;
    double Communication = 0;
    for (auto &[Nodes, W] : Between)
      Communication +=
          W * M.route(M.Processors[Nodes.first], M.Processors[Nodes.second]).size();
    Out.Terms = {{"imbalance_s", Imbalance}, {"communication_message_hops", Communication}};
    Out.Total = Imbalance + Communication;
    Out.Units = "seconds of load imbalance plus messages x hops";
    break;
  }
  case CostFunctionKind::Ezzat: {
    // Eq. (3): each task's execution time on its node, plus messages times
    // the distance between the nodes (zero on one node).
    double Execution = 0, Communication = 0;
    for (unsigned T = 0; T < G.Tasks.size(); ++T)
      Execution += Load(T);
    for (size_t I = 0; I < Pairs.size(); ++I)
      Communication += Pairs[I].Count * Routes[I].Links.size();
    Out.Terms = {{"execution_s", Execution}, {"communication_message_hops", Communication}};
    Out.Total = Execution + Communication;
    Out.Units = "seconds of execution plus messages x hops";
    break;
  }
  case CostFunctionKind::BollingerMidkiff: {
    // Eq. (4): D_i, the messages crossing link i; a pair costs the sum of
    // D_i over its path.
    std::vector<double> Density(M.channelCount());
    for (size_t I = 0; I < Pairs.size(); ++I)
      for (unsigned Ch : Routes[I].Channels)
        Density[Ch] += Pairs[I].Count;
    double Total = 0;
    unsigned Links = 0;
    for (double D : Density)
      Links += D > 0;
    for (const Route &R : Routes)
      for (unsigned Ch : R.Channels)
        Total += Density[Ch];
    Out.Terms = {{"links_used", double(Links)}, {"path_traffic_messages", Total}};
    Out.Total = Total;
    Out.Units = "messages (traffic density summed over each pair's path)";
    break;
  }
  }
  return Out;
}
