import type { Kysely } from 'kysely';
import { changeSchemaAlone } from '@server/db/database';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  COMMENT_TEXTS,
  MARKUP_ASSET_POINTS_MAX,
  MARKUP_COLORS,
  MARKUP_POINTS_MAX,
  MARKUP_TOTAL_POINTS_MAX,
} from '@common/api/comments';
import { down, up } from '@server/db/migrations/20261128100000_count_comment_markup_points';
import { buildAsset, buildRound } from './assetFactories';
import { buildComment, line, postComment, refusal } from './commentFactories';
import { type ApiClient, type Json, startTestApp, type TestApp } from './harness';
import { TINY_PNG } from './images';
import { buildProjectCast, type ProjectCast } from './projectCast';

/**
 * Issue 22 item 2: the markup of one asset, all its rounds together, has at most
 * MARKUP_ASSET_POINTS_MAX points. A comment or an edit that would take it past is refused (422
 * invalid_record on `markup`) and leaves nothing behind; the points are summed from each comment's
 * `markup_points`, which the migration fills in for the comments made before it.
 */

let t: TestApp;
let cast: ProjectCast;
let owner: ApiClient;
let asset: Json;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

beforeEach(async () => {
  cast = await buildProjectCast(t.baseUrl, t.ctx);
  owner = cast.owner.client;
  asset = await buildAsset(owner, cast.project.id);
});

const TOO_MANY = {
  status: 422,
  code: 'invalid_record',
  details: { markup: [COMMENT_TEXTS.tooManyAssetPoints] },
};

/** Lines of `points` points in all (at most MARKUP_POINTS_MAX each, never one of a single point). */
function drawing(points: number, seed = 0): Json[] {
  const lines: Json[] = [];
  for (let left = points; left > 0;) {
    const size = left - MARKUP_POINTS_MAX === 1 ? MARKUP_POINTS_MAX - 1 : Math.min(left, MARKUP_POINTS_MAX);
    lines.push(
      line({
        points: Array.from({ length: size }, (_, i) => ({ x: (i % 100) / 100, y: ((i + seed) % 97) / 100 })),
        stroke_color: MARKUP_COLORS.red,
      }),
    );
    left -= size;
  }
  return lines;
}

/** Comments at the per-comment maximum, then one with what is left, until the asset holds `points`. */
async function fill(points: number): Promise<number[]> {
  const ids: number[] = [];
  for (let left = points; left > 0; left -= Math.min(left, MARKUP_TOTAL_POINTS_MAX)) {
    const made = await buildComment(owner, asset.id, {
      markup: drawing(Math.min(left, MARKUP_TOTAL_POINTS_MAX), ids.length),
    });
    ids.push(made.id);
  }
  return ids;
}

const editMarkup = (id: number, markup: Json[]) => owner.patch(`/comments/${id}`, { markup });

