/// \file
/// Sorting a compile command's flags for the generated build. The driver's
/// own option table (clang::driver::Options) knows each flag's form but not
/// whether it changes what a program means, nor whether it belongs to the
/// link too: that is the decision this file makes, flag family by family, so
/// it is written out here.
#include "transform/BuildFlags.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

using namespace cleave;

namespace {

/// Flags that take a value, joined (`-DX=1`) or as the next argument.
enum class ValueKind {
  Macro,       ///< -D, -U: the file and its stubs
  Folder,      ///< -I, -isystem, -iquote, -idirafter: the file and its stubs
  Header,      ///< -include, -imacros: the file alone
  LibraryPath, ///< -L: the link
  Library,     ///< -l: the link
  Ignored,     ///< -o, -MF, -MT, -MQ: where the compiler writes, not what
};

struct ValueFlag {
  llvm::StringLiteral Name;
  ValueKind Kind;
};

// No name begins another of the list, nor a flag of another family
// (-MD, -march=... are not -MF, -m).
constexpr ValueFlag ValueFlags[] = {
    {"-include", ValueKind::Header},      {"-imacros", ValueKind::Header},
    {"-isystem", ValueKind::Folder},      {"-iquote", ValueKind::Folder},
    {"-idirafter", ValueKind::Folder},    {"-I", ValueKind::Folder},
    {"-D", ValueKind::Macro},             {"-U", ValueKind::Macro},
    {"-L", ValueKind::LibraryPath},       {"-l", ValueKind::Library},
    {"-o", ValueKind::Ignored},           {"-MF", ValueKind::Ignored},
    {"-MT", ValueKind::Ignored},          {"-MQ", ValueKind::Ignored},
};

/// -f flags that shape only the compiler's messages or its run.
bool diagnosticsOnly(llvm::StringRef F) {
  return F == "-fsyntax-only" || F == "-fcolor-diagnostics" || F == "-fno-color-diagnostics" ||
         F == "-fno-caret-diagnostics" || F.starts_with("-fdiagnostics-") ||
         F.starts_with("-fno-diagnostics-") || F.starts_with("-fmessage-length=") ||
         F.starts_with("-ferror-limit=") || F == "-fno-show-column" ||
         F == "-fno-show-source-location";
}

} // namespace

