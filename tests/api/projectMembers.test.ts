import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_TEXTS } from '@common/api/projects';
import { startTestApp, type TestApp } from './harness';
import { buildProjectCast } from './projectCast';
import { activityActions, buildProject, buildProjectMember, projectMemberId } from './projectFactories';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const membersPath = (project: { id: number }) => `/projects/${project.id}/members`;

describe('GET /projects/{id}/members', () => {
  it('lists the owner first, then by rank, with what the caller may remove', async () => {
    const cast = await buildProjectCast(t.baseUrl, t.ctx);
    const answer = await cast.owner.client.get(membersPath(cast.project));
    expect(answer.status).toBe(200);
    expect(answer.body.response).toMatchObject([
      {
        user: { id: cast.owner.user.id, email: cast.owner.user.email },
        role: { name: 'owner', type: 'ProjectOwner', label: 'Owner', level: 1 },
        project_id: cast.project.id,
        can_be_removed: false,
      },
      { user: { id: cast.collaborator.user.id }, role: { name: 'collaborator' }, can_be_removed: true },
      {
        user: { id: cast.viewer.user.id },
        role: { name: 'viewer', label: 'View Only' },
        can_be_removed: true,
      },
    ]);

    const byCollaborator = (await cast.collaborator.client.get(membersPath(cast.project))).body.response;
    expect(byCollaborator.map((m: any) => m.can_be_removed)).toEqual([false, false, true]);
    const byViewer = (await cast.viewer.client.get(membersPath(cast.project))).body.response;
    expect(byViewer.map((m: any) => m.can_be_removed)).toEqual([false, false, false]);
    const byWorkspaceOwner = await cast.workspaceOwner.client.get(membersPath(cast.project));
    expect(byWorkspaceOwner.status).toBe(200);
    expect(byWorkspaceOwner.body.response.map((m: any) => m.can_be_removed)).toEqual([false, false, false]);
  });

  it('answers 404 to a stranger and 401 to an anonymous caller', async () => {
    const cast = await buildProjectCast(t.baseUrl, t.ctx);
    expect((await cast.stranger.client.get(membersPath(cast.project))).status).toBe(404);
    expect((await cast.workspaceAdmin.client.get(membersPath(cast.project))).status).toBe(404);
    expect((await cast.anonymous.client.get(membersPath(cast.project))).status).toBe(401);
  });
});

describe('DELETE /projects/{id}/members/{memberId}', () => {
  it('lets the owner remove a collaborator, and logs it', async () => {
    const cast = await buildProjectCast(t.baseUrl, t.ctx);
    const answer = await cast.owner.client.delete(
      `${membersPath(cast.project)}/${cast.collaborator.memberId}`,
    );
    expect(answer.status).toBe(200);
    expect(answer.body.response).toEqual({ message: PROJECT_TEXTS.userRemoved });
    const members = (await cast.owner.client.get(membersPath(cast.project))).body.response;
    expect(members.map((m: any) => m.user.id)).toEqual([cast.owner.user.id, cast.viewer.user.id]);
    expect((await cast.collaborator.client.get(`/projects/${cast.project.id}`)).status).toBe(404);
    expect(await activityActions(t.ctx, cast.project.id)).toContain('member_removed');
    const logs = (await cast.owner.client.get(`/projects/${cast.project.id}/activity_logs`)).body.response;
    expect(logs[0].text).toBe(
      `${cast.owner.user.name} removed ${cast.collaborator.user.name} from the project.`,
    );
  });

  it('lets a collaborator remove a viewer or another collaborator but never the owner', async () => {
    const cast = await buildProjectCast(t.baseUrl, t.ctx);
    const other = await buildProjectMember(t.baseUrl, t.ctx, cast.project.id, 'collaborator');
    const ownerMember = await projectMemberId(t.ctx, cast.project.id, cast.owner.user.id);
    const remove = (memberId: number) =>
      cast.collaborator.client.delete(`${membersPath(cast.project)}/${memberId}`);

    const refused = await remove(ownerMember);
    expect(refused.status).toBe(403);
    expect(refused.body.response.error).toMatchObject({
      code: 'forbidden',
      message: PROJECT_TEXTS.cannotRemove,
    });
    expect((await remove(cast.viewer.memberId)).status).toBe(200);
    expect((await remove(other.memberId)).status).toBe(200);
  });

  it('refuses removing yourself, and a viewer removing anyone', async () => {
    const cast = await buildProjectCast(t.baseUrl, t.ctx);
    const ownerMember = await projectMemberId(t.ctx, cast.project.id, cast.owner.user.id);
    expect((await cast.owner.client.delete(`${membersPath(cast.project)}/${ownerMember}`)).status).toBe(403);
    expect(
      (await cast.collaborator.client.delete(`${membersPath(cast.project)}/${cast.collaborator.memberId}`))
        .status,
    ).toBe(403);
    expect(
      (await cast.viewer.client.delete(`${membersPath(cast.project)}/${cast.collaborator.memberId}`)).status,
    ).toBe(403);
    // The workspace owner sees the project but is not in it: not theirs to manage.
    expect(
      (await cast.workspaceOwner.client.delete(`${membersPath(cast.project)}/${cast.viewer.memberId}`))
        .status,
    ).toBe(403);
    expect((await cast.owner.client.get(membersPath(cast.project))).body.response).toHaveLength(3);
  });

  it("answers 404 not_found_member for an unknown id or another project's member", async () => {
    const cast = await buildProjectCast(t.baseUrl, t.ctx);
    const otherProject = await buildProject(cast.owner.client, cast.workspace.id);
    const elsewhere = await buildProjectMember(t.baseUrl, t.ctx, otherProject.id, 'viewer');
    for (const memberId of [999_999, elsewhere.memberId]) {
      const answer = await cast.owner.client.delete(`${membersPath(cast.project)}/${memberId}`);
      expect(answer.status).toBe(404);
      expect(answer.body.response.error.code).toBe('not_found_member');
    }
    expect(
      (await cast.stranger.client.delete(`${membersPath(cast.project)}/${cast.viewer.memberId}`)).status,
    ).toBe(404);
  });
});
