import type { ActivityAction } from './activity';
import type { ProjectRole } from './projectRoles';
import type { WorkspaceRole } from './workspaceRoles';

/**
 * The kinds of domain events: what happened, named `<thing>.<past tense>`. Services record them in
 * the transaction of the change (`tx.record`); subscribers act on them after commit (server/events/),
 * and the live stream forwards them to browsers.
 *
 * `DOMAIN_EVENTS` is the one map of them: for each type, the shape of its `data` (as stored in the
 * events table's JSON, read back as it was written) and the activity verb of common/activity.ts it
 * writes in the project's activity log, or null. Adding an event is one entry here; the type
 * checker then holds every `tx.record` of it to its data, and hands subscribers that data typed once
 * they have narrowed on `event.type`.
 */
export const DOMAIN_EVENTS = {
  // Accounts
  'user.signed_up': kind<NoData>(),
  /** `changed`: the profile fields written ('name', 'email', 'avatar_key'). */
  'user.profile_updated': kind<{ changed: string[] }>(),
  'user.password_changed': kind<{ via: 'reset' | 'change' }>(),
  /**
   * `changed`: the preference columns written ('notification_alarms', 'email_alarms', 'email_every',
   * 'time_zone'); `via`: 'unsubscribe_link' when a digest's unsubscribe link turned the e-mails off.
   */
  'user.preferences_updated': kind<{ changed: string[]; via?: 'unsubscribe_link' }>(),

  // Workspaces (subject: the Workspace, WorkspaceMember or WorkspaceInvitation)
  'workspace.created': kind<NoData>(),
  /** `changed`: 'name' and/or 'logo'; `from` and `to` when the name was sent. */
  'workspace.updated': kind<{ changed: string[]; from?: string; to?: string }>(),
  'workspace.deleted': kind<{ name: string }>(),
  'workspace.member_invited': kind<{ email: string; role: WorkspaceRole }>(),
  /**
   * Whoever joined, by a workspace invitation (`invitation_id`), by accepting a project invitation, or
   * brought in by a project moved to the workspace (as a collaborator).
   */
  'workspace.member_joined': kind<{ user_id: number; role: WorkspaceRole; invitation_id?: number }>(),
  'workspace.member_removed': kind<{ user_id: number; role: WorkspaceRole }>(),
  'workspace.member_left': kind<{ user_id: number; role: WorkspaceRole }>(),
  'workspace.member_role_changed': kind<{ user_id: number; from: WorkspaceRole; to: WorkspaceRole }>(),
  'workspace.invitation_deleted': kind<{ email: string; role: WorkspaceRole }>(),
  'workspace.ownership_transferred': kind<{ from_user_id: number; to_user_id: number }>(),

  // Billing (subject: the Subscription, or the Workspace for its billing details)
  /**
   * A workspace's subscription began: its first (a free trial or a paid plan), or a suspended
   * workspace's again, which names the price it had (`from_price_id`).
   */
  'subscription.started': kind<{
    price_id: number;
    trial: boolean;
    billing_period_ends_at: string | null;
    from_price_id?: number;
  }>(),
  'subscription.changed': kind<SubscriptionChange>(),
  'subscription.renewed': kind<{ price_id: number; billing_period_ends_at: string }>(),
  'subscription.canceled': kind<{ ends_at: string | null }>(),
  'subscription.ended': kind<NoData>(),
  'subscription.payment_failed': kind<{ price_id: number }>(),
  'subscription.suspended': kind<{ reason: 'downgrade_does_not_fit'; downgrade_price_id: number }>(),
  'billing_information.updated': kind<NoData>(),
  'payment_method.updated': kind<{ brand: string; last4: string }>(),
  'trial.expired': kind<NoData>(),

  // Projects (subject: the Project unless said)
  'project.created': kind<{ name: string }>('project_created'),
  'project.renamed': kind<FromTo>('project_renamed'),
  /** `fields`: the names of the fields changed, as the sentence reads them ('client name'). */
  'project.updated': kind<{ fields: string[] }>('project_updated'),
  'project.archived': kind<NoData>('project_archived'),
  'project.activated': kind<NoData>('project_activated'),
  'project.deleted': kind<{ name: string }>(),
  'project.flagged': kind<NoData>('project_flagged'),
  'project.unflagged': kind<NoData>('project_unflagged'),
  'project.cover_changed': kind<NoData>('project_cover_changed'),
  'project.cover_removed': kind<NoData>('project_cover_removed'),
  /** Subject: the new owner's ProjectMember, or the Project when a workspace change handed it over (no actor). */
  'project.ownership_transferred': kind<{ to_name: string | null }>('project_ownership_transferred'),
  'project.moved_to_workspace': kind<{ workspace_name: string }>('project_moved_to_workspace'),
  'project.shared': kind<{ downloadable: boolean }>('project_shared'),
  'project.share_changed': kind<NoData>('project_share_changed'),
  'project.share_revoked': kind<NoData>('project_share_revoked'),
  /** A link beside the public link (issue 26) made, its options changed, or revoked (subject: the Project). */
  'share_link.created': kind<ShareLinkFacts>('share_link_created'),
  'share_link.changed': kind<ShareLinkFacts>('share_link_changed'),
  'share_link.revoked': kind<ShareLinkFacts>('share_link_revoked'),

  // Project members (subject: the ProjectMember or ProjectInvitation)
  'member.invited': kind<{ email: string; role: ProjectRole; role_label: string }>('member_invited'),
  'member.joined': kind<{ role: ProjectRole; role_label: string }>('member_joined'),
  'member.removed': kind<{ name: string; user_id: number }>('member_removed'),
  'member.left': kind<NoData>('member_left'),
  'invitation.deleted': kind<{ email: string }>('invitation_deleted'),

  // Folders and labels (subject: the Folder or Label; a workspace label's events have no project)
  'folder.created': kind<{ name: string }>('folder_created'),
  'folder.renamed': kind<FromTo>('folder_renamed'),
  'folder.deleted': kind<{ name: string }>('folder_deleted'),
  'label.created': kind<{ name: string }>('label_created'),
  'label.renamed': kind<FromTo>('label_renamed'),
  /** `from` and `to`: the base colours. */
  'label.recolored': kind<{ name: string; from: string; to: string }>(),
  'label.deleted': kind<{ name: string }>('label_deleted'),
  /** A workspace label put on a project (or taken off it, also when the label is deleted). */
  'label.added': kind<{ name: string }>('label_added'),
  'label.removed': kind<{ name: string }>('label_removed'),
  'labels.reordered': kind<NoData>('labels_reordered'),

  // Assets (subject: the Asset)
  /** `number`: the round's number; `version_id`: the round. */
  'asset.uploaded': kind<{ name: string; number: number; version_id: number }>('asset_uploaded'),
  'asset.round_uploaded': kind<{ name: string; number: number; version_id: number }>('asset_round_uploaded'),
  'asset.round_deleted': kind<{ name: string; number: number }>('asset_round_deleted'),
  /** The previews of a round are made (or failed), by the system (no actor). */
  'asset.round_processed': kind<{ version_id: number; state: 'processing' | 'ready' | 'failed' }>(),
  'asset.renamed': kind<FromTo>('asset_renamed'),
  /** `folder_id`: where it was (null: the project's root), for the links that reached it there. */
  'asset.deleted': kind<{ name: string; folder_id: number | null }>('asset_deleted'),
  /**
   * `folder`: the folder's name, null for the project's root; `from_folder_id`: where it was, for
   * the links that reached it there.
   */
  'asset.moved': kind<{ name: string; folder: string | null; from_folder_id: number | null }>('asset_moved'),
  'asset.approved': kind<AssetName>('asset_approved'),
  'asset.unapproved': kind<AssetName>('asset_unapproved'),
  /**
   * A reviewer's own decision on the current round (issue 26 item 3), beside the approval:
   * `decision` null when taken back; `number` and `version_id`: the round. A guest's decision has
   * no actor and names the guest (`guest_name`).
   */
  'asset.decided': kind<{
    name: string;
    number: number;
    version_id: number;
    decision: 'approved' | 'changes_requested' | null;
    guest_name?: string;
  }>('asset_decided'),
  'asset.flagged': kind<AssetName>('asset_flagged'),
  'asset.unflagged': kind<AssetName>('asset_unflagged'),
  'asset.labeled': kind<{ name: string; label: string }>('asset_labeled'),
  /** `label`: the label taken off, null when the asset had none. */
  'asset.unlabeled': kind<{ name: string; label: string | null }>('asset_unlabeled'),
  /** `count`: how many assets were moved in the manual order. */
  'assets.reordered': kind<{ count: number }>('assets_reordered'),

  // Comments (subject: the Comment)
  /**
   * `excerpt`: the text, cut short; `markup_number`: the markup's number on the asset, null without
   * markup; `mentions`: the ids of the users the text mentions (checked members of the project).
   */
  'comment.created': kind<CommentWritten>('comment_created'),
  'comment.replied': kind<CommentWritten>('comment_replied'),
  /** `reply`: whether it is a reply rather than a root comment. */
  'comment.edited': kind<CommentOn & { reply: boolean } & GuestAuthor>('comment_edited'),
  'comment.completed': kind<CommentOn>('comment_completed'),
  'comment.reopened': kind<CommentOn>('comment_reopened'),
  /** `author_guest_id`: the guest who wrote the comment deleted, whoever deleted it. */
  'comment.deleted': kind<CommentOn & { reply: boolean; author_guest_id?: number } & GuestAuthor>(
    'comment_deleted',
  ),
  /** A waiting comment moved to the asset's latest round. */
  'comment.carried_over': kind<
    Omit<CommentOn, 'version_id'> & {
      parent_id: null;
      markup_number: number | null;
      from_round: number;
      to_round: number;
    }
  >('comment_carried_over'),

  // Tasks (subject: the Task; `text` cut short)
  /**
   * `assignee`: the first responsible's name; `due_date`: as the sentence reads it; `assigned_ids`:
   * every responsible, who are told (rows recorded before issue 24 lack it).
   */
  'task.created': kind<{ text: string; assignee: string; due_date: string; assigned_ids: number[] }>(
    'task_created',
  ),
  /** `fields`: 'text', 'due date', 'assignee' or 'responsibles'; `added_ids`: the responsibles added. */
  'task.updated': kind<{ text: string; fields: string[]; added_ids?: number[] }>('task_updated'),
  'task.completed': kind<{ text: string }>('task_completed'),
  'task.reopened': kind<{ text: string }>('task_reopened'),
} satisfies Record<string, EventKind<object>>;