llvm::Expected<BuildFlags> cleave::buildFlags(const CompileCommand &Command) {
  const std::vector<std::string> &Args = Command.Args;
  BuildFlags Out;
  auto Absolute = [&](llvm::StringRef Path) {
    if (!llvm::sys::path::is_relative(Path))
      return Path.str();
    llvm::SmallString<256> Abs(Command.Directory);
    llvm::sys::path::append(Abs, Path);
    llvm::sys::path::remove_dots(Abs, /*remove_dot_dot=*/true);
    return std::string(Abs);
  };
  auto Refuse = [&](llvm::StringRef Arg, const llvm::Twine &Why) {
    return llvm::createStringError(
        llvm::inconvertibleErrorCode(),
        "'" + Command.File + "': cannot carry the flag '" + Arg +
            "' to the generated build: " + Why +
            "; remove it from the file's flags, or build the output folder by hand with it");
  };
  auto Both = [&](const std::string &F) {
    Out.Compile.push_back(F);
    Out.Link.push_back(F);
  };
  for (size_t I = 1; I < Args.size(); ++I) {
    llvm::StringRef A = Args[I];
    if (A == "--")
      continue;
    if (!A.starts_with("-")) {
      std::string Path = Absolute(A);
      if (Path == Command.File)
        continue;
      llvm::StringRef Ext = llvm::sys::path::extension(Path);
      if (Ext == ".o" || Ext == ".a" || Ext == ".so" || llvm::StringRef(Path).contains(".so.")) {
        Out.Link.push_back(Path);
        continue;
      }
      return Refuse(A, "it is another input than the file, an object or a library; give "
                       "each C file to cleave itself");
    }
    const ValueFlag *VF = nullptr;
    for (const ValueFlag &F : ValueFlags)
      if (A.starts_with(F.Name)) {
        VF = &F;
        break;
      }
    if (VF) {
      std::string Value = A.drop_front(VF->Name.size()).str();
      if (Value.empty()) {
        if (I + 1 >= Args.size())
          return Refuse(A, "it has no value");
        Value = Args[++I];
      }
      std::string Joined = VF->Name.str();
      switch (VF->Kind) {
      case ValueKind::Macro:
        Out.Compile.push_back(Joined + Value);
        break;
      case ValueKind::Folder:
        Out.Compile.push_back(Joined + Absolute(Value));
        break;
      case ValueKind::Header: {
        // The compiler looks for it in its working folder first, then along
        // the include folders.
        std::string Here = Absolute(Value);
        Out.Source.push_back(Joined + (llvm::sys::fs::exists(Here) ? Here : Value));
        break;
      }
      case ValueKind::LibraryPath:
        Out.Link.push_back(Joined + Absolute(Value));
        break;
      case ValueKind::Library:
        Out.Link.push_back(Joined + Value);
        break;
      case ValueKind::Ignored:
        break;
      }
      continue;
    }
    if (A == "-x" || A.starts_with("-x")) {
      llvm::StringRef Lang = A == "-x" && I + 1 < Args.size() ? llvm::StringRef(Args[++I])
                                                              : A.drop_front(2);
      if (Lang != "c")
        return Refuse(A, "cleave reads C, and the language given is '" + Lang + "'");
      continue;
    }
    if (A.starts_with("-std=") || A == "-ansi" || A == "-nostdinc" || A.starts_with("-g") ||
        A.starts_with("-Wa,") || A == "-trigraphs")
      Out.Compile.push_back(A.str());
    else if (A.starts_with("-f") && diagnosticsOnly(A))
      continue;
    else if (A.starts_with("--std="))
      Out.Compile.push_back(A.drop_front().str());
    else if (A.starts_with("-f") || A.starts_with("-m") || A.starts_with("-O") ||
             A == "-pthread" || A == "-pg" || A == "--coverage" || A.starts_with("--sysroot=") ||
             A.starts_with("--target="))
      Both(A.str());
    else if (A == "--sysroot" || A == "-target") {
      if (I + 1 >= Args.size())
        return Refuse(A, "it has no value");
      Both((A == "-target" ? "--target=" : "--sysroot=") + Args[++I]);
    } else if (A.starts_with("-Wl,") || A == "-static" || A == "-static-libgcc" ||
               A == "-rdynamic" || A == "-pie" || A == "-no-pie" || A == "-s")
      Out.Link.push_back(A.str());
    else if (A == "-Xlinker") {
      if (I + 1 >= Args.size())
        return Refuse(A, "it has no value");
      llvm::StringRef V = Args[++I];
      if (V.contains(','))
        return Refuse(A, "its value '" + V + "' holds a comma, which -Wl, would split");
      Out.Link.push_back(("-Wl," + V).str());
    } else if (A.starts_with("-Wp,"))
      return Refuse(A, "it passes options to the preprocessor that cleave does not read "
                       "(give them as -D, -U and -I)");
    else if (A.starts_with("-resource-dir")) {
      if (A == "-resource-dir")
        ++I;
    } else if (A.starts_with("-W") || A == "-w" || A.starts_with("-pedantic") || A == "-c" ||
               A == "-v" || A == "-pipe" || A == "-Qunused-arguments" ||
               A.starts_with("-save-temps") || A == "-MD" || A == "-MMD" || A == "-MP" ||
               A == "-MG" || A == "-M" || A == "-MM")
      continue; // warnings, dependency files and the compiler's own run
    else
      return Refuse(A, "cleave does not know what it does to the program");
  }
  return Out;
}
