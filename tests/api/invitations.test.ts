import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WORKSPACE_TEXTS } from '@common/api/workspaces';
import { sha256 } from '@server/secrets';
import { INVITATION_TEXTS } from '@server/services/workspaces/workspaceInvitations';
import { buildUser, buildWorkspace, PRICES, signedIn } from './factories';
import { ApiClient, lastMailTo, mailCount, startTestApp, type TestApp } from './harness';
import { buildMember, buildTeam, suspend } from './memberFactories';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

let sequence = 0;
const address = (label: string) => `${label}-${(sequence += 1)}-${Date.now()}@example.com`;

/** The hash and address of the newest invitation link e-mailed to `to`. */
async function linkTo(to: string) {
  const mail = await lastMailTo(t.ctx, to);
  const match = /\/workspaces\/invitations\/([A-Za-z0-9_-]+)\?em=([^\s"]+)/.exec(mail?.text_body ?? '');
  if (!match?.[1] || !match[2]) throw new Error(`No invitation link in mail to ${to}`);
  return { hash: match[1], em: decodeURIComponent(match[2]), mail: mail! };
}

const invitePath = (workspace: { id: number }) => `/workspaces/${workspace.id}/members/invite`;

describe('POST /workspaces/{id}/members/invite', () => {
  it('invites each address with its role and e-mails the link with the message', async () => {
    const team = await buildTeam(t.baseUrl, t.ctx);
    const [admin, collaborator] = [address('Admin'), address('collab')];
    const answer = await team.owner.client.post(invitePath(team.workspace), {
      invites: [
        { email: admin, role: 'admin', message: 'Welcome to the studio!' },
        { email: collaborator, role: 'collaborator' },
      ],
    });
    expect(answer.status).toBe(201);
    expect(answer.body.response).toMatchObject([
      {
        email: admin.toLowerCase(),
        role: { name: 'admin', label: 'Member', level: 2 },
        workspace_id: team.workspace.id,
        workspace: { id: team.workspace.id, name: team.workspace.name },
        invited_by: { id: team.owner.user.id, email: team.owner.user.email },
      },
      { email: collaborator, role: { name: 'collaborator', label: 'Collaborator' } },
    ]);
    expect(JSON.stringify(answer.body.response)).not.toMatch(/hash/);

    const { hash, em, mail } = await linkTo(admin);
    expect(em).toBe(admin.toLowerCase());
    expect(hash).toMatch(/^[A-Za-z0-9_-]{43}$/); // 256 random bits, base64url
    // The workspace is "{owner}'s Workspace": named once, never 'the … Workspace workspace'.
    expect(team.workspace.name).toBe(`${team.owner.user.name}'s Workspace`);
    expect(mail.subject).toBe(
      `${team.owner.user.name} invited you to join ${team.workspace.name} on Proofroom`,
    );
    expect(`${mail.subject}\n${mail.text_body}`).not.toMatch(/workspace workspace/i);
    expect(mail.text_body).toContain(
      `${t.ctx.config.appUrl}/workspaces/invitations/${hash}?em=${encodeURIComponent(admin.toLowerCase())}`,
    );
    expect(mail.text_body).toContain('Welcome to the studio!');
    expect(mail.text_body).toContain('as Member');
    expect((await linkTo(collaborator)).mail.text_body).toContain('as Collaborator');

    const stored = await t.ctx.db
      .selectFrom('workspace_invitations')
      .select('hash')
      .where('email', '=', admin.toLowerCase())
      .executeTakeFirstOrThrow();
    expect(stored.hash).toBe(sha256(hash));
  });

  it('lets an admin invite admins and collaborators', async () => {
    const team = await buildTeam(t.baseUrl, t.ctx);
    const answer = await team.admin.client.post(invitePath(team.workspace), {
      invites: [
        { email: address('a'), role: 'admin' },
        { email: address('c'), role: 'collaborator' },
      ],
    });
    expect(answer.status).toBe(201);
    expect(answer.body.response[0].invited_by.id).toBe(team.admin.user.id);
  });

  it('refuses a collaborator and a limited member (no invite permission)', async () => {
    const team = await buildTeam(t.baseUrl, t.ctx);
    for (const actor of [team.collaborator, team.limited]) {
      const email = address('refused');
      const answer = await actor.client.post(invitePath(team.workspace), {
        invites: [{ email, role: 'collaborator' }],
      });
      expect(answer.status).toBe(403);
      expect(answer.body.response.error).toEqual({
        code: 'forbidden',
        message: INVITATION_TEXTS.cannotInvite,
      });
      expect(await mailCount(t.ctx, email)).toBe(0);
    }
  });

  it('answers a non-member 404 and an anonymous caller 401', async () => {
    const team = await buildTeam(t.baseUrl, t.ctx);
    const body = { invites: [{ email: address('x'), role: 'collaborator' }] };
    expect((await team.outsider.client.post(invitePath(team.workspace), body)).status).toBe(404);
    expect((await new ApiClient(t.baseUrl).post(invitePath(team.workspace), body)).status).toBe(401);
  });

  it('refuses every invitation on a free trial', async () => {
    const { client, workspace } = await buildWorkspace(t.baseUrl, t.ctx);
    for (const role of ['admin', 'collaborator']) {
      const email = address('trial');
      const answer = await client.post(invitePath(workspace), { invites: [{ email, role }] });
      expect(answer.status).toBe(403);
      expect(answer.body.response.error).toEqual({
        code: 'forbidden_subscription_limit_reached',
        message: WORKSPACE_TEXTS.freeTrialFeature,
      });
      expect(await mailCount(t.ctx, email)).toBe(0);
    }
  });

  it('refuses in a suspended workspace', async () => {
    const team = await buildTeam(t.baseUrl, t.ctx);
    await suspend(t.ctx, team.workspace.id);
    const answer = await team.owner.client.post(invitePath(team.workspace), {
      invites: [{ email: address('s'), role: 'collaborator' }],
    });
    expect(answer.status).toBe(403);
    expect(answer.body.response.error.code).toBe('inactive_workspace');
  });

  it('refuses an address that is already a member with invalid_user', async () => {
    const team = await buildTeam(t.baseUrl, t.ctx);
    const fresh = address('fresh');
    const answer = await team.owner.client.post(invitePath(team.workspace), {
      invites: [
        { email: fresh, role: 'collaborator' },
        { email: team.collaborator.user.email.toUpperCase(), role: 'admin' },
      ],
    });
    expect(answer.status).toBe(400);
    expect(answer.body.response.error).toEqual({
      code: 'invalid_user',
      message: WORKSPACE_TEXTS.alreadyMember(team.collaborator.user.email),
    });
    expect(await mailCount(t.ctx, fresh)).toBe(0);
  });

  it('refuses an address with a pending invitation with invalid_record', async () => {
    const team = await buildTeam(t.baseUrl, t.ctx);
    const email = address('twice');
    await team.owner.client.post(invitePath(team.workspace), { invites: [{ email, role: 'collaborator' }] });
    const again = await team.admin.client.post(invitePath(team.workspace), {
      invites: [{ email, role: 'admin' }],
    });
    expect(again.status).toBe(422);
    expect(again.body.response.error).toMatchObject({
      code: 'invalid_record',
      message: WORKSPACE_TEXTS.alreadyInvited,
    });
    expect(await mailCount(t.ctx, email)).toBe(1);
  });

  it('drops duplicate addresses within one batch', async () => {
    const team = await buildTeam(t.baseUrl, t.ctx);
    const email = address('dup');
    const answer = await team.owner.client.post(invitePath(team.workspace), {
      invites: [
        { email, role: 'collaborator' },
        { email: email.toUpperCase(), role: 'collaborator' },
      ],
    });
    expect(answer.status).toBe(201);
    expect(answer.body.response).toHaveLength(1);
    expect(await mailCount(t.ctx, email)).toBe(1);
  });

  it('counts the whole batch against the seats of the plan (Team: 5)', async () => {
    // Owner, admin and limited take 3 of the Team plan's 5 seats.
    const team = await buildTeam(t.baseUrl, t.ctx);
    const three = [address('s1'), address('s2'), address('s3')];
    const tooMany = await team.owner.client.post(invitePath(team.workspace), {
      invites: three.map((email) => ({ email, role: 'admin' })),
    });
    expect(tooMany.status).toBe(403);
    expect(tooMany.body.response.error).toEqual({
      code: 'forbidden_subscription_limit_reached',
      message: WORKSPACE_TEXTS.memberLimit,
    });
    for (const email of three) expect(await mailCount(t.ctx, email)).toBe(0);

    const two = await team.owner.client.post(invitePath(team.workspace), {
      invites: [
        { email: three[0], role: 'admin' },
        { email: three[1], role: 'admin' },
      ],
    });
    expect(two.status).toBe(201);
    const full = await team.owner.client.post(invitePath(team.workspace), {
      invites: [{ email: three[2], role: 'admin' }],
    });
    expect(full.status).toBe(403);
    // Collaborators take no seat: always room for them.
    const collaborator = await team.owner.client.post(invitePath(team.workspace), {
      invites: [{ email: three[2], role: 'collaborator' }],
    });
    expect(collaborator.status).toBe(201);
    expect((await team.owner.client.get(`/workspaces/${team.workspace.id}`)).body.response.seats_used).toBe(
      5,
    );
  });

  it('has no seat to invite a Member on the Pro plan, but room for collaborators', async () => {
    // proYearly is paid; proMonthly without a card would start a free trial.
    const { client, workspace } = await buildWorkspace(t.baseUrl, t.ctx, { priceId: PRICES.proYearly });
    const admin = await client.post(invitePath(workspace), {
      invites: [{ email: address('p'), role: 'admin' }],
    });
    expect(admin.status).toBe(403);
    expect(admin.body.response.error.message).toBe(WORKSPACE_TEXTS.memberLimit);
    const collaborator = await client.post(invitePath(workspace), {
      invites: [{ email: address('p'), role: 'collaborator' }],
    });
    expect(collaborator.status).toBe(201);
  });

  it("validates addresses, roles and the message with the spec's texts", async () => {
    const team = await buildTeam(t.baseUrl, t.ctx);
    const bad = await team.owner.client.post(invitePath(team.workspace), {
      invites: [{ email: 'not-an-address', role: 'admin' }],
    });
    expect(bad.status).toBe(422);
    expect(bad.body.response.error.details).toEqual({ 'invites.0.email': ['Email is invalid.'] });
    const long = await team.owner.client.post(invitePath(team.workspace), {
      invites: [{ email: address('m'), role: 'admin', message: 'x'.repeat(301) }],
    });
    expect(long.body.response.error.details).toEqual({
      'invites.0.message': ['Message should be up to 300 characters long.'],
    });
    const owner = await team.owner.client.post(invitePath(team.workspace), {
      invites: [{ email: address('o'), role: 'owner' }],
    });
    expect(owner.status).toBe(422);
    const none = await team.owner.client.post(invitePath(team.workspace), { invites: [] });
    expect(none.status).toBe(422);
  });
});

describe('daily invitation e-mail limit', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await startTestApp({ INVITE_EMAILS_PER_DAY: '3' });
  });
  afterAll(() => limited.close());

  it("refuses, whole, a batch past the inviting user's limit for the UTC day", async () => {
    const team = await buildTeam(limited.baseUrl, limited.ctx);
    const invite = (...emails: string[]) =>
      team.owner.client.post(invitePath(team.workspace), {
        invites: emails.map((email) => ({ email, role: 'collaborator' })),
      });
    expect((await invite(address('d1'), address('d2'))).status).toBe(201);

    const [d3, d4] = [address('d3'), address('d4')];
    const over = await invite(d3, d4);
    expect(over.status).toBe(429);
    expect(over.body.response.error).toMatchObject({
      code: 'email_limit_reached',
      message: WORKSPACE_TEXTS.emailLimit,
    });
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await mailCount(limited.ctx, d3)).toBe(0);

    // What is left of the allowance is still there; deleting an invitation gives nothing back.
    const third = await invite(d3);
    expect(third.status).toBe(201);
    await team.owner.client.delete(`/workspaces/${team.workspace.id}/invites/${third.body.response[0].id}`);
    expect((await invite(d4)).status).toBe(429);

    // Another user has their own allowance.
    expect(
      (
        await team.admin.client.post(invitePath(team.workspace), {
          invites: [{ email: d4, role: 'collaborator' }],
        })
      ).status,
    ).toBe(201);

    // A new UTC day, a new allowance.
    limited.clock.set(new Date('2026-11-22T00:00:01Z'));
    expect((await invite(address('d5'))).status).toBe(201);
  });

  it('defaults to 50 a day', () => {
    expect(t.ctx.config.inviteEmailsPerDay).toBe(50);
  });
});

