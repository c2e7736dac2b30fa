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

/// The messages of one ordered pair of tasks, merged from its edges, and
/// their route.
struct PairRoute {
  unsigned From, To;
  std::vector<MessageGroup> Messages;
  double Count = 0, Bytes = 0; ///< W_jk and X_jk (payload) of those messages
  std::vector<Hop> Hops;
  std::vector<unsigned> Channels; ///< one per hop
};

std::vector<PairRoute> routePairs(const Machine &M, const TaskGraph &G, const Placement &P) {
  std::map<std::pair<unsigned, unsigned>, unsigned> Index;
  std::vector<PairRoute> Pairs;
  for (const TaskEdge &E : G.Edges) {
    auto [It, New] = Index.try_emplace({E.From, E.To}, Pairs.size());
    if (New)
      Pairs.push_back({E.From, E.To, {}, 0, 0, {}, {}});
    PairRoute &R = Pairs[It->second];
    R.Messages.insert(R.Messages.end(), E.Messages.begin(), E.Messages.end());
    R.Count += E.messageCount();
    R.Bytes += E.totalBytes();
  }
  llvm::sort(Pairs, [](const PairRoute &A, const PairRoute &B) {
    return std::tie(A.From, A.To) < std::tie(B.From, B.To);
  });
  for (PairRoute &R : Pairs) {
    unsigned A = M.Processors[P[R.From]], B = M.Processors[P[R.To]];
    M.route(A, B, R.Hops);
    unsigned Cur = A;
    for (const Hop &H : R.Hops) {
      R.Channels.push_back(M.channel(Cur, H));
      Cur = H.To;
    }
  }
  return Pairs;
}

/// The list-scheduling estimate: each task starts when its node is free and
/// every message of a preceding task has arrived (D_jk after that task
/// ends); ready tasks go in order of their longest path to the end (upward
/// rank). Edges inside a cycle of the task graph that run from a later task
/// to an earlier one (by number) do not delay their receiver. The order of
/// the tasks is found once; makespan() runs the schedule for given delays.
class ListSchedule {
public:
  ListSchedule(const Machine &M, const TaskGraph &G, const Placement &P,
               const std::vector<PairRoute> &Pairs)
      : P(P), Processors(M.Processors.size()), Out(G.Tasks.size()), In(G.Tasks.size()),
        Waiting(G.Tasks.size()), Compute(G.Tasks.size()) {
    unsigned N = G.Tasks.size();
    boost::adjacency_list<boost::vecS, boost::vecS, boost::directedS> Graph(N);
    for (const PairRoute &R : Pairs)
      if (R.From != R.To)
        boost::add_edge(R.From, R.To, Graph);
    std::vector<int> Component(N);
    if (N)
      boost::strong_components(Graph,
                               boost::make_iterator_property_map(
                                   Component.begin(), boost::get(boost::vertex_index, Graph)));
    for (unsigned I = 0; I < Pairs.size(); ++I) {
      const PairRoute &R = Pairs[I];
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
    // A topological order of what is left, for the upward ranks.
    std::vector<unsigned> Count = Waiting;
    for (unsigned T = 0; T < N; ++T)
      if (!Count[T])
        Order.push_back(T);
    for (size_t I = 0; I < Order.size(); ++I)
      for (const Arc &A : Out[Order[I]])
        if (!--Count[A.Task])
          Order.push_back(A.Task);
    assert(Order.size() == N && "the edges kept form a cycle");
    for (unsigned T = 0; T < N; ++T)
      Compute[T] = G.Tasks[T].WorkS / M.Nodes[M.Processors[P[T]]].Speed;
  }

  /// The makespan when the messages of pair I take \p D[I].
  double makespan(const std::vector<double> &D) const {
    unsigned N = Compute.size();
    std::vector<double> Rank(N);
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
    std::vector<double> NodeFree(Processors), Finish(N);
    double Makespan = 0;
    while (!Ready.empty()) {
      unsigned T = Ready.top();
      Ready.pop();
      double Start = NodeFree[P[T]];
      for (const Arc &A : In[T])
        Start = std::max(Start, Finish[A.Task] + D[A.Pair]);
      Finish[T] = Start + Compute[T];
      NodeFree[P[T]] = Finish[T];
      Makespan = std::max(Makespan, Finish[T]);
      for (const Arc &A : Out[T])
        if (!--Left[A.Task])
          Ready.push(A.Task);
    }
    return Makespan;
  }

  unsigned CycleEdges = 0;

private:
  struct Arc {
    unsigned Task; ///< the other end
    unsigned Pair; ///< index of its pair, for the delay
  };
  const Placement &P;
  size_t Processors;
  std::vector<std::vector<Arc>> Out, In;
  std::vector<unsigned> Waiting; ///< forward arcs into each task
  std::vector<unsigned> Order;   ///< topological
  std::vector<double> Compute;   ///< work / speed
};

/// The bytes of \p Msgs on link \p L, protocol bytes included.
double wireBytes(const MachineLink &L, const std::vector<MessageGroup> &Msgs) {
  double Sum = 0;
  for (const MessageGroup &G : Msgs)
    Sum += G.Count * L.wireBytes(G.Bytes);
  return Sum;
}

} // namespace

