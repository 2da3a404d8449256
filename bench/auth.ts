import { buildUser } from '../tests/api/factories';
import { startTestApp } from '../tests/api/harness';
import { load, printResult } from './load';

/**
 * Figures for the account calls: the session lookup every signed-in call pays (GET /users/me),
 * and sign-in, which is bound by the deliberately slow password hash (scrypt). SQLite by default;
 * PostgreSQL with TEST_DB=postgres. Run: `npm run bench` and `TEST_DB=postgres npm run bench`.
 */
const database = process.env.TEST_DB === 'postgres' ? 'postgres' : 'sqlite';
const t = await startTestApp({ API_RATE_LIMIT_PER_MINUTE: '1000000' });
const json = { 'content-type': 'application/json', origin: t.baseUrl };

// One account per sign-in, so the per-account sign-in limit is not what gets measured.
const users = await Promise.all(Array.from({ length: 40 }, () => buildUser(t.ctx)));
const first = await fetch(`${t.baseUrl}/api/v1/users/sign_in`, {
  method: 'POST',
  headers: json,
  body: JSON.stringify({ email: users[0]?.email, password: users[0]?.password }),
});
const cookie = (first.headers.get('set-cookie') ?? '').split(';')[0] ?? '';

printResult(
  database,
  await load('GET /users/me', 3000, 16, () => fetch(`${t.baseUrl}/api/v1/users/me`, { headers: { cookie } })),
);
printResult(
  database,
  await load('POST /users/sign_in', users.length, 4, (i) =>
    fetch(`${t.baseUrl}/api/v1/users/sign_in`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ email: users[i]?.email, password: users[i]?.password }),
    }),
  ),
);
await t.close();
