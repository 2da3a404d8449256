/** Calendar arithmetic on 'YYYY-MM-DD' days, in UTC so that no time zone shifts a day. */

const MS_PER_DAY = 86_400_000;

export function dayOf(year: number, monthIndex: number, day: number): string {
  return new Date(Date.UTC(year, monthIndex, day)).toISOString().slice(0, 10);
}

export function addDays(isoDay: string, n: number): string {
  return new Date(Date.parse(`${isoDay}T00:00:00Z`) + n * MS_PER_DAY).toISOString().slice(0, 10);
}

export interface Month {
  year: number;
  /** 0 for January. */
  monthIndex: number;
}

export function monthOf(isoDay: string): Month {
  return { year: Number(isoDay.slice(0, 4)), monthIndex: Number(isoDay.slice(5, 7)) - 1 };
}

export function shiftMonth({ year, monthIndex }: Month, n: number): Month {
  const total = year * 12 + monthIndex + n;
  return { year: Math.floor(total / 12), monthIndex: total % 12 };
}

/** The 42 days of a month's sheet, six weeks from the Monday on or before the 1st. */
export function monthSheet({ year, monthIndex }: Month): string[] {
  const first = dayOf(year, monthIndex, 1);
  const weekday = (new Date(`${first}T00:00:00Z`).getUTCDay() + 6) % 7;
  const start = addDays(first, -weekday);
  return Array.from({ length: 42 }, (_, i) => addDays(start, i));
}

export function monthLabel({ year, monthIndex }: Month): string {
  return new Date(Date.UTC(year, monthIndex, 1)).toLocaleDateString('en-GB', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

/** '21 November 2026', for the day buttons' accessible names. */
export function longDay(isoDay: string): string {
  return new Date(`${isoDay}T00:00:00Z`).toLocaleDateString('en-GB', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
}