CostReport cleave::priceCommunication(const Machine &M, const TaskGraph &G, const Placement &P,
                                      const CostOptions &Options) {
  CostReport R;
  std::vector<PairRoute> Pairs = routePairs(M, G, P);
  std::vector<double> Traffic(M.channelCount());
  std::vector<bool> Used(M.channelCount());

  // What does not depend on the traffic: G_jk (eq. 8) and H_jk (eq. 9, or
  // eq. 17 per message when the path is set up end to end).
  for (const PairRoute &PR : Pairs) {
    PairCost C;
    C.From = PR.From;
    C.To = PR.To;
    C.FromNode = M.Processors[P[PR.From]];
    C.ToNode = M.Processors[P[PR.To]];
    C.Hops = PR.Hops.size();
    C.Messages = PR.Count;
    C.Bytes = PR.Bytes;
    if (C.FromNode == C.ToNode) {
      // Seed 004 §4.4: two tasks on one node still pay to communicate.
      const MachineNode &Node = M.Nodes[C.FromNode];
      C.SameNode = true;
      C.G = C.Messages * Node.LocalMessageS;
      C.H = C.Bytes * Node.LocalByteTimeS;
      R.Pairs.push_back(C);
      continue;
    }
    double Intermediate = 0;
    for (size_t I = 0; I + 1 < PR.Hops.size(); ++I)
      Intermediate += M.Nodes[PR.Hops[I].To].ForwardDelayS;
    C.G = C.Messages * (M.Nodes[C.FromNode].SendOverheadS + M.Nodes[C.ToNode].RecvOverheadS +
                        Intermediate);
    for (size_t I = 0; I < PR.Hops.size(); ++I) {
      Traffic[PR.Channels[I]] += wireBytes(M.Links[PR.Hops[I].Link], PR.Messages);
      Used[PR.Channels[I]] = true;
    }
    if (M.Switching == SwitchingKind::StoreAndForward) {
      for (const Hop &H : PR.Hops)
        C.H += M.Links[H.Link].ByteTimeS * wireBytes(M.Links[H.Link], PR.Messages);
    } else {
      // Eq. (17) per message: the first byte crosses every link, the rest
      // follow at the pace of the slowest.
      double PathTime = 0;
      const MachineLink *Slowest = nullptr;
      for (const Hop &H : PR.Hops) {
        const MachineLink &L = M.Links[H.Link];
        PathTime += L.ByteTimeS;
        if (!Slowest || L.ByteTimeS > Slowest->ByteTimeS)
          Slowest = &L;
      }
      for (const MessageGroup &Msg : PR.Messages)
        C.H += Msg.Count * (PathTime + std::max(Slowest->wireBytes(Msg.Bytes) - 1, 0.0) *
                                           Slowest->ByteTimeS);
    }
    R.Pairs.push_back(C);
  }

  auto Delays = [&] {
    std::vector<double> D;
    for (const PairCost &C : R.Pairs)
      D.push_back(C.G + C.Q + C.H);
    return D;
  };
  ListSchedule Schedule(M, G, P, Pairs);
  R.CycleEdges = Schedule.CycleEdges;
  if (Options.WindowS) {
    R.WindowS = *Options.WindowS;
    R.WindowGiven = true;
  } else {
    R.WindowS = Schedule.makespan(Delays());
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
    R.Channels.push_back(Load);
  }

  // Q_jk (eq. 7), the blocking of virtual cut-through, and D_jk (eq. 10).
  for (size_t I = 0; I < Pairs.size(); ++I) {
    PairCost &C = R.Pairs[I];
    const PairRoute &PR = Pairs[I];
    for (unsigned Ch : PR.Channels)
      C.Q += C.Messages * Busy[Ch];
    if (M.Switching == SwitchingKind::VirtualCutThrough)
      // A message cuts through until the link it needs next is busy; then
      // it is buffered whole at that node (seed 004 §6.3.2). With the
      // link's utilization as the chance of finding it busy, each later hop
      // adds that share of a store-and-forward hop.
      for (size_t H = 1; H < PR.Hops.size(); ++H) {
        const MachineLink &L = M.Links[PR.Hops[H].Link];
        double Blocked = std::min(Utilization[PR.Channels[H]], 1.0);
        for (const MessageGroup &Msg : PR.Messages)
          C.H += Blocked * Msg.Count * std::max(L.wireBytes(Msg.Bytes) - 1, 0.0) * L.ByteTimeS;
      }
    C.D = C.G + C.Q + C.H;
    R.SumG += C.G;
    R.SumQ += C.Q;
    R.SumH += C.H;
    R.Total += C.D;
  }
  R.MakespanS = Schedule.makespan(Delays());

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
    auto It = llvm::partition_point(Pairs, [&](const PairRoute &PR) {
      return std::tie(PR.From, PR.To) < std::tie(E.From, E.To);
    });
    PE.Channels = It->Channels;
    Phased.push_back(std::move(PE));
  }
  if (!Phased.empty())
    R.Phased = computePhasedMetrics(Phased);
  return R;
}

