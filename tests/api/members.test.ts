import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WORKSPACE_TEXTS } from '@common/api/workspaces';
import { MEMBER_NOT_FOUND } from '@server/services/workspaces/workspaceMembers';
import { buildWorkspace, PRICES } from './factories';
import { ApiClient, startTestApp, type TestApp } from './harness';
import { buildMember, buildTeam, suspend } from './memberFactories';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const names = (answer: any) => answer.body.response.map((m: any) => m.user.email);
const notFoundMember = { code: 'not_found_member', message: MEMBER_NOT_FOUND };

describe('GET /workspaces/{id}/members', () => {
  it('shows owner and admin every member, by rank, with their role and facts', async () => {
    const team = await buildTeam(t.baseUrl, t.ctx);
    const everyone = [team.owner, team.admin, team.collaborator, team.limited].map((m) => m.user.email);
    for (const viewer of [team.owner, team.admin]) {
      const answer = await viewer.client.get(`/workspaces/${team.workspace.id}/members`);
      expect(answer.status).toBe(200);
      expect(names(answer)).toEqual(everyone);
    }
    const [owner, admin] = (await team.owner.client.get(`/workspaces/${team.workspace.id}/members`)).body
      .response;
    expect(owner).toMatchObject({
      id: team.owner.memberId,
      workspace_id: team.workspace.id,
      user_id: team.owner.user.id,
      user: {
        id: team.owner.user.id,
        name: team.owner.user.name,
        email: team.owner.user.email,
        avatar: null,
      },
      role: { name: 'owner', type: 'WorkspaceOwner', label: 'Owner', level: 1 },
      user_owns_a_workspace: true,
      owned_projects_count: 0,
    });
    expect(admin).toMatchObject({
      role: { name: 'admin', type: 'WorkspaceAdmin', label: 'Member', level: 2 },
      user_owns_a_workspace: false,
    });
  });

  it('shows a collaborator and a limited member only the collaborators', async () => {
    const team = await buildTeam(t.baseUrl, t.ctx);
    const other = await buildMember(t.baseUrl, t.ctx, team.workspace.id, 'collaborator');
    for (const viewer of [team.collaborator, team.limited]) {
      const answer = await viewer.client.get(`/workspaces/${team.workspace.id}/members`);
      expect(answer.status).toBe(200);
      expect(names(answer).sort()).toEqual([team.collaborator.user.email, other.user.email].sort());
    }
  });

  it('says whether a member owns a workspace elsewhere', async () => {
    const team = await buildTeam(t.baseUrl, t.ctx);
    await buildWorkspace(t.baseUrl, t.ctx, { owner: team.admin.user });
    const members = (await team.owner.client.get(`/workspaces/${team.workspace.id}/members`)).body.response;
    expect(members.find((m: any) => m.id === team.admin.memberId).user_owns_a_workspace).toBe(true);
    expect(members.find((m: any) => m.id === team.collaborator.memberId).user_owns_a_workspace).toBe(false);
  });

  it('answers a non-member 404 and an anonymous caller 401', async () => {
    const team = await buildTeam(t.baseUrl, t.ctx);
    expect((await team.outsider.client.get(`/workspaces/${team.workspace.id}/members`)).status).toBe(404);
    expect((await team.outsider.client.get('/workspaces/999999/members')).status).toBe(404);
    const anonymous = await new ApiClient(t.baseUrl).get(`/workspaces/${team.workspace.id}/members`);
    expect(anonymous.status).toBe(401);
  });
});

describe('GET /workspaces/{id}/members/collaborators', () => {
  it('lists only collaborators, to every role', async () => {
    const team = await buildTeam(t.baseUrl, t.ctx);
    for (const viewer of [team.owner, team.admin, team.collaborator, team.limited]) {
      const answer = await viewer.client.get(`/workspaces/${team.workspace.id}/members/collaborators`);
      expect(answer.status).toBe(200);
      expect(names(answer)).toEqual([team.collaborator.user.email]);
    }
    const path = `/workspaces/${team.workspace.id}/members/collaborators`;
    expect((await team.outsider.client.get(path)).status).toBe(404);
    expect((await new ApiClient(t.baseUrl).get(path)).status).toBe(401);
  });
});

