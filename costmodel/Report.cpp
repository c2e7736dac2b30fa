/// \file
/// Text, JSON and DOT output of machines and cost reports.
#include "costmodel/Report.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/JSON.h"

using namespace cleave;

std::string cleave::linkName(const Machine &M, unsigned Link) {
  const MachineLink &L = M.Links[Link];
  std::vector<std::string> Ends;
  for (unsigned E : L.Ends)
    Ends.push_back(M.Nodes[E].Name);
  if (!L.isShared())
    return Ends[0] + "-" + Ends[1];
  std::string Name = "link" + std::to_string(Link) + "(";
  if (Ends.size() <= 4)
    return Name + llvm::join(Ends, ",") + ")";
  return Name + Ends.front() + ".." + Ends.back() + ", " + std::to_string(Ends.size()) +
         " nodes)";
}

/// "1 link", "2 links".
static std::string count(size_t N, llvm::StringRef What) {
  return std::to_string(N) + " " + What.str() + (N == 1 ? "" : "s");
}

/// "mesh 4x4", "hypercube dim 4", "ring of 8 nodes".
static std::string shape(const Machine &M) {
  std::string S(topologyName(M.Topology));
  switch (M.Topology) {
  case TopologyKind::Mesh:
  case TopologyKind::Torus: {
    std::vector<std::string> Parts;
    for (unsigned D : M.Dims)
      Parts.push_back(std::to_string(D));
    return S + " " + llvm::join(Parts, "x");
  }
  case TopologyKind::Hypercube:
  case TopologyKind::DeBruijn:
  case TopologyKind::Omega:
  case TopologyKind::Butterfly:
    return S + " dim " + std::to_string(M.Dims[0]);
  default:
    return S + " of " + count(M.Processors.size(), "processor");
  }
}

/// A name as a DOT string: quotes and backslashes escaped.
static std::string dotString(llvm::StringRef Name) {
  std::string Out = "\"";
  for (char C : Name) {
    if (C == '"' || C == '\\')
      Out += '\\';
    Out += C;
  }
  return Out + "\"";
}

std::string cleave::machineSummary(const Machine &M) {
  size_t Switches = M.Nodes.size() - M.Processors.size();
  return count(M.Processors.size(), "processor") + ", " + std::to_string(Switches) +
         (Switches == 1 ? " switch or bridge, " : " switches or bridges, ") +
         count(M.Links.size(), "link");
}

void cleave::printMachine(const Machine &M, bool Routes, llvm::raw_ostream &OS) {
  OS << "machine " << M.Name << " (" << M.File << ")\n";
  OS << "topology: " << shape(M) << "; switching: " << switchingName(M.Switching)
     << "; routing: " << routingName(M.Routing)
     << (M.DirectedChannels ? "; a channel per direction" : "; channels carry both directions")
     << "\n";
  OS << machineSummary(M) << "; diameter: " << count(M.diameter(), "link") << "\n\n";
  OS << "node         kind       speed     send_s     recv_s  forward_s    local_s local_byte_s format        resources\n";
  for (const MachineNode &N : M.Nodes)
    OS << llvm::format("%-12s %-9s %6g %10g %10g %10g %10g %12g %-13s %s\n", N.Name.c_str(),
                       N.Processor ? "processor" : "switch", N.Speed, N.SendOverheadS,
                       N.RecvOverheadS, N.ForwardDelayS, N.LocalMessageS, N.LocalByteTimeS,
                       N.DataFormat.c_str(),
                       N.Resources.empty() ? "-" : llvm::join(N.Resources, ",").c_str());
  OS << "\n"
     << "link                      byte_time_s busy    packet   header background\n";
  for (unsigned L = 0; L < M.Links.size(); ++L) {
    const MachineLink &Link = M.Links[L];
    OS << llvm::format("%-24s %12g %-5s %8u %8u %10g\n", linkName(M, L).c_str(),
                       Link.ByteTimeS, busyName(Link.Busy).str().c_str(), Link.PacketBytes,
                       Link.HeaderBytes, Link.BackgroundUtilization);
  }
  if (!Routes)
    return;
  OS << "\nroutes (from -> to: nodes passed)\n";
  std::vector<Hop> Path;
  for (unsigned A : M.Processors)
    for (unsigned B : M.Processors) {
      if (A == B)
        continue;
      M.route(A, B, Path);
      OS << M.Nodes[A].Name << " -> " << M.Nodes[B].Name << ": " << M.Nodes[A].Name;
      for (const Hop &H : Path)
        OS << " " << M.Nodes[H.To].Name;
      OS << "\n";
    }
}