ComparatorCost cleave::compareCost(CostFunctionKind K, const Machine &M, const TaskGraph &G,
                                   const Placement &P) {
  std::vector<PairRoute> Pairs = routePairs(M, G, P);
  ComparatorCost Out;
  Out.Kind = K;
  auto Load = [&](unsigned T) {
    return G.Tasks[T].WorkS / M.Nodes[M.Processors[P[T]]].Speed;
  };
  switch (K) {
  case CostFunctionKind::List:
    llvm_unreachable("the general function is priceCommunication");
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
    for (const PairRoute &R : Pairs)
      if (P[R.From] != P[R.To])
        Between[std::minmax(P[R.From], P[R.To])] += R.Count;
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
    for (const PairRoute &R : Pairs)
      Communication += R.Count * R.Hops.size();
    Out.Terms = {{"execution_s", Execution}, {"communication_message_hops", Communication}};
    Out.Total = Execution + Communication;
    Out.Units = "seconds of execution plus messages x hops";
    break;
  }
  case CostFunctionKind::BollingerMidkiff: {
    // Eq. (4): D_i, the messages crossing link i; a pair costs the sum of
    // D_i over its path.
    std::vector<double> Density(M.channelCount());
    for (const PairRoute &R : Pairs)
      for (unsigned Ch : R.Channels)
        Density[Ch] += R.Count;
    double Total = 0;
    unsigned Links = 0;
    for (double D : Density)
      Links += D > 0;
    for (const PairRoute &R : Pairs)
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
