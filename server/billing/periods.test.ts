import { describe, expect, it } from 'vitest';
import { addPeriod } from './periods';

describe('addPeriod', () => {
  it('adds a calendar month, keeping the day where the month has it', () => {
    expect(addPeriod(new Date('2026-11-21T10:00:00Z'), 'month').toISOString()).toBe(
      '2026-12-21T10:00:00.000Z',
    );
    expect(addPeriod(new Date('2026-12-15T00:00:00Z'), 'month').toISOString()).toBe(
      '2027-01-15T00:00:00.000Z',
    );
  });

  it('ends on the last day of a shorter month', () => {
    expect(addPeriod(new Date('2027-01-31T08:00:00Z'), 'month').toISOString()).toBe(
      '2027-02-28T08:00:00.000Z',
    );
  });

  it('adds a calendar year', () => {
    expect(addPeriod(new Date('2026-11-21T10:00:00Z'), 'year').toISOString()).toBe(
      '2027-11-21T10:00:00.000Z',
    );
  });
});
