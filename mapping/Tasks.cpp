/// \file
/// Task graphs from a program model: grouping, work, messages, pins
/// (docs/tasks-format.md).
#include "mapping/Tasks.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <set>

using namespace cleave;
namespace json = llvm::json;

//===----------------------------------------------------------------------===//
// Profiles
//===----------------------------------------------------------------------===//

namespace {
/// Reads field \p Key of \p O, when present, as a finite number that is not
/// negative.
bool readAmount(const json::Object &O, llvm::StringRef Key, double &Out, json::Path P) {
  const json::Value *V = O.get(Key);
  if (!V)
    return true;
  std::optional<double> D = V->getAsNumber();
  if (!D || !std::isfinite(*D) || *D < 0) {
    P.field(Key).report("expected a number that is not negative");
    return false;
  }
  Out = *D;
  return true;
}

/// The keys of \p O in order, so that the first error found is always the same.
std::vector<const json::ObjectKey *> sortedKeys(const json::Object &O) {
  std::vector<const json::ObjectKey *> Keys;
  for (const auto &KV : O)
    Keys.push_back(&KV.first);
  llvm::sort(Keys, [](const json::ObjectKey *A, const json::ObjectKey *B) { return *A < *B; });
  return Keys;
}

/// Fails at the first key of \p O that is not in \p Known, with \p Message
/// (which lists them).
bool onlyKeys(const json::Object &O, llvm::ArrayRef<llvm::StringRef> Known,
              llvm::StringLiteral Message, json::Path P) {
  for (const json::ObjectKey *Key : sortedKeys(O))
    if (!llvm::is_contained(Known, llvm::StringRef(*Key))) {
      P.field(*Key).report(Message);
      return false;
    }
  return true;
}

bool readFunctionProfile(const json::Value &V, FunctionProfile &F, json::Path P) {
  const json::Object *O = V.getAsObject();
  if (!O) {
    P.report("expected an object with calls, inclusive_s, exclusive_s");
    return false;
  }
  return onlyKeys(*O, {"calls", "inclusive_s", "exclusive_s"},
                  "unknown key (a function has calls, inclusive_s, exclusive_s)", P) &&
         readAmount(*O, "calls", F.Calls, P) && readAmount(*O, "inclusive_s", F.InclusiveS, P) &&
         readAmount(*O, "exclusive_s", F.ExclusiveS, P);
}

bool readCallEdge(const json::Value &V, CallEdgeProfile &C, json::Path P) {
  const json::Object *O = V.getAsObject();
  if (!O) {
    P.report("expected a call edge object");
    return false;
  }
  if (!onlyKeys(*O, {"caller", "callee", "count", "bytes_in", "bytes_out"},
                "unknown key (a call edge has caller, callee, count, bytes_in, bytes_out)", P))
    return false;
  for (auto [Key, Out] : {std::pair{"caller", &C.Caller}, {"callee", &C.Callee}}) {
    std::optional<llvm::StringRef> S = O->getString(Key);
    if (!S || S->empty()) {
      P.field(Key).report("expected the name of a function");
      return false;
    }
    *Out = S->str();
  }
  if (!O->get("count")) {
    P.report("a call edge needs 'count'");
    return false;
  }
  if (!readAmount(*O, "count", C.Count, P))
    return false;
  for (auto [Key, Out] : {std::pair{"bytes_in", &C.BytesIn}, {"bytes_out", &C.BytesOut}})
    if (O->get(Key)) {
      double B = 0;
      if (!readAmount(*O, Key, B, P))
        return false;
      *Out = B;
    }
  return true;
}
} // namespace

