import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMAIL_TAKEN } from '@common/api/errors';
import { buildUser } from './factories';
import { ApiClient, startTestApp, type TestApp } from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('POST /users/sign_up', () => {
  it('creates the account, signs it in and lower-cases the e-mail', async () => {
    const client = new ApiClient(t.baseUrl);
    const answer = await client.post('/users/sign_up', {
      user: { name: '  Ada Lovelace ', email: 'Ada@Example.COM', password: 'analytical' },
    });
    expect(answer.status).toBe(201);
    expect(answer.body.response).toMatchObject({
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      is_2fa_enabled: false,
    });
    expect(answer.body.response.user_preference).toMatchObject({
      asset_downloads_resolution: 'original',
      email_every: 'once_per_day',
    });
    expect(answer.headers.get('set-cookie')).toMatch(/proofroom_session=.+HttpOnly.*SameSite=Lax/i);
    const me = await client.get('/users/me');
    expect(me.status).toBe(200);
    expect(me.body.response.email).toBe('ada@example.com');
  });

  it('never stores the password in clear', async () => {
    const client = new ApiClient(t.baseUrl);
    await client.post('/users/sign_up', {
      user: { name: 'Plain Text', email: 'plain@example.com', password: 'visible-pw' },
    });
    const row = await t.ctx.uow.read.users.findByEmail('plain@example.com');
    expect(row?.password_hash).toMatch(/^scrypt\$/);
    expect(row?.password_hash).not.toContain('visible-pw');
  });

  it('refuses a taken e-mail, whatever its case', async () => {
    const existing = await buildUser(t.ctx, { email: 'taken@example.com' });
    const answer = await new ApiClient(t.baseUrl).post('/users/sign_up', {
      user: { name: 'Someone', email: existing.email.toUpperCase(), password: 'long enough' },
    });
    expect(answer.status).toBe(422);
    expect(answer.body.response.error).toMatchObject({
      code: 'invalid_record',
      details: { 'user.email': [EMAIL_TAKEN] },
    });
  });

  it("answers each invalid field with the spec's message", async () => {
    const answer = await new ApiClient(t.baseUrl).post('/users/sign_up', {
      user: { name: 'A', email: 'not-an-email', password: 'short' },
    });
    expect(answer.status).toBe(422);
    expect(answer.body.response.error.details).toEqual({
      'user.name': ['Name should be at least 2 characters long.'],
      'user.email': ['Email is invalid.'],
      'user.password': ['Password should be at least 8 characters long.'],
    });
  });

  it('counts a blank name as empty', async () => {
    const answer = await new ApiClient(t.baseUrl).post('/users/sign_up', {
      user: { name: '   ', email: 'blank@example.com', password: 'long enough' },
    });
    expect(answer.body.response.error.details['user.name']).toEqual(['Name must not be empty.']);
  });

  it('refuses a missing body part', async () => {
    const answer = await new ApiClient(t.baseUrl).post('/users/sign_up', {});
    expect(answer.status).toBe(422);
    expect(answer.body.response.error.code).toBe('invalid_record');
  });
});
