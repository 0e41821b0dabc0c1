#!/usr/bin/env python3
"""How sure the 16-class averages of Tables 5 and 6 are: a bootstrap over
the sums of each class, from the shard lines of `cgt experiment mt-error
--shard K/N` (plain or gzip). The standard error of a class is carried by a
few runs (research/mt-selection-notebook.md sections 12-17), so the interval is wide and
lopsided; it says whether a gap to the paper's figure could be chance.

    python3 scripts/mt_error_bootstrap.py research/mt-error-1000-walls/s*.jsonl.gz
"""
import collections
import gzip
import json
import math
import random
import sys

PAPER = {
    "random": [0.93, 0.71, 0.45, 0.31, 0.22, 0.14],
    "temperature": [0.47, 0.28, 0.16, 0.08, 0.03, 0.00],
}
ROUNDS = 1000

runs = collections.defaultdict(list)
for name in sys.argv[1:]:
    opener = gzip.open if name.endswith(".gz") else open
    with opener(name, "rt") as f:
        for i, line in enumerate(f):
            if i == 0 or not line.strip():
                continue  # the header
            r = json.loads(line)
            runs[(r["order"], r["heaps"])].append(r["run"]["sq_err"])


def average(sample, classes):
    return [sum(math.sqrt(sum(s[j] for s in sample[c]) / len(sample[c])) for c in classes) / len(classes) for j in range(6)]


rng = random.Random(1)
for order in ("random", "temperature"):
    classes = [k for k in runs if k[0] == order]
    if not classes:
        continue
    point = average(runs, classes)
    boots = [average({c: [rng.choice(runs[c]) for _ in runs[c]] for c in classes}, classes) for _ in range(ROUNDS)]
    lo = [sorted(b[j] for b in boots)[int(0.05 * ROUNDS)] for j in range(6)]
    hi = [sorted(b[j] for b in boots)[int(0.95 * ROUNDS) - 1] for j in range(6)]
    share = [sum(b[j] <= PAPER[order][j] + 0.005 for b in boots) / ROUNDS for j in range(6)]
    sums = min(len(runs[c]) for c in classes)
    print(f"{order}: {len(classes)} classes, {sums} sums a class at least")
    print("  ours           " + "  ".join(f"{x:11.2f}" for x in point))
    print("  90% interval   " + "  ".join(f"[{a:.2f}, {b:.2f}]" for a, b in zip(lo, hi)))
    print("  paper          " + "  ".join(f"{x:11.2f}" for x in PAPER[order]))
    print("  resamples at or below the paper (to 2 decimals) " + " ".join(f"{x:.0%}" for x in share))
