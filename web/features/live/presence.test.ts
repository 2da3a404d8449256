import { describe, expect, it } from 'vitest';
import { facesAndMore, otherViewers, VIEWERS_SHOWN } from './presence';

const ann = { id: 1, name: 'Ann', avatar_url: null };
const ben = { id: 2, name: 'Ben', avatar_url: '/b.png' };
const cy = { id: 3, name: 'Cy', avatar_url: null };

describe('otherViewers', () => {
  it('leaves the caller out and shows each person once, in the order the server gives', () => {
    expect(otherViewers([ann, ben, cy, ben], 1)).toEqual([ben, cy]);
  });

  it('shows everyone when nobody is signed in (yet)', () => {
    expect(otherViewers([ann, ben], null)).toEqual([ann, ben]);
  });
});

describe('facesAndMore', () => {
  it('draws up to four faces and counts the rest in one bubble', () => {
    expect(facesAndMore([1, 2, 3], VIEWERS_SHOWN)).toEqual({ shown: [1, 2, 3], rest: [] });
    expect(facesAndMore([1, 2, 3, 4], VIEWERS_SHOWN)).toEqual({ shown: [1, 2, 3, 4], rest: [] });
    expect(facesAndMore([1, 2, 3, 4, 5, 6], VIEWERS_SHOWN)).toEqual({ shown: [1, 2, 3, 4], rest: [5, 6] });
  });
});
