#!/usr/bin/env bash
# The whole test run on a fresh machine: Chromium and Java, dependencies, the build, then both runners.
set -uo pipefail
cd "$(dirname "$0")/.."

# Debian packages first, in one apt-get call: Chromium for the browser tests, a Java runtime for the
# Nu Html Checker (tests/unit/html.test.ts). Before `npm ci`, so that vnu-jar's postinstall finds
# Java and does not download one of its own.
chromium="${CHROMIUM_PATH:-/usr/bin/chromium}"
packages=""
[ -x "$chromium" ] || packages="chromium"
if [ -z "${JAVA:-}" ] && ! command -v java >/dev/null 2>&1; then packages="${packages:+$packages }default-jre-headless"; fi
if [ -n "$packages" ]; then
  echo "Missing: $packages. Installing with apt-get update && apt-get install -y $packages"
  if [ "$(id -u)" = 0 ]; then sudo=""; else sudo="sudo"; fi
  # Slim Debian images lack this folder, and the JRE's postinst fails without it.
  case "$packages" in *jre*) $sudo mkdir -p /usr/share/man/man1 ;; esac
  # shellcheck disable=SC2086 # $packages is a list of package names
  { $sudo apt-get update -qq && $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $packages >/dev/null; } </dev/null || {
    echo "Could not install $packages: run 'apt-get update && apt-get install -y $packages' as root." >&2
    echo "(Or set CHROMIUM_PATH to another Chromium, and put Java 11 or later on PATH or set JAVA to it.)" >&2
    exit 1
  }
fi

if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  npm ci --no-audit --no-fund || exit 1
fi

npm run typecheck || exit 1
npm run build || exit 1
# What CI would refuse to ship (scripts/verify.ts).
npm run -s verify || exit 1

status=0
npx vitest run || status=1
npx playwright test || status=1
exit $status
