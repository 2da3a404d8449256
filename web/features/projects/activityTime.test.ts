import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { activityTime } from './activityTime';

describe('activity time', () => {
  const now = dayjs('2030-03-10T15:00:00').toDate();
  const ago = (amount: number, unit: 'second' | 'minute' | 'hour' | 'day') =>
    dayjs(now).subtract(amount, unit).toISOString();

  it('reads recent entries in words', () => {
    expect(activityTime(ago(20, 'second'), now)).toBe('just now');
    expect(activityTime(ago(1, 'minute'), now)).toBe('1 minute ago');
    expect(activityTime(ago(45, 'minute'), now)).toBe('45 minutes ago');
    expect(activityTime(ago(1, 'hour'), now)).toBe('1 hour ago');
    expect(activityTime(ago(14, 'hour'), now)).toBe('14 hours ago');
  });

  it('says yesterday, then the date and time', () => {
    expect(activityTime(dayjs('2030-03-09T08:00:00').toISOString(), now)).toBe('yesterday');
    expect(activityTime(dayjs('2030-03-01T09:05:00').toISOString(), now)).toBe('03/01, 9:05AM');
  });
});
