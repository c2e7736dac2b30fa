/// \file
/// The table of library effects. Names are those of the C standard library
/// (C11 7.x) and POSIX; a program that defines a function of the same name
/// is analyzed from its own definition instead (the table serves only
/// functions defined nowhere in the program).
#include "analysis/LibraryEffects.h"

#include "llvm/ADT/StringMap.h"

using namespace cleave;

namespace {

/// The table, built once: one line per function family.
const llvm::StringMap<LibraryEffect> &table() {
  static const llvm::StringMap<LibraryEffect> Table = [] {
    llvm::StringMap<LibraryEffect> T;
    auto Add = [&T](std::initializer_list<const char *> Names, LibraryEffectKind Kind,
                    llvm::StringRef Resource = "") {
      for (const char *N : Names)
        T[N] = {Kind, Resource};
    };
    using K = LibraryEffectKind;
    // math.h, in double, float and long double forms.
    for (llvm::StringRef Base :
         {"sin", "cos", "tan", "asin", "acos", "atan", "atan2", "sinh", "cosh", "tanh",
          "asinh", "acosh", "atanh", "exp", "exp2", "expm1", "log", "log10", "log2", "log1p",
          "pow", "sqrt", "cbrt", "hypot", "fabs", "floor", "ceil", "round", "trunc", "rint",
          "nearbyint", "fmod", "remainder", "fmin", "fmax", "fdim", "fma", "copysign", "erf",
          "erfc", "tgamma", "lgamma", "ldexp", "scalbn", "logb", "ilogb"}) {
      for (const char *Suffix : {"", "f", "l"}) {
        std::string Name = Base.str() + Suffix;
        T[Name] = {K::Pure, ""};
      }
    }
    Add({"abs", "labs", "llabs", "isalnum", "isalpha", "isdigit", "isxdigit", "islower",
         "isupper", "isspace", "ispunct", "isprint", "isgraph", "iscntrl", "tolower",
         "toupper"},
        K::Pure);
    Add({"memcpy", "memmove", "memset", "memcmp", "memchr", "strcpy", "strncpy", "strcat",
         "strncat", "strcmp", "strncmp", "strlen", "strchr", "strrchr", "strstr", "strspn",
         "strcspn", "strpbrk", "atoi", "atol", "atoll", "atof", "strtol", "strtoll",
         "strtoul", "strtoull", "strtod", "strtof", "qsort", "bsearch"},
        K::ArgumentMemory);
    Add({"printf", "puts", "putchar", "vprintf"}, K::InputOutput, "stdout");
    Add({"scanf", "getchar", "gets", "vscanf"}, K::InputOutput, "stdin");
    Add({"fprintf", "fputs", "fputc", "putc", "fscanf", "fgets", "fgetc", "getc", "fread",
         "fwrite", "fopen", "fclose", "fflush", "fseek", "ftell", "rewind", "perror",
         "vfprintf", "remove", "rename"},
        K::InputOutput, "files");
    Add({"getenv", "system", "exit", "abort", "time", "clock", "rand", "srand"},
        K::InputOutput, "process");
    Add({"malloc", "calloc", "realloc", "free", "aligned_alloc", "strdup", "strndup"},
        K::Allocation);
    return T;
  }();
  return Table;
}

} // namespace

const LibraryEffect *cleave::libraryEffect(llvm::StringRef Name) {
  auto It = table().find(Name);
  return It == table().end() ? nullptr : &It->second;
}
