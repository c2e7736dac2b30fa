#!/usr/bin/env python3
"""Speed benchmark of the mapping library (the figures of bench/README.md).

1. Array decompositions: BUILD/bin/decompose-bench times every algorithm on a
   1000 x 1000 array over 20 processors (seeded random speeds) at latencies 0,
   100 and 1000. Limits: XY2 under 10 ms, TILE under 1 s.
2. Canned mappings of B(20), a million tasks: `cleave map --binomial 20 --alpha 0.5`
   onto examples/machines/mesh1024x1024.yaml (auto: reflecting; and growing) and
   debruijn20.yaml (mapping D), whole process, machine reading included. Limit: 2 s.
3. Static allocation: `cleave map --tasks` of three random 1,000-task graphs
   (scripts/gen-task-graph.py, seeds 1-3) onto a 16x16 torus
   (examples/machines/torus16x16.yaml) by every strategy and baseline: the time
   each strategy takes (limit for refine: 10 s) and the makespan of its
   placement, Scotch's beside ours; then the gap of each heuristic to the
   exact optimum on twenty 12-task graphs on six processors.

Medians of --runs runs. Used by `make bench-mapping`."""
import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
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
    for machine, mapping in (("mesh1024x1024", "auto"), ("mesh1024x1024", "growing"),
                             ("debruijn20", "auto")):
        path = os.path.join(ROOT, "examples", "machines", machine + ".yaml")
        cmd = [cleave, "map", "--binomial", "20", "--alpha", "0.5", "--machine", path,
               "--mapping", mapping]
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
        print("  %-14s %-10s cleave map %.3f s (limit 2 s); of which reading the machine %.3f s"
              % (machine, mapping, t, m))
        ok = ok and t <= 2.0
    ok = allocation(cleave, args.runs) and ok
    print("reproduce: python3 scripts/bench-mapping.py --build %s --runs %d"
          % (args.build, args.runs))
    return 0 if ok else 1


def place(cleave, machine, graph, strategy, seed=1):
    """One run of cleave map --json: the chosen result, and the wall time."""
    start = time.perf_counter()
    out = subprocess.run([cleave, "map", "--machine", machine, "--tasks", graph,
                          "--strategy", strategy, "--seed", str(seed), "--json"],
                         check=True, capture_output=True, text=True).stdout
    wall = time.perf_counter() - start
    report = json.loads(out)
    return report["results"][0], wall


def chain_bound(graph):
    """The longest chain of work through the graph's edges from a lower to a
    higher task number (the others close call-reply cycles, which the
    schedule does not follow): no placement on processors of speed 1 ends
    sooner."""
    with open(graph) as f:
        g = json.load(f)
    index = {t["name"]: i for i, t in enumerate(g["tasks"])}
    after = [[] for _ in g["tasks"]]
    for e in g["edges"]:
        a, b = index[e["from"]], index[e["to"]]
        if a < b:
            after[a].append(b)
    longest = [0.0] * len(g["tasks"])
    for i in reversed(range(len(g["tasks"]))):
        longest[i] = g["tasks"][i]["work_s"] + max((longest[j] for j in after[i]), default=0)
    return max(longest)


def allocation(cleave, runs):
    ok = True
    gen = os.path.join(ROOT, "scripts", "gen-task-graph.py")
    torus = os.path.join(ROOT, "examples", "machines", "torus16x16.yaml")
    strategies = ["greedy", "refine", "anneal", "scotch", "all-on-one", "round-robin",
                  "random", "packed"]
    with tempfile.TemporaryDirectory() as tmp:
        print("\nstatic allocation of 1,000 tasks onto a 16x16 torus (256 processors); "
              "strategy seconds (median of %d runs) and estimated makespan:" % runs)
        print("  %-12s %s" % ("", "".join("%22s" % ("graph seed %d" % g) for g in (1, 2, 3))))
        table = {}
        for g in (1, 2, 3):
            graph = os.path.join(tmp, "g%d.json" % g)
            with open(graph, "w") as f:
                subprocess.run([sys.executable, gen, "1000", "--seed", str(g)], check=True,
                               stdout=f)
            for s in strategies:
                results = [place(cleave, torus, graph, s) for _ in range(runs)]
                table[s, g] = (statistics.median(r[0]["seconds"] for r in results),
                               results[0][0]["makespan_s"],
                               statistics.median(r[1] for r in results))
        for s in strategies:
            print("  %-12s %s" % (s, "".join("%9.3f s %9.5f s" % table[s, g][:2]
                                              for g in (1, 2, 3))))
        for g in (1, 2, 3):
            bound = chain_bound(os.path.join(tmp, "g%d.json" % g))
            print("  graph %d: refine's makespan / scotch's = %.3f; / greedy's = %.3f; "
                  "/ the longest chain of work (a lower bound, %.5f s) = %.3f; "
                  "refine whole process %.2f s (limit 10 s)"
                  % (g, table["refine", g][1] / table["scotch", g][1],
                     table["refine", g][1] / table["greedy", g][1], bound,
                     table["refine", g][1] / bound, table["refine", g][2]))
            ok = ok and table["refine", g][2] <= 10.0

        heuristics = ["greedy", "refine", "anneal", "scotch", "round-robin"]
        for machine in ("fully-connected6", "explicit-lab"):
            path = os.path.join(ROOT, "examples", "machines", machine + ".yaml")
            gaps = {h: [] for h in heuristics}
            exact_times = []
            for g in range(1, 21):
                graph = os.path.join(tmp, "s%d.json" % g)
                with open(graph, "w") as f:
                    subprocess.run([sys.executable, gen, "12", "--seed", str(g), "--layers",
                                    "3"], check=True, stdout=f)
                best, _ = place(cleave, path, graph, "exact")
                exact_times.append(best["seconds"])
                for h in heuristics:
                    r, _ = place(cleave, path, graph, h)
                    gaps[h].append(r["makespan_s"] / best["makespan_s"] - 1)
            print("\ngap to the exact optimum, 20 graphs of 12 tasks on %s (6 processors); "
                  "exact search median %.3f s, max %.3f s:"
                  % (machine, statistics.median(exact_times), max(exact_times)))
            for h in heuristics:
                print("  %-12s mean %6.2f%%  max %6.2f%%  optimal in %2d of 20"
                      % (h, 100 * statistics.mean(gaps[h]), 100 * max(gaps[h]),
                         sum(x < 1e-9 for x in gaps[h])))
    return ok


if __name__ == "__main__":
    sys.exit(main())