void cleave::writeMachineDot(const Machine &M, llvm::raw_ostream &OS) {
  OS << "graph " << dotString(M.Name) << " {\n";
  for (const MachineNode &N : M.Nodes)
    OS << "  " << dotString(N.Name) << " [shape=" << (N.Processor ? "box" : "circle") << "];\n";
  for (unsigned L = 0; L < M.Links.size(); ++L) {
    const MachineLink &Link = M.Links[L];
    if (!Link.isShared()) {
      OS << "  " << dotString(M.Nodes[Link.Ends[0]].Name) << " -- "
         << dotString(M.Nodes[Link.Ends[1]].Name) << ";\n";
      continue;
    }
    OS << "  \"link" << L << "\" [shape=point];\n";
    for (unsigned E : Link.Ends)
      OS << "  \"link" << L << "\" -- " << dotString(M.Nodes[E].Name) << ";\n";
  }
  OS << "}\n";
}

void cleave::printCostReport(const Machine &M, const TaskGraph &G, const CostReport &R,
                             llvm::raw_ostream &OS) {
  auto TaskName = [&](unsigned T) { return G.Tasks[T].Name.c_str(); };
  OS << "machine " << M.Name << ": " << shape(M) << ", " << switchingName(M.Switching)
     << ", " << routingName(M.Routing) << " routing\n";
  OS << "tasks: " << G.Tasks.size() << "; edges: " << G.Edges.size()
     << "; window E_y: " << llvm::format("%g", R.WindowS) << " s ("
     << (R.WindowGiven ? "given" : "the estimated makespan without busy waits") << ")\n\n";

  OS << "pairs (seed 004 eqs. 5-10; times in seconds)\n";
  OS << "from -> to                   nodes                 W      X_bytes  hops           G           Q           H           D\n";
  for (const PairCost &C : R.Pairs) {
    std::string Pair = std::string(TaskName(C.From)) + " -> " + TaskName(C.To);
    std::string Nodes = C.SameNode ? M.Nodes[C.FromNode].Name + " (same)"
                                   : M.Nodes[C.FromNode].Name + "->" + M.Nodes[C.ToNode].Name;
    OS << llvm::format("%-28s %-12s %10g %12g %5u %11.4g %11.4g %11.4g %11.4g\n",
                       Pair.c_str(), Nodes.c_str(), C.Messages, C.Bytes, C.Hops, C.G, C.Q,
                       C.H, C.D);
  }
  if (!R.Channels.empty()) {
    OS << "\nchannels (eq. 6: traffic T_y with background; utilization T_y C_y / E_y; B_y of "
          "eq. 7 per message)\n";
    OS << "link                         dir         T_bytes  utilization          B_s\n";
    for (const ChannelLoad &L : R.Channels) {
      OS << llvm::format("%-28s %-4s %14g %12.4g %12.4g", linkName(M, L.Link).c_str(),
                         M.DirectedChannels && !M.Links[L.Link].isShared()
                             ? (L.Reverse ? "<-" : "->")
                             : "<->",
                         L.Bytes, L.Utilization, L.BusyWaitS);
      OS << (L.Saturated ? " SATURATED (priced at the cap)\n" : "\n");
    }
  }
  OS << "\nnodes\n"
     << "node          tasks       work_s    compute_s\n";
  for (const NodeLoad &L : R.Nodes)
    if (L.Tasks)
      OS << llvm::format("%-12s %6u %12.6g %12.6g\n", M.Nodes[L.Node].Name.c_str(), L.Tasks,
                         L.WorkS, L.ComputeS);

  OS << "\ntotal communication cost (eq. 11): " << llvm::format("%.6g", R.Total)
     << " s (G " << llvm::format("%.6g", R.SumG) << ", Q " << llvm::format("%.6g", R.SumQ)
     << ", H " << llvm::format("%.6g", R.SumH) << ")\n";
  OS << "estimated makespan (list scheduling, messages overlapping): "
     << llvm::format("%.6g", R.MakespanS) << " s";
  if (R.CycleEdges)
    OS << " (" << R.CycleEdges << " edges in cycles of the task graph do not delay their "
       << "receivers)";
  OS << "\ncritical path (each task waited for the one before):";
  for (unsigned T : R.CriticalPath)
    OS << " " << G.Tasks[T].Name;
  OS << "\n";

  if (R.Phased) {
    const PhasedMetrics &P = *R.Phased;
    OS << "\nphased metrics (seed 000 §3; W(e) = bytes of the edge)\n";
    OS << " phase  edges  dilation  contention         weight  weighted_dilation  weighted_contention\n";
    for (const PhaseMetrics &Ph : P.Phases)
      OS << llvm::format("%6u %6u %9u %11u %14g %18g %20g\n", Ph.Phase, Ph.Edges, Ph.Dilation,
                         Ph.Contention, Ph.Weight, Ph.WeightedDilation, Ph.WeightedContention);
    OS << llvm::format("store-and-forward: large messages T = %g (slowdown %.4g), small T = "
                       "%g (slowdown %.4g)\n",
                       P.StoreForwardLarge, P.slowdownStoreForwardLarge(), P.StoreForwardSmall,
                       P.slowdownStoreForwardSmall());
    OS << llvm::format("wormhole:          large messages T = %g (slowdown %.4g), small T = "
                       "%g (slowdown %.4g)\n",
                       P.WormholeLarge, P.slowdownWormholeLarge(), P.WormholeSmall,
                       P.slowdownWormholeSmall());
  }
  if (R.Comparator) {
    const ComparatorCost &C = *R.Comparator;
    OS << "\ncomparator " << costFunctionName(C.Kind) << " (seed 004 chapter 4; "
       << C.Units << ")\n";
    for (auto &[Name, Value] : C.Terms)
      OS << "  " << Name << ": " << llvm::format("%.6g", Value) << "\n";
    OS << "  total: " << llvm::format("%.6g", C.Total) << "\n";
  }
}

