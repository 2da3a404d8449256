import { LIVE_RETRY_MS } from '@common/api/liveEvents';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildAsset, buildRound } from './assetFactories';
import { buildComment } from './commentFactories';
import { buildUser, signedIn } from './factories';
import { type ApiClient, type Json, lastMailTo, startTestApp, type TestApp } from './harness';
import { LiveStream } from './liveClient';
import { buildProjectCast, type ProjectCast } from './projectCast';
import { buildProject, buildProjectMember } from './projectFactories';

let t: TestApp;
let cast: ProjectCast;
let owner: ApiClient;
let asset: Json;
const streams: LiveStream[] = [];

/** Opens a stream and closes it after the test. */
async function open(options: Parameters<typeof LiveStream.open>[1] = {}): Promise<LiveStream> {
  const stream = await LiveStream.open(t.baseUrl, options);
  streams.push(stream);
  return stream;
}

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

beforeEach(async () => {
  cast = await buildProjectCast(t.baseUrl, t.ctx);
  owner = cast.owner.client;
  asset = await buildAsset(owner, cast.project.id);
});
afterEach(() => {
  for (const s of streams.splice(0)) s.close();
});

describe('GET /events: opening', () => {
  it('refuses a caller with neither a session nor a link (401), and an unknown link (404)', async () => {
    const anonymous = await open();
    expect(anonymous.status).toBe(401);
    expect(JSON.parse(anonymous.body).response.error.code).toBe('unauthorized');
    const unknown = await open({ shareHash: 'no-such-link-hash-aaaaaaaaaaaaaaaaaaaaaaaaaaaa' });
    expect(unknown.status).toBe(404);
  });

  it('answers an event stream that tells the client how soon to reconnect', async () => {
    const stream = await open({ client: owner });
    expect(stream.status).toBe(200);
    expect(stream.contentType).toContain('text/event-stream');
    expect(await stream.until(() => stream.retry, 'the retry line')).toBe(LIVE_RETRY_MS);
  });
});

