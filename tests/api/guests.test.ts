import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { COMMENT_TEXT_MAX, MARKUP_COLORS, MARKUP_SHAPES_MAX, MARKUP_TEXTS } from '@common/api/comments';
import {
  GUEST_COMMENTS_PER_MINUTE,
  GUEST_TEXTS,
  GUESTS_PER_LINK_MAX,
  guestCookieName,
} from '@common/api/guests';
import { sha256 } from '@server/secrets';
import { GUEST_SEEN_EVERY_MS } from '@server/services/projects/guests';
import { buildAsset, buildRound } from './assetFactories';
import { buildComment, line } from './commentFactories';
import { digestMailsTo, runDigestsAt, setDigestPreferences } from './digestFactories';
import { ApiClient, startTestApp, type ApiResponse, type Json, type TestApp } from './harness';
import { LiveStream } from './liveClient';
import { buildProjectCast, type ProjectCast } from './projectCast';
import { buildProject } from './projectFactories';
import { buildShareLink, revokeShareLink, type LinkOptions } from './shareLinkFactories';

let t: TestApp;
let cast: ProjectCast;
let asset: Json;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  cast = await buildProjectCast(t.baseUrl, t.ctx);
  asset = await buildAsset(cast.owner.client, cast.project.id, { name: 'hero.png' });
});

/** Every answer a guest got in a test: none may carry a member's e-mail address. */
let seen: ApiResponse<Json>[] = [];
beforeEach(() => {
  seen = [];
});

/** A browser of a guest: its own cookies; every answer is kept for the e-mail check. */
function browser() {
  const client = new ApiClient(t.baseUrl);
  const keep = async (answer: Promise<ApiResponse<Json>>) => {
    const got = await answer;
    seen.push(got);
    return got;
  };
  return {
    client,
    join: (hash: string, body: object = { name: 'Gwen Guest' }) =>
      keep(client.post(`/shared/${hash}/guests`, body)),
    me: (hash: string) => keep(client.get(`/shared/${hash}/guest`)),
    comments: (hash: string, assetId: number) =>
      keep(client.get(`/shared/${hash}/assets/${assetId}/comments`)),
    decision: (hash: string, assetId: number) =>
      keep(client.get(`/shared/${hash}/assets/${assetId}/decision`)),
    decide: (hash: string, assetId: number, decision: unknown) =>
      keep(client.put(`/shared/${hash}/assets/${assetId}/decision`, { decision })),
    edit: (hash: string, id: number, fields: Record<string, unknown>) =>
      keep(client.patch(`/shared/${hash}/comments/${id}`, fields)),
    remove: (hash: string, id: number) => keep(client.delete(`/shared/${hash}/comments/${id}`)),
    comment: (hash: string, fields: Record<string, unknown>) =>
      keep(
        client.post(`/shared/${hash}/comments`, {
          asset_id: asset.id,
          text: 'Warmer sky, please.',
          ...fields,
        }),
      ),
  };
}
type Browser = ReturnType<typeof browser>;

async function link(options: LinkOptions = {}) {
  return buildShareLink(cast.owner.client, cast.project.id, options);
}

/** A browser that has joined the link as `name`. */
async function guestOn(hash: string, name = 'Gwen Guest'): Promise<Browser> {
  const guest = browser();
  const joined = await guest.join(hash, { name });
  if (joined.status !== 201) throw new Error(`join failed: ${joined.status} ${JSON.stringify(joined.body)}`);
  return guest;
}

const rectangle = {
  type: 'rectangle',
  points: [
    { x: 0.1, y: 0.2 },
    { x: 0.5, y: 0.6 },
  ],
  stroke_color: MARKUP_COLORS.red,
  stroke_size: 3,
  is_relative: true,
};

const error = (answer: ApiResponse<Json>) => ({ status: answer.status, ...answer.body?.response?.error });

/** The members' e-mail addresses: never in a guest's answer. */
function expectNoMemberEmail() {
  const emails = [cast.owner, cast.collaborator, cast.viewer, cast.workspaceAdmin, cast.workspaceOwner].map(
    (m) => m.user.email.toLowerCase(),
  );
  expect(seen.length).toBeGreaterThan(0);
  for (const answer of seen) {
    const text = JSON.stringify(answer.body).toLowerCase();
    for (const email of emails) expect(text).not.toContain(email);
    // Whatever addresses an answer holds are the guest's own.
    for (const address of text.match(/[a-z0-9._%+-]+@[a-z0-9.-]+\.[a-z]{2,}/g) ?? [])
      expect(address).toMatch(/@guest\.example$/);
  }
}

