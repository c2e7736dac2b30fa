/// \file
/// JSON and text forms of the program model.
#include "analysis/ProgramModel.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MathExtras.h"
#include <map>
#include <set>
#include <tuple>

using namespace cleave;
using llvm::json::Value;

std::string SourcePos::str() const {
  return File + ":" + std::to_string(Line) + ":" + std::to_string(Column);
}

static bool sameExpr(const SymExpr::Ptr &A, const SymExpr::Ptr &B) {
  return A == B || (A && B && A->str() == B->str());
}

bool RowShape::operator==(const RowShape &O) const {
  return sameExpr(Stride, O.Stride) && sameExpr(ColLo, O.ColLo) && sameExpr(ColHi, O.ColHi);
}

std::string cleave::globalKey(llvm::StringRef Name) { return "::" + Name.str(); }

bool cleave::isGlobalKey(llvm::StringRef Param) { return Param.starts_with("::"); }

bool cleave::setsLocale(const FunctionInfo &F) {
  return llvm::any_of(F.Local.Calls, [](const CallEffect &C) {
    return llvm::is_contained(LocaleSetters, llvm::StringRef(C.Callee));
  });
}

namespace {
/// Set for the analyses of the files of one program (setLocaleSetByProgram).
bool LocaleSetByProgram = false;
} // namespace

void cleave::setLocaleSetByProgram(bool Set) { LocaleSetByProgram = Set; }
bool cleave::localeSetByProgram() { return LocaleSetByProgram; }

std::string cleave::pointeesKey(llvm::StringRef Param) { return Param.str() + "[]"; }

bool cleave::isPointeesKey(llvm::StringRef Param) { return Param.ends_with("[]"); }

std::string cleave::pointersOf(llvm::StringRef Key) { return Key.drop_back(2).str(); }

std::string cleave::regionText(const std::string &Param, const SymExpr::Ptr &Lo,
                               const SymExpr::Ptr &Hi, const RowShape &Rows) {
  // `[0: ::BS]`, where a bound names a global (TUAnalysis::Stable).
  auto Range = [](const SymExpr::Ptr &From, const SymExpr::Ptr &To) {
    std::string Last = To->str();
    return "[" + From->str() + (llvm::StringRef(Last).starts_with(":") ? ": " : ":") + Last + "]";
  };
  if (isPointeesKey(Param))
    return pointersOf(Param) + Range(Lo, Hi) + "->" + Range(Rows.ColLo, Rows.ColHi);
  std::string S = Param + Range(Lo, Hi);
  if (Rows)
    S += Range(Rows.ColLo, Rows.ColHi) + " (rows of " + Rows.Stride->str() + ")";
  return S;
}

std::optional<int64_t>
cleave::regionElements(const SymExpr::Ptr &Lo, const SymExpr::Ptr &Hi, const RowShape &Rows,
                       const std::function<std::optional<int64_t>(llvm::StringRef)> &Lookup) {
  auto Length = [&](const SymExpr::Ptr &From, const SymExpr::Ptr &To) -> std::optional<int64_t> {
    auto L = evaluate(From, Lookup), H = evaluate(To, Lookup);
    int64_t D;
    if (!L || !H || llvm::SubOverflow(*H, *L, D))
      return std::nullopt;
    return std::max<int64_t>(D, 0);
  };
  std::optional<int64_t> Count = Length(Lo, Hi);
  if (!Count || !Rows)
    return Count;
  std::optional<int64_t> Columns = Length(Rows.ColLo, Rows.ColHi);
  int64_t Product;
  if (!Columns || llvm::MulOverflow(*Count, *Columns, Product))
    return std::nullopt;
  return Product;
}

std::string Region::str() const { return regionText(Param, Lo, Hi, Rows); }

std::string AccessRegion::str() const {
  if (Reachable)
    return Param + "->{" + llvm::join(Fields, ",") + "}*";
  if (!Unbounded.empty())
    return isPointeesKey(Param) ? pointersOf(Param) + "[?]->[?]" : Param + "[?]";
  return regionText(Param, Lo, Hi, Rows);
}

bool AccessRegion::operator==(const AccessRegion &O) const {
  return Param == O.Param && Write == O.Write && sameExpr(Lo, O.Lo) && sameExpr(Hi, O.Hi) &&
         Rows == O.Rows && Reachable == O.Reachable && Fields == O.Fields &&
         Unbounded == O.Unbounded && Extent == O.Extent && Widened == O.Widened && Via == O.Via;
}

