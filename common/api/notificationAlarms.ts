/**
 * The events a user can be notified of, in-app and by e-mail. The identifiers follow the
 * notification filters of projects-side §9.
 */
export const ALARMS = [
  { identifier: 'mentions', text: 'Someone mentions me' },
  { identifier: 'comments', text: 'New comments' },
  { identifier: 'markups', text: 'New markups' },
  { identifier: 'replies', text: 'Replies to comments' },
  { identifier: 'uploaded_assets', text: 'Uploaded assets and new rounds' },
  { identifier: 'tasks', text: 'Tasks assigned to me' },
  { identifier: 'flagged', text: 'Assets flagged as rush priority' },
  { identifier: 'approved_assets', text: 'Approved assets' },
] as const;

export type AlarmIdentifier = (typeof ALARMS)[number]['identifier'];
export const ALARM_IDENTIFIERS = ALARMS.map((a) => a.identifier) as [AlarmIdentifier, ...AlarmIdentifier[]];

export const EMAIL_EVERY = [
  { value: 'once_per_day', label: 'Once per day' },
  { value: 'once_per_hour', label: 'Once per hour' },
  { value: 'every_quarter_hour', label: 'Every 15 minutes' },
] as const;
export type EmailEvery = (typeof EMAIL_EVERY)[number]['value'];
export const EMAIL_EVERY_VALUES = EMAIL_EVERY.map((e) => e.value) as [EmailEvery, ...EmailEvery[]];
export const DEFAULT_EMAIL_EVERY: EmailEvery = 'once_per_day';
