import { describe, expect, it } from 'vitest';
import { BLINK_START, blinkReducer } from './blinkState';

describe('blink', () => {
  it('flips between the rounds by hand', () => {
    const once = blinkReducer(BLINK_START, { type: 'flip' });
    expect(once.shown).toBe('b');
    expect(blinkReducer(once, { type: 'flip' }).shown).toBe('a');
  });

  it('flips on each tick only while blinking on its own', () => {
    expect(blinkReducer(BLINK_START, { type: 'tick' })).toBe(BLINK_START);
    const auto = blinkReducer(BLINK_START, { type: 'auto', on: true });
    expect(blinkReducer(auto, { type: 'tick' })).toEqual({ shown: 'b', auto: true });
  });

  it('stops blinking on its own when flipped by hand, on the round flipped to', () => {
    const auto = blinkReducer({ shown: 'b', auto: true }, { type: 'flip' });
    expect(auto).toEqual({ shown: 'a', auto: false });
    expect(blinkReducer(auto, { type: 'auto', on: false })).toBe(auto);
  });
});
