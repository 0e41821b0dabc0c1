#!/usr/bin/env bash
# Install what the app and its tests need, but ONLY what is missing or at the
# wrong version; a second run installs nothing. Safe to run directly or to
# `source` (scripts/serve.sh and scripts/test.sh source it so that the PATH
# it sets up carries over).
#
# Needs: rustup + cargo, node + npm, python3 (a fresh Debian machine).
# Installs: the wasm32-unknown-unknown target; trunk 0.21.14 and
# wasm-bindgen-cli 0.2.130 (cargo install, into ~/.cargo/bin); chromium and
# chromium-driver (apt, unless `setup.sh serve`); the npm devDependencies
# (playwright-core, binaryen's wasm-opt) when node_modules is missing or stale.
#
# Versions are pinned on purpose (see ../shared/spec/toolchain.md): trunk 0.22
# needs a newer rustc; wasm-bindgen must equal the version in Cargo.lock;
# wasm-opt must be npm binaryen (Debian's 108 breaks the page at start-up).

set -euo pipefail

CGT_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
CGT_TRUNK_VERSION=0.21.14
CGT_WASM_BINDGEN_VERSION=0.2.130
CGT_CARGO_BIN="${CARGO_HOME:-$HOME/.cargo}/bin"
export PATH="$CGT_ROOT/node_modules/.bin:$CGT_CARGO_BIN:$PATH"

cgt_say() { printf '==> %s\n' "$*" >&2; }
cgt_die() { printf 'setup: error: %s\n' "$*" >&2; exit 1; }

cgt_setup() {
    local mode="${1:-all}"

    for tool in cargo rustup node npm python3; do
        command -v "$tool" >/dev/null 2>&1 || cgt_die "'$tool' is not installed (this project needs rustup/cargo, node/npm and python3)"
    done

    # Rust target for the browser.
    if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
        cgt_say "adding the wasm32-unknown-unknown target"
        rustup target add wasm32-unknown-unknown
    fi

    # Trunk (builds and serves the app).
    if [ "$(trunk --version 2>/dev/null | awk '{print $2}')" != "$CGT_TRUNK_VERSION" ]; then
        cgt_say "installing trunk $CGT_TRUNK_VERSION (cargo install, about 9 minutes)"
        cargo install "trunk@$CGT_TRUNK_VERSION" --locked
    fi

    # wasm-bindgen CLI and the wasm-bindgen-test runner, same version as Cargo.lock.
    # No --locked: its lock file names a crate version the registry lacks.
    if [ "$(wasm-bindgen --version 2>/dev/null | awk '{print $2}')" != "$CGT_WASM_BINDGEN_VERSION" ] ||
        [ "$(wasm-bindgen-test-runner --version 2>/dev/null | awk '{print $2}')" != "$CGT_WASM_BINDGEN_VERSION" ]; then
        cgt_say "installing wasm-bindgen-cli $CGT_WASM_BINDGEN_VERSION (cargo install, about 3 minutes)"
        cargo install wasm-bindgen-cli --version "$CGT_WASM_BINDGEN_VERSION"
    fi

    # Headless browser for the tests (not needed just to serve).
    if [ "$mode" != serve ] && { [ ! -x /usr/bin/chromium ] || [ ! -x /usr/bin/chromedriver ]; }; then
        cgt_say "installing chromium and chromium-driver (apt)"
        local sudo=""
        if [ "$(id -u)" -ne 0 ]; then
            command -v sudo >/dev/null 2>&1 || cgt_die "need root or sudo to apt-get install chromium chromium-driver"
            sudo=sudo
        fi
        $sudo apt-get update
        DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y --no-install-recommends chromium chromium-driver
    fi

    # npm devDependencies: reinstall when node_modules is missing or was
    # installed from a different lock file (stamp = hash of package-lock.json).
    local want have
    want="$(sha256sum "$CGT_ROOT/package-lock.json" | cut -d' ' -f1)"
    have="$(cat "$CGT_ROOT/node_modules/.cgt-lock-stamp" 2>/dev/null || true)"
    if [ "$want" != "$have" ] || [ ! -x "$CGT_ROOT/node_modules/.bin/wasm-opt" ]; then
        cgt_say "installing npm devDependencies (npm ci)"
        (cd "$CGT_ROOT" && npm ci --no-audit --no-fund)
        printf '%s\n' "$want" >"$CGT_ROOT/node_modules/.cgt-lock-stamp"
    fi

    # The wasm-opt Trunk will find first on PATH must be npm's.
    local wasm_opt
    wasm_opt="$(command -v wasm-opt || true)"
    [ "$wasm_opt" = "$CGT_ROOT/node_modules/.bin/wasm-opt" ] || cgt_die "wasm-opt on PATH is '$wasm_opt', expected node_modules/.bin/wasm-opt"
}

cgt_setup "${1:-all}"

# Executed (not sourced): say how to get the same PATH.
if [ "${BASH_SOURCE[0]}" = "$0" ]; then
    cgt_say "tools ready. For a shell with them on PATH:"
    printf 'export PATH="%s:%s:$PATH"\n' "$CGT_ROOT/node_modules/.bin" "$CGT_CARGO_BIN"
fi
