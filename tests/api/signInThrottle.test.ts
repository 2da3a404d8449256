import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { delayAfter, SIGN_IN_BACKOFF } from '@server/services/accounts/attemptThrottle';
import { buildUser } from './factories';
import { ApiClient, lastMailTo, resetTokenFrom, startTestApp, type TestApp } from './harness';

let t: TestApp;
beforeAll(async () => {
  // Addresses come from X-Forwarded-For, so one test can be five callers.
  t = await startTestApp({ TRUST_PROXY: 'true' });
});
afterAll(() => t.close());

const fromAddress = (n: number) => ({ 'x-forwarded-for': `198.51.100.${n}` });

async function signIn(client: ApiClient, email: string, password: string, address: number) {
  return client.post('/users/sign_in', { email, password }, fromAddress(address));
}

describe('growing delays per account', () => {
  it('doubles the wait after five tries and caps it at 15 minutes', () => {
    const waits = [1, 4, 5, 6, 7, 8, 14, 15, 40].map((n) => delayAfter(n, SIGN_IN_BACKOFF));
    expect(waits).toEqual([0, 0, 2, 4, 8, 16, 900, 900, 900]);
  });

  it('stops 50 wrong passwords from five addresses after the first five, whatever the address', async () => {
    const user = await buildUser(t.ctx);
    const statuses: number[] = [];
    for (let i = 0; i < 50; i += 1) {
      const answer = await signIn(new ApiClient(t.baseUrl), user.email, `wrong ${i}`, i % 5);
      statuses.push(answer.status);
    }
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(45);
  });

  it('answers an unknown address exactly as a known one, so accounts cannot be found this way', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 8; i += 1) {
      statuses.push((await signIn(new ApiClient(t.baseUrl), 'nobody-here@example.com', 'x', i)).status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429, 429]);
  });

  it('lets the owner in once the wait is over, tells how long to wait, and starts afresh after a success', async () => {
    const user = await buildUser(t.ctx);
    for (let i = 0; i < 5; i += 1) await signIn(new ApiClient(t.baseUrl), user.email, 'wrong', 7);
    const early = await signIn(new ApiClient(t.baseUrl), user.email, user.password, 8);
    expect(early.status).toBe(429);
    expect(early.headers.get('retry-after')).toBe('2');

    t.clock.advance(2_000);
    expect((await signIn(new ApiClient(t.baseUrl), user.email, user.password, 8)).status).toBe(200);
    // The success cleared the count: five free tries again.
    for (let i = 0; i < 4; i += 1) {
      expect((await signIn(new ApiClient(t.baseUrl), user.email, 'wrong', 9)).status).toBe(401);
    }
  });

  it('never locks the owner out for good: after a long attack the wait is at most 15 minutes', async () => {
    const user = await buildUser(t.ctx);
    for (let i = 0; i < 30; i += 1) {
      await signIn(new ApiClient(t.baseUrl), user.email, 'wrong', i % 5);
      t.clock.advance(20 * 60_000);
    }
    expect((await signIn(new ApiClient(t.baseUrl), user.email, user.password, 20)).status).toBe(200);
  });

  it("keeps a browser that signed in before out of strangers' delays", async () => {
    const user = await buildUser(t.ctx);
    const ownersBrowser = new ApiClient(t.baseUrl);
    expect((await signIn(ownersBrowser, user.email, user.password, 30)).status).toBe(200);
    await ownersBrowser.delete('/users/sign_out');

    for (let i = 0; i < 12; i += 1) await signIn(new ApiClient(t.baseUrl), user.email, 'wrong', i % 5);
    expect((await signIn(new ApiClient(t.baseUrl), user.email, user.password, 31)).status).toBe(429);
    expect((await signIn(ownersBrowser, user.email, user.password, 30)).status).toBe(200);

    // A forged device cookie is a stranger.
    const forger = new ApiClient(t.baseUrl);
    const forged = await forger.post(
      '/users/sign_in',
      { email: user.email, password: user.password },
      { ...fromAddress(32), cookie: 'proofroom_device=abc.def' },
    );
    expect(forged.status).toBe(429);
  });

  it('forgets the failures when the owner resets the password by e-mail', async () => {
    const user = await buildUser(t.ctx);
    for (let i = 0; i < 10; i += 1) await signIn(new ApiClient(t.baseUrl), user.email, 'wrong', i % 5);
    await new ApiClient(t.baseUrl).post('/users/password', { email: user.email });
    const token = resetTokenFrom((await lastMailTo(t.ctx, user.email))?.text_body ?? '');
    const reset = await new ApiClient(t.baseUrl).put('/users/password', {
      password: 'a whole new password',
      password_confirmation: 'a whole new password',
      reset_password_token: token,
    });
    expect(reset.status).toBe(200);
    expect((await signIn(new ApiClient(t.baseUrl), user.email, 'a whole new password', 40)).status).toBe(200);
  });

  it('counts a burst of parallel guesses in full', async () => {
    const user = await buildUser(t.ctx);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => signIn(new ApiClient(t.baseUrl), user.email, `guess ${i}`, i % 5)),
    );
    const wrongPasswordAnswers = answers.filter((a) => a.status === 401).length;
    expect(wrongPasswordAnswers).toBeLessThanOrEqual(5);
    expect(answers.every((a) => a.status === 401 || a.status === 429)).toBe(true);
  });
});
