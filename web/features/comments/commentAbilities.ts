import { can, projectLevelOf, type ProjectActor, type ProjectRole } from '@common/projectRoles';

/**
 * The comment rules of projects-side §5–6 as the server's policy (server/policies/comments.ts)
 * applies them, for what the UI decides before the server has answered (a comment still being
 * sent). Comments from the server carry their own `abilities`, which win.
 *
 * Levels: the workspace owner 0, owner 1, collaborator 2, viewer 3; someone no longer a member
 * ranks below everyone.
 */
export interface CommentRanks {
  roles: ReadonlyMap<number, ProjectRole>;
  workspaceOwnerId: number | null;
}

const WORKSPACE_OWNER_LEVEL = 0;
const OUTSIDER_LEVEL = Number.POSITIVE_INFINITY;

export function commentLevelOf(userId: number | null, ranks: CommentRanks): number {
  if (userId === null) return OUTSIDER_LEVEL;
  if (userId === ranks.workspaceOwnerId) return WORKSPACE_OWNER_LEVEL;
  const role = ranks.roles.get(userId);
  return role ? projectLevelOf(role) : OUTSIDER_LEVEL;
}

/** The author deletes their own; another member only when they rank higher than the author. */
export function canDeleteComment(
  actor: ProjectActor & { userId: number },
  authorId: number | null,
  ranks: CommentRanks,
): boolean {
  if (authorId === actor.userId) return can(actor, 'comments.destroyOwn');
  return (
    can(actor, 'comments.destroyOther') &&
    commentLevelOf(actor.userId, ranks) < commentLevelOf(authorId, ranks)
  );
}

/** Only the author edits (§6: nobody edits another's comment). */
export function canEditComment(actor: ProjectActor & { userId: number }, authorId: number | null): boolean {
  return authorId === actor.userId && can(actor, 'comments.editOwn');
}
