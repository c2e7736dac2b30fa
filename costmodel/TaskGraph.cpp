/// \file
/// Task graphs and placements from JSON.
#include "costmodel/TaskGraph.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"

#include <cmath>

using namespace cleave;
namespace json = llvm::json;

double TaskEdge::messageCount() const {
  double N = 0;
  for (const MessageGroup &G : Messages)
    N += G.Count;
  return N;
}

double TaskEdge::totalBytes() const {
  double X = 0;
  for (const MessageGroup &G : Messages)
    X += G.Count * G.Bytes;
  return X;
}

namespace {
llvm::Error fileError(llvm::StringRef Name, const llvm::Twine &Msg) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), Name + ": " + Msg);
}

llvm::Expected<json::Value> parseFile(llvm::StringRef Text, llvm::StringRef Name) {
  auto V = json::parse(Text);
  if (!V)
    return fileError(Name, "not valid JSON: " + llvm::toString(V.takeError()));
  return std::move(*V);
}

/// A number that is finite and not negative, at \p P.
bool readAmount(const json::Value &V, double &Out, json::Path P) {
  std::optional<double> D = V.getAsNumber();
  if (!D || !std::isfinite(*D) || *D < 0) {
    P.report("expected a number that is not negative");
    return false;
  }
  Out = *D;
  return true;
}

bool readTask(const json::Value &V, Task &T, json::Path P) {
  const json::Object *O = V.getAsObject();
  if (!O) {
    P.report("expected a task object");
    return false;
  }
  for (const auto &KV : *O)
    if (KV.first != "name" && KV.first != "work_s" && KV.first != "resources" &&
        KV.first != "processor") {
      P.field(KV.first).report("unknown key (a task has name, work_s, resources, processor)");
      return false;
    }
  json::ObjectMapper M(V, P);
  if (!M.map("name", T.Name) || !M.mapOptional("resources", T.Resources))
    return false;
  if (const json::Value *Pin = O->get("processor")) {
    std::optional<int64_t> N = Pin->getAsInteger();
    if (!N || *N < 0 || *N > UINT32_MAX) {
      P.field("processor").report("expected a processor number");
      return false;
    }
    T.Processor = *N;
  }
  if (T.Name.empty()) {
    P.field("name").report("a task needs a name");
    return false;
  }
  if (const json::Value *W = O->get("work_s"))
    return readAmount(*W, T.WorkS, P.field("work_s"));
  return true;
}
} // namespace

llvm::Expected<TaskGraph> cleave::parseTaskGraph(llvm::StringRef Text, llvm::StringRef Name) {
  auto Root = parseFile(Text, Name);
  if (!Root)
    return Root.takeError();
  json::Path::Root R("$"); // JSONPath notation: $.edges[2].bytes
  TaskGraph G;
  auto Fail = [&]() -> llvm::Error {
    return fileError(Name, llvm::toString(R.getError()));
  };
  json::Path P(R);
  const json::Object *O = Root->getAsObject();
  if (!O) {
    P.report("expected an object with tasks and edges");
    return Fail();
  }
  for (const auto &KV : *O)
    if (KV.first != "tasks" && KV.first != "edges") {
      P.field(KV.first).report("unknown key (a task graph has tasks, edges)");
      return Fail();
    }
  const json::Array *Tasks = O->getArray("tasks");
  if (!Tasks) {
    P.field("tasks").report("expected a list of tasks");
    return Fail();
  }
  llvm::StringMap<unsigned> ByName;
  for (size_t I = 0; I < Tasks->size(); ++I) {
    Task T;
    if (!readTask((*Tasks)[I], T, P.field("tasks").index(I)))
      return Fail();
    if (!ByName.try_emplace(T.Name, G.Tasks.size()).second) {
      P.field("tasks").index(I).field("name").report("a task of this name comes earlier");
      return Fail();
    }
    G.Tasks.push_back(std::move(T));
  }
  if (const json::Value *EdgesV = O->get("edges")) {
    const json::Array *Edges = EdgesV->getAsArray();
    if (!Edges) {
      P.field("edges").report("expected a list of edges");
      return Fail();
    }
    json::Path EdgesP = P.field("edges"); // a Path refers to its parent
    for (size_t I = 0; I < Edges->size(); ++I) {
      json::Path EP = EdgesP.index(I);
      const json::Object *EO = (*Edges)[I].getAsObject();
      if (!EO) {
        EP.report("expected an edge object");
        return Fail();
      }
      TaskEdge E;
      for (const auto &KV : *EO) {
        llvm::StringRef Key = KV.first;
        if (Key == "from" || Key == "to") {
          std::optional<llvm::StringRef> S = KV.second.getAsString();
          auto It = S ? ByName.find(*S) : ByName.end();
          if (It == ByName.end()) {
            EP.field(Key).report("expected the name of a task");
            return Fail();
          }
          (Key == "from" ? E.From : E.To) = It->second;
        } else if (Key == "phase") {
          std::optional<int64_t> Ph = KV.second.getAsInteger();
          if (!Ph || *Ph < 0) {
            EP.field(Key).report("expected a phase number, 1 or more (0: none)");
            return Fail();
          }
          E.Phase = *Ph;
        } else if (Key != "messages" && Key != "bytes" && Key != "message_bytes") {
          EP.field(Key).report(
              "unknown key (an edge has from, to, messages, bytes, message_bytes, phase)");
          return Fail();
        }
      }
      if (!EO->get("from") || !EO->get("to")) {
        EP.report("an edge needs 'from' and 'to'");
        return Fail();
      }
      const json::Value *Count = EO->get("messages"), *Bytes = EO->get("bytes");
      const json::Value *List = EO->get("message_bytes");
      if (List) {
        // One size per message.
        const json::Array *A = List->getAsArray();
        if (!A || Count || Bytes) {
          EP.field("message_bytes")
              .report("expected a list of message sizes, without 'messages' or 'bytes'");
          return Fail();
        }
        for (size_t K = 0; K < A->size(); ++K) {
          double B;
          if (!readAmount((*A)[K], B, EP.field("message_bytes").index(K)))
            return Fail();
          E.Messages.push_back({1, B});
        }
      } else {
        MessageGroup Group{1, 0};
        if (Count && !readAmount(*Count, Group.Count, EP.field("messages")))
          return Fail();
        if (!Bytes) {
          EP.report("an edge needs 'bytes' (per message) or 'message_bytes'");
          return Fail();
        }
        if (!readAmount(*Bytes, Group.Bytes, EP.field("bytes")))
          return Fail();
        E.Messages.push_back(Group);
      }
      G.Edges.push_back(std::move(E));
    }
  }
  return std::move(G);
}