llvm::Expected<Profile> cleave::parseProfile(llvm::StringRef Text, llvm::StringRef Name) {
  auto Fail = [&](const llvm::Twine &Msg) -> llvm::Error {
    return llvm::createStringError(llvm::inconvertibleErrorCode(), Name + ": " + Msg);
  };
  auto Root = json::parse(Text);
  if (!Root)
    return Fail("not valid JSON: " + llvm::toString(Root.takeError()));
  json::Path::Root R("$");
  json::Path P(R);
  auto Failed = [&] { return Fail(llvm::toString(R.getError())); };
  Profile Out;
  Out.Source = Name.str();
  const json::Object *O = Root->getAsObject();
  if (!O) {
    P.report("expected an object with functions and calls");
    return Failed();
  }
  if (!onlyKeys(*O, {"functions", "calls"}, "unknown key (a profile has functions, calls)", P))
    return Failed();
  if (const json::Value *Functions = O->get("functions")) {
    const json::Object *FO = Functions->getAsObject();
    if (!FO) {
      P.field("functions").report("expected an object of functions by name");
      return Failed();
    }
    json::Path FP = P.field("functions");
    for (const json::ObjectKey *Key : sortedKeys(*FO))
      if (!readFunctionProfile(*FO->get(*Key), Out.Functions[Key->str()], FP.field(*Key)))
        return Failed();
  }
  if (const json::Value *Calls = O->get("calls")) {
    const json::Array *A = Calls->getAsArray();
    if (!A) {
      P.field("calls").report("expected a list of call edges");
      return Failed();
    }
    json::Path CP = P.field("calls");
    for (size_t I = 0; I < A->size(); ++I) {
      CallEdgeProfile C;
      if (!readCallEdge((*A)[I], C, CP.index(I)))
        return Failed();
      Out.Calls.push_back(std::move(C));
    }
  }
  return std::move(Out);
}

llvm::Expected<Profile> cleave::loadProfile(llvm::StringRef Path) {
  auto Buffer = llvm::MemoryBuffer::getFile(Path);
  if (!Buffer)
    return llvm::createFileError(Path, Buffer.getError());
  return parseProfile((*Buffer)->getBuffer(), Path);
}

//===----------------------------------------------------------------------===//
// Work
//===----------------------------------------------------------------------===//

namespace {
/// The number of loops around each block of \p F's control-flow graph: the
/// natural loops of the back edges a depth-first search from the entry finds
/// (a loop per header, the union of its back edges' bodies). Written here
/// rather than with Boost.Graph's depth_first_search: the bodies need a walk
/// back from each back edge's source as it is found, and a function's CFG
/// is a few dozen blocks held as successor lists already.
std::vector<unsigned> loopDepths(const FunctionInfo &F) {
  size_t N = F.Blocks.size();
  std::vector<unsigned> Depth(N);
  if (F.EntryBlock >= N)
    return Depth;
  std::vector<std::vector<unsigned>> Preds(N);
  for (const BasicBlockInfo &B : F.Blocks)
    for (unsigned S : B.Successors)
      if (S < N)
        Preds[S].push_back(B.Id);
  enum : char { White, OnStack, Done };
  std::vector<char> State(N, White);
  std::map<unsigned, std::set<unsigned>> Loops; // header -> body
  // Iterative DFS: the block and the index of its next successor.
  std::vector<std::pair<unsigned, size_t>> Stack{{F.EntryBlock, 0}};
  State[F.EntryBlock] = OnStack;
  while (!Stack.empty()) {
    auto &[B, Next] = Stack.back();
    if (Next == F.Blocks[B].Successors.size()) {
      State[B] = Done;
      Stack.pop_back();
      continue;
    }
    unsigned S = F.Blocks[B].Successors[Next++];
    if (S >= N)
      continue;
    if (State[S] == White) {
      State[S] = OnStack;
      Stack.push_back({S, 0});
    } else if (State[S] == OnStack) {
      // Back edge B -> S: the body is S and whatever reaches B without S.
      std::set<unsigned> &Body = Loops[S];
      Body.insert(S);
      std::vector<unsigned> Work;
      if (Body.insert(B).second)
        Work.push_back(B);
      while (!Work.empty()) {
        unsigned X = Work.back();
        Work.pop_back();
        for (unsigned P : Preds[X])
          if (Body.insert(P).second)
            Work.push_back(P);
      }
    }
  }
  for (const auto &[Header, Body] : Loops)
    for (unsigned B : Body)
      ++Depth[B];
  return Depth;
}

/// Whether a call of \p F may do enough to pay for the messages that would
/// send it away: it recurses, works on an array (a region parameter) or has a
/// loop. A helper of scalars without a loop (`clamp(x)`) costs less than one
/// message.
bool worthAMessage(const FunctionInfo &F) {
  return F.Recursive || !F.Regions.empty() ||
         llvm::any_of(loopDepths(F), [](unsigned Depth) { return Depth > 0; });
}
} // namespace

double cleave::estimateWork(const FunctionInfo &F) {
  std::vector<unsigned> Depth = loopDepths(F);
  double Work = 0;
  for (const BasicBlockInfo &B : F.Blocks)
    Work += double(B.Statements.size()) * std::pow(LoopWeight, Depth[B.Id]);
  return Work * NominalStatementS;
}

