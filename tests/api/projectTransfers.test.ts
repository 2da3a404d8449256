import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_TEXTS } from '@common/api/projects';
import { WORKSPACE_TEXTS } from '@common/api/workspaces';
import { TRANSFER_TEXTS } from '@server/services/projects/projectTransfers';
import { buildWorkspace } from './factories';
import { ApiClient, lastMailTo, startTestApp, type TestApp } from './harness';
import { buildMember, buildTeam, suspend } from './memberFactories';
import {
  activityActions,
  buildProject,
  buildProjectMember,
  projectMemberId,
  buildWorkspaceLabel,
} from './projectFactories';
import { TINY_PNG } from './images';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const error = (answer: any) => answer.body.response.error;

async function roles(projectId: number) {
  const rows = await t.ctx.db
    .selectFrom('project_members')
    .select(['user_id', 'role'])
    .where('project_id', '=', projectId)
    .orderBy('id')
    .execute();
  return Object.fromEntries(rows.map((r) => [r.user_id, r.role]));
}

describe('POST /projects/{id}/transfer_ownership', () => {
  it('makes a member the owner, the previous owner a collaborator, and e-mails the new owner', async () => {
    const team = await buildTeam(t.baseUrl, t.ctx);
    const project = await buildProject(team.admin.client, team.workspace.id, { name: 'Handover' });
    const heir = await buildProjectMember(t.baseUrl, t.ctx, project.id, 'viewer');
    const answer = await team.admin.client.post(`/projects/${project.id}/transfer_ownership`, {
      member_id: heir.memberId,
      message: 'It is yours now',
    });
    expect(answer.status).toBe(200);
    expect(answer.body.response).toMatchObject({
      current_user_role: { name: 'collaborator' },
      owner: { id: heir.user.id },
    });
    expect(await roles(project.id)).toEqual({
      [team.admin.user.id]: 'collaborator',
      [heir.user.id]: 'owner',
    });
    const mail = await lastMailTo(t.ctx, heir.user.email);
    expect(mail?.subject).toBe('You are now the owner of the project Handover');
    expect(mail?.text_body).toContain(`${team.admin.user.name} wrote: “It is yours now”`);
    expect(mail?.text_body).toContain(`/projects/${project.id}`);
    expect(await activityActions(t.ctx, project.id)).toEqual([
      'project_created',
      'project_ownership_transferred',
    ]);
    // The new owner may now edit; the former owner no longer.
    expect((await heir.client.put(`/projects/${project.id}`, { name: 'Mine' })).status).toBe(200);
    expect((await team.admin.client.put(`/projects/${project.id}`, { name: 'Back' })).status).toBe(403);
  });

  it('lets the workspace owner hand over a project they are not a member of', async () => {
    const team = await buildTeam(t.baseUrl, t.ctx);
    const project = await buildProject(team.admin.client, team.workspace.id);
    const heir = await buildProjectMember(t.baseUrl, t.ctx, project.id, 'collaborator');
    const answer = await team.owner.client.post(`/projects/${project.id}/transfer_ownership`, {
      member_id: heir.memberId,
    });
    expect(answer.status).toBe(200);
    expect(answer.body.response).toMatchObject({ current_user_role: null, owner: { id: heir.user.id } });
    expect(await roles(project.id)).toEqual({
      [team.admin.user.id]: 'collaborator',
      [heir.user.id]: 'owner',
    });
  });

  it('needs a member of this project', async () => {
    const team = await buildTeam(t.baseUrl, t.ctx);
    const project = await buildProject(team.admin.client, team.workspace.id);
    const other = await buildProject(team.admin.client, team.workspace.id);
    const elsewhere = await buildProjectMember(t.baseUrl, t.ctx, other.id, 'collaborator');
    for (const memberId of [elsewhere.memberId, 999999]) {
      const answer = await team.admin.client.post(`/projects/${project.id}/transfer_ownership`, {
        member_id: memberId,
      });
      expect(answer.status).toBe(422);
      expect(error(answer).details).toEqual({ member_id: [PROJECT_TEXTS.notAMember] });
    }
    const self = await projectMemberId(t.ctx, project.id, team.admin.user.id);
    expect(
      (await team.admin.client.post(`/projects/${project.id}/transfer_ownership`, { member_id: self }))
        .status,
    ).toBe(200);
    const long = await team.admin.client.post(`/projects/${project.id}/transfer_ownership`, {
      member_id: elsewhere.memberId,
      message: 'x'.repeat(301),
    });
    expect(error(long).details).toEqual({ message: ['Message should be up to 300 characters long.'] });
  });

  it('refuses collaborators and viewers (403), outsiders (404) and anonymous callers (401)', async () => {
    const team = await buildTeam(t.baseUrl, t.ctx);
    const project = await buildProject(team.admin.client, team.workspace.id);
    const collaborator = await buildProjectMember(t.baseUrl, t.ctx, project.id, 'collaborator');
    const viewer = await buildProjectMember(t.baseUrl, t.ctx, project.id, 'viewer');
    const body = { member_id: collaborator.memberId };
    for (const client of [collaborator.client, viewer.client])
      expect((await client.post(`/projects/${project.id}/transfer_ownership`, body)).status).toBe(403);
    expect((await team.outsider.client.post(`/projects/${project.id}/transfer_ownership`, body)).status).toBe(
      404,
    );
    expect(
      (await new ApiClient(t.baseUrl).post(`/projects/${project.id}/transfer_ownership`, body)).status,
    ).toBe(401);
    expect((await roles(project.id))[team.admin.user.id]).toBe('owner');
  });

  it('settles two transfers racing with one owner', async () => {
    const team = await buildTeam(t.baseUrl, t.ctx);
    const project = await buildProject(team.admin.client, team.workspace.id);
    const a = await buildProjectMember(t.baseUrl, t.ctx, project.id, 'collaborator');
    const b = await buildProjectMember(t.baseUrl, t.ctx, project.id, 'collaborator');
    const answers = await Promise.all([
      team.admin.client.post(`/projects/${project.id}/transfer_ownership`, { member_id: a.memberId }),
      team.owner.client.post(`/projects/${project.id}/transfer_ownership`, { member_id: b.memberId }),
    ]);
    for (const answer of answers.filter((x) => x.status !== 200))
      expect(error(answer).details).toEqual({ member_id: [TRANSFER_TEXTS.ownershipRaced] });
    const owners = Object.values(await roles(project.id)).filter((r) => r === 'owner');
    expect(owners).toHaveLength(1);
  });
});

