/// \file
/// JSON and text forms of the program model.
#include "analysis/ProgramModel.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Format.h"
#include <map>
#include <tuple>

using namespace cleave;
using llvm::json::Array;
using llvm::json::Object;
using llvm::json::Value;

std::string SourcePos::str() const {
  return File + ":" + std::to_string(Line) + ":" + std::to_string(Column);
}

std::string Region::str() const {
  return Param + "[" + Lo->str() + ":" + Hi->str() + "]";
}

std::string AccessRegion::str() const {
  if (Reachable)
    return Param + "->{" + llvm::join(Fields, ",") + "}*";
  if (!Unbounded.empty())
    return Param + "[?]";
  return Param + "[" + Lo->str() + ":" + Hi->str() + "]";
}

static Array strings(const std::vector<std::string> &Items) {
  Array A;
  for (const std::string &S : Items)
    A.push_back(S);
  return A;
}

Value cleave::toJSON(const SourcePos &P) {
  return Object{{"file", P.File}, {"line", P.Line}, {"column", P.Column}};
}

Value cleave::toJSON(const Region &R) {
  return Object{{"param", R.Param},
                {"lo", R.Lo->str()},
                {"hi", R.Hi->str()},
                {"access", R.ReadOnly ? "read" : "read-write"}};
}

template <typename T> static Array arrayOf(const std::vector<T> &Items) {
  Array A;
  for (const T &I : Items)
    A.push_back(toJSON(I));
  return A;
}


Value cleave::toJSON(const AccessRegion &R) {
  Object O{{"param", R.Param}, {"access", R.Write ? "write" : "read"}};
  if (R.Reachable)
    O["reachable_through"] = strings(R.Fields);
  else if (!R.Unbounded.empty())
    O["unbounded"] = R.Unbounded;
  else {
    O["lo"] = R.Lo->str();
    O["hi"] = R.Hi->str();
  }
  if (!R.Via.empty())
    O["via"] = R.Via;
  return O;
}

static Array facts(const std::vector<EffectFact> &Facts) {
  Array A;
  for (const EffectFact &F : Facts) {
    Object O{{"name", F.Name}};
    if (!F.Via.empty())
      O["via"] = F.Via;
    A.push_back(std::move(O));
  }
  return A;
}

Value cleave::toJSON(const EffectInfo &E) {
  return Object{{"globals_read", facts(E.GlobalsRead)},
                {"globals_written", facts(E.GlobalsWritten)},
                {"regions", arrayOf(E.Accesses)},
                {"io", facts(E.InputOutput)},
                {"unknown_calls", facts(E.UnknownCalls)},
                {"allocation", facts(E.Allocation)},
                {"other", facts(E.Other)},
                {"aliasing", strings(E.Aliasing)}};
}

Value cleave::toJSON(const FunctionInfo &F) {
  Array Params;
  for (const ParamInfo &P : F.Params)
    Params.push_back(Object{{"name", P.Name}, {"type", P.Type}});
  Object CFG{{"entry", F.EntryBlock},
             {"exit", F.ExitBlock},
             {"blocks", arrayOf(F.Blocks)},
             {"dependences", arrayOf(F.Dependences)}};
  if (!F.DependencesOmitted.empty())
    CFG["dependences_omitted"] = F.DependencesOmitted;
  Value DivideAndConquer = nullptr;
  if (F.Recursive && F.Defined) {
    Array Calls;
    for (const SelfCallInfo &C : F.SelfCalls) {
      Object O{{"location", toJSON(C.Pos)},
               {"alpha", C.Alpha ? Value(*C.Alpha) : Value(nullptr)}};
      if (!C.Note.empty())
        O["note"] = C.Note;
      Calls.push_back(std::move(O));
    }
    DivideAndConquer = Object{{"recognized", F.DivideAndConquer}, {"self_calls", std::move(Calls)}};
  }
  return Object{{"name", F.Name},
                {"divide_and_conquer", std::move(DivideAndConquer)},
                {"control_flow", F.Defined ? Value(std::move(CFG)) : Value(nullptr)},
                {"location", toJSON(F.Pos)},
                {"return_type", F.ReturnType},
                {"signature", F.Signature},
                {"params", std::move(Params)},
                {"defined", F.Defined},
                {"storage", F.Static ? "static" : "extern"},
                {"variadic", F.Variadic},
                {"recursive", F.Recursive},
                {"regions", arrayOf(F.Regions)},
                {"unique_name", F.UniqueName},
                // The function's subtables (seed 004 section 2.3.3).
                {"subtables", Object{{"locals", arrayOf(F.Locals)},
                                     {"references", arrayOf(F.References)}}},
                {"effects", F.HasBody ? toJSON(F.Effects) : Value(nullptr)},
                {"remote_eligible", F.RemoteBlockers.empty()},
                {"remote_blockers", strings(F.RemoteBlockers)}};
}

