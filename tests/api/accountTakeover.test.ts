import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CURRENT_PASSWORD_REQUIRED, WRONG_OLD_PASSWORD } from '@common/api/errors';
import { buildUser, signedIn } from './factories';
import { ApiClient, lastMailTo, mailCount, startTestApp, type TestApp } from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) data.append(key, value);
  return data;
};

/** A stolen session must not be enough to keep the account: these changes ask for the password. */
describe('changing the e-mail', () => {
  it('asks for the current password, and refuses a wrong one, changing nothing', async () => {
    const user = await buildUser(t.ctx);
    const session = await signedIn(t.baseUrl, user);

    const missing = await session.patch(`/users/${user.id}`, form({ email: 'thief@example.com' }));
    expect(missing.status).toBe(422);
    expect(missing.body.response.error.details).toEqual({ current_password: [CURRENT_PASSWORD_REQUIRED] });

    const wrong = await session.patch(
      `/users/${user.id}`,
      form({ email: 'thief@example.com', current_password: 'not the password' }),
    );
    expect(wrong.status).toBe(422);
    expect(wrong.body.response.error.details).toEqual({ current_password: [WRONG_OLD_PASSWORD] });
    expect((await t.ctx.uow.read.users.findById(user.id))?.email).toBe(user.email);
    expect(await mailCount(t.ctx, user.email)).toBe(0);
  });

  it('changes it with the password and tells the old address, naming the new one', async () => {
    const user = await buildUser(t.ctx, { name: 'Ada Old' });
    const session = await signedIn(t.baseUrl, user);
    const answer = await session.patch(
      `/users/${user.id}`,
      form({ email: 'ada.new@example.com', current_password: user.password }),
    );
    expect(answer.status).toBe(200);
    expect(answer.body.response.email).toBe('ada.new@example.com');

    const notice = await lastMailTo(t.ctx, user.email);
    expect(notice?.subject).toBe('Your Proofroom e-mail address was changed');
    expect(notice?.text_body).toContain('ada.new@example.com');
    expect(notice?.text_body).toContain('Hi Ada Old,');
    expect(await mailCount(t.ctx, 'ada.new@example.com')).toBe(0);
  });

  it('needs no password for a name alone, or for the same address in another case', async () => {
    const user = await buildUser(t.ctx);
    const session = await signedIn(t.baseUrl, user);
    expect((await session.patch(`/users/${user.id}`, form({ name: 'Only Name' }))).status).toBe(200);
    expect((await session.patch(`/users/${user.id}`, form({ email: user.email.toUpperCase() }))).status).toBe(
      200,
    );
    expect(await mailCount(t.ctx, user.email)).toBe(0);
  });
});

describe('turning two-step verification off', () => {
  it('asks for the current password, refuses a wrong one, and keeps it on', async () => {
    const user = await buildUser(t.ctx, { twoStep: true });
    const session = await signedIn(t.baseUrl, user).catch(() => null);
    // Two-step is on: sign in with the e-mailed code.
    expect(session).toBeNull();
    const client = await signInWithCode(user);

    const missing = await client.patch(`/users/${user.id}`, { user_preference: { is_2fa_enabled: false } });
    expect(missing.status).toBe(422);
    expect(missing.body.response.error.details).toEqual({ current_password: [CURRENT_PASSWORD_REQUIRED] });
    const wrong = await client.patch(`/users/${user.id}`, {
      user_preference: { is_2fa_enabled: false },
      current_password: 'guess',
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body.response.error.details).toEqual({ current_password: [WRONG_OLD_PASSWORD] });
    expect((await t.ctx.uow.read.users.preferencesOf(user.id)).is_2fa_enabled).toBe(1);
  });

  it('turns it off with the password and signs out every other session, keeping this one', async () => {
    const user = await buildUser(t.ctx, { twoStep: true });
    const mine = await signInWithCode(user);
    const other = await signInWithCode(user);
    expect((await other.get('/users/me')).status).toBe(200);

    const off = await mine.patch(`/users/${user.id}`, {
      user_preference: { is_2fa_enabled: false },
      current_password: user.password,
    });
    expect(off.status).toBe(200);
    expect(off.body.response.is_2fa_enabled).toBe(false);
    expect((await other.get('/users/me')).status).toBe(401);
    expect((await mine.get('/users/me')).status).toBe(200);
  });

  it('turns it on without the password, signing nobody out', async () => {
    const user = await buildUser(t.ctx);
    const mine = await signedIn(t.baseUrl, user);
    const other = await signedIn(t.baseUrl, user);
    const on = await mine.patch(`/users/${user.id}`, { user_preference: { is_2fa_enabled: true } });
    expect(on.status).toBe(200);
    expect((await other.get('/users/me')).status).toBe(200);
  });
});

describe('guessing the current password from a stolen session', () => {
  it('is refused with 429 after 10 tries in 15 minutes, across the calls that ask for it', async () => {
    const user = await buildUser(t.ctx);
    const session = await signedIn(t.baseUrl, user);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      const answer = await session.patch(
        `/users/${user.id}`,
        form({ email: `guess${i}@example.com`, current_password: `guess ${i}` }),
      );
      statuses.push(answer.status);
    }
    for (let i = 0; i < 5; i += 1) {
      const answer = await session.post(`/users/${user.id}/update_password`, {
        old_password: `guess number ${i}`,
        new_password: 'a brand new password',
      });
      statuses.push(answer.status);
    }
    expect(statuses.slice(0, 10).every((s) => s === 422)).toBe(true);
    expect(statuses[10]).toBe(429);
    // Even the right password waits for the window to pass.
    const right = await session.patch(
      `/users/${user.id}`,
      form({ email: 'late@example.com', current_password: user.password }),
    );
    expect(right.status).toBe(429);
    t.clock.advance(16 * 60_000);
    const later = await session.patch(
      `/users/${user.id}`,
      form({ email: 'late@example.com', current_password: user.password }),
    );
    expect(later.status).toBe(200);
  });
});

async function signInWithCode(user: { email: string; password: string }): Promise<ApiClient> {
  // Mail jobs run side by side: an earlier code's mail still queued could be stored after this
  // one's and read as the newest. Let them go out first.
  await t.ctx.jobs.idle();
  const client = new ApiClient(t.baseUrl);
  const first = await client.post('/users/sign_in', { email: user.email, password: user.password });
  expect(first.body.response.error.code).toBe('access_code_required');
  const code = /\b(\d{6})\b/.exec((await lastMailTo(t.ctx, user.email))?.text_body ?? '')?.[1];
  const second = await client.post('/users/sign_in', {
    email: user.email,
    password: user.password,
    access_code: code,
  });
  expect(second.status).toBe(200);
  return client;
}