describe('a guest of a review link', () => {
  it('joins once with a name, is remembered by an httpOnly cookie, and the token is kept only hashed', async () => {
    const { hash } = await link({ expiresAt: new Date(t.clock.now().getTime() + 86_400_000).toISOString() });
    const guest = browser();
    expect(error(await guest.me(hash))).toMatchObject({ status: 401, code: 'guest_required' });

    const joined = await guest.join(hash, { name: '  Gwen Guest ', email: ' Gwen@Guest.example ' });
    expect(joined.status).toBe(201);
    expect(joined.body.response).toEqual({
      guest: { id: expect.any(Number), name: 'Gwen Guest', email: 'gwen@guest.example' },
    });
    const cookie = joined.headers.getSetCookie().find((c) => c.startsWith(`${guestCookieName(hash)}=`));
    expect(cookie).toBeDefined();
    expect(guestCookieName(hash)).toBe(`pr_guest_${hash.slice(0, 12)}`);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Path=\//);
    // It ends with the link.
    expect(cookie).toMatch(/Expires=/i);
    const token = cookie!.split(';')[0]!.split('=')[1]!;
    const row = await t.ctx.db
      .selectFrom('guests')
      .selectAll()
      .where('id', '=', joined.body.response.guest.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      name: 'Gwen Guest',
      email: 'gwen@guest.example',
      project_id: cast.project.id,
    });
    expect(row.token_hash).toBe(sha256(token));
    expect(row.token_hash).not.toContain(token);

    expect((await guest.me(hash)).body.response.guest).toEqual(joined.body.response.guest);
    // Joining again from the same browser renames the same guest, with the same token.
    const again = await guest.join(hash, { name: 'Gwen G.' });
    expect(again.status).toBe(200);
    expect(again.body.response.guest).toEqual({ id: row.id, name: 'Gwen G.', email: null });
    expect(again.headers.getSetCookie()).toEqual([]);
    // The token is this link's only: on another review link of the same project it is nobody's.
    const other = await link();
    const borrowed = new ApiClient(t.baseUrl);
    const stolen = await borrowed.get(`/shared/${other.hash}/guest`, {
      cookie: `${guestCookieName(other.hash)}=${token}`,
    });
    expect(error(stolen)).toMatchObject({ status: 401, code: 'guest_required' });
  });

  it("moves the guest's last_seen_at on as they come back, at most every few minutes", async () => {
    const { hash } = await link();
    const guest = await guestOn(hash);
    const { id } = (await guest.me(hash)).body.response.guest;
    const seen = async () =>
      (
        await t.ctx.db
          .selectFrom('guests')
          .select('last_seen_at')
          .where('id', '=', id)
          .executeTakeFirstOrThrow()
      ).last_seen_at;
    const joined = new Date(await seen()).getTime();
    t.clock.advance(GUEST_SEEN_EVERY_MS - 1000);
    await guest.me(hash);
    expect(new Date(await seen()).getTime()).toBe(joined);
    t.clock.advance(1000);
    await guest.me(hash);
    expect(new Date(await seen()).getTime()).toBe(t.clock.now().getTime());
  });

  it('comments with a rectangle, replies, and reads the thread; a member sees the guest by name, marked as a guest', async () => {
    const { hash } = await link();
    const guest = await guestOn(hash);
    const created = await guest.comment(hash, { text: 'The logo is too small.', markup: [rectangle] });
    expect(created.status).toBe(201);
    const comment = created.body.response;
    expect(comment).toMatchObject({
      asset_id: asset.id,
      version_id: asset.version_id,
      text: 'The logo is too small.',
      user: { id: null, name: 'Gwen Guest', avatar: null, is_guest: true },
      parent_id: null,
      completed_at: null,
      markup_number: 1,
      markup: [rectangle],
      files: [],
      abilities: { edit: true, destroy: true, complete: false, reply: true },
      replies: [],
    });

    const memberReply = await buildComment(cast.collaborator.client, asset.id, {
      parent_id: comment.id,
      text: `Bigger how? @[${cast.owner.user.name}](user:${cast.owner.user.id})`,
    });
    const reply = await guest.comment(hash, { parent_id: comment.id, text: 'Twice as big.' });
    expect(reply.status).toBe(201);
    expect(reply.body.response).toMatchObject({
      parent_id: comment.id,
      user: { name: 'Gwen Guest', is_guest: true },
    });

    const list = await guest.comments(hash, asset.id);
    expect(list.status).toBe(200);
    expect(list.body.response).toHaveLength(1);
    const [thread] = list.body.response;
    expect(thread.id).toBe(comment.id);
    expect(thread.replies.map((r: Json) => [r.id, r.user])).toEqual([
      [memberReply.id, { id: null, name: cast.collaborator.user.name, avatar: null, is_guest: false }],
      [reply.body.response.id, { id: null, name: 'Gwen Guest', avatar: null, is_guest: true }],
    ]);
    // A mention reads as a name, with no member id.
    expect(thread.replies[0].text).toBe(`Bigger how? @${cast.owner.user.name}`);
    expect(thread.replies[0].mentions).toEqual([]);

    const members = await cast.owner.client.get(`/assets/${asset.id}/comments`);
    const seenByMember = members.body.response.find((c: Json) => c.id === comment.id);
    expect(seenByMember.user).toEqual({ id: null, name: 'Gwen Guest', avatar: null, is_guest: true });
    expect(seenByMember.replies.map((r: Json) => r.user.is_guest)).toEqual([false, true]);
    expect(seenByMember.replies[0].user.id).toBe(cast.collaborator.user.id);
    // Members complete a guest's comment; the guest's own answer never offered it.
    expect((await cast.owner.client.patch(`/comments/${comment.id}/mark_as_completed`)).status).toBe(200);
    expectNoMemberEmail();
  });

  it("tells the project's members of a guest's comment and reply, names the guest in the activity log and the report", async () => {
    const { hash } = await link();
    await t.ctx.jobs.idle();
    await t.ctx.db.deleteFrom('notifications').where('project_id', '=', cast.project.id).execute();
    const guest = await guestOn(hash);
    const comment = (await guest.comment(hash, { text: 'Crop tighter.', markup: [rectangle] })).body.response;
    await guest.comment(hash, { parent_id: comment.id, text: 'And warmer.' });
    await t.ctx.jobs.idle();

    for (const member of [cast.owner, cast.collaborator, cast.viewer]) {
      const items = (await member.client.get(`/projects/${cast.project.id}/notifications`)).body.response;
      expect(items.map((n: Json) => [n.kind, n.message])).toEqual([
        ['replies', '|Gwen Guest (Guest)| replied to a comment on hero.png'],
        ['markups', '|Gwen Guest (Guest)| added markup #1 on hero.png'],
      ]);
      expect(items[1]).toMatchObject({
        related_object_type: 'Comment',
        related_object: { id: comment.id, parentID: null },
        quoted_comment: 'Crop tighter.',
        actor: null,
      });
    }

    const logs = (await cast.owner.client.get(`/projects/${cast.project.id}/activity_logs`)).body.response;
    expect(logs.slice(0, 2).map((l: Json) => [l.text, l.user])).toEqual([
      ['Gwen Guest (Guest) replied to a comment on “hero.png”: “And warmer.”.', null],
      ['Gwen Guest (Guest) drew markup #1 on “hero.png” and commented “Crop tighter.”.', null],
    ]);

    const csv = await fetch(`${t.baseUrl}/api/v1/assets/${asset.id}/comments/export?format=csv`, {
      headers: { cookie: cast.owner.client.cookieHeader },
    });
    expect(csv.status).toBe(200);
    expect(await csv.text()).toContain('Gwen Guest (Guest)');
  });

  it("sees every thread of the current round with 'Show comments' on, else only the threads they started", async () => {
    const member = await buildComment(cast.owner.client, asset.id, { text: 'Team note.' });
    const hidden = await link();
    const shown = await link({ showComments: true });
    const ann = await guestOn(hidden.hash, 'Ann');
    const bob = await guestOn(hidden.hash, 'Bob');
    const annComment = (await ann.comment(hidden.hash, { text: 'Ann here.' })).body.response;
    const bobComment = (await bob.comment(hidden.hash, { text: 'Bob here.' })).body.response;
    await buildComment(cast.owner.client, asset.id, { parent_id: annComment.id, text: 'Answer to Ann.' });

    const annSees = (await ann.comments(hidden.hash, asset.id)).body.response;
    expect(annSees.map((c: Json) => [c.text, c.replies.map((r: Json) => r.text)])).toEqual([
      ['Ann here.', ['Answer to Ann.']],
    ]);
    // Nor can they reply to a thread they do not see.
    const intoHidden = await bob.comment(hidden.hash, { parent_id: member.id, text: 'Me too.' });
    expect(error(intoHidden)).toMatchObject({
      status: 422,
      details: { parent_id: [GUEST_TEXTS.parentNotVisible] },
    });

    const cy = await guestOn(shown.hash, 'Cy');
    const cySees = (await cy.comments(shown.hash, asset.id)).body.response;
    expect(cySees.map((c: Json) => [c.text, c.user.is_guest])).toEqual([
      ['Team note.', false],
      ['Ann here.', true],
      ['Bob here.', true],
    ]);
    expect(cySees[1].replies).toHaveLength(1);
    // A view link showing comments names the guests too, marked.
    const view = await link({ kind: 'view', showComments: true });
    const detail = await browser().client.get(`/shared/${view.hash}/assets/${asset.id}`);
    expect(detail.body.response.comments.map((c: Json) => c.author)).toEqual([
      { name: cast.owner.user.name, is_guest: false },
      { name: 'Ann', is_guest: true },
      { name: 'Bob', is_guest: true },
    ]);
    expect((await cy.comment(shown.hash, { parent_id: bobComment.id, text: 'Agreed.' })).status).toBe(201);
    expectNoMemberEmail();
  });

  it("is told live of the threads they started with 'Show comments' off, and of no other", async () => {
    const hidden = await link();
    const ann = await guestOn(hidden.hash, 'Ann');
    const bob = await guestOn(hidden.hash, 'Bob');
    const open = (client?: ApiClient) => LiveStream.open(t.baseUrl, { client, shareHash: hidden.hash });
    const streams = { ann: await open(ann.client), bob: await open(bob.client), viewer: await open() };
    try {
      const annComment = (await ann.comment(hidden.hash, { text: 'Ann here.' })).body.response;
      const bobComment = (await bob.comment(hidden.hash, { text: 'Bob here.' })).body.response;
      const answer = await buildComment(cast.owner.client, asset.id, {
        parent_id: annComment.id,
        text: 'Answer to Ann.',
      });
      const teamOnly = await buildComment(cast.owner.client, asset.id, { text: 'Team only.' });
      expect((await ann.edit(hidden.hash, annComment.id, { text: 'Ann, edited.' })).status).toBe(200);
      // A member deletes Bob's thread: Bob is told, though his thread is gone when the event is read.
      expect((await cast.owner.client.delete(`/comments/${bobComment.id}`)).status).toBe(200);
      // Each stream has everything before the rename once the rename has come.
      await cast.owner.client.patch(`/projects/${cast.project.id}`, { name: 'Streams caught up' });
      for (const stream of Object.values(streams)) await stream.next('project.renamed');

      const told = (stream: LiveStream) =>
        stream.messages.filter((m) => m.event.startsWith('comment.')).map((m) => [m.event, m.data.object_id]);
      expect(told(streams.ann)).toEqual([
        ['comment.created', annComment.id],
        ['comment.replied', answer.id],
        ['comment.edited', annComment.id],
      ]);
      expect(told(streams.bob)).toEqual([
        ['comment.created', bobComment.id],
        ['comment.deleted', bobComment.id],
      ]);
      expect(told(streams.viewer)).toEqual([]);
      expect(JSON.stringify(streams.ann.messages)).not.toContain(String(teamOnly.text));
    } finally {
      for (const stream of Object.values(streams)) stream.close();
    }
  });
});

