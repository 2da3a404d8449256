import { ALARMS, type AlarmIdentifier, type EmailEvery } from '@common/api/notificationAlarms';
import type { Alarm, DownloadResolution, NotificationsPreferences, User } from '@common/api/users';
import type { SignedInUser } from '../db/repositories/sessions';
import type { PreferenceRow, UserRow } from '../db/repositories/users';
import { hmac, sha256 } from '../secrets';

/** Address of a user's avatar, versioned so a new one is never a cached old one. */
export function avatarUrl(user: Pick<UserRow, 'id' | 'avatar_key'>): string | null {
  return user.avatar_key ? `/api/v1/users/${user.id}/avatar?v=${sha256(user.avatar_key).slice(0, 12)}` : null;
}

/** The one shape a user takes in answers, events and e-mails. */
export function presentUser({ user, preferences }: SignedInUser, intercomSecret?: string): User {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    avatar: avatarUrl(user),
    is_2fa_enabled: preferences.is_2fa_enabled === 1,
    intercom_hash: intercomSecret ? hmac(intercomSecret, String(user.id)) : null,
    user_preference: {
      id: preferences.id,
      is_2fa_enabled: preferences.is_2fa_enabled === 1,
      asset_downloads_resolution: preferences.asset_downloads_resolution as DownloadResolution,
      email_every: preferences.email_every as EmailEvery,
      projects_order: parseJson<number[]>(preferences.projects_order, []),
    },
    created_at: user.created_at,
  };
}

/** Every alarm of the catalogue, on unless the user turned it off. */
export function presentAlarms(stored: string): Alarm[] {
  const values = parseJson<Partial<Record<AlarmIdentifier, boolean>>>(stored, {});
  return ALARMS.map((a) => ({ identifier: a.identifier, text: a.text, value: values[a.identifier] ?? true }));
}

export function presentNotificationsPreferences(preferences: PreferenceRow): NotificationsPreferences {
  return {
    notification_alarms: presentAlarms(preferences.notification_alarms),
    email_alarms: presentAlarms(preferences.email_alarms),
    email_every: preferences.email_every as EmailEvery,
    time_zone: preferences.time_zone,
  };
}

function parseJson<T>(text: string, fallback: T): T {
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}
