#!/usr/bin/env python3
"""Speed benchmark of the mapping library (the figures of bench/README.md).

1. Array decompositions: BUILD/bin/decompose-bench times every algorithm on a
   1000 x 1000 array over 20 processors (seeded random speeds) at latencies 0,
   100 and 1000. Limits: XY2 under 10 ms, TILE under 1 s.
2. Canned mappings of B(20), a million tasks: `cleave map --binomial 20 --alpha 0.5`
   onto examples/machines/mesh1024x1024.yaml (reflecting) and debruijn20.yaml
   (mapping D), whole process, machine reading included. Limit: 2 s.

Medians of --runs runs. Used by `make bench-mapping`."""
import argparse
import json
import os
import statistics
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--build", default="build")
    ap.add_argument("--runs", type=int, default=5)
    args = ap.parse_args()
    sys.stdout.reconfigure(line_buffering=True)
    bench = os.path.join(args.build, "bin", "decompose-bench")
    cleave = os.path.join(args.build, "bin", "cleave")

    runs = [json.loads(subprocess.run([bench], check=True, capture_output=True,
                                      text=True).stdout) for _ in range(args.runs)]
    print("decompositions of 1000 x 1000 over 20 processors, medians of %d runs (ms):"
          % args.runs)
    print("  %-6s %12s %12s %12s" % ("", "latency 0", "latency 100", "latency 1000"))
    ok = True
    for kind in ("xy", "xy2", "tile", "rb", "rb2", "rb3"):
        cells = [statistics.median(r["%s@%d" % (kind, lat)] for r in runs)
                 for lat in (0, 100, 1000)]
        print("  %-6s %12.3f %12.3f %12.3f" % ((kind,) + tuple(1000 * c for c in cells)))
        limit = {"xy2": 0.010, "tile": 1.0}.get(kind)
        ok = ok and (limit is None or max(cells) <= limit)

    print("\ncanned mappings of B(20), 1,048,576 tasks, whole process, medians of %d:"
          % args.runs)
    for machine in ("mesh1024x1024", "debruijn20"):
        path = os.path.join(ROOT, "examples", "machines", machine + ".yaml")
        cmd = [cleave, "map", "--binomial", "20", "--alpha", "0.5", "--machine", path]
        times = []
        for _ in range(args.runs):
            start = time.perf_counter()
            subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL)
            times.append(time.perf_counter() - start)
        machine_times = []
        for _ in range(args.runs):
            start = time.perf_counter()
            subprocess.run([cleave, "machine", "--check", path], check=True,
                           stdout=subprocess.DEVNULL)
            machine_times.append(time.perf_counter() - start)
        t, m = statistics.median(times), statistics.median(machine_times)
        print("  %-14s cleave map %.3f s (limit 2 s); of which reading the machine %.3f s"
              % (machine, t, m))
        ok = ok and t <= 2.0
    print("reproduce: python3 scripts/bench-mapping.py --build %s --runs %d"
          % (args.build, args.runs))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
