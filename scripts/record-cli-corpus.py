#!/usr/bin/env python3
"""Record the `cgt` command-line tool's answers as a corpus.

Runs the binary (default `target/debug/cgt`, or the path given) on every
invocation listed below and writes `crates/cli/tests/data/corpus.json`, which
`crates/cli/tests/corpus.rs` replays: a later refactor must give the same exit
codes and the same stdout (JSON may gain fields, never change or lose one).

Each row of the JSON list:
  args        the argv after `cgt`
  stdin       (optional) fed to the process; otherwise stdin is empty
  exit        the exit code
  stdout      the exact text
  stderr      (optional) the exact text, kept only for the tool's own error
              messages (clap's usage texts may change with clap)
  files       (optional) {name: text} files the command writes in its working
              directory (each row runs in a fresh empty directory)
  mask_number_before  (optional) literals such as " ms": the number just
              before each is a timing, stored as '#' and not compared
  ignore_keys (optional) JSON keys (at any depth) holding timings: stored as
              null and not compared
  added       (optional) why the row was recorded after the first recording
  changed     (optional) why the row's recorded answer changed on purpose

Timings are stored masked so that recording again gives the same file: after
a refactor, `git diff --exit-code crates/cli/tests/data/corpus.json` following
a new recording is a second check beside the test.

Every invocation is run twice; the script refuses to write the corpus if the
two runs differ (after the masks), so only deterministic answers are kept.

Usage: python3 scripts/record-cli-corpus.py [BINARY] [--out PATH]
Python 3 standard library only.
"""

import json
import os
import re
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEFAULT_BIN = os.path.join(ROOT, "target", "debug", "cgt")
DEFAULT_OUT = os.path.join(ROOT, "crates", "cli", "tests", "data", "corpus.json")

CASES = []


def case(*args, stdin=None, stderr=True, files=(), mask=(), ignore=(), added=None, changed=None):
    """One invocation. `stderr=False` for errors whose text is clap's, not ours."""
    CASES.append(
        {
            "args": list(args),
            "stdin": stdin,
            "stderr": stderr,
            "files": list(files),
            "mask": list(mask),
            "ignore": list(ignore),
            "added": added,
            "changed": changed,
        }
    )


def both(*args, **kw):
    """The invocation as text and with --json."""
    case(*args, **kw)
    case(*args, "--json", **kw)


def js(*args, **kw):
    """The invocation with --json only (its text form shows the same figures)."""
    case(*args, "--json", **kw)


# ---------------------------------------------------------------- eval
EVAL_GAMES = [
    # numbers
    "0", "3", "5/8", "1.5", "{0|}", "{|0}", "{3|5}", "{1/2|3/4}", "1/3",
    # switches and hot games (thermography.md's worked examples)
    "{10|-3}", "+-3", "4|0", "4||-4|-20", "13|4||0|-11", "9||8|0", "14|2|||-2||-14|-16",
    "{{-2|-4}|-7}", "{{100002|4}|{0|-100000}}",
    # infinitesimals and nimbers
    "*", "*3", "^", "up", "v*", "^*", "^3*", "{0,*|0}", "{1|1}", "Tiny(2)", "*64",
    # sums, negation inside, nesting
    "{4|0} + {{10|-3}|-5}", "{5|-5} + {5|-5}", "2 - {4|0}", "(^ + *) + v",
    "*64 + ^3 + {1|1}", "{{{3|2}|1}|0}", "{2 ||| 0, 1||-2|-4}",
    "{9223372036854775807|-9223372036854775807}", "{1/3|0}",
]
# Text and JSON for one or two of each kind, JSON alone for the rest.
EVAL_TEXT_TOO = {"5/8", "1/3", "{10|-3}", "14|2|||-2||-14|-16", "*3", "^*", "Tiny(2)", "*64",
                 "{4|0} + {{10|-3}|-5}", "{1/3|0}"}
# `cgt eval`'s text shows the game as typed since games are valued through
# canonical forms, component by component (a sum's tree is never expanded).
AS_TYPED = "the game: line shows the game as typed, not its expanded tree"
for g in EVAL_GAMES:
    if g in EVAL_TEXT_TOO:
        case("eval", g, changed=AS_TYPED if g not in {"5/8", "1/3", "{10|-3}", "{1/3|0}"} else None)
        case("eval", g, "--json")
    else:
        js("eval", g)
