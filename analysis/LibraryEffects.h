/// \file
/// What the C library functions a program calls do, from a table: the
/// analysis never guesses the effects of a function it cannot see.
#ifndef CLEAVE_ANALYSIS_LIBRARYEFFECTS_H
#define CLEAVE_ANALYSIS_LIBRARYEFFECTS_H

#include "llvm/ADT/StringRef.h"

namespace cleave {

/// How a library function acts on the program's state.
enum class LibraryEffectKind {
  /// Reads nothing but its arguments' values and changes nothing (math.h,
  /// abs, the character classes of ctype.h).
  Pure,
  /// Reads and writes only what its pointer arguments point to (memcpy,
  /// memset, strcpy, strlen, ...).
  ArgumentMemory,
  /// Reads or writes a stream or the process's environment (printf, puts,
  /// fopen, getenv, ...): a call stays on the node that owns the resource.
  InputOutput,
  /// Takes or gives back heap memory (malloc, calloc, realloc, free).
  Allocation,
};

struct LibraryEffect {
  LibraryEffectKind Kind;
  /// The resource an InputOutput function uses ("stdout", "stdin", "files",
  /// "environment"); empty otherwise.
  llvm::StringRef Resource;
  /// What it does with each argument, a letter per position: 'r'/'w' reads
  /// or writes the elements counted by the 'n' argument (a size in bytes),
  /// 'R'/'W' reads or writes as far as it goes (to a terminating NUL, say),
  /// 'X' both, 'o' writes one element, 'D' frees the memory, 'f' calls the
  /// function, '-' takes the value only. After '*', the letter for every
  /// further (variadic) argument.
  llvm::StringRef Args;
};

/// The effect of the library function \p Name, or nullptr when the table does
/// not know it.
const LibraryEffect *libraryEffect(llvm::StringRef Name);

} // namespace cleave

#endif
