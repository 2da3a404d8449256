import { describe, expect, it } from 'vitest';
import { isGatedOff } from './popupActions';

describe('isGatedOff', () => {
  it('disables confirming actions until the checkbox is ticked', () => {
    expect(isGatedOff({ variant: 'danger' }, true, false)).toBe(true);
    expect(isGatedOff({ variant: 'danger' }, true, true)).toBe(false);
    expect(isGatedOff({}, true, false)).toBe(true);
  });

  it('never gates Cancel, nor anything when there is no checkbox', () => {
    expect(isGatedOff({ variant: 'secondary' }, true, false)).toBe(false);
    expect(isGatedOff({ variant: 'primary' }, false, false)).toBe(false);
  });

  it('lets an action opt in or out explicitly', () => {
    expect(isGatedOff({ variant: 'secondary', gated: true }, true, false)).toBe(true);
    expect(isGatedOff({ variant: 'primary', gated: false }, true, false)).toBe(false);
  });
});
