import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type ApiClient, type TestApp } from './harness';
import { buildProjectCast, type ProjectCast } from './projectCast';

const PNG = readFileSync(
  fileURLToPath(new URL('../../../shared/corpus/png/16bit-grey-alpha_109x96.png', import.meta.url)),
);

let t: TestApp;
let cast: ProjectCast;
beforeAll(async () => {
  t = await startTestApp();
  cast = await buildProjectCast(t.baseUrl, t.ctx);
  for (const member of [cast.viewer, cast.workspaceAdmin]) await uploadAvatar(member.client, member.user.id);
});
afterAll(() => t.close());

async function uploadAvatar(client: ApiClient, userId: number) {
  const form = new FormData();
  form.append('avatar', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'me.png');
  const answer = await client.patch(`/users/${userId}`, form);
  if (answer.status !== 200) throw new Error(`avatar upload failed: ${answer.status}`);
}

const avatarStatus = async (client: ApiClient, userId: number) =>
  (await client.get(`/users/${userId}/avatar`)).status;

describe('GET /users/{id}/avatar', () => {
  it("shows a project-only member's face to the people of that project and the workspace owner, and no one else", async () => {
    const id = cast.viewer.user.id;
    expect(await avatarStatus(cast.viewer.client, id)).toBe(200);
    expect(await avatarStatus(cast.owner.client, id)).toBe(200);
    expect(await avatarStatus(cast.collaborator.client, id)).toBe(200);
    expect(await avatarStatus(cast.workspaceOwner.client, id)).toBe(200);
    expect(await avatarStatus(cast.workspaceAdmin.client, id)).toBe(404);
    expect(await avatarStatus(cast.stranger.client, id)).toBe(404);
    expect(await avatarStatus(cast.anonymous.client, id)).toBe(401);
  });

  it("shows a workspace member's face to the workspace, not to a project-only member or a stranger", async () => {
    const id = cast.workspaceAdmin.user.id;
    expect(await avatarStatus(cast.workspaceOwner.client, id)).toBe(200);
    expect(await avatarStatus(cast.owner.client, id)).toBe(200);
    expect(await avatarStatus(cast.viewer.client, id)).toBe(404);
    expect(await avatarStatus(cast.stranger.client, id)).toBe(404);
  });

  it('answers a hidden avatar exactly as a missing one, so ids cannot be probed', async () => {
    const hidden = await cast.stranger.client.get(`/users/${cast.viewer.user.id}/avatar`);
    const missing = await cast.stranger.client.get('/users/999999/avatar');
    expect(hidden.status).toBe(missing.status);
    expect(hidden.body).toEqual(missing.body);
  });
});
