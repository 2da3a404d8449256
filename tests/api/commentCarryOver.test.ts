import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CARRY_OVER_TEXTS } from '@common/api/commentCarryOver';
import { buildAsset, buildRound } from './assetFactories';
import { buildComment, line, refusal } from './commentFactories';
import { pdfOf } from './documents';
import { type ApiClient, type Json, startTestApp, type TestApp } from './harness';
import { buildProjectCast, type ProjectCast } from './projectCast';
import { activityActions } from './projectFactories';

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
  asset = await buildAsset(owner, cast.project.id, { name: 'Poster.png' });
});

const waiting = (client: ApiClient = owner, of = asset) => client.get(`/assets/${of.id}/carried_comments`);
const carry = (comment: Json, client: ApiClient = owner) => client.post(`/comments/${comment.id}/carry_over`);
/** The number of the asset's first round. */
const first = (): number => asset.current_version.number;
const ids = (answer: { body: Json }) => answer.body.response.map((c: Json) => c.id);

async function counts(): Promise<{ asset: number; project: number }> {
  const [a, p] = await Promise.all([
    owner.get(`/assets/${asset.id}`),
    owner.get(`/projects/${cast.project.id}`),
  ]);
  return {
    asset: a.body.response.unresolved_comments_count,
    project: p.body.response.unresolved_comments_count,
  };
}

describe('comments waiting on a new round', () => {
  it('lists nothing while the asset has one round', async () => {
    await buildComment(owner, asset.id, { markup: [line()] });
    const answer = await waiting();
    expect(answer.status).toBe(200);
    expect(answer.body.response).toEqual([]);
  });

  it('lists the open root comments of earlier rounds, with their round, markup and replies', async () => {
    const drawn = await buildComment(owner, asset.id, { text: 'Sky too dark', markup: [line()] });
    const done = await buildComment(owner, asset.id, { text: 'Crop' });
    await owner.patch(`/comments/${done.id}/mark_as_completed`);
    const reply = await buildComment(cast.collaborator.client, asset.id, {
      parent_id: drawn.id,
      text: 'On it',
    });
    await buildRound(owner, asset.id);
    const onRound2 = await buildComment(owner, asset.id, { text: 'New round note' });

    const answer = await waiting();
    expect(answer.status).toBe(200);
    expect(answer.body.response).toHaveLength(1);
    const [listed] = answer.body.response;
    expect(listed).toMatchObject({
      id: drawn.id,
      round_number: first(),
      markup_number: 1,
      completed_at: null,
      markup: [line()],
      replies: [{ id: reply.id, text: 'On it' }],
    });
    expect(ids(answer)).not.toContain(onRound2.id);
  });

  it('still lists a first-round comment after a third round, and drops those of a round deleted since', async () => {
    const first = await buildComment(owner, asset.id);
    await buildRound(owner, asset.id);
    const second = await buildComment(owner, asset.id);
    await buildRound(owner, asset.id);
    expect(ids(await waiting())).toEqual([first.id, second.id]);
    expect((await owner.delete(`/assets/${asset.id}/versions/last`)).status).toBe(200);
    expect(ids(await waiting())).toEqual([first.id]);
  });

  it('carries a comment over: it moves to the current round with its markup and replies, counts unchanged', async () => {
    const drawn = await buildComment(owner, asset.id, { markup: [line()] });
    const reply = await buildComment(owner, asset.id, { parent_id: drawn.id, text: 'ok' });
    await buildRound(owner, asset.id);
    const before = await counts();
    expect(before).toEqual({ asset: 1, project: 1 });

    const answer = await carry(drawn);
    expect(answer.status).toBe(200);
    expect(answer.body.response).toMatchObject({
      id: drawn.id,
      round_number: first() + 1,
      markup_number: 1,
      markup: [line()],
      completed_at: null,
      replies: [{ id: reply.id, round_number: first() + 1 }],
    });
    expect(answer.body.response.version_id).not.toBe(drawn.version_id);
    expect(await counts()).toEqual(before);
    expect((await waiting()).body.response).toEqual([]);

    const roundTwo = await owner.get(`/assets/${asset.id}/versions/${first() + 1}/comments`);
    expect(ids(roundTwo)).toEqual([drawn.id]);
    expect(roundTwo.body.response[0].replies.map((r: Json) => r.id)).toEqual([reply.id]);
    expect(ids(await owner.get(`/assets/${asset.id}/versions/${first()}/comments`))).toEqual([]);

    await t.ctx.jobs.idle();
    expect(await activityActions(t.ctx, cast.project.id)).toContain('comment_carried_over');
    const texts: string[] = (await owner.get(`/projects/${cast.project.id}/activity_logs`)).body.response.map(
      (l: Json) => l.text,
    );
    expect(texts).toContain(
      `${cast.owner.user.name} carried a comment on “Poster.png” over to round ${first() + 1}.`,
    );
  });

  it('marking one fixed (mark_as_completed) settles it and lowers the counts once', async () => {
    const drawn = await buildComment(owner, asset.id, { markup: [line()] });
    const other = await buildComment(owner, asset.id);
    await buildRound(owner, asset.id);
    expect(await counts()).toEqual({ asset: 2, project: 2 });
    expect((await owner.patch(`/comments/${drawn.id}/mark_as_completed`)).status).toBe(200);
    expect(ids(await waiting())).toEqual([other.id]);
    expect(await counts()).toEqual({ asset: 1, project: 1 });
    expect(refusal(await carry(drawn))).toMatchObject({
      status: 422,
      details: { completed_at: [CARRY_OVER_TEXTS.completed] },
    });
  });

  it('refuses a reply, a comment already on the current round, and a second carry over (422)', async () => {
    const root = await buildComment(owner, asset.id);
    const reply = await buildComment(owner, asset.id, { parent_id: root.id, text: 'r' });
    await buildRound(owner, asset.id);
    const current = await buildComment(owner, asset.id);
    expect(refusal(await carry(reply))).toMatchObject({
      status: 422,
      code: 'invalid_record',
      details: { parent_id: [CARRY_OVER_TEXTS.reply] },
    });
    expect(refusal(await carry(current))).toMatchObject({
      status: 422,
      details: { version_id: [CARRY_OVER_TEXTS.onCurrentRound] },
    });
    expect((await carry(root)).status).toBe(200);
    expect(refusal(await carry(root))).toMatchObject({
      status: 422,
      details: { version_id: [CARRY_OVER_TEXTS.onCurrentRound] },
    });
    expect((await owner.post('/comments/999999/carry_over')).status).toBe(404);
  });
});

