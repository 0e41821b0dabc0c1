#!/usr/bin/env python3
"""Write the service worker (`sw.js`) that lets a built site work offline.

The worker precaches every file of the site (the page, both wasm files and
their scripts, the stylesheet, the manifest and icons; not the `.gz` and `.br` copies)
in a cache named after the site's version: the first 16 hex digits of a
SHA-256 over every file's name and bytes. A new build is a new version, so
the browser installs the new worker beside the old one, which then drops the
old cache; the page keeps working from the old cache until the new one is
complete. Files are fetched as:

- content-hashed names (`cgt-lab-<hash>.js`, `main-<hash>.css`): from the
  cache first (their bytes never change under one name);
- everything else (the page itself, the background solver's unhashed
  `cgt-worker.js` and its wasm, the manifest): from the network first, so an
  update is picked up on the next load, and from the cache when offline.

A page request with any query string (every page state is in the query)
falls back to the cached `index.html`. All paths are relative to the
worker's own URL, so the site works at the root of a host or under any
sub-path (GitHub Pages' `/<repo>/`).

Runs as Trunk's post_build hook (Trunk.toml), on TRUNK_STAGING_DIR, or on a
directory given as the argument. Deterministic: the same site gives the same
bytes.

    python3 scripts/offline.py [DIR]
"""
import hashlib
import json
import os
import pathlib
import sys

SKIP_SUFFIXES = {".gz", ".br"}
SW_NAME = "sw.js"

TEMPLATE = """\
// The CGT Lab's service worker: written by scripts/offline.py at build time
// (do not edit in dist/). It keeps every file of the site in a cache named
// after the build, so a page opened once works without a network.
const VERSION = %(version)s;
const CACHE = 'cgt-lab-' + VERSION;
const FILES = %(files)s;
// Names that carry a content hash: their bytes never change.
const HASHED = /-[0-9a-f]{12,}(_bg)?\\.(js|wasm|css)$/;

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches.open(CACHE)
      .then((cache) => cache.addAll(FILES.map((f) => new Request(f, { cache: 'reload' }))))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(keys.filter((k) => k.startsWith('cgt-lab-') && k !== CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('message', (event) => {
  if (event.data === 'version' && event.source) event.source.postMessage({ version: VERSION, files: FILES.length });
});

self.addEventListener('fetch', (event) => {
  const req = event.request;
  if (req.method !== 'GET') return;
  const url = new URL(req.url);
  if (url.origin !== self.location.origin) return;
  if (req.mode === 'navigate') {
    event.respondWith(fromNetwork(req).catch(() => fromCache(new URL('index.html', self.registration.scope).href, true)));
    return;
  }
  if (HASHED.test(url.pathname)) {
    event.respondWith(fromCache(req, false).catch(() => fromNetwork(req)));
    return;
  }
  event.respondWith(fromNetwork(req).catch(() => fromCache(req, false)));
});

async function fromNetwork(req) {
  const res = await fetch(req);
  if (!res.ok && res.type !== 'opaque') throw new Error('HTTP ' + res.status);
  return res;
}

async function fromCache(req, ignoreSearch) {
  const cache = await caches.open(CACHE);
  const hit = await cache.match(req, { ignoreSearch });
  if (!hit) throw new Error('not cached');
  return hit;
}
"""


def site_files(root):
    root = pathlib.Path(root)
    out = []
    for p in sorted(root.rglob("*")):
        rel = p.relative_to(root).as_posix()
        if p.is_file() and p.suffix not in SKIP_SUFFIXES and rel != SW_NAME:
            out.append(rel)
    return out


def write_worker(root):
    files = site_files(root)
    h = hashlib.sha256()
    for rel in files:
        h.update(rel.encode() + b"\0")
        h.update((pathlib.Path(root) / rel).read_bytes())
        h.update(b"\0")
    version = h.hexdigest()[:16]
    text = TEMPLATE % {"version": json.dumps(version), "files": json.dumps(files, indent=2)}
    (pathlib.Path(root) / SW_NAME).write_text(text)
    return version, files


def main(argv):
    root = argv[0] if argv else os.environ.get("TRUNK_STAGING_DIR")
    if not root or not pathlib.Path(root).is_dir():
        print("offline: give a directory (or run as Trunk's post_build hook)", file=sys.stderr)
        return 2
    version, files = write_worker(root)
    print(f"offline: {SW_NAME} version {version}, {len(files)} files precached", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
