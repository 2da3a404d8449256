import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_TEXTS } from '@common/api/projects';
import { PROJECT_ROLE_DESCRIPTIONS } from '@common/projectRoles';
import { WORKSPACE_TEXTS } from '@common/api/workspaces';
import { sha256 } from '@server/secrets';
import { buildUser, signedIn } from './factories';
import { ApiClient, lastMailTo, mailCount, startTestApp, type TestApp } from './harness';
import { buildTeam, suspend } from './memberFactories';
import { buildProjectCast } from './projectCast';
import { activityActions, buildProject } from './projectFactories';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

let sequence = 0;
const address = (label: string) => `${label}-${(sequence += 1)}-${Date.now()}@example.com`;
const invitePath = (project: { id: number }) => `/projects/${project.id}/members/invite`;

/** The token and address of the newest project invitation link e-mailed to `to`. */
async function linkTo(ctx: TestApp['ctx'], to: string) {
  const mail = await lastMailTo(ctx, to);
  const match = /\/projects\/invitations\/([A-Za-z0-9_-]+)\?em=([^\s"]+)/.exec(mail?.text_body ?? '');
  if (!match?.[1] || !match[2]) throw new Error(`No project invitation link in mail to ${to}`);
  return { token: match[1], em: decodeURIComponent(match[2]), mail: mail! };
}

describe('POST /projects/{id}/members/invite', () => {
  it('invites each address once with the role and e-mails the link with the message', async () => {
    const cast = await buildProjectCast(t.baseUrl, t.ctx);
    const [first, second] = [address('First'), address('second')];
    const answer = await cast.owner.client.post(invitePath(cast.project), {
      invitees: [first, second, first.toUpperCase()],
      role: 'collaborator',
      message: 'Please review the retouches',
    });
    expect(answer.status).toBe(201);
    expect(answer.body.response).toHaveLength(2);
    expect(answer.body.response[0]).toMatchObject({
      email: first.toLowerCase(),
      role: { name: 'collaborator', label: 'Collaborator' },
      project_id: cast.project.id,
      project: { id: cast.project.id, name: cast.project.name },
      workspace: { id: cast.workspace.id, name: cast.workspace.name },
      invited_by: { id: cast.owner.user.id },
      can_be_deleted: true,
    });
    expect(JSON.stringify(answer.body.response)).not.toMatch(/hash/);

    const { token, em, mail } = await linkTo(t.ctx, first);
    expect(em).toBe(first.toLowerCase());
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(mail.subject).toBe(
      `${cast.owner.user.name} invited you to the project ${cast.project.name} on Proofroom`,
    );
    expect(mail.text_body).toContain(
      `${t.ctx.config.appUrl}/projects/invitations/${token}?em=${encodeURIComponent(first.toLowerCase())}`,
    );
    expect(mail.text_body).toContain('Please review the retouches');
    expect(mail.text_body).toContain('as Collaborator');
    // The same words the invite dialog shows under the role it picked.
    expect(mail.text_body).toContain(PROJECT_ROLE_DESCRIPTIONS.collaborator);
    expect(mail.text_body).not.toMatch(/workspace workspace/i);
    expect(await mailCount(t.ctx, first)).toBe(1);
    const stored = await t.ctx.db
      .selectFrom('project_invitations')
      .select('hash')
      .where('email', '=', first.toLowerCase())
      .executeTakeFirstOrThrow();
    expect(stored.hash).toBe(sha256(token));
    const actions = await activityActions(t.ctx, cast.project.id);
    expect(actions.filter((a) => a === 'member_invited')).toHaveLength(2);
  });

  it('invites as View Only by default, and a collaborator may invite', async () => {
    const cast = await buildProjectCast(t.baseUrl, t.ctx);
    const email = address('viewer');
    const answer = await cast.collaborator.client.post(invitePath(cast.project), { invitees: [email] });
    expect(answer.status).toBe(201);
    expect(answer.body.response[0].role).toMatchObject({ name: 'viewer', label: 'View Only' });
    const body = (await linkTo(t.ctx, email)).mail.text_body;
    expect(body).toContain('as View Only');
    expect(body).toContain(PROJECT_ROLE_DESCRIPTIONS.viewer);
  });

  it('refuses a viewer, the workspace owner outside the project, an owner role and a long message', async () => {
    const cast = await buildProjectCast(t.baseUrl, t.ctx);
    const email = address('nobody');
    for (const client of [cast.viewer.client, cast.workspaceOwner.client]) {
      const answer = await client.post(invitePath(cast.project), { invitees: [email] });
      expect(answer.status).toBe(403);
      expect(answer.body.response.error.message).toBe(PROJECT_TEXTS.cannotInvite);
    }
    expect((await cast.stranger.client.post(invitePath(cast.project), { invitees: [email] })).status).toBe(
      404,
    );
    expect((await cast.anonymous.client.post(invitePath(cast.project), { invitees: [email] })).status).toBe(
      401,
    );
    const owner = await cast.owner.client.post(invitePath(cast.project), {
      invitees: [email],
      role: 'owner',
    });
    expect(owner.status).toBe(422);
    const long = await cast.owner.client.post(invitePath(cast.project), {
      invitees: [email],
      message: 'x'.repeat(301),
    });
    expect(long.status).toBe(422);
    expect(long.body.response.error.details).toEqual({
      message: ['Message should be up to 300 characters long.'],
    });
    const empty = await cast.owner.client.post(invitePath(cast.project), { invitees: [] });
    expect(empty.body.response.error.details).toEqual({ invitees: ['Email must not be empty.'] });
    const invalid = await cast.owner.client.post(invitePath(cast.project), { invitees: ['not-an-email'] });
    expect(invalid.body.response.error.details).toEqual({ 'invitees.0': ['Email is invalid.'] });
    expect(await mailCount(t.ctx, email)).toBe(0);
  });

  it('refuses the whole batch when an address is a member or already invited', async () => {
    const cast = await buildProjectCast(t.baseUrl, t.ctx);
    const fresh = address('fresh');
    const member = await cast.owner.client.post(invitePath(cast.project), {
      invitees: [fresh, cast.viewer.user.email],
    });
    expect(member.status).toBe(400);
    expect(member.body.response.error).toMatchObject({
      code: 'invalid_user',
      message: PROJECT_TEXTS.alreadyMember(cast.viewer.user.email),
    });
    expect(await mailCount(t.ctx, fresh)).toBe(0);

    const pending = address('pending');
    expect((await cast.owner.client.post(invitePath(cast.project), { invitees: [pending] })).status).toBe(
      201,
    );
    const again = await cast.owner.client.post(invitePath(cast.project), { invitees: [fresh, pending] });
    expect(again.status).toBe(422);
    expect(again.body.response.error).toMatchObject({
      code: 'invalid_record',
      message: PROJECT_TEXTS.alreadyInvited,
    });
    expect(await mailCount(t.ctx, fresh)).toBe(0);
    expect(await mailCount(t.ctx, pending)).toBe(1);
  });

  it('refuses in a suspended workspace (403 inactive_workspace)', async () => {
    const cast = await buildProjectCast(t.baseUrl, t.ctx);
    await suspend(t.ctx, cast.workspace.id);
    const email = address('suspended');
    const answer = await cast.owner.client.post(invitePath(cast.project), { invitees: [email] });
    expect(answer.status).toBe(403);
    expect(answer.body.response.error.code).toBe('inactive_workspace');
    expect(await mailCount(t.ctx, email)).toBe(0);
  });
});

describe('daily invitation e-mail limit, shared with workspace invitations', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await startTestApp({ INVITE_EMAILS_PER_DAY: '3' });
  });
  afterAll(() => limited.close());

  it('counts workspace and project invitations of one user together and refuses a batch whole', async () => {
    const team = await buildTeam(limited.baseUrl, limited.ctx);
    const project = await buildProject(team.owner.client, team.workspace.id);
    const toWorkspace = await team.owner.client.post(`/workspaces/${team.workspace.id}/members/invite`, {
      invites: [
        { email: address('w1'), role: 'collaborator' },
        { email: address('w2'), role: 'collaborator' },
      ],
    });
    expect(toWorkspace.status).toBe(201);
    const [p1, p2] = [address('p1'), address('p2')];
    const over = await team.owner.client.post(invitePath(project), { invitees: [p1, p2] });
    expect(over.status).toBe(429);
    expect(over.body.response.error).toMatchObject({
      code: 'email_limit_reached',
      message: WORKSPACE_TEXTS.emailLimit,
    });
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await mailCount(limited.ctx, p1)).toBe(0);
    expect((await team.owner.client.post(invitePath(project), { invitees: [p1] })).status).toBe(201);
    const workspaceOver = await team.owner.client.post(`/workspaces/${team.workspace.id}/members/invite`, {
      invites: [{ email: p2, role: 'collaborator' }],
    });
    expect(workspaceOver.status).toBe(429);
  });
});

