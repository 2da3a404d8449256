import { describe, expect, it } from 'vitest';
import { formatFileSize } from './fileSize';

describe('formatFileSize', () => {
  it('counts bytes under 1 Kb', () => {
    expect(formatFileSize(0)).toBe('0 Bytes');
    expect(formatFileSize(1023)).toBe('1023 Bytes');
  });

  it('uses base 1024 and at most one decimal', () => {
    expect(formatFileSize(1024)).toBe('1 Kb');
    expect(formatFileSize(1536)).toBe('1.5 Kb');
    expect(formatFileSize(80 * 1024 * 1024)).toBe('80 Mb');
    expect(formatFileSize(13_002_342)).toBe('12.4 Mb');
    expect(formatFileSize(1024 ** 3 * 2.25)).toBe('2.3 Gb');
    expect(formatFileSize(1024 ** 4)).toBe('1 Tb');
  });

  it('stays in Tb for anything bigger, and treats negatives as zero', () => {
    expect(formatFileSize(1024 ** 5)).toBe('1024 Tb');
    expect(formatFileSize(-5)).toBe('0 Bytes');
  });
});
