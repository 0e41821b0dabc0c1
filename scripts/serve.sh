#!/usr/bin/env bash
# Install whatever is missing, then serve the app with live reload at
# http://127.0.0.1:8080 (address and port are in Trunk.toml).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
# shellcheck source=setup.sh
source scripts/setup.sh serve
echo "==> serving on http://127.0.0.1:8080 (Ctrl-C to stop)" >&2
exec trunk serve "$@"
