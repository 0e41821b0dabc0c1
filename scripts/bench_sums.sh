#!/usr/bin/env bash
# Peer benchmark (not run by CI): `cgt bench sums` (typed sums valued
# through canonical forms) and, beside it in the same run, the peers where
# one exists:
#   - twelve seeded {a|b||c|d} games: the canonical form of their sum by the
#     crates.io crate `cgt` 0.11 (bench/peer-cgt, `games` mode) against ours
#     (`cgt eval SUM --fields canonical`), each a fresh process, best of REPS;
#   - 600 random depth-4 games: canonical form, mean, temperature and stops
#     by pycgt (pure Python, PyPI; installed into target/pycgt-venv when
#     missing) against `cgt eval - --json --fields canonical,mean,temperature,stops`,
#     process start included, best of REPS.
# Prints each figure and the ratio peer/ours.
#
# Usage: scripts/bench_sums.sh            REPS=5 scripts/bench_sums.sh
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
reps="${REPS:-3}"

cargo build --release -p cgt-cli >&2
cargo build --release --manifest-path bench/peer-cgt/Cargo.toml --target-dir bench/peer-cgt/target >&2
ours="${CARGO_TARGET_DIR:-$root/target}/release/cgt"
peer="$root/bench/peer-cgt/target/release/peer-cgt-bench"

echo "== cgt bench sums"
"$ours" bench sums --reps "$reps"

best() { # best wall time in ms of REPS runs of "$@"
  local b=999999999 t0 t1 ms
  for _ in $(seq "$reps"); do
    t0=$(date +%s%N); "$@" >/dev/null; t1=$(date +%s%N)
    ms=$(( (t1 - t0) / 1000000 )); [ "$ms" -lt "$b" ] && b=$ms
  done
  echo "$b"
}

echo "== twelve {a|b||c|d} games: ours against cgt 0.11"
sum=$("$ours" bench sums --reps 1 --json | python3 -c 'import json,sys; print(json.load(sys.stdin)["switch_games"])')
tuples=$(python3 -c 'import re,sys; print(" ".join(",".join(m) for m in re.findall(r"\{(-?\d+)\|(-?\d+)\|\|(-?\d+)\|(-?\d+)\}", sys.argv[1])))' "$sum")
o=$(best "$ours" eval "$sum" --fields canonical,mean,temperature --json)
# shellcheck disable=SC2086
p=$(best "$peer" games $tuples)
echo "ours ${o} ms, cgt 0.11 ${p} ms, ratio peer/ours $(python3 -c "print(round($p/max($o,1),2))")"

echo "== 600 random depth-4 games: ours against pycgt (process start included)"
py=python3
if ! python3 -c 'import pycgt' 2>/dev/null; then
  [ -x target/pycgt-venv/bin/python ] || { python3 -m venv target/pycgt-venv && target/pycgt-venv/bin/pip install -q pycgt==0.2.0; }
  py=target/pycgt-venv/bin/python
fi
games=$(mktemp)
"$py" - "$games" <<'PY'
import random, sys
from fractions import Fraction
rng = random.Random(1)
def leaf():
    if rng.random() < 0.1: return rng.choice(["*", "^", "v", "*2"])
    if rng.random() < 0.6: return str(rng.randint(-3, 3))
    return str(Fraction(rng.randint(-8, 8), 4))
def game(d):
    if d == 0 or rng.random() < 0.25: return leaf()
    return "{" + ", ".join(game(d - 1) for _ in range(rng.randint(0, 3))) + "|" + ", ".join(game(d - 1) for _ in range(rng.randint(0, 3))) + "}"
open(sys.argv[1], "w").write("\n".join(game(4) for _ in range(600)) + "\n")
PY
o=$(best sh -c "\"$ours\" eval - --json --fields canonical,mean,temperature,stops < $games")
p=$(best "$py" -c "
import pycgt
for line in open('$games'):
    line = line.strip()
    if not line:
        continue
    c = pycgt.canonical(pycgt.parse(line))
    pycgt.mean(c); pycgt.temperature(c); pycgt.stops(c)
")
echo "ours ${o} ms, pycgt ${p} ms, ratio pycgt/ours $(python3 -c "print(round($p/max($o,1),2))")"
rm -f "$games"
