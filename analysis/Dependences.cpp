/// \file
/// The dependence graph between the statements of a function (seed 004
/// chapter 3, Fig. 1): flow (a write, then a read of it), anti (a read, then a
/// write over it), output (a write, then another write over it), and control
/// (a statement runs or not by a branch's outcome).
///
/// A statement's reads and writes are the reference table's accesses. Places
/// are variables, and "memory": whatever is reached through a pointer or by a
/// call with effects beyond its arguments. Memory may be any global or any
/// variable whose address is taken, so accesses to those meet accesses to
/// memory. Only a whole write of a scalar variable replaces earlier values;
/// writes to memory, arrays or struct members may leave other parts as they
/// were, so they replace nothing.
#include "analysis/AnalysisInternal.h"

#include "clang/Analysis/Analyses/Dominators.h"
#include "clang/Analysis/CFG.h"
#include "llvm/ADT/BitVector.h"
#include <set>
#include <tuple>

using namespace cleave;
using namespace clang;

namespace {

/// A variable, or nullptr for memory.
using Place = const VarDecl *;

struct StatementNode {
  std::string Name; ///< "B<block>.<index>"
  llvm::SmallVector<Place, 4> Reads, Writes;
  llvm::SmallVector<Place, 2> Replaces; ///< whole writes of scalar variables
};

/// A write (or a read) of a place by a statement.
struct Site {
  unsigned Node;
  Place Where;
};

class DependenceBuilder {
public:
  DependenceBuilder(ASTContext &Ctx, const FunctionDecl *FD, CFG &Graph, const PurityTest &IsPure)
      : Ctx(Ctx), FD(FD), Graph(Graph), IsPure(IsPure) {}

  /// Builds the graph; returns false when the function is too large for it.
  bool build(std::vector<DependenceInfo> &Out) {
    if (Graph.getNumBlockIDs() > LargestFunction)
      return false;
    collectNodes();
    if (Nodes.size() > LargestFunction)
      return false;
    dataDependences();
    controlDependences();
    for (const auto &[From, To, Kind, Via] : Edges)
      Out.push_back({Nodes[From].Name, Nodes[To].Name, Kind, Via});
    return true;
  }

  size_t statements() const { return Nodes.size(); }

  /// Beyond this many statements or blocks the graph is not built: its edges
  /// grow with the square of the statements that touch memory, and control
  /// dependences cost about the square of the blocks.
  static constexpr size_t LargestFunction = 2000;

private:
  ASTContext &Ctx;
  const FunctionDecl *FD;
  CFG &Graph;
  const PurityTest &IsPure;
  std::vector<StatementNode> Nodes;
  std::vector<std::vector<unsigned>> BlockNodes; ///< by block id
  llvm::DenseSet<Place> AddressTaken;
  std::set<std::tuple<unsigned, unsigned, std::string, std::string>> Edges;

  void collectNodes() {
    BlockNodes.resize(Graph.getNumBlockIDs());
    llvm::DenseSet<const Stmt *> Elements;
    for (const CFGBlock *Block : Graph)
      for (const CFGElement &E : *Block)
        if (std::optional<CFGStmt> S = E.getAs<CFGStmt>())
          Elements.insert(S->getStmt());
    for (const CFGBlock *Block : Graph) {
      unsigned Index = 0;
      for (const CFGElement &E : *Block) {
        std::optional<CFGStmt> S = E.getAs<CFGStmt>();
        if (!S)
          continue;
        StatementNode N;
        N.Name = "B" + std::to_string(Block->getBlockID()) + "." + std::to_string(Index++);
        for (const RawReference &R : statementReferences(Ctx, FD, S->getStmt(), Elements))
          classify(R, N);
        BlockNodes[Block->getBlockID()].push_back(Nodes.size());
        Nodes.push_back(std::move(N));
      }
    }
  }

  void classify(const RawReference &R, StatementNode &N) {
    llvm::StringRef A = R.Access;
    if (const auto *Callee = dyn_cast<FunctionDecl>(R.Decl)) {
      if (A == "call" && !IsPure(Callee)) {
        N.Reads.push_back(nullptr);
        N.Writes.push_back(nullptr);
      }
      return;
    }
    const auto *V = dyn_cast<VarDecl>(R.Decl);
    if (!V)
      return; // enumeration constants do not change
    bool Reads = A == "read" || A == "read-write" || A == "deallocate";
    bool Writes = A == "write" || A == "read-write" || A == "allocate";
    if (R.ThroughPointer) {
      // The pointer is read; what it points to is read or written.
      N.Reads.push_back(V);
      if (Reads || A == "deallocate")
        N.Reads.push_back(nullptr);
      if (Writes || A == "deallocate")
        N.Writes.push_back(nullptr);
      return;
    }
    if (A == "address") {
      AddressTaken.insert(V);
      return;
    }
    if (A == "deallocate")
      N.Writes.push_back(nullptr);
    if (Reads)
      N.Reads.push_back(V);
    if (Writes) {
      N.Writes.push_back(V);
      if (V->getType()->isScalarType())
        N.Replaces.push_back(V);
    }
  }

