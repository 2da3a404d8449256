import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMENT_TEXTS } from '@common/api/comments';
import { buildAsset } from './assetFactories';
import { buildComment, line, postComment, refusal } from './commentFactories';
import { type ApiClient, type Json, startTestApp, type TestApp } from './harness';
import { buildProjectCast, type ProjectCast } from './projectCast';

const SIX_PAGES = readFileSync(join(__dirname, '../../../shared/corpus/pdf/two_column_6pages.pdf'));

describe('comments on the pages of a document', () => {
  let t: TestApp;
  let cast: ProjectCast;
  let owner: ApiClient;
  let document: Json;
  let image: Json;

  beforeAll(async () => {
    t = await startTestApp();
    cast = await buildProjectCast(t.baseUrl, t.ctx);
    owner = cast.owner.client;
    document = await buildAsset(owner, cast.project.id, { name: 'brief.pdf', bytes: SIX_PAGES });
    image = await buildAsset(owner, cast.project.id);
    await t.ctx.jobs.idle();
    document = (await owner.get(`/assets/${document.id}`)).body.response;
  });
  afterAll(() => t.close());

  const pageError = (answer: Awaited<ReturnType<typeof postComment>>) => ({
    status: answer.status,
    page: answer.body.response?.error?.details?.page,
  });

  it('keeps the page the markup is drawn on, and lists every page’s comments', async () => {
    expect(document.current_version.page_count).toBe(6);
    const onThree = await buildComment(owner, document.id, { markup: [line()], page: 3 });
    const onSix = await buildComment(cast.collaborator.client, document.id, { markup: [line()], page: 6 });
    expect(onThree).toMatchObject({ page: 3, markup_number: 1 });
    expect(onSix.page).toBe(6);
    const listed = (await owner.get(`/assets/${document.id}/comments`)).body.response as Json[];
    expect(listed.filter((c) => [onThree.id, onSix.id].includes(c.id)).map((c) => c.page)).toEqual([3, 6]);
  });

  it('puts markup sent without a page on page 1, and a document comment without markup on no page', async () => {
    expect((await buildComment(owner, document.id, { markup: [line()] })).page).toBe(1);
    expect((await buildComment(owner, document.id, { text: 'The whole brief reads well.' })).page).toBeNull();
    expect((await buildComment(owner, document.id, { text: 'About page 2.', page: 2 })).page).toBe(2);
  });

  it('gives replies the page of their comment', async () => {
    const root = await buildComment(owner, document.id, { markup: [line()], page: 4 });
    const reply = await buildComment(cast.collaborator.client, document.id, {
      parent_id: root.id,
      text: 'Done.',
    });
    expect(reply.page).toBe(4);
    const same = await buildComment(owner, document.id, { parent_id: root.id, text: 'Thanks.', page: 4 });
    expect(same.page).toBe(4);
    const listed = (await owner.get(`/assets/${document.id}/comments`)).body.response as Json[];
    expect(listed.find((c) => c.id === root.id).replies.map((r: Json) => r.page)).toEqual([4, 4]);
  });

  it('refuses a reply on another page than its comment’s', async () => {
    const root = await buildComment(owner, document.id, { markup: [line()], page: 2 });
    const answer = await postComment(owner, document.id, { parent_id: root.id, text: 'Hm.', page: 5 });
    expect(pageError(answer)).toEqual({ status: 422, page: [COMMENT_TEXTS.replyPage] });
  });

  it('refuses a page past the document’s last, with its page count said', async () => {
    const answer = await postComment(owner, document.id, { markup: [line()], page: 7 });
    expect(pageError(answer)).toEqual({ status: 422, page: [COMMENT_TEXTS.pageOutOfRange(6)] });
    expect(COMMENT_TEXTS.pageOutOfRange(6)).toBe(
      'This document has 6 pages: the page must be between 1 and 6.',
    );
  });

  it('refuses page 0, a negative, a fraction, a huge number and text, before looking at the asset', async () => {
    for (const page of [0, -1, 2.5, 1e12, '3'])
      expect(refusal(await postComment(owner, document.id, { markup: [line()], page }))).toMatchObject({
        status: 422,
        code: 'invalid_record',
      });
  });

  it('refuses a page on an image and on a global comment', async () => {
    expect(pageError(await postComment(owner, image.id, { markup: [line()], page: 1 }))).toEqual({
      status: 422,
      page: [COMMENT_TEXTS.pageOnImage],
    });
    expect(pageError(await postComment(owner, document.id, { global_comment: true, page: 2 }))).toEqual({
      status: 422,
      page: [COMMENT_TEXTS.pageOnGlobal],
    });
    expect((await buildComment(owner, image.id, { markup: [line()] })).page).toBeNull();
    expect((await buildComment(owner, document.id, { global_comment: true })).page).toBeNull();
  });

  it('reads the page from a multipart comment with a file', async () => {
    const form = new FormData();
    form.set('asset_id', String(document.id));
    form.set('text', 'See the attached note.');
    form.set('markup', JSON.stringify([line()]));
    form.set('page', '5');
    form.append('files', new Blob([new TextEncoder().encode('note')]), 'note.txt');
    const answer = await owner.post('/comments', form);
    expect(answer.status).toBe(201);
    expect(answer.body.response.page).toBe(5);
  });
});