describe('GET /events: delivery and who receives what', () => {
  it('brings another member’s comment, as the events table recorded it, to every member who sees comments', async () => {
    const ownerStream = await open({ client: owner });
    const viewerStream = await open({ client: cast.viewer.client });
    const comment = await buildComment(cast.collaborator.client, asset.id, { text: 'Warmer, please.' });
    const received = await ownerStream.next('comment.created', (m) => m.data.object_id === comment.id);
    const recorded = await t.ctx.db
      .selectFrom('domain_events')
      .select('id')
      .where('type', '=', 'comment.created')
      .where('subject_id', '=', comment.id)
      .executeTakeFirstOrThrow();
    // The event's last message (its notification for the owner, if any) carries the event's id.
    await ownerStream.until(
      () => ownerStream.messages.some((m) => m.id === String(recorded.id)),
      'the event id',
    );
    expect(received.data).toMatchObject({
      type: 'comment.created',
      project_id: cast.project.id,
      object_type: 'Comment',
      object_id: comment.id,
      data: { asset_id: asset.id, parent_id: null, version_id: asset.version_id },
    });
    await viewerStream.next('comment.created', (m) => m.data.object_id === comment.id);
  });

  it('tells a stranger nothing, and the workspace owner outside the project only of the project itself', async () => {
    // The stranger is a member of another project of the workspace, whose news mark the order.
    const other = await buildProject(owner, cast.workspace.id);
    await buildProjectMember(t.baseUrl, t.ctx, other.id, 'viewer', cast.stranger.user);
    const strangerStream = await open({ client: cast.stranger.client });
    const workspaceOwnerStream = await open({ client: cast.workspaceOwner.client });
    const ownerStream = await open({ client: owner });
    const comment = await buildComment(cast.collaborator.client, asset.id);
    await owner.patch(`/projects/${cast.project.id}`, { name: 'Renamed while watched' });
    await owner.patch(`/projects/${other.id}`, { name: 'The other one, renamed' });
    // Events reach each stream in the order they were published: a later one arriving proves the comment had its turn.
    await ownerStream.next('project.renamed', (m) => m.data.project_id === other.id);
    await workspaceOwnerStream.next('project.renamed', (m) => m.data.project_id === other.id);
    await strangerStream.next('project.renamed', (m) => m.data.project_id === other.id);
    expect(workspaceOwnerStream.all('project.renamed').map((m) => m.data.project_id)).toEqual([
      cast.project.id,
      other.id,
    ]);
    expect(workspaceOwnerStream.all('comment.created')).toEqual([]);
    expect(ownerStream.all('comment.created').map((m) => m.data.object_id)).toEqual([comment.id]);
    expect(strangerStream.messages.map((m) => [m.event, m.data.project_id])).toEqual([
      ['project.renamed', other.id],
    ]);
  });

  it('sends each recipient their notification.created only, right after its event, under the same id', async () => {
    const viewerStream = await open({ client: cast.viewer.client });
    const ownerStream = await open({ client: owner });
    const actorStream = await open({ client: cast.collaborator.client });
    const workspaceOwnerStream = await open({ client: cast.workspaceOwner.client });
    const text = `Look @[${cast.viewer.user.name}](user:${cast.viewer.user.id})`;
    const comment = await buildComment(cast.collaborator.client, asset.id, { text });
    const rows = await t.ctx.db
      .selectFrom('notifications')
      .select(['id', 'event_id', 'user_id', 'kind'])
      .where('related_object_id', '=', comment.id)
      .execute();
    const rowOf = (userId: number) => rows.find((r) => r.user_id === userId)!;
    expect(rowOf(cast.viewer.user.id).kind).toBe('mentions');

    for (const [stream, userId] of [
      [viewerStream, cast.viewer.user.id],
      [ownerStream, cast.owner.user.id],
    ] as const) {
      const row = rowOf(userId);
      const notification = await stream.next('notification.created');
      expect(notification.data).toEqual({
        type: 'notification.created',
        project_id: cast.project.id,
        object_type: 'Notification',
        object_id: row.id,
        data: { id: row.id, project_id: cast.project.id, kind: row.kind },
      });
      const event = stream.messages.find((m) => m.event === 'comment.created')!;
      expect(event.data.object_id).toBe(comment.id);
      // The id goes on the last message of the event, so a reconnection between the two loses neither.
      expect(event.id).toBeNull();
      expect(notification.id).toBe(String(row.event_id));
      expect(stream.all('notification.created')).toHaveLength(1);
    }
    await owner.patch(`/projects/${cast.project.id}`, { name: 'Marker' });
    await actorStream.next('project.renamed');
    await workspaceOwnerStream.next('project.renamed');
    expect(actorStream.all('notification.created')).toEqual([]);
    expect(workspaceOwnerStream.all('notification.created')).toEqual([]);
  });
});

