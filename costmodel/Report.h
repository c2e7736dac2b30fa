/// \file
/// Machines and cost reports as text for people, JSON for programs
/// (docs/cost-format.md) and Graphviz DOT.
#ifndef CLEAVE_COSTMODEL_REPORT_H
#define CLEAVE_COSTMODEL_REPORT_H

#include "costmodel/Cost.h"

#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

namespace cleave {

/// The machine: its nodes, links and diameter, and with \p Routes the route
/// of every ordered pair of processors.
void printMachine(const Machine &M, bool Routes, llvm::raw_ostream &OS);
/// "16 processors, 0 switches or bridges, 24 links".
std::string machineSummary(const Machine &M);
/// The machine in Graphviz's DOT language: processors as boxes, switches and
/// bridges as circles, a shared link (bus, segment) as a point joined to its
/// nodes.
void writeMachineDot(const Machine &M, llvm::raw_ostream &OS);

void printCostReport(const Machine &M, const TaskGraph &G, const CostReport &R,
                     llvm::raw_ostream &OS);
void writeCostJSON(const Machine &M, const TaskGraph &G, const CostReport &R,
                   llvm::raw_ostream &OS);

/// The attribute "phases": per phase its edges, dilation, contention,
/// weight, weighted dilation and weighted contention (keys sorted).
void writePhasesJSON(llvm::json::OStream &J, const PhasedMetrics &P);

/// "n3-n4" for a link between two nodes; "bus0(n0,n1,...)" for a shared one.
std::string linkName(const Machine &M, unsigned Link);

} // namespace cleave

#endif