Value cleave::toJSON(const TypeInfo &T) {
  Object O{{"key", T.Key},           {"kind", T.Kind},   {"spelling", T.Spelling},
           {"size", T.Size},         {"align", T.Align}, {"complete", T.Complete}};
  if (!T.Pos.File.empty())
    O["location"] = toJSON(T.Pos);
  if (!T.Of.empty())
    O[T.Kind == "function" ? "returns" : "of"] = T.Of;
  if (!T.Anchor.empty())
    O["anchor"] = T.Anchor;
  if (!T.Qualifiers.empty())
    O["qualifiers"] = strings(T.Qualifiers);
  if (T.Kind == "array")
    O["count"] = T.Count;
  if (T.Kind == "struct" || T.Kind == "union") {
    Array Fields;
    for (const TypeInfo::Member &M : T.Members)
      Fields.push_back(Object{{"name", M.Name}, {"type", M.Type}, {"offset_bits", M.Value}});
    O["fields"] = std::move(Fields);
  }
  if (T.Kind == "enum") {
    Array Constants;
    for (const TypeInfo::Member &M : T.Members)
      Constants.push_back(Object{{"name", M.Name}, {"value", M.Value}});
    O["constants"] = std::move(Constants);
  }
  if (T.Kind == "function")
    O["params"] = strings(T.Params);
  return O;
}

Value cleave::toJSON(const GlobalInfo &G) {
  return Object{{"name", G.Name},          {"type", G.Type},
                {"location", toJSON(G.Pos)}, {"storage", G.Storage},
                {"defined", G.Defined},      {"initialized", G.Initialized}};
}

Value cleave::toJSON(const CallSiteInfo &C) {
  return Object{{"caller", C.Caller},
                {"callee", C.Callee},
                {"location", toJSON(C.Pos)},
                {"arguments", strings(C.Arguments)},
                {"callee_defined", C.CalleeDefined},
                {"remote_eligible", C.Sequential.empty()},
                {"sequential", strings(C.Sequential)}};
}

Value cleave::toJSON(const BasicBlockInfo &B) {
  Array Succs;
  for (unsigned S : B.Successors)
    Succs.push_back(S);
  Object O{{"id", B.Id}, {"statements", strings(B.Statements)}, {"successors", std::move(Succs)}};
  if (!B.Terminator.empty())
    O["terminator"] = B.Terminator;
  return O;
}

Value cleave::toJSON(const DependenceInfo &D) {
  Object O{{"from", D.From}, {"to", D.To}, {"kind", D.Kind}};
  if (!D.Via.empty())
    O["via"] = D.Via;
  return O;
}

Value cleave::toJSON(const LocalInfo &L) {
  return Object{{"name", L.Name},       {"unique_name", L.UniqueName},
                {"type", L.Type},       {"storage", L.Storage},
                {"location", toJSON(L.Pos)}};
}

Value cleave::toJSON(const ReferenceInfo &R) {
  return Object{{"name", R.Name},
                {"kind", R.Kind},
                {"access", R.Access},
                {"through_pointer", R.ThroughPointer},
                {"location", toJSON(R.Pos)}};
}

Value cleave::toJSON(const UncorrelatedInfo &U) {
  return Object{{"name", U.Name},
                {"kind", U.Kind},
                {"type", U.Type},
                {"referenced_by", strings(U.ReferencedBy)}};
}

Value cleave::toJSON(const ProgramModel &M) {
  return Object{{"files", strings(M.Files)},
                {"types", arrayOf(M.Types)},
                {"functions", arrayOf(M.Functions)},
                {"globals", arrayOf(M.Globals)},
                {"call_sites", arrayOf(M.CallSites)},
                {"uncorrelated", arrayOf(M.Uncorrelated)}};
}


