import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildAsset, buildRound } from './assetFactories';
import { buildComment, refusal } from './commentFactories';
import { seedThreads, type SeededThread } from './commentSeeds';
import { type ApiClient, type Json, startTestApp, type TestApp } from './harness';
import { TINY_PNG } from './images';
import { buildProjectCast, type ProjectCast } from './projectCast';

/**
 * Issue 22 item 2: the comment lists (GET /assets/{id}/comments and per round) answer a page of
 * threads at a time, never every comment of the asset: up to per_page root comments (100 by
 * default and at most), the oldest first, each with all its replies, and meta.pagination.
 */
let t: TestApp;
let cast: ProjectCast;
let owner: ApiClient;
let asset: Json;

beforeAll(async () => {
  t = await startTestApp();
  cast = await buildProjectCast(t.baseUrl, t.ctx);
  owner = cast.owner.client;
});
afterAll(() => t.close());

beforeEach(async () => {
  asset = await buildAsset(owner, cast.project.id);
});

const seed = (threads: Parameters<typeof seedThreads>[3], roundNumber?: number) =>
  seedThreads(t.ctx, asset.id, cast.owner.user.id, threads, roundNumber);

async function listed(path: string, client = owner): Promise<{ comments: Json[]; pagination: Json }> {
  const answer = await client.get(path);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return { comments: answer.body.response, pagination: answer.body.meta.pagination };
}

const ids = (comments: Json[]) => comments.map((c) => c.id);
const rootIds = (seeded: SeededThread[]) => seeded.map((s) => s.id);

describe('GET /assets/{id}/comments, a page at a time', () => {
  it('answers the 100 oldest threads by default, each with all its replies, and the next pages after', async () => {
    const threads = await seed(
      Array.from({ length: 250 }, (_, i) => ({
        replies: i === 99 ? 3 : i === 100 ? 2 : i % 40 === 0 ? 1 : 0,
      })),
    );
    const first = await listed(`/assets/${asset.id}/comments`);
    expect(ids(first.comments)).toEqual(rootIds(threads.slice(0, 100)));
    expect(first.pagination).toEqual({
      current: 1,
      pages: 3,
      total_count: 250,
      first_page: true,
      last_page: false,
    });
    // The 100th thread's replies were written after every root: they still come with it.
    expect(ids(first.comments[99].replies)).toEqual(threads[99]!.replyIds);
    expect(ids(first.comments[40].replies)).toEqual(threads[40]!.replyIds);

    const second = await listed(`/assets/${asset.id}/comments?page=2`);
    expect(ids(second.comments)).toEqual(rootIds(threads.slice(100, 200)));
    expect(ids(second.comments[0].replies)).toEqual(threads[100]!.replyIds);
    expect(second.pagination).toMatchObject({ current: 2, first_page: false, last_page: false });

    const third = await listed(`/assets/${asset.id}/comments?page=3`);
    expect(ids(third.comments)).toEqual(rootIds(threads.slice(200)));
    expect(third.pagination).toEqual({
      current: 3,
      pages: 3,
      total_count: 250,
      first_page: false,
      last_page: true,
    });

    // Every comment once over the pages, no reply at the top level.
    const all = [...first.comments, ...second.comments, ...third.comments];
    expect(all.every((c) => c.parent_id === null)).toBe(true);
    const replies = all.flatMap((c) => c.replies);
    expect(replies).toHaveLength(threads.reduce((n, s) => n + s.replyIds.length, 0));
    expect(new Set(ids(all)).size).toBe(250);
  });

  it('takes per_page up to 100', async () => {
    const threads = await seed(Array.from({ length: 25 }, () => ({})));
    const page = await listed(`/assets/${asset.id}/comments?per_page=7&page=3`);
    expect(ids(page.comments)).toEqual(rootIds(threads.slice(14, 21)));
    expect(page.pagination).toEqual({
      current: 3,
      pages: 4,
      total_count: 25,
      first_page: false,
      last_page: false,
    });
    const last = await listed(`/assets/${asset.id}/comments?per_page=7&page=4`);
    expect(ids(last.comments)).toEqual(rootIds(threads.slice(21)));
    expect(last.pagination.last_page).toBe(true);
    expect((await listed(`/assets/${asset.id}/comments?per_page=100`)).comments).toHaveLength(25);
  });

  it('answers the threads made through the API with their files and replies', async () => {
    const form = new FormData();
    form.set('asset_id', String(asset.id));
    form.set('text', 'See the reference');
    form.append('files', new Blob([new Uint8Array(TINY_PNG)]), 'reference.png');
    const withFile = (await owner.post('/comments', form)).body.response;
    const other = await buildComment(owner, asset.id, { text: 'Second thread' });
    const reply = await buildComment(cast.collaborator.client, asset.id, { parent_id: withFile.id });
    const page = await listed(`/assets/${asset.id}/comments?per_page=1`, cast.viewer.client);
    expect(ids(page.comments)).toEqual([withFile.id]);
    expect(page.comments[0].files).toEqual(withFile.files);
    expect(page.comments[0].replies).toMatchObject([{ id: reply.id, abilities: { destroy: false } }]);
    expect(page.pagination).toMatchObject({ total_count: 2, pages: 2 });
    expect(ids((await listed(`/assets/${asset.id}/comments?per_page=1&page=2`)).comments)).toEqual([
      other.id,
    ]);
  });

  it('filters unresolved threads before paging, and counts only those', async () => {
    const threads = await seed(
      Array.from({ length: 230 }, (_, i) => ({ completed: i % 3 === 0, replies: i % 3 === 0 ? 1 : 0 })),
    );
    const open = threads.filter((_, i) => i % 3 !== 0);
    expect(open).toHaveLength(153);
    const second = await listed(`/assets/${asset.id}/comments?filter=unresolved&page=2`);
    expect(ids(second.comments)).toEqual(rootIds(open.slice(100)));
    expect(second.comments.every((c) => c.completed_at === null && c.replies.length === 0)).toBe(true);
    expect(second.pagination).toEqual({
      current: 2,
      pages: 2,
      total_count: 153,
      first_page: false,
      last_page: true,
    });
    const all = await listed(`/assets/${asset.id}/comments?filter=all&page=3`);
    expect(all.pagination).toMatchObject({ total_count: 230, pages: 3 });
    expect(ids(all.comments)).toEqual(rootIds(threads.slice(200)));
  });

  it('answers no threads past the last page, with the right meta', async () => {
    await seed(Array.from({ length: 5 }, () => ({})));
    expect(await listed(`/assets/${asset.id}/comments?page=4`)).toEqual({
      comments: [],
      pagination: { current: 4, pages: 1, total_count: 5, first_page: false, last_page: true },
    });
    const empty = await buildAsset(owner, cast.project.id);
    expect(await listed(`/assets/${empty.id}/comments`)).toEqual({
      comments: [],
      pagination: { current: 1, pages: 0, total_count: 0, first_page: true, last_page: true },
    });
  });

  it('answers a comment written since on the page it falls on (the read cache keeps no old page)', async () => {
    const threads = await seed(Array.from({ length: 100 }, () => ({})));
    expect((await listed(`/assets/${asset.id}/comments?page=2`)).comments).toEqual([]);
    const first = await listed(`/assets/${asset.id}/comments`);
    expect(ids(first.comments)).toEqual(rootIds(threads));
    const added = await buildComment(owner, asset.id, { text: 'One more' });
    const second = await listed(`/assets/${asset.id}/comments?page=2`);
    expect(ids(second.comments)).toEqual([added.id]);
    expect(second.pagination).toMatchObject({ total_count: 101, pages: 2, last_page: true });
    expect(ids((await listed(`/assets/${asset.id}/comments`)).comments)).toEqual(rootIds(threads));
  });

  it('refuses a page or page size that is not one with 422', async () => {
    const round = asset.current_version.number;
    for (const path of [`/assets/${asset.id}/comments`, `/assets/${asset.id}/versions/${round}/comments`]) {
      for (const query of [
        'page=0',
        'page=-1',
        'page=abc',
        'page=1.5',
        'page=100001',
        'page=1e400',
        'page=99999999999999999999999',
        'per_page=0',
        'per_page=-5',
        'per_page=101',
        'per_page=many',
        'per_page=1e9',
      ]) {
        const answer = await owner.get(`${path}?${query}`);
        expect(refusal(answer), `${path}?${query}`).toMatchObject({ status: 422, code: 'invalid_record' });
      }
    }
  });

  it('answers a stranger 404 on every page, as before', async () => {
    await seed([{}, {}]);
    const stranger = cast.stranger.client;
    const round = asset.current_version.number;
    for (const path of [
      `/assets/${asset.id}/comments?page=1`,
      `/assets/${asset.id}/comments?page=2&per_page=1`,
      `/assets/${asset.id}/versions/${round}/comments?page=1`,
      `/assets/${asset.id}/versions/${round}/comments?page=9`,
    ])
      expect((await stranger.get(path)).status, path).toBe(404);
  });
});

