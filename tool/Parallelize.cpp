/// \file
/// `cleave parallelize`: the whole pipeline, from a C file to a folder holding
/// the parallel program and its build file.
#include "tool/Subcommands.h"
#include "transform/Emitter.h"

using namespace cleave;
namespace cl = llvm::cl;

cl::SubCommand cleave::ParallelizeCommand(
    "parallelize", "Rewrite a C program so that independent calls run on other nodes");

static cl::opt<std::string> File(cl::Positional, cl::Required, cl::desc("<file.c>"),
                                 cl::sub(ParallelizeCommand));
static cl::opt<std::string> OutDir("o", cl::Required, cl::desc("Output folder"),
                                   cl::value_desc("OUT"), cl::sub(ParallelizeCommand));
static cl::opt<std::string> BuildDir("p",
                                     cl::desc("Read compile flags from BUILD_DIR/compile_commands.json"),
                                     cl::value_desc("BUILD_DIR"), cl::sub(ParallelizeCommand));

int cleave::runParallelize(const std::vector<std::string> &ClangArgs) {
  EmitOptions Opts;
  Opts.RuntimeDir = CLEAVE_RUNTIME_SOURCE_DIR;
  std::vector<OutputFile> Output;
  llvm::Error E = analyzeFiles({File}, {ClangArgs, BuildDir}, [&](TUAnalysis &A) {
    ParallelPlan Plan = planCalls(A);
    reportPlan(A, Plan);
    Output = emitProgram(A, Plan, Opts);
    return true;
  });
  if (E)
    return reportFailure(std::move(E));
  if (llvm::Error W = writeOutputFolder(OutDir, Output))
    return reportFailure(std::move(W));
  return 0;
}
