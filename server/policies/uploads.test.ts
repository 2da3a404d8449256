import { describe, expect, it } from 'vitest';
import { ownsUpload } from './uploads';

describe('ownsUpload', () => {
  it('gives an upload to its uploader', () => {
    expect(ownsUpload(3, { user_id: 3 })).toBe(true);
  });

  it('refuses anyone else, and an upload that does not exist', () => {
    expect(ownsUpload(4, { user_id: 3 })).toBe(false);
    expect(ownsUpload(3, undefined)).toBe(false);
  });
});
