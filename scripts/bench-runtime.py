#!/usr/bin/env python3
"""Speed benchmark of the cleave runtime on the threads transport.

BUILD/bin/runtime-bench (bench/RuntimeBench.c) measures, in one run, the median
round trip of an empty call from node 0 to node 1 (2 nodes, 100,000 calls) and
the speed of native marshaling of a 16 MiB double array (clv_buf_put_region and
clv_buf_get_region in copy mode; also with the copy back through
clv_buf_get_region_into). This script runs it --runs times and prints the
medians beside the targets of issue 6: round trip at most 2 us, native
marshaling at least 5 GB/s. Exit status 0 only if both are met.

Used by `make bench-runtime`."""
import argparse
import json
import os
import statistics
import subprocess
import sys

ROUND_TRIP_LIMIT_US = 2.0
MARSHAL_FLOOR_GBPS = 5.0


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--build", default="build")
    ap.add_argument("--runs", type=int, default=5)
    args = ap.parse_args()
    sys.stdout.reconfigure(line_buffering=True)
    bench = os.path.join(args.build, "bin", "runtime-bench")

    runs = [json.loads(subprocess.run([bench], check=True, capture_output=True,
                                      text=True).stdout) for _ in range(args.runs)]

    def median(key):
        return statistics.median(r[key] for r in runs)

    round_trip = median("round_trip_us")
    native = median("marshal_native_gbps")
    print("cleave runtime, threads transport, medians of %d runs:" % args.runs)
    print("  empty call round trip, 2 nodes   %8.3f us   (limit %.1f us; mean %.3f us)"
          % (round_trip, ROUND_TRIP_LIMIT_US, median("round_trip_mean_us")))
    print("  native marshaling, 16 MiB double %8.3f GB/s (floor %.1f GB/s)"
          % (native, MARSHAL_FLOOR_GBPS))
    print("    with the copy back (into)      %8.3f GB/s" % median("unmarshal_into_gbps"))
    print("  per run: round trip %s us"
          % ", ".join("%.3f" % r["round_trip_us"] for r in runs))
    print("reproduce: python3 scripts/bench-runtime.py --build %s --runs %d"
          % (args.build, args.runs))
    return 0 if round_trip <= ROUND_TRIP_LIMIT_US and native >= MARSHAL_FLOOR_GBPS else 1


if __name__ == "__main__":
    sys.exit(main())
