import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, signedIn } from './factories';
import { ApiClient, startTestApp, type TestApp } from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

/**
 * GET /session is the web app's first call: who is signed in on this browser, if anyone. A
 * signed-out visitor gets a 200 (a 401 is logged by the browser as a console error on /login);
 * GET /users/me keeps its 401 (API.md).
 */
describe('GET /session', () => {
  it('answers a signed-out visitor 200 with no user, and /users/me still 401', async () => {
    const anonymous = new ApiClient(t.baseUrl);
    const answer = await anonymous.get('/session');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ response: { user: null } });
    expect((await anonymous.get('/users/me')).status).toBe(401);
  });

  it('answers the signed-in user as /users/me does, and no user once signed out', async () => {
    const client = await signedIn(t.baseUrl, await buildUser(t.ctx));
    const me = await client.get('/users/me');
    const answer = await client.get('/session');
    expect(answer.status).toBe(200);
    expect(answer.body.response.user).toEqual(me.body.response);

    expect((await client.delete('/users/sign_out')).status).toBe(200);
    expect((await client.get('/session')).body).toEqual({ response: { user: null } });
  });

  it('answers a forged or unknown session cookie as signed out', async () => {
    const forged = new ApiClient(t.baseUrl);
    const answer = await forged.request('GET', '/session', undefined, { cookie: 'proofroom_session=forged' });
    expect(answer.status).toBe(200);
    expect(answer.body.response.user).toBeNull();
  });
});
