/// \file
/// The emitted program: source rewriting with clang::Rewriter, the generated
/// stubs (marshaling through the runtime's buffers), and the build file.
#include "transform/Emitter.h"

#include "analysis/Marshaling.h"
#include "transform/MarshalInternal.h"

#include "clang/AST/Decl.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "clang/Rewrite/Core/Rewriter.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/xxhash.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"
#include <map>
#include <set>

using namespace cleave;
using namespace clang;

namespace {

/// How a function's parameters travel, and how they are spelled in the stubs
/// (transform/MarshalInternal.h): canonical types, enumerations as their
/// integer types, no top-level qualifiers.
class Signature {
public:
  enum class Passing {
    Value,  ///< a scalar or a struct, by value
    Region, ///< a pointer with a region: its elements, copied or shared
    Linked, ///< a pointer to a linked structure: copied whole, not back
    Within, ///< a pointer into the region of Base: its distance from Base
    /// an array of row pointers (analysis/ProgramModel.h, pointeesKey):
    /// R is its pointers' region, Behind their rows'. Shared, the array
    /// travels as its address; copied, its pointers as addresses and each
    /// row as a region (clv_buf_put_row), the serving side making an array
    /// of pointers of its own
    Address,
  };
  struct Param {
    std::string Name;
    QualType Type;
    Passing How = Passing::Value;
    /// Region: as on any node (TUAnalysis::boundOnAnyNode).
    std::optional<Region> R;
    std::optional<Region> Behind; ///< Address: where its rows are touched
    std::string RowKind;          ///< Address: the kind of its rows' values
    QualType Elem;    ///< Region: the element type, unqualified
    std::string Base; ///< Within
    /// A global's region (analysis/ProgramModel.h, globalKey): the global,
    /// which the stubs reach through cleave_global_NAME(), defined at the
    /// end of its file (a static one has no name elsewhere); Name is then
    /// cleave_g_NAME, the prefix of the stubs' variables for it.
    std::string Global;
    /// A global's: how many elements of Elem it holds; 0 for a pointer.
    uint64_t Extent = 0;
    /// A global's: a pointer, whose array the region is in (globalPointee);
    /// the call runs where it was made wherever regions are copied
    /// (TUAnalysis::homeWhereCopied), and the accessor gives its value.
    bool Pointer = false;
    /// A global's: the function the stubs reach it through,
    /// cleave_global_NAME, or in a program of several files
    /// cleave_global_NAME__TAG (each file defines its own).
    std::string Accessor;
  };

  /// \p Tag names F's file among the program's files ("" for a program of
  /// one file): a static function whose name another file defines too has
  /// it in the names of its stubs, and so have the accessors of globals.
  Signature(const FunctionDecl *F, TUAnalysis &A, const std::string &Tag)
      : F(F), Stub(F->getNameAsString()), Policy(A.context().getLangOpts()) {
    if (F->getStorageClass() == SC_Static && A.definedInAnotherFile(F->getName()))
      Stub += "__" + Tag;
    Policy.SuppressTagKeyword = false;
    ASTContext &Ctx = A.context();
    for (const ParmVarDecl *P : F->parameters()) {
      Param Out;
      Out.Name = P->getNameAsString();
      Out.Type = P->getType().getCanonicalType().getUnqualifiedType();
      // A K&R definition receives its arguments promoted (float as double,
      // char and short as int); a prototype with the promoted types is the
      // one compatible with it.
      if (!F->hasPrototype()) {
        if (Ctx.isPromotableIntegerType(Out.Type))
          Out.Type = Ctx.getPromotedIntegerType(Out.Type);
        else if (Out.Type->isSpecificBuiltinType(BuiltinType::Float))
          Out.Type = Ctx.DoubleTy;
      }
      auto R = llvm::find_if(A.regions(F), [&](const Region &R) { return R.Param == Out.Name; });
      auto Rows = llvm::find_if(A.regions(F), [&](const Region &R) {
        return R.Param == pointeesKey(Out.Name);
      });
      if (R != A.regions(F).end() && Out.Type->getPointeeType()->isPointerType()) {
        Out.How = Passing::Address;
        Out.R = *R;
        if (Rows != A.regions(F).end())
          Out.Behind = *Rows;
        Out.RowKind = scalarKind(Out.Type->getPointeeType()->getPointeeType(), Ctx);
      } else if (R != A.regions(F).end()) {
        Out.How = Passing::Region;
        Out.R = *R;
        for (SymExpr::Ptr *Bound :
             {&Out.R->Lo, &Out.R->Hi, &Out.R->Rows.Stride, &Out.R->Rows.ColLo, &Out.R->Rows.ColHi})
          if (*Bound)
            *Bound = A.boundOnAnyNode(F, *Bound);
        Out.Elem = Out.Type->getPointeeType().getCanonicalType().getUnqualifiedType();
      } else if (auto Within = A.within(F);
                 Within.count(Out.Name) && llvm::any_of(A.regions(F), [&](const Region &R) {
                   return R.Param == Within.at(Out.Name);
                 })) {
        Out.How = Passing::Within;
        Out.Base = Within.at(Out.Name);
      } else if (A.passesLinkedStructure(F, P)) {
        Out.How = Passing::Linked;
      }
      Params.push_back(Out);
    }
    for (const Region &R : A.regions(F))
      if (const VarDecl *G = A.global(R.Param)) {
        Param Out;
        Out.Global = G->getNameAsString();
        Out.Name = "cleave_g_" + Out.Global;
        Out.Accessor = "cleave_global_" + Out.Global + (Tag.empty() ? "" : "__" + Tag);
        Out.How = Passing::Region;
        Out.R = R;
        for (SymExpr::Ptr *Bound :
             {&Out.R->Lo, &Out.R->Hi, &Out.R->Rows.Stride, &Out.R->Rows.ColLo, &Out.R->Rows.ColHi})
          if (*Bound)
            *Bound = A.boundOnAnyNode(F, *Bound);
        // What a global pointer points to has no extent the stubs know.
        Out.Pointer = G->getType()->isPointerType();
        Out.Elem = Out.Pointer ? globalPointee(G, Ctx) : travellingGlobal(G, Ctx);
        Out.Type = Ctx.getPointerType(Out.Elem);
        Out.Extent = Out.Pointer ? 0 : Ctx.getTypeSize(G->getType()) / Ctx.getTypeSize(Out.Elem);
        Globals.push_back(Out);
      }
    // A bound that reads a global (TUAnalysis::Stable) reads it through
    // its accessor.
    SymMap Read;
    for (const Param &G : Globals)
      Read[globalKey(G.Global)] = SymExpr::variable("(*" + G.Accessor + "())");
    for (std::vector<Param> *List : {&Params, &Globals})
      for (Param &P : *List)
        for (std::optional<Region> *Of : {&P.R, &P.Behind})
          for (SymExpr::Ptr *Bound : *Of ? std::vector<SymExpr::Ptr *>{&(*Of)->Lo, &(*Of)->Hi,
                                                                       &(*Of)->Rows.Stride,
                                                                       &(*Of)->Rows.ColLo,
                                                                       &(*Of)->Rows.ColHi}
                                         : std::vector<SymExpr::Ptr *>{})
            if (*Bound && llvm::any_of((*Bound)->variables(), isGlobalKey)) {
              *Bound = substitute(*Bound, Read);
              BoundsReadGlobals = true;
            }
    // The entry facts its regions hold under, in C, in long long so that
    // no difference overflows.
    std::vector<std::string> Tests;
    for (const SymExpr::Ptr &G : A.entryGuard(F)) {
      SymMap Wide;
      for (const std::string &V : G->variables())
        Wide[V] = SymExpr::variable("(long long)" +
                                    (Read.count(V) ? Read[V]->str() : V));
      Tests.push_back(substitute(G, Wide)->str() + " >= 0");
    }
    Guard = llvm::join(Tests, " && ");
  }

  /// The entry facts its regions hold under, as a C condition, or "": the
  /// rewritten function runs as written where it fails.
  std::string Guard;
  /// Whether a loop asks whether to spawn its calls (AsyncCall::Tested),
  /// through NAME__loop_spawns.
  bool LoopTested = false;
  /// Whether a spawn of the plan stands under a run-time test against its
  /// calls, or theirs against it (ParallelPlan::Extents): NAME__extents
  /// gives the bytes a call may touch.
  bool Extents = false;
  /// The node a plan sends its spawned calls to (ParallelPlan::Nodes).
  std::optional<unsigned> Node;

  /// The name its stubs' names start with: its own, unique in the program
  /// but for a static function whose name another file defines too.
  std::string name() const { return Stub; }
  /// Whether its parameters or value mention a struct without a tag, which
  /// the stubs' header cannot name (analysis/Marshaling.h).
  bool untagged() const {
    return signatureMentionsUntaggedRecord(F);
  }
  /// "int *a, int *tmp, int n", or "void".
  std::string parameterList() const {
    std::vector<std::string> Out;
    for (const Param &P : Params)
      Out.push_back(declare(P.Type, P.Name));
    return Out.empty() ? "void" : llvm::join(Out, ", ");
  }
  /// "a, tmp, n" with each pointer with a region, within one, or to rows
  /// behind pointers replaced by \p Pointer(param).
  std::string argumentList(llvm::function_ref<std::string(const Param &)> Pointer) const {
    std::vector<std::string> Out;
    for (const Param &P : Params)
      Out.push_back(amongValues(P) ? P.Name : Pointer(P));
    return llvm::join(Out, ", ");
  }
  const Param &param(const std::string &Name) const {
    return *llvm::find_if(Params, [&](const Param &P) { return P.Name == Name; });
  }
  /// Whether its stubs define NAME__extents: for the run-time test of a
  /// spawn (Extents), or to tell whether a call's rows behind pointers
  /// overlap before they are copied.
  bool hasExtents() const { return Extents || !passed(Passing::Address).empty(); }
  /// How many extents NAME__extents may write: one for each region, two
  /// for each array of row pointers (its pointers, their rows); at least
  /// one, all of memory where the entry guard fails.
  size_t extentCount() const {
    size_t N = passed(Passing::Region).size();
    for (const Param *P : passed(Passing::Address))
      N += P->Behind ? 2 : 1;
    return std::max<size_t>(1, N);
  }
  /// Whether \p P travels among the values, first: not a region, and not
  /// a pointer within one.
  static bool amongValues(const Param &P) {
    return P.How != Passing::Region && P.How != Passing::Within && P.How != Passing::Address;
  }
  /// The parameters passed as \p How, in order; for Region, the regions of
  /// global scalars before them (firstGlobals of them: a bound may read
  /// one, TUAnalysis::Stable), those of other globals after.
  std::vector<const Param *> passed(Passing How) const {
    std::vector<const Param *> Out;
    if (How == Passing::Region)
      for (const Param &G : Globals)
        if (G.Extent == 1)
          Out.push_back(&G);
    for (const Param &P : Params)
      if (P.How == How)
        Out.push_back(&P);
    if (How == Passing::Region)
      for (const Param &G : Globals)
        if (G.Extent != 1)
          Out.push_back(&G);
    return Out;
  }
  /// How many of passed(Region) come first as global scalars.
  size_t firstGlobals() const {
    return llvm::count_if(Globals, [](const Param &G) { return G.Extent == 1; });
  }
  /// Whether a bound of a region reads a global (TUAnalysis::Stable), which
  /// the serving side has only once the global scalars are in.
  bool BoundsReadGlobals = false;
  QualType returnQualType() const {
    return F->getReturnType().getCanonicalType().getUnqualifiedType();
  }
  std::string returnType() const { return spell(returnQualType()); }
  /// Whether calls return a value, which travels back with the reply.
  bool returnsValue() const { return !returnQualType()->isVoidType(); }
  /// The parameters of NAME__spawn: those of the function, after a pointer
  /// to where its value goes (NULL: dropped) when it returns one.
  std::string spawnParameterList() const {
    if (!returnsValue())
      return parameterList();
    std::string Result = declare(returnQualType(), "*cleave_result");
    return Params.empty() ? Result : Result + ", " + parameterList();
  }
  /// The parameters of NAME__join.
  std::string joinParameterList() const {
    return "clv_future *cleave_f" +
           (returnsValue() ? ", " + declare(returnQualType(), "*cleave_result") : "");
  }
  bool writes() const {
    return llvm::any_of(passed(Passing::Region), [](const Param *P) { return !P->R->ReadOnly; }) ||
           llvm::any_of(passed(Passing::Address), writesRows);
  }
  /// Whether \p P is an Address whose rows the function writes.
  static bool writesRows(const Param *P) { return P->Behind && !P->Behind->ReadOnly; }
  bool linked() const {
    return llvm::any_of(Params, [](const Param &P) { return P.How == Passing::Linked; });
  }

  /// The prototype of the function that gives the address of the global
  /// \p G: `int *cleave_global_arr(void)`.
  std::string globalAccessor(const Param &G) const {
    return declare(G.Elem, "*" + G.Accessor + "(void)");
  }

  /// A declaration of \p Name of type \p T as the stubs' prototypes spell it.
  std::string declare(QualType T, const std::string &Name) const {
    if (const auto *ET = T->getAs<EnumType>())
      T = ET->getDecl()->getIntegerType().getCanonicalType();
    std::string Out;
    llvm::raw_string_ostream OS(Out);
    T.print(OS, Policy, Name); // `double (*a)[8]`
    return Out;
  }

