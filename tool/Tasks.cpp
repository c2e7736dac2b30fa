/// \file
/// `cleave tasks`: a program's functions grouped into tasks, as the task graph
/// JSON that `cleave cost` and `cleave map` read, or explained for people.
#include "analysis/Analysis.h"
#include "mapping/Tasks.h"
#include "tool/Subcommands.h"

#include "llvm/Support/raw_ostream.h"

using namespace cleave;
namespace cl = llvm::cl;

cl::SubCommand cleave::TasksCommand("tasks", "Group a program's functions into tasks");

static cl::list<std::string> Files(cl::Positional, cl::OneOrMore, cl::desc("<file.c>..."),
                                   cl::sub(TasksCommand));
static cl::opt<std::string>
    BuildDir("p", cl::desc("Read compile flags from BUILD_DIR/compile_commands.json"),
             cl::value_desc("BUILD_DIR"), cl::sub(TasksCommand));
static cl::opt<std::string> ProfileFile("profile",
                                        cl::desc("Measured calls, times and bytes "
                                                 "(docs/tasks-format.md)"),
                                        cl::value_desc("P.json"), cl::sub(TasksCommand));
static cl::list<std::string> Resources("resource",
                                       cl::desc("Every task holding FUNC needs resource NAME"),
                                       cl::value_desc("FUNC=NAME"), cl::sub(TasksCommand));
static cl::opt<bool> Explain("explain",
                             cl::desc("Explain each task and edge instead of printing JSON"),
                             cl::sub(TasksCommand));

int cleave::runTasks(const std::vector<std::string> &ClangArgs) {
  TasksOptions Options;
  for (const std::string &R : Resources) {
    auto [Function, Name] = llvm::StringRef(R).split('=');
    if (Function.empty() || Name.empty() || Name.contains('=')) {
      llvm::errs() << "cleave: error: --resource expects FUNC=NAME, not '" << R << "'\n";
      return 2;
    }
    Options.Resources.emplace_back(Function.str(), Name.str());
  }
  std::optional<Profile> Measured;
  if (!ProfileFile.empty()) {
    auto P = loadProfile(ProfileFile);
    if (!P)
      return reportFailure(P.takeError());
    Measured = std::move(*P);
    Options.Measured = &*Measured;
  }
  // The grouping and the static work estimate read the control-flow graphs.
  std::vector<ProgramModel> Parts;
  llvm::Error E = analyzeFiles(Files, {ClangArgs, BuildDir}, [&](TUAnalysis &A) {
    Parts.push_back(A.model(/*Graphs=*/true));
    return true;
  });
  if (E)
    return reportFailure(std::move(E));
  ProgramModel Whole = mergeModels(std::move(Parts));
  linkModel(Whole);
  auto Tasks = buildTaskGraph(Whole, Options);
  if (!Tasks)
    return reportFailure(Tasks.takeError());
  std::string Text;
  llvm::raw_string_ostream OS(Text);
  if (Explain)
    explainTasks(*Tasks, OS);
  else
    writeTaskGraphJSON(Tasks->Graph, OS);
  llvm::outs() << Text;
  leaveToExit(std::move(Whole));
  return 0;
}
