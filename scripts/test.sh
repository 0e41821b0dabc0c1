#!/usr/bin/env bash
# Install whatever is missing, then run every test, stopping at the first
# failure:
#   0. no import circle between the files of any crate, the app's layers one
#      way, no Leptos component over 200 lines (a fraction of a second); then
#      rustfmt, clippy with warnings as errors (native and the app's wasm
#      build) and rustdoc without warnings (a few minutes)
#   1. native tests of the workspace (core, CLI, drawing, the app's pure parts)
#   2. browser tests (wasm-bindgen-test in headless Chromium)
#   3. the release build of the site for a sub-path (build-site.sh --base
#      /cgt-lab/ -> dist-sub/), as GitHub Pages serves a project
#   4. the end-to-end suite (Playwright + Chromium) against dist-sub/ served
#      under /cgt-lab/: the stricter case, run once
#   5. the relative build (build-site.sh -> dist/, the same wasm) and a smoke
#      test of it at a host's root (tests/e2e/smoke.root.mjs)
# At the end (also on a failure) each step's time is printed.
#
# No test here holds the machine to a speed: a busy laptop must pass.
# Frame times are a benchmark (scripts/bench-frames.sh), speed targets are
# `cgt bench` and scripts/bench_*.sh.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

declare -a step_names=() step_secs=()
step_now=""
step_t0=$SECONDS
start=$SECONDS
step_done() {
    if [ -n "$step_now" ]; then
        step_names+=("$step_now")
        step_secs+=($((SECONDS - step_t0)))
    fi
    step_now=""
}
report_times() {
    step_done
    printf '\n\033[1mstep times\033[0m\n' >&2
    local k
    for k in "${!step_names[@]}"; do
        printf '  %6d s  %s\n' "${step_secs[$k]}" "${step_names[$k]}" >&2
    done
    printf '  %6d s  total\n' $((SECONDS - start)) >&2
}
trap report_times EXIT
step() {
    step_done
    step_now="$*"
    step_t0=$SECONDS
    printf '\n\033[1m=== %s\033[0m\n' "$*" >&2
}
fail() {
    printf '\n\033[1;31mFAILED:\033[0m %s\n' "$*" >&2
    exit 1
}

step "setup: install what is missing (scripts/setup.sh)"
# shellcheck source=setup.sh
source scripts/setup.sh

step "0/5 import circles and component sizes: scripts/check-import-cycles.py, scripts/check-component-size.py"
python3 scripts/check-import-cycles.py --self-test && python3 scripts/check-import-cycles.py ||
    fail "import circle between files (scripts/check-import-cycles.py; see ARCHITECTURE.md, Invariants)"
python3 scripts/check-layers.py --self-test && python3 scripts/check-layers.py || fail "an import against the app's layers (scripts/check-layers.py: shell > pages > shared)"
python3 scripts/check-component-size.py --self-test && python3 scripts/check-component-size.py ||
    fail "a Leptos component over 200 lines (scripts/check-component-size.py; see ARCHITECTURE.md, Invariants)"

step "0/5 format, lints and docs: cargo fmt --check, cargo clippy -D warnings, cargo doc"
cargo fmt --all -- --check || fail "formatting (run cargo fmt --all; rustfmt.toml has the style)"
cargo clippy --workspace --all-targets -- -D warnings || fail "clippy warnings (native)"
cargo clippy -p cgt-lab --target wasm32-unknown-unknown --lib --bins --tests -- -D warnings || fail "clippy warnings (the app's wasm build)"
# The libraries' public docs; the app's docs with its private items (its
# module docs are a map of its components, which are private).
RUSTDOCFLAGS="-D warnings" cargo doc --no-deps --lib -p cgt-core -p cgt-draw -p cgt-memcap || fail "rustdoc warnings (core, draw, memcap)"
RUSTDOCFLAGS="-D warnings -A rustdoc::private-intra-doc-links" cargo doc --no-deps --lib --document-private-items -p cgt-lab --target wasm32-unknown-unknown ||
    fail "rustdoc warnings (the app)"

step "1/5 native tests: cargo test --workspace"
cargo test --workspace || fail "native tests (cargo test --workspace)"

step "2/5 browser tests: cargo test --target wasm32-unknown-unknown --test web --profile wasm-test"
CHROMEDRIVER=/usr/bin/chromedriver cargo test --target wasm32-unknown-unknown --test web --profile wasm-test ||
    fail "wasm-bindgen-test browser tests (tests/web.rs)"

step "3/5 release build for a sub-path: scripts/build-site.sh --base /cgt-lab/ --out dist-sub"
scripts/build-site.sh --base /cgt-lab/ --out dist-sub || fail "scripts/build-site.sh --base /cgt-lab/"

step "4/5 end-to-end under /cgt-lab/: DIST=dist-sub SUBPATH=/cgt-lab/ node --test tests/e2e/"
DIST=dist-sub SUBPATH=/cgt-lab/ node --test tests/e2e/*.test.mjs ||
    fail "end-to-end tests under /cgt-lab/ (tests/e2e/, screenshots in tests/e2e/out/)"

step "5/5 the relative build at a host's root: scripts/build-site.sh -> dist/, tests/e2e/smoke.root.mjs"
scripts/build-site.sh || fail "scripts/build-site.sh"
node --test tests/e2e/smoke.root.mjs || fail "smoke test at the root (tests/e2e/smoke.root.mjs)"
step_done

printf '\n\033[1;32mAll tests passed\033[0m in %d s.\n' $((SECONDS - start)) >&2
