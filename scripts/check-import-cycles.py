#!/usr/bin/env python3
"""No import circle between the files of any crate of the workspace.

Reads every crate's module tree (from `lib.rs`, `main.rs` and the `[[bin]]`
paths of each member's Cargo.toml, following `mod x;`), finds which files
each file uses through `crate::`, `super::` and `self::` paths (in `use`
declarations and inline in code) and reports every strongly connected
component of that graph, with the names behind each edge. Other crates'
paths (`cgt::...`) are not edges: cargo already forbids circles between
crates.

Rules (see ARCHITECTURE.md):
- a path resolves to the deepest module that exists; an item belongs to the
  file of its module (re-exports are not followed);
- an edge into the source file's own subtree is not counted: a parent owns
  its child modules, so a facade's `pub use child::Item` is no circle;
- `#[cfg(test)]` modules (inline or in their own file) are skipped, as are
  `tests/`, `benches/` and `examples/`: tests may reach anywhere.

Usage: check-import-cycles.py [ROOT]   (default: the repository)
       check-import-cycles.py --self-test
Exit status: 0 no circle, 1 circle(s) found, 2 could not read the workspace.
Python 3 standard library only.
"""

from __future__ import annotations

import glob
import os
import re
import sys
import tempfile
from dataclasses import dataclass, field

try:
    import tomllib
except ImportError:  # Python < 3.11: the few manifest keys read here
    tomllib = None

# --------------------------------------------------------------------------
# Lexing: comments, strings and char literals must not produce paths.

_TOKEN = re.compile(r"::|[A-Za-z_][A-Za-z0-9_]*|\S")
_CHAR = re.compile(r"'(\\(u\{[0-9A-Fa-f]*\}|x[0-9A-Fa-f]{2}|.)|[^\\'])'", re.S)
_START = re.compile(r"""//|/\*|b?r#*"|b?"|'""")


def strip_source(src: str) -> str:
    """`src` with comments, string and char literals blanked (newlines kept)."""
    out: list[str] = []
    i, n = 0, len(src)
    while i < n:
        m = _START.search(src, i)
        if not m:
            out.append(src[i:])
            break
        s = m.start()
        tok = m.group()
        if s > 0 and (src[s - 1].isalnum() or src[s - 1] == "_") and tok[0] in "br":
            # `bar"` is no raw string: copy the letter and look again.
            out.append(src[i : s + 1])
            i = s + 1
            continue
        out.append(src[i:s])
        if tok == "//":
            j = src.find("\n", s)
            i = n if j < 0 else j
        elif tok == "/*":
            # Rust block comments nest.
            depth, j = 1, s + 2
            while j < n and depth:
                if src.startswith("/*", j):
                    depth, j = depth + 1, j + 2
                elif src.startswith("*/", j):
                    depth, j = depth - 1, j + 2
                else:
                    j += 1
            out.append(" " + "\n" * src.count("\n", s, j))
            i = j
        elif "r" in tok:
            hashes = tok.count("#")
            j = src.find('"' + "#" * hashes, m.end())
            j = n if j < 0 else j + 1 + hashes
            out.append('""' + "\n" * src.count("\n", s, j))
            i = j
        elif tok.endswith('"'):
            j = m.end()
            while j < n and src[j] != '"':
                j += 2 if src[j] == "\\" else 1
            out.append('""' + "\n" * src.count("\n", s, j))
            i = j + 1
        else:
            # A char literal ('a', '\n', '\u{1F600}') or a lifetime ('a).
            c = _CHAR.match(src, s)
            if c:
                out.append("' '")
                i = c.end()
            else:
                out.append("'")
                i = s + 1
    return "".join(out)


def tokens(src: str) -> list[str]:
    return _TOKEN.findall(strip_source(src))


# --------------------------------------------------------------------------
# Module trees.


class WorkspaceError(Exception):
    """The workspace cannot be read as this check expects."""


@dataclass
class Module:
    path: tuple[str, ...]  # from the crate root
    file: str
    children: set[str] = field(default_factory=set)


@dataclass
class Crate:
    name: str
    modules: dict[tuple[str, ...], Module] = field(default_factory=dict)
    files: dict[str, tuple[str, ...]] = field(default_factory=dict)  # file -> module path


@dataclass
class Use:
    """One reference found in a file: the module it sits in and the path."""

    module: tuple[str, ...]
    segments: list[str]
    in_use: bool  # in a `use` declaration (first segment may be a child module)


