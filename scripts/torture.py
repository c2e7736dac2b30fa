#!/usr/bin/env python3
"""Runs `cleave analyze --json --graphs` on every file of the GCC C torture suite
(gcc.c-torture/execute and gcc.c-torture/compile, subfolders included) that
clang-19 itself accepts with -std=gnu89, and checks that each run ends with
status 0, in time, and with valid JSON. The suite comes from Debian's
gcc-12-source package and is extracted at test time, never committed.

Then the soundness harness of the regions the analysis infers: each execute test
with a recursive function that may run remotely goes through `cleave
parallelize`; where a call becomes asynchronous, the output is built with
AddressSanitizer and run with regions copied on 2, 4 and 8 nodes, and must end
as the sequential build does (status and output). A spawned call gets only
its regions, each in storage of its own, so an access outside them is
reported or changes what the test computes (the tests abort on a wrong
value).

Last, end to end: each execute test that clang-19 builds (-std=gnu89 -O1, -lm)
and that passes here goes through `cleave parallelize`, whether or not a call
becomes asynchronous; its output is built the same way with the runtime and must
end as the sequential build does: status 0, and the same stdout and stderr
where two runs of the sequential build print the same. With
--execute sample (make check), a fixed quarter of them; with --execute all (the
bench), every one.

Prints the counts, lists every failure, and exits 1 if there is any."""
import argparse
import concurrent.futures
import glob
import json
import os
import shutil
import subprocess
import sys
import tarfile

TARBALL = "/usr/src/gcc-12/gcc-12.2.0-dfsg.tar.xz"
SUITES = ("gcc/testsuite/gcc.c-torture/execute/", "gcc/testsuite/gcc.c-torture/compile/")
FLAGS = ["-std=gnu89", "-w"]
# Not a speed limit: a run still going after this long is taken to hang.
HANG_SECONDS = 120
NODES = (2, 4, 8)
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def extract(dest):
    """Extracts the suite's .c files into dest once; returns their paths."""
    stamp = os.path.join(dest, ".extracted")
    if not os.path.exists(stamp):
        if not os.path.exists(TARBALL):
            sys.exit("torture: %s is missing: install Debian's gcc-12-source" % TARBALL)
        os.makedirs(dest, exist_ok=True)
        with tarfile.open(TARBALL) as tar:
            members = [m for m in tar
                       if m.isfile() and m.name.endswith(".c")
                       and any(s in m.name for s in SUITES)]
            tar.extractall(dest, members=members)
        open(stamp, "w").close()
    return sorted(glob.glob(os.path.join(dest, "**", "*.c"), recursive=True))


