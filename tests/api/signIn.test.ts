import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FOREIGN_ORIGIN, INVALID_CREDENTIALS } from '@common/api/errors';
import { RATE_LIMITS } from '@common/limits';
import { delayAfter, SIGN_IN_BACKOFF } from '@server/services/accounts/attemptThrottle';
import { buildUser, signedIn } from './factories';
import { ApiClient, startTestApp, type TestApp } from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('POST /users/sign_in', () => {
  it('signs in with the right password and sets an httpOnly session cookie', async () => {
    const user = await buildUser(t.ctx);
    const client = new ApiClient(t.baseUrl);
    const answer = await client.post('/users/sign_in', {
      email: user.email.toUpperCase(),
      password: user.password,
    });
    expect(answer.status).toBe(200);
    expect(answer.body.response).toMatchObject({ id: user.id, email: user.email });
    expect(answer.headers.get('set-cookie')).toMatch(/HttpOnly/i);
    expect((await client.get('/users/me')).status).toBe(200);
  });

  it('answers a wrong password and an unknown e-mail alike', async () => {
    const user = await buildUser(t.ctx);
    const wrong = await new ApiClient(t.baseUrl).post('/users/sign_in', {
      email: user.email,
      password: 'not the one',
    });
    const unknown = await new ApiClient(t.baseUrl).post('/users/sign_in', {
      email: 'nobody@example.com',
      password: 'whatever1',
    });
    for (const answer of [wrong, unknown]) {
      expect(answer.status).toBe(401);
      expect(answer.body.response.error).toEqual({
        code: 'invalid_credentials',
        message: INVALID_CREDENTIALS,
      });
      expect(answer.headers.get('set-cookie')).toBeNull();
    }
  });

  it('validates the fields', async () => {
    const answer = await new ApiClient(t.baseUrl).post('/users/sign_in', { email: 'nope', password: '' });
    expect(answer.status).toBe(422);
    expect(answer.body.response.error.details).toEqual({
      email: ['Email is invalid.'],
      password: ['Password must not be empty.'],
    });
  });

  it('stops guessing after the limit with 429 and Retry-After, and lets in again after the wait', async () => {
    const user = await buildUser(t.ctx);
    const client = new ApiClient(t.baseUrl);
    for (let i = 0; i < SIGN_IN_BACKOFF.freeAttempts; i++) {
      expect(
        (await client.post('/users/sign_in', { email: user.email, password: `wrong-${i}` })).status,
      ).toBe(401);
    }
    const blocked = await client.post('/users/sign_in', { email: user.email, password: user.password });
    expect(blocked.status).toBe(429);
    expect(blocked.body.response.error.code).toBe('rate_limited');
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);

    t.clock.advance(Number(blocked.headers.get('retry-after')) * 1000);
    expect((await client.post('/users/sign_in', { email: user.email, password: user.password })).status).toBe(
      200,
    );
  });

  it('still limits one address to 10 tries at one account in 15 minutes, however slowly it guesses', async () => {
    const user = await buildUser(t.ctx);
    const client = new ApiClient(t.baseUrl);
    for (let i = 0; i < RATE_LIMITS.signIn.max; i++) {
      const answer = await client.post('/users/sign_in', { email: user.email, password: `slow-${i}` });
      expect(answer.status).toBe(401);
      t.clock.advance(delayAfter(i + 1, SIGN_IN_BACKOFF) * 1000);
    }
    const blocked = await client.post('/users/sign_in', { email: user.email, password: user.password });
    expect(blocked.status).toBe(429);
  });
});

describe('DELETE /users/sign_out', () => {
  it('ends the session on the server, not only in the browser', async () => {
    const user = await buildUser(t.ctx);
    const client = await signedIn(t.baseUrl, user);
    const cookie = await t.ctx.db
      .selectFrom('sessions')
      .select('id')
      .where('user_id', '=', user.id)
      .execute();
    expect(cookie).toHaveLength(1);
    expect((await client.delete('/users/sign_out')).status).toBe(200);
    expect((await client.get('/users/me')).status).toBe(401);
    const left = await t.ctx.db.selectFrom('sessions').select('id').where('user_id', '=', user.id).execute();
    expect(left).toHaveLength(0);
  });
});

describe('GET /users/me', () => {
  it('answers 401 unauthorized without a session or with a forged cookie', async () => {
    const anonymous = await new ApiClient(t.baseUrl).get('/users/me');
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.response.error.code).toBe('unauthorized');
    const forged = await new ApiClient(t.baseUrl).get('/users/me', { cookie: 'proofroom_session=made-up' });
    expect(forged.status).toBe(401);
  });

  it('expires a session after 30 idle days', async () => {
    const client = await signedIn(t.baseUrl, await buildUser(t.ctx));
    t.clock.advance(31 * 86_400_000);
    expect((await client.get('/users/me')).status).toBe(401);
  });
});

describe('same-origin check', () => {
  it('refuses a state-changing call from a foreign origin', async () => {
    const user = await buildUser(t.ctx);
    const client = await signedIn(t.baseUrl, user);
    const foreign = await client.request('DELETE', '/users/sign_out', undefined, {
      origin: 'https://evil.example',
    });
    expect(foreign.status).toBe(403);
    expect(foreign.body.response.error).toEqual({ code: 'forbidden', message: FOREIGN_ORIGIN });
    const crossSite = await client.request('DELETE', '/users/sign_out', undefined, {
      'sec-fetch-site': 'cross-site',
    });
    expect(crossSite.status).toBe(403);
    expect((await client.get('/users/me')).status).toBe(200);
  });

  it('accepts the same call from its own origin', async () => {
    const client = await signedIn(t.baseUrl, await buildUser(t.ctx));
    const own = await client.request('DELETE', '/users/sign_out', undefined, { origin: t.baseUrl });
    expect(own.status).toBe(200);
  });
});
