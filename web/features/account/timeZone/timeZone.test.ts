import { describe, expect, it } from 'vitest';
import { timeZoneToReport } from './timeZone';

describe('timeZoneToReport', () => {
  it('reports the browser zone when it differs from the stored one', () => {
    expect(timeZoneToReport('UTC', 'Europe/Berlin')).toBe('Europe/Berlin');
  });
  it('reports nothing when they agree, before the stored one is known, or without a browser zone', () => {
    expect(timeZoneToReport('Europe/Berlin', 'Europe/Berlin')).toBeNull();
    expect(timeZoneToReport(undefined, 'Europe/Berlin')).toBeNull();
    expect(timeZoneToReport('UTC', null)).toBeNull();
  });
});
