/// \file
/// Machine and placement files as the tools take them: in the models' own
/// formats (a machine description in YAML, docs/machine-format.md; a
/// placement in JSON) or in Scotch's (docs/scotch.md). The models read only
/// their own formats and the Scotch reader depends on them; this chooses.
#ifndef CLEAVE_COSTMODEL_FILES_H
#define CLEAVE_COSTMODEL_FILES_H

#include "costmodel/Machine.h"
#include "costmodel/TaskGraph.h"

#include "llvm/Support/Error.h"

namespace cleave {

/// Reads and checks a machine file: a Scotch target file when it starts with
/// the keyword of one, a machine description in YAML otherwise. Errors name
/// the file, line and key (or column); nothing half-read is returned.
llvm::Expected<Machine> loadMachine(llvm::StringRef Path);
/// The same from text (\p Name is the file name used in messages).
llvm::Expected<Machine> parseMachine(llvm::StringRef Text, llvm::StringRef Name);

/// Reads a placement for \p G on \p M: JSON when its first non-blank is '{',
/// a Scotch mapping file otherwise; every task must be placed, on a processor
/// that has the resources it needs.
llvm::Expected<Placement> loadPlacement(llvm::StringRef Path, const TaskGraph &G,
                                        const Machine &M);
llvm::Expected<Placement> parsePlacement(llvm::StringRef Text, llvm::StringRef Name,
                                         const TaskGraph &G, const Machine &M);

} // namespace cleave

#endif