//===----------------------------------------------------------------------===//
// The calls between defined functions
//===----------------------------------------------------------------------===//

namespace {
/// One call of a defined function by another.
struct Call {
  size_t Caller = 0, Callee = 0;
  const CallEffect *Effect = nullptr;
  bool MayRunRemotely = false; ///< its call site has no reason to stay sequential
};

/// The defined functions of a model and the calls between them, resolved by
/// unique name.
struct ProgramCalls {
  explicit ProgramCalls(const ProgramModel &M) : Out(M.Functions.size()) {
    std::map<std::string, size_t> ByUnique;
    for (size_t I = 0; I < M.Functions.size(); ++I)
      if (M.Functions[I].Defined)
        ByUnique.emplace(M.Functions[I].UniqueName, I);
    std::map<std::string, const CallSiteInfo *> Sites;
    for (const CallSiteInfo &S : M.CallSites)
      Sites.emplace(S.Pos.str(), &S);
    for (size_t I = 0; I < M.Functions.size(); ++I) {
      if (!M.Functions[I].Defined)
        continue;
      for (const CallEffect &C : M.Functions[I].Local.Calls) {
        auto Callee = ByUnique.find(C.Callee);
        if (Callee == ByUnique.end())
          continue;
        auto Site = Sites.find(C.Pos.str());
        bool Remote = Site != Sites.end() && Site->second->Sequential.empty();
        Out[I].push_back(Calls.size());
        Calls.push_back({I, Callee->second, &C, Remote});
      }
    }
  }

  std::vector<Call> Calls;
  std::vector<std::vector<size_t>> Out; ///< per function, its calls
};

/// The functions \p From reaches through calls, itself included.
std::vector<bool> reachable(const ProgramCalls &G, size_t From) {
  std::vector<bool> Seen(G.Out.size());
  std::vector<size_t> Work{From};
  Seen[From] = true;
  while (!Work.empty()) {
    size_t F = Work.back();
    Work.pop_back();
    for (size_t C : G.Out[F])
      if (!Seen[G.Calls[C].Callee]) {
        Seen[G.Calls[C].Callee] = true;
        Work.push_back(G.Calls[C].Callee);
      }
  }
  return Seen;
}

std::optional<size_t> mainFunction(const ProgramModel &M) {
  for (size_t I = 0; I < M.Functions.size(); ++I)
    if (M.Functions[I].Defined && !M.Functions[I].Static && M.Functions[I].Name == "main")
      return I;
  return std::nullopt;
}

Grouping group(const ProgramModel &M, const ProgramCalls &G) {
  size_t N = M.Functions.size();
  std::vector<bool> Dominant(N);
  std::optional<size_t> Main = mainFunction(M);
  if (Main)
    Dominant[*Main] = true;
  for (const Call &C : G.Calls)
    if (C.MayRunRemotely && M.Functions[C.Callee].RemoteBlockers.empty() &&
        worthAMessage(M.Functions[C.Callee]))
      Dominant[C.Callee] = true;
  Grouping Out;
  std::vector<unsigned> GroupsOf(N);
  auto AddGroup = [&](size_t D) {
    FunctionGroup Group;
    Group.Dominant = D;
    std::vector<bool> In(N);
    std::vector<size_t> Work{D};
    In[D] = true;
    while (!Work.empty()) {
      size_t F = Work.back();
      Work.pop_back();
      for (size_t C : G.Out[F]) {
        size_t Callee = G.Calls[C].Callee;
        if (!In[Callee] && !Dominant[Callee]) {
          In[Callee] = true;
          Work.push_back(Callee);
        }
      }
    }
    Group.Members.push_back(D);
    for (size_t F = 0; F < N; ++F)
      if (In[F] && F != D) {
        Group.Members.push_back(F);
        ++GroupsOf[F];
      }
    ++GroupsOf[D];
    Out.Groups.push_back(std::move(Group));
  };
  if (Main)
    AddGroup(*Main);
  for (size_t F = 0; F < N; ++F)
    if (Dominant[F] && F != Main)
      AddGroup(F);
  for (size_t F = 0; F < N; ++F) {
    if (!M.Functions[F].Defined)
      continue;
    if (GroupsOf[F] > 1)
      Out.Duplicated.push_back(F);
    else if (GroupsOf[F] == 0)
      Out.Left.push_back(F);
  }
  return Out;
}
} // namespace

