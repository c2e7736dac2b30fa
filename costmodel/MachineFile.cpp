/// \file
/// Reads machine descriptions (docs/machine-format.md) with llvm::yaml's
/// node API, which keeps every key's position for the error messages.
#include "costmodel/MachineInternal.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/YAMLParser.h"

#include <cmath>
#include <map>
#include <optional>
#include <set>

using namespace cleave;
namespace yaml = llvm::yaml;

namespace {

/// A YAML node read whole: llvm::yaml's parser streams, so a node cannot be
/// revisited once the parser has moved past it, and the checks here look at
/// keys in any order.
struct YNode {
  enum KindTy { Scalar, Map, Seq, Null } Kind = Null;
  std::string Value; ///< of a scalar
  llvm::SMLoc Loc;
  std::vector<std::pair<YNode, YNode>> Entries; ///< of a map
  std::vector<YNode> Items;                     ///< of a sequence
};

/// Reads one file; the first error stops it, and is kept with its position.
class Reader {
public:
  Reader(llvm::StringRef Text, llvm::StringRef Name) : Text(Text), Name(Name) {
    SM.setDiagHandler(
        [](const llvm::SMDiagnostic &D, void *Ctx) {
          auto *R = static_cast<Reader *>(Ctx);
          if (!R->Failed)
            R->fail(D.getLoc(), D.getMessage());
        },
        this);
    Stream = std::make_unique<yaml::Stream>(Text, SM);
  }

  llvm::Expected<Machine> read();

private:
  llvm::StringRef Text;
  std::string Name;
  llvm::SourceMgr SM;
  std::unique_ptr<yaml::Stream> Stream;
  bool Failed = false;
  std::string Message;

  void fail(llvm::SMLoc Loc, const llvm::Twine &Msg) {
    if (Failed)
      return;
    Failed = true;
    auto [Line, Col] = Loc.isValid() ? SM.getLineAndColumn(Loc) : std::pair<unsigned, unsigned>{0, 0};
    Message = (Name + ":" + llvm::Twine(Line) + ":" + llvm::Twine(Col) + ": " + Msg).str();
  }
  void fail(const YNode *N, const llvm::Twine &Msg) { fail(N->Loc, Msg); }

  /// Reads \p N whole. A flow collection is placed at its bracket, an
  /// empty value at its key (\p KeyLoc).
  YNode materialize(yaml::Node *N, llvm::SMLoc KeyLoc = llvm::SMLoc()) {
    YNode Out;
    Out.Loc = N->getSourceRange().Start;
    const char *At = Out.Loc.getPointer();
    if ((llvm::isa<yaml::MappingNode>(N) || llvm::isa<yaml::SequenceNode>(N)) && At &&
        At > Text.begin() && (At[-1] == '[' || At[-1] == '{'))
      Out.Loc = llvm::SMLoc::getFromPointer(At - 1);
    if (auto *S = llvm::dyn_cast<yaml::ScalarNode>(N)) {
      llvm::SmallString<32> Storage;
      Out.Kind = YNode::Scalar;
      Out.Value = S->getValue(Storage).str();
    } else if (auto *M = llvm::dyn_cast<yaml::MappingNode>(N)) {
      Out.Kind = YNode::Map;
      for (yaml::KeyValueNode &KV : *M) {
        YNode Key = materialize(KV.getKey());
        llvm::SMLoc At = Key.Loc;
        Out.Entries.emplace_back(std::move(Key), materialize(KV.getValue(), At));
      }
    } else if (auto *Q = llvm::dyn_cast<yaml::SequenceNode>(N)) {
      Out.Kind = YNode::Seq;
      for (yaml::Node &E : *Q)
        Out.Items.push_back(materialize(&E));
    } else if (llvm::isa<yaml::AliasNode>(N) || llvm::isa<yaml::BlockScalarNode>(N)) {
      fail(KeyLoc.isValid() ? KeyLoc : Out.Loc, "YAML aliases and block scalars are not read here; write the value out");
    } else if (KeyLoc.isValid()) {
      Out.Loc = KeyLoc;
    }
    return Out;
  }

