/** Query keys of every server resource the web app caches, in one place. */
export const queryKeys = {
  status: ['status'] as const,
  me: ['users', 'me'] as const,
  notificationsPreferences: ['notifications_preferences'] as const,
  outbox: ['dev', 'outbox'] as const,
};