describe('POST /projects/{id}/transfer_to_workspace', () => {
  /** The admin of team A owns a project there and is admin of team B. */
  async function twoTeams() {
    const a = await buildTeam(t.baseUrl, t.ctx);
    const b = await buildTeam(t.baseUrl, t.ctx);
    await buildMember(t.baseUrl, t.ctx, b.workspace.id, 'admin', a.admin.user);
    const project = await buildProject(a.admin.client, a.workspace.id, { name: 'Traveller' });
    return { a, b, project, owner: a.admin.client };
  }

  it('moves the project, detaches the old workspace’s labels and makes its members collaborators there', async () => {
    const { a, b, project, owner } = await twoTeams();
    const member = await buildProjectMember(t.baseUrl, t.ctx, project.id, 'viewer');
    await t.ctx.db
      .insertInto('project_members')
      .values({
        project_id: project.id,
        user_id: b.limited.user.id,
        role: 'collaborator',
        created_at: t.clock.now().toISOString(),
      })
      .execute();
    await buildWorkspaceLabel(t.ctx, a.workspace.id, 'Old', [project.id]);

    const answer = await owner.post(`/projects/${project.id}/transfer_to_workspace`, {
      workspace_id: b.workspace.id,
    });
    expect(answer.status).toBe(200);
    expect(answer.body.response).toMatchObject({
      workspace_id: b.workspace.id,
      workspace: { id: b.workspace.id, name: b.workspace.name },
      labels: [],
      current_user_role: { name: 'owner' },
    });
    const ownLabels = await t.ctx.db
      .selectFrom('labels')
      .select('workspace_id')
      .where('project_id', '=', project.id)
      .execute();
    expect(ownLabels.map((l) => l.workspace_id)).toEqual([b.workspace.id, b.workspace.id, b.workspace.id]);
    const joined = await t.ctx.db
      .selectFrom('workspace_members')
      .select(['user_id', 'role'])
      .where('workspace_id', '=', b.workspace.id)
      .where('user_id', 'in', [member.user.id, b.limited.user.id])
      .orderBy('user_id')
      .execute();
    expect(joined).toEqual(
      [
        { user_id: b.limited.user.id, role: 'limited' },
        { user_id: member.user.id, role: 'collaborator' },
      ].sort((x, y) => x.user_id - y.user_id),
    );
    expect(await activityActions(t.ctx, project.id)).toEqual([
      'project_created',
      'project_moved_to_workspace',
    ]);
    // The old workspace's owner no longer sees it; the new one does.
    expect((await a.owner.client.get(`/projects/${project.id}`)).status).toBe(404);
    expect((await b.owner.client.get(`/projects/${project.id}`)).status).toBe(200);
  });

  it('checks the target workspace as creating a project there would', async () => {
    const { a, b, project, owner } = await twoTeams();
    const move = (workspaceId: number) =>
      owner.post(`/projects/${project.id}/transfer_to_workspace`, { workspace_id: workspaceId });

    const same = await move(a.workspace.id);
    expect(error(same).details).toEqual({ workspace_id: [TRANSFER_TEXTS.sameWorkspace] });

    const stranger = await buildTeam(t.baseUrl, t.ctx);
    expect((await move(stranger.workspace.id)).status).toBe(404);

    const asCollaborator = await buildTeam(t.baseUrl, t.ctx);
    await buildMember(t.baseUrl, t.ctx, asCollaborator.workspace.id, 'collaborator', a.admin.user);
    const refused = await move(asCollaborator.workspace.id);
    expect(refused.status).toBe(403);
    expect(error(refused).message).toBe(PROJECT_TEXTS.cannotCreate);

    await buildProject(b.owner.client, b.workspace.id, { name: 'traveller' });
    const taken = await move(b.workspace.id);
    expect(taken.status).toBe(422);
    expect(error(taken).details).toEqual({ name: [PROJECT_TEXTS.nameTaken] });

    const trial = await buildWorkspace(t.baseUrl, t.ctx, { owner: a.admin.user });
    for (let i = 0; i < 3; i += 1) await buildProject(trial.client, trial.workspace.id);
    const full = await move(trial.workspace.id);
    expect(error(full)).toMatchObject({
      code: 'forbidden_project_count',
      message: WORKSPACE_TEXTS.projectLimit,
    });

    await suspend(t.ctx, b.workspace.id);
    await t.ctx.db.deleteFrom('projects').where('workspace_id', '=', b.workspace.id).execute();
    expect(error(await move(b.workspace.id)).code).toBe('inactive_workspace');
    expect((await owner.get(`/projects/${project.id}`)).body.response.workspace_id).toBe(a.workspace.id);
  });

  it('is the project owner’s only', async () => {
    const { a, b, project } = await twoTeams();
    const collaborator = await buildProjectMember(t.baseUrl, t.ctx, project.id, 'collaborator');
    await buildMember(t.baseUrl, t.ctx, b.workspace.id, 'admin', collaborator.user);
    const body = { workspace_id: b.workspace.id };
    expect(
      (await collaborator.client.post(`/projects/${project.id}/transfer_to_workspace`, body)).status,
    ).toBe(403);
    expect((await a.owner.client.post(`/projects/${project.id}/transfer_to_workspace`, body)).status).toBe(
      403,
    );
    expect((await a.outsider.client.post(`/projects/${project.id}/transfer_to_workspace`, body)).status).toBe(
      404,
    );
    expect(
      (await new ApiClient(t.baseUrl).post(`/projects/${project.id}/transfer_to_workspace`, body)).status,
    ).toBe(401);
  });
});

