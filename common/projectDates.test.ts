import { describe, expect, it } from 'vitest';
import {
  formatProjectDate,
  isIsoDate,
  projectDateErrors,
  PROJECT_DATE_TEXTS,
  todayIso,
} from './projectDates';

describe('project dates', () => {
  const today = '2026-11-22';

  it('accepts real calendar dates only', () => {
    expect(isIsoDate('2026-02-28')).toBe(true);
    expect(isIsoDate('2026-02-30')).toBe(false);
    expect(isIsoDate('22/11/2026')).toBe(false);
  });

  it('refuses a start before today', () => {
    expect(projectDateErrors({ start_date: '2026-11-21' }, today)).toEqual({
      start_date: [PROJECT_DATE_TEXTS.startBeforeToday],
    });
    expect(projectDateErrors({ start_date: today }, today)).toEqual({});
    expect(projectDateErrors({ start_date: '2026-11-21' }, today, false)).toEqual({});
  });

  it('refuses a start after the due date and a due date before the start', () => {
    expect(projectDateErrors({ start_date: '2026-12-02', due_date: '2026-12-01' }, today)).toEqual({
      start_date: [PROJECT_DATE_TEXTS.startAfterDue],
      due_date: [PROJECT_DATE_TEXTS.dueBeforeStart],
    });
    expect(projectDateErrors({ start_date: '2026-12-01', due_date: '2026-12-01' }, today)).toEqual({});
  });

  it('reads today in UTC', () => {
    expect(todayIso(new Date('2026-11-22T23:59:00Z'))).toBe('2026-11-22');
  });

  it('shows project dates as MM/DD/YY (account-side §9)', () => {
    expect(formatProjectDate('2099-04-15')).toBe('04/15/99');
    expect(formatProjectDate('2026-03-04')).toBe('03/04/26');
    // An instant is its day where the viewer is (no zone given: local time).
    expect(formatProjectDate('2026-12-31T23:30:00')).toBe('12/31/26');
  });
});