describe('GET /workspaces/{id}/invites', () => {
  it('lists pending invitations: all to owner and admin, collaborator ones to the others', async () => {
    const team = await buildTeam(t.baseUrl, t.ctx);
    const [admin, collaborator] = [address('la'), address('lc')];
    await team.owner.client.post(invitePath(team.workspace), {
      invites: [
        { email: admin, role: 'admin' },
        { email: collaborator, role: 'collaborator' },
      ],
    });
    const path = `/workspaces/${team.workspace.id}/invites`;
    for (const viewer of [team.owner, team.admin]) {
      const answer = await viewer.client.get(path);
      expect(answer.status).toBe(200);
      expect(answer.body.response.map((i: any) => i.email)).toEqual([admin, collaborator]);
    }
    for (const viewer of [team.collaborator, team.limited]) {
      const answer = await viewer.client.get(path);
      expect(answer.body.response.map((i: any) => i.email)).toEqual([collaborator]);
    }
    expect((await team.outsider.client.get(path)).status).toBe(404);
    expect((await new ApiClient(t.baseUrl).get(path)).status).toBe(401);
  });

  it('drops an invitation from the list once accepted', async () => {
    const team = await buildTeam(t.baseUrl, t.ctx);
    const invitee = await buildUser(t.ctx);
    await team.owner.client.post(invitePath(team.workspace), {
      invites: [{ email: invitee.email, role: 'collaborator' }],
    });
    const { hash } = await linkTo(invitee.email);
    await (await signedIn(t.baseUrl, invitee)).post(`/workspaces/invitations/${hash}/accept`);
    expect((await team.owner.client.get(`/workspaces/${team.workspace.id}/invites`)).body.response).toEqual(
      [],
    );
  });
});

