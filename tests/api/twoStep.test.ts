import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_CODE_MAX_ATTEMPTS, ACCESS_CODE_TTL_MINUTES } from '@common/limits';
import { buildUser, signedIn, type BuiltUser } from './factories';
import { ApiClient, codeFrom, lastMailTo, mailCount, startTestApp, type TestApp } from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

async function askForCode(user: BuiltUser): Promise<{ client: ApiClient; code: string }> {
  // Mail jobs run side by side: an earlier code's mail still queued could be stored after this
  // one's and read as the newest. Let them go out first.
  await t.ctx.jobs.idle();
  const client = new ApiClient(t.baseUrl);
  const first = await client.post('/users/sign_in', { email: user.email, password: user.password });
  expect(first.status).toBe(401);
  expect(first.body.response.error.code).toBe('access_code_required');
  expect(client.signedIn).toBe(false);
  const mail = await lastMailTo(t.ctx, user.email);
  return { client, code: codeFrom(mail?.text_body ?? '') };
}

const withCode = (client: ApiClient, user: BuiltUser, code: string) =>
  client.post('/users/sign_in', { email: user.email, password: user.password, access_code: code });

const otherThan = (code: string) => (code === '000000' ? '111111' : '000000');

describe('two-step verification', () => {
  it('is turned on and off from the user preferences', async () => {
    const user = await buildUser(t.ctx);
    const client = await signedIn(t.baseUrl, user);
    const on = await client.patch(`/users/${user.id}`, { user_preference: { is_2fa_enabled: true } });
    expect(on.body.response.is_2fa_enabled).toBe(true);
    await client.delete('/users/sign_out');

    const { client: next, code } = await askForCode(user);
    expect((await withCode(next, user, code)).status).toBe(200);
    const off = await next.patch(`/users/${user.id}`, {
      user_preference: { is_2fa_enabled: false },
      current_password: user.password,
    });
    expect(off.body.response.is_2fa_enabled).toBe(false);
    await next.delete('/users/sign_out');
    expect((await signedIn(t.baseUrl, user)).signedIn).toBe(true);
  });

  it('e-mails a six-digit code and signs in with it once', async () => {
    const user = await buildUser(t.ctx, { twoStep: true });
    const { client, code } = await askForCode(user);
    const mail = await lastMailTo(t.ctx, user.email);
    expect(mail?.subject).toContain(code);

    const ok = await withCode(client, user, code);
    expect(ok.status).toBe(200);
    const again = await withCode(new ApiClient(t.baseUrl), user, code);
    expect(again.status).toBe(400);
    expect(again.body.response.error.code).toBe('invalid_code');
  });

  it('still needs the password: a right code with a wrong password is refused', async () => {
    const user = await buildUser(t.ctx, { twoStep: true });
    const { client, code } = await askForCode(user);
    const answer = await client.post('/users/sign_in', {
      email: user.email,
      password: 'wrong-password',
      access_code: code,
    });
    expect(answer.status).toBe(401);
    expect(answer.body.response.error.code).toBe('invalid_credentials');
  });

  it('answers a wrong code with 400 invalid_code', async () => {
    const user = await buildUser(t.ctx, { twoStep: true });
    const { client, code } = await askForCode(user);
    const wrong = otherThan(code);
    const answer = await withCode(client, user, wrong);
    expect(answer.status).toBe(400);
    expect(answer.body.response.error.code).toBe('invalid_code');
  });

  it('answers an expired code with 422 unprocessable_code', async () => {
    const user = await buildUser(t.ctx, { twoStep: true });
    const { client, code } = await askForCode(user);
    t.clock.advance((ACCESS_CODE_TTL_MINUTES + 1) * 60_000);
    const answer = await withCode(client, user, code);
    expect(answer.status).toBe(422);
    expect(answer.body.response.error.code).toBe('unprocessable_code');
  });

  it('burns the code after too many wrong tries', async () => {
    const user = await buildUser(t.ctx, { twoStep: true });
    const { client, code } = await askForCode(user);
    const wrong = otherThan(code);
    for (let i = 0; i < ACCESS_CODE_MAX_ATTEMPTS; i++) {
      await withCode(client, user, wrong);
    }
    const answer = await withCode(client, user, code);
    expect(answer.status).toBe(422);
    expect(answer.body.response.error.code).toBe('unprocessable_code');
  });

  it('resends a new code that replaces the old one', async () => {
    const user = await buildUser(t.ctx, { twoStep: true });
    const { client, code: oldCode } = await askForCode(user);
    const resent = await client.put('/users/access_code', { access_code: { email: user.email } });
    expect(resent.status).toBe(200);
    const newCode = codeFrom((await lastMailTo(t.ctx, user.email))?.text_body ?? '');
    if (newCode !== oldCode) {
      const stale = await withCode(client, user, oldCode);
      expect(stale.status).toBe(400);
    }
    const fresh = await withCode(client, user, newCode);
    expect(fresh.status).toBe(200);
  });

  it('answers a resend for an unknown address or an account without two-step alike, sending nothing', async () => {
    const plain = await buildUser(t.ctx);
    for (const email of ['ghost@example.com', plain.email]) {
      const answer = await new ApiClient(t.baseUrl).put('/users/access_code', { access_code: { email } });
      expect(answer.status).toBe(200);
      expect(await mailCount(t.ctx, email)).toBe(0);
    }
  });

  it('limits how many codes are e-mailed', async () => {
    const user = await buildUser(t.ctx, { twoStep: true });
    const client = new ApiClient(t.baseUrl);
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      statuses.push((await client.put('/users/access_code', { access_code: { email: user.email } })).status);
    }
    expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(statuses.slice(5)).toEqual([429, 429]);
    expect(await mailCount(t.ctx, user.email)).toBe(5);
  });

  it('answers resends the same for a two-step account that spent its codes, one without two-step, and nobody', async () => {
    const twoStep = await buildUser(t.ctx, { twoStep: true });
    const plain = await buildUser(t.ctx);
    // The owner's sign-ins spent the codes they may send; resends have an allowance of their own.
    for (let i = 0; i < 5; i++) await askForCode(twoStep);
    const spent = await new ApiClient(t.baseUrl).post('/users/sign_in', {
      email: twoStep.email,
      password: twoStep.password,
    });
    expect(spent.status).toBe(429);
    const sequences: Record<string, number[]> = {};
    for (const email of [twoStep.email, plain.email, `nobody-${plain.id}@example.com`]) {
      const client = new ApiClient(t.baseUrl);
      sequences[email] = [];
      for (let i = 0; i < 7; i++) {
        sequences[email].push((await client.put('/users/access_code', { access_code: { email } })).status);
      }
    }
    expect(sequences[twoStep.email]).toEqual([200, 200, 200, 200, 200, 429, 429]);
    expect(sequences[plain.email]).toEqual(sequences[twoStep.email]);
    expect(sequences[`nobody-${plain.id}@example.com`]).toEqual(sequences[plain.email]);
    expect(await mailCount(t.ctx, plain.email)).toBe(0);
  });
});
