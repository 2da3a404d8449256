import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SessionsRepository } from '@server/db/repositories/sessions';
import { TOUCH_EVERY_MS } from '@server/services/accounts/sessions';
import { buildUser, signedIn, type BuiltUser } from './factories';
import { startTestApp, type TestApp } from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const MINUTE = 60_000;
const DAY = 86_400_000;

/** The user's session rows (one per signed-in client). */
const sessionsOf = (user: BuiltUser) =>
  t.ctx.db
    .selectFrom('sessions')
    .select(['last_seen_at', 'expires_at'])
    .where('user_id', '=', user.id)
    .execute();

/** Calls GET /users/me and waits for the expiry slide it may have started. */
async function me(client: Awaited<ReturnType<typeof signedIn>>) {
  const answer = await client.get('/users/me');
  await t.ctx.sessions.settled();
  return answer;
}

describe('sessions in use', () => {
  it('slide their expiry at most once an interval, not on every call', async () => {
    const user = await buildUser(t.ctx);
    const client = await signedIn(t.baseUrl, user);
    const [started] = await sessionsOf(user);

    t.clock.advance(TOUCH_EVERY_MS - MINUTE);
    expect((await me(client)).status).toBe(200);
    expect(await sessionsOf(user)).toEqual([started]);

    t.clock.advance(2 * MINUTE);
    expect((await me(client)).status).toBe(200);
    const now = t.clock.now();
    expect(await sessionsOf(user)).toEqual([
      {
        last_seen_at: now.toISOString(),
        expires_at: new Date(now.getTime() + 30 * DAY).toISOString(),
      },
    ]);
  });

  it('write one slide for a burst of calls', async () => {
    const user = await buildUser(t.ctx);
    const client = await signedIn(t.baseUrl, user);
    t.clock.advance(TOUCH_EVERY_MS + MINUTE);
    const touch = vi.spyOn(SessionsRepository.prototype, 'touch');
    try {
      const answers = await Promise.all(Array.from({ length: 8 }, () => client.get('/users/me')));
      await t.ctx.sessions.settled();
      expect(answers.map((a) => a.status)).toEqual(Array(8).fill(200));
      expect(touch).toHaveBeenCalledTimes(1);
    } finally {
      touch.mockRestore();
    }
  });

  it('still expire after 30 idle days, however often they were touched before', async () => {
    const user = await buildUser(t.ctx);
    const client = await signedIn(t.baseUrl, user);
    t.clock.advance(29 * DAY);
    expect((await me(client)).status).toBe(200);
    t.clock.advance(29 * DAY);
    expect((await me(client)).status).toBe(200);
    t.clock.advance(30 * DAY + MINUTE);
    const expired = await me(client);
    expect(expired.status).toBe(401);
    expect(await sessionsOf(user)).toEqual([]);
  });

  it('end at once on sign-out and on a password change, within the interval', async () => {
    const user = await buildUser(t.ctx);
    const laptop = await signedIn(t.baseUrl, user);
    const phone = await signedIn(t.baseUrl, user);
    const current = await signedIn(t.baseUrl, user);
    for (const client of [laptop, phone, current]) expect((await me(client)).status).toBe(200);

    expect((await laptop.delete('/users/sign_out')).status).toBe(200);
    expect((await me(laptop)).status).toBe(401);
    expect((await me(phone)).status).toBe(200);

    const changed = await current.post(`/users/${user.id}/update_password`, {
      old_password: user.password,
      new_password: 'a brand new passphrase',
    });
    expect(changed.status).toBe(200);
    expect((await me(phone)).status).toBe(401);
    expect((await me(current)).status).toBe(200);
  });
});

describe('GET /users/me', () => {
  it('answers from the session lookup: one read, the session joined with its user', async () => {
    const user = await buildUser(t.ctx);
    const client = await signedIn(t.baseUrl, user);
    const executor = t.ctx.db.getExecutor();
    const spy = vi.spyOn(executor, 'executeQuery');
    try {
      const answer = await client.get('/users/me');
      expect(answer.status).toBe(200);
      expect(answer.body.response).toMatchObject({ id: user.id, email: user.email, name: user.name });
      const own = spy.mock.calls.filter(([query]) => !/"jobs"|"job_schedules"/.test(query.sql));
      expect(own).toHaveLength(1);
    } finally {
      spy.mockRestore();
    }
  });

  it('reads a profile change at once', async () => {
    const user = await buildUser(t.ctx);
    const client = await signedIn(t.baseUrl, user);
    await t.ctx.db.updateTable('users').set({ name: 'Renamed' }).where('id', '=', user.id).execute();
    expect((await client.get('/users/me')).body.response.name).toBe('Renamed');
  });
});
