/// \file
/// `cleave machine`: reads a machine description and prints or draws it.
#include "costmodel/Files.h"
#include "costmodel/Report.h"
#include "costmodel/ScotchFiles.h"
#include "tool/Subcommands.h"

using namespace cleave;
namespace cl = llvm::cl;

cl::SubCommand cleave::MachineCommand("machine",
                                      "Check a machine description and print or draw it");

static cl::opt<std::string> File(cl::Positional, cl::Required,
                                 cl::desc("<machine.yaml or Scotch target.tgt>"),
                                 cl::sub(MachineCommand));
static cl::opt<bool> Dot("dot", cl::desc("Draw the machine in Graphviz's DOT language"),
                         cl::sub(MachineCommand));
static cl::opt<bool> Routes("routes", cl::desc("Also print the route of every pair of processors"),
                            cl::sub(MachineCommand));
static cl::opt<bool> Check("check",
                           cl::desc("Only check the file (docs/machine-format.md describes it)"),
                           cl::sub(MachineCommand));

static cl::opt<bool> AsScotchTarget(
    "scotch-target", cl::desc("Print the machine as a Scotch target file (docs/scotch.md)"),
    cl::sub(MachineCommand));

int cleave::runMachine() {
  auto M = loadMachine(File);
  if (!M)
    return reportFailure(M.takeError());
  if (Check)
    llvm::outs() << File << ": a valid machine description: " << machineSummary(*M) << "\n";
  else if (AsScotchTarget) {
    if (llvm::Error E = writeScotchTarget(*M, llvm::outs()))
      return reportFailure(std::move(E));
  } else if (Dot)
    writeMachineDot(*M, llvm::outs());
  else
    printMachine(*M, Routes, llvm::outs());
  leaveToExit(std::move(*M));
  return 0;
}
