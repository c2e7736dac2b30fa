/// \file
/// The analysis of C translation units with Clang: it parses each file, reads
/// the `#pragma cleave` lines, finds recursion in the call graph, decides which
/// functions may run on another node (and why not), and summarizes the result
/// as a ProgramModel. The transform works on the same live AST.
#ifndef CLEAVE_ANALYSIS_ANALYSIS_H
#define CLEAVE_ANALYSIS_ANALYSIS_H

#include "analysis/Presburger.h"
#include "analysis/ProgramModel.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Support/Error.h"
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <tuple>
#include <vector>

namespace cleave {

/// One `#pragma cleave ...` line: where it starts ('#'), where the text after
/// `cleave` starts, and that text as written.
struct PragmaLine {
  clang::SourceLocation HashLoc;
  clang::SourceLocation TextLoc;
  std::string Text;
};

/// Whether \p P is `#pragma cleave spawn` (true) or `#pragma cleave nospawn`
/// (false), which force or forbid the spawn of the call after it; nullopt for
/// any other.
std::optional<bool> callPragma(const PragmaLine &P);

/// The compile command of a file: the file (an absolute path), the folder
/// the command runs in and its arguments.
struct CompileCommand {
  std::string File;
  std::string Directory;
  std::vector<std::string> Args;
};

/// What one file of a program tells the analysis of the others: found by a
/// first pass over every file when several are parallelized together
/// (TUAnalysis::fileSummary).
struct FileSummary {
  std::string File; ///< absolute path
  /// The summaries of the functions it defines: their own effects and calls
  /// (FunctionInfo::Local), which the other files compose with theirs.
  std::vector<FunctionInfo> Defined;
  /// The functions of external linkage it names but does not define, each
  /// with the number of times it names one other than in the calls Defined
  /// summarizes (its address taken, a call in a global's initializer).
  std::map<std::string, int> NamedBesideCalls;
  bool HasMain = false;
};

/// What the analysis knows about one translation unit; valid while its
/// ASTContext lives.
class TUAnalysis {
public:
  /// Analyzes the translation unit in \p Ctx, compiled by \p Command.
  /// Malformed `#pragma cleave` lines are reported as Clang errors; the result
  /// is then nullptr. \p Others, when given, are the other files of the
  /// program: calls into them compose their summaries, and the functions
  /// they call here have those calls among theirs.
  static std::unique_ptr<TUAnalysis> build(clang::ASTContext &Ctx, CompileCommand Command,
                                           std::vector<PragmaLine> Pragmas,
                                           const std::vector<FileSummary> *Others = nullptr);
  /// What this file tells the analysis of the program's other files.
  FileSummary fileSummary();
  /// The file of the program, other than this one, that defines the
  /// function \p FD has no definition of here; "" if none does.
  std::string definingFile(const clang::FunctionDecl *FD) const;
  /// Whether the program defines \p FD, in this file or another of its
  /// files (not a library's function).
  bool ofProgram(const clang::FunctionDecl *FD) const;
  /// Whether another file of the program defines a function named \p Name
  /// (a static one of its own, or one of external linkage).
  bool definedInAnotherFile(llvm::StringRef Name) const;
  /// Takes the other files' functions as the program's files see them once
  /// each was analyzed with the others (\p Settled: a second round of
  /// fileSummary): the regions, blockers and parameters a call of one here
  /// is planned with, which are those its own file writes its stubs with.
  /// Called after build; the analysis itself does not read them.
  void settleForeign(const std::vector<FileSummary> &Settled);
  /// What settleForeign gives of \p FD, which another file defines;
  /// nullptr for a function defined here, or where nothing was settled.
  const FunctionInfo *settled(const clang::FunctionDecl *FD) const;
  /// Whether \p Def, defined here, has stubs of its own file for calls
  /// from the program's other files: it has external linkage, another file
  /// calls it, and nothing keeps its calls on their node.
  bool spawnedFromOtherFiles(const clang::FunctionDecl *Def);
  /// The first fact the callee of \p CE tests on entry (entryGuard) that
  /// the call does not show where it is made, as text ("r - l >= 0"); "" for
  /// a self-call, or a call that shows them all. The callee's regions hold
  /// only where they hold.
  std::string guardUnshown(const clang::CallExpr *CE) const;
  /// The names of \p FD's parameters as its regions name them: those of
  /// its definition, here or (settled) in another file.
  std::vector<std::string> parameterNames(const clang::FunctionDecl *FD) const;

