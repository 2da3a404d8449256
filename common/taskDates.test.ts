import { describe, expect, it } from 'vitest';
import {
  formatDayMonthYear,
  isOverdue,
  parseDayMonthYear,
  parseDueDate,
  parseIsoDay,
  utcDay,
} from './taskDates';

describe('task due dates', () => {
  it('reads DD/MM/YYYY as the calendar day', () => {
    expect(parseDayMonthYear('05/03/2027')).toBe('2027-03-05');
    expect(parseDayMonthYear('31/12/2026')).toBe('2026-12-31');
    expect(parseDayMonthYear('29/02/2028')).toBe('2028-02-29');
  });

  it('refuses days that are not on the calendar', () => {
    for (const text of ['31/04/2027', '29/02/2027', '29/02/2100', '00/01/2027', '01/13/2027', '32/01/2027'])
      expect(parseDayMonthYear(text), text).toBeNull();
    expect(parseDayMonthYear('01/01/0000')).toBeNull();
  });

  it('refuses other shapes, including month-first and short forms', () => {
    for (const text of ['5/3/2027', '05-03-2027', '2027/03/05', '05/03/27', ' 05/03/2027', '05/03/2027x', ''])
      expect(parseDayMonthYear(text), text).toBeNull();
    expect(parseDayMonthYear('0'.repeat(10_000))).toBeNull();
  });

  it('also takes YYYY-MM-DD, strictly', () => {
    expect(parseIsoDay('2027-03-05')).toBe('2027-03-05');
    expect(parseIsoDay('2027-02-30')).toBeNull();
    expect(parseIsoDay('2027-3-5')).toBeNull();
    expect(parseDueDate(' 05/03/2027 ')).toBe('2027-03-05');
    expect(parseDueDate('2027-03-05')).toBe('2027-03-05');
    expect(parseDueDate('March 5')).toBeNull();
  });

  it('formats the stored day as DD/MM/YYYY and round-trips', () => {
    expect(formatDayMonthYear('2027-03-05')).toBe('05/03/2027');
    expect(parseDayMonthYear(formatDayMonthYear('2028-02-29'))).toBe('2028-02-29');
    expect(() => formatDayMonthYear('05/03/2027')).toThrow();
  });

  it("takes today as the instant's UTC day", () => {
    expect(utcDay(new Date('2026-11-21T23:59:59Z'))).toBe('2026-11-21');
    expect(utcDay(new Date('2026-11-22T00:00:00Z'))).toBe('2026-11-22');
  });

  it('is overdue only when due before today and open', () => {
    expect(isOverdue({ dueDay: '2026-11-20', completedAt: null }, '2026-11-21')).toBe(true);
    expect(isOverdue({ dueDay: '2026-11-21', completedAt: null }, '2026-11-21')).toBe(false);
    expect(isOverdue({ dueDay: '2026-11-20', completedAt: '2026-11-21T09:00:00Z' }, '2026-11-21')).toBe(
      false,
    );
  });
});