bool AccessRegion::widenToGlobal() {
  if (Unbounded.empty() || !Extent || !isGlobalKey(Param))
    return false;
  Widened = std::move(Unbounded);
  Unbounded.clear();
  Rows = RowShape();
  Lo = SymExpr::constant(0);
  Hi = SymExpr::constant(Extent);
  return true;
}

bool EffectInfo::operator==(const EffectInfo &O) const {
  return GlobalsRead == O.GlobalsRead && GlobalsWritten == O.GlobalsWritten &&
         Accesses == O.Accesses && InputOutput == O.InputOutput &&
         UnknownCalls == O.UnknownCalls && Allocation == O.Allocation && Other == O.Other &&
         PastArray == O.PastArray && Aliasing == O.Aliasing;
}

// The JSON is streamed, never built as a json::Value tree: the tree of a large
// program takes several times the memory of the model and most of the time
// to write it. Each object's keys are written in sorted order.
using llvm::json::OStream;

/// A string without a copy: json::Value keeps a StringRef as it is.
static Value text(const std::string &S) { return llvm::StringRef(S); }

static void writeStrings(OStream &J, llvm::StringRef Key, const std::vector<std::string> &Items) {
  J.attributeArray(Key, [&] {
    for (const std::string &S : Items)
      J.value(text(S));
  });
}

template <typename T, typename WriteFn>
static void writeArray(OStream &J, llvm::StringRef Key, const std::vector<T> &Items,
                       WriteFn Write) {
  J.attributeArray(Key, [&] {
    for (const T &I : Items)
      Write(J, I);
  });
}

static void writePos(OStream &J, llvm::StringRef Key, const SourcePos &P) {
  J.attributeObject(Key, [&] {
    J.attribute("column", P.Column);
    J.attribute("file", text(P.File));
    J.attribute("line", P.Line);
  });
}

/// A region of rows: its columns and stride ("lo" and "hi" count rows then).
static void writeRows(OStream &J, const RowShape &Rows) {
  if (!Rows)
    return;
  J.attribute("column_hi", Rows.ColHi->str());
  J.attribute("column_lo", Rows.ColLo->str());
}

static void writeRegion(OStream &J, const Region &R) {
  J.object([&] {
    J.attribute("access", R.ReadOnly ? "read" : "read-write");
    writeRows(J, R.Rows);
    J.attribute("hi", R.Hi->str());
    J.attribute("inferred", R.Inferred);
    J.attribute("lo", R.Lo->str());
    J.attribute("param", text(R.Param));
    if (R.Rows)
      J.attribute("stride", R.Rows.Stride->str());
    if (!R.Widened.empty())
      J.attribute("widened", text(R.Widened));
  });
}

static void writeAccess(OStream &J, const AccessRegion &R) {
  J.object([&] {
    J.attribute("access", R.Write ? "write" : "read");
    bool Interval = !R.Reachable && R.Unbounded.empty();
    if (Interval) {
      writeRows(J, R.Rows);
      J.attribute("hi", R.Hi->str());
      J.attribute("lo", R.Lo->str());
    }
    J.attribute("param", text(R.Param));
    if (Interval && R.Rows)
      J.attribute("stride", R.Rows.Stride->str());
    if (R.Reachable)
      writeStrings(J, "reachable_through", R.Fields);
    else if (!R.Unbounded.empty())
      J.attribute("unbounded", text(R.Unbounded));
    if (!R.Widened.empty())
      J.attribute("widened", text(R.Widened));
    if (!R.Via.empty())
      J.attribute("via", text(R.Via));
  });
}

static void writeFacts(OStream &J, llvm::StringRef Key, const std::vector<EffectFact> &Facts) {
  writeArray(J, Key, Facts, [](OStream &J, const EffectFact &F) {
    J.object([&] {
      if (F.Constant)
        J.attribute("constant", true);
      J.attribute("name", text(F.Name));
      if (!F.Via.empty())
        J.attribute("via", text(F.Via));
    });
  });
}

