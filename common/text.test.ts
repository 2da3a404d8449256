import { describe, expect, it } from 'vitest';
import { plural, truncate } from './text';

describe('truncate', () => {
  it('leaves short text alone and cuts long text to the limit with an ellipsis', () => {
    expect(truncate('Spring campaign', 75)).toBe('Spring campaign');
    const cut = truncate('A very long project name that goes on', 10);
    expect(cut).toHaveLength(10);
    expect(cut.endsWith('…')).toBe(true);
    expect(truncate('exactly10!', 10)).toBe('exactly10!');
  });
});

describe('plural', () => {
  it('uses the singular for exactly one', () => {
    expect(plural(1, 'day')).toBe('1 day');
    expect(plural(0, 'day')).toBe('0 days');
    expect(plural(2, 'item')).toBe('2 items');
  });
});
