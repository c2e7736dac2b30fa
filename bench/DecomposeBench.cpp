// Speed of the array decompositions (the mapping issue's benchmark): a
// 1000 x 1000 array over 20 processors of random speeds (seeded), every
// algorithm at latencies 0, 100 and 1000; one JSON line of seconds per
// algorithm and latency. scripts/bench-mapping.py takes medians.
#include "mapping/Decompose.h"

#include "llvm/Support/raw_ostream.h"

#include <chrono>
#include <random>

using namespace cleave;

int main() {
  std::mt19937 Rng(20);
  std::uniform_real_distribution<double> Speed(1, 8);
  std::vector<double> Speeds(20);
  for (double &S : Speeds)
    S = Speed(Rng);
  llvm::outs() << "{";
  const char *Sep = "";
  for (double Latency : {0.0, 100.0, 1000.0})
    for (DecompositionKind K : allDecompositionKinds()) {
      auto Start = std::chrono::steady_clock::now();
      auto D = decompose(1000, 1000, Speeds, K, Latency);
      double Seconds =
          std::chrono::duration<double>(std::chrono::steady_clock::now() - Start).count();
      if (!D) {
        llvm::errs() << llvm::toString(D.takeError()) << "\n";
        return 1;
      }
      llvm::outs() << Sep << "\"" << decompositionKindName(K) << "@" << int(Latency)
                   << "\": " << Seconds;
      Sep = ", ";
    }
  llvm::outs() << "}\n";
  return 0;
}