def _skip_group(toks: list[str], i: int) -> int:
    """Index after the bracketed group opening at `toks[i]`."""
    pairs = {"(": ")", "[": "]", "{": "}"}
    close, depth = pairs[toks[i]], 0
    opening = toks[i]
    while i < len(toks):
        if toks[i] == opening:
            depth += 1
        elif toks[i] == close:
            depth -= 1
            if depth == 0:
                return i + 1
        i += 1
    return i


def _use_tree(toks: list[str], i: int, prefix: list[str], out: list[list[str]]) -> int:
    """Parse a use tree at `toks[i]`; append full paths to `out`; return the
    index after it (at `,`, `}` or `;`)."""
    segs = list(prefix)
    while i < len(toks):
        t = toks[i]
        if t == "{":
            i += 1
            while i < len(toks) and toks[i] != "}":
                i = _use_tree(toks, i, segs, out)
                if i < len(toks) and toks[i] == ",":
                    i += 1
            return i + 1
        if t == "*":
            out.append(segs + ["*"])
            return i + 1
        if t == "::":
            i += 1
            continue
        if t == "as":
            i += 2  # the alias
            continue
        if t in (",", "}", ";"):
            if segs != prefix:
                # `use a::{self}` names `a` itself.
                out.append(segs[:-1] if segs[-1] == "self" and len(segs) > len(prefix) else segs)
            return i
        segs.append(t)
        i += 1
    return i


def scan_file(toks: list[str], module: tuple[str, ...]):
    """Walk one file's tokens. Returns (file children `mod x;` with their
    `#[path]` or None, inline module paths, references)."""
    file_mods: list[tuple[tuple[str, ...], str, str | None]] = []  # (parent module, name, #[path])
    inline_mods: list[tuple[str, ...]] = []
    refs: list[Use] = []
    stack: list[tuple[str, int]] = []  # inline modules open: (name, brace depth inside)
    depth = 0
    is_test = False
    path_attr: str | None = None
    cur = module  # the module the scanner is in: the file's, or an inline one
    i, n = 0, len(toks)
    while i < n:
        t = toks[i]
        if t == "#" and i + 1 < n and toks[i + 1] in ("[", "!"):
            inner = toks[i + 1] == "!"
            j = i + 2 if inner else i + 1
            end = _skip_group(toks, j)
            attr = toks[j + 1 : end - 1]
            if inner and attr == ["cfg", "(", "test", ")"]:
                return file_mods, inline_mods, refs, True
            if not inner:
                if attr == ["cfg", "(", "test", ")"]:
                    is_test = True
                if attr[:2] == ["path", "="]:
                    path_attr = "?"  # the literal was blanked; see _path_attrs
            i = end
            continue
        if t == "pub" and i + 1 < n and toks[i + 1] == "(":
            # `pub(crate)`, `pub(in crate::x)`: visibility, not a path to use.
            i = _skip_group(toks, i + 1)
            continue
        if t == "mod" and i + 2 < n and re.match(r"[A-Za-z_]", toks[i + 1]):
            name, nxt = toks[i + 1], toks[i + 2]
            if nxt == ";":
                if not is_test:
                    file_mods.append((cur, name, path_attr))
                i += 3
            elif nxt == "{":
                if is_test:
                    i = _skip_group(toks, i + 2)
                else:
                    depth += 1
                    stack.append((name, depth))
                    cur = cur + (name,)
                    inline_mods.append(cur)
                    i += 3
            else:
                i += 1
            is_test, path_attr = False, None
            continue
        if t in ("pub", "#"):
            i += 1
            continue
        if is_test:
            # Any other `#[cfg(test)]` item: up to its `;` or past its body
            # (a field or an arm ends at `,`; a closing brace is not ours).
            while i < n and toks[i] not in (";", "{", ",", "}"):
                i = _skip_group(toks, i) if toks[i] in ("(", "[") else i + 1
            if i < n and toks[i] == "{":
                i = _skip_group(toks, i)
            elif i < n and toks[i] != "}":
                i += 1
            is_test, path_attr = False, None
            continue
        is_test, path_attr = False, None
        if t == "use":
            paths: list[list[str]] = []
            i = _use_tree(toks, i + 1, [], paths)
            for p in paths:
                if p and p[0] == "::":
                    continue
                refs.append(Use(cur, p, True))
            continue
        if t in ("crate", "super", "self") and i + 1 < n and toks[i + 1] == "::" and not (i > 0 and toks[i - 1] in ("$", "::")):
            segs = [t]
            j = i + 2
            while j < n and re.match(r"[A-Za-z_]", toks[j]):
                segs.append(toks[j])
                if j + 1 < n and toks[j + 1] == "::" and j + 2 < n and re.match(r"[A-Za-z_]", toks[j + 2]):
                    j += 2
                else:
                    break
            refs.append(Use(cur, segs, False))
            i = j + 1
            continue
        if t == "{":
            depth += 1
        elif t == "}":
            if stack and stack[-1][1] == depth:
                stack.pop()
                cur = cur[:-1]
            depth -= 1
        i += 1
    return file_mods, inline_mods, refs, False