/// F.Guard as C writes it: "r - l >= 0".
static std::vector<std::string> guardText(const FunctionInfo &F) {
  std::vector<std::string> Out;
  for (const SymExpr::Ptr &G : F.Guard)
    Out.push_back(G->str() + " >= 0");
  return Out;
}

static void writeEffects(OStream &J, const EffectInfo &E) {
  J.attributeObject("effects", [&] {
    writeStrings(J, "aliasing", E.Aliasing);
    writeFacts(J, "allocation", E.Allocation);
    writeFacts(J, "globals_read", E.GlobalsRead);
    writeFacts(J, "globals_written", E.GlobalsWritten);
    writeFacts(J, "io", E.InputOutput);
    writeFacts(J, "other", E.Other);
    writeFacts(J, "past_array", E.PastArray);
    writeArray(J, "regions", E.Accesses, writeAccess);
    writeFacts(J, "unknown_calls", E.UnknownCalls);
  });
}

static void writeControlFlowJSON(OStream &J, const FunctionInfo &F) {
  J.attributeObject("control_flow", [&] {
    writeArray(J, "blocks", F.Blocks, [](OStream &J, const BasicBlockInfo &B) {
      J.object([&] {
        J.attribute("id", B.Id);
        writeStrings(J, "statements", B.Statements);
        J.attributeArray("successors", [&] {
          for (unsigned S : B.Successors)
            J.value(S);
        });
        if (!B.Terminator.empty())
          J.attribute("terminator", text(B.Terminator));
      });
    });
    writeArray(J, "dependences", F.Dependences, [](OStream &J, const DependenceInfo &D) {
      J.object([&] {
        J.attribute("from", text(D.From));
        J.attribute("kind", text(D.Kind));
        J.attribute("to", text(D.To));
        if (!D.Via.empty())
          J.attribute("via", text(D.Via));
      });
    });
    if (!F.DependencesOmitted.empty())
      J.attribute("dependences_omitted", text(F.DependencesOmitted));
    J.attribute("entry", F.EntryBlock);
    J.attribute("exit", F.ExitBlock);
  });
}

static void writeFunction(OStream &J, const FunctionInfo &F) {
  J.object([&] {
    if (F.Blocks.empty())
      J.attribute("control_flow", nullptr);
    else
      writeControlFlowJSON(J, F);
    J.attribute("defined", F.Defined);
    if (F.Recursive && F.Defined)
      J.attributeObject("divide_and_conquer", [&] {
        J.attribute("recognized", F.DivideAndConquer);
        writeArray(J, "self_calls", F.SelfCalls, [](OStream &J, const SelfCallInfo &C) {
          J.object([&] {
            J.attribute("alpha", C.Alpha ? Value(*C.Alpha) : Value(nullptr));
            writePos(J, "location", C.Pos);
            if (!C.Note.empty())
              J.attribute("note", text(C.Note));
          });
        });
      });
    else
      J.attribute("divide_and_conquer", nullptr);
    if (F.HasBody)
      writeEffects(J, F.Effects);
    else
      J.attribute("effects", nullptr);
    if (!F.Guard.empty())
      writeStrings(J, "entry_guard", guardText(F));
    writePos(J, "location", F.Pos);
    J.attribute("name", text(F.Name));
    writeArray(J, "params", F.Params, [](OStream &J, const ParamInfo &P) {
      J.object([&] {
        J.attribute("name", text(P.Name));
        J.attribute("type", text(P.Type));
      });
    });
    J.attribute("recursive", F.Recursive);
    writeArray(J, "regions", F.Regions, writeRegion);
    writeStrings(J, "remote_blockers", F.RemoteBlockers);
    J.attribute("remote_eligible", F.RemoteBlockers.empty());
    J.attribute("return_type", text(F.ReturnType));
    J.attribute("signature", text(F.Signature));
    J.attribute("storage", F.Static ? "static" : "extern");
    // The function's subtables (seed 004 section 2.3.3).
    J.attributeObject("subtables", [&] {
      writeArray(J, "locals", F.Locals, [](OStream &J, const LocalInfo &L) {
        J.object([&] {
          writePos(J, "location", L.Pos);
          J.attribute("name", text(L.Name));
          J.attribute("storage", text(L.Storage));
          J.attribute("type", text(L.Type));
          J.attribute("unique_name", text(L.UniqueName));
        });
      });
      writeArray(J, "references", F.References, [](OStream &J, const ReferenceInfo &R) {
        J.object([&] {
          J.attribute("access", text(R.Access));
          J.attribute("kind", text(R.Kind));
          writePos(J, "location", R.Pos);
          J.attribute("name", text(R.Name));
          J.attribute("through_pointer", R.ThroughPointer);
        });
      });
    });
    J.attribute("unique_name", text(F.UniqueName));
    J.attribute("variadic", F.Variadic);
  });
}