  /// Whether \p P may be reached through a pointer or by a call.
  bool inMemory(Place P) const {
    return !P || AddressTaken.count(P) || P->hasGlobalStorage();
  }
  bool mayMeet(Place A, Place B) const {
    return A == B || (!A && inMemory(B)) || (!B && inMemory(A));
  }
  static std::string nameOf(Place P) { return P ? P->getNameAsString() : "memory"; }

  /// Sites that reach each block's entry, by a forward analysis to a fixed
  /// point: \p SitesOf lists a statement's sites, and a whole write of a
  /// scalar variable ends the sites on that variable.
  std::vector<llvm::BitVector>
  reachingSites(const std::vector<Site> &Sites,
                const std::vector<llvm::SmallVector<unsigned, 4>> &SitesOf) {
    std::vector<llvm::BitVector> In(Graph.getNumBlockIDs(), llvm::BitVector(Sites.size()));
    std::vector<llvm::BitVector> Out = In;
    bool Changed = true;
    while (Changed) {
      Changed = false;
      for (const CFGBlock *Block : Graph) {
        unsigned Id = Block->getBlockID();
        llvm::BitVector Now(Sites.size());
        for (const CFGBlock::AdjacentBlock &Pred : Block->preds())
          if (const CFGBlock *P = Pred.getReachableBlock())
            Now |= Out[P->getBlockID()];
        In[Id] = Now;
        for (unsigned N : BlockNodes[Id])
          step(Now, N, Sites, SitesOf);
        if (Now != Out[Id]) {
          Out[Id] = std::move(Now);
          Changed = true;
        }
      }
    }
    return In;
  }

  void step(llvm::BitVector &Live, unsigned N, const std::vector<Site> &Sites,
            const std::vector<llvm::SmallVector<unsigned, 4>> &SitesOf) {
    for (Place P : Nodes[N].Replaces)
      for (unsigned I : Live.set_bits())
        if (Sites[I].Where == P)
          Live.reset(I);
    for (unsigned I : SitesOf[N])
      Live.set(I);
  }

  void dataDependences() {
    std::vector<Site> WriteSites, ReadSites;
    std::vector<llvm::SmallVector<unsigned, 4>> WritesOf(Nodes.size()), ReadsOf(Nodes.size());
    for (unsigned N = 0; N < Nodes.size(); ++N) {
      for (Place P : Nodes[N].Writes) {
        WritesOf[N].push_back(WriteSites.size());
        WriteSites.push_back({N, P});
      }
      for (Place P : Nodes[N].Reads) {
        ReadsOf[N].push_back(ReadSites.size());
        ReadSites.push_back({N, P});
      }
    }
    std::vector<llvm::BitVector> WritesIn = reachingSites(WriteSites, WritesOf);
    std::vector<llvm::BitVector> ReadsIn = reachingSites(ReadSites, ReadsOf);
    for (const CFGBlock *Block : Graph) {
      llvm::BitVector LiveWrites = WritesIn[Block->getBlockID()];
      llvm::BitVector LiveReads = ReadsIn[Block->getBlockID()];
      for (unsigned N : BlockNodes[Block->getBlockID()]) {
        // A statement reads before it writes.
        for (Place P : Nodes[N].Reads)
          for (unsigned I : LiveWrites.set_bits())
            if (mayMeet(WriteSites[I].Where, P))
              Edges.insert({WriteSites[I].Node, N, "flow", nameOf(P ? P : WriteSites[I].Where)});
        for (Place P : Nodes[N].Writes) {
          for (unsigned I : LiveWrites.set_bits())
            if (mayMeet(WriteSites[I].Where, P))
              Edges.insert({WriteSites[I].Node, N, "output", nameOf(P ? P : WriteSites[I].Where)});
          for (unsigned I : LiveReads.set_bits())
            if (mayMeet(ReadSites[I].Where, P) && ReadSites[I].Node != N)
              Edges.insert({ReadSites[I].Node, N, "anti", nameOf(P ? P : ReadSites[I].Where)});
        }
        step(LiveWrites, N, WriteSites, WritesOf);
        step(LiveReads, N, ReadSites, ReadsOf);
      }
    }
  }

  void controlDependences() {
    ControlDependencyCalculator Control(&Graph);
    for (CFGBlock *Block : Graph)
      for (CFGBlock *On : Control.getControlDependencies(Block)) {
        // The branch's condition is the last statement of the block it ends.
        const std::vector<unsigned> &Conditions = BlockNodes[On->getBlockID()];
        if (Conditions.empty())
          continue;
        for (unsigned N : BlockNodes[Block->getBlockID()])
          Edges.insert({Conditions.back(), N, "control", ""});
      }
  }
};

} // namespace

void cleave::computeDependences(ASTContext &Ctx, const FunctionDecl *FD, CFG &Graph,
                                const PurityTest &IsPure, FunctionInfo &Info) {
  DependenceBuilder Builder(Ctx, FD, Graph, IsPure);
  if (!Builder.build(Info.Dependences))
    Info.DependencesOmitted =
        "the function is too large (" +
        (Graph.getNumBlockIDs() > DependenceBuilder::LargestFunction
             ? std::to_string(Graph.getNumBlockIDs()) + " blocks"
             : std::to_string(Builder.statements()) + " statements") +
        "): dependences are computed for at most " +
        std::to_string(DependenceBuilder::LargestFunction) + " blocks and statements";
}
