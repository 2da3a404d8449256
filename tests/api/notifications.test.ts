import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { NOTIFICATIONS_PER_PAGE_MAX } from '@common/api/notifications';
import { mentionToken } from '@common/api/comments';
import type { DomainEvent } from '@common/domainEvents';
import { NotificationSubscriber } from '@server/events/notificationSubscriber';
import { buildAsset, buildRound } from './assetFactories';
import { buildComment, line } from './commentFactories';
import { type ApiClient, type Json, startTestApp, type TestApp } from './harness';
import { suspend } from './memberFactories';
import { buildProjectCast, type ProjectCast } from './projectCast';
import { buildProject, buildProjectMember, projectMemberId } from './projectFactories';
import { buildTask, taskPath } from './taskFactories';

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
  // The upload told the others (tested below): each test starts from no notification.
  await t.ctx.db.deleteFrom('notifications').where('project_id', '=', cast.project.id).execute();
});

const path = (projectId: number, query = '') => `/projects/${projectId}/notifications${query}`;

/** The caller's notifications of the cast's project (or of `query`'s listing), asserted 200. */
async function items(client: ApiClient, query = '', projectId = cast.project.id): Promise<Json[]> {
  const answer = await client.get(path(projectId, query));
  expect(answer.status).toBe(200);
  return answer.body.response;
}

const kinds = async (client: ApiClient, query = '') => (await items(client, query)).map((n) => n.kind);

async function alarms(client: ApiClient, values: Record<string, boolean>) {
  const answer = await client.patch('/notifications_preferences', {
    notification_alarms: Object.entries(values).map(([identifier, value]) => ({ identifier, value })),
  });
  expect(answer.status).toBe(200);
}

async function mute(client: ApiClient, muted: boolean, projectId = cast.project.id): Promise<Json> {
  const answer = await client.put(`/projects/${projectId}/notifications/mute`, { muted });
  expect(answer.status).toBe(200);
  return answer.body.response;
}