# the flag before the game
case("eval", "--json", "{10|-3}")
# bad input: exit 2, the message names the column
for g in ["{1|2", "{0|*", "", "abc", "{1|}}", "1/0", "{" * 201 + "0" + "|}" * 201]:
    case("eval", g)
case("eval", "{1|2", "--json")
# batch mode: JSON Lines, a bad line answers {"error": ...}, blank lines skipped
# The blank lines of these two rows were skipped until batch mode gave every
# input line its JSON line (with the line as `input`).
BLANK = "batch mode answers a blank line with an error object (one JSON line per input line)"
case("eval", "-", stdin="4|0\n{1|\n\n^*\n", changed=BLANK)
case("eval", "-", "--json", stdin="3\n{5|-5}\n*2\n")
case("eval", "-", stdin="")
# clap's own errors (exit 2; usage text not kept)
case("eval", stderr=False)
case("eval", "1", "2", stderr=False)
case("eval", "1", "--jsn", stderr=False)

# ---------------------------------------------------------------- thermograph
for g in ["{{-2|-4}|-7}", "14|2|||-2||-14|-16", "^*"]:
    both("thermograph", g)
for g in ["5", "{1/3|0}", "{4|0} + {{10|-3}|-5}", "3/8"]:
    js("thermograph", g)
case("thermograph", "4|0", "--svg", "g.svg", files=["g.svg"])
case("thermograph", "14|2|||-2||-14|-16", "--svg", "g.svg", files=["g.svg"])
case("thermograph", "14|2|||-2||-14|-16", "--svg", "g.svg", "--classical", "--json", files=["g.svg"])
case("thermograph", "{1|")
case("thermograph", "-", stdin="{{-2|-4}|-7}\n{1|\n5\n")

# ---------------------------------------------------------------- taxed
both("taxed", "{{5|-5}|-20}", "--at", "0", "--at", "6", "--at", "-1/2")
both("taxed", "14|2|||-2||-14|-16", "--at", "-1", "--at", "1/4", "--at", "9")
js("taxed", "{4|0} + {{10|-3}|-5}", "--at", "1")
js("taxed", "^*", "--at", "0", "--at", "-1/4")
case("taxed", "1|0", "--at", "x")
case("taxed", "{1|0", "--at", "1")
case("taxed", "1|0", stderr=False)
case("taxed", "-", "--at", "1", stdin="4|0\n{1|\n{{5|-5}|-20}\n")

# ---------------------------------------------------------------- compare
for g, h in [("{0|*}", "0"), ("*", "0"), ("{*|*}", "0"), ("v", "^")]:
    both("compare", g, h)
for g, h in [("{4|0}", "2"), ("^256", "^255 + ^"), ("{4|0} + {{10|-3}|-5}", "{|0}"),
             ("*3", "*2 + *1")]:
    js("compare", g, h)
case("compare", "1/3", "0")
case("compare", "{0|*", "0")
case("compare", "0", "abc", "--json")
case("compare", "0", stderr=False)

# ---------------------------------------------------------------- sum
MS = [" ms)"]
both("sum", "{4|0}", "{{10|-3}|-5}", mask=MS, ignore=["ms"])
both("sum", "{4|0} + {{10|-3}|-5}", mask=MS, ignore=["ms"])
both("sum", "{{40|10}|-20} + {{{31|21}|20}|-15} + {{4|-2}|-5}", mask=MS, ignore=["ms"])
js("sum", "+-1", "+-2", "+-3", "*", ignore=["ms"])
js("sum", "4||-4|-20", "13|4||0|-11", "{1|1}", ignore=["ms"])
js("sum", "{4|0}", "{{10|-3}|-5}", "--budget", "2", ignore=["ms"])
case("sum", "-", stdin="2|0 + 5|4\n{1|\n\n{5|-5} + {5|-5}\n", ignore=["ms"], changed=BLANK)
case("sum", "4|0", "{1|")
case("sum", "{1|")
case("sum", stderr=False)

