/// \file
/// Rectangular decompositions of a 2-D array over processors of unequal speed
/// (seed 002: Kaddoura, Ranka and Wang, "Array Decompositions for Nonuniform
/// Computational Environments"). Every algorithm here builds a guillotine
/// (slicing) decomposition on real-valued extents first and then rounds its
/// cuts to whole rows and columns, so the rectangles tile the array exactly.
#ifndef CLEAVE_MAPPING_DECOMPOSE_H
#define CLEAVE_MAPPING_DECOMPOSE_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"
#include <optional>
#include <vector>

namespace cleave {

/// The decomposition algorithms of §6 of seed 002.
enum class DecompositionKind {
  XY,   ///< Best sorted XY decomposition, strips across the longer side (§6.1).
  XY2,  ///< XY, each candidate also tried rotated (Lemma 3).
  Tile, ///< XY that switches direction when the rest turns tall (§6.2).
  RB,   ///< Recursive bisection of Crandall and Quinn, by count (§6.3).
  RB2,  ///< Bisection across the longer side, split at half weight (§6.3).
  RB3,  ///< Bisection across the longer side, bin-packed halves (§6.3).
};

/// Every kind, in the order the `all` table prints them.
llvm::ArrayRef<DecompositionKind> allDecompositionKinds();

/// The command-line spelling of \p Kind: "xy", "xy2", "tile", "rb", "rb2", "rb3".
llvm::StringRef decompositionKindName(DecompositionKind Kind);

/// The kind spelled \p Name on the command line, if any.
std::optional<DecompositionKind> parseDecompositionKind(llvm::StringRef Name);

/// One processor's block: rows [Row0, Row1) and columns [Col0, Col1).
struct Rectangle {
  unsigned Processor = 0; ///< Index into the speeds as given.
  unsigned Row0 = 0, Row1 = 0, Col0 = 0, Col1 = 0;

  unsigned rows() const { return Row1 - Row0; }
  unsigned cols() const { return Col1 - Col0; }
  uint64_t cells() const { return uint64_t(rows()) * cols(); }
};

/// The result of one algorithm on one array, with every cost of §2 and §5.
struct Decomposition {
  DecompositionKind Kind = DecompositionKind::XY;
  unsigned Rows = 0, Cols = 0;
  /// Each processor's share of the cells, a_i = speed_i / sum of speeds.
  std::vector<double> Shares;
  /// One rectangle per processor, in processor order.
  std::vector<Rectangle> Rectangles;
  /// Total length of internal edges of the rounded rectangles (§2).
  double ACost = 0;
  /// ACost plus the wrap-around boundary between different processors (§2).
  double BCost = 0;
  /// ACost of the same cuts before rounding, on real-valued extents.
  double IdealACost = 0;
  /// Internal edges of the planar graph, E_i = V_i + p - 1 (§5).
  unsigned InternalEdges = 0;
  /// The latency used and ACost + Latency * InternalEdges (§5).
  double Latency = 0;
  double LatencyCost = 0;
  /// A lower bound on ACost: 2 * sum sqrt(a_i * Rows * Cols), the least sum
  /// of half-perimeters, minus the array's own half-perimeter Rows + Cols.
  double LowerBound = 0;
  /// 2 * sum sqrt(area_i) itself, the bound on the half-perimeter sum.
  double HalfPerimeterBound = 0;
  /// How many complete candidates the algorithm priced (for TILE, those its
  /// branch and bound reached; 1 for the bisections).
  uint64_t CandidatesPriced = 0;
};

/// Decomposes a \p Rows x \p Cols array into one rectangle per entry of
/// \p Speeds with cell counts proportional to the speeds, using \p Kind.
/// Searching algorithms (XY, XY2, Tile) minimise IdealACost + \p Latency *
/// InternalEdges over their candidates. Fails on a zero, negative or
/// non-finite speed, a negative latency, an empty array, more processors
/// than cells, or an array too small for the cuts the algorithm needs.
llvm::Expected<Decomposition> decompose(unsigned Rows, unsigned Cols, llvm::ArrayRef<double> Speeds,
                                        DecompositionKind Kind, double Latency = 0);

/// Parses "ROWSxCOLS" (e.g. "1000x3000"); both must be positive integers.
llvm::Expected<std::pair<unsigned, unsigned>> parseArraySize(llvm::StringRef Text);

/// Parses a comma-separated list of speeds; every one must be finite and > 0.
llvm::Expected<std::vector<double>> parseSpeeds(llvm::StringRef Text);

/// Total length of the internal edges of \p Rects tiling a Rows x Cols array.
double internalEdgeLength(unsigned Rows, unsigned Cols, llvm::ArrayRef<Rectangle> Rects);

/// The number of internal edges by Euler's formula, E_i = V_i + p - 1, where
/// V_i counts distinct rectangle corners strictly inside the array (§5).
unsigned countInternalEdges(unsigned Rows, unsigned Cols, llvm::ArrayRef<Rectangle> Rects);

/// JSON form of \p D (keys sorted when printed).
llvm::json::Value toJSON(const Decomposition &D);

/// Human-readable report of one decomposition: costs, then one line per
/// rectangle.
void printDecomposition(const Decomposition &D, llvm::raw_ostream &OS);

/// One line per decomposition, all on the same array: the `--algorithm all`
/// table.
void printDecompositionTable(llvm::ArrayRef<Decomposition> Ds, llvm::raw_ostream &OS);

/// SVG drawing of \p Ds stacked top to bottom: one <rect> per processor,
/// labelled with its index, scaled so the longer side is 600 units.
void writeDecompositionSVG(llvm::ArrayRef<Decomposition> Ds, llvm::raw_ostream &OS);

} // namespace cleave

#endif
