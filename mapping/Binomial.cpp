/// \file
/// Canned mappings of the binomial tree B(n) (seed 000 §2 and §4, seed 003
/// §5). Node positions come from the mappings' recursive definitions; every
/// edge is then laid on the path its mapping defines, hop by hop over the
/// machine's links, and the phased metrics are computed from those paths by
/// computePhasedMetrics(). No closed form of the papers is used here.
#include "mapping/Binomial.h"

#include "costmodel/Report.h"

#include "llvm/ADT/StringSwitch.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/raw_ostream.h"

#include <cassert>
#include <cmath>
#include <numeric>
#include <utility>

using namespace cleave;

llvm::StringRef cleave::binomialMappingName(BinomialMappingKind K) {
  switch (K) {
  case BinomialMappingKind::Reflecting:
    return "reflecting";
  case BinomialMappingKind::Growing:
    return "growing";
  case BinomialMappingKind::DeBruijn:
    return "debruijn";
  case BinomialMappingKind::Hypercube:
    return "hypercube";
  case BinomialMappingKind::Auto:
    return "auto";
  }
  llvm_unreachable("unknown binomial mapping kind");
}

std::optional<BinomialMappingKind> cleave::parseBinomialMappingKind(llvm::StringRef Name) {
  return llvm::StringSwitch<std::optional<BinomialMappingKind>>(Name)
      .Case("reflecting", BinomialMappingKind::Reflecting)
      .Case("growing", BinomialMappingKind::Growing)
      .Case("debruijn", BinomialMappingKind::DeBruijn)
      .Case("hypercube", BinomialMappingKind::Hypercube)
      .Case("auto", BinomialMappingKind::Auto)
      .Default(std::nullopt);
}

static unsigned bitWidth(unsigned V) { return V ? llvm::Log2_32(V) + 1 : 0; }

unsigned cleave::binomialParent(unsigned V) {
  assert(V > 0 && "the root has no parent");
  return V & ~(1u << llvm::Log2_32(V));
}

unsigned cleave::binomialPhase(unsigned V) {
  assert(V > 0 && "the root receives its message from the host");
  return bitWidth(V);
}

double cleave::binomialWeight(double Alpha, unsigned Phase) {
  // Seed 000 §2: in phase i each active node sends alpha^i, the problem of
  // volume 1 having been halved (by alpha) i times on its way.
  return std::pow(Alpha, double(Phase));
}

double BinomialMapping::averageDilation() const {
  return Metrics.EdgeCount ? Metrics.TotalDilation / Metrics.EdgeCount : 0;
}

double BinomialMapping::averageWeightedDilation() const {
  return TotalWeight > 0 ? Metrics.TotalWeightedDilation / TotalWeight : 0;
}

//===----------------------------------------------------------------------===//
// Node positions
//===----------------------------------------------------------------------===//

std::vector<MeshPosition> cleave::reflectingPositions(unsigned N) {
  // Seed 000 definition 7, in the tree numbering of Binomial.h: B(m) is two
  // copies of B(m-1), the odd nodes (2u+1, rooted at 1) and the even ones
  // (2u, rooted at 0), joined by the phase-1 edge 0-1. The odd copy keeps
  // its place; the even copy, which holds the root, is reflected next to it:
  // to the right (about a vertical axis) when m is odd, below (about a
  // horizontal axis) when m is even. Both roots then share a row or column.
  std::vector<MeshPosition> P(1);
  unsigned Width = 1, Height = 1;
  for (unsigned M = 1; M <= N; ++M) {
    std::vector<MeshPosition> Next(size_t(1) << M);
    bool Horizontal = M % 2 == 1;
    for (size_t U = 0; U < P.size(); ++U) {
      MeshPosition Kept = P[U], Reflected = P[U];
      if (Horizontal)
        Reflected.X = 2 * Width - 1 - Kept.X;
      else
        Reflected.Y = 2 * Height - 1 - Kept.Y;
      Next[2 * U + 1] = Kept;
      Next[2 * U] = Reflected;
    }
    (Horizontal ? Width : Height) *= 2;
    P = std::move(Next);
  }
  return P;
}