describe("a guest's own comments", () => {
  it('are edited and deleted by the guest alone, with the members’ rules', async () => {
    const { hash } = await link({ showComments: true });
    const gwen = await guestOn(hash);
    const hal = await guestOn(hash, 'Hal');
    const member = await buildComment(cast.owner.client, asset.id, { text: 'Team note.' });
    const root = (await gwen.comment(hash, { text: 'First try.', markup: [rectangle] })).body.response;
    const reply = (await gwen.comment(hash, { parent_id: root.id, text: 'A reply.' })).body.response;
    const halComment = (await hal.comment(hash, { text: 'Hal’s.' })).body.response;
    expect(root.abilities).toMatchObject({ edit: true, destroy: true, complete: false });
    const halSees = (await hal.comments(hash, asset.id)).body.response;
    expect(halSees.find((c: Json) => c.id === root.id).abilities).toMatchObject({
      edit: false,
      destroy: false,
    });

    const edited = await gwen.edit(hash, root.id, { text: 'Second try.', markup: [line()] });
    expect(edited.status).toBe(200);
    expect(edited.body.response).toMatchObject({
      id: root.id,
      text: 'Second try.',
      is_edited: true,
      markup: [line()],
    });
    expect(edited.body.response.replies.map((r: Json) => r.id)).toEqual([reply.id]);
    const refused: [ApiResponse<Json>, number, Record<string, unknown>][] = [
      [
        await gwen.edit(hash, reply.id, { markup: [line()] }),
        422,
        { details: { markup: ['A reply cannot carry markup.'] } },
      ],
      [
        await gwen.edit(hash, root.id, { text: `@[${cast.owner.user.name}](user:${cast.owner.user.id})` }),
        422,
        { details: { text: [GUEST_TEXTS.noMentions] } },
      ],
      [
        await gwen.edit(hash, root.id, { text: '' }),
        422,
        { details: { text: ['Comment must not be empty.'] } },
      ],
      [await gwen.edit(hash, halComment.id, { text: 'Mine now.' }), 403, { code: 'forbidden' }],
      [await gwen.edit(hash, member.id, { text: 'Mine now.' }), 403, { code: 'forbidden' }],
      [
        await gwen.remove(hash, halComment.id),
        403,
        { code: 'forbidden', message: GUEST_TEXTS.deleteOwnOnly },
      ],
      [await gwen.remove(hash, member.id), 403, { code: 'forbidden' }],
      [await gwen.remove(hash, 999_999), 404, { code: 'not_found' }],
    ];
    for (const [answer, status, body] of refused) expect(error(answer)).toMatchObject({ status, ...body });

    const logs = (await cast.owner.client.get(`/projects/${cast.project.id}/activity_logs`)).body.response;
    expect(logs[0].text).toBe('Gwen Guest (Guest) edited a comment on “hero.png”.');
    expect((await gwen.remove(hash, reply.id)).body.response).toEqual({
      message: 'The comment was deleted.',
    });
    await buildComment(cast.owner.client, asset.id, { parent_id: root.id, text: 'Noted.' });
    expect((await gwen.remove(hash, root.id)).status).toBe(200);
    const left = (await cast.owner.client.get(`/assets/${asset.id}/comments`)).body.response;
    expect(left.map((c: Json) => c.id)).toEqual([member.id, halComment.id]);
    expect(
      await t.ctx.db.selectFrom('comments').select('id').where('parent_id', '=', root.id).execute(),
    ).toEqual([]);
    expectNoMemberEmail();
  });

  it('are out of reach once hidden or on an earlier round (404)', async () => {
    const hidden = await link();
    const gwen = await guestOn(hidden.hash);
    const hal = await guestOn(hidden.hash, 'Hal');
    const halComment = (await hal.comment(hidden.hash, { text: 'Hal’s.' })).body.response;
    const own = (await gwen.comment(hidden.hash, { text: 'Mine.' })).body.response;
    expect(error(await gwen.edit(hidden.hash, halComment.id, { text: 'x' }))).toMatchObject({ status: 404 });
    expect(error(await gwen.remove(hidden.hash, halComment.id))).toMatchObject({ status: 404 });
    await buildRound(cast.owner.client, asset.id);
    expect(error(await gwen.edit(hidden.hash, own.id, { text: 'Later.' }))).toMatchObject({ status: 404 });
    expect(error(await gwen.remove(hidden.hash, own.id))).toMatchObject({ status: 404 });
    // Through another link of the project that does not reach the asset, neither.
    const elsewhere = await link({ assetIds: [(await buildAsset(cast.owner.client, cast.project.id)).id] });
    const there = await guestOn(elsewhere.hash);
    expect(error(await there.remove(elsewhere.hash, own.id))).toMatchObject({ status: 404 });
    expect(
      (
        await t.ctx.db
          .selectFrom('comments')
          .select('text')
          .where('id', '=', own.id)
          .executeTakeFirstOrThrow()
      ).text,
    ).toBe('Mine.');
  });
});

