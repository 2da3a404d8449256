import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildAsset } from './assetFactories';
import { buildComment } from './commentFactories';
import { type ApiClient, type Json, startTestApp, type TestApp } from './harness';
import { buildProjectCast, type ProjectCast } from './projectCast';
import { buildTask } from './taskFactories';

let t: TestApp;
let cast: ProjectCast;
let owner: ApiClient;
let collaborator: ApiClient;
let asset: Json;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

beforeEach(async () => {
  cast = await buildProjectCast(t.baseUrl, t.ctx);
  owner = cast.owner.client;
  collaborator = cast.collaborator.client;
  asset = await buildAsset(owner, cast.project.id);
  later();
});

/** Each step happens a second after the last, so "after" is never a tie. */
const later = () => t.clock.advance(1000);
const complete = async (client: ApiClient, comment: Json) => {
  const answer = await client.patch(`/comments/${comment.id}/mark_as_completed`);
  expect(answer.status).toBe(200);
  later();
};
const reopen = async (client: ApiClient, comment: Json) => {
  const answer = await client.patch(`/comments/${comment.id}/unmark_as_completed`);
  expect(answer.status).toBe(200);
  later();
};
const approvedCount = async (client = owner): Promise<number> =>
  (await client.get(`/assets/${asset.id}`)).body.response.newly_approved_comments_count;
const listedApprovedCount = async (client = owner): Promise<number> =>
  (await client.get(`/projects/${cast.project.id}/assets`)).body.response.find((a: Json) => a.id === asset.id)
    .newly_approved_comments_count;
const project = async (client = owner): Promise<Json> =>
  (await client.get(`/projects/${cast.project.id}`)).body.response;
const listedProject = async (client = owner): Promise<Json> =>
  (await client.get('/projects/active')).body.response.find((p: Json) => p.id === cast.project.id);
const seeProject = async (client = owner) => {
  expect((await client.post(`/projects/${cast.project.id}/update_project_last_seen`)).status).toBe(200);
  later();
};
const seeAsset = async (client = owner) => {
  expect((await client.post(`/assets/${asset.id}/last_seen`)).status).toBe(200);
  later();
};
const seeComments = async (client = owner) => {
  expect((await client.post(`/assets/${asset.id}/comments/last_seen`)).status).toBe(200);
  later();
};

describe('newly_approved_comments_count of an asset', () => {
  it('counts root comments another member completed since the user last saw the asset; one’s own never count', async () => {
    const first = await buildComment(owner, asset.id);
    const second = await buildComment(collaborator, asset.id);
    await buildComment(collaborator, asset.id, { parent_id: first.id });
    await seeAsset();
    await seeAsset(collaborator);
    await complete(collaborator, first);
    await complete(owner, second);
    expect(await approvedCount()).toBe(1);
    expect(await listedApprovedCount()).toBe(1);
    expect(await approvedCount(collaborator)).toBe(1);
    expect(await approvedCount(cast.viewer.client)).toBe(2);
  });

  it('clears with POST /assets/{id}/last_seen, in the answer, the asset and the kept asset list', async () => {
    const comment = await buildComment(owner, asset.id);
    await seeAsset();
    expect(await listedApprovedCount()).toBe(0);
    await complete(collaborator, comment);
    expect(await listedApprovedCount()).toBe(1);
    const seen = await owner.post(`/assets/${asset.id}/last_seen`);
    expect(seen.body.response.newly_approved_comments_count).toBe(0);
    later();
    expect(await approvedCount()).toBe(0);
    expect(await listedApprovedCount()).toBe(0);
  });

  it('clears with POST /assets/{id}/comments/last_seen, and counts a later completion again', async () => {
    const first = await buildComment(owner, asset.id);
    const second = await buildComment(owner, asset.id);
    await seeAsset();
    await complete(collaborator, first);
    await seeComments();
    expect(await approvedCount()).toBe(0);
    expect(await listedApprovedCount()).toBe(0);
    await complete(collaborator, second);
    expect(await approvedCount()).toBe(1);
  });

  it('drops a reopened comment from the count, and never goes below 0', async () => {
    const first = await buildComment(owner, asset.id);
    const second = await buildComment(owner, asset.id);
    await seeAsset();
    await complete(collaborator, first);
    await complete(collaborator, second);
    expect(await approvedCount()).toBe(2);
    await reopen(collaborator, first);
    expect(await approvedCount()).toBe(1);
    expect(await listedApprovedCount()).toBe(1);
    await seeAsset();
    await reopen(owner, second);
    await reopen(owner, second);
    expect(await approvedCount()).toBe(0);
    expect(await listedApprovedCount()).toBe(0);
  });

  it('forgets who completed a reopened comment: completing it oneself is not news', async () => {
    const comment = await buildComment(owner, asset.id);
    await seeAsset();
    await complete(collaborator, comment);
    await reopen(owner, comment);
    await complete(owner, comment);
    expect(await approvedCount()).toBe(0);
    expect(await approvedCount(collaborator)).toBe(1);
  });
});

