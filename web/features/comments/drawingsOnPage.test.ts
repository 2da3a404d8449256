import { describe, expect, it } from 'vitest';
import type { Comment } from '@common/api/comments';
import { drawingsOnPage } from './drawingsOnPage';

const line = { points: [], stroke_color: '#2B9324', stroke_size: 3, is_relative: true };
const comment = (id: number, page: number | null, drawn = true) =>
  ({ id, page, markup: drawn ? [line] : [] }) as unknown as Comment;

describe('drawingsOnPage', () => {
  const list = [comment(1, 1), comment(2, 2), comment(3, null), comment(4, 2, false)];

  it('keeps a document page’s drawings, a page-less drawing counting as page 1', () => {
    expect(drawingsOnPage(list, 'document', 1).map((c) => c.id)).toEqual([1, 3]);
    expect(drawingsOnPage(list, 'document', 2).map((c) => c.id)).toEqual([2]);
    expect(drawingsOnPage(list, 'document', 3)).toEqual([]);
  });

  it('keeps every comment of an image', () => {
    expect(drawingsOnPage(list, 'image', 2)).toBe(list);
  });
});