static void writeType(OStream &J, const TypeInfo &T) {
  J.object([&] {
    J.attribute("align", T.Align);
    if (!T.Anchor.empty())
      J.attribute("anchor", text(T.Anchor));
    J.attribute("complete", T.Complete);
    if (T.Kind == "enum")
      writeArray(J, "constants", T.Members, [](OStream &J, const TypeInfo::Member &M) {
        J.object([&] {
          J.attribute("name", text(M.Name));
          J.attribute("value", M.Value);
        });
      });
    if (T.Kind == "array")
      J.attribute("count", T.Count);
    if (T.Kind == "struct" || T.Kind == "union")
      writeArray(J, "fields", T.Members, [](OStream &J, const TypeInfo::Member &M) {
        J.object([&] {
          J.attribute("name", text(M.Name));
          J.attribute("offset_bits", M.Value);
          J.attribute("type", text(M.Type));
        });
      });
    J.attribute("key", text(T.Key));
    J.attribute("kind", text(T.Kind));
    if (!T.Pos.File.empty())
      writePos(J, "location", T.Pos);
    bool Function = T.Kind == "function";
    if (!T.Of.empty() && !Function)
      J.attribute("of", text(T.Of));
    if (Function)
      writeStrings(J, "params", T.Params);
    if (!T.Qualifiers.empty())
      writeStrings(J, "qualifiers", T.Qualifiers);
    if (!T.Of.empty() && Function)
      J.attribute("returns", text(T.Of));
    J.attribute("size", T.Size);
    J.attribute("spelling", text(T.Spelling));
  });
}

static void writeGlobal(OStream &J, const GlobalInfo &G) {
  J.object([&] {
    J.attribute("defined", G.Defined);
    J.attribute("initialized", G.Initialized);
    writePos(J, "location", G.Pos);
    J.attribute("name", text(G.Name));
    J.attribute("storage", text(G.Storage));
    J.attribute("type", text(G.Type));
  });
}

static void writeCallSite(OStream &J, const CallSiteInfo &C) {
  J.object([&] {
    writeStrings(J, "arguments", C.Arguments);
    J.attribute("callee", text(C.Callee));
    J.attribute("callee_defined", C.CalleeDefined);
    J.attribute("caller", text(C.Caller));
    writePos(J, "location", C.Pos);
    J.attribute("remote_eligible", C.Sequential.empty());
    writeStrings(J, "sequential", C.Sequential);
  });
}

static void writeUncorrelated(OStream &J, const UncorrelatedInfo &U) {
  J.object([&] {
    J.attribute("kind", text(U.Kind));
    J.attribute("name", text(U.Name));
    writeStrings(J, "referenced_by", U.ReferencedBy);
    J.attribute("type", text(U.Type));
  });
}

void cleave::writeJSON(const ProgramModel &M, llvm::raw_ostream &OS) {
  OStream J(OS, 2);
  J.object([&] {
    writeArray(J, "call_sites", M.CallSites, writeCallSite);
    writeStrings(J, "files", M.Files);
    writeArray(J, "functions", M.Functions, writeFunction);
    writeArray(J, "globals", M.Globals, writeGlobal);
    writeArray(J, "types", M.Types, writeType);
    writeArray(J, "uncorrelated", M.Uncorrelated, writeUncorrelated);
  });
  OS << "\n";
}