_PATH_ATTR = re.compile(r'#\[\s*path\s*=\s*"([^"]*)"\s*\]\s*(?:pub(?:\([^)]*\))?\s+)?mod\s+([A-Za-z_][A-Za-z0-9_]*)')


def _path_attrs(src: str) -> dict[str, str]:
    """`#[path = "..."] mod name;` in `src`: name -> path (read from the raw
    text, since the scanner blanks string literals)."""
    return {m.group(2): m.group(1) for m in _PATH_ATTR.finditer(src)}


def _is_mod_rs(file: str, root_file: str) -> bool:
    return file == root_file or os.path.basename(file) == "mod.rs"


def load_crate(name: str, root_file: str) -> tuple[Crate, dict[str, list[Use]]]:
    """The module tree under `root_file` and every file's references."""
    crate = Crate(name)
    refs: dict[str, list[Use]] = {}
    todo = [((), root_file)]
    while todo:
        mpath, file = todo.pop()
        if file in crate.files:
            continue
        with open(file, encoding="utf-8") as f:
            src = f.read()
        file_mods, inline_mods, file_refs, test_only = scan_file(tokens(src), mpath)
        if test_only:
            continue
        crate.files[file] = mpath
        crate.modules[mpath] = Module(mpath, file)
        refs[file] = file_refs
        for p in inline_mods:
            crate.modules[p] = Module(p, file)
        attrs = _path_attrs(src)
        # Children of `foo.rs` live in `foo/`; of `mod.rs`/`lib.rs`/`main.rs` beside it.
        base = os.path.dirname(file)
        if not _is_mod_rs(file, root_file):
            base = os.path.join(base, os.path.splitext(os.path.basename(file))[0])
        for parent, child, has_path in file_mods:
            sub = os.path.join(base, *parent[len(mpath) :])
            if has_path and child in attrs:
                cands = [os.path.normpath(os.path.join(sub, attrs[child]))]
            else:
                cands = [os.path.join(sub, child + ".rs"), os.path.join(sub, child, "mod.rs")]
            found = next((c for c in cands if os.path.isfile(c)), None)
            if found is None:
                raise WorkspaceError(f"{file}: `mod {child};` has no file (tried {', '.join(cands)})")
            if parent in crate.modules:
                crate.modules[parent].children.add(child)
            todo.append((parent + (child,), found))
    for m in list(crate.modules.values()):
        if m.path and m.path[:-1] in crate.modules:
            crate.modules[m.path[:-1]].children.add(m.path[-1])
    return crate, refs


def resolve(crate: Crate, u: Use) -> tuple[tuple[str, ...], str] | None:
    """(module, name) that `u` reaches in `crate`, or None if it leaves the
    crate (another crate, std, a name in scope)."""
    segs = list(u.segments)
    if not segs:
        return None
    if segs[0] == "crate":
        base: tuple[str, ...] = ()
        segs = segs[1:]
    elif segs[0] in ("super", "self"):
        base = u.module
        while segs and segs[0] in ("super", "self"):
            if segs[0] == "super":
                if not base:
                    return None
                base = base[:-1]
            segs = segs[1:]
    elif u.in_use and u.module in crate.modules and segs[0] in crate.modules[u.module].children:
        base = u.module  # 2018 paths: `use child::Item` from the parent
    else:
        return None
    full = base + tuple(segs)
    for k in range(len(full), -1, -1):
        if full[:k] in crate.modules:
            name = full[k] if k < len(full) else (full[-1] if full else "crate")
            return full[:k], name
    return None


@dataclass
class Graph:
    files: int = 0
    # (crate, from file, to file) -> names
    edges: dict[tuple[str, str, str], set[str]] = field(default_factory=dict)