/// The effect summary for people, a line a fact.
static void printEffects(const EffectInfo &E, llvm::StringRef Indent, llvm::raw_ostream &OS) {
  auto Via = [](const std::string &V) { return V.empty() ? "" : " (in '" + V + "')"; };
  for (const AccessRegion &R : E.Accesses) {
    OS << Indent << (R.Write ? "writes " : "reads ") << R.str();
    if (!R.Unbounded.empty())
      OS << ", unbounded: " << R.Unbounded;
    OS << Via(R.Via) << "\n";
  }
  for (const EffectFact &F : E.GlobalsRead)
    OS << Indent << "reads global " << F.Name << Via(F.Via) << "\n";
  for (const EffectFact &F : E.GlobalsWritten)
    OS << Indent << "writes global " << F.Name << Via(F.Via) << "\n";
  for (const EffectFact &F : E.InputOutput)
    OS << Indent << "does I/O with " << F.Name << Via(F.Via) << "\n";
  for (const EffectFact &F : E.UnknownCalls)
    OS << Indent << "calls " << F.Name << ", effects unknown" << Via(F.Via) << "\n";
  for (const EffectFact &F : E.Allocation)
    OS << Indent << "allocates with " << F.Name << Via(F.Via) << "\n";
  for (const EffectFact &F : E.Other)
    OS << Indent << F.Name << Via(F.Via) << "\n";
  for (const std::string &A : E.Aliasing)
    OS << Indent << "aliasing: " << A << "\n";
}

void cleave::printText(const ProgramModel &M, llvm::raw_ostream &OS) {
  for (const std::string &File : M.Files)
    OS << "file " << File << "\n";
  for (const TypeInfo &T : M.Types) {
    OS << "type " << T.Key << ": " << T.Kind;
    if (T.Kind != "function")
      OS << (T.Complete ? ", " + std::to_string(T.Size) + " bytes, align " + std::to_string(T.Align)
                        : std::string(", incomplete"));
    if (!T.Of.empty())
      OS << (T.Kind == "function" ? ", returns " : ", of ") << T.Of;
    if (T.Kind == "array")
      OS << " x " << T.Count;
    if (!T.Qualifiers.empty())
      OS << " [" << llvm::join(T.Qualifiers, " ") << "]";
    if (!T.Anchor.empty() && T.Anchor != T.Of)
      OS << ", anchored at " << T.Anchor;
    OS << "\n";
    for (const TypeInfo::Member &Mb : T.Members)
      if (T.Kind == "enum")
        OS << "  " << Mb.Name << " = " << Mb.Value << "\n";
      else
        OS << "  " << Mb.Name << ": " << Mb.Type << " at bit " << Mb.Value << "\n";
  }
  for (const FunctionInfo &F : M.Functions) {
    OS << "function " << F.Name << " at " << F.Pos.str() << "\n";
    OS << "  signature: " << F.Signature << "\n";
    OS << "  " << (F.Defined ? "defined" : "declared only") << ", "
       << (F.Static ? "static" : "extern")
       << (F.Recursive ? ", recursive" : "") << "\n";
    for (const Region &R : F.Regions)
      OS << "  region: " << R.str() << (R.ReadOnly ? " (read)" : " (read-write)")
         << "\n";
    if (F.RemoteBlockers.empty())
      OS << "  can run on another node\n";
    for (const std::string &Why : F.RemoteBlockers)
      OS << "  stays local: " << Why << "\n";
    if (F.HasBody)
      printEffects(F.Effects, "  ", OS);
    if (F.DivideAndConquer)
      OS << "  divide and conquer\n";
    for (const SelfCallInfo &C : F.SelfCalls) {
      OS << "  self-call at " << C.Pos.Line << ":" << C.Pos.Column << ": alpha ";
      if (C.Alpha)
        OS << llvm::format("%g", *C.Alpha) << "\n";
      else
        OS << "unknown, " << C.Note << "\n";
    }
    for (const LocalInfo &L : F.Locals)
      OS << "  local " << L.UniqueName << ": " << L.Type
         << (L.Storage == "auto" ? "" : ", " + L.Storage) << " at line " << L.Pos.Line << "\n";
    for (const ReferenceInfo &R : F.References)
      OS << "  " << R.Access << " " << R.Kind << " " << R.Name
         << (R.ThroughPointer ? " through a pointer" : "") << " at " << R.Pos.Line << ":"
         << R.Pos.Column << "\n";
    for (const BasicBlockInfo &B : F.Blocks)
      for (size_t I = 0; I < B.Statements.size(); ++I)
        OS << "  statement B" << B.Id << "." << I << " at line " << B.Statements[I] << "\n";
    for (const DependenceInfo &D : F.Dependences)
      OS << "  " << D.Kind << " dependence " << D.From << " -> " << D.To
         << (D.Via.empty() ? "" : " via " + D.Via) << "\n";
    if (!F.DependencesOmitted.empty())
      OS << "  no dependences: " << F.DependencesOmitted << "\n";
  }
  for (const GlobalInfo &G : M.Globals)
    OS << "global " << G.Name << " at " << G.Pos.str() << ": " << G.Type << ", "
       << G.Storage << (G.Defined ? ", defined" : ", declared only")
       << (G.Initialized ? ", initialized" : "") << "\n";
  for (const UncorrelatedInfo &U : M.Uncorrelated)
    OS << "uncorrelated " << U.Kind << " " << U.Name << ": " << U.Type << ", referenced by "
       << llvm::join(U.ReferencedBy, ", ") << "\n";
  for (const CallSiteInfo &C : M.CallSites)
    OS << "call " << C.Caller << " -> "
       << (C.Callee.empty() ? "<pointer>" : C.Callee) << " at " << C.Pos.str()
       << " (" << llvm::join(C.Arguments, ", ") << ")"
       << (C.CalleeDefined ? "" : " [not defined here]") << "\n";
}

