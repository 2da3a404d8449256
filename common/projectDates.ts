/** Project date rules (projects-side §5): dates are YYYY-MM-DD; today is the caller's today. */
export const PROJECT_DATE_TEXTS = {
  invalid: 'Date should be a valid date.',
  startBeforeToday: 'Start date cannot be before today.',
  startAfterDue: 'Start date cannot be after the due date.',
  dueBeforeStart: 'Due date cannot be before the start date.',
} as const;

const DATE = /^\d{4}-\d{2}-\d{2}$/;

export function isIsoDate(value: string): boolean {
  if (!DATE.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

export function todayIso(now: Date): string {
  return now.toISOString().slice(0, 10);
}

export interface ProjectDates {
  start_date?: string | null;
  due_date?: string | null;
}

/**
 * Field errors for a project's dates. `today` is checked only for a start date being set or
 * changed (`checkStartAgainstToday`): an existing project keeps a start date that has passed.
 */
export function projectDateErrors(
  dates: ProjectDates,
  today: string,
  checkStartAgainstToday = true,
): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const { start_date: start, due_date: due } = dates;
  if (start && checkStartAgainstToday && start < today)
    errors.start_date = [PROJECT_DATE_TEXTS.startBeforeToday];
  if (start && due && start > due) {
    (errors.start_date ??= []).push(PROJECT_DATE_TEXTS.startAfterDue);
    errors.due_date = [PROJECT_DATE_TEXTS.dueBeforeStart];
  }
  return errors;
}

/**
 * A project date as shown (account-side §9: project MM/DD/YY). A calendar day (YYYY-MM-DD) is that
 * day; an instant (ISO 8601 with a time) is its day in the viewer's time zone.
 */
export function formatProjectDate(value: string): string {
  const date = new Date(DATE.test(value) ? `${value}T00:00:00` : value);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(date.getMonth() + 1)}/${pad(date.getDate())}/${pad(date.getFullYear() % 100)}`;
}
