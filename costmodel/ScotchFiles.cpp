/// \file
/// Scotch target and mapping files (docs/scotch.md). A target is read by
/// writing the machine it stands for as a machine description and reading
/// that, so that everything a Scotch file does not say takes the defaults of
/// docs/machine-format.md, set in one place (MachineFile.cpp).
#include "costmodel/ScotchFiles.h"
#include "costmodel/MachineInternal.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/Path.h"

#include <algorithm>
#include <cmath>
#include <optional>
#include <set>

using namespace cleave;

namespace {

/// The most processors of a deco target: its distance matrix has
/// N(N-1)/2 entries, and reading one looks at every triple of processors.
constexpr unsigned MaxDecoProcessors = 4096;
/// Scotch's numbers are C ints.
constexpr unsigned MaxScotchNumber = (1u << 31) - 1;

/// A word of a Scotch file and where it stands.
struct Word {
  llvm::StringRef Text;
  unsigned Line = 0, Column = 0;
};

/// Reads the whitespace-separated words of a Scotch file; the first error
/// stops it and is kept with its position.
class WordReader {
public:
  WordReader(llvm::StringRef Text, llvm::StringRef Name) : Text(Text), Name(Name) {}

  /// The next word, or none at the end of the text.
  std::optional<Word> next() {
    while (Pos < Text.size() && llvm::isSpace(Text[Pos])) {
      if (Text[Pos] == '\n') {
        ++Line;
        LineStart = Pos + 1;
      }
      ++Pos;
    }
    if (Pos == Text.size())
      return std::nullopt;
    Word W;
    W.Line = Line;
    W.Column = Pos - LineStart + 1;
    size_t End = Pos;
    while (End < Text.size() && !llvm::isSpace(Text[End]))
      ++End;
    W.Text = Text.slice(Pos, End);
    Pos = End;
    return W;
  }

  /// The next word as a whole number in [Min, Max]; \p What names it in the
  /// message when it is missing or wrong.
  std::optional<unsigned> number(const llvm::Twine &What, unsigned Min, unsigned Max,
                                 Word *At = nullptr) {
    std::string Range =
        ("a whole number from " + llvm::Twine(Min) + " to " + llvm::Twine(Max)).str();
    std::optional<Word> W = next();
    if (!W) {
      failAtEnd("the file ends where " + What + " is expected (" + Range + ")");
      return std::nullopt;
    }
    unsigned long long V;
    if (W->Text.getAsInteger(10, V) || V < Min || V > Max) {
      fail(*W, What + " must be " + Range + ", not '" + W->Text + "'");
      return std::nullopt;
    }
    if (At)
      *At = *W;
    return unsigned(V);
  }

  /// Fails unless only whitespace is left.
  bool atEnd(llvm::StringRef What) {
    if (std::optional<Word> W = next()) {
      fail(*W, "unexpected '" + W->Text + "' after the " + What + "; a file holds one " + What);
      return false;
    }
    return true;
  }

  void fail(const Word &W, const llvm::Twine &Msg) { fail(W.Line, W.Column, Msg); }
  void fail(unsigned AtLine, unsigned AtColumn, const llvm::Twine &Msg) {
    if (Message.empty())
      Message = (Name + ":" + llvm::Twine(AtLine) + ":" + llvm::Twine(AtColumn) + ": " + Msg).str();
  }
  void failAtEnd(const llvm::Twine &Msg) { fail(Line, Pos - LineStart + 1, Msg); }

