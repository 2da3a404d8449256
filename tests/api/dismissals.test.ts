import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DISMISSAL_KEYS } from '@common/api/dismissals';
import { buildUser, signedIn } from './factories';
import { ApiClient, startTestApp, type TestApp } from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('/user_dismissals', () => {
  it('remembers the banners a user closed, once each, for that user only', async () => {
    const client = await signedIn(t.baseUrl, await buildUser(t.ctx));
    expect((await client.get('/user_dismissals')).body).toEqual({ response: [] });
    const first = await client.post('/user_dismissals', { key: DISMISSAL_KEYS.projectLimit(12) });
    expect(first.status).toBe(200);
    expect(first.body.response).toEqual(['project_limit:12']);
    t.clock.advance(1000);
    await client.post('/user_dismissals', { key: DISMISSAL_KEYS.expiredTrial(12) });
    const again = await client.post('/user_dismissals', { key: 'project_limit:12' });
    expect(again.body.response).toEqual(['project_limit:12', 'expired_trial:12']);
    expect((await client.get('/user_dismissals')).body.response).toEqual([
      'project_limit:12',
      'expired_trial:12',
    ]);

    const other = await signedIn(t.baseUrl, await buildUser(t.ctx));
    expect((await other.get('/user_dismissals')).body.response).toEqual([]);
  });

  it('keys a pending downgrade by its billing period', () => {
    expect(DISMISSAL_KEYS.pendingDowngrade(7, '2026-12-21T10:00:00.000Z')).toBe(
      'pending_downgrade:7:2026-12-21',
    );
    expect(DISMISSAL_KEYS.suspendedForDowngrade(7)).toBe('suspended_for_downgrade:7');
  });

  it.each([
    ['empty', ''],
    ['too long', 'k'.repeat(101)],
    ['with other characters', 'project limit/12'],
    ['not a string', 12],
  ])('refuses a key %s', async (_label, key) => {
    const client = await signedIn(t.baseUrl, await buildUser(t.ctx));
    const answer = await client.post('/user_dismissals', { key });
    expect(answer.status).toBe(422);
    expect(Object.keys(answer.body.response.error.details)).toEqual(['key']);
    expect((await client.get('/user_dismissals')).body.response).toEqual([]);
  });

  it('accepts a key of 100 characters', async () => {
    const client = await signedIn(t.baseUrl, await buildUser(t.ctx));
    expect((await client.post('/user_dismissals', { key: 'k'.repeat(100) })).status).toBe(200);
  });

  it('needs a session', async () => {
    const anonymous = new ApiClient(t.baseUrl);
    expect((await anonymous.get('/user_dismissals')).status).toBe(401);
    expect((await anonymous.post('/user_dismissals', { key: 'project_limit:1' })).status).toBe(401);
  });
});
