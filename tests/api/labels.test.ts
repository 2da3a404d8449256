import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_TEXTS } from '@common/api/projects';
import { DEFAULT_PROJECT_LABELS, LABEL_COLORS } from '@common/labelColors';
import { startTestApp, type TestApp } from './harness';
import { buildTeam } from './memberFactories';
import { buildProjectCast } from './projectCast';
import { activityActions, buildProject } from './projectFactories';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const workspaceLabel = (workspaceId: number, name: string, extra: object = {}) => ({
  name,
  labellable_type: 'Workspace',
  labellable_id: workspaceId,
  ...extra,
});
const projectLabel = (projectId: number, name: string, extra: object = {}) => ({
  name,
  labellable_type: 'Project',
  labellable_id: projectId,
  ...extra,
});

describe('workspace labels', () => {
  it('are created by the workspace owner and admins with palette colours, and listed to every member', async () => {
    const cast = await buildProjectCast(t.baseUrl, t.ctx);
    const ws = cast.workspace.id;
    const first = await cast.workspaceOwner.client.post('/labels', workspaceLabel(ws, ' Client A '));
    expect(first.status).toBe(201);
    expect(first.body.response).toEqual({
      id: expect.any(Number),
      name: 'Client A',
      custom: true,
      labellable_type: 'Workspace',
      labellable_id: ws,
      base_color: LABEL_COLORS[0].base,
      hover_color: LABEL_COLORS[0].hover,
      order: null,
    });
    const second = await cast.owner.client.post('/labels', workspaceLabel(ws, 'Client B'));
    expect(second.body.response).toMatchObject({
      base_color: LABEL_COLORS[1].base,
      hover_color: LABEL_COLORS[1].hover,
    });
    const chosen = await cast.owner.client.post(
      '/labels',
      workspaceLabel(ws, 'Urgent', { base_color: LABEL_COLORS[4].base }),
    );
    expect(chosen.body.response).toMatchObject({
      base_color: LABEL_COLORS[4].base,
      hover_color: LABEL_COLORS[4].hover,
    });

    for (const client of [cast.team.collaborator.client, cast.team.limited.client]) {
      const refused = await client.post('/labels', workspaceLabel(ws, 'Nope'));
      expect(refused.status).toBe(403);
      const list = await client.get(`/workspaces/${ws}/labels`);
      expect(list.status).toBe(200);
      expect(list.body.response.map((l: any) => l.name)).toEqual(['Client A', 'Client B', 'Urgent']);
    }
    expect((await cast.stranger.client.post('/labels', workspaceLabel(ws, 'Nope'))).status).toBe(404);
    expect((await cast.stranger.client.get(`/workspaces/${ws}/labels`)).status).toBe(404);
    expect((await cast.anonymous.client.post('/labels', workspaceLabel(ws, 'Nope'))).status).toBe(401);
    // A project member who is not in the workspace does not see the workspace's labels.
    expect((await cast.viewer.client.get(`/workspaces/${ws}/labels`)).status).toBe(404);
  });

  it('have names unique per workspace regardless of case', async () => {
    const team = await buildTeam(t.baseUrl, t.ctx);
    const other = await buildTeam(t.baseUrl, t.ctx);
    const ws = team.workspace.id;
    expect((await team.owner.client.post('/labels', workspaceLabel(ws, 'Retouch'))).status).toBe(201);
    const taken = await team.admin.client.post('/labels', workspaceLabel(ws, 'RETOUCH '));
    expect(taken.status).toBe(422);
    expect(taken.body.response.error).toMatchObject({
      code: 'invalid_record',
      details: { name: ['This name already exists'] },
    });
    expect(
      (await other.owner.client.post('/labels', workspaceLabel(other.workspace.id, 'Retouch'))).status,
    ).toBe(201);
    const empty = await team.owner.client.post('/labels', workspaceLabel(ws, ' '));
    expect(empty.body.response.error.details).toEqual({ name: ['Name must not be empty.'] });
  });

  it('are renamed and deleted by the owner and admins; deleting detaches them from every project', async () => {
    const cast = await buildProjectCast(t.baseUrl, t.ctx);
    const ws = cast.workspace.id;
    const label = (await cast.owner.client.post('/labels', workspaceLabel(ws, 'Season'))).body.response;
    await cast.owner.client.post('/labels', workspaceLabel(ws, 'Other'));
    const renamed = await cast.owner.client.patch(`/labels/${label.id}`, {
      name: 'Summer',
      base_color: LABEL_COLORS[2].base,
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body.response).toMatchObject({
      name: 'Summer',
      base_color: LABEL_COLORS[2].base,
      hover_color: LABEL_COLORS[2].hover,
    });
    expect((await cast.owner.client.patch(`/labels/${label.id}`, { name: 'other' })).status).toBe(422);
    expect((await cast.team.collaborator.client.patch(`/labels/${label.id}`, { name: 'X' })).status).toBe(
      403,
    );
    expect((await cast.stranger.client.patch(`/labels/${label.id}`, { name: 'X' })).status).toBe(404);
    expect((await cast.team.collaborator.client.delete(`/labels/${label.id}`)).status).toBe(403);

    await cast.owner.client.post('/projects/add_label', {
      projects_ids: [cast.project.id],
      label_id: label.id,
    });
    const deleted = await cast.workspaceOwner.client.delete(`/labels/${label.id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body.response).toEqual({ message: PROJECT_TEXTS.labelDeleted });
    const project = (await cast.owner.client.get(`/projects/${cast.project.id}`)).body.response;
    expect(project.labels).toEqual([]);
    expect(await activityActions(t.ctx, cast.project.id)).toEqual(
      expect.arrayContaining(['label_added', 'label_removed']),
    );
    expect((await cast.owner.client.delete(`/labels/${label.id}`)).status).toBe(404);
  });
});

describe('project labels', () => {
  it('start with the default labels, non-custom first, and follow the project order once set', async () => {
    const cast = await buildProjectCast(t.baseUrl, t.ctx);
    const path = `/projects/${cast.project.id}/labels`;
    const defaults = (await cast.viewer.client.get(path)).body.response;
    expect(defaults.map((l: any) => [l.name, l.custom, l.labellable_type, l.order])).toEqual(
      DEFAULT_PROJECT_LABELS.map((d) => [d.name, false, 'Project', null]),
    );

    const created = await cast.collaborator.client.post(
      '/labels',
      projectLabel(cast.project.id, 'Hero shot'),
    );
    expect(created.status).toBe(201);
    expect(created.body.response).toMatchObject({
      custom: true,
      labellable_type: 'Project',
      labellable_id: cast.project.id,
      order: null,
    });
    const custom = created.body.response;
    expect((await cast.viewer.client.get(path)).body.response.map((l: any) => l.name)).toEqual([
      ...DEFAULT_PROJECT_LABELS.map((d) => d.name),
      'Hero shot',
    ]);

    const order = [custom.id, defaults[2].id];
    const set = await cast.collaborator.client.patch(`/projects/${cast.project.id}/set_labels_order`, {
      label_ids: order,
    });
    expect(set.status).toBe(200);
    expect(set.body.response.map((l: any) => [l.id, l.order])).toEqual([
      [custom.id, 0],
      [defaults[2].id, 1],
      [defaults[0].id, null],
      [defaults[1].id, null],
    ]);
    expect((await cast.viewer.client.get(path)).body.response.map((l: any) => l.id)).toEqual(
      set.body.response.map((l: any) => l.id),
    );
    const settings = await cast.viewer.client.get(`/projects/${cast.project.id}/custom_settings`);
    expect(settings.body.response).toEqual({ labels_order: order });
    expect((await cast.owner.client.get(`/projects/${cast.project.id}`)).body.response.labels_order).toEqual(
      order,
    );
    expect(await activityActions(t.ctx, cast.project.id)).toEqual(
      expect.arrayContaining(['label_created', 'labels_reordered']),
    );
  });

  it("refuses ordering another project's or a workspace label, and viewers ordering at all", async () => {
    const cast = await buildProjectCast(t.baseUrl, t.ctx);
    const other = await buildProject(cast.owner.client, cast.workspace.id);
    const foreign = (await cast.owner.client.get(`/projects/${other.id}/labels`)).body.response[0];
    const path = `/projects/${cast.project.id}/set_labels_order`;
    const refused = await cast.owner.client.patch(path, { label_ids: [foreign.id] });
    expect(refused.status).toBe(422);
    expect(refused.body.response.error.details).toEqual({
      label_ids: ['Only labels of this project can be ordered.'],
    });
    expect((await cast.viewer.client.patch(path, { label_ids: [] })).status).toBe(403);
    expect((await cast.stranger.client.patch(path, { label_ids: [] })).status).toBe(404);
  });

  it('are unique per project, renamed and deleted with the labels capabilities', async () => {
    const cast = await buildProjectCast(t.baseUrl, t.ctx);
    const id = cast.project.id;
    const taken = await cast.owner.client.post('/labels', projectLabel(id, 'approved'));
    expect(taken.status).toBe(422);
    expect(taken.body.response.error.details).toEqual({ name: ['This name already exists'] });
    // A workspace label of the same name is another scope.
    expect(
      (await cast.workspaceOwner.client.post('/labels', workspaceLabel(cast.workspace.id, 'Approved')))
        .status,
    ).toBe(201);
    for (const client of [cast.viewer.client, cast.workspaceOwner.client])
      expect((await client.post('/labels', projectLabel(id, 'Mine'))).status).toBe(403);
    expect((await cast.stranger.client.post('/labels', projectLabel(id, 'Mine'))).status).toBe(404);

    const labels = (await cast.owner.client.get(`/projects/${id}/labels`)).body.response;
    const needsReview = labels[0];
    // The default labels are a starting set: they may be renamed and deleted too.
    const renamed = await cast.collaborator.client.patch(`/labels/${needsReview.id}`, { name: 'To review' });
    expect(renamed.status).toBe(200);
    expect(renamed.body.response).toMatchObject({ name: 'To review', custom: false });
    expect((await cast.viewer.client.patch(`/labels/${needsReview.id}`, { name: 'X' })).status).toBe(403);
    expect(
      (await cast.collaborator.client.patch(`/labels/${needsReview.id}`, { name: 'In progress' })).status,
    ).toBe(422);

    await cast.owner.client.patch(`/projects/${id}/set_labels_order`, {
      label_ids: [labels[2].id, labels[1].id],
    });
    expect((await cast.viewer.client.delete(`/labels/${labels[1].id}`)).status).toBe(403);
    const deleted = await cast.collaborator.client.delete(`/labels/${labels[1].id}`);
    expect(deleted.status).toBe(200);
    const after = (await cast.owner.client.get(`/projects/${id}/custom_settings`)).body.response;
    expect(after).toEqual({ labels_order: [labels[2].id] });
    const logs = (await cast.owner.client.get(`/projects/${id}/activity_logs`)).body.response;
    expect(logs[0].text).toBe(`${cast.collaborator.user.name} deleted the label “In Progress”.`);
    expect(logs.map((l: any) => l.text)).toContain(
      `${cast.collaborator.user.name} renamed the label “Needs Review” to “To review”.`,
    );
  });
});

describe('POST /projects/add_label and /projects/remove_label', () => {
  it('attaches a workspace label to many projects and detaches it, answering the projects', async () => {
    const cast = await buildProjectCast(t.baseUrl, t.ctx);
    const second = await buildProject(cast.owner.client, cast.workspace.id);
    const label = (await cast.owner.client.post('/labels', workspaceLabel(cast.workspace.id, 'Spring'))).body
      .response;
    const ids = [cast.project.id, second.id];

    const added = await cast.owner.client.post('/projects/add_label', {
      projects_ids: ids,
      label_id: label.id,
    });
    expect(added.status).toBe(200);
    expect(
      added.body.response.map((p: any) => [p.id, p.labels.map((l: any) => l.name), p.label?.id]),
    ).toEqual([
      [cast.project.id, ['Spring'], label.id],
      [second.id, ['Spring'], label.id],
    ]);
    // Adding again changes nothing and logs nothing.
    await cast.collaborator.client.post('/projects/add_label', {
      projects_ids: [cast.project.id],
      label_id: label.id,
    });
    expect((await activityActions(t.ctx, cast.project.id)).filter((a) => a === 'label_added')).toHaveLength(
      1,
    );

    const removed = await cast.collaborator.client.post('/projects/remove_label', {
      projects_ids: [cast.project.id],
      label_id: label.id,
    });
    expect(removed.status).toBe(200);
    expect(removed.body.response[0].labels).toEqual([]);
    expect(await activityActions(t.ctx, cast.project.id)).toContain('label_removed');
    const logs = (await cast.owner.client.get(`/projects/${cast.project.id}/activity_logs`)).body.response;
    expect(logs[0].text).toBe(`${cast.collaborator.user.name} removed the label “Spring”.`);
  });

  it('refuses, all or nothing, a viewer, an invisible project, and a label from elsewhere', async () => {
    const cast = await buildProjectCast(t.baseUrl, t.ctx);
    const mine = await buildProject(cast.owner.client, cast.workspace.id);
    const label = (await cast.owner.client.post('/labels', workspaceLabel(cast.workspace.id, 'Q3'))).body
      .response;
    const add = (client: any, projects_ids: number[], label_id: number) =>
      client.post('/projects/add_label', { projects_ids, label_id });

    const viewer = await add(cast.viewer.client, [cast.project.id], label.id);
    expect(viewer.status).toBe(403);
    expect((await add(cast.workspaceOwner.client, [cast.project.id], label.id)).status).toBe(403);
    expect((await add(cast.collaborator.client, [cast.project.id, mine.id], label.id)).status).toBe(404);
    expect((await add(cast.anonymous.client, [cast.project.id], label.id)).status).toBe(401);

    const otherTeam = await buildTeam(t.baseUrl, t.ctx);
    const foreign = (
      await otherTeam.owner.client.post('/labels', workspaceLabel(otherTeam.workspace.id, 'Q3'))
    ).body.response;
    const projectOwn = (await cast.owner.client.get(`/projects/${cast.project.id}/labels`)).body.response[0];
    for (const labelId of [foreign.id, projectOwn.id, 999_999]) {
      const refused = await add(cast.owner.client, [cast.project.id, mine.id], labelId);
      expect(refused.status).toBe(422);
      expect(refused.body.response.error.details).toEqual({
        label_id: ['This label does not belong to the workspace of the project.'],
      });
    }
    const project = (await cast.owner.client.get(`/projects/${cast.project.id}`)).body.response;
    expect(project.labels).toEqual([]);
  });
});
