/// \file
/// The program model: what `cleave analyze` reports about a C program (its
/// functions with parameters and regions, its globals, its call sites, and why a
/// function cannot run on another node), as plain values with JSON and text forms.
#ifndef CLEAVE_ANALYSIS_PROGRAMMODEL_H
#define CLEAVE_ANALYSIS_PROGRAMMODEL_H

#include "analysis/SymbolicExpr.h"
#include "llvm/Support/raw_ostream.h"
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace cleave {

/// A place in a source file (1-based line and column).
struct SourcePos {
  std::string File;
  unsigned Line = 0;
  unsigned Column = 0;
  std::string str() const;
};

/// How the elements of a region lie when they are rows of a matrix: of each
/// row, the elements [ColLo, ColHi) from its start, the rows Stride elements
/// apart, so that the region [Lo, Hi) counts rows: the elements r * Stride + c
/// for r in [Lo, Hi), c in [ColLo, ColHi). Without a Stride the region is the
/// elements [Lo, Hi) themselves.
struct RowShape {
  SymExpr::Ptr Stride, ColLo, ColHi;
  explicit operator bool() const { return Stride != nullptr; }
  bool operator==(const RowShape &O) const;
};

/// How many elements the region [Lo, Hi) shaped \p Rows holds (0 when it is
/// empty), with each variable's value from \p Lookup; std::nullopt when one
/// has none, or on overflow.
std::optional<int64_t>
regionElements(const SymExpr::Ptr &Lo, const SymExpr::Ptr &Hi, const RowShape &Rows,
               const std::function<std::optional<int64_t>(llvm::StringRef)> &Lookup);

/// The name regions and summaries give a global variable of the program:
/// "::count", which no parameter can have. A global whose elements travel
/// (travellingGlobal) has regions like a pointer parameter's, from its
/// first element; a call that touches it brings them in and takes the
/// written ones back, as it does a parameter's.
std::string globalKey(llvm::StringRef Name);
/// The global read (EffectInfo::GlobalsRead) of a function that reads the C
/// library's character tables (glibc's ctype.h: `(*__ctype_b_loc())[c]`),
/// constant unless the program sets the locale (setsLocale).
inline constexpr const char *CharacterTables = "the C library's character tables";
/// Whether \p Param names a global (globalKey), not a parameter.
bool isGlobalKey(llvm::StringRef Param);

/// The name regions and summaries give what the pointers in the array
/// pointer parameter \p Param points to point to (the rows of a grid kept
/// as an array of row pointers, `double **old`): "old[]". Its regions are
/// rows (RowShape) whose stride is this name, no length: row r is where
/// old[r] points, so that `old[lo:hi]->[0:n]` is the elements [0, n) from
/// each of old[lo] to old[hi - 1]. Two rows may be one, or lie in any
/// other object: they are told apart at run time only.
std::string pointeesKey(llvm::StringRef Param);
/// Whether \p Param is a pointeesKey.
bool isPointeesKey(llvm::StringRef Param);
/// The parameter whose pointers the pointeesKey \p Key follows.
std::string pointersOf(llvm::StringRef Key);

/// "a[lo:hi]", with rows "a[lo:hi][clo:chi] (rows of ld)", behind pointers
/// "a[lo:hi]->[clo:chi]" (pointeesKey).
std::string regionText(const std::string &Param, const SymExpr::Ptr &Lo, const SymExpr::Ptr &Hi,
                       const RowShape &Rows);

/// The elements [Lo, Hi) of the array a pointer parameter points into, in
/// elements of its pointee type, as a function of the parameters on entry;
/// rows of them when Rows has a stride.
struct Region {
  std::string Param;
  SymExpr::Ptr Lo, Hi;
  /// Nothing is written through it (a const pointee, or none of the
  /// accesses the analysis found): nothing is copied back.
  bool ReadOnly = false;
  /// Found by the analysis from the accesses, where no pragma gives it.
  bool Inferred = false;
  RowShape Rows;
  /// The AccessRegion::Widened of an access it holds: why it is all of
  /// the array an access indexes.
  std::string Widened;
  std::string str() const; ///< regionText
};

struct ParamInfo {
  std::string Name;
  std::string Type;
};

/// A call of a function to itself, as divide and conquer sees it.
struct SelfCallInfo {
  SourcePos Pos;
  /// The ratio of the call's message volume (its regions' elements times their
  /// size, plus its scalar arguments) to its caller's (seed 000 section 2):
  /// 0.5 for n/2 of n; 1 with scalar arguments only. None when it depends on
  /// values known only at run time.
  std::optional<double> Alpha;
  std::string Note; ///< why alpha is unknown
};

/// A variable declared in a function: a parameter's fellow, one per scope.
struct LocalInfo {
  std::string Name;
  /// Unique across scopes and files: "sort::half", "main::b12.5::i" for a
  /// block opened at line 12, column 5; a static function's start with its file.
  std::string UniqueName;
  std::string Type;
  std::string Storage; ///< auto, register or static
  SourcePos Pos;
};

/// One reference of a function to a parameter, local, global, enumeration
/// constant or function (seed 004 section 2.3.3).
struct ReferenceInfo {
  std::string Name; ///< the unique name of what is referenced
  std::string Kind; ///< param, local, global, enum_constant, function
  /// read, write, read-write, address, allocate, deallocate or call.
  std::string Access;
  bool ThroughPointer = false; ///< the access is to what the variable points to
  SourcePos Pos;
};

/// A basic block of a function's control-flow graph (clang::CFG numbering:
/// the entry block has the highest number, the exit block 0).
struct BasicBlockInfo {
  unsigned Id = 0;
  std::vector<std::string> Statements; ///< "line: text", in execution order
  std::string Terminator;              ///< the branch that ends it, if any
  std::vector<unsigned> Successors;    ///< in branch order (true, false; cases)
};

/// A dependence between two statements of a function (seed 004 chapter 3).
/// Statements are named "B<block>.<index>", as in BasicBlockInfo.
struct DependenceInfo {
  std::string From, To;
  std::string Kind; ///< flow, anti, output or control
  /// The variable it is through ("memory" for what pointers and calls reach);
  /// for a control dependence, empty.
  std::string Via;
};

/// What a function may touch through one of its pointer parameters, read or
/// written: an interval of elements, the nodes of a linked structure, or
/// memory it cannot bound.
struct AccessRegion {
  std::string Param;
  bool Write = false;
  /// An interval: the elements [Lo, Hi) from the parameter's value on entry,
  /// over the parameters' names; rows of them when Rows has a stride.
  SymExpr::Ptr Lo, Hi;
  RowShape Rows;
  /// A linked structure: the nodes reachable from the parameter through
  /// Fields (sorted), the first node included.
  bool Reachable = false;
  std::vector<std::string> Fields;
  /// Otherwise: why the region cannot be bounded.
  std::string Unbounded;
  /// A global's (globalKey): how many scalars it holds, 0 when unknown.
  int64_t Extent = 0;
  /// Why the index was not bounded, where the region is instead the array
  /// the access indexes (a row of a global, or all of it): C keeps every
  /// index inside its array.
  std::string Widened;
  /// The callee the access happens in, empty when the function makes it.
  std::string Via;
  /// regionText, "t->{left,right}*", "p[?]".
  std::string str() const;
  /// An unbounded access of a global of known Extent becomes all of it,
  /// Widened by why; false, and nothing changed, for any other.
  bool widenToGlobal();
  bool operator==(const AccessRegion &O) const;
};

/// One fact of an effect summary: a global, an I/O function, a function of
/// unknown effects, ... and the callee it comes through (empty when direct).
struct EffectFact {
  std::string Name;
  std::string Via;
  /// A global read: it is const-qualified (and not volatile), so every node
  /// holds its one value and a read of it keeps no call on its node.
  bool Constant = false;
  bool operator==(const EffectFact &O) const {
    return Name == O.Name && Via == O.Via && Constant == O.Constant;
  }
};

/// A function's side effects, through the functions it calls (its mod/ref
/// summary).
struct EffectInfo {
  std::vector<EffectFact> GlobalsRead, GlobalsWritten; ///< by name
  /// By parameter (in order), reads before writes.
  std::vector<AccessRegion> Accesses;
  std::vector<EffectFact> InputOutput;  ///< the library function doing it
  std::vector<EffectFact> UnknownCalls; ///< functions whose effects are unknown
  /// free, realloc: of memory the function did not allocate itself
  std::vector<EffectFact> Allocation;
  /// Whatever else keeps a call on its node, as a phrase completing "the
  /// function ..." (inline assembly, setjmp, static locals, calls through
  /// pointers, memory it cannot name).
  std::vector<EffectFact> Other;
  /// What keeps a call on its node where regions are copied: an access of a
  /// pointer whose region, from its loops' bounds, may reach past the
  /// pointer's array, since a test before it keeps its index inside
  /// (`if (y >= 0 && y < n) s += in[y]` for y from i - 1 to i + 1); an
  /// order of pointers into rows behind pointers, which copies do not keep;
  /// an access through a global pointer (Globals read as parameters), which
  /// each rank sets for itself.
  std::vector<EffectFact> PastArray;
  /// Aliasing the function creates: locals whose address it takes, pointers
  /// it stores in globals.
  std::vector<std::string> Aliasing;
  bool operator==(const EffectInfo &O) const;
};

/// A call as effect summaries compose it: what each argument is in the
/// caller's parameters.
struct CallEffect {
  std::string Callee; ///< unique name
  SourcePos Pos;
  struct Arg {
    enum class Kind {
      Value,   ///< a scalar that is not an expression of the parameters
      Integer, ///< Value: an expression of the caller's parameters
      Pointer, ///< into Name, a pointer parameter: Value the offset, or Fields
      Local,   ///< the caller's own memory (Name: the local, or the
               ///< allocation all its values come from, if one)
      Global,  ///< into global Name
      Unknown, ///< a pointer the analysis cannot follow (Why)
      /// a row behind the pointers of pointer parameter Name (pointeesKey):
      /// where the pointer at element RowIndex points, Value elements on;
      /// both in the caller's parameters by name, its other variables by
      /// key (as Symbolic), which the states at the call bound
      Row,
    } K = Kind::Value;
    SymExpr::Ptr Value;
    /// Pointer to smaller elements than Name's (Fields ""), a cast's
    /// (`(double *)T` of `block *T`) or an array element's decayed to its
    /// first (`*M` of `Block *M`): how many of them one of Name's holds;
    /// Value then counts them.
    int64_t Within = 0;
    SymExpr::Ptr RowIndex; ///< Row
    /// An integer without side effects: its value in the caller's parameters
    /// where it can, else in the variables it reads (keyed as symbolicValue
    /// keys them), which name the values they hold at the call. A Pointer
    /// whose offset reads variables that change (no Value): that offset so.
    SymExpr::Ptr Symbolic;
    std::string Name;
    std::vector<std::string> Fields;
    /// Unknown: why it cannot be followed; Value, an unsigned integer: that
    /// it may wrap around below 0 there.
    std::string Why;
    /// Local or Global: the one object it points into, when known (a named
    /// array or struct, or an allocation such as `malloc at 12:7`).
    std::string Object;
    /// Local or Global: the address it holds, in the caller's variables
    /// (addressValue: an array's key stands for its first element's), which
    /// shows a callee's facts of pointer pairs (`cat(a, a + 9, ..)` gives
    /// `high1 - low1 == 9`).
    SymExpr::Ptr Address;
    std::string Text; ///< the argument as written
  };
  std::vector<Arg> Args;
  /// Pairs of arguments (I < J) that point into different objects of the
  /// caller's own where the call is made, which Arg::Object cannot say
  /// (buffers swapped in a loop).
  std::vector<std::pair<unsigned, unsigned>> ApartArgs;
  /// Facts `E >= 0` that hold where the call is made: the conditions of the
  /// `if`s around it, and of those before it that return (`if (n <= 16) {
  /// ...; return; }`), about variables that never change: the caller's
  /// parameters by name, its locals keyed as Arg::Symbolic keys them.
  std::vector<SymExpr::Ptr> Context;
  /// Differences `a - b` of comparisons `a != b` that hold there, named as
  /// Context names them: with facts that order a and b (the caller's entry
  /// facts), strengthenUnequal makes a strict fact of each.
  std::vector<SymExpr::Ptr> Unequal;
  /// The ranges of the counters of the counted `for` loops around the call
  /// (`i - lo >= 0`, `hi - 1 - i >= 0`), keyed as Arg::Symbolic keys them:
  /// the values the arguments that read them take, for entry facts.
  std::vector<SymExpr::Ptr> Counters;
  /// When an integer argument reads variables that change: what holds
  /// where the call is made about every integer variable (IntegerStates),
  /// keyed as Context keys them. Its regions span the values there.
  std::vector<SymExpr::Ptr> State;
  /// The globals the caller reads as parameters it keeps
  /// (LocalSummary::StableGlobals): a bound of the callee's that names one
  /// holds where the call is made.
  std::vector<std::string> StableGlobals;
};

/// What a function does by itself, before its calls are composed in.
struct LocalSummary {
  EffectInfo Direct;
  /// The globals (globalKey) the function reads as parameters it keeps
  /// (stableGlobals): its regions' bounds may name them, and so may those
  /// its callees' give it.
  std::vector<std::string> StableGlobals;
  /// What holds where each access of Direct.Accesses is made, in its order,
  /// as CallEffect::Context says where a call is made.
  std::vector<std::vector<SymExpr::Ptr>> AccessContext;
  std::vector<CallEffect> Calls;
  /// Pointer parameters compared or subtracted with another, by name: the
  /// array of the parameter each lies within holds its accesses, and it
  /// travels as its distance from that one (`high` within `low`, whose
  /// region is low[0:high - low + 1]).
  std::map<std::string, std::string> Within;
  /// The facts on entry it was summarized with (TUAnalysis::entryFacts),
  /// named as CallEffect::Context names them.
  std::vector<SymExpr::Ptr> Entry;
};

struct FunctionInfo {
  std::string Name;
  SourcePos Pos;
  std::string ReturnType;
  std::vector<ParamInfo> Params;
  std::string Signature; ///< the prototype as C writes it
  bool Defined = false;
  bool Static = false;
  bool Variadic = false;
  bool Recursive = false; ///< on a cycle of the call graph
  std::vector<Region> Regions;
  std::string UniqueName;
  std::vector<LocalInfo> Locals;          ///< in source order
  std::vector<ReferenceInfo> References;  ///< in source order
  std::vector<BasicBlockInfo> Blocks;     ///< the control-flow graph, by Id
  unsigned EntryBlock = 0, ExitBlock = 0;
  /// Divide and conquer: at least two self-calls in one block (or one
  /// expression) whose regions share no element.
  bool DivideAndConquer = false;
  std::vector<SelfCallInfo> SelfCalls; ///< in source order
  std::vector<DependenceInfo> Dependences; ///< in a stable order
  std::string DependencesOmitted;          ///< why there are none, if so
  /// Why a call of this function cannot run on another node; empty if it can.
  std::vector<std::string> RemoteBlockers;
  /// The part of RemoteBlockers that its signature and pragma give, its
  /// pointer parameters that have no region, and those that pass a linked
  /// structure (analysis/Marshaling.h).
  std::vector<std::string> SignatureBlockers, Regionless, Linked;
  /// Its pointer parameters through which it keeps no pointer it is given
  /// (keptNowhere in transform/ParallelPlan.h): what a call from another
  /// file is planned with.
  std::vector<std::string> KeepsNoPointer;
  bool HasBody = false; ///< Local summarizes its body (an alias has none)
  LocalSummary Local;
  /// Entry facts its regions hold under that it tests on entry
  /// (TUAnalysis::entryGuard), in the parameters' names: a call from
  /// another function passes its regions only where it shows them.
  std::vector<SymExpr::Ptr> Guard;
  EffectInfo Effects;  ///< Local with the calls composed in
};

/// One distinct type of the program. Types refer to each other by Key.
struct TypeInfo {
  /// The type's C spelling; for a struct, union or enum also where it is
  /// defined ("struct node@list.h:3"), so that two files' tags stay apart while
  /// one header's definition, seen by several files, is one type.
  std::string Key;
  /// builtin, pointer, array, struct, union, enum, typedef, qualified,
  /// function.
  std::string Kind;
  std::string Spelling;
  uint64_t Size = 0;  ///< bytes; 0 when incomplete (or a function)
  uint64_t Align = 0; ///< bytes
  bool Complete = true;
  SourcePos Pos;      ///< where a tag or typedef is defined
  /// pointer: pointee; array: element; typedef: aliased type; qualified: the
  /// unqualified type; function: return type.
  std::string Of;
  /// typedef: the struct, union, enum or basic type at the end of the chain.
  std::string Anchor;
  std::vector<std::string> Qualifiers; ///< qualified: const, volatile, restrict
  uint64_t Count = 0;                  ///< constant array: elements
  struct Member {
    std::string Name;
    std::string Type; ///< key; for an enumeration constant, empty
    int64_t Value = 0; ///< field: offset in bits; enumeration constant: value
  };
  std::vector<Member> Members; ///< struct/union fields, enum constants
  std::vector<std::string> Params; ///< function: parameter type keys
};

struct GlobalInfo {
  std::string Name;
  std::string Type;
  SourcePos Pos;
  std::string Storage; ///< "extern" or "static"
  bool Defined = false;
  bool Initialized = false;
};

struct CallSiteInfo {
  std::string Caller;
  std::string Callee; ///< empty for a call through a pointer
  SourcePos Pos;
  std::vector<std::string> Arguments; ///< source text of each argument
  bool CalleeDefined = false;
  /// Why the call stays on the caller's node; empty when it may run on
  /// another.
  std::vector<std::string> Sequential;
};

/// Something the program references and never defines (seed 004 section
/// 2.3.4): a library function, an extern variable of another module.
struct UncorrelatedInfo {
  std::string Name;
  std::string Kind; ///< function or global
  std::string Type;
  std::vector<std::string> ReferencedBy; ///< unique names of functions, sorted
};

/// The model of a whole program: functions and globals declared in its files,
/// sorted by name, and call sites in source order.
struct ProgramModel {
  std::vector<std::string> Files;
  std::vector<TypeInfo> Types; ///< sorted by key
  std::vector<FunctionInfo> Functions;
  std::vector<GlobalInfo> Globals;
  std::vector<CallSiteInfo> CallSites;
  std::vector<UncorrelatedInfo> Uncorrelated; ///< sorted by name
};

/// Writes \p M as one JSON object, keys sorted, indented by two.
void writeJSON(const ProgramModel &M, llvm::raw_ostream &OS);

/// The model for people: files, types, functions, globals, call sites.
void printText(const ProgramModel &M, llvm::raw_ostream &OS);

/// The graphs `cleave analyze --dot=KIND` draws.
enum class GraphKind { CallGraph, ControlFlow, Dependences };

/// Writes graph \p Kind of \p M in Graphviz's DOT language: the call graph
/// (a box per defined function, an ellipse per function defined nowhere,
/// recursive functions in bold, an edge per calling pair labelled with its
/// number of call sites), or one cluster per function holding its
/// control-flow graph.
void writeDot(const ProgramModel &M, GraphKind Kind, llvm::raw_ostream &OS);

/// Explains \p Function of \p M for people: its signature and regions,
/// whether a call of it can run on another node and every reason why not, the
/// calls it makes and the calls made to it. Fails when the program has no
/// function of that name.
llvm::Error explainFunction(const ProgramModel &M, llvm::StringRef Function,
                            llvm::raw_ostream &OS);

/// The model of a program from those of its translation units: one entry
/// per type key and per external function or global (a definition wins over
/// a declaration), every static one kept; tables sorted.
ProgramModel mergeModels(std::vector<ProgramModel> Parts);

/// Composes the effect summaries of the functions of \p M at their call
/// sites, to a fixed point over recursion, and derives from them every
/// function's remote blockers and why each call site stays sequential. Run on
/// a whole program, calls between its files are followed.
void linkModel(ProgramModel &M);

/// The reasons \p E gives to keep a call on its node, as phrases completing
/// "the function ...".
std::vector<std::string> effectBlockers(const EffectInfo &E);

/// The functions that change the locale, and with it the character tables.
inline constexpr const char *LocaleSetters[] = {"setlocale", "uselocale"};
/// Whether \p F calls one of LocaleSetters.
bool setsLocale(const FunctionInfo &F);
/// Where a program of several files sets the locale in one of them
/// (setsLocale), the analysis of each of its files is told before it runs:
/// their functions that read the character tables then read what changes.
void setLocaleSetByProgram(bool Set);
bool localeSetByProgram();

/// Every reason to keep a call on its node: those of the effects \p E
/// first (the one a remark names is the first), then those of the
/// signature, one per pointer parameter in \p Regionless (saying what the
/// analysis found it touches, to help write the pragma) and one per
/// parameter in \p Linked whose linked structure \p E writes.
std::vector<std::string> remoteBlockersFrom(const std::vector<std::string> &Signature,
                                            const std::vector<std::string> &Regionless,
                                            const std::vector<std::string> &Linked,
                                            const EffectInfo &E);

} // namespace cleave

#endif
