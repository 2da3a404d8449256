#!/usr/bin/env bash
# Every check, in the order that fails fastest: system packages; types, lint, formatting and the web
# build side by side; unit and API tests (SQLite, then PostgreSQL on S3); then the browser journeys.
# Each step prints how long it took, so a slow run shows where its time went.
set -euo pipefail
cd "$(dirname "$0")/.."

started=$SECONDS

timed() {
  local name=$1 start=$SECONDS
  shift
  "$@"
  echo "== ${name}: $((SECONDS - start)) s (all so far: $((SECONDS - started)) s)"
}

# tsc and ESLint each keep one core busy for most of their run: on two cores, side by side they take
# about as long as ESLint alone. Each one's output is shown once it ends, failed or not.
static_checks() {
  local dir name i names=(typecheck lint:code lint:format build) pids=() failed=()
  dir=$(mktemp -d)
  for name in "${names[@]}"; do
    npm run --silent "$name" > "$dir/$name.log" 2>&1 &
    pids+=($!)
  done
  for i in "${!names[@]}"; do
    if ! wait "${pids[$i]}"; then failed+=("${names[$i]}"); fi
    echo "-- npm run ${names[$i]}"
    cat "$dir/${names[$i]}.log"
  done
  rm -rf "$dir"
  if [ ${#failed[@]} -gt 0 ]; then
    echo "Failed: ${failed[*]}" >&2
    return 1
  fi
}

api_postgres() {
  if bash scripts/postgres-available.sh; then
    npx vitest run --project api-postgres
  elif [ "${CI:-}" = "true" ]; then
    echo "PostgreSQL must be reachable in CI (${TEST_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/test})." >&2
    return 1
  else
    echo "PostgreSQL is not reachable at ${TEST_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/test}: skipping the PostgreSQL run of the API suite."
  fi
}

timed "system packages" bash scripts/setup-system.sh
timed "types, lint, formatting, web build" static_checks
timed "unit and API tests on SQLite" npx vitest run --project unit --project api-sqlite
timed "API tests on PostgreSQL and S3" api_postgres
timed "browser journeys" npm run test:e2e