  const FunctionDecl *F;
  std::string Stub;
  std::vector<Param> Params;
  /// The regions of the globals it touches, Passing::Region each.
  std::vector<Param> Globals;

private:
  std::string spell(QualType T) const {
    if (const auto *ET = T->getAs<EnumType>())
      T = ET->getDecl()->getIntegerType().getCanonicalType();
    return T.getAsString(Policy);
  }
  PrintingPolicy Policy;
};

/// The stub files of one file of the program.
struct FileNames {
  std::string Header, Stubs;
  /// The stubs headers of the other files whose functions it spawns.
  std::vector<std::string> Called;
};

/// The serving stub of the function whose stubs are named \p Name: the
/// table of cleave_stubs.c names it, in whichever file it is.
std::string serveDeclaration(const std::string &Name) {
  return "clv_status " + Name + "__serve(clv_buf *cleave_args, clv_buf *cleave_reply)";
}

/// The name by which the stubs call \p F: itself, or for a static function the
/// external entry appended to its file.
std::string entryName(const Signature &S) {
  return S.F->getStorageClass() == SC_Static ? S.name() + "__cleave" : S.name();
}

/// The name of the sequential clone of \p F: the function as written, its
/// self-calls calling the clone, run where no node is free to take a call.
std::string sequentialName(const Signature &S) { return S.name() + "__cleave_seq"; }

/// The name by which the stubs call the sequential clone of \p F: an entry
/// in F's file. It is the clone's one direct caller there besides itself,
/// and GCC splits a function (its partial inlining: knapsack's `if (i == n)
/// return 0;` tested before each recursive call) only when it has one. The
/// original has its callers; without the entry, the clone ran 35% slower.
std::string sequentialEntryName(const Signature &S) {
  return sequentialName(S) + "_entry";
}

/// Each global whose region a call of \p Sigs carries, once, with a
/// signature that carries it.
std::vector<std::pair<const Signature *, const Signature::Param *>>
carriedGlobals(const std::vector<Signature> &Sigs) {
  std::vector<std::pair<const Signature *, const Signature::Param *>> Out;
  std::set<std::string> Seen;
  for (const Signature &S : Sigs)
    for (const Signature::Param &G : S.Globals)
      if (Seen.insert(G.Global).second)
        Out.push_back({&S, &G});
  return Out;
}

/// Declares the bounds and element count of each region of \p S ("a__lo",
/// "a__hi", "a__count"), and the distance of each pointer within a region from
/// its base ("high__off"); the stubs declare before they compute, so that they
/// compile in every dialect of C a program may be written in.
/// A region of rows (analysis/ProgramModel.h, RowShape) also has its
/// columns ("a__clo", "a__chi"), its stride, its row count and the offset of
/// its first element ("a__first"); its count is then the count of a row.
void declareBounds(const Signature &S, llvm::raw_ostream &OS) {
  for (const Signature::Param *P : S.passed(Signature::Passing::Within))
    OS << "  long long " << P->Name << "__off;\n";
  for (const Signature::Param *P : S.passed(Signature::Passing::Region)) {
    OS << "  long long " << P->Name << "__lo, " << P->Name << "__hi;\n"
       << "  size_t " << P->Name << "__count;\n";
    if (P->R->Rows)
      OS << "  long long " << P->Name << "__clo, " << P->Name << "__chi, " << P->Name
         << "__stride, " << P->Name << "__first;\n"
         << "  size_t " << P->Name << "__rows;\n";
  }
  // An array of row pointers: its pointers [plo, phi), pn of them; the
  // rows [rlo, rhi) behind them, rn of them, each ccount elements from clo.
  for (const Signature::Param *P : S.passed(Signature::Passing::Address)) {
    const std::string &N = P->Name;
    OS << "  long long " << N << "__plo, " << N << "__phi;\n  size_t " << N << "__pn;\n";
    if (P->Behind)
      OS << "  long long " << N << "__rlo, " << N << "__rhi, " << N << "__clo, " << N
         << "__chi;\n  size_t " << N << "__rn, " << N << "__ccount;\n";
  }
}

/// Where the region of \p Name starts, from the parameter's value: a__lo, or
/// for rows a__first.
std::string firstOf(const Signature::Param &P) {
  return P.Name + (P.R->Rows ? "__first" : "__lo");
}

/// The pointer the region of \p P is counted from: the parameter, or the
/// global's first element.
std::string baseOf(const Signature::Param &P) {
  return P.Global.empty() ? P.Name : P.Accessor + "()";
}

/// Computes the bounds declared by declareBounds from the parameter values in
/// scope.
void computeBounds(const Signature &S, llvm::raw_ostream &OS) {
  auto Length = [&](const std::string &Into, const std::string &Lo, const std::string &Hi) {
    OS << "  " << Into << " = " << Hi << " > " << Lo << " ? (size_t)(" << Hi << " - " << Lo
       << ") : 0;\n";
  };
  for (const Signature::Param *P : S.passed(Signature::Passing::Region)) {
    const std::string &N = P->Name;
    OS << "  " << N << "__lo = " << P->R->Lo->str() << ";\n"
       << "  " << N << "__hi = " << P->R->Hi->str() << ";\n";
    // A global's region holds its own elements only: the loop bounds of an
    // access under a test of its index (`if (y >= 0 && y < N) a[y]`) may
    // reach past them, where a copy would read, and write, other memory.
    if (!P->Global.empty() && !P->Pointer && !P->R->Rows)
      OS << "  if (" << N << "__lo < 0)\n    " << N << "__lo = 0;\n"
         << "  if (" << N << "__hi > " << P->Extent << ")\n    " << N << "__hi = " << P->Extent
         << ";\n";
    if (!P->R->Rows) {
      Length(N + "__count", N + "__lo", N + "__hi");
      continue;
    }
    const RowShape &Rows = P->R->Rows;
    OS << "  " << N << "__clo = " << Rows.ColLo->str() << ";\n"
       << "  " << N << "__chi = " << Rows.ColHi->str() << ";\n"
       << "  " << N << "__stride = " << Rows.Stride->str() << ";\n";
    Length(N + "__rows", N + "__lo", N + "__hi");
    Length(N + "__count", N + "__clo", N + "__chi");
    OS << "  " << N << "__first = " << N << "__lo * " << N << "__stride + " << N << "__clo;\n";
  }
  for (const Signature::Param *P : S.passed(Signature::Passing::Address)) {
    const std::string &N = P->Name;
    OS << "  " << N << "__plo = " << P->R->Lo->str() << ";\n  " << N << "__phi = "
       << P->R->Hi->str() << ";\n";
    Length(N + "__pn", N + "__plo", N + "__phi");
    if (!P->Behind)
      continue;
    OS << "  " << N << "__rlo = " << P->Behind->Lo->str() << ";\n  " << N
       << "__rhi = " << P->Behind->Hi->str() << ";\n  " << N
       << "__clo = " << P->Behind->Rows.ColLo->str() << ";\n  " << N
       << "__chi = " << P->Behind->Rows.ColHi->str() << ";\n";
    Length(N + "__rn", N + "__rlo", N + "__rhi");
    Length(N + "__ccount", N + "__clo", N + "__chi");
  }
}

/// NAME__extents of \p S: the bytes each region of a call with the
/// arguments given spans, [first element, end of the last), in the order of
/// the regions; all of memory, written, where the function's entry guard
/// fails (its regions hold only where it holds). Returns how many it wrote.
std::string extentsFunction(const Signature &S) {
  std::string Text;
  llvm::raw_string_ostream OS(Text);
  std::vector<const Signature::Param *> Regions = S.passed(Signature::Passing::Region);
  OS << "/* The bytes a call of '" << S.name()
     << "' may touch, for the run-time test of a spawn. */\n"
     << "int " << S.name() << "__extents(clv_extent *cleave_x"
     << (S.Params.empty() ? "" : ", " + S.parameterList()) << ") {\n";
  declareBounds(S, OS);
  OS << "  (void)cleave_x;\n";
  for (const Signature::Param &P : S.Params)
    OS << "  (void)" << P.Name << ";\n";
  if (!S.Guard.empty())
    OS << "  if (!(" << S.Guard << ")) {\n"
       << "    clv_extent_span(&cleave_x[0], 0, (size_t)-1, 1, 1);\n    return 1;\n  }\n";
  for (const Signature::Param *P : S.passed(Signature::Passing::Within))
    OS << "  " << P->Name << "__off = " << P->Name << " - " << P->Base << ";\n";
  computeBounds(S, OS);
  for (size_t K = 0; K < Regions.size(); ++K) {
    const Signature::Param &P = *Regions[K];
    std::string At = baseOf(P) + " + " + firstOf(P), X = "cleave_x[" + std::to_string(K) + "]";
    std::string Written = P.R->ReadOnly ? "0" : "1";
    if (P.R->Rows)
      OS << "  clv_extent_rows(&" << X << ", " << At << ", " << P.Name << "__rows, " << P.Name
         << "__stride, " << P.Name << "__count, sizeof *" << baseOf(P) << ", " << Written
         << ");\n";
    else
      OS << "  clv_extent_span(&" << X << ", " << At << ", " << P.Name << "__count, sizeof *"
         << baseOf(P) << ", " << Written << ");\n";
  }
  // An array of row pointers: its pointers, read, and the rows behind them.
  size_t K = Regions.size();
  for (const Signature::Param *P : S.passed(Signature::Passing::Address)) {
    const std::string &N = P->Name;
    OS << "  clv_extent_span(&cleave_x[" << K++ << "], " << N << " + " << N << "__plo, " << N
       << "__pn, sizeof *" << N << ", 0);\n";
    if (P->Behind)
      OS << "  (void)" << N << "__ccount;\n  clv_extent_behind(&cleave_x[" << K++ << "], " << N
         << " + " << N << "__rlo, " << N << "__rn, " << N << "__clo, " << N << "__chi, sizeof **"
         << N << ", " << (P->Behind->ReadOnly ? "0" : "1") << ");\n";
  }
  OS << "  return " << K << ";\n}\n\n";
  return Text;
}

/// The runtime call moving the region of \p P through \p Buf: \p What is
/// "put" (from \p Pointer) or "get" (into \p Pointer, or, when it is empty,
/// where the callee finds it); by the element's kind, or element by element
/// with its struct's functions.
std::string regionCall(StubTypes &Types, const Signature::Param &P, llvm::StringRef What,
                       llvm::StringRef Buf, llvm::StringRef Pointer, ASTContext &Ctx) {
  // An element that is a fixed array (a row of `double a[][M]`) travels as
  // the values it holds.
  QualType Elem = Ctx.getBaseElementType(P.Elem);
  uint64_t Per = Ctx.getTypeSize(P.Elem) / Ctx.getTypeSize(Elem);
  std::string Times = Per > 1 ? " * " + std::to_string(Per) : "";
  std::string Kind = scalarKind(Elem, Ctx);
  std::string Count = P.Name + "__count" + Times;
  std::string Into = What == "get" && !Pointer.empty() ? "_into(" : "(";
  std::string Shape = P.R->Rows ? P.Name + "__rows, " + Count + ", (ptrdiff_t)" + P.Name +
                                      "__stride" + Times
                                : Count;
  std::string Form = P.R->Rows ? "_rows" : "_region";
  if (!Kind.empty())
    return "clv_buf_" + What.str() + Form + "_values" + Into + Buf.str() + ", " + Kind +
           (Pointer.empty() ? "" : ", " + Pointer.str()) + ", " + Shape + ")";
  std::string Fn = What == "put" ? Types.putFunction(Elem) : Types.getFunction(Elem);
  return "clv_buf_" + What.str() + Form + "_objects" + Into + Buf.str() +
         (Pointer.empty() ? "" : ", " + Pointer.str()) + ", sizeof(" +
         Types.declare(Elem, "") + "), " + Shape + ", " + Fn + ")";
}

/// The calls that keep (\p What "put") or take back ("get") in the future's
/// local buffer where a written region goes back at the join, and its shape.
std::string carried(const Signature::Param &P, llvm::StringRef What) {
  std::string Out;
  std::vector<std::string> Parts{"__dst", "__count"};
  if (P.How == Signature::Passing::Address)
    Parts = {"__dst", "__rn", "__ccount", "__clo"};
  else if (P.R->Rows)
    Parts.insert(Parts.end(), {"__rows", "__stride"});
  for (const std::string &Part : Parts)
    Out += "  clv_buf_" + What.str() + "(cleave_local, &" + P.Name + Part + ", sizeof " +
           P.Name + Part + ");\n";
  return Out;
}

/// What the signature hash of the generated table covers: each function's
/// name and what travels for its parameters, and the fields of every struct.
std::string typeShapes(StubTypes &Types, const std::vector<Signature> &Sigs) {
  std::string Out;
  for (const Signature &S : Sigs) {
    Out += S.name() + "(";
    for (const Signature::Param &P : S.Params)
      Out += P.How == Signature::Passing::Address
                 ? "rows " + P.RowKind + (Signature::writesRows(&P) ? " inout," : " in,")
             : P.How == Signature::Passing::Region
                 ? std::string(P.R->Rows ? "rows " : "region ") + Types.shape(P.Elem) +
                       (P.R->ReadOnly ? " in," : " inout,")
             : P.How == Signature::Passing::Within ? "within " + P.Base + ","
                                                   : Types.shape(P.Type) + ",";
    for (const Signature::Param &G : S.Globals)
      Out += "global " + G.Global + " " + (G.R->Rows ? "rows " : "region ") +
             Types.shape(G.Elem) + (G.R->ReadOnly ? " in," : " inout,");
    Out += ")";
    if (S.returnsValue())
      Out += " -> " + Types.shape(S.returnQualType());
    Out += "\n";
  }
  return Out + Types.recordShapes();
}

/// The declarations of the stubs of \p S that the program calls.
std::string prototypes(const Signature &S) {
  std::vector<std::string> Rs;
  for (const Signature::Param *P : S.passed(Signature::Passing::Region))
    Rs.push_back(P->R->str());
  std::string Out = "/* " + S.name() + " on another node" +
                    (Rs.empty() ? "" : "; regions " + llvm::join(Rs, ", ")) + " */\n" +
                    "clv_future *" + S.name() + "__spawn(" + S.spawnParameterList() + ");\n" +
                    "void " + S.name() + "__join(" + S.joinParameterList() + ");\n" +
                    S.declare(S.returnQualType(), S.name() + "__here") + "(" +
                    S.parameterList() + ");\n";
  if (entryName(S) != S.name())
    Out += S.declare(S.returnQualType(), entryName(S)) + "(" + S.parameterList() + ");\n";
  if (!S.Guard.empty())
    Out += S.declare(S.returnQualType(), sequentialEntryName(S)) + "(" + S.parameterList() +
           ");\n";
  if (S.LoopTested)
    Out += "int " + S.name() + "__loop_spawns(void);\n";
  if (S.hasExtents())
    Out += "int " + S.name() + "__extents(clv_extent *cleave_x" +
           (S.Params.empty() ? "" : ", " + S.parameterList()) + ");\n";
  return Out;
}

std::string stubsHeader(const std::vector<Signature> &Sigs, StubTypes &Types,
                        llvm::StringRef Source, const FileNames &Names) {
  std::string Text;
  llvm::raw_string_ostream OS(Text);
  std::string Guard;
  for (char C : Names.Header)
    Guard += llvm::isAlnum(C) ? llvm::toUpper(C) : '_';
  OS << "/* Generated by cleave from " << Source
     << ": remote calls of its functions. Do not edit. */\n"
     << "#ifndef " << Guard << "\n#define " << Guard << "\n\n#include \"clv.h\"\n\n"
     << "/* The runtime, started first thing in main and stopped where main returns. */\n"
     << "void cleave_start(int *argc, char ***argv);\nint cleave_end(int status);\n\n"
     << Types.forwardDeclarations();
  // The globals the calls carry regions of, reached through functions at the
  // end of the program's file.
  for (const auto &[S, G] : carriedGlobals(Sigs))
    OS << S->globalAccessor(*G) << ";\n";
  for (const Signature &S : Sigs)
    OS << "\n"
       << (S.untagged() ? "/* " + S.name() + " on another node: declared in " + Source.str() +
                              " before '" + S.name() + "' and in " + Names.Stubs +
                              ", which name its struct without a tag */\n"
                        : prototypes(S));
  OS << "\n#endif\n";
  return Text;
}

std::string stubsSource(const std::vector<Signature> &Sigs, StubTypes &Types,
                        llvm::StringRef Source, const FileNames &Names, size_t FirstId,
                        TUAnalysis &A) {
  ASTContext &Ctx = A.context();
  using Passing = Signature::Passing;
  std::string Text;
  llvm::raw_string_ostream OS(Text);
  std::string Functions;
  llvm::raw_string_ostream FS(Functions);
  for (size_t Id = 0; Id < Sigs.size(); ++Id) {
    const Signature &S = Sigs[Id];
    std::string Name = S.name(), Entry = entryName(S);
    std::string Fail = "clv_fail_call(\"" + Name + "\");";
    if (Entry == Name)
      FS << "extern " << S.declare(S.returnQualType(), Name) << "(" << S.parameterList()
         << ");\n";
    FS << "extern " << S.declare(S.returnQualType(), sequentialEntryName(S)) << "("
       << S.parameterList() << ");\n";
    FS << "enum { CLEAVE_FN_" << Name << " = " << FirstId + Id << " };\n\n";

    // The serving side: values first, because region extents depend on them;
    // then the nodes of linked structures.
    FS << "/* Runs a call of '" << Name << "' that arrived from another node. */\n"
       << serveDeclaration(Name) << " {\n";
    for (const Signature::Param &P : S.Params)
      if (Signature::amongValues(P))
        FS << "  "
           << (P.How == Passing::Value ? Types.declare(P.Type, P.Name)
                                       : S.declare(P.Type, P.Name))
           << ";\n";
    declareBounds(S, FS);
    for (const Signature::Param *P : S.passed(Signature::Passing::Region))
      FS << "  " << S.declare(P->Type, P->Name + "__at") << ";\n";
    std::vector<const Signature::Param *> Arrays = S.passed(Signature::Passing::Address);
    for (const Signature::Param *P : Arrays)
      FS << "  " << S.declare(P->Type, P->Name + "__array") << ";\n";
    if (!Arrays.empty())
      FS << "  size_t cleave_k;\n";
    if (S.returnsValue())
      FS << "  " << Types.declare(S.returnQualType(), "cleave_r") << ";\n";
    else if (!S.writes())
      FS << "  (void)cleave_reply;\n";
    for (const Signature::Param &P : S.Params)
      if (Signature::amongValues(P))
        FS << Types.get(P.Type, P.Name, "cleave_args", "  ", "return CLV_E_DECODE;");
    for (const Signature::Param *P : S.passed(Signature::Passing::Within))
      FS << Types.get(Ctx.LongLongTy, P->Name + "__off", "cleave_args", "  ",
                      "return CLV_E_DECODE;");
    if (S.linked())
      FS << "  if (clv_buf_get_pending(cleave_args) != CLV_OK)\n    return CLV_E_DECODE;\n";
    computeBounds(S, FS);
    std::vector<const Signature::Param *> Regions = S.passed(Signature::Passing::Region);
    for (size_t K = 0; K < Regions.size(); ++K) {
      const Signature::Param *P = Regions[K];
      // The global scalars are in: the bounds that read them, again.
      if (S.BoundsReadGlobals && K > 0 && K == S.firstGlobals())
        computeBounds(S, FS);
      if (P->Global.empty()) {
        FS << "  " << P->Name << "__at = " << regionCall(Types, *P, "get", "cleave_args", "", Ctx)
           << ";\n  if (!" << P->Name << "__at)\n    return CLV_E_DECODE;\n";
        continue;
      }
      // A global's elements go where the callee finds them.
      FS << "  " << P->Name << "__at = " << baseOf(*P) << " + " << firstOf(*P) << ";\n  if ("
         << regionCall(Types, *P, "get", "cleave_args", P->Name + "__at", Ctx)
         << " != CLV_OK)\n    return CLV_E_DECODE;\n";
    }
    // An array of row pointers: shared, the caller's; copied, the
    // pointers as they came, the rows behind them where the callee finds
    // them.
    for (const Signature::Param *P : Arrays) {
      const std::string &N = P->Name, Row = N + "__array[" + N + "__rlo - " + N +
                                            "__plo + (long long)cleave_k]";
      FS << "  if (clv_shares_memory()) {\n    if (clv_buf_get_addresses(cleave_args, &" << N
         << "__array, 1) != CLV_OK)\n      return CLV_E_DECODE;\n    " << N << "__array += " << N
         << "__plo;\n  } else {\n    " << N << "__array = malloc((" << N << "__pn ? " << N
         << "__pn : 1) * sizeof *" << N << "__array);\n    if (!" << N
         << "__array)\n      return CLV_E_NOMEM;\n    if (clv_buf_get_addresses(cleave_args, " << N
         << "__array, " << N << "__pn) != CLV_OK)\n      return CLV_E_DECODE;\n";
      if (P->Behind)
        FS << "    for (cleave_k = 0; cleave_k < " << N << "__rn; cleave_k++) {\n"
           << "      void *cleave_row = " << Row << ";\n"
           << "      if (clv_buf_get_row(cleave_args, " << P->RowKind << ", " << N << "__clo, "
           << N << "__ccount, &cleave_row) != CLV_OK)\n        return CLV_E_DECODE;\n      "
           << Row << " = cleave_row;\n    }\n";
      FS << "  }\n";
    }
    FS << "  clv_work_begin();\n  " << (S.returnsValue() ? "cleave_r = " : "") << Entry << "("
       << S.argumentList([&](const Signature::Param &P) {
            if (P.How == Passing::Address)
              return P.Name + "__array - " + P.Name + "__plo";
            if (P.How == Passing::Within) {
              const Signature::Param &Base = S.param(P.Base);
              return "(" + Base.Name + "__at - " + firstOf(Base) + ") + " + P.Name + "__off";
            }
            return P.Name + "__at - " + firstOf(P);
          })
       << ");\n  clv_work_end();\n";
    for (const Signature::Param *P : S.passed(Signature::Passing::Region))
      if (!P->R->ReadOnly)
        FS << "  if (" << regionCall(Types, *P, "put", "cleave_reply", P->Name + "__at", Ctx)
           << " != CLV_OK)\n    return CLV_E_ENCODE;\n";
    for (const Signature::Param *P : Arrays) {
      const std::string &N = P->Name;
      FS << "  if (!clv_shares_memory()) {\n";
      if (Signature::writesRows(P))
        FS << "    for (cleave_k = 0; cleave_k < " << N << "__rn; cleave_k++)\n"
           << "      if (clv_buf_put_row(cleave_reply, " << P->RowKind << ", " << N << "__array["
           << N << "__rlo - " << N << "__plo + (long long)cleave_k], " << N << "__clo, " << N
           << "__ccount) != CLV_OK)\n        return CLV_E_ENCODE;\n";
      FS << "    free(" << N << "__array);\n  }\n";
    }
    if (S.returnsValue())
      FS << Types.put(S.returnQualType(), "cleave_r", "cleave_reply", "  ",
                      "return CLV_E_ENCODE;");
    FS << "  return CLV_OK;\n}\n\n";

    // The calling side: when no node can take the call (the tree has filled
    // the machine and every node is busy), it runs here, as written, with no
    // test of the runtime's below it.
    std::string Sequential =
        sequentialEntryName(S) + "(" +
        S.argumentList([](const Signature::Param &P) { return P.Name; }) + ")";
    // Near the top of the recursion the call runs as rewritten, so that its
    // own calls can still go to nodes that fall idle meanwhile.
    std::string Parallel =
        Entry + "(" + S.argumentList([](const Signature::Param &P) { return P.Name; }) + ")";
    FS << "/* A call of '" << Name << "' that the rewritten '" << Name
       << "' keeps on its node: as rewritten while local runs nest\n   less than a few deep, "
          "else as written. */\n"
       << S.declare(S.returnQualType(), Name + "__here") << "(" << S.parameterList()
       << ") {\n";
    if (S.returnsValue())
      FS << "  " << Types.declare(S.returnQualType(), "cleave_r") << ";\n"
         << "  if (!clv_local_enter())\n    return " << Sequential << ";\n"
         << "  cleave_r = " << Parallel << ";\n  clv_local_leave();\n  return cleave_r;\n}\n\n";
    else
      FS << "  if (!clv_local_enter()) {\n    " << Sequential << ";\n    return;\n  }\n  "
         << Parallel << ";\n  clv_local_leave();\n}\n\n";
    if (S.LoopTested)
      FS << "/* Whether a loop's iteration should spawn its call of '" << Name
         << "' (clv_loop_spawns). */\nint " << Name
         << "__loop_spawns(void) { return clv_loop_spawns(CLEAVE_FN_" << Name << "); }\n\n";
    if (S.hasExtents())
      FS << extentsFunction(S);
    FS << "clv_future *" << Name << "__spawn(" << S.spawnParameterList() << ") {\n";
    declareBounds(S, FS);
    FS << "  clv_buf cleave_args;\n  clv_future *cleave_f;\n  int cleave_node;\n";
    if (S.writes())
      FS << "  clv_buf *cleave_local;\n";
    for (const Signature::Param *P : S.passed(Signature::Passing::Region))
      if (!P->R->ReadOnly)
        FS << "  " << S.declare(P->Type, P->Name + "__dst") << ";\n";
    for (const Signature::Param *P : Arrays)
      if (Signature::writesRows(P))
        FS << "  " << S.declare(P->Type, P->Name + "__dst") << ";\n";
    if (!Arrays.empty())
      FS << "  size_t cleave_k;\n  int cleave_apart = 1;\n  clv_extent cleave_x["
         << S.extentCount() << "];\n";
    auto Run = [&](const std::string &Call, const std::string &Indent) {
      return S.returnsValue() ? Indent + "if (cleave_result)\n" + Indent + "  *cleave_result = " +
                                    Call + ";\n" + Indent + "else\n" + Indent + "  (void)" + Call +
                                    ";\n"
                              : Indent + Call + ";\n";
    };
    // The bytes the regions copy, in and (written ones) back out, which the
    // runtime weighs against the work of the calls it sent (its grain).
    std::string Bytes;
    for (const Signature::Param *P : S.passed(Signature::Passing::Region))
      Bytes += std::string(" + ") + (P->R->ReadOnly ? "" : "2 * ") + P->Name + "__count" +
               (P->R->Rows ? " * " + P->Name + "__rows" : "") +
               (P->Elem->isIncompleteType() ? "" : " * sizeof *" + baseOf(*P));
    for (const Signature::Param *P : Arrays)
      Bytes += " + " + P->Name + "__pn * sizeof *" + P->Name +
               (P->Behind ? std::string(" + ") + (Signature::writesRows(P) ? "2 * " : "") +
                                P->Name + "__rn * " + P->Name + "__ccount * sizeof **" + P->Name
                          : "");
    for (const Signature::Param *P : S.passed(Signature::Passing::Within))
      FS << "  " << P->Name << "__off = " << P->Name << " - " << P->Base << ";\n";
    computeBounds(S, FS);
    // Rows behind pointers travel only where they are among the pointers
    // passed, and are copied only where no two of the call's share a byte
    // that it writes: a copy of each would part what the call sees as one.
    for (const Signature::Param *P : Arrays)
      if (P->Behind)
        FS << "  if (" << P->Name << "__rn > 0 && (" << P->Name << "__rlo < " << P->Name
           << "__plo || " << P->Name << "__rhi > " << P->Name << "__phi))\n    cleave_apart = 0;\n";
    if (!Arrays.empty())
      FS << "  if (cleave_apart && !clv_shares_memory() &&\n      clv_extents_overlap_within(cleave_x, "
         << Name << "__extents(cleave_x, "
         << S.argumentList([](const Signature::Param &P) { return P.Name; })
         << ")))\n    cleave_apart = 0;\n";
    // A region that may reach past its array travels only as an address.
    std::string Home = A.homeWhereCopied(S.F);
    if (!Home.empty())
      FS << "  /* cleave: where regions are copied, '" << Name << "' runs here: " << Home
         << " */\n";
    FS << "  cleave_node = " << (Home.empty() ? "" : "!clv_shares_memory() ? -1 : ")
       << (Arrays.empty() ? "" : "!cleave_apart ? -1 : ");
    if (S.Node)
      FS << "clv_spawn_node_at(" << *S.Node << ");";
    else
      FS << "clv_spawn_node_for(CLEAVE_FN_" << Name << ", "
         << (Bytes.empty() ? "0" : "(size_t)0" + Bytes) << ");";
    FS << "\n  if (cleave_node < 0) {\n"
       << "    if (cleave_node != CLV_NOT_WORTH && clv_local_enter()) {\n"
       << Run(Parallel, "      ") << "      clv_local_leave();\n    } else {\n"
       << Run(Sequential, "      ") << "    }\n    return NULL;\n  }\n";
    FS << "  clv_buf_init(&cleave_args);\n";
    for (const Signature::Param &P : S.Params)
      if (Signature::amongValues(P))
        FS << Types.put(P.Type, P.Name, "&cleave_args", "  ", Fail);
    for (const Signature::Param *P : S.passed(Signature::Passing::Within))
      FS << Types.put(Ctx.LongLongTy, P->Name + "__off", "&cleave_args", "  ", Fail);
    if (S.linked())
      FS << "  if (clv_buf_put_pending(&cleave_args) != CLV_OK)\n    " << Fail << "\n";
    for (const Signature::Param *P : S.passed(Signature::Passing::Region))
      FS << "  if (" << regionCall(Types, *P, "put", "&cleave_args", baseOf(*P) + " + " + firstOf(*P), Ctx)
         << " != CLV_OK)\n    " << Fail << "\n";
    for (const Signature::Param *P : Arrays) {
      const std::string &N = P->Name;
      FS << "  if (clv_shares_memory()) {\n    if (clv_buf_put_addresses(&cleave_args, &" << N
         << ", 1) != CLV_OK)\n      " << Fail << "\n  } else {\n"
         << "    if (clv_buf_put_addresses(&cleave_args, " << N << " + " << N << "__plo, " << N
         << "__pn) != CLV_OK)\n      " << Fail << "\n";
      if (P->Behind)
        FS << "    for (cleave_k = 0; cleave_k < " << N << "__rn; cleave_k++)\n"
           << "      if (clv_buf_put_row(&cleave_args, " << P->RowKind << ", " << N << "[" << N
           << "__rlo + (long long)cleave_k], " << N << "__clo, " << N
           << "__ccount) != CLV_OK)\n        " << Fail << "\n";
      FS << "  }\n";
    }
    FS << "  cleave_f = clv_spawn(cleave_node, CLEAVE_FN_" << Name << ", &cleave_args);\n"
       << "  if (!cleave_f)\n    " << Fail << "\n";
    if (S.writes())
      FS << "  cleave_local = clv_future_local(cleave_f);\n";
    for (const Signature::Param *P : S.passed(Signature::Passing::Region))
      if (!P->R->ReadOnly)
        FS << "  " << P->Name << "__dst = " << baseOf(*P) << " + " << firstOf(*P) << ";\n"
           << carried(*P, "put");
    for (const Signature::Param *P : Arrays)
      if (Signature::writesRows(P))
        FS << "  " << P->Name << "__dst = " << P->Name << " + " << P->Name << "__rlo;\n"
           << carried(*P, "put");
    if (S.writes())
      FS << "  if (cleave_local->failed)\n    " << Fail << "\n";
    FS << "  return cleave_f;\n}\n\n";

    // The wait: copy the written regions back where the spawn said.
    FS << "void " << Name << "__join(" << S.joinParameterList() << ") {\n";
    if (S.writes())
      FS << "  clv_buf *cleave_local;\n";
    for (const Signature::Param *P : S.passed(Signature::Passing::Region))
      if (!P->R->ReadOnly)
        FS << "  " << S.declare(P->Type, P->Name + "__dst") << ";\n"
           << "  size_t " << P->Name << "__count;\n"
           << (P->R->Rows ? "  size_t " + P->Name + "__rows;\n  long long " + P->Name +
                                "__stride;\n"
                          : "");
    std::vector<const Signature::Param *> Written;
    for (const Signature::Param *P : S.passed(Signature::Passing::Address))
      if (Signature::writesRows(P)) {
        Written.push_back(P);
        FS << "  " << S.declare(P->Type, P->Name + "__dst") << ";\n  size_t " << P->Name
           << "__rn, " << P->Name << "__ccount;\n  long long " << P->Name << "__clo;\n";
      }
    if (!Written.empty())
      FS << "  size_t cleave_k;\n";
    FS << "  clv_buf cleave_reply;\n  if (!cleave_f)\n    return;\n";
    if (S.writes())
      FS << "  cleave_local = clv_future_local(cleave_f);\n";
    for (const Signature::Param *P : S.passed(Signature::Passing::Region))
      if (!P->R->ReadOnly)
        FS << carried(*P, "get");
    for (const Signature::Param *P : Written)
      FS << carried(*P, "get");
    FS << "  clv_buf_init(&cleave_reply);\n"
       << "  if (clv_wait(cleave_f, &cleave_reply) != CLV_OK)\n    " << Fail << "\n";
    for (const Signature::Param *P : S.passed(Signature::Passing::Region))
      if (!P->R->ReadOnly)
        FS << "  if (" << regionCall(Types, *P, "get", "&cleave_reply", P->Name + "__dst", Ctx)
           << " != CLV_OK)\n    " << Fail << "\n";
    for (const Signature::Param *P : Written)
      FS << "  if (!clv_shares_memory())\n"
         << "    for (cleave_k = 0; cleave_k < " << P->Name << "__rn; cleave_k++)\n"
         << "      if (clv_buf_get_row_into(&cleave_reply, " << P->RowKind << ", " << P->Name
         << "__dst[cleave_k], " << P->Name << "__clo, " << P->Name
         << "__ccount) != CLV_OK)\n        " << Fail << "\n";
    if (S.returnsValue())
      FS << "  if (cleave_result) {\n"
         << Types.get(S.returnQualType(), "*cleave_result", "&cleave_reply", "    ", Fail)
         << "  }\n";
    FS << "  clv_buf_free(&cleave_reply);\n  clv_joined();\n}\n\n";
  }

  OS << "/* Generated by cleave from " << Source
     << ": marshaling of its remote calls. Do not edit. */\n"
     << "#include \"" << Names.Header << "\"\n\n#include <stddef.h>\n#include <stdio.h>\n#include "
        "<stdlib.h>\n";
  std::string Records = Types.definitions();
  if (!Records.empty())
    OS << "\n/* The structs the calls carry, as the program lays them out. */\n" << Records;
  for (const Signature &S : Sigs)
    if (S.untagged())
      OS << "\n" << prototypes(S);
  OS << "\n" << Functions;
  return Text;
}

/// The program's table of the functions its calls may run on another node,
/// and the start and end of its runtime: the end of cleave_stubs.c.
std::string programTable(const ProgramParts &Parts, const EmitOptions &Opts) {
  std::string Text;
  llvm::raw_string_ostream OS(Text);
  OS << "static const clv_function cleave_functions[] = {\n";
  for (const std::string &Name : Parts.Functions)
    OS << "  {\"" << Name << "\", " << Name << "__serve},\n";
  if (Parts.Functions.empty())
    OS << "  {NULL, NULL},\n";
  OS << "};\n"
     << "/* The hash covers what travels for each function, so that two builds\n"
     << "   that marshal differently refuse each other's messages. */\n"
     << "static const clv_program cleave_program = {cleave_functions, " << Parts.Functions.size()
     << ", 0x" << llvm::format_hex_no_prefix(llvm::xxh3_64bits(Parts.Shapes), 16) << "ULL, "
     << (Opts.Xdr ? "CLV_ENCODING_XDR" : "CLV_ENCODING_NATIVE") << "};\n\n"
     << "/* A program that calls exit() stops the runtime on its way out. */\n"
     << "static void cleave_stop(void) { clv_finalize(); }\n\n"
     << "/* How many calls of main run: a program may call its main again. */\n"
     << "static int cleave_mains;\n\n"
     << "/* Starts the runtime, first thing in main; ends the program with a\n"
     << "   message if it cannot. */\n"
     << "void cleave_start(int *argc, char ***argv) {\n"
     << "  if (cleave_mains++ > 0)\n    return;\n"
     << "  if (clv_init(argc, argv, &cleave_program) != CLV_OK) {\n"
     << "    fprintf(stderr, \"cleave: cannot start the runtime: %s\\n\", clv_last_error());\n"
     << "    exit(1);\n  }\n  atexit(cleave_stop);\n}\n\n"
     << "/* Stops the runtime where main returns STATUS (under SimGrid's SMPI,\n"
     << "   handlers registered with atexit do not run when a rank's main\n"
     << "   returns); failed calls nobody waited for, which clv_finalize\n"
     << "   reports, make it 1. */\n"
     << "int cleave_end(int status) {\n"
     << "  if (--cleave_mains > 0)\n    return status;\n"
     << "  return clv_finalize() != CLV_OK && status == 0 ? 1 : status;\n}\n";
  return Text;
}

std::string cmakeQuote(llvm::StringRef S) {
  std::string Out = "\"";
  for (char C : S) {
    if (C == '"' || C == '\\' || C == '$')
      Out += '\\';
    Out += C;
  }
  return Out + "\"";
}

/// \p Flag for the build file: an include folder or a header under \p Root,
/// which the output folder holds, as the same path there.
std::string buildFlag(const std::string &Flag, llvm::StringRef Root) {
  for (llvm::StringRef Opt : {"-I", "-isystem", "-iquote", "-idirafter", "-include", "-imacros"}) {
    llvm::StringRef Path(Flag);
    if (Path.consume_front(Opt) && (Path == Root || Path.starts_with((Root + "/").str())))
      return "\"" + Opt.str() + "${CMAKE_CURRENT_SOURCE_DIR}" +
             cmakeQuote(Path.drop_front(Root.size())).substr(1);
  }
  return cmakeQuote(Flag);
}

std::string buildFile(const ProgramParts &Parts, const EmitOptions &Opts) {
  auto Main = llvm::find_if(Parts.Units, [](const ProgramParts::Unit &U) { return U.HasMain; });
  const ProgramParts::Unit &First = Main != Parts.Units.end() ? *Main : Parts.Units.front();
  std::string Target = llvm::sys::path::stem(First.Source).str();
  for (char &C : Target)
    if (!llvm::isAlnum(C) && C != '_' && C != '-')
      C = '_';
  std::vector<std::string> Sources, Files, Dirs{"\"${CMAKE_CURRENT_SOURCE_DIR}\""};
  for (const ProgramParts::Unit &U : Parts.Units) {
    Sources.push_back(U.Source);
    Files.push_back(cmakeQuote(U.Source));
    Files.push_back(cmakeQuote(U.Stubs));
    if (!llvm::is_contained(Dirs, cmakeQuote(U.SourceDir)))
      Dirs.push_back(cmakeQuote(U.SourceDir));
  }
  if (Opts.Several)
    Files.push_back(cmakeQuote("cleave_stubs.c"));
  std::string Text;
  llvm::raw_string_ostream OS(Text);
  OS << "# Generated by cleave from " << llvm::join(Sources, ", ") << ".\n"
     << "# Build: cmake -S . -B build && cmake --build build\n"
     << "cmake_minimum_required(VERSION 3.20)\n"
     << "project(" << Target << " C)\n\n"
     << "if(NOT CMAKE_BUILD_TYPE)\n"
     << "  set(CMAKE_BUILD_TYPE Release CACHE STRING \"build type\" FORCE)\n"
     << "endif()\n"
     << "# NDEBUG only where the program's own flags define it: its asserts stay.\n"
     << "foreach(type RELEASE RELWITHDEBINFO MINSIZEREL)\n"
     << "  string(REPLACE \"-DNDEBUG\" \"\" CMAKE_C_FLAGS_${type} \"${CMAKE_C_FLAGS_${type}}\")\n"
     << "endforeach()\n"
     << "# The cleave runtime: installed (cmake --install of cleave), found where\n"
     << "# CMake looks for packages (CMAKE_PREFIX_PATH), else where the cleave that\n"
     << "# wrote this file has it.\n"
     << "find_package(cleave REQUIRED CONFIG HINTS " << cmakeQuote(Opts.PackageDir) << ")\n\n"
     << "add_executable(" << Target << " " << llvm::join(Files, " ") << ")\n"
     << "target_link_libraries(" << Target << " PRIVATE cleave::cleave_rt m)\n"
     << "# The program's headers: here, and beside its original sources.\n"
     << "target_include_directories(" << Target << " PRIVATE " << llvm::join(Dirs, " ")
     << ")\n";
  // The flags of each file's command (BuildFlags): for it and its stubs,
  // where every file has the same for the whole program; the headers it is
  // compiled with for it alone; the link's for the program.
  bool Same = llvm::all_of(Parts.Units, [&](const ProgramParts::Unit &U) {
    return U.Flags.Compile == Parts.Units.front().Flags.Compile;
  });
  auto List = [&](const std::vector<std::string> &Flags) {
    std::vector<std::string> Out;
    for (const std::string &F : Flags)
      Out.push_back(buildFlag(F, Opts.Root));
    return llvm::join(Out, " ");
  };
  if (Same && !Parts.Units.front().Flags.Compile.empty())
    OS << "target_compile_options(" << Target << " PRIVATE "
       << List(Parts.Units.front().Flags.Compile) << ")\n";
  for (const ProgramParts::Unit &U : Parts.Units) {
    if (!Same && !U.Flags.Compile.empty())
      OS << "set_property(SOURCE " << cmakeQuote(U.Source) << " " << cmakeQuote(U.Stubs)
         << " APPEND PROPERTY COMPILE_OPTIONS " << List(U.Flags.Compile) << ")\n";
    if (!U.Flags.Source.empty())
      OS << "set_property(SOURCE " << cmakeQuote(U.Source) << " APPEND PROPERTY COMPILE_OPTIONS "
         << List(U.Flags.Source) << ")\n";
  }
  std::vector<std::string> Libraries, LinkOptions;
  for (const ProgramParts::Unit &U : Parts.Units)
    for (const std::string &F : U.Flags.Link) {
      bool Library = llvm::StringRef(F).starts_with("-l") || !llvm::StringRef(F).starts_with("-");
      std::vector<std::string> &Into = Library ? Libraries : LinkOptions;
      if (!llvm::is_contained(Into, cmakeQuote(F)))
        Into.push_back(cmakeQuote(F));
    }
  if (!LinkOptions.empty())
    OS << "target_link_options(" << Target << " PRIVATE " << llvm::join(LinkOptions, " ")
       << ")\n";
  if (!Libraries.empty())
    OS << "target_link_libraries(" << Target << " PRIVATE " << llvm::join(Libraries, " ")
       << ")\n";
  return Text;
}

/// The offset where the line holding \p Loc starts, and its buffer.
std::pair<size_t, llvm::StringRef> lineOf(const SourceManager &SM, SourceLocation Loc) {
  auto [FID, Offset] = SM.getDecomposedLoc(Loc);
  llvm::StringRef Buf = SM.getBufferData(FID);
  size_t Newline = Buf.rfind('\n', Offset); // searches before Offset
  return {Newline == llvm::StringRef::npos ? 0 : Newline + 1, Buf};
}

/// Leading blanks of the line holding \p Loc.
std::string indentOf(const SourceManager &SM, SourceLocation Loc) {
  auto [Start, Buf] = lineOf(SM, Loc);
  size_t End = Start;
  while (End < Buf.size() && (Buf[End] == ' ' || Buf[End] == '\t'))
    ++End;
  return Buf.substr(Start, End - Start).str();
}

/// Whether only blanks stand before \p Loc on its line.
bool startsLine(const SourceManager &SM, SourceLocation Loc) {
  auto [Start, Buf] = lineOf(SM, Loc);
  return Buf.slice(Start, SM.getFileOffset(Loc)).trim().empty();
}

/// Whether \p C may stand in an identifier or a number.
bool wordCharacter(char C) { return llvm::isAlnum(C) || C == '_'; }

/// Whether the character \p Offset from the file location \p Loc may stand
/// in an identifier or a number; false past either end of its buffer.
bool joinsToken(const SourceManager &SM, SourceLocation Loc, int Offset) {
  auto [FID, At] = SM.getDecomposedLoc(Loc);
  llvm::StringRef Buf = SM.getBufferData(FID);
  long I = long(At) + Offset;
  return I >= 0 && size_t(I) < Buf.size() && wordCharacter(Buf[I]);
}

/// \p Text to be written in place of the characters of \p Range, with a
/// blank at an end where it would paste onto the token beside it
/// (`return(0)` must not become `returncleave_end((0))`).
std::string apart(const SourceManager &SM, const LangOptions &LO, CharSourceRange Range,
                  std::string Text) {
  SourceLocation Begin = Range.getBegin(), End = Range.getEnd();
  if (Range.isTokenRange())
    End = Lexer::getLocForEndOfToken(End, 0, SM, LO);
  if (Text.empty() || Begin.isMacroID() || End.isInvalid() || End.isMacroID())
    return Text;
  if (wordCharacter(Text.front()) && joinsToken(SM, Begin, -1))
    Text.insert(0, " ");
  if (wordCharacter(Text.back()) && joinsToken(SM, End, 0))
    Text += ' ';
  return Text;
}

/// Writes \p Text in place of \p Range, kept apart from its neighbours.
void replaceApart(Rewriter &R, CharSourceRange Range, const std::string &Text) {
  R.ReplaceText(Range, apart(R.getSourceMgr(), R.getLangOpts(), Range, Text));
}

/// main starts the runtime before anything else and stops it where it
/// returns, falling off its end included: its own name and code stay, so
/// that a compiler treats it as the program's main still.
void keepMainRunning(const FunctionDecl *Main, Rewriter &R, const LangOptions &LO) {
  const auto *Body = dyn_cast<CompoundStmt>(Main->getBody());
  if (!Body || Body->getLBracLoc().isMacroID() || Body->getRBracLoc().isMacroID())
    return;
  std::string Args = "0, 0";
  if (Main->getNumParams() >= 2 && !Main->getParamDecl(0)->getName().empty() &&
      !Main->getParamDecl(1)->getName().empty())
    Args = "&" + Main->getParamDecl(0)->getNameAsString() + ", &" +
           Main->getParamDecl(1)->getNameAsString();
  // C90 wants the declarations of a block before its statements: the body
  // becomes a block of its own there.
  bool Nest = !LO.C99 && !Body->body_empty() && isa<DeclStmt>(Body->body_front());
  R.InsertTextAfterToken(Body->getLBracLoc(),
                         " cleave_start(" + Args + ");" + (Nest ? " {" : ""));
  bool Int = Main->getReturnType()->isIntegerType();
  // A return written inside a macro keeps its text: the atexit handler
  // stops the runtime then (but under SMPI).
  class Returns : public RecursiveASTVisitor<Returns> {
  public:
    std::vector<const ReturnStmt *> Found;
    bool VisitReturnStmt(ReturnStmt *RS) {
      Found.push_back(RS);
      return true;
    }
  } Visitor;
  Visitor.TraverseStmt(const_cast<CompoundStmt *>(Body));
  for (const ReturnStmt *RS : Visitor.Found) {
    const Expr *V = RS->getRetValue();
    if (!Int || !V || V->getBeginLoc().isMacroID() || V->getEndLoc().isMacroID())
      continue;
    // `return f(), 2;` returns 2: the comma stays an operator.
    const auto *BO = dyn_cast<BinaryOperator>(V);
    bool Comma = BO && BO->getOpcode() == BO_Comma;
    // An empty range before the value: only the token before it counts.
    CharSourceRange Before = CharSourceRange::getCharRange(V->getBeginLoc(), V->getBeginLoc());
    R.InsertTextBefore(V->getBeginLoc(), apart(R.getSourceMgr(), LO, Before,
                                               Comma ? "cleave_end((" : "cleave_end("));
    R.InsertTextAfterToken(V->getEndLoc(), Comma ? "))" : ")");
  }
  std::string End = Nest ? "} " : "";
  if (Body->body_empty() || !isa<ReturnStmt>(Body->body_back()))
    End += Int ? "return cleave_end(0);\n" : "(void)cleave_end(0);\n";
  R.InsertTextBefore(Body->getRBracLoc(), End);
}

/// The rewritten main file.
/// \p Elsewhere are the signatures of the functions of other files it
/// spawns, whose stubs their files define.
std::string rewriteSource(TUAnalysis &A, const ParallelPlan &Plan,
                          const std::vector<Signature> &Sigs,
                          const std::vector<Signature> &Elsewhere, const FileNames &Names) {
  ASTContext &Ctx = A.context();
  SourceManager &SM = Ctx.getSourceManager();
  FileID Main = SM.getMainFileID();
  Rewriter R(SM, Ctx.getLangOpts());

  std::string Includes;
  for (const std::string &H : Names.Called)
    Includes += "#include \"" + H + "\"\n";
  R.InsertTextBefore(SM.getLocForStartOfFile(Main),
                     "#include \"" + Names.Header + "\"\n" + Includes);

  // A compiler warns about pragmas it does not know: keep ours as comments.
  for (const PragmaLine &P : A.pragmas()) {
    if (!SM.isInMainFile(P.HashLoc))
      continue;
    auto [FID, Offset] = SM.getDecomposedLoc(P.HashLoc);
    llvm::StringRef Buf = SM.getBufferData(FID);
    size_t End = Buf.find('\n', Offset);
    if (End == llvm::StringRef::npos)
      End = Buf.size();
    llvm::StringRef Line = Buf.slice(Offset, End).rtrim();
    std::string Comment = Line.contains("*/") ? "// " + Line.str() : "/* " + Line.str() + " */";
    R.ReplaceText(P.HashLoc, Line.size(), Comment);
  }

  const LangOptions &LO = Ctx.getLangOpts();
  auto SigOf = [&](const FunctionDecl *F) -> const Signature & {
    auto Same = [&](const Signature &S) {
      return S.F->getCanonicalDecl() == F->getCanonicalDecl();
    };
    auto Here = llvm::find_if(Sigs, Same);
    return Here != Sigs.end() ? *Here : *llvm::find_if(Elsewhere, Same);
  };
  auto Text = [&](CharSourceRange Range) {
    return Lexer::getSourceText(Range, SM, LO).str();
  };
  auto After = [&](SourceLocation Loc) { return Lexer::getLocForEndOfToken(Loc, 0, SM, LO); };
  // Where statement \p S ends: after the ';' that follows its last token
  // (an expression statement, a return, a do loop), else after that token.
  auto EndOf = [&](const Stmt *S) {
    SourceLocation Semi = Lexer::findLocationAfterToken(
        S->getEndLoc(), tok::semi, SM, LO, /*SkipTrailingWhitespaceAndNewLine=*/false);
    return Semi.isValid() ? Semi : After(S->getEndLoc());
  };
  // "NAME__spawn(&v, args)" for \p AC, its value going to \p Result when the
  // function returns one (by default AC's temporary, or NULL: dropped).
  // The arguments of \p CE as written.
  auto ArgsOf = [&](const CallExpr *CE) {
    std::string Between = Text(
        CharSourceRange::getCharRange(After(CE->getCallee()->getEndLoc()), CE->getRParenLoc()));
    return llvm::StringRef(Between).ltrim().drop_front().trim().str(); // '(' args
  };
  auto SpawnCall = [&](const AsyncCall &AC, std::string Result = "") {
    std::string Args = ArgsOf(AC.Call);
    std::vector<std::string> List;
    if (SigOf(AC.Callee).returnsValue())
      List.push_back(!Result.empty() ? Result : AC.Value.empty() ? "NULL" : "&" + AC.Value);
    if (!Args.empty())
      List.push_back(Args);
    return SigOf(AC.Callee).name() + "__spawn(" + llvm::join(List, ", ") + ")";
  };
  // The join of \p AC; with \p Assign, an Assigned call's variable takes
  // the value then.
  auto JoinCall = [&](const AsyncCall &AC, bool Assign = true) {
    std::string Name = SigOf(AC.Callee).name();
    if (!SigOf(AC.Callee).returnsValue())
      return Name + "__join(" + AC.Future + ");";
    std::string Join =
        Name + "__join(" + AC.Future + ", " + (AC.Value.empty() ? "NULL" : "&" + AC.Value) + ");";
    if (AC.Form == CallFormKind::Assigned && Assign)
      Join += " " + AC.Target->getNameAsString() + " = " + AC.Value + ";";
    return Join;
  };
  // "clv_extent X[N]; int X_n = NAME__extents(X, args);": the bytes the
  // call \p CE may touch, into \p X.
  auto Extents = [&](const CallExpr *CE, const std::string &X) {
    const Signature &S = SigOf(CE->getDirectCallee());
    std::string Args = ArgsOf(CE);
    size_t N = S.extentCount();
    return "clv_extent " + X + "[" + std::to_string(N) + "]; int " + X + "_n = " + S.name() +
           "__extents(" + X + (Args.empty() ? "" : ", " + Args) + ");";
  };
  auto Declare = [&](const FunctionDecl *F, const std::string &Name) {
    return SigOf(F).declare(SigOf(F).returnQualType(), Name) + ";";
  };

  // The self-calls that stay on their node in a rewritten function call
  // NAME__here, which runs them as rewritten only while local runs nest
  // less than a few deep (the kept half of fib's, the eighth product of
  // noblockmul's, would otherwise recurse as rewritten to the leaves, its
  // siblings' spawns testing the runtime at every level). First, before
  // the edits that may enclose them.
  for (const SequentialCall &SC : Plan.Sequential) {
    const FunctionDecl *Callee = SC.Call->getDirectCallee();
    SourceLocation Name = SC.Call->getCallee()->IgnoreParenImpCasts()->getBeginLoc();
    if (Callee && Name.isFileID() &&
        llvm::any_of(Sigs, [&](const Signature &S) {
          return S.F->getCanonicalDecl() == Callee->getCanonicalDecl();
        }))
      R.ReplaceText(Name, Callee->getName().size(), SigOf(Callee).name() + "__here");
  }

  // The stubs of a function whose signature names a struct without a tag are
  // declared before its first declaration, where that struct is known.
  for (const Signature &S : Sigs) {
    if (!S.untagged())
      continue;
    const FunctionDecl *First = nullptr;
    for (const FunctionDecl *D : S.F->redecls())
      if (SM.isInMainFile(SM.getExpansionLoc(D->getBeginLoc())) &&
          (!First || SM.isBeforeInTranslationUnit(D->getBeginLoc(), First->getBeginLoc())))
        First = D;
    if (First)
      R.InsertTextBefore(SM.getExpansionLoc(First->getBeginLoc()), prototypes(S) + "\n");
  }

  // A function whose regions hold under entry facts that some call does not
  // show tests them first, and runs as written where they fail.
  for (const Signature &S : Sigs) {
    const FunctionDecl *Def = S.F->getDefinition();
    const auto *Body = Def ? dyn_cast_or_null<CompoundStmt>(Def->getBody()) : nullptr;
    if (S.Guard.empty() || !Body || !Body->getLBracLoc().isFileID())
      continue;
    std::string Call = sequentialEntryName(S) + "(" +
                       S.argumentList([](const Signature::Param &P) { return P.Name; }) + ")";
    R.InsertTextAfterToken(Body->getLBracLoc(),
                           "\n  if (!(" + S.Guard + "))" +
                               (S.returnsValue() ? " return " + Call + ";"
                                                 : " {\n    " + Call + ";\n    return;\n  }"));
  }

  // Spawns of calls that are statements of their own, or assign a local.
  for (const AsyncCall &AC : Plan.Async) {
    std::string Spawn = "clv_future *" + AC.Future + " = " + SpawnCall(AC);
    if (AC.Pretested) {
      // Tested against the next statement's call first: where they share
      // memory, the call runs here.
      std::string X = AC.Future + "_x", Y = AC.Future + "_y";
      std::string Here = SigOf(AC.Callee).name() + "__here(" + ArgsOf(AC.Call) + ")";
      if (SigOf(AC.Callee).returnsValue())
        Here = AC.Value.empty() ? "(void)" + Here : AC.Value + " = " + Here;
      Spawn = Extents(AC.TestedBy.front().Call, Y) + " clv_future *" + AC.Future +
              " = clv_extents_conflict(" + X + ", " + X + "_n, " + Y + ", " + Y + "_n) ? (" +
              Here + ", (clv_future *)0) : " + SpawnCall(AC);
    }
    if (!AC.TestedBy.empty())
      Spawn = Extents(AC.Call, AC.Future + "_x") + " " + Spawn;
    if (AC.Form == CallFormKind::Statement) {
      replaceApart(R, CharSourceRange::getTokenRange(AC.Call->getSourceRange()), Spawn);
    } else if (AC.Form == CallFormKind::Assigned) {
      std::string Decls = Declare(AC.Callee, AC.Value) + " " + Spawn;
      if (const auto *DS = dyn_cast<DeclStmt>(AC.Statement)) {
        // T x = f(..);  ->  T x; T' v; clv_future *f = f__spawn(&v, ..);
        R.RemoveText(CharSourceRange::getCharRange(After(AC.Target->getLocation()),
                                                   After(AC.Target->getInit()->getEndLoc())));
        R.InsertTextAfter(After(DS->getEndLoc()), " " + Decls + ";");
      } else {
        replaceApart(R, CharSourceRange::getTokenRange(AC.Statement->getSourceRange()), Decls);
      }
    }
  }

  // Joins standing before a statement (or the end of a block): the last
  // spawned is joined first, which restores the binomial tree levels in the
  // order the runtime expects.
  std::map<std::pair<const Stmt *, const CompoundStmt *>, std::vector<std::string>> Joins;
  for (const AsyncCall &AC : Plan.Async)
    if (!AC.JoinInside && AC.Form != CallFormKind::Iteration)
      Joins[{AC.JoinBefore, AC.Block}].push_back(JoinCall(AC));
  for (auto &[Where, Calls] : Joins) {
    auto [Before, Block] = Where;
    std::reverse(Calls.begin(), Calls.end());
    std::string Indent = indentOf(SM, Block->body_front()->getBeginLoc());
    if (Before) {
      R.InsertTextBefore(Before->getBeginLoc(), llvm::join(Calls, "\n" + Indent) + "\n" + Indent);
    } else if (startsLine(SM, Block->getRBracLoc())) {
      SourceLocation LineStart = Block->getRBracLoc().getLocWithOffset(
          -static_cast<int>(indentOf(SM, Block->getRBracLoc()).size()));
      R.InsertTextBefore(LineStart, Indent + llvm::join(Calls, "\n" + Indent) + "\n");
    } else {
      R.InsertTextBefore(Block->getRBracLoc(), llvm::join(Calls, " ") + " ");
    }
  }

  // Run-time tests before the calls no proof keeps apart from calls in
  // flight (AsyncCall::TestedBy): each of those that shares memory with it
  // that either writes is joined first.
  //   { clv_extent cleave_t1[N]; int cleave_t1_n = g__extents(cleave_t1, args);
  //     if (f && clv_extents_conflict(f_x, f_x_n, cleave_t1, cleave_t1_n)) {
  //       NAME__join(f, ..); f = NULL; } ... }
  llvm::MapVector<const CallExpr *, std::pair<const Stmt *, std::vector<const AsyncCall *>>>
      Tests;
  // (An operand call's tests stand among its statement's calls, below.)
  for (const AsyncCall &AC : Plan.Async)
    for (const AsyncCall::TestedCall &T : AC.TestedBy) {
      if ((AC.Pretested && T.Call == AC.TestedBy.front().Call) || // tested at the spawn
          AC.Form == CallFormKind::Operand)
        continue;
      auto &[Statement, Against] = Tests[T.Call];
      Statement = T.Statement;
      Against.push_back(&AC);
    }
  unsigned TestNumber = 0;
  // "{ clv_extent T[N]; ...; if (f && clv_extents_conflict(..)) { join f; f = NULL; } }"
  // before the call \p Call, against the calls \p Against in flight.
  auto TestCode = [&](const CallExpr *Call, const std::vector<const AsyncCall *> &Against) {
    std::string T = "cleave_t" + std::to_string(++TestNumber);
    std::string Code = "{ " + Extents(Call, T);
    for (auto It = Against.rbegin(); It != Against.rend(); ++It) {
      const AsyncCall &AC = **It;
      Code += " if (" + AC.Future + " && clv_extents_conflict(" + AC.Future + "_x, " + AC.Future +
              "_x_n, " + T + ", " + T + "_n)) { " + JoinCall(AC, false) + " " + AC.Future +
              " = NULL; }";
    }
    return Code + " }";
  };
  for (const auto &[Call, Test] : Tests) {
    const auto &[Statement, Against] = Test;
    R.InsertTextBefore(Statement->getBeginLoc(),
                       TestCode(Call, Against) + "\n" + indentOf(SM, Statement->getBeginLoc()));
  }

  // Joins at the start of branches that leave the function: the calls in
  // flight there, the last spawned first.
  std::map<const Stmt *, std::vector<std::string>> ExitJoins;
  for (const AsyncCall &AC : Plan.Async)
    for (const Stmt *Branch : AC.ExitJoins)
      ExitJoins[Branch].push_back(JoinCall(AC));
  for (auto &[Branch, Calls] : ExitJoins) {
    std::reverse(Calls.begin(), Calls.end());
    if (const auto *CS = dyn_cast<CompoundStmt>(Branch)) {
      R.InsertTextAfter(CS->getLBracLoc().getLocWithOffset(1), " " + llvm::join(Calls, " "));
    } else {
      R.InsertTextBefore(Branch->getBeginLoc(), "{ " + llvm::join(Calls, " ") + " ");
      R.InsertTextAfter(EndOf(Branch), " }");
    }
  }

  // Calls of loops: each iteration spawns its call, and the loop is followed
  // by their joins, in the order they were made:
  //   { clv_spawns fs = CLV_SPAWNS_INIT(sizeof(T)); size_t k; LOOP
  //     for (k = 0; k < fs.count; k++) { f__join(fs.futures[k], value k); s += value k; }
  //     clv_spawns_free(&fs); }
  // A value stored (`x[i] = f(..)`) has the place's address beside it in its
  // slot, taken when the call is spawned (AsyncCall::Store):
  //   { struct fs_slot { T v; X *at; }; ...; struct fs_slot *fs_s; LOOP
  //     ... (fs_s = clv_spawns_next(&fs), fs_s->at = &(x[i]),
  //          clv_spawns_add(&fs, f__spawn(&fs_s->v, ..))) ...
  //     for (k ...) { f__join(fs.futures[k], &slot k->v); *slot k->at = slot k->v; } ... }
  // A tested loop (AsyncCall::Tested) asks whether to spawn on entry and
  // after each spawn (fs_on); where the answer is no, the iteration joins
  // what was spawned, runs the rest of the loop as written, and leaves:
  //   LOOP { if (!fs_on) { joins; LOOP'S REST AS WRITTEN; break; } BODY }
  // so a sum adds in the program's order, and a loop of small calls runs
  // the code the compiler made of the original. Where the calls of the
  // loops around the loop are spawned too (AsyncCall::Nest), the futures
  // and their joins stand around the outermost, and the loop asks on each
  // entry: { clv_spawns fs ...; NEST { ... { int fs_on = ..; LOOP } ... } joins }
  for (const AsyncCall &AC : Plan.Async) {
    if (AC.Form != CallFormKind::Iteration)
      continue;
    const Signature &S = SigOf(AC.Callee);
    std::string Fs = AC.Future, K = AC.Future + "_k";
    std::string Pointer = S.returnsValue() ? S.declare(S.returnQualType(), "*") : "";
    std::string Value = "(" + Pointer + ")clv_spawns_value(&" + Fs + ", " + K + ")";
    std::string Name = SigOf(AC.Callee).name();
    // The spawn of the call, its future added to fs by \p Adder (a call of
    // clv_spawns_add or clv_spawns_add_tested, with \p More arguments after
    // the future). The slot of its value is made before the spawn, which may
    // fill it; a value stored has its place's address \p At in its slot.
    auto SpawnAdded = [&](const std::string &Adder, const std::string &At,
                          const std::string &More) {
      std::string Added = Adder + "(&" + Fs + ", ";
      if (AC.Store)
        return "(" + Fs + "_s = clv_spawns_next(&" + Fs + "), " + Fs + "_s->at = " + At + ", " +
               Added + SpawnCall(AC, "&" + Fs + "_s->v") + More + "))";
      if (S.returnsValue())
        return Added + SpawnCall(AC, "(" + Pointer + ")clv_spawns_next(&" + Fs + ")") + More + ")";
      return "clv_spawns_next(&" + Fs + "), " + Added + SpawnCall(AC) + More + ")";
    };
    std::string Place = AC.Store ? Text(CharSourceRange::getTokenRange(
                                       AC.Store->getLHS()->getSourceRange()))
                                 : "";
    std::string Add = SpawnAdded("clv_spawns_add", "&(" + Place + ")", "");
    std::string On = Fs + "_on", Ask = Name + "__loop_spawns()";
    std::string Join = Name + "__join(" + Fs + ".futures[" + K + "]" +
                       (S.returnsValue() ? ", " + Value : "") + ");";
    if (AC.Update)
      Join += " " + Text(CharSourceRange::getTokenRange(AC.Update->getLHS()->getSourceRange())) +
              " " + AC.Update->getOpcodeStr().str() + " *" + Value + ";";
    if (AC.Rest) {
      // A first pass of the loop's header spawns every turn's call, asking
      // the runtime as a tested loop does; then the loop runs as written,
      // each turn taking its call's value, and calling past the turns spawned:
      //   { fs...; int fs_on = ask; for (HEADER) { if (!fs_on) break; spawn;
      //     fs_on = ask; } joins; k = 0; LOOP with the call replaced by
      //     (k < fs.count ? value k++ : CALL) free }
      const auto *For = cast<ForStmt>(AC.Loop);
      std::string Header = Text(CharSourceRange::getCharRange(
          For->getLParenLoc().getLocWithOffset(1), For->getRParenLoc()));
      std::string First =
          "{ clv_spawns " + Fs + " = CLV_SPAWNS_INIT(sizeof(" + S.returnType() + ")); size_t " +
          K + "; " + (AC.Tested ? "int " + On + " = " + Ask + "; " : "") + "for (" + Header +
          ") { " + (AC.Tested ? "if (!" + On + ") break; " : "") + Add + ";" +
          (AC.Tested ? " " + On + " = " + Ask + ";" : "") + " } for (" + K + " = 0; " + K +
          " < " + Fs + ".count; " + K + "++) { " + Join + " } " + K + " = 0;\n" +
          indentOf(SM, AC.Loop->getBeginLoc());
      CharSourceRange Call = CharSourceRange::getTokenRange(AC.Call->getSourceRange());
      R.ReplaceText(Call, "(" + K + " < " + Fs + ".count ? *(" + Pointer +
                              ")clv_spawns_value(&" + Fs + ", " + K + "++) : " + Text(Call) + ")");
      R.InsertTextAfter(AC.Loop->getBeginLoc(), First);
      R.InsertTextAfter(EndOf(AC.Loop), "\n" + indentOf(SM, AC.Loop->getBeginLoc()) +
                                            "clv_spawns_free(&" + Fs + "); }");
      continue;
    }
    std::string Open = "{ clv_spawns " + Fs + " = CLV_SPAWNS_INIT(" +
                       (S.returnsValue() ? "sizeof(" + S.returnType() + ")" : "0") +
                       "); size_t " + K + "; ";
    // A value stored has its place's address in its slot: `X *at`.
    // The type of the place of a value stored, as a pointer named \p Name.
    auto PlacePointer = [&](const std::string &Name) {
      std::string Declared;
      llvm::raw_string_ostream OS(Declared);
      AC.Store->getLHS()->getType().print(OS, PrintingPolicy(Ctx.getLangOpts()), "*" + Name);
      return Declared;
    };
    if (AC.Store) {
      std::string Slot = "struct " + Fs + "_slot";
      std::string Mine = "((" + Slot + " *)clv_spawns_value(&" + Fs + ", " + K + "))";
      Open = "{ " + Slot + " { " + S.declare(S.returnQualType(), "v") + "; " + PlacePointer("at") +
             "; }; clv_spawns " + Fs + " = CLV_SPAWNS_INIT(sizeof(" + Slot + ")); size_t " + K +
             "; " + Slot + " *" + Fs + "_s; ";
      Join = Name + "__join(" + Fs + ".futures[" + K + "], &" + Mine + "->v); *" + Mine +
             "->at = " + Mine + "->v;";
    }
    std::string Joins = "for (" + K + " = 0; " + K + " < " + Fs + ".count; " + K + "++) { " +
                        Join + " } clv_spawns_free(&" + Fs + ");";
    // A call tested at run time (AsyncCall::Checked): the statement of the
    // call becomes a block that takes the bytes of this iteration's call,
    // joins the calls out first where one of them shares memory that either
    // writes, and keeps the bytes of the call spawned for the next tests:
    //   { ...; clv_extent fs_x[N]; int fs_xn; LOOP { fs_xn = f__extents(fs_x, ..);
    //       if (clv_spawns_conflict(&fs, fs_x, fs_xn)) { joins }
    //       clv_spawns_add_tested(&fs, f__spawn(slot, ..), fs_x, fs_xn); } ... }
    // Whether the \p Count extents \p X share memory with a call still out.
    auto Conflict = [&](const std::string &X, const std::string &Count) {
      return "clv_spawns_conflict(&" + Fs + ", " + X + ", " + Count + ")";
    };
    if (AC.Checked) {
      size_t N = S.extentCount() + (AC.Store ? 1 : 0);
      std::string Args = ArgsOf(AC.Call), X = Fs + "_x", Xn = Fs + "_xn", At = Fs + "_at";
      Open += "clv_extent " + X + "[" + std::to_string(N) + "]; int " + Xn + "; ";
      // A stored value's place is one more written extent, after the callee's.
      std::string Kept;
      if (AC.Store) {
        Open += PlacePointer(At) + "; ";
        Kept = " " + At + " = &(" + Place + "); clv_extent_span(&" + X + "[" + Xn + "++], " + At +
               ", 1, sizeof *" + At + ", 1);";
      }
      Add = "{ " + Xn + " = " + Name + "__extents(" + X + (Args.empty() ? "" : ", " + Args) +
            ");" + Kept + " if (" + Conflict(X, Xn) + ") { " + Joins + " } " +
            SpawnAdded("clv_spawns_add_tested", At, ", " + X + ", " + Xn) + ";" +
            (AC.Tested ? " " + On + " = " + Ask + ";" : "") + " }";
    }
    // Each write of the rest of the loop tested before it runs
    // (AsyncCall::TestedStores), its statement in a block:
    //   { clv_extent fs_w; clv_extent_span(&fs_w, &(PLACE), 1, sizeof(PLACE), 1);
    //     if (clv_spawns_conflict(&fs, .., &fs_w, 1)) { joins } STATEMENT }
    std::vector<std::pair<const Expr *, std::string>> Stores;
    for (const Expr *Store : AC.TestedStores) {
      const Expr *Written = isa<BinaryOperator>(Store) ? cast<BinaryOperator>(Store)->getLHS()
                                                       : cast<UnaryOperator>(Store)->getSubExpr();
      std::string P = "(" + Text(CharSourceRange::getTokenRange(Written->getSourceRange())) + ")";
      Stores.push_back(
          {Store, "{ clv_extent " + Fs + "_w; clv_extent_span(&" + Fs + "_w, &" + P + ", 1, sizeof" +
                      P + ", 1); if (" + Conflict("&" + Fs + "_w", "1") + ") { " + Joins + " } " +
                      Text(CharSourceRange::getCharRange(Store->getBeginLoc(), EndOf(Store))) +
                      " }"});
    }
    std::string Close = "\n" + indentOf(SM, AC.Nest->getBeginLoc()) + Joins + " }";
    // Around the nest, after the loop is rewritten, which may end where the
    // nest does.
    std::string NestOpen, NestClose;
    if (AC.Nest != AC.Loop) {
      NestOpen = std::exchange(Open, "{ ");
      NestClose = std::exchange(Close, " }");
    }
    auto Around = [&] {
      if (!NestOpen.empty()) {
        R.InsertTextAfter(AC.Nest->getBeginLoc(), NestOpen);
        R.InsertTextAfter(EndOf(AC.Nest), NestClose);
      }
    };
    if (AC.Tested) {
      // The loop is written anew from its text, which nothing else rewrites:
      // its one call of the program is this one, and it cannot return.
      auto Offset = [&](SourceLocation L) { return SM.getFileOffset(SM.getExpansionLoc(L)); };
      SourceLocation Begin = AC.Loop->getBeginLoc(), End = EndOf(AC.Loop);
      std::string Loop = Text(CharSourceRange::getCharRange(Begin, End));
      const Stmt *Body = loopBody(AC.Loop);
      auto Part = [&](const Stmt *P) {
        return P ? Text(CharSourceRange::getTokenRange(P->getSourceRange())) : "";
      };
      // In braces, so that the `break` after it is not read as guarded by
      // an `if` the body ends with (-Wmisleading-indentation).
      std::string Rest =
          "{ " + Text(CharSourceRange::getCharRange(Body->getBeginLoc(), EndOf(Body))) + " }";
      std::string Cond = Part(loopCondition(AC.Loop));
      if (const auto *For = dyn_cast<ForStmt>(AC.Loop))
        Rest = "for (; " + Cond + "; " + Part(For->getInc()) + ") " + Rest;
      else if (isa<WhileStmt>(AC.Loop))
        Rest = "while (" + Cond + ") " + Rest;
      else
        Rest = "do " + Rest + " while (" + Cond + ");";
      std::string Leave = "if (!" + On + ") { " + Joins + " " + Rest + " break; } ";
      // From the end: the body's close, the call, the body's open.
      unsigned At = Offset(Begin), BodyBegin = Offset(Body->getBeginLoc()) - At,
               BodyEnd = Offset(EndOf(Body)) - At,
               CallBegin = Offset(AC.Statement->getBeginLoc()) - At,
               CallEnd = Offset(After(AC.Statement->getEndLoc())) - At;
      bool Compound = isa<CompoundStmt>(Body);
      if (!Compound)
        Loop.insert(BodyEnd, " }");
      // The call and the tested writes, from the last.
      std::vector<std::tuple<unsigned, unsigned, std::string>> Edits;
      if (AC.Checked)
        Edits.push_back({CallBegin, Offset(EndOf(AC.Statement)) - At - CallBegin, Add});
      else
        Edits.push_back({CallBegin, CallEnd - CallBegin, "(" + Add + ", " + On + " = " + Ask + ")"});
      for (const auto &[Store, Code] : Stores) {
        unsigned Begin = Offset(Store->getBeginLoc()) - At;
        Edits.push_back({Begin, Offset(EndOf(Store)) - At - Begin, Code});
      }
      llvm::sort(Edits, [](const auto &X, const auto &Y) { return std::get<0>(X) > std::get<0>(Y); });
      for (const auto &[Begin, Length, Code] : Edits)
        Loop.replace(Begin, Length, Code);
      Loop.insert(Compound ? BodyBegin + 1 : BodyBegin, Compound ? " " + Leave : "{ " + Leave);
      R.ReplaceText(CharSourceRange::getCharRange(Begin, End),
                    Open + "int " + On + " = " + Ask + "; " + Loop + Close);
      Around();
      continue;
    }
    for (const auto &[Store, Code] : Stores)
      R.ReplaceText(CharSourceRange::getCharRange(Store->getBeginLoc(), EndOf(Store)), Code);
    if (AC.Checked)
      replaceApart(R, CharSourceRange::getCharRange(AC.Statement->getBeginLoc(), EndOf(AC.Statement)),
                   Add);
    else
      replaceApart(R, CharSourceRange::getTokenRange(AC.Statement->getSourceRange()), Add);
    R.InsertTextAfter(AC.Loop->getBeginLoc(), Open);
    R.InsertTextAfter(EndOf(AC.Loop), Close);
    Around();
  }

  // Statements whose operand calls are evaluated first, into temporaries:
  // { T v1; clv_future *f1; f1 = f__spawn(&v1, ..); v2 = f(..); joins; S }
  for (const HoistedStatement &H : Plan.Hoisted) {
    std::vector<std::string> Decls, Issue;
    std::vector<std::pair<CharSourceRange, std::string>> Temporaries;
    for (size_t K = 0; K < H.Calls.size(); ++K) {
      const CallExpr *CE = H.Calls[K];
      Decls.push_back(Declare(CE->getDirectCallee(), H.Values[K]));
      // The calls of the statement in flight that no proof keeps apart
      // from this one: tested before it is evaluated.
      std::vector<const AsyncCall *> Against;
      for (const AsyncCall &AC : Plan.Async)
        if (AC.Form == CallFormKind::Operand &&
            llvm::any_of(AC.TestedBy,
                         [&](const AsyncCall::TestedCall &T) { return T.Call == CE; }))
          Against.push_back(&AC);
      if (!Against.empty())
        Issue.push_back(TestCode(CE, Against));
      auto Async = llvm::find_if(Plan.Async, [&](const AsyncCall &AC) { return AC.Call == CE; });
      if (Async != Plan.Async.end()) {
        Decls.push_back("clv_future *" + Async->Future + ";");
        if (!Async->TestedBy.empty())
          Issue.push_back(Extents(CE, Async->Future + "_x"));
        Issue.push_back(Async->Future + " = " + SpawnCall(*Async) + ";");
      } else {
        Issue.push_back(H.Values[K] + " = " +
                        Text(CharSourceRange::getTokenRange(CE->getSourceRange())) + ";");
      }
      Temporaries.push_back({CharSourceRange::getTokenRange(CE->getSourceRange()), H.Values[K]});
    }
    std::vector<std::string> Inside;
    for (const AsyncCall &AC : Plan.Async)
      if (AC.JoinInside && AC.JoinBefore == H.S)
        Inside.push_back(JoinCall(AC));
    std::reverse(Inside.begin(), Inside.end());
    std::string Prologue =
        llvm::join(Decls, " ") + " " + llvm::join(Issue, " ") + " " + llvm::join(Inside, " ") + " ";
    if (const ConditionalOperator *CO = H.Conditional) {
      // `return c ? x : y;` as `{ if (c) return x; else { prologue return y; } }`,
      // the prologue in the branch that holds the calls. The text between the
      // parts is replaced: `return (`, `?`, `:` and a closing parenthesis.
      const Expr *Cond = CO->getCond(), *True = CO->getTrueExpr(), *False = CO->getFalseExpr();
      bool InTrue = H.Branch == True;
      auto Between = [&](SourceLocation From, SourceLocation To) {
        return CharSourceRange::getCharRange(From, To);
      };
      R.ReplaceText(Between(H.S->getBeginLoc(), Cond->getBeginLoc()), "{ if (");
      R.ReplaceText(Between(After(Cond->getEndLoc()), True->getBeginLoc()),
                    InTrue ? ") { " + Prologue + "return " : ") return ");
      R.ReplaceText(Between(After(True->getEndLoc()), False->getBeginLoc()),
                    InTrue ? "; } else return " : "; else { " + Prologue + "return ");
      if (SourceLocation End = After(H.S->getEndLoc()), FalseEnd = After(False->getEndLoc());
          End != FalseEnd)
        R.RemoveText(Between(FalseEnd, End));
      R.InsertTextAfter(EndOf(H.S), InTrue ? " }" : " } }");
    } else {
      bool Braces = !isa<DeclStmt>(H.S);
      R.InsertTextAfter(H.S->getBeginLoc(), (Braces ? "{ " : "") + Prologue);
      if (Braces)
        R.InsertTextAfter(EndOf(H.S), " }");
    }
    for (const auto &[Range, Value] : Temporaries)
      replaceApart(R, Range, Value);
  }

  // An external function \p Name of \p S's signature that calls \p Callee
  // with its arguments, after a comment saying what it is \p For.
  auto Forward = [](const Signature &S, const std::string &Name, const std::string &Callee,
                    const std::string &For) {
    return "\n/* cleave: " + For + " */\n" + S.declare(S.returnQualType(), Name) + "(" +
           S.parameterList() + ") {\n  " + (S.returnsValue() ? "return " : "") + Callee + "(" +
           S.argumentList([](const Signature::Param &P) { return P.Name; }) + ");\n}\n";
  };

  // The sequential clones: each function as written, its self-calls renamed.
  std::string Clones;
  for (const Signature &S : Sigs) {
    const FunctionDecl *F = S.F;
    SourceLocation From = After(F->getLocation()), To = After(F->getBody()->getEndLoc());
    std::string Body = Text(CharSourceRange::getCharRange(From, To));
    class SelfCalls : public RecursiveASTVisitor<SelfCalls> {
    public:
      const FunctionDecl *F;
      std::vector<SourceLocation> Names;
      bool VisitCallExpr(CallExpr *CE) {
        if (CE->getDirectCallee() &&
            CE->getDirectCallee()->getCanonicalDecl() == F->getCanonicalDecl())
          Names.push_back(CE->getCallee()->IgnoreParenImpCasts()->getBeginLoc());
        return true;
      }
    } Calls;
    Calls.F = F;
    Calls.TraverseStmt(F->getBody());
    std::vector<unsigned> Offsets;
    for (SourceLocation L : Calls.Names)
      if (L.isFileID())
        Offsets.push_back(SM.getFileOffset(L) - SM.getFileOffset(From));
    llvm::sort(Offsets, std::greater<unsigned>());
    for (unsigned O : Offsets)
      Body.replace(O, F->getName().size(), sequentialName(S));
    Clones += "\n/* cleave: '" + S.name() +
              "' as written, run where no node is free to take a call */\n" +
              S.declare(S.returnQualType(), sequentialName(S)) + Body + "\n" +
              Forward(S, sequentialEntryName(S), sequentialName(S),
                      "entry of the sequential clone of '" + S.name() + "' for the stubs");
  }
  R.InsertTextAfter(SM.getLocForEndOfFile(Main), Clones);

  for (const FunctionDecl *F : A.definitions())
    if (F->isMain())
      keepMainRunning(F, R, Ctx.getLangOpts());

  // A static function is reached from the stubs through an external entry.
  std::string Entries;
  for (const Signature &S : Sigs)
    if (entryName(S) != S.name())
      Entries += Forward(S, entryName(S), S.F->getNameAsString(),
                         "entry of the static function '" + S.F->getNameAsString() +
                             "' for calls from other nodes");
  // Where the stubs find each global a call carries a region of.
  for (const auto &[S, G] : carriedGlobals(Sigs))
    Entries += "\n/* cleave: where calls from other nodes find '" + G->Global + "' */\n" +
               S->globalAccessor(*G) + " { return (" + S->declare(G->Elem, "*") + ")(void *)" +
               (G->Pointer ? "" : "&") + G->Global + "; }\n";
  if (!Entries.empty())
    R.InsertTextAfter(SM.getLocForEndOfFile(Main), Entries);

  const RewriteBuffer *Buf = R.getRewriteBufferFor(Main);
  return Buf ? std::string(Buf->begin(), Buf->end()) : SM.getBufferData(Main).str();
}

} // namespace

