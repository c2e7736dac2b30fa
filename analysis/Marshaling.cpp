/// \file
/// Which C types a remote call can carry.
#include "analysis/Marshaling.h"

#include "clang/AST/Attr.h"
#include "llvm/ADT/SmallPtrSet.h"

using namespace cleave;
using namespace clang;

namespace {

/// Checks types, assuming the records on the path it came by travel: a linked
/// structure reaches its own record again through its pointers.
class Checker {
public:
  explicit Checker(const ASTContext &Ctx) : Ctx(Ctx) {}

  std::string value(QualType T) {
    T = T.getCanonicalType().getUnqualifiedType();
    if (T->isArithmeticType() || T->isEnumeralType())
      return scalarKind(T, Ctx).empty() ? "has no portable encoding" : "";
    if (const auto *AT = dyn_cast<ConstantArrayType>(T.getTypePtr())) {
      std::string Why = value(AT->getElementType());
      return Why.empty() ? "" : "has elements that " + Why;
    }
    if (T->isArrayType())
      return "is an array without a constant size";
    if (T->isPointerType())
      return "is a pointer, which means nothing on another node unless it points to a struct";
    if (const auto *RT = T->getAs<RecordType>())
      return record(RT->getDecl());
    return "is not marshaled";
  }

  std::string record(const RecordDecl *RD) {
    if (!RD->isStruct())
      return "is a union, whose live member is unknown";
    const RecordDecl *Def = RD->getDefinition();
    if (!Def)
      return "is incomplete";
    // typedef struct { ... } T; names the struct T: the stubs declare it so
    // again, and two untagged structs of the same members are compatible.
    if (!Def->getIdentifier() && !Def->getTypedefNameForAnonDecl())
      return "has neither a tag nor a typedef name (give the struct one to send it)";
    if (Def->hasAttr<PackedAttr>() || Def->hasAttr<AlignedAttr>() ||
        Def->hasAttr<MaxFieldAlignmentAttr>())
      return "has its layout changed by an attribute or pragma";
    if (Def->hasFlexibleArrayMember())
      return "has a flexible array member";
    if (!OnPath.insert(Def).second)
      return "";
    for (const FieldDecl *F : Def->fields()) {
      std::string Why;
      QualType FT = F->getType().getCanonicalType();
      if (F->hasAttr<AlignedAttr>() || F->hasAttr<PackedAttr>())
        Why = "has its layout changed by an attribute";
      else if (F->isBitField() && F->getBitWidthValue(Ctx) == 0)
        Why = "is an unnamed bit-field";
      else if (!F->getIdentifier())
        Why = "has no name";
      else if (FT->isPointerType() && FT->getPointeeType()->isStructureType())
        Why = record(FT->getPointeeType()->getAs<RecordType>()->getDecl());
      else
        Why = value(FT);
      if (!Why.empty())
        return "has field '" + F->getNameAsString() + "' that " + Why;
    }
    return "";
  }

private:
  const ASTContext &Ctx;
  llvm::SmallPtrSet<const RecordDecl *, 8> OnPath;
};

} // namespace

std::string cleave::whyNotMarshaled(QualType T, const ASTContext &Ctx) {
  return Checker(Ctx).value(T);
}

std::string cleave::scalarKind(QualType T, const ASTContext &Ctx) {
  T = T.getCanonicalType();
  if (const auto *ET = T->getAs<EnumType>())
    T = ET->getDecl()->getIntegerType().getCanonicalType();
  if (T->isRealFloatingType()) {
    if (T->isSpecificBuiltinType(BuiltinType::Float))
      return "CLV_F32";
    if (T->isSpecificBuiltinType(BuiltinType::Double))
      return "CLV_F64";
    return "";
  }
  if (!T->isIntegerType())
    return "";
  uint64_t Bits = Ctx.getTypeSize(T);
  if (Bits != 8 && Bits != 16 && Bits != 32 && Bits != 64)
    return "";
  bool Signed = T->isSignedIntegerType();
  return std::string(Signed ? "CLV_I" : "CLV_U") + std::to_string(Bits);
}

QualType cleave::travellingGlobal(const VarDecl *V, const ASTContext &Ctx) {
  if (!V->isFileVarDecl() || V->getTLSKind() != VarDecl::TLS_None)
    return QualType();
  QualType T = V->getType().getCanonicalType();
  if (const ArrayType *AT = Ctx.getAsArrayType(T)) {
    if (!isa<ConstantArrayType>(AT) && !isa<IncompleteArrayType>(AT))
      return QualType();
    T = AT->getElementType().getCanonicalType();
    // Rows of a fixed length: the array's scalars in order.
    while (const ArrayType *Row = Ctx.getAsArrayType(T)) {
      if (!isa<ConstantArrayType>(Row))
        return QualType();
      T = Row->getElementType().getCanonicalType();
    }
  }
  if (T.isConstQualified() || T.isVolatileQualified() || scalarKind(T, Ctx).empty())
    return QualType();
  return T.getUnqualifiedType();
}

QualType cleave::globalPointee(const VarDecl *V, const ASTContext &Ctx) {
  QualType T = V->getType().getCanonicalType();
  if (!V->isFileVarDecl() || V->getTLSKind() != VarDecl::TLS_None || !T->isPointerType() ||
      T.isVolatileQualified())
    return QualType();
  QualType Pointee = T->getPointeeType();
  if (Pointee.isVolatileQualified() || scalarKind(Pointee.getUnqualifiedType(), Ctx).empty())
    return QualType();
  return Pointee.getUnqualifiedType();
}

bool cleave::isFlat(QualType T) {
  T = T.getCanonicalType();
  if (const auto *AT = dyn_cast<ConstantArrayType>(T.getTypePtr()))
    return isFlat(AT->getElementType());
  if (T->isPointerType())
    return false;
  if (const auto *RT = T->getAs<RecordType>())
    return llvm::all_of(RT->getDecl()->fields(),
                        [](const FieldDecl *F) { return isFlat(F->getType()); });
  return true;
}

const RecordDecl *cleave::linkedRecord(QualType T, const ASTContext &Ctx) {
  T = T.getCanonicalType();
  if (!T->isPointerType() || !T->getPointeeType()->isStructureType())
    return nullptr;
  const RecordDecl *RD = T->getPointeeType()->getAs<RecordType>()->getDecl();
  return Checker(Ctx).record(RD).empty() ? RD->getDefinition() : nullptr;
}

bool cleave::mentionsUntaggedRecord(QualType T) {
  T = T.getCanonicalType();
  while (T->isPointerType() || T->isArrayType())
    T = T->isPointerType() ? T->getPointeeType() : QualType(T->getArrayElementTypeNoTypeQual(), 0);
  const auto *RT = T->getAs<RecordType>();
  return RT && !RT->getDecl()->getIdentifier();
}

bool cleave::signatureMentionsUntaggedRecord(const FunctionDecl *F) {
  return mentionsUntaggedRecord(F->getReturnType()) ||
         llvm::any_of(F->parameters(),
                      [](const ParmVarDecl *P) { return mentionsUntaggedRecord(P->getType()); });
}