describe('pending invitations', () => {
  it('lists them with who may delete each, and deletes one with the spec text', async () => {
    const cast = await buildProjectCast(t.baseUrl, t.ctx);
    const [a, b] = [address('a'), address('b')];
    await cast.owner.client.post(invitePath(cast.project), { invitees: [a], role: 'collaborator' });
    await cast.owner.client.post(invitePath(cast.project), { invitees: [b] });
    const path = `/projects/${cast.project.id}/pending_invites`;

    const list = await cast.owner.client.get(path);
    expect(list.status).toBe(200);
    expect(list.body.response.map((i: any) => [i.email, i.role.name, i.can_be_deleted])).toEqual([
      [a, 'collaborator', true],
      [b, 'viewer', true],
    ]);
    const byViewer = (await cast.viewer.client.get(path)).body.response;
    expect(byViewer.map((i: any) => i.can_be_deleted)).toEqual([false, false]);
    expect((await cast.stranger.client.get(path)).status).toBe(404);

    const id = list.body.response[0].id;
    expect((await cast.viewer.client.delete(`/projects/invites/${id}`)).status).toBe(403);
    expect((await cast.stranger.client.delete(`/projects/invites/${id}`)).status).toBe(404);
    expect((await cast.anonymous.client.delete(`/projects/invites/${id}`)).status).toBe(401);
    const deleted = await cast.collaborator.client.delete(`/projects/invites/${id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body.response).toEqual({ message: PROJECT_TEXTS.inviteDeleted });
    expect((await cast.owner.client.delete(`/projects/invites/${id}`)).status).toBe(404);
    expect((await cast.owner.client.get(path)).body.response.map((i: any) => i.email)).toEqual([b]);
    expect(await activityActions(t.ctx, cast.project.id)).toContain('invitation_deleted');

    // The deleted invitation's link no longer opens anything.
    const { token, em } = await linkTo(t.ctx, a);
    expect((await new ApiClient(t.baseUrl).get(`/projects/invites/${token}?em=${em}`)).status).toBe(404);
  });
});

describe('GET /projects/invites/{hash}', () => {
  it('answers the invitation to anyone holding the link with the invited address only', async () => {
    const cast = await buildProjectCast(t.baseUrl, t.ctx);
    const email = address('page');
    await cast.owner.client.post(invitePath(cast.project), { invitees: [email], role: 'collaborator' });
    const { token, em } = await linkTo(t.ctx, email);
    const anonymous = new ApiClient(t.baseUrl);

    const page = await anonymous.get(`/projects/invites/${token}?em=${encodeURIComponent(em)}`);
    expect(page.status).toBe(200);
    expect(page.body.response).toMatchObject({
      email,
      hash: token,
      role: { name: 'collaborator' },
      project: { id: cast.project.id, name: cast.project.name },
      workspace: { id: cast.workspace.id, name: cast.workspace.name },
      invited_by: { id: cast.owner.user.id },
      user_exists: false,
      accepted: false,
    });
    expect((await anonymous.get(`/projects/invites/${token}?em=someone@example.com`)).status).toBe(404);
    expect((await anonymous.get(`/projects/invites/${token}`)).status).toBe(404);
    expect((await anonymous.get(`/projects/invites/unknown-token?em=${em}`)).status).toBe(404);
  });
});

describe('POST /projects/invites/{hash}/accept', () => {
  it('makes a new user a workspace collaborator and a project member with the invited role', async () => {
    const cast = await buildProjectCast(t.baseUrl, t.ctx);
    const email = address('joiner');
    await cast.owner.client.post(invitePath(cast.project), { invitees: [email], role: 'collaborator' });
    const { token } = await linkTo(t.ctx, email);
    const joiner = await buildUser(t.ctx, { email });
    const client = await signedIn(t.baseUrl, joiner);

    const page = await client.get(`/projects/invites/${token}?em=${encodeURIComponent(email)}`);
    expect(page.body.response.user_exists).toBe(true);
    const answer = await client.post(`/projects/invites/${token}/accept`);
    expect(answer.status).toBe(200);
    expect(answer.body.response).toMatchObject({
      id: cast.project.id,
      current_user_role: { name: 'collaborator' },
    });
    const workspaces = (await client.get('/me/workspaces')).body.response;
    expect(workspaces).toMatchObject([
      { id: cast.workspace.id, current_user_role: { name: 'collaborator' } },
    ]);
    expect(await activityActions(t.ctx, cast.project.id)).toContain('member_joined');
    const logs = (await client.get(`/projects/${cast.project.id}/activity_logs`)).body.response;
    expect(logs[0].text).toBe(`${joiner.name} joined the project as Collaborator.`);

    const twice = await client.post(`/projects/invites/${token}/accept`);
    expect(twice.status).toBe(422);
    expect(twice.body.response.error.message).toBe(PROJECT_TEXTS.invitationAccepted);
    const page2 = await client.get(`/projects/invites/${token}?em=${encodeURIComponent(email)}`);
    expect(page2.body.response.accepted).toBe(true);
    expect((await client.get(`/projects/${cast.project.id}/pending_invites`)).body.response).toEqual([]);
  });

  it('keeps the workspace role of a workspace member', async () => {
    const cast = await buildProjectCast(t.baseUrl, t.ctx);
    await cast.owner.client.post(invitePath(cast.project), { invitees: [cast.workspaceAdmin.user.email] });
    const { token } = await linkTo(t.ctx, cast.workspaceAdmin.user.email);
    const answer = await cast.workspaceAdmin.client.post(`/projects/invites/${token}/accept`);
    expect(answer.status).toBe(200);
    expect(answer.body.response.current_user_role.name).toBe('viewer');
    const workspaces = (await cast.workspaceAdmin.client.get('/me/workspaces')).body.response;
    expect(workspaces).toMatchObject([{ id: cast.workspace.id, current_user_role: { name: 'admin' } }]);
  });

  it('refuses another address (403), an unknown link (404) and an anonymous caller (401)', async () => {
    const cast = await buildProjectCast(t.baseUrl, t.ctx);
    const email = address('target');
    await cast.owner.client.post(invitePath(cast.project), { invitees: [email] });
    const { token } = await linkTo(t.ctx, email);
    const other = await cast.stranger.client.post(`/projects/invites/${token}/accept`);
    expect(other.status).toBe(403);
    expect(other.body.response.error.message).toBe(PROJECT_TEXTS.invitationOtherEmail);
    expect((await cast.stranger.client.post('/projects/invites/nothing-here/accept')).status).toBe(404);
    expect((await new ApiClient(t.baseUrl).post(`/projects/invites/${token}/accept`)).status).toBe(401);
  });
});

describe('POST /users/sign_up with a project invite_hash', () => {
  it('joins the project and its workspace in the same sign-up', async () => {
    const cast = await buildProjectCast(t.baseUrl, t.ctx);
    const email = address('newcomer');
    await cast.owner.client.post(invitePath(cast.project), { invitees: [email], role: 'collaborator' });
    const { token, em } = await linkTo(t.ctx, email);
    const client = new ApiClient(t.baseUrl);
    const answer = await client.post('/users/sign_up', {
      user: { name: 'New Comer', email: em, password: 'long enough password' },
      invite_hash: token,
    });
    expect(answer.status).toBe(201);
    const project = await client.get(`/projects/${cast.project.id}`);
    expect(project.status).toBe(200);
    expect(project.body.response.current_user_role.name).toBe('collaborator');
    expect((await client.get('/me/workspaces')).body.response).toMatchObject([
      { id: cast.workspace.id, current_user_role: { name: 'collaborator' } },
    ]);
  });

  it('creates the account but joins nothing for another address', async () => {
    const cast = await buildProjectCast(t.baseUrl, t.ctx);
    const email = address('invited');
    await cast.owner.client.post(invitePath(cast.project), { invitees: [email] });
    const { token } = await linkTo(t.ctx, email);
    const client = new ApiClient(t.baseUrl);
    const answer = await client.post('/users/sign_up', {
      user: { name: 'Someone Else', email: address('else'), password: 'long enough password' },
      invite_hash: token,
    });
    expect(answer.status).toBe(201);
    expect((await client.get(`/projects/${cast.project.id}`)).status).toBe(404);
    expect((await client.get('/me/workspaces')).body.response).toEqual([]);
  });
});
