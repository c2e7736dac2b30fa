/// \file
/// The type table (seed 004 section 2.3): basic types with their modifiers,
/// pointers, arrays, structs and unions with their fields, enumerations with
/// their constants, typedef chains with their anchors, const and volatile at
/// each level of indirection, sizes and alignments.
#include "analysis/AnalysisInternal.h"

#include "clang/AST/RecordLayout.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/xxhash.h"
#include <map>

using namespace cleave;
using namespace clang;

namespace {

/// Keys and spellings longer than this are replaced by a digest, so that a
/// pointer type thousands of levels deep costs linear, not quadratic, space.
constexpr size_t LongestKey = 256;

class TypeCollector {
public:
  explicit TypeCollector(ASTContext &Ctx) : Ctx(Ctx), Policy(Ctx.getLangOpts()) {}

  /// Adds \p T and what it is built from; returns its key.
  std::string add(QualType T) {
    auto Cached = Keys.find(T.getAsOpaquePtr());
    if (Cached != Keys.end())
      return Cached->second;
    cleave::TypeInfo Info;
    describe(T, Info);
    std::string Key = Info.Key;
    Keys[T.getAsOpaquePtr()] = Key;
    if (!Table.count(Key)) {
      Table[Key] = Info;
      fill(T, Table[Key]);
    }
    return Key;
  }

  std::vector<cleave::TypeInfo> take() {
    std::vector<cleave::TypeInfo> Out;
    for (auto &[Key, Info] : Table)
      Out.push_back(std::move(Info));
    return Out;
  }

private:
  ASTContext &Ctx;
  PrintingPolicy Policy;
  llvm::DenseMap<void *, std::string> Keys;
  std::map<std::string, cleave::TypeInfo> Table; // sorted by key

  static std::string bounded(std::string S, llvm::StringRef Kind) {
    if (S.size() <= LongestKey)
      return S;
    return Kind.str() + "#" + llvm::utohexstr(llvm::xxh3_64bits(S));
  }

  std::string spell(QualType T, const std::string &ComposedKey) {
    // A long composed key means a deep type: its spelling would be as long.
    if (ComposedKey.size() > LongestKey)
      return bounded(ComposedKey, "deep");
    return T.getAsString(Policy);
  }

  /// Strips sugar that is neither a typedef nor a qualifier (elaborated
  /// `struct s`, parentheses, attributes).
  QualType plain(QualType T) {
    for (;;) {
      if (T.hasLocalQualifiers() || isa<TypedefType>(T.getTypePtr()))
        return T;
      QualType Next = T.getSingleStepDesugaredType(Ctx);
      if (Next == T)
        return T;
      T = Next;
    }
  }

  std::string where(const Decl *D) {
    SourcePos P = positionOf(Ctx.getSourceManager(), D->getLocation());
    return P.File + ":" + std::to_string(P.Line);
  }