  clang::ASTContext &context() const { return Ctx; }
  const CompileCommand &command() const { return Command; }
  const std::vector<PragmaLine> &pragmas() const { return Pragmas; }

  /// The regions of \p FD's pointer parameters: those its pragma gives, and
  /// for the others those the analysis finds (empty if none).
  const std::vector<Region> &regions(const clang::FunctionDecl *FD) const;
  /// The global a region's Param names (globalKey); nullptr for a
  /// parameter's.
  const clang::VarDecl *global(llvm::StringRef Param) const;
  /// Whether the pointer parameters \p P and \p Q of \p FD reach no common
  /// memory: its region pragma names one of them and the other too or
  /// passes a linked structure, or every call of \p FD in the program passes
  /// them pointers into different objects (different arrays, allocations or
  /// globals, or parameters of the caller that are apart in turn), or into
  /// one object where the regions of P and Q do not overlap.
  bool distinctParams(const clang::FunctionDecl *FD, const clang::ParmVarDecl *P,
                      const clang::ParmVarDecl *Q) const;
  /// Why distinctParams does not hold, as a phrase ("the call at line 23
  /// passes 'x' for both").
  std::string whyNotDistinct(const clang::FunctionDecl *FD, const clang::ParmVarDecl *P,
                             const clang::ParmVarDecl *Q) const;
  /// The parameter of \p FD into whose array every pointer it returns
  /// points, or null (returnedParameter); found once.
  const clang::ParmVarDecl *returnedParameter(const clang::FunctionDecl *FD);
  /// Facts `E >= 0` about the integer parameters of \p FD that every call
  /// of it gives (`n <= ld`), keyed as symbolicValue keys the parameters.
  /// Found only where they may serve: for recursive functions with regions
  /// of rows, and functions with accesses they cannot bound by themselves.
  Conjunction entryFacts(const clang::FunctionDecl *FD) const;
  /// The entry facts of \p FD, in the parameters' names, that its
  /// self-calls keep but another call does not show (`r >= l` of a
  /// recursion on a[l..r] that main calls with `n - 1`): its regions hold
  /// where they do, so the rewritten FD tests them on entry and runs as
  /// written where they fail.
  Conjunction entryGuard(const clang::FunctionDecl *FD) const;
  /// The pointer parameters of \p FD without a region of their own that lie
  /// within the array of another (LocalSummary::Within), by name, with its
  /// name: each travels as its distance from that one, NAME__off, and has
  /// no region to find (the other's region, or its lack, says what
  /// matters).
  std::map<std::string, std::string> within(const clang::FunctionDecl *FD) const;
  /// The function whose body makes the call \p CE, and what its summary
  /// says of the call (the origin of each pointer argument); nulls when
  /// no summary has it, or more than one call starts where it does.
  std::pair<const clang::FunctionDecl *, const CallEffect *>
  callEffect(const clang::CallExpr *CE) const;
  /// \p E, a bound of a region of \p FD, as another node computes it: each
  /// pointer parameter within another (within()) that one plus its
  /// NAME__off, which cancels the addresses in `high - low`; null when
  /// the address of a pointer parameter remains, which means nothing there.
  SymExpr::Ptr boundOnAnyNode(const clang::FunctionDecl *FD, const SymExpr::Ptr &E) const;
  /// Why a call of \p FD cannot run on another node; empty when it can.
  const std::vector<std::string> &remoteBlockers(const clang::FunctionDecl *FD);
  /// Whether parameter \p P of \p FD passes a linked structure
  /// (analysis/Marshaling.h): a pointer to a struct that travels, without a
  /// region.
  bool passesLinkedStructure(const clang::FunctionDecl *FD,
                             const clang::ParmVarDecl *P) const;
  /// Whether \p FD lies on a cycle of the call graph.
  bool isRecursive(const clang::FunctionDecl *FD) const;
  /// Functions defined in the main file, in source order.
  const std::vector<const clang::FunctionDecl *> &definitions() const {
    return Definitions;
  }
  /// The effects of the definition of \p FD, with the calls within the
  /// translation unit composed in; nullptr when it has no definition here.
  const EffectInfo *effects(const clang::FunctionDecl *FD) const;
  /// Why a call of \p FD runs where it is made on nodes that copy regions
  /// (mpi, CLEAVE_PASS=copy), or "": a region of a pointer that may reach
  /// past its array, or an array reached through a global pointer
  /// (EffectInfo::PastArray).
  std::string homeWhereCopied(const clang::FunctionDecl *FD) const;
  /// The type of the elements of \p F's region named \p Param: those of
  /// a global's array or of what a global pointer points to, or
  /// regionElement's.
  clang::QualType regionElementOf(const clang::FunctionDecl *F, llvm::StringRef Param) const;
  /// Whether the global \p G keeps one value while any function but main
  /// runs (stableGlobals), its address never taken.
  bool stable(const clang::VarDecl *G) const { return Stable.count(G->getCanonicalDecl()); }
  /// The model of this translation unit (declarations of its main file);
  /// with \p Graphs, each function's control-flow and dependence graphs too
  /// (they are the larger part of the model and of the time to build it).
  ProgramModel model(bool Graphs);

private:
  explicit TUAnalysis(clang::ASTContext &Ctx) : Ctx(Ctx) {}
  bool attachRegions();
  void findRecursion();
  /// Gives each pointer parameter without a pragma region the one interval
  /// that holds its accesses, when there is one.
  void inferRegions();
  /// Finds the pairs of pointer parameters that point into different
  /// objects at every call (distinctParams).
  void findDistinctParams();
  /// Finds the calls of each function (CallsOf), or why they are not all
  /// known (CallsUnknown).
  void findCalls();
  /// How often each function (canonical) is named anywhere in the file;
  /// counted on the first request, as the tree does not change.
  const llvm::DenseMap<const clang::FunctionDecl *, unsigned> &mentions() const;
  mutable std::optional<llvm::DenseMap<const clang::FunctionDecl *, unsigned>> Mentions;
  /// Finds entryFacts for the functions \p Wanted picks that have none
  /// yet, and settles them all again. With \p Inductive, the facts that
  /// order a pointer within another's array are only proposed (Assumed):
  /// the calls that give them may need them, and settleEntryFacts keeps
  /// them once the summaries found with them give them back.
  void findEntryFacts(const std::function<bool(const clang::FunctionDecl *)> &Wanted,
                      bool Inductive = false);
  /// Drops the entry facts, but for the Assumed ones, that some call does
  /// not give, to the greatest fixed point; true if it dropped any. Of a
  /// SelfSettled function, only the self-calls drop facts; a fact another
  /// call does not give is Guarded, and gives its callees nothing.
  bool settleEntryFacts();
  /// Summarizes the effects of the definitions and composes them.
  void summarizeEffects();
  /// What the returns of \p FD give about its value (IntegerStates::
  /// returns), found on first need; null when nothing.
  const Conjunction *returnFacts(const clang::FunctionDecl *FD);
  /// Warns where a region pragma gives less than the analysis proves a
  /// function touches.
  void checkPragmas();
  /// Why \p Def cannot run remotely by its signature and pragma alone, but
  /// for its pointer parameters without a region, added to \p Regionless,
  /// and those passing a linked structure, added to \p Linked.
  std::vector<std::string> signatureBlockers(const clang::FunctionDecl *Def,
                                             std::vector<std::string> *Regionless,
                                             std::vector<std::string> *Linked);
  /// Why the rows behind the array of row pointers \p P of \p Def cannot
  /// travel (a phrase completing "has parameter 'old' pointing to
  /// pointers"), or "".
  std::string whyNoRows(const clang::FunctionDecl *Def, const clang::ParmVarDecl *P);