/// The effect summary for people, a line a fact.
static void printEffects(const EffectInfo &E, llvm::StringRef Indent, llvm::raw_ostream &OS) {
  auto Via = [](const std::string &V) { return V.empty() ? "" : " (in '" + V + "')"; };
  for (const AccessRegion &R : E.Accesses) {
    OS << Indent << (R.Write ? "writes " : "reads ") << R.str();
    if (!R.Unbounded.empty())
      OS << ", unbounded: " << R.Unbounded;
    if (!R.Widened.empty())
      OS << ", its array's bounds: " << R.Widened;
    OS << Via(R.Via) << "\n";
  }
  for (const EffectFact &F : E.GlobalsRead)
    OS << Indent << "reads " << (F.Constant ? "constant " : "") << "global " << F.Name
       << Via(F.Via) << "\n";
  for (const EffectFact &F : E.GlobalsWritten)
    OS << Indent << "writes global " << F.Name << Via(F.Via) << "\n";
  for (const EffectFact &F : E.InputOutput)
    OS << Indent << "does I/O with " << F.Name << Via(F.Via) << "\n";
  for (const EffectFact &F : E.UnknownCalls)
    OS << Indent << "calls " << F.Name << ", effects unknown" << Via(F.Via) << "\n";
  for (const EffectFact &F : E.Allocation)
    OS << Indent << "frees memory it did not allocate, with " << F.Name << Via(F.Via) << "\n";
  for (const EffectFact &F : E.Other)
    OS << Indent << F.Name << Via(F.Via) << "\n";
  for (const EffectFact &F : E.PastArray)
    OS << Indent << "stays on its node where regions are copied: " << F.Name << Via(F.Via)
       << "\n";
  for (const std::string &A : E.Aliasing)
    OS << Indent << "aliasing: " << A << "\n";
}

void cleave::printText(const ProgramModel &M, llvm::raw_ostream &OS) {
  for (const std::string &File : M.Files)
    OS << "file " << File << "\n";
  for (const TypeInfo &T : M.Types) {
    OS << "type " << T.Key << ": " << T.Kind;
    if (T.Kind != "function")
      OS << (T.Complete ? ", " + std::to_string(T.Size) + " bytes, align " + std::to_string(T.Align)
                        : std::string(", incomplete"));
    if (!T.Of.empty())
      OS << (T.Kind == "function" ? ", returns " : ", of ") << T.Of;
    if (T.Kind == "array")
      OS << " x " << T.Count;
    if (!T.Qualifiers.empty())
      OS << " [" << llvm::join(T.Qualifiers, " ") << "]";
    if (!T.Anchor.empty() && T.Anchor != T.Of)
      OS << ", anchored at " << T.Anchor;
    OS << "\n";
    for (const TypeInfo::Member &Mb : T.Members)
      if (T.Kind == "enum")
        OS << "  " << Mb.Name << " = " << Mb.Value << "\n";
      else
        OS << "  " << Mb.Name << ": " << Mb.Type << " at bit " << Mb.Value << "\n";
  }
  for (const FunctionInfo &F : M.Functions) {
    OS << "function " << F.Name << " at " << F.Pos.str() << "\n";
    OS << "  signature: " << F.Signature << "\n";
    OS << "  " << (F.Defined ? "defined" : "declared only") << ", "
       << (F.Static ? "static" : "extern")
       << (F.Recursive ? ", recursive" : "") << "\n";
    for (const Region &R : F.Regions)
      OS << "  region: " << R.str() << (R.ReadOnly ? " (read" : " (read-write")
         << (R.Inferred ? ", inferred)" : ")")
         << (R.Widened.empty() ? "" : ", its array's bounds: " + R.Widened) << "\n";
    if (!F.Guard.empty())
      OS << "  tests on entry: " << llvm::join(guardText(F), ", ")
         << " (runs as written where they fail)\n";
    if (F.RemoteBlockers.empty())
      OS << "  can run on another node\n";
    for (const std::string &Why : F.RemoteBlockers)
      OS << "  stays local: " << Why << "\n";
    if (F.HasBody)
      printEffects(F.Effects, "  ", OS);
    if (F.DivideAndConquer)
      OS << "  divide and conquer\n";
    for (const SelfCallInfo &C : F.SelfCalls) {
      OS << "  self-call at " << C.Pos.Line << ":" << C.Pos.Column << ": alpha ";
      if (C.Alpha)
        OS << llvm::format("%g", *C.Alpha) << "\n";
      else
        OS << "unknown, " << C.Note << "\n";
    }
    for (const LocalInfo &L : F.Locals)
      OS << "  local " << L.UniqueName << ": " << L.Type
         << (L.Storage == "auto" ? "" : ", " + L.Storage) << " at line " << L.Pos.Line << "\n";
    for (const ReferenceInfo &R : F.References)
      OS << "  " << R.Access << " " << R.Kind << " " << R.Name
         << (R.ThroughPointer ? " through a pointer" : "") << " at " << R.Pos.Line << ":"
         << R.Pos.Column << "\n";
    for (const BasicBlockInfo &B : F.Blocks)
      for (size_t I = 0; I < B.Statements.size(); ++I)
        OS << "  statement B" << B.Id << "." << I << " at line " << B.Statements[I] << "\n";
    for (const DependenceInfo &D : F.Dependences)
      OS << "  " << D.Kind << " dependence " << D.From << " -> " << D.To
         << (D.Via.empty() ? "" : " via " + D.Via) << "\n";
    if (!F.DependencesOmitted.empty())
      OS << "  no dependences: " << F.DependencesOmitted << "\n";
  }
  for (const GlobalInfo &G : M.Globals)
    OS << "global " << G.Name << " at " << G.Pos.str() << ": " << G.Type << ", "
       << G.Storage << (G.Defined ? ", defined" : ", declared only")
       << (G.Initialized ? ", initialized" : "") << "\n";
  for (const UncorrelatedInfo &U : M.Uncorrelated)
    OS << "uncorrelated " << U.Kind << " " << U.Name << ": " << U.Type << ", referenced by "
       << llvm::join(U.ReferencedBy, ", ") << "\n";
  for (const CallSiteInfo &C : M.CallSites)
    OS << "call " << C.Caller << " -> "
       << (C.Callee.empty() ? "<pointer>" : C.Callee) << " at " << C.Pos.str()
       << " (" << llvm::join(C.Arguments, ", ") << ")"
       << (C.CalleeDefined ? "" : " [not defined here]") << "\n";
}