# ---------------------------------------------------------------- play-sum
G1 = "{4|0} + {{10|-3}|-5}"
G2 = "{{40|10}|-20} + {{{31|21}|20}|-15} + {{4|-2}|-5}"
both("play-sum", G1)
both("play-sum", G1, "--left", "greedy", "--right", "exact")
both("play-sum", G1, "--left", "sentestrat", "--right", "exact")
js("play-sum", G1, "--left", "hotstrat", "--right", "thermostrat", "--first", "right")
js("play-sum", G2, "--left", "thermostrat", "--right", "greedy")
js("play-sum", "{4|0}", "{{10|-3}|-5}", "--first", "R")
both("play-sum", G1, "--tournament")
js("play-sum", "{2|0} + {5|4} + *", "--tournament")
case("play-sum", "4|0", "--left", "random")
case("play-sum", "4|0", "--first", "middle")
case("play-sum", "4|0", "{1|")

# ---------------------------------------------------------------- bstar
both("bstar", G2)
js("bstar", G2, "--right")
both("bstar", G2, "--ranges", "tightest")
both("bstar", "{4|0}", "{{10|-3}|-5}")
js("bstar", G2, "--max-nodes", "5")
case("bstar", G2, "--ranges", "widest")
case("bstar", "{1|")

# ---------------------------------------------------------------- heapgo
for h in ["b5,b5", "b3,r1/r4,r2/b7,b1"]:
    both("heapgo", h)
for h in ["b5,r3,b2/r7/b4,b1", "r7", "b3/2,r1"]:
    js("heapgo", h)
case("heapgo", "b5/r3,q2")
case("heapgo", "b0")
case("heapgo", "b3,r1/r4,r2/b7,b1", "--max-positions", "10")
case("heapgo", "-", stdin="b1/r1\nb0\nb5,b5\n")

# ---------------------------------------------------------------- mt-replay
FIG7 = ["L1R1L1=8", "R1L1=-2", "R2L1=2", "R1R1L1=-10", "L2R1=-2", "L1L1=16", "R1R1R1=-16", "L1R1R1=2"]
both("mt-replay", *FIG7)
both("mt-replay", "L1=3", "R1=NOT_EXISTS")
both("mt-replay", "L1=5", "R1=-5")
case("mt-replay", "L1=3", "L1R1=2")
case("mt-replay", "X1=3")
case("mt-replay", "L1=abc")
case("mt-replay", stderr=False)

# ---------------------------------------------------------------- mt-search
H3 = "b5,r3,b2/r7,b1/b4,r6"
both("mt-search", "--heapgo", H3, "--budget", "20", "--seed", "1")
js("mt-search", "--heapgo", H3, "--budget", "20", "--seed", "2")
js("mt-search", "--heapgo", H3, "--budget", "12", "--seed", "1", "--trace")
both("mt-search", "--heapgo", H3, "--budget", "30", "--order", "random", "--seed", "7", "--no-exact")
js("mt-search", "--heapgo", H3, "--budget", "25", "--order", "heaps")
js("mt-search", "--heapgo", "b5,b5", "--budget", "100")
case("mt-search", "--heapgo", H3, "--budget", "100000", "--json")
case("mt-search", "--heapgo", "b5,q1")
case("mt-search", "--heapgo", "b5", "--order", "sideways", stderr=False)
case("mt-search", "--heapgo", "-", "--budget", "10", stdin="b5,b5\nb5,q1\nb3,r1/r4,r2\n")

# ---------------------------------------------------------------- hackenbush value
BED30 = ("0-11:b 11-1:r 0-12:b 12-2:r 0-13:b 13-3:r 0-14:b 14-4:r 0-15:b 15-5:r 0-16:b 16-6:r "
         "0-17:b 17-7:r 1-18:r 18-2:r 1-19:r 19-4:r 1-20:r 20-6:r 2-21:r 21-4:r 21-5:r 3-22:r "
         "22-6:r 3-23:r 23-7:r 5-24:r 24-6:r 24-7:r")
