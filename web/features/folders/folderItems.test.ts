import { describe, expect, it } from 'vitest';
import { folderItemsText } from './folderItems';

describe('folder item count', () => {
  it('counts images and documents together, singular for one', () => {
    expect(folderItemsText({ images_count: 0, documents_count: 0 })).toBe('0 items');
    expect(folderItemsText({ images_count: 1, documents_count: 0 })).toBe('1 item');
    expect(folderItemsText({ images_count: 0, documents_count: 1 })).toBe('1 item');
    expect(folderItemsText({ images_count: 2, documents_count: 3 })).toBe('5 items');
  });
});