  llvm::Error error() const {
    return llvm::createStringError(llvm::inconvertibleErrorCode(), Message);
  }

private:
  llvm::StringRef Text;
  std::string Name;
  size_t Pos = 0, LineStart = 0;
  unsigned Line = 1;
  std::string Message;
};

/// Every architecture keyword of Scotch 7, read by cleave or not.
const llvm::StringRef ScotchKeywords[] = {
    "cmplt",  "cmpltw", "deco",  "dist",    "hcub",    "ltleaf",  "mesh2D",   "mesh3D",
    "meshXD", "sub",    "tleaf", "torus2D", "torus3D", "torusXD", "varcmplt", "varhcub"};

/// \p Value as a YAML scalar that reads back as the same string.
std::string quoted(llvm::StringRef Value) {
  std::string Out = "'";
  for (char C : Value) {
    Out += C;
    if (C == '\'')
      Out += C;
  }
  return Out + "'";
}

/// The speeds w_i / min w of processors weighted \p Weights, as `nodes:`
/// entries of a machine description.
void writeSpeeds(llvm::ArrayRef<unsigned> Weights, llvm::raw_ostream &Yaml) {
  unsigned Least = *std::min_element(Weights.begin(), Weights.end());
  Yaml << "nodes:\n";
  for (size_t P = 0; P < Weights.size(); ++P)
    Yaml << "  - {id: " << P << ", speed: " << llvm::format("%.17g", double(Weights[P]) / Least)
         << "}\n";
}

/// The recursive halving of processors [Begin, End) under domain \p Domain
/// (Scotch numbers the halves of domain d 2d and 2d + 1).
void assignTerminals(unsigned Begin, unsigned End, uint64_t Domain,
                     std::vector<uint64_t> &Terminal) {
  if (End - Begin == 1) {
    Terminal[Begin] = Domain;
    return;
  }
  unsigned Middle = Begin + (End - Begin + 1) / 2;
  assignTerminals(Begin, Middle, 2 * Domain, Terminal);
  assignTerminals(Middle, End, 2 * Domain + 1, Terminal);
}

} // namespace

std::vector<unsigned> cleave::scotchSpeedWeights(const Machine &M) {
  double Slowest = M.Nodes[M.Processors[0]].Speed;
  for (unsigned P : M.Processors)
    Slowest = std::min(Slowest, M.Nodes[P].Speed);
  auto Ratio = [&](unsigned P) { return M.Nodes[P].Speed / Slowest; };
  unsigned Scale = 1;
  for (; Scale < 1000; ++Scale)
    if (llvm::all_of(M.Processors, [&](unsigned P) {
          double W = Ratio(P) * Scale;
          return std::fabs(W - std::round(W)) <= 1e-6 * W;
        }))
      break;
  std::vector<unsigned> Out;
  for (unsigned P : M.Processors)
    Out.push_back(unsigned(std::min<double>(std::round(Ratio(P) * Scale), MaxScotchNumber)));
  return Out;
}

ScotchTarget cleave::scotchTargetOf(const Machine &M) {
  ScotchTarget T;
  std::vector<unsigned> Weights = scotchSpeedWeights(M);
  bool OneSpeed = llvm::all_equal(Weights);
  switch (M.Topology) {
  case TopologyKind::Mesh:
  case TopologyKind::Torus:
    if (!OneSpeed || (M.Dims.size() != 2 && M.Dims.size() != 3))
      break;
    T.Kind = M.Topology == TopologyKind::Mesh
                 ? (M.Dims.size() == 2 ? ScotchTargetKind::Mesh2D : ScotchTargetKind::Mesh3D)
                 : (M.Dims.size() == 2 ? ScotchTargetKind::Torus2D : ScotchTargetKind::Torus3D);
    T.Dims = M.Dims;
    return T;
  case TopologyKind::Hypercube:
    if (!OneSpeed)
      break;
    T.Kind = ScotchTargetKind::Hypercube;
    T.Dims = M.Dims;
    return T;
  case TopologyKind::FullyConnected:
    T.Kind = OneSpeed ? ScotchTargetKind::Complete : ScotchTargetKind::WeightedComplete;
    T.Dims = {unsigned(M.Processors.size())};
    if (!OneSpeed)
      T.Weights = std::move(Weights);
    return T;
  default:
    break;
  }
  T.Kind = ScotchTargetKind::Decomposition;
  T.Weights = std::move(Weights);
  return T;
}

bool cleave::isScotchTarget(llvm::StringRef Text) {
  llvm::StringRef First = Text.ltrim().take_until(llvm::isSpace);
  return llvm::is_contained(ScotchKeywords, First);
}

