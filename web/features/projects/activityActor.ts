import type { ActivityLog } from '@common/api/projects';
import { guestLabel } from '@common/api/guests';

/**
 * Who an activity entry's sentence starts with, set apart from the rest: the member who acted, or
 * the guest of a review link who commented or decided (the server writes 'Ana (Guest) commented…'
 * and keeps `data.guest_name`; the screen shows 'Ana' with the 'Guest' mark). Null when the sentence does
 * not start with a name (the system acted, or the account is gone).
 */
export function activityActor(
  entry: Pick<ActivityLog, 'user' | 'text' | 'data'>,
): { name: string; isGuest: boolean; rest: string } | null {
  if (entry.user) {
    const { name } = entry.user;
    return name && entry.text.startsWith(name)
      ? { name, isGuest: false, rest: entry.text.slice(name.length) }
      : null;
  }
  const name = entry.data.guest_name;
  if (typeof name !== 'string' || name === '') return null;
  const label = guestLabel(name);
  return entry.text.startsWith(label) ? { name, isGuest: true, rest: entry.text.slice(label.length) } : null;
}
