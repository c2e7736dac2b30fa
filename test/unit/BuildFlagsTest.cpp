//===- BuildFlagsTest.cpp - which build a compile command's flags reach ----===//
#include "transform/BuildFlags.h"
#include "gtest/gtest.h"

using namespace cleave;

namespace {

/// The flags of `cc ARGS /src/a.c` run in /src.
llvm::Expected<BuildFlags> sorted(std::vector<std::string> Args) {
  CompileCommand C{"/src/a.c", "/src", {"cc"}};
  C.Args.insert(C.Args.end(), Args.begin(), Args.end());
  C.Args.push_back("/src/a.c");
  return buildFlags(C);
}

std::string refusal(std::vector<std::string> Args) {
  auto F = sorted(std::move(Args));
  return F ? "" : llvm::toString(F.takeError());
}

using List = std::vector<std::string>;

TEST(BuildFlagsTest, ValuesJoinedOrSeparate) {
  auto F = sorted({"-D", "N=1", "-UM", "-I", "inc", "-isystem", "/sys", "-iquote../q",
                   "-include", "cfg.h", "-L", "lib", "-l", "m", "-lz"});
  ASSERT_TRUE(bool(F)) << llvm::toString(F.takeError());
  EXPECT_EQ(F->Compile, (List{"-DN=1", "-UM", "-I/src/inc", "-isystem/sys", "-iquote/q"}));
  // cfg.h is not in /src: the compiler finds it along the include folders.
  EXPECT_EQ(F->Source, (List{"-includecfg.h"}));
  EXPECT_EQ(F->Link, (List{"-L/src/lib", "-lm", "-lz"}));
}

TEST(BuildFlagsTest, CodeGenerationReachesTheLinkToo) {
  auto F = sorted({"-fwrapv", "-m32", "-O2", "-pthread", "-fopenmp", "-g", "--std=c99",
                   "-Wa,--noexecstack"});
  ASSERT_TRUE(bool(F)) << llvm::toString(F.takeError());
  EXPECT_EQ(F->Compile, (List{"-fwrapv", "-m32", "-O2", "-pthread", "-fopenmp", "-g",
                              "-std=c99", "-Wa,--noexecstack"}));
  EXPECT_EQ(F->Link, (List{"-fwrapv", "-m32", "-O2", "-pthread", "-fopenmp"}));
}

TEST(BuildFlagsTest, LinkOnly) {
  auto F = sorted({"-Wl,--as-needed", "-Xlinker", "-zdefs", "-static", "/src/x.o", "y.a",
                   "libq.so.1"});
  ASSERT_TRUE(bool(F)) << llvm::toString(F.takeError());
  EXPECT_TRUE(F->Compile.empty());
  EXPECT_EQ(F->Link, (List{"-Wl,--as-needed", "-Wl,-zdefs", "-static", "/src/x.o", "/src/y.a",
                           "/src/libq.so.1"}));
}

TEST(BuildFlagsTest, WhatDoesNotChangeTheProgramIsLeftOut) {
  auto F = sorted({"-Wall", "-Werror", "-w", "-pedantic", "-c", "-o", "a.o", "-MD", "-MF",
                   "a.d", "-MT", "a.o", "-fsyntax-only", "-fdiagnostics-color=always",
                   "-ferror-limit=0", "-x", "c", "--", "a.c"});
  ASSERT_TRUE(bool(F)) << llvm::toString(F.takeError());
  EXPECT_EQ(*F, BuildFlags());
}

TEST(BuildFlagsTest, WhatCannotBeCarriedIsRefusedByName) {
  EXPECT_NE(refusal({"-Wp,-DX"}).find("'-Wp,-DX'"), std::string::npos);
  EXPECT_NE(refusal({"-Xclang", "-fno-builtin"}).find("'-Xclang'"), std::string::npos);
  EXPECT_NE(refusal({"-x", "c++"}).find("'c++'"), std::string::npos);
  EXPECT_NE(refusal({"b.c"}).find("'b.c'"), std::string::npos);
  EXPECT_NE(refusal({"-shared"}).find("'-shared'"), std::string::npos);
  auto Last = buildFlags({"/src/a.c", "/src", {"cc", "/src/a.c", "-D"}});
  ASSERT_FALSE(bool(Last));
  EXPECT_NE(llvm::toString(Last.takeError()).find("has no value"), std::string::npos);
  EXPECT_NE(refusal({"-Xlinker", "a,b"}).find("comma"), std::string::npos);
}

} // namespace
