import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './harness';
import { buildTeam } from './memberFactories';
import { buildProjectCast } from './projectCast';
import { addProjectMember, buildProject } from './projectFactories';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

let sequence = 0;
const address = (label: string) => `${label}-${(sequence += 1)}-${Date.now()}@example.com`;

/** The spec names roles by their type (account-side and projects-side §6); each route reads both spellings. */
describe("the spec's role names on the wire", () => {
  it('POST /workspaces/{id}/members/invite takes WorkspaceAdmin and WorkspaceCollaborator', async () => {
    const team = await buildTeam(t.baseUrl, t.ctx);
    const answer = await team.owner.client.post(`/workspaces/${team.workspace.id}/members/invite`, {
      invites: [
        { email: address('admin'), role: 'WorkspaceAdmin' },
        { email: address('collab'), role: 'WorkspaceCollaborator' },
      ],
    });
    expect(answer.status).toBe(201);
    expect(answer.body.response.map((i: any) => i.role.name)).toEqual(['admin', 'collaborator']);
    const owner = await team.owner.client.post(`/workspaces/${team.workspace.id}/members/invite`, {
      invites: [{ email: address('owner'), role: 'WorkspaceOwner' }],
    });
    expect(owner.status).toBe(422);
    expect(JSON.stringify(owner.body.response.error.details)).toContain('Invalid option');
  });

  it('PATCH /workspaces/{id}/members/{memberId} takes each role by its type', async () => {
    const team = await buildTeam(t.baseUrl, t.ctx);
    const path = `/workspaces/${team.workspace.id}/members/${team.admin.memberId}`;
    for (const [type, name] of [
      ['WorkspaceCollaborator', 'collaborator'],
      ['WorkspaceLimited', 'limited'],
      ['WorkspaceAdmin', 'admin'],
    ]) {
      const answer = await team.owner.client.patch(path, { role: type });
      expect(answer.status).toBe(200);
      expect(answer.body.response.role.name).toBe(name);
    }
    expect((await team.owner.client.patch(path, { role: 'WorkspaceOwner' })).status).toBe(422);
  });

  it('POST /projects/{id}/members/invite takes ProjectCollaborator and ProjectViewer', async () => {
    const cast = await buildProjectCast(t.baseUrl, t.ctx);
    const path = `/projects/${cast.project.id}/members/invite`;
    for (const [type, name] of [
      ['ProjectCollaborator', 'collaborator'],
      ['ProjectViewer', 'viewer'],
    ]) {
      const answer = await cast.owner.client.post(path, { invitees: [address(name!)], role: type });
      expect(answer.status).toBe(201);
      expect(answer.body.response[0].role.name).toBe(name);
    }
    expect(
      (await cast.owner.client.post(path, { invitees: [address('o')], role: 'ProjectOwner' })).status,
    ).toBe(422);
  });

  it("the project list's role filter takes ProjectOwner and ProjectCollaborator", async () => {
    const team = await buildTeam(t.baseUrl, t.ctx);
    const mine = await buildProject(team.owner.client, team.workspace.id, { name: 'Mine' });
    const theirs = await buildProject(team.admin.client, team.workspace.id, { name: 'Theirs' });
    await addProjectMember(t.ctx, theirs.id, team.owner.user.id, 'collaborator');
    const names = async (role: string) => {
      const query = new URLSearchParams({ sort_by: 'name', filters: JSON.stringify({ role }) });
      const answer = await team.owner.client.get(`/projects/active?${query}`);
      expect(answer.status).toBe(200);
      return answer.body.response.map((p: any) => p.name);
    };
    expect(await names('ProjectOwner')).toEqual([mine.name]);
    expect(await names('ProjectCollaborator')).toEqual([theirs.name]);
    expect(await names('owner')).toEqual([mine.name]);
  });
});
