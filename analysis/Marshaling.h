/// \file
/// Which C types a remote call can carry, and as what: the rule the analysis
/// applies to a function's signature and the stubs follow when they marshal.
///
/// A value travels when it is an arithmetic scalar or enumeration of 1, 2, 4
/// or 8 bytes (float and double included, long double not), a struct with a
/// tag or a typedef name (`typedef struct { ... } T;`) whose fields travel, or
/// a fixed array of such values. A struct field
/// may also point to a struct with a tag whose fields travel: a linked
/// structure, copied whole with its sharing and cycles.
#ifndef CLEAVE_ANALYSIS_MARSHALING_H
#define CLEAVE_ANALYSIS_MARSHALING_H

#include "clang/AST/ASTContext.h"
#include <string>

namespace cleave {

/// Why values of \p T cannot travel in a message, as a phrase completing
/// "'T' ..." ("is a union, whose live member is unknown"); "" when they can.
std::string whyNotMarshaled(clang::QualType T, const clang::ASTContext &Ctx);

/// The runtime's kind of the arithmetic or enumeration type \p T ("CLV_I32",
/// "CLV_F64"), or "" when it has none.
std::string scalarKind(clang::QualType T, const clang::ASTContext &Ctx);

/// The element type of the global \p V when a call can take its elements
/// as regions (ProgramModel.h, globalKey): a variable of the program's
/// files (at file scope), neither const, volatile nor thread-local,
/// that is a scalar of a kind or an array of them, of any number of fixed
/// dimensions after the first: the scalar type, whose elements its regions
/// count in order (`double g[R][M]`: g[i][j] is element i * M + j); a null
/// type otherwise. The stubs reach it through a function at the end of
/// its file.
clang::QualType travellingGlobal(const clang::VarDecl *V, const clang::ASTContext &Ctx);

/// The element type of what the global pointer \p V points to where its
/// pointee's elements can be regions of the global's (stableGlobals, where
/// it keeps one value): a pointer of the program's files (at file scope),
/// neither volatile nor thread-local, to a scalar of a kind, not volatile
/// (`static double *a;` that main sets with malloc): the scalar type,
/// unqualified; a null type otherwise.
clang::QualType globalPointee(const clang::VarDecl *V, const clang::ASTContext &Ctx);

/// Whether values of \p T, which travel, hold no pointer: their bytes in
/// memory are all of their value.
bool isFlat(clang::QualType T);

/// Whether \p T is, points to or holds a struct that has no tag but a
/// typedef name: the stubs' header, which the program includes before its own
/// declarations, cannot name it.
bool mentionsUntaggedRecord(clang::QualType T);
/// Whether the parameters or value of \p F mention such a struct: the stubs'
/// header cannot declare its stubs.
bool signatureMentionsUntaggedRecord(const clang::FunctionDecl *F);

/// The struct \p T points to, if it is one that travels by pointer as a linked
/// structure (complete, with a tag, its fields all travelling); else nullptr.
const clang::RecordDecl *linkedRecord(clang::QualType T, const clang::ASTContext &Ctx);

} // namespace cleave

#endif