Grouping cleave::groupFunctions(const ProgramModel &M) { return group(M, ProgramCalls(M)); }

//===----------------------------------------------------------------------===//
// The task graph
//===----------------------------------------------------------------------===//

namespace {
/// \p X to 12 significant digits: the figures come from sums and products
/// of decimal inputs, whose last binary digits would only clutter the output.
std::string amount(double X) {
  char Text[32];
  std::snprintf(Text, sizeof Text, "%.12g", X);
  return Text;
}
double rounded(double X) { return std::strtod(amount(X).c_str(), nullptr); }

std::string seconds(double S) { return amount(S) + " s"; }

/// Sizes of the program's types by their C spelling.
class TypeSizes {
public:
  explicit TypeSizes(const ProgramModel &M) {
    for (const TypeInfo &T : M.Types) {
      ByKey.emplace(T.Key, &T);
      BySpelling.emplace(T.Spelling, &T);
    }
  }

  /// The bytes of a value of type \p Spelling; nothing when the type is
  /// unknown or incomplete.
  std::optional<uint64_t> size(llvm::StringRef Spelling) const {
    auto It = BySpelling.find(Spelling.str());
    if (It == BySpelling.end() || !It->second->Complete || !It->second->Size)
      return std::nullopt;
    return It->second->Size;
  }

  /// The bytes of what a pointer of type \p Spelling points to, through
  /// typedefs and qualifiers.
  std::optional<uint64_t> pointeeSize(llvm::StringRef Spelling) const {
    auto It = BySpelling.find(Spelling.str());
    const TypeInfo *T = It == BySpelling.end() ? nullptr : It->second;
    while (T && (T->Kind == "typedef" || T->Kind == "qualified"))
      T = lookup(T->Of);
    if (!T || T->Kind != "pointer")
      return std::nullopt;
    const TypeInfo *Pointee = lookup(T->Of);
    if (!Pointee || !Pointee->Complete || !Pointee->Size)
      return std::nullopt;
    return Pointee->Size;
  }

private:
  const TypeInfo *lookup(const std::string &Key) const {
    auto It = ByKey.find(Key);
    return It == ByKey.end() ? nullptr : It->second;
  }
  std::map<std::string, const TypeInfo *> ByKey, BySpelling;
};

/// The bytes one call sends to its callee and gets back, with how each part
/// was counted.
struct CallBytes {
  double In = 0, Out = 0;
  std::vector<std::string> InParts, OutParts;
  /// A region of the arguments (the results) counted as DefaultRegionElements.
  bool AssumedIn = false, AssumedOut = false;
};

/// Static message sizes of call \p C of \p Callee (docs/tasks-format.md):
/// scalars by their type's size, pointer parameters by their region's
/// elements times the pointee's size (copied back unless read-only), the
/// return value by its type's size.
CallBytes staticBytes(const FunctionInfo &Callee, const CallEffect &C, const TypeSizes &Sizes) {
  using K = CallEffect::Arg::Kind;
  CallBytes Out;
  auto ParamIndex = [&](llvm::StringRef Name) -> std::optional<size_t> {
    for (size_t I = 0; I < Callee.Params.size(); ++I)
      if (Callee.Params[I].Name == Name)
        return I;
    return std::nullopt;
  };
  for (const ParamInfo &P : Callee.Params) {
    const Region *R = nullptr;
    for (const Region &Candidate : Callee.Regions)
      if (Candidate.Param == P.Name)
        R = &Candidate;
    if (!R) {
      std::optional<uint64_t> Size = Sizes.size(P.Type);
      Out.In += Size.value_or(0);
      Out.InParts.push_back(P.Name + " (" + P.Type +
                            "): " + (Size ? std::to_string(*Size) : "0, size unknown"));
      continue;
    }
    // The region's length at this call: its bounds with the call's integer
    // arguments for the callee's parameters.
    SymMap Subst;
    std::vector<SymExpr::Ptr> Bounds{R->Lo, R->Hi};
    if (R->Rows)
      Bounds.insert(Bounds.end(), {R->Rows.ColLo, R->Rows.ColHi});
    for (const SymExpr::Ptr &Bound : Bounds)
      for (const std::string &V : Bound->variables())
        if (std::optional<size_t> J = ParamIndex(V); J && *J < C.Args.size()) {
          const CallEffect::Arg &A = C.Args[*J];
          if (A.K == K::Integer && A.Value)
            Subst[V] = A.Value;
        }
    auto In = [&](const SymExpr::Ptr &E) { return simplify(substitute(E, Subst)); };
    // A length that is the same for every value of the rest (hi - lo with
    // hi = lo + 8) is counted: the bounds' difference, simplified.
    auto Length = [&](const SymExpr::Ptr &Lo, const SymExpr::Ptr &Hi) {
      return simplify(SymExpr::binary(SymExpr::Kind::Sub, In(Hi), In(Lo)));
    };
    SymExpr::Ptr Rows = Length(R->Lo, R->Hi), Size = Rows;
    RowShape Columns;
    if (R->Rows) {
      Columns = {R->Rows.Stride, SymExpr::constant(0), Length(R->Rows.ColLo, R->Rows.ColHi)};
      Size = SymExpr::binary(SymExpr::Kind::Mul, Rows, Columns.ColHi);
    }
    std::optional<int64_t> Elements = regionElements(
        SymExpr::constant(0), Rows, Columns, [](llvm::StringRef) { return std::nullopt; });
    std::optional<uint64_t> Element = Sizes.pointeeSize(P.Type);
    double Count = Elements ? double(std::max<int64_t>(*Elements, 0)) : DefaultRegionElements;
    double Bytes = Count * double(Element.value_or(0));
    std::string Part =
        R->str() + ": " +
        (Elements ? amount(Count)
                  : Size->str() + " unknown here, counted as " + amount(DefaultRegionElements)) +
        " elements x " + (Element ? std::to_string(*Element) : "0 (size unknown)") +
        " bytes = " + amount(Bytes);
    Out.AssumedIn |= !Elements;
    Out.In += Bytes;
    Out.InParts.push_back(Part);
    if (!R->ReadOnly) {
      Out.AssumedOut |= !Elements;
      Out.Out += Bytes;
      Out.OutParts.push_back(Part);
    }
  }
  if (Callee.ReturnType != "void") {
    std::optional<uint64_t> Size = Sizes.size(Callee.ReturnType);
    Out.Out += Size.value_or(0);
    Out.OutParts.push_back("return value (" + Callee.ReturnType +
                           "): " + (Size ? std::to_string(*Size) : "0, size unknown"));
  }
  return Out;
}

/// How people and files name the functions of a model: the plain name, or
/// the unique name where defined functions share the plain name.
class FunctionNames {
public:
  explicit FunctionNames(const ProgramModel &M) : M(M) {
    for (size_t I = 0; I < M.Functions.size(); ++I)
      if (M.Functions[I].Defined) {
        ByName[M.Functions[I].Name].push_back(I);
        ByUnique.try_emplace(M.Functions[I].UniqueName, I);
      }
  }