llvm::Expected<TaskGraph> cleave::loadTaskGraph(llvm::StringRef Path) {
  auto Buffer = llvm::MemoryBuffer::getFile(Path);
  if (!Buffer)
    return llvm::createFileError(Path, Buffer.getError());
  return parseTaskGraph((*Buffer)->getBuffer(), Path);
}

llvm::Error cleave::checkPlacement(const Placement &P, const TaskGraph &G, const Machine &M) {
  for (size_t T = 0; T < G.Tasks.size(); ++T) {
    if (P[T] >= M.Processors.size())
      return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                     "task '" + G.Tasks[T].Name + "' is placed on processor " +
                                         llvm::Twine(P[T]) + "; the machine has " +
                                         llvm::Twine(M.Processors.size()));
    if (G.Tasks[T].Processor && *G.Tasks[T].Processor != P[T])
      return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                     "task '" + G.Tasks[T].Name + "' is pinned to processor " +
                                         llvm::Twine(*G.Tasks[T].Processor) +
                                         " and placed on " + llvm::Twine(P[T]));
    const MachineNode &Node = M.Nodes[M.Processors[P[T]]];
    for (const std::string &R : G.Tasks[T].Resources)
      if (!llvm::is_contained(Node.Resources, R))
        return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                       "task '" + G.Tasks[T].Name + "' needs resource '" + R +
                                           "', which node " + Node.Name + " does not have");
  }
  return llvm::Error::success();
}

void cleave::writeTaskGraphJSON(const TaskGraph &G, llvm::raw_ostream &OS) {
  auto Line = [&](const json::Value &V) { OS << "\n    " << V; };
  OS << "{\n  \"tasks\": [";
  for (size_t I = 0; I < G.Tasks.size(); ++I) {
    const Task &T = G.Tasks[I];
    json::Object O{{"name", T.Name}, {"work_s", T.WorkS}};
    if (!T.Resources.empty())
      O["resources"] = T.Resources;
    if (T.Processor)
      O["processor"] = *T.Processor;
    OS << (I ? "," : "");
    Line(std::move(O));
  }
  OS << "\n  ],\n  \"edges\": [";
  // An edge of several message sizes is written as one edge a size: the
  // reader merges the edges of a pair.
  bool First = true;
  for (const TaskEdge &E : G.Edges)
    for (const MessageGroup &M : E.Messages) {
      json::Object O{{"from", G.Tasks[E.From].Name},
                     {"to", G.Tasks[E.To].Name},
                     {"messages", M.Count},
                     {"bytes", M.Bytes}};
      if (E.Phase)
        O["phase"] = E.Phase;
      OS << (First ? "" : ",");
      Line(std::move(O));
      First = false;
    }
  OS << "\n  ]\n}\n";
}

void cleave::writePlacementJSON(const TaskGraph &G, const Placement &P, llvm::raw_ostream &OS) {
  OS << "{\"placement\": {";
  for (size_t T = 0; T < G.Tasks.size(); ++T)
    OS << (T ? ",\n  " : "\n  ") << json::Value(G.Tasks[T].Name) << ": " << P[T];
  OS << "\n}}\n";
}

llvm::Expected<Placement> cleave::parsePlacementJSON(llvm::StringRef Text, llvm::StringRef Name,
                                                     const TaskGraph &G, const Machine &M) {
  auto Root = parseFile(Text, Name);
  if (!Root)
    return Root.takeError();
  json::Path::Root R("$");
  json::Path P(R);
  auto Fail = [&]() -> llvm::Error {
    return fileError(Name, llvm::toString(R.getError()));
  };
  const json::Object *O = Root->getAsObject();
  const json::Object *Map = O ? O->getObject("placement") : nullptr;
  if (!Map) {
    P.report("expected {\"placement\": {\"TASK\": PROCESSOR, ...}}");
    return Fail();
  }
  llvm::StringMap<unsigned> ByName;
  for (size_t T = 0; T < G.Tasks.size(); ++T)
    ByName[G.Tasks[T].Name] = T;
  Placement Out(G.Tasks.size(), ~0u);
  for (const auto &KV : *Map) {
    auto It = ByName.find(KV.first);
    if (It == ByName.end()) {
      P.field("placement").field(KV.first).report("no task of this name in the task graph");
      return Fail();
    }
    std::optional<int64_t> N = KV.second.getAsInteger();
    if (!N || *N < 0) {
      P.field("placement").field(KV.first).report("expected a processor number");
      return Fail();
    }
    Out[It->second] = *N;
  }
  for (size_t T = 0; T < G.Tasks.size(); ++T)
    if (Out[T] == ~0u)
      return fileError(Name, "task '" + G.Tasks[T].Name + "' is not placed");
  if (llvm::Error E = checkPlacement(Out, G, M))
    return fileError(Name, llvm::toString(std::move(E)));
  return std::move(Out);
}