/// \p Path (absolute) under \p Root, or "" when it lies elsewhere.
static std::string underRoot(llvm::StringRef Path, llvm::StringRef Root) {
  if (!Path.starts_with(Root) || Path.size() <= Root.size() + 1 || Path[Root.size()] != '/')
    return "";
  return Path.drop_front(Root.size() + 1).str();
}

/// The headers of the project \p SM read: the files other than the main one
/// and the system's under \p Root, by their path there, with their text.
static std::vector<OutputFile> projectHeaders(const SourceManager &SM, llvm::StringRef Root) {
  std::vector<OutputFile> Out;
  for (unsigned I = 0; I < SM.local_sloc_entry_size(); ++I) {
    const SrcMgr::SLocEntry &E = SM.getLocalSLocEntry(I);
    if (!E.isFile() || SrcMgr::isSystem(E.getFile().getFileCharacteristic()))
      continue;
    OptionalFileEntryRef Entry = E.getFile().getContentCache().OrigEntry;
    if (!Entry || *Entry == SM.getFileEntryRefForID(SM.getMainFileID()))
      continue;
    llvm::SmallString<256> Path(Entry->getName());
    llvm::sys::fs::make_absolute(Path);
    llvm::sys::path::remove_dots(Path, /*remove_dot_dot=*/true);
    std::string Name = underRoot(Path, Root);
    std::optional<llvm::StringRef> Text = E.getFile().getContentCache().getBufferDataIfLoaded();
    if (!Name.empty() && Text && llvm::none_of(Out, [&](const OutputFile &F) { return F.Name == Name; }))
      Out.push_back({Name, Text->str()});
  }
  return Out;
}

