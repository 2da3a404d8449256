import { describe, expect, it } from 'vitest';
import { localTime, slotsBetween } from './digestSlots';

const at = (iso: string) => new Date(iso);
const slots = (zone: string, from: string, to: string) => [...slotsBetween(zone, at(from), at(to))].sort();

describe('slotsBetween', () => {
  it('every quarter hour at :00/:15/:30/:45, hourly at :00, daily at 09:00, all local', () => {
    expect(slots('UTC', '2026-01-10T10:14:00Z', '2026-01-10T10:14:59Z')).toEqual([]);
    expect(slots('UTC', '2026-01-10T10:14:00Z', '2026-01-10T10:15:00Z')).toEqual(['every_quarter_hour']);
    expect(slots('UTC', '2026-01-10T10:59:00Z', '2026-01-10T11:00:00Z')).toEqual([
      'every_quarter_hour',
      'once_per_hour',
    ]);
    expect(slots('UTC', '2026-01-10T08:59:30Z', '2026-01-10T09:00:10Z')).toEqual([
      'every_quarter_hour',
      'once_per_day',
      'once_per_hour',
    ]);
  });

  it('reads the hour in the zone: Kolkata’s hours begin at :30 UTC, Kathmandu’s at :15', () => {
    expect(slots('Asia/Kolkata', '2026-01-10T10:59:00Z', '2026-01-10T11:00:00Z')).toEqual([
      'every_quarter_hour',
    ]);
    expect(slots('Asia/Kolkata', '2026-01-10T11:29:00Z', '2026-01-10T11:30:00Z')).toContain('once_per_hour');
    expect(slots('Asia/Kathmandu', '2026-01-10T11:14:00Z', '2026-01-10T11:15:00Z')).toContain(
      'once_per_hour',
    );
    // 09:00 in Kolkata is 03:30 UTC.
    expect(slots('Asia/Kolkata', '2026-01-10T03:29:00Z', '2026-01-10T03:30:00Z')).toContain('once_per_day');
  });

  it('follows summer time: 09:00 in Berlin is 08:00 UTC in winter and 07:00 UTC in summer', () => {
    expect(slots('Europe/Berlin', '2026-03-28T07:59:00Z', '2026-03-28T08:00:00Z')).toContain('once_per_day');
    expect(slots('Europe/Berlin', '2026-03-30T06:59:00Z', '2026-03-30T07:00:00Z')).toContain('once_per_day');
    expect(slots('Europe/Berlin', '2026-03-30T07:59:00Z', '2026-03-30T08:00:00Z')).not.toContain(
      'once_per_day',
    );
    // New York falls back on 1 November: 09:00 is 13:00 UTC before, 14:00 UTC after.
    expect(slots('America/New_York', '2026-10-31T12:59:00Z', '2026-10-31T13:00:00Z')).toContain(
      'once_per_day',
    );
    expect(slots('America/New_York', '2026-11-02T13:59:00Z', '2026-11-02T14:00:00Z')).toContain(
      'once_per_day',
    );
  });

  it('catches up a window of missed minutes, at most the last day; an unknown zone reads as UTC', () => {
    expect(slots('UTC', '2026-01-10T08:00:00Z', '2026-01-10T09:20:00Z')).toContain('once_per_day');
    expect(slots('UTC', '2026-01-01T09:30:00Z', '2026-01-10T08:00:00Z')).toContain('once_per_day');
    expect(localTime(at('2026-01-10T09:05:00Z'), 'Not/AZone')).toEqual({ hour: 9, minute: 5 });
  });
});
