import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  COMMENT_FILE_MAX_BYTES,
  COMMENT_TEXTS,
  MARKUP_COLORS,
  MARKUP_SHAPES_MAX,
} from '@common/api/comments';
import { buildAsset, buildRound } from './assetFactories';
import { buildComment, line, postComment, refusal } from './commentFactories';
import { type ApiClient, type Json, startTestApp, type TestApp } from './harness';
import { buildProjectCast, type ProjectCast } from './projectCast';
import { TINY_PNG } from './images';

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

const list = async (client = owner, query = ''): Promise<Json[]> => {
  const answer = await client.get(`/assets/${asset.id}/comments${query}`);
  expect(answer.status).toBe(200);
  return answer.body.response;
};

describe('POST /comments and GET /assets/{id}/comments', () => {
  it('adds a comment with markup on the current round, numbered per asset, answered in the list', async () => {
    const first = await buildComment(owner, asset.id, { markup: [line(), line({ stroke_size: 8 })] });
    expect(first).toMatchObject({
      asset_id: asset.id,
      version_id: asset.version_id,
      round_number: asset.current_version.number,
      text: 'Please brighten the sky.',
      user: { id: cast.owner.user.id, name: cast.owner.user.name },
      parent_id: null,
      completed_at: null,
      markup_number: 1,
      is_edited: false,
      files: [],
      global_comment: false,
      replies: [],
      mentions: [],
      abilities: { edit: true, destroy: true, complete: true, reply: true },
    });
    expect(first.markup).toHaveLength(2);
    const plain = await buildComment(owner, asset.id, { text: 'No drawing here.' });
    expect(plain.markup_number).toBeNull();
    const second = await buildComment(cast.collaborator.client, asset.id, { markup: [line()] });
    expect(second.markup_number).toBe(2);
    expect((await list()).map((c) => c.id)).toEqual([first.id, plain.id, second.id]);
  });

  it('keeps the text as typed, never as HTML, and lists mentioned members', async () => {
    const text = `<img src=x onerror=alert(1)> look @[${cast.collaborator.user.name}](user:${cast.collaborator.user.id})`;
    const comment = await buildComment(owner, asset.id, { text });
    expect(comment.text).toBe(text);
    expect(comment.mentions).toEqual([cast.collaborator.user.id]);
  });

  it('refuses a mention of someone who is not a member of the project', async () => {
    const answer = await postComment(owner, asset.id, { text: `hi @[X](user:${cast.stranger.user.id})` });
    expect(refusal(answer)).toMatchObject({
      status: 422,
      code: 'invalid_record',
      details: { text: [COMMENT_TEXTS.mentionNotMember] },
    });
  });

  it('takes a global comment without markup, and refuses one with markup', async () => {
    expect((await buildComment(owner, asset.id, { global_comment: true })).global_comment).toBe(true);
    const answer = await postComment(owner, asset.id, { global_comment: true, markup: [line()] });
    expect(refusal(answer)).toMatchObject({
      status: 422,
      details: { markup: [COMMENT_TEXTS.globalNoMarkup] },
    });
  });

  it('refuses an empty text and one over 5,000 characters', async () => {
    expect(refusal(await postComment(owner, asset.id, { text: '   ' }))).toMatchObject({
      status: 422,
      details: { text: ['Comment must not be empty.'] },
    });
    expect(refusal(await postComment(owner, asset.id, { text: 'a'.repeat(5001) }))).toMatchObject({
      status: 422,
      details: { text: ['Comment should be up to 5000 characters long.'] },
    });
  });

  it('answers 404 for an asset that does not exist', async () => {
    expect(refusal(await postComment(owner, 999_999))).toMatchObject({ status: 404, code: 'not_found' });
    expect((await owner.get('/assets/999999/comments')).status).toBe(404);
  });
});

