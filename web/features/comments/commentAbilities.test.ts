import { describe, expect, it } from 'vitest';
import type { ProjectRole } from '@common/projectRoles';
import { canDeleteComment, canEditComment, type CommentRanks } from './commentAbilities';

const OWNER = 1;
const COLLAB = 2;
const COLLAB2 = 3;
const VIEWER = 4;
const WS_OWNER = 9;
const ranks: CommentRanks = {
  roles: new Map<number, ProjectRole>([
    [OWNER, 'owner'],
    [COLLAB, 'collaborator'],
    [COLLAB2, 'collaborator'],
    [VIEWER, 'viewer'],
  ]),
  workspaceOwnerId: WS_OWNER,
};
const actor = (userId: number) => ({
  userId,
  role: ranks.roles.get(userId) ?? null,
  isWorkspaceOwner: userId === WS_OWNER,
});

describe('canDeleteComment (spec §5 level rule, as server/policies/comments.ts)', () => {
  it('lets every commenting member delete their own', () => {
    expect(canDeleteComment(actor(OWNER), OWNER, ranks)).toBe(true);
    expect(canDeleteComment(actor(COLLAB), COLLAB, ranks)).toBe(true);
  });

  it('lets a higher level delete a lower one’s comment, never the reverse or an equal', () => {
    expect(canDeleteComment(actor(OWNER), COLLAB, ranks)).toBe(true);
    expect(canDeleteComment(actor(COLLAB), OWNER, ranks)).toBe(false);
    expect(canDeleteComment(actor(COLLAB), COLLAB2, ranks)).toBe(false);
    expect(canDeleteComment(actor(COLLAB), VIEWER, ranks)).toBe(true);
  });

  it('ranks the workspace owner above all, and a former member below all', () => {
    expect(canDeleteComment(actor(WS_OWNER), OWNER, ranks)).toBe(false); // not a member: may not destroy
    expect(canDeleteComment({ ...actor(WS_OWNER), role: 'owner' }, OWNER, ranks)).toBe(true);
    expect(canDeleteComment(actor(COLLAB), 77, ranks)).toBe(true);
    expect(canDeleteComment(actor(COLLAB), null, ranks)).toBe(true);
  });

  it('never lets a viewer delete, not even below them', () => {
    expect(canDeleteComment(actor(VIEWER), 77, ranks)).toBe(false);
    expect(canDeleteComment(actor(VIEWER), VIEWER, ranks)).toBe(false);
  });
});

describe('canEditComment', () => {
  it('is the author’s alone, and not a viewer’s', () => {
    expect(canEditComment(actor(COLLAB), COLLAB)).toBe(true);
    expect(canEditComment(actor(OWNER), COLLAB)).toBe(false);
    expect(canEditComment(actor(VIEWER), VIEWER)).toBe(false);
  });
});
