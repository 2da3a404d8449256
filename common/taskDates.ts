/**
 * Task due dates (projects-side §3, §9): shown and typed as DD/MM/YYYY, stored as the calendar day
 * YYYY-MM-DD. Only real calendar days are accepted (no 31/04, no 29/02 outside leap years).
 */
const DAY_MONTH_YEAR = /^(\d{2})\/(\d{2})\/(\d{4})$/;
const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The longest form a due date is accepted in; longer input is refused before any pattern runs. */
export const DUE_DATE_MAX = 10;

function calendarDay(year: number, month: number, day: number): string | null {
  if (year < 1 || month < 1 || month > 12 || day < 1) return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  // Date.UTC maps years 0–99 to 1900–1999; a four-digit year below 100 is not a due date anyway.
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day)
    return null;
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
}

/** 'DD/MM/YYYY' to 'YYYY-MM-DD', or null when it is not a real calendar day in that form. */
export function parseDayMonthYear(text: string): string | null {
  if (text.length > DUE_DATE_MAX) return null;
  const match = DAY_MONTH_YEAR.exec(text);
  if (!match) return null;
  return calendarDay(Number(match[3]), Number(match[2]), Number(match[1]));
}

/** 'YYYY-MM-DD' as the API also accepts it (API.md), or null. */
export function parseIsoDay(text: string): string | null {
  if (text.length > DUE_DATE_MAX) return null;
  const match = ISO_DAY.exec(text);
  if (!match) return null;
  return calendarDay(Number(match[1]), Number(match[2]), Number(match[3]));
}

/** A due date as a client sends it, DD/MM/YYYY or YYYY-MM-DD, to the stored day; null if neither. */
export function parseDueDate(text: string): string | null {
  const trimmed = text.trim();
  return parseDayMonthYear(trimmed) ?? parseIsoDay(trimmed);
}

/** 'YYYY-MM-DD' as shown: 'DD/MM/YYYY'. */
export function formatDayMonthYear(isoDay: string): string {
  const match = ISO_DAY.exec(isoDay);
  if (!match) throw new Error(`Not a calendar day: ${isoDay}`);
  return `${match[3]}/${match[2]}/${match[1]}`;
}

/** The UTC calendar day of an instant, 'YYYY-MM-DD': the server's 'today' for task rules. */
export function utcDay(now: Date): string {
  return now.toISOString().slice(0, 10);
}

/** §3: overdue when due before today and not completed. Days compare as YYYY-MM-DD strings. */
export function isOverdue(task: { dueDay: string; completedAt: string | null }, today: string): boolean {
  return task.completedAt === null && task.dueDay < today;
}