std::vector<MeshPosition> cleave::growingPositions(unsigned N) {
  // Seed 000 definition 8: B(m) is B(m-1) with a new leaf v + 2^(m-1) on
  // every node v (Lemma 1), which in our numbering is exactly phase m. Up to
  // B(2) the placement is the reflecting one. Then the image of B(m-1) moves
  // to the middle of a mesh twice as wide (m odd) or as tall (m even), and
  // every node's leaf goes the same distance - a quarter of the new extent,
  // 2^(ceil(m/2)-2) - outwards: westwards from the western half, eastwards
  // from the eastern half (northwards and southwards for even m).
  if (N <= 2)
    return reflectingPositions(N);
  std::vector<MeshPosition> P = reflectingPositions(2);
  P.resize(size_t(1) << N);
  unsigned Width = 2, Height = 2;
  for (unsigned M = 3; M <= N; ++M) {
    size_t Half = size_t(1) << (M - 1);
    bool Horizontal = M % 2 == 1;
    unsigned Quarter = (Horizontal ? Width : Height) / 2;
    for (size_t V = 0; V < Half; ++V) {
      MeshPosition &Old = P[V], &Leaf = P[V + Half];
      Leaf = Old;
      unsigned &C = Horizontal ? Old.X : Old.Y;
      unsigned &LeafC = Horizontal ? Leaf.X : Leaf.Y;
      LeafC = C < Quarter ? C : C + 2 * Quarter;
      C += Quarter;
    }
    (Horizontal ? Width : Height) *= 2;
  }
  return P;
}

namespace {
/// Mapping D of seed 003 works on CBT(n+1), the complete binary tree rooted
/// at 0^n 1 inside BDG(n+1) (left child: shift in a 0, right child: shift
/// in a 1). A tree node of B(n) is the cluster of CBT nodes that the
/// contraction merges (003 merges a left child into its parent; seed 000
/// merges right children - either works if used throughout), named by its
/// one odd label. In our numbering the k-th child of a node with label L is
/// (L << k) | 1, reached through the left children L << 1 .. L << (k-1): so
/// node v's label is a 1 followed by v's bits from bit 0 upwards.
struct DeBruijnLabels {
  unsigned N;
  /// The contraction F of 003 §3 from BDG(n+1) to BDG(n): bit i of the result
  /// is the XOR of bits i and i+1 of the label (a Gray code, top bit dropped).
  unsigned contract(uint64_t Label) const {
    return unsigned((Label ^ (Label >> 1)) & ((uint64_t(1) << N) - 1));
  }
};
} // namespace

static std::vector<uint64_t> deBruijnLabels(unsigned N) {
  std::vector<uint64_t> Label(size_t(1) << N);
  Label[0] = 1; // 0^n 1
  for (size_t V = 1; V < Label.size(); ++V) {
    unsigned Parent = binomialParent(V);
    unsigned K = bitWidth(V) - bitWidth(Parent); // V is the K-th child
    Label[V] = Label[Parent] << K | 1;
  }
  return Label;
}

std::vector<unsigned> cleave::deBruijnNodes(unsigned N) {
  DeBruijnLabels D{N};
  std::vector<uint64_t> Label = deBruijnLabels(N);
  std::vector<unsigned> Nodes(Label.size());
  for (size_t V = 0; V < Label.size(); ++V)
    Nodes[V] = D.contract(Label[V]);
  return Nodes;
}

//===----------------------------------------------------------------------===//
// Laying edges on links
//===----------------------------------------------------------------------===//

/// Appends the channel of the hop From -> To; false if no link joins them.
static bool appendHop(const Machine &M, unsigned From, unsigned To,
                      std::vector<unsigned> &Channels) {
  std::optional<unsigned> L = M.linkBetween(From, To);
  if (!L)
    return false;
  Channels.push_back(M.channel(From, Hop{*L, To}));
  return true;
}

static llvm::Error notLinked(const Machine &M, unsigned From, unsigned To) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                 "machine '" + M.Name + "' has no link between nodes " +
                                     llvm::Twine(From) + " and " + llvm::Twine(To) +
                                     ", which the mapping's path needs");
}

