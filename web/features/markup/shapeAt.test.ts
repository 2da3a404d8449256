import { describe, expect, it } from 'vitest';
import { shapeAt } from './shapeAt';

const horizontal = {
  points: [
    { x: 0, y: 10 },
    { x: 100, y: 10 },
  ],
  width: 4,
};
const vertical = {
  points: [
    { x: 50, y: 0 },
    { x: 50, y: 100 },
  ],
  width: 4,
};

describe('shapeAt', () => {
  it('finds a line within half its stroke plus the slack', () => {
    expect(shapeAt([horizontal], { x: 30, y: 14 }, 2)).toBe(0);
    expect(shapeAt([horizontal], { x: 30, y: 15 }, 2)).toBe(-1);
  });

  it('prefers the shape drawn last where two cross', () => {
    expect(shapeAt([horizontal, vertical], { x: 50, y: 10 }, 2)).toBe(1);
    expect(shapeAt([vertical, horizontal], { x: 50, y: 10 }, 2)).toBe(1);
  });

  it('does not pick a line past its ends', () => {
    expect(shapeAt([horizontal], { x: 110, y: 10 }, 2)).toBe(-1);
  });
});
