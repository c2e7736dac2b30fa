/// \file
/// The table of library effects. Names are those of the C standard library
/// (C11 7.x) and POSIX; a program that defines a function of the same name
/// is analyzed from its own definition instead (the table serves only
/// functions defined nowhere in the program).
#include "analysis/LibraryEffects.h"

#include "llvm/ADT/StringMap.h"
#include <tuple>

using namespace cleave;

namespace {

/// The table, built once: one line per function family.
const llvm::StringMap<LibraryEffect> &table() {
  static const llvm::StringMap<LibraryEffect> Table = [] {
    llvm::StringMap<LibraryEffect> T;
    using K = LibraryEffectKind;
    auto Add = [&T](const char *Name, LibraryEffectKind Kind, const char *Args,
                    llvm::StringRef Resource = "") { T[Name] = {Kind, Resource, Args}; };
    // math.h, in double, float and long double forms.
    for (llvm::StringRef Base :
         {"sin", "cos", "tan", "asin", "acos", "atan", "atan2", "sinh", "cosh", "tanh",
          "asinh", "acosh", "atanh", "exp", "exp2", "expm1", "log", "log10", "log2", "log1p",
          "pow", "sqrt", "cbrt", "hypot", "fabs", "floor", "ceil", "round", "trunc", "rint",
          "nearbyint", "fmod", "remainder", "fmin", "fmax", "fdim", "fma", "copysign", "erf",
          "erfc", "tgamma", "lgamma", "ldexp", "scalbn", "logb", "ilogb"}) {
      for (const char *Suffix : {"", "f", "l"}) {
        std::string Name = Base.str() + Suffix;
        T[Name] = {K::Pure, "", "*-"};
      }
    }
    for (const char *Name : {"abs", "labs", "llabs", "isalnum", "isalpha", "isdigit",
                             "isxdigit", "islower", "isupper", "isspace", "ispunct", "isprint",
                             "isgraph", "iscntrl", "tolower", "toupper"})
      Add(Name, K::Pure, "-");
    const std::pair<const char *, const char *> Memory[] = {
        {"memcpy", "wrn"},   {"memmove", "wrn"},  {"memset", "w-n"},   {"memcmp", "rrn"},
        {"memchr", "r-n"},   {"strcpy", "WR"},    {"strncpy", "wRn"},  {"strcat", "WR"},
        {"strncat", "WR-"},  {"strcmp", "RR"},    {"strncmp", "rrn"},  {"strlen", "R"},
        {"strnlen", "rn"},
        {"strchr", "R-"},    {"strrchr", "R-"},   {"strstr", "RR"},    {"strspn", "RR"},
        {"strcspn", "RR"},   {"strpbrk", "RR"},   {"atoi", "R"},       {"atol", "R"},
        {"atoll", "R"},      {"atof", "R"},       {"strtol", "Ro-"},   {"strtoll", "Ro-"},
        {"strtoul", "Ro-"},  {"strtoull", "Ro-"}, {"strtod", "Ro"},    {"strtof", "Ro"},
        {"qsort", "X--f"},   {"bsearch", "RR--f"}};
    for (const auto &[Name, Args] : Memory)
      Add(Name, K::ArgumentMemory, Args);
    // A FILE argument ('-') is the library's own state: the resource says it.
    const std::tuple<const char *, const char *, const char *> Streams[] = {
        {"printf", "R*R", "stdout"}, {"puts", "R", "stdout"},      {"putchar", "-", "stdout"},
        {"vprintf", "R-", "stdout"}, {"scanf", "R*W", "stdin"},    {"getchar", "", "stdin"},
        {"gets", "W", "stdin"},      {"vscanf", "R-", "stdin"},    {"fprintf", "-R*R", "files"},
        {"fputs", "R-", "files"},    {"fputc", "--", "files"},     {"putc", "--", "files"},
        {"fscanf", "-R*W", "files"}, {"fgets", "wn-", "files"},    {"fgetc", "-", "files"},
        {"getc", "-", "files"},      {"fread", "W---", "files"},   {"fwrite", "R---", "files"},
        {"fopen", "RR", "files"},    {"fclose", "-", "files"},     {"fflush", "-", "files"},
        {"fseek", "---", "files"},   {"ftell", "-", "files"},      {"rewind", "-", "files"},
        {"perror", "R", "files"},    {"vfprintf", "-R-", "files"}, {"remove", "R", "files"},
        {"rename", "RR", "files"},   {"getenv", "R", "process"},   {"system", "R", "process"},
        {"exit", "-", "process"},    {"abort", "", "process"},     {"time", "o", "process"},
        {"clock", "", "process"},    {"rand", "", "process"},      {"srand", "-", "process"}};
    for (const auto &[Name, Args, Resource] : Streams)
      Add(Name, K::InputOutput, Args, Resource);
    const std::pair<const char *, const char *> Heap[] = {
        {"malloc", "-"}, {"calloc", "--"},        {"realloc", "D-"}, {"free", "D"},
        {"aligned_alloc", "--"}, {"strdup", "R"}, {"strndup", "R-"}};
    for (const auto &[Name, Args] : Heap)
      Add(Name, K::Allocation, Args);
    return T;
  }();
  return Table;
}

} // namespace

const LibraryEffect *cleave::libraryEffect(llvm::StringRef Name) {
  auto It = table().find(Name);
  return It == table().end() ? nullptr : &It->second;
}