def read_manifest(path: str) -> dict:
    """A Cargo.toml as a dict: tomllib when there is one, else just the keys
    this check reads (`[package] name`, `[lib] path`, `[[bin]] path`,
    `[workspace] members`)."""
    if tomllib is not None:
        with open(path, "rb") as f:
            return tomllib.load(f)
    out: dict = {}
    table: dict = out
    with open(path, encoding="utf-8") as f:
        text = re.sub(r"#[^\n\"]*", "", f.read())
    for m in re.finditer(r'^\s*(\[\[?)([\w.-]+)\]\]?|^\s*([\w-]+)\s*=\s*("[^"]*"|\[[^\]]*\])', text, re.M):
        if m.group(2):
            if m.group(1) == "[[":
                table = {}
                out.setdefault(m.group(2), []).append(table)
            else:
                table = out.setdefault(m.group(2), {})
        else:
            table[m.group(3)] = re.findall(r'"([^"]*)"', m.group(4)) if m.group(4).startswith("[") else m.group(4)[1:-1]
    return out


def crate_roots(root: str) -> list[tuple[str, str]]:
    """(crate label, root file) of every target of every workspace member."""
    members = ["."]
    top = os.path.join(root, "Cargo.toml")
    cargo = read_manifest(top)
    ws = cargo.get("workspace", {})
    for pat in ws.get("members", []):
        for d in sorted(glob.glob(os.path.join(root, pat))):
            rel = os.path.relpath(d, root)
            if rel not in members and os.path.isfile(os.path.join(d, "Cargo.toml")):
                members.append(rel)
    out: list[tuple[str, str]] = []
    for m in members:
        d = os.path.normpath(os.path.join(root, m))
        path = os.path.join(d, "Cargo.toml")
        if not os.path.isfile(path):
            continue
        manifest = read_manifest(path)
        if "package" not in manifest:
            continue
        pkg = manifest["package"]["name"]
        targets: list[str] = []
        lib = manifest.get("lib", {}).get("path", "src/lib.rs")
        targets.append(lib)
        bins = [b.get("path") for b in manifest.get("bin", []) if b.get("path")]
        targets += bins or []
        targets.append("src/main.rs")
        targets += sorted(os.path.relpath(p, d) for p in glob.glob(os.path.join(d, "src/bin/*.rs")))
        seen: set[str] = set()
        for t in targets:
            f = os.path.normpath(os.path.join(d, t))
            if f in seen or not os.path.isfile(f):
                continue
            seen.add(f)
            out.append((f"{pkg} ({os.path.relpath(f, root)})", f))
    return out


def build_graph(root: str) -> Graph:
    g = Graph()
    counted: set[str] = set()
    for label, root_file in crate_roots(root):
        crate, refs = load_crate(label, root_file)
        for file, uses in refs.items():
            counted.add(file)
            src_mod = crate.files[file]
            for u in uses:
                r = resolve(crate, u)
                if r is None:
                    continue
                target_mod, name = r
                target = crate.modules[target_mod].file
                # A parent owns its subtree: edges into it are no circle.
                if target == file or target_mod[: len(src_mod)] == src_mod:
                    continue
                key = (label, os.path.relpath(file, root), os.path.relpath(target, root))
                g.edges.setdefault(key, set()).add(name)
    g.files = len(counted)
    return g


def circles(g: Graph) -> list[list[str]]:
    """Strongly connected components with more than one file (Tarjan,
    iterative), each as a sorted list of files."""
    adj: dict[str, list[str]] = {}
    for (label, a, b) in g.edges:
        adj.setdefault(f"{label}|{a}", []).append(f"{label}|{b}")
        adj.setdefault(f"{label}|{b}", [])
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on: set[str] = set()
    st: list[str] = []
    out: list[list[str]] = []
    counter = 0
    for start in sorted(adj):
        if start in index:
            continue
        work = [(start, 0)]
        while work:
            v, k = work.pop()
            if k == 0:
                index[v] = low[v] = counter
                counter += 1
                st.append(v)
                on.add(v)
            if k < len(adj[v]):
                work.append((v, k + 1))
                w = adj[v][k]
                if w not in index:
                    work.append((w, 0))
                elif w in on:
                    low[v] = min(low[v], index[w])
                continue
            if low[v] == index[v]:
                comp = []
                while True:
                    w = st.pop()
                    on.discard(w)
                    comp.append(w)
                    if w == v:
                        break
                if len(comp) > 1:
                    out.append(sorted(comp))
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[v])
    return sorted(out)


