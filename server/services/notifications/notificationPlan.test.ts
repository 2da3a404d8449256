import { describe, expect, it } from 'vitest';
import type { DomainEvent } from '@common/domainEvents';
import type { NotificationRecipient } from '../../db/repositories/notifications';
import { actorName, alarmOn, kindFor, notificationMessage, planNotifications } from './notificationPlan';

/** A comment.created event; `over` may make it another type, with only the data the plan reads. */
const event = (over: Partial<Record<keyof DomainEvent, unknown>> = {}): DomainEvent =>
  ({
    id: 10,
    type: 'comment.created',
    workspaceId: 1,
    projectId: 5,
    actorId: 1,
    subject: { type: 'Comment', id: 70 },
    data: {
      asset: 'hero.jpg',
      asset_id: 3,
      parent_id: null,
      excerpt: 'Brighter',
      markup_number: null,
      mentions: [],
    },
    occurredAt: '2026-11-28T10:00:00.000Z',
    ...over,
  }) as DomainEvent;

const member = (userId: number, over: Partial<NotificationRecipient> = {}): NotificationRecipient => ({
  projectId: 5,
  userId,
  role: 'collaborator',
  alarms: '{}',
  muted: false,
  ...over,
});

describe('alarmOn', () => {
  it('is on unless turned off, a broken value reading as the default', () => {
    expect(alarmOn('{}', 'comments')).toBe(true);
    expect(alarmOn('{"comments":false}', 'comments')).toBe(false);
    expect(alarmOn('{"comments":false}', 'mentions')).toBe(true);
    expect(alarmOn('not json', 'comments')).toBe(true);
    expect(alarmOn('[false]', 'comments')).toBe(true);
  });
});

describe('notificationMessage', () => {
  const facts = { assetName: 'hero.jpg', markupNumber: 3, round: 2 };
  it('highlights the actor, and keeps names from opening a highlight', () => {
    expect(notificationMessage('comments', 'Anna', facts)).toBe('|Anna| commented on hero.jpg');
    expect(notificationMessage('markups', 'Anna', facts)).toBe('|Anna| added markup #3 on hero.jpg');
    expect(notificationMessage('uploaded_assets', 'Anna', facts)).toBe('|Anna| uploaded round 2 of hero.jpg');
    expect(notificationMessage('uploaded_assets', 'Anna', { ...facts, round: null })).toBe(
      '|Anna| uploaded hero.jpg',
    );
    expect(notificationMessage('flagged', 'A|nna', { ...facts, assetName: 'x|y' })).toBe(
      '|A\u00a6nna| flagged x\u00a6y as rush priority',
    );
    expect(notificationMessage('approved_assets', '', facts)).toBe('|Someone| approved hero.jpg');
  });
});

describe('kindFor', () => {
  it('never tells the actor; makes markups of a comment with markup', () => {
    expect(kindFor(event(), member(1))).toBeNull();
    expect(kindFor(event(), member(2))).toBe('comments');
    expect(kindFor(event({ data: { ...event().data, markup_number: 1 } }), member(2))).toBe('markups');
  });

  it('sends a mention through a muted project and an alarm turned off, unless mentions are off', () => {
    const mention = event({ data: { ...event().data, mentions: [2] } });
    expect(kindFor(mention, member(2, { muted: true, alarms: '{"comments":false}' }))).toBe('mentions');
    expect(kindFor(mention, member(2, { alarms: '{"mentions":false}' }))).toBe('comments');
    expect(kindFor(mention, member(2, { alarms: '{"mentions":false}', muted: true }))).toBeNull();
    expect(kindFor(mention, member(3, { muted: true }))).toBeNull();
  });

  it('tells only the assignees of a task', () => {
    const task = event({
      type: 'task.created',
      subject: { type: 'Task', id: 4 },
      data: { assigned_ids: [2] },
    });
    expect(kindFor(task, member(2))).toBe('tasks');
    expect(kindFor(task, member(3))).toBeNull();
    const edited = event({
      type: 'task.updated',
      subject: { type: 'Task', id: 4 },
      data: { fields: ['text'] },
    });
    expect(kindFor(edited, member(2))).toBeNull();
  });

  it('makes nothing of an event that notifies no one', () => {
    expect(kindFor(event({ type: 'comment.completed' }), member(2))).toBeNull();
  });
});

describe('planNotifications', () => {
  it('makes one row per recipient of the event’s project, and none for a mentioned non-member', () => {
    const mention = event({ data: { ...event().data, mentions: [9] } });
    const rows = planNotifications(
      [mention],
      [member(1), member(2), member(3, { projectId: 6 })],
      new Map([[1, 'Anna']]),
    );
    expect(rows.map((r) => [r.user_id, r.kind, r.url])).toEqual([
      [2, 'comments', '/projects/5/assets/3?comment_id=70'],
    ]);
    expect(rows[0]).toMatchObject({
      event_id: 10,
      message: '|Anna| commented on hero.jpg',
      quoted_comment: 'Brighter',
    });
  });
});

describe("a guest's comment", () => {
  const byGuest = event({ actorId: null, data: { ...event().data, guest_id: 4, guest_name: 'Gwen' } });

  it("names the guest with the '(Guest)' mark; a member actor by their name; no one as ''", () => {
    expect(actorName(byGuest, new Map())).toBe('Gwen (Guest)');
    expect(actorName(event(), new Map([[1, 'Ana']]))).toBe('Ana');
    expect(actorName(event({ actorId: null }), new Map())).toBe('');
  });

  it('tells every member, none of whom is its actor', () => {
    const rows = planNotifications([byGuest], [member(1), member(2)], new Map());
    expect(rows.map((r) => [r.user_id, r.actor_id, r.message])).toEqual([
      [1, null, '|Gwen (Guest)| commented on hero.jpg'],
      [2, null, '|Gwen (Guest)| commented on hero.jpg'],
    ]);
  });
});