static std::string describeShape(const Machine &M) {
  std::string S;
  llvm::raw_string_ostream OS(S);
  switch (M.Topology) {
  case TopologyKind::Mesh:
  case TopologyKind::Torus:
    OS << "a " << topologyName(M.Topology) << " ";
    for (size_t I = 0; I < M.Dims.size(); ++I)
      OS << (I ? "x" : "") << M.Dims[I];
    break;
  case TopologyKind::Hypercube:
    OS << "a hypercube of dimension " << M.Dims[0];
    break;
  case TopologyKind::DeBruijn:
    OS << "BDG(" << M.Dims[0] << ")";
    break;
  default:
    OS << "a " << topologyName(M.Topology) << " of " << M.Processors.size() << " processors";
    break;
  }
  return S;
}

static llvm::Error shapeError(const Machine &M, const llvm::Twine &Need) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                 Need + "; machine '" + M.Name + "' is " + describeShape(M));
}

/// Lays the mesh mappings' edges on their row or column segments.
static void layMeshEdges(unsigned N, const std::vector<MeshPosition> &Pos, const Machine &M,
                         BinomialMapping &Out) {
  unsigned Width = 1u << ((N + 1) / 2), Height = 1u << (N / 2);
  bool Transposed = !(M.Dims[0] == Width && M.Dims[1] == Height);
  // Mesh nodes are numbered x + Dims[0] y; a machine built the other way
  // round takes the mapping's columns as its rows.
  auto NodeAt = [&](unsigned X, unsigned Y) {
    return Transposed ? Y + M.Dims[0] * X : X + M.Dims[0] * Y;
  };
  Out.NodeOf.resize(Pos.size());
  for (size_t V = 0; V < Pos.size(); ++V)
    Out.NodeOf[V] = NodeAt(Pos[V].X, Pos[V].Y);
  for (size_t V = 1; V < Pos.size(); ++V) {
    MeshPosition A = Pos[binomialParent(V)], B = Pos[V];
    // Both mesh mappings put a parent and its child in one row or column
    // (seed 000 §4); the edge takes the straight segment between them, which
    // is also the dimension-order route. It is kept as a segment of its line
    // (seed 000's long early edges cross up to half the mesh: B(20) has 2.3e8
    // channel crossings in all), numbered by the machine's axis, row or
    // column, and direction when channels are directed.
    assert((A.X == B.X || A.Y == B.Y) && "a mesh edge must be straight");
    bool AlongX = (A.Y == B.Y) != Transposed; // along the machine's rows
    unsigned From = AlongX ? (Transposed ? A.Y : A.X) : (Transposed ? A.X : A.Y);
    unsigned To = AlongX ? (Transposed ? B.Y : B.X) : (Transposed ? B.X : B.Y);
    unsigned Across = AlongX ? (Transposed ? A.X : A.Y) : (Transposed ? A.Y : A.X);
    unsigned Lines = std::max(M.Dims[0], M.Dims[1]);
    PhasedEdge &E = Out.Edges[V - 1];
    E.Line = ((AlongX ? 0 : Lines) + Across) * 2 + (M.DirectedChannels && To < From);
    E.Lo = std::min(From, To);
    E.Hi = std::max(From, To);
  }
}

static llvm::Error layDeBruijnEdges(unsigned N, const Machine &M,
                                    BinomialMapping &Out) {
  DeBruijnLabels D{N};
  std::vector<uint64_t> Label = deBruijnLabels(N);
  Out.NodeOf.resize(Label.size());
  for (size_t V = 0; V < Label.size(); ++V)
    Out.NodeOf[V] = D.contract(Label[V]);
  for (size_t V = 1; V < Label.size(); ++V) {
    // 003 definition 6: the edge to the K-th child follows the contracted
    // CBT path L, L << 1, ..., L << (K-1), (L << K) | 1. Consecutive labels
    // are left shifts, so their images are linked in BDG(n) - or equal, when
    // a shift turns a label into its complement (alternating bits), a hop F
    // folds into a self-loop; that hop is dropped.
    uint64_t Parent = Label[binomialParent(V)];
    unsigned K = bitWidth(V) - bitWidth(binomialParent(V));
    PhasedEdge &E = Out.Edges[V - 1];
    E.Channels.reserve(K);
    unsigned At = D.contract(Parent);
    for (unsigned S = 1; S <= K; ++S) {
      unsigned Next = D.contract(S < K ? Parent << S : Label[V]);
      if (Next == At)
        continue;
      if (!appendHop(M, At, Next, E.Channels))
        return notLinked(M, At, Next);
      At = Next;
    }
  }
  return llvm::Error::success();
}