  /// Kind, key and spelling of \p T; adds the types its key is built from.
  void describe(QualType T, cleave::TypeInfo &Info) {
    T = plain(T);
    if (T.hasLocalQualifiers()) {
      Qualifiers Q = T.getLocalQualifiers();
      Info.Kind = "qualified";
      Info.Of = add(T.getLocalUnqualifiedType());
      if (Q.hasConst())
        Info.Qualifiers.push_back("const");
      if (Q.hasVolatile())
        Info.Qualifiers.push_back("volatile");
      if (Q.hasRestrict())
        Info.Qualifiers.push_back("restrict");
      // C's order: qualifiers of a pointer follow its star ("char * const").
      std::string Quals = llvm::join(Info.Qualifiers, " ");
      std::string Composed = isa<PointerType>(plain(T.getLocalUnqualifiedType()).getTypePtr())
                                 ? Info.Of + " " + Quals
                                 : Quals + " " + Info.Of;
      Info.Key = bounded(Composed, "qualified");
      Info.Spelling = spell(T, Composed);
      return;
    }
    const Type *Ty = T.getTypePtr();
    if (const auto *TT = dyn_cast<TypedefType>(Ty)) {
      const TypedefNameDecl *D = TT->getDecl();
      Info.Kind = "typedef";
      Info.Key = D->getNameAsString() + "@" + where(D);
      Info.Spelling = D->getNameAsString();
      return;
    }
    if (const auto *TagT = dyn_cast<TagType>(Ty)) {
      const TagDecl *D = TagT->getDecl();
      const TagDecl *Def = D->getDefinition();
      Info.Kind = D->isUnion() ? "union" : D->isEnum() ? "enum" : "struct";
      Info.Spelling = T.getAsString(Policy);
      Info.Key = Info.Spelling + "@" + where(Def ? Def : D);
      return;
    }
    std::string Composed;
    if (const auto *PT = dyn_cast<PointerType>(Ty)) {
      Info.Kind = "pointer";
      Info.Of = add(PT->getPointeeType());
      Composed = Info.Of + " *";
    } else if (const auto *AT = dyn_cast<ArrayType>(Ty)) {
      Info.Kind = "array";
      Info.Of = add(AT->getElementType());
      if (const auto *CAT = dyn_cast<ConstantArrayType>(AT))
        Info.Count = CAT->getZExtSize();
      std::string Bound = "[" + (isa<ConstantArrayType>(AT) ? std::to_string(Info.Count)
                                 : isa<VariableArrayType>(AT) ? "*" : "") + "]";
      // The outer bound goes first, as C writes it: int[2][3] is two int[3].
      size_t Suffix = Info.Of.size();
      while (Suffix > 0 && Info.Of[Suffix - 1] == ']') {
        size_t Open = Info.Of.rfind('[', Suffix - 1);
        if (Open == std::string::npos)
          break;
        Suffix = Open;
      }
      Composed = Info.Of.substr(0, Suffix) + Bound + Info.Of.substr(Suffix);
    } else if (const auto *FT = dyn_cast<FunctionType>(Ty)) {
      Info.Kind = "function";
      Info.Of = add(FT->getReturnType());
      if (const auto *Proto = dyn_cast<FunctionProtoType>(FT))
        for (QualType P : Proto->param_types())
          Info.Params.push_back(add(P));
      Composed = Info.Of + "(" + llvm::join(Info.Params, ", ") +
                 (isa<FunctionProtoType>(FT) ? "" : "...") + ")";
    } else {
      Info.Kind = isa<BuiltinType>(Ty) ? "builtin" : "other";
      Composed = T.getAsString(Policy);
    }
    Info.Key = bounded(Composed, Info.Kind);
    // Variable length arrays of one element type share an entry, whatever
    // their bounds: spelt as C spells an unspecified bound, `int[*]`.
    Info.Spelling = isVariableLength(T) ? Info.Key : spell(T, Composed);
  }