describe("a guest's decision", () => {
  it('approves or asks for changes on the current round; members see it by name, the guest sees members by name only', async () => {
    const { hash } = await link();
    const guest = await guestOn(hash);
    expect((await guest.decision(hash, asset.id)).body.response).toEqual({ decision: null, decisions: [] });
    await cast.collaborator.client.put(`/assets/${asset.id}/decision`, { decision: 'approved' });

    const decided = await guest.decide(hash, asset.id, 'changes_requested');
    expect(decided.status).toBe(200);
    expect(decided.body.response).toEqual({
      decision: 'changes_requested',
      decisions: [
        {
          reviewer: { id: null, name: cast.collaborator.user.name, avatar: null, is_guest: false },
          decision: 'approved',
          decided_at: expect.any(String),
        },
        {
          reviewer: { id: null, name: 'Gwen Guest', avatar: null, is_guest: true },
          decision: 'changes_requested',
          decided_at: expect.any(String),
        },
      ],
    });
    const approved = await guest.decide(hash, asset.id, 'approved');
    expect(approved.body.response.decision).toBe('approved');
    expect((await guest.decision(hash, asset.id)).body.response.decision).toBe('approved');

    const member = (await cast.owner.client.get(`/assets/${asset.id}`)).body.response;
    expect(member.decisions).toContainEqual({
      reviewer: { id: null, name: 'Gwen Guest', avatar: null, is_guest: true },
      decision: 'approved',
      decided_at: expect.any(String),
    });
    const logs = (await cast.owner.client.get(`/projects/${cast.project.id}/activity_logs`)).body.response;
    expect(logs[0].text).toMatch(/^Gwen Guest \(Guest\) /);

    // A new round starts with none; taking it back leaves none.
    await buildRound(cast.owner.client, asset.id);
    expect((await guest.decision(hash, asset.id)).body.response).toEqual({ decision: null, decisions: [] });
    expect((await guest.decide(hash, asset.id, 'approved')).body.response.decision).toBe('approved');
    expect((await guest.decide(hash, asset.id, null)).body.response).toEqual({
      decision: null,
      decisions: [],
    });
    expectNoMemberEmail();
  });

  it('is refused on a view link, outside the link, without joining, and for anything but the two decisions', async () => {
    const other = await buildProject(cast.owner.client, cast.workspace.id);
    const foreign = await buildAsset(cast.owner.client, other.id);
    const view = await link({ kind: 'view' });
    const { hash } = await link();
    const guest = await guestOn(hash);
    expect(error(await browser().decide(view.hash, asset.id, 'approved'))).toMatchObject({
      status: 403,
      code: 'review_not_allowed',
    });
    expect(error(await browser().decide(hash, asset.id, 'approved'))).toMatchObject({
      status: 401,
      code: 'guest_required',
    });
    expect(error(await guest.decide(hash, foreign.id, 'approved'))).toMatchObject({ status: 404 });
    expect(error(await guest.decision(hash, foreign.id))).toMatchObject({ status: 404 });
    expect(error(await guest.decide(hash, asset.id, 'maybe'))).toMatchObject({
      status: 422,
      code: 'invalid_record',
    });
    const stored = await t.ctx.db
      .selectFrom('asset_decisions')
      .select('id')
      .where('project_id', 'in', [cast.project.id, other.id])
      .execute();
    expect(stored).toEqual([]);
  });
});

