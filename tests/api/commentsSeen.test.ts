import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildAsset } from './assetFactories';
import { buildComment } from './commentFactories';
import { type ApiClient, type Json, startTestApp, type TestApp } from './harness';
import { buildProjectCast, type ProjectCast } from './projectCast';

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
  t.clock.advance(1000);
});

/** Each step happens a second after the last, so "after" is never a tie. */
const later = () => t.clock.advance(1000);
const newCount = async (client = owner): Promise<number> =>
  (await client.get(`/assets/${asset.id}`)).body.response.new_comments_count;
const listedNewCount = async (client = owner): Promise<number> =>
  (await client.get(`/projects/${cast.project.id}/assets`)).body.response.find((a: Json) => a.id === asset.id)
    .new_comments_count;
const projectFlag = async (client = owner): Promise<boolean> =>
  (await client.get(`/projects/${cast.project.id}`)).body.response.has_new_comments;
const listedProjectFlag = async (client = owner): Promise<boolean> =>
  (await client.get('/projects/active')).body.response.find((p: Json) => p.id === cast.project.id)
    .has_new_comments;
const seeComments = (client = owner) => client.post(`/assets/${asset.id}/comments/last_seen`);

describe('new comments on the asset (new_comments_count)', () => {
  it('counts comments and replies by others since the user last saw them; one’s own never count', async () => {
    const root = await buildComment(collaborator, asset.id);
    later();
    await buildComment(collaborator, asset.id, { parent_id: root.id });
    await buildComment(owner, asset.id);
    expect(await newCount()).toBe(2);
    expect(await listedNewCount()).toBe(2);
    expect(await newCount(collaborator)).toBe(1);
  });

  it('clears with POST /assets/{id}/comments/last_seen, in the asset and in the kept asset list', async () => {
    await buildComment(collaborator, asset.id);
    expect(await listedNewCount()).toBe(1);
    later();
    const seen = await seeComments();
    expect(seen.status).toBe(200);
    expect(seen.body.response).toEqual({ asset_id: asset.id, last_seen_at: t.clock.now().toISOString() });
    expect(await newCount()).toBe(0);
    expect(await listedNewCount()).toBe(0);
    later();
    await buildComment(collaborator, asset.id);
    expect(await newCount()).toBe(1);
    expect(await listedNewCount()).toBe(1);
  });

  it('clears with POST /assets/{id}/last_seen too', async () => {
    await buildComment(collaborator, asset.id);
    later();
    const seen = await owner.post(`/assets/${asset.id}/last_seen`);
    expect(seen.body.response.new_comments_count).toBe(0);
    expect(await newCount()).toBe(0);
  });
});

describe('the project’s has_new_comments', () => {
  it('is set by another member’s comment, in the project and the project list', async () => {
    await owner.post(`/projects/${cast.project.id}/update_project_last_seen`);
    later();
    expect(await projectFlag()).toBe(false);
    expect(await listedProjectFlag()).toBe(false);
    await buildComment(collaborator, asset.id);
    expect(await projectFlag()).toBe(true);
    expect(await listedProjectFlag()).toBe(true);
    expect(await projectFlag(collaborator)).toBe(false);
  });

  it('clears when the user sees the asset’s comments, or the project', async () => {
    await buildComment(collaborator, asset.id);
    later();
    await seeComments();
    expect(await projectFlag()).toBe(false);
    later();
    await buildComment(collaborator, asset.id);
    expect(await projectFlag()).toBe(true);
    later();
    await owner.post(`/projects/${cast.project.id}/update_project_last_seen`);
    expect(await projectFlag()).toBe(false);
    expect(await listedProjectFlag()).toBe(false);
  });
});

describe('GET /projects/{projectID}/assets/{id}/comments/seen_by_users', () => {
  it('names the members who saw the asset’s comments, the latest sight first', async () => {
    const seenBy = async () =>
      (await owner.get(`/projects/${cast.project.id}/assets/${asset.id}/comments/seen_by_users`)).body
        .response;
    expect(await seenBy()).toEqual([]);
    await seeComments(cast.viewer.client);
    const viewerSaw = t.clock.now().toISOString();
    later();
    await collaborator.post(`/assets/${asset.id}/last_seen`);
    const collaboratorSaw = t.clock.now().toISOString();
    expect(await seenBy()).toEqual([
      {
        user: {
          id: cast.collaborator.user.id,
          name: cast.collaborator.user.name,
          avatar: null,
          is_guest: false,
        },
        last_seen_at: collaboratorSaw,
      },
      {
        user: { id: cast.viewer.user.id, name: cast.viewer.user.name, avatar: null, is_guest: false },
        last_seen_at: viewerSaw,
      },
    ]);
  });

  it('answers 404 for an asset of another project', async () => {
    const other = await buildProjectCast(t.baseUrl, t.ctx);
    const elsewhere = await buildAsset(other.owner.client, other.project.id);
    const answer = await owner.get(
      `/projects/${cast.project.id}/assets/${elsewhere.id}/comments/seen_by_users`,
    );
    expect(answer.status).toBe(404);
  });
});