describe('workspace membership changes on projects', () => {
  /** The admin owns one project and collaborates on the owner's. */
  async function teamWithProjects() {
    const team = await buildTeam(t.baseUrl, t.ctx);
    const owned = await buildProject(team.admin.client, team.workspace.id, { name: 'Admin owns' });
    const other = await buildProject(team.owner.client, team.workspace.id, { name: 'Owner owns' });
    await buildProjectMember(t.baseUrl, t.ctx, other.id, 'collaborator', team.admin.user);
    return { team, owned, other };
  }

  it('counts the projects each member owns', async () => {
    const { team } = await teamWithProjects();
    await buildProject(team.admin.client, team.workspace.id);
    const members = (await team.owner.client.get(`/workspaces/${team.workspace.id}/members`)).body.response;
    const count = (userId: number) => members.find((m: any) => m.user_id === userId).owned_projects_count;
    expect(count(team.admin.user.id)).toBe(2);
    expect(count(team.owner.user.id)).toBe(1);
    expect(count(team.collaborator.user.id)).toBe(0);
  });

  it('hands a removed member’s projects to the workspace owner and takes them out of the others', async () => {
    const { team, owned, other } = await teamWithProjects();
    const answer = await team.owner.client.delete(
      `/workspaces/${team.workspace.id}/members/${team.admin.memberId}`,
    );
    expect(answer.status).toBe(200);
    expect(await roles(owned.id)).toEqual({
      [team.admin.user.id]: 'collaborator',
      [team.owner.user.id]: 'owner',
    });
    expect(await roles(other.id)).toEqual({ [team.owner.user.id]: 'owner' });
    expect(await activityActions(t.ctx, owned.id)).toEqual([
      'project_created',
      'project_ownership_transferred',
    ]);
    expect(await activityActions(t.ctx, other.id)).toEqual(['project_created', 'member_left']);
    expect((await team.admin.client.get(`/projects/${owned.id}`)).body.response.current_user_role.name).toBe(
      'collaborator',
    );
  });

  it('does the same when the member leaves, keeping the owner’s existing membership', async () => {
    const { team, owned } = await teamWithProjects();
    await buildProjectMember(t.baseUrl, t.ctx, owned.id, 'viewer', team.owner.user);
    expect((await team.admin.client.post(`/workspaces/${team.workspace.id}/leave`)).status).toBe(200);
    expect(await roles(owned.id)).toEqual({
      [team.admin.user.id]: 'collaborator',
      [team.owner.user.id]: 'owner',
    });
  });

  it('hands over the projects of a member who becomes limited, who stays in the others', async () => {
    const { team, owned, other } = await teamWithProjects();
    const answer = await team.owner.client.patch(
      `/workspaces/${team.workspace.id}/members/${team.admin.memberId}`,
      {
        role: 'limited',
      },
    );
    expect(answer.status).toBe(200);
    expect(await roles(owned.id)).toEqual({
      [team.admin.user.id]: 'collaborator',
      [team.owner.user.id]: 'owner',
    });
    expect((await roles(other.id))[team.admin.user.id]).toBe('collaborator');
  });

  it('gives the new workspace owner the former owner’s projects', async () => {
    const { team, other } = await teamWithProjects();
    const answer = await team.owner.client.post(`/workspaces/${team.workspace.id}/transfer_ownership`, {
      workspace_member_id: team.admin.memberId,
    });
    expect(answer.status).toBe(200);
    expect(await roles(other.id)).toEqual({
      [team.owner.user.id]: 'collaborator',
      [team.admin.user.id]: 'owner',
    });
  });

  it('removes the projects’ files with a deleted workspace', async () => {
    const { team, owned } = await teamWithProjects();
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(TINY_PNG)]), 'cover.png');
    await team.admin.client.request('POST', `/projects/${owned.id}/cover`, form);
    const { cover_key } = await t.ctx.db
      .selectFrom('projects')
      .select('cover_key')
      .where('id', '=', owned.id)
      .executeTakeFirstOrThrow();
    expect(await t.ctx.storage.get(cover_key!)).not.toBeNull();
    expect((await team.owner.client.delete(`/workspaces/${team.workspace.id}`)).status).toBe(200);
    expect(await t.ctx.storage.get(cover_key!)).toBeNull();
    expect(await t.ctx.db.selectFrom('projects').select('id').where('id', '=', owned.id).execute()).toEqual(
      [],
    );
  });
});