  /// Size, alignment, members, and the rest that needs the entry in place.
  void fill(QualType T, cleave::TypeInfo &Info) {
    T = plain(T);
    const Type *Ty = T.getTypePtr();
    // A variable length array has no size before run time, like an array of
    // unknown size, but both have their element's alignment.
    Info.Complete = !Ty->isIncompleteType() && !isVariableLength(T);
    bool ArrayOfComplete = Ty->isArrayType() && !Ctx.getBaseElementType(T)->isIncompleteType();
    // A function has no size or alignment in C (GNU C's sizeof of 1 is
    // an extension).
    if ((Info.Complete || ArrayOfComplete) && !Ty->containsErrors() && !Ty->isFunctionType()) {
      TypeInfoChars TI = Ctx.getTypeInfoInChars(T);
      Info.Size = Info.Complete ? TI.Width.getQuantity() : 0;
      Info.Align = TI.Align.getQuantity();
    }
    if (T.hasLocalQualifiers())
      return;
    if (const auto *TT = dyn_cast<TypedefType>(Ty)) {
      const TypedefNameDecl *D = TT->getDecl();
      Info.Pos = positionOf(Ctx.getSourceManager(), D->getLocation());
      QualType Under = D->getUnderlyingType();
      std::string Of = add(Under);
      // The chain ends at the first type that is not a typedef.
      QualType Anchor = plain(Under);
      while (!Anchor.hasLocalQualifiers() && isa<TypedefType>(Anchor.getTypePtr()))
        Anchor = plain(cast<TypedefType>(Anchor.getTypePtr())->getDecl()->getUnderlyingType());
      std::string AnchorKey = add(Anchor);
      cleave::TypeInfo &Entry = Table[Info.Key]; // add() may have grown the table
      Entry.Of = Of;
      Entry.Anchor = AnchorKey;
      return;
    }
    const auto *TagT = dyn_cast<TagType>(Ty);
    if (!TagT)
      return;
    const TagDecl *Def = TagT->getDecl()->getDefinition();
    if (!Def)
      return;
    Info.Pos = positionOf(Ctx.getSourceManager(), Def->getLocation());
    std::string Key = Info.Key;
    if (const auto *ED = dyn_cast<EnumDecl>(Def)) {
      std::string Of = add(ED->getIntegerType());
      cleave::TypeInfo &Entry = Table[Key];
      Entry.Of = Of;
      for (const EnumConstantDecl *C : ED->enumerators())
        Entry.Members.push_back({C->getNameAsString(), "", C->getInitVal().getSExtValue()});
      return;
    }
    const auto *RD = cast<RecordDecl>(Def);
    if (RD->isInvalidDecl())
      return;
    const ASTRecordLayout &Layout = Ctx.getASTRecordLayout(RD);
    std::vector<cleave::TypeInfo::Member> Fields;
    for (const FieldDecl *F : RD->fields()) {
      std::string FieldType = add(F->getType());
      Fields.push_back({F->getNameAsString(), FieldType,
                        static_cast<int64_t>(Layout.getFieldOffset(F->getFieldIndex()))});
    }
    Table[Key].Members = std::move(Fields);
  }
};

/// The declarations whose types the table holds.
class DeclTypes : public RecursiveASTVisitor<DeclTypes> {
public:
  DeclTypes(ASTContext &Ctx, TypeCollector &Types) : SM(Ctx.getSourceManager()), Types(Types) {}
  bool VisitTagDecl(TagDecl *D) {
    if (SM.isInMainFile(D->getLocation()) && D->isThisDeclarationADefinition())
      Types.add(QualType(D->getTypeForDecl(), 0));
    return true;
  }
  bool VisitTypedefNameDecl(TypedefNameDecl *D) {
    if (SM.isInMainFile(D->getLocation()))
      Types.add(D->getASTContext().getTypedefType(D));
    return true;
  }
  bool VisitDeclaratorDecl(DeclaratorDecl *D) {
    // Functions, parameters, locals, globals and fields of the main file.
    if (SM.isInMainFile(D->getLocation()) && !isa<FieldDecl>(D))
      Types.add(D->getType());
    return true;
  }

private:
  const SourceManager &SM;
  TypeCollector &Types;
};

} // namespace

bool cleave::isVariableLength(QualType T) {
  for (const ArrayType *AT = T->getAsArrayTypeUnsafe(); AT;
       AT = AT->getElementType()->getAsArrayTypeUnsafe())
    if (isa<VariableArrayType>(AT))
      return true;
  return false;
}

llvm::SmallVector<const Expr *, 2> cleave::arrayBounds(const ASTContext &Ctx, QualType T) {
  llvm::SmallVector<const Expr *, 2> Out;
  while (T->isVariablyModifiedType()) {
    const Type *Ty = T.getTypePtr();
    if (isa<TypedefType, TypeOfExprType, TypeOfType>(Ty))
      break;
    if (const auto *VAT = dyn_cast<VariableArrayType>(Ty); VAT && VAT->getSizeExpr())
      Out.push_back(VAT->getSizeExpr()); // `[*]` has none
    QualType Next;
    if (const auto *AT = dyn_cast<ArrayType>(Ty))
      Next = AT->getElementType();
    else if (const auto *PT = dyn_cast<PointerType>(Ty))
      Next = PT->getPointeeType();
    else if (const auto *FT = dyn_cast<FunctionType>(Ty))
      Next = FT->getReturnType();
    else
      Next = T.getSingleStepDesugaredType(Ctx); // parentheses, attributes
    if (Next == T)
      break;
    T = Next;
  }
  return Out;
}

std::vector<cleave::TypeInfo> cleave::collectTypes(ASTContext &Ctx) {
  TypeCollector Types(Ctx);
  DeclTypes(Ctx, Types).TraverseDecl(Ctx.getTranslationUnitDecl());
  return Types.take();
}
