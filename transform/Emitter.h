/// \file
/// Writing the parallel program: the rewritten source, the stubs that marshal
/// the asynchronous calls, and a CMake build file linking the runtime.
#ifndef CLEAVE_TRANSFORM_EMITTER_H
#define CLEAVE_TRANSFORM_EMITTER_H

#include "transform/BuildFlags.h"
#include "transform/ParallelPlan.h"
#include "llvm/Support/Error.h"
#include <string>
#include <vector>

namespace cleave {

struct EmitOptions {
  /// Where the generated CMakeLists.txt looks for the runtime's CMake
  /// package (find_package(cleave) HINTS) after the usual places.
  std::string PackageDir;
  /// Whether values travel in XDR (nodes of different data formats) rather
  /// than in the native layout; CLEAVE_ENCODING overrides it at run time.
  bool Xdr = false;
  /// The folder that holds the program's files (their deepest common
  /// folder): each file, and each header of the project it includes, goes to
  /// the same place under the output folder.
  std::string Root;
  /// Whether the program has several files: each then has stubs of its own,
  /// cleave_stubs_TAG.h and .c (TAG its path under Root), and cleave_stubs.c
  /// holds the program's table alone.
  bool Several = false;
};

/// One file of the output folder: its name (a path under the folder) and
/// its whole contents.
struct OutputFile {
  std::string Name;
  std::string Contents;
};

/// What the files of a program emitted so far give its table of functions
/// and its build file (emitFile, then emitProgram).
struct ProgramParts {
  /// The names of the stubs of the functions calls may run on another node,
  /// by function id.
  std::vector<std::string> Functions;
  /// What travels for each function, which the table's hash covers.
  std::string Shapes;
  struct Unit {
    std::string Source, Stubs; ///< paths under the output folder
    BuildFlags Flags;          ///< of its compile command
    std::string SourceDir;          ///< the original file's folder
    bool HasMain = false;
  };
  std::vector<Unit> Units;
  /// The headers of the project already written, by their path under Root.
  std::vector<std::string> Headers;
  /// The stubs of a program of one file, which cleave_stubs.c holds with
  /// the table.
  std::string OneFileStubs;
};

/// The deepest folder that holds all of \p Files (absolute paths).
std::string commonFolder(const std::vector<std::string> &Files);

/// The files of the parallel program for the translation unit of \p A under
/// \p Plan: the rewritten source (same path under Root), its stubs, and the
/// headers of the project it includes that \p Parts has not written yet;
/// its functions and build go into \p Parts. Everything outside the
/// rewritten spans is kept as written. \p Flags, those of the file's
/// compile command (buildFlags), go to its build.
std::vector<OutputFile> emitFile(TUAnalysis &A, const ParallelPlan &Plan,
                                 const EmitOptions &Opts, const BuildFlags &Flags,
                                 ProgramParts &Parts);

/// The files of the program as a whole, once every file is emitted:
/// cleave_stubs.c with the table of functions and CMakeLists.txt.
std::vector<OutputFile> emitProgram(ProgramParts &Parts, const EmitOptions &Opts);

/// Writes \p Files into \p Dir, creating it if needed, all or nothing: the files
/// are written beside it first and moved in only when every one was written.
llvm::Error writeOutputFolder(llvm::StringRef Dir, const std::vector<OutputFile> &Files);

} // namespace cleave

#endif
