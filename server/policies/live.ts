import {
  LIVE_DOMAIN_EVENT_TYPES,
  SHARED_LIVE_EVENT_TYPES,
  type LiveDomainEventType,
} from '@common/api/liveEvents';
import type { DomainEventType } from '@common/domainEvents';
import { can, type Capability, type ProjectActor } from '@common/projectRoles';

/**
 * Who receives which news on the live stream (issue 24 item 5): pure rules over the same
 * capability table the calls use (common/projectRoles.ts), so the stream never tells someone what
 * a call would refuse to show them.
 */

const LIVE_TYPES: ReadonlySet<string> = new Set(LIVE_DOMAIN_EVENT_TYPES);
const SHARED_TYPES: ReadonlySet<string> = new Set(SHARED_LIVE_EVENT_TYPES);

/** The capability that sees an event's object, by the event's first word. */
const SEEN_WITH: Record<string, Capability> = {
  comment: 'comments.see',
  asset: 'assets.see',
  assets: 'assets.see',
  task: 'tasks.see',
  folder: 'folders.see',
  label: 'labels.see',
  labels: 'labels.see',
  project: 'projects.see',
  member: 'projects.see',
};

export function isLiveType(type: string): type is LiveDomainEventType {
  return LIVE_TYPES.has(type);
}

/** The capability a member needs to receive an event of this type. */
export function liveCapability(type: LiveDomainEventType): Capability {
  const capability = SEEN_WITH[type.slice(0, type.indexOf('.'))];
  if (!capability) throw new Error(`no capability sees ${type}`);
  return capability;
}

/** A member (or the workspace owner outside the project) receives the event. */
export function mayReceive(actor: ProjectActor, type: string): boolean {
  return isLiveType(type) && can(actor, liveCapability(type));
}

/** The events after which who may see a project must be worked out again. */
export const ACCESS_EVENT_TYPES: ReadonlySet<DomainEventType> = new Set([
  'member.joined',
  'member.removed',
  'member.left',
  'project.ownership_transferred',
  'project.moved_to_workspace',
  'project.deleted',
]);

/** Workspace events after which its members' access to its projects is worked out again. */
export const WORKSPACE_ACCESS_EVENT_TYPES: ReadonlySet<DomainEventType> = new Set([
  'workspace.member_removed',
  'workspace.member_left',
  'workspace.ownership_transferred',
  'workspace.deleted',
]);

/** Events after which a public link is checked again (revoked, changed, gone with its project). */
export const SHARE_EVENT_TYPES: ReadonlySet<DomainEventType> = new Set([
  'project.shared',
  'project.share_changed',
  'project.share_revoked',
  'share_link.changed',
  'share_link.revoked',
  'project.archived',
  'project.activated',
  'project.deleted',
  'project.moved_to_workspace',
]);

/** The round facts a shared view's rule reads: the event's round and its asset's current round. */
export interface RoundFacts {
  /** The round the event is about (a comment's, a processed round's); null when unknown. */
  eventRound: number | null;
  /** The asset's latest round; null when the asset is gone. */
  currentRound: number | null;
}

/**
 * A shared view sees only the latest round of each asset, and comments only while the link's
 * 'Show comments' is on, except a guest's own threads (and the replies in them), which the guest
 * always sees: a comment event reaches it when it is on the asset's latest round, a finished
 * preview when it is the latest round's. `threadGuestId`: the guest who began the comment's thread.
 */
export function sharedMayReceive(
  type: string,
  link: { showComments: boolean; guestId?: number | null },
  rounds: RoundFacts,
  threadGuestId: number | null = null,
): boolean {
  if (!SHARED_TYPES.has(type)) return false;
  const latest = rounds.eventRound !== null && rounds.eventRound === rounds.currentRound;
  if (type.startsWith('comment.')) {
    const ownThread = threadGuestId !== null && threadGuestId === link.guestId;
    return latest && (link.showComments || ownThread);
  }
  if (type === 'asset.round_processed') return latest;
  return true;
}

/** Whether the shared rule needs the event's round facts. */
export function needsRounds(type: string): boolean {
  return type.startsWith('comment.') || type === 'asset.round_processed';
}
