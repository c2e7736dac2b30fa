#!/bin/bash
# Installs the Debian 12 packages that building and testing cleave need, when
# any is missing (runs `apt-get update` only then). Needs root to install.
set -euo pipefail
packages=(
  build-essential cmake python3
  clang-19 libclang-19-dev llvm-19-dev llvm-19-tools
  libboost-graph-dev libgtest-dev graphviz
  libisl-dev libgmp-dev  # the analysis's region proofs (integer sets; isl.pc links gmp)
  libmimalloc-dev  # the cleave command's memory allocator
  libtirpc-dev pkg-config  # the runtime's XDR encoding (libtirpc, found by pkg-config)
  libscotch-dev scotch  # optional for a build; the scotch strategy, its tests, the bench
  libopenmpi-dev openmpi-bin  # optional for a build; the runtime's mpi transport and its tests
  libmpich-dev mpich libsimgrid-dev  # optional: the mpi transport under MPICH and SimGrid's SMPI (tests)
  libclang-rt-19-dev  # libFuzzer, for the fuzz target of the runtime's message decoder
  gcc-12-source xz-utils  # the GCC torture suite, extracted by the tests
  bear  # records a Make build's commands in compile_commands.json (tests, README)
  csmith libcsmith-dev  # random C programs for the differential tests (scripts/csmith.py)
  cvise  # shrinks a failing program to a test case
)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  if [[ $(id -u) != 0 ]]; then
    echo "install-deps: these packages are missing; install them as root: ${missing[*]}" >&2
    exit 1
  fi
  apt-get update
  DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "${missing[@]}"
fi