describe('DELETE /workspaces/{id}/invites/{invitationId}', () => {
  async function invited(team: Awaited<ReturnType<typeof buildTeam>>, role: string) {
    const answer = await team.owner.client.post(invitePath(team.workspace), {
      invites: [{ email: address('del'), role }],
    });
    return answer.body.response[0].id as number;
  }

  it('lets the owner and an admin delete invitations of their level or lower', async () => {
    const team = await buildTeam(t.baseUrl, t.ctx);
    const seatsBefore = (await team.owner.client.get(`/workspaces/${team.workspace.id}`)).body.response
      .seats_used;
    const byOwner = await team.owner.client.delete(
      `/workspaces/${team.workspace.id}/invites/${await invited(team, 'admin')}`,
    );
    expect(byOwner.status).toBe(200);
    expect(byOwner.body.response.message).toBe(WORKSPACE_TEXTS.inviteDeleted);
    expect((await team.owner.client.get(`/workspaces/${team.workspace.id}`)).body.response.seats_used).toBe(
      seatsBefore,
    );
    for (const role of ['admin', 'collaborator']) {
      const answer = await team.admin.client.delete(
        `/workspaces/${team.workspace.id}/invites/${await invited(team, role)}`,
      );
      expect(answer.status).toBe(200);
    }
    expect((await team.owner.client.get(`/workspaces/${team.workspace.id}/invites`)).body.response).toEqual(
      [],
    );
  });

  it('refuses a collaborator and a limited member', async () => {
    const team = await buildTeam(t.baseUrl, t.ctx);
    const id = await invited(team, 'collaborator');
    for (const actor of [team.collaborator, team.limited]) {
      const answer = await actor.client.delete(`/workspaces/${team.workspace.id}/invites/${id}`);
      expect(answer.status).toBe(403);
    }
    expect(
      (await team.owner.client.get(`/workspaces/${team.workspace.id}/invites`)).body.response,
    ).toHaveLength(1);
  });

  it('answers 404 for an unknown, foreign or accepted invitation, a non-member and 401 anonymously', async () => {
    const team = await buildTeam(t.baseUrl, t.ctx);
    const other = await buildTeam(t.baseUrl, t.ctx);
    const foreign = await invited(other, 'collaborator');
    expect(
      (await team.owner.client.delete(`/workspaces/${team.workspace.id}/invites/${foreign}`)).status,
    ).toBe(404);
    expect((await team.owner.client.delete(`/workspaces/${team.workspace.id}/invites/999999`)).status).toBe(
      404,
    );

    const invitee = await buildUser(t.ctx);
    const accepted = await team.owner.client.post(invitePath(team.workspace), {
      invites: [{ email: invitee.email, role: 'collaborator' }],
    });
    const { hash } = await linkTo(invitee.email);
    await (await signedIn(t.baseUrl, invitee)).post(`/workspaces/invitations/${hash}/accept`);
    const path = `/workspaces/${team.workspace.id}/invites/${accepted.body.response[0].id}`;
    expect((await team.owner.client.delete(path)).status).toBe(404);

    const pending = `/workspaces/${team.workspace.id}/invites/${await invited(team, 'admin')}`;
    expect((await team.outsider.client.delete(pending)).status).toBe(404);
    expect((await new ApiClient(t.baseUrl).delete(pending)).status).toBe(401);
  });
});

