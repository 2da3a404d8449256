import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { COMMENT_TEXTS } from '@common/api/comments';
import { buildAsset } from './assetFactories';
import { buildComment, line, refusal } from './commentFactories';
import { type ApiClient, type Json, startTestApp, type TestApp } from './harness';
import { TINY_GIF, TINY_PNG } from './images';
import { buildProjectCast, type ProjectCast } from './projectCast';

/**
 * PATCH /comments/{id} as the edit box sends it (projects-side §7: text, files, markup): one
 * multipart call with the new text, the redrawn markup, the ids of the files kept (an empty part
 * when none is) and the new files.
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

function form(fields: [string, string][], files: [string, Buffer][] = []): FormData {
  const body = new FormData();
  for (const [k, v] of fields) body.append(k, v);
  for (const [name, data] of files) body.append('files', new Blob([new Uint8Array(data)]), name);
  return body;
}

/** A comment with markup and the files named, made by multipart. */
async function commentWithFiles(names: string[], markup: Json[] = [line()]): Promise<Json> {
  const answer = await owner.post(
    '/comments',
    form(
      [
        ['asset_id', String(asset.id)],
        ['text', 'Soften the shadow.'],
        ['markup', JSON.stringify(markup)],
      ],
      names.map((n): [string, Buffer] => [n, TINY_PNG]),
    ),
  );
  expect(answer.status).toBe(201);
  return answer.body.response;
}

async function storageKeys(commentId: number): Promise<string[]> {
  const rows = await t.ctx.db
    .selectFrom('comment_files')
    .select('storage_key')
    .where('comment_id', '=', commentId)
    .orderBy('id')
    .execute();
  return rows.map((r) => r.storage_key);
}

async function listed(id: number, client = owner): Promise<Json> {
  const answer = await client.get(`/assets/${asset.id}/comments`);
  expect(answer.status).toBe(200);
  return answer.body.response.find((c: Json) => c.id === id);
}

const redrawn = line({
  points: [
    { x: 0.6, y: 0.6 },
    { x: 0.7, y: 0.65 },
    { x: 0.8, y: 0.7 },
  ],
  stroke_color: '#E5372C',
  stroke_size: 5,
});

