import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALARMS } from '@common/api/notificationAlarms';
import { buildUser, signedIn } from './factories';
import { ApiClient, startTestApp, type Json, type TestApp } from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const IDENTIFIERS = ALARMS.map((a) => a.identifier);

/** The catalogue with every alarm on except the identifiers given. */
function alarmsWithOff(...off: string[]) {
  return ALARMS.map((a) => ({ identifier: a.identifier, text: a.text, value: !off.includes(a.identifier) }));
}

async function freshClient() {
  const user = await buildUser(t.ctx);
  return { user, client: await signedIn(t.baseUrl, user) };
}

describe('GET /notifications_preferences', () => {
  it('starts with every alarm on, in catalogue order, and e-mails once per day', async () => {
    const { client } = await freshClient();
    const answer = await client.get('/notifications_preferences');
    expect(answer.status).toBe(200);
    const prefs: Json = answer.body.response;
    expect(prefs.notification_alarms.map((a: Json) => a.identifier)).toEqual(IDENTIFIERS);
    expect(prefs.email_alarms.map((a: Json) => a.identifier)).toEqual(IDENTIFIERS);
    expect(prefs).toEqual({
      notification_alarms: alarmsWithOff(),
      email_alarms: alarmsWithOff(),
      email_every: 'once_per_day',
      time_zone: 'UTC',
    });
  });

  it('answers 401 unauthorized to an anonymous caller', async () => {
    const answer = await new ApiClient(t.baseUrl).get('/notifications_preferences');
    expect(answer.status).toBe(401);
    expect(answer.body.response.error.code).toBe('unauthorized');
  });
});

describe('PATCH /notifications_preferences', () => {
  it('toggles one alarm in each list and the e-mail frequency; the answer and a fresh GET agree', async () => {
    const { user, client } = await freshClient();
    const answer = await client.patch('/notifications_preferences', {
      notification_alarms: [{ identifier: 'comments', value: false }],
      email_alarms: [{ identifier: 'tasks', value: false }],
      email_every: 'every_quarter_hour',
      time_zone: 'UTC',
    });
    expect(answer.status).toBe(200);
    const expected = {
      notification_alarms: alarmsWithOff('comments'),
      email_alarms: alarmsWithOff('tasks'),
      email_every: 'every_quarter_hour',
      time_zone: 'UTC',
    };
    expect(answer.body.response).toEqual(expected);

    const again = await client.get('/notifications_preferences');
    expect(again.body.response).toEqual(expected);
    // The same frequency is part of the user's preferences.
    expect((await client.get('/users/me')).body.response.user_preference.email_every).toBe(
      'every_quarter_hour',
    );

    // A second client of the same user, signed in afresh, sees what was saved.
    const elsewhere = await signedIn(t.baseUrl, user);
    expect((await elsewhere.get('/notifications_preferences')).body.response).toEqual(expected);
  });

  it('merges later changes into earlier ones and can turn an alarm back on', async () => {
    const { client } = await freshClient();
    await client.patch('/notifications_preferences', {
      notification_alarms: [
        { identifier: 'mentions', value: false },
        { identifier: 'approved_assets', value: false },
      ],
      email_alarms: [{ identifier: 'flagged', value: false }],
      email_every: 'once_per_hour',
      time_zone: 'UTC',
    });
    const answer = await client.patch('/notifications_preferences', {
      notification_alarms: [{ identifier: 'mentions', value: true }],
    });
    expect(answer.status).toBe(200);
    expect(answer.body.response).toEqual({
      notification_alarms: alarmsWithOff('approved_assets'),
      email_alarms: alarmsWithOff('flagged'),
      email_every: 'once_per_hour',
      time_zone: 'UTC',
    });

    // Each list keeps its own values: changing e-mail alarms does not copy the in-app ones.
    const emailOnly = await client.patch('/notifications_preferences', {
      email_alarms: [{ identifier: 'tasks', value: false }],
    });
    expect(emailOnly.body.response).toEqual({
      notification_alarms: alarmsWithOff('approved_assets'),
      email_alarms: alarmsWithOff('flagged', 'tasks'),
      email_every: 'once_per_hour',
      time_zone: 'UTC',
    });
  });

  it('refuses an unknown alarm identifier with 422 and saves nothing of the request', async () => {
    const { client } = await freshClient();
    const answer = await client.patch('/notifications_preferences', {
      notification_alarms: [
        { identifier: 'comments', value: false },
        { identifier: 'birthdays', value: false },
      ],
      email_every: 'once_per_hour',
      time_zone: 'UTC',
    });
    expect(answer.status).toBe(422);
    expect(answer.body.response.error.code).toBe('invalid_record');
    expect(Object.keys(answer.body.response.error.details)).toEqual(['notification_alarms.1.identifier']);

    const stored = await client.get('/notifications_preferences');
    expect(stored.body.response).toEqual({
      notification_alarms: alarmsWithOff(),
      email_alarms: alarmsWithOff(),
      email_every: 'once_per_day',
      time_zone: 'UTC',
    });
  });

  it.each([
    ['an unknown frequency', { email_every: 'every_minute' }, 'email_every'],
    ['the label instead of the value', { email_every: 'Once per hour' }, 'email_every'],
    [
      'a non-boolean alarm value',
      { email_alarms: [{ identifier: 'tasks', value: 'off' }] },
      'email_alarms.0.value',
    ],
  ])('refuses %s with 422 on that field', async (_case, body, field) => {
    const { client } = await freshClient();
    const answer = await client.patch('/notifications_preferences', body);
    expect(answer.status).toBe(422);
    expect(answer.body.response.error.code).toBe('invalid_record');
    expect(Object.keys(answer.body.response.error.details)).toEqual([field]);
    const stored = await client.get('/notifications_preferences');
    expect(stored.body.response.email_every).toBe('once_per_day');
    expect(stored.body.response.email_alarms).toEqual(alarmsWithOff());
  });

  it('answers 401 unauthorized to an anonymous caller', async () => {
    const answer = await new ApiClient(t.baseUrl).patch('/notifications_preferences', {
      email_every: 'once_per_hour',
      time_zone: 'UTC',
    });
    expect(answer.status).toBe(401);
    expect(answer.body.response.error.code).toBe('unauthorized');
  });

  it("leaves another user's preferences untouched", async () => {
    const first = await freshClient();
    const second = await freshClient();
    const changed = await first.client.patch('/notifications_preferences', {
      notification_alarms: [{ identifier: 'replies', value: false }],
      email_alarms: [{ identifier: 'uploaded_assets', value: false }],
      email_every: 'once_per_hour',
      time_zone: 'UTC',
    });
    expect(changed.status).toBe(200);

    const other = await second.client.get('/notifications_preferences');
    expect(other.body.response).toEqual({
      notification_alarms: alarmsWithOff(),
      email_alarms: alarmsWithOff(),
      email_every: 'once_per_day',
      time_zone: 'UTC',
    });
    expect((await t.ctx.uow.read.users.preferencesOf(second.user.id)).email_every).toBe('once_per_day');
  });
});
