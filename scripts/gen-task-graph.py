#!/usr/bin/env python3
"""Writes a random task graph in the JSON of docs/cost-format.md, the input of
the static-allocation benchmark: TASKS tasks in layers (a program's phases),
each task sending to 1-4 tasks of the next layers and getting a reply back
from some of them (call and result, so the graph has cycles), work and
message sizes drawn from SEED. The same arguments give the same file."""
import argparse
import json
import random


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("tasks", type=int)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--layers", type=int, default=20)
    args = ap.parse_args()
    rng = random.Random(args.seed)
    n = args.tasks
    layer = [min(i * args.layers // n, args.layers - 1) for i in range(n)]
    first = {}
    for i, l in enumerate(layer):
        first.setdefault(l, i)
    tasks = [{"name": "t%d" % i, "work_s": round(rng.uniform(1e-4, 5e-3), 6)} for i in range(n)]
    edges = []
    for i in range(n):
        if layer[i] + 1 >= args.layers:
            continue
        lo = first[layer[i] + 1]
        hi = first.get(layer[i] + 3, n) - 1
        for _ in range(rng.randint(1, 4)):
            j = rng.randint(lo, hi)
            size = int(rng.lognormvariate(9, 1))
            edges.append({"from": "t%d" % i, "to": "t%d" % j, "messages": rng.randint(1, 8),
                          "bytes": size})
            if rng.random() < 0.3:
                edges.append({"from": "t%d" % j, "to": "t%d" % i, "messages": 1,
                              "bytes": int(rng.lognormvariate(6, 1))})
    json.dump({"tasks": tasks, "edges": edges}, open(1, "w"), indent=1)


if __name__ == "__main__":
    main()