static llvm::Error layHypercubeEdges(unsigned N, const Machine &M,
                                     BinomialMapping &Out) {
  // Tree node v on processor v: the child v + 2^(i-1) differs from its
  // parent in bit i-1 alone, one hypercube link, and the edges of one phase
  // all cross dimension i-1 at distinct links.
  Out.NodeOf.resize(size_t(1) << N);
  for (size_t V = 0; V < Out.NodeOf.size(); ++V)
    Out.NodeOf[V] = V;
  for (size_t V = 1; V < Out.NodeOf.size(); ++V) {
    unsigned From = binomialParent(V);
    if (!appendHop(M, From, V, Out.Edges[V - 1].Channels))
      return notLinked(M, From, V);
  }
  return llvm::Error::success();
}

//===----------------------------------------------------------------------===//
// Checks and the entry point
//===----------------------------------------------------------------------===//

static llvm::Error checkShape(unsigned N, const Machine &M, BinomialMappingKind Kind) {
  std::string Tree = ("B(" + llvm::Twine(N) + ")").str();
  switch (Kind) {
  case BinomialMappingKind::Reflecting:
  case BinomialMappingKind::Growing: {
    unsigned Width = 1u << ((N + 1) / 2), Height = 1u << (N / 2);
    std::string Need = ("the " + binomialMappingName(Kind) + " mapping of " + Tree +
                        " needs a 2-D mesh " + llvm::Twine(Width) + "x" + llvm::Twine(Height) +
                        (Width != Height ? " or " + llvm::Twine(Height) + "x" + llvm::Twine(Width)
                                         : llvm::Twine("")))
                           .str();
    if (M.Topology != TopologyKind::Mesh || M.Dims.size() != 2)
      return shapeError(M, Need);
    if (!(M.Dims[0] == Width && M.Dims[1] == Height) &&
        !(M.Dims[0] == Height && M.Dims[1] == Width))
      return shapeError(M, Need);
    return llvm::Error::success();
  }
  case BinomialMappingKind::DeBruijn:
    if (M.Topology != TopologyKind::DeBruijn || M.Dims.empty() || M.Dims[0] != N)
      return shapeError(M, "mapping D of " + Tree + " needs the de Bruijn network BDG(" +
                               llvm::Twine(N) + ")");
    return llvm::Error::success();
  case BinomialMappingKind::Hypercube:
    if (M.Topology != TopologyKind::Hypercube || M.Dims.empty() || M.Dims[0] != N)
      return shapeError(M, "the binomial spanning tree " + Tree +
                               " needs a hypercube of dimension " + llvm::Twine(N));
    return llvm::Error::success();
  case BinomialMappingKind::Auto:
    break;
  }
  llvm_unreachable("auto is resolved before the shape is checked");
}