BED12 = "0-4:b 4-1:r 0-5:b 5-2:r 0-6:b 6-3:r 1-7:r 7-2:r 2-8:r 8-3:r 1-9:r 9-3:r"
for p in ["stalk:br stalk:rb", "0-1:b 1-2:r 1-3:g stalk:rb", BED30]:
    both("hackenbush", "value", p)
for p in ["stalk:" + "br" * 50, BED12, "stalk:brr", "0-1:g 1-2:g 2-0:g", "0-1:b,1-2:b,2-0:r",
          "stalk:bbrbg"]:
    js("hackenbush", "value", p)
both("hackenbush", "value", "0-1:b 0-2:b", "--two-move")
for p in ["0-1:b", "0-1:b 0-2:b 0-3:r", "stalk:bbr stalk:rg"]:
    js("hackenbush", "value", p, "--two-move")
case("hackenbush", "value", "0-1:b 2-2:r")
case("hackenbush", "value", "0-1:z")
case("hackenbush", "value", BED30, "--max-positions", "5")
case("hackenbush", "value", "-", stdin="stalk:brr\n0-1:z\nstalk:ggg\n")
case("hackenbush", "value", "-", "--two-move", stdin="0-1:b 0-2:b\n0-1:b\n")

# ---------------------------------------------------------------- hackenbush scale
SCALE_MASK = [" ms\n"]
MC = ["--playouts", "20", "--iterations", "100", "--seed", "3"]
both("hackenbush", "scale", "stalk:brr", "--algo", "uct", *MC, mask=SCALE_MASK, ignore=["ms"])
both("hackenbush", "scale", "stalk:brr", "--algo", "pure", "--playouts", "20", "--iterations", "50",
     "--seed", "1", "--bisect", mask=SCALE_MASK, ignore=["ms"])
both("hackenbush", "scale", "stalk:bbr stalk:b", "--algo", "pure", "--playouts", "20",
     "--iterations", "50", "--seed", "1", "--components", mask=SCALE_MASK, ignore=["ms"])
js("hackenbush", "scale", "stalk:brr", "--algo", "pure", "--playouts", "20", "--iterations", "50",
   "--seed", "1", "--simulate", "--prune", ignore=["ms"])
js("hackenbush", "scale", "stalk:brr", "--algo", "pure", "--playouts", "20", "--iterations", "50",
   "--seed", "1", "--test", "3", ignore=["ms"])
js("hackenbush", "scale", "stalk:g", "--algo", "pure", "--playouts", "20", "--iterations", "20",
   "--seed", "5", ignore=["ms"])
both("hackenbush", "scale", "stalk:bbbb", "--algo", "pure", "--playouts", "10", "--iterations", "10",
     "--seed", "1", "--max-stalk", "2", mask=SCALE_MASK, ignore=["ms"])
case("hackenbush", "scale", "stalk:br", "--algo", "mcts")
case("hackenbush", "scale", "stalk:br", "--margin", "0.7")
case("hackenbush", "scale", "stalk:br", "--playouts", "0")
case("hackenbush", "scale", "stalk:br", "--test", "0")
case("hackenbush", "scale", "-", "--algo", "pure", "--playouts", "10", "--iterations", "10", "--seed", "1",
     stdin="stalk:br\n0-1:z\n", ignore=["ms"])

# ---------------------------------------------------------------- hackenbush outcome
both("hackenbush", "outcome", "0-1:b 0-2:b", "--two-move", "--algo", "pure", "--playouts", "50",
     "--iterations", "50", "--seed", "1")
both("hackenbush", "outcome", "stalk:g", "--algo", "uct", "--playouts", "30", "--iterations", "50", "--seed", "4")
js("hackenbush", "outcome", "stalk:br stalk:rb", "--algo", "pure", "--playouts", "20",
   "--iterations", "30", "--seed", "2")
js("hackenbush", "outcome", "stalk:brr", "--algo", "uct", "--playouts", "20", "--iterations", "60",
     "--seed", "9", "--test", "3")
case("hackenbush", "outcome", "stalk:r", "--algo", "pure", "--playouts", "10", "--iterations", "10",
     "--seed", "1", "--json", "--two-move")