def check(cleave, clang, path):
    """Returns (accepted by clang, failure text or None, whether it is an execute
    test with a recursive function that may run remotely)."""
    accepted = subprocess.run([clang, "-fsyntax-only"] + FLAGS + [path],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    if accepted.returncode != 0:
        return False, None, False
    try:
        run = subprocess.run([cleave, "analyze", "--json", "--graphs", path, "--"] + FLAGS,
                             capture_output=True, timeout=HANG_SECONDS)
    except subprocess.TimeoutExpired:
        return True, "no answer after %d s (hang)" % HANG_SECONDS, False
    if run.returncode != 0:
        tail = run.stderr.decode(errors="replace").strip().splitlines()[-3:]
        return True, "status %d: %s" % (run.returncode, " | ".join(tail)), False
    try:
        model = json.loads(run.stdout)
    except ValueError as e:
        return True, "invalid JSON: %s" % e, False
    if not isinstance(model, dict) or "functions" not in model:
        return True, "JSON without a 'functions' table", False
    candidate = "/execute/" in path and any(
        f.get("recursive") and f.get("remote_eligible") for f in model["functions"])
    return True, None, candidate


def run_both(cleave, path, cc, work, runtime_flags):
    """The harness for one test: returns (whether a call was spawned, failure
    text or None). Its files go to a folder of \p work named by its path in
    the suite (execute/ has subfolders with names in common)."""
    out = os.path.join(work, os.path.splitext(path.split("/execute/", 1)[1])[0])
    shutil.rmtree(out, ignore_errors=True)
    try:
        made = subprocess.run([cleave, "parallelize", path, "-o", out, "--"] + FLAGS,
                              capture_output=True, text=True, timeout=HANG_SECONDS)
    except subprocess.TimeoutExpired:
        return True, "cleave parallelize: no answer after %d s (hang)" % HANG_SECONDS
    if made.returncode != 0:
        tail = made.stderr.strip().splitlines()[-2:]
        return True, "cleave parallelize: status %d: %s" % (made.returncode, " | ".join(tail))
    if "runs asynchronously" not in made.stderr:
        return False, None
    sequential = os.path.join(out, "sequential")
    built = subprocess.run([cc] + FLAGS + [path, "-o", sequential, "-lm"], capture_output=True)
    if built.returncode != 0:
        return False, None  # the test needs what this compiler does not give
    try:
        expected = subprocess.run([sequential], capture_output=True, timeout=HANG_SECONDS)
    except subprocess.TimeoutExpired:
        return False, None
    parallel = os.path.join(out, "parallel")
    sanitized = ["-O1", "-g", "-fsanitize=address", "-I" + os.path.join(ROOT, "runtime")]
    program = os.path.join(out, "program.o")
    for command in ([cc] + FLAGS + sanitized + ["-c", os.path.join(out, os.path.basename(path)),
                                                "-o", program],
                    [cc, "-std=c11"] + sanitized + [os.path.join(out, "cleave_stubs.c"), program,
                                                    "-o", parallel] + runtime_flags):
        built = subprocess.run(command, capture_output=True, text=True)
        if built.returncode != 0:
            return True, "the parallel program does not build: %s" % " | ".join(
                built.stderr.strip().splitlines()[:2])
    for nodes in NODES:
        env = dict(os.environ, CLEAVE_NODES=str(nodes), CLEAVE_PASS="copy",
                   ASAN_OPTIONS="detect_leaks=0")
        try:
            got = subprocess.run([parallel], capture_output=True, env=env, timeout=HANG_SECONDS)
        except subprocess.TimeoutExpired:
            return True, "no answer on %d nodes after %d s (hang)" % (nodes, HANG_SECONDS)
        if (got.returncode, got.stdout) != (expected.returncode, expected.stdout):
            tail = got.stderr.decode(errors="replace").strip().splitlines()[-2:]
            return True, "on %d nodes, regions copied: status %d (sequential %d)%s: %s" % (
                nodes, got.returncode, expected.returncode,
                "" if got.stdout == expected.stdout else ", other output", " | ".join(tail))
    return True, None


def end_to_end(cleave, clang, path, work, runtime_flags):
    """One execute test end to end: returns (whether it passes here, whether
    a call was spawned, failure text or None)."""
    out = os.path.join(work, os.path.splitext(path.split("/execute/", 1)[1])[0])
    shutil.rmtree(out, ignore_errors=True)
    os.makedirs(out)
    build = [clang] + FLAGS + ["-O1"]
    sequential = os.path.join(out, "sequential")
    if subprocess.run(build + [path, "-o", sequential, "-lm"], capture_output=True).returncode:
        return False, False, None
    try:
        expected = subprocess.run([sequential], capture_output=True, timeout=HANG_SECONDS,
                                  stdin=subprocess.DEVNULL)
    except subprocess.TimeoutExpired:
        return False, False, None
    if expected.returncode != 0:
        return False, False, None
    # A test that prints addresses prints other text each run: its status
    # alone is compared.
    again = subprocess.run([sequential], capture_output=True, timeout=HANG_SECONDS,
                           stdin=subprocess.DEVNULL)
    same = (again.stdout, again.stderr) == (expected.stdout, expected.stderr)
    program = os.path.join(out, "program")
    try:
        made = subprocess.run([cleave, "parallelize", path, "-o", program, "--"] + FLAGS,
                              capture_output=True, text=True, timeout=HANG_SECONDS)
    except subprocess.TimeoutExpired:
        return True, False, "cleave parallelize: no answer after %d s (hang)" % HANG_SECONDS
    if made.returncode != 0:
        tail = made.stderr.strip().splitlines()[-2:]
        return True, False, "cleave parallelize: status %d: %s" % (made.returncode,
                                                                   " | ".join(tail))
    spawned = "runs asynchronously" in made.stderr
    parallel = os.path.join(out, "parallel")
    built = subprocess.run(build + ["-I" + os.path.join(ROOT, "runtime"),
                                    os.path.join(program, os.path.basename(path)),
                                    os.path.join(program, "cleave_stubs.c"), "-o", parallel]
                           + runtime_flags, capture_output=True, text=True)
    if built.returncode != 0:
        return True, spawned, "the parallel program does not build: %s" % " | ".join(
            built.stderr.strip().splitlines()[:2])
    try:
        got = subprocess.run([parallel], capture_output=True, timeout=HANG_SECONDS,
                             stdin=subprocess.DEVNULL)
    except subprocess.TimeoutExpired:
        return True, spawned, "no answer after %d s (hang)" % HANG_SECONDS
    if got.returncode != 0 or (same and (got.stdout, got.stderr) !=
                               (expected.stdout, expected.stderr)):
        tail = got.stderr.decode(errors="replace").strip().splitlines()[-2:]
        return True, spawned, "status %d%s: %s" % (
            got.returncode, "" if got.stdout == expected.stdout else ", other output",
            " | ".join(tail))
    return True, spawned, None


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--build", default="build")
    ap.add_argument("--jobs", type=int, default=os.cpu_count())
    ap.add_argument("--clang", default="/usr/lib/llvm-19/bin/clang")
    ap.add_argument("--cc", default=os.environ.get("CC", "cc"),
                    help="the C compiler of the harness's builds")
    ap.add_argument("--execute", choices=("sample", "all"), default="sample",
                    help="the execute tests run end to end: a fixed quarter, or all")
    args = ap.parse_args()
    build = os.path.abspath(args.build)
    cleave = os.path.join(build, "bin", "cleave")
    files = extract(os.path.join(build, "torture"))

    accepted, failures, candidates = 0, [], []
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        results = pool.map(lambda p: (p, check(cleave, args.clang, p)), files)
        for path, (ok, failure, candidate) in results:
            accepted += ok
            if failure:
                failures.append((os.path.relpath(path, build), failure))
            elif candidate:
                candidates.append(path)
    analyzed = accepted - len(failures)

    runtime = os.path.join(ROOT, "runtime")  # built with each program, sanitized
    tirpc = subprocess.run(["pkg-config", "--cflags", "--libs", "libtirpc"], check=True,
                           capture_output=True, text=True).stdout.split()
    runtime_sources = sorted(glob.glob(os.path.join(runtime, "*.c")))  # its parts
    runtime_flags = runtime_sources + tirpc + ["-lpthread", "-lm"]
    work = os.path.join(build, "torture-runs")
    os.makedirs(work, exist_ok=True)
    ran = 0
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        results = pool.map(lambda p: (p, run_both(cleave, p, args.cc, work, runtime_flags)), candidates)
        for path, (spawned, failure) in results:
            if failure:
                failures.append((os.path.relpath(path, build), failure))
            elif spawned:
                ran += 1

    # End to end, against the runtime library of the build (or its sources).
    library = os.path.join(build, "runtime", "libcleave_rt.a")
    linked = ([library] if os.path.exists(library) else runtime_sources) + tirpc + \
        ["-lpthread", "-ldl", "-lm"]
    executes = [p for p in files if "/execute/" in p]
    if args.execute == "sample":
        executes = executes[::4]
    passing, distributed, kept = 0, 0, 0
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        results = pool.map(lambda p: (p, end_to_end(cleave, args.clang, p, work, linked)),
                           executes)
        for path, (passes, spawned, failure) in results:
            passing += passes
            if failure:
                failures.append((os.path.relpath(path, build), failure))
            else:
                kept += passes
                distributed += passes and spawned
    for path, why in failures:
        print("FAIL %s: %s" % (path, why))
    print("torture: %d files, %d accepted by clang-19 -std=gnu89, %d analyzed to valid JSON; "
          "%d with calls made asynchronous ran as their sequential builds do, regions copied "
          "under AddressSanitizer on %s nodes; end to end, %d of %d execute tests (%s) that "
          "pass built with clang-19 -std=gnu89 -O1 pass parallelized, %d with a call made "
          "asynchronous; %d failed"
          % (len(files), accepted, analyzed, ran, ", ".join(map(str, NODES)), kept, passing,
             "every fourth" if args.execute == "sample" else "all", distributed,
             len(failures)))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
