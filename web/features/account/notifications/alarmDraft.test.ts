import { describe, expect, it } from 'vitest';
import { ALARMS } from '@common/api/notificationAlarms';
import type { NotificationsPreferences } from '@common/api/users';
import { alarmRows, draftFrom, draftToUpdate, isSameDraft } from './alarmDraft';

const prefs: NotificationsPreferences = {
  notification_alarms: ALARMS.map((a) => ({ ...a, value: true })),
  email_alarms: [{ identifier: 'mentions', text: 'Someone @mentions me', value: true }],
  email_every: 'once_per_day',
  time_zone: 'UTC',
};

describe('notification preference draft', () => {
  it('fills events the server left out as off', () => {
    const draft = draftFrom(prefs);
    expect(draft.inApp.comments).toBe(true);
    expect(draft.email.mentions).toBe(true);
    expect(draft.email.comments).toBe(false);
  });

  it("lists every event in the catalogue's order with the server's wording", () => {
    const rows = alarmRows(prefs);
    expect(rows.map((r) => r.identifier)).toEqual(ALARMS.map((a) => a.identifier));
    expect(rows[0]?.text).toBe('Someone mentions me');
  });

  it('tells an edited draft from the saved one', () => {
    const saved = draftFrom(prefs);
    const edited = { ...saved, email: { ...saved.email, tasks: true } };
    expect(isSameDraft(saved, draftFrom(prefs))).toBe(true);
    expect(isSameDraft(saved, edited)).toBe(false);
    expect(isSameDraft(saved, { ...saved, emailEvery: 'once_per_hour' })).toBe(false);
  });

  it('sends every toggle and the frequency', () => {
    const update = draftToUpdate(draftFrom(prefs));
    expect(update.notification_alarms).toHaveLength(ALARMS.length);
    expect(update.email_alarms?.find((a) => a.identifier === 'tasks')).toEqual({
      identifier: 'tasks',
      value: false,
    });
    expect(update.email_every).toBe('once_per_day');
  });
});
