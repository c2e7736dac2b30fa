/// \file
/// `cleave map`: canned mappings of the binomial tree B(n) of divide and
/// conquer onto meshes, de Bruijn networks and hypercubes, with the phased
/// metrics of seed 000 §3 computed from the routed edges.
#include "mapping/Binomial.h"
#include "tool/Subcommands.h"

#include "llvm/Support/raw_ostream.h"

using namespace cleave;
namespace cl = llvm::cl;

cl::SubCommand cleave::MapCommand("map", "Place the tasks of a program on a machine");

static cl::opt<unsigned> Binomial("binomial",
                                  cl::desc("Map the binomial tree B(N) of divide and conquer"),
                                  cl::value_desc("N"), cl::sub(MapCommand));
static cl::opt<double> Alpha("alpha",
                             cl::desc("Message volume of each phase as a fraction of the "
                                      "previous one, in (0, 1]"),
                             cl::value_desc("A"), cl::sub(MapCommand));
static cl::opt<std::string> MachineFile("machine", cl::desc("Machine description"),
                                        cl::value_desc("M.yaml"), cl::sub(MapCommand));
static cl::opt<BinomialMappingKind>
    Mapping("mapping", cl::desc("The canned mapping"), cl::init(BinomialMappingKind::Auto),
            cl::values(clEnumValN(BinomialMappingKind::Reflecting, "reflecting",
                                  "2-D mesh, contention-free (seed 000 definition 7)"),
                       clEnumValN(BinomialMappingKind::Growing, "growing",
                                  "2-D mesh, short late edges (seed 000 definition 8)"),
                       clEnumValN(BinomialMappingKind::DeBruijn, "debruijn",
                                  "mapping D onto BDG(n) (seed 003 definition 6)"),
                       clEnumValN(BinomialMappingKind::Hypercube, "hypercube",
                                  "binomial spanning tree of the n-cube"),
                       clEnumValN(BinomialMappingKind::Auto, "auto",
                                  "chosen from the machine and alpha (default)")),
            cl::sub(MapCommand));
static cl::opt<bool> AsJSON("json", cl::desc("Print the mapping as JSON"), cl::sub(MapCommand));

int cleave::runMap() {
  auto Usage = [](llvm::StringRef Message) {
    llvm::errs() << "cleave: error: " << Message << "\n";
    return 2;
  };
  if (!Binomial.getNumOccurrences())
    return Usage("cleave map needs --binomial N: canned binomial-tree mappings are its only "
                 "mode for now");
  if (!Alpha.getNumOccurrences())
    return Usage("--binomial needs --alpha A, the message volume ratio in (0, 1]");
  if (MachineFile.empty())
    return Usage("--binomial needs --machine M.yaml");
  auto M = loadMachine(MachineFile);
  if (!M)
    return reportFailure(M.takeError());
  auto B = mapBinomial(Binomial, Alpha, *M, Mapping);
  if (!B)
    return reportFailure(B.takeError());
  // Everything is computed before anything is printed: a failure writes
  // nothing to stdout.
  std::string Text;
  llvm::raw_string_ostream OS(Text);
  if (AsJSON)
    writeMappingJSON(*M, *B, OS);
  else
    printMapping(*M, *B, OS);
  llvm::outs() << Text;
  leaveToExit(std::move(*M));
  return 0;
}
