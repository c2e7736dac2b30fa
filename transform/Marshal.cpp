/// \file
/// The C the stubs marshal the program's values with.
#include "transform/MarshalInternal.h"

#include "analysis/Marshaling.h"

#include "clang/AST/RecordLayout.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/raw_ostream.h"

using namespace cleave;
using namespace clang;

namespace {

/// The innermost element of the fixed array \p T (\p T itself if it is none),
/// with the number of such elements \p T holds in \p Count.
QualType flatten(QualType T, uint64_t &Count) {
  Count = 1;
  while (const auto *AT = dyn_cast<ConstantArrayType>(T.getCanonicalType().getTypePtr())) {
    Count *= AT->getSize().getZExtValue();
    T = AT->getElementType();
  }
  return T.getCanonicalType().getUnqualifiedType();
}

const RecordDecl *recordOf(QualType T) {
  const auto *RT = T.getCanonicalType()->getAs<RecordType>();
  return RT ? RT->getDecl()->getDefinition() : nullptr;
}

} // namespace

StubTypes::StubTypes(const ASTContext &Ctx) : Ctx(Ctx), Policy(Ctx.getLangOpts()) {
  Policy.SuppressTagKeyword = false;
}

QualType StubTypes::stubType(QualType T) const {
  T = T.getCanonicalType().getUnqualifiedType();
  if (const auto *ET = T->getAs<EnumType>())
    return ET->getDecl()->getIntegerType().getCanonicalType();
  if (const auto *AT = dyn_cast<ConstantArrayType>(T.getTypePtr()))
    return Ctx.getConstantArrayType(stubType(AT->getElementType()), AT->getSize(), nullptr,
                                    ArraySizeModifier::Normal, 0);
  if (T->isPointerType())
    return Ctx.getPointerType(stubType(T->getPointeeType()));
  return T;
}

std::string StubTypes::declare(QualType T, llvm::StringRef Name) {
  std::string Out;
  llvm::raw_string_ostream OS(Out);
  stubType(T).print(OS, Policy, Name);
  return Out;
}

std::string StubTypes::recordName(const RecordDecl *RD) const {
  if (const TypedefNameDecl *Typedef = RD->getIdentifier() ? nullptr : RD->getTypedefNameForAnonDecl())
    return Typedef->getName().str();
  return RD->getName().str();
}

std::string StubTypes::recordType(const RecordDecl *RD) const {
  return RD->getIdentifier() ? "struct " + recordName(RD) : recordName(RD);
}

const RecordDecl *StubTypes::use(const RecordDecl *RD) {
  RD = RD->getDefinition();
  if (!Visited.insert(RD).second)
    return RD;
  // What a struct holds is defined before it; what it points to may follow.
  std::vector<const RecordDecl *> Pointed;
  for (const FieldDecl *F : RD->fields()) {
    uint64_t Count;
    QualType Elem = flatten(F->getType(), Count);
    if (const RecordDecl *Held = recordOf(Elem))
      use(Held);
    else if (Elem->isPointerType())
      Pointed.push_back(recordOf(Elem->getPointeeType()));
  }
  Records.push_back(RD);
  for (const RecordDecl *P : Pointed)
    use(P);
  return RD;
}

std::string StubTypes::putFunction(QualType T) {
  T = T.getCanonicalType();
  return "cleave_put_" +
         recordName(use(recordOf(T->isPointerType() ? T->getPointeeType() : T)));
}

std::string StubTypes::getFunction(QualType T) {
  T = T.getCanonicalType();
  return "cleave_get_" +
         recordName(use(recordOf(T->isPointerType() ? T->getPointeeType() : T)));
}

std::string StubTypes::put(QualType T, llvm::StringRef E, llvm::StringRef Buf,
                           llvm::StringRef Indent, llvm::StringRef OnFail) {
  return transfer(true, T, E, Buf, Indent, OnFail);
}

std::string StubTypes::get(QualType T, llvm::StringRef E, llvm::StringRef Buf,
                           llvm::StringRef Indent, llvm::StringRef OnFail) {
  return transfer(false, T, E, Buf, Indent, OnFail);
}

std::string StubTypes::transfer(bool Put, QualType T, llvm::StringRef E, llvm::StringRef Buf,
                                std::string_view Indent, llvm::StringRef OnFail) {
  std::string I(Indent), Dir = Put ? "put" : "get", Const = Put ? "const " : "";
  auto Checked = [&](const std::string &Call, const std::string &In) {
    return In + "if (" + Call + " != CLV_OK)\n" + In + "  " + OnFail.str() + "\n";
  };
  if (T.getCanonicalType()->isPointerType()) {
    if (Put)
      return Checked("clv_buf_put_pointer(" + Buf.str() + ", " + E.str() + ", " +
                         putFunction(T) + ")",
                     I);
    return I + "{\n" + I + "  void *cleave_p = NULL;\n" +
           Checked("clv_buf_get_pointer(" + Buf.str() + ", &cleave_p, sizeof(" +
                       declare(T->getPointeeType(), "") + "), " + getFunction(T) + ")",
                   I + "  ") +
           I + "  " + E.str() + " = cleave_p;\n" + I + "}\n";
  }
  uint64_t Count;
  QualType Elem = flatten(T, Count);
  std::string Kind = scalarKind(Elem, Ctx);
  if (!Kind.empty())
    return Checked("clv_buf_" + Dir + "_values(" + Buf.str() + ", " + Kind + ", &" + E.str() +
                       ", " + std::to_string(Count) + ")",
                   I);
  std::string Fn = Put ? putFunction(Elem) : getFunction(Elem);
  if (!T.getCanonicalType()->isArrayType())
    return Checked(Fn + "(" + Buf.str() + ", &" + E.str() + ")", I);
  return I + "{\n" + I + "  size_t cleave_i;\n" + I + "  for (cleave_i = 0; cleave_i < " +
         std::to_string(Count) + "; cleave_i++)\n" +
         Checked(Fn + "(" + Buf.str() + ", (" + Const + declare(Elem, "") + " *)(" + Const +
                     "void *)&" + E.str() + " + cleave_i)",
                 I + "    ") +
         I + "}\n";
}

