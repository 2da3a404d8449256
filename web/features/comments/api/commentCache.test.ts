import { describe, expect, it } from 'vitest';
import { author, comment, now, round } from './commentFixtures';
import {
  addComment,
  filterComments,
  findComment,
  isTemporary,
  removeComment,
  replaceComment,
  setCompletedAt,
  temporaryComment,
  unresolvedCount,
} from './commentCache';

describe('temporaryComment', () => {
  it('is a negative id with the author, the round and nothing to act on yet', () => {
    const temp = temporaryComment(
      {
        asset_id: 3,
        text: 'Hi',
        markup: [{ points: [], stroke_color: '#000000', stroke_size: 2, is_relative: true }],
      },
      author,
      round,
      now,
    );
    expect(isTemporary(temp)).toBe(true);
    expect(temp).toMatchObject({
      asset_id: 3,
      version_id: 40,
      round_number: 1,
      user: author,
      completed_at: null,
      created_at: now.toISOString(),
      parent_id: null,
    });
    expect(temp.markup).toHaveLength(1);
    expect(Object.values(temp.abilities).every((v) => !v)).toBe(true);
  });

  it('drops markup and the global flag from a reply', () => {
    const temp = temporaryComment(
      {
        asset_id: 3,
        text: 'r',
        parent_id: 1,
        global_comment: true,
        markup: [{ points: [], stroke_color: '#000000', stroke_size: 2, is_relative: true }],
      },
      author,
      round,
      now,
    );
    expect(temp.markup).toEqual([]);
    expect(temp.global_comment).toBe(false);
  });
});

describe('optimistic creation', () => {
  it('adds a root at the end and a reply in its parent’s thread', () => {
    const list = [comment(1), comment(2)];
    const withRoot = addComment(list, comment(-1));
    expect(withRoot.map((c) => c.id)).toEqual([1, 2, -1]);
    const withReply = addComment(list, comment(-2, { parent_id: 1 }));
    expect(withReply[0]!.replies.map((r) => r.id)).toEqual([-2]);
    expect(withReply).toHaveLength(2);
    expect(list[0]!.replies).toEqual([]); // the cache's list is never changed in place
  });

  it('puts the server’s comment in the temporary one’s place, root or reply', () => {
    const list = addComment(addComment([comment(1)], comment(-1)), comment(-2, { parent_id: 1 }));
    const root = replaceComment(list, -1, comment(5));
    expect(root.map((c) => c.id)).toEqual([1, 5]);
    const reply = replaceComment(root, -2, comment(6, { parent_id: 1 }));
    expect(reply[0]!.replies.map((r) => r.id)).toEqual([6]);
    expect('replies' in reply[0]!.replies[0]!).toBe(false);
  });

  it('keeps a root’s replies when the server’s copy comes without them', () => {
    const list = addComment([comment(1)], comment(2, { parent_id: 1 }));
    const next = replaceComment(list, 1, comment(1, { text: 'edited', is_edited: true }));
    expect(next[0]!.text).toBe('edited');
    expect(next[0]!.replies.map((r) => r.id)).toEqual([2]);
  });

  it('removes the temporary comment on a failure, and a deleted root with its replies', () => {
    const list = addComment(addComment([comment(1)], comment(-1)), comment(2, { parent_id: 1 }));
    expect(removeComment(list, -1).map((c) => c.id)).toEqual([1]);
    expect(removeComment(list, 2)[0]!.replies).toEqual([]);
    expect(removeComment(list, 1).map((c) => c.id)).toEqual([-1]);
  });
});

describe('completion and counts', () => {
  it('sets and clears completed_at on the root only', () => {
    const list = [comment(1), comment(2)];
    const done = setCompletedAt(list, 1, '2026-11-25T09:01:00.000Z');
    expect(done[0]!.completed_at).toBe('2026-11-25T09:01:00.000Z');
    expect(done[1]!.completed_at).toBeNull();
    expect(setCompletedAt(done, 1, null)[0]!.completed_at).toBeNull();
  });

  it('counts open roots (not replies) and filters by §9 unresolved / all', () => {
    const list = addComment(
      [comment(1), comment(2, { completed_at: '2026-11-25T09:01:00.000Z' }), comment(3)],
      comment(4, { parent_id: 2 }),
    );
    expect(unresolvedCount(list)).toBe(2);
    expect(filterComments(list, 'unresolved').map((c) => c.id)).toEqual([1, 3]);
    expect(filterComments(list, 'all')).toBe(list);
  });

  it('finds a root or a reply by id', () => {
    const list = addComment([comment(1)], comment(2, { parent_id: 1 }));
    expect(findComment(list, 2)?.parent_id).toBe(1);
    expect(findComment(list, 9)).toBeUndefined();
  });
});