describe('PATCH /workspaces/{id}/members/{memberId}', () => {
  it('lets the owner change a role and answers the member', async () => {
    const team = await buildTeam(t.baseUrl, t.ctx);
    const path = `/workspaces/${team.workspace.id}/members/${team.admin.memberId}`;
    const answer = await team.owner.client.patch(path, { role: 'collaborator' });
    expect(answer.status).toBe(200);
    expect(answer.body.response).toMatchObject({
      id: team.admin.memberId,
      role: { name: 'collaborator', label: 'Collaborator', level: 3 },
    });
    const back = await team.owner.client.patch(path, { role: 'admin' });
    expect(back.body.response.role.name).toBe('admin');
  });

  it("changes a member to 'limited' without further ado (the client confirms first)", async () => {
    const team = await buildTeam(t.baseUrl, t.ctx);
    const path = `/workspaces/${team.workspace.id}/members/${team.admin.memberId}`;
    const answer = await team.owner.client.patch(path, { role: 'limited' });
    expect(answer.status).toBe(200);
    expect(answer.body.response.role.name).toBe('limited');
    expect(
      (await team.admin.client.get(`/workspaces/${team.workspace.id}`)).body.response.current_user_role.name,
    ).toBe('limited');
  });

  it('refuses members without the permission: admin, collaborator, limited', async () => {
    const team = await buildTeam(t.baseUrl, t.ctx);
    const path = `/workspaces/${team.workspace.id}/members/${team.collaborator.memberId}`;
    for (const actor of [team.admin, team.collaborator, team.limited]) {
      const answer = await actor.client.patch(path, { role: 'admin' });
      expect(answer.status).toBe(403);
      expect(answer.body.response.error.code).toBe('forbidden');
    }
    const member = await t.ctx.db
      .selectFrom('workspace_members')
      .select('role')
      .where('id', '=', team.collaborator.memberId)
      .executeTakeFirstOrThrow();
    expect(member.role).toBe('collaborator');
  });

  it("refuses to edit the owner's role or one's own", async () => {
    const team = await buildTeam(t.baseUrl, t.ctx);
    const onOwner = await team.owner.client.patch(
      `/workspaces/${team.workspace.id}/members/${team.owner.memberId}`,
      { role: 'admin' },
    );
    expect(onOwner.status).toBe(403);
    const adminOnSelf = await team.admin.client.patch(
      `/workspaces/${team.workspace.id}/members/${team.admin.memberId}`,
      { role: 'collaborator' },
    );
    expect(adminOnSelf.status).toBe(403);
  });

  it('refuses in a suspended workspace with inactive_workspace', async () => {
    const team = await buildTeam(t.baseUrl, t.ctx);
    await suspend(t.ctx, team.workspace.id);
    const answer = await team.owner.client.patch(
      `/workspaces/${team.workspace.id}/members/${team.admin.memberId}`,
      { role: 'collaborator' },
    );
    expect(answer.status).toBe(403);
    expect(answer.body.response.error).toEqual({
      code: 'inactive_workspace',
      message: WORKSPACE_TEXTS.inactiveWorkspace,
    });
  });

  it('needs a free seat to move a collaborator to a seat-taking role', async () => {
    // Team: 5 seats. Owner, admin and limited take 3; one more admin fills the fifth after this one.
    const team = await buildTeam(t.baseUrl, t.ctx);
    await buildMember(t.baseUrl, t.ctx, team.workspace.id, 'admin');
    const second = await buildMember(t.baseUrl, t.ctx, team.workspace.id, 'collaborator');
    const toAdmin = await team.owner.client.patch(
      `/workspaces/${team.workspace.id}/members/${team.collaborator.memberId}`,
      { role: 'admin' },
    );
    expect(toAdmin.status).toBe(200);
    for (const role of ['admin', 'limited']) {
      const full = await team.owner.client.patch(
        `/workspaces/${team.workspace.id}/members/${second.memberId}`,
        { role },
      );
      expect(full.status).toBe(403);
      expect(full.body.response.error).toEqual({
        code: 'forbidden_subscription_limit_reached',
        message: WORKSPACE_TEXTS.memberLimit,
      });
    }
    // A seat-taking member changing between seat-taking roles needs no new seat.
    const adminToLimited = await team.owner.client.patch(
      `/workspaces/${team.workspace.id}/members/${team.admin.memberId}`,
      { role: 'limited' },
    );
    expect(adminToLimited.status).toBe(200);
    // Freeing a seat (admin → collaborator) makes room again.
    await team.owner.client.patch(`/workspaces/${team.workspace.id}/members/${team.collaborator.memberId}`, {
      role: 'collaborator',
    });
    const now = await team.owner.client.patch(`/workspaces/${team.workspace.id}/members/${second.memberId}`, {
      role: 'admin',
    });
    expect(now.status).toBe(200);
  });

  it('counts pending invitations for seat-taking roles as seats', async () => {
    const team = await buildTeam(t.baseUrl, t.ctx);
    const invite = await team.owner.client.post(`/workspaces/${team.workspace.id}/members/invite`, {
      invites: [
        { email: 'seat-one@example.com', role: 'admin' },
        { email: 'seat-two@example.com', role: 'admin' },
      ],
    });
    expect(invite.status).toBe(201);
    const answer = await team.owner.client.patch(
      `/workspaces/${team.workspace.id}/members/${team.collaborator.memberId}`,
      { role: 'admin' },
    );
    expect(answer.status).toBe(403);
    expect(answer.body.response.error.code).toBe('forbidden_subscription_limit_reached');
  });

  it('has no seat for a second member on the Pro plan', async () => {
    const { client, workspace } = await buildWorkspace(t.baseUrl, t.ctx, { priceId: PRICES.proYearly });
    const collaborator = await buildMember(t.baseUrl, t.ctx, workspace.id, 'collaborator');
    const answer = await client.patch(`/workspaces/${workspace.id}/members/${collaborator.memberId}`, {
      role: 'admin',
    });
    expect(answer.status).toBe(403);
    expect(answer.body.response.error.message).toBe(WORKSPACE_TEXTS.memberLimit);
  });

  it('refuses a seat on a free trial', async () => {
    const { client, workspace } = await buildWorkspace(t.baseUrl, t.ctx);
    const collaborator = await buildMember(t.baseUrl, t.ctx, workspace.id, 'collaborator');
    const answer = await client.patch(`/workspaces/${workspace.id}/members/${collaborator.memberId}`, {
      role: 'admin',
    });
    expect(answer.status).toBe(403);
    expect(answer.body.response.error).toEqual({
      code: 'forbidden_subscription_limit_reached',
      message: WORKSPACE_TEXTS.freeTrialFeature,
    });
  });

  it('answers 404 not_found_member for an unknown member or one of another workspace', async () => {
    const team = await buildTeam(t.baseUrl, t.ctx);
    const other = await buildTeam(t.baseUrl, t.ctx);
    for (const memberId of [999999, other.admin.memberId]) {
      const answer = await team.owner.client.patch(`/workspaces/${team.workspace.id}/members/${memberId}`, {
        role: 'collaborator',
      });
      expect(answer.status).toBe(404);
      expect(answer.body.response.error).toEqual(notFoundMember);
    }
  });

  it('refuses the owner role and unknown roles', async () => {
    const team = await buildTeam(t.baseUrl, t.ctx);
    for (const role of ['owner', 'superuser']) {
      const answer = await team.owner.client.patch(
        `/workspaces/${team.workspace.id}/members/${team.admin.memberId}`,
        { role },
      );
      expect(answer.status).toBe(422);
      expect(answer.body.response.error.code).toBe('invalid_record');
    }
  });

  it('answers a non-member 404 and an anonymous caller 401', async () => {
    const team = await buildTeam(t.baseUrl, t.ctx);
    const path = `/workspaces/${team.workspace.id}/members/${team.admin.memberId}`;
    expect((await team.outsider.client.patch(path, { role: 'collaborator' })).status).toBe(404);
    expect((await new ApiClient(t.baseUrl).patch(path, { role: 'collaborator' })).status).toBe(401);
  });
});

