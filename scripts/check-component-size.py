#!/usr/bin/env python3
"""Fail when a Leptos component function is longer than the limit.

Issue 17 (ARCHITECTURE.md, Invariants): no `#[component]` function over 200
lines, so every page is made of sub-components named for what the user sees.
Counts the lines from `fn` to its closing brace (found by brace depth, skipping
strings, chars and comments well enough for rustfmt-formatted code).

    python3 scripts/check-component-size.py [--max N] [--list] [--self-test] [ROOT]
"""
import pathlib
import re
import sys

LIMIT = 200


def components(text):
    """(name, first line, number of lines) of every `#[component]` fn."""
    lines = text.split("\n")
    out = []
    i = 0
    while i < len(lines):
        if lines[i].strip() == "#[component]":
            j = i + 1
            while j < len(lines) and not re.match(r"\s*(pub(\([a-z]+\))?\s+)?fn\s", lines[j]):
                j += 1
            if j == len(lines):
                break
            name = re.search(r"fn\s+(\w+)", lines[j]).group(1)
            depth, k, opened = 0, j, False
            while k < len(lines):
                depth_before = depth
                depth += brace_delta(lines[k])
                if depth > 0:
                    opened = True
                if opened and depth == 0 and depth_before > 0:
                    break
                k += 1
            out.append((name, j + 1, k - j + 1))
            i = k
        i += 1
    return out


def brace_delta(line):
    """Net `{` minus `}` on a line, outside strings, chars and `//` comments."""
    d, i, n = 0, 0, len(line)
    while i < n:
        c = line[i]
        if c == "/" and line[i + 1 : i + 2] == "/":
            break
        if c == '"':
            i += 1
            while i < n and line[i] != '"':
                i += 2 if line[i] == "\\" else 1
        elif c == "'" and re.match(r"'(\\.|[^\\'])'", line[i:]):
            i += len(re.match(r"'(\\.|[^\\'])'", line[i:]).group(0)) - 1
        elif c == "{":
            d += 1
        elif c == "}":
            d -= 1
        i += 1
    return d


def self_test():
    src = "#[component]\npub fn A() -> impl IntoView {\n    let s = \"}}\";\n    view! { <p>'{'</p> }\n}\n#[component]\nfn B() {\n}\n"
    got = components(src)
    assert got == [("A", 2, 4), ("B", 7, 2)], got
    print("check-component-size self-test: ok")


def main(argv):
    limit, listing, root = LIMIT, False, "src"
    args = list(argv)
    while args:
        a = args.pop(0)
        if a == "--max":
            limit = int(args.pop(0))
        elif a == "--list":
            listing = True
        elif a == "--self-test":
            self_test()
            return 0
        else:
            root = a
    bad = []
    for p in sorted(pathlib.Path(root).rglob("*.rs")):
        for name, line, n in components(p.read_text()):
            if listing:
                print(f"{n:5} {p}:{line} {name}")
            if n > limit:
                bad.append(f"{p}:{line}: component {name} is {n} lines (at most {limit}: split it into sub-components named for what the user sees)")
    for b in bad:
        print(b, file=sys.stderr)
    if not bad and not listing:
        print(f"check-component-size: every component in {root}/ is at most {limit} lines")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
