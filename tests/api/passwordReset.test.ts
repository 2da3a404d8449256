import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPIRED_RESET_TOKEN, INVALID_RESET_TOKEN } from '@common/api/errors';
import { RATE_LIMITS, RESET_TOKEN_TTL_MINUTES } from '@common/limits';
import { buildUser, signedIn, type BuiltUser } from './factories';
import { ApiClient, lastMailTo, mailCount, resetTokenFrom, startTestApp, type TestApp } from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

async function requestToken(user: BuiltUser): Promise<string> {
  const answer = await new ApiClient(t.baseUrl).post('/users/password', { email: user.email });
  expect(answer.status).toBe(200);
  return resetTokenFrom((await lastMailTo(t.ctx, user.email))?.text_body ?? '');
}

const reset = (token: string, password = 'brand new pass', confirmation = password) =>
  new ApiClient(t.baseUrl).put('/users/password', {
    password,
    password_confirmation: confirmation,
    reset_password_token: token,
  });

describe('forgot password', () => {
  it('answers a known and an unknown address with the same words, mailing only the known one', async () => {
    const user = await buildUser(t.ctx);
    const known = await new ApiClient(t.baseUrl).post('/users/password', { email: user.email });
    const unknown = await new ApiClient(t.baseUrl).post('/users/password', { email: 'ghost@example.com' });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(unknown.body.response.message.replace('ghost@example.com', '')).toBe(
      known.body.response.message.replace(user.email, ''),
    );
    expect(await mailCount(t.ctx, user.email)).toBe(1);
    expect(await mailCount(t.ctx, 'ghost@example.com')).toBe(0);
    const mail = await lastMailTo(t.ctx, user.email);
    expect(mail?.text_body).toContain('/reset-password?reset_password_token=');
  });

  it('limits reset e-mails per address', async () => {
    const user = await buildUser(t.ctx);
    const client = new ApiClient(t.baseUrl);
    for (let i = 0; i < RATE_LIMITS.resetEmail.max; i++) {
      expect((await client.post('/users/password', { email: user.email })).status).toBe(200);
    }
    const blocked = await client.post('/users/password', { email: user.email });
    expect(blocked.status).toBe(429);
    expect(await mailCount(t.ctx, user.email)).toBe(RATE_LIMITS.resetEmail.max);
  });
});

describe('reset password', () => {
  it('sets the new password, signs in, and signs out every other session', async () => {
    const user = await buildUser(t.ctx);
    const elsewhere = await signedIn(t.baseUrl, user);
    const token = await requestToken(user);
    const answer = await reset(token);
    expect(answer.status).toBe(200);
    expect(answer.body.response.id).toBe(user.id);
    expect((await elsewhere.get('/users/me')).status).toBe(401);
    const old = await new ApiClient(t.baseUrl).post('/users/sign_in', {
      email: user.email,
      password: user.password,
    });
    expect(old.status).toBe(401);
    expect((await signedIn(t.baseUrl, { ...user, password: 'brand new pass' })).signedIn).toBe(true);
  });

  it('refuses a token used once already', async () => {
    const token = await requestToken(await buildUser(t.ctx));
    expect((await reset(token)).status).toBe(200);
    const again = await reset(token, 'another pass 2');
    expect(again.status).toBe(422);
    expect(again.body.response.error.details).toEqual({ reset_password_token: [INVALID_RESET_TOKEN] });
  });

  it('refuses an expired token', async () => {
    const token = await requestToken(await buildUser(t.ctx));
    t.clock.advance((RESET_TOKEN_TTL_MINUTES + 1) * 60_000);
    const answer = await reset(token);
    expect(answer.status).toBe(422);
    expect(answer.body.response.error.details).toEqual({ reset_password_token: [EXPIRED_RESET_TOKEN] });
  });

  it('keeps only the newest link working', async () => {
    const user = await buildUser(t.ctx);
    const first = await requestToken(user);
    const second = await requestToken(user);
    expect((await reset(first)).status).toBe(422);
    expect((await reset(second)).status).toBe(200);
  });

  it('refuses a made-up token', async () => {
    const answer = await reset('made-up-token');
    expect(answer.status).toBe(422);
    expect(answer.body.response.error.details.reset_password_token).toEqual([INVALID_RESET_TOKEN]);
  });

  it("checks length and confirmation with the spec's messages, keeping the token usable", async () => {
    const token = await requestToken(await buildUser(t.ctx));
    const short = await reset(token, 'short');
    expect(short.body.response.error.details.password).toEqual([
      'Password should be at least 8 characters long.',
    ]);
    const mismatch = await reset(token, 'long enough 1', 'long enough 2');
    expect(mismatch.body.response.error.details.password_confirmation).toEqual([
      "Passwords don't match. Try Again",
    ]);
    expect((await reset(token)).status).toBe(200);
  });
});
