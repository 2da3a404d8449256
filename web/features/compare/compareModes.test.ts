import { describe, expect, it } from 'vitest';
import { COMPARE_MODES, drawsMarkup } from './compareModes';

describe('drawsMarkup', () => {
  it('draws the rounds’ markup in every mode that shows the rounds’ pictures', () => {
    expect(COMPARE_MODES.filter(drawsMarkup)).toEqual(['sideBySide', 'wipe', 'onion', 'blink']);
  });

  it('draws none over the difference, which is neither round', () => {
    expect(drawsMarkup('difference')).toBe(false);
  });
});