static llvm::Expected<BinomialMapping> mapConcrete(unsigned N, double Alpha, const Machine &M,
                                                   BinomialMappingKind Kind) {
  if (llvm::Error E = checkShape(N, M, Kind))
    return std::move(E);
  BinomialMapping Out;
  Out.Order = N;
  Out.Alpha = Alpha;
  Out.Kind = Kind;
  Out.Reason = "requested";
  size_t Tasks = size_t(1) << N;
  Out.Edges.resize(Tasks - 1);
  // Phase i holds the edges into nodes 2^(i-1) .. 2^i - 1.
  for (unsigned Phase = 1; Phase <= N; ++Phase) {
    double Weight = binomialWeight(Alpha, Phase);
    size_t First = size_t(1) << (Phase - 1);
    for (size_t V = First; V < 2 * First; ++V) {
      Out.Edges[V - 1].Phase = Phase;
      Out.Edges[V - 1].Weight = Weight;
    }
    Out.TotalWeight += Weight * double(First);
  }
  llvm::Error Laid = llvm::Error::success();
  switch (Kind) {
  case BinomialMappingKind::Reflecting:
    layMeshEdges(N, reflectingPositions(N), M, Out);
    break;
  case BinomialMappingKind::Growing:
    layMeshEdges(N, growingPositions(N), M, Out);
    break;
  case BinomialMappingKind::DeBruijn:
    Laid = layDeBruijnEdges(N, M, Out);
    break;
  case BinomialMappingKind::Hypercube:
    Laid = layHypercubeEdges(N, M, Out);
    break;
  case BinomialMappingKind::Auto:
    llvm_unreachable("auto is resolved by the caller");
  }
  if (Laid)
    return std::move(Laid);
  Out.Metrics = computePhasedMetrics(Out.Edges);
  return Out;
}

static std::string formatNumber(double V) {
  std::string S;
  llvm::raw_string_ostream(S) << llvm::format("%.6g", V);
  return S;
}

llvm::Expected<BinomialMapping> cleave::mapBinomial(unsigned N, double Alpha, const Machine &M,
                                                    BinomialMappingKind Kind) {
  auto Fail = [](const llvm::Twine &Message) {
    return llvm::createStringError(llvm::inconvertibleErrorCode(), Message);
  };
  if (!(Alpha > 0 && Alpha <= 1))
    return Fail("alpha must be in (0, 1], not " + formatNumber(Alpha));
  if (N < 1 || N > MaxBinomialOrder)
    return Fail("the binomial tree order must be in 1.." + llvm::Twine(MaxBinomialOrder) +
                ", not " + llvm::Twine(N));
  size_t Tasks = size_t(1) << N;
  if (Tasks > M.Processors.size())
    return Fail("B(" + llvm::Twine(N) + ") has " + llvm::Twine(Tasks) + " tasks; machine '" +
                M.Name + "' has only " + llvm::Twine(M.Processors.size()) + " processors");
  // The generated meshes, hypercubes and de Bruijn networks number their
  // processors first (Processors[p] == p); the mappings rely on it.
  for (size_t P = 0; P < Tasks; ++P)
    if (M.Processors[P] != P)
      return Fail("machine '" + M.Name + "' does not number processor " + llvm::Twine(P) +
                  " as node " + llvm::Twine(P));

  if (Kind != BinomialMappingKind::Auto)
    return mapConcrete(N, Alpha, M, Kind);

  std::string Tree = ("B(" + llvm::Twine(N) + ")").str();
  auto Chosen = [&](BinomialMappingKind K, std::string Reason) -> llvm::Expected<BinomialMapping> {
    auto R = mapConcrete(N, Alpha, M, K);
    if (R)
      R->Reason = std::move(Reason);
    return R;
  };
  switch (M.Topology) {
  case TopologyKind::Hypercube:
    return Chosen(BinomialMappingKind::Hypercube,
                  "a hypercube holds " + Tree + " as a spanning tree: every edge one link");
  case TopologyKind::DeBruijn:
    return Chosen(BinomialMappingKind::DeBruijn,
                  "a de Bruijn network: mapping D of seed 003 is contention-free");
  case TopologyKind::Mesh: {
    if (M.Switching != SwitchingKind::StoreAndForward)
      return Chosen(BinomialMappingKind::Reflecting,
                    (switchingName(M.Switching) +
                     " switching hardly feels distance, and the reflecting mapping has no "
                     "contention in any phase (seed 000 theorem 1)")
                        .str());
    // Seed 000 theorem 2: which mesh mapping wins under store-and-forward
    // depends on alpha and n, so compute both and compare.
    auto Reflecting = mapConcrete(N, Alpha, M, BinomialMappingKind::Reflecting);
    if (!Reflecting)
      return Reflecting.takeError();
    auto Growing = mapConcrete(N, Alpha, M, BinomialMappingKind::Growing);
    if (!Growing)
      return Growing.takeError();
    double TR = Reflecting->Metrics.StoreForwardLarge, TG = Growing->Metrics.StoreForwardLarge;
    bool PickGrowing = TG < TR;
    BinomialMapping &Pick = PickGrowing ? *Growing : *Reflecting;
    Pick.Reason =
        "store-and-forward switching: the " + std::string(PickGrowing ? "growing" : "reflecting") +
        " mapping has the smaller time for large messages (" + formatNumber(PickGrowing ? TG : TR) +
        " against " + formatNumber(PickGrowing ? TR : TG) + ")";
    return std::move(Pick);
  }
  default:
    return Fail("no canned mapping of " + Tree + " onto " + describeShape(M) +
                " (use a 2-D mesh, a de Bruijn network or a hypercube)");
  }
}

