import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { COMMENT_TEXTS, mentionToken } from '@common/api/comments';
import { buildAsset, buildRound } from './assetFactories';
import { buildComment, line, postComment, refusal } from './commentFactories';
import { ApiClient, type Json, startTestApp, type TestApp } from './harness';
import { buildProjectCast, type ProjectCast } from './projectCast';
import { addProjectMember, buildProjectMember } from './projectFactories';
import { signedIn } from './factories';

let t: TestApp;
let cast: ProjectCast;
let owner: ApiClient;
let asset: Json;
let comment: Json;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

beforeEach(async () => {
  cast = await buildProjectCast(t.baseUrl, t.ctx);
  owner = cast.owner.client;
  asset = await buildAsset(owner, cast.project.id);
  comment = await buildComment(owner, asset.id);
});

/** Every comment call, as one caller makes it: the status of each. */
async function statuses(client: ApiClient): Promise<Record<string, number>> {
  const calls: Record<string, () => Promise<{ status: number }>> = {
    list: () => client.get(`/assets/${asset.id}/comments`),
    round: () => client.get(`/assets/${asset.id}/versions/${asset.current_version.number}/comments`),
    add: () => postComment(client, asset.id),
    reply: () => postComment(client, asset.id, { parent_id: comment.id }),
    edit: () => client.patch(`/comments/${comment.id}`, { text: 'changed' }),
    complete: () => client.patch(`/comments/${comment.id}/mark_as_completed`),
    reopen: () => client.patch(`/comments/${comment.id}/unmark_as_completed`),
    lastSeen: () => client.post(`/assets/${asset.id}/comments/last_seen`),
    seenBy: () => client.get(`/projects/${cast.project.id}/assets/${asset.id}/comments/seen_by_users`),
    destroy: () => client.delete(`/comments/${comment.id}`),
  };
  const out: Record<string, number> = {};
  for (const [name, call] of Object.entries(calls)) out[name] = (await call()).status;
  return out;
}

const all = (status: number) => ({
  list: status,
  round: status,
  add: status,
  reply: status,
  edit: status,
  complete: status,
  reopen: status,
  lastSeen: status,
  seenBy: status,
  destroy: status,
});

describe('who may do what with comments (§6)', () => {
  it('an anonymous caller gets 401 everywhere', async () => {
    expect(await statuses(cast.anonymous.client)).toEqual(all(401));
  });

  it('a stranger, and a workspace admin outside the project, get 404 everywhere', async () => {
    expect(await statuses(cast.stranger.client)).toEqual(all(404));
    expect(await statuses(cast.workspaceAdmin.client)).toEqual(all(404));
  });

  it('the workspace owner outside the project sees the project but not its comments (403)', async () => {
    expect(await statuses(cast.workspaceOwner.client)).toEqual(all(403));
  });

  it('a viewer reads comments and marks them seen, and changes nothing', async () => {
    expect(await statuses(cast.viewer.client)).toEqual({
      ...all(403),
      list: 200,
      round: 200,
      lastSeen: 200,
      seenBy: 200,
    });
  });

  it('a collaborator adds, replies, completes and reopens, but neither edits nor deletes the owner’s comment', async () => {
    expect(await statuses(cast.collaborator.client)).toEqual({
      ...all(200),
      add: 201,
      reply: 201,
      edit: 403,
      destroy: 403,
    });
  });

  it('the owner does everything with their own comment', async () => {
    expect(await statuses(owner)).toEqual({ ...all(200), add: 201, reply: 201 });
  });

  it('answers the abilities each caller has on each comment', async () => {
    const collaborators = (await cast.collaborator.client.get(`/assets/${asset.id}/comments`)).body.response;
    expect(collaborators[0].abilities).toEqual({ edit: false, destroy: false, complete: true, reply: true });
    const viewers = (await cast.viewer.client.get(`/assets/${asset.id}/comments`)).body.response;
    expect(viewers[0].abilities).toEqual({ edit: false, destroy: false, complete: false, reply: false });
  });
});

