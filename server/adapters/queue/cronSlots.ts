import { CronExpressionParser } from 'cron-parser';

/**
 * The slots of a five-field cron expression, read in UTC. A slot is the moment a schedule fires;
 * the embedded queue keeps the next one per schedule and claims each once.
 */
export function parseCron(cron: string): string {
  const trimmed = cron.trim();
  if (trimmed.split(/\s+/).length !== 5)
    throw new Error(`Cron "${cron}" needs five cron fields: minute hour day-of-month month day-of-week`);
  try {
    CronExpressionParser.parse(trimmed, { tz: 'UTC' });
  } catch (error) {
    throw new Error(`Cron "${cron}" is not valid: ${(error as Error).message}`, { cause: error });
  }
  return trimmed;
}

/** The first slot strictly after `at`. */
export function slotAfter(cron: string, at: Date): Date {
  return CronExpressionParser.parse(cron, { currentDate: at, tz: 'UTC' }).next().toDate();
}

/** The last slot at or before `at`. */
export function slotAtOrBefore(cron: string, at: Date): Date {
  const justAfter = new Date(at.getTime() + 1);
  return CronExpressionParser.parse(cron, { currentDate: justAfter, tz: 'UTC' }).prev().toDate();
}

/** A slot that began less than this long ago still fires when a schedule is first declared. */
export const LATE_SLOT_MS = 60_000;

/**
 * The slot a new schedule fires first: the one that began less than a minute ago, if any (as
 * pg-boss does, so a schedule declared at start does not miss the slot it started in), else the
 * next one.
 */
export function firstSlot(cron: string, now: Date): Date {
  const last = slotAtOrBefore(cron, now);
  return now.getTime() - last.getTime() < LATE_SLOT_MS ? last : slotAfter(cron, now);
}
