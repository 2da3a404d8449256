#!/usr/bin/env bash
# Exit 0 when the test PostgreSQL answers (TEST_DATABASE_URL, default the CI machine's).
url="${TEST_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/test}"
node -e "
const pg = require('pg');
const c = new pg.Client({ connectionString: process.argv[1], connectionTimeoutMillis: 3000 });
c.connect().then(() => c.end()).then(() => process.exit(0), () => process.exit(1));
" "$url"
