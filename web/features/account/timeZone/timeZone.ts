import { isIanaTimeZone } from '@common/api/users';

/** The browser's IANA time zone, or null when it names none the server would take. */
export function browserTimeZone(): string | null {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return zone && isIanaTimeZone(zone) ? zone : null;
}

/** The zone to tell the server: the browser's, when it knows one and it differs from the stored one. */
export function timeZoneToReport(stored: string | undefined, browser: string | null): string | null {
  if (stored === undefined || browser === null || stored === browser) return null;
  return browser;
}