llvm::Expected<Machine> cleave::parseScotchTarget(llvm::StringRef Text, llvm::StringRef Name) {
  WordReader R(Text, Name);
  std::optional<Word> Key = R.next();
  if (!Key) {
    R.failAtEnd("the file is empty: a Scotch target starts with its kind (mesh2D, torus2D, "
                "hcub, cmplt, cmpltw or deco)");
    return R.error();
  }
  // The machine as a machine description, read by parseMachineYAML below.
  std::string Yaml;
  llvm::raw_string_ostream Y(Yaml);
  Y << "name: " << quoted(llvm::sys::path::stem(Name)) << "\n";
  // Each link's distance, for a deco target.
  std::vector<unsigned> LinkDistances;
  llvm::StringRef K = Key->Text;
  if (K == "mesh2D" || K == "mesh3D" || K == "torus2D" || K == "torus3D") {
    unsigned Count = K.ends_with("2D") ? 2 : 3;
    uint64_t Nodes = 1;
    Y << "topology: {kind: " << (K.starts_with("mesh") ? "mesh" : "torus") << ", dims: [";
    for (unsigned D = 0; D < Count; ++D) {
      std::optional<unsigned> Size = R.number(
          "the size in dimension " + llvm::Twine(D + 1) + " of " + K, 1, MaxGeneratedNodes);
      if (!Size)
        return R.error();
      Nodes *= *Size;
      Y << (D ? ", " : "") << *Size;
    }
    Y << "]}\n";
    if (Nodes > MaxGeneratedNodes) {
      R.fail(*Key, "the " + K + " target has " + llvm::Twine(Nodes) +
                       " processors; cleave reads machines of at most " +
                       llvm::Twine(MaxGeneratedNodes));
      return R.error();
    }
  } else if (K == "hcub") {
    // The largest hypercube a machine description may have.
    std::optional<unsigned> Dim = R.number("the dimension of hcub", 1, 18);
    if (!Dim)
      return R.error();
    Y << "topology: {kind: hypercube, dim: " << *Dim << "}\n";
  } else if (K == "cmplt" || K == "cmpltw") {
    std::optional<unsigned> N = R.number("the processor count of " + K, 1, MaxGeneratedNodes);
    if (!N)
      return R.error();
    Y << "topology: {kind: fully-connected, nodes: " << *N << "}\n";
    if (K == "cmpltw") {
      std::vector<unsigned> Weights;
      for (unsigned P = 0; P < *N; ++P) {
        std::optional<unsigned> W =
            R.number("the weight of processor " + llvm::Twine(P), 1, MaxScotchNumber);
        if (!W)
          return R.error();
        Weights.push_back(*W);
      }
      writeSpeeds(Weights, Y);
    }
  } else if (K == "deco") {
    Word TypeAt;
    std::optional<unsigned> Type = R.number("the deco type", 0, 2, &TypeAt);
    if (!Type)
      return R.error();
    if (*Type != 0) {
      R.fail(TypeAt, "deco " + llvm::Twine(*Type) +
                         " (a compiled decomposition) is not read by cleave; give it the "
                         "'deco 0' file the target was made from");
      return R.error();
    }
    std::optional<unsigned> N = R.number("the processor count of deco", 1, MaxDecoProcessors);
    if (!N)
      return R.error();
    std::optional<unsigned> DomainMax =
        R.number("the largest terminal domain number of deco", *N, MaxScotchNumber);
    if (!DomainMax)
      return R.error();
    // Processor p is label p: the parts of Scotch's mapping files are labels.
    std::vector<unsigned> LabelAt(*N), Weights(*N), Terminal(*N);
    std::vector<std::optional<Word>> LabelWord(*N);
    std::set<unsigned> Terminals;
    std::vector<Word> TerminalWord(*N);
    for (unsigned I = 0; I < *N; ++I) {
      Word At;
      std::optional<unsigned> Label =
          R.number("the label of terminal line " + llvm::Twine(I + 1) +
                       " (processors are labelled 0 to " + llvm::Twine(*N - 1) + ")",
                   0, *N - 1, &At);
      if (!Label)
        return R.error();
      if (LabelWord[*Label]) {
        R.fail(At, "label " + llvm::Twine(*Label) + " is given twice (first on line " +
                       llvm::Twine(LabelWord[*Label]->Line) + "); each processor 0 to " +
                       llvm::Twine(*N - 1) + " needs one line");
        return R.error();
      }
      LabelWord[*Label] = At;
      LabelAt[I] = *Label;
      std::optional<unsigned> W =
          R.number("the weight of processor " + llvm::Twine(*Label), 1, MaxScotchNumber);
      if (!W)
        return R.error();
      Weights[*Label] = *W;
      std::optional<unsigned> T =
          R.number("the terminal domain number of processor " + llvm::Twine(*Label), 1, *DomainMax,
                   &TerminalWord[I]);
      if (!T)
        return R.error();
      if (!Terminals.insert(*T).second) {
        R.fail(TerminalWord[I], "terminal domain " + llvm::Twine(*T) +
                                    " is given to two processors; each needs its own");
        return R.error();
      }
      Terminal[I] = *T;
    }
    // A terminal inside another leaves Scotch no decomposition to follow.
    for (unsigned I = 0; I < *N; ++I)
      for (unsigned D = Terminal[I] / 2; D >= 1; D /= 2)
        if (Terminals.count(D)) {
          R.fail(TerminalWord[I], "terminal domain " + llvm::Twine(Terminal[I]) +
                                      " lies inside terminal domain " + llvm::Twine(D) +
                                      " (domain d splits into 2d and 2d+1); give each "
                                      "processor a domain no other contains");
          return R.error();
        }
    // The lower triangle, in the order of the terminal lines.
    std::vector<unsigned> Dist(size_t(*N) * *N, 0);
    for (unsigned I = 1; I < *N; ++I)
      for (unsigned J = 0; J < I; ++J) {
        std::optional<unsigned> D =
            R.number("the distance between processors " + llvm::Twine(LabelAt[I]) + " and " +
                         llvm::Twine(LabelAt[J]),
                     1, MaxScotchNumber);
        if (!D)
          return R.error();
        Dist[size_t(LabelAt[I]) * *N + LabelAt[J]] = Dist[size_t(LabelAt[J]) * *N + LabelAt[I]] =
            *D;
      }
    Y << "topology: {kind: explicit}\n";
    writeSpeeds(Weights, Y);
    // A link between two processors unless a third lies on a shortest path
    // between them.
    Y << "links:\n";
    auto At = [&](unsigned A, unsigned B) { return uint64_t(Dist[size_t(A) * *N + B]); };
    for (unsigned A = 0; A < *N; ++A)
      for (unsigned B = A + 1; B < *N; ++B) {
        bool Between = false;
        for (unsigned C = 0; C < *N && !Between && At(A, B) > 1; ++C)
          Between = C != A && C != B && At(A, C) + At(C, B) == At(A, B);
        if (Between)
          continue;
        Y << "  - {ends: [" << A << ", " << B << "]}\n";
        LinkDistances.push_back(At(A, B));
      }
  } else {
    R.fail(*Key, llvm::is_contained(ScotchKeywords, K)
                     ? "the Scotch target '" + K +
                           "' is not read by cleave; it reads mesh2D, mesh3D, torus2D, "
                           "torus3D, hcub, cmplt, cmpltw and deco 0 targets"
                     : "'" + K +
                           "' is not a Scotch target kind (expected mesh2D, mesh3D, "
                           "torus2D, torus3D, hcub, cmplt, cmpltw or deco)");
    return R.error();
  }
  if (!R.atEnd("target"))
    return R.error();
  // The description written above is valid; what can fail is its size,
  // which the target's first line gives.
  auto M = parseMachineYAML(Y.str(), "generated");
  if (!M) {
    std::string Message = llvm::toString(M.takeError());
    R.fail(*Key, llvm::StringRef(Message).split(": ").second);
    return R.error();
  }
  M->File = Name.str();
  for (size_t L = 0; L < LinkDistances.size(); ++L)
    M->Links[L].ByteTimeS *= LinkDistances[L];
  return M;
}