describe('GET /events: reconnecting with Last-Event-ID', () => {
  it('replays what was committed while away, once and in order, then goes on live', async () => {
    const first = await open({ client: owner });
    const before = await buildComment(cast.collaborator.client, asset.id, { text: 'Before the gap.' });
    await first.next('comment.created', (m) => m.data.object_id === before.id);
    // A marker with no notification: the stream is past the comment's messages once it arrives.
    await owner.patch(`/projects/${cast.project.id}`, { name: 'Before the gap' });
    await first.next('project.renamed');
    const seen = { id: first.lastEventId };
    first.close();
    const during = [
      await buildComment(cast.collaborator.client, asset.id, { text: 'In the gap, one.' }),
      await buildComment(owner, asset.id, { text: 'In the gap, two.' }),
      await buildComment(cast.collaborator.client, asset.id, { text: 'In the gap, three.' }),
    ];
    await owner.patch(`/projects/${cast.project.id}`, { name: 'Renamed in the gap' });

    const second = await open({ client: owner, lastEventId: seen.id });
    const after = await buildComment(cast.collaborator.client, asset.id, { text: 'After the gap.' });
    await second.next('comment.created', (m) => m.data.object_id === after.id);
    expect(second.all('comment.created').map((m) => m.data.object_id)).toEqual([
      ...during.map((c) => c.id),
      after.id,
    ]);
    expect(second.all('project.renamed')).toHaveLength(1);
    const ids = second.messages.filter((m) => m.id !== null).map((m) => Number(m.id));
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(ids.every((id) => id > Number(seen.id))).toBe(true);
  });

  it('writes once an event committed before the reconnection and published after its replay', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let holding = true;
    // A subscriber that keeps the comment's event from the bus (subscribers run before the publish).
    t.ctx.events.subscribe({
      name: 'held back',
      handle: async (events) => {
        if (holding && events.some((e) => e.type === 'comment.created')) await held;
      },
    });
    const first = await open({ client: owner });
    await owner.patch(`/projects/${cast.project.id}`, { name: 'Before' });
    await first.next('project.renamed');
    const lastEventId = first.lastEventId;
    first.close();

    const posting = buildComment(cast.collaborator.client, asset.id, {
      text: 'Committed, not yet published.',
    });
    const committed = async () =>
      t.ctx.db
        .selectFrom('domain_events')
        .select('subject_id')
        .where('type', '=', 'comment.created')
        .where('id', '>', Number(lastEventId))
        .executeTakeFirst();
    let row = await committed();
    while (!row) row = await new Promise<undefined>((r) => setTimeout(r, 10)).then(committed);
    const second = await open({ client: owner, lastEventId });
    await second.next('comment.created', (m) => m.data.object_id === row.subject_id);
    holding = false;
    release();
    await posting;
    await owner.patch(`/projects/${cast.project.id}`, { name: 'After' });
    await second.next('project.renamed');
    expect(second.all('comment.created').map((m) => m.data.object_id)).toEqual([row.subject_id]);
  });

  it('replays only what the caller may see now', async () => {
    const first = await open({ client: cast.workspaceOwner.client });
    await owner.patch(`/projects/${cast.project.id}`, { name: 'Marker' });
    const seen = await first.next('project.renamed');
    first.close();
    await buildComment(cast.collaborator.client, asset.id);
    await owner.patch(`/projects/${cast.project.id}`, { name: 'Marker two' });
    const second = await open({ client: cast.workspaceOwner.client, lastEventId: seen.id });
    await second.next('project.renamed');
    expect(second.messages.map((m) => m.event)).toEqual(['project.renamed']);
  });
});

describe('GET /events: access that changes', () => {
  it('closes a removed member’s stream at once, after telling them', async () => {
    // The collaborator also sees another project, whose news mark the order on their next stream.
    const other = await buildProject(owner, cast.workspace.id);
    await buildProjectMember(t.baseUrl, t.ctx, other.id, 'viewer', cast.collaborator.user);
    const removed = await open({ client: cast.collaborator.client });
    const staying = await open({ client: cast.viewer.client });
    const answer = await owner.delete(`/projects/${cast.project.id}/members/${cast.collaborator.memberId}`);
    expect(answer.status).toBe(200);
    await removed.closedByServer();
    // (The asset's preview may finish meanwhile: its asset.round_processed comes when it does.)
    const told = removed.messages.filter((m) => m.event !== 'asset.round_processed');
    expect(told.map((m) => m.event)).toEqual(['member.removed', 'access.revoked']);
    expect(told[1]!.data).toMatchObject({ data: { project_id: cast.project.id } });
    await staying.next('member.removed');
    // The stream it reconnects with carries nothing more of the project.
    const again = await open({ client: cast.collaborator.client, lastEventId: removed.lastEventId });
    await buildComment(owner, asset.id);
    await owner.patch(`/projects/${cast.project.id}`, { name: 'After the removal' });
    await owner.patch(`/projects/${other.id}`, { name: 'Marker' });
    await again.next('project.renamed');
    expect(again.messages.map((m) => [m.event, m.data.project_id])).toEqual([['project.renamed', other.id]]);
  });

  it('starts telling a member who joins a project, without a reconnection', async () => {
    const newcomer = await buildUser(t.ctx);
    const stream = await open({ client: await signedIn(t.baseUrl, newcomer) });
    const other = await buildProject(owner, cast.workspace.id);
    const invite = await owner.post(`/projects/${other.id}/members/invite`, {
      invitees: [newcomer.email],
      role: 'collaborator',
    });
    expect(invite.status).toBe(201);
    const mail = await lastMailTo(t.ctx, newcomer.email);
    const token = /\/projects\/invitations\/([A-Za-z0-9_-]+)/.exec(mail?.text_body ?? '')?.[1];
    const joined = await (await signedIn(t.baseUrl, newcomer)).post(`/projects/invites/${token}/accept`);
    expect(joined.status).toBe(200);
    await stream.next('member.joined');
    const otherAsset = await buildAsset(owner, other.id);
    const comment = await buildComment(owner, otherAsset.id);
    await stream.next('comment.created', (m) => m.data.object_id === comment.id);
  });
});

