import { describe, expect, it } from 'vitest';
import { defaultPair, pickSide } from './comparePair';

describe('the rounds compared', () => {
  it('are the round on screen and the one before it, by default', () => {
    expect(defaultPair([11, 12, 13], 13)).toEqual({ a: 12, b: 13 });
    expect(defaultPair([11, 12, 13], 12)).toEqual({ a: 11, b: 12 });
  });

  it('are the first two when the first round is on screen, and the last two for a round not listed', () => {
    expect(defaultPair([11, 12, 13], 11)).toEqual({ a: 11, b: 12 });
    expect(defaultPair([11, 12, 13], 99)).toEqual({ a: 12, b: 13 });
  });

  it('need two rounds', () => {
    expect(defaultPair([11], 11)).toBeNull();
    expect(defaultPair([], 11)).toBeNull();
  });

  it('swap when one side picks the round the other shows', () => {
    expect(pickSide({ a: 11, b: 13 }, 'a', 12)).toEqual({ a: 12, b: 13 });
    expect(pickSide({ a: 11, b: 13 }, 'b', 12)).toEqual({ a: 11, b: 12 });
    expect(pickSide({ a: 11, b: 13 }, 'a', 13)).toEqual({ a: 13, b: 11 });
  });
});