  clang::ASTContext &Ctx;
  CompileCommand Command;
  std::vector<PragmaLine> Pragmas;
  std::vector<const clang::FunctionDecl *> Definitions;
  llvm::DenseMap<const clang::FunctionDecl *, std::vector<Region>> Regions;
  // std::map: references handed out stay valid while entries are added.
  std::map<const clang::FunctionDecl *, std::vector<std::string>> Blockers;
  /// The definitions' effect summaries, by canonical declaration.
  std::map<const clang::FunctionDecl *, FunctionInfo> Summaries;
  /// The summaries of the functions the program's other files define, with
  /// their files; composed with this file's (std::vector: CallsOf points
  /// into it, and it does not grow after build).
  std::vector<std::pair<std::string, FunctionInfo>> Foreign;
  /// The program's other files, when given (build).
  const std::vector<FileSummary> *Others = nullptr;
  /// settleForeign's functions of the other files, by unique name.
  std::map<std::string, FunctionInfo> Settled;
  llvm::DenseMap<const clang::FunctionDecl *, clang::SourceLocation> PragmaLocs;
  llvm::DenseSet<const clang::FunctionDecl *> Recursive;
  /// The recursive functions and those they call, directly or not.
  llvm::DenseSet<const clang::FunctionDecl *> UnderRecursion;
  /// (canonical function, parameter index, greater parameter index).
  std::set<std::tuple<const clang::FunctionDecl *, unsigned, unsigned>> Distinct;
  /// Why a function's pointer parameters are not known apart: for the whole
  /// function, or for a pair (by the same key as Distinct).
  std::map<const clang::FunctionDecl *, std::string> CallsUnknown;
  std::map<std::tuple<const clang::FunctionDecl *, unsigned, unsigned>, std::string> NotApart;
  /// The calls of each function (canonical), with their callers, when they
  /// are all of its calls (no CallsUnknown).
  std::map<const clang::FunctionDecl *,
           std::vector<std::pair<const clang::FunctionDecl *, const CallEffect *>>>
      CallsOf;
  /// This file's calls by where they start (file, line, column), with
  /// their callers' definitions (callEffect); found with CallsOf, as the
  /// summaries' calls change.
  std::map<std::tuple<std::string, unsigned, unsigned>,
           std::pair<const clang::FunctionDecl *, const CallEffect *>>
      CallsAt;
  /// entryFacts, in the parameters' names.
  std::map<const clang::FunctionDecl *, Conjunction> EntryFacts;
  /// Entry facts proposed but not yet checked (findEntryFacts).
  std::set<const SymExpr *> Assumed;
  /// The recursive functions whose entry facts their self-calls alone
  /// settle (those that bound a region by a guess); of those facts, the ones
  /// some other call does not show are Guarded (entryGuard).
  std::set<const clang::FunctionDecl *> SelfSettled;
  std::map<const clang::FunctionDecl *, std::set<const SymExpr *>> Guarded;
  /// The steps left to the polyhedra of the file's integer variables
  /// (IntegerStates): enough for the functions of a program as people
  /// write them (a Cilk-style sort of ten functions spends about 550, its
  /// summaries found again as entry facts settle), bounded so that a file
  /// of many costs a bounded time (about 1 ms a step; bench/README.md).
  unsigned long PolyhedraSteps = 2000;
  /// The globals functions read as parameters they keep (stableGlobals).
  llvm::DenseSet<const clang::VarDecl *> Stable;
  /// returnedParameter's answers, by canonical declaration.
  std::map<const clang::FunctionDecl *, const clang::ParmVarDecl *> ReturnedInto;
  /// returnFacts, by canonical declaration, as found so far.
  std::map<const clang::FunctionDecl *, std::optional<Conjunction>> Returns;
  std::function<const Conjunction *(const clang::FunctionDecl *)> ReturnsOf =
      [this](const clang::FunctionDecl *FD) { return returnFacts(FD); };
};

/// The value of an integer expression as a SymExpr whose variables are keyed by
/// declaration ("n@12"), or nullptr when it is not built from integer
/// variables, constants and + - * / %. Given the variables its function ever
/// changes (\p Modified), a local that never changes and whose initializer
/// reads only variables that never change stands for its initializer, so that
/// `int q = h * h; ... m + q` compares with `h * h`. Given \p Ctx, constant
/// subexpressions such as `sizeof(int)` fold to their values, and a cast
/// that keeps the value (to a type as wide or wider of the same signedness,
/// an unsigned value to a wider type) or changes it by a multiple of 2^64 (to
/// a type as wide as an address: `(size_t)i * ld`) stands for its operand: in
/// address arithmetic, which wraps as the machine's does, the value is the
/// same.
/// The difference of two pointers is that of their addresses (addressValue).
/// With \p Wraps (and \p Ctx), it adds there the values that must not be
/// negative for C to compute the value as arithmetic does: an unsigned
/// `n - h` wraps at 0, and a negative value converted to unsigned changes.
/// It then folds every constant expression to the value C gives it, and is
/// null where a conversion to a narrower type involves an unsigned one. A
/// value past the top of its type is left out: no object is that large.
/// A conditional that chooses one of the two values it compares is their
/// least or greatest (`MIN(b + 64, n)`); given \p Ctx, a call of a function
/// whose body returns an integer expression of its parameters is that
/// expression of the arguments (`imin(b + 64, n)`).
SymExpr::Ptr symbolicValue(const clang::Expr *E,
                           const llvm::DenseSet<const clang::VarDecl *> *Modified = nullptr,
                           const clang::ASTContext *Ctx = nullptr, Conjunction *Wraps = nullptr);

/// Whether evaluating \p E has no effect: Clang sees none, or its calls are
/// of functions symbolicValue reads as integer expressions of their
/// arguments, in operators without effects of their own.
bool computesOnly(const clang::Expr *E, const clang::ASTContext &Ctx);

/// A pointer expression `p`, `p + e`, `p - e` or `&p[e]`: base variable and
/// offset in elements of the pointee type.
struct PointerValue {
  const clang::VarDecl *Base = nullptr;
  SymExpr::Ptr Offset;
};
std::optional<PointerValue>
pointerValue(const clang::Expr *E,
             const llvm::DenseSet<const clang::VarDecl *> *Modified = nullptr,
             const clang::ASTContext *Ctx = nullptr, Conjunction *Wraps = nullptr);

/// The address a pointer expression holds (pointerValue, or `p++`: p's value
/// before), in elements of its pointee type: the key of its base variable,
/// which stands for the address that variable holds (an array's: that of its
/// first element), plus the offset; null when it is not one, or its pointee
/// has no size. The addresses of two pointers into one array differ by the
/// elements between them (`high - low`), and compare as they do. With \p
/// Wraps, the offsets are read as symbolicValue reads them with it.
SymExpr::Ptr addressValue(const clang::Expr *E,
                          const llvm::DenseSet<const clang::VarDecl *> *Modified = nullptr,
                          const clang::ASTContext *Ctx = nullptr, Conjunction *Wraps = nullptr);

/// The key that stands for the value a parameter the body changes had on
/// entry ("low@e1A2B" beside symbolKey's "low@1A2B").
std::string entryKey(const clang::ParmVarDecl *P);

/// The body the analyses of effects and integer values, and the plan, read for \p FD: its own, but
/// where a function returning nothing starts by permuting its parameters
/// under a condition (merge's `if (high1 - low1 < high2 - low2) { t = low1;
/// low1 = low2; low2 = t; ... }`, to make run 1 the longer), one in which
/// that statement calls the function itself with its parameters so
/// permuted, and returns. The rest then reads the parameters as passed, and
/// the call stands for the rest run with them permuted: it is the rest, for
/// the condition's negation holds of the permuted values wherever the
/// condition holds of the values passed (which the body checks). Made once
/// per function and context.
clang::Stmt *analyzedBody(clang::ASTContext &Ctx, const clang::FunctionDecl *FD);

/// The variables \p S assigns, increments, decrements or takes the address of.
llvm::DenseSet<const clang::VarDecl *> modifiedVariables(const clang::Stmt *S);
/// The variable \p E names, through parentheses and implicit casts; null
/// when it names none.
const clang::VarDecl *namedVariable(const clang::Expr *E);

/// The first place in \p S, in the order of the source, that modifies \p V
/// (as modifiedVariables counts it), or null.
const clang::Expr *firstChange(const clang::Stmt *S, const clang::VarDecl *V);
/// The place in \p F that makes its variable \p V hold different values
/// where it is read: its first change, but past a statement of F's block
/// that sets V, declared without a value, before any mention of it (`a =
/// malloc(..);`, as setOnce reads it), which only gives V its value; null
/// where nothing changes V.
const clang::Expr *changeOf(const clang::FunctionDecl *F, const clang::VarDecl *V);
/// The variables \p S modifies (as modifiedVariables) in what comes before
/// \p Stop, a statement inside it, in the order of the source.
llvm::DenseSet<const clang::VarDecl *> modifiedBefore(const clang::Stmt *S,
                                                      const clang::Stmt *Stop);
/// The variables \p S takes the address of: they may change behind any
/// pointer.
llvm::DenseSet<const clang::VarDecl *> addressTakenVariables(const clang::Stmt *S);

/// Whether \p S always ends in a `return`: a return, or a block whose last
/// statement does.
bool endsInReturn(const clang::Stmt *S);

/// Whether \p S holds a jump that leaves it or enters it: a return, a goto,
/// a label; and, but \p InLoop (the body of a loop whose joins stand after
/// it: they stay within reach), a break, a continue or a case.
bool hasJump(const clang::Stmt *S, bool InLoop = false);

/// Whether every path through \p S ends the program as a failure, and
/// nothing in it leaves it another way (return, break, continue, goto): it
/// ends in a call of abort, of exit with a nonzero constant status, of
/// another function declared noreturn (`__assert_fail`, `err`), or of a
/// function whose body does so (`die("out of memory")`).
bool failsProgram(const clang::Stmt *S);

/// The name of the function by which \p CE allocates a new object ("alloca",
/// "malloc", ...: each call returns memory no other pointer holds yet), or ""
/// when it is not such a call.
llvm::StringRef allocationFunction(const clang::CallExpr *CE);

/// The allocation function that gives the pointer \p V its value, by its
/// initializer (`char *b = alloca(n)`: "alloca") or the one statement that
/// sets it (setOnce); or "".
llvm::StringRef allocatedBy(const clang::VarDecl *V);

/// The body of a loop statement; nullptr for any other statement.
const clang::Stmt *loopBody(const clang::Stmt *S);

/// The loop in each turn of which the local pointer \p V, declared before
/// it without a value, is given new memory by alloca, in a statement of the
/// loop's block that every other mention of V follows in that block (C89's
/// `char *b;` ... `for (..) { b = alloca(n); ... }`): each turn's V is a
/// variable of its own, as if declared there with that value. Null for any
/// other, and where a label may take control back or V's address is taken.
const clang::Stmt *allocatedEachTurn(const clang::VarDecl *V);

/// The calls a search for mentions passes over.
using CallSet = llvm::SmallPtrSet<const clang::CallExpr *, 4>;
/// The mentions of \p V in \p S outside the calls of \p Skip and the
/// operands of sizeof.
std::vector<const clang::DeclRefExpr *> mentionsOf(const clang::Stmt *S, const clang::VarDecl *V,
                                                   const CallSet &Skip = {});

/// The scalars and pointers of \p F declared without a value in its block
/// and set by one statement of that block, `V = E;`, that no other place
/// writes, whose every other mention follows it (`int *a; ... a =
/// malloc(n * sizeof *a);`), each with E: they hold one value wherever they
/// are read. None where a label may take control back. \p Only: that
/// variable alone is asked about.
std::vector<std::pair<const clang::VarDecl *, const clang::Expr *>>
setOnce(const clang::FunctionDecl *F, const clang::VarDecl *Only = nullptr);

/// Whether \p V names an object of its function's own, which nothing it was
/// passed points into: a local array, or a local pointer that never changes
/// (none in \p Modified) given its value by an allocation (allocatedBy).
bool ownObject(const clang::VarDecl *V, const llvm::DenseSet<const clang::VarDecl *> &Modified);

/// Whether \p V is a global object, not a pointer: one array or scalar of
/// static storage, wherever it is named, apart from every other variable.
bool globalObject(const clang::VarDecl *V);

/// The type of the elements of \p F's region named \p Param: the pointee
/// of its pointer parameter, or the row element of rows behind its
/// pointers (pointeesKey); null for anything else.
clang::QualType regionElement(const clang::FunctionDecl *F, llvm::StringRef Param);

/// The counter of a `for` loop: the variable its increment steps by a
/// constant (`i++`, `--i`, `i += 4`, `i = i - 2`), which its condition and
/// body leave alone.
struct LoopCounter {
  const clang::VarDecl *Var = nullptr;
  int64_t Step = 0; ///< nonzero
};
std::optional<LoopCounter> loopCounter(const clang::ForStmt *FS, const clang::ASTContext &Ctx);

/// The variable a `for` loop's initialization sets and the value it sets it
/// to (`int i = lo`, `i = lo`); {nullptr, nullptr} for any other.
std::pair<const clang::VarDecl *, const clang::Expr *> loopStart(const clang::ForStmt *FS);

/// Facts `E >= 0` (keyed as symbolicValue keys) that hold in the body of
/// \p FS, whose counter is \p C: the counter is past its first value, and
/// its condition holds (`i < n`), where these are integer expressions of
/// locals the loop never changes but through a pointer, which the caller
/// rules out.
Conjunction counterFacts(const clang::ForStmt *FS, const LoopCounter &C,
                         const clang::ASTContext &Ctx);

/// A region of a call's pointer argument in the caller's variables: elements
/// [Lo, Hi) from Base, a parameter of the caller or an object of its own
/// (ownObject); or, Base null, from the pointer the argument Loaded reads
/// from memory (`dot(A[i], x, n)`), for a region the callee only reads.
struct SiteRegion {
  const clang::VarDecl *Base = nullptr;
  const clang::Expr *Loaded = nullptr;
  SymExpr::Ptr Lo, Hi;
  RowShape Rows; ///< rows of a matrix, when it has a stride

