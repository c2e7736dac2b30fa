/// \file
/// The subcommands of the `cleave` command, one source file each.
#ifndef CLEAVE_TOOL_SUBCOMMANDS_H
#define CLEAVE_TOOL_SUBCOMMANDS_H

#include "llvm/Support/BuryPointer.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Error.h"
#include <memory>
#include <string>
#include <vector>

namespace cleave {

extern llvm::cl::SubCommand AnalyzeCommand;
extern llvm::cl::SubCommand ParallelizeCommand;
extern llvm::cl::SubCommand MachineCommand;
extern llvm::cl::SubCommand CostCommand;
extern llvm::cl::SubCommand MapCommand;
extern llvm::cl::SubCommand TasksCommand;
extern llvm::cl::SubCommand DecomposeCommand;

/// Each returns the process exit status: 0 done, 1 input refused, 2 usage.
/// \p ClangArgs are the words after `--`.
int runAnalyze(const std::vector<std::string> &ClangArgs);
int runParallelize(const std::vector<std::string> &ClangArgs);
int runMachine();
int runCost();
int runMap();
int runTasks(const std::vector<std::string> &ClangArgs);
int runDecompose();

/// The values of `--mapping` (BinomialMappingKind), for `cleave map` and
/// `cleave parallelize`.
llvm::cl::ValuesClass binomialMappingValues();

/// Prints "cleave: error: MESSAGE" for \p E and returns 1.
int reportFailure(llvm::Error E);

/// Keeps \p Value until the process ends, for the system to reclaim: a
/// command's large results (a program model, a machine of a million nodes)
/// cost a tenth of a run to free piece by piece, as clang's -disable-free
/// avoids too.
template <typename T> void leaveToExit(T &&Value) {
  llvm::BuryPointer(std::make_unique<std::decay_t<T>>(std::forward<T>(Value)));
}

} // namespace cleave

#endif