describe('PATCH /comments/{id} with text, files and markup together', () => {
  it('changes all three at once: the drawing keeps its number, the removed file goes only after the change is committed', async () => {
    const first = await commentWithFiles(['before.png']);
    const second = await commentWithFiles([]);
    expect([first.markup_number, second.markup_number]).toEqual([1, 2]);
    const [oldKey] = await storageKeys(first.id);

    // The stored blob is removed once the row is gone for every other reader (committed).
    const storage = t.ctx.storage;
    const realDeleteMany = storage.deleteMany.bind(storage);
    const rowsAtDelete: number[] = [];
    storage.deleteMany = async (keys: readonly string[]) => {
      for (const key of keys) {
        const rows = await t.ctx.db
          .selectFrom('comment_files')
          .select('id')
          .where('storage_key', '=', key)
          .execute();
        rowsAtDelete.push(rows.length);
      }
      return realDeleteMany(keys);
    };
    t.clock.advance(60_000);
    let answer;
    try {
      answer = await owner.patch(
        `/comments/${first.id}`,
        form(
          [
            ['text', `Softer, ask @[${cast.collaborator.user.name}](user:${cast.collaborator.user.id})`],
            ['markup', JSON.stringify([redrawn])],
            ['files', ''],
          ],
          [['after.gif', TINY_GIF]],
        ),
      );
    } finally {
      storage.deleteMany = realDeleteMany;
    }
    expect(answer.status).toBe(200);
    expect(answer.body.response).toMatchObject({
      id: first.id,
      text: `Softer, ask @[${cast.collaborator.user.name}](user:${cast.collaborator.user.id})`,
      mentions: [cast.collaborator.user.id],
      markup_number: 1,
      markup: [redrawn],
      is_edited: true,
      updated_at: t.clock.now().toISOString(),
    });
    expect(answer.body.response.files.map((f: Json) => f.name)).toEqual(['after.gif']);
    expect(rowsAtDelete).toEqual([0]);
    expect(await t.ctx.storage.get(oldKey!)).toBeNull();
    const [newKey] = await storageKeys(first.id);
    expect(await t.ctx.storage.get(newKey!)).not.toBeNull();

    // Read again, as another member sees it.
    expect(await listed(first.id, cast.collaborator.client)).toMatchObject({
      markup_number: 1,
      markup: [redrawn],
      is_edited: true,
      files: [{ name: 'after.gif' }],
      abilities: { edit: false },
    });
    expect((await listed(second.id)).markup_number).toBe(2);
  });

  it('keeps the files named and adds the new ones', async () => {
    const comment = await commentWithFiles(['a.png', 'b.png']);
    const [a, b] = comment.files;
    const keys = await storageKeys(comment.id);
    const answer = await owner.patch(
      `/comments/${comment.id}`,
      form([['files', String(b.id)]], [['c.png', TINY_PNG]]),
    );
    expect(answer.status).toBe(200);
    expect(answer.body.response.files.map((f: Json) => f.name)).toEqual(['b.png', 'c.png']);
    expect(await t.ctx.storage.get(keys[0]!)).toBeNull();
    expect(await t.ctx.storage.get(keys[1]!)).not.toBeNull();
    expect(answer.body.response.files.some((f: Json) => f.id === a.id)).toBe(false);
  });

  it('an empty files part alone removes every file, and marks the comment edited', async () => {
    const comment = await commentWithFiles(['a.png']);
    const [key] = await storageKeys(comment.id);
    const answer = await owner.patch(`/comments/${comment.id}`, form([['files', '']]));
    expect(answer.status).toBe(200);
    expect(answer.body.response).toMatchObject({ files: [], is_edited: true, markup_number: 1 });
    expect(await t.ctx.storage.get(key!)).toBeNull();
  });

  it('without a files field keeps every file', async () => {
    const comment = await commentWithFiles(['a.png']);
    const answer = await owner.patch(`/comments/${comment.id}`, form([['text', 'Only the words change.']]));
    expect(answer.status).toBe(200);
    expect(answer.body.response.files.map((f: Json) => f.name)).toEqual(['a.png']);
  });

  it('checks the redrawn markup as on posting: a line of one point is refused and nothing changes', async () => {
    const comment = await commentWithFiles(['a.png']);
    const [key] = await storageKeys(comment.id);
    const answer = await owner.patch(
      `/comments/${comment.id}`,
      form(
        [
          ['text', 'Changed'],
          ['markup', JSON.stringify([line({ points: [{ x: 0.5, y: 0.5 }] })])],
          ['files', ''],
        ],
        [['new.png', TINY_PNG]],
      ),
    );
    expect(refusal(answer)).toMatchObject({ status: 422, code: 'invalid_record' });
    expect(Object.values(answer.body.response.error.details).flat()).toContain(COMMENT_TEXTS.tooShortLine);
    expect(await listed(comment.id)).toMatchObject({
      text: 'Soften the shadow.',
      markup: [line()],
      is_edited: false,
      files: [{ name: 'a.png' }],
    });
    expect(await storageKeys(comment.id)).toEqual([key]);
    expect(await t.ctx.storage.get(key!)).not.toBeNull();
  });

  it('refuses markup on a global comment and on a reply, with their files left alone', async () => {
    const global = await buildComment(owner, asset.id, { global_comment: true });
    expect(
      refusal(await owner.patch(`/comments/${global.id}`, form([['markup', JSON.stringify([line()])]]))),
    ).toMatchObject({ status: 422, details: { markup: [COMMENT_TEXTS.globalNoMarkup] } });
    const root = await commentWithFiles([]);
    const reply = await buildComment(owner, asset.id, { parent_id: root.id });
    expect(
      refusal(
        await owner.patch(
          `/comments/${reply.id}`,
          form([['markup', JSON.stringify([line()])]], [['r.png', TINY_PNG]]),
        ),
      ),
    ).toMatchObject({ status: 422, details: { markup: [COMMENT_TEXTS.replyNoMarkup] } });
    expect((await listed(global.id)).markup).toEqual([]);
    expect((await listed(root.id)).replies[0]).toMatchObject({ files: [], is_edited: false });
  });

  it('refuses another member (403) and a stranger (404): the text, drawing and files stay', async () => {
    const comment = await commentWithFiles(['a.png']);
    const [key] = await storageKeys(comment.id);
    const change = () =>
      form(
        [
          ['text', 'Hijacked'],
          ['markup', JSON.stringify([redrawn])],
          ['files', ''],
        ],
        [['x.png', TINY_PNG]],
      );
    expect(refusal(await cast.collaborator.client.patch(`/comments/${comment.id}`, change()))).toMatchObject({
      status: 403,
      message: COMMENT_TEXTS.editOwnOnly,
    });
    expect(refusal(await cast.viewer.client.patch(`/comments/${comment.id}`, change()))).toMatchObject({
      status: 403,
    });
    expect(refusal(await cast.stranger.client.patch(`/comments/${comment.id}`, change()))).toMatchObject({
      status: 404,
    });
    expect(await listed(comment.id)).toMatchObject({
      text: 'Soften the shadow.',
      markup: [line()],
      markup_number: 1,
      is_edited: false,
      files: [{ name: 'a.png' }],
    });
    expect(await storageKeys(comment.id)).toEqual([key]);
    expect(await t.ctx.storage.get(key!)).not.toBeNull();
  });
});