/// Appends the entries of \p From to \p Into, one per key of \p KeyOf: an
/// entry already there stays unless \p Better prefers the new one.
template <typename T, typename KeyFn, typename BetterFn>
static void mergeByKey(std::vector<T> &Into, std::vector<T> From, KeyFn KeyOf,
                       BetterFn Better) {
  std::map<std::string, size_t> Index;
  for (size_t I = 0; I < Into.size(); ++I)
    Index.emplace(KeyOf(Into[I]), I);
  for (T &Item : From) {
    auto [It, New] = Index.emplace(KeyOf(Item), Into.size());
    if (New)
      Into.push_back(std::move(Item));
    else if (Better(Item, Into[It->second]))
      Into[It->second] = std::move(Item);
  }
}

void cleave::mergeModel(ProgramModel &Into, ProgramModel From) {
  Into.Files.insert(Into.Files.end(), From.Files.begin(), From.Files.end());
  mergeByKey(Into.Types, std::move(From.Types), [](const TypeInfo &T) { return T.Key; },
             [](const TypeInfo &New, const TypeInfo &Old) { return New.Complete && !Old.Complete; });
  // A static function or global is its file's own: its key names the file.
  auto Scoped = [](const std::string &Name, bool Static, const SourcePos &P) {
    return Static ? P.File + "::" + Name : Name;
  };
  mergeByKey(Into.Functions, std::move(From.Functions),
             [&](const FunctionInfo &F) { return Scoped(F.Name, F.Static, F.Pos); },
             [](const FunctionInfo &New, const FunctionInfo &Old) {
               return New.Defined && !Old.Defined;
             });
  mergeByKey(Into.Globals, std::move(From.Globals),
             [&](const GlobalInfo &G) { return Scoped(G.Name, G.Storage == "static", G.Pos); },
             [](const GlobalInfo &New, const GlobalInfo &Old) {
               return New.Defined && !Old.Defined;
             });
  Into.CallSites.insert(Into.CallSites.end(), From.CallSites.begin(), From.CallSites.end());
  // What one file references without a definition another may define.
  for (UncorrelatedInfo &U : From.Uncorrelated) {
    auto Same = llvm::find_if(Into.Uncorrelated,
                              [&](const UncorrelatedInfo &Old) { return Old.Name == U.Name; });
    if (Same == Into.Uncorrelated.end()) {
      Into.Uncorrelated.push_back(std::move(U));
      continue;
    }
    std::vector<std::string> &By = Same->ReferencedBy;
    By.insert(By.end(), U.ReferencedBy.begin(), U.ReferencedBy.end());
    llvm::sort(By);
    By.erase(std::unique(By.begin(), By.end()), By.end());
  }
  llvm::erase_if(Into.Uncorrelated, [&](const UncorrelatedInfo &U) {
    return llvm::any_of(Into.Functions,
                        [&](const FunctionInfo &F) { return F.Defined && F.UniqueName == U.Name; }) ||
           llvm::any_of(Into.Globals, [&](const GlobalInfo &G) {
             return G.Defined && G.Storage == "extern" && G.Name == U.Name;
           });
  });
  llvm::sort(Into.Uncorrelated,
             [](const UncorrelatedInfo &A, const UncorrelatedInfo &B) { return A.Name < B.Name; });
  llvm::sort(Into.Types, [](const TypeInfo &A, const TypeInfo &B) { return A.Key < B.Key; });
  auto ByNameThenFile = [](const auto &A, const auto &B) {
    return std::tie(A.Name, A.Pos.File) < std::tie(B.Name, B.Pos.File);
  };
  llvm::stable_sort(Into.Functions, ByNameThenFile);
  llvm::stable_sort(Into.Globals, ByNameThenFile);
}

