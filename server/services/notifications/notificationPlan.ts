import {
  ACTIVE_COMMENT_PARAM,
  QUOTED_COMMENT_MAX,
  withoutPipes,
  type NotificationKind,
  type RelatedObjectType,
} from '@common/api/notifications';
import { guestLabel } from '@common/api/guests';
import type { DomainEvent, DomainEventType } from '@common/domainEvents';
import { can, type Capability } from '@common/projectRoles';
import { truncate } from '@common/text';
import type { NotificationInsert, NotificationRecipient } from '../../db/repositories/notifications';

/**
 * Which notifications an event makes, for whom (projects-side §3 Notification, issue 24): pure, so
 * the subscriber only reads the members and writes the rows.
 *
 * One notification per event and recipient, of one kind:
 * - comment.created: 'mentions' for a mentioned member, else 'markups' when it carries markup, else
 *   'comments'; comment.replied: 'mentions' for a mentioned member, else 'replies'.
 * - asset.uploaded and asset.round_uploaded: 'uploaded_assets'; asset.flagged: 'flagged';
 *   asset.approved: 'approved_assets' (each asset of a bulk approval is its own event).
 * - task.created: 'tasks' for its assignees; task.updated: 'tasks' for the responsibles it added.
 * Recipients are the project's members who may see the object (its capability in
 * common/projectRoles.ts), never the actor, whose alarm of that kind is on (every alarm is on until
 * the user turns it off, as presenters/user.ts presentAlarms shows them), and who have not muted
 * the project. A mention reaches the mentioned member even when their alarm of the comment's kind
 * is off or the project is muted (unless their 'mentions' alarm is off: then they are weighed like
 * any other member); a mentioned user who is not a member is notified of nothing.
 */

/** What a kind's object needs the recipient to see. */
const SEES: Record<NotificationKind, Capability> = {
  mentions: 'comments.see',
  comments: 'comments.see',
  markups: 'comments.see',
  replies: 'comments.see',
  uploaded_assets: 'assets.see',
  tasks: 'tasks.see',
  flagged: 'assets.see',
  approved_assets: 'assets.see',
};

/**
 * The kind each event that notifies makes for a member it does not address by name (a comment with
 * markup makes 'markups'; a mention makes 'mentions'; see kindFor). An event type absent here
 * notifies no one.
 */
export const EVENT_KINDS: Partial<Record<DomainEventType, NotificationKind>> = {
  'comment.created': 'comments',
  'comment.replied': 'replies',
  'asset.uploaded': 'uploaded_assets',
  'asset.round_uploaded': 'uploaded_assets',
  'asset.flagged': 'flagged',
  'asset.approved': 'approved_assets',
  'task.created': 'tasks',
  'task.updated': 'tasks',
};

/** Whether the user's stored alarms (JSON {identifier: boolean}) keep `kind` on; on unless turned off. */
export function alarmOn(stored: string, kind: NotificationKind): boolean {
  try {
    const values: unknown = JSON.parse(stored);
    if (values && typeof values === 'object' && !Array.isArray(values)) {
      const value = (values as Record<string, unknown>)[kind];
      return value !== false;
    }
  } catch {
    // A broken value reads as the default.
  }
  return true;
}

