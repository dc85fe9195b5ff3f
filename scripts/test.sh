#!/usr/bin/env bash
# `npm test`: the whole suite — typecheck, lint, format, unit, build, integration, e2e in Chromium.
# Integration tests run on PGlite, and on PostgreSQL too when TEST_DATABASE_URL is set.
set -euo pipefail
cd "$(dirname "$0")/.."

step() { printf '\n\033[1m==> %s\033[0m\n' "$*"; }

# Debian packages the tests use: Chromium for e2e, PostgreSQL's server binaries for the read-replica
# test (it starts its own primary and streaming replica) and the backup drill's pg_dump/pg_restore.
chromium="${CHROMIUM_PATH:-/usr/bin/chromium}"
missing=()
[ -x "$chromium" ] || missing+=(chromium)
compgen -G "/usr/lib/postgresql/*/bin/initdb" >/dev/null || missing+=(postgresql)
command -v pg_dump >/dev/null || missing+=(postgresql-client)
if [ ${#missing[@]} -gt 0 ]; then
  if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
    step "Installing Debian's ${missing[*]} for the tests"
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
  else
    echo "Missing for the tests: ${missing[*]}. Install them with apt-get install ${missing[*]}" >&2
    echo "(or set CHROMIUM_PATH to a Chromium binary), then run npm test again." >&2
    exit 1
  fi
fi

mkdir -p test-results

step "Typecheck"
npm run --silent typecheck

step "Lint"
npm run --silent lint

step "Format"
npm run --silent format:check

step "Unit tests"
npx vitest run --project unit --reporter=default --reporter=json --outputFile.json=test-results/unit.json

step "Build"
npm run --silent build >/dev/null

step "Integration tests (PGlite${TEST_DATABASE_URL:+ and PostgreSQL})"
npx vitest run --project integration --reporter=default --reporter=json --outputFile.json=test-results/integration.json

step "End-to-end tests (Chromium)"
npx playwright test

node scripts/test-summary.ts test-results/unit.json test-results/integration.json test-results/e2e-results.json