describe('the project’s has_newly_approved_comments', () => {
  it('is set by another member’s completion, in the project and the project list', async () => {
    const comment = await buildComment(owner, asset.id);
    await seeProject();
    await seeProject(collaborator);
    expect((await project()).has_newly_approved_comments).toBe(false);
    expect((await listedProject()).has_newly_approved_comments).toBe(false);
    await complete(collaborator, comment);
    expect((await project()).has_newly_approved_comments).toBe(true);
    expect((await listedProject()).has_newly_approved_comments).toBe(true);
    expect((await project(collaborator)).has_newly_approved_comments).toBe(false);
    expect((await listedProject(collaborator)).has_newly_approved_comments).toBe(false);
  });

  it('clears when the user sees the project, the asset or its comments', async () => {
    const [first, second, third] = [
      await buildComment(owner, asset.id),
      await buildComment(owner, asset.id),
      await buildComment(owner, asset.id),
    ];
    await seeProject();
    await complete(collaborator, first);
    expect((await listedProject()).has_newly_approved_comments).toBe(true);
    await seeProject();
    expect((await project()).has_newly_approved_comments).toBe(false);
    expect((await listedProject()).has_newly_approved_comments).toBe(false);
    await complete(collaborator, second);
    expect((await project()).has_newly_approved_comments).toBe(true);
    await seeAsset();
    expect((await project()).has_newly_approved_comments).toBe(false);
    await complete(collaborator, third);
    expect((await project()).has_newly_approved_comments).toBe(true);
    await seeComments();
    expect((await listedProject()).has_newly_approved_comments).toBe(false);
  });

  it('is cleared by a reopening of the only newly approved comment', async () => {
    const comment = await buildComment(owner, asset.id);
    await seeProject();
    await complete(collaborator, comment);
    expect((await listedProject()).has_newly_approved_comments).toBe(true);
    await reopen(collaborator, comment);
    expect((await project()).has_newly_approved_comments).toBe(false);
    expect((await listedProject()).has_newly_approved_comments).toBe(false);
  });
});

describe('the project’s has_new_tasks', () => {
  const task = (client: ApiClient) =>
    buildTask(client, cast.project.id, { assigned_ids: [cast.collaborator.user.id] });

  it('is set by another member’s task, not by one’s own, in the project and the project list', async () => {
    await seeProject();
    await seeProject(collaborator);
    await task(owner);
    later();
    expect((await project()).has_new_tasks).toBe(false);
    expect((await listedProject()).has_new_tasks).toBe(false);
    expect((await project(collaborator)).has_new_tasks).toBe(true);
    expect((await listedProject(collaborator)).has_new_tasks).toBe(true);
  });

  it('clears with update_project_last_seen, and a later task sets it again', async () => {
    await seeProject();
    await task(collaborator);
    later();
    expect((await listedProject()).has_new_tasks).toBe(true);
    await seeProject();
    expect((await project()).has_new_tasks).toBe(false);
    expect((await listedProject()).has_new_tasks).toBe(false);
    await task(collaborator);
    later();
    expect((await project()).has_new_tasks).toBe(true);
    expect((await listedProject()).has_new_tasks).toBe(true);
  });

  it('is not cleared by seeing an asset', async () => {
    await seeProject();
    await task(collaborator);
    later();
    await seeAsset();
    expect((await project()).has_new_tasks).toBe(true);
  });
});
