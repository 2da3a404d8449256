import { describe, expect, it } from 'vitest';
import { firstSlot, parseCron, slotAfter, slotAtOrBefore } from './cronSlots';

const at = (iso: string) => new Date(iso);

describe('cron slots (UTC)', () => {
  it('accepts five fields only, with a readable error', () => {
    expect(parseCron(' */5 * * * * ')).toBe('*/5 * * * *');
    expect(() => parseCron('0 */5 * * * *')).toThrow(/five cron fields/);
    expect(() => parseCron('61 * * * *')).toThrow(/not valid/);
  });

  it('finds the slot after a moment, strictly', () => {
    expect(slotAfter('*/5 * * * *', at('2026-11-21T10:02:30.500Z'))).toEqual(at('2026-11-21T10:05:00Z'));
    expect(slotAfter('*/5 * * * *', at('2026-11-21T10:05:00Z'))).toEqual(at('2026-11-21T10:10:00Z'));
  });

  it('finds the slot at or before a moment, counting one that falls on it', () => {
    expect(slotAtOrBefore('*/5 * * * *', at('2026-11-21T10:05:00Z'))).toEqual(at('2026-11-21T10:05:00Z'));
    expect(slotAtOrBefore('*/5 * * * *', at('2026-11-21T10:04:59.999Z'))).toEqual(at('2026-11-21T10:00:00Z'));
  });

  it('reads hours in UTC whatever the local zone', () => {
    expect(slotAfter('0 8 * * *', at('2026-11-21T10:00:00Z'))).toEqual(at('2026-11-22T08:00:00Z'));
  });

  it('starts a new schedule on the slot that began less than a minute ago, else on the next', () => {
    expect(firstSlot('0 * * * *', at('2026-11-21T10:00:59.999Z'))).toEqual(at('2026-11-21T10:00:00Z'));
    expect(firstSlot('0 * * * *', at('2026-11-21T10:01:00Z'))).toEqual(at('2026-11-21T11:00:00Z'));
    expect(firstSlot('* * * * *', at('2026-11-21T10:00:30Z'))).toEqual(at('2026-11-21T10:00:00Z'));
  });
});
