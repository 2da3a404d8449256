import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_TEXTS } from '@common/api/projects';
import { WORKSPACE_TEXTS } from '@common/api/workspaces';
import { DEFAULT_PROJECT_LABELS } from '@common/labelColors';
import { PROJECT_DATE_TEXTS } from '@common/projectDates';
import { buildWorkspace } from './factories';
import { ApiClient, startTestApp, type TestApp } from './harness';
import { buildTeam, suspend } from './memberFactories';
import { activityActions, addProjectMember, buildProject, buildProjectMember } from './projectFactories';
import { TINY_GIF, TINY_PNG } from './images';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const error = (answer: any) => answer.body.response.error;

describe('POST /projects', () => {
  it('creates the project with the creator as owner, default labels and an activity entry', async () => {
    const team = await buildTeam(t.baseUrl, t.ctx);
    const answer = await team.owner.client.post('/projects', {
      name: '  Spring Campaign ',
      workspace_id: team.workspace.id,
      client_name: 'Acme',
      start_date: '2026-11-21',
      due_date: '2026-12-01',
      assets_start_retouched: true,
    });
    expect(answer.status).toBe(201);
    const project = answer.body.response;
    expect(project).toMatchObject({
      name: 'Spring Campaign',
      client_name: 'Acme',
      start_date: '2026-11-21',
      due_date: '2026-12-01',
      assets_start_retouched: true,
      status: 'active',
      rush_priority: false,
      workspace_id: team.workspace.id,
      current_user_role: { name: 'owner', type: 'ProjectOwner', label: 'Owner', level: 1 },
      current_user_is_workspace_owner: true,
      owner: { id: team.owner.user.id, email: team.owner.user.email },
      users: [{ id: team.owner.user.id }],
      is_new_for_current_user: false,
      has_new_activity: false,
      share_hash: null,
      labels: [],
      label: null,
      folders_count: 0,
      storage_used_in_bytes: 0,
      workspace: { id: team.workspace.id, name: team.workspace.name, is_active: true },
      labels_order: [],
      unseen_notifications_count: 0,
    });
    const labels = await t.ctx.db
      .selectFrom('labels')
      .select(['name', 'custom', 'base_color'])
      .where('project_id', '=', project.id)
      .orderBy('id')
      .execute();
    expect(labels).toEqual(
      DEFAULT_PROJECT_LABELS.map((l) => ({ name: l.name, custom: 0, base_color: l.base })),
    );
    expect(await activityActions(t.ctx, project.id)).toEqual(['project_created']);
  });

  it('starts unretouched by default', async () => {
    const team = await buildTeam(t.baseUrl, t.ctx);
    const project = await buildProject(team.owner.client, team.workspace.id);
    expect(project.assets_start_retouched).toBe(false);
  });

  it('refuses a name already used in the workspace, whatever its case and spaces', async () => {
    const team = await buildTeam(t.baseUrl, t.ctx);
    await buildProject(team.owner.client, team.workspace.id, { name: 'Lookbook' });
    const answer = await team.admin.client.post('/projects', {
      name: ' LOOKBOOK ',
      workspace_id: team.workspace.id,
    });
    expect(answer.status).toBe(422);
    expect(error(answer)).toMatchObject({
      code: 'invalid_record',
      message: PROJECT_TEXTS.nameTaken,
      details: { name: [PROJECT_TEXTS.nameTaken] },
    });
    const other = await buildTeam(t.baseUrl, t.ctx);
    await buildProject(other.owner.client, other.workspace.id, { name: 'Lookbook' });
  });

  it('lets only one of two racing requests take a name', async () => {
    const team = await buildTeam(t.baseUrl, t.ctx);
    const body = { name: 'Racing', workspace_id: team.workspace.id };
    const answers = await Promise.all([
      team.owner.client.post('/projects', body),
      team.admin.client.post('/projects', body),
      team.owner.client.post('/projects', body),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 422, 422]);
    for (const refused of answers.filter((a) => a.status === 422))
      expect(error(refused).details).toEqual({ name: [PROJECT_TEXTS.nameTaken] });
  });

  it('validates the name and the workspace', async () => {
    const team = await buildTeam(t.baseUrl, t.ctx);
    const blank = await team.owner.client.post('/projects', { name: '   ', workspace_id: team.workspace.id });
    expect(blank.status).toBe(422);
    expect(error(blank).details).toEqual({ name: ['Name must not be empty.'] });
    const long = await team.owner.client.post('/projects', {
      name: 'x'.repeat(101),
      workspace_id: team.workspace.id,
    });
    expect(error(long).details).toEqual({ name: ['Name should be up to 100 characters long.'] });
    const noWorkspace = await team.owner.client.post('/projects', { name: 'A' });
    expect(noWorkspace.status).toBe(422);
    expect(error(noWorkspace).details).toEqual({ workspace_id: ['Workspace must not be empty.'] });
  });

  it('checks the dates against the server’s today and each other', async () => {
    const team = await buildTeam(t.baseUrl, t.ctx);
    const post = (dates: object) =>
      team.owner.client.post('/projects', {
        name: `Dates ${Math.random()}`,
        workspace_id: team.workspace.id,
        ...dates,
      });
    const past = await post({ start_date: '2026-11-20' });
    expect(past.status).toBe(422);
    expect(error(past).details).toEqual({ start_date: [PROJECT_DATE_TEXTS.startBeforeToday] });
    const crossed = await post({ start_date: '2026-12-10', due_date: '2026-12-01' });
    expect(error(crossed).details).toEqual({
      start_date: [PROJECT_DATE_TEXTS.startAfterDue],
      due_date: [PROJECT_DATE_TEXTS.dueBeforeStart],
    });
    const invalid = await post({ due_date: '2026-02-30' });
    expect(error(invalid).details).toEqual({ due_date: [PROJECT_DATE_TEXTS.invalid] });
    expect((await post({ start_date: '2026-11-21', due_date: '2026-11-21' })).status).toBe(201);
  });

  it('lets the owner and admins create, refuses collaborators and limited members, hides others’ workspaces', async () => {
    const team = await buildTeam(t.baseUrl, t.ctx);
    expect(
      (await team.admin.client.post('/projects', { name: 'By admin', workspace_id: team.workspace.id }))
        .status,
    ).toBe(201);
    for (const member of [team.collaborator, team.limited]) {
      const answer = await member.client.post('/projects', { name: 'Nope', workspace_id: team.workspace.id });
      expect(answer.status).toBe(403);
      expect(error(answer)).toMatchObject({ code: 'forbidden', message: PROJECT_TEXTS.cannotCreate });
    }
    const outsider = await team.outsider.client.post('/projects', {
      name: 'Nope',
      workspace_id: team.workspace.id,
    });
    expect(outsider.status).toBe(404);
    const anonymous = await new ApiClient(t.baseUrl).post('/projects', {
      name: 'Nope',
      workspace_id: team.workspace.id,
    });
    expect(anonymous.status).toBe(401);
  });

  it('gives the last slot under the plan’s project count to one of two racing requests', async () => {
    const trial = await buildWorkspace(t.baseUrl, t.ctx);
    for (let i = 0; i < 2; i += 1) await buildProject(trial.client, trial.workspace.id);
    const answers = await Promise.all(
      ['Racer A', 'Racer B', 'Racer C'].map((name) =>
        trial.client.post('/projects', { name, workspace_id: trial.workspace.id }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, 403, 403]);
    expect(await t.ctx.workspaceUsage.projectsCount(trial.workspace.id)).toBe(3);
  });

  it('needs an active workspace with room under the plan’s project count', async () => {
    const trial = await buildWorkspace(t.baseUrl, t.ctx);
    for (let i = 0; i < 3; i += 1) await buildProject(trial.client, trial.workspace.id);
    const full = await trial.client.post('/projects', { name: 'Fourth', workspace_id: trial.workspace.id });
    expect(full.status).toBe(403);
    expect(error(full)).toMatchObject({
      code: 'forbidden_project_count',
      message: WORKSPACE_TEXTS.projectLimit,
    });
    // Archived projects still count.
    const archived = (await trial.client.get('/projects/active')).body.response?.[0];
    if (archived) await trial.client.patch('/projects/mark_as_archived', { ids: [archived.id] });
    expect(
      (await trial.client.post('/projects', { name: 'Fourth', workspace_id: trial.workspace.id })).status,
    ).toBe(403);

    const team = await buildTeam(t.baseUrl, t.ctx);
    await suspend(t.ctx, team.workspace.id);
    const suspended = await team.owner.client.post('/projects', {
      name: 'Later',
      workspace_id: team.workspace.id,
    });
    expect(suspended.status).toBe(403);
    expect(error(suspended)).toMatchObject({
      code: 'inactive_workspace',
      message: WORKSPACE_TEXTS.inactiveWorkspace,
    });
  });

  it('counts the workspace’s projects in the workspace answer', async () => {
    const team = await buildTeam(t.baseUrl, t.ctx);
    await buildProject(team.owner.client, team.workspace.id);
    await buildProject(team.admin.client, team.workspace.id);
    const workspace = (await team.owner.client.get(`/workspaces/${team.workspace.id}`)).body.response;
    expect(workspace.projects_count).toBe(2);
  });

  it('invites every workspace member but limited ones as collaborators when asked', async () => {
    const team = await buildTeam(t.baseUrl, t.ctx);
    const project = await buildProject(team.admin.client, team.workspace.id, { invite_all_members: true });
    const members = await t.ctx.db
      .selectFrom('project_members')
      .select(['user_id', 'role'])
      .where('project_id', '=', project.id)
      .orderBy('id')
      .execute();
    expect(members).toEqual([
      { user_id: team.admin.user.id, role: 'owner' },
      { user_id: team.owner.user.id, role: 'collaborator' },
      { user_id: team.collaborator.user.id, role: 'collaborator' },
    ]);
    const seen = (await team.collaborator.client.get(`/projects/${project.id}`)).body.response;
    expect(seen).toMatchObject({
      current_user_role: { name: 'collaborator' },
      is_new_for_current_user: true,
      owner: { id: team.admin.user.id },
    });
    expect(seen.users.map((u: any) => u.id)).toEqual([
      team.admin.user.id,
      team.owner.user.id,
      team.collaborator.user.id,
    ]);
  });
});

describe('GET /projects/{id}', () => {
  it('shows the project to members and to the workspace owner, and 404 to everyone else', async () => {
    const team = await buildTeam(t.baseUrl, t.ctx);
    const project = await buildProject(team.admin.client, team.workspace.id);
    const viewer = await buildProjectMember(t.baseUrl, t.ctx, project.id, 'viewer');
    expect((await viewer.client.get(`/projects/${project.id}`)).body.response).toMatchObject({
      id: project.id,
      current_user_role: { name: 'viewer', label: 'View Only' },
      current_user_is_workspace_owner: false,
    });
    const byOwner = await team.owner.client.get(`/projects/${project.id}`);
    expect(byOwner.status).toBe(200);
    expect(byOwner.body.response).toMatchObject({
      current_user_role: null,
      current_user_is_workspace_owner: true,
    });
    for (const client of [team.collaborator.client, team.limited.client, team.outsider.client]) {
      const answer = await client.get(`/projects/${project.id}`);
      expect(answer.status).toBe(404);
      expect(error(answer).code).toBe('not_found');
    }
    expect((await team.admin.client.get('/projects/999999')).status).toBe(404);
    expect((await new ApiClient(t.baseUrl).get(`/projects/${project.id}`)).status).toBe(401);
  });

  it('shows the public link only to those who may share', async () => {
    const team = await buildTeam(t.baseUrl, t.ctx);
    const project = await buildProject(team.admin.client, team.workspace.id);
    await t.ctx.db
      .updateTable('projects')
      .set({ share_hash: 'h'.repeat(43) })
      .where('id', '=', project.id)
      .execute();
    const collaborator = await buildProjectMember(t.baseUrl, t.ctx, project.id, 'collaborator');
    const viewer = await buildProjectMember(t.baseUrl, t.ctx, project.id, 'viewer');
    const hashSeenBy = async (client: ApiClient) =>
      (await client.get(`/projects/${project.id}`)).body.response.share_hash;
    expect(await hashSeenBy(team.admin.client)).toBe('h'.repeat(43));
    expect(await hashSeenBy(collaborator.client)).toBe('h'.repeat(43));
    expect(await hashSeenBy(viewer.client)).toBeNull();
    expect(await hashSeenBy(team.owner.client)).toBeNull();
  });

  it('reads Suspended for a project of an inactive workspace', async () => {
    const team = await buildTeam(t.baseUrl, t.ctx);
    const project = await buildProject(team.owner.client, team.workspace.id);
    await suspend(t.ctx, team.workspace.id);
    const answer = await team.owner.client.get(`/projects/${project.id}`);
    expect(answer.body.response.workspace.is_active).toBe(false);
  });
});

/** A Team workspace whose admin owns a project the owner's client can also reach. */
async function teamProject(overrides: object = {}) {
  const team = await buildTeam(t.baseUrl, t.ctx);
  const project = await buildProject(team.admin.client, team.workspace.id, overrides);
  return { team, project, owner: team.admin.client };
}

describe('PUT /projects/{id}', () => {
  it('renames the project and records it', async () => {
    const { project, owner } = await teamProject({ name: 'Draft' });
    const answer = await owner.put(`/projects/${project.id}`, { name: '  Final ' });
    expect(answer.status).toBe(200);
    expect(answer.body.response.name).toBe('Final');
    const log = await t.ctx.db
      .selectFrom('activity_logs')
      .select(['action', 'data'])
      .where('project_id', '=', project.id)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(log.action).toBe('project_renamed');
    expect(JSON.parse(log.data)).toEqual({ from: 'Draft', to: 'Final' });
  });

  it('lets a project change the case of its own name but not take another’s', async () => {
    const { team, project, owner } = await teamProject({ name: 'Draft' });
    await buildProject(owner, team.workspace.id, { name: 'Taken' });
    expect((await owner.put(`/projects/${project.id}`, { name: 'DRAFT' })).body.response.name).toBe('DRAFT');
    const taken = await owner.put(`/projects/${project.id}`, { name: 'taken' });
    expect(taken.status).toBe(422);
    expect(error(taken).details).toEqual({ name: [PROJECT_TEXTS.nameTaken] });
    expect(error(await owner.put(`/projects/${project.id}`, { name: '' })).details).toEqual({
      name: ['Name must not be empty.'],
    });
  });

  it('refuses a collaborator and a suspended workspace', async () => {
    const { team, project, owner } = await teamProject();
    const collaborator = await buildProjectMember(t.baseUrl, t.ctx, project.id, 'collaborator');
    expect((await collaborator.client.put(`/projects/${project.id}`, { name: 'Mine' })).status).toBe(403);
    await suspend(t.ctx, team.workspace.id);
    const answer = await owner.put(`/projects/${project.id}`, { name: 'Later' });
    expect(answer.status).toBe(403);
    expect(error(answer)).toEqual({
      code: 'inactive_workspace',
      message: PROJECT_TEXTS.suspendedNameEdit,
    });
  });
});

describe('PATCH /projects/{id}', () => {
  it('edits the settings, empties fields, and lists the changed fields in the log', async () => {
    const { project, owner } = await teamProject({ client_name: 'Acme' });
    const answer = await owner.patch(`/projects/${project.id}`, {
      description: 'Summer shoot',
      client_name: '',
      primary_contact: 'Ana',
      due_date: '2026-12-24',
    });
    expect(answer.status).toBe(200);
    expect(answer.body.response).toMatchObject({
      description: 'Summer shoot',
      client_name: null,
      primary_contact: 'Ana',
      due_date: '2026-12-24',
    });
    const log = await t.ctx.db
      .selectFrom('activity_logs')
      .select(['action', 'data'])
      .where('project_id', '=', project.id)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(log.action).toBe('project_updated');
    expect(JSON.parse(log.data)).toEqual({
      fields: ['description', 'client name', 'primary contact', 'due date'],
    });
  });

  it('checks dates against the stored ones; a past start date that is not changed stays', async () => {
    const { project, owner } = await teamProject({ start_date: '2026-11-25' });
    const crossed = await owner.patch(`/projects/${project.id}`, { due_date: '2026-11-22' });
    expect(crossed.status).toBe(422);
    expect(error(crossed).details.due_date).toEqual([PROJECT_DATE_TEXTS.dueBeforeStart]);
    t.clock.advance(10 * 86_400_000);
    expect((await owner.patch(`/projects/${project.id}`, { description: 'Later' })).status).toBe(200);
    const moved = await owner.patch(`/projects/${project.id}`, { start_date: '2026-11-26' });
    expect(error(moved).details.start_date).toEqual([PROJECT_DATE_TEXTS.startBeforeToday]);
    t.clock.advance(-10 * 86_400_000);
  });

  it('refuses a viewer, and any edit in a suspended workspace', async () => {
    const { team, project, owner } = await teamProject();
    const viewer = await buildProjectMember(t.baseUrl, t.ctx, project.id, 'viewer');
    expect((await viewer.client.patch(`/projects/${project.id}`, { description: 'x' })).status).toBe(403);
    await suspend(t.ctx, team.workspace.id);
    const answer = await owner.patch(`/projects/${project.id}`, { description: 'x' });
    expect(error(answer)).toEqual({ code: 'inactive_workspace', message: WORKSPACE_TEXTS.inactiveWorkspace });
    const renamed = await owner.patch(`/projects/${project.id}`, { name: 'x' });
    expect(error(renamed).message).toBe(PROJECT_TEXTS.suspendedNameEdit);
  });
});

describe('DELETE /projects', () => {
  it('deletes projects of the project owner and of the workspace owner, all or nothing', async () => {
    const { team, project, owner } = await teamProject();
    const second = await buildProject(owner, team.workspace.id);
    const third = await buildProject(team.owner.client, team.workspace.id);
    await addProjectMember(t.ctx, third.id, team.admin.user.id, 'collaborator');
    // The admin owns project and second, is a collaborator on third: nothing is deleted.
    const refused = await owner.request('DELETE', '/projects', { ids: [project.id, third.id] });
    expect(refused.status).toBe(403);
    const hidden = await owner.request('DELETE', '/projects', { ids: [project.id, 999999] });
    expect(hidden.status).toBe(404);
    expect((await owner.get(`/projects/${project.id}`)).status).toBe(200);

    const done = await owner.request('DELETE', '/projects', { ids: [project.id, second.id] });
    expect(done.status).toBe(200);
    expect(done.body.response.message).toBe(PROJECT_TEXTS.deletedMany);
    expect((await owner.get(`/projects/${project.id}`)).status).toBe(404);
    // The workspace owner deletes a project they are not a member of.
    const byWorkspaceOwner = await buildProject(owner, team.workspace.id);
    const one = await team.owner.client.request('DELETE', '/projects', { ids: [byWorkspaceOwner.id] });
    expect(one.body.response.message).toBe(PROJECT_TEXTS.deleted);
    const left = await t.ctx.db
      .selectFrom('projects')
      .select('id')
      .where('workspace_id', '=', team.workspace.id)
      .execute();
    expect(left.map((r) => r.id)).toEqual([third.id]);
  });

  it('validates the ids', async () => {
    const { owner } = await teamProject();
    const empty = await owner.request('DELETE', '/projects', { ids: [] });
    expect(empty.status).toBe(422);
  });
});

describe('PATCH /projects/mark_as_archived and /mark_as_active', () => {
  it('archives and restores by the project owner, recording each change once', async () => {
    const { team, project, owner } = await teamProject();
    const second = await buildProject(owner, team.workspace.id);
    const archived = await owner.patch('/projects/mark_as_archived', { ids: [project.id, second.id] });
    expect(archived.body.response.message).toBe(PROJECT_TEXTS.archived(2));
    expect((await owner.get(`/projects/${project.id}`)).body.response.status).toBe('archived');
    await owner.patch('/projects/mark_as_archived', { ids: [project.id] });
    const restored = await owner.patch('/projects/mark_as_active', { ids: [project.id] });
    expect(restored.body.response.message).toBe(PROJECT_TEXTS.activated(1));
    expect((await owner.get(`/projects/${project.id}`)).body.response.status).toBe('active');
    expect(await activityActions(t.ctx, project.id)).toEqual([
      'project_created',
      'project_archived',
      'project_activated',
    ]);
  });

  it('refuses collaborators and the workspace owner outside the project', async () => {
    const { team, project } = await teamProject();
    const collaborator = await buildProjectMember(t.baseUrl, t.ctx, project.id, 'collaborator');
    for (const client of [collaborator.client, team.owner.client])
      expect((await client.patch('/projects/mark_as_archived', { ids: [project.id] })).status).toBe(403);
    expect(
      (await team.outsider.client.patch('/projects/mark_as_archived', { ids: [project.id] })).status,
    ).toBe(404);
  });
});

describe('PATCH /projects/mark_as_hidden and /mark_as_visible', () => {
  it('hides a project for the caller only', async () => {
    const { project, owner } = await teamProject();
    const viewer = await buildProjectMember(t.baseUrl, t.ctx, project.id, 'viewer');
    const hidden = await viewer.client.patch('/projects/mark_as_hidden', { ids: [project.id] });
    expect(hidden.body.response.message).toBe(PROJECT_TEXTS.hidden(1));
    expect((await viewer.client.get(`/projects/${project.id}`)).body.response.status).toBe('hidden');
    expect((await owner.get(`/projects/${project.id}`)).body.response.status).toBe('active');
    await owner.patch('/projects/mark_as_archived', { ids: [project.id] });
    expect((await viewer.client.get(`/projects/${project.id}`)).body.response.status).toBe('hidden_archived');
    const shown = await viewer.client.patch('/projects/mark_as_visible', { ids: [project.id] });
    expect(shown.body.response.message).toBe(PROJECT_TEXTS.unhidden(1));
    expect((await viewer.client.get(`/projects/${project.id}`)).body.response.status).toBe('archived');
  });
});

describe('POST /projects/{id}/set_rush_priority and /unset_rush_priority', () => {
  it('flags and unflags, moving the last activity', async () => {
    const { project, owner } = await teamProject();
    const collaborator = await buildProjectMember(t.baseUrl, t.ctx, project.id, 'collaborator');
    t.clock.advance(60_000);
    const flagged = await collaborator.client.post(`/projects/${project.id}/set_rush_priority`);
    expect(flagged.status).toBe(200);
    expect(flagged.body.response).toMatchObject({
      rush_priority: true,
      rush_priority_set_at: t.clock.now().toISOString(),
      last_activity_at: t.clock.now().toISOString(),
    });
    const unflagged = await owner.post(`/projects/${project.id}/unset_rush_priority`);
    expect(unflagged.body.response).toMatchObject({ rush_priority: false, rush_priority_set_at: null });
    expect(await activityActions(t.ctx, project.id)).toEqual([
      'project_created',
      'project_flagged',
      'project_unflagged',
    ]);
  });

  it('refuses a viewer', async () => {
    const { project } = await teamProject();
    const viewer = await buildProjectMember(t.baseUrl, t.ctx, project.id, 'viewer');
    expect((await viewer.client.post(`/projects/${project.id}/set_rush_priority`)).status).toBe(403);
  });
});

describe('POST /projects/{id}/update_project_last_seen', () => {
  it('clears the new and new-activity marks for the caller', async () => {
    const { project, owner } = await teamProject();
    const viewer = await buildProjectMember(t.baseUrl, t.ctx, project.id, 'viewer');
    expect((await viewer.client.get(`/projects/${project.id}`)).body.response.is_new_for_current_user).toBe(
      true,
    );
    const seen = await viewer.client.post(`/projects/${project.id}/update_project_last_seen`);
    expect(seen.body.response).toMatchObject({
      is_new_for_current_user: false,
      has_new_activity: false,
      last_seen_at: t.clock.now().toISOString(),
    });
    t.clock.advance(60_000);
    await owner.post(`/projects/${project.id}/set_rush_priority`);
    expect((await viewer.client.get(`/projects/${project.id}`)).body.response.has_new_activity).toBe(true);
    t.clock.advance(60_000);
    await viewer.client.post(`/projects/${project.id}/update_project_last_seen`);
    expect((await viewer.client.get(`/projects/${project.id}`)).body.response.has_new_activity).toBe(false);
  });

  it("does not count the caller's own changes as new activity", async () => {
    const { project, owner } = await teamProject();
    await owner.post(`/projects/${project.id}/update_project_last_seen`);
    t.clock.advance(60_000);
    const flagged = await owner.post(`/projects/${project.id}/set_rush_priority`);
    expect(flagged.body.response).toMatchObject({ rush_priority: true, has_new_activity: false });
    const listed = await owner.get('/projects/active');
    expect(listed.body.response.find((p: { id: number }) => p.id === project.id).has_new_activity).toBe(
      false,
    );
  });
});

describe('POST /projects/leave', () => {
  it('lets collaborators and viewers leave, never the owner', async () => {
    const { team, project, owner } = await teamProject();
    const second = await buildProject(owner, team.workspace.id);
    const member = await buildProjectMember(t.baseUrl, t.ctx, project.id, 'collaborator');
    await buildProjectMember(t.baseUrl, t.ctx, second.id, 'viewer', member.user);
    const left = await member.client.post('/projects/leave', { ids: [project.id, second.id] });
    expect(left.body.response.message).toBe(PROJECT_TEXTS.left(2));
    expect((await member.client.get(`/projects/${project.id}`)).status).toBe(404);
    expect(await activityActions(t.ctx, project.id)).toEqual(['project_created', 'member_left']);

    const refused = await owner.post('/projects/leave', { ids: [project.id] });
    expect(refused.status).toBe(403);
    expect(error(refused).message).toBe(PROJECT_TEXTS.ownerCannotLeave);
    expect((await team.owner.client.post('/projects/leave', { ids: [project.id] })).status).toBe(403);
  });
});

describe('project cover', () => {
  const PNG = TINY_PNG;
  const GIF = TINY_GIF;
  const form = (data: Buffer, name: string, field = 'file') => {
    const body = new FormData();
    body.append(field, new Blob([new Uint8Array(data)]), name);
    return body;
  };
  const coverKey = async (id: number) =>
    (await t.ctx.db.selectFrom('projects').select('cover_key').where('id', '=', id).executeTakeFirstOrThrow())
      .cover_key;

  it('uploads, serves, replaces and removes the cover; the old file leaves storage', async () => {
    const { project, owner } = await teamProject();
    const uploaded = await owner.request('POST', `/projects/${project.id}/cover`, form(PNG, 'cover.png'));
    expect(uploaded.status).toBe(200);
    expect(uploaded.body.response.cover_url).toMatch(
      new RegExp(`^/api/v1/projects/${project.id}/cover\\?v=`),
    );
    const firstKey = (await coverKey(project.id))!;
    const served = await owner.get(`/projects/${project.id}/cover`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');

    const replaced = await owner.request('POST', `/projects/${project.id}/cover`, form(GIF, 'cover.gif'));
    expect(replaced.body.response.cover_url).not.toBe(uploaded.body.response.cover_url);
    expect(await t.ctx.storage.get(firstKey)).toBeNull();

    const secondKey = (await coverKey(project.id))!;
    const removed = await owner.delete(`/projects/${project.id}/cover`);
    expect(removed.body.response.cover_url).toBeNull();
    expect(await t.ctx.storage.get(secondKey)).toBeNull();
    expect((await owner.get(`/projects/${project.id}/cover`)).status).toBe(404);
    expect(await activityActions(t.ctx, project.id)).toEqual([
      'project_created',
      'project_cover_changed',
      'project_cover_changed',
      'project_cover_removed',
    ]);
  });

  it('checks the file by name and content', async () => {
    const { project, owner } = await teamProject();
    for (const body of [
      form(Buffer.from('not an image'), 'cover.png'),
      form(PNG, 'cover.gif'),
      form(PNG, 'cover.txt'),
    ]) {
      const answer = await owner.request('POST', `/projects/${project.id}/cover`, body);
      expect(answer.status).toBe(422);
      expect(error(answer).details).toEqual({ file: ['Cover should be a valid file.'] });
    }
    const wrongField = await owner.request(
      'POST',
      `/projects/${project.id}/cover`,
      form(PNG, 'c.png', 'image'),
    );
    expect(error(wrongField).details).toEqual({ file: ['Cover must not be empty.'] });
    const json = await owner.post(`/projects/${project.id}/cover`, {});
    expect(json.status).toBe(422);
    const big = await owner.request(
      'POST',
      `/projects/${project.id}/cover`,
      form(Buffer.concat([PNG, Buffer.alloc(10 * 1024 * 1024)]), 'big.png'),
    );
    expect(big.status).toBe(413);
    expect(await coverKey(project.id)).toBeNull();
  });

  it('is changed by the project owner only, in an active workspace, and served to members only', async () => {
    const { team, project, owner } = await teamProject();
    await owner.request('POST', `/projects/${project.id}/cover`, form(PNG, 'cover.png'));
    const collaborator = await buildProjectMember(t.baseUrl, t.ctx, project.id, 'collaborator');
    expect(
      (await collaborator.client.request('POST', `/projects/${project.id}/cover`, form(PNG, 'c.png'))).status,
    ).toBe(403);
    expect((await collaborator.client.delete(`/projects/${project.id}/cover`)).status).toBe(403);
    expect((await collaborator.client.get(`/projects/${project.id}/cover`)).status).toBe(200);
    expect((await team.outsider.client.get(`/projects/${project.id}/cover`)).status).toBe(404);
    expect((await new ApiClient(t.baseUrl).get(`/projects/${project.id}/cover`)).status).toBe(401);
    await suspend(t.ctx, team.workspace.id);
    const suspended = await owner.delete(`/projects/${project.id}/cover`);
    expect(error(suspended).code).toBe('inactive_workspace');
  });

  it('leaves storage with its project', async () => {
    const { project, owner } = await teamProject();
    await owner.request('POST', `/projects/${project.id}/cover`, form(PNG, 'cover.png'));
    const key = (await coverKey(project.id))!;
    await owner.request('DELETE', '/projects', { ids: [project.id] });
    expect(await t.ctx.storage.get(key)).toBeNull();
  });
});
