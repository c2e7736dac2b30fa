#!/usr/bin/env python3
"""Speed benchmark of the cost model (the figures of bench/README.md).

1. Pricing a random acyclic task graph of --tasks tasks and --edges edges
   placed at random on examples/machines/torus32x32.yaml (1,024 processors):
   BUILD/bin/cost-bench price (the library call alone), and `cleave cost`
   end to end on the same kind of graph written as JSON (reading the three
   files, pricing, printing the JSON report to /dev/null). Limit: 1 s.
2. BUILD/bin/cost-bench routes: machines of 4,096 processors, read once (their
   route tables are built then) and every ordered pair's route walked twice.

Medians of --runs runs. Used by `make bench-cost`."""
import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MACHINE = os.path.join(ROOT, "examples", "machines", "torus32x32.yaml")


def write_inputs(folder, tasks, edges, seed, processors):
    rng = random.Random(seed)
    graph = {"tasks": [{"name": "t%d" % i, "work_s": rng.uniform(1e-4, 1e-2)}
                       for i in range(tasks)], "edges": []}
    for _ in range(edges):
        a, b = rng.sample(range(tasks), 2)
        graph["edges"].append({"from": "t%d" % min(a, b), "to": "t%d" % max(a, b),
                               "messages": rng.randint(1, 16),
                               "bytes": int(rng.lognormvariate(8, 2)),
                               "phase": rng.randint(1, 8)})
    placement = {"placement": {"t%d" % i: rng.randrange(processors) for i in range(tasks)}}
    paths = [os.path.join(folder, n) for n in ("tasks.json", "placement.json")]
    for path, value in zip(paths, (graph, placement)):
        with open(path, "w") as f:
            json.dump(value, f)
    return paths


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--build", default="build")
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--tasks", type=int, default=10000)
    ap.add_argument("--edges", type=int, default=50000)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    sys.stdout.reconfigure(line_buffering=True)
    bench = os.path.join(args.build, "bin", "cost-bench")
    cleave = os.path.join(args.build, "bin", "cleave")

    library, cli = [], []
    with tempfile.TemporaryDirectory(prefix="bench-cost-") as work:
        tasks, placement = write_inputs(work, args.tasks, args.edges, args.seed, 1024)
        cmd = [cleave, "cost", "--machine", MACHINE, "--tasks", tasks, "--placement",
               placement, "--json"]
        for i in range(args.runs):
            out = subprocess.run([bench, "price", str(args.tasks), str(args.edges), MACHINE,
                                  str(args.seed)], check=True, capture_output=True, text=True)
            library.append(json.loads(out.stdout)["price_s"])
            start = time.perf_counter()
            subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL)
            cli.append(time.perf_counter() - start)
            print("  run %d: library %.3f s, cleave cost %.3f s" % (i + 1, library[-1], cli[-1]))
    print("%d tasks, %d edges on a 32x32 torus (1,024 processors), medians of %d runs:"
          % (args.tasks, args.edges, args.runs))
    print("  priceCommunication          %.3f s" % statistics.median(library))
    print("  cleave cost --json (whole)  %.3f s   (limit 1 s)" % statistics.median(cli))

    runs = []
    for i in range(max(1, args.runs // 2)):
        out = subprocess.run([bench, "routes"], check=True, capture_output=True, text=True)
        runs.append(json.loads(out.stdout))
    print("\nroutes of every ordered pair of 4,096 processors (16,777,216 pairs), medians of %d:"
          % len(runs))
    print("  %-26s %10s %14s %14s %8s" % ("machine", "read (s)", "walk all (s)", "again (s)",
                                        "hops"))
    for name in runs[0]:
        med = lambda key: statistics.median(r[name][key] for r in runs)
        print("  %-26s %10.3f %14.3f %14.3f %8.2f" % (name, med("load_s"), med("walk_all_pairs_s"),
                                                    med("walk_again_s"), med("average_hops")))
    print("reproduce: python3 scripts/bench-cost.py --build %s --runs %d" % (args.build, args.runs))
    return 0 if statistics.median(cli) <= 1.0 else 1


if __name__ == "__main__":
    sys.exit(main())