case("hackenbush", "outcome", "0-1:q")
case("hackenbush", "outcome", "-", "--algo", "pure", "--playouts", "10", "--iterations", "10",
     stdin="stalk:b\n0-0:b\nstalk:g\n")

# ---------------------------------------------------------------- experiment
# Small, seeded and fast; the timing fields and lines are not compared.
both("experiment", "table4", "--samples", "20", "--class", "2,2,2", "--class", "3,3")
js("experiment", "table4", "--samples", "5", "--seed", "3", "--class", "2,2,1,1")
case("experiment", "table4", "--class", "9,9")
case("experiment", "table4", "--samples", "0")
both("experiment", "mt-error", "--samples", "4", "--class", "3,3", "--order", "temperature")
js("experiment", "mt-error", "--samples", "3", "--class", "2,2,2", "--order", "both", "--threads", "1")
case("experiment", "mt-error", "--samples", "3", "--class", "2,2,2", "--order", "random", "--no-stability",
     "--no-weights", "--estimator", "midpoint", "--json")
case("experiment", "mt-error", "--estimator", "upper")
both("experiment", "scale-tables", "--k", "2,3", "--playouts", "20", "--iterations", "50,100",
     mask=[" s in all)"], ignore=["ms", "seconds"])
case("experiment", "scale-walks", "--pos", "stalk:bbrb", "--seeds", "2", "--playouts", "20",
     "--iterations", "20", "--json", ignore=["mean_ms", "seconds"])
# `cgt bench` is left out: every figure it prints is a time.

# ---------------------------------------------------------------- negative game arguments
# NEW: recorded after the fix that reads an argument beginning with '-' as a
# game (interfaces.md); before it clap refused them all as unknown options.
# Their rows carry "added": "negative game arguments".
NEG = "negative game arguments"
both("eval", "-3", added=NEG)
js("eval", "-*", added=NEG)
js("eval", "-{4|0}", added=NEG)
case("eval", "--json", "-5/8", added=NEG)
case("eval", "-{1|", added=NEG)
case("eval", "-", "--json", stdin="-3\n-{4|0}\n-{1|\n", added=NEG)
case("thermograph", "-{4|0}", added=NEG)
case("thermograph", "--json", "-{14|2|||-2||-14|-16}", added=NEG)
case("compare", "-1", "{0|-2}", added=NEG)
case("compare", "--json", "-^", "-*", added=NEG)
js("taxed", "-{{5|-5}|-20}", "--at", "-1/2", "--at", "6", added=NEG)
js("sum", "{4|0}", "-2", ignore=["ms"], added=NEG)
case("sum", "--json", "-{4|0}", "-{{10|-3}|-5}", ignore=["ms"], added=NEG)
case("play-sum", "-{4|0}", "{{10|-3}|-5}", "--left", "greedy", added=NEG)
case("play-sum", "--tournament", "-{4|0} + 2", "--json", added=NEG)
js("bstar", "-{{40|10}|-20}", "-{4|-2}", "--right", added=NEG)
case("heapgo", "-b5", "--json", added=NEG)
case("mt-search", "--heapgo", "-b5", added=NEG)
case("hackenbush", "value", "-0-1:b", added=NEG)
case("hackenbush", "scale", "--json", "-x", added=NEG)
case("hackenbush", "outcome", "-x", "--two-move", added=NEG)

# ---------------------------------------------------------------- batch input echoed, compare batch
# NEW: every batch answer carries its line as `input`; blank and broken lines
# get error objects; `compare` reads batches; `cgt game` says why a value has
# no atomic weight (`atomic_weight_reason`).
ECHO = "batch input echoed, compare batch, atomic weight reason"
# (Go's words are left out of these rows: they are another issue's to change.)
case("eval", "-", stdin="1\n\n  \n{1|\n*\n", ignore=["go_words"], added=ECHO)
case("compare", "-", stdin="{4|0} ; 2\n^ ; *\n\nnope\n{1| ; 0\n", added=ECHO)
case("compare", "-", "0", stdin="1\n-1\n{1|-1}\n", added=ECHO)
case("compare", "^", "-", stdin="1\n*\n", added=ECHO)
case("game", "clobber", "x.o", "--json", ignore=["go_words"], added=ECHO)
case("game", "clobber", "xxo", "--json", ignore=["go_words"], added=ECHO)
case("game", "domineering", "..|..", "--json", ignore=["go_words"], added=ECHO)
case("game", "clobber", "-", stdin="xxo\n\nx.o\nq\n", ignore=["go_words"], added=ECHO)


