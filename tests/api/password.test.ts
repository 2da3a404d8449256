import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WRONG_OLD_PASSWORD } from '@common/api/errors';
import { buildUser, signedIn, type BuiltUser } from './factories';
import { ApiClient, startTestApp, type TestApp } from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const NEW_PASSWORD = 'a brand new secret';

async function signInStatus(email: string, password: string): Promise<number> {
  return (await new ApiClient(t.baseUrl).post('/users/sign_in', { email, password })).status;
}

async function passwordHashOf(user: BuiltUser) {
  return (await t.ctx.uow.read.users.findById(user.id))?.password_hash;
}

describe('POST /users/{id}/update_password', () => {
  it('changes the password: the new one signs in, the old one no longer does', async () => {
    const user = await buildUser(t.ctx);
    const client = await signedIn(t.baseUrl, user);
    const answer = await client.post(`/users/${user.id}/update_password`, {
      old_password: user.password,
      new_password: NEW_PASSWORD,
    });
    expect(answer.status).toBe(200);
    expect(answer.body.response.message).toEqual(expect.any(String));

    expect(await signInStatus(user.email, NEW_PASSWORD)).toBe(200);
    const old = await new ApiClient(t.baseUrl).post('/users/sign_in', {
      email: user.email,
      password: user.password,
    });
    expect(old.status).toBe(401);
    expect(old.body.response.error.code).toBe('invalid_credentials');
  });

  it("signs out the user's other sessions but keeps the current one and other users' sessions", async () => {
    const user = await buildUser(t.ctx);
    const otherUser = await buildUser(t.ctx);
    const laptop = await signedIn(t.baseUrl, user);
    const phone = await signedIn(t.baseUrl, user);
    const current = await signedIn(t.baseUrl, user);
    const someoneElse = await signedIn(t.baseUrl, otherUser);
    expect((await laptop.get('/users/me')).status).toBe(200);

    const answer = await current.post(`/users/${user.id}/update_password`, {
      old_password: user.password,
      new_password: NEW_PASSWORD,
    });
    expect(answer.status).toBe(200);

    for (const signedOut of [laptop, phone]) {
      const me = await signedOut.get('/users/me');
      expect(me.status).toBe(401);
      expect(me.body.response.error.code).toBe('unauthorized');
    }
    const stillIn = await current.get('/users/me');
    expect(stillIn.status).toBe(200);
    expect(stillIn.body.response.id).toBe(user.id);
    expect((await someoneElse.get('/users/me')).status).toBe(200);
  });

  it('refuses a wrong old password with 422 details.old_password and changes nothing', async () => {
    const user = await buildUser(t.ctx);
    const laptop = await signedIn(t.baseUrl, user);
    const client = await signedIn(t.baseUrl, user);
    const hashBefore = await passwordHashOf(user);

    const answer = await client.post(`/users/${user.id}/update_password`, {
      old_password: 'not the password',
      new_password: NEW_PASSWORD,
    });
    expect(answer.status).toBe(422);
    expect(answer.body.response.error).toMatchObject({
      code: 'invalid_record',
      details: { old_password: [WRONG_OLD_PASSWORD] },
    });

    expect(await passwordHashOf(user)).toBe(hashBefore);
    expect(await signInStatus(user.email, user.password)).toBe(200);
    expect(await signInStatus(user.email, NEW_PASSWORD)).toBe(401);
    expect((await laptop.get('/users/me')).status).toBe(200);
  });

  it('refuses passwords shorter than 8 characters, each with its own message', async () => {
    const user = await buildUser(t.ctx);
    const client = await signedIn(t.baseUrl, user);
    const hashBefore = await passwordHashOf(user);

    const both = await client.post(`/users/${user.id}/update_password`, {
      old_password: 'short',
      new_password: '1234567',
    });
    expect(both.status).toBe(422);
    expect(both.body.response.error).toMatchObject({ code: 'invalid_record' });
    expect(both.body.response.error.details).toEqual({
      old_password: ['Old password should be at least 8 characters long.'],
      new_password: ['New password should be at least 8 characters long.'],
    });

    const newOnly = await client.post(`/users/${user.id}/update_password`, {
      old_password: user.password,
      new_password: 'seven77',
    });
    expect(newOnly.status).toBe(422);
    expect(newOnly.body.response.error.details).toEqual({
      new_password: ['New password should be at least 8 characters long.'],
    });
    expect(await passwordHashOf(user)).toBe(hashBefore);
  });

  it('accepts a new password of exactly 8 characters', async () => {
    const user = await buildUser(t.ctx);
    const client = await signedIn(t.baseUrl, user);
    const answer = await client.post(`/users/${user.id}/update_password`, {
      old_password: user.password,
      new_password: 'eight888',
    });
    expect(answer.status).toBe(200);
    expect(await signInStatus(user.email, 'eight888')).toBe(200);
  });

  it('refuses missing fields as empty', async () => {
    const user = await buildUser(t.ctx);
    const client = await signedIn(t.baseUrl, user);
    const answer = await client.post(`/users/${user.id}/update_password`, {});
    expect(answer.status).toBe(422);
    expect(answer.body.response.error.details).toEqual({
      old_password: ['Old password must not be empty.'],
      new_password: ['New password must not be empty.'],
    });
  });

  it('answers 401 unauthorized to an anonymous caller and changes nothing', async () => {
    const user = await buildUser(t.ctx);
    const hashBefore = await passwordHashOf(user);
    const answer = await new ApiClient(t.baseUrl).post(`/users/${user.id}/update_password`, {
      old_password: user.password,
      new_password: NEW_PASSWORD,
    });
    expect(answer.status).toBe(401);
    expect(answer.body.response.error.code).toBe('unauthorized');
    expect(await passwordHashOf(user)).toBe(hashBefore);
  });

  it('answers 401 to an anonymous caller before judging the body', async () => {
    const user = await buildUser(t.ctx);
    const answer = await new ApiClient(t.baseUrl).post(`/users/${user.id}/update_password`, {
      old_password: 'short',
      new_password: 'short',
    });
    expect(answer.status).toBe(401);
    expect(answer.body.response.error.code).toBe('unauthorized');
  });

  it("answers 404 not_found for another user's id, whichever old password is sent", async () => {
    const victim = await buildUser(t.ctx);
    const victimSession = await signedIn(t.baseUrl, victim);
    const attacker = await buildUser(t.ctx);
    const client = await signedIn(t.baseUrl, attacker);
    const hashBefore = await passwordHashOf(victim);

    const answer = await client.post(`/users/${victim.id}/update_password`, {
      old_password: victim.password,
      new_password: NEW_PASSWORD,
    });
    expect(answer.status).toBe(404);
    expect(answer.body.response.error.code).toBe('not_found');
    const withOwnPassword = await client.post(`/users/${victim.id}/update_password`, {
      old_password: attacker.password,
      new_password: NEW_PASSWORD,
    });
    expect(withOwnPassword.status).toBe(404);
    expect(withOwnPassword.body.response.error.code).toBe('not_found');

    expect(await passwordHashOf(victim)).toBe(hashBefore);
    expect(await signInStatus(victim.email, victim.password)).toBe(200);
    expect((await victimSession.get('/users/me')).status).toBe(200);
    expect(await signInStatus(attacker.email, attacker.password)).toBe(200);
  });
});
