/// \file
/// Pieces of the analysis shared between its own source files.
#ifndef CLEAVE_ANALYSIS_ANALYSISINTERNAL_H
#define CLEAVE_ANALYSIS_ANALYSISINTERNAL_H

#include "analysis/Analysis.h"
#include "analysis/IntegerStates.h"
#include "analysis/ProgramModel.h"
#include "clang/AST/ASTContext.h"
#include "llvm/ADT/SmallVector.h"
#include <functional>
#include <map>
#include <set>
#include <optional>
#include <vector>

namespace clang {
class CFG;
class CFGBlock;
}

namespace cleave {

/// The type table of a translation unit: every tag and typedef declared in its
/// main file, and every type its main file's functions, parameters, locals and
/// globals use, with the types those are built from. Sorted by key.
std::vector<TypeInfo> collectTypes(clang::ASTContext &Ctx);

/// Fills the unique name, locals and references of \p Info for the function
/// definition \p FD, and adds what it references without a definition in the
/// translation unit to \p Uncorrelated.
void collectReferences(clang::ASTContext &Ctx, const clang::FunctionDecl *FD,
                       FunctionInfo &Info, std::vector<UncorrelatedInfo> &Uncorrelated);

/// Fills the divide-and-conquer facts of \p Info for the function definition
/// \p FD: its self-calls with their alpha, and whether two are independent.
void recognizeDivideAndConquer(TUAnalysis &A, const clang::FunctionDecl *FD,
                               FunctionInfo &Info);

/// Whether a call of a function touches nothing but what its arguments name
/// by value: no memory through pointers, no globals.
using PurityTest = std::function<bool(const clang::FunctionDecl *)>;

/// Fills the control-flow graph of \p Info for the function definition \p FD
/// (clang::CFG) and the dependence graph between its statements.
void collectControlFlow(clang::ASTContext &Ctx, const clang::FunctionDecl *FD,
                        const PurityTest &IsPure, FunctionInfo &Info);

/// The condition of \p From's terminator, which holds (\p Holds) or fails
/// on the edge to its successor number \p Index: where the terminator
/// branches two ways (no switch) to two different blocks; null elsewhere.
const clang::Expr *edgeCondition(const clang::CFGBlock &From, unsigned Index, bool &Holds);

/// Fills the dependence graph of \p Info from the control-flow graph
/// \p Graph of the function definition \p FD.
void computeDependences(clang::ASTContext &Ctx, const clang::FunctionDecl *FD,
                        clang::CFG &Graph, const PurityTest &IsPure, FunctionInfo &Info);

/// One access a statement makes, as the reference table classes it, with the
/// declaration it is to.
struct RawReference {
  const clang::ValueDecl *Decl = nullptr;
  std::string Access; ///< as in ReferenceInfo
  bool ThroughPointer = false;
};

/// The accesses statement \p S of function \p FD makes itself: those of
/// its subexpressions in \p Elements (the other statements of its
/// control-flow graph) belong to them.
std::vector<RawReference> statementReferences(clang::ASTContext &Ctx,
                                              const clang::FunctionDecl *FD,
                                              const clang::Stmt *S,
                                              const llvm::DenseSet<const clang::Stmt *> &Elements);

/// What the body of the function definition \p FD touches by itself, and
/// what each of its calls passes (Effects.cpp), given facts that hold on
/// entry (\p Entry, keyed as symbolicValue keys the parameters) and what
/// the functions it calls return, spending \p Budget (IntegerStates).
/// \p Answered, when given, tells whether the states of its integer
/// variables were asked and answered. The globals of \p Stable
/// (stableGlobals) that FD does not assign are read as parameters it keeps.
LocalSummary summarizeFunction(clang::ASTContext &Ctx, const clang::FunctionDecl *FD,
                               const Conjunction &Entry, const ReturnFacts &ReturnsOf,
                               const llvm::DenseSet<const clang::VarDecl *> &Stable,
                               unsigned long *Budget, bool *Answered = nullptr);

/// The globals of the file that keep one value while any function but
/// main runs: integer scalars that travel with calls (travellingGlobal:
/// neither const, volatile nor thread-local), whose address the file never
/// takes, and that no function assigns but main in its own body, here or,
/// as their summaries say (\p Others), in the program's other files. None
/// where \p MainCalled (main lies on a cycle of the call graph).
llvm::DenseSet<const clang::VarDecl *> stableGlobals(clang::ASTContext &Ctx,
                                                     const std::vector<FileSummary> *Others,
                                                     bool MainCalled);

/// Fills the Effects of each of \p Functions: its local summary with the
/// summaries of its callees among them composed in, to a fixed point over
/// recursion. A callee that is not among them has unknown effects.
void composeEffects(const std::vector<FunctionInfo *> &Functions);

/// Adds to \p Regionless the globals (globalKey) \p E accesses that have no
/// region in \p Regions: they keep calls of the function on their node.
void addRegionlessGlobals(const EffectInfo &E, const std::vector<Region> &Regions,
                          std::vector<std::string> &Regionless);

/// Whether \p R is the interval [0, 1): the element a pointer points to.
bool isFirstElement(const AccessRegion &R);

/// Whether \p R is unbounded because composition over recursion grew it
/// with each round, or because it split into more intervals than are kept:
/// composeEffects then tries to bound it by a guess, in a function that
/// calls itself.
bool mayBeGuessed(const AccessRegion &R);

/// The one interval of elements that holds every access of \p Accesses to
/// parameter \p Param, read or written, wherever \p Given holds; nullopt
/// when there is none (no access, an unbounded one, nodes of a linked
/// structure, or intervals whose bounds do not compare).
std::optional<AccessRegion> enclosingInterval(const std::vector<AccessRegion> &Accesses,
                                              const std::string &Param,
                                              const Conjunction &Given);

/// The (parameter, write) groups of \p Accesses that join into one interval
/// by their texts alone (meeting ends, hulls of bounds that differ by
/// constants): in them no access needs a proof that it lies inside another.
std::set<std::pair<std::string, bool>>
groupsJoinedIntoOne(const std::vector<AccessRegion> &Accesses);

/// The region \p R of a parameter of \p Callee at the call \p C, in the
/// caller's parameters (an unbounded one says why); nullopt when it lies on
/// the caller's own memory or a global, or the argument is unknown.
std::optional<AccessRegion> regionAtCall(const AccessRegion &R, const CallEffect &C,
                                         const FunctionInfo &Callee);

/// For the calls in \p FD with pointer arguments that point into different
/// objects wherever the call is made, those pairs of arguments (by index):
/// each is a local pointer of FD (`v`, `v + k`, `&v[k]`) whose address is
/// never taken, followed through FD's control-flow graph from the
/// allocations that made their objects and the assignments between them
/// (DistinctObjects.cpp).
std::map<const clang::CallExpr *, std::vector<std::pair<unsigned, unsigned>>>
argumentsApart(clang::ASTContext &Ctx, const clang::FunctionDecl *FD);

/// The parameter of \p Callee into whose array every pointer it returns
/// points (lower_bound's `low`, moved along it), by the origins a walk of
/// it finds for what it returns; null where they differ, or are not one
/// parameter's, or the callee is \p Asker or being asked already
/// (recursion).
const clang::ParmVarDecl *returnedParameter(clang::ASTContext &Ctx,
                                            const clang::FunctionDecl *Callee,
                                            const ReturnFacts &ReturnsOf,
                                            const clang::FunctionDecl *Asker);

/// The variables of local storage \p Body declares, in order.
std::vector<const clang::VarDecl *> localVariables(const clang::Stmt *Body);


/// Adds to \p Out the variables \p S names.
void variablesIn(const clang::Stmt *S, llvm::DenseSet<const clang::VarDecl *> &Out);

/// Adds to \p Out the facts `E >= 0` that the integer comparisons of the
/// condition \p Cond give when it is \p Holds (through !, and && that holds,
/// || that fails), with its variables keyed by symbolicValue given the
/// variables its function changes (\p Modified). A comparison whose
/// operands C may compute otherwise than arithmetic does (an unsigned
/// `n - h`, which wraps at 0: symbolicValue's Wraps) gives nothing, unless
/// \p NonNegative says that each of those values is not negative where the
/// condition is tested. A comparison that holds as `a != b` gives no such
/// fact; with \p Unequal, it adds `a - b` there (strengthenUnequal makes it
/// one where other facts order a and b).
void conditionFacts(clang::ASTContext &Ctx, const clang::Expr *Cond, bool Holds,
                    const llvm::DenseSet<const clang::VarDecl *> &Modified, Conjunction &Out,
                    Conjunction *Unequal = nullptr,
                    llvm::function_ref<bool(const SymExpr::Ptr &)> NonNegative = nullptr);

/// The first of the facts \p Callee tests on entry (FunctionInfo::Guard)
/// that the call \p C does not show where it is made, as text; "" when it
/// shows them all.
std::string guardUnshown(const FunctionInfo &Callee, const CallEffect &C);

/// The unique name of a variable or function (see LocalInfo::UniqueName).
std::string uniqueName(const clang::ASTContext &Ctx, const clang::NamedDecl *D);

/// The definition of the global \p VD, whichever of its declarations it is
/// given: the one that initializes it, else its tentative definition
/// (`int x;`); null when it is only declared.
const clang::VarDecl *globalDefinition(const clang::VarDecl *VD);

/// Whether \p T is a variable length array type as C defines it: an array
/// whose size is known only at run time (`int[n]`, `int[3][n]`).
bool isVariableLength(clang::QualType T);

/// The bounds of variable length arrays that C computes where the type \p T
/// is written (a declaration, a cast, sizeof), outermost first: through
/// arrays, pointers and function results (`int (*p)[n]` computes n), but not
/// a named type's, computed where it was declared.
llvm::SmallVector<const clang::Expr *, 2> arrayBounds(const clang::ASTContext &Ctx,
                                                      clang::QualType T);

/// Where \p Loc is, as the program model writes it.
SourcePos positionOf(const clang::SourceManager &SM, clang::SourceLocation Loc);

} // namespace cleave

#endif
