#!/usr/bin/env python3
"""The benchmark programs of issue 14, each three ways side by side: its
sequential build, the program `cleave parallelize` writes (built with the
CMakeLists.txt it writes), and a hand-written OpenMP-tasks version
(bench/omp/, gcc -fopenmp), the reference for what the machine can do.

Each program runs --runs times in each form, the forms alternating: the
sequential build; cleave's on 1 and on --nodes nodes (threads); cleave's on
--nodes MPI ranks (with --mpi); OpenMP on --nodes threads. Every run must
print what the sequential build prints. Prints a table of median wall times
and the speed-ups over the sequential build, and how many calls cleave made
asynchronous in the program.

The forms that use one processor (the sequential build, cleave on 1 node) run
on the one --pin names (taskset -c), so that they compare with each other on
the same processor: on the 2-processor machine of bench/README.md one of the
two ran fib(40) in 0.37 s and the other in 0.51-0.55 s, which made one-node
figures swing from 0.58x to 1.44x with nothing changed.

With --placements N, every form is built N times, its code moved by 0, 16,
... 16 (N - 1) bytes (an object of that many bytes of code linked first), and
a figure is the mean over the placements of each one's median. On the AMD
EPYC processors of bench/README.md a loop's time depends on where its code
lands within 64 bytes: the same sequential lu ran in 1.6 s or in 2.1 s with
its code 32 bytes apart. A figure from one placement of each build compares
two draws of that; the mean over four compares the programs.

Used for the figures of bench/README.md: python3 scripts/bench-parallel.py."""
import argparse
import os
import re
import shutil
import statistics
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# name, serial source (examples/), its arguments, OpenMP source (bench/omp/)
PROGRAMS = [
    ("fib", "fib/fib.c", ["40", "0"], "fib.c"),
    ("queens", "queens/queens.c", ["13"], "queens.c"),
    ("cilksort", "cilksort/cilksort.c", ["20000000"], "cilksort.c"),
    ("blockmul", "blockmul/blockmul.c", ["1024"], "blockmul.c"),
    ("heat", "heat/heat.c", ["2048", "2048", "600"], "heat.c"),
    ("strassen", "strassen/strassen.c", ["512"], "strassen.c"),
    ("cfft", "cfft/cfft.c", ["22"], "cfft.c"),
    ("lu", "lu/lu.c", ["2048"], "lu.c"),
    ("knapsack", "knapsack/knapsack.c", ["28", "3"], "knapsack.c"),
    ("hoaresort", "hoaresort/hoaresort.c", ["20000000", "3"], "hoaresort.c"),
    ("ptrsort", "ptrsort/ptrsort.c", ["20000000", "3"], "ptrsort.c"),
    ("arraysort", "arraysort/arraysort.c", ["10000000", "3"], "arraysort.c"),
    ("rowmul", "rowmul/rowmul.c", ["800"], "rowmul.c"),
    ("pairalign", "pairalign/pairalign.c", ["80"], "pairalign.c"),
    ("power", "power/power.c", ["3000", "300"], "power.c"),
    ("tiledmul", "tiledmul/tiledmul.c", ["1500"], "tiledmul.c"),
    ("medoid", "medoid/medoid.c", ["6000", "16"], "medoid.c"),
    ("mandel", "mandel/mandel.c", ["1280", "960", "2000"], "mandel.c"),
    ("queens89", "queens89/queens89.c", ["13"], "queens89.c"),
    ("sparselu", "sparselu/sparselu.c", ["50", "64"], "sparselu.c"),
    ("rowgrid", "rowgrid/rowgrid.c", ["1025", "1025", "300"], "rowgrid.c"),
    ("nrmatmul", "nrmatmul/nrmatmul.c", ["1200"], "nrmatmul.c"),
    ("life", "life/life.c", ["2000", "2000", "40"], "life.c"),
    ("textstats", "textstats/textstats.c", ["100000000"], "textstats.c"),
    ("blockrect", "blockrect/blockrect.c", ["96", "96", "96"], "blockrect.c"),
    ("pixels", "pixels/pixels.c", ["6000", "6000", "2"], "pixels.c"),
    ("blocklu", "blocklu/blocklu.c", ["2048"], "blocklu.c"),
    ("apsp", "apsp/apsp.c", ["2048"], "apsp.c"),
    ("pingpong", "pingpong/pingpong.c", ["20000000"], "pingpong.c"),
    ("bitonicsort", "bitonicsort/bitonicsort.c", ["23"], "bitonicsort.c"),
    ("karatsuba", "karatsuba/karatsuba.c", ["262144"], "karatsuba.c"),
    ("globalsort", "globalsort/globalsort.c", ["10000000"], "globalsort.c"),
]
CFLAGS = ["-O2", "-Wno-unknown-pragmas"]


