/// \file
/// Tests of the task graph of a program (mapping/Tasks.h) on program models
/// built by hand: which functions are dominant, what each task holds, the
/// static work estimate, message sizes, shares of duplicated functions, pins.
#include "mapping/Tasks.h"
#include "gtest/gtest.h"

using namespace cleave;

namespace {

/// A program model written function by function.
class ModelBuilder {
public:
  /// Adds a defined function; \p Params are "type name" pairs.
  FunctionInfo &function(const std::string &Name, std::vector<ParamInfo> Params = {}) {
    FunctionInfo F;
    F.Name = F.UniqueName = Name;
    F.Defined = F.HasBody = true;
    F.ReturnType = "void";
    F.Params = std::move(Params);
    F.Pos = {"p.c", unsigned(M.Functions.size() + 1), 1};
    // One block with one statement: entry 1 -> exit 0.
    F.Blocks = {{0, {}, "", {}}, {1, {"1: s"}, "", {0}}};
    F.EntryBlock = 1;
    M.Functions.push_back(std::move(F));
    return M.Functions.back();
  }

  /// A call of \p Callee by \p Caller with integer arguments \p Args (or
  /// plain values where null), on a line of its own; \p Remote: no reason
  /// for it to stay sequential.
  void call(const std::string &Caller, const std::string &Callee, bool Remote = true,
            std::vector<SymExpr::Ptr> Args = {}) {
    CallEffect C;
    C.Callee = Callee;
    C.Pos = {"p.c", 100 + unsigned(M.CallSites.size()), 3};
    for (SymExpr::Ptr &A : Args) {
      CallEffect::Arg Arg;
      if (A) {
        Arg.K = CallEffect::Arg::Kind::Integer;
        Arg.Value = std::move(A);
      }
      C.Args.push_back(std::move(Arg));
    }
    CallSiteInfo S;
    S.Caller = Caller;
    S.Callee = Callee;
    S.Pos = C.Pos;
    S.CalleeDefined = true;
    if (!Remote)
      S.Sequential.push_back("it must not");
    find(Caller).Local.Calls.push_back(std::move(C));
    M.CallSites.push_back(std::move(S));
  }

  FunctionInfo &find(const std::string &Name) {
    for (FunctionInfo &F : M.Functions)
      if (F.Name == Name)
        return F;
    ADD_FAILURE() << "no function " << Name;
    return M.Functions.front();
  }

