#!/usr/bin/env python3
"""Speed benchmark of the cleave runtime on the threads transport.

BUILD/bin/runtime-bench (bench/RuntimeBench.c) measures, in one run, the median
round trip of an empty call from node 0 to node 1 (2 nodes, 100,000 calls) and
the speed of native marshaling of a 16 MiB double array (clv_buf_put_region and
clv_buf_get_region in copy mode; also with the copy back through
clv_buf_get_region_into), and of XDR marshaling of the same array
(clv_buf_put_region_values and clv_buf_get_region_values, decoded in place).
This script runs it --runs times and prints the medians beside the targets:
round trip at most 2 us, native marshaling at least 5 GB/s, XDR marshaling at
least 1 GB/s.

Then, where mpicc and mpirun are found and the build's runtime has the mpi
transport, bench/MpiBench.c is built with mpicc against BUILD's
libcleave_rt.a (and libtirpc, which the runtime links) and run under
`mpirun -np 2`, alternating raw MPI and the runtime --runs times each: the
round trip of a 1-byte ping-pong against an empty call (target at most 5 us),
and the bandwidth of a 16 MiB message against a call with a 16 MiB region
argument (target at least 2 GB/s), with the ratios to raw MPI, the floor of
this machine.

Exit status 0 only if every target is met.

Used by `make bench-runtime`."""
import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile

ROUND_TRIP_LIMIT_US = 2.0
MARSHAL_FLOOR_GBPS = 5.0
XDR_MARSHAL_FLOOR_GBPS = 1.0
MPI_ROUND_TRIP_LIMIT_US = 5.0
MPI_BANDWIDTH_FLOOR_GBPS = 2.0


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
    xdr = median("marshal_xdr_gbps")
    print("  XDR marshaling, 16 MiB double    %8.3f GB/s (floor %.1f GB/s)"
          % (xdr, XDR_MARSHAL_FLOOR_GBPS))
    print("  run-time test of a spawn, 2 x 2  %8.2f ns   (four extents and the test)"
          % median("extent_test_ns"))
    print("  per run: round trip %s us"
          % ", ".join("%.3f" % r["round_trip_us"] for r in runs))
    ok = (round_trip <= ROUND_TRIP_LIMIT_US and native >= MARSHAL_FLOOR_GBPS
          and xdr >= XDR_MARSHAL_FLOOR_GBPS)
    ok = mpi(args) and ok
    print("reproduce: python3 scripts/bench-runtime.py --build %s --runs %d"
          % (args.build, args.runs))
    return 0 if ok else 1


def mpi(args):
    mpicc, mpirun = shutil.which("mpicc"), shutil.which("mpirun")
    if not (mpicc and mpirun):
        print("mpi transport: mpicc or mpirun not found, not measured")
        return True
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    with tempfile.TemporaryDirectory() as tmp:
        bench = os.path.join(tmp, "mpi-bench")
        tirpc = subprocess.run(["pkg-config", "--libs", "libtirpc"], check=True,
                               capture_output=True, text=True).stdout.split()
        subprocess.run([mpicc, "-O2", "-std=c11", "-I" + os.path.join(root, "runtime"),
                        os.path.join(root, "bench", "MpiBench.c"),
                        os.path.join(args.build, "runtime", "libcleave_rt.a")]
                       + tirpc + ["-lpthread", "-o", bench], check=True)
        launch = [mpirun, "--allow-run-as-root", "--oversubscribe", "-np", "2", bench]
        runs = {"raw": [], "cleave": []}
        for _ in range(args.runs):
            for mode in ("raw", "cleave"):
                run = subprocess.run(launch + [mode], capture_output=True, text=True)
                if run.returncode != 0:
                    print("mpi transport: mpi-bench %s failed:\n%s" % (mode, run.stderr))
                    return False
                runs[mode].append(json.loads(run.stdout))

    def median(mode, key):
        return statistics.median(r[key] for r in runs[mode])

    trip, raw_trip = median("cleave", "round_trip_us"), median("raw", "round_trip_us")
    band, raw_band = median("cleave", "region_gbps"), median("raw", "region_gbps")
    print("mpi transport, 2 ranks on this machine, medians of %d runs (alternating):"
          % args.runs)
    print("  round trip: empty call %8.3f us, raw MPI 1-byte ping-pong %8.3f us: "
          "ratio %.2f (limit %.1f us)" % (trip, raw_trip, trip / raw_trip, MPI_ROUND_TRIP_LIMIT_US))
    print("  16 MiB:     call with a region %7.3f GB/s, raw MPI message %7.3f GB/s: "
          "ratio %.2f (floor %.1f GB/s)" % (band, raw_band, band / raw_band, MPI_BANDWIDTH_FLOOR_GBPS))
    return trip <= MPI_ROUND_TRIP_LIMIT_US and band >= MPI_BANDWIDTH_FLOOR_GBPS


if __name__ == "__main__":
    sys.exit(main())
