import { ALARMS, type AlarmIdentifier, type EmailEvery } from '@common/api/notificationAlarms';
import type { NotificationsPreferences, NotificationsPreferencesUpdate } from '@common/api/users';

/** The Notifications tab's editable copy of the preferences. */
export interface AlarmDraft {
  inApp: Record<AlarmIdentifier, boolean>;
  email: Record<AlarmIdentifier, boolean>;
  emailEvery: EmailEvery;
}

export interface AlarmRow {
  identifier: AlarmIdentifier;
  text: string;
}

function toggles(list: NotificationsPreferences['notification_alarms']): Record<AlarmIdentifier, boolean> {
  const out = {} as Record<AlarmIdentifier, boolean>;
  for (const alarm of ALARMS)
    out[alarm.identifier] = list.find((a) => a.identifier === alarm.identifier)?.value ?? false;
  return out;
}

export function draftFrom(prefs: NotificationsPreferences): AlarmDraft {
  return {
    inApp: toggles(prefs.notification_alarms),
    email: toggles(prefs.email_alarms),
    emailEvery: prefs.email_every,
  };
}

/** One row per known event, in the catalogue's order, worded as the server words it. */
export function alarmRows(prefs: NotificationsPreferences): AlarmRow[] {
  return ALARMS.map(({ identifier, text }) => ({
    identifier,
    text:
      prefs.notification_alarms.find((a) => a.identifier === identifier)?.text ??
      prefs.email_alarms.find((a) => a.identifier === identifier)?.text ??
      text,
  }));
}

export function isSameDraft(a: AlarmDraft, b: AlarmDraft): boolean {
  return (
    ALARMS.every(
      ({ identifier }) =>
        a.inApp[identifier] === b.inApp[identifier] && a.email[identifier] === b.email[identifier],
    ) && a.emailEvery === b.emailEvery
  );
}

export function draftToUpdate(draft: AlarmDraft): NotificationsPreferencesUpdate {
  return {
    notification_alarms: ALARMS.map(({ identifier }) => ({ identifier, value: draft.inApp[identifier] })),
    email_alarms: ALARMS.map(({ identifier }) => ({ identifier, value: draft.email[identifier] })),
    email_every: draft.emailEvery,
  };
}
