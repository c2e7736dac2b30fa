/// \file
/// Static mapping by Scotch (libscotch, an optional dependency), for
/// comparison with cleave's own strategies on the same graphs.
#ifndef CLEAVE_MAPPING_SCOTCH_H
#define CLEAVE_MAPPING_SCOTCH_H

#include "costmodel/Machine.h"
#include "costmodel/TaskGraph.h"

namespace cleave {

/// Whether this build of cleave has libscotch.
bool scotchAvailable();

/// The placement Scotch's mapping strategy (SCOTCH_STRATQUALITY, docs/scotch.md)
/// gives \p G on \p M, the same for the same \p Seed; pinned
/// tasks and tasks needing resources stay where they may run. Fails (saying
/// how to get it) when the build has no libscotch.
llvm::Expected<Placement> scotchMap(const Machine &M, const TaskGraph &G, unsigned Seed);

} // namespace cleave

#endif
