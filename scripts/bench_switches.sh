#!/usr/bin/env bash
# Peer benchmark (not run by CI): our `cgt bench switches` against the
# crates.io crate `cgt` 0.11 (t4ccer/cgt-tools, an unrelated project with the
# same name as our core lib) on the same task: canonical form of
# ±2 + ±4 + ... + ±2n folded one switch at a time, then its thermograph.
#
# Usage: scripts/bench_switches.sh [N ...]      (default: 12 14 16)
#        REPS=5 scripts/bench_switches.sh 12 14  (repetitions, default 3)
#
# Builds both in release mode (the peer is a standalone crate in
# bench/peer-cgt with its own Cargo.lock and target dir), then runs the two
# binaries back to back REPS times (ours, peer, ours, peer, ...), each run a
# fresh process doing all the n values, and prints per n the best total_ms of
# each side and the ratio peer/ours. Both sides must report mean 0 and
# temperature 2n; the script fails otherwise. Timings are wall-clock from
# std::time::Instant inside each process; on a busy machine run it twice.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"

reps="${REPS:-3}"
if [ "$#" -gt 0 ]; then ns=("$@"); else ns=(12 14 16); fi
for n in "${ns[@]}"; do
  case "$n" in
    ''|*[!0-9]*) echo "bench_switches.sh: n must be a positive integer, got '$n'" >&2; exit 2 ;;
  esac
done

echo "== building ours (cargo build --release -p cgt-cli)" >&2
cargo build --release -p cgt-cli >&2
echo "== building peer (cgt 0.11, bench/peer-cgt)" >&2
cargo build --release --manifest-path bench/peer-cgt/Cargo.toml \
  --target-dir bench/peer-cgt/target >&2

ours_bin="${CARGO_TARGET_DIR:-$root/target}/release/cgt"
peer_bin="$root/bench/peer-cgt/target/release/peer-cgt-bench"

our_args=()
for n in "${ns[@]}"; do our_args+=(--n "$n"); done

out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT

for r in $(seq 1 "$reps"); do
  echo "== repetition $r/$reps: ours" >&2
  "$ours_bin" bench switches "${our_args[@]}" > "$out/ours.$r.json"
  echo "== repetition $r/$reps: peer" >&2
  "$peer_bin" "${ns[@]}" > "$out/peer.$r.json"
done

python3 - "$out" "$reps" "${ns[@]}" <<'PY'
import json, sys, os
out, reps, ns = sys.argv[1], int(sys.argv[2]), [int(x) for x in sys.argv[3:]]
best = {"ours": {}, "peer": {}}
bad = []
for side in best:
    for r in range(1, reps + 1):
        with open(os.path.join(out, f"{side}.{r}.json")) as f:
            doc = json.load(f)
        for run in doc["runs"]:
            n = run["n"]
            if run["mean"] != "0" or run["temperature"] != str(2 * n):
                bad.append(f"{side} n={n} rep {r}: mean {run['mean']}, temperature {run['temperature']} "
                           f"(expected 0 and {2 * n})")
            t = run["total_ms"]
            best[side][n] = min(best[side].get(n, float("inf")), t)
print(f"best of {reps} (total_ms = canonical form + thermograph, wall clock)")
print(f"{'n':>4}  {'ours total ms':>14}  {'peer total ms':>14}  {'peer/ours':>9}")
for n in ns:
    o, p = best["ours"][n], best["peer"][n]
    ratio = f"{p / o:.1f}x" if o > 0 else "inf"
    print(f"{n:>4}  {o:>14.2f}  {p:>14.2f}  {ratio:>9}")
if bad:
    print("MISMATCH (both sides should give mean 0, temperature 2n):", file=sys.stderr)
    for b in bad:
        print("  " + b, file=sys.stderr)
    sys.exit(1)
print("mean 0 and temperature 2n on both sides for every n")
PY