  ProgramModel M;
};

/// Gives \p F a region on \p Param of [0, \p Hi).
void addRegion(FunctionInfo &F, const std::string &Param, SymExpr::Ptr Hi, bool ReadOnly) {
  F.Regions.push_back({Param, SymExpr::constant(0), std::move(Hi), ReadOnly});
}

std::vector<std::string> names(const ProgramModel &M, const std::vector<size_t> &Indices) {
  std::vector<std::string> Out;
  for (size_t I : Indices)
    Out.push_back(M.Functions[I].Name);
  return Out;
}

using Names = std::vector<std::string>;

/// main calls work (an array worker) and fib (recursive, scalar); both use
/// util, which uses leaf; work alone uses own; helper (scalar, loop-free)
/// is called remotely but is no task; lonely is dominant but only orphan,
/// which no dominant reaches, calls it; stuck cannot run remotely.
ModelBuilder sampleProgram() {
  ModelBuilder B;
  B.function("fib", {{"n", "int"}}).Recursive = true;
  B.function("helper", {{"x", "int"}});
  B.function("leaf");
  addRegion(B.function("lonely", {{"v", "int *"}, {"n", "int"}}), "v", SymExpr::variable("n"),
            false);
  B.function("main");
  B.function("orphan");
  B.function("own");
  B.function("stuck").RemoteBlockers.push_back("does I/O");
  B.function("util");
  addRegion(B.function("work", {{"v", "int *"}, {"n", "int"}}), "v", SymExpr::variable("n"), false);
  B.call("main", "work");
  B.call("main", "fib");
  B.call("main", "helper");
  B.call("main", "stuck");
  B.call("fib", "fib");
  B.call("fib", "util");
  B.call("work", "util");
  B.call("work", "own");
  B.call("util", "leaf");
  B.call("orphan", "lonely");
  return B;
}

TEST(TasksGrouping, DominantsAndTheirSubordinates) {
  ModelBuilder B = sampleProgram();
  Grouping G = groupFunctions(B.M);
  ASSERT_EQ(G.Groups.size(), 4u);
  // main first, then the dominants by name.
  EXPECT_EQ(names(B.M, G.Groups[0].Members), (Names{"main", "helper", "stuck"}));
  EXPECT_EQ(names(B.M, G.Groups[1].Members), (Names{"fib", "leaf", "util"}));
  EXPECT_EQ(names(B.M, G.Groups[2].Members), (Names{"lonely"}));
  EXPECT_EQ(names(B.M, G.Groups[3].Members), (Names{"work", "leaf", "own", "util"}));
  EXPECT_EQ(names(B.M, G.Duplicated), (Names{"leaf", "util"}));
  EXPECT_EQ(names(B.M, G.Left), (Names{"orphan"}));
}

TEST(TasksGrouping, SequentialCallsMakeNoDominant) {
  ModelBuilder B;
  B.function("main");
  addRegion(B.function("work", {{"v", "int *"}, {"n", "int"}}), "v", SymExpr::variable("n"), false);
  B.call("main", "work", /*Remote=*/false);
  Grouping G = groupFunctions(B.M);
  ASSERT_EQ(G.Groups.size(), 1u);
  EXPECT_EQ(names(B.M, G.Groups[0].Members), (Names{"main", "work"}));
}

TEST(TasksGrouping, ALoopMakesAScalarFunctionWorthAMessage) {
  ModelBuilder B;
  B.function("main");
  FunctionInfo &Sum = B.function("sum", {{"n", "int"}});
  // entry 3 -> header 2 <-> body 1; 2 -> exit 0.
  Sum.Blocks = {
      {0, {}, "", {}}, {1, {"1: s"}, "", {2}}, {2, {"2: c"}, "", {1, 0}}, {3, {"3: i"}, "", {2}}};
  Sum.EntryBlock = 3;
  B.call("main", "sum");
  Grouping G = groupFunctions(B.M);
  ASSERT_EQ(G.Groups.size(), 2u);
  EXPECT_EQ(names(B.M, G.Groups[1].Members), (Names{"sum"}));
}

TEST(TasksWork, StatementsWeightedByLoopDepth) {
  FunctionInfo F;
  // entry 5 -> outer header 4 -> inner header 3 -> inner body 2 -> 3;
  // 3 -> outer latch 1 -> 4; 4 -> exit 0. One statement a block.
  F.Blocks = {{0, {}, "", {}},        {1, {"a"}, "", {4}},    {2, {"b"}, "", {3}},
              {3, {"c"}, "", {2, 1}}, {4, {"d"}, "", {3, 0}}, {5, {"e"}, "", {4}}};
  F.EntryBlock = 5;
  // entry 1, outer loop 4 and 1 at depth 1, inner loop 3 and 2 at depth 2.
  EXPECT_DOUBLE_EQ(estimateWork(F),
                   (1 + 2 * LoopWeight + 2 * LoopWeight * LoopWeight) * NominalStatementS);
}

TEST(TasksGraph, MessagesWorkSharesAndPins) {
  ModelBuilder B = sampleProgram();
  B.M.Types = {{"int", "builtin", "int", 4, 4}, {"int *", "pointer", "int *", 8, 8}};
  B.M.Types[1].Of = "int";
  // main calls work once more, with n = 10: v[0:10] is 40 bytes each way.
  B.call("main", "work", true, {nullptr, SymExpr::constant(10)});
  B.find("own").Local.Direct.InputOutput.push_back({"printf", ""});
  Profile P;
  P.Source = "p.json";
  P.Functions["util"].ExclusiveS = 1;
  P.Functions["work"].ExclusiveS = 2;
  P.Calls = {{"work", "util", 3, {}, {}}, {"fib", "util", 1, {}, {}}, {"main", "work", 4, {}, 64}};
  TasksOptions O;
  O.Measured = &P;
  O.Resources = {{"util", "gpu"}};
  auto T = buildTaskGraph(B.M, O);
  ASSERT_TRUE(bool(T)) << llvm::toString(T.takeError());
  const TaskGraph &G = T->Graph;
  ASSERT_EQ(G.Tasks.size(), 4u);
  EXPECT_EQ(G.Tasks[0].Name, "main");
  EXPECT_EQ(G.Tasks[0].Processor, 0u);
  EXPECT_FALSE(G.Tasks[1].Processor); // fib
  // util's second is split 1 : 3 between fib and work by the calls to it.
  EXPECT_DOUBLE_EQ(G.Tasks[1].WorkS, 0.25);
  EXPECT_DOUBLE_EQ(G.Tasks[3].WorkS, 2.75);
  // own does I/O: work's task is pinned too.
  EXPECT_EQ(G.Tasks[3].Processor, 0u);
  EXPECT_EQ(G.Tasks[1].Resources, (std::vector<std::string>{"gpu"}));
  EXPECT_EQ(G.Tasks[3].Resources, (std::vector<std::string>{"gpu"}));
  EXPECT_TRUE(G.Tasks[2].Resources.empty());
  // Edges main -> work: the profile's 4 calls over 2 call sites; arguments
  // of the site without n counted as DefaultRegionElements ints + an int,
  // of the other 10 ints + an int. Results: measured, 64 bytes.
  const TaskEdge *ToWork = nullptr, *FromWork = nullptr;
  for (const TaskEdge &E : G.Edges) {
    if (E.From == 0 && E.To == 3)
      ToWork = &E;
    if (E.From == 3 && E.To == 0)
      FromWork = &E;
  }
  ASSERT_TRUE(ToWork && FromWork);
  ASSERT_EQ(ToWork->Messages.size(), 2u);
  EXPECT_DOUBLE_EQ(ToWork->Messages[0].Count, 2);
  EXPECT_DOUBLE_EQ(ToWork->Messages[0].Bytes, DefaultRegionElements * 4 + 4);
  EXPECT_DOUBLE_EQ(ToWork->Messages[1].Count, 2);
  EXPECT_DOUBLE_EQ(ToWork->Messages[1].Bytes, 44);
  ASSERT_EQ(FromWork->Messages.size(), 2u);
  EXPECT_DOUBLE_EQ(FromWork->Messages[0].Bytes, 64);
  // The profile lists no call of fib by main: no edge to fib.
  for (const TaskEdge &E : G.Edges)
    EXPECT_NE(E.To, 1u);
}

TEST(TasksGraph, StaticCountsOnePerCallSite) {
  ModelBuilder B = sampleProgram();
  auto T = buildTaskGraph(B.M, {});
  ASSERT_TRUE(bool(T)) << llvm::toString(T.takeError());
  // main -> fib and fib -> main, main -> work and work -> main; lonely's
  // only caller is in no task.
  ASSERT_EQ(T->Graph.Edges.size(), 4u);
  for (const TaskEdge &E : T->Graph.Edges)
    EXPECT_DOUBLE_EQ(E.messageCount(), 1);
  // Without a profile util's share follows its call sites: one from each.
  EXPECT_NEAR(T->Graph.Tasks[1].WorkS,
              estimateWork(B.find("fib")) + 0.5 * estimateWork(B.find("util")) +
                  0.5 * estimateWork(B.find("leaf")),
              1e-18);
}

TEST(TasksGraph, UnknownFunctionsAreRefused) {
  ModelBuilder B = sampleProgram();
  TasksOptions O;
  O.Resources = {{"nothing", "gpu"}};
  auto T = buildTaskGraph(B.M, O);
  ASSERT_FALSE(bool(T));
  EXPECT_EQ(llvm::toString(T.takeError()),
            "--resource nothing=gpu: the program defines no function 'nothing'");
  Profile P;
  P.Source = "p.json";
  P.Calls = {{"main", "nothing", 1, {}, {}}};
  O.Resources.clear();
  O.Measured = &P;
  auto U = buildTaskGraph(B.M, O);
  ASSERT_FALSE(bool(U));
  EXPECT_EQ(llvm::toString(U.takeError()),
            "p.json: the program defines no function 'nothing' at $.calls[0].callee");
}

TEST(TasksProfile, ParsesAndPointsAtErrors) {
  auto P = parseProfile(R"({"functions": {"f": {"calls": 2, "exclusive_s": 0.5}},
                            "calls": [{"caller": "main", "callee": "f", "count": 2,
                                       "bytes_in": 16}]})",
                        "p.json");
  ASSERT_TRUE(bool(P)) << llvm::toString(P.takeError());
  EXPECT_DOUBLE_EQ(P->Functions["f"].ExclusiveS, 0.5);
  ASSERT_EQ(P->Calls.size(), 1u);
  EXPECT_EQ(P->Calls[0].BytesIn, 16.0);
  EXPECT_FALSE(P->Calls[0].BytesOut);
  auto Bad = parseProfile(R"({"calls": [{"caller": "main", "callee": "f"}]})", "p.json");
  ASSERT_FALSE(bool(Bad));
  EXPECT_EQ(llvm::toString(Bad.takeError()), "p.json: a call edge needs 'count' at $.calls[0]");
}

} // namespace