describe('DELETE /workspaces/{id}/members/{memberId}', () => {
  it('lets the owner remove any other member, freeing their seat', async () => {
    const team = await buildTeam(t.baseUrl, t.ctx);
    const before = (await team.owner.client.get(`/workspaces/${team.workspace.id}`)).body.response;
    const answer = await team.owner.client.delete(
      `/workspaces/${team.workspace.id}/members/${team.admin.memberId}`,
    );
    expect(answer.status).toBe(200);
    expect(answer.body.response.message).toBe('This person has been removed from the workspace members.');
    const after = (await team.owner.client.get(`/workspaces/${team.workspace.id}`)).body.response;
    expect(after.members_count).toBe(before.members_count - 1);
    expect(after.seats_used).toBe(before.seats_used - 1);
    expect((await team.admin.client.get(`/workspaces/${team.workspace.id}`)).status).toBe(404);
    for (const target of [team.collaborator, team.limited]) {
      const removed = await team.owner.client.delete(
        `/workspaces/${team.workspace.id}/members/${target.memberId}`,
      );
      expect(removed.status).toBe(200);
    }
    expect(names(await team.owner.client.get(`/workspaces/${team.workspace.id}/members`))).toEqual([
      team.owner.user.email,
    ]);
  });

  it('lets any non-owner member remove themself, even in a suspended workspace', async () => {
    const team = await buildTeam(t.baseUrl, t.ctx);
    await suspend(t.ctx, team.workspace.id);
    for (const member of [team.admin, team.collaborator, team.limited]) {
      const answer = await member.client.delete(
        `/workspaces/${team.workspace.id}/members/${member.memberId}`,
      );
      expect(answer.status).toBe(200);
      expect((await member.client.get(`/workspaces/${team.workspace.id}`)).status).toBe(404);
    }
  });

  it('refuses members without the permission to remove others', async () => {
    const team = await buildTeam(t.baseUrl, t.ctx);
    const other = await buildMember(t.baseUrl, t.ctx, team.workspace.id, 'collaborator');
    for (const actor of [team.admin, team.collaborator, team.limited]) {
      const answer = await actor.client.delete(`/workspaces/${team.workspace.id}/members/${other.memberId}`);
      expect(answer.status).toBe(403);
    }
    const byAdmin = await team.admin.client.delete(
      `/workspaces/${team.workspace.id}/members/${team.limited.memberId}`,
    );
    expect(byAdmin.status).toBe(403);
    expect((await other.client.get(`/workspaces/${team.workspace.id}`)).status).toBe(200);
  });

  it('never removes the owner, not even by themself', async () => {
    const team = await buildTeam(t.baseUrl, t.ctx);
    for (const actor of [team.owner, team.admin]) {
      const answer = await actor.client.delete(
        `/workspaces/${team.workspace.id}/members/${team.owner.memberId}`,
      );
      expect(answer.status).toBe(403);
    }
  });

  it('answers 404 not_found_member, 404 to a non-member and 401 to an anonymous caller', async () => {
    const team = await buildTeam(t.baseUrl, t.ctx);
    const other = await buildTeam(t.baseUrl, t.ctx);
    const foreign = await team.owner.client.delete(
      `/workspaces/${team.workspace.id}/members/${other.admin.memberId}`,
    );
    expect(foreign.status).toBe(404);
    expect(foreign.body.response.error).toEqual(notFoundMember);
    expect((await other.admin.client.get(`/workspaces/${other.workspace.id}`)).status).toBe(200);
    const path = `/workspaces/${team.workspace.id}/members/${team.admin.memberId}`;
    expect((await team.outsider.client.delete(path)).status).toBe(404);
    expect((await new ApiClient(t.baseUrl).delete(path)).status).toBe(401);
    expect((await team.admin.client.get(`/workspaces/${team.workspace.id}`)).status).toBe(200);
  });

  it('lets a removed member come back only through a new invitation', async () => {
    const team = await buildTeam(t.baseUrl, t.ctx);
    await team.owner.client.delete(`/workspaces/${team.workspace.id}/members/${team.admin.memberId}`);
    const again = await team.owner.client.post(`/workspaces/${team.workspace.id}/members/invite`, {
      invites: [{ email: team.admin.user.email, role: 'admin' }],
    });
    expect(again.status).toBe(201);
  });
});