describe('what a guest may not do', () => {
  it('review on a view link or on the project’s public link (403 review_not_allowed)', async () => {
    const view = await link({ kind: 'view' });
    const viewer = browser();
    for (const answer of [
      await viewer.join(view.hash),
      await viewer.me(view.hash),
      await viewer.comments(view.hash, asset.id),
      await viewer.comment(view.hash, {}),
    ])
      expect(error(answer)).toMatchObject({
        status: 403,
        code: 'review_not_allowed',
        message: GUEST_TEXTS.reviewNotAllowed,
      });
    const shared = await cast.owner.client.post(`/projects/${cast.project.id}/share`, {});
    const publicHash = shared.body.response.share_hash;
    expect(error(await viewer.join(publicHash))).toMatchObject({ status: 403, code: 'review_not_allowed' });
    expect(
      await t.ctx.db.selectFrom('guests').select('id').where('project_id', '=', cast.project.id).execute(),
    ).toEqual([]);
  });

  it('comment or read without having joined (401 guest_required, before the body is looked at)', async () => {
    const { hash } = await link();
    const stranger = browser();
    expect(error(await stranger.comment(hash, { text: '' }))).toMatchObject({
      status: 401,
      code: 'guest_required',
    });
    expect(error(await stranger.comments(hash, asset.id))).toMatchObject({
      status: 401,
      code: 'guest_required',
    });
    const forged = await new ApiClient(t.baseUrl).get(`/shared/${hash}/guest`, {
      cookie: `${guestCookieName(hash)}=not-a-token`,
    });
    expect(error(forged)).toMatchObject({ status: 401, code: 'guest_required' });
  });

  it("reach another project's asset, or an asset outside a folder or selection link (404)", async () => {
    const other = await buildProject(cast.owner.client, cast.workspace.id);
    const foreign = await buildAsset(cast.owner.client, other.id);
    const folder = (await cast.owner.client.post(`/projects/${cast.project.id}/folders`, { name: 'Selects' }))
      .body.response;
    const inFolder = await buildAsset(cast.owner.client, cast.project.id, { folderId: folder.id });
    const picked = await buildAsset(cast.owner.client, cast.project.id);

    const whole = await link();
    const folderLink = await link({ folderId: folder.id });
    const selection = await link({ assetIds: [picked.id] });
    const cases: [string, number, number][] = [
      [whole.hash, foreign.id, 404],
      [whole.hash, inFolder.id, 201],
      [folderLink.hash, asset.id, 404],
      [folderLink.hash, foreign.id, 404],
      [folderLink.hash, inFolder.id, 201],
      [selection.hash, asset.id, 404],
      [selection.hash, inFolder.id, 404],
      [selection.hash, picked.id, 201],
    ];
    for (const [hash, assetId, status] of cases) {
      const guest = await guestOn(hash);
      const posted = await guest.comment(hash, { asset_id: assetId });
      const read = await guest.comments(hash, assetId);
      expect([hash, assetId, posted.status, read.status]).toEqual([
        hash,
        assetId,
        status,
        status === 201 ? 200 : 404,
      ]);
    }
    const foreignComments = await t.ctx.db
      .selectFrom('comments')
      .select('id')
      .where('asset_id', '=', foreign.id)
      .execute();
    expect(foreignComments).toEqual([]);
  });

  it('see or answer an earlier round: comments land on the current round, old threads are neither listed nor answerable', async () => {
    const old = await buildComment(cast.owner.client, asset.id, { text: 'Round one note.' });
    const { hash } = await link({ showComments: true });
    const guest = await guestOn(hash);
    const early = (await guest.comment(hash, { text: 'Before the new round.' })).body.response;
    await buildRound(cast.owner.client, asset.id);
    const current = (await cast.owner.client.get(`/assets/${asset.id}`)).body.response.version_id;
    expect(current).not.toBe(asset.version_id);

    const listed = (await guest.comments(hash, asset.id)).body.response;
    expect(listed).toEqual([]);
    // The members find the guest's open comment among the feedback carried to the new round.
    const carried = (await cast.owner.client.get(`/assets/${asset.id}/carried_comments`)).body.response;
    expect(carried.map((c: Json) => [c.id, c.user.name, c.user.is_guest])).toEqual([
      [old.id, cast.owner.user.name, false],
      [early.id, 'Gwen Guest', true],
    ]);
    for (const parent of [old.id, early.id]) {
      const answer = await guest.comment(hash, { parent_id: parent, text: 'Still?' });
      expect(error(answer)).toMatchObject({
        status: 422,
        details: { parent_id: [GUEST_TEXTS.parentNotVisible] },
      });
    }
    // A round named in the body is not the guest's to choose.
    const placed = await guest.comment(hash, { text: 'On the new round.', version_id: asset.version_id });
    expect(placed.status).toBe(201);
    expect(placed.body.response.version_id).toBe(current);
    // No call reads a round by number.
    const byRound = await guest.client.get(`/shared/${hash}/assets/${asset.id}/versions/1/comments`);
    expect(byRound.status).toBe(404);
  });

  it('complete a comment, mention a member, or edit and delete through the members’ calls', async () => {
    const { hash } = await link();
    const guest = await guestOn(hash);
    const comment = (await guest.comment(hash, {})).body.response;
    expect(comment.abilities.complete).toBe(false);
    for (const [method, path] of [
      ['PATCH', `/comments/${comment.id}/mark_as_completed`],
      ['PATCH', `/comments/${comment.id}`],
      ['DELETE', `/comments/${comment.id}`],
    ] as const)
      expect(
        (await guest.client.request(method, path, method === 'PATCH' ? { text: 'x' } : undefined)).status,
      ).toBe(401);
    expect(
      (await guest.client.request('PATCH', `/shared/${hash}/comments/${comment.id}/mark_as_completed`))
        .status,
    ).toBe(404);
    const mention = await guest.comment(hash, {
      text: `Ask @[${cast.owner.user.name}](user:${cast.owner.user.id})`,
    });
    expect(error(mention)).toMatchObject({ status: 422, details: { text: [GUEST_TEXTS.noMentions] } });
    const stored = await t.ctx.db
      .selectFrom('comments')
      .select('completed_at')
      .where('id', '=', comment.id)
      .executeTakeFirstOrThrow();
    expect(stored.completed_at).toBeNull();
  });

  it('go on after the link is revoked: their next call answers 404, what they wrote stays', async () => {
    const { id, hash } = await link();
    const guest = await guestOn(hash);
    const comment = (await guest.comment(hash, {})).body.response;
    await revokeShareLink(cast.collaborator.client, id);
    for (const answer of [
      await guest.me(hash),
      await guest.comment(hash, {}),
      await guest.comments(hash, asset.id),
      await guest.join(hash),
    ])
      expect(error(answer)).toMatchObject({ status: 404, code: 'not_found' });
    const row = await t.ctx.db
      .selectFrom('guests')
      .select('link_id')
      .where('name', '=', 'Gwen Guest')
      .where('project_id', '=', cast.project.id)
      .executeTakeFirstOrThrow();
    expect(row.link_id).toBeNull();
    const members = (await cast.owner.client.get(`/assets/${asset.id}/comments`)).body.response;
    expect(members.map((c: Json) => [c.id, c.user.name, c.user.is_guest])).toEqual([
      [comment.id, 'Gwen Guest', true],
    ]);
  });

  it('go on after the link expires (404 share_link_expired), or join a locked link before unlocking it', async () => {
    const expiring = await link({ expiresAt: new Date(t.clock.now().getTime() + 3_600_000).toISOString() });
    const guest = await guestOn(expiring.hash);
    t.clock.advance(2 * 3_600_000);
    expect(error(await guest.comment(expiring.hash, {}))).toMatchObject({
      status: 404,
      code: 'share_link_expired',
    });
    expect(error(await guest.me(expiring.hash))).toMatchObject({ status: 404, code: 'share_link_expired' });

    const locked = await link({ password: 'open sesame' });
    const visitor = browser();
    expect(error(await visitor.join(locked.hash))).toMatchObject({
      status: 403,
      code: 'share_password_required',
    });
    const unlocked = await visitor.client.post('/projects/shared_view/unlock', {
      share_hash: locked.hash,
      password: 'open sesame',
    });
    expect(unlocked.status).toBe(200);
    expect((await visitor.join(locked.hash)).status).toBe(201);
    expect((await visitor.comment(locked.hash, {})).status).toBe(201);
    // The guest's token alone does not open a locked link.
    const cookie = visitor.client.cookieHeader
      .split('; ')
      .find((c) => c.startsWith(guestCookieName(locked.hash)))!;
    const tokenOnly = await new ApiClient(t.baseUrl).get(`/shared/${locked.hash}/guest`, { cookie });
    expect(error(tokenOnly)).toMatchObject({ status: 403, code: 'share_password_required' });
  });

  it(`post more than ${GUEST_COMMENTS_PER_MINUTE} comments a minute (429 rate_limited)`, async () => {
    const { hash } = await link();
    const guest = await guestOn(hash);
    for (let i = 0; i < GUEST_COMMENTS_PER_MINUTE; i += 1)
      expect((await guest.comment(hash, { text: `Note ${i}` })).status).toBe(201);
    const over = await guest.comment(hash, { text: 'One too many.' });
    expect(error(over)).toMatchObject({ status: 429, code: 'rate_limited' });
    expect(over.body.response.error.details.retry_after_seconds).toBeGreaterThan(0);
    expect(over.headers.get('retry-after')).not.toBeNull();
    // Another guest has their own allowance, and the minute passes.
    expect((await (await guestOn(hash, 'Other')).comment(hash, {})).status).toBe(201);
    t.clock.advance(61_000);
    expect((await guest.comment(hash, { text: 'Later.' })).status).toBe(201);
  });

  it(`join a link that has ${GUESTS_PER_LINK_MAX} guests already`, async () => {
    const { id, hash } = await link();
    const first = await guestOn(hash, 'First');
    const now = t.clock.now().toISOString();
    await t.ctx.db
      .insertInto('guests')
      .values(
        Array.from({ length: GUESTS_PER_LINK_MAX - 1 }, (_, i) => ({
          project_id: cast.project.id,
          link_id: id,
          name: `Guest ${i}`,
          email: null,
          token_hash: sha256(`seeded ${id} ${i}`),
          created_at: now,
          last_seen_at: now,
        })),
      )
      .execute();
    const late = await browser().join(hash, { name: 'Late' });
    expect(error(late)).toMatchObject({
      status: 403,
      code: 'guest_limit_reached',
      message: GUEST_TEXTS.tooManyGuests,
    });
    // Those in stay in, and may rename themselves.
    expect((await first.join(hash, { name: 'First again' })).status).toBe(200);
    expect((await first.comment(hash, {})).status).toBe(201);
    // Another link has its own guests.
    expect((await browser().join((await link()).hash)).status).toBe(201);
  });

  it('go past the members’ caps of names, text and markup', async () => {
    const { hash } = await link();
    const joining = browser();
    expect(error(await joining.join(hash, { name: '   ' }))).toMatchObject({
      status: 422,
      details: { name: ['Name must not be empty.'] },
    });
    expect(error(await joining.join(hash, { name: 'x'.repeat(101) }))).toMatchObject({
      status: 422,
      details: { name: ['Name should be up to 100 characters long.'] },
    });
    expect(error(await joining.join(hash, { name: 'Gwen', email: 'not an address' }))).toMatchObject({
      status: 422,
      details: { email: ['Email is invalid.'] },
    });
    expect(
      error(await joining.join(hash, { name: 'Gwen', email: `${'a'.repeat(250)}@guest.example` })),
    ).toMatchObject({
      status: 422,
      details: { email: ['Email should be up to 254 characters long.'] },
    });
    expect(error(await joining.join(hash, {}))).toMatchObject({ status: 422 });

    const guest = await guestOn(hash);
    const cases: [Record<string, unknown>, string, string][] = [
      [
        { text: 'x'.repeat(COMMENT_TEXT_MAX + 1) },
        'text',
        `Comment should be up to ${COMMENT_TEXT_MAX} characters long.`,
      ],
      [{ text: '  ' }, 'text', 'Comment must not be empty.'],
      [
        { markup: Array.from({ length: MARKUP_SHAPES_MAX + 1 }, () => line()) },
        'markup',
        `A comment carries at most ${MARKUP_SHAPES_MAX} shapes.`,
      ],
      [
        { markup: [{ ...rectangle, points: [...rectangle.points, { x: 0.9, y: 0.9 }] }] },
        'markup.0.points',
        MARKUP_TEXTS.twoPoints('rectangle'),
      ],
      [
        { markup: [{ ...rectangle, points: [rectangle.points[0], { x: 0.1, y: 0.9 }] }] },
        'markup.0.points',
        MARKUP_TEXTS.emptyBox('rectangle'),
      ],
      [
        { markup: [rectangle], global_comment: true },
        'markup',
        'A global comment is about the whole asset: it carries no markup.',
      ],
    ];
    for (const [fields, field, message] of cases) {
      const answer = await guest.comment(hash, fields);
      expect([field, answer.status, answer.body.response.error.details?.[field]?.[0]]).toEqual([
        field,
        422,
        message,
      ]);
    }
    const none = await t.ctx.db
      .selectFrom('comments')
      .select('id')
      .where('asset_id', '=', asset.id)
      .execute();
    expect(none).toEqual([]);
  });
});

describe("a guest's comment in the members' e-mail", () => {
  it("names the guest, marked '(Guest)', in the digest", async () => {
    await runDigestsAt(t, '2026-12-02T07:00:00Z');
    await setDigestPreferences(t.ctx, cast.collaborator.user.id, { every: 'once_per_day', zone: 'UTC' });
    const { hash } = await link();
    const guest = await guestOn(hash);
    expect((await guest.comment(hash, { text: 'Crop tighter.', markup: [rectangle] })).status).toBe(201);
    await t.ctx.jobs.idle();
    await runDigestsAt(t, '2026-12-02T09:00:00Z');
    const mails = await digestMailsTo(t, cast.collaborator.user.email);
    const body = mails.map((m) => m.text_body).join('\n');
    expect(body).toContain('Gwen Guest (Guest) added markup #1 on hero.png');
  });
});