llvm::Error cleave::explainFunction(const ProgramModel &M, llvm::StringRef Function,
                                    llvm::raw_ostream &OS) {
  std::vector<const FunctionInfo *> Found;
  for (const FunctionInfo &F : M.Functions)
    if (F.Name == Function)
      Found.push_back(&F);
  if (Found.empty())
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "no function named '%s' in the program",
                                   Function.str().c_str());
  for (const FunctionInfo *F : Found) {
    OS << F->Signature << "\n  at " << F->Pos.str() << ", "
       << (F->Defined ? "defined" : "declared only")
       << (F->Recursive ? ", recursive" : "") << "\n";
    for (const Region &R : F->Regions)
      OS << "  region " << R.str() << (R.ReadOnly ? ", read" : ", read and written") << "\n";
    if (F->RemoteBlockers.empty())
      OS << "  a call of '" << F->Name << "' can run on another node\n";
    else
      OS << "  a call of '" << F->Name << "' stays on the caller's node, because it:\n";
    for (const std::string &Why : F->RemoteBlockers)
      OS << "    - " << Why << "\n";
    if (F->HasBody) {
      OS << "  effects, through the functions it calls:\n";
      printEffects(F->Effects, "    ", OS);
    }
    OS << "  calls:\n";
    for (const CallSiteInfo &C : M.CallSites)
      if (C.Caller == F->Name)
        OS << "    " << (C.Callee.empty() ? "<pointer>" : C.Callee) << " at " << C.Pos.str()
           << (C.CalleeDefined ? "" : " (not defined in the program)") << "\n";
    OS << "  called by:\n";
    for (const CallSiteInfo &C : M.CallSites)
      if (C.Callee == F->Name)
        OS << "    " << C.Caller << " at " << C.Pos.str() << "\n";
  }
  return llvm::Error::success();
}

/// DOT's quoting of \p Lines as one string, each line left-justified.
static std::string dotQuote(const std::vector<std::string> &Lines) {
  std::string Out = "\"";
  for (const std::string &Line : Lines) {
    for (char C : Line) {
      if (C == '"' || C == '\\')
        Out += '\\';
      Out += C;
    }
    if (Lines.size() > 1)
      Out += "\\l";
  }
  return Out + "\"";
}
static std::string dotQuote(llvm::StringRef S) { return dotQuote(std::vector<std::string>{S.str()}); }

/// The blocks of \p F's control-flow graph and their edges, as DOT nodes
/// named from \p Prefix.
static void writeControlFlow(const FunctionInfo &F, const std::string &Prefix,
                             llvm::raw_ostream &OS) {
  for (const BasicBlockInfo &B : F.Blocks) {
    std::vector<std::string> Label = {
        "B" + std::to_string(B.Id) +
        (B.Id == F.EntryBlock ? " (entry)" : B.Id == F.ExitBlock ? " (exit)" : "")};
    Label.insert(Label.end(), B.Statements.begin(), B.Statements.end());
    if (!B.Terminator.empty())
      Label.push_back("[" + B.Terminator + "]");
    OS << "    " << Prefix << B.Id << " [label=" << dotQuote(Label) << "];\n";
    for (unsigned S : B.Successors)
      OS << "    " << Prefix << B.Id << " -> " << Prefix << S << ";\n";
  }
}

