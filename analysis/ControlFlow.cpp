/// \file
/// Control-flow graphs of functions (seed 004 chapter 3), built by clang::CFG.
#include "analysis/AnalysisInternal.h"

#include "clang/AST/PrettyPrinter.h"
#include "clang/Analysis/CFG.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/Support/raw_ostream.h"

using namespace cleave;
using namespace clang;

const Expr *cleave::edgeCondition(const CFGBlock &From, unsigned Index, bool &Holds) {
  const auto *Cond = dyn_cast_or_null<Expr>(From.getTerminatorCondition());
  if (!Cond || From.succ_size() != 2 || !From.getTerminatorStmt() ||
      isa<SwitchStmt>(From.getTerminatorStmt()) ||
      From.succ_begin()->getReachableBlock() == (From.succ_begin() + 1)->getReachableBlock())
    return nullptr;
  Holds = Index == 0;
  return Cond;
}

/// Statements are shown on one line and cut at this many characters.
static constexpr size_t LongestStatement = 80;

static std::string oneLine(const Stmt *S, const ASTContext &Ctx) {
  std::string Text;
  llvm::raw_string_ostream OS(Text);
  PrintingPolicy Policy(Ctx.getLangOpts());
  Policy.TerseOutput = true;
  S->printPretty(OS, nullptr, Policy);
  std::string Line;
  for (char C : Text) {
    if (C == '\n' || C == '\t')
      C = ' ';
    if (C == ' ' && !Line.empty() && Line.back() == ' ')
      continue;
    Line += C;
  }
  while (!Line.empty() && Line.back() == ' ')
    Line.pop_back();
  if (Line.size() > LongestStatement)
    Line = Line.substr(0, LongestStatement - 3) + "...";
  return Line;
}

/// The construct that ends a block, as C names it.
static std::string terminatorName(const Stmt *T) {
  if (const auto *BO = dyn_cast<BinaryOperator>(T))
    return BO->getOpcodeStr().str();
  switch (T->getStmtClass()) {
  case Stmt::IfStmtClass: return "if";
  case Stmt::ForStmtClass: return "for";
  case Stmt::WhileStmtClass: return "while";
  case Stmt::DoStmtClass: return "do-while";
  case Stmt::SwitchStmtClass: return "switch";
  case Stmt::GotoStmtClass: return "goto";
  case Stmt::IndirectGotoStmtClass: return "goto *";
  case Stmt::BreakStmtClass: return "break";
  case Stmt::ContinueStmtClass: return "continue";
  case Stmt::ConditionalOperatorClass:
  case Stmt::BinaryConditionalOperatorClass: return "?:";
  default: return T->getStmtClassName();
  }
}

void cleave::collectControlFlow(ASTContext &Ctx, const FunctionDecl *FD,
                                const PurityTest &IsPure, FunctionInfo &Info) {
  if (!FD->getBody())
    return;
  CFG::BuildOptions Options;
  std::unique_ptr<CFG> Graph =
      CFG::buildCFG(FD, FD->getBody(), &Ctx, Options);
  if (!Graph)
    return; // Clang builds no CFG for some invalid or unusual bodies
  const SourceManager &SM = Ctx.getSourceManager();
  Info.EntryBlock = Graph->getEntry().getBlockID();
  Info.ExitBlock = Graph->getExit().getBlockID();
  Info.Blocks.resize(Graph->getNumBlockIDs());
  for (const CFGBlock *Block : *Graph) {
    BasicBlockInfo &B = Info.Blocks[Block->getBlockID()];
    B.Id = Block->getBlockID();
    for (const CFGElement &E : *Block)
      if (std::optional<CFGStmt> S = E.getAs<CFGStmt>()) {
        unsigned Line = SM.getPresumedLineNumber(SM.getExpansionLoc(S->getStmt()->getBeginLoc()));
        B.Statements.push_back(std::to_string(Line) + ": " + oneLine(S->getStmt(), Ctx));
      }
    if (const Stmt *T = Block->getTerminatorStmt())
      B.Terminator = std::to_string(SM.getPresumedLineNumber(SM.getExpansionLoc(T->getBeginLoc()))) +
                     ": " + terminatorName(T);
    for (const CFGBlock::AdjacentBlock &Succ : Block->succs())
      if (const CFGBlock *Reachable = Succ.getReachableBlock())
        B.Successors.push_back(Reachable->getBlockID());
  }
  computeDependences(Ctx, FD, *Graph, IsPure, Info);
}