def run(binary, c, cwd):
    p = subprocess.run(
        [binary] + c["args"],
        input=(c["stdin"] or "").encode(),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=cwd,
        timeout=60,
    )
    files = {}
    for name in c["files"]:
        with open(os.path.join(cwd, name), encoding="utf-8") as f:
            files[name] = f.read()
    return p.returncode, p.stdout.decode(), p.stderr.decode(), files


def masked(text, literals):
    """The text with the number just before each literal replaced by '#'."""
    for lit in literals:
        text = re.sub(r"[0-9.]+(?=" + re.escape(lit) + ")", "#", text)
    return text


def nulled(text, keys):
    """The text with each ignored key's numeric value replaced by null."""
    for k in keys:
        text = re.sub(r'"' + re.escape(k) + r'":-?[0-9][0-9.eE+-]*', '"' + k + '":null', text)
    return text


def stripped(text, keys):
    """JSON (or JSON Lines) with the ignored keys removed, for the determinism check."""
    if not keys:
        return text

    def strip(v):
        if isinstance(v, dict):
            return {k: strip(x) for k, x in v.items() if k not in keys}
        if isinstance(v, list):
            return [strip(x) for x in v]
        return v

    out = []
    for line in text.splitlines():
        try:
            out.append(json.dumps(strip(json.loads(line)), sort_keys=True))
        except ValueError:
            out.append(line)
    return "\n".join(out)


def main(argv):
    binary, out = DEFAULT_BIN, DEFAULT_OUT
    rest = list(argv)
    while rest:
        a = rest.pop(0)
        if a == "--out":
            out = rest.pop(0)
        elif a in ("-h", "--help"):
            print(__doc__)
            return 0
        else:
            binary = os.path.abspath(a)
    if not os.path.exists(binary):
        print(f"no binary at {binary}: build it first (cargo build -p cgt-cli)", file=sys.stderr)
        return 1
    rows, unstable, slow = [], [], []
    for c in CASES:
        runs = []
        for _ in range(2):
            with tempfile.TemporaryDirectory() as cwd:
                t0 = time.monotonic()
                runs.append(run(binary, c, cwd))
                dt = time.monotonic() - t0
        if dt > 1.0:
            slow.append((c["args"], dt))
        (code, stdout, stderr, files), again = runs
        key = lambda r: (r[0], stripped(masked(r[1], c["mask"]), c["ignore"]), r[2], r[3])
        if key(runs[0]) != key(again):
            unstable.append(c["args"])
        if "panicked" in stderr:
            print(f"panic: {c['args']}: {stderr}", file=sys.stderr)
            return 1
        row = {"args": c["args"]}
        if c["stdin"] is not None:
            row["stdin"] = c["stdin"]
        row["exit"] = code
        row["stdout"] = nulled(masked(stdout, c["mask"]), c["ignore"])
        if code != 0 and c["stderr"]:
            row["stderr"] = stderr
        if files:
            row["files"] = files
        if c["mask"]:
            row["mask_number_before"] = c["mask"]
        if c["ignore"]:
            row["ignore_keys"] = c["ignore"]
        if c["added"]:
            row["added"] = c["added"]
        if c["changed"]:
            row["changed"] = c["changed"]
        rows.append(row)
    if unstable:
        for a in unstable:
            print(f"not deterministic: {a}", file=sys.stderr)
        return 1
    for a, dt in slow:
        print(f"slow ({dt:.1f} s): {a}", file=sys.stderr)
    os.makedirs(os.path.dirname(out), exist_ok=True)
    with open(out, "w", encoding="utf-8") as f:
        json.dump(rows, f, indent=1, ensure_ascii=False)
        f.write("\n")
    print(f"{len(rows)} rows -> {os.path.relpath(out)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
