#!/usr/bin/env bash
# Install the Mermaid renderer nodereg checks its Mermaid diagrams with: @mermaid-js/mermaid-cli
# (pinned in diagrams/mermaid/package.json and package-lock.json) driven by Debian's chromium.
#
# Needs the network (the npm registry; Debian's archive for chromium). chromium is installed with
# apt-get only when running as root; otherwise install it yourself (apt-get install chromium) or
# point PUPPETEER_EXECUTABLE_PATH at a Chrome/Chromium. Puppeteer's own browser download is
# skipped: it is not needed and not reachable everywhere.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"

chromium_path() {
  if [ -n "${PUPPETEER_EXECUTABLE_PATH:-}" ] && [ -x "${PUPPETEER_EXECUTABLE_PATH}" ]; then
    echo "$PUPPETEER_EXECUTABLE_PATH"; return 0; fi
  command -v chromium || command -v chromium-browser || return 1
}

if ! chromium_path >/dev/null; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "installing chromium with apt-get (root, network)"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-dejavu-core >/dev/null
  else
    echo "no chromium and no root apt-get: install chromium, or set PUPPETEER_EXECUTABLE_PATH" >&2
    exit 1
  fi
fi

if ! command -v npm >/dev/null 2>&1; then
  echo "npm not found: install Node.js (apt-get install nodejs npm)" >&2
  exit 1
fi
if [ ! -x "$here/mermaid/node_modules/.bin/mmdc" ]; then
  echo "installing @mermaid-js/mermaid-cli with npm ci (network)"
  (cd "$here/mermaid" && PUPPETEER_SKIP_DOWNLOAD=1 npm ci --no-audit --no-fund --loglevel=error)
fi
echo "mmdc: $here/mermaid/node_modules/.bin/mmdc, browser: $(chromium_path)"
