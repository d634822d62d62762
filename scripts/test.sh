#!/usr/bin/env bash
# The whole test run on a fresh machine: dependencies, Chromium, the build, then both runners.
set -uo pipefail
cd "$(dirname "$0")/.."

if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  npm ci --no-audit --no-fund || exit 1
fi

chromium="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ ! -x "$chromium" ]; then
  echo "Chromium is missing: installing Debian's chromium (apt-get update && apt-get install -y chromium)"
  if [ "$(id -u)" = 0 ]; then sudo=""; else sudo="sudo"; fi
  $sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq chromium >/dev/null || {
    echo "Could not install chromium: run 'apt-get update && apt-get install -y chromium' as root, or set CHROMIUM_PATH."
    exit 1
  }
fi

npm run typecheck || exit 1
npm run build || exit 1

status=0
npx vitest run || status=1
npx playwright test || status=1
exit $status