/** What one notification says and points at, the same for every recipient of the event. */
export interface NotificationContent {
  title: string;
  message: string;
  assetId: number | null;
  relatedObjectType: RelatedObjectType;
  relatedObjectId: number;
  relatedParentId: number | null;
  url: string;
  quotedComment: string | null;
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const id = (value: unknown): number | null =>
  typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : null;
const ids = (value: unknown): number[] =>
  Array.isArray(value) ? value.filter((v): v is number => id(v) !== null) : [];

/** An event's data read field by field, each checked where it is read (a stored event may be older than its type). */
const dataOf = (event: { data: object }) => event.data as Record<string, unknown>;

export const assetUrl = (projectId: number, assetId: number) => `/projects/${projectId}/assets/${assetId}`;

/** The message: the actor highlighted, then what they did (names never carry a pipe). */
export function notificationMessage(kind: NotificationKind, actor: string, data: NotificationFacts): string {
  const who = `|${withoutPipes(actor) || 'Someone'}|`;
  const asset = withoutPipes(data.assetName);
  switch (kind) {
    case 'mentions':
      return `${who} mentioned you on ${asset}`;
    case 'comments':
      return `${who} commented on ${asset}`;
    case 'markups':
      return `${who} added markup${data.markupNumber !== null ? ` #${data.markupNumber}` : ''} on ${asset}`;
    case 'replies':
      return `${who} replied to a comment on ${asset}`;
    case 'uploaded_assets':
      return data.round !== null
        ? `${who} uploaded round ${data.round} of ${asset}`
        : `${who} uploaded ${asset}`;
    case 'tasks':
      return `${who} assigned you a task`;
    case 'flagged':
      return `${who} flagged ${asset} as rush priority`;
    case 'approved_assets':
      return `${who} approved ${asset}`;
  }
}

/** The facts of an event a notification's text reads. */
interface NotificationFacts {
  assetName: string;
  markupNumber: number | null;
  round: number | null;
}

/** The notification an event makes for a recipient of `kind`; null for an event that names no object. */
export function notificationContent(
  event: DomainEvent,
  kind: NotificationKind,
  actor: string,
): NotificationContent | null {
  const projectId = event.projectId;
  const subjectId = event.subject?.id ?? null;
  if (projectId === null || subjectId === null) return null;
  const data = dataOf(event);
  if (event.type === 'task.created' || event.type === 'task.updated') {
    const task = text(data.text);
    return {
      title: 'Task assigned to you',
      message: notificationMessage(kind, actor, { assetName: '', markupNumber: null, round: null }),
      assetId: null,
      relatedObjectType: 'Project',
      relatedObjectId: projectId,
      relatedParentId: null,
      url: `/projects/${projectId}?open_tasks_panel`,
      quotedComment: task ? truncate(task, QUOTED_COMMENT_MAX) : null,
    };
  }
  const isComment = event.type === 'comment.created' || event.type === 'comment.replied';
  const assetId = isComment ? id(data.asset_id) : subjectId;
  if (assetId === null) return null;
  const assetName = text(isComment ? data.asset : data.name);
  const facts: NotificationFacts = {
    assetName,
    markupNumber: id(data.markup_number),
    // Rounds count from 0 or 1 as the project was created ('Round N', as the activity log says it).
    round:
      event.type === 'asset.round_uploaded' && Number.isInteger(data.number) ? Number(data.number) : null,
  };
  const base = {
    title: assetName,
    message: notificationMessage(kind, actor, facts),
    assetId,
  };
  if (!isComment)
    return {
      ...base,
      relatedObjectType: 'Asset',
      relatedObjectId: assetId,
      relatedParentId: null,
      url: assetUrl(projectId, assetId),
      quotedComment: null,
    };
  const parentId = id(data.parent_id);
  const excerpt = text(data.excerpt);
  return {
    ...base,
    relatedObjectType: 'Comment',
    relatedObjectId: subjectId,
    relatedParentId: parentId,
    // The thread that becomes active: the root comment of a reply, the comment itself otherwise.
    url: `${assetUrl(projectId, assetId)}?${ACTIVE_COMMENT_PARAM}=${parentId ?? subjectId}`,
    quotedComment: excerpt ? truncate(excerpt, QUOTED_COMMENT_MAX) : null,
  };
}

/** The kind an event makes for a member who is not mentioned; null for an event that makes none. */
function commonKind(event: DomainEvent): NotificationKind | null {
  const kind = EVENT_KINDS[event.type] ?? null;
  return kind === 'comments' && id(dataOf(event).markup_number) !== null ? 'markups' : kind;
}

/** The users an event addresses by name: mentioned in a comment, assigned a task. */
function addressed(event: DomainEvent): { mentioned: Set<number>; assigned: Set<number> | null } {
  if (event.type === 'comment.created' || event.type === 'comment.replied')
    return { mentioned: new Set(ids(event.data.mentions)), assigned: null };
  if (event.type === 'task.created')
    return { mentioned: new Set(), assigned: new Set(ids(event.data.assigned_ids)) };
  if (event.type === 'task.updated')
    return { mentioned: new Set(), assigned: new Set(ids(event.data.added_ids)) };
  return { mentioned: new Set(), assigned: null };
}

/** The kind of notification `member` gets for the event, or null for none. */
export function kindFor(event: DomainEvent, member: NotificationRecipient): NotificationKind | null {
  if (member.userId === event.actorId) return null;
  const common = commonKind(event);
  if (common === null) return null;
  const actor = { role: member.role, isWorkspaceOwner: false };
  const { mentioned, assigned } = addressed(event);
  if (assigned !== null && !assigned.has(member.userId)) return null;
  if (mentioned.has(member.userId) && alarmOn(member.alarms, 'mentions') && can(actor, SEES.mentions))
    return 'mentions';
  if (member.muted || !alarmOn(member.alarms, common) || !can(actor, SEES[common])) return null;
  return common;
}

/**
 * The rows the events make: one per event and recipient. `members` are the members of the events'
 * projects; `names` the actors' names.
 */
export function planNotifications(
  events: DomainEvent[],
  members: NotificationRecipient[],
  names: ReadonlyMap<number, string>,
): NotificationInsert[] {
  const byProject = new Map<number, NotificationRecipient[]>();
  for (const member of members) {
    const list = byProject.get(member.projectId);
    if (list) list.push(member);
    else byProject.set(member.projectId, [member]);
  }
  const rows: NotificationInsert[] = [];
  for (const event of events) {
    if (EVENT_KINDS[event.type] === undefined || event.projectId === null) continue;
    const actor = actorName(event, names);
    const contents = new Map<NotificationKind, NotificationContent | null>();
    for (const member of byProject.get(event.projectId) ?? []) {
      const kind = kindFor(event, member);
      if (kind === null) continue;
      if (!contents.has(kind)) contents.set(kind, notificationContent(event, kind, actor));
      const content = contents.get(kind);
      if (!content) continue;
      rows.push({
        user_id: member.userId,
        project_id: event.projectId,
        event_id: event.id,
        actor_id: event.actorId,
        kind,
        title: content.title,
        message: content.message,
        asset_id: content.assetId,
        related_object_type: content.relatedObjectType,
        related_object_id: content.relatedObjectId,
        related_parent_id: content.relatedParentId,
        url: content.url,
        quoted_comment: content.quotedComment,
        created_at: event.occurredAt,
        seen_at: null,
        opened_at: null,
        pinned_at: null,
        emailed_at: null,
      });
    }
  }
  return rows;
}

/**
 * Who the notification says did it: the member who acted, or the guest of a review link who wrote
 * a comment (marked '(Guest)'); '' when neither is known (the message then says 'Someone').
 */
export function actorName(event: DomainEvent, names: ReadonlyMap<number, string>): string {
  if (event.actorId !== null) return names.get(event.actorId) ?? '';
  const guest = dataOf(event).guest_name;
  return typeof guest === 'string' ? guestLabel(guest) : '';
}

/** The projects and actors the events that make notifications name. */
export function notifyingFacts(events: DomainEvent[]): { projectIds: number[]; actorIds: number[] } {
  const projectIds = new Set<number>();
  const actorIds = new Set<number>();
  for (const event of events) {
    if (EVENT_KINDS[event.type] === undefined || event.projectId === null) continue;
    projectIds.add(event.projectId);
    if (event.actorId !== null) actorIds.add(event.actorId);
  }
  return { projectIds: [...projectIds], actorIds: [...actorIds] };
}
