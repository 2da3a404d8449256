import { describe, expect, it } from 'vitest';
import type { Comment } from '@common/api/comments';
import { restoreComment, withoutComment } from '@web/features/comments/api/carriedList';
import { groupByRound, markerOf, thumbPaths } from './carriedChecklist';

const comment = (id: number, over: Partial<Comment> = {}): Comment => ({
  id,
  asset_id: 1,
  version_id: 10,
  round_number: 1,
  text: `Comment ${id}`,
  mentions: [],
  user: { id: 1, name: 'Ana', avatar: null, is_guest: false },
  parent_id: null,
  created_at: `2026-11-21T10:00:0${id}.000Z`,
  updated_at: `2026-11-21T10:00:0${id}.000Z`,
  completed_at: null,
  markup_number: null,
  markup: [],
  page: null,
  is_edited: false,
  files: [],
  global_comment: false,
  abilities: { edit: true, destroy: true, complete: true, reply: true },
  replies: [],
  ...over,
});

describe('the carried feedback checklist', () => {
  it('groups comments by their round, the latest round first, keeping their order', () => {
    const groups = groupByRound([comment(1), comment(2, { round_number: 2 }), comment(3)]);
    expect(groups.map((g) => [g.round, g.comments.map((c) => c.id)])).toEqual([
      [2, [2]],
      [1, [1, 3]],
    ]);
    expect(groupByRound([])).toEqual([]);
  });

  it('takes a comment out and puts it back where it was, once', () => {
    const list = [comment(1), comment(2), comment(3)];
    const without = withoutComment(list, 2);
    expect(without.map((c) => c.id)).toEqual([1, 3]);
    expect(restoreComment(without, list[1]!).map((c) => c.id)).toEqual([1, 2, 3]);
    expect(restoreComment(list, list[1]!).map((c) => c.id)).toEqual([1, 2, 3]);
    expect(restoreComment(withoutComment(list, 3), list[2]!).map((c) => c.id)).toEqual([1, 2, 3]);
    expect(restoreComment([], list[0]!).map((c) => c.id)).toEqual([1]);
  });

  it('shows the marker number in the colour of the first line, none without markup', () => {
    const line = { points: [], stroke_color: '#E5372C', stroke_size: 3, is_relative: true };
    expect(markerOf(comment(1, { markup_number: 4, markup: [line] }))).toEqual({
      number: 4,
      color: '#E5372C',
    });
    expect(markerOf(comment(1))).toBeNull();
  });
});

describe('the drawing on the earlier round’s thumbnail', () => {
  const shape = {
    points: [
      { x: 0.25, y: 0.5 },
      { x: 1, y: 0 },
    ],
    stroke_color: '#000000',
    stroke_size: 2,
    is_relative: true,
  };

  it('draws relative points over the picture’s size and absolute ones as they are', () => {
    expect(thumbPaths(shape, { width: 400, height: 200 }, 5)).toEqual({
      stroke: 'M100 100L400 0',
      fill: null,
    });
    expect(
      thumbPaths(
        {
          ...shape,
          points: [
            { x: 100, y: 50 },
            { x: 200, y: 50 },
          ],
          is_relative: false,
        },
        { width: 400, height: 200 },
        5,
      ).stroke,
    ).toBe('M100 50L200 50');
  });

  it('draws typed shapes as theirs, an arrowhead four thumbnail strokes long', () => {
    const size = { width: 400, height: 200 };
    expect(thumbPaths({ ...shape, type: 'rectangle' }, size, 5).stroke).toBe('M100 0H400V100H100Z');
    const arrow = thumbPaths(
      {
        ...shape,
        type: 'arrow',
        points: [
          { x: 0, y: 0.5 },
          { x: 0.5, y: 0.5 },
        ],
      },
      size,
      5,
    );
    // 2 px strokes at 5 units a pixel: a head 40 units long, 20 each side of the shaft.
    expect(arrow.fill).toBe('M200 100L160 120L160 80Z');
    expect(arrow.stroke).toBe('M0 100L176 100');
  });
});
