/// \file
/// `cleave decompose`: rectangular decompositions of a 2-D array over
/// processors of unequal speed (seed 002). The logic is in mapping/Decompose.
#include "mapping/Decompose.h"
#include "tool/Subcommands.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/ToolOutputFile.h"

using namespace cleave;
namespace cl = llvm::cl;

cl::SubCommand
    cleave::DecomposeCommand("decompose",
                             "Split a 2-D array into rectangles sized by processor speed");

static cl::opt<std::string> SizeArg(cl::Positional, cl::desc("<ROWSxCOLS>"),
                                    cl::sub(DecomposeCommand));
static cl::opt<std::string> SpeedsArg("speeds", cl::desc("Relative speed of each processor"),
                                      cl::value_desc("a1,...,ap"), cl::sub(DecomposeCommand));
static cl::opt<double> LatencyArg("latency",
                                  cl::desc("Cost of one message start-up per internal edge"),
                                  cl::init(0), cl::sub(DecomposeCommand));
static cl::opt<std::string> AlgorithmArg("algorithm",
                                         cl::desc("xy, xy2, tile, rb, rb2, rb3 or all"),
                                         cl::init("xy2"), cl::sub(DecomposeCommand));
static cl::opt<std::string> SVGFile("svg", cl::desc("Also draw the decomposition as SVG"),
                                    cl::value_desc("FILE"), cl::sub(DecomposeCommand));
static cl::opt<bool> AsJSON("json", cl::desc("Print the result as JSON"),
                            cl::sub(DecomposeCommand));

static int usage(llvm::StringRef Message) {
  llvm::errs() << "cleave: error: " << Message << "\n";
  return 2;
}

int cleave::runDecompose() {
  if (SizeArg.empty())
    return usage("decompose needs the array size, e.g. 'cleave decompose 1000x3000 --speeds "
                 "2,1,1'");
  if (SpeedsArg.getNumOccurrences() == 0)
    return usage("decompose needs --speeds a1,...,ap");
  std::vector<DecompositionKind> Kinds;
  if (AlgorithmArg == "all") {
    Kinds.assign(allDecompositionKinds().begin(), allDecompositionKinds().end());
  } else if (auto K = parseDecompositionKind(AlgorithmArg)) {
    Kinds.push_back(*K);
  } else {
    return usage("unknown --algorithm '" + AlgorithmArg +
                 "': expected xy, xy2, tile, rb, rb2, rb3 or all");
  }

  auto Size = parseArraySize(SizeArg);
  if (!Size)
    return reportFailure(Size.takeError());
  auto Speeds = parseSpeeds(SpeedsArg);
  if (!Speeds)
    return reportFailure(Speeds.takeError());

  // Compute everything before writing anything, so a refusal leaves no file.
  std::vector<Decomposition> Results;
  for (DecompositionKind K : Kinds) {
    auto D = decompose(Size->first, Size->second, *Speeds, K, LatencyArg);
    if (!D)
      return reportFailure(D.takeError());
    Results.push_back(std::move(*D));
  }

  if (!SVGFile.empty()) {
    std::error_code EC;
    llvm::ToolOutputFile Out(SVGFile, EC, llvm::sys::fs::OF_Text);
    if (EC)
      return reportFailure(llvm::createFileError(SVGFile, EC));
    writeDecompositionSVG(Results, Out.os());
    Out.keep();
  }

  if (AsJSON) {
    if (Results.size() == 1) {
      llvm::outs() << llvm::formatv("{0:2}", toJSON(Results[0])) << "\n";
    } else {
      llvm::json::Array All;
      for (const Decomposition &D : Results)
        All.push_back(toJSON(D));
      llvm::outs() << llvm::formatv("{0:2}", llvm::json::Value(llvm::json::Object{
                                                 {"decompositions", std::move(All)}}))
                   << "\n";
    }
  } else if (Results.size() == 1) {
    printDecomposition(Results[0], llvm::outs());
  } else {
    printDecompositionTable(Results, llvm::outs());
  }
  return 0;
}
