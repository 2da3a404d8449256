/**
 * The kinds of domain events: what happened, named `<thing>.<past tense>`. Services record them in
 * the transaction of the change; subscribers act on them after commit (server/events/), and the
 * live stream of a later issue forwards them to browsers. Project events whose name, with the dot
 * made an underscore, is an activity verb of common/activity.ts also write the activity log.
 */
export const DOMAIN_EVENT_TYPES = [
  'user.signed_up',
  'user.profile_updated',
  'user.password_changed',
  'user.preferences_updated',
  'workspace.created',
  'workspace.updated',
  'workspace.deleted',
  'workspace.member_invited',
  'workspace.member_joined',
  'workspace.member_removed',
  'workspace.member_left',
  'workspace.member_role_changed',
  'workspace.invitation_deleted',
  'workspace.ownership_transferred',
  'subscription.started',
  'subscription.changed',
  'subscription.renewed',
  'subscription.canceled',
  'subscription.ended',
  'subscription.payment_failed',
  'subscription.suspended',
  'billing_information.updated',
  'payment_method.updated',
  'trial.expired',
  'project.created',
  'project.renamed',
  'project.updated',
  'project.archived',
  'project.activated',
  'project.deleted',
  'project.flagged',
  'project.unflagged',
  'project.cover_changed',
  'project.cover_removed',
  'project.ownership_transferred',
  'project.moved_to_workspace',
  'project.shared',
  'project.share_changed',
  'project.share_revoked',
  'member.invited',
  'member.joined',
  'member.removed',
  'member.left',
  'invitation.deleted',
  'folder.created',
  'folder.renamed',
  'folder.deleted',
  'label.created',
  'label.renamed',
  'label.recolored',
  'label.deleted',
  'label.added',
  'label.removed',
  'labels.reordered',
  'asset.uploaded',
  'asset.round_uploaded',
  'asset.round_deleted',
  'asset.round_processed',
  'asset.renamed',
  'asset.deleted',
  'asset.moved',
  'asset.approved',
  'asset.unapproved',
  'asset.flagged',
  'asset.unflagged',
  'asset.labeled',
  'asset.unlabeled',
  'assets.reordered',
  'comment.created',
  'comment.replied',
  'comment.edited',
  'comment.completed',
  'comment.reopened',
  'comment.deleted',
  'comment.carried_over',
  'task.created',
  'task.updated',
  'task.completed',
  'task.reopened',
] as const;

export type DomainEventType = (typeof DOMAIN_EVENT_TYPES)[number];

/** A recorded event as subscribers and the bus see it. */
export interface DomainEvent {
  id: number;
  type: DomainEventType;
  workspaceId: number | null;
  projectId: number | null;
  /** Who did it; null for what the system does by itself. */
  actorId: number | null;
  subject: { type: string; id: number } | null;
  data: Record<string, unknown>;
  occurredAt: string;
}

export type DomainEventInput = Pick<DomainEvent, 'type' | 'actorId'> &
  Partial<Pick<DomainEvent, 'workspaceId' | 'projectId' | 'subject' | 'data'>>;
