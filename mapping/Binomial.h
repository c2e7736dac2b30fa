/// \file
/// Canned mappings of the binomial tree B(n), the task graph of
/// keep-half-send-half divide and conquer (seed 000 §2), onto machines of the
/// same size: the reflecting and growing mappings onto 2-D meshes (seed 000
/// §4), mapping D onto binary de Bruijn networks (seed 003 §5) and the
/// binomial spanning tree of a hypercube. Each mapping gives a processor for
/// every tree node and a path of machine links for every tree edge; the
/// phased metrics of seed 000 §3 are then computed from those paths.
///
/// Tree numbering used throughout: the root is node 0; in phase i (1..n)
/// every node v < 2^(i-1) activates the child v + 2^(i-1). So the parent of
/// v > 0 is v with its highest set bit cleared, the edge into v belongs to
/// phase bitWidth(v), and it carries a message of volume alpha^phase.
#ifndef CLEAVE_MAPPING_BINOMIAL_H
#define CLEAVE_MAPPING_BINOMIAL_H

#include "costmodel/Machine.h"
#include "costmodel/Phased.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"

#include <optional>
#include <string>
#include <vector>

namespace cleave {

enum class BinomialMappingKind {
  Reflecting, ///< seed 000 definition 7: mesh, contention-free in every phase
  Growing,    ///< seed 000 definition 8: mesh, short paths for late phases
  DeBruijn,   ///< seed 003 definition 6 (mapping D): BDG(n)
  Hypercube,  ///< the binomial spanning tree of the n-cube: dilation 1
  Auto,       ///< chosen from the machine's topology, switching and alpha
};

llvm::StringRef binomialMappingName(BinomialMappingKind K);
/// The kind named \p Name ("reflecting", "growing", "debruijn", "hypercube",
/// "auto"), or nothing.
std::optional<BinomialMappingKind> parseBinomialMappingKind(llvm::StringRef Name);

/// The largest tree the canned mappings accept: 2^20 tasks, as many as the
/// largest generated machine has nodes.
constexpr unsigned MaxBinomialOrder = 20;

/// The parent of tree node \p V > 0 in B(n) (its highest set bit cleared).
unsigned binomialParent(unsigned V);
/// The phase (1..n) in which tree node \p V > 0 receives its message.
unsigned binomialPhase(unsigned V);
/// The volume of a message of phase \p Phase: alpha^Phase (seed 000 §2; the
/// host's message of volume 1 to the root is not a tree edge).
double binomialWeight(double Alpha, unsigned Phase);

/// A tree mapped onto a machine.
struct BinomialMapping {
  unsigned Order = 0; ///< n of B(n)
  double Alpha = 1;
  BinomialMappingKind Kind = BinomialMappingKind::Reflecting; ///< never Auto
  /// Why this kind was used: "requested", or the reasoning of the Auto choice.
  std::string Reason;
  /// Tree node -> processor number (an index into Machine::Processors).
  std::vector<unsigned> NodeOf;
  /// The edge into tree node v is Edges[v - 1]: its phase, weight and the
  /// channels of its path.
  std::vector<PhasedEdge> Edges;
  PhasedMetrics Metrics;
  double TotalWeight = 0; ///< the sum of W(e) over every edge

  /// Sum of path lengths over the number of edges.
  double averageDilation() const;
  /// Seed 003 definition 5: sum W(e) D(e) over sum W(e).
  double averageWeightedDilation() const;
};

/// Places B(\p N) on \p M with mapping \p Kind and routes every edge along
/// the path the mapping defines, built from the machine's links (not from
/// its routing tables). Fails with a message, and returns nothing, when
/// \p Alpha is not in (0, 1], N exceeds MaxBinomialOrder or the machine,
/// or the machine does not have the shape the mapping needs (a mesh
/// 2^ceil(n/2) x 2^floor(n/2) in either orientation for reflecting and
/// growing, BDG(n) for debruijn, the n-cube for hypercube). Auto picks
/// hypercube or debruijn on those machines; on a mesh, reflecting unless
/// switching is store-and-forward, where both mesh mappings are computed and
/// the one with the smaller store-and-forward time for large messages wins.
llvm::Expected<BinomialMapping> mapBinomial(unsigned N, double Alpha, const Machine &M,
                                            BinomialMappingKind Kind);

/// Where the processes (ranks) of a generated program run on a machine. The
/// runtime numbers divide and conquer's calls as this file numbers the tree
/// (rank 0 runs main; the child of rank t at level d is rank t + 2^d; see
/// runtime/clv.h), so rank t is tree node t and runs on the processor that
/// the canned mapping gives that node.
struct RankPlacement {
  /// Rank -> processor (an index into Machine::Processors): one rank per
  /// processor.
  std::vector<unsigned> ProcessorOf;
  /// How the placement was chosen ("by the reflecting mapping of B(4): ..."),
  /// or why the ranks follow processor order ("in processor order: ...").
  std::string How;
};

/// Places the 2^n ranks of a machine \p M with 2^n processors by the mapping
/// \p Kind of B(n) (mapBinomial with \p Alpha). With Kind Auto, a machine no
/// canned mapping fits (another shape or size) gets rank p on processor p,
/// and How says why; with a named kind that is an error.
llvm::Expected<RankPlacement> placeRanks(const Machine &M, BinomialMappingKind Kind,
                                         double Alpha);

/// The host file of a placement: line t + 1 names processor
/// \p ProcessorOf[t] of \p M, the form mpiexec -f (MPICH), smpirun -hostfile
/// (SimGrid) and mpirun --hostfile --map-by node (Open MPI) read in rank
/// order. Fails with a message when a name holds a blank, '#' or ':', which
/// such files cannot hold.
llvm::Expected<std::string> hostFile(const Machine &M, llvm::ArrayRef<unsigned> ProcessorOf);

/// Processor positions (x, y) of the mesh mappings, without a machine: for
/// tests and documentation. x runs over 2^ceil(n/2) columns, y over
/// 2^floor(n/2) rows.
struct MeshPosition {
  unsigned X = 0, Y = 0;
};
std::vector<MeshPosition> reflectingPositions(unsigned N);
std::vector<MeshPosition> growingPositions(unsigned N);
/// The processor of mapping D for every tree node of B(\p N) on BDG(N).
std::vector<unsigned> deBruijnNodes(unsigned N);

/// The mapping as JSON: the node of every tree node, the metrics of every
/// phase (Report.h's keys) and the totals.
void writeMappingJSON(const Machine &M, const BinomialMapping &B, llvm::raw_ostream &OS);
/// The same for people; the node map only for trees of up to 64 tasks.
void printMapping(const Machine &M, const BinomialMapping &B, llvm::raw_ostream &OS);

} // namespace cleave

#endif