describe('markup validation', () => {
  const refused = async (markup: unknown, message: string) => {
    const before = (await list()).length;
    const answer = await postComment(owner, asset.id, { markup });
    expect(answer.status).toBe(422);
    expect(answer.body.response.error.code).toBe('invalid_record');
    expect(Object.values(answer.body.response.error.details).flat()).toContain(message);
    expect(await list()).toHaveLength(before);
  };

  it('refuses a line of one point', () =>
    refused([line({ points: [{ x: 0.5, y: 0.5 }] })], COMMENT_TEXTS.tooShortLine));
  it('refuses a colour off the palette', () =>
    refused([line({ stroke_color: '#123456' })], COMMENT_TEXTS.badColor));
  it('refuses size 0 and size 9', async () => {
    await refused([line({ stroke_size: 0 })], COMMENT_TEXTS.badSize);
    await refused([line({ stroke_size: 9 })], COMMENT_TEXTS.badSize);
  });
  it('refuses more shapes than allowed', () =>
    refused(
      Array.from({ length: MARKUP_SHAPES_MAX + 1 }, () => line()),
      COMMENT_TEXTS.tooManyShapes,
    ));
  it('refuses relative points off the image', () =>
    refused(
      [
        line({
          points: [
            { x: 0.5, y: 0.5 },
            { x: 1.2, y: 0.5 },
          ],
        }),
      ],
      COMMENT_TEXTS.relativePoint,
    ));
  it('takes every colour of the palette and the sizes 1 to 8', async () => {
    const markup = Object.values(MARKUP_COLORS).map((stroke_color, i) =>
      line({ stroke_color, stroke_size: i + 1 }),
    );
    expect((await buildComment(owner, asset.id, { markup })).markup).toHaveLength(8);
  });
});

describe('replies', () => {
  it('replies to a root comment on its round; no markup, no completion, no reply to a reply', async () => {
    const root = await buildComment(owner, asset.id);
    await buildRound(owner, asset.id);
    const reply = await buildComment(cast.collaborator.client, asset.id, {
      parent_id: root.id,
      text: 'On it.',
    });
    expect(reply).toMatchObject({ parent_id: root.id, version_id: root.version_id, markup_number: null });
    expect(reply.abilities.complete).toBe(false);
    const [thread] = await list();
    expect(thread.replies.map((r: Json) => r.id)).toEqual([reply.id]);

    expect(
      refusal(await postComment(owner, asset.id, { parent_id: root.id, markup: [line()] })),
    ).toMatchObject({
      status: 422,
      details: { markup: [COMMENT_TEXTS.replyNoMarkup] },
    });
    expect(refusal(await postComment(owner, asset.id, { parent_id: reply.id }))).toMatchObject({
      status: 422,
      details: { parent_id: [COMMENT_TEXTS.replyToReply] },
    });
    expect(refusal(await owner.patch(`/comments/${reply.id}/mark_as_completed`))).toMatchObject({
      status: 422,
      details: { parent_id: [COMMENT_TEXTS.replyNoCompletion] },
    });
  });

  it('refuses a parent on another asset', async () => {
    const other = await buildAsset(owner, cast.project.id);
    const elsewhere = await buildComment(owner, other.id);
    expect(refusal(await postComment(owner, asset.id, { parent_id: elsewhere.id }))).toMatchObject({
      status: 422,
      details: { parent_id: [COMMENT_TEXTS.parentElsewhere] },
    });
  });
});

describe('rounds', () => {
  it('lists the comments of one round by its number; an unknown round answers 404', async () => {
    const onFirst = await buildComment(owner, asset.id, { text: 'first round' });
    const round = await buildRound(owner, asset.id);
    const onSecond = await buildComment(owner, asset.id, { text: 'second round' });
    expect(onSecond.version_id).toBe(round.current_version.id);
    const firstNumber = asset.current_version.number as number;
    const of = async (n: number) =>
      (await owner.get(`/assets/${asset.id}/versions/${n}/comments`)).body.response;
    expect((await of(firstNumber)).map((c: Json) => c.id)).toEqual([onFirst.id]);
    expect((await of(firstNumber + 1)).map((c: Json) => c.id)).toEqual([onSecond.id]);
    expect(refusal(await owner.get(`/assets/${asset.id}/versions/99/comments`))).toMatchObject({
      status: 404,
    });
    expect(refusal(await owner.get(`/assets/${asset.id}/versions/x/comments`))).toMatchObject({
      status: 422,
    });
  });

  it('filters unresolved comments, with their replies', async () => {
    const open = await buildComment(owner, asset.id, { text: 'open' });
    const done = await buildComment(owner, asset.id, { text: 'done' });
    await buildComment(owner, asset.id, { parent_id: open.id, text: 'reply' });
    await owner.patch(`/comments/${done.id}/mark_as_completed`);
    const unresolved = await list(owner, '?filter=unresolved');
    expect(unresolved.map((c) => c.id)).toEqual([open.id]);
    expect(unresolved[0].replies).toHaveLength(1);
    expect(await list(owner, '?filter=all')).toHaveLength(2);
    expect((await owner.get(`/assets/${asset.id}/comments?filter=nope`)).status).toBe(422);
  });
});

