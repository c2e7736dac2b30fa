/// \file
/// The `cleave` command: splits off the Clang flags after `--`, parses the
/// options of the chosen subcommand and runs it.
#include "tool/Subcommands.h"

#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/thread.h"
#include <cstring>

using namespace cleave;

int cleave::reportFailure(llvm::Error E) {
  llvm::handleAllErrors(std::move(E), [](const llvm::ErrorInfoBase &Info) {
    llvm::WithColor::error(llvm::errs(), "cleave") << Info.message() << "\n";
  });
  return 1;
}

int main(int argc, char **argv) {
  llvm::InitLLVM Init(argc, argv);
  std::vector<const char *> Own;
  std::vector<std::string> ClangArgs;
  bool AfterDashes = false;
  for (int I = 0; I < argc; ++I) {
    if (!AfterDashes && I > 0 && std::strcmp(argv[I], "--") == 0)
      AfterDashes = true;
    else if (AfterDashes)
      ClangArgs.push_back(argv[I]);
    else
      Own.push_back(argv[I]);
  }
  const char *Overview =
      "cleave: turns a sequential C program into a distributed-parallel one\n\n"
      "  cleave analyze FILE.c... [-p BUILD_DIR] [--json] [-- CLANG_ARGS]\n"
      "  cleave parallelize FILE.c... (-o OUT | --dry-run) [-p BUILD_DIR] [--plan P.json] [-- CLANG_ARGS]\n"
      "  cleave machine M.yaml [--dot] [--routes] [--check]\n"
      "  cleave cost --machine M.yaml --tasks T.json --placement P.json [--json]\n"
      "  cleave tasks FILE.c... [--profile P.json] [--resource FUNC=NAME]... [--explain]\n"
      "  cleave map --binomial N --alpha A --machine M.yaml [--mapping KIND] [--json]\n"
      "  cleave decompose ROWSxCOLS --speeds A1,...,AP [--algorithm NAME] [--json]\n";
  // LLVM's libraries register options of their own: the help lists cleave's.
  for (auto &Option : llvm::cl::getRegisteredOptions())
    if (Option.getKey() != "help" && Option.getKey() != "version")
      Option.getValue()->setHiddenFlag(llvm::cl::ReallyHidden);
  if (!llvm::cl::ParseCommandLineOptions(static_cast<int>(Own.size()), Own.data(), Overview,
                                         &llvm::errs()))
    return 2;
  if (!AnalyzeCommand && !ParallelizeCommand && !MachineCommand && !CostCommand &&
      !MapCommand && !TasksCommand && !DecomposeCommand) {
    llvm::errs() << "cleave: error: no subcommand given\n";
    llvm::cl::PrintHelpMessage();
    return 2;
  }
  // Clang parses very deep declarations (the GCC torture suite has a pointer
  // type 10,000 levels deep) by growing its stack, but its type printer then
  // recurses as deep: the work runs on a thread with a large stack, reserved
  // and committed only as far as it is used.
  const unsigned StackBytes = 512u << 20;
  int Status = 0;
  llvm::thread Worker(std::optional<unsigned>(StackBytes), [&] {
    Status = AnalyzeCommand       ? runAnalyze(ClangArgs)
             : ParallelizeCommand ? runParallelize(ClangArgs)
             : MachineCommand     ? runMachine()
             : CostCommand        ? runCost()
             : MapCommand         ? runMap()
             : TasksCommand       ? runTasks(ClangArgs)
                                  : runDecompose();
  });
  Worker.join();
  return Status;
}