llvm::Error cleave::writeScotchTarget(const Machine &M, llvm::raw_ostream &OS) {
  ScotchTarget T = scotchTargetOf(M);
  auto Sizes = [&] {
    for (unsigned D : T.Dims)
      OS << " " << D;
    OS << "\n";
  };
  switch (T.Kind) {
  case ScotchTargetKind::Mesh2D:
    OS << "mesh2D";
    Sizes();
    break;
  case ScotchTargetKind::Mesh3D:
    OS << "mesh3D";
    Sizes();
    break;
  case ScotchTargetKind::Torus2D:
    OS << "torus2D";
    Sizes();
    break;
  case ScotchTargetKind::Torus3D:
    OS << "torus3D";
    Sizes();
    break;
  case ScotchTargetKind::Hypercube:
    OS << "hcub";
    Sizes();
    break;
  case ScotchTargetKind::Complete:
    OS << "cmplt";
    Sizes();
    break;
  case ScotchTargetKind::WeightedComplete:
    OS << "cmpltw";
    Sizes();
    OS << llvm::join(llvm::map_range(T.Weights, [](unsigned W) { return std::to_string(W); }), " ")
       << "\n";
    break;
  case ScotchTargetKind::Decomposition: {
    unsigned N = M.Processors.size();
    if (N > MaxDecoProcessors)
      return llvm::createStringError(
          llvm::inconvertibleErrorCode(),
          "machine '" + M.Name + "' would be a Scotch deco target of " + llvm::Twine(N) +
              " processors; cleave writes deco targets of at most " +
              llvm::Twine(MaxDecoProcessors) +
              " (Scotch's mesh, torus, hcub and cmplt targets have no such limit)");
    std::vector<uint64_t> Terminal(N);
    assignTerminals(0, N, 1, Terminal);
    OS << "deco\n0\n" << N << "\t" << *std::max_element(Terminal.begin(), Terminal.end()) << "\n";
    for (unsigned P = 0; P < N; ++P)
      OS << P << "\t" << T.Weights[P] << "\t" << Terminal[P] << "\n";
    std::vector<Hop> There, Back;
    for (unsigned I = 1; I < N; ++I) {
      for (unsigned J = 0; J < I; ++J) {
        M.route(M.Processors[I], M.Processors[J], There);
        M.route(M.Processors[J], M.Processors[I], Back);
        OS << (J ? " " : "") << std::min(There.size(), Back.size());
      }
      OS << "\n";
    }
    break;
  }
  }
  return llvm::Error::success();
}

