/// \file
/// `cleave cost`: every term of the IPC cost of a placed task graph.
#include "costmodel/Files.h"
#include "costmodel/Report.h"
#include "tool/Subcommands.h"

using namespace cleave;
namespace cl = llvm::cl;

cl::SubCommand cleave::CostCommand("cost",
                                   "Price the communication of a placed task graph on a machine");

static cl::opt<std::string> MachineFile("machine", cl::Required, cl::desc("Machine description"),
                                        cl::value_desc("M.yaml"), cl::sub(CostCommand));
static cl::opt<std::string> TasksFile("tasks", cl::Required, cl::desc("Task graph"),
                                      cl::value_desc("T.json"), cl::sub(CostCommand));
static cl::opt<std::string> PlacementFile("placement", cl::Required,
                                          cl::desc("Processor of each task"),
                                          cl::value_desc("P.json"), cl::sub(CostCommand));
static cl::opt<CostFunctionKind> Function(
    "cost-function", cl::desc("Also price with a comparator of seed 004 chapter 4"),
    cl::init(CostFunctionKind::List),
    cl::values(clEnumValN(CostFunctionKind::List, "list", "the general IPC cost function only"),
               clEnumValN(CostFunctionKind::HwangXu, "hwang-xu", "Hwang and Xu, eqs. (1)-(2)"),
               clEnumValN(CostFunctionKind::Ezzat, "ezzat",
                          "Ezzat, Bergeron and Pokoski, eq. (3)"),
               clEnumValN(CostFunctionKind::BollingerMidkiff, "bollinger-midkiff",
                          "Bollinger and Midkiff, eq. (4)")),
    cl::sub(CostCommand));
static cl::opt<double> Window("window-s",
                              cl::desc("The traffic window E_y in seconds (default: the "
                                       "estimated makespan)"),
                              cl::sub(CostCommand));
static cl::opt<bool> AsJSON("json", cl::desc("Print the report as JSON"), cl::sub(CostCommand));

int cleave::runCost() {
  auto M = loadMachine(MachineFile);
  if (!M)
    return reportFailure(M.takeError());
  auto G = loadTaskGraph(TasksFile);
  if (!G)
    return reportFailure(G.takeError());
  auto P = loadPlacement(PlacementFile, *G, *M);
  if (!P)
    return reportFailure(P.takeError());
  CostOptions Options;
  if (Window.getNumOccurrences()) {
    if (!(Window > 0)) {
      llvm::errs() << "cleave: error: --window-s must be a positive number of seconds\n";
      return 2;
    }
    Options.WindowS = Window;
  }
  CostReport R = priceCommunication(*M, *G, *P, Options);
  if (Function != CostFunctionKind::List)
    R.Comparator = compareCost(Function, *M, *G, *P);
  if (AsJSON)
    writeCostJSON(*M, *G, R, llvm::outs());
  else
    printCostReport(*M, *G, R, llvm::outs());
  leaveToExit(std::move(*M));
  return 0;
}