  bool ReadOnly = false;
  /// Base is an object of the caller's own.
  bool Own = false;
  /// Region::Widened of the callee's region.
  std::string Widened;
  /// The caller's variables the bounds are written in: while none of them
  /// changes, the bounds mean the same elements.
  llvm::DenseSet<const clang::VarDecl *> Vars;
  /// Facts `E >= 0` about variables that never change, keyed as the bounds
  /// are, that hold where the call is made (CallEffect::Context): they hold
  /// from there on.
  Conjunction Facts;
};

/// The regions of the pointer arguments of \p CE: the callee's regions with
/// the call's arguments put in. Fails, saying why, when an argument is not a
/// parameter of the caller or an object of its own (none in \p Modified),
/// plus an integer offset, nor a pointer read from memory that the callee
/// only reads through, or a bound is not an integer expression of
/// variables.
llvm::Expected<std::vector<SiteRegion>>
callSiteRegions(TUAnalysis &A, const clang::CallExpr *CE,
                const llvm::DenseSet<const clang::VarDecl *> &Modified);

/// Why two regions of calls made by \p Caller may share an element; "" when
/// they cannot, given its entry facts and the facts at both calls: one ends
/// before the other starts or is empty, both are only
/// read, one lies on an object of the caller's own and the other on another
/// variable, or they lie on parameters of the caller that point into
/// different objects (TUAnalysis::distinctParams).
std::string whyRegionsMayOverlap(const TUAnalysis &A, const clang::FunctionDecl *Caller,
                                 const SiteRegion &X, const SiteRegion &Y);

/// What \p R lies on, as the caller writes it: its base's name, or the
/// argument that reads its pointer from memory.
std::string regionBaseName(const SiteRegion &R, const clang::ASTContext &Ctx);

/// \p R as C text in the caller's names: "a[lo:mid]".
std::string siteRegionText(const SiteRegion &R, const clang::ASTContext &Ctx);

/// The key symbolicValue gives the variable \p D.
std::string symbolKey(const clang::ValueDecl *D);

/// Called with the analysis of each translation unit; returns false when it
/// reported a failure of its own (as Clang diagnostics).
using TUHandler = std::function<bool(TUAnalysis &)>;

/// Where the compile flags of the files come from: \p ClangArgs for every
/// file, or, when \p BuildDir is given, the compile_commands.json found from
/// it (with \p ClangArgs added to each command).
struct FlagSource {
  std::vector<std::string> ClangArgs;
  std::string BuildDir;
};

/// The C files compile_commands.json, found from \p BuildDir, has a command
/// for, in its order, each once.
llvm::Expected<std::vector<std::string>> filesWithCommands(const std::string &BuildDir);

/// Parses \p Files with Clang and hands the analysis of each to \p Handle.
/// Clang's diagnostics go to stderr. Fails when a file is missing or has no
/// compile command, does not compile, or a handler fails. With \p Program
/// (the fileSummary of every file, from a pass before), each file is
/// analyzed with the others' summaries (TUAnalysis::build).
llvm::Error analyzeFiles(const std::vector<std::string> &Files, const FlagSource &Flags,
                         const TUHandler &Handle,
                         const std::vector<FileSummary> *Program = nullptr);

} // namespace cleave

#endif
