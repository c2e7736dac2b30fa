/// \file
/// The C the stubs marshal the program's values with: the runtime's typed puts
/// and gets for scalars and fixed arrays, and a put and a get function for
/// each struct a remote call carries, generated from its fields.
#ifndef CLEAVE_TRANSFORM_MARSHALINTERNAL_H
#define CLEAVE_TRANSFORM_MARSHALINTERNAL_H

#include "clang/AST/ASTContext.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringRef.h"
#include <string>
#include <string_view>
#include <vector>

namespace cleave {

/// Spells and marshals types in the stubs, which see none of the program's
/// own declarations: structs are declared again there, with the fields'
/// types canonical, enumerations as their integer types and no qualifiers, and
/// a compile-time check that their layout is the one the analysis saw. Only
/// types that analysis/Marshaling.h says travel may be given.
class StubTypes {
public:
  explicit StubTypes(const clang::ASTContext &Ctx);

  /// A declaration of \p Name with type \p T ("struct node *t", "int v[3]").
  std::string declare(clang::QualType T, llvm::StringRef Name);
  /// Statements writing the value of the lvalue \p E of type \p T to the
  /// buffer \p Buf (a clv_buf pointer), each line indented by \p Indent,
  /// running the statement \p OnFail if a write fails. A pointer to a struct
  /// writes a reference to a linked structure, whose nodes
  /// clv_buf_put_pending writes.
  std::string put(clang::QualType T, llvm::StringRef E, llvm::StringRef Buf,
                  llvm::StringRef Indent, llvm::StringRef OnFail);
  /// Statements reading into the lvalue \p E what put wrote.
  std::string get(clang::QualType T, llvm::StringRef E, llvm::StringRef Buf,
                  llvm::StringRef Indent, llvm::StringRef OnFail);
  /// The names of the put and get functions of the struct \p T is or points
  /// to, as the runtime's clv_put_object and clv_get_object.
  std::string putFunction(clang::QualType T);
  std::string getFunction(clang::QualType T);
  /// What travels for \p T, for the signature both ends of a call compare:
  /// "I32", "F64[4]", "struct node", "*struct node".
  std::string shape(clang::QualType T);

  /// Forward declarations of the structs used so far.
  std::string forwardDeclarations() const;
  /// Their definitions, layout checks and put and get functions.
  std::string definitions();
  /// The shapes of their fields, one line a struct, in a stable order.
  std::string recordShapes();

private:
  std::string transfer(bool Put, clang::QualType T, llvm::StringRef E, llvm::StringRef Buf,
                       std::string_view Indent, llvm::StringRef OnFail);
  clang::QualType stubType(clang::QualType T) const;
  const clang::RecordDecl *use(const clang::RecordDecl *RD);
  /// Its tag, or the typedef name of a struct without one.
  std::string recordName(const clang::RecordDecl *RD) const;
  /// How the stubs name its type: "struct tag", or the typedef name.
  std::string recordType(const clang::RecordDecl *RD) const;

  const clang::ASTContext &Ctx;
  clang::PrintingPolicy Policy;
  /// Structs in an order that defines each before a struct holding it, and
  /// every struct met (those whose fields are being visited included).
  std::vector<const clang::RecordDecl *> Records;
  llvm::SmallPtrSet<const clang::RecordDecl *, 8> Visited;
};

} // namespace cleave

#endif