describe('GET /workspaces/invitations/{hash}', () => {
  it('shows the invitation to anyone holding the link', async () => {
    const team = await buildTeam(t.baseUrl, t.ctx);
    const email = address('page');
    await team.owner.client.post(invitePath(team.workspace), { invites: [{ email, role: 'admin' }] });
    const { hash, em } = await linkTo(email);
    const anonymous = new ApiClient(t.baseUrl);
    const answer = await anonymous.get(`/workspaces/invitations/${hash}?em=${encodeURIComponent(em)}`);
    expect(answer.status).toBe(200);
    expect(answer.body.response).toMatchObject({
      email,
      hash,
      role: { name: 'admin', label: 'Member' },
      workspace: { id: team.workspace.id, name: team.workspace.name },
      invited_by: { name: team.owner.user.name },
      user_exists: false,
      accepted: false,
    });
    expect(
      (await anonymous.get(`/workspaces/invitations/${hash}?em=${encodeURIComponent(email.toUpperCase())}`))
        .status,
    ).toBe(200);
  });

  it('says when an account exists for the invited address', async () => {
    const team = await buildTeam(t.baseUrl, t.ctx);
    const invitee = await buildUser(t.ctx);
    await team.owner.client.post(invitePath(team.workspace), {
      invites: [{ email: invitee.email, role: 'collaborator' }],
    });
    const { hash, em } = await linkTo(invitee.email);
    const answer = await new ApiClient(t.baseUrl).get(
      `/workspaces/invitations/${hash}?em=${encodeURIComponent(em)}`,
    );
    expect(answer.body.response.user_exists).toBe(true);
  });

  it('answers 404 for an unknown hash, another address in em, or no em at all', async () => {
    const team = await buildTeam(t.baseUrl, t.ctx);
    const email = address('em');
    await team.owner.client.post(invitePath(team.workspace), { invites: [{ email, role: 'admin' }] });
    const { hash } = await linkTo(email);
    const anonymous = new ApiClient(t.baseUrl);
    expect((await anonymous.get(`/workspaces/invitations/${hash}?em=someone@example.com`)).status).toBe(404);
    // Like the project link: a forwarded hash alone does not show whom the invitation is for.
    expect((await anonymous.get(`/workspaces/invitations/${hash}`)).status).toBe(404);
    expect((await anonymous.get(`/workspaces/invitations/not-a-real-hash`)).status).toBe(404);
    // The stored digest is not a usable hash.
    expect((await anonymous.get(`/workspaces/invitations/${sha256(hash)}`)).status).toBe(404);
  });
});

