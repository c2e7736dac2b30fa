/// \file
/// `cleave analyze`: the program model as text or JSON.
#include "analysis/Analysis.h"
#include "tool/Subcommands.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/raw_ostream.h"

using namespace cleave;
namespace cl = llvm::cl;

cl::SubCommand cleave::AnalyzeCommand("analyze",
                                      "Report the functions, globals and call sites of C files");

static cl::list<std::string> Files(cl::Positional, cl::OneOrMore, cl::desc("<file.c>..."),
                                   cl::sub(AnalyzeCommand));
static cl::opt<bool> AsJSON("json", cl::desc("Print the model as JSON"), cl::sub(AnalyzeCommand));
static cl::opt<GraphKind> Dot("dot", cl::desc("Draw a graph in Graphviz's DOT language"),
                              cl::values(clEnumValN(GraphKind::CallGraph, "callgraph",
                                                    "the call graph"),
                                         clEnumValN(GraphKind::ControlFlow, "cfg",
                                                    "each function's control-flow graph"),
                                         clEnumValN(GraphKind::Dependences, "ddg",
                                                    "each function's dependence graph")),
                              cl::sub(AnalyzeCommand));
static cl::opt<bool> Graphs("graphs",
                            cl::desc("Also build each function's control-flow and dependence "
                                     "graphs for the text and JSON output (--dot=cfg and "
                                     "--dot=ddg build them anyway)"),
                            cl::sub(AnalyzeCommand));
static cl::opt<std::string> Explain("explain",
                                    cl::desc("Explain one function: whether and why its calls "
                                             "can run on another node"),
                                    cl::value_desc("FUNC"), cl::sub(AnalyzeCommand));
static cl::opt<bool> Remarks("remarks",
                             cl::desc("Say on stderr, as Clang remarks, why each call stays "
                                      "sequential"),
                             cl::sub(AnalyzeCommand));
static cl::opt<std::string> BuildDir("p",
                                     cl::desc("Read compile flags from BUILD_DIR/compile_commands.json"),
                                     cl::value_desc("BUILD_DIR"), cl::sub(AnalyzeCommand));

int cleave::runAnalyze(const std::vector<std::string> &ClangArgs) {
  std::vector<ProgramModel> Parts;
  bool WithGraphs = Graphs || (Dot.getNumOccurrences() && Dot != GraphKind::CallGraph);
  llvm::Error E = analyzeFiles(Files, {ClangArgs, BuildDir}, [&](TUAnalysis &A) {
    Parts.push_back(A.model(WithGraphs));
    return true;
  });
  if (E)
    return reportFailure(std::move(E));
  ProgramModel Whole = mergeModels(std::move(Parts));
  linkModel(Whole);
  if (Remarks)
    for (const CallSiteInfo &C : Whole.CallSites)
      if (!C.Sequential.empty())
        llvm::errs() << C.Pos.str() << ": remark: call to '"
                     << (C.Callee.empty() ? "<pointer>" : C.Callee)
                     << "' stays sequential: " << C.Sequential.front() << "\n";
  if (Dot.getNumOccurrences()) {
    writeDot(Whole, Dot, llvm::outs());
  } else if (!Explain.empty()) {
    if (llvm::Error X = explainFunction(Whole, Explain, llvm::outs()))
      return reportFailure(std::move(X));
  } else if (AsJSON)
    writeJSON(Whole, llvm::outs());
  else
    printText(Whole, llvm::outs());
  leaveToExit(std::move(Whole));
  return 0;
}
