//===- FrontFuzz.cpp - libFuzzer target of cleave's front door ------------===//
/// \file
/// Each input is the text of one C file. It goes in-process through what
/// `cleave analyze --json --graphs` does (the analysis, the model with its
/// graphs, merged, linked and written as JSON) and, when Clang accepts it,
/// through what `cleave parallelize` does (the pragmas, the build flags,
/// the plan, its entries and remarks, the emitted files and the program's
/// table and build file), up to the output folder, which is not written.
/// Built with AddressSanitizer and UndefinedBehaviorSanitizer over the
/// analysis and transform libraries (CLEAVE_FUZZ_FRONT, scripts/bench-fuzz.py),
/// so that an access out of bounds or an overflow is a crash, as an assert
/// or a fault is.
///
///   by hand: BUILD/bin/front-fuzz -close_fd_mask=2 -max_total_time=600 CORPUS_DIR
//===----------------------------------------------------------------------===//
#include "analysis/Analysis.h"
#include "analysis/ProgramModel.h"
#include "transform/BuildFlags.h"
#include "transform/Emitter.h"
#include "transform/ParallelPlan.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdint>
#include <cstdlib>

using namespace cleave;

/// The file each input is written to: the analysis reads its sources from
/// disk, as Clang's tools do, and names them in what it writes.
static std::string InputPath;

/// GNU C17, as the examples are written, with the errors Clang makes of
/// older C's implicit declarations and conversions turned back into
/// warnings, so that the GCC torture suite, which seeds the corpus too
/// (scripts/torture.py runs it as C89), is accepted as well; the warnings
/// of mutated inputs are noise.
static const FlagSource Flags{{"-std=gnu17", "-w", "-Wno-error=implicit-function-declaration",
                               "-Wno-error=implicit-int", "-Wno-error=int-conversion",
                               "-Wno-error=incompatible-function-pointer-types"},
                              ""};

extern "C" int LLVMFuzzerInitialize(int *, char ***) {
  llvm::SmallString<128> Dir;
  if (llvm::sys::fs::createUniqueDirectory("cleave-front-fuzz", Dir)) {
    llvm::errs() << "front-fuzz: cannot make a folder for the inputs\n";
    std::exit(1);
  }
  llvm::sys::path::append(Dir, "input.c");
  InputPath = std::string(Dir);
  return 0;
}

/// `cleave analyze --json --graphs`: false when Clang refused the input.
static bool analyzeInput() {
  std::vector<ProgramModel> Parts;
  llvm::Error E = analyzeFiles({InputPath}, Flags, [&](TUAnalysis &A) {
    Parts.push_back(A.model(/*WithGraphs=*/true));
    return true;
  });
  if (E) {
    llvm::consumeError(std::move(E));
    return false;
  }
  ProgramModel Whole = mergeModels(std::move(Parts));
  linkModel(Whole);
  writeJSON(Whole, llvm::nulls());
  return true;
}

/// `cleave parallelize -o OUT` on the one file, all but the writing.
static void parallelizeInput() {
  EmitOptions Opts;
  Opts.Root = std::string(llvm::sys::path::parent_path(InputPath));
  ProgramParts Parts;
  std::vector<OutputFile> Output;
  llvm::Error E = analyzeFiles({InputPath}, Flags, [&](TUAnalysis &A) {
    CallOverrides Overrides = pragmaOverrides(A);
    auto Carried = buildFlags(A.command());
    if (!Carried) {
      llvm::consumeError(Carried.takeError());
      return false;
    }
    ParallelPlan Plan = planCalls(A, Overrides);
    if (A.context().getDiagnostics().hasErrorOccurred())
      return false;
    planEntries(A, Plan);
    reportPlan(A, Plan);
    for (OutputFile &F : emitFile(A, Plan, Opts, *Carried, Parts))
      Output.push_back(std::move(F));
    return true;
  });
  if (E) {
    llvm::consumeError(std::move(E));
    return;
  }
  for (OutputFile &F : emitProgram(Parts, Opts))
    Output.push_back(std::move(F));
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  {
    std::error_code EC;
    llvm::raw_fd_ostream OS(InputPath, EC);
    if (EC)
      std::abort();
    OS.write(reinterpret_cast<const char *>(Data), Size);
  }
  if (analyzeInput())
    parallelizeInput();
  return 0;
}