llvm::Expected<RankPlacement> cleave::placeRanks(const Machine &M, BinomialMappingKind Kind,
                                                 double Alpha) {
  size_t P = M.Processors.size();
  RankPlacement Out;
  auto InProcessorOrder = [&](const llvm::Twine &Why) -> llvm::Expected<RankPlacement> {
    if (Kind != BinomialMappingKind::Auto)
      return llvm::createStringError(llvm::inconvertibleErrorCode(), Why);
    Out.ProcessorOf.resize(P);
    std::iota(Out.ProcessorOf.begin(), Out.ProcessorOf.end(), 0u);
    Out.How = ("in processor order: " + Why).str();
    return std::move(Out);
  };
  if (P == 1)
    return InProcessorOrder("machine '" + M.Name + "' has one processor");
  if (!llvm::isPowerOf2_64(P))
    return InProcessorOrder("the canned mappings place B(n) on 2^n processors; machine '" +
                            M.Name + "' has " + llvm::Twine(P));
  unsigned N = llvm::Log2_64(P);
  auto B = mapBinomial(N, Alpha, M, Kind);
  if (!B)
    return InProcessorOrder(llvm::toString(B.takeError()));
  Out.ProcessorOf = std::move(B->NodeOf);
  Out.How =
      ("by the " + binomialMappingName(B->Kind) + " mapping of B(" + llvm::Twine(N) + ")").str();
  if (Kind == BinomialMappingKind::Auto)
    Out.How += ": " + B->Reason;
  return std::move(Out);
}

llvm::Expected<std::string> cleave::hostFile(const Machine &M,
                                             llvm::ArrayRef<unsigned> ProcessorOf) {
  std::string Text;
  for (unsigned P : ProcessorOf) {
    const std::string &Name = M.Nodes[M.Processors[P]].Name;
    if (Name.find_first_of(" \t\r\n#:") != std::string::npos)
      return llvm::createStringError(
          llvm::inconvertibleErrorCode(),
          "processor '" + Name + "' of machine '" + M.Name +
              "' cannot stand in a host file, which names hosts without blanks, '#' or "
              "':': rename it (`name:` under `nodes:`, docs/machine-format.md)");
    Text += Name + "\n";
  }
  return Text;
}

