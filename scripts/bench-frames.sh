#!/usr/bin/env bash
# Frame-time benchmark of the built page (tests/e2e/bench/frames.bench.mjs):
# frame gaps and long animation frames while the explorer analyses a big sum
# and while MT-search plays, and the explorer's compute time for a sum of
# switches. It reports figures (tests/e2e/out/frames.json); it never fails
# because the machine is slow. Not part of scripts/test.sh.
#
#   scripts/bench-frames.sh [--build]   # --build: rebuild dist/ first
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
# shellcheck source=setup.sh
source scripts/setup.sh
if [ "${1:-}" = --build ] || [ ! -f dist/index.html ]; then
    scripts/build-site.sh
fi
node --test tests/e2e/bench/frames.bench.mjs
