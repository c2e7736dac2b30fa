/// \file
/// JSON and text forms of the program model.
#include "analysis/ProgramModel.h"

#include "llvm/ADT/StringExtras.h"

using namespace cleave;
using llvm::json::Array;
using llvm::json::Object;
using llvm::json::Value;

std::string SourcePos::str() const {
  return File + ":" + std::to_string(Line) + ":" + std::to_string(Column);
}

std::string Region::str() const {
  return Param + "[" + Lo->str() + ":" + Hi->str() + "]";
}

Value cleave::toJSON(const SourcePos &P) {
  return Object{{"file", P.File}, {"line", P.Line}, {"column", P.Column}};
}

Value cleave::toJSON(const Region &R) {
  return Object{{"param", R.Param},
                {"lo", R.Lo->str()},
                {"hi", R.Hi->str()},
                {"access", R.ReadOnly ? "read" : "read-write"}};
}

template <typename T> static Array arrayOf(const std::vector<T> &Items) {
  Array A;
  for (const T &I : Items)
    A.push_back(toJSON(I));
  return A;
}

static Array strings(const std::vector<std::string> &Items) {
  Array A;
  for (const std::string &S : Items)
    A.push_back(S);
  return A;
}

Value cleave::toJSON(const FunctionInfo &F) {
  Array Params;
  for (const ParamInfo &P : F.Params)
    Params.push_back(Object{{"name", P.Name}, {"type", P.Type}});
  return Object{{"name", F.Name},
                {"location", toJSON(F.Pos)},
                {"return_type", F.ReturnType},
                {"params", std::move(Params)},
                {"defined", F.Defined},
                {"storage", F.Static ? "static" : "extern"},
                {"variadic", F.Variadic},
                {"recursive", F.Recursive},
                {"regions", arrayOf(F.Regions)},
                {"remote_eligible", F.RemoteBlockers.empty()},
                {"remote_blockers", strings(F.RemoteBlockers)}};
}

Value cleave::toJSON(const GlobalInfo &G) {
  return Object{{"name", G.Name},          {"type", G.Type},
                {"location", toJSON(G.Pos)}, {"storage", G.Storage},
                {"defined", G.Defined},      {"initialized", G.Initialized}};
}

Value cleave::toJSON(const CallSiteInfo &C) {
  return Object{{"caller", C.Caller},
                {"callee", C.Callee},
                {"location", toJSON(C.Pos)},
                {"arguments", strings(C.Arguments)},
                {"callee_defined", C.CalleeDefined}};
}

Value cleave::toJSON(const ProgramModel &M) {
  return Object{{"files", strings(M.Files)},
                {"functions", arrayOf(M.Functions)},
                {"globals", arrayOf(M.Globals)},
                {"call_sites", arrayOf(M.CallSites)}};
}

static std::string signature(const FunctionInfo &F) {
  std::vector<std::string> Params;
  for (const ParamInfo &P : F.Params)
    Params.push_back(P.Name.empty() ? P.Type
                     : P.Type + (llvm::StringRef(P.Type).ends_with("*") ? "" : " ") + P.Name);
  if (F.Variadic)
    Params.push_back("...");
  return F.ReturnType + " " + F.Name + "(" + llvm::join(Params, ", ") + ")";
}

void cleave::printText(const ProgramModel &M, llvm::raw_ostream &OS) {
  for (const std::string &File : M.Files)
    OS << "file " << File << "\n";
  for (const FunctionInfo &F : M.Functions) {
    OS << "function " << F.Name << " at " << F.Pos.str() << "\n";
    OS << "  signature: " << signature(F) << "\n";
    OS << "  " << (F.Defined ? "defined" : "declared only") << ", "
       << (F.Static ? "static" : "extern")
       << (F.Recursive ? ", recursive" : "") << "\n";
    for (const Region &R : F.Regions)
      OS << "  region: " << R.str() << (R.ReadOnly ? " (read)" : " (read-write)")
         << "\n";
    if (F.RemoteBlockers.empty())
      OS << "  can run on another node\n";
    for (const std::string &Why : F.RemoteBlockers)
      OS << "  stays local: " << Why << "\n";
  }
  for (const GlobalInfo &G : M.Globals)
    OS << "global " << G.Name << " at " << G.Pos.str() << ": " << G.Type << ", "
       << G.Storage << (G.Defined ? ", defined" : ", declared only")
       << (G.Initialized ? ", initialized" : "") << "\n";
  for (const CallSiteInfo &C : M.CallSites)
    OS << "call " << C.Caller << " -> "
       << (C.Callee.empty() ? "<pointer>" : C.Callee) << " at " << C.Pos.str()
       << " (" << llvm::join(C.Arguments, ", ") << ")"
       << (C.CalleeDefined ? "" : " [not defined here]") << "\n";
}
