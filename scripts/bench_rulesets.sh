#!/usr/bin/env bash
# Peer benchmark (not run by CI): canonical forms of empty Domineering
# boards by our generic engine (`cgt bench rulesets`) and by the crates.io
# crate `cgt` 0.11 (t4ccer/cgt-tools, bench/peer-rulesets), side by side in
# one run (issue 19: at least 10x faster than the peer on 5x4, 6x4, 5x5 and
# 6x5; the 6x6 board exact).
#
# Usage: scripts/bench_rulesets.sh [WxH ...]       (default: 5x4 6x4 5x5 6x5)
#        REPS=3 PEER_TIMEOUT=600 scripts/bench_rulesets.sh 6x6
#
# Boards are WIDTHxHEIGHT (columns x rows), the same board on both sides.
# Runs alternate (ours, peer, ours, peer, ...), each a fresh process, REPS
# times (default 3); the best time of each side is kept and the ratio
# peer/ours printed. A peer run past PEER_TIMEOUT seconds (default 300) is
# reported as "> PEER_TIMEOUT" and the ratio as a lower bound. Both sides'
# values must be the same game (checked with `cgt eval "(ours) - (peer)"`
# = 0); the script fails otherwise.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"

reps="${REPS:-3}"
peer_timeout="${PEER_TIMEOUT:-300}"
if [ "$#" -gt 0 ]; then boards=("$@"); else boards=(5x4 6x4 5x5 6x5); fi
for b in "${boards[@]}"; do
  case "$b" in
    [0-9]*x[0-9]*) ;;
    *) echo "bench_rulesets.sh: a board is WIDTHxHEIGHT, e.g. 5x4; got '$b'" >&2; exit 2 ;;
  esac
done

echo "== building ours (cargo build --release -p cgt-cli)" >&2
cargo build --release -p cgt-cli >&2
echo "== building peer (cgt 0.11, bench/peer-rulesets)" >&2
cargo build --release --manifest-path bench/peer-rulesets/Cargo.toml --target-dir bench/peer-rulesets/target >&2

ours_bin="${CARGO_TARGET_DIR:-$root/target}/release/cgt"
peer_bin="$root/bench/peer-rulesets/target/release/peer-rulesets"

python3 - "$ours_bin" "$peer_bin" "$reps" "$peer_timeout" "${boards[@]}" <<'EOF'
import json, subprocess, sys
ours_bin, peer_bin, reps, timeout = sys.argv[1], sys.argv[2], int(sys.argv[3]), float(sys.argv[4])
boards = sys.argv[5:]

def ours(board):
    out = subprocess.run([ours_bin, "bench", "rulesets", "--board", board], check=True, capture_output=True, text=True).stdout
    return json.loads(out)["runs"][0]

def peer(board):
    try:
        out = subprocess.run([peer_bin, "bench", "domineering", board], check=True, capture_output=True, text=True, timeout=timeout).stdout
    except subprocess.TimeoutExpired:
        return None
    return json.loads(out)

def same_game(a, b):
    r = subprocess.run([ours_bin, "eval", f"({a}) - ({b})", "--json"], capture_output=True, text=True)
    return r.returncode == 0 and json.loads(r.stdout).get("canonical") == "0"

rows = []
for board in boards:
    best_o, best_p, o_run, p_run, timed_out = None, None, None, None, False
    for _ in range(reps):
        o = ours(board)
        if best_o is None or o["seconds"] < best_o:
            best_o, o_run = o["seconds"], o
        if timed_out:
            continue
        p = peer(board)
        if p is None:
            timed_out = True
            continue
        if best_p is None or p["seconds"] < best_p:
            best_p, p_run = p["seconds"], p
    agree = None
    if p_run is not None:
        if o_run["canonical"] is None:
            agree = "ours too long to compare"
        else:
            agree = same_game(o_run["canonical"], p_run["canonical"])
            if not agree:
                print(f"{board}: ours {o_run['canonical'][:80]} and the peer's {p_run['canonical'][:80]} differ", file=sys.stderr)
                sys.exit(1)
    peer_s = f"> {timeout:g}" if timed_out and best_p is None else f"{best_p:.3f}"
    ratio = (timeout if best_p is None else best_p) / best_o
    rows.append({"board": board, "ours_s": best_o, "peer_s": peer_s, "ratio": round(ratio, 1), "ratio_is_lower_bound": best_p is None,
                 "positions": o_run["positions"], "peak_memory_mb": o_run["peak_memory_mb"], "same_value": agree,
                 "left_stop": o_run["left_stop"], "right_stop": o_run["right_stop"]})
print(f"{'board':>6} {'ours s':>9} {'peer s':>9} {'peer/ours':>10} {'positions':>10} {'peak MB':>8}  stops   same value")
for r in rows:
    ratio = ("> " if r["ratio_is_lower_bound"] else "") + f"{r['ratio']}"
    print(f"{r['board']:>6} {r['ours_s']:>9.3f} {r['peer_s']:>9} {ratio:>10} {r['positions']:>10} {r['peak_memory_mb'] or 0:>8.0f}  {r['left_stop']}, {r['right_stop']}  {r['same_value']}")
print(json.dumps({"bench": "rulesets-vs-peer", "rows": rows}))
EOF
