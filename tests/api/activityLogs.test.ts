import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './harness';
import { buildProjectCast } from './projectCast';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const logsPath = (project: { id: number }, query = '') => `/projects/${project.id}/activity_logs${query}`;

describe('GET /projects/{id}/activity_logs', () => {
  it('answers the entries newest first as sentences with their author, paginated', async () => {
    const cast = await buildProjectCast(t.baseUrl, t.ctx);
    for (const name of ['One', 'Two', 'Three'])
      await cast.collaborator.client.post(`/projects/${cast.project.id}/folders`, { name });

    const all = await cast.viewer.client.get(logsPath(cast.project));
    expect(all.status).toBe(200);
    expect(all.body.response.map((e: any) => e.text)).toEqual([
      `${cast.collaborator.user.name} created the folder “Three”.`,
      `${cast.collaborator.user.name} created the folder “Two”.`,
      `${cast.collaborator.user.name} created the folder “One”.`,
      `${cast.owner.user.name} created the project “${cast.project.name}”.`,
    ]);
    expect(all.body.response[0]).toMatchObject({
      project_id: cast.project.id,
      action: 'folder_created',
      object_type: 'Folder',
      object_id: expect.any(Number),
      user: {
        id: cast.collaborator.user.id,
        name: cast.collaborator.user.name,
        email: cast.collaborator.user.email,
      },
      data: { name: 'Three' },
      created_at: expect.any(String),
    });
    expect(all.body.meta.pagination).toEqual({
      current: 1,
      pages: 1,
      total_count: 4,
      first_page: true,
      last_page: true,
    });

    const second = await cast.viewer.client.get(logsPath(cast.project, '?page=2&per_page=3'));
    expect(second.body.response.map((e: any) => e.action)).toEqual(['project_created']);
    expect(second.body.meta.pagination).toEqual({
      current: 2,
      pages: 2,
      total_count: 4,
      first_page: false,
      last_page: true,
    });
    const first = await cast.viewer.client.get(logsPath(cast.project, '?per_page=3'));
    expect(first.body.response).toHaveLength(3);
    expect(first.body.meta.pagination).toMatchObject({ current: 1, first_page: true, last_page: false });
  });

  it('reads an entry without an author as done by someone', async () => {
    const cast = await buildProjectCast(t.baseUrl, t.ctx);
    await t.ctx.db
      .insertInto('activity_logs')
      .values({
        project_id: cast.project.id,
        user_id: null,
        action: 'project_archived',
        object_type: 'Project',
        object_id: cast.project.id,
        data: '{}',
        created_at: t.ctx.clock.now().toISOString(),
      })
      .execute();
    const [entry] = (await cast.owner.client.get(logsPath(cast.project))).body.response;
    expect(entry).toMatchObject({ user: null, text: 'Someone archived the project.' });
  });

  it('is for those who see the project; bad pages are refused', async () => {
    const cast = await buildProjectCast(t.baseUrl, t.ctx);
    expect((await cast.workspaceOwner.client.get(logsPath(cast.project))).status).toBe(200);
    expect((await cast.stranger.client.get(logsPath(cast.project))).status).toBe(404);
    expect((await cast.workspaceAdmin.client.get(logsPath(cast.project))).status).toBe(404);
    expect((await cast.anonymous.client.get(logsPath(cast.project))).status).toBe(401);
    expect((await cast.owner.client.get(logsPath(cast.project, '?page=0'))).status).toBe(422);
    expect((await cast.owner.client.get(logsPath(cast.project, '?per_page=501'))).status).toBe(422);
    expect((await cast.owner.client.get('/projects/999999/activity_logs')).status).toBe(404);
  });
});
