import { describe, expect, it } from 'vitest';
import { COVER_MAX_BYTES } from '@common/limits';
import { coverFile } from './coverFile';

describe('cover file', () => {
  it('takes JPEG, PNG and GIF up to 10 MB', () => {
    expect(coverFile.accept).toBe('.jpg,.jpeg,.png,.gif');
    expect(coverFile.problem({ name: 'moodboard.PNG', size: 1000 })).toBeNull();
    expect(coverFile.problem({ name: 'a.jpeg', size: COVER_MAX_BYTES })).toBeNull();
  });

  it('refuses other types, empty files and larger ones', () => {
    expect(coverFile.problem({ name: 'brief.pdf', size: 1000 })).toBe('Cover should be a valid file.');
    expect(coverFile.problem({ name: 'png', size: 1000 })).toBe('Cover should be a valid file.');
    expect(coverFile.problem({ name: 'a.gif', size: 0 })).toBe('Cover should be a valid file.');
    expect(coverFile.problem({ name: 'a.jpg', size: COVER_MAX_BYTES + 1 })).toBe(
      'Cover should be a valid file.',
    );
  });
});