describe('GET /events?share_hash=: a shared view', () => {
  async function share(fields: Record<string, unknown> = {}): Promise<string> {
    const answer = await owner.post(`/projects/${cast.project.id}/share`, fields);
    expect(answer.status).toBe(200);
    return answer.body.response.share_hash as string;
  }
  const rename = (name: string) => owner.patch(`/projects/${cast.project.id}`, { name });

  it('carries only the latest round’s news, and comments only while the link shows them', async () => {
    const early = await buildComment(cast.collaborator.client, asset.id, { text: 'On round one.' });
    const hash = await share();
    const stream = await open({ shareHash: hash });
    expect(stream.status).toBe(200);
    const round = await buildRound(owner, asset.id);
    await stream.next('asset.round_uploaded');
    const hidden = await buildComment(cast.collaborator.client, asset.id, {
      text: 'Not shown: comments off.',
    });
    await rename('Marker one');
    await stream.next('project.renamed');

    await share({ show_comments: true });
    const oldRoundReply = await buildComment(cast.collaborator.client, asset.id, {
      text: 'A reply on round one.',
      parent_id: early.id,
    });
    const shown = await buildComment(cast.collaborator.client, asset.id, {
      text: 'Shown: on the latest round.',
    });
    await rename('Marker two');
    await stream.until(() => stream.all('project.renamed').length === 2, 'the second rename');
    expect(stream.all('comment.created').map((m) => m.data.object_id)).toEqual([shown.id]);
    expect(stream.all('comment.replied')).toEqual([]);
    const comments = stream.messages
      .filter((m) => m.data.object_type === 'Comment')
      .map((m) => m.data.object_id);
    expect(comments).toEqual([shown.id]);
    expect([hidden.id, oldRoundReply.id]).not.toContain(shown.id);
    expect(stream.all('asset.round_uploaded')[0]!.data).toMatchObject({
      object_id: asset.id,
      data: { version_id: round.current_version?.id ?? round.version_id },
    });
    // Nothing of the team: no tasks, approvals, members or notifications (previews finish when they do).
    const allowed = ['asset.round_uploaded', 'asset.round_processed', 'project.renamed', 'comment.created'];
    expect(stream.messages.map((m) => m.event).filter((e) => !allowed.includes(e))).toEqual([]);
  });

  it('closes when the link is revoked, and the link then answers 404', async () => {
    const hash = await share();
    const stream = await open({ shareHash: hash });
    expect((await owner.delete(`/projects/${cast.project.id}/share`)).status).toBe(200);
    await stream.closedByServer();
    const told = stream.messages.filter((m) => m.event !== 'asset.round_processed');
    expect(told.map((m) => m.event)).toEqual(['access.revoked']);
    expect((await open({ shareHash: hash })).status).toBe(404);
  });

  it('refuses a locked link without its unlock cookie (403)', async () => {
    const hash = await share({ password: 'open sesame 1' });
    const stream = await open({ shareHash: hash });
    expect(stream.status).toBe(403);
    expect(JSON.parse(stream.body).response.error.code).toBe('share_password_required');
  });
});

describe('GET /events: heartbeats', () => {
  it('writes a comment line at the configured interval, keeping proxies from closing the stream', async () => {
    const quick = await startTestApp({ LIVE_HEARTBEAT_SECONDS: '0.05' });
    try {
      const user = await buildUser(quick.ctx);
      const stream = await LiveStream.open(quick.baseUrl, { client: await signedIn(quick.baseUrl, user) });
      await stream.until(
        () => stream.comments.filter((c) => c === 'heartbeat').length >= 2,
        'two heartbeats',
      );
      expect(stream.messages).toEqual([]);
      stream.close();
    } finally {
      await quick.close();
    }
  });
});
