import { describe, expect, it } from 'vitest';
import type { Comment, MarkupShape } from '@common/api/comments';
import { editChanges, editedComment, patchComment, temporaryComment } from './commentCache';
import { editBody } from './comments';

const author = { id: 7, name: 'Ann', avatar: null };
const now = new Date('2026-11-25T09:00:00Z');
const shape = (x: number): MarkupShape => ({
  points: [
    { x, y: 0.1 },
    { x, y: 0.3 },
  ],
  stroke_color: '#2B9324',
  stroke_size: 3,
  is_relative: true,
});
const fileA = { id: 11, name: 'a.png', size: 10, url: '/api/v1/comments/1/files/11' };
const fileB = { id: 12, name: 'b.pdf', size: 20, url: '/api/v1/comments/1/files/12' };

function drawn(over: Partial<Comment> = {}): Comment {
  return {
    ...temporaryComment({ asset_id: 3, text: 'Brighter sky' }, author, { id: 40, number: 1 }, now, 1),
    markup: [shape(0.1)],
    markup_number: 4,
    files: [fileA, fileB],
    ...over,
  };
}

describe('editedComment', () => {
  it('shows the new text, redrawn lines (number kept), the kept files and the new ones, edited', () => {
    const added = new File(['x'], 'ref.jpg');
    const next = editedComment(drawn(), {
      text: 'Softer @[Bo](user:9)',
      keep: [12],
      add: [added],
      markup: [shape(0.5), shape(0.6)],
    });
    expect(next).toMatchObject({
      text: 'Softer @[Bo](user:9)',
      mentions: [9],
      markup_number: 4,
      markup: [shape(0.5), shape(0.6)],
      is_edited: true,
    });
    expect(next.files).toEqual([fileB, { id: -1, name: 'ref.jpg', size: 1, url: '' }]);
  });

  it('leaves the drawing when it was not redrawn', () => {
    expect(editedComment(drawn(), { text: 'x', keep: [], add: [] }).markup).toEqual([shape(0.1)]);
  });
});

describe('editChanges', () => {
  const same = { text: 'Brighter sky', keep: [11, 12], add: [] };
  it('is false for the comment as it is, true for each kind of change', () => {
    expect(editChanges(drawn(), same)).toBe(false);
    expect(editChanges(drawn(), { ...same, markup: [shape(0.1)] })).toBe(false);
    expect(editChanges(drawn(), { ...same, text: 'Darker' })).toBe(true);
    expect(editChanges(drawn(), { ...same, keep: [11] })).toBe(true);
    expect(editChanges(drawn(), { ...same, add: [new File(['x'], 'c.png')] })).toBe(true);
    expect(editChanges(drawn(), { ...same, markup: [shape(0.2)] })).toBe(true);
  });
});

describe('patchComment', () => {
  it('changes a root (its replies kept) or one reply, and puts it back as it was', () => {
    const { replies: _none, ...reply } = drawn({ id: 2, parent_id: 1, markup: [], markup_number: null });
    const root = drawn({ replies: [reply] });
    const list = [root, drawn({ id: 3 })];
    const changed = patchComment(list, 1, (c) => ({ ...c, text: 'new' }));
    expect(changed[0]).toMatchObject({ text: 'new', replies: [{ id: 2 }] });
    expect(changed[1]).toBe(list[1]);
    const replyChanged = patchComment(list, 2, (c) => ({ ...c, text: 'reply edited' }));
    expect(replyChanged[0]!.replies[0]).toMatchObject({ id: 2, text: 'reply edited' });
    expect(patchComment(changed, 1, () => root)[0]).toEqual(root);
  });
});

describe('editBody', () => {
  it('is JSON without new files: the text, the kept ids and a redrawn drawing', () => {
    expect(editBody({ text: 't', keep: [12], add: [] })).toEqual({ text: 't', files: [12] });
    expect(editBody({ text: 't', keep: [], add: [], markup: [shape(0.1)] })).toEqual({
      text: 't',
      files: [],
      markup: [shape(0.1)],
    });
  });

  it('is multipart with new files: kept ids as text parts, an empty one when none is kept', () => {
    const file = new File(['x'], 'ref.png');
    const keeping = editBody({ text: 't', keep: [11, 12], add: [file], markup: [shape(0.1)] }) as FormData;
    expect(keeping.get('text')).toBe('t');
    expect(JSON.parse(keeping.get('markup') as string)).toEqual([shape(0.1)]);
    const parts = keeping.getAll('files');
    expect(parts.slice(0, 2)).toEqual(['11', '12']);
    expect((parts[2] as File).name).toBe('ref.png');
    const none = editBody({ text: 't', keep: [], add: [file] }) as FormData;
    expect(none.getAll('files')[0]).toBe('');
    expect(none.has('markup')).toBe(false);
  });
});