describe('notifications made from events', () => {
  it('tells every other member of a comment, with its title, message, image, object, URL and quote', async () => {
    await t.ctx.jobs.idle();
    const withThumbnail = (await cast.owner.client.get(`/assets/${asset.id}`)).body.response;
    const comment = await buildComment(cast.collaborator.client, asset.id, {
      text: 'Please brighten the sky.',
    });
    const [forOwner] = await items(cast.owner.client);
    expect(forOwner).toEqual({
      id: expect.any(Number),
      project_id: cast.project.id,
      kind: 'comments',
      title: 'hero.png',
      message: `|${cast.collaborator.user.name}| commented on hero.png`,
      image: withThumbnail.current_version.thumbnail_url,
      was_read: false,
      was_opened: false,
      is_pinned: false,
      created_at: t.clock.now().toISOString(),
      related_object_type: 'Comment',
      related_object: { id: comment.id, parentID: null },
      relatedObjectUrl: `/projects/${cast.project.id}/assets/${asset.id}?comment_id=${comment.id}`,
      quoted_comment: 'Please brighten the sky.',
      actor: { id: cast.collaborator.user.id, name: cast.collaborator.user.name, avatar_url: null },
    });
    expect(withThumbnail.current_version.thumbnail_url).toMatch(/^\/api\/v1\/renditions\//);
    expect(await kinds(cast.viewer.client)).toEqual(['comments']);
    // Never the actor; never someone who is not a project member, even one who sees the project.
    expect(await kinds(cast.collaborator.client)).toEqual([]);
    for (const outsider of [cast.workspaceOwner, cast.workspaceAdmin])
      expect((await outsider.client.get('/notifications')).body.response).toEqual([]);
  });

  it('makes a comment with markup a markups notification, and a reply a replies one on its thread', async () => {
    const drawn = await buildComment(cast.owner.client, asset.id, { text: 'Here', markup: [line()] });
    const reply = await buildComment(cast.collaborator.client, asset.id, {
      text: 'Agreed',
      parent_id: drawn.id,
    });
    const [replied, marked] = await items(cast.viewer.client);
    expect(marked).toMatchObject({
      kind: 'markups',
      message: `|${cast.owner.user.name}| added markup #1 on hero.png`,
    });
    expect(replied).toMatchObject({
      kind: 'replies',
      message: `|${cast.collaborator.user.name}| replied to a comment on hero.png`,
      related_object: { id: reply.id, parentID: drawn.id },
      // The thread that becomes active is the root comment's.
      relatedObjectUrl: `/projects/${cast.project.id}/assets/${asset.id}?comment_id=${drawn.id}`,
      quoted_comment: 'Agreed',
    });
    expect(await kinds(cast.owner.client)).toEqual(['replies']);
    expect(await kinds(cast.collaborator.client)).toEqual(['markups']);
  });

  it('sends a mention to the mentioned member even with their comment alarm off, once', async () => {
    await alarms(cast.viewer.client, { comments: false, replies: false });
    const text = `Look ${mentionToken(cast.viewer.user)} and ${mentionToken(cast.owner.user)}`;
    await buildComment(cast.collaborator.client, asset.id, { text });
    const [mention] = await items(cast.viewer.client);
    expect(mention).toMatchObject({
      kind: 'mentions',
      message: `|${cast.collaborator.user.name}| mentioned you on hero.png`,
      quoted_comment: `Look @${cast.viewer.user.name} and @${cast.owner.user.name}`,
    });
    expect(await kinds(cast.viewer.client)).toEqual(['mentions']);
    expect(await kinds(cast.owner.client)).toEqual(['mentions']);
    // A plain comment does not reach the viewer, whose comment alarm is off.
    await buildComment(cast.collaborator.client, asset.id, { text: 'No mention' });
    expect(await kinds(cast.viewer.client)).toEqual(['mentions']);
    expect(await kinds(cast.owner.client)).toEqual(['comments', 'mentions']);
  });

  it('follows each member’s alarms: a kind turned off makes none of that kind', async () => {
    await alarms(cast.owner.client, { comments: false, flagged: false });
    await buildComment(cast.collaborator.client, asset.id);
    await cast.collaborator.client.post(`/assets/${asset.id}/set_rush_priority`);
    await buildComment(cast.collaborator.client, asset.id, { markup: [line()] });
    expect(await kinds(cast.owner.client)).toEqual(['markups']);
    expect(await kinds(cast.viewer.client)).toEqual(['markups', 'flagged', 'comments']);
  });

  it('stops a muted project’s notifications but its mentions, and says so in the project answer', async () => {
    const muted = await mute(cast.owner.client, true);
    expect(muted).toMatchObject({ id: cast.project.id, notifications_muted: true });
    await buildComment(cast.collaborator.client, asset.id);
    await buildRound(cast.collaborator.client, asset.id);
    expect(await kinds(cast.owner.client)).toEqual([]);
    await buildComment(cast.collaborator.client, asset.id, { text: `Hi ${mentionToken(cast.owner.user)}` });
    expect(await kinds(cast.owner.client)).toEqual(['mentions']);
    expect((await mute(cast.owner.client, false)).notifications_muted).toBe(false);
    await buildComment(cast.collaborator.client, asset.id);
    expect(await kinds(cast.owner.client)).toEqual(['comments', 'mentions']);
    // Muting is the caller's own: the viewer still got everything.
    expect(await kinds(cast.viewer.client)).toEqual(['comments', 'comments', 'uploaded_assets', 'comments']);
  });

  it('tells of uploads and new rounds, rush flags and approvals', async () => {
    const second = await buildAsset(cast.collaborator.client, cast.project.id, { name: 'b|ad.png' });
    await buildRound(cast.owner.client, second.id);
    await cast.collaborator.client.post(`/assets/${asset.id}/set_rush_priority`);
    const approved = await cast.collaborator.client.patch(
      `/projects/${cast.project.id}/assets/mark_as_approved`,
      {
        ids: [asset.id, second.id],
      },
    );
    expect(approved.status).toBe(200);
    const forViewer = await items(cast.viewer.client);
    expect(forViewer.map((n) => [n.kind, n.message])).toEqual([
      ['approved_assets', `|${cast.collaborator.user.name}| approved b\u00a6ad.png`],
      ['approved_assets', `|${cast.collaborator.user.name}| approved hero.png`],
      ['flagged', `|${cast.collaborator.user.name}| flagged hero.png as rush priority`],
      ['uploaded_assets', `|${cast.owner.user.name}| uploaded round 1 of b\u00a6ad.png`],
      ['uploaded_assets', `|${cast.collaborator.user.name}| uploaded b\u00a6ad.png`],
    ]);
    expect(forViewer[4]).toMatchObject({
      // The title is no message: the name stays as it is.
      title: 'b|ad.png',
      related_object_type: 'Asset',
      related_object: { id: second.id, parentID: null },
      relatedObjectUrl: `/projects/${cast.project.id}/assets/${second.id}`,
      quoted_comment: null,
    });
    expect(await kinds(cast.owner.client)).toEqual([
      'approved_assets',
      'approved_assets',
      'flagged',
      'uploaded_assets',
    ]);
  });

  it('tells the assignees of a new task, and responsibles added later, never the rest', async () => {
    const second = await buildProjectMember(t.baseUrl, t.ctx, cast.project.id, 'collaborator');
    const task = await buildTask(cast.owner.client, cast.project.id, {
      text: 'Retouch the skin tones',
      assigned_ids: [cast.collaborator.user.id, cast.owner.user.id],
    });
    const [assigned] = await items(cast.collaborator.client);
    expect(assigned).toMatchObject({
      kind: 'tasks',
      title: 'Task assigned to you',
      message: `|${cast.owner.user.name}| assigned you a task`,
      image: null,
      related_object_type: 'Project',
      related_object: { id: cast.project.id, parentID: null },
      relatedObjectUrl: `/projects/${cast.project.id}?open_tasks_panel`,
      quoted_comment: 'Retouch the skin tones',
    });
    expect(await kinds(second.client)).toEqual([]);
    const edited = await cast.owner.client.patch(taskPath(cast.project.id, task.id), {
      assigned_ids: [cast.collaborator.user.id, cast.owner.user.id, second.user.id],
    });
    expect(edited.status).toBe(200);
    expect(await kinds(second.client)).toEqual(['tasks']);
    expect(await kinds(cast.collaborator.client)).toEqual(['tasks']);
    expect(await kinds(cast.owner.client)).toEqual([]);
    expect(await kinds(cast.viewer.client)).toEqual([]);
  });

  it('notifies a mentioned user who is not a member of nothing, and makes nothing twice for an event', async () => {
    const stranger = cast.stranger;
    const [event] = await t.ctx.uow.transaction((tx) =>
      tx.recordMany([
        {
          type: 'comment.created',
          workspaceId: cast.workspace.id,
          projectId: cast.project.id,
          actorId: cast.collaborator.user.id,
          subject: { type: 'Comment', id: 999_999 },
          data: {
            asset: 'hero.png',
            asset_id: asset.id,
            parent_id: null,
            version_id: asset.current_version.id,
            excerpt: 'x',
            markup_number: null,
            mentions: [stranger.user.id],
          },
        },
      ]),
    );
    expect((await stranger.client.get('/notifications')).body.response).toEqual([]);
    const rows = async () =>
      Number(
        (
          await t.ctx.db
            .selectFrom('notifications')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('event_id', '=', event!.id)
            .executeTakeFirstOrThrow()
        ).n,
      );
    expect(await rows()).toBe(2);
    // The event handled again, as a redelivery after a crash would: no second notification.
    const subscriber = new NotificationSubscriber(t.ctx.uow.read.notifications);
    await subscriber.handle([event as DomainEvent]);
    await subscriber.handle([event as DomainEvent, event as DomainEvent]);
    expect(await rows()).toBe(2);
    expect(await kinds(cast.owner.client)).toEqual(['comments']);
  });
});

describe('who may read them', () => {
  it('answers 404 to a stranger, and to another member for an id that is not theirs', async () => {
    await buildComment(cast.collaborator.client, asset.id);
    const [mine] = await items(cast.owner.client);
    expect((await cast.stranger.client.get(path(cast.project.id))).status).toBe(404);
    for (const other of [cast.stranger.client, cast.viewer.client]) {
      for (const action of ['mark_as_pinned', 'unmark_as_pinned', 'opened']) {
        const answer = await other.post(`/notifications/${mine.id}/${action}`);
        expect(answer.status).toBe(404);
        expect(answer.body.response.error.code).toBe('not_found');
      }
    }
    expect(
      (await cast.stranger.client.post('/mark_notifications_as_read', { project_id: cast.project.id }))
        .status,
    ).toBe(404);
    expect(
      (await cast.stranger.client.put(`/projects/${cast.project.id}/notifications/mute`, { muted: true }))
        .status,
    ).toBe(404);
    expect((await cast.anonymous.client.get('/notifications')).status).toBe(401);
  });

  it('shows a member who left none of the project’s notifications, and refuses their ids', async () => {
    await buildComment(cast.owner.client, asset.id);
    const [theirs] = await items(cast.collaborator.client);
    const memberId = await projectMemberId(t.ctx, cast.project.id, cast.collaborator.user.id);
    expect(
      (await cast.owner.client.delete(`/projects/${cast.project.id}/members/${memberId}`)).status,
    ).toBeLessThan(300);
    const all = await cast.collaborator.client.get('/notifications');
    expect(all.body).toEqual({ response: [], meta: { total_pages: 0, older_than: null, unseen_count: 0 } });
    expect((await cast.collaborator.client.get(path(cast.project.id))).status).toBe(404);
    expect((await cast.collaborator.client.post(`/notifications/${theirs.id}/opened`)).status).toBe(404);
  });
});

describe('GET /projects/{id}/notifications and GET /notifications', () => {
  it('filters by kind, answering the empty list of a filter that matches nothing', async () => {
    await buildComment(cast.collaborator.client, asset.id);
    await cast.collaborator.client.post(`/assets/${asset.id}/set_rush_priority`);
    expect(await kinds(cast.owner.client, '?filter_type=flagged')).toEqual(['flagged']);
    expect(await kinds(cast.owner.client, '?filter_type=comments')).toEqual(['comments']);
    const none = await cast.owner.client.get(path(cast.project.id, '?filter_type=tasks'));
    expect(none.body).toEqual({ response: [], meta: { total_pages: 0, older_than: null, unseen_count: 2 } });
  });

  it('pins and unpins; sorted=pinned puts the pinned first, then the newest', async () => {
    for (let i = 0; i < 3; i += 1) await buildComment(cast.collaborator.client, asset.id, { text: `c${i}` });
    const [c2, c1, c0] = await items(cast.owner.client);
    t.clock.advance(1000);
    const pinned = await cast.owner.client.post(`/notifications/${c0.id}/mark_as_pinned`);
    expect(pinned.body.response).toMatchObject({ id: c0.id, is_pinned: true });
    t.clock.advance(1000);
    await cast.owner.client.post(`/notifications/${c1.id}/mark_as_pinned`);
    // Pinning again keeps the pin's time, so the order stays.
    await cast.owner.client.post(`/notifications/${c0.id}/mark_as_pinned`);
    const quote = async (query: string) =>
      (await items(cast.owner.client, query)).map((n) => n.quoted_comment);
    expect(await quote('?sorted=pinned')).toEqual(['c1', 'c0', 'c2']);
    expect(await quote('')).toEqual(['c2', 'c1', 'c0']);
    const unpinned = await cast.owner.client.post(`/notifications/${c1.id}/unmark_as_pinned`);
    expect(unpinned.body.response.is_pinned).toBe(false);
    expect(await quote('?sorted=pinned')).toEqual(['c0', 'c2', 'c1']);
    expect(c2.is_pinned).toBe(false);
  });

  it('pages below a stable cursor while new notifications arrive: none twice, none skipped', async () => {
    for (let i = 0; i < 5; i += 1)
      await buildComment(cast.collaborator.client, asset.id, { text: `old ${i}` });
    const first = await cast.owner.client.get(path(cast.project.id, '?per_page=2'));
    const cursor = first.body.meta.older_than;
    expect(first.body.meta).toEqual({
      total_pages: 3,
      older_than: first.body.response[0].id + 1,
      unseen_count: 5,
    });
    const seen = first.body.response.map((n: Json) => n.quoted_comment);
    for (let page = 2; page <= 3; page += 1) {
      // Others comment between the pages.
      await buildComment(cast.collaborator.client, asset.id, { text: `new ${page}` });
      const next = await cast.owner.client.get(
        path(cast.project.id, `?per_page=2&page=${page}&older_than=${cursor}`),
      );
      expect(next.body.meta).toMatchObject({ total_pages: 3, older_than: cursor });
      seen.push(...next.body.response.map((n: Json) => n.quoted_comment));
    }
    expect(seen).toEqual(['old 4', 'old 3', 'old 2', 'old 1', 'old 0']);
    const past = await cast.owner.client.get(
      path(cast.project.id, `?per_page=2&page=4&older_than=${cursor}`),
    );
    expect(past.body.response).toEqual([]);
    // A fresh first page starts at the newest.
    expect((await items(cast.owner.client, '?per_page=2')).map((n) => n.quoted_comment)).toEqual([
      'new 3',
      'new 2',
    ]);
  });

  it('lists every project of the caller in GET /notifications, with the unseen count across them', async () => {
    const other = await buildProject(cast.owner.client, cast.workspace.id);
    await buildProjectMember(t.baseUrl, t.ctx, other.id, 'collaborator', cast.collaborator.user);
    const otherAsset = await buildAsset(cast.collaborator.client, other.id, { name: 'other.png' });
    await buildComment(cast.collaborator.client, asset.id);
    const all = await cast.owner.client.get('/notifications');
    expect(all.body.response.map((n: Json) => [n.project_id, n.kind])).toEqual([
      [cast.project.id, 'comments'],
      [other.id, 'uploaded_assets'],
    ]);
    expect(all.body.meta.unseen_count).toBe(2);
    expect(all.body.response[1].related_object.id).toBe(otherAsset.id);
    expect((await cast.owner.client.get(path(cast.project.id))).body.meta.unseen_count).toBe(1);
  });

  it('refuses bad queries with 422, never a 500', async () => {
    for (const query of [
      `?per_page=${NOTIFICATIONS_PER_PAGE_MAX + 1}`,
      '?per_page=0',
      '?page=0',
      '?page=abc',
      '?older_than=-3',
      '?filter_type=everything',
      '?sorted=oldest',
    ]) {
      const answer = await cast.owner.client.get(path(cast.project.id, query));
      expect([query, answer.status]).toEqual([query, 422]);
      expect(answer.body.response.error.code).toBeDefined();
    }
    expect(
      (await cast.owner.client.get(`/notifications?per_page=${NOTIFICATIONS_PER_PAGE_MAX + 1}`)).status,
    ).toBe(422);
    expect((await cast.owner.client.post('/notifications/abc/opened')).status).toBeLessThan(500);
    expect((await cast.owner.client.post('/notifications/99999999/opened')).status).toBe(404);
    expect((await cast.owner.client.put(`/projects/${cast.project.id}/notifications/mute`, {})).status).toBe(
      422,
    );
    expect((await cast.owner.client.post('/mark_notifications_as_read', { project_id: 'x' })).status).toBe(
      422,
    );
    expect(
      (await cast.owner.client.post('/mark_notifications_as_read', { project_id: 99999999 })).status,
    ).toBe(404);
  });
});

describe('seen, read and opened', () => {
  it('marks one project’s notifications read, or all of them; the project answers count the unseen', async () => {
    const other = await buildProject(cast.owner.client, cast.workspace.id);
    await buildProjectMember(t.baseUrl, t.ctx, other.id, 'collaborator', cast.collaborator.user);
    await buildAsset(cast.collaborator.client, other.id);
    await buildComment(cast.collaborator.client, asset.id);
    await buildComment(cast.collaborator.client, asset.id);
    const unseen = async () => {
      const list = (await cast.owner.client.get('/projects/active')).body.response as Json[];
      const one = (await cast.owner.client.get(`/projects/${cast.project.id}`)).body.response;
      return {
        list: Object.fromEntries(list.map((p) => [p.id, p.unseen_notifications_count])),
        one: one.unseen_notifications_count,
      };
    };
    expect(await unseen()).toEqual({ list: { [cast.project.id]: 2, [other.id]: 1 }, one: 2 });
    const marked = await cast.owner.client.post('/mark_notifications_as_read', {
      project_id: cast.project.id,
    });
    expect(marked.body.response).toEqual({ marked: 2, unseen_count: 1 });
    expect(await unseen()).toEqual({ list: { [cast.project.id]: 0, [other.id]: 1 }, one: 0 });
    expect((await items(cast.owner.client)).map((n) => n.was_read)).toEqual([true, true]);
    const all = await cast.owner.client.post('/mark_notifications_as_read');
    expect(all.body.response).toEqual({ marked: 1, unseen_count: 0 });
    expect(await unseen()).toEqual({ list: { [cast.project.id]: 0, [other.id]: 0 }, one: 0 });
    // The others' counts are theirs.
    expect(
      (await cast.viewer.client.get(`/projects/${cast.project.id}`)).body.response.unseen_notifications_count,
    ).toBe(2);
  });

  it('records an open, which sees the item too', async () => {
    await buildComment(cast.collaborator.client, asset.id);
    await buildComment(cast.collaborator.client, asset.id);
    const [newer, older] = await items(cast.owner.client);
    const opened = await cast.owner.client.post(`/notifications/${older.id}/opened`);
    expect(opened.body.response).toMatchObject({ id: older.id, was_opened: true, was_read: true });
    expect((await items(cast.owner.client)).map((n) => [n.id, n.was_read, n.was_opened])).toEqual([
      [newer.id, false, false],
      [older.id, true, true],
    ]);
    expect((await cast.owner.client.get('/notifications')).body.meta.unseen_count).toBe(1);
  });

  it('keeps New Activity to others’ changes after the project was seen, and tells a suspended workspace', async () => {
    await cast.owner.client.post(`/projects/${cast.project.id}/update_project_last_seen`);
    t.clock.advance(1000);
    const project = async () => (await cast.owner.client.get(`/projects/${cast.project.id}`)).body.response;
    expect((await project()).has_new_activity).toBe(false);
    await buildComment(cast.collaborator.client, asset.id);
    expect(await project()).toMatchObject({ has_new_activity: true, unseen_notifications_count: 1 });
    await cast.owner.client.post('/mark_notifications_as_read', { project_id: cast.project.id });
    // Reading the notifications is not seeing the project.
    expect(await project()).toMatchObject({ has_new_activity: true, unseen_notifications_count: 0 });
    await suspend(t.ctx, cast.workspace.id);
    expect((await project()).workspace).toMatchObject({
      is_active: false,
      owner_id: cast.workspaceOwner.user.id,
    });
  });
});