/// Appends the entries of \p From to \p Into, one per key of \p KeyOf
/// (\p Index maps the keys already there to their places): an entry already
/// there stays unless \p Better prefers the new one.
template <typename T, typename KeyFn, typename BetterFn>
static void mergeByKey(std::vector<T> &Into, std::map<std::string, size_t> &Index,
                       std::vector<T> From, KeyFn KeyOf, BetterFn Better) {
  for (T &Item : From) {
    auto [It, New] = Index.emplace(KeyOf(Item), Into.size());
    if (New)
      Into.push_back(std::move(Item));
    else if (Better(Item, Into[It->second]))
      Into[It->second] = std::move(Item);
  }
}

ProgramModel cleave::mergeModels(std::vector<ProgramModel> Parts) {
  // All parts at once, each table indexed by key as it grows: merging one
  // part at a time into a sorted whole took time quadratic in the files.
  ProgramModel Into;
  std::map<std::string, size_t> Types, Functions, Globals, Uncorrelated;
  // A static function or global is its file's own: its key names the file.
  auto Scoped = [](const std::string &Name, bool Static, const SourcePos &P) {
    return Static ? P.File + "::" + Name : Name;
  };
  auto DefinitionWins = [](const auto &New, const auto &Old) { return New.Defined && !Old.Defined; };
  for (ProgramModel &From : Parts) {
    std::move(From.Files.begin(), From.Files.end(), std::back_inserter(Into.Files));
    mergeByKey(Into.Types, Types, std::move(From.Types), [](const TypeInfo &T) { return T.Key; },
               [](const TypeInfo &New, const TypeInfo &Old) { return New.Complete && !Old.Complete; });
    mergeByKey(Into.Functions, Functions, std::move(From.Functions),
               [&](const FunctionInfo &F) { return Scoped(F.Name, F.Static, F.Pos); },
               DefinitionWins);
    mergeByKey(Into.Globals, Globals, std::move(From.Globals),
               [&](const GlobalInfo &G) { return Scoped(G.Name, G.Storage == "static", G.Pos); },
               DefinitionWins);
    std::move(From.CallSites.begin(), From.CallSites.end(), std::back_inserter(Into.CallSites));
    for (UncorrelatedInfo &U : From.Uncorrelated) {
      auto [It, New] = Uncorrelated.emplace(U.Name, Into.Uncorrelated.size());
      if (New) {
        Into.Uncorrelated.push_back(std::move(U));
        continue;
      }
      std::vector<std::string> &By = Into.Uncorrelated[It->second].ReferencedBy;
      std::move(U.ReferencedBy.begin(), U.ReferencedBy.end(), std::back_inserter(By));
    }
  }
  // What one file references without a definition another may define.
  std::set<std::string> Defined;
  for (const FunctionInfo &F : Into.Functions)
    if (F.Defined)
      Defined.insert(F.UniqueName);
  for (const GlobalInfo &G : Into.Globals)
    if (G.Defined && G.Storage == "extern")
      Defined.insert(G.Name);
  llvm::erase_if(Into.Uncorrelated,
                 [&](const UncorrelatedInfo &U) { return Defined.count(U.Name); });
  for (UncorrelatedInfo &U : Into.Uncorrelated) {
    llvm::sort(U.ReferencedBy);
    U.ReferencedBy.erase(std::unique(U.ReferencedBy.begin(), U.ReferencedBy.end()),
                         U.ReferencedBy.end());
  }
  llvm::sort(Into.Uncorrelated,
             [](const UncorrelatedInfo &A, const UncorrelatedInfo &B) { return A.Name < B.Name; });
  llvm::sort(Into.Types, [](const TypeInfo &A, const TypeInfo &B) { return A.Key < B.Key; });
  auto ByNameThenFile = [](const auto &A, const auto &B) {
    return std::tie(A.Name, A.Pos.File) < std::tie(B.Name, B.Pos.File);
  };
  llvm::stable_sort(Into.Functions, ByNameThenFile);
  llvm::stable_sort(Into.Globals, ByNameThenFile);
  return Into;
}

