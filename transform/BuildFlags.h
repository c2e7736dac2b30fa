/// \file
/// The flags of a file's compile command that the generated build must keep:
/// every one that may change what the program means reaches it, where it
/// belongs (compiling, linking), and one that cleave cannot carry is refused
/// rather than dropped (docs/generated-program.md, The build file).
#ifndef CLEAVE_TRANSFORM_BUILDFLAGS_H
#define CLEAVE_TRANSFORM_BUILDFLAGS_H

#include "analysis/Analysis.h"
#include "llvm/Support/Error.h"
#include <string>
#include <vector>

namespace cleave {

/// A compile command's flags sorted by where the generated build needs them,
/// each one argument in its joined form (`-isystem/usr/x`, `-includeconfig.h`),
/// paths absolute.
struct BuildFlags {
  /// For the file and its stubs: macros, include folders, the language
  /// standard, code generation (-f, -m, -O, -g), -pthread.
  std::vector<std::string> Compile;
  /// For the file alone: headers it is compiled with (-include, -imacros),
  /// which the stubs must not see, since they declare the program's
  /// structs again.
  std::vector<std::string> Source;
  /// For the program's link: libraries and their folders, linker options,
  /// objects and archives, and the code generation flags that the link
  /// must see as well (-m32, -fopenmp, -fsanitize=..., -pthread, -static).
  std::vector<std::string> Link;

  bool operator==(const BuildFlags &O) const {
    return Compile == O.Compile && Source == O.Source && Link == O.Link;
  }
};

/// Sorts the arguments of \p Command (its first is the compiler). Flags
/// that do not change what the program means (warnings, dependency files,
/// diagnostics' format, -c, -o) are left out. Any other flag cleave does not
/// know, or an input other than the file itself, objects and libraries, is
/// an error naming it.
llvm::Expected<BuildFlags> buildFlags(const CompileCommand &Command);

} // namespace cleave

#endif