  std::string name(size_t F) const {
    const FunctionInfo &Info = M.Functions[F];
    return ByName.lookup(Info.Name).size() > 1 ? Info.UniqueName : Info.Name;
  }

  /// The defined function \p Name names.
  llvm::Expected<size_t> find(llvm::StringRef Name) const {
    if (auto It = ByUnique.find(Name); It != ByUnique.end())
      return It->second;
    std::vector<size_t> Found = ByName.lookup(Name);
    if (Found.size() == 1)
      return Found.front();
    if (Found.empty())
      return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                     "the program defines no function '" + Name + "'");
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "'" + Name + "' names " + llvm::Twine(Found.size()) +
                                       " static functions; write FILE::" + Name +
                                       " as 'cleave analyze' shows it");
  }

private:
  const ProgramModel &M;
  llvm::StringMap<std::vector<size_t>> ByName;
  llvm::StringMap<size_t> ByUnique;
};

/// The profile resolved to the model's functions.
struct ResolvedProfile {
  std::map<size_t, const FunctionProfile *> Functions;
  std::map<std::pair<size_t, size_t>, const CallEdgeProfile *> Calls;
};

llvm::Expected<ResolvedProfile> resolve(const Profile &P, const FunctionNames &Names) {
  ResolvedProfile Out;
  auto Fail = [&](llvm::Error E, const std::string &Where) -> llvm::Error {
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   P.Source + ": " + llvm::toString(std::move(E)) + " at " + Where);
  };
  for (const auto &[Name, F] : P.Functions) {
    auto Index = Names.find(Name);
    if (!Index)
      return Fail(Index.takeError(), "$.functions." + Name);
    Out.Functions[*Index] = &F;
  }
  for (size_t I = 0; I < P.Calls.size(); ++I) {
    const CallEdgeProfile &C = P.Calls[I];
    std::string Where = "$.calls[" + std::to_string(I) + "]";
    auto Caller = Names.find(C.Caller);
    if (!Caller)
      return Fail(Caller.takeError(), Where + ".caller");
    auto Callee = Names.find(C.Callee);
    if (!Callee)
      return Fail(Callee.takeError(), Where + ".callee");
    if (!Out.Calls.emplace(std::pair{*Caller, *Callee}, &C).second)
      return Fail(
          llvm::createStringError(llvm::inconvertibleErrorCode(), "this call edge comes earlier"),
          Where);
  }
  return std::move(Out);
}

