/// \file
/// The subcommands of the `cleave` command, one source file each.
#ifndef CLEAVE_TOOL_SUBCOMMANDS_H
#define CLEAVE_TOOL_SUBCOMMANDS_H

#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Error.h"
#include <string>
#include <vector>

namespace cleave {

extern llvm::cl::SubCommand AnalyzeCommand;
extern llvm::cl::SubCommand ParallelizeCommand;
extern llvm::cl::SubCommand MachineCommand;
extern llvm::cl::SubCommand CostCommand;

/// Each returns the process exit status: 0 done, 1 input refused, 2 usage.
/// \p ClangArgs are the words after `--`.
int runAnalyze(const std::vector<std::string> &ClangArgs);
int runParallelize(const std::vector<std::string> &ClangArgs);
int runMachine();
int runCost();

/// Prints "cleave: error: MESSAGE" for \p E and returns 1.
int reportFailure(llvm::Error E);

} // namespace cleave

#endif
