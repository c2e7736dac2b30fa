/// \file
/// Divide-and-conquer recognition: self-calls that can run side by side, and
/// alpha, the ratio of a child call's message volume to its parent's (seed
/// 000 section 2), computed from the regions the calls pass.
#include "analysis/AnalysisInternal.h"

#include "clang/AST/ParentMap.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include <map>

using namespace cleave;
using namespace clang;

namespace {

/// The sample value of the I-th parameter: large and distinct, so that lo and
/// hi bound a non-empty range and halving is exact.
int64_t sampleValue(unsigned I) { return int64_t(I + 1) << 20; }

class Recognizer {
public:
  Recognizer(TUAnalysis &A, const FunctionDecl *FD, FunctionInfo &Info)
      : A(A), Ctx(A.context()), FD(FD), Info(Info) {}

  void run() {
    Modified = modifiedVariables(FD->getBody());
    collectVariables();
    class SelfCalls : public RecursiveASTVisitor<SelfCalls> {
    public:
      const FunctionDecl *FD;
      std::vector<const CallExpr *> Out;
      bool VisitCallExpr(CallExpr *CE) {
        if (const FunctionDecl *Callee = CE->getDirectCallee())
          if (Callee->getCanonicalDecl() == FD->getCanonicalDecl())
            Out.push_back(CE);
        return true;
      }
    } Calls;
    Calls.FD = FD;
    Calls.TraverseStmt(FD->getBody());

    // A pointer without a region could carry anything: neither the volume
    // nor the independence of the calls is known. One within another's
    // region carries nothing of its own.
    std::string Unbounded;
    std::map<std::string, std::string> Within = A.within(FD);
    for (const ParmVarDecl *P : FD->parameters())
      if (P->getType()->isPointerType() && !Within.count(P->getNameAsString()) &&
          llvm::none_of(A.regions(FD), [&](const Region &R) { return R.Param == P->getName(); }))
        Unbounded = "pointer parameter '" + P->getNameAsString() + "' has no region";

    std::optional<int64_t> Parent = entryVolume();
    std::vector<std::optional<std::vector<SiteRegion>>> Regions;
    for (const CallExpr *CE : Calls.Out) {
      SelfCallInfo C;
      C.Pos = positionOf(Ctx.getSourceManager(), CE->getBeginLoc());
      auto Sites = callSiteRegions(A, CE, Modified);
      if (!Unbounded.empty()) {
        if (!Sites)
          llvm::consumeError(Sites.takeError());
        C.Note = Unbounded;
        Regions.push_back(std::nullopt);
      } else if (!Sites) {
        C.Note = llvm::toString(Sites.takeError());
        Regions.push_back(std::nullopt);
      } else {
        std::string Why;
        std::optional<int64_t> Child = callVolume(*Sites, Why);
        if (!Parent || *Parent <= 0)
          C.Note = "the caller's own volume is unknown";
        else if (!Child)
          C.Note = Why;
        else
          C.Alpha = double(*Child) / double(*Parent);
        Regions.push_back(std::move(*Sites));
      }
      Info.SelfCalls.push_back(std::move(C));
    }

    // Two self-calls of one block, or of one expression, whose regions are
    // disjoint can run side by side.
    for (size_t I = 0; I < Calls.Out.size() && !Info.DivideAndConquer; ++I)
      for (size_t J = I + 1; J < Calls.Out.size() && !Info.DivideAndConquer; ++J)
        if (Regions[I] && Regions[J] && blockOf(Calls.Out[I]) == blockOf(Calls.Out[J]) &&
            independent(*Regions[I], *Regions[J]))
          Info.DivideAndConquer = true;
  }

private:
  TUAnalysis &A;
  ASTContext &Ctx;
  const FunctionDecl *FD;
  FunctionInfo &Info;
  llvm::DenseSet<const VarDecl *> Modified;
  std::map<std::string, const VarDecl *> ByKey; ///< symbolKey -> variable
  std::unique_ptr<ParentMap> Parents; ///< of the body, once blockOf needs them
  /// Values worked out so far, and why a value is unknown.
  std::map<const VarDecl *, std::optional<int64_t>> Known;
  std::map<const VarDecl *, std::string> Unknown;