/// An edge of the task graph being built, with its notes.
struct PendingEdge {
  TaskEdge Edge;
  std::vector<std::string> Notes;
};
} // namespace

llvm::Expected<ProgramTasks> cleave::buildTaskGraph(const ProgramModel &M,
                                                    const TasksOptions &Options) {
  ProgramCalls G(M);
  FunctionNames Names(M);
  ProgramTasks Out;
  Out.Groups = group(M, G);
  Out.FromProfile = Options.Measured != nullptr;
  ResolvedProfile Measured;
  if (Options.Measured) {
    auto R = resolve(*Options.Measured, Names);
    if (!R)
      return R.takeError();
    Measured = std::move(*R);
  }
  const std::vector<FunctionGroup> &Groups = Out.Groups.Groups;
  size_t NumTasks = Groups.size();

  // Static call sites per calling pair, and the calls of each pair: the
  // profile's count, else one per call site.
  std::map<std::pair<size_t, size_t>, unsigned> Sites;
  for (const Call &C : G.Calls)
    ++Sites[{C.Caller, C.Callee}];
  auto CallsOf = [&](size_t Caller, size_t Callee) -> double {
    if (!Options.Measured)
      return Sites[{Caller, Callee}];
    auto It = Measured.Calls.find({Caller, Callee});
    return It == Measured.Calls.end() ? 0 : It->second->Count;
  };

  // The share of each function's work in each group: 1 if it is in one; a
  // duplicated subordinate's split by the calls to it from each group's
  // other functions (evenly when none are counted).
  std::vector<std::map<size_t, double>> Share(NumTasks);
  std::vector<std::vector<size_t>> GroupsOf(M.Functions.size());
  for (size_t T = 0; T < NumTasks; ++T)
    for (size_t F : Groups[T].Members)
      GroupsOf[F].push_back(T);
  std::map<size_t, std::map<size_t, double>> CallsFromGroup; // function -> group -> calls
  for (const auto &[Pair, Count] : Sites) {
    auto [Caller, Callee] = Pair;
    if (Caller == Callee)
      continue;
    for (size_t T : GroupsOf[Caller])
      if (llvm::is_contained(GroupsOf[Callee], T))
        CallsFromGroup[Callee][T] += CallsOf(Caller, Callee);
  }
  for (size_t F = 0; F < M.Functions.size(); ++F) {
    const std::vector<size_t> &In = GroupsOf[F];
    double Total = 0;
    for (size_t T : In)
      Total += CallsFromGroup[F][T];
    for (size_t T : In)
      Share[T][F] = In.size() == 1 ? 1
                    : Total > 0    ? CallsFromGroup[F][T] / Total
                                   : 1.0 / double(In.size());
  }

  std::vector<std::string> TaskNames;
  for (const FunctionGroup &Group : Groups)
    TaskNames.push_back(Names.name(Group.Dominant));
  Out.TaskNotes.resize(NumTasks);
  std::optional<size_t> Main = mainFunction(M);
  std::vector<bool> FromMain = Main ? reachable(G, *Main) : std::vector<bool>(M.Functions.size());
  for (size_t T = 0; T < NumTasks; ++T) {
    const FunctionGroup &Group = Groups[T];
    Task Made;
    Made.Name = TaskNames[T];
    std::vector<std::string> &Notes = Out.TaskNotes[T];
    Notes.push_back("dominant: " + Names.name(Group.Dominant) +
                    (M.Functions[Group.Dominant].Recursive
                         ? " (recursive: its calls of itself stay in the task)"
                         : ""));
    std::vector<std::string> Subordinates;
    for (size_t F : llvm::drop_begin(Group.Members))
      Subordinates.push_back(Names.name(F) + (GroupsOf[F].size() > 1 ? " (duplicated)" : ""));
    Notes.push_back("subordinates: " +
                    (Subordinates.empty() ? "none" : llvm::join(Subordinates, ", ")));
    if (Main && !FromMain[Group.Dominant])
      Notes.push_back("not reached from main");
    std::vector<std::string> Parts, IO;
    for (size_t F : Group.Members) {
      const FunctionInfo &Info = M.Functions[F];
      double Own = 0;
      std::string Part = Names.name(F) + " ";
      if (Options.Measured) {
        auto It = Measured.Functions.find(F);
        Own = It != Measured.Functions.end() ? It->second->ExclusiveS : 0;
        Part += seconds(Own) + (It != Measured.Functions.end()
                                    ? " exclusive"
                                    : " (not in the profile: it did not run)");
      } else {
        Own = estimateWork(Info);
        Part += seconds(Own);
      }
      double S = Share[T][F];
      Made.WorkS += S * Own;
      if (GroupsOf[F].size() > 1)
        Part += " x " + amount(S) + " (its share by the calls to it from this task)";
      Parts.push_back(Part);
      for (const EffectFact &Fact : Info.Local.Direct.InputOutput)
        IO.push_back("'" + Fact.Name + "' in " + Names.name(F));
    }
    Made.WorkS = rounded(Made.WorkS);
    Notes.push_back("work " + seconds(Made.WorkS) +
                    (Options.Measured ? " (profile)" : " (static estimate)") + " = " +
                    llvm::join(Parts, " + "));
    if (Group.Dominant == Main) {
      Made.Processor = 0;
      Notes.push_back("pinned to processor 0: it holds main, which the runtime runs on rank 0");
    }
    if (!IO.empty()) {
      Made.Processor = 0;
      Notes.push_back("pinned to processor 0: it does I/O (" + llvm::join(IO, ", ") +
                      "), and rank 0 holds the program's standard streams");
    }
    Out.Graph.Tasks.push_back(std::move(Made));
  }

  for (const auto &[Function, Resource] : Options.Resources) {
    auto F = Names.find(Function);
    if (!F)
      return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                     "--resource " + Function + "=" + Resource + ": " +
                                         llvm::toString(F.takeError()));
    if (GroupsOf[*F].empty())
      return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                     "--resource " + Function + "=" + Resource + ": function '" +
                                         Function +
                                         "' is in no task (no dominant function reaches it)");
    for (size_t T : GroupsOf[*F]) {
      std::vector<std::string> &Rs = Out.Graph.Tasks[T].Resources;
      if (llvm::is_contained(Rs, Resource))
        continue;
      Rs.push_back(Resource);
      Out.TaskNotes[T].push_back("needs resource '" + Resource + "': it holds " + Names.name(*F) +
                                 " (--resource " + Function + "=" + Resource + ")");
    }
  }
  for (Task &Made : Out.Graph.Tasks)
    llvm::sort(Made.Resources);

  // Edges: each call from a function of task A to the dominant of task B
  // sends the arguments A -> B and gets the results back B -> A.
  std::map<size_t, size_t> TaskOfDominant;
  for (size_t T = 0; T < NumTasks; ++T)
    TaskOfDominant[Groups[T].Dominant] = T;
  TypeSizes Sizes(M);
  std::map<std::pair<size_t, size_t>, PendingEdge> Edges;
  auto AddMessages = [&](size_t From, size_t To, double Count, double Bytes, std::string Note) {
    PendingEdge &E = Edges[{From, To}];
    E.Edge.From = From;
    E.Edge.To = To;
    E.Edge.Messages.push_back({rounded(Count), rounded(Bytes)});
    E.Notes.push_back(std::move(Note));
  };
  std::set<std::pair<size_t, size_t>> ProfiledUsed;
  for (size_t A = 0; A < NumTasks; ++A)
    for (size_t Caller : Groups[A].Members)
      for (size_t CallIndex : G.Out[Caller]) {
        const Call &C = G.Calls[CallIndex];
        auto B = TaskOfDominant.find(C.Callee);
        if (B == TaskOfDominant.end() || B->second == A)
          continue;
        std::string What = "call of " + Names.name(C.Callee) + " by " + Names.name(Caller) +
                           " at " + C.Effect->Pos.str();
        double S = Share[A][Caller];
        double Count = S;
        std::string CountWhy = "one per call site, no profile";
        const CallEdgeProfile *P = nullptr;
        if (Options.Measured) {
          auto It = Measured.Calls.find({Caller, C.Callee});
          P = It == Measured.Calls.end() ? nullptr : It->second;
          unsigned N = Sites[{Caller, C.Callee}];
          Count = (P ? P->Count : 0) / N * S;
          CountWhy = P ? amount(P->Count) + " calls in the profile" +
                             (N > 1 ? " over " + std::to_string(N) + " call sites" : "")
                       : "0 calls: the profile lists no such call edge";
          if (P)
            ProfiledUsed.insert({Caller, C.Callee});
        }
        if (S != 1)
          CountWhy += ", x " + amount(S) + " (this task's share of " + Names.name(Caller) + ")";
        if (Count == 0) {
          Out.Notes.push_back(What + ": not called in the profiled runs, no edge");
          continue;
        }
        CallBytes Bytes = staticBytes(M.Functions[C.Callee], *C.Effect, Sizes);
        // The bytes of one message: measured, else counted from the types.
        auto Describe = [&](double Static, const std::vector<std::string> &Parts, bool Assumed,
                            std::optional<double> Measured, double &Used) {
          if (Measured) {
            Used = *Measured;
            return amount(Used) + " bytes, measured in the profile";
          }
          Used = Static;
          return amount(Used) +
                 " bytes = " + (Parts.empty() ? "nothing" : llvm::join(Parts, " + ")) +
                 (Assumed ? " [ASSUMED region size]" : "");
        };
        double In = 0, Back = 0;
        std::string InWhy =
            Describe(Bytes.In, Bytes.InParts, Bytes.AssumedIn, P ? P->BytesIn : std::nullopt, In);
        std::string BackWhy = Describe(Bytes.Out, Bytes.OutParts, Bytes.AssumedOut,
                                       P ? P->BytesOut : std::nullopt, Back);
        std::string Calls = What + ": W " + amount(Count) + " (" + CountWhy + ")";
        AddMessages(A, B->second, Count, In, Calls + ", arguments " + InWhy);
        AddMessages(B->second, A, Count, Back, Calls + ", results " + BackWhy);
      }
  for (auto &[Pair, E] : Edges) {
    Out.Graph.Edges.push_back(std::move(E.Edge));
    Out.EdgeNotes.push_back(std::move(E.Notes));
  }

  for (size_t F : Out.Groups.Left)
    Out.Notes.push_back("function " + Names.name(F) +
                        " is in no task: no dominant function reaches it");
  if (Options.Measured)
    for (const auto &[Pair, P] : Measured.Calls)
      if (!ProfiledUsed.count(Pair) && !Sites.count(Pair))
        Out.Notes.push_back("the profile's call edge " + P->Caller + " -> " + P->Callee +
                            " matches no call site in the program (a call through a "
                            "pointer?); not used");
  return std::move(Out);
}