llvm::Expected<Placement> cleave::parseScotchMapping(llvm::StringRef Text, llvm::StringRef Name,
                                                     const TaskGraph &G, const Machine &M) {
  WordReader R(Text, Name);
  unsigned Tasks = G.Tasks.size(), Processors = M.Processors.size();
  Word CountAt;
  std::optional<unsigned> Count =
      R.number("the number of mapping lines", 0, MaxScotchNumber, &CountAt);
  if (!Count)
    return R.error();
  if (*Count != Tasks) {
    R.fail(CountAt, "the mapping has " + llvm::Twine(*Count) + " lines; the task graph has " +
                        llvm::Twine(Tasks) + " tasks, and each needs one");
    return R.error();
  }
  Placement Out(Tasks, ~0u);
  std::vector<Word> TaskAt(Tasks);
  for (unsigned I = 0; I < Tasks; ++I) {
    Word At;
    std::optional<unsigned> T =
        R.number("the task of mapping line " + llvm::Twine(I + 1) + " (tasks are numbered 0 to " +
                     llvm::Twine(Tasks - 1) + " in task graph order)",
                 0, Tasks - 1, &At);
    if (!T)
      return R.error();
    if (Out[*T] != ~0u) {
      R.fail(At, "task " + llvm::Twine(*T) + " ('" + G.Tasks[*T].Name +
                     "') is mapped twice (first on line " + llvm::Twine(TaskAt[*T].Line) + ")");
      return R.error();
    }
    TaskAt[*T] = At;
    std::optional<unsigned> P = R.number(
        "the processor of task " + llvm::Twine(*T) + " ('" + G.Tasks[*T].Name +
            "'; the machine's processors are numbered 0 to " + llvm::Twine(Processors - 1) + ")",
        0, Processors - 1);
    if (!P)
      return R.error();
    Out[*T] = *P;
  }
  if (!R.atEnd("mapping"))
    return R.error();
  // Pins and resources, task by task, to name the line at fault.
  for (unsigned T = 0; T < Tasks; ++T) {
    TaskGraph One;
    One.Tasks.push_back(G.Tasks[T]);
    if (llvm::Error E = checkPlacement({Out[T]}, One, M)) {
      R.fail(TaskAt[T], llvm::toString(std::move(E)));
      return R.error();
    }
  }
  return std::move(Out);
}

void cleave::writeScotchMapping(const TaskGraph &G, const Placement &P, llvm::raw_ostream &OS) {
  OS << G.Tasks.size() << "\n";
  for (size_t T = 0; T < G.Tasks.size(); ++T)
    OS << T << "\t" << P[T] << "\n";
}