describe('PATCH /comments/{id}', () => {
  it('edits text and markup of one’s own comment and marks it edited', async () => {
    const comment = await buildComment(owner, asset.id);
    t.clock.advance(1000);
    const answer = await owner.patch(`/comments/${comment.id}`, {
      text: 'Darker, please.',
      markup: [line()],
    });
    expect(answer.status).toBe(200);
    expect(answer.body.response).toMatchObject({
      text: 'Darker, please.',
      is_edited: true,
      markup_number: 1,
      updated_at: t.clock.now().toISOString(),
    });
  });

  it('refuses to edit another’s comment (403) and refuses markup on a reply', async () => {
    const comment = await buildComment(owner, asset.id);
    expect(
      refusal(await cast.collaborator.client.patch(`/comments/${comment.id}`, { text: 'mine now' })),
    ).toMatchObject({
      status: 403,
      code: 'forbidden',
      message: COMMENT_TEXTS.editOwnOnly,
    });
    const reply = await buildComment(owner, asset.id, { parent_id: comment.id });
    expect(refusal(await owner.patch(`/comments/${reply.id}`, { markup: [line()] }))).toMatchObject({
      status: 422,
    });
    expect((await list())[0].text).toBe('Please brighten the sky.');
  });

  it('answers 404 for a comment that does not exist', async () => {
    expect(refusal(await owner.patch('/comments/999999', { text: 'x' }))).toMatchObject({ status: 404 });
  });

  it('refuses a mention of a non-member in the new text, and leaves the comment as it was', async () => {
    const comment = await buildComment(owner, asset.id);
    const answer = await owner.patch(`/comments/${comment.id}`, {
      text: `@[X](user:${cast.stranger.user.id})`,
    });
    expect(refusal(answer)).toMatchObject({
      status: 422,
      details: { text: [COMMENT_TEXTS.mentionNotMember] },
    });
    expect((await list())[0]).toMatchObject({ text: comment.text, is_edited: false });
  });

  it('leaves a comment not edited when nothing changes', async () => {
    const comment = await buildComment(owner, asset.id);
    expect(
      (await owner.patch(`/comments/${comment.id}`, { text: comment.text })).body.response.is_edited,
    ).toBe(false);
  });
});