describe('GET /assets/{id}/versions/{round}/comments, a page at a time', () => {
  it('pages through the round’s threads only', async () => {
    const firstRound = asset.current_version.number;
    const early = await seed(
      Array.from({ length: 130 }, (_, i) => ({ replies: i === 120 ? 2 : 0 })),
      firstRound,
    );
    await buildRound(owner, asset.id);
    const late = await seed(
      Array.from({ length: 30 }, () => ({})),
      firstRound + 1,
    );
    const path = `/assets/${asset.id}/versions/${firstRound}/comments`;

    const page = await listed(`${path}?page=2`);
    expect(ids(page.comments)).toEqual(rootIds(early.slice(100)));
    expect(ids(page.comments[20].replies)).toEqual(early[120]!.replyIds);
    expect(page.pagination).toEqual({
      current: 2,
      pages: 2,
      total_count: 130,
      first_page: false,
      last_page: true,
    });
    const next = await listed(`/assets/${asset.id}/versions/${firstRound + 1}/comments?per_page=20`);
    expect(ids(next.comments)).toEqual(rootIds(late.slice(0, 20)));
    expect(next.pagination).toMatchObject({ total_count: 30, pages: 2 });
    // Both rounds together, on the asset's list.
    expect((await listed(`/assets/${asset.id}/comments?page=2`)).pagination).toMatchObject({
      total_count: 160,
      pages: 2,
    });
    expect(refusal(await owner.get(`/assets/${asset.id}/versions/99/comments?page=2`))).toMatchObject({
      status: 404,
    });
  });
});
