#!/usr/bin/env python3
"""Cross-check `cgt eval` against pycgt, an independent implementation.

pycgt (PyPI, pure Python, MIT) computes canonical forms, temperatures and
means of short games on its own. This script generates seeded random games,
asks both, and compares: the canonical form (as a tree, options compared as
sets), the mean, the temperature (both use the sub-zero convention: a number
p/2^k has temperature -1/2^k), the outcome and the stops.

    pip install pycgt==0.1.0
    cargo build --release -p cgt-cli
    python3 scripts/crosscheck_pycgt.py --games 3000 --seed 1

Exit status 0 when every game agrees; the first disagreements are printed.
"""

import argparse
import json
import random
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pycgt

ROOT = Path(__file__).resolve().parent.parent


def rand_leaf(rng):
    if rng.random() < 0.1:
        return rng.choice(["*", "^", "v", "*2"])
    if rng.random() < 0.6:
        return str(rng.randint(-3, 3))
    return str(Fraction(rng.randint(-8, 8), 4)).replace(" ", "")


def rand_game(rng, depth):
    if depth == 0 or rng.random() < 0.25:
        return rand_leaf(rng)
    left = [rand_game(rng, depth - 1) for _ in range(rng.randint(0, 3))]
    right = [rand_game(rng, depth - 1) for _ in range(rng.randint(0, 3))]
    return "{" + ", ".join(left) + "|" + ", ".join(right) + "}"


def parse_explicit(text):
    """Braces/commas/numbers text -> nested ('num', Fraction) / ('opts', L, R)."""
    pos = 0

    def game():
        nonlocal pos
        if text[pos] == "{":
            pos += 1
            left, right, side = [], [], None
            cur = left
            while True:
                c = text[pos]
                if c == "}":
                    pos += 1
                    return ("opts", left, right)
                if c == "|":
                    pos += 1
                    cur = right
                    continue
                if c in ", ":
                    pos += 1
                    continue
                cur.append(game())
        start = pos
        while pos < len(text) and text[pos] not in ",|}":
            pos += 1
        return ("num", Fraction(text[start:pos].strip()))

    return game()


def norm(tree):
    """A canonical string for a tree: options sorted, so order does not matter."""
    if tree[0] == "num":
        return str(tree[1])
    left = sorted(norm(x) for x in tree[1])
    right = sorted(norm(x) for x in tree[2])
    return "{" + ",".join(left) + "|" + ",".join(right) + "}"


def pycgt_tree(g):
    if pycgt.is_number(g):
        return ("num", Fraction(pycgt.as_number(g)))
    return ("opts", [pycgt_tree(x) for x in g.left], [pycgt_tree(x) for x in g.right])


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=3000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--depth", type=int, default=3)
    ap.add_argument("--cgt", default=str(ROOT / "target" / "release" / "cgt"))
    args = ap.parse_args()

    rng = random.Random(args.seed)
    games = [rand_game(rng, args.depth) for _ in range(args.games)]
    out = subprocess.run([args.cgt, "eval", "-"], input="\n".join(games) + "\n",
                         capture_output=True, text=True, check=True).stdout.splitlines()
    assert len(out) == len(games), "one JSON line per game"

    bad = 0
    outcome_letter = {"LEFT": "L", "RIGHT": "R", "SECOND": "P", "FIRST": "N"}
    for text, line in zip(games, out):
        ours = json.loads(line)
        g = pycgt.parse(text)
        theirs = {
            "canonical": norm(pycgt_tree(g)),
            "mean": Fraction(pycgt.mean(g)),
            "temperature": Fraction(pycgt.temperature(g)),
            "outcome": outcome_letter.get(pycgt.outcome(g).name, pycgt.outcome(g).name),
            "stops": tuple(Fraction(x) for x in pycgt.stops(g)),
        }
        mine = {
            "canonical": norm(parse_explicit(ours["canonical_explicit"])),
            "mean": Fraction(ours["mean"]),
            "temperature": Fraction(ours["temperature"]),
            "outcome": ours["outcome"],
            "stops": (Fraction(ours["left_stop"]), Fraction(ours["right_stop"])),
        }
        diff = [k for k in mine if mine[k] != theirs[k]]
        if diff:
            bad += 1
            if bad <= 10:
                print(f"DISAGREE on {text}:")
                for k in diff:
                    print(f"  {k}: cgt {mine[k]}  pycgt {theirs[k]}")
    print(f"{args.games - bad} of {args.games} games agree "
          "(canonical form, mean, temperature, outcome, stops)")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
