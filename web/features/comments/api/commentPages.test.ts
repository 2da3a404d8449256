import { MutationObserver, QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Comment } from '@common/api/comments';
import { author, comment, now, round } from './commentFixtures';
import { PageMerge, readAllPages } from './commentPages';
import {
  createCommentMutation,
  deleteCommentMutation,
  roundCommentsQuery,
  setCompletedMutation,
  updateCommentMutation,
} from './comments';

const ids = (list: readonly Comment[] | undefined) => (list ?? []).map((c) => c.id);
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

describe('PageMerge', () => {
  it('appends each page after the pages before', () => {
    const merge = new PageMerge();
    const first = merge.add([], [comment(1), comment(2)]);
    expect(ids(merge.add(first, [comment(3)]))).toEqual([1, 2, 3]);
  });

  it('keeps what the user changed between pages, and their new comments last', () => {
    const merge = new PageMerge();
    merge.add([], [comment(1), comment(2)]);
    const changed = [
      comment(1, { text: 'edited', replies: [comment(9, { parent_id: 1 })] }),
      comment(2, { completed_at: now.toISOString() }),
      comment(-1, { text: 'mine, on its way' }),
    ];
    const next = merge.add(changed, [comment(3), comment(4)]);
    expect(ids(next)).toEqual([1, 2, 3, 4, -1]);
    expect(next[0]).toBe(changed[0]);
    expect(next[1]!.completed_at).not.toBeNull();
  });

  it('does not bring back a thread deleted since, nor take a thread twice', () => {
    const merge = new PageMerge();
    const first = merge.add([], [comment(1), comment(2)]);
    const mine = merge.add(first, [comment(3)]);
    expect(ids(mine)).toEqual([1, 2, 3]);
    const afterPost = [...mine, comment(50, { text: 'mine' })];
    expect(ids(merge.add(afterPost, []))).toEqual([1, 2, 3, 50]);
    // The user deleted 2 and 50; a page read before that still holds 50 and an old one again (3).
    const deleted = afterPost.filter((c) => c.id !== 2 && c.id !== 50);
    expect(ids(merge.add(deleted, [comment(3), comment(4), comment(50)]))).toEqual([1, 3, 4]);
  });

  it('puts each thread in the server’s order, the oldest first, whatever page brings it', () => {
    const at = (minute: number) => `2026-11-25T09:${String(minute).padStart(2, '0')}:00.000Z`;
    const merge = new PageMerge();
    const first = merge.add([], [comment(1, { created_at: at(1) }), comment(3, { created_at: at(3) })]);
    const temp = comment(-4, { created_at: at(0) });
    const next = merge.add([...first, temp], [comment(2, { created_at: at(2) })]);
    expect(ids(next)).toEqual([1, 2, 3, -4]);
  });

  it('puts a comment of the user that a page brings where the page has it', () => {
    const merge = new PageMerge();
    const first = merge.add([], [comment(1)]);
    const posted = [...first, comment(5, { text: 'posted, answered by the server' })];
    const next = merge.add(posted, [comment(2), comment(5)]);
    expect(ids(next)).toEqual([1, 2, 5]);
    expect(next[2]!.text).toBe('posted, answered by the server');
  });
});

describe('readAllPages', () => {
  const pages = (count: number, size: number) => (n: number) => {
    const all = range(1, count).map((id) => comment(id));
    const pagesCount = Math.ceil(count / size);
    return Promise.resolve({
      comments: all.slice((n - 1) * size, n * size),
      pagination: {
        current: n,
        pages: pagesCount,
        total_count: count,
        first_page: n === 1,
        last_page: n >= pagesCount,
      },
    });
  };

  it('asks for every page up to the last and answers the whole list', async () => {
    const asked: number[] = [];
    const list = await readAllPages((n) => {
      asked.push(n);
      return pages(250, 100)(n);
    });
    expect(asked).toEqual([1, 2, 3]);
    expect(ids(list)).toEqual(range(1, 250));
  });

  it('shows each page as it comes on a first load, only the whole list otherwise', async () => {
    const shown: number[] = [];
    let current: Comment[] | undefined;
    await readAllPages(pages(250, 100), {
      read: () => current,
      write: (list) => {
        current = list;
        shown.push(list.length);
      },
    });
    expect(shown).toEqual([100, 200, 250]);
  });

  it('stops at an empty page whatever the pagination says', async () => {
    const list = await readAllPages(() =>
      Promise.resolve({
        comments: [],
        pagination: { current: 1, pages: 0, total_count: 0, first_page: true, last_page: false },
      }),
    );
    expect(list).toEqual([]);
  });
});

