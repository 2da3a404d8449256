#!/usr/bin/env bash
# Every check, in the order that fails fastest: system packages, types, lint, unit and API tests
# (SQLite and PostgreSQL), the web build, then the browser journeys.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/setup-system.sh
npm run typecheck
npm run lint
npx vitest run --project unit --project api-sqlite
if bash scripts/postgres-available.sh; then
  npx vitest run --project api-postgres
elif [ "${CI:-}" = "true" ]; then
  echo "PostgreSQL must be reachable in CI (${TEST_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/test})." >&2
  exit 1
else
  echo "PostgreSQL is not reachable at ${TEST_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/test}: skipping the PostgreSQL run of the API suite."
fi
npm run build
npm run test:e2e
