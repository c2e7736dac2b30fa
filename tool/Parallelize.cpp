/// \file
/// `cleave parallelize`: the whole pipeline, from a C file to a folder holding
/// the parallel program and its build file.
#include "costmodel/Files.h"
#include "mapping/Binomial.h"
#include "tool/Subcommands.h"
#include "transform/Emitter.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SwapByteOrder.h"
#include "llvm/Support/WithColor.h"

using namespace cleave;
namespace cl = llvm::cl;

cl::SubCommand cleave::ParallelizeCommand(
    "parallelize", "Rewrite a C program so that independent calls run on other nodes");

static cl::list<std::string> Files(cl::Positional, cl::desc("<file.c>..."),
                                   cl::sub(ParallelizeCommand));
static cl::opt<std::string> OutDir("o", cl::desc("Output folder"), cl::value_desc("OUT"),
                                   cl::sub(ParallelizeCommand));
static cl::opt<bool> DryRun("dry-run",
                            cl::desc("Print what is decided for each call (spawned or not, "
                                     "why, regions, join, node) and write nothing"),
                            cl::sub(ParallelizeCommand));
static cl::opt<std::string> PlanOut("plan-out",
                                    cl::desc("Write the decisions as a plan file "
                                             "(docs/plan-format.md)"),
                                    cl::value_desc("P.json"), cl::sub(ParallelizeCommand));
static cl::opt<std::string> PlanIn("plan",
                                   cl::desc("Read decisions back from a plan file, edited: a "
                                            "call switched off or on"),
                                   cl::value_desc("P.json"), cl::sub(ParallelizeCommand));
