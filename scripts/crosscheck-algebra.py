#!/usr/bin/env python3
"""Cross-check the game algebra of `cgt` against the crates.io crate `cgt`
0.11 (t4ccer/cgt-tools), an independent implementation, as a dev benchmark
beside bench/peer-cgt (issue 18, acceptance 3).

On seeded random games (explicit braces over small dyadics and `*`, `^`,
`v`, `^*`, `*2`), both programs compute cooling (t = 0, 1/4, 1/2, 1, 2),
heating (by 1, 1/2 and *), the reduced canonical form, and, on random
all-small games, the atomic weight (the peer has no test of atomicity, so
it is asked only where the weight always exists). The peer's answers are
read back through `cgt eval` and compared as games with ours.

    cargo build --release -p cgt-cli
    (cd bench/peer-algebra && cargo build --release)
    python3 scripts/crosscheck-algebra.py --games 2000 --seed 1

Exit status 0 when every answer agrees; otherwise the differences are
grouped by operation and the first few printed. Differences the script
knows the cause of are counted apart, each with its explanation (a peer
bug is named, never copied).
"""

import argparse
import json
import random
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OURS = ROOT / "target" / "release" / "cgt"
PEER = ROOT / "bench" / "peer-algebra" / "target" / "release" / "peer-algebra"


def leaf(rng, small):
    if small:
        return rng.choice(["0", "*", "^", "v", "^*", "*2", "0"])
    if rng.random() < 0.15:
        return rng.choice(["*", "^", "v", "^*", "*2"])
    if rng.random() < 0.6:
        return str(rng.randint(-3, 3))
    return str(Fraction(rng.randint(-8, 8), 4))


def game(rng, depth, small=False):
    """A random game; `small`: all-small (every option node has moves for
    both sides, every leaf infinitesimal)."""
    if depth == 0 or rng.random() < 0.25:
        return leaf(rng, small)
    lo = 1 if small else 0
    left = [game(rng, depth - 1, small) for _ in range(rng.randint(lo, 3))]
    right = [game(rng, depth - 1, small) for _ in range(rng.randint(lo, 3))]
    return "{" + ",".join(left) + "|" + ",".join(right) + "}"


def run(cmd, lines):
    p = subprocess.run(cmd, input="".join(l + "\n" for l in lines), capture_output=True, text=True, check=True)
    return p.stdout.splitlines()


def ours_batch(args, games, field):
    """`cgt ARGS -` on every game: the JSON field of each line (None on error)."""
    out = []
    for line in run([str(OURS), *args, "-"], games):
        v = json.loads(line)
        out.append(v.get(field) if "error" not in v else None)
    return out


def normal(name):
    """A canonical name with every option list sorted: our names list
    options in the order the store met them, which differs between two
    runs; as games the two names are equal exactly when these agree."""
    if name is None or not name.startswith("{") or "|" not in name:
        return name
    inner = name[1:-1]
    depth, parts, cur, side = 0, [[], []], "", 0
    for ch in inner:
        if ch == "{":
            depth += 1
        elif ch == "}":
            depth -= 1
        if depth == 0 and ch in ",|":
            if cur.strip():
                parts[side].append(cur.strip())
            cur = ""
            if ch == "|":
                side = 1
            continue
        cur += ch
    if cur.strip():
        parts[side].append(cur.strip())
    left, right = (sorted(normal(x) for x in part) for part in parts)
    return "{" + ", ".join(left) + "|" + ", ".join(right) + "}"


def canonical(texts):
    """Our canonical name of each text (the peer's answers), None on error."""
    return ours_batch(["eval", "--json"], texts, "canonical")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--show", type=int, default=5, help="differences printed per operation")
    a = ap.parse_args()
    for exe, how in [(OURS, "cargo build --release -p cgt-cli"), (PEER, "(cd bench/peer-algebra && cargo build --release)")]:
        if not exe.exists():
            sys.exit(f"missing {exe}: run {how}")
    rng = random.Random(a.seed)
    games = [game(rng, 3) for _ in range(a.games)]
    smalls = [game(rng, 3, small=True) for _ in range(a.games)]

    # (name, our command and field, peer op and argument, the games)
    checks = []
    for t in ["0", "1/4", "1/2", "1", "2"]:
        checks.append((f"cool by {t}", ["cool", "--by", t, "--json"], "canonical", ("cool", t), games))
    for t in ["1", "1/2", "*"]:
        checks.append((f"heat by {t}", ["heat", "--by", t, "--json"], "canonical", ("heat", t), games))
    checks.append(("reduced", ["algebra", "--json"], "reduced_canonical", ("reduced", None), games))
    checks.append(("atomic weight (all-small)", ["algebra", "--json"], "atomic_weight", ("atomic_weight", None), smalls))

    failed = 0
    report = []
    for name, args, field, (op, arg), gs in checks:
        mine = ours_batch(args, gs, field)
        peer_raw = run([str(PEER)], [f"{op}\t{g}" + (f"\t{arg}" if arg is not None else "") for g in gs])
        peer = canonical([p if not p.startswith("ERR") else "{" for p in peer_raw])
        agree, differ, skipped = 0, [], 0
        for g, m, p, raw in zip(gs, mine, peer, peer_raw):
            if raw.startswith("ERR") or m is None:
                skipped += 1
                continue
            if normal(m) == normal(p):
                agree += 1
            else:
                differ.append((g, m, raw))
        report.append({"check": name, "agree": agree, "differ": len(differ), "skipped": skipped})
        if differ:
            failed += len(differ)
            print(f"{name}: {len(differ)} differences, e.g.", file=sys.stderr)
            for g, m, raw in differ[: a.show]:
                print(f"  {g}: ours {m}, peer {raw}", file=sys.stderr)
    print(json.dumps({"crosscheck": "algebra", "peer": "cgt 0.11.0 (crates.io)", "games": a.games, "seed": a.seed, "checks": report}, indent=1))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
