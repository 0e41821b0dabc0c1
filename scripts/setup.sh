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
CGT_WASM_SPLIT_VERSION=0.2.4
# scripts/bin first: its wasm-bindgen splits the app's pages into their own
# wasm files before calling the real one (see the script).
export PATH="$CGT_ROOT/scripts/bin:$CGT_ROOT/node_modules/.bin:$CGT_CARGO_BIN:$PATH"

cgt_say() { printf '==> %s\n' "$*" >&2; }
cgt_die() { printf 'setup: error: %s\n' "$*" >&2; exit 1; }

cgt_setup() {
    local mode="${1:-all}"

    for tool in cargo rustup node npm python3; do
        command -v "$tool" >/dev/null 2>&1 || cgt_die "'$tool' is not installed (this project needs rustup/cargo, node/npm and python3)"
    done

    # The formatter and the linter, which scripts/test.sh runs first.
    local comp
    for comp in rustfmt clippy; do
        if ! rustup component list --installed | grep -q "^$comp"; then
            cgt_say "adding the $comp component"
            rustup component add "$comp"
        fi
    done

    # Rust target for the browser.
    if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
        cgt_say "adding the wasm32-unknown-unknown target"
        rustup target add wasm32-unknown-unknown
    fi

    # What is missing is installed side by side (the two cargo installs
    # compile together, npm and apt download meanwhile), each into its own
    # log, printed if it fails; each step says how long it took.
    local logs t_all=$SECONDS
    logs="$(mktemp -d)"
    local -a names=() pids=()
    cgt_bg() {
        local name="$1"
        shift
        cgt_say "$name: started"
        (
            t0=$SECONDS
            rc=0
            "$@" >"$logs/$name.log" 2>&1 || rc=$?
            echo $((SECONDS - t0)) >"$logs/$name.time"
            exit "$rc"
        ) &
        names+=("$name")
        pids+=($!)
    }

    # Trunk (builds and serves the app).
    if [ "$(trunk --version 2>/dev/null | awk '{print $2}')" != "$CGT_TRUNK_VERSION" ]; then
        cgt_bg "trunk $CGT_TRUNK_VERSION (cargo install, about 9 minutes alone)" cargo install "trunk@$CGT_TRUNK_VERSION" --locked
    fi

    # wasm-bindgen CLI and the wasm-bindgen-test runner, same version as Cargo.lock.
    # No --locked: its lock file names a crate version the registry lacks.
    if [ "$(wasm-bindgen --version 2>/dev/null | awk '{print $2}')" != "$CGT_WASM_BINDGEN_VERSION" ] ||
        [ "$(wasm-bindgen-test-runner --version 2>/dev/null | awk '{print $2}')" != "$CGT_WASM_BINDGEN_VERSION" ]; then
        cgt_bg "wasm-bindgen-cli $CGT_WASM_BINDGEN_VERSION (cargo install, about 3 minutes alone)" cargo install wasm-bindgen-cli --version "$CGT_WASM_BINDGEN_VERSION"
    fi

    # wasm-split-cli: cuts the app's wasm at its #[lazy] pages (scripts/bin/wasm-bindgen).
    if ! command -v wasm-split-cli >/dev/null 2>&1 || ! cargo install --list | grep -qx "wasm_split_cli_support v$CGT_WASM_SPLIT_VERSION:"; then
        cgt_bg "wasm-split-cli $CGT_WASM_SPLIT_VERSION (cargo install, about 2 minutes alone)" cargo install wasm_split_cli_support --version "$CGT_WASM_SPLIT_VERSION" --features build-binary
    fi

    # Headless browser for the tests (not needed just to serve).
    if [ "$mode" != serve ] && { [ ! -x /usr/bin/chromium ] || [ ! -x /usr/bin/chromedriver ]; }; then
        local sudo=""
        if [ "$(id -u)" -ne 0 ]; then
            command -v sudo >/dev/null 2>&1 || cgt_die "need root or sudo to apt-get install chromium chromium-driver"
            sudo=sudo
        fi
        if [ -z "$sudo" ]; then
            cgt_bg "chromium and chromium-driver (apt)" sh -c "apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends chromium chromium-driver"
        else
            # sudo may ask for a password: in the foreground.
            cgt_say "installing chromium and chromium-driver (apt)"
            $sudo apt-get update
            DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y --no-install-recommends chromium chromium-driver
        fi
    fi

    # npm devDependencies: reinstall when node_modules is missing or was
    # installed from a different lock file (stamp = hash of package-lock.json).
    local want have
    want="$(sha256sum "$CGT_ROOT/package-lock.json" | cut -d' ' -f1)"
    have="$(cat "$CGT_ROOT/node_modules/.cgt-lock-stamp" 2>/dev/null || true)"
    if [ "$want" != "$have" ] || [ ! -x "$CGT_ROOT/node_modules/.bin/wasm-opt" ]; then
        cgt_bg "npm devDependencies (npm ci)" sh -c "cd '$CGT_ROOT' && npm ci --no-audit --no-fund --prefer-offline && printf '%s\\n' '$want' >node_modules/.cgt-lock-stamp"
    fi

    local k failed=""
    for k in "${!pids[@]}"; do
        if wait "${pids[$k]}"; then
            cgt_say "${names[$k]}: done in $(cat "$logs/${names[$k]}.time" 2>/dev/null || echo '?') s"
        else
            printf 'setup: %s failed; the end of its log:\n' "${names[$k]}" >&2
            tail -n 40 "$logs/${names[$k]}.log" >&2
            failed="${names[$k]}"
        fi
    done
    rm -rf "$logs"
    [ -z "$failed" ] || cgt_die "$failed failed"
    [ ${#pids[@]} -eq 0 ] || cgt_say "installed what was missing in $((SECONDS - t_all)) s"

    # The wasm-opt Trunk will find first on PATH must be npm's.
    local wasm_opt
    wasm_opt="$(command -v wasm-opt || true)"
    [ "$wasm_opt" = "$CGT_ROOT/node_modules/.bin/wasm-opt" ] || cgt_die "wasm-opt on PATH is '$wasm_opt', expected node_modules/.bin/wasm-opt"
}

cgt_setup "${1:-all}"

# Executed (not sourced): say how to get the same PATH.
if [ "${BASH_SOURCE[0]}" = "$0" ]; then
    cgt_say "tools ready. For a shell with them on PATH:"
    printf 'export PATH="%s:%s:%s:$PATH"\n' "$CGT_ROOT/scripts/bin" "$CGT_ROOT/node_modules/.bin" "$CGT_CARGO_BIN"
fi
