import { describe, expect, it } from 'vitest';
import { AVATAR_MAX_BYTES } from '@common/limits';
import { AVATAR_ACCEPT, avatarProblem } from './avatarFile';

describe('avatarProblem', () => {
  it('accepts the allowed image types, in any case', () => {
    for (const name of ['me.jpg', 'me.JPEG', 'me.png', 'me.gif']) {
      expect(avatarProblem({ name, size: 1000 })).toBeNull();
    }
  });

  it('refuses other types, empty files and files over the limit', () => {
    expect(avatarProblem({ name: 'me.psd', size: 1000 })).toBe('Avatar should be a valid file.');
    expect(avatarProblem({ name: 'png', size: 1000 })).toBe('Avatar should be a valid file.');
    expect(avatarProblem({ name: 'me.png', size: 0 })).toBe('Avatar should be a valid file.');
    expect(avatarProblem({ name: 'me.png', size: AVATAR_MAX_BYTES + 1 })).toBe(
      'Avatar should be a valid file.',
    );
  });

  it('filters the picker to the same types', () => {
    expect(AVATAR_ACCEPT).toBe('.jpg,.jpeg,.png,.gif');
  });
});