async function stored(id: number) {
  return t.ctx.db
    .selectFrom('comments')
    .select(['markup', 'markup_points'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

async function assetPoints(): Promise<number> {
  const rows = await t.ctx.db
    .selectFrom('comments')
    .select('markup_points')
    .where('asset_id', '=', asset.id)
    .execute();
  return rows.reduce((sum, r) => sum + r.markup_points, 0);
}

async function commentCount(): Promise<number> {
  const rows = await t.ctx.db.selectFrom('comments').select('id').where('asset_id', '=', asset.id).execute();
  return rows.length;
}

describe("an asset's markup allowance", () => {
  it('takes a comment that brings the asset exactly to the cap, and refuses one point past it, storing nothing', async () => {
    expect(MARKUP_ASSET_POINTS_MAX).toBe(200_000);
    expect(COMMENT_TEXTS.tooManyAssetPoints).toBe(
      "An asset's markup has at most 200,000 points; delete some markup before drawing more.",
    );
    await fill(MARKUP_ASSET_POINTS_MAX - 2);
    const last = await buildComment(owner, asset.id, { markup: [line()] });
    expect(await stored(last.id)).toMatchObject({ markup_points: 2 });
    expect(await assetPoints()).toBe(MARKUP_ASSET_POINTS_MAX);

    // One more line, sent with a file: refused, and neither the comment nor its file stays.
    const { storage } = t.ctx;
    const realPut = storage.put.bind(storage);
    const put: string[] = [];
    storage.put = async (key, body, contentType) => {
      if (key.includes('/comments/')) put.push(key);
      return realPut(key, body, contentType);
    };
    const usedBefore = await storageUsed();
    const before = await commentCount();
    let answer;
    try {
      const form = new FormData();
      form.set('asset_id', String(asset.id));
      form.set('text', 'One line more.');
      form.set('markup', JSON.stringify([line()]));
      form.append('files', new Blob([new Uint8Array(TINY_PNG)]), 'sky.png');
      answer = await owner.post('/comments', form);
    } finally {
      storage.put = realPut;
    }
    expect(refusal(answer)).toMatchObject(TOO_MANY);
    expect(await commentCount()).toBe(before);
    expect(await assetPoints()).toBe(MARKUP_ASSET_POINTS_MAX);
    expect(put).toHaveLength(1);
    expect(await storage.get(put[0]!)).toBeNull();
    expect(await storageUsed()).toBe(usedBefore);
    const files = await t.ctx.db
      .selectFrom('comment_files')
      .select('id')
      .where('storage_key', 'in', put)
      .execute();
    expect(files).toEqual([]);
  });

  it('counts the markup of every round of the asset', async () => {
    await fill(MARKUP_ASSET_POINTS_MAX / 2);
    await buildRound(owner, asset.id);
    await fill(MARKUP_ASSET_POINTS_MAX / 2);
    const rounds = await t.ctx.db
      .selectFrom('comments')
      .select('round_number')
      .distinct()
      .where('asset_id', '=', asset.id)
      .execute();
    expect(rounds).toHaveLength(2);
    expect(refusal(await postComment(owner, asset.id, { markup: [line()] }))).toMatchObject(TOO_MANY);
    // Another asset of the project has its own allowance.
    const other = await buildAsset(owner, cast.project.id);
    expect((await postComment(owner, other.id, { markup: [line()] })).status).toBe(201);
  });

  it('frees the points of a deleted comment', async () => {
    const [first] = await fill(MARKUP_ASSET_POINTS_MAX);
    const more = { markup: drawing(MARKUP_TOTAL_POINTS_MAX, 7) };
    expect(refusal(await postComment(owner, asset.id, more))).toMatchObject(TOO_MANY);
    expect((await owner.delete(`/comments/${first}`)).status).toBe(200);
    expect((await postComment(owner, asset.id, more)).status).toBe(201);
    expect(refusal(await postComment(owner, asset.id, { markup: [line()] }))).toMatchObject(TOO_MANY);
  });

  it('refuses an edit that grows the markup past the cap and takes one that shrinks it', async () => {
    await fill(MARKUP_ASSET_POINTS_MAX - 20_000);
    const grown = await buildComment(owner, asset.id, { markup: [line()] });
    const shrunk = await buildComment(owner, asset.id, { markup: drawing(10_000) });
    // Growing the small one to 10,000 points brings the asset exactly to the cap.
    expect(await assetPoints()).toBe(MARKUP_ASSET_POINTS_MAX - 9_998);
    expect((await editMarkup(grown.id, drawing(10_000, 3))).status).toBe(200);
    expect(await stored(grown.id)).toMatchObject({ markup_points: 10_000 });
    expect(await assetPoints()).toBe(MARKUP_ASSET_POINTS_MAX);

    const before = await stored(shrunk.id);
    expect(refusal(await editMarkup(shrunk.id, drawing(10_002)))).toMatchObject(TOO_MANY);
    expect(await stored(shrunk.id)).toEqual(before);
    // Redrawn with as many points, or the text alone changed, at the cap: taken.
    expect((await editMarkup(shrunk.id, drawing(10_000, 5))).status).toBe(200);
    expect((await owner.patch(`/comments/${shrunk.id}`, { text: 'Only the words.' })).status).toBe(200);
    expect((await editMarkup(shrunk.id, [line()])).status).toBe(200);
    expect(await stored(shrunk.id)).toMatchObject({ markup_points: 2 });
    expect(await assetPoints()).toBe(MARKUP_ASSET_POINTS_MAX - 9_998);
    // Removing the markup frees it all.
    expect((await editMarkup(grown.id, [])).status).toBe(200);
    expect(await stored(grown.id)).toMatchObject({ markup: '[]', markup_points: 0 });
    expect((await postComment(owner, asset.id, { markup: drawing(19_998) })).status).toBe(201);
    expect(await assetPoints()).toBe(MARKUP_ASSET_POINTS_MAX);
  });

  it('still takes replies and global comments at the cap: they carry no markup', async () => {
    const [root] = await fill(MARKUP_ASSET_POINTS_MAX);
    const reply = await postComment(owner, asset.id, { parent_id: root, text: 'Agreed.' });
    expect(reply.status).toBe(201);
    const global = await postComment(owner, asset.id, { global_comment: true, text: 'Overall too dark.' });
    expect(global.status).toBe(201);
    const plain = await postComment(owner, asset.id, { text: 'No drawing here.' });
    expect(plain.status).toBe(201);
    for (const made of [reply, global, plain])
      expect(await stored(made.body.response.id)).toMatchObject({ markup: '[]', markup_points: 0 });
    expect(await assetPoints()).toBe(MARKUP_ASSET_POINTS_MAX);
  });

  it('lets only one of the comments and edits drawn at once take the last of the allowance', async () => {
    await fill(MARKUP_ASSET_POINTS_MAX - MARKUP_TOTAL_POINTS_MAX - 6);
    const small = [];
    for (let i = 0; i < 3; i++) small.push(await buildComment(owner, asset.id, { markup: [line()] }));
    // Each of these alone fits (an edit grows its comment by 49,998 points); any two do not.
    const answers = await Promise.all([
      ...small.map((c, i) => editMarkup(c.id, drawing(MARKUP_TOTAL_POINTS_MAX, i))),
      postComment(owner, asset.id, { markup: drawing(MARKUP_TOTAL_POINTS_MAX, 3) }),
      postComment(owner, asset.id, { markup: drawing(MARKUP_TOTAL_POINTS_MAX, 4) }),
    ]);
    expect(answers.filter((a) => a.status < 300)).toHaveLength(1);
    for (const a of answers.filter((a) => a.status >= 300)) expect(refusal(a)).toMatchObject(TOO_MANY);
    expect(await assetPoints()).toBeGreaterThanOrEqual(MARKUP_ASSET_POINTS_MAX - 2);
    expect(await assetPoints()).toBeLessThanOrEqual(MARKUP_ASSET_POINTS_MAX);
  });

  it("fills in the points of the comments made before the count (the migration's down and up)", async () => {
    const small = await buildComment(owner, asset.id, { markup: [line(), line(), line()] });
    const large = await buildComment(owner, asset.id, { markup: drawing(12_345) });
    const reply = await buildComment(owner, asset.id, { parent_id: small.id, text: 'Done.' });
    const global = await buildComment(owner, asset.id, { global_comment: true });
    const cleared = await buildComment(owner, asset.id, { markup: [line()] });
    expect((await editMarkup(cleared.id, [])).status).toBe(200);
    const expected = { [small.id]: 6, [large.id]: 12_345, [reply.id]: 0, [global.id]: 0, [cleared.id]: 0 };
    const points = async () => {
      const rows = await t.ctx.db
        .selectFrom('comments')
        .select(['id', 'markup_points'])
        .where('asset_id', '=', asset.id)
        .execute();
      return Object.fromEntries(rows.map((r) => [r.id, r.markup_points]));
    };
    expect(await points()).toEqual(expected);

    // Alone: another file's migrator reading every schema's columns meanwhile would miss this one.
    await changeSchemaAlone(t.ctx.db, (trx) => down(trx as unknown as Kysely<unknown>));
    await expect(t.ctx.db.selectFrom('comments').select('markup_points').execute()).rejects.toThrow();
    await changeSchemaAlone(t.ctx.db, (trx) => up(trx as unknown as Kysely<unknown>));
    expect(await points()).toEqual(expected);

    // And the cap counts them: the asset is 12,351 points in.
    await fill(MARKUP_ASSET_POINTS_MAX - 12_351);
    expect(refusal(await postComment(owner, asset.id, { markup: [line()] }))).toMatchObject(TOO_MANY);
  });
});

async function storageUsed(): Promise<number> {
  const { storage_used_in_bytes } = await t.ctx.db
    .selectFrom('projects')
    .select('storage_used_in_bytes')
    .where('id', '=', cast.project.id)
    .executeTakeFirstOrThrow();
  return Number(storage_used_in_bytes);
}
