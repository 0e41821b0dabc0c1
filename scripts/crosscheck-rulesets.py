#!/usr/bin/env python3
"""Cross-check the canonical forms of ruleset positions (`cgt game NAME`)
against the crates.io crate `cgt` 0.11 (t4ccer/cgt-tools), an independent
implementation, and Cutcake (which the peer has not) against a brute force
written here (issue 19, acceptance 1; a dev check, not in CI).

On seeded random small positions of Domineering, Toads and Frogs, Snort and
Col, both programs give the canonical form of each position; the two forms
are compared as games: `cgt eval` values `(ours) - (peer's)`, which is 0
exactly when the games are equal. Cutcake: a brute force over the rules
(every cut of every cake, the simplest number between the best options,
checking that every position is a number) against `cgt game cutcake`.
Konane and Amazons are compared with the peer too (grids of at most 16
and 10 squares).

    cargo build --release -p cgt-cli
    (cd bench/peer-rulesets && cargo build --release --offline)
    python3 scripts/crosscheck-rulesets.py --positions 3000 --seed 1

Exit status 0 when every answer agrees; otherwise the differences are
printed (a few per ruleset).
"""

import argparse
import json
import math
import random
import subprocess
import sys
import time
from fractions import Fraction
from functools import lru_cache
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OURS = ROOT / "target" / "release" / "cgt"
PEER = ROOT / "bench" / "peer-rulesets" / "target" / "release" / "peer-rulesets"


# ------------------------------------------------------------ positions

def domineering(rng):
    w, h = rng.randint(1, 5), rng.randint(1, 5)
    fill = rng.uniform(0.5, 1.0)
    grid = [["." if rng.random() < fill else "#" for _ in range(w)] for _ in range(h)]
    cells = [(r, c) for r in range(h) for c in range(w) if grid[r][c] == "."]
    rng.shuffle(cells)
    for r, c in cells[14:]:
        grid[r][c] = "#"
    return "|".join("".join(row) for row in grid)


def toads_and_frogs(rng):
    rows = []
    for _ in range(rng.choice([1, 1, 1, 2])):
        w = rng.randint(1, 11)
        rows.append("".join(rng.choice("TF..TF.") for _ in range(w)))
    return "|".join(rows)


def graph(rng):
    n = rng.randint(1, 9)
    states = "".join(rng.choice(".......bbrrxBR") for _ in range(n))
    p = rng.uniform(0.15, 0.6)
    edges = [f"{u}-{v}" for u in range(n) for v in range(u + 1, n) if rng.random() < p]
    return states + (":" + ",".join(edges) if edges else "")


def cutcake(rng):
    return " ".join(f"{rng.randint(1, 12)}x{rng.randint(1, 12)}" for _ in range(rng.randint(1, 4)))


def stones(rng, max_squares, weights):
    """A grid of at most `max_squares` squares, each `x`, `o`, `.` or `#`
    drawn with the given weights."""
    while True:
        w, h = rng.randint(1, 5), rng.randint(1, 4)
        if w * h <= max_squares:
            break
    grid = [rng.choices("xo.#", weights=weights, k=w) for _ in range(h)]
    return "|".join("".join(row) for row in grid)


def konane(rng):
    return stones(rng, 16, [3, 3, 3, 1])


def amazons(rng):
    # Few amazons and many burnt squares: Amazons' trees grow fast.
    return stones(rng, 10, [1, 1, 5, 3])


# Rulesets the peer knows, with their generators (the peer reads the
# `x`/`o`/`.`/`#` grids of Konane and Amazons as we write them).
GENERATORS = {
    "domineering": domineering,
    "toads-and-frogs": toads_and_frogs,
    "snort": graph,
    "col": graph,
    "konane": konane,
    "amazons": amazons,
}


# ------------------------------------------------ Cutcake by brute force

def simplest_between(lo, hi):
    """The simplest number x with lo < x < hi (None for no bound)."""
    if lo is not None and hi is not None and not lo < hi:
        raise ValueError(f"not a number: {lo} >= {hi}")
    if (lo is None or lo < 0) and (hi is None or hi > 0):
        return Fraction(0)
    if lo is not None and lo >= 0:
        n = math.floor(lo) + 1  # the least integer above lo
        if hi is None or n < hi:
            return Fraction(n)
    elif hi is not None and hi <= 0:
        n = math.ceil(hi) - 1  # the greatest integer below hi
        if lo is None or n > lo:
            return Fraction(n)
    # No integer between: the dyadic of least denominator.
    d = 1
    while True:
        d *= 2
        k = math.floor(lo * d) + 1
        if Fraction(k, d) < hi:
            return Fraction(k, d)


