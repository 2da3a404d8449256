import { COMMENT_TEXTS } from '@common/api/comments';
import { can, projectLevelOf, type ProjectRole } from '@common/projectRoles';
import type { CommentRow } from '../db/repositories/comments';
import { forbidden } from '../errors';
import type { ProjectView } from './projectView';

/**
 * Who may do what with comments (projects-side §5, §6): members who may comment add, reply,
 * complete and reopen; only the author edits; the author deletes their own, and a member deletes
 * another's only when they rank higher than its author (owner level 1 above collaborator level 2
 * above viewer level 3). The owner of the project's workspace ranks above every project role. An
 * author who is no longer a member ranks below everyone.
 */

/** Where each user stands in the project, for the level rule. */
export interface CommentRanks {
  roles: ReadonlyMap<number, ProjectRole>;
  workspaceOwnerId: number;
}

const WORKSPACE_OWNER_LEVEL = 0;
const OUTSIDER_LEVEL = Number.POSITIVE_INFINITY;

function levelOf(userId: number | null, ranks: CommentRanks): number {
  if (userId === null) return OUTSIDER_LEVEL;
  if (userId === ranks.workspaceOwnerId) return WORKSPACE_OWNER_LEVEL;
  const role = ranks.roles.get(userId);
  return role ? projectLevelOf(role) : OUTSIDER_LEVEL;
}

/** 403 when the caller, who sees the project, may not see or add comments. */
export function authorizeComments(view: ProjectView, action: 'see' | 'add'): void {
  if (!can(view.actor, action === 'see' ? 'comments.see' : 'comments.add')) throw forbidden();
}

export function mayEdit(view: ProjectView, comment: Pick<CommentRow, 'user_id'>): boolean {
  return comment.user_id === view.userId && can(view.actor, 'comments.editOwn');
}

export function mayDestroy(
  view: ProjectView,
  comment: Pick<CommentRow, 'user_id'>,
  ranks: CommentRanks,
): boolean {
  if (comment.user_id === view.userId) return can(view.actor, 'comments.destroyOwn');
  return (
    can(view.actor, 'comments.destroyOther') && levelOf(view.userId, ranks) < levelOf(comment.user_id, ranks)
  );
}

/** Complete and reopen: root comments, by anyone who may comment. */
export function mayComplete(view: ProjectView, comment: Pick<CommentRow, 'parent_id'>): boolean {
  return comment.parent_id === null && can(view.actor, 'comments.add');
}

export function authorizeComplete(view: ProjectView, comment: Pick<CommentRow, 'parent_id'>): void {
  if (!mayComplete(view, comment)) throw forbidden();
}

export function authorizeEdit(view: ProjectView, comment: Pick<CommentRow, 'user_id'>): void {
  if (!mayEdit(view, comment)) throw forbidden(COMMENT_TEXTS.editOwnOnly);
}

export function authorizeDestroy(
  view: ProjectView,
  comment: Pick<CommentRow, 'user_id'>,
  ranks: CommentRanks,
): void {
  if (!mayDestroy(view, comment, ranks)) throw forbidden(COMMENT_TEXTS.deleteByLevel);
}

/** What the caller may do with one comment, answered with it so the UI hides the rest. */
export function commentAbilities(view: ProjectView, comment: CommentRow, ranks: CommentRanks) {
  const mayAdd = can(view.actor, 'comments.add');
  return {
    edit: mayEdit(view, comment),
    destroy: mayDestroy(view, comment, ranks),
    complete: mayComplete(view, comment),
    reply: mayAdd && comment.parent_id === null,
  };
}
