import { MutationObserver, QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import type { Comment } from '@common/api/comments';
import { comment, round } from './commentFixtures';
import type { NewComment } from './commentCache';
import { newCommentBody, postCommentMutation } from './comments';

/** A review link's guest posting through their own call (web/features/sharedView/guest). */
const KEY = ['shared', 'h4sh', 'asset', 3, 'comments'] as const;
const guest = { id: null, name: 'Maria Lopez', avatar: null, is_guest: true };

function setUp(list: Comment[]) {
  const queryClient = new QueryClient();
  queryClient.setQueryData(KEY, list);
  return { queryClient, list: () => queryClient.getQueryData<Comment[]>(KEY) ?? [] };
}

describe('postCommentMutation (a comment posted through a call given in)', () => {
  it("shows the guest's comment at once under their name, marked a guest's, then the server's in its place", async () => {
    const { queryClient, list } = setUp([comment(1)]);
    let answer: (value: Comment) => void = () => undefined;
    const post = vi.fn((_input: NewComment) => new Promise<Comment>((resolve) => (answer = resolve)));
    const settled = vi.fn(() => Promise.resolve());
    const mutation = new MutationObserver(
      queryClient,
      postCommentMutation(queryClient, { key: KEY, post, settled }, round, guest),
    );
    const sent = mutation.mutate({ asset_id: 3, text: 'Warmer, please.', markup: null });
    await vi.waitFor(() => expect(list()).toHaveLength(2));
    const shown = list()[1]!;
    expect(shown.id).toBeLessThan(0);
    expect(shown.user).toEqual({ id: null, name: 'Maria Lopez', avatar: null, is_guest: true });
    expect(post.mock.calls[0]![0]).toEqual({ asset_id: 3, text: 'Warmer, please.', markup: null });

    answer(comment(50, { text: 'Warmer, please.', user: guest }));
    await sent;
    expect(list().map((c) => c.id)).toEqual([1, 50]);
    expect(settled).toHaveBeenCalledOnce();
  });

  it('puts a reply in its thread, and takes the shown comment away when the call is refused', async () => {
    const { queryClient, list } = setUp([comment(1)]);
    let refuse: (error: Error) => void = () => undefined;
    const post = vi.fn(() => new Promise<Comment>((_resolve, reject) => (refuse = reject)));
    const mutation = new MutationObserver(
      queryClient,
      postCommentMutation(queryClient, { key: KEY, post }, round, guest),
    );
    const sent = mutation.mutate({ asset_id: 3, text: 'Agreed', parent_id: 1 });
    await vi.waitFor(() => expect(list()[0]!.replies).toHaveLength(1));
    expect(list()[0]!.replies[0]!.user.is_guest).toBe(true);
    refuse(new Error('429'));
    await expect(sent).rejects.toThrow('429');
    expect(list()).toHaveLength(1);
    expect(list()[0]!.replies).toHaveLength(0);
  });

  it("marks a member's comment shown at once as no guest's", async () => {
    const { queryClient, list } = setUp([]);
    const post = vi.fn(() => new Promise<Comment>(() => undefined));
    const member = { id: 7, name: 'Ann', avatar: null };
    void new MutationObserver(
      queryClient,
      postCommentMutation(queryClient, { key: KEY, post }, round, member),
    )
      .mutate({ asset_id: 3, text: 'Mine' })
      .catch(() => undefined);
    await vi.waitFor(() => expect(list()).toHaveLength(1));
    expect(list()[0]!.user).toEqual({ id: 7, name: 'Ann', avatar: null, is_guest: false });
  });
});

describe('newCommentBody', () => {
  it('sends JSON without files (a guest never has any), with the drawing and the page', () => {
    const markup = [
      {
        type: 'rectangle' as const,
        points: [
          { x: 0.1, y: 0.2 },
          { x: 0.5, y: 0.6 },
        ],
        stroke_color: '#e03131',
        stroke_size: 3,
        is_relative: true,
      },
    ];
    expect(newCommentBody({ asset_id: 3, text: 'Here', markup, page: null, files: [] })).toEqual({
      asset_id: 3,
      text: 'Here',
      parent_id: null,
      global_comment: false,
      markup,
      page: null,
    });
    expect(newCommentBody({ asset_id: 3, text: 'Reply', parent_id: 9, markup: [] })).toMatchObject({
      parent_id: 9,
      markup: null,
    });
  });
});