void cleave::writePhasesJSON(llvm::json::OStream &J, const PhasedMetrics &P) {
  J.attributeArray("phases", [&] {
    for (const PhaseMetrics &Ph : P.Phases)
      J.object([&] {
        J.attribute("contention", Ph.Contention);
        J.attribute("dilation", Ph.Dilation);
        J.attribute("edges", Ph.Edges);
        J.attribute("phase", Ph.Phase);
        J.attribute("weight", Ph.Weight);
        J.attribute("weighted_contention", Ph.WeightedContention);
        J.attribute("weighted_dilation", Ph.WeightedDilation);
      });
  });
}

void cleave::writeCostJSON(const Machine &M, const TaskGraph &G, const CostReport &R,
                           llvm::raw_ostream &OS) {
  llvm::json::OStream J(OS, 2);
  J.object([&] {
    J.attributeArray("channels", [&] {
      for (const ChannelLoad &L : R.Channels)
        J.object([&] {
          J.attribute("busy_wait_s", L.BusyWaitS);
          J.attribute("bytes", L.Bytes);
          J.attribute("link", linkName(M, L.Link));
          J.attribute("reverse", L.Reverse);
          J.attribute("saturated", L.Saturated);
          J.attribute("utilization", L.Utilization);
        });
    });
    if (R.Comparator)
      J.attributeObject("comparator", [&] {
        J.attribute("function", costFunctionName(R.Comparator->Kind));
        J.attributeObject("terms", [&] {
          for (auto &[Name, Value] : R.Comparator->Terms)
            J.attribute(Name, Value);
        });
        J.attribute("total", R.Comparator->Total);
        J.attribute("units", R.Comparator->Units);
      });
    J.attributeArray("critical_path", [&] {
      for (unsigned T : R.CriticalPath)
        J.value(G.Tasks[T].Name);
    });
    J.attribute("cycle_edges", R.CycleEdges);
    J.attribute("machine", M.Name);
    J.attribute("makespan_s", R.MakespanS);
    J.attributeArray("nodes", [&] {
      for (const NodeLoad &L : R.Nodes)
        J.object([&] {
          J.attribute("compute_s", L.ComputeS);
          J.attribute("node", M.Nodes[L.Node].Name);
          J.attribute("tasks", L.Tasks);
          J.attribute("work_s", L.WorkS);
        });
    });
    J.attributeArray("pairs", [&] {
      for (const PairCost &C : R.Pairs)
        J.object([&] {
          J.attribute("D", C.D);
          J.attribute("G", C.G);
          J.attribute("H", C.H);
          J.attribute("Q", C.Q);
          J.attribute("W", C.Messages);
          J.attribute("X", C.Bytes);
          J.attribute("from", G.Tasks[C.From].Name);
          J.attribute("from_node", M.Nodes[C.FromNode].Name);
          J.attribute("hops", C.Hops);
          J.attribute("same_node", C.SameNode);
          J.attribute("to", G.Tasks[C.To].Name);
          J.attribute("to_node", M.Nodes[C.ToNode].Name);
        });
    });
    if (R.Phased) {
      const PhasedMetrics &P = *R.Phased;
      J.attributeObject("phased", [&] {
        writePhasesJSON(J, P);
        J.attribute("slowdown_store_forward_large", P.slowdownStoreForwardLarge());
        J.attribute("slowdown_store_forward_small", P.slowdownStoreForwardSmall());
        J.attribute("slowdown_wormhole_large", P.slowdownWormholeLarge());
        J.attribute("slowdown_wormhole_small", P.slowdownWormholeSmall());
        J.attribute("time_store_forward_large", P.StoreForwardLarge);
        J.attribute("time_store_forward_small", P.StoreForwardSmall);
        J.attribute("time_wormhole_large", P.WormholeLarge);
        J.attribute("time_wormhole_small", P.WormholeSmall);
      });
    }
    J.attribute("routing", routingName(M.Routing));
    J.attribute("switching", switchingName(M.Switching));
    J.attributeObject("total", [&] {
      J.attribute("D", R.Total);
      J.attribute("G", R.SumG);
      J.attribute("H", R.SumH);
      J.attribute("Q", R.SumQ);
    });
    J.attribute("window_given", R.WindowGiven);
    J.attribute("window_s", R.WindowS);
  });
  OS << "\n";
}