/// The statements of \p F and their dependences, as DOT nodes named from
/// \p Prefix: flow solid, anti dashed, output dotted, control labelled C.
static void writeDependences(const FunctionInfo &F, const std::string &Prefix,
                             llvm::raw_ostream &OS) {
  auto Node = [&](const std::string &Name) {
    std::string Id = Name;
    std::replace(Id.begin(), Id.end(), '.', '_');
    return Prefix + Id;
  };
  for (const BasicBlockInfo &B : F.Blocks)
    for (size_t I = 0; I < B.Statements.size(); ++I) {
      std::string Name = "B" + std::to_string(B.Id) + "." + std::to_string(I);
      OS << "    " << Node(Name) << " [label=" << dotQuote(Name + "  " + B.Statements[I])
         << "];\n";
    }
  if (!F.DependencesOmitted.empty())
    OS << "    " << Prefix << "omitted [shape=note, label=" << dotQuote(F.DependencesOmitted)
       << "];\n";
  for (const DependenceInfo &D : F.Dependences) {
    OS << "    " << Node(D.From) << " -> " << Node(D.To);
    if (D.Kind == "control")
      OS << " [label=\"C\"]";
    else
      OS << " [style=" << (D.Kind == "flow" ? "solid" : D.Kind == "anti" ? "dashed" : "dotted")
         << ", label=" << dotQuote(D.Via) << "]";
    OS << ";\n";
  }
}

void cleave::writeDot(const ProgramModel &M, GraphKind Kind, llvm::raw_ostream &OS) {
  if (Kind == GraphKind::CallGraph) {
    OS << "digraph callgraph {\n  node [fontname=\"monospace\"];\n";
    std::map<std::string, bool> Nodes; // name -> defined
    for (const FunctionInfo &F : M.Functions)
      Nodes[F.Name] = Nodes[F.Name] || F.Defined;
    std::map<std::pair<std::string, std::string>, unsigned> Edges;
    for (const CallSiteInfo &C : M.CallSites) {
      std::string Callee = C.Callee.empty() ? "(pointer)" : C.Callee;
      Nodes.emplace(Callee, false);
      ++Edges[{C.Caller, Callee}];
    }
    for (const auto &[Name, Defined] : Nodes) {
      bool Recursive = llvm::any_of(M.Functions, [&](const FunctionInfo &F) {
        return F.Name == Name && F.Recursive;
      });
      OS << "  " << dotQuote(Name) << " [shape=" << (Defined ? "box" : "ellipse")
         << (Defined ? "" : ", style=dashed") << (Recursive ? ", penwidth=2" : "") << "];\n";
    }
    for (const auto &[Pair, Count] : Edges)
      OS << "  " << dotQuote(Pair.first) << " -> " << dotQuote(Pair.second)
         << (Count > 1 ? " [label=\"" + std::to_string(Count) + "\"]" : "") << ";\n";
    OS << "}\n";
    return;
  }
  // One cluster per function with a body; node names start with the
  // cluster's prefix, so that equal block names of two functions stay apart.
  bool Dependences = Kind == GraphKind::Dependences;
  OS << "digraph " << (Dependences ? "ddg" : "cfg")
     << " {\n  node [shape=box, fontname=\"monospace\"];\n";
  unsigned Cluster = 0;
  for (const FunctionInfo &F : M.Functions) {
    if (F.Blocks.empty())
      continue;
    std::string Prefix = "f" + std::to_string(Cluster) + "_";
    OS << "  subgraph cluster_" << Cluster++ << " {\n    label=" << dotQuote(F.UniqueName)
       << ";\n";
    if (Dependences)
      writeDependences(F, Prefix, OS);
    else
      writeControlFlow(F, Prefix, OS);
    OS << "  }\n";
  }
  OS << "}\n";
}