@lru_cache(maxsize=None)
def cake_value(w, h):
    """Left cuts the width, Right the height; every position must be a
    number (Winning Ways); sums of numbers add."""
    left = [cake_value(a, h) + cake_value(w - a, h) for a in range(1, w)]
    right = [cake_value(w, a) + cake_value(w, h - a) for a in range(1, h)]
    return simplest_between(max(left) if left else None, min(right) if right else None)


def cutcake_brute(text):
    total = Fraction(0)
    for cake in text.split():
        w, h = cake.split("x")
        total += cake_value(int(w), int(h))
    return total


# -------------------------------------------------------------- running

def run(cmd, lines):
    p = subprocess.run(cmd, input="".join(l + "\n" for l in lines), capture_output=True, text=True, check=True)
    return p.stdout.splitlines()


def ours(name, positions):
    out = []
    for line in run([str(OURS), "game", name, "-"], positions):
        v = json.loads(line)
        out.append(v.get("canonical") if "error" not in v else None)
    return out


def equal_as_games(pairs):
    """`(a) - (b)` valued by `cgt eval`: True when 0, None when unreadable."""
    lines = [f"({a}) - ({b})" for a, b in pairs]
    out = []
    for line in run([str(OURS), "eval", "--json", "-"], lines):
        v = json.loads(line)
        out.append(None if "error" in v else v.get("canonical") == "0")
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--positions", type=int, default=3000, help="random positions per ruleset")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--show", type=int, default=5, help="differences printed per ruleset")
    a = ap.parse_args()
    for exe, how in [(OURS, "cargo build --release -p cgt-cli"), (PEER, "(cd bench/peer-rulesets && cargo build --release --offline)")]:
        if not exe.exists():
            sys.exit(f"missing {exe}: run {how}")
    failed = 0
    report = []
    for k, (name, gen) in enumerate(list(GENERATORS.items()) + [("cutcake", cutcake)]):
        rng = random.Random(a.seed * 1000 + k)
        positions = [gen(rng) for _ in range(a.positions)]
        t0 = time.time()
        mine = ours(name, positions)
        t_ours = time.time() - t0
        t0 = time.time()
        if name == "cutcake":
            theirs = [str(cutcake_brute(p)) for p in positions]
            against = "brute force (this script)"
        else:
            theirs = run([str(PEER)], [f"{name}\t{p}" for p in positions])
            against = "cgt 0.11.0 (crates.io)"
        t_peer = time.time() - t0
        skipped = [i for i, (m, t) in enumerate(zip(mine, theirs)) if m is None or t.startswith("ERR")]
        idx = [i for i in range(len(positions)) if i not in set(skipped)]
        same = equal_as_games([(mine[i], theirs[i]) for i in idx])
        agree = sum(1 for s in same if s)
        unreadable = [i for i, s in zip(idx, same) if s is None]
        differ = [i for i, s in zip(idx, same) if s is False]
        nonzero = sum(1 for i in idx if mine[i] != "0")
        report.append({"ruleset": name, "against": against, "positions": len(positions), "agree": agree, "differ": len(differ),
                       "unreadable": len(unreadable), "skipped": len(skipped), "nonzero": nonzero,
                       "seconds_ours": round(t_ours, 2), "seconds_peer": round(t_peer, 2)})
        bad = differ + unreadable + skipped
        if bad:
            failed += len(bad)
            print(f"{name}: {len(differ)} differ, {len(unreadable)} unreadable, {len(skipped)} skipped, e.g.", file=sys.stderr)
            for i in bad[: a.show]:
                print(f"  {positions[i]!r}: ours {mine[i]}, peer {theirs[i]}", file=sys.stderr)
    print(json.dumps({"crosscheck": "rulesets", "seed": a.seed, "positions_per_ruleset": a.positions, "checks": report}, indent=1))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