static cl::opt<std::string> BuildDir("p",
                                     cl::desc("Read compile flags from BUILD_DIR/compile_commands.json; "
                                              "with no file named, take every C file it has"),
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

/// Where the runtime's CMake package is: beside this command where it is
/// installed (PREFIX/bin/cleave), else in the build tree it was built in.
static std::string runtimePackage() {
  static int Anchor;
  std::string Exe = llvm::sys::fs::getMainExecutable("cleave", &Anchor);
  llvm::SmallString<256> Installed(llvm::sys::path::parent_path(llvm::sys::path::parent_path(Exe)));
  llvm::sys::path::append(Installed, CLEAVE_PACKAGE_SUBDIR);
  llvm::SmallString<256> Config(Installed);
  llvm::sys::path::append(Config, "cleaveConfig.cmake");
  return llvm::sys::fs::exists(Config) ? std::string(Installed) : CLEAVE_BUILD_PACKAGE_DIR;
}

int cleave::runParallelize(const std::vector<std::string> &ClangArgs) {
  if (Mapping.getNumOccurrences() && MachineFile.empty()) {
    llvm::errs() << "cleave: error: --mapping needs --machine M.yaml\n";
    return 2;
  }
  if (OutDir.empty() && !DryRun) {
    llvm::errs() << "cleave: error: give the output folder, -o OUT, or --dry-run\n";
    return 2;
  }
  std::vector<PlanEntry> Read;
  if (!PlanIn.empty()) {
    auto Plan = readPlan(PlanIn);
    if (!Plan)
      return reportFailure(Plan.takeError());
    Read = std::move(*Plan);
  }
  EmitOptions Opts;
  Opts.PackageDir = runtimePackage();
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
  std::vector<std::string> Sources(Files.begin(), Files.end());
  if (Sources.empty()) {
    if (BuildDir.empty()) {
      llvm::errs() << "cleave: error: name the C files to parallelize, or give -p BUILD_DIR to "
                      "take every file of its compile_commands.json\n";
      return 2;
    }
    auto All = filesWithCommands(BuildDir);
    if (!All)
      return reportFailure(All.takeError());
    Sources = std::move(*All);
  }
  // The files' deepest common folder, where the output folder mirrors them.
  std::vector<std::string> Absolute;
  for (const std::string &F : Sources) {
    llvm::SmallString<256> Abs(F);
    llvm::sys::fs::make_absolute(Abs);
    llvm::sys::path::remove_dots(Abs, /*remove_dot_dot=*/true);
    Absolute.push_back(std::string(Abs));
  }
  Opts.Root = commonFolder(Absolute);
  Opts.Several = Sources.size() > 1;
  for (size_t I = 0; I < Absolute.size(); ++I)
    for (size_t J = I + 1; J < Absolute.size(); ++J)
      if (Absolute[I] == Absolute[J]) {
        llvm::errs() << "cleave: error: '" << Sources[J] << "' is named twice\n";
        return 2;
      }
  FlagSource Flags{ClangArgs, BuildDir};
  // With several files, a first pass finds what each tells the others (the
  // effects of its functions, the calls it makes of theirs).
  std::vector<FileSummary> Program;
  if (Opts.Several)
    if (llvm::Error E = analyzeFiles(Sources, Flags, [&](TUAnalysis &A) {
          Program.push_back(A.fileSummary());
          return true;
        }))
      return reportFailure(std::move(E));
  setLocaleSetByProgram(llvm::any_of(Program, [](const FileSummary &F) {
    return llvm::any_of(F.Defined, [](const FunctionInfo &I) { return setsLocale(I); });
  }));
  // Where a file calls another's functions, a second pass finds what each
  // file concludes of its functions with the others known (their regions,
  // what keeps their calls on their node): a call is planned with what the
  // file that writes its stubs finds, as the last pass finds it again.
  std::vector<FileSummary> Settled;
  auto CallsAnother = [&](const FileSummary &From) {
    return llvm::any_of(From.Defined, [&](const FunctionInfo &Caller) {
      return llvm::any_of(Caller.Local.Calls, [&](const CallEffect &C) {
        return llvm::any_of(Program, [&](const FileSummary &To) {
          return To.File != From.File && llvm::any_of(To.Defined, [&](const FunctionInfo &F) {
                   return F.UniqueName == C.Callee;
                 });
        });
      });
    });
  };
  if (llvm::any_of(Program, CallsAnother))
    if (llvm::Error E = analyzeFiles(
            Sources, Flags,
            [&](TUAnalysis &A) {
              Settled.push_back(A.fileSummary());
              // fileSummary keeps the order of the definitions.
              for (size_t I = 0; I < A.definitions().size(); ++I)
                Settled.back().Defined[I].KeepsNoPointer =
                    keptNowhere(A, A.definitions()[I]);
              return true;
            },
            &Program))
      return reportFailure(std::move(E));
  std::vector<OutputFile> Output;
  ProgramParts Parts;
  std::vector<PlanEntry> Entries;
  std::vector<std::string> Moved;
  std::string Refused;
  llvm::Error E = analyzeFiles(
      Sources, Flags,
      [&](TUAnalysis &A) {
        A.settleForeign(Settled);
        CallOverrides Overrides = pragmaOverrides(A);
        if (!PlanIn.empty()) {
          // What the plan changes is what cleave decides without it: the
          // pragmas' forced spawns are refused, if they are, once, below.
          CallOverrides Unforced = Overrides;
          Unforced.Forced.clear();
          applyPlan(A, planCalls(A, Unforced), Read, PlanIn, Overrides, Moved);
        }
        // A flag the generated build cannot carry stops before anything is
        // planned or written.
        auto Carried = buildFlags(A.command());
        if (!Carried) {
          Refused = llvm::toString(Carried.takeError());
          return false;
        }
        ParallelPlan Plan = planCalls(A, Overrides);
        if (A.context().getDiagnostics().hasErrorOccurred())
          return false;
        for (PlanEntry &P : planEntries(A, Plan))
          Entries.push_back(std::move(P));
        if (DryRun)
          return true;
        reportPlan(A, Plan);
        for (OutputFile &F : emitFile(A, Plan, Opts, *Carried, Parts))
          Output.push_back(std::move(F));
        return true;
      },
      Opts.Several ? &Program : nullptr);
  if (!Refused.empty()) {
    llvm::consumeError(std::move(E));
    llvm::errs() << "cleave: error: " << Refused << "\n";
    return 1;
  }
  if (E)
    return reportFailure(std::move(E));
  for (const PlanEntry &P : Read)
    if (!llvm::is_contained(Absolute, P.File))
      Moved.push_back(P.File + ":" + std::to_string(P.Line) + ": call to '" + P.Callee +
                      "': its file is not among those parallelized");
  if (!Moved.empty()) {
    llvm::errs() << "cleave: error: the plan " << PlanIn
                 << " does not match the sources; the call sites that moved:\n";
    for (const std::string &M : Moved)
      llvm::errs() << "  " << M << "\n";
    return 1;
  }
  if (DryRun) {
    for (const PlanEntry &P : Entries) {
      llvm::outs() << P.File << ":" << P.Line << ":" << P.Column << ": " << P.Callee << ": ";
      if (P.Spawn)
        llvm::outs() << "spawned on " << nodeText(P.Pinned) << "; regions "
                     << (P.Regions.empty() ? "none" : llvm::join(P.Regions, ", "))
                     << "; joined " << P.Join << "\n";
      else
        llvm::outs() << "sequential: " << P.Why << "\n";
    }
    return 0;
  }

  for (OutputFile &F : emitProgram(Parts, Opts))
    Output.push_back(std::move(F));
  if (!MachineFile.empty())
    Output.push_back({HostFileName.str(), std::move(Hosts)});
  if (llvm::Error W = writeOutputFolder(OutDir, Output))
    return reportFailure(std::move(W));
  if (!PlanOut.empty())
    if (llvm::Error W = llvm::writeToOutput(PlanOut, [&](llvm::raw_ostream &OS) {
          writePlan(Entries, OS);
          return llvm::Error::success();
        }))
      return reportFailure(std::move(W));
  return 0;
}
