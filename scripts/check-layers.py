#!/usr/bin/env python3
"""The web app's layers run one way: shell, then page wings, then shared.

The app crate (the files under `src/`) is read as `check-import-cycles.py`
reads it (its module tree, and the `crate::`/`super::`/`self::` paths each
file uses, in `use` declarations and inline), and every file is put in one
layer:

- shell: the files listed in `SHELL` below (the crate roots, routing and
  the header, the link that composes every page's state, the lessons that
  are links across pages, and the list of every page's worker jobs);
- page: `src/pages/<wing>/**` (or `src/pages/<wing>.rs`), one wing a page;
- shared: every other file of `src/` (`src/web/*` and the top-level
  modules such as `src/solver.rs`, and `src/pages/mod.rs`).

Below the shared layer is the core crate (`cgt`), which cargo already keeps
from importing the app. The check fails on any edge that runs upward or
sideways:

- a page importing another page (wing to another wing);
- a shared module importing a page;
- a page or a shared module importing the shell.

The shell may import anything. `#[cfg(test)]` modules and `tests/` are not
read (tests may reach anywhere); `mod x;` declarations are not imports. An
item belongs to the file of the module that declares it (re-exports are not
followed), so a page reaching a shared item through a page's re-export is
an edge to that page.

Usage: check-layers.py [ROOT]   (default: the repository)
       check-layers.py --self-test
Exit status: 0 the layers run one way, 1 edge(s) against them (each printed
with the names it uses), 2 could not read the app (or a file of `SHELL` is
missing). Python 3 standard library only.
"""

from __future__ import annotations

import importlib.util
import io
import os
import sys
import tempfile

_HERE = os.path.dirname(os.path.abspath(__file__))


def _load_cycle_checker():
    """`check-import-cycles.py` as a module (its file name has dashes)."""
    name = "check_import_cycles"
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, os.path.join(_HERE, "check-import-cycles.py"))
    mod = importlib.util.module_from_spec(spec)
    sys.modules[name] = mod  # dataclasses look their module up while it loads
    spec.loader.exec_module(mod)
    return mod


cic = _load_cycle_checker()

# The shell: the only files that may import a page. Keep it short; a file
# added here may import every page, so it must be wiring, not a widget.
SHELL = (
    "src/lib.rs",  # the crate root: declares the layers
    "src/main.rs",  # the page's binary: mounts the app
    "src/worker.rs",  # the worker's binary: runs the registered jobs
    "src/state.rs",  # `Page` and the `Link` composing every page's URL state
    "src/link.rs",  # opening a link: versions, migration, every page's notes
    "src/lessons.rs",  # the guided lessons: links across the pages
    "src/worker_jobs.rs",  # every page's worker jobs, registered with the worker
    "src/web/mod.rs",  # `start`: mounts the app
    "src/web/app.rs",  # the header, the tabs and the page on screen
    "src/web/shell.rs",  # every page's signals, the address bar, lesson steps, cross-page actions
    "src/web/lesson.rs",  # the lesson bar, editor and printed lesson
)

APP_SRC = "src"
PAGES = "src/pages"


def layer_of(rel: str, shell: tuple[str, ...] = SHELL) -> tuple[str, str | None] | None:
    """(`shell` | `page` | `shared`, the wing for a page) of a file of the
    app (a path relative to the repository), or None outside `src/`."""
    rel = rel.replace(os.sep, "/")
    if not rel.startswith(APP_SRC + "/"):
        return None
    if rel in shell:
        return ("shell", None)
    if rel.startswith(PAGES + "/"):
        rest = rel[len(PAGES) + 1 :].split("/")
        if len(rest) > 1:
            return ("page", rest[0])
        if rest[0] != "mod.rs":
            return ("page", os.path.splitext(rest[0])[0])
    return ("shared", None)


