#!/usr/bin/env python3
"""Fuzzes cleave's front door for a fixed time: C sources, mutated by libFuzzer,
go in-process through the analysis (`cleave analyze --json --graphs`) and,
where Clang accepts them, the planner and the emitter (`cleave parallelize`,
all but the writing): bench/fuzz/FrontFuzz.cpp.

The target needs the analysis and transform libraries instrumented for
libFuzzer's coverage, with AddressSanitizer and UndefinedBehaviorSanitizer, so
it has a build of its own (default BUILD-fuzz beside the build), configured
with clang-19 and CLEAVE_FUZZ_FRONT=ON; only the target and what it links are
built there. The corpus starts from every C file of examples/ and the C files
of the GCC torture suite (scripts/torture.py extracts them into BUILD/torture),
every --torture-every'th of them in their sorted order; what libFuzzer adds
goes to FUZZ_BUILD/front-corpus, made anew each run, so that a run with the
same seed starts from the same place.

Prints the inputs run, the coverage reached, the corpus, and each failure
(a crash, a sanitizer's report, a time-out or running out of memory) with the
input libFuzzer saved for it, which `front-fuzz FILE` replays. Exit status 0
only if there was none.

Used by `make bench-fuzz`."""
import argparse
import glob
import os
import re
import shutil
import subprocess
import sys
import time

import torture

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# Not a speed limit: one input still in the analysis after this long is taken
# to hang (libFuzzer's -timeout); the largest torture files take seconds.
HANG_SECONDS = 60


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--build", default="build", help="the main build (for the torture suite)")
    ap.add_argument("--fuzz-build", help="the fuzzer's build (default BUILD-fuzz)")
    ap.add_argument("--seconds", type=int, default=1200, help="how long libFuzzer runs")
    ap.add_argument("--seed", type=int, default=1, help="libFuzzer's -seed")
    ap.add_argument("--torture-every", type=int, default=4,
                    help="seed the corpus with every Nth torture file (1: all)")
    ap.add_argument("--jobs", type=int, default=os.cpu_count())
    args = ap.parse_args()
    sys.stdout.reconfigure(line_buffering=True)
    build = os.path.abspath(args.build)
    fuzz_build = os.path.abspath(args.fuzz_build or build.rstrip("/") + "-fuzz")

    env = dict(os.environ, CC="clang-19", CXX="clang++-19")
    subprocess.run(["cmake", "-S", ROOT, "-B", fuzz_build, "-DCMAKE_BUILD_TYPE=RelWithDebInfo",
                    "-DCLEAVE_FUZZ_FRONT=ON"], check=True, env=env, stdout=subprocess.DEVNULL)
    built = subprocess.run(["cmake", "--build", fuzz_build, "--target", "front-fuzz",
                            "-j%d" % args.jobs], capture_output=True, text=True)
    if built.returncode != 0:
        sys.stdout.write(built.stdout[-4000:] + built.stderr[-4000:])
        sys.exit("front-fuzz: the build in %s failed" % fuzz_build)

    seeds = os.path.join(fuzz_build, "front-seeds")
    shutil.rmtree(seeds, ignore_errors=True)
    os.makedirs(seeds)
    examples = sorted(glob.glob(os.path.join(ROOT, "examples", "**", "*.c"), recursive=True))
    tortures = torture.extract(os.path.join(build, "torture"))[::args.torture_every]
    for i, path in enumerate(examples + tortures):
        shutil.copyfile(path, os.path.join(seeds, "%05d-%s" % (i, os.path.basename(path))))
    corpus = os.path.join(fuzz_build, "front-corpus")
    artifacts = os.path.join(fuzz_build, "front-failures")
    for d in (corpus, artifacts):
        shutil.rmtree(d, ignore_errors=True)
        os.makedirs(d)

    fuzzer = os.path.join(fuzz_build, "bin", "front-fuzz")
    cmd = [fuzzer, "-seed=%d" % args.seed, "-max_total_time=%d" % args.seconds,
           "-timeout=%d" % HANG_SECONDS, "-rss_limit_mb=8192", "-max_len=65536",
           # Clang keeps caches from one input to the next: libFuzzer's leak
           # check takes them for leaks and runs each input a second time to
           # look, which halves the rate and finds nothing of cleave's.
           "-detect_leaks=0", "-close_fd_mask=2", "-print_final_stats=1",
           "-artifact_prefix=" + artifacts + "/",
           corpus, seeds]
    print("front-fuzz: %d seeds (%d examples, 1 torture file in %d), %d s, seed %d"
          % (len(examples) + len(tortures), len(examples), args.torture_every, args.seconds,
             args.seed))
    print("  " + " ".join(cmd))
    start = time.monotonic()
    run = subprocess.run(cmd, capture_output=True, text=True, errors="replace")
    seconds = time.monotonic() - start
    log = os.path.join(fuzz_build, "front-fuzz.log")
    with open(log, "w") as f:
        f.write(run.stderr)

    def stat(name):
        found = re.findall(r"^stat::%s:\s*(\d+)" % name, run.stderr, re.M)
        return int(found[-1]) if found else 0

    progress = re.findall(r"^#(\d+)\s+\w+\s+cov: (\d+) ft: (\d+) corp: (\d+)", run.stderr, re.M)
    executed = stat("number_of_executed_units") or (int(progress[-1][0]) if progress else 0)
    cov, features, corp = progress[-1][1:] if progress else ("0", "0", "0")
    # libFuzzer names what it saves by what happened; a slow unit (over 10 s)
    # is kept to look at, not a failure.
    saved = sorted(os.listdir(artifacts))
    failures = [n for n in saved if n.startswith(("crash-", "timeout-", "oom-", "leak-"))]
    slow = [n for n in saved if n.startswith("slow-unit-")]
    print("front-fuzz: %d inputs in %.0f s (%.1f a second), coverage %s edges, %s features, "
          "corpus %s; %d slow units (over 10 s); %d failed (log: %s)"
          % (executed, seconds, executed / max(seconds, 1), cov, features, corp,
             len(slow), len(failures), log))
    for name in failures:
        print("FAIL " + os.path.join(artifacts, name))
    if run.returncode != 0 and not failures:
        print("FAIL front-fuzz ended with status %d: %s" % (
            run.returncode, " | ".join(run.stderr.strip().splitlines()[-3:])))
        return 1
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