std::string cleave::commonFolder(const std::vector<std::string> &Files) {
  std::string Root = llvm::sys::path::parent_path(Files.front()).str();
  for (const std::string &F : Files)
    while (!Root.empty() && !llvm::StringRef(F).starts_with(Root + "/"))
      Root = llvm::sys::path::parent_path(Root).str();
  return Root;
}

/// The path of the program's file \p File (absolute) in the output folder:
/// under \p Root as it is there, or its name alone.
static std::string outputPath(llvm::StringRef File, llvm::StringRef Root) {
  std::string Source = underRoot(File, Root);
  return Source.empty() ? llvm::sys::path::filename(File).str() : Source;
}

/// The tag of the file at \p Source in the output folder, which the names
/// of its stubs files carry: its path without its extension, each
/// character but letters and digits as '_'.
static std::string fileTag(llvm::StringRef Source) {
  std::string Tag = Source.drop_back(llvm::sys::path::extension(Source).size()).str();
  for (char &C : Tag)
    if (!llvm::isAlnum(C))
      C = '_';
  return Tag;
}

std::vector<OutputFile> cleave::emitFile(TUAnalysis &A, const ParallelPlan &Plan,
                                         const EmitOptions &Opts, const BuildFlags &Flags,
                                         ProgramParts &Parts) {
  SourceManager &SM = A.context().getSourceManager();
  std::string Source = outputPath(A.command().File, Opts.Root);
  std::string Tag = fileTag(Source);
  FileNames Names{"cleave_stubs.h", "cleave_stubs.c", {}};
  if (Opts.Several)
    Names = {"cleave_stubs_" + Tag + ".h", "cleave_stubs_" + Tag + ".c", {}};
  // Its functions that its plan spawns, and those another file may spawn;
  // the other files' functions it spawns have their stubs in those files.
  std::vector<Signature> Sigs, Elsewhere;
  auto LoopTested = [&](const FunctionDecl *F) {
    return llvm::any_of(Plan.Async, [&](const AsyncCall &AC) {
      return AC.Tested && AC.Callee->getCanonicalDecl() == F->getCanonicalDecl();
    });
  };
  for (const FunctionDecl *F : Plan.Remote) {
    if (!F->getDefinition()) {
      Elsewhere.emplace_back(F, A, "");
      std::string Header =
          "cleave_stubs_" + fileTag(outputPath(A.definingFile(F), Opts.Root)) + ".h";
      if (!llvm::is_contained(Names.Called, Header))
        Names.Called.push_back(Header);
      continue;
    }
    Sigs.emplace_back(F->getDefinition(), A, Opts.Several ? Tag : "");
    Sigs.back().LoopTested = LoopTested(F) || A.spawnedFromOtherFiles(F->getDefinition());
    Sigs.back().Node = Plan.nodeOf(F);
    Sigs.back().Extents = llvm::is_contained(Plan.Extents, F->getCanonicalDecl());
  }
  for (const FunctionDecl *F : A.definitions())
    if (!llvm::is_contained(Plan.Remote, F->getCanonicalDecl()) && A.spawnedFromOtherFiles(F)) {
      Sigs.emplace_back(F, A, Tag);
      Sigs.back().LoopTested = true;
    }
  StubTypes Types(A.context());
  std::string Name = llvm::sys::path::filename(Source).str();
  // The source is generated first: it names every struct the header declares.
  std::string Stubs = stubsSource(Sigs, Types, Name, Names, Parts.Functions.size(), A);
  for (const Signature &S : Sigs)
    Parts.Functions.push_back(S.name());
  Parts.Shapes += typeShapes(Types, Sigs);
  ProgramParts::Unit Unit;
  Unit.Source = Source;
  Unit.Stubs = Names.Stubs;
  Unit.Flags = Flags;
  Unit.SourceDir = llvm::sys::path::parent_path(A.command().File).str();
  Unit.HasMain = llvm::any_of(A.definitions(), [](const FunctionDecl *F) { return F->isMain(); });
  Parts.Units.push_back(Unit);
  std::vector<OutputFile> Out{{Source, rewriteSource(A, Plan, Sigs, Elsewhere, Names)},
                              {Names.Header, stubsHeader(Sigs, Types, Name, Names)}};
  if (Opts.Several)
    Out.push_back({Names.Stubs, std::move(Stubs)});
  else
    Parts.OneFileStubs = std::move(Stubs);
  for (OutputFile &H : projectHeaders(SM, Opts.Root))
    if (!llvm::is_contained(Parts.Headers, H.Name)) {
      Parts.Headers.push_back(H.Name);
      Out.push_back(std::move(H));
    }
  return Out;
}

