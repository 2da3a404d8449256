import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildWorkspace } from './factories';
import { startTestApp, type ApiClient, type TestApp } from './harness';
import { buildMember } from './memberFactories';
import { addProjectMember, buildProject, buildProjectMember } from './projectFactories';
import { TusClient } from './tus';
import { isStored, storeTheRest, uploadIdOf as idOf } from './uploadPlaces';

const JPEG = readFileSync(join(__dirname, '../../../shared/corpus/jpeg/exif-orientation-6_portrait.jpg'));
const HALF = Math.floor(JPEG.length / 2);

/**
 * A tus upload is its uploader's only while they may upload into its project (issue 22 #4): a
 * member removed mid-upload (from the project, from its workspace, or leaving it) has the upload
 * ended, and neither a later PATCH nor the sweep makes the asset.
 */
describe('uploads of a member who lost access', () => {
  let t: TestApp;
  let owner: ApiClient;
  let workspace: { id: number };
  let project: { id: number };

  beforeAll(async () => {
    t = await startTestApp();
    ({ client: owner, workspace } = await buildWorkspace(t.baseUrl, t.ctx));
    project = await buildProject(owner, workspace.id);
  });
  afterAll(() => t.close());

  const assetNames = async () =>
    ((await owner.get(`/projects/${project.id}/assets`)).body.response as { name: string }[]).map(
      (a) => a.name,
    );

  /** A collaborator's upload with half its bytes sent. */
  async function halfUpload(
    client: ApiClient,
    filename: string,
  ): Promise<{ tus: TusClient; location: string }> {
    const tus = new TusClient(t.baseUrl, client);
    const created = await tus.create({ filename, project_id: project.id }, JPEG.length);
    expect(created.status).toBe(201);
    const location = created.headers.get('location')!;
    expect((await tus.patch(location, 0, JPEG.subarray(0, HALF))).status).toBe(204);
    return { tus, location };
  }

  async function expectEnded(client: ApiClient, tus: TusClient, location: string, filename: string) {
    const result = (await client.get(`/uploads/${idOf(location)}/result`)).body.response;
    expect(result).toMatchObject({ status: 'failed', asset_id: null });
    expect(await isStored(t, idOf(location))).toBe(false);
    const rest = await tus.patch(location, HALF, JPEG.subarray(HALF));
    expect(rest.status).toBe(404);
    expect(rest.body.response.error.code).toBe('not_found');
    expect(await assetNames()).not.toContain(filename);
  }

  it('ends the upload of a collaborator removed from the project', async () => {
    const member = await buildProjectMember(t.baseUrl, t.ctx, project.id, 'collaborator');
    const { tus, location } = await halfUpload(member.client, 'removed.jpg');

    const removed = await owner.delete(`/projects/${project.id}/members/${member.memberId}`);
    expect(removed.status).toBe(200);
    await expectEnded(member.client, tus, location, 'removed.jpg');
    // The name is free again.
    expect(
      (
        await new TusClient(t.baseUrl, owner).upload(
          { filename: 'removed.jpg', project_id: project.id },
          JPEG,
        )
      ).finished?.status,
    ).toBe(204);
  });

  it('ends the upload of a member removed from the workspace', async () => {
    const member = await buildMember(t.baseUrl, t.ctx, workspace.id, 'collaborator');
    await addProjectMember(t.ctx, project.id, member.user.id, 'collaborator');
    const { tus, location } = await halfUpload(member.client, 'left-workspace.jpg');

    expect((await owner.delete(`/workspaces/${workspace.id}/members/${member.memberId}`)).status).toBe(200);
    await expectEnded(member.client, tus, location, 'left-workspace.jpg');
  });

  it('ends the upload of a collaborator who leaves the project', async () => {
    const member = await buildProjectMember(t.baseUrl, t.ctx, project.id, 'collaborator');
    const { tus, location } = await halfUpload(member.client, 'leaver.jpg');

    expect((await member.client.post('/projects/leave', { ids: [project.id] })).status).toBe(200);
    await expectEnded(member.client, tus, location, 'leaver.jpg');
  });

  it('refuses the PATCH of a member whose access went without an event, and ends the upload', async () => {
    const member = await buildProjectMember(t.baseUrl, t.ctx, project.id, 'collaborator');
    const { tus, location } = await halfUpload(member.client, 'quietly.jpg');
    // Made a viewer straight in the database: nothing but the PATCH itself can notice.
    await t.ctx.db
      .updateTable('project_members')
      .set({ role: 'viewer' })
      .where('id', '=', member.memberId)
      .execute();

    const refused = await tus.patch(location, HALF, JPEG.subarray(HALF));
    expect(refused.status).toBe(403);
    expect(refused.body.response.error.code).toBe('forbidden');
    const result = (await member.client.get(`/uploads/${idOf(location)}/result`)).body.response;
    expect(result).toMatchObject({ status: 'failed', error: { code: 'forbidden' } });
    expect(await isStored(t, idOf(location))).toBe(false);
    expect(await assetNames()).not.toContain('quietly.jpg');
  });

  it('makes no asset when the member lost access between the last byte and the asset', async () => {
    const member = await buildProjectMember(t.baseUrl, t.ctx, project.id, 'collaborator');
    const { location } = await halfUpload(member.client, 'late.jpg');
    // The last bytes were stored and the process stopped before the asset; then the member went.
    await storeTheRest(t, idOf(location), JPEG, HALF);
    await t.ctx.db.deleteFrom('project_members').where('id', '=', member.memberId).execute();

    t.clock.advance(11 * 60_000);
    expect((await t.ctx.uploadSweep.run()).finished).toBe(0);
    const result = (await member.client.get(`/uploads/${idOf(location)}/result`)).body.response;
    expect(result).toMatchObject({ status: 'failed', asset_id: null, error: { code: 'not_found' } });
    expect(await assetNames()).not.toContain('late.jpg');
    expect(await isStored(t, idOf(location))).toBe(false);
  });
});
