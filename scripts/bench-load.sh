#!/usr/bin/env bash
# Load benchmark of the built site (tests/e2e/bench/load.bench.mjs): each
# page's first value on a throttled link (1.6 Mbps, 150 ms) with brotli and
# with gzip, and the bytes that cross the network before it. It reports
# figures and the issue's targets (tests/e2e/out/load.json); it never fails
# because the machine is slow. Not part of scripts/test.sh.
#
#   scripts/bench-load.sh [--build]   # --build: rebuild dist/ first
#   DIST=dist-sub scripts/bench-load.sh   # another built site
#   RUNS=5 scripts/bench-load.sh          # cold loads per page (default 3)
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
# shellcheck source=setup.sh
source scripts/setup.sh
if [ "${1:-}" = --build ] || [ ! -f "${DIST:-dist}/index.html" ]; then
    scripts/build-site.sh --out "${DIST:-dist}"
fi
node tests/e2e/bench/load.bench.mjs
