import type { EmailEvery } from '@common/api/notificationAlarms';

/** The daily digest goes out at this hour of the user's own time zone. */
export const DAILY_DIGEST_HOUR = 9;
/** The longest stretch one run looks back over (a process down for days does not loop for ever). */
export const MAX_WINDOW_MS = 86_400_000;
const MINUTE_MS = 60_000;

const formatters = new Map<string, Intl.DateTimeFormat>();

/** The hour and minute `at` reads in `zone` (UTC for a name Intl does not know). */
export function localTime(at: Date, zone: string): { hour: number; minute: number } {
  let format = formatters.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', {
      timeZone: isTimeZone(zone) ? zone : 'UTC',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(zone, format);
  }
  let hour = 0;
  let minute = 0;
  for (const part of format.formatToParts(at)) {
    if (part.type === 'hour') hour = Number(part.value);
    if (part.type === 'minute') minute = Number(part.value);
  }
  return { hour, minute };
}

/** Whether `zone` is an IANA time zone name this runtime knows. */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/**
 * The digest frequencies whose slot begins, in `zone`, at a whole minute of (from, to]: every
 * quarter hour at :00, :15, :30, :45 local, hourly at local :00, daily at 09:00 local. Local, so
 * a zone half or three quarters of an hour off UTC has its hours at its own :00, and a daily
 * digest follows the zone's summer time. At most the last MAX_WINDOW_MS of the window is read.
 */
export function slotsBetween(zone: string, from: Date, to: Date): Set<EmailEvery> {
  const due = new Set<EmailEvery>();
  const start = Math.max(from.getTime(), to.getTime() - MAX_WINDOW_MS);
  // The first whole minute strictly after `start`.
  let minute = Math.floor(start / MINUTE_MS) * MINUTE_MS + MINUTE_MS;
  for (; minute <= to.getTime() && due.size < 3; minute += MINUTE_MS) {
    const local = localTime(new Date(minute), zone);
    if (local.minute % 15 !== 0) continue;
    due.add('every_quarter_hour');
    if (local.minute === 0) due.add('once_per_hour');
    if (local.minute === 0 && local.hour === DAILY_DIGEST_HOUR) due.add('once_per_day');
  }
  return due;
}