describe('files', () => {
  const form = (fields: Record<string, string>, files: [string, Buffer][]) => {
    const body = new FormData();
    for (const [k, v] of Object.entries(fields)) body.set(k, v);
    for (const [name, data] of files) body.append('files', new Blob([new Uint8Array(data)]), name);
    return body;
  };

  it('attaches files by multipart, checked by content, with safe names, and serves them to members', async () => {
    const answer = await owner.post(
      '/comments',
      form({ asset_id: String(asset.id), text: 'See the reference.', markup: JSON.stringify([line()]) }, [
        ['../../ref\u0007.png', TINY_PNG],
      ]),
    );
    expect(answer.status).toBe(201);
    const [file] = answer.body.response.files;
    expect(file).toMatchObject({ name: 'ref_.png', size: TINY_PNG.length });
    expect(answer.body.response.markup_number).toBe(1);
    const fetched = await cast.collaborator.client.get(file.url.replace('/api/v1', ''));
    expect(fetched.status).toBe(200);
    expect(fetched.headers.get('content-disposition')).toContain('attachment');
    expect((await cast.stranger.client.get(file.url.replace('/api/v1', ''))).status).toBe(404);
  });

  it('refuses a file whose content is not what its name says, and stores nothing', async () => {
    const answer = await owner.post(
      '/comments',
      form({ asset_id: String(asset.id), text: 'x' }, [
        ['fake.png', Buffer.from('<script>alert(1)</script>')],
      ]),
    );
    expect(refusal(answer)).toMatchObject({ status: 422, code: 'invalid_record' });
    expect(await list()).toHaveLength(0);
  });

  it('refuses a file over 25 MB with 413 and keeps no comment', async () => {
    const big = Buffer.concat([TINY_PNG, Buffer.alloc(COMMENT_FILE_MAX_BYTES)]);
    const answer = await owner.post(
      '/comments',
      form({ asset_id: String(asset.id), text: 'x' }, [['big.png', big]]),
    );
    expect(refusal(answer)).toMatchObject({ status: 413, code: 'payload_too_large' });
    expect(await list()).toHaveLength(0);
  });

  it('refuses multipart markup that is not JSON, and a file part under another name', async () => {
    const answer = await owner.post(
      '/comments',
      form({ asset_id: String(asset.id), text: 'x', markup: '[{' }, []),
    );
    expect(refusal(answer)).toMatchObject({ status: 422, details: { markup: ['Markup must be JSON.'] } });
    const other = new FormData();
    other.set('asset_id', String(asset.id));
    other.set('text', 'x');
    other.set('avatar', new Blob([new Uint8Array(TINY_PNG)]), 'a.png');
    expect(refusal(await owner.post('/comments', other))).toMatchObject({ status: 422 });
    expect(await list()).toHaveLength(0);
  });

  it('refuses more than 5 files', async () => {
    const six = Array.from({ length: 6 }, (_, i): [string, Buffer] => [`f${i}.png`, TINY_PNG]);
    const answer = await owner.post('/comments', form({ asset_id: String(asset.id), text: 'x' }, six));
    expect(refusal(answer)).toMatchObject({ status: 422, details: { files: [COMMENT_TEXTS.tooManyFiles] } });
  });

  it('keeps the files named on edit and drops the others', async () => {
    const created = await owner.post(
      '/comments',
      form({ asset_id: String(asset.id), text: 'two files' }, [
        ['a.png', TINY_PNG],
        ['b.png', TINY_PNG],
      ]),
    );
    const [a, b] = created.body.response.files;
    const edited = await owner.patch(`/comments/${created.body.response.id}`, { files: [b.id] });
    expect(edited.body.response.files.map((f: Json) => f.id)).toEqual([b.id]);
    expect((await owner.get(a.url.replace('/api/v1', ''))).status).toBe(404);
    expect(
      refusal(await owner.patch(`/comments/${created.body.response.id}`, { files: [a.id] })),
    ).toMatchObject({
      status: 422,
      details: { files: [COMMENT_TEXTS.unknownFile] },
    });
  });

  it('adds files to a comment by multipart on edit, up to 5 in all', async () => {
    const comment = await buildComment(owner, asset.id);
    const added = await owner.patch(
      `/comments/${comment.id}`,
      form({ text: 'With a reference.' }, [['ref.png', TINY_PNG]]),
    );
    expect(added.status).toBe(200);
    expect(added.body.response).toMatchObject({ text: 'With a reference.', is_edited: true });
    expect(added.body.response.files.map((f: Json) => f.name)).toEqual(['ref.png']);
    const five = Array.from({ length: 5 }, (_, i): [string, Buffer] => [`f${i}.png`, TINY_PNG]);
    expect(refusal(await owner.patch(`/comments/${comment.id}`, form({}, five)))).toMatchObject({
      status: 422,
      details: { files: [COMMENT_TEXTS.tooManyFiles] },
    });
  });

  /** A comment with a file on `target`; the file's storage key, checked stored. */
  async function storedCommentFile(target: Json): Promise<string> {
    const created = await owner.post(
      '/comments',
      form({ asset_id: String(target.id), text: 'file' }, [['a.png', TINY_PNG]]),
    );
    expect(created.status).toBe(201);
    const row = await t.ctx.db
      .selectFrom('comment_files')
      .select('storage_key')
      .where('comment_id', '=', created.body.response.id)
      .executeTakeFirstOrThrow();
    expect(await t.ctx.storage.get(row.storage_key)).not.toBeNull();
    return row.storage_key;
  }

  it('removes the stored files when their asset is deleted', async () => {
    const key = await storedCommentFile(asset);
    expect(
      (await owner.request('DELETE', `/projects/${cast.project.id}/assets`, { ids: [asset.id] })).status,
    ).toBe(200);
    expect(await t.ctx.storage.get(key)).toBeNull();
  });

  it('removes the stored files when the folder holding their asset is deleted', async () => {
    const folder = (await owner.post(`/projects/${cast.project.id}/folders`, { name: 'Day 2' })).body
      .response;
    const inFolder = await buildAsset(owner, cast.project.id, { folderId: folder.id });
    const key = await storedCommentFile(inFolder);
    expect((await owner.request('DELETE', '/folders', { folders_ids: [folder.id] })).status).toBe(200);
    expect(await t.ctx.storage.get(key)).toBeNull();
  });

  it('removes the stored files when the project is deleted', async () => {
    const created = await owner.post(
      '/comments',
      form({ asset_id: String(asset.id), text: 'file' }, [['a.png', TINY_PNG]]),
    );
    expect(created.status).toBe(201);
    const rows = await t.ctx.db
      .selectFrom('comment_files')
      .select('storage_key')
      .where('project_id', '=', cast.project.id)
      .execute();
    expect(rows).toHaveLength(1);
    const storage_key = rows[0]!.storage_key;
    expect(await t.ctx.storage.get(storage_key)).not.toBeNull();
    expect((await owner.request('DELETE', '/projects', { ids: [cast.project.id] })).status).toBe(200);
    expect(await t.ctx.storage.get(storage_key)).toBeNull();
  });
});