describe('a document’s comments and their pages', () => {
  it('carries a comment over only to a round that has its page', async () => {
    const brochure = await buildAsset(owner, cast.project.id, {
      name: 'Brochure.pdf',
      bytes: await pdfOf(3),
    });
    await t.ctx.jobs.idle();
    const onPage1 = await buildComment(owner, brochure.id, { markup: [line()], page: 1 });
    const onPage3 = await buildComment(owner, brochure.id, { markup: [line()], page: 3 });
    const form = new FormData();
    form.set('file', new Blob([new Uint8Array(await pdfOf(1))]), 'Brochure-v2.pdf');
    expect((await owner.post(`/assets/${brochure.id}/versions`, form)).status).toBe(201);
    await t.ctx.jobs.idle();

    expect(ids(await waiting(owner, brochure))).toEqual([onPage1.id, onPage3.id]);
    expect(refusal(await carry(onPage3))).toMatchObject({
      status: 422,
      details: { page: [CARRY_OVER_TEXTS.pageGone(1)] },
    });
    expect(await carry(onPage1)).toMatchObject({ status: 200, body: { response: { page: 1 } } });
    expect(ids(await waiting(owner, brochure))).toEqual([onPage3.id]);
  });
});

describe('who may see and carry waiting comments', () => {
  let comment: Json;
  beforeEach(async () => {
    comment = await buildComment(owner, asset.id);
    await buildRound(owner, asset.id);
  });

  it('a collaborator lists and carries over', async () => {
    expect(ids(await waiting(cast.collaborator.client))).toEqual([comment.id]);
    expect((await carry(comment, cast.collaborator.client)).status).toBe(200);
  });

  it('a viewer lists but may not carry over (403)', async () => {
    expect((await waiting(cast.viewer.client)).status).toBe(200);
    expect((await carry(comment, cast.viewer.client)).status).toBe(403);
  });

  it('a stranger and a workspace admin outside the project get 404; anonymous 401', async () => {
    for (const client of [cast.stranger.client, cast.workspaceAdmin.client]) {
      expect(refusal(await waiting(client))).toMatchObject({ status: 404, code: 'not_found' });
      expect(refusal(await carry(comment, client))).toMatchObject({ status: 404, code: 'not_found' });
    }
    expect((await waiting(cast.anonymous.client)).status).toBe(401);
    expect((await carry(comment, cast.anonymous.client)).status).toBe(401);
    expect(ids(await waiting())).toEqual([comment.id]);
  });
});
