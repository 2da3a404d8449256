import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_TEXTS } from '@common/api/projects';
import { startTestApp, type TestApp } from './harness';
import { buildProjectCast } from './projectCast';
import { activityActions, buildProject } from './projectFactories';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const foldersPath = (project: { id: number }) => `/projects/${project.id}/folders`;
const deleteFolders = (
  client: { request: (m: string, p: string, b?: unknown) => Promise<any> },
  ids: number[],
) => client.request('DELETE', '/folders', { folders_ids: ids });

describe('folders', () => {
  it('creates a folder with a trimmed name, lists by name, reads and renames it', async () => {
    const cast = await buildProjectCast(t.baseUrl, t.ctx);
    const created = await cast.owner.client.post(foldersPath(cast.project), { name: '  Selects  ' });
    expect(created.status).toBe(201);
    expect(created.body.response).toMatchObject({
      name: 'Selects',
      organizer_id: cast.project.id,
      images_count: 0,
      documents_count: 0,
      previews_urls: [],
      current_user_is_owner: true,
    });
    const folder = created.body.response;
    await cast.collaborator.client.post(foldersPath(cast.project), { name: 'Archive' });

    const list = await cast.viewer.client.get(foldersPath(cast.project));
    expect(list.status).toBe(200);
    expect(list.body.response.map((f: any) => [f.name, f.current_user_is_owner])).toEqual([
      ['Archive', false],
      ['Selects', false],
    ]);
    const read = await cast.viewer.client.get(`/folders/${folder.id}`);
    expect(read.status).toBe(200);
    expect(read.body.response).toMatchObject({ id: folder.id, name: 'Selects' });

    const renamed = await cast.collaborator.client.patch(`/folders/${folder.id}`, { name: 'Finals' });
    expect(renamed.status).toBe(200);
    expect(renamed.body.response).toMatchObject({
      id: folder.id,
      name: 'Finals',
      current_user_is_owner: false,
    });
    // Changing only the case of its own name is allowed.
    expect((await cast.owner.client.patch(`/folders/${folder.id}`, { name: 'FINALS' })).status).toBe(200);

    const logs = (await cast.owner.client.get(`/projects/${cast.project.id}/activity_logs`)).body.response;
    expect(logs.map((l: any) => l.text).slice(0, 2)).toEqual([
      `${cast.owner.user.name} renamed the folder “Finals” to “FINALS”.`,
      `${cast.collaborator.user.name} renamed the folder “Selects” to “Finals”.`,
    ]);
    expect(await activityActions(t.ctx, cast.project.id)).toEqual(
      expect.arrayContaining(['folder_created', 'folder_renamed']),
    );
  });

  it('refuses an empty, a too long or a taken name (case-insensitive, per project)', async () => {
    const cast = await buildProjectCast(t.baseUrl, t.ctx);
    const create = (name: unknown) => cast.owner.client.post(foldersPath(cast.project), { name });
    const empty = await create('   ');
    expect(empty.status).toBe(422);
    // The messages name the field as the folder dialog labels it: 'Folder name'.
    expect(empty.body.response.error.details).toEqual({ name: ['Folder name must not be empty.'] });
    expect((await create('x'.repeat(300))).body.response.error.details.name[0]).toBe(
      'Folder name should be up to 100 characters long.',
    );

    const first = (await create('Drafts')).body.response;
    const taken = await create(' drafts ');
    expect(taken.status).toBe(422);
    expect(taken.body.response.error).toMatchObject({
      code: 'invalid_record',
      details: { name: ['This folder name already exists'] },
    });
    const other = (await create('Other')).body.response;
    const renameTaken = await cast.owner.client.patch(`/folders/${other.id}`, { name: 'DRAFTS' });
    expect(renameTaken.status).toBe(422);
    expect(renameTaken.body.response.error.details).toEqual({ name: ['This folder name already exists'] });

    // Another project may use the name.
    const otherProject = await buildProject(cast.owner.client, cast.workspace.id);
    expect((await cast.owner.client.post(foldersPath(otherProject), { name: 'Drafts' })).status).toBe(201);
    expect(first.name).toBe('Drafts');
  });

  it('lets viewers see but not change folders; strangers get 404, anonymous callers 401', async () => {
    const cast = await buildProjectCast(t.baseUrl, t.ctx);
    const folder = (await cast.owner.client.post(foldersPath(cast.project), { name: 'Kept' })).body.response;
    expect((await cast.viewer.client.post(foldersPath(cast.project), { name: 'New' })).status).toBe(403);
    expect((await cast.viewer.client.patch(`/folders/${folder.id}`, { name: 'New' })).status).toBe(403);
    expect((await deleteFolders(cast.viewer.client, [folder.id])).status).toBe(403);
    expect((await cast.stranger.client.get(`/folders/${folder.id}`)).status).toBe(404);
    expect((await cast.stranger.client.patch(`/folders/${folder.id}`, { name: 'New' })).status).toBe(404);
    expect((await cast.stranger.client.get(foldersPath(cast.project))).status).toBe(404);
    expect((await cast.anonymous.client.get(`/folders/${folder.id}`)).status).toBe(401);
    expect((await cast.owner.client.get('/folders/999999')).status).toBe(404);
  });

  it('deletes many folders at once, all or nothing, with the spec texts', async () => {
    const cast = await buildProjectCast(t.baseUrl, t.ctx);
    const make = async (name: string) =>
      (await cast.owner.client.post(foldersPath(cast.project), { name })).body.response.id as number;
    const [a, b, c] = [await make('A'), await make('B'), await make('C')];
    const otherProject = await buildProject(cast.owner.client, cast.workspace.id);
    const foreign = (await cast.owner.client.post(foldersPath(otherProject), { name: 'Elsewhere' })).body
      .response.id as number;

    // A folder of a project the collaborator is not in: nothing is deleted.
    expect((await deleteFolders(cast.collaborator.client, [a, foreign])).status).toBe(404);
    expect((await deleteFolders(cast.owner.client, [a, 999_999])).status).toBe(404);
    expect((await cast.owner.client.get(foldersPath(cast.project))).body.response).toHaveLength(3);

    const many = await deleteFolders(cast.collaborator.client, [a, b]);
    expect(many.status).toBe(200);
    expect(many.body.response).toEqual({ message: PROJECT_TEXTS.foldersDeleted });
    const one = await deleteFolders(cast.owner.client, [c, c]);
    expect(one.body.response).toEqual({ message: PROJECT_TEXTS.folderDeleted });
    expect((await cast.owner.client.get(foldersPath(cast.project))).body.response).toEqual([]);
    expect(
      (await activityActions(t.ctx, cast.project.id)).filter((x) => x === 'folder_deleted'),
    ).toHaveLength(3);
    // Folders of several projects the caller may change go together.
    const d = await make('D');
    expect((await deleteFolders(cast.owner.client, [d, foreign])).status).toBe(200);
    const empty = await deleteFolders(cast.owner.client, []);
    expect(empty.status).toBe(422);
  });
});