def run(cmd, **kw):
    result = subprocess.run(cmd, **kw)
    if result.returncode != 0:
        sys.exit("bench-parallel: failed (status %d): %s\n%s" %
                 (result.returncode, " ".join(cmd), result.stderr or ""))
    return result


def timed(cmd, env):
    start = time.perf_counter()
    p = run(cmd, env=env, capture_output=True, text=True)
    return p.stdout, time.perf_counter() - start


def pad(cc, work, k):
    """An object of 16 k bytes of code, assembled by `cc`, which moves the
    code of the program linked after it by as many bytes."""
    path = os.path.join(work, "pad%d" % k)
    with open(path + ".s", "w") as f:
        f.write('.section .note.GNU-stack, "", @progbits\n'
                ".text\n.p2align 4\n.fill %d, 1, 0x90\n" % (16 * k))
    run([cc, "-c", path + ".s", "-o", path + ".o"])
    return path + ".o"


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--build", default="build", help="cleave's build folder")
    ap.add_argument("--runs", type=int, default=3, help="runs of each form")
    ap.add_argument("--nodes", type=int, default=2, help="nodes, ranks and OpenMP threads")
    ap.add_argument("--pin", default="0",
                    help="the processor of the one-processor forms ('' for none)")
    ap.add_argument("--mpi", action="store_true", help="also run cleave's program on MPI")
    ap.add_argument("--only", help="comma-separated names of the programs to run")
    ap.add_argument("--placements", type=int, default=0, metavar="N",
                    help="build and run each form at N placements of its code")
    ap.add_argument("--args", action="append", default=[], metavar="NAME=ARGS",
                    help="run program NAME with ARGS (space-separated) instead of its own")
    args = ap.parse_args()
    sys.stdout.reconfigure(line_buffering=True)
    build = os.path.abspath(args.build)
    cleave = os.path.join(build, "bin", "cleave")
    work = os.path.join(build, "bench-parallel")
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    cc = os.environ.get("CC", "cc")
    mpirun = shutil.which("mpirun")
    if args.mpi and not mpirun:
        sys.exit("bench-parallel: --mpi needs mpirun")

    given = {}
    for item in args.args:
        name, sep, inputs = item.partition("=")
        if not sep or name not in {p[0] for p in PROGRAMS}:
            sys.exit("bench-parallel: --args wants NAME=ARGS with NAME one of %s, not '%s'" %
                     (", ".join(p[0] for p in PROGRAMS), item))
        given[name] = inputs.split()

    rows = []
    for name, source, inputs, omp in PROGRAMS:
        if args.only and name not in args.only.split(","):
            continue
        inputs = given.get(name, inputs)
        src = os.path.join(ROOT, "examples", source)
        out = os.path.join(work, name)
        p = run([cleave, "parallelize", src, "-o", out], capture_output=True, text=True)
        spawned = len(re.findall(r"runs asynchronously", p.stderr))
        program = os.path.splitext(os.path.basename(source))[0]

        base = {k: v for k, v in os.environ.items() if not k.startswith(("CLEAVE_", "OMP_"))}
        one = ["taskset", "-c", args.pin] if args.pin and shutil.which("taskset") else []
        placements = []
        for k in range(args.placements) if args.placements else [None]:
            # Each form built with the code moved by 16 k bytes (`pad`).
            first = [pad(cc, work, k)] if k is not None else []
            suffix = "-pad%d" % k if k is not None else ""
            into = os.path.join(out, "build" + suffix)
            run(["cmake", "-S", out, "-B", into, "-DCMAKE_C_FLAGS_RELEASE=-O2",
                 "-DCMAKE_EXE_LINKER_FLAGS=" + " ".join(first)], stdout=subprocess.DEVNULL)
            run(["cmake", "--build", into, "-j2"], stdout=subprocess.DEVNULL)
            parallel = os.path.join(into, program)
            sequential = os.path.join(work, name + "-seq" + suffix)
            run([cc] + CFLAGS + first + [src, "-o", sequential, "-lm"])
            openmp = os.path.join(work, name + "-omp" + suffix)
            run(["gcc"] + CFLAGS + ["-fopenmp"] + first +
                [os.path.join(ROOT, "bench", "omp", omp), "-o", openmp, "-lm"])
            forms = [
                ("sequential", one + [sequential], base),
                ("cleave 1", one + [parallel], dict(base, CLEAVE_NODES="1")),
                ("cleave %d" % args.nodes, [parallel], dict(base, CLEAVE_NODES=str(args.nodes))),
            ]
            if args.mpi:
                forms.append(("cleave mpi %d" % args.nodes,
                              [mpirun, "--allow-run-as-root", "--oversubscribe", "-np",
                               str(args.nodes), parallel],
                              dict(base, CLEAVE_TRANSPORT="mpi")))
            forms.append(("openmp %d" % args.nodes, [openmp],
                          dict(base, OMP_NUM_THREADS=str(args.nodes))))
            placements.append(forms)
        times = {label: [[] for _ in placements] for label, _, _ in placements[0]}
        expected = None
        for _ in range(args.runs):
            for k, forms in enumerate(placements):
                for label, cmd, env in forms:
                    stdout, seconds = timed(cmd + inputs, env)
                    if expected is None:
                        expected = stdout
                    elif stdout != expected:
                        sys.exit("bench-parallel: %s (%s) printed something else than the "
                                 "sequential build" % (name, label))
                    times[label][k].append(seconds)
        # The median of each placement's runs; the mean over the placements.
        medians = {label: statistics.mean(statistics.median(ts) for ts in placed)
                   for label, placed in times.items()}
        if args.placements:
            for label, placed in times.items():
                print("%-9s %-16s %-13s code moved by 0, 16, ... bytes: %s" %
                      (name, " ".join(inputs), label,
                       " ".join("%.3f" % statistics.median(ts) for ts in placed)))
        rows.append((name, " ".join(inputs), spawned, medians))
        seq = medians["sequential"]
        print("%-9s %-16s async calls %2d  " % (name, " ".join(inputs), spawned) +
              "  ".join("%s %.3f s (%.2fx)" % (label, t, seq / t) for label, t in medians.items()))

    if not rows:
        return 0
    labels = list(rows[0][3])
    print("\n| program | args | calls made asynchronous | " +
          " | ".join(labels) + " | " +
          " | ".join("speed-up, " + l for l in labels[1:]) + " |")
    print("|" + "---|" * (3 + 2 * len(labels) - 1))
    for name, inputs, spawned, medians in rows:
        seq = medians["sequential"]
        print("| %s | %s | %d | " % (name, inputs, spawned) +
              " | ".join("%.3f" % medians[l] for l in labels) + " | " +
              " | ".join("%.2fx" % (seq / medians[l]) for l in labels[1:]) + " |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