void cleave::explainTasks(const ProgramTasks &T, llvm::raw_ostream &OS) {
  const TaskGraph &G = T.Graph;
  OS << G.Tasks.size() << " tasks, " << G.Edges.size() << " edges; work "
     << (T.FromProfile ? "from the profile: the exclusive time of each function"
                       : "estimated statically: " + seconds(NominalStatementS) + " a statement, x" +
                             amount(LoopWeight) + " for each loop around it")
     << "\n";
  for (size_t I = 0; I < G.Tasks.size(); ++I) {
    OS << "\ntask " << G.Tasks[I].Name << "\n";
    for (const std::string &Note : T.TaskNotes[I])
      OS << "  " << Note << "\n";
  }
  for (size_t I = 0; I < G.Edges.size(); ++I) {
    const TaskEdge &E = G.Edges[I];
    OS << "\nedge " << G.Tasks[E.From].Name << " -> " << G.Tasks[E.To].Name << ": W "
       << amount(E.messageCount()) << ", " << amount(E.totalBytes()) << " bytes\n";
    for (const std::string &Note : T.EdgeNotes[I])
      OS << "  " << Note << "\n";
  }
  if (!T.Notes.empty()) {
    OS << "\nnotes\n";
    for (const std::string &Note : T.Notes)
      OS << "  " << Note << "\n";
  }
}
