#!/usr/bin/env bash
# Install whatever is missing, then run every test, stopping at the first
# failure:
#   0. no import circle between the files of any crate, no Leptos component
#      over 200 lines (a fraction of a second)
#   1. native tests of the workspace (core, CLI, drawing, the app's pure parts)
#   2. browser tests (wasm-bindgen-test in headless Chromium)
#   3. the release build of the site (scripts/build-site.sh -> dist/)
#   4. the end-to-end suite (Playwright + Chromium against dist/ on a static server)
#   5. the site built for a sub-path (build-site.sh --base /cgt-lab/ ->
#      dist-sub/) and the end-to-end suite again, served under /cgt-lab/
#      as GitHub Pages serves a project
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
# shellcheck source=setup.sh
source scripts/setup.sh

step() { printf '\n\033[1m=== %s\033[0m\n' "$*" >&2; }
fail() {
    printf '\n\033[1;31mFAILED:\033[0m %s\n' "$*" >&2
    exit 1
}
start=$SECONDS

step "0/5 import circles and component sizes: scripts/check-import-cycles.py, scripts/check-component-size.py"
python3 scripts/check-import-cycles.py --self-test && python3 scripts/check-import-cycles.py ||
    fail "import circle between files (scripts/check-import-cycles.py; see ARCHITECTURE.md, Invariants)"
python3 scripts/check-component-size.py --self-test && python3 scripts/check-component-size.py ||
    fail "a Leptos component over 200 lines (scripts/check-component-size.py; see ARCHITECTURE.md, Invariants)"

step "1/5 native tests: cargo test --workspace"
cargo test --workspace || fail "native tests (cargo test --workspace)"

step "2/5 browser tests: cargo test --target wasm32-unknown-unknown --test web --profile wasm-test"
CHROMEDRIVER=/usr/bin/chromedriver cargo test --target wasm32-unknown-unknown --test web --profile wasm-test ||
    fail "wasm-bindgen-test browser tests (tests/web.rs)"

step "3/5 release build: scripts/build-site.sh (trunk build --release -> dist/)"
scripts/build-site.sh || fail "scripts/build-site.sh"

step "4/5 end-to-end: node --test tests/e2e/"
node --test tests/e2e/*.test.mjs || fail "end-to-end tests (tests/e2e/, screenshot in tests/e2e/out/)"

step "5/5 the site under a sub-path: build-site.sh --base /cgt-lab/, end-to-end at /cgt-lab/"
scripts/build-site.sh --base /cgt-lab/ --out dist-sub || fail "scripts/build-site.sh --base /cgt-lab/"
DIST=dist-sub SUBPATH=/cgt-lab/ node --test tests/e2e/*.test.mjs || fail "end-to-end tests under /cgt-lab/ (tests/e2e/)"

printf '\n\033[1;32mAll tests passed\033[0m in %d s.\n' $((SECONDS - start)) >&2