def app_edges(root: str) -> tuple[set[str], dict[tuple[str, str], set[str]]]:
    """The app's files read and its edges between files: (from, to) ->
    names used, paths relative to `root`. Only the crates whose root file
    is under `src/` (the app's library and binaries)."""
    files: set[str] = set()
    edges: dict[tuple[str, str], set[str]] = {}
    for label, root_file in cic.crate_roots(root):
        if layer_of(os.path.relpath(root_file, root)) is None:
            continue
        crate, refs = cic.load_crate(label, root_file)
        for file, uses in refs.items():
            src = os.path.relpath(file, root).replace(os.sep, "/")
            files.add(src)
            for u in uses:
                r = cic.resolve(crate, u)
                if r is None:
                    continue
                target_mod, name = r
                target = crate.modules[target_mod].file
                if target == file:
                    continue
                dst = os.path.relpath(target, root).replace(os.sep, "/")
                edges.setdefault((src, dst), set()).add(name)
    return files, edges


def violation(a: tuple[str, str | None], b: tuple[str, str | None]) -> str | None:
    """What is wrong with an edge from layer `a` to layer `b` (None: it
    runs downward or stays in one wing or layer)."""
    if a[0] == "shell":
        return None
    if b[0] == "shell":
        return f"a {'page' if a[0] == 'page' else 'shared module'} imports the shell"
    if b[0] == "page":
        if a[0] == "shared":
            return "a shared module imports a page"
        if a[1] != b[1]:
            return "a page imports another page"
    return None


def _label(rel: str, lay: tuple[str, str | None]) -> str:
    return f"{rel} [{lay[1]}]" if lay[0] == "page" else f"{rel} [{lay[0]}]"


def check(root: str, out=sys.stdout, shell: tuple[str, ...] = SHELL) -> int:
    missing = [f for f in shell if not os.path.isfile(os.path.join(root, f))]
    if missing:
        print(f"check-layers: the shell lists files that do not exist: {', '.join(missing)} (update SHELL in scripts/check-layers.py)", file=out)
        return 2
    files, edges = app_edges(root)
    bad: list[tuple[str, str, str, set[str]]] = []
    for (a, b), names in sorted(edges.items()):
        la, lb = layer_of(a, shell), layer_of(b, shell)
        if la is None or lb is None:
            continue
        why = violation(la, lb)
        if why:
            bad.append((why, _label(a, la), _label(b, lb), names))
    if not bad:
        counts = {"shell": 0, "page": 0, "shared": 0}
        wings: set[str] = set()
        for f in files:
            lay = layer_of(f, shell)
            if lay:
                counts[lay[0]] += 1
                if lay[1]:
                    wings.add(lay[1])
        print(
            f"check-layers: the layers run one way ({counts['shell']} shell files, {counts['page']} page files in {len(wings)} wings, "
            f"{counts['shared']} shared files; {len(edges)} edges between files)",
            file=out,
        )
        return 0
    for why, a, b, names in bad:
        print(f"{why}: {a} -> {b}: {', '.join(sorted(names))}", file=out)
    print(
        f"check-layers: {len(bad)} edge(s) against the layers (shell > pages > shared > core); "
        "move what two pages share, or what a shared module needs of a page, into a shared module (or the core), "
        "and let the shell hand each page its part",
        file=out,
    )
    return 1


# --------------------------------------------------------------------------
# Self-test: the check must be able to fail.

_MANIFEST = '[package]\nname = "app"\nversion = "0.1.0"\n'