std::string StubTypes::shape(QualType T) {
  T = T.getCanonicalType();
  if (T->isPointerType())
    return "*struct " + recordName(use(recordOf(T->getPointeeType())));
  uint64_t Count;
  QualType Elem = flatten(T, Count);
  std::string Kind = scalarKind(Elem, Ctx);
  std::string Base = Kind.empty() ? "struct " + recordName(use(recordOf(Elem)))
                                  : llvm::StringRef(Kind).drop_front(4).str();
  return T->isArrayType() ? Base + "[" + std::to_string(Count) + "]" : Base;
}

std::string StubTypes::forwardDeclarations() const {
  std::string Out;
  for (const RecordDecl *RD : Records)
    if (RD->getIdentifier()) // one without a tag is defined before any use
      Out += "struct " + recordName(RD) + ";\n";
  return Out;
}

std::string StubTypes::recordShapes() {
  std::vector<std::string> Lines;
  // shape() may only name structs already in use: no new ones appear here.
  for (size_t I = 0; I < Records.size(); ++I) {
    std::string Line = "struct " + recordName(Records[I]) + "{";
    for (const FieldDecl *F : Records[I]->fields())
      Line += shape(F->getType()) +
              (F->isBitField() ? ":" + std::to_string(F->getBitWidthValue(Ctx)) : "") + " " +
              F->getNameAsString() + ";";
    Lines.push_back(Line + "}\n");
  }
  llvm::sort(Lines);
  return llvm::join(Lines, "");
}

std::string StubTypes::definitions() {
  std::string Out;
  llvm::raw_string_ostream OS(Out);
  // Every function first: linked structures call each other's.
  for (const RecordDecl *RD : Records) {
    std::string N = recordName(RD);
    OS << "static clv_status cleave_put_" << N
       << "(clv_buf *cleave_b, const void *cleave_object);\n"
       << "static clv_status cleave_get_" << N << "(clv_buf *cleave_b, void *cleave_object);\n";
  }
  for (const RecordDecl *RD : Records) {
    std::string N = recordName(RD);
    const ASTRecordLayout &Layout = Ctx.getASTRecordLayout(RD);
    std::string Type = recordType(RD);
    OS << "\n" << (RD->getIdentifier() ? Type : "typedef struct") << " {\n";
    for (const FieldDecl *F : RD->fields()) {
      OS << "  " << declare(F->getType(), F->getName());
      if (F->isBitField())
        OS << " : " << F->getBitWidthValue(Ctx);
      OS << ";\n";
    }
    OS << "}" << (RD->getIdentifier() ? "" : " " + N) << ";\n";
    // The program was analyzed with this layout; a build that lays the
    // struct out otherwise fails here rather than sending the wrong bytes.
    OS << "typedef char cleave_layout_" << N << "[(sizeof(" << Type
       << ") == " << Layout.getSize().getQuantity();
    for (const FieldDecl *F : RD->fields())
      if (!F->isBitField())
        OS << " && offsetof(" << Type << ", " << F->getName()
           << ") == " << Layout.getFieldOffset(F->getFieldIndex()) / 8;
    OS << ") ? 1 : -1];\n\n";

    OS << "static clv_status cleave_put_" << N
       << "(clv_buf *cleave_b, const void *cleave_object) {\n"
       << "  const " << Type << " *v = (const " << Type << " *)cleave_object;\n";
    for (const FieldDecl *F : RD->fields()) {
      std::string E = "v->" + F->getNameAsString();
      if (!F->isBitField()) {
        OS << put(F->getType(), E, "cleave_b", "  ", "return CLV_E_ENCODE;");
        continue;
      }
      OS << "  {\n    " << declare(F->getType(), "cleave_t") << " = " << E << ";\n"
         << put(F->getType(), "cleave_t", "cleave_b", "    ", "return CLV_E_ENCODE;")
         << "  }\n";
    }
    OS << "  return CLV_OK;\n}\n\n";

    OS << "static clv_status cleave_get_" << N << "(clv_buf *cleave_b, void *cleave_object) {\n"
       << "  " << Type << " *v = (" << Type << " *)cleave_object;\n";
    for (const FieldDecl *F : RD->fields()) {
      std::string E = "v->" + F->getNameAsString();
      if (!F->isBitField()) {
        OS << get(F->getType(), E, "cleave_b", "  ", "return CLV_E_DECODE;");
        continue;
      }
      // A value the bit-field cannot hold did not come from a build of this
      // program.
      OS << "  {\n    " << declare(F->getType(), "cleave_t") << " = 0;\n"
         << get(F->getType(), "cleave_t", "cleave_b", "    ", "return CLV_E_DECODE;") << "    "
         << E << " = cleave_t;\n    if (" << E << " != cleave_t)\n      return CLV_E_DECODE;\n"
         << "  }\n";
    }
    OS << "  return CLV_OK;\n}\n";
  }
  return Out;
}
