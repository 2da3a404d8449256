import { describe, expect, it } from 'vitest';
import { otherViewers } from './presence';

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