std::vector<OutputFile> cleave::emitProgram(ProgramParts &Parts, const EmitOptions &Opts) {
  std::string Table = Opts.Several
                          ? "/* Generated by cleave: the table of the functions the program's "
                            "calls may run on\n   another node. Do not edit. */\n#include "
                            "\"clv.h\"\n\n#include <stdio.h>\n#include <stdlib.h>\n\n"
                          : std::move(Parts.OneFileStubs);
  if (Opts.Several)
    for (const std::string &Name : Parts.Functions)
      Table += serveDeclaration(Name) + ";\n";
  if (Opts.Several)
    Table += "/* The runtime, started first thing in main and stopped where main returns. */\n"
             "void cleave_start(int *argc, char ***argv);\nint cleave_end(int status);\n\n";
  Table += programTable(Parts, Opts);
  return {{"cleave_stubs.c", std::move(Table)}, {"CMakeLists.txt", buildFile(Parts, Opts)}};
}

llvm::Error cleave::writeOutputFolder(llvm::StringRef Dir, const std::vector<OutputFile> &Files) {
  llvm::SmallString<256> Abs(Dir);
  if (std::error_code EC = llvm::sys::fs::make_absolute(Abs))
    return llvm::createFileError(Dir, EC);
  llvm::sys::path::remove_dots(Abs, /*remove_dot_dot=*/true);
  if (llvm::sys::fs::exists(Abs) && !llvm::sys::fs::is_directory(Abs))
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "'%s' exists and is not a folder", Abs.c_str());
  llvm::StringRef Parent = llvm::sys::path::parent_path(Abs);
  if (std::error_code EC = llvm::sys::fs::create_directories(Parent))
    return llvm::createFileError(Parent, EC);
  llvm::SmallString<256> Staging;
  if (std::error_code EC = llvm::sys::fs::createUniqueDirectory(Abs + ".partial", Staging))
    return llvm::createFileError(Abs, EC);
  auto Discard = [&](llvm::Error E) {
    llvm::sys::fs::remove_directories(Staging);
    return E;
  };
  for (const OutputFile &F : Files) {
    llvm::SmallString<256> Path(Staging);
    llvm::sys::path::append(Path, F.Name);
    std::error_code EC = llvm::sys::fs::create_directories(llvm::sys::path::parent_path(Path));
    if (EC)
      return Discard(llvm::createFileError(Path, EC));
    llvm::raw_fd_ostream OS(Path, EC);
    if (!EC) {
      OS << F.Contents;
      OS.close();
      EC = OS.error();
    }
    if (EC)
      return Discard(llvm::createFileError(Path, EC));
  }
  if (!llvm::sys::fs::exists(Abs)) {
    if (std::error_code EC = llvm::sys::fs::rename(Staging, Abs))
      return Discard(llvm::createFileError(Abs, EC));
    return llvm::Error::success();
  }
  for (const OutputFile &F : Files) {
    llvm::SmallString<256> From(Staging), To(Abs);
    llvm::sys::path::append(From, F.Name);
    llvm::sys::path::append(To, F.Name);
    if (std::error_code EC = llvm::sys::fs::create_directories(llvm::sys::path::parent_path(To)))
      return Discard(llvm::createFileError(To, EC));
    if (std::error_code EC = llvm::sys::fs::rename(From, To))
      return Discard(llvm::createFileError(To, EC));
  }
  llvm::sys::fs::remove_directories(Staging);
  return llvm::Error::success();
}
