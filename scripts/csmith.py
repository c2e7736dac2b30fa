#!/usr/bin/env python3
"""Differential testing of cleave with random programs from Csmith.

For each seed: Csmith (Debian's csmith and libcsmith-dev) writes a program
with options that vary with the seed (pointers, structs, unions, bit-fields,
arrays, volatile and const, deep call chains, functions that work on their
parameters in loops); gcc builds it and it runs (a program that does not end
in a few seconds, or that clang-19 refuses, is not usable). Then `cleave
analyze --json` (valid JSON), `cleave tasks` (valid JSON) and `cleave
parallelize` run on it; the output folder is built with the CMakeLists.txt
cleave wrote, and runs on threads with CLEAVE_NODES = 1, 2 and 4 and, where
mpirun is there, on the mpi transport with 2 ranks. Each run must print what
the gcc build prints (the checksum) and end with its status.

A crash, a hang, an output that does not build, or a difference is a failure;
each is listed with its seed and the command that shows it. Prints the counts
(generated, usable, parallelized, built, identical, with a call spawned) and
exits 1 if anything failed."""
import argparse
import concurrent.futures
import json
import os
import re
import shutil
import subprocess
import sys

CSMITH_INCLUDE = "/usr/include/csmith"
FLAGS = ["-I" + CSMITH_INCLUDE, "-w"]
# A program of Csmith's still running after this long is not usable (some
# loop for minutes); not a speed limit of cleave's.
RUN_SECONDS = 5
# A cleave command or a parallel run still going after this long is taken to hang.
HANG_SECONDS = 120
NODES = (1, 2, 4)
MPI_RANKS = 2
# The remark of a call that only its grain keeps sequential (docs/plan-format.md).
GRAIN = "too small to pay for a message"

# Csmith's options, one set a seed in turn, so that every construct appears.
PROFILES = [
    ("default", ["--max-funcs", "12"]),
    ("deep-calls", ["--max-funcs", "30", "--max-block-depth", "3", "--max-expr-complexity", "5"]),
    ("records", ["--max-funcs", "10", "--max-struct-fields", "8", "--max-union-fields", "5",
                 "--bitfields", "--packed-struct", "--no-pointers"]),
    ("qualifiers", ["--max-funcs", "10", "--volatiles", "--volatile-pointers", "--consts",
                    "--const-pointers", "--max-pointer-depth", "3"]),
    ("arrays", ["--max-funcs", "10", "--max-array-dim", "3", "--max-array-len-per-dim", "12",
                "--no-structs", "--no-unions"]),
    # Functions that work on their parameters alone, so that calls may be spawned.
    ("no-globals", ["--max-funcs", "20", "--no-global-variables", "--no-volatiles",
                    "--no-jumps"]),
    ("plain", ["--max-funcs", "16", "--no-pointers", "--no-structs", "--no-unions",
               "--no-volatiles", "--no-global-variables", "--no-arrays"]),
]


def run(cmd, timeout, **kw):
    """subprocess.run, with a time-out that returns None instead of raising."""
    try:
        return subprocess.run(cmd, capture_output=True, timeout=timeout, **kw)
    except subprocess.TimeoutExpired:
        return None


def tail(proc, lines=2):
    return " | ".join(proc.stderr.decode(errors="replace").strip().splitlines()[-lines:])


