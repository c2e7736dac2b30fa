/// \file
/// Writing the parallel program: the rewritten source, the stubs that marshal
/// the asynchronous calls, and a CMake build file linking the runtime.
#ifndef CLEAVE_TRANSFORM_EMITTER_H
#define CLEAVE_TRANSFORM_EMITTER_H

#include "transform/ParallelPlan.h"
#include "llvm/Support/Error.h"
#include <string>
#include <vector>

namespace cleave {

struct EmitOptions {
  /// The runtime's source folder, which the generated CMakeLists.txt adds.
  std::string RuntimeDir;
  /// Whether values travel in XDR (nodes of different data formats) rather
  /// than in the native layout; CLEAVE_ENCODING overrides it at run time.
  bool Xdr = false;
};

/// One file of the output folder: its name and its whole contents.
struct OutputFile {
  std::string Name;
  std::string Contents;
};

/// The files of the parallel program for the translation unit of \p A under
/// \p Plan: the rewritten source (same name), cleave_stubs.h, cleave_stubs.c and
/// CMakeLists.txt. Everything outside the rewritten spans is kept as written.
/// The flags of the file's compile command that its build needs (-D, -U, -I,
/// -std) are passed on, include folders made absolute.
std::vector<OutputFile> emitProgram(TUAnalysis &A, const ParallelPlan &Plan,
                                    const EmitOptions &Opts);

/// Writes \p Files into \p Dir, creating it if needed, all or nothing: the files
/// are written beside it first and moved in only when every one was written.
llvm::Error writeOutputFolder(llvm::StringRef Dir, const std::vector<OutputFile> &Files);

} // namespace cleave

#endif
