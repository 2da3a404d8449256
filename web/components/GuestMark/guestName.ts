import { guestLabel } from '@common/api/guests';

/** What members' texts (notifications, the activity log, reports) add to a guest's name: ' (Guest)'. */
const SUFFIX = guestLabel('');

/**
 * The guest's name in a members' text that names a review link's guest as the server writes it
 * ('Ana (Guest)', common/api/guests.ts guestLabel), or null when the text names no guest. The
 * screens show that name with the 'Guest' mark instead of the words.
 */
export function guestNameIn(label: string): string | null {
  if (!label.endsWith(SUFFIX) || label.length === SUFFIX.length) return null;
  return label.slice(0, -SUFFIX.length);
}