_SELF_TEST = {
    "bad": {
        "Cargo.toml": _MANIFEST,
        "src/lib.rs": "//! x\npub mod pages;\npub mod shared;\npub mod shell;\n",
        "src/shell.rs": "use crate::pages::a::view::View;\npub struct S;\npub fn all() -> (View, crate::pages::b::Player) { todo!() }\n",
        "src/pages/mod.rs": "pub mod a;\npub mod b;\npub fn cut() {}\n",
        "src/pages/a/mod.rs": "pub mod model;\npub mod view;\n",
        # page -> page (a `use` group), same wing and shared: fine; a test may reach anywhere.
        "src/pages/a/model.rs": (
            "use crate::pages::b::{Player, DEFAULT as D};\nuse super::view::View;\nuse crate::pages::cut;\n"
            "pub struct M(pub Player, pub View);\n"
            "#[cfg(test)]\nmod tests {\n    use crate::shell::S;\n}\n"
        ),
        "src/pages/a/view.rs": "pub struct View;\n",
        # a wing in one file; page -> shell (inline path).
        "src/pages/b.rs": "pub struct Player;\npub const DEFAULT: u8 = 0;\npub fn f() -> crate::shell::S { crate::shell::S }\n",
        # shared -> page (inline path), shared -> shell (`use`).
        "src/shared.rs": "use crate::shell::S;\npub fn g(_: &S) -> Option<crate::pages::a::model::M> { None }\n",
    },
    "clean": {
        "Cargo.toml": _MANIFEST,
        "src/lib.rs": "//! x\npub mod pages;\npub mod shared;\npub mod shell;\n",
        "src/shell.rs": "use crate::pages::a::view::View;\npub fn all() -> (View, crate::pages::b::Player) { todo!() }\n",
        "src/pages/mod.rs": "pub mod a;\npub mod b;\npub fn cut() {}\n",
        "src/pages/a/mod.rs": "pub mod model;\npub mod view;\n",
        "src/pages/a/model.rs": "use crate::shared::Player;\nuse super::view::View;\npub struct M(pub Player, pub View);\n",
        "src/pages/a/view.rs": "pub struct View;\n",
        "src/pages/b.rs": "pub use crate::shared::Player;\npub fn f() { crate::pages::cut() }\n",
        # a comment or a string naming a page, and a test module using one, are no edges.
        "src/shared.rs": (
            "pub struct Player;\n// crate::pages::a::model::M would go up\n"
            'const S: &str = "crate::shell::S";\n'
            "#[cfg(test)]\nmod tests {\n    use crate::pages::a::model::M;\n}\n"
        ),
    },
}

_SELF_SHELL = ("src/lib.rs", "src/shell.rs")


def self_test() -> int:
    ok = True
    with tempfile.TemporaryDirectory() as tmp:
        for name, files in _SELF_TEST.items():
            for rel, text in files.items():
                p = os.path.join(tmp, name, rel)
                os.makedirs(os.path.dirname(p), exist_ok=True)
                with open(p, "w", encoding="utf-8") as f:
                    f.write(text)
        buf = io.StringIO()
        got = check(os.path.join(tmp, "bad"), buf, _SELF_SHELL)
        report = buf.getvalue()
        want = [
            "a page imports another page: src/pages/a/model.rs [a] -> src/pages/b.rs [b]: DEFAULT, Player",
            "a page imports the shell: src/pages/b.rs [b] -> src/shell.rs [shell]: S",
            "a shared module imports a page: src/shared.rs [shared] -> src/pages/a/model.rs [a]: M",
            "a shared module imports the shell: src/shared.rs [shared] -> src/shell.rs [shell]: S",
            "4 edge(s)",
        ]
        if got != 1 or not all(w in report for w in want):
            print(f"self-test FAILED: the crate against its layers gave {got}:\n{report}")
            ok = False
        buf = io.StringIO()
        got = check(os.path.join(tmp, "clean"), buf, _SELF_SHELL)
        if got != 0 or "2 shell files, 4 page files in 2 wings, 2 shared files" not in buf.getvalue():
            print(f"self-test FAILED: the crate whose layers run one way gave {got}:\n{buf.getvalue()}")
            ok = False
        buf = io.StringIO()
        got = check(os.path.join(tmp, "clean"), buf, _SELF_SHELL + ("src/gone.rs",))
        if got != 2 or "src/gone.rs" not in buf.getvalue():
            print(f"self-test FAILED: a shell list naming a missing file gave {got}:\n{buf.getvalue()}")
            ok = False
    if ok:
        print("check-layers self-test: edges against the layers are found and named, a clean crate passes, a stale shell list is refused")
    return 0 if ok else 1


def main(argv: list[str]) -> int:
    if argv[1:] == ["--self-test"]:
        return self_test()
    if len(argv) > 2 or (len(argv) == 2 and argv[1].startswith("-")):
        print("usage: check-layers.py [ROOT] | --self-test", file=sys.stderr)
        return 2
    root = os.path.normpath(argv[1] if len(argv) == 2 else os.path.join(_HERE, ".."))
    if not os.path.isfile(os.path.join(root, "Cargo.toml")):
        print(f"check-layers: no Cargo.toml in {root}", file=sys.stderr)
        return 2
    try:
        return check(root)
    except (OSError, ValueError, cic.WorkspaceError) as e:
        print(f"check-layers: cannot read the app: {e}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
