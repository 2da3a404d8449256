import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildAsset } from './assetFactories';
import { buildComment, line, postComment } from './commentFactories';
import { type ApiClient, type Json, startTestApp, type TestApp } from './harness';
import { buildProjectCast, type ProjectCast } from './projectCast';

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

/** The unresolved counts of the asset and of its project, as members read them. */
async function counts(of = asset): Promise<{ asset: number; project: number }> {
  const [a, p] = await Promise.all([
    owner.get(`/assets/${of.id}`),
    owner.get(`/projects/${cast.project.id}`),
  ]);
  return {
    asset: a.body.response.unresolved_comments_count,
    project: p.body.response.unresolved_comments_count,
  };
}

const complete = (comment: Json, client = owner) => client.patch(`/comments/${comment.id}/mark_as_completed`);
const reopen = (comment: Json, client = owner) => client.patch(`/comments/${comment.id}/unmark_as_completed`);
const destroy = (comment: Json, client = owner) => client.delete(`/comments/${comment.id}`);

describe('unresolved comment counts (§4)', () => {
  it('+1 on the asset and the project for a new root comment', async () => {
    await buildComment(owner, asset.id);
    expect(await counts()).toEqual({ asset: 1, project: 1 });
    const other = await buildAsset(owner, cast.project.id);
    await buildComment(cast.collaborator.client, other.id, { markup: [line()] });
    expect(await counts(other)).toEqual({ asset: 1, project: 2 });
  });

  it('replies never count, on creation or deletion', async () => {
    const root = await buildComment(owner, asset.id);
    const reply = await buildComment(owner, asset.id, { parent_id: root.id });
    expect(await counts()).toEqual({ asset: 1, project: 1 });
    expect((await destroy(reply)).status).toBe(200);
    expect(await counts()).toEqual({ asset: 1, project: 1 });
  });

  it('-1 when a comment is completed, answered with the server’s time; completing again changes nothing', async () => {
    const comment = await buildComment(owner, asset.id);
    t.clock.advance(60_000);
    const answer = await complete(comment, cast.collaborator.client);
    expect(answer.status).toBe(200);
    expect(answer.body.response.completed_at).toBe(t.clock.now().toISOString());
    expect(await counts()).toEqual({ asset: 0, project: 0 });
    expect((await complete(comment)).status).toBe(200);
    expect(await counts()).toEqual({ asset: 0, project: 0 });
  });

  it('+1 when a comment is reopened; reopening an open comment changes nothing', async () => {
    const comment = await buildComment(owner, asset.id);
    await complete(comment);
    const answer = await reopen(comment);
    expect(answer.body.response.completed_at).toBeNull();
    expect(await counts()).toEqual({ asset: 1, project: 1 });
    await reopen(comment);
    expect(await counts()).toEqual({ asset: 1, project: 1 });
  });

  it('-1 when an open root comment is deleted; a completed one leaves the counts', async () => {
    const open = await buildComment(owner, asset.id);
    const done = await buildComment(owner, asset.id);
    await complete(done);
    expect(await counts()).toEqual({ asset: 1, project: 1 });
    await destroy(done);
    expect(await counts()).toEqual({ asset: 1, project: 1 });
    await destroy(open);
    expect(await counts()).toEqual({ asset: 0, project: 0 });
  });

  it('never goes below 0', async () => {
    const comment = await buildComment(owner, asset.id);
    // Counts of data from before they were kept: the rule still holds at 0.
    await t.ctx.db
      .updateTable('assets')
      .set({ unresolved_comments_count: 0 })
      .where('id', '=', asset.id)
      .execute();
    await t.ctx.db
      .updateTable('projects')
      .set({ unresolved_comments_count: 0 })
      .where('id', '=', cast.project.id)
      .execute();
    await complete(comment);
    expect(await counts()).toEqual({ asset: 0, project: 0 });
    await reopen(comment);
    await t.ctx.db
      .updateTable('assets')
      .set({ unresolved_comments_count: 0 })
      .where('id', '=', asset.id)
      .execute();
    await destroy(comment);
    expect((await counts()).asset).toBe(0);
  });

  it('deleting a root comment deletes its replies', async () => {
    const root = await buildComment(owner, asset.id);
    await buildComment(cast.collaborator.client, asset.id, { parent_id: root.id });
    await buildComment(owner, asset.id, { parent_id: root.id });
    await destroy(root);
    expect((await owner.get(`/assets/${asset.id}/comments`)).body.response).toEqual([]);
    const left = await t.ctx.db
      .selectFrom('comments')
      .select('id')
      .where('asset_id', '=', asset.id)
      .execute();
    expect(left).toEqual([]);
  });

  it('has_comments tells whether the asset has any', async () => {
    expect((await owner.get(`/assets/${asset.id}`)).body.response.has_comments).toBe(false);
    const comment = await buildComment(owner, asset.id);
    expect((await owner.get(`/assets/${asset.id}`)).body.response.has_comments).toBe(true);
    const [listed] = (await owner.get(`/projects/${cast.project.id}/assets`)).body.response;
    expect(listed).toMatchObject({ id: asset.id, has_comments: true, unresolved_comments_count: 1 });
    await destroy(comment);
    expect((await owner.get(`/assets/${asset.id}`)).body.response.has_comments).toBe(false);
  });
});

describe('calls at once', () => {
  it('completions racing move the counts once; comments with markup racing get distinct numbers', async () => {
    const comment = await buildComment(owner, asset.id);
    await buildComment(owner, asset.id);
    const answers = await Promise.all(Array.from({ length: 5 }, () => complete(comment)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    expect(await counts()).toEqual({ asset: 1, project: 1 });
    const drawn = await Promise.all(
      Array.from({ length: 5 }, () => buildComment(owner, asset.id, { markup: [line()] })),
    );
    expect(drawn.map((c) => c.markup_number as number).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5]);
    expect(await counts()).toEqual({ asset: 6, project: 6 });
  });
});

describe('optimistic creation rolled back, seen from the API', () => {
  it('a refused POST leaves no comment and the counts as they were', async () => {
    await buildComment(owner, asset.id);
    const before = await counts();
    const refused = await postComment(owner, asset.id, { markup: [line({ stroke_size: 0 })] });
    expect(refused.status).toBe(422);
    const mention = await postComment(owner, asset.id, { text: `@[X](user:${cast.stranger.user.id})` });
    expect(mention.status).toBe(422);
    expect(await counts()).toEqual(before);
    expect((await owner.get(`/assets/${asset.id}/comments`)).body.response).toHaveLength(1);
    expect((await owner.get(`/assets/${asset.id}`)).body.response.has_comments).toBe(true);
  });

  it('a refused completion or deletion leaves the comment and the counts', async () => {
    const comment = await buildComment(owner, asset.id);
    expect((await complete(comment, cast.viewer.client)).status).toBe(403);
    expect((await destroy(comment, cast.collaborator.client)).status).toBe(403);
    expect(await counts()).toEqual({ asset: 1, project: 1 });
    expect((await owner.get(`/assets/${asset.id}/comments`)).body.response[0].completed_at).toBeNull();
  });
});