describe('POST /workspaces/invitations/{hash}/accept', () => {
  it('lets the invited user join with the role and answers the workspace', async () => {
    const team = await buildTeam(t.baseUrl, t.ctx);
    const invitee = await buildUser(t.ctx);
    await team.owner.client.post(invitePath(team.workspace), {
      invites: [{ email: invitee.email, role: 'admin' }],
    });
    const { hash } = await linkTo(invitee.email);
    const client = await signedIn(t.baseUrl, invitee);
    const answer = await client.post(`/workspaces/invitations/${hash}/accept`);
    expect(answer.status).toBe(200);
    expect(answer.body.response).toMatchObject({
      id: team.workspace.id,
      current_user_role: { name: 'admin', label: 'Member' },
    });
    expect((await client.get('/me/workspaces')).body.response.map((w: any) => w.id)).toEqual([
      team.workspace.id,
    ]);
    const members = (await team.owner.client.get(`/workspaces/${team.workspace.id}/members`)).body.response;
    expect(members.map((m: any) => m.user.email)).toContain(invitee.email);
    expect(
      (
        await new ApiClient(t.baseUrl).get(
          `/workspaces/invitations/${hash}?em=${encodeURIComponent(invitee.email)}`,
        )
      ).body.response.accepted,
    ).toBe(true);

    const joined = await t.ctx.uow.read.domainEvents.ofType('workspace.member_joined');
    expect(joined.filter((e) => e.actorId === invitee.id).map((e) => e.data)).toEqual([
      { user_id: invitee.id, role: 'admin', invitation_id: expect.any(Number) },
    ]);

    const again = await client.post(`/workspaces/invitations/${hash}/accept`);
    expect(again.status).toBe(422);
    expect(again.body.response.error.message).toBe(INVITATION_TEXTS.alreadyAccepted);
  });

  it('refuses a user signed in with another address', async () => {
    const team = await buildTeam(t.baseUrl, t.ctx);
    const invitee = await buildUser(t.ctx);
    await team.owner.client.post(invitePath(team.workspace), {
      invites: [{ email: invitee.email, role: 'collaborator' }],
    });
    const { hash, em } = await linkTo(invitee.email);
    const answer = await team.outsider.client.post(`/workspaces/invitations/${hash}/accept`);
    expect(answer.status).toBe(403);
    expect(answer.body.response.error).toEqual({ code: 'forbidden', message: INVITATION_TEXTS.otherEmail });
    expect((await team.outsider.client.get(`/workspaces/${team.workspace.id}`)).status).toBe(404);
    const stillPending = await new ApiClient(t.baseUrl).get(
      `/workspaces/invitations/${hash}?em=${encodeURIComponent(em)}`,
    );
    expect(stillPending.body.response.accepted).toBe(false);
  });

  it('only marks it accepted when the user is already a member', async () => {
    const team = await buildTeam(t.baseUrl, t.ctx);
    const invitee = await buildUser(t.ctx);
    await team.owner.client.post(invitePath(team.workspace), {
      invites: [{ email: invitee.email, role: 'admin' }],
    });
    const { hash } = await linkTo(invitee.email);
    const member = await buildMember(t.baseUrl, t.ctx, team.workspace.id, 'collaborator', invitee);
    const answer = await member.client.post(`/workspaces/invitations/${hash}/accept`);
    expect(answer.status).toBe(200);
    expect(answer.body.response.current_user_role.name).toBe('collaborator');
    expect((await team.owner.client.get(`/workspaces/${team.workspace.id}/invites`)).body.response).toEqual(
      [],
    );
  });

  it('answers 404 for an unknown hash and 401 anonymously', async () => {
    const client = await signedIn(t.baseUrl, await buildUser(t.ctx));
    expect((await client.post('/workspaces/invitations/unknown/accept')).status).toBe(404);
    expect((await new ApiClient(t.baseUrl).post('/workspaces/invitations/unknown/accept')).status).toBe(401);
  });
});

