#!/usr/bin/env python3
"""Parallelizes examples/mergesort/msort.c with cleave, builds the result with its
generated CMakeLists.txt and the original with cc, runs both on the same input
(alternating, --runs times each), checks that they print the same result, and
prints both results with the median times and their ratio.

Used by `make demo` (one run) and `make bench` (the figures of bench/README.md)."""
import argparse
import os
import re
import shutil
import statistics
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SOURCE = os.path.join(ROOT, "examples", "mergesort", "msort.c")


def run(cmd, **kw):
    result = subprocess.run(cmd, **kw)
    if result.returncode != 0:
        sys.exit("compare-mergesort: failed (status %d): %s" % (result.returncode, " ".join(cmd)))
    return result


def timed(cmd, env):
    start = time.perf_counter()
    p = run(cmd, env=env, capture_output=True, text=True)
    total = time.perf_counter() - start
    m = re.search(r"sort time ([0-9.]+) s", p.stderr)
    if not m:
        sys.exit("compare-mergesort: no sort time in the output of %s" % cmd[0])
    return p.stdout.strip(), float(m.group(1)), total


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--build", default="build", help="cleave's build folder")
    ap.add_argument("--runs", type=int, default=1, help="runs of each program")
    ap.add_argument("--nodes", type=int, default=os.cpu_count(), help="CLEAVE_NODES")
    ap.add_argument("--n", type=int, default=20000000, help="ints to sort")
    ap.add_argument("--seed", type=int, default=42)
    ap.add_argument("--pass", dest="pass_mode", choices=["share", "copy"], default="share",
                    help="CLEAVE_PASS: share regions, or copy them as a distributed run must")
    args = ap.parse_args()
    sys.stdout.reconfigure(line_buffering=True)

    build = os.path.abspath(args.build)
    work = os.path.join(build, "compare-mergesort")
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    parallel = os.path.join(work, "parallel")
    print("$ cleave parallelize examples/mergesort/msort.c -o %s" % parallel, flush=True)
    run([os.path.join(build, "bin", "cleave"), "parallelize", SOURCE, "-o", parallel])
    sequential_bin = os.path.join(work, "msort-sequential")
    run([os.environ.get("CC", "cc"), "-O2", "-Wall", "-Wno-unknown-pragmas", SOURCE, "-o",
         sequential_bin])
    run(["cmake", "-S", parallel, "-B", os.path.join(parallel, "build")],
        stdout=subprocess.DEVNULL)
    run(["cmake", "--build", os.path.join(parallel, "build"), "-j2"], stdout=subprocess.DEVNULL)
    parallel_bin = os.path.join(parallel, "build", "msort")

    env = dict(os.environ, CLEAVE_NODES=str(args.nodes), CLEAVE_PASS=args.pass_mode)
    input_args = [str(args.n), str(args.seed)]
    runs = {"sequential": [], "parallel": []}
    for _ in range(args.runs):
        runs["sequential"].append(timed([sequential_bin] + input_args, env))
        runs["parallel"].append(timed([parallel_bin] + input_args, env))

    results = {r[0] for rs in runs.values() for r in rs}
    label = {"sequential": "sequential", "parallel": "parallel, %d nodes%s" % (
        args.nodes, ", copy" if args.pass_mode == "copy" else "")}
    print("\n%-20s %-52s %9s %9s" % ("program", "result", "sort s", "total s"))
    medians = {}
    for kind, rs in runs.items():
        sort = statistics.median(r[1] for r in rs)
        total = statistics.median(r[2] for r in rs)
        medians[kind] = (sort, total)
        print("%-26s %-52s %9.3f %9.3f" % (label[kind], rs[0][0], sort, total))
    if len(results) != 1:
        print("\nthe results differ: %s" % sorted(results))
        return 1
    print("\nresults agree; sequential / parallel (median of %d run%s): sort %.2fx, whole run %.2fx"
          % (args.runs, "" if args.runs == 1 else "s",
             medians["sequential"][0] / medians["parallel"][0],
             medians["sequential"][1] / medians["parallel"][1]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
