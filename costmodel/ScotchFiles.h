/// \file
/// Scotch's file formats (docs/scotch.md): target architecture files, read as
/// machines and written from them, and mapping files, read and written as
/// placements. Scotch describes a target by its processors, their weights
/// and the distances between them; link and node costs are not in its files,
/// so a machine read from one has the defaults of docs/machine-format.md.
#ifndef CLEAVE_COSTMODEL_SCOTCHFILES_H
#define CLEAVE_COSTMODEL_SCOTCHFILES_H

#include "costmodel/Machine.h"
#include "costmodel/TaskGraph.h"

#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"

#include <vector>

namespace cleave {

/// The target architectures cleave reads and writes, by their Scotch names.
enum class ScotchTargetKind {
  Mesh2D,           ///< mesh2D X Y
  Mesh3D,           ///< mesh3D X Y Z
  Torus2D,          ///< torus2D X Y
  Torus3D,          ///< torus3D X Y Z
  Hypercube,        ///< hcub D
  Complete,         ///< cmplt N
  WeightedComplete, ///< cmpltw N w0 ... wN-1
  Decomposition,    ///< deco 0: weights, decomposition and distance matrix
};

/// How a machine is described to Scotch: the kind, and the numbers after its
/// keyword. Processor p of the machine is Scotch's terminal p in every kind.
struct ScotchTarget {
  ScotchTargetKind Kind = ScotchTargetKind::Decomposition;
  /// Mesh and torus sizes, {D} for hcub, {N} for cmplt and cmpltw.
  std::vector<unsigned> Dims;
  /// The processors' weights (scotchSpeedWeights), for cmpltw and deco.
  std::vector<unsigned> Weights;
};

/// The Scotch target that stands for \p M: mesh2D/3D and torus2D/3D for
/// meshes and tori, hcub for hypercubes, cmplt for a fully connected machine
/// whose processors have one speed, cmpltw when their speeds differ, and deco
/// for any other machine or for a mesh, torus or hypercube whose processors
/// differ in speed (the algorithmic kinds have no weights).
ScotchTarget scotchTargetOf(const Machine &M);

/// The processors' speeds as Scotch's integer weights: proportional to the
/// speeds, the slowest processor weighing the smallest whole number k
/// (1 <= k <= 1000) that makes every weight whole to within 1e-6; when none
/// does, k = 1000 and the weights are rounded.
std::vector<unsigned> scotchSpeedWeights(const Machine &M);

/// Whether \p Text starts with the keyword of a Scotch target architecture
/// (any Scotch knows, so that the kinds cleave does not read are refused
/// with a message saying so rather than read as YAML).
bool isScotchTarget(llvm::StringRef Text);

/// Reads a Scotch target file as a machine named after the file's stem.
/// mesh2D X Y, torus2D X Y (and 3D), hcub D and cmplt N are the machines of
/// the YAML topologies mesh, torus, hypercube and fully-connected of those
/// sizes; cmpltw gives the processors speeds w_i / min w; deco 0 (labels
/// 0..N-1, processor p is label p) gives an explicit machine of N processors
/// with a link between two processors whenever no third lies on a shortest
/// path between them (so the distance-1 pairs of a graph's hop distances
/// give back that graph), each link's byte time being the default times its
/// distance. Errors name the file, line and column.
llvm::Expected<Machine> parseScotchTarget(llvm::StringRef Text, llvm::StringRef Name);

/// Writes \p M as the Scotch target scotchTargetOf chooses; a deco target
/// gets each pair's distance as the number of links on the shorter of its
/// two routes, and terminal numbers from halving the processor numbers
/// recursively. Fails for a deco target of more than 8192 processors (its
/// distance matrix would not be of use to Scotch).
llvm::Error writeScotchTarget(const Machine &M, llvm::raw_ostream &OS);

/// Reads a Scotch mapping file ("N", then N lines "task part": the task's
/// index in \p G and its processor number) as a placement, checked by
/// checkPlacement. Errors name the file, line and column.
llvm::Expected<Placement> parseScotchMapping(llvm::StringRef Text, llvm::StringRef Name,
                                             const TaskGraph &G, const Machine &M);

/// Writes \p P as a Scotch mapping file, tasks in index order.
void writeScotchMapping(const TaskGraph &G, const Placement &P, llvm::raw_ostream &OS);

} // namespace cleave

#endif
