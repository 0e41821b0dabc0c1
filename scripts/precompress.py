#!/usr/bin/env python3
"""Write a gzip copy (`name.gz`, level 9) and a brotli copy (`name.br`,
quality 11) beside every compressible file of a built site, so that hosts
that serve precompressed files (nginx `gzip_static` / `brotli_static`,
Caddy `precompressed br gzip`, many CDNs) send the wasm at a third of its
size (gzip) or a quarter less again (brotli) without compressing it on every
request. Hosts that do not simply ignore the copies.

Brotli comes from node's zlib (node is already needed to build the site;
Python's standard library has no brotli).

Runs as Trunk's post_build hook (Trunk.toml), on TRUNK_STAGING_DIR; or on a
directory given as the argument. Deterministic (mtime 0), so a rebuild of the
same site gives the same bytes.

    python3 scripts/precompress.py [DIR]
"""
import gzip
import json
import os
import pathlib
import subprocess
import sys

SUFFIXES = {".wasm", ".js", ".css", ".html", ".svg", ".json", ".txt", ".webmanifest"}
MIN_BYTES = 1024


# Brotli at its best quality, with the size hint (the same bytes every run).
BROTLI_JS = r"""
const fs = require("fs"), zlib = require("zlib");
for (const f of JSON.parse(process.argv[1])) {
  const data = fs.readFileSync(f);
  const packed = zlib.brotliCompressSync(data, { params: {
    [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
    [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length } });
  if (packed.length < data.length) fs.writeFileSync(f + ".br", packed);
}
"""


def precompress(root):
    n = 0
    files = []
    for p in sorted(pathlib.Path(root).rglob("*")):
        if p.is_file() and p.suffix in SUFFIXES and p.stat().st_size >= MIN_BYTES:
            files.append(str(p))
            data = p.read_bytes()
            packed = gzip.compress(data, compresslevel=9, mtime=0)
            if len(packed) < len(data):
                pathlib.Path(str(p) + ".gz").write_bytes(packed)
                n += 1
    if files:
        subprocess.run(["node", "-e", BROTLI_JS, json.dumps(files)], check=True)
    return n


def main(argv):
    root = argv[0] if argv else os.environ.get("TRUNK_STAGING_DIR")
    if not root or not pathlib.Path(root).is_dir():
        print("precompress: give a directory (or run as Trunk's post_build hook)", file=sys.stderr)
        return 2
    n = precompress(root)
    print(f"precompress: {n} gzip and brotli copies in {root}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