/** The entry of one event type: its activity verb, and its data's shape (a type only: `data` is never set). */
export interface EventKind<Data extends object> {
  readonly activity: ActivityAction | null;
  readonly data?: Data;
}

/** An event type whose data is `Data`, writing the activity verb `activity` (none when omitted). */
function kind<Data extends object>(activity: ActivityAction | null = null): EventKind<Data> {
  return { activity };
}

/** An event that carries no data: `{}`. */
type NoData = Record<string, never>;
type FromTo = { from: string; to: string };
type AssetName = { name: string };
/** `folder`: a folder link's folder name; `assets`: how many assets a selection link reaches. */
type ShareLinkFacts = {
  link_id: number;
  kind: 'view' | 'review';
  scope: 'project' | 'folder' | 'assets';
  folder: string | null;
  assets: number;
};
/** `asset`: the asset's name; `parent_id`: the root comment of a reply, null for a root comment. */
/** `version_id`: the round the comment is on (a shared view's stream tells only the latest round's news). */
type CommentOn = { asset: string; asset_id: number; parent_id: number | null; version_id: number };
/**
 * `guest_id` and `guest_name`: the guest of a review link who wrote it (the event's actor is then
 * null), named as a guest's decision names them.
 */
type CommentWritten = CommentOn & {
  excerpt: string;
  markup_number: number | null;
  mentions: number[];
} & GuestAuthor;
/** A guest of a review link who wrote, edited or deleted it. */
type GuestAuthor = { guest_id?: number; guest_name?: string };
/** What changed in a subscription, by `change`. */
export type SubscriptionChange =
  | { change: 'plan'; from_price_id: number; price_id: number }
  | { change: 'add_on_added'; add_on_price_id: number; amount: number }
  | { change: 'add_on_removed'; add_on_price_id: number }
  | { change: 'reactivated' }
  | { change: 'downgrade_scheduled'; downgrade_price_id: number }
  | { change: 'downgrade_canceled' }
  /** At the period end, to the lower plan scheduled. */
  | { change: 'downgraded'; from_price_id: number; price_id: number };