  /// The keys of a map, each checked against \p Allowed; null on error.
  std::optional<std::map<std::string, const YNode *>>
  fields(const YNode *N, llvm::StringRef What, llvm::ArrayRef<llvm::StringRef> Allowed);
  std::optional<std::string> scalar(const YNode *N, llvm::StringRef Key);
  std::optional<double> number(const YNode *N, llvm::StringRef Key);
  /// A time or size: a number that is not negative.
  std::optional<double> nonNegative(const YNode *N, llvm::StringRef Key);
  std::optional<unsigned> count(const YNode *N, llvm::StringRef Key, unsigned Min,
                                unsigned Max);
  std::optional<std::vector<unsigned>> counts(const YNode *N, llvm::StringRef Key,
                                              unsigned Min, unsigned Max);
  std::optional<bool> boolean(const YNode *N, llvm::StringRef Key);

  bool readTopology(const YNode *N, TopologySpec &Spec);
  bool readNode(const YNode *N, llvm::StringRef What, MachineNode &Node,
                llvm::ArrayRef<llvm::StringRef> Extra,
                std::map<std::string, const YNode *> *Rest);
  bool readLink(const YNode *N, llvm::StringRef What, MachineLink &Link,
                llvm::ArrayRef<llvm::StringRef> Extra,
                std::map<std::string, const YNode *> *Rest);
  bool checkConnected(const Machine &M, const YNode *Where);
};

/// "a mesh", "an omega".
std::string withArticle(llvm::StringRef Word) {
  bool Vowel = !Word.empty() && llvm::StringRef("aeiou").contains(Word.front());
  return (Vowel ? "an " : "a ") + Word.str();
}

const llvm::StringRef NodeKeys[] = {"speed",           "send_overhead_s",   "recv_overhead_s",
                                    "forward_delay_s", "local_message_s",   "local_byte_time_s",
                                    "data_format",     "resources"};
const llvm::StringRef LinkKeys[] = {"byte_time_s",  "busy",         "busy_table",
                                    "packet_bytes", "header_bytes", "background_utilization"};

std::vector<llvm::StringRef> with(llvm::ArrayRef<llvm::StringRef> A,
                                  llvm::ArrayRef<llvm::StringRef> B) {
  std::vector<llvm::StringRef> All(A.begin(), A.end());
  All.insert(All.end(), B.begin(), B.end());
  return All;
}

std::optional<std::map<std::string, const YNode *>>
Reader::fields(const YNode *N, llvm::StringRef What, llvm::ArrayRef<llvm::StringRef> Allowed) {
  if (N->Kind != YNode::Map) {
    fail(N, What + " must be a map of keys");
    return std::nullopt;
  }
  std::map<std::string, const YNode *> Out;
  for (const auto &[KeyNode, ValueNode] : N->Entries) {
    if (KeyNode.Kind != YNode::Scalar) {
      fail(&KeyNode, "a key in " + What + " must be a plain name");
      return std::nullopt;
    }
    auto Key = std::optional<std::string>(KeyNode.Value);
    if (!llvm::is_contained(Allowed, *Key)) {
      fail(&KeyNode, "unknown key '" + *Key + "' in " + What + " (expected one of: " +
                            llvm::join(Allowed, ", ") + ")");
      return std::nullopt;
    }
    if (!Out.emplace(*Key, &ValueNode).second) {
      fail(&KeyNode, "key '" + *Key + "' given twice in " + What);
      return std::nullopt;
    }
    if (Failed)
      return std::nullopt;
  }
  if (Failed)
    return std::nullopt;
  return Out;
}

std::optional<std::string> Reader::scalar(const YNode *N, llvm::StringRef Key) {
  if (N->Kind == YNode::Null) {
    fail(N, "'" + Key + "' has no value");
    return std::nullopt;
  }
  if (N->Kind != YNode::Scalar) {
    fail(N, "'" + Key + "' must be a single value");
    return std::nullopt;
  }
  return N->Value;
}

std::optional<double> Reader::number(const YNode *N, llvm::StringRef Key) {
  auto Text = scalar(N, Key);
  if (!Text)
    return std::nullopt;
  double V;
  if (llvm::StringRef(*Text).getAsDouble(V) || !std::isfinite(V)) {
    fail(N, "'" + Key + "' must be a number, not '" + *Text + "'");
    return std::nullopt;
  }
  return V;
}

std::optional<double> Reader::nonNegative(const YNode *N, llvm::StringRef Key) {
  auto V = number(N, Key);
  if (V && *V < 0) {
    fail(N, "'" + Key + "' must not be negative");
    return std::nullopt;
  }
  return V;
}

std::optional<unsigned> Reader::count(const YNode *N, llvm::StringRef Key, unsigned Min,
                                      unsigned Max) {
  auto Text = scalar(N, Key);
  if (!Text)
    return std::nullopt;
  unsigned long long V;
  if (llvm::StringRef(*Text).getAsInteger(10, V) || V < Min || V > Max) {
    fail(N, "'" + Key + "' must be a whole number from " + llvm::Twine(Min) + " to " +
                llvm::Twine(Max) + ", not '" + *Text + "'");
    return std::nullopt;
  }
  return unsigned(V);
}

std::optional<std::vector<unsigned>> Reader::counts(const YNode *N, llvm::StringRef Key,
                                                    unsigned Min, unsigned Max) {
  if (N->Kind != YNode::Seq) {
    fail(N, "'" + Key + "' must be a list of whole numbers");
    return std::nullopt;
  }
  std::vector<unsigned> Out;
  for (const YNode &E : N->Items) {
    auto V = count(&E, Key, Min, Max);
    if (!V)
      return std::nullopt;
    Out.push_back(*V);
  }
  if (Failed)
    return std::nullopt;
  return Out;
}

std::optional<bool> Reader::boolean(const YNode *N, llvm::StringRef Key) {
  auto Text = scalar(N, Key);
  if (!Text)
    return std::nullopt;
  if (*Text == "true")
    return true;
  if (*Text == "false")
    return false;
  fail(N, "'" + Key + "' must be true or false, not '" + *Text + "'");
  return std::nullopt;
}

bool Reader::readTopology(const YNode *N, TopologySpec &Spec) {
  auto F = fields(N, "topology", {"kind", "nodes", "dims", "dim", "arity", "buses", "segments"});
  if (!F)
    return false;
  auto KindNode = F->find("kind");
  if (KindNode == F->end()) {
    fail(N, "topology has no 'kind'");
    return false;
  }
  auto Kind = scalar(KindNode->second, "kind");
  if (!Kind)
    return false;
  std::optional<TopologyKind> K = llvm::StringSwitch<std::optional<TopologyKind>>(*Kind)
                                      .Case("ethernet", TopologyKind::Ethernet)
                                      .Case("bus", TopologyKind::Bus)
                                      .Case("multiple-bus", TopologyKind::MultipleBus)
                                      .Case("mesh", TopologyKind::Mesh)
                                      .Case("torus", TopologyKind::Torus)
                                      .Case("ring", TopologyKind::Ring)
                                      .Case("star", TopologyKind::Star)
                                      .Case("tree", TopologyKind::Tree)
                                      .Case("hypercube", TopologyKind::Hypercube)
                                      .Case("debruijn", TopologyKind::DeBruijn)
                                      .Case("crossbar", TopologyKind::Crossbar)
                                      .Case("omega", TopologyKind::Omega)
                                      .Case("butterfly", TopologyKind::Butterfly)
                                      .Case("fully-connected", TopologyKind::FullyConnected)
                                      .Case("explicit", TopologyKind::Explicit)
                                      .Default(std::nullopt);
  if (!K) {
    fail(KindNode->second,
         "unknown topology kind '" + *Kind +
             "' (expected ethernet, bus, multiple-bus, mesh, torus, ring, star, tree, "
             "hypercube, debruijn, crossbar, omega, butterfly, fully-connected or explicit)");
    return false;
  }
  Spec.Kind = *K;
  // The keys each kind takes, and which of them it needs.
  std::vector<llvm::StringRef> Takes, Needs;
  switch (Spec.Kind) {
  case TopologyKind::Ethernet:
    Takes = {"nodes", "segments"};
    break;
  case TopologyKind::MultipleBus:
    Takes = {"nodes", "buses"};
    Needs = {"nodes"};
    break;
  case TopologyKind::Tree:
    Takes = {"nodes", "arity"};
    Needs = {"nodes"};
    break;
  case TopologyKind::Bus:
  case TopologyKind::Ring:
  case TopologyKind::Star:
  case TopologyKind::Crossbar:
  case TopologyKind::FullyConnected:
    Takes = Needs = {"nodes"};
    break;
  case TopologyKind::Mesh:
  case TopologyKind::Torus:
    Takes = Needs = {"dims"};
    break;
  case TopologyKind::Hypercube:
  case TopologyKind::DeBruijn:
  case TopologyKind::Omega:
  case TopologyKind::Butterfly:
    Takes = Needs = {"dim"};
    break;
  case TopologyKind::Explicit:
    break;
  }
  for (auto &[Key, Value] : *F) {
    if (Key == "kind")
      continue;
    if (!llvm::is_contained(Takes, Key)) {
      fail(Value, "'" + Key + "' does not apply to " + withArticle(*Kind) + " topology" +
                      (Takes.empty() ? std::string(" (its nodes and links are listed)")
                                     : " (it takes " + llvm::join(Takes, ", ") + ")"));
      return false;
    }
  }
  for (llvm::StringRef Key : Needs)
    if (!F->count(Key.str())) {
      fail(N, withArticle(*Kind) + " topology needs '" + Key + "'");
      return false;
    }
  if (Spec.Kind == TopologyKind::Ethernet && F->count("nodes") == F->count("segments")) {
    fail(N, "an ethernet topology needs either 'nodes' (one segment) or 'segments' "
            "(the node count of each segment, bridged in a chain)");
    return false;
  }
  for (auto &[Key, Value] : *F) {
    if (Key == "nodes") {
      auto V = count(Value, Key, 1, MaxGeneratedNodes);
      if (!V)
        return false;
      Spec.NodeCount = *V;
    } else if (Key == "dims") {
      auto V = counts(Value, Key, 1, MaxGeneratedNodes);
      if (!V)
        return false;
      if (V->size() != 2 && V->size() != 3) {
        fail(Value, "'dims' of " + withArticle(*Kind) + " must have 2 or 3 sizes");
        return false;
      }
      Spec.Dims = *V;
    } else if (Key == "dim") {
      // Within the node and link limits: omega and butterfly add dim x 2^(dim-1)
      // switches, a hypercube has dim x 2^(dim-1) links.
      unsigned Max = Spec.Kind == TopologyKind::Omega || Spec.Kind == TopologyKind::Butterfly
                         ? 12
                     : Spec.Kind == TopologyKind::Hypercube ? 18
                                                            : 20;
      auto V = count(Value, Key, 1, Max);
      if (!V)
        return false;
      Spec.Dim = *V;
    } else if (Key == "arity") {
      auto V = count(Value, Key, 1, MaxGeneratedNodes);
      if (!V)
        return false;
      Spec.Arity = *V;
    } else if (Key == "buses") {
      auto V = count(Value, Key, 1, 64);
      if (!V)
        return false;
      Spec.Buses = *V;
    } else if (Key == "segments") {
      auto V = counts(Value, Key, 1, MaxGeneratedNodes);
      if (!V)
        return false;
      if (V->empty()) {
        fail(Value, "'segments' must list at least one segment");
        return false;
      }
      Spec.Segments = *V;
    }
  }
  return true;
}

bool Reader::readNode(const YNode *N, llvm::StringRef What, MachineNode &Node,
                      llvm::ArrayRef<llvm::StringRef> Extra,
                      std::map<std::string, const YNode *> *Rest) {
  auto F = fields(N, What, with(NodeKeys, Extra));
  if (!F)
    return false;
  for (auto &[Key, Value] : *F) {
    double *Time = llvm::StringSwitch<double *>(Key)
                       .Case("send_overhead_s", &Node.SendOverheadS)
                       .Case("recv_overhead_s", &Node.RecvOverheadS)
                       .Case("forward_delay_s", &Node.ForwardDelayS)
                       .Case("local_message_s", &Node.LocalMessageS)
                       .Case("local_byte_time_s", &Node.LocalByteTimeS)
                       .Default(nullptr);
    if (Time) {
      auto V = nonNegative(Value, Key);
      if (!V)
        return false;
      if (Key == "local_message_s" && *V <= 0) {
        fail(Value, "'local_message_s' must be positive: a message between two tasks on "
                    "one node is never free (seed 004 §4.4)");
        return false;
      }
      *Time = *V;
    } else if (Key == "speed") {
      auto V = number(Value, Key);
      if (!V)
        return false;
      if (*V <= 0) {
        fail(Value, "'speed' must be positive");
        return false;
      }
      Node.Speed = *V;
    } else if (Key == "data_format") {
      auto V = scalar(Value, Key);
      if (!V)
        return false;
      if (*V != "native" && *V != "big-endian" && *V != "little-endian") {
        fail(Value, "'data_format' must be native, big-endian or little-endian, not '" + *V +
                        "'");
        return false;
      }
      Node.DataFormat = *V;
    } else if (Key == "resources") {
      if (Value->Kind != YNode::Seq) {
        fail(Value, "'resources' must be a list of names");
        return false;
      }
      Node.Resources.clear();
      for (const YNode &E : Value->Items) {
        auto V = scalar(&E, Key);
        if (!V)
          return false;
        Node.Resources.push_back(*V);
      }
    } else if (Rest) {
      (*Rest)[Key] = Value;
    }
  }
  return !Failed;
}

bool Reader::readLink(const YNode *N, llvm::StringRef What, MachineLink &Link,
                      llvm::ArrayRef<llvm::StringRef> Extra,
                      std::map<std::string, const YNode *> *Rest) {
  auto F = fields(N, What, with(LinkKeys, Extra));
  if (!F)
    return false;
  const YNode *TableNode = nullptr;
  for (auto &[Key, Value] : *F) {
    if (Key == "byte_time_s") {
      auto V = nonNegative(Value, Key);
      if (!V)
        return false;
      Link.ByteTimeS = *V;
    } else if (Key == "busy") {
      auto V = scalar(Value, Key);
      if (!V)
        return false;
      std::optional<BusyKind> K = llvm::StringSwitch<std::optional<BusyKind>>(*V)
                                      .Case("none", BusyKind::None)
                                      .Case("mm1", BusyKind::MM1)
                                      .Case("table", BusyKind::Table)
                                      .Default(std::nullopt);
      if (!K) {
        fail(Value, "'busy' must be none, mm1 or table, not '" + *V + "'");
        return false;
      }
      Link.Busy = *K;
    } else if (Key == "busy_table") {
      TableNode = Value;
      if (Value->Kind != YNode::Seq) {
        fail(Value, "'busy_table' must be a list of [utilization, wait_s] pairs");
        return false;
      }
      Link.BusyTable.clear();
      for (const YNode &E : Value->Items) {
        std::vector<double> Values;
        if (E.Kind == YNode::Seq)
          for (const YNode &X : E.Items) {
            auto V = nonNegative(&X, Key);
            if (!V)
              return false;
            Values.push_back(*V);
          }
        if (Failed)
          return false;
        if (Values.size() != 2) {
          fail(&E, "each entry of 'busy_table' must be [utilization, wait_s]");
          return false;
        }
        if (!Link.BusyTable.empty() && Values[0] <= Link.BusyTable.back().Utilization) {
          fail(&E, "'busy_table' utilizations must increase");
          return false;
        }
        Link.BusyTable.push_back({Values[0], Values[1]});
      }
    } else if (Key == "packet_bytes" || Key == "header_bytes") {
      auto V = count(Value, Key, Key == "packet_bytes" ? 1 : 0, 1u << 30);
      if (!V)
        return false;
      (Key == "packet_bytes" ? Link.PacketBytes : Link.HeaderBytes) = *V;
    } else if (Key == "background_utilization") {
      auto V = nonNegative(Value, Key);
      if (!V)
        return false;
      if (*V >= 1) {
        fail(Value, "'background_utilization' must be below 1 (a fraction of the link's time)");
        return false;
      }
      Link.BackgroundUtilization = *V;
    } else if (Rest) {
      (*Rest)[Key] = Value;
    }
  }
  if (Failed)
    return false;
  if (Link.HeaderBytes >= Link.PacketBytes) {
    fail(N, What + ": 'header_bytes' (" + llvm::Twine(Link.HeaderBytes) +
                ") must be smaller than 'packet_bytes' (" + llvm::Twine(Link.PacketBytes) + ")");
    return false;
  }
  if (Link.Busy == BusyKind::Table && Link.BusyTable.empty()) {
    fail(N, What + ": 'busy: table' needs a 'busy_table'");
    return false;
  }
  if (TableNode && Link.Busy != BusyKind::Table) {
    fail(TableNode, "'busy_table' is only read with 'busy: table'");
    return false;
  }
  return true;
}

bool Reader::checkConnected(const Machine &M, const YNode *Where) {
  std::vector<bool> Seen(M.Nodes.size());
  std::vector<unsigned> Stack{0};
  Seen[0] = true;
  while (!Stack.empty()) {
    unsigned U = Stack.back();
    Stack.pop_back();
    for (unsigned L : M.linksAt(U))
      for (unsigned V : M.Links[L].Ends)
        if (!Seen[V]) {
          Seen[V] = true;
          Stack.push_back(V);
        }
  }
  for (unsigned I = 0; I < M.Nodes.size(); ++I)
    if (!Seen[I]) {
      fail(Where, "the machine is not connected: no route from node " + M.Nodes[0].Name +
                      " to node " + M.Nodes[I].Name);
      return false;
    }
  return true;
}

llvm::Expected<Machine> Reader::read() {
  auto Error = [&]() -> llvm::Error {
    return llvm::createStringError(llvm::inconvertibleErrorCode(), Message);
  };
  auto Doc = Stream->begin();
  if (Failed)
    return Error();
  yaml::Node *RootYAML = Doc == Stream->end() ? nullptr : Doc->getRoot();
  if (!Failed && (!RootYAML || llvm::isa<yaml::NullNode>(RootYAML)))
    fail(llvm::SMLoc::getFromPointer(Text.begin()),
         "the file is empty: a machine is a map with at least 'name' and 'topology'");
  if (Failed)
    return Error();
  YNode RootNode = materialize(RootYAML);
  if (Failed)
    return Error();
  if (++Doc != Stream->end() && !Failed)
    fail(Doc->getRoot()->getSourceRange().Start,
         "a machine file holds one YAML document; this is a second one");
  if (Failed)
    return Error();
  const YNode *Root = &RootNode;
  auto F = fields(Root, "the machine",
                  {"name", "topology", "switching", "routing", "directed_channels",
                   "node_defaults", "switch_defaults", "link_defaults", "nodes", "links"});
  if (!F)
    return Error();
  for (llvm::StringRef Key : {"name", "topology"})
    if (!F->count(Key.str())) {
      fail(Root, "the machine has no '" + Key + "'");
      return Error();
    }
  Machine M;
  auto NameV = scalar(F->at("name"), "name");
  if (!NameV)
    return Error();
  M.Name = *NameV;
  M.File = Name;

  TopologySpec Spec;
  if (!readTopology(F->at("topology"), Spec))
    return Error();

  if (auto It = F->find("switching"); It != F->end()) {
    auto V = scalar(It->second, "switching");
    if (!V)
      return Error();
    std::optional<SwitchingKind> K =
        llvm::StringSwitch<std::optional<SwitchingKind>>(*V)
            .Case("store-and-forward", SwitchingKind::StoreAndForward)
            .Case("wormhole", SwitchingKind::Wormhole)
            .Case("cut-through", SwitchingKind::Wormhole)
            .Case("circuit", SwitchingKind::Circuit)
            .Case("virtual-cut-through", SwitchingKind::VirtualCutThrough)
            .Default(std::nullopt);
    if (!K) {
      fail(It->second, "'switching' must be store-and-forward, wormhole (or cut-through), "
                       "circuit or virtual-cut-through, not '" + *V + "'");
      return Error();
    }
    M.Switching = *K;
  }
  M.Routing = defaultRouting(Spec.Kind);
  if (auto It = F->find("routing"); It != F->end()) {
    auto V = scalar(It->second, "routing");
    if (!V)
      return Error();
    std::optional<RoutingKind> K = llvm::StringSwitch<std::optional<RoutingKind>>(*V)
                                       .Case("dimension-order", RoutingKind::DimensionOrder)
                                       .Case("shortest-path", RoutingKind::ShortestPath)
                                       .Case("shift", RoutingKind::Shift)
                                       .Case("destination-tag", RoutingKind::DestinationTag)
                                       .Default(std::nullopt);
    if (!K) {
      fail(It->second, "'routing' must be dimension-order, shortest-path, shift or "
                       "destination-tag, not '" + *V + "'");
      return Error();
    }
    if (!routingFits(*K, Spec.Kind)) {
      RoutingKind Own = defaultRouting(Spec.Kind);
      fail(It->second, withArticle(topologyName(Spec.Kind)) + " topology is routed by " +
                           (Own == RoutingKind::ShortestPath
                                ? std::string("shortest-path only")
                                : routingName(Own).str() + " or shortest-path") +
                           ", not " + *V);
      return Error();
    }
    M.Routing = *K;
  }
  if (auto It = F->find("directed_channels"); It != F->end()) {
    auto V = boolean(It->second, "directed_channels");
    if (!V)
      return Error();
    M.DirectedChannels = *V;
  }

  // Defaults first, then switches start from the node defaults.
  MachineNode ProcessorDefaults;
  ProcessorDefaults.SendOverheadS = 50e-6;
  ProcessorDefaults.RecvOverheadS = 50e-6;
  ProcessorDefaults.ForwardDelayS = 20e-6;
  ProcessorDefaults.LocalMessageS = 2e-6;
  ProcessorDefaults.LocalByteTimeS = 1e-10;
  if (auto It = F->find("node_defaults"); It != F->end())
    if (!readNode(It->second, "node_defaults", ProcessorDefaults, {}, nullptr))
      return Error();
  MachineNode SwitchDefaults = ProcessorDefaults;
  SwitchDefaults.Processor = false;
  if (auto It = F->find("switch_defaults"); It != F->end())
    if (!readNode(It->second, "switch_defaults", SwitchDefaults, {}, nullptr))
      return Error();
  MachineLink LinkDefaults;
  LinkDefaults.ByteTimeS = 1e-8;
  if (auto It = F->find("link_defaults"); It != F->end())
    if (!readLink(It->second, "link_defaults", LinkDefaults, {}, nullptr))
      return Error();

  auto ListOf = [&](llvm::StringRef Key) -> const YNode * {
    auto It = F->find(Key.str());
    if (It == F->end())
      return nullptr;
    if (It->second->Kind != YNode::Seq)
      fail(It->second, "'" + Key + "' must be a list of maps");
    return It->second;
  };
  const YNode *NodeList = ListOf("nodes");
  const YNode *LinkList = ListOf("links");
  if (Failed)
    return Error();

  bool Explicit = Spec.Kind == TopologyKind::Explicit;
  std::map<unsigned, const YNode *> NameAt; // names the file gives, by node
  if (Explicit) {
    if (!NodeList || !LinkList) {
      fail(Root, "an explicit topology lists its 'nodes' and 'links'");
      return Error();
    }
    // Nodes by id, which must run 0..n-1 in any order.
    std::map<unsigned, MachineNode> ById;
    for (const YNode &E : NodeList->Items) {
      MachineNode Node = ProcessorDefaults;
      std::map<std::string, const YNode *> Rest;
      if (!readNode(&E, "a node", Node, {"id", "name", "processor"}, &Rest))
        return Error();
      if (!Rest.count("id")) {
        fail(&E, "a node has no 'id'");
        return Error();
      }
      auto Id = count(Rest["id"], "id", 0, MaxGeneratedNodes - 1);
      if (!Id)
        return Error();
      if (Rest.count("processor")) {
        auto P = boolean(Rest["processor"], "processor");
        if (!P)
          return Error();
        if (!*P) {
          // Settings the file did not give come from switch_defaults.
          MachineNode Switch = SwitchDefaults;
          if (!readNode(&E, "a node", Switch, {"id", "name", "processor"}, nullptr))
            return Error();
          Node = Switch;
        }
        Node.Processor = *P;
      }
      Node.Name = "n" + std::to_string(*Id);
      if (Rest.count("name")) {
        auto V = scalar(Rest["name"], "name");
        if (!V)
          return Error();
        Node.Name = *V;
        NameAt[*Id] = Rest["name"];
      }
      if (!ById.emplace(*Id, Node).second) {
        fail(Rest["id"], "node id " + llvm::Twine(*Id) + " is given twice");
        return Error();
      }
    }
    if (ById.empty()) {
      fail(NodeList, "an explicit topology needs at least one node");
      return Error();
    }
    unsigned Expected = 0;
    for (auto &[Id, Node] : ById) {
      if (Id != Expected) {
        fail(NodeList, "node ids must run from 0 without gaps; " + llvm::Twine(Expected) +
                           " is missing");
        return Error();
      }
      ++Expected;
      if (Node.Processor)
        M.Processors.push_back(M.Nodes.size());
      M.Nodes.push_back(Node);
    }
    if (M.Processors.empty()) {
      fail(NodeList, "an explicit topology needs at least one processor");
      return Error();
    }
  } else {
    if (auto E = generateTopology(Spec, ProcessorDefaults, SwitchDefaults, LinkDefaults, M)) {
      fail(F->at("topology"), llvm::toString(std::move(E)));
      return Error();
    }
    // Per-node settings replace the defaults.
    std::set<unsigned> Given;
    if (NodeList)
      for (const YNode &E : NodeList->Items) {
        std::map<std::string, const YNode *> Rest;
        auto Probe = fields(&E, "a node", with(NodeKeys, {"id", "name"}));
        if (!Probe)
          return Error();
        if (!Probe->count("id")) {
          fail(&E, "a node has no 'id'");
          return Error();
        }
        auto Id = count(Probe->at("id"), "id", 0, M.Nodes.size() - 1);
        if (!Id)
          return Error();
        if (!Given.insert(*Id).second) {
          fail(Probe->at("id"), "node id " + llvm::Twine(*Id) + " is given twice");
          return Error();
        }
        if (!readNode(&E, "a node", M.Nodes[*Id], {"id", "name"}, &Rest))
          return Error();
        if (Rest.count("name")) {
          auto V = scalar(Rest["name"], "name");
          if (!V)
            return Error();
          M.Nodes[*Id].Name = *V;
          NameAt[*Id] = Rest["name"];
        }
      }
  }
  // Names stand for nodes in reports and drawings: one node each. (The
  // names given by default, n<number>, differ.)
  llvm::StringMap<unsigned> Names;
  for (unsigned I = 0; !NameAt.empty() && I < M.Nodes.size(); ++I) {
    auto [It, New] = Names.try_emplace(M.Nodes[I].Name, I);
    if (New)
      continue;
    unsigned Later = NameAt.count(I) ? I : It->second;
    fail(NameAt.count(Later) ? NameAt[Later] : NodeList,
         "node name '" + M.Nodes[I].Name + "' is given to nodes " + llvm::Twine(It->second) +
             " and " + llvm::Twine(I));
    return Error();
  }

  // Links: an explicit topology lists them; a generated one may change some,
  // found by their ends.
  if (LinkList)
    for (const YNode &E : LinkList->Items) {
      MachineLink Link = LinkDefaults;
      std::map<std::string, const YNode *> Rest;
      auto Probe = fields(&E, "a link", with(LinkKeys, {"ends"}));
      if (!Probe)
        return Error();
      if (!Probe->count("ends")) {
        fail(&E, "a link has no 'ends'");
        return Error();
      }
      auto Ends = counts(Probe->at("ends"), "ends", 0, M.Nodes.size() - 1);
      if (!Ends)
        return Error();
      std::set<unsigned> EndSet(Ends->begin(), Ends->end());
      if (EndSet.size() < 2 || EndSet.size() != Ends->size()) {
        fail(Probe->at("ends"), "a link joins two or more different nodes");
        return Error();
      }
      if (Explicit) {
        if (!readLink(&E, "a link", Link, {"ends"}, &Rest))
          return Error();
        Link.Ends.assign(Ends->begin(), Ends->end());
        M.Links.push_back(std::move(Link));
        continue;
      }
      auto Match = llvm::find_if(M.Links, [&](const MachineLink &L) {
        return std::set<unsigned>(L.Ends.begin(), L.Ends.end()) == EndSet;
      });
      if (Match == M.Links.end()) {
        fail(Probe->at("ends"), "the " + topologyName(Spec.Kind) +
                                    " topology has no link with these ends");
        return Error();
      }
      if (!readLink(&E, "a link", *Match, {"ends"}, &Rest))
        return Error();
    }
  if (M.Routing == RoutingKind::ShortestPath) {
    uint64_t Ends = 0;
    for (const MachineLink &L : M.Links)
      Ends += L.Ends.size();
    uint64_t Table = uint64_t(M.Nodes.size()) * M.Processors.size();
    uint64_t Search = M.Processors.size() * (M.Nodes.size() + Ends);
    if (Table > MaxRouteTable || Search > MaxRouteSearch) {
      fail(F->at("topology"),
           "shortest-path routing of " + llvm::Twine(M.Nodes.size()) + " nodes and " +
               llvm::Twine(M.Links.size()) +
               " links is too large to tabulate here; use a topology routed in closed form "
               "(mesh, torus, hypercube, de Bruijn, multistage) or a smaller machine");
      return Error();
    }
  }
  M.prepareRoutes();
  // Generated topologies are connected by construction.
  if (Explicit && !checkConnected(M, F->at("topology")))
    return Error();
  return std::move(M);
}

} // namespace

llvm::Expected<Machine> cleave::parseMachineYAML(llvm::StringRef Text, llvm::StringRef Name) {
  Reader R(Text, Name);
  return R.read();
}
