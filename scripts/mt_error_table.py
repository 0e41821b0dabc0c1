#!/usr/bin/env python3
"""Render `cgt experiment mt-error --json` output (JSON Lines) as the
markdown tables of research/mt-search-notebook.md: ours beside the paper's, per order.

    cgt experiment mt-error --samples 200 --seed 0 --json > mt-error.jsonl
    python3 scripts/mt_error_table.py mt-error.jsonl
"""
import json
import sys

rows = [json.loads(l) for l in open(sys.argv[1]) if l.strip()]
rows = [r for r in rows if r["heaps"] != "average"]
ds = ["0.50", "0.55", "0.60", "0.65", "0.70", "0.75"]
for order, table in (("random", "Table 5 (random branch order)"), ("temperature", "Table 6 (ordered by heap temperature)")):
    rs = [r for r in rows if r["order"] == order]
    if not rs:
        continue
    print(f"### {table}\n")
    print("Standard error of the temperature (ours / paper), and the share of runs whose final bounds contain the exact temperature.\n")
    print("| class | samples | " + " | ".join(f"d={d}" for d in ds) + " | bounds hold at d=0.50 / 0.75 |")
    print("|---|---|" + "---|" * len(ds) + "---|")
    for r in rs:
        cells = [f"{o:.2f} / {p:.2f}" for o, p in zip(r["se"], r["se_paper"])]
        c = r["bounds_contain_exact"]
        print(f"| {r['heaps']} | {r['samples']} | " + " | ".join(cells) + f" | {c[0]:.0%} / {c[-1]:.0%} |")
    n = len(rs)
    avg = [sum(r["se"][j] for r in rs) / n for j in range(6)]
    pavg = [sum(r["se_paper"][j] for r in rs) / n for j in range(6)]
    print(f"| average ({n} classes) | | " + " | ".join(f"**{o:.2f}** / {p:.2f}" for o, p in zip(avg, pavg)) + " | |")
    if all("se_least" in r for r in rs):
        # `--temperature greatest`: the same runs read the usual way.
        lavg = [sum(r["se_least"][j] for r in rs) / n for j in range(6)]
        print(f"| average, same runs, least reading | | " + " | ".join(f"{o:.2f} / {p:.2f}" for o, p in zip(lavg, pavg)) + " | |")
    print()