llvm::Error cleave::explainFunction(const ProgramModel &M, llvm::StringRef Function,
                                    llvm::raw_ostream &OS) {
  std::vector<const FunctionInfo *> Found;
  for (const FunctionInfo &F : M.Functions)
    if (F.Name == Function)
      Found.push_back(&F);
  if (Found.empty())
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "no function named '%s' in the program",
                                   Function.str().c_str());
  for (const FunctionInfo *F : Found) {
    OS << F->Signature << "\n  at " << F->Pos.str() << ", "
       << (F->Defined ? "defined" : "declared only")
       << (F->Recursive ? ", recursive" : "") << "\n";
    for (const Region &R : F->Regions)
      OS << "  region " << R.str() << (R.ReadOnly ? ", read" : ", read and written")
         << (R.Inferred ? ", found by the analysis" : ", given by a pragma") << "\n";
    if (F->RemoteBlockers.empty())
      OS << "  a call of '" << F->Name << "' can run on another node\n";
    else
      OS << "  a call of '" << F->Name << "' stays on the caller's node, because it:\n";
    for (const std::string &Why : F->RemoteBlockers)
      OS << "    - " << Why << "\n";
    if (F->HasBody) {
      OS << "  effects, through the functions it calls:\n";
      printEffects(F->Effects, "    ", OS);
    }
    OS << "  calls:\n";
    for (const CallSiteInfo &C : M.CallSites)
      if (C.Caller == F->Name)
        OS << "    " << (C.Callee.empty() ? "<pointer>" : C.Callee) << " at " << C.Pos.str()
           << (C.CalleeDefined ? "" : " (not defined in the program)") << "\n";
    OS << "  called by:\n";
    for (const CallSiteInfo &C : M.CallSites)
      if (C.Callee == F->Name)
        OS << "    " << C.Caller << " at " << C.Pos.str() << "\n";
  }
  return llvm::Error::success();
}

/// DOT's quoting of \p Lines as one string, each line left-justified.
static std::string dotQuote(const std::vector<std::string> &Lines) {
  std::string Out = "\"";
  for (const std::string &Line : Lines) {
    for (char C : Line) {
      if (C == '"' || C == '\\')
        Out += '\\';
      Out += C;
    }
    if (Lines.size() > 1)
      Out += "\\l";
  }
  return Out + "\"";
}
static std::string dotQuote(llvm::StringRef S) { return dotQuote(std::vector<std::string>{S.str()}); }

