#!/usr/bin/env python3
"""Runs every test of a build: lit tests and GoogleTest tests (both through lit),
then `cleave analyze` over the GCC torture suite (scripts/torture.py, one test a
file, one more for each execute test whose parallel build it runs under the
harness, and one more for each it runs end to end), then random programs from
Csmith (scripts/csmith.py, one test each usable program). Ends
with the line 'N passed, N failed' over all of them; exit status 0 only if none
failed."""
import json
import re
import os
import subprocess
import sys
import tempfile

LIT = "/usr/lib/llvm-19/build/utils/lit/lit.py"
# Seeds 1-60 give about 50 usable programs in under two minutes on 2 cores.
CSMITH_SEEDS = 60


def main():
    build = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else "build")
    suites = [os.path.join(build, "test"), os.path.join(build, "test", "unit")]
    with tempfile.TemporaryDirectory() as tmp:
        results = os.path.join(tmp, "results.json")
        run = subprocess.run([sys.executable, LIT, "-sv", "-o", results] + suites)
        if not os.path.exists(results):
            print("lit did not run (status %d)" % run.returncode)
            print("0 passed, 1 failed")
            return 1
        with open(results) as f:
            tests = json.load(f)["tests"]
    passed = sum(t["code"] in ("PASS", "XFAIL") for t in tests)
    skipped = sum(t["code"] == "UNSUPPORTED" for t in tests)
    failed = len(tests) - passed - skipped
    if run.returncode != 0 and failed == 0:
        failed = 1  # lit failed with no failing test: a suite that did not load

    torture = subprocess.run(
        [sys.executable, os.path.join(os.path.dirname(os.path.abspath(__file__)), "torture.py"),
         "--build", build], capture_output=True, text=True)
    sys.stdout.write(torture.stdout)
    sys.stderr.write(torture.stderr)
    counts = re.search(r"(\d+) analyzed to valid JSON; (\d+) with calls made asynchronous "
                       r"ran .*; end to end, (\d+) of \d+ .*; (\d+) failed", torture.stdout)
    if counts:
        passed += int(counts.group(1)) + int(counts.group(2)) + int(counts.group(3))
        failed += int(counts.group(4))
    else:
        failed += 1  # the torture run itself did not get as far as its counts
    # Random programs from Csmith through cleave, their outputs built and run
    # against gcc's build (scripts/csmith.py): a fixed sample of seeds.
    csmith = subprocess.run(
        [sys.executable, os.path.join(os.path.dirname(os.path.abspath(__file__)), "csmith.py"),
         "--build", build, "--seeds", str(CSMITH_SEEDS)], capture_output=True, text=True)
    sys.stdout.write(csmith.stdout)
    sys.stderr.write(csmith.stderr)
    counts = re.search(r"(\d+) usable, .*; (\d+) failed$", csmith.stdout, re.M)
    if counts:
        passed += int(counts.group(1)) - int(counts.group(2))
        failed += int(counts.group(2))
    else:
        failed += 1  # the harness did not get as far as its counts
    line = "%d passed, %d failed" % (passed, failed)
    if skipped:
        line += ", %d skipped" % skipped
    print(line)
    return 0 if failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
