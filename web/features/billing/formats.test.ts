import { describe, expect, it } from 'vitest';
import { formatBillingDate, formatBytes, formatInvoiceDate } from './formats';

describe('billing formats', () => {
  it('formats dates as the spec says', () => {
    expect(formatBillingDate('2026-03-05T12:00:00')).toBe('Mar 05, 2026');
    expect(formatInvoiceDate('2026-03-05T12:00:00')).toBe('03/05/2026');
  });

  it('formats storage in binary units', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(107374182400)).toBe('100 GB');
    expect(formatBytes(1099511627776)).toBe('1 TB');
    expect(formatBytes(5368709120)).toBe('5 GB');
    expect(formatBytes(1536 * 1024 * 1024)).toBe('1.5 GB');
  });
});