void cleave::writeMappingJSON(const Machine &M, const BinomialMapping &B, llvm::raw_ostream &OS) {
  const PhasedMetrics &P = B.Metrics;
  auto TimeAndSlowdown = [](llvm::json::OStream &J, llvm::StringRef Key, double T, double S) {
    J.attributeObject(Key, [&] {
      J.attribute("slowdown", S);
      J.attribute("time", T);
    });
  };
  llvm::json::OStream J(OS, 2);
  J.object([&] {
    J.attribute("alpha", B.Alpha);
    J.attribute("machine", M.Name);
    J.attribute("mapping", binomialMappingName(B.Kind));
    J.attribute("n", B.Order);
    J.attributeArray("nodes", [&] {
      for (unsigned Processor : B.NodeOf)
        J.value(Processor);
    });
    writePhasesJSON(J, P);
    J.attribute("reason", B.Reason);
    J.attribute("tasks", int64_t(B.NodeOf.size()));
    J.attributeObject("totals", [&] {
      J.attribute("average_dilation", B.averageDilation());
      J.attribute("average_weighted_dilation", B.averageWeightedDilation());
      J.attribute("edges", P.EdgeCount);
      J.attributeObject("perfect", [&] {
        J.attribute("large", P.PerfectLarge);
        J.attribute("small", P.PerfectSmall);
      });
      J.attributeObject("store_and_forward", [&] {
        TimeAndSlowdown(J, "large", P.StoreForwardLarge, P.slowdownStoreForwardLarge());
        TimeAndSlowdown(J, "small", P.StoreForwardSmall, P.slowdownStoreForwardSmall());
      });
      J.attribute("total_dilation", P.TotalDilation);
      J.attribute("total_weight", B.TotalWeight);
      J.attribute("total_weighted_dilation", P.TotalWeightedDilation);
      J.attributeObject("wormhole", [&] {
        TimeAndSlowdown(J, "large", P.WormholeLarge, P.slowdownWormholeLarge());
        TimeAndSlowdown(J, "small", P.WormholeSmall, P.slowdownWormholeSmall());
      });
    });
  });
  OS << "\n";
}

/// The node map is listed in text only for small trees; --json lists it
/// always.
static constexpr size_t MaxListedTasks = 64;

void cleave::printMapping(const Machine &M, const BinomialMapping &B, llvm::raw_ostream &OS) {
  const PhasedMetrics &P = B.Metrics;
  auto Num = [](double V) { return llvm::format("%.6g", V); };
  OS << "B(" << B.Order << ") on machine '" << M.Name << "' (" << topologyName(M.Topology);
  for (size_t I = 0; I < M.Dims.size(); ++I)
    OS << (I ? "x" : " ") << M.Dims[I];
  OS << ", " << switchingName(M.Switching) << "): " << binomialMappingName(B.Kind) << " mapping\n";
  OS << "  why: " << B.Reason << "\n";
  OS << "  alpha " << Num(B.Alpha) << "; " << B.NodeOf.size() << " tasks, " << P.EdgeCount
     << " edges; the edge of phase i carries alpha^i\n";
  if (B.NodeOf.size() <= MaxListedTasks) {
    OS << "node map (tree node -> processor):";
    for (size_t V = 0; V < B.NodeOf.size(); ++V)
      OS << (V % 8 ? "  " : "\n  ") << V << "->" << B.NodeOf[V];
    OS << "\n";
  } else {
    OS << "node map: " << B.NodeOf.size() << " tasks, listed by --json\n";
  }
  OS << "phase  edges  dilation  contention     weight  weighted dilation  weighted contention\n";
  for (const PhaseMetrics &Ph : P.Phases)
    OS << llvm::format("%5u  %5u  %8u  %10u  ", Ph.Phase, Ph.Edges, Ph.Dilation, Ph.Contention)
       << llvm::format("%9.4g  %17.6g  %19.6g\n", Ph.Weight, Ph.WeightedDilation,
                       Ph.WeightedContention);
  OS << "total dilation " << Num(P.TotalDilation) << ", average " << Num(B.averageDilation())
     << "\n";
  OS << "total weighted dilation " << Num(P.TotalWeightedDilation) << ", average "
     << Num(B.averageWeightedDilation()) << " (over total weight " << Num(B.TotalWeight) << ")\n";
  OS << "store-and-forward, large messages: T = " << Num(P.StoreForwardLarge) << ", slowdown "
     << Num(P.slowdownStoreForwardLarge()) << "\n";
  OS << "store-and-forward, small messages: T = " << Num(P.StoreForwardSmall) << ", slowdown "
     << Num(P.slowdownStoreForwardSmall()) << "\n";
  OS << "wormhole, large messages: T = " << Num(P.WormholeLarge) << ", slowdown "
     << Num(P.slowdownWormholeLarge()) << "\n";
  OS << "wormhole, small messages: T = " << Num(P.WormholeSmall) << ", slowdown "
     << Num(P.slowdownWormholeSmall()) << "\n";
  OS << "perfect mapping: T = " << Num(P.PerfectLarge) << " (large), " << Num(P.PerfectSmall)
     << " (small)\n";
}