class Harness:
    def __init__(self, args):
        build = os.path.abspath(args.build)
        self.cleave = os.path.abspath(args.cleave or os.path.join(build, "bin", "cleave"))
        self.clang = args.clang
        self.cc = args.cc
        self.work = os.path.abspath(args.work or os.path.join(build, "csmith-runs"))
        self.keep = args.keep
        self.mpirun = None
        if not args.no_mpi and shutil.which("mpirun"):
            self.mpirun = ["mpirun", "-np", str(MPI_RANKS)]
            version = subprocess.run(["mpirun", "--version"], capture_output=True, text=True)
            if "Open MPI" in version.stdout + version.stderr:
                self.mpirun[1:1] = ["--allow-run-as-root", "--oversubscribe"]

    def one(self, seed):
        """Returns (stage reached, failure text or None, whether a call was spawned).
        The stages: 'generated', 'usable', 'parallelized', 'built', 'identical'."""
        name, options = PROFILES[seed % len(PROFILES)]
        folder = os.path.join(self.work, str(seed))
        shutil.rmtree(folder, ignore_errors=True)
        os.makedirs(folder)
        source = os.path.join(folder, "p%d.c" % seed)
        # Csmith writes platform.info where it runs.
        made = run(["csmith", "--seed", str(seed), "-o", source] + options, HANG_SECONDS,
                   cwd=folder)
        if not made or made.returncode != 0 or not os.path.exists(source):
            return None, None, False
        stage, failure, spawned = self.check(seed, name, folder, source)
        if not self.keep and not failure:
            shutil.rmtree(folder, ignore_errors=True)
        return stage, failure, spawned

    def check(self, seed, profile, folder, source):
        sequential = os.path.join(folder, "sequential")
        built = run([self.cc, "-O1"] + FLAGS + [source, "-o", sequential], HANG_SECONDS)
        if not built or built.returncode != 0:
            return "generated", None, False
        accepted = run([self.clang, "-fsyntax-only"] + FLAGS + [source], HANG_SECONDS)
        if not accepted or accepted.returncode != 0:
            return "generated", None, False
        expected = run([sequential], RUN_SECONDS, stdin=subprocess.DEVNULL)
        if expected is None:
            return "generated", None, False

        def failed(what):
            return "seed %d (%s): %s" % (seed, profile, what)

        for sub, extra in (("analyze", ["--json"]), ("tasks", [])):
            got = run([self.cleave, sub] + extra + [source, "--"] + FLAGS, HANG_SECONDS)
            if got is None:
                return "usable", failed("cleave %s: no answer after %d s (hang)"
                                        % (sub, HANG_SECONDS)), False
            if got.returncode != 0:
                return "usable", failed("cleave %s: status %d: %s"
                                        % (sub, got.returncode, tail(got))), False
            try:
                json.loads(got.stdout)
            except ValueError as e:
                return "usable", failed("cleave %s: invalid JSON: %s" % (sub, e)), False

        # Once as cleave plans it; then with every call that only its grain
        # kept sequential switched on in the plan, so that the runtime is
        # tested on these programs too.
        plan = os.path.join(folder, "plan.json")
        stage, failure, spawned = self.parallel(failed, source, expected, "out",
                                                ["--plan-out", plan])
        if failure or not os.path.exists(plan):
            return stage, failure, spawned
        with open(plan) as f:
            calls = json.load(f)
        forced = [c for c in calls["calls"] if not c["spawn"] and GRAIN in c.get("why", "")]
        for call in forced:
            call["spawn"] = True
        # The plan is refused where another fact keeps a call sequential too
        # (a loop of several calls): those are switched back.
        with open(plan, "w") as f:
            json.dump(calls, f)
        refused = run([self.cleave, "parallelize", source, "--dry-run", "--plan", plan, "--"]
                      + FLAGS + ["-ferror-limit=0"], HANG_SECONDS)
        if refused and refused.returncode == 1:
            places = set(re.findall(r"^(.*):(\d+):(\d+): error: the plan .* cannot spawn",
                                    refused.stderr.decode(errors="replace"), re.M))
            for call in forced:
                if (call["file"], str(call["line"]), str(call["column"])) in places:
                    call["spawn"] = False
            forced = [c for c in forced if c["spawn"]]
            with open(plan, "w") as f:
                json.dump(calls, f)
        if not forced:
            return stage, failure, spawned
        stage, failure, more = self.parallel(lambda w: failed("grain off: " + w), source,
                                             expected, "forced", ["--plan", plan])
        return stage, failure, spawned or more

    def parallel(self, failed, source, expected, name, plan):
        """cleave parallelize into FOLDER/NAME, the build and the runs."""
        out = os.path.join(os.path.dirname(source), name)
        made = run([self.cleave, "parallelize", source, "-o", out] + plan + ["--"] + FLAGS,
                   HANG_SECONDS)
        if made is None:
            return "usable", failed("cleave parallelize: no answer after %d s (hang)"
                                    % HANG_SECONDS), False
        if made.returncode != 0:
            return "usable", failed("cleave parallelize: status %d: %s"
                                    % (made.returncode, tail(made))), False
        spawned = b"runs asynchronously" in made.stderr
        build = os.path.join(out, "build")
        for cmd in (["cmake", "-S", out, "-B", build], ["cmake", "--build", build]):
            got = run(cmd, HANG_SECONDS)
            if got is None or got.returncode != 0:
                text = got.stdout.decode(errors="replace") + got.stderr.decode(
                    errors="replace") if got else "no answer (hang)"
                lines = [l for l in text.splitlines() if "error" in l][:2] or text.splitlines()[-2:]
                return "parallelized", failed("the output does not build: " +
                                              " | ".join(lines)), spawned
        program = os.path.join(build, os.path.splitext(os.path.basename(source))[0])
        runs = [("threads, %d node%s" % (n, "s" if n > 1 else ""), [program],
                 dict(os.environ, CLEAVE_NODES=str(n))) for n in NODES]
        if self.mpirun:
            runs.append(("mpi, %d ranks" % MPI_RANKS, self.mpirun + [program],
                         dict(os.environ, CLEAVE_TRANSPORT="mpi")))
        for what, cmd, env in runs:
            got = run(cmd, HANG_SECONDS, env=env, stdin=subprocess.DEVNULL)
            if got is None:
                return "built", failed("%s: no answer after %d s (hang)"
                                       % (what, HANG_SECONDS)), spawned
            if (got.returncode, got.stdout) != (expected.returncode, expected.stdout):
                return "built", failed("%s: status %d (gcc's build %d)%s: %s" % (
                    what, got.returncode, expected.returncode,
                    "" if got.stdout == expected.stdout else ", other output",
                    tail(got))), spawned
        return "identical", None, spawned


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--build", default="build")
    ap.add_argument("--cleave", help="the cleave command (default BUILD/bin/cleave)")
    ap.add_argument("--seeds", type=int, default=50, help="how many seeds")
    ap.add_argument("--first", type=int, default=1, help="the first seed")
    ap.add_argument("--jobs", type=int, default=os.cpu_count())
    ap.add_argument("--clang", default="/usr/lib/llvm-19/bin/clang")
    ap.add_argument("--cc", default="gcc", help="the compiler of the reference build")
    ap.add_argument("--work", help="where the programs go (default BUILD/csmith-runs)")
    ap.add_argument("--keep", action="store_true", help="keep the folders of passing seeds")
    ap.add_argument("--no-mpi", action="store_true", help="skip the run on the mpi transport")
    args = ap.parse_args()
    if not shutil.which("csmith") or not os.path.isdir(CSMITH_INCLUDE):
        sys.exit("csmith: install Debian's csmith and libcsmith-dev")
    harness = Harness(args)
    os.makedirs(harness.work, exist_ok=True)
    order = ["generated", "usable", "parallelized", "built", "identical"]
    counts = dict.fromkeys(order, 0)
    spawned, failures = 0, []
    seeds = range(args.first, args.first + args.seeds)
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        for stage, failure, spawn in pool.map(harness.one, seeds):
            if stage is None:
                continue
            for s in order[:order.index(stage) + 1]:
                counts[s] += 1
            if failure:
                failures.append(failure)
            elif stage == "identical":
                spawned += spawn
    for f in failures:
        print("FAIL " + f)
    print("csmith: seeds %d-%d; %d generated, %d usable, %d parallelized, %d built, "
          "%d identical on threads (%s nodes)%s, %d with a call spawned; %d failed"
          % (seeds.start, seeds.stop - 1, counts["generated"], counts["usable"],
             counts["parallelized"], counts["built"], counts["identical"],
             ", ".join(map(str, NODES)),
             " and mpi (%d ranks)" % MPI_RANKS if harness.mpirun else "", spawned,
             len(failures)))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
