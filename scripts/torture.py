#!/usr/bin/env python3
"""Runs `cleave analyze --json --graphs` on every file of the GCC C torture suite
(gcc.c-torture/execute and gcc.c-torture/compile, subfolders included) that
clang-19 itself accepts with -std=gnu89, and checks that each run ends with
status 0, in time, and with valid JSON. The suite comes from Debian's
gcc-12-source package and is extracted at test time, never committed.

Prints the counts, lists every failure, and exits 1 if there is any."""
import argparse
import concurrent.futures
import glob
import json
import os
import subprocess
import sys
import tarfile

TARBALL = "/usr/src/gcc-12/gcc-12.2.0-dfsg.tar.xz"
SUITES = ("gcc/testsuite/gcc.c-torture/execute/", "gcc/testsuite/gcc.c-torture/compile/")
FLAGS = ["-std=gnu89", "-w"]
# Not a speed limit: a run still going after this long is taken to hang.
HANG_SECONDS = 120


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
    """Returns (accepted by clang, failure text or None)."""
    accepted = subprocess.run([clang, "-fsyntax-only"] + FLAGS + [path],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    if accepted.returncode != 0:
        return False, None
    try:
        run = subprocess.run([cleave, "analyze", "--json", "--graphs", path, "--"] + FLAGS,
                             capture_output=True, timeout=HANG_SECONDS)
    except subprocess.TimeoutExpired:
        return True, "no answer after %d s (hang)" % HANG_SECONDS
    if run.returncode != 0:
        tail = run.stderr.decode(errors="replace").strip().splitlines()[-3:]
        return True, "status %d: %s" % (run.returncode, " | ".join(tail))
    try:
        model = json.loads(run.stdout)
    except ValueError as e:
        return True, "invalid JSON: %s" % e
    if not isinstance(model, dict) or "functions" not in model:
        return True, "JSON without a 'functions' table"
    return True, None


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--build", default="build")
    ap.add_argument("--jobs", type=int, default=os.cpu_count())
    ap.add_argument("--clang", default="/usr/lib/llvm-19/bin/clang")
    args = ap.parse_args()
    build = os.path.abspath(args.build)
    cleave = os.path.join(build, "bin", "cleave")
    files = extract(os.path.join(build, "torture"))

    accepted, failures = 0, []
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        results = pool.map(lambda p: (p, check(cleave, args.clang, p)), files)
        for path, (ok, failure) in results:
            accepted += ok
            if failure:
                failures.append((os.path.relpath(path, build), failure))
    for path, why in failures:
        print("FAIL %s: %s" % (path, why))
    print("torture: %d files, %d accepted by clang-19 -std=gnu89, %d analyzed to valid JSON, "
          "%d failed" % (len(files), accepted, accepted - len(failures), len(failures)))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
