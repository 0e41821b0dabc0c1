#!/usr/bin/env bash
# Build the lab as a self-contained static site: every file it needs
# (page, both wasm files and their scripts, the stylesheet, the manifest,
# icons, the offline service worker, gzip copies) in one directory that any
# static host serves as it is; nothing is fetched from anywhere else.
#
#   scripts/build-site.sh [--base /path/] [--out DIR]
#
# --base  where the site will be served from. The default, `./`, makes every
#         URL relative: the same files work at a host's root and under any
#         sub-path. An absolute base (GitHub Pages serves a project at
#         `/<repo>/`) writes absolute asset URLs instead; the page's own
#         links stay relative (all state is in the query string).
# --out   the directory to write (default dist/; it is replaced).
#
# Installs what is missing first (scripts/setup.sh, without the browser).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

base="./"
out="dist"
while [ $# -gt 0 ]; do
    case "$1" in
        --base) base="${2:?--base needs a path}"; shift 2 ;;
        --base=*) base="${1#--base=}"; shift ;;
        --out) out="${2:?--out needs a directory}"; shift 2 ;;
        --out=*) out="${1#--out=}"; shift ;;
        -h|--help) sed -n '2,16p' "$0"; exit 0 ;;
        *) printf 'build-site: unknown argument %s (see --help)\n' "$1" >&2; exit 2 ;;
    esac
done
case "$base" in
    ./|/*) ;;
    *) printf 'build-site: --base must be ./ or an absolute path such as /cgt-lab/ (got %s)\n' "$base" >&2; exit 2 ;;
esac
# Trunk joins the base and a file name as they are: keep one trailing slash.
base="${base%/}/"

# shellcheck source=setup.sh
source scripts/setup.sh serve

trunk build --release --public-url "$base" --dist "$out"

# What was built: every file the page names is there, and the sizes.
python3 - "$out" "$base" <<'PY'
import pathlib, re, sys
out, base = pathlib.Path(sys.argv[1]), sys.argv[2]
html = (out / "index.html").read_text()
refs = set(re.findall(r'(?:href|src)="([^"#?:]+)"', html)) | set(re.findall(r"'([^']+\.(?:js|wasm))'", html))
missing = []
for r in sorted(refs):
    rel = r[len(base):] if base != "./" and r.startswith(base) else r.removeprefix("./")
    if not (out / rel).is_file():
        missing.append(r)
if missing:
    sys.exit(f"build-site: index.html names files the site does not have: {missing}")
files = [p for p in out.rglob("*") if p.is_file()]
raw = sum(p.stat().st_size for p in files if p.suffix not in (".gz", ".br"))
gz = sum(p.stat().st_size for p in files if p.suffix == ".gz")
br = sum(p.stat().st_size for p in files if p.suffix == ".br")
print(f"build-site: {out}/ for {base}: {len([p for p in files if p.suffix not in ('.gz', '.br')])} files, "
      f"{raw / 1e6:.2f} MB (+ {gz / 1e6:.2f} MB of .gz and {br / 1e6:.2f} MB of .br copies); every file index.html names is there", file=sys.stderr)
PY