describe('delete by level (§5): the author, or a member ranking higher than the author', () => {
  const destroy = (client: ApiClient, of: Json) => client.delete(`/comments/${of.id}`);

  it('the owner deletes a collaborator’s comment and reply; a collaborator deletes their own', async () => {
    const byCollaborator = await buildComment(cast.collaborator.client, asset.id);
    const reply = await buildComment(cast.collaborator.client, asset.id, { parent_id: comment.id });
    expect((await destroy(owner, reply)).status).toBe(200);
    expect((await destroy(owner, byCollaborator)).status).toBe(200);
    const own = await buildComment(cast.collaborator.client, asset.id);
    const answer = await destroy(cast.collaborator.client, own);
    expect(answer.status).toBe(200);
    expect(answer.body.response.message).toBe(COMMENT_TEXTS.deleted);
  });

  it('a collaborator may not delete the owner’s or another collaborator’s comment', async () => {
    const second = await buildProjectMember(t.baseUrl, t.ctx, cast.project.id, 'collaborator');
    const bySecond = await buildComment(second.client, asset.id);
    expect(refusal(await destroy(cast.collaborator.client, bySecond))).toMatchObject({
      status: 403,
      code: 'forbidden',
      message: COMMENT_TEXTS.deleteByLevel,
    });
    expect(refusal(await destroy(cast.collaborator.client, comment))).toMatchObject({ status: 403 });
    expect((await owner.get(`/assets/${asset.id}/comments`)).body.response).toHaveLength(2);
  });

  it('a viewer deletes nothing, not even below their level', async () => {
    const byCollaborator = await buildComment(cast.collaborator.client, asset.id);
    expect((await destroy(cast.viewer.client, byCollaborator)).status).toBe(403);
  });

  it('the author who left the project ranks below everyone: a collaborator may delete their comment', async () => {
    const leaving = await buildProjectMember(t.baseUrl, t.ctx, cast.project.id, 'collaborator');
    const left = await buildComment(leaving.client, asset.id);
    await t.ctx.db.deleteFrom('project_members').where('id', '=', leaving.memberId).execute();
    expect((await destroy(cast.collaborator.client, left)).status).toBe(200);
  });

  it('the workspace owner, as a collaborator of the project, ranks above its owner', async () => {
    await addProjectMember(t.ctx, cast.project.id, cast.workspaceOwner.user.id, 'collaborator');
    const workspaceOwner = await signedIn(t.baseUrl, cast.workspaceOwner.user);
    const byWorkspaceOwner = await buildComment(workspaceOwner, asset.id);
    expect((await destroy(owner, byWorkspaceOwner)).status).toBe(403);
    expect((await destroy(workspaceOwner, comment)).status).toBe(200);
  });

  it('a comment deleted already answers 404', async () => {
    expect((await destroy(owner, comment)).status).toBe(200);
    expect(refusal(await destroy(owner, comment))).toMatchObject({ status: 404, code: 'not_found' });
  });
});

describe('the public link', () => {
  it('shows its viewers the latest round’s comments to read, without member ids, files or actions', async () => {
    const hash = (await owner.post(`/projects/${cast.project.id}/share`, { show_comments: true })).body
      .response.share_hash as string;
    // The comment made before the new round stays with its round, out of the link's sight.
    await buildRound(owner, asset.id);
    const collaborator = cast.collaborator.user;
    const latest = await buildComment(owner, asset.id, {
      text: `Warmer, ${mentionToken(collaborator)}?`,
      markup: [line()],
    });
    await buildComment(cast.collaborator.client, asset.id, { parent_id: latest.id, text: 'On it.' });
    const viewer = new ApiClient(t.baseUrl);
    const shared = await viewer.get(`/shared/${hash}/assets/${asset.id}`);
    expect(shared.status).toBe(200);
    const [only, ...others] = shared.body.response.comments as Json[];
    expect(others).toEqual([]);
    expect(only).toMatchObject({
      id: latest.id,
      text: `Warmer, @${collaborator.name}?`,
      author: { name: cast.owner.user.name, is_guest: false },
      markup_number: latest.markup_number,
      markup: latest.markup,
      replies: [{ text: 'On it.', author: { name: collaborator.name, is_guest: false } }],
    });
    const body = JSON.stringify(shared.body);
    expect(body).not.toContain(comment.text);
    expect(body).not.toContain(`user:${collaborator.id}`);
    for (const field of ['user', 'files', 'abilities', 'mentions', 'asset_id', 'version_id'])
      expect(only).not.toHaveProperty(field);
    // The guests' comment list is for review links only.
    const guestList = await viewer.get(`/shared/${hash}/assets/${asset.id}/comments`);
    expect([guestList.status, guestList.body.response.error.code]).toEqual([403, 'review_not_allowed']);
    expect((await viewer.get(`/assets/${asset.id}/comments?share_hash=${hash}`)).status).toBe(401);
  });
});