/**
 * The round list of the review screen (roundCommentsQuery) and its optimistic changes, in a real
 * QueryClient, over a fake of the API's answers whose comment pages the test lets through one by
 * one (fetch is the boundary: nothing else here is stood in for).
 */
describe('the round list read page by page, with changes made meanwhile', () => {
  const ROOTS = 250;
  const PATH = '/api/v1/assets/3/versions/1/comments';
  let server: Comment[];
  let nextId: number;
  let held: { page: number; release: () => void }[];
  let calls: string[];
  let queryClient: QueryClient;

  const json = (body: unknown) =>
    new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

  function answerPage(page: number): Response {
    const pagesCount = Math.ceil(server.length / 100);
    return json({
      response: server.slice((page - 1) * 100, page * 100),
      meta: {
        pagination: {
          current: page,
          pages: pagesCount,
          total_count: server.length,
          first_page: page === 1,
          last_page: page >= pagesCount,
        },
      },
    });
  }

  /** The fake API: comment pages wait for the test; changes are answered at once. */
  async function fakeFetch(input: string, init?: RequestInit): Promise<Response> {
    const url = new URL(input, 'http://app.test');
    const method = init?.method ?? 'GET';
    calls.push(`${method} ${url.pathname}${url.search}`);
    if (method === 'GET' && url.pathname === PATH) {
      const page = Number(url.searchParams.get('page') ?? 1);
      // As the browser's fetch: an aborted call fails with an AbortError.
      await new Promise<void>((release, fail) => {
        held.push({ page, release });
        init?.signal?.addEventListener('abort', () => fail(new DOMException('aborted', 'AbortError')));
      });
      return answerPage(page);
    }
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : {};
    const id = Number(url.pathname.split('/')[4]);
    if (method === 'POST' && url.pathname === '/api/v1/comments') {
      const made = comment(nextId++, { text: String(body.text) });
      server.push(made);
      return json({ response: made });
    }
    if (method === 'PATCH' && url.pathname.endsWith('/mark_as_completed')) {
      const done = { ...server.find((c) => c.id === id)!, completed_at: '2026-11-25T10:00:00.000Z' };
      server = server.map((c) => (c.id === id ? done : c));
      return json({ response: done });
    }
    if (method === 'PATCH') {
      const edited = { ...server.find((c) => c.id === id)!, text: String(body.text), is_edited: true };
      server = server.map((c) => (c.id === id ? edited : c));
      return json({ response: edited });
    }
    if (method === 'DELETE') {
      server = server.filter((c) => c.id !== id);
      return json({ response: { message: 'The comment was deleted.' } });
    }
    return new Response(null, { status: 404 });
  }

  /** Lets the page asked for through, once it has been asked for. */
  async function release(page: number) {
    await vi.waitFor(() => expect(held.map((h) => h.page)).toContain(page));
    const index = held.findIndex((h) => h.page === page);
    held.splice(index, 1)[0]!.release();
  }

  const list = () => queryClient.getQueryData<Comment[]>(['assets', 3, 'comments', 1]);

  beforeEach(() => {
    server = range(1, ROOTS).map((id) => comment(id));
    nextId = 1000;
    held = [];
    calls = [];
    queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    vi.stubGlobal('fetch', fakeFetch);
  });
  afterEach(() => {
    queryClient.clear();
    vi.unstubAllGlobals();
  });

  it('shows the first page at once, then each next one, until every thread is there', async () => {
    const observer = new QueryObserver(queryClient, roundCommentsQuery(queryClient, 3, 1));
    const seen: number[] = [];
    const stop = observer.subscribe((result) => {
      if (result.data && seen.at(-1) !== result.data.length) seen.push(result.data.length);
    });
    await release(1);
    await vi.waitFor(() => expect(ids(list())).toEqual(range(1, 100)));
    expect(observer.getCurrentResult().isFetching).toBe(true);
    await release(2);
    await release(3);
    await vi.waitFor(() => expect(observer.getCurrentResult().isFetching).toBe(false));
    expect(ids(observer.getCurrentResult().data)).toEqual(range(1, ROOTS));
    expect(seen).toEqual([100, 200, 250]);
    expect(calls).toEqual([`GET ${PATH}?page=1`, `GET ${PATH}?page=2`, `GET ${PATH}?page=3`]);
    stop();
  });

  it('keeps a comment added, edited, completed and deleted while the later pages load', async () => {
    const observer = new QueryObserver(queryClient, roundCommentsQuery(queryClient, 3, 1));
    const stop = observer.subscribe(() => {});
    await release(1);
    await vi.waitFor(() => expect(list()).toHaveLength(100));

    await new MutationObserver(queryClient, createCommentMutation(queryClient, 3, round, author)).mutate({
      asset_id: 3,
      text: 'Mine',
    });
    await new MutationObserver(queryClient, updateCommentMutation(queryClient, 3, 1)).mutate({
      id: 10,
      edit: { text: 'Edited while loading', keep: [], add: [] },
    });
    await new MutationObserver(queryClient, setCompletedMutation(queryClient, 3, 1)).mutate({
      id: 5,
      completed: true,
    });
    await new MutationObserver(queryClient, deleteCommentMutation(queryClient, 3, 1)).mutate(20);
    // None of them stopped the load: page 2 is still on its way, and then page 3.
    expect(queryClient.getQueryState(['assets', 3, 'comments', 1])?.fetchStatus).toBe('fetching');
    expect(ids(list())).toEqual([...range(1, 100).filter((id) => id !== 20), 1000]);

    await release(2);
    await vi.waitFor(() => expect(list()).toHaveLength(200));
    expect(list()!.at(-1)!.id).toBe(1000);
    await release(3);
    // The deletion moved thread 101 onto page 1, read before it: the list holds one thread fewer
    // than page 3 counted, so the pages are read once more and 101 goes in its place.
    await vi.waitFor(() => expect(list()).toHaveLength(ROOTS - 1));
    for (const page of [1, 2, 3]) await release(page);
    await vi.waitFor(() => expect(observer.getCurrentResult().isFetching).toBe(false));
    expect(calls.filter((call) => call.startsWith('GET'))).toEqual(
      [1, 2, 3, 1, 2, 3].map((page) => `GET ${PATH}?page=${page}`),
    );

    const final = list()!;
    // Every thread once in the server's order, the new comment (which page 3 brought too) last.
    expect(ids(final)).toEqual([...range(1, ROOTS).filter((id) => id !== 20), 1000]);
    expect(final.find((c) => c.id === 10)!.text).toBe('Edited while loading');
    expect(final.find((c) => c.id === 5)!.completed_at).toBe('2026-11-25T10:00:00.000Z');
    expect(ids(observer.getCurrentResult().data)).toEqual(ids(final));
    stop();
  });

  it('finishes a first load when the screen is left before its last page', async () => {
    const observer = new QueryObserver(queryClient, roundCommentsQuery(queryClient, 3, 1));
    const stop = observer.subscribe(() => {});
    await release(1);
    await vi.waitFor(() => expect(list()).toHaveLength(100));
    stop();
    await release(2);
    await release(3);
    await vi.waitFor(() => expect(list()).toHaveLength(ROOTS));
  });

  it('reads a list already shown again whole, and shows it only when every page is in', async () => {
    const observer = new QueryObserver(queryClient, roundCommentsQuery(queryClient, 3, 1));
    const lengths: number[] = [];
    const stop = observer.subscribe((result) => {
      if (result.data) lengths.push(result.data.length);
    });
    for (const page of [1, 2, 3]) await release(page);
    await vi.waitFor(() => expect(observer.getCurrentResult().isFetching).toBe(false));
    server.push(comment(nextId++, { text: 'From someone else' }));
    lengths.length = 0;
    void queryClient.invalidateQueries({ queryKey: ['assets', 3, 'comments', 1] });
    for (const page of [1, 2, 3]) await release(page);
    await vi.waitFor(() => expect(list()).toHaveLength(ROOTS + 1));
    expect(lengths.every((n) => n === ROOTS || n === ROOTS + 1)).toBe(true);
    stop();
  });

  it('stops a refetch for a change made meanwhile, as one call was stopped, keeping the change', async () => {
    const observer = new QueryObserver(queryClient, roundCommentsQuery(queryClient, 3, 1));
    const stop = observer.subscribe(() => {});
    for (const page of [1, 2, 3]) await release(page);
    await vi.waitFor(() => expect(observer.getCurrentResult().isFetching).toBe(false));
    void queryClient.invalidateQueries({ queryKey: ['assets', 3, 'comments', 1] });
    await release(1);
    await vi.waitFor(() => expect(held.map((h) => h.page)).toContain(2));
    await new MutationObserver(queryClient, setCompletedMutation(queryClient, 3, 1)).mutate({
      id: 7,
      completed: true,
    });
    expect(queryClient.getQueryState(['assets', 3, 'comments', 1])?.fetchStatus).toBe('idle');
    expect(list()).toHaveLength(ROOTS);
    expect(list()!.find((c) => c.id === 7)!.completed_at).not.toBeNull();
    held.splice(0).forEach((h) => h.release());
    stop();
  });
});