describe('POST /users/sign_up with invite_hash', () => {
  it('joins the workspace of the invitation in the same sign-up', async () => {
    const team = await buildTeam(t.baseUrl, t.ctx);
    const email = address('newcomer');
    await team.owner.client.post(invitePath(team.workspace), {
      invites: [{ email, role: 'collaborator', message: 'Come and review' }],
    });
    const { hash, em } = await linkTo(email);
    const client = new ApiClient(t.baseUrl);
    const page = await client.get(`/workspaces/invitations/${hash}?em=${encodeURIComponent(em)}`);
    expect(page.body.response.user_exists).toBe(false);
    const answer = await client.post('/users/sign_up', {
      user: { name: 'New Comer', email: em, password: 'long enough password' },
      invite_hash: hash,
    });
    expect(answer.status).toBe(201);
    const workspaces = (await client.get('/me/workspaces')).body.response;
    expect(workspaces).toMatchObject([
      { id: team.workspace.id, current_user_role: { name: 'collaborator' } },
    ]);
    expect(
      (await client.get(`/workspaces/invitations/${hash}?em=${encodeURIComponent(em)}`)).body.response
        .accepted,
    ).toBe(true);
  });

  it('creates the account but joins nothing when the address is not the invited one', async () => {
    const team = await buildTeam(t.baseUrl, t.ctx);
    const email = address('invited');
    await team.owner.client.post(invitePath(team.workspace), { invites: [{ email, role: 'collaborator' }] });
    const { hash, em } = await linkTo(email);
    const client = new ApiClient(t.baseUrl);
    const answer = await client.post('/users/sign_up', {
      user: { name: 'Someone Else', email: address('else'), password: 'long enough password' },
      invite_hash: hash,
    });
    expect(answer.status).toBe(201);
    expect((await client.get('/me/workspaces')).body.response).toEqual([]);
    expect(
      (await client.get(`/workspaces/invitations/${hash}?em=${encodeURIComponent(em)}`)).body.response
        .accepted,
    ).toBe(false);
  });

  it('ignores a hash that is no workspace invitation', async () => {
    const client = new ApiClient(t.baseUrl);
    const answer = await client.post('/users/sign_up', {
      user: { name: 'Plain User', email: address('plain'), password: 'long enough password' },
      invite_hash: 'not-an-invitation',
    });
    expect(answer.status).toBe(201);
    expect((await client.get('/me/workspaces')).body.response).toEqual([]);
  });
});