/// The blocks of \p F's control-flow graph and their edges, as DOT nodes
/// named from \p Prefix.
static void writeControlFlow(const FunctionInfo &F, const std::string &Prefix,
                             llvm::raw_ostream &OS) {
  for (const BasicBlockInfo &B : F.Blocks) {
    std::vector<std::string> Label = {
        "B" + std::to_string(B.Id) +
        (B.Id == F.EntryBlock ? " (entry)" : B.Id == F.ExitBlock ? " (exit)" : "")};
    Label.insert(Label.end(), B.Statements.begin(), B.Statements.end());
    if (!B.Terminator.empty())
      Label.push_back("[" + B.Terminator + "]");
    OS << "    " << Prefix << B.Id << " [label=" << dotQuote(Label) << "];\n";
    for (unsigned S : B.Successors)
      OS << "    " << Prefix << B.Id << " -> " << Prefix << S << ";\n";
  }
}

/// The statements of \p F and their dependences, as DOT nodes named from
/// \p Prefix: flow solid, anti dashed, output dotted, control labelled C.
static void writeDependences(const FunctionInfo &F, const std::string &Prefix,
                             llvm::raw_ostream &OS) {
  auto Node = [&](const std::string &Name) {
    std::string Id = Name;
    std::replace(Id.begin(), Id.end(), '.', '_');
    return Prefix + Id;
  };
  for (const BasicBlockInfo &B : F.Blocks)
    for (size_t I = 0; I < B.Statements.size(); ++I) {
      std::string Name = "B" + std::to_string(B.Id) + "." + std::to_string(I);
      OS << "    " << Node(Name) << " [label=" << dotQuote(Name + "  " + B.Statements[I])
         << "];\n";
    }
  if (!F.DependencesOmitted.empty())
    OS << "    " << Prefix << "omitted [shape=note, label=" << dotQuote(F.DependencesOmitted)
       << "];\n";
  for (const DependenceInfo &D : F.Dependences) {
    OS << "    " << Node(D.From) << " -> " << Node(D.To);
    if (D.Kind == "control")
      OS << " [label=\"C\"]";
    else
      OS << " [style=" << (D.Kind == "flow" ? "solid" : D.Kind == "anti" ? "dashed" : "dotted")
         << ", label=" << dotQuote(D.Via) << "]";
    OS << ";\n";
  }
}

void cleave::writeDot(const ProgramModel &M, GraphKind Kind, llvm::raw_ostream &OS) {
  if (Kind == GraphKind::CallGraph) {
    OS << "digraph callgraph {\n  node [fontname=\"monospace\"];\n";
    std::map<std::string, bool> Nodes; // name -> defined
    for (const FunctionInfo &F : M.Functions)
      Nodes[F.Name] = Nodes[F.Name] || F.Defined;
    std::map<std::pair<std::string, std::string>, unsigned> Edges;
    for (const CallSiteInfo &C : M.CallSites) {
      std::string Callee = C.Callee.empty() ? "(pointer)" : C.Callee;
      Nodes.emplace(Callee, false);
      ++Edges[{C.Caller, Callee}];
    }
    for (const auto &[Name, Defined] : Nodes) {
      bool Recursive = llvm::any_of(M.Functions, [&](const FunctionInfo &F) {
        return F.Name == Name && F.Recursive;
      });
      OS << "  " << dotQuote(Name) << " [shape=" << (Defined ? "box" : "ellipse")
         << (Defined ? "" : ", style=dashed") << (Recursive ? ", penwidth=2" : "") << "];\n";
    }
    for (const auto &[Pair, Count] : Edges)
      OS << "  " << dotQuote(Pair.first) << " -> " << dotQuote(Pair.second)
         << (Count > 1 ? " [label=\"" + std::to_string(Count) + "\"]" : "") << ";\n";
    OS << "}\n";
    return;
  }
  // One cluster per function with a body; node names start with the
  // cluster's prefix, so that equal block names of two functions stay apart.
  bool Dependences = Kind == GraphKind::Dependences;
  OS << "digraph " << (Dependences ? "ddg" : "cfg")
     << " {\n  node [shape=box, fontname=\"monospace\"];\n";
  unsigned Cluster = 0;
  for (const FunctionInfo &F : M.Functions) {
    if (F.Blocks.empty())
      continue;
    std::string Prefix = "f" + std::to_string(Cluster) + "_";
    OS << "  subgraph cluster_" << Cluster++ << " {\n    label=" << dotQuote(F.UniqueName)
       << ";\n";
    if (Dependences)
      writeDependences(F, Prefix, OS);
    else
      writeControlFlow(F, Prefix, OS);
    OS << "  }\n";
  }
  OS << "}\n";
}