def check(root: str, out=sys.stdout) -> int:
    g = build_graph(root)
    found = circles(g)
    if not found:
        print(f"check-import-cycles: no import circle ({g.files} files read, {len(g.edges)} edges between files)", file=out)
        return 0
    for comp in found:
        label = comp[0].split("|")[0]
        files = [c.split("|", 1)[1] for c in comp]
        print(f"import circle in {label}: {', '.join(files)}", file=out)
        for (lab, a, b), names in sorted(g.edges.items()):
            if lab == label and a in files and b in files:
                print(f"    {a} -> {b}: {', '.join(sorted(names))}", file=out)
    print(f"check-import-cycles: {len(found)} import circle(s); move the shared items into a module both sides can import", file=out)
    return 1


# --------------------------------------------------------------------------
# Self-test: the check must be able to fail.

_SELF_TEST = {
    "circle": {
        "Cargo.toml": '[package]\nname = "circle"\nversion = "0.1.0"\n',
        "src/lib.rs": "//! x\npub mod a;\npub mod b;\npub mod c;\n",
        # a -> b (use), b -> c (inline path), c -> a (super::): one circle.
        "src/a.rs": "use crate::b::{B, helper as h};\npub struct A(pub B);\n",
        "src/b.rs": "pub struct B;\npub fn helper() -> u32 { crate::c::C::default().0 }\n",
        "src/c.rs": "#[derive(Default)]\npub struct C(pub u32);\npub fn f(_: &super::a::A) {}\n",
    },
    "clean": {
        "Cargo.toml": '[package]\nname = "clean"\nversion = "0.1.0"\n\n[[bin]]\nname = "tool"\npath = "src/tool.rs"\n',
        "src/lib.rs": "//! x\npub mod a;\npub mod b;\npub use a::A;\n",
        # b -> a only; a's facade re-exports its own child (no circle); a
        # test module and comments/strings naming b are ignored.
        "src/a.rs": (
            "mod inner;\npub use inner::Deep;\npub struct A;\n"
            '// crate::b::B would be a circle\nconst S: &str = "crate::b::B";\n'
            "#[cfg(test)]\nmod tests {\n    use crate::b::B;\n}\n"
            "#[cfg(test)]\nfn fixture() -> crate::b::B { todo!() }\n"
            "pub mod inline {\n    pub fn f() -> super::A { super::A }\n}\n"
        ),
        "src/a/inner.rs": "pub struct Deep(pub super::A);\n",
        "src/b.rs": "use crate::a::{self, A};\npub struct B(pub A, pub a::Deep);\n",
        "src/tool.rs": "mod x;\nfn main() { x::run() }\n",
        "src/x.rs": "pub fn run() { let _ = crate::main; }\n",
    },
}


def self_test() -> int:
    ok = True
    with tempfile.TemporaryDirectory() as tmp:
        for name, files in _SELF_TEST.items():
            for rel, text in files.items():
                p = os.path.join(tmp, name, rel)
                os.makedirs(os.path.dirname(p), exist_ok=True)
                with open(p, "w", encoding="utf-8") as f:
                    f.write(text)
        import io

        buf = io.StringIO()
        got = check(os.path.join(tmp, "circle"), buf)
        report = buf.getvalue()
        want = ["src/a.rs -> src/b.rs: B, helper", "src/b.rs -> src/c.rs: C", "src/c.rs -> src/a.rs: A"]
        if got != 1 or not all(w in report for w in want):
            print(f"self-test FAILED: the crate with a circle gave {got}:\n{report}")
            ok = False
        buf = io.StringIO()
        got = check(os.path.join(tmp, "clean"), buf)
        if got != 0 or "6 files read" not in buf.getvalue():
            print(f"self-test FAILED: the crate without a circle gave {got}:\n{buf.getvalue()}")
            ok = False
    if ok:
        print("check-import-cycles self-test: a circle is found and named, a clean crate passes")
    return 0 if ok else 1


def main(argv: list[str]) -> int:
    if argv[1:] == ["--self-test"]:
        return self_test()
    if len(argv) > 2 or (len(argv) == 2 and argv[1].startswith("-")):
        print("usage: check-import-cycles.py [ROOT] | --self-test", file=sys.stderr)
        return 2
    root = argv[1] if len(argv) == 2 else os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
    root = os.path.normpath(root)
    if not os.path.isfile(os.path.join(root, "Cargo.toml")):
        print(f"check-import-cycles: no Cargo.toml in {root}", file=sys.stderr)
        return 2
    try:
        return check(root)
    except (OSError, ValueError, WorkspaceError) as e:
        print(f"check-import-cycles: cannot read the workspace: {e}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