  void collectVariables() {
    for (const ParmVarDecl *P : FD->parameters())
      ByKey[symbolKey(P)] = P;
    class Locals : public RecursiveASTVisitor<Locals> {
    public:
      std::map<std::string, const VarDecl *> *Out;
      bool VisitVarDecl(VarDecl *VD) {
        (*Out)[symbolKey(VD)] = VD;
        return true;
      }
    } L;
    L.Out = &ByKey;
    L.TraverseStmt(FD->getBody());
  }

  /// The statement block a call stands in: the nearest compound statement.
  const Stmt *blockOf(const Stmt *S) {
    // The parents within the body (the context's map of the whole
    // translation unit costs more than all the bodies that ask).
    if (!Parents)
      Parents = std::make_unique<ParentMap>(FD->getBody());
    for (const Stmt *P = Parents->getParent(S); P; P = Parents->getParent(P))
      if (isa<CompoundStmt>(P))
        return P;
    return nullptr;
  }

  bool independent(const std::vector<SiteRegion> &X, const std::vector<SiteRegion> &Y) {
    for (const SiteRegion &R : X)
      for (const SiteRegion &S : Y)
        if (!whyRegionsMayOverlap(A, FD, R, S).empty())
          return false;
    return true;
  }

  /// The sample value of a variable of the function: a parameter's sample, or
  /// a local that never changes after its initializer's value.
  std::optional<int64_t> valueOf(const VarDecl *V, std::string &Why) {
    if (const auto *P = dyn_cast<ParmVarDecl>(V))
      return sampleValue(P->getFunctionScopeIndex());
    auto [It, New] = Known.try_emplace(V, std::nullopt);
    if (!New) {
      if (!It->second)
        Why = Unknown[V];
      return It->second;
    }
    SymExpr::Ptr Init = V->getInit() && !Modified.count(V) ? symbolicValue(V->getInit()) : nullptr;
    std::optional<int64_t> Value;
    if (!Init)
      Why = "it depends on '" + V->getNameAsString() + "', whose value is known only at run time";
    else
      Value = evaluate(Init, [&](llvm::StringRef Key) {
        auto Found = ByKey.find(Key.str());
        return Found == ByKey.end() ? std::nullopt : valueOf(Found->second, Why);
      });
    Known[V] = Value;
    if (!Value)
      Unknown[V] = Why;
    return Value;
  }

  int64_t bytes(QualType T) { return Ctx.getTypeSizeInChars(T).getQuantity(); }

  /// Bytes of the scalar parameters: the same for a call and its caller.
  int64_t scalarBytes() {
    int64_t Sum = 0;
    for (const ParmVarDecl *P : FD->parameters())
      if (!P->getType()->isPointerType())
        Sum += bytes(P->getType());
    return Sum;
  }

  /// The volume the function receives on entry, for sample parameter values.
  std::optional<int64_t> entryVolume() {
    int64_t Sum = scalarBytes();
    for (const Region &R : A.regions(FD)) {
      auto ByName = [&](llvm::StringRef Name) -> std::optional<int64_t> {
        for (const ParmVarDecl *P : FD->parameters())
          if (P->getName() == Name)
            return sampleValue(P->getFunctionScopeIndex());
        return std::nullopt;
      };
      std::optional<int64_t> Count = regionElements(R.Lo, R.Hi, R.Rows, ByName);
      if (!Count)
        return std::nullopt;
      Sum += *Count * bytes(A.regionElementOf(FD, R.Param));
    }
    return Sum;
  }

  /// The volume a self-call sends, in the caller's sample values.
  std::optional<int64_t> callVolume(const std::vector<SiteRegion> &Sites, std::string &Why) {
    int64_t Sum = scalarBytes();
    for (const SiteRegion &S : Sites) {
      auto ByKeyValue = [&](llvm::StringRef Key) -> std::optional<int64_t> {
        auto Found = ByKey.find(Key.str());
        if (Found == ByKey.end()) {
          Why = "its regions use a variable outside the function";
          return std::nullopt;
        }
        return valueOf(Found->second, Why);
      };
      std::optional<int64_t> Count = regionElements(S.Lo, S.Hi, S.Rows, ByKeyValue);
      if (!Count)
        return std::nullopt;
      QualType Element((S.Base ? S.Base->getType() : S.Loaded->getType())
                           ->getPointeeOrArrayElementType(),
                       0);
      Sum += *Count * bytes(Element);
    }
    return Sum;
  }
};

} // namespace

void cleave::recognizeDivideAndConquer(TUAnalysis &A, const FunctionDecl *FD,
                                       FunctionInfo &Info) {
  if (FD->getBody())
    Recognizer(A, FD, Info).run();
}
