/// \file
/// Machine and placement files in whichever format they come: each reader
/// looks at the text and hands it to the model's own reader (YAML, JSON) or
/// to the Scotch one.
#include "costmodel/Files.h"
#include "costmodel/ScotchFiles.h"

#include "llvm/Support/MemoryBuffer.h"

using namespace cleave;

llvm::Expected<Machine> cleave::parseMachine(llvm::StringRef Text, llvm::StringRef Name) {
  if (isScotchTarget(Text))
    return parseScotchTarget(Text, Name);
  return parseMachineYAML(Text, Name);
}

llvm::Expected<Machine> cleave::loadMachine(llvm::StringRef Path) {
  auto Buffer = llvm::MemoryBuffer::getFile(Path);
  if (!Buffer)
    return llvm::createFileError(Path, Buffer.getError());
  return parseMachine((*Buffer)->getBuffer(), Path);
}

llvm::Expected<Placement> cleave::parsePlacement(llvm::StringRef Text, llvm::StringRef Name,
                                                 const TaskGraph &G, const Machine &M) {
  // A JSON placement is an object; a Scotch mapping starts with its line count.
  if (Text.ltrim().starts_with("{"))
    return parsePlacementJSON(Text, Name, G, M);
  return parseScotchMapping(Text, Name, G, M);
}

llvm::Expected<Placement> cleave::loadPlacement(llvm::StringRef Path, const TaskGraph &G,
                                                const Machine &M) {
  auto Buffer = llvm::MemoryBuffer::getFile(Path);
  if (!Buffer)
    return llvm::createFileError(Path, Buffer.getError());
  return parsePlacement((*Buffer)->getBuffer(), Path, G, M);
}
