#!/usr/bin/env python3
"""Render MT-search error results as the markdown tables of
docs/mt-search.md: ours beside the paper's, per order.

Two inputs are accepted:

    # the tables of a whole run (or of `cgt experiment merge --json`)
    cgt experiment mt-error --samples 200 --seed 0 --json > mt-error.jsonl
    python3 scripts/mt_error_table.py mt-error.jsonl

    # raw shard outputs (`--shard K/N`), complete or not: the tables over
    # the samples the given shards hold (for a run still in progress)
    python3 scripts/mt_error_table.py shard-1.jsonl shard-2.jsonl ...

The figures of the second form equal the merge's when every shard is
given (both sum the same squared errors); the merge remains the check
that nothing is missing.
"""
import json
import math
import sys
from collections import defaultdict

DS = ["0.50", "0.55", "0.60", "0.65", "0.70", "0.75"]
# Seed 000, Tables 5 and 6 (as in crates/cli/src/experiment.rs TABLE_5_6).
PAPER = {
    "random": {
        "3,3": [1.08, 0.88, 0.56, 0.43, 0.30, 0.08], "4,4": [0.95, 0.83, 0.50, 0.47, 0.25, 0.23],
        "5,5": [0.81, 0.74, 0.42, 0.25, 0.18, 0.10], "6,6": [0.76, 0.63, 0.46, 0.34, 0.18, 0.18],
        "7,7": [0.68, 0.64, 0.22, 0.12, 0.11, 0.07], "2,2,2": [1.05, 0.67, 0.46, 0.39, 0.16, 0.14],
        "3,2,2": [0.93, 0.81, 0.53, 0.30, 0.20, 0.18], "3,3,2": [0.99, 0.69, 0.47, 0.26, 0.25, 0.07],
        "3,3,3": [0.77, 0.66, 0.28, 0.23, 0.20, 0.19], "4,3,3": [0.89, 0.70, 0.45, 0.24, 0.19, 0.13],
        "2,2,1,1": [1.06, 0.84, 0.68, 0.38, 0.21, 0.21], "2,2,2,1": [0.90, 0.62, 0.54, 0.35, 0.29, 0.17],
        "3,3,2,1": [1.18, 0.75, 0.44, 0.34, 0.24, 0.19], "2,1,1,1,1": [1.04, 0.58, 0.32, 0.33, 0.20, 0.08],
        "2,2,1,1,1": [0.97, 0.66, 0.49, 0.31, 0.26, 0.08], "2,2,2,1,1": [0.78, 0.59, 0.42, 0.27, 0.22, 0.17],
    },
    "temperature": {
        "3,3": [0.92, 0.55, 0.32, 0.15, 0.05, 0.01], "4,4": [0.58, 0.39, 0.30, 0.14, 0.04, 0.00],
        "5,5": [0.45, 0.26, 0.15, 0.09, 0.02, 0.00], "6,6": [0.39, 0.17, 0.16, 0.03, 0.01, 0.00],
        "7,7": [0.24, 0.12, 0.03, 0.01, 0.00, 0.00], "2,2,2": [0.58, 0.47, 0.20, 0.09, 0.02, 0.00],
        "3,2,2": [0.58, 0.31, 0.21, 0.06, 0.04, 0.00], "3,3,2": [0.43, 0.29, 0.15, 0.08, 0.01, 0.00],
        "3,3,3": [0.50, 0.23, 0.11, 0.03, 0.04, 0.00], "4,3,3": [0.35, 0.20, 0.07, 0.07, 0.02, 0.00],
        "2,2,1,1": [0.63, 0.38, 0.19, 0.10, 0.04, 0.00], "2,2,2,1": [0.44, 0.26, 0.18, 0.06, 0.05, 0.00],
        "3,3,2,1": [0.34, 0.19, 0.05, 0.04, 0.02, 0.00], "2,1,1,1,1": [0.48, 0.29, 0.24, 0.16, 0.09, 0.00],
        "2,2,1,1,1": [0.31, 0.24, 0.16, 0.09, 0.06, 0.00], "2,2,2,1,1": [0.30, 0.20, 0.11, 0.07, 0.04, 0.00],
    },
}


def from_shards(lines):
    """Per (class, order): the summary row a merged run prints."""
    runs = defaultdict(dict)
    order_of_classes = []
    for o in lines:
        if "experiment" in o:
            order_of_classes = order_of_classes or o["classes"]
            continue
        runs[(o["heaps"], o["order"])][o["sample"]] = o["run"]
    rows = []
    for order in ("random", "temperature"):
        for heaps in order_of_classes:
            rs = list(runs.get((heaps, order), {}).values())
            if not rs:
                continue
            n = len(rs)
            rows.append({
                "heaps": heaps, "order": order, "samples": n,
                "se": [math.sqrt(sum(r["sq_err"][j] for r in rs) / n) for j in range(6)],
                "se_paper": PAPER[order][heaps],
                "bounds_contain_exact": [sum(r["inside"][j] for r in rs) / n for j in range(6)],
            })
    return rows


def main(paths):
    lines = [json.loads(l) for p in paths for l in open(p) if l.strip()]
    if any("run" in o for o in lines):
        rows = from_shards(lines)
    else:
        rows = [r for r in lines if r["heaps"] != "average"]
    for order, table in (("random", "Table 5 (random branch order)"), ("temperature", "Table 6 (ordered by heap temperature)")):
        rs = [r for r in rows if r["order"] == order]
        if not rs:
            continue
        print(f"### {table}\n")
        print("Standard error of the temperature (ours / paper), and the share of runs whose final bounds contain the exact temperature.\n")
        print("| class | samples | " + " | ".join(f"d={d}" for d in DS) + " | bounds hold at d=0.50 / 0.75 |")
        print("|---|---|" + "---|" * len(DS) + "---|")
        for r in rs:
            cells = [f"{o:.2f} / {p:.2f}" for o, p in zip(r["se"], r["se_paper"])]
            c = r["bounds_contain_exact"]
            print(f"| {r['heaps']} | {r['samples']} | " + " | ".join(cells) + f" | {c[0]:.0%} / {c[-1]:.0%} |")
        n = len(rs)
        avg = [sum(r["se"][j] for r in rs) / n for j in range(6)]
        pavg = [sum(r["se_paper"][j] for r in rs) / n for j in range(6)]
        print(f"| average ({n} classes) | | " + " | ".join(f"**{o:.2f}** / {p:.2f}" for o, p in zip(avg, pavg)) + " | |")
        print()


if __name__ == "__main__":
    main(sys.argv[1:])