export type DomainEventType = keyof typeof DOMAIN_EVENTS;

/** Every event type, in the map's order. */
export const DOMAIN_EVENT_TYPES = Object.keys(DOMAIN_EVENTS) as DomainEventType[];

/** The shape of each event type's `data`. */
export type DomainEventPayloads = {
  [T in DomainEventType]: (typeof DOMAIN_EVENTS)[T] extends EventKind<infer Data> ? Data : never;
};

/** The activity verb an event of `type` writes in its project's activity log, or null. */
export function activityVerbOf(type: DomainEventType): ActivityAction | null {
  return DOMAIN_EVENTS[type].activity;
}

/** Where an event happened and who did it: what every event carries besides its type and data. */
interface DomainEventScope {
  workspaceId: number | null;
  projectId: number | null;
  /** Who did it; null for what the system does by itself. */
  actorId: number | null;
  subject: { type: string; id: number } | null;
}

/**
 * A recorded event as subscribers and the bus see it: a union over `type`, so narrowing on the type
 * types the data (`if (event.type === 'comment.created') event.data.mentions`). `DomainEvent<T>` is
 * one type's (or a few types') event.
 */
export type DomainEvent<T extends DomainEventType = DomainEventType> = {
  [K in T]: DomainEventScope & { id: number; type: K; data: DomainEventPayloads[K]; occurredAt: string };
}[T];

/** `data` may be left out when the type's data has nothing required (it is stored as `{}`). */
type DataOf<T extends DomainEventType> =
  Record<never, never> extends DomainEventPayloads[T]
    ? { data?: DomainEventPayloads[T] }
    : { data: DomainEventPayloads[T] };

/** An event to record (`tx.record`): its type with that type's data, who did it, where, about what. */
export type DomainEventInput<T extends DomainEventType = DomainEventType> = {
  [K in T]: { type: K; actorId: number | null } & Partial<Omit<DomainEventScope, 'actorId'>> & DataOf<K>;
}[T];

/** The types whose data may be left out. */
export type DomainEventTypeWithoutData = {
  [T in DomainEventType]: Record<never, never> extends DomainEventPayloads[T] ? T : never;
}[DomainEventType];
