import { describe, expect, it } from 'vitest';
import { coverGradient, initialsOf, isOverdue } from './projectFormat';

describe('project card formats', () => {
  it('takes initials from the first two words', () => {
    expect(initialsOf('Spring campaign 2027')).toBe('SC');
    expect(initialsOf('  logo ')).toBe('LO');
    expect(initialsOf('')).toBe('?');
  });

  it('knows an overdue date', () => {
    expect(isOverdue('2026-11-22', '2026-11-23')).toBe(true);
    expect(isOverdue('2026-11-23', '2026-11-23')).toBe(false);
    expect(isOverdue(null, '2026-11-23')).toBe(false);
  });

  it('gives each project a stable placeholder colour', () => {
    expect(coverGradient(3)).toBe(coverGradient(11));
    expect(coverGradient(3)).not.toBe(coverGradient(4));
  });
});
