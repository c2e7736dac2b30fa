# Builds cleave and runs its tests, demo and benchmarks. The README's commands
# call `scripts/install-deps.sh` first, which installs what is missing.
BUILD ?= build
JOBS ?= 2

.PHONY: build tool check demo bench bench-analyze bench-cost bench-mapping bench-runtime bench-csmith bench-fuzz clean

build:
	cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=Release
	cmake --build $(BUILD) -j$(JOBS)

# Every test, lit and GoogleTest together; ends with "N passed, N failed".
check: build
	python3 scripts/run-tests.py $(BUILD)

# The cleave command and the runtime alone: what the demo needs, without the
# tests, benchmarks and fuzzers that `build` compiles too.
tool:
	cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=Release
	cmake --build $(BUILD) -j$(JOBS) --target cleave cleave_rt

# Parallelizes examples/mergesort and runs it beside the sequential build.
demo: tool
	python3 scripts/compare-mergesort.py --build $(BUILD) --runs 1

# The benchmark of bench/README.md: medians of 5 runs, 20 million ints, 2 nodes.
bench: build
	python3 scripts/compare-mergesort.py --build $(BUILD) --runs 5 --nodes 2 --n 20000000

# `cleave analyze --json` vs clang-19 -fsyntax-only on a generated 100k-line program: medians of 5 runs.
bench-analyze: build
	python3 scripts/bench-analyze.py --build $(BUILD) --runs 5

# The cost model's speed: 10,000 tasks on a 1,024-node torus; routes of 4,096 nodes.
bench-cost: build
	python3 scripts/bench-cost.py --build $(BUILD) --runs 5

# Array decompositions for p = 20 and canned mappings of a million tasks.
bench-mapping: build
	python3 scripts/bench-mapping.py --build $(BUILD) --runs 5

# The runtime: empty call round trip and native marshaling (threads); round trip and
# 16 MiB bandwidth against raw MPI (mpi, when mpicc and mpirun are there).
bench-runtime: build
	python3 scripts/bench-runtime.py --build $(BUILD) --runs 5

# Random programs from Csmith through cleave, against gcc's build: 2,400 seeds, over 2,000 usable.
bench-csmith: build
	python3 scripts/csmith.py --build $(BUILD) --seeds 2400

# The front door under libFuzzer for 20 minutes, in a clang-19 build of its own (BUILD-fuzz).
bench-fuzz: build
	python3 scripts/bench-fuzz.py --build $(BUILD) --seconds 1200

clean:
	rm -rf $(BUILD)
