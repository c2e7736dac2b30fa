// The machine a test writes in YAML, read as cleave reads machine files.
#ifndef CLEAVE_TEST_UNIT_TESTMACHINE_H
#define CLEAVE_TEST_UNIT_TESTMACHINE_H

#include "costmodel/Files.h"

#include "gtest/gtest.h"

namespace cleave {

/// The machine of \p Text; a test failure (and an empty machine) when it
/// does not read.
inline Machine machine(llvm::StringRef Text, llvm::StringRef Name = "test.yaml") {
  auto M = parseMachine(Text, Name);
  if (!M) {
    ADD_FAILURE() << llvm::toString(M.takeError());
    return Machine();
  }
  return std::move(*M);
}

} // namespace cleave

#endif
