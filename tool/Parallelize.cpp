/// \file
/// `cleave parallelize`: the whole pipeline, from a C file to a folder holding
/// the parallel program and its build file.
#include "costmodel/Machine.h"
#include "mapping/Binomial.h"
#include "tool/Subcommands.h"
#include "transform/Emitter.h"

#include "llvm/Support/SwapByteOrder.h"
#include "llvm/Support/WithColor.h"

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

static cl::opt<std::string>
    MachineFile("machine",
                cl::desc("The machine the program will run on: values travel in XDR when its "
                         "processors have different data formats (docs/machine-format.md)"),
                cl::value_desc("M.yaml"), cl::sub(ParallelizeCommand));

static cl::opt<BinomialMappingKind>
    Mapping("mapping",
            cl::desc("How the ranks of divide and conquer are placed on the machine's "
                     "processors; needs --machine (docs/binomial-mappings.md)"),
            cl::init(BinomialMappingKind::Auto), binomialMappingValues(),
            cl::sub(ParallelizeCommand));

/// The message volume ratio the placement assumes: keep half, send half
/// halves the data at every phase. It only matters to the automatic choice
/// between the two mesh mappings under store-and-forward switching.
static constexpr double TreeAlpha = 0.5;

/// The name of the host file in the output folder.
static constexpr llvm::StringLiteral HostFileName = "cleave_hosts";

/// Two processors of \p M whose data formats differ ("native" is this
/// machine's byte order), or an empty pair.
static std::pair<const MachineNode *, const MachineNode *> differentFormats(const Machine &M) {
  auto Order = [](const MachineNode &N) {
    if (N.DataFormat != "native")
      return N.DataFormat;
    return std::string(llvm::sys::IsBigEndianHost ? "big-endian" : "little-endian");
  };
  const MachineNode *First = nullptr;
  for (const MachineNode &N : M.Nodes) {
    if (!N.Processor)
      continue;
    if (!First)
      First = &N;
    else if (Order(N) != Order(*First))
      return {First, &N};
  }
  return {nullptr, nullptr};
}

int cleave::runParallelize(const std::vector<std::string> &ClangArgs) {
  if (Mapping.getNumOccurrences() && MachineFile.empty()) {
    llvm::errs() << "cleave: error: --mapping needs --machine M.yaml\n";
    return 2;
  }
  EmitOptions Opts;
  Opts.RuntimeDir = CLEAVE_RUNTIME_SOURCE_DIR;
  std::string Hosts;
  if (!MachineFile.empty()) {
    auto M = loadMachine(MachineFile);
    if (!M)
      return reportFailure(M.takeError());
    auto Ranks = placeRanks(*M, Mapping, TreeAlpha);
    if (!Ranks)
      return reportFailure(llvm::createStringError(
          llvm::inconvertibleErrorCode(),
          "cannot place the ranks on machine '" + M->Name + "': " +
              llvm::toString(Ranks.takeError())));
    auto Text = hostFile(*M, Ranks->ProcessorOf);
    if (!Text)
      return reportFailure(Text.takeError());
    Hosts = std::move(*Text);
    llvm::WithColor::note(llvm::errs(), "cleave")
        << "rank t runs on the processor named on line t + 1 of " << OutDir << "/"
        << HostFileName << ", placed " << Ranks->How << "\n";
    if (auto [A, B] = differentFormats(*M); A) {
      Opts.Xdr = true;
      llvm::WithColor::note(llvm::errs(), "cleave") << "values travel in XDR: processors '" << A->Name << "' ("
                              << A->DataFormat << ") and '" << B->Name << "' ("
                              << B->DataFormat << ") have different data formats\n";
    }
  }
  std::vector<OutputFile> Output;
  llvm::Error E = analyzeFiles({File}, {ClangArgs, BuildDir}, [&](TUAnalysis &A) {
    ParallelPlan Plan = planCalls(A);
    reportPlan(A, Plan);
    Output = emitProgram(A, Plan, Opts);
    return true;
  });
  if (E)
    return reportFailure(std::move(E));
  if (!MachineFile.empty())
    Output.push_back({HostFileName.str(), std::move(Hosts)});
  if (llvm::Error W = writeOutputFolder(OutDir, Output))
    return reportFailure(std::move(W));
  return 0;
}
