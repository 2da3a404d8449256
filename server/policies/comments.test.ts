import { describe, expect, it } from 'vitest';
import type { ProjectRole } from '@common/projectRoles';
import type { ProjectRow } from '../db/repositories/projects';
import { AppError } from '../errors';
import { authorizeComplete, mayComplete, mayDestroy, mayEdit, type CommentRanks } from './comments';
import type { ProjectView } from './projectView';

const ROLE_OF: Record<ProjectRole, number> = { owner: 1, collaborator: 2, viewer: 3 };
const WORKSPACE_OWNER = 99;
const ranks: CommentRanks = {
  roles: new Map(Object.entries(ROLE_OF).map(([role, id]) => [id, role as ProjectRole])),
  workspaceOwnerId: WORKSPACE_OWNER,
};

function viewOf(userId: number, role: ProjectRole | null): ProjectView {
  return {
    project: {} as ProjectRow,
    userId,
    member: undefined,
    actor: { role, isWorkspaceOwner: userId === WORKSPACE_OWNER },
  };
}

describe('the delete-by-level rule, for each pair of roles', () => {
  // [deleter, author, allowed]: the author always; otherwise only a higher rank (lower level) that may delete others'.
  const table: [ProjectRole, ProjectRole, boolean][] = [
    ['owner', 'owner', true],
    ['owner', 'collaborator', true],
    ['owner', 'viewer', true],
    ['collaborator', 'owner', false],
    ['collaborator', 'collaborator', true],
    ['collaborator', 'viewer', true],
    ['viewer', 'owner', false],
    ['viewer', 'collaborator', false],
    ['viewer', 'viewer', false],
  ];
  for (const [deleter, author, allowed] of table) {
    it(`${deleter} ${allowed ? 'may' : 'may not'} delete a comment of ${author === deleter ? 'their own' : `the ${author}`}`, () => {
      const view = viewOf(ROLE_OF[deleter], deleter);
      expect(mayDestroy(view, { user_id: ROLE_OF[author] }, ranks)).toBe(allowed);
    });
  }

  it('a collaborator may not delete another collaborator’s comment (same level)', () => {
    const twin = { ...ranks, roles: new Map([...ranks.roles, [7, 'collaborator' as const]]) };
    expect(mayDestroy(viewOf(ROLE_OF.collaborator, 'collaborator'), { user_id: 7 }, twin)).toBe(false);
  });

  it('the workspace owner ranks above the project owner; a former member or deleted author below everyone', () => {
    const workspaceOwnerAsCollaborator = viewOf(WORKSPACE_OWNER, 'collaborator');
    expect(mayDestroy(workspaceOwnerAsCollaborator, { user_id: ROLE_OF.owner }, ranks)).toBe(true);
    expect(mayDestroy(viewOf(ROLE_OF.owner, 'owner'), { user_id: WORKSPACE_OWNER }, ranks)).toBe(false);
    expect(mayDestroy(viewOf(ROLE_OF.collaborator, 'collaborator'), { user_id: 1234 }, ranks)).toBe(true);
    expect(mayDestroy(viewOf(ROLE_OF.collaborator, 'collaborator'), { user_id: null }, ranks)).toBe(true);
  });
});

describe('edit', () => {
  it('only the author edits, and only with a role that may comment', () => {
    expect(mayEdit(viewOf(1, 'owner'), { user_id: 1 })).toBe(true);
    expect(mayEdit(viewOf(1, 'owner'), { user_id: 2 })).toBe(false);
    expect(mayEdit(viewOf(3, 'viewer'), { user_id: 3 })).toBe(false);
  });
});

describe('complete and reopen', () => {
  it('a root comment, by any role that may comment; never a reply', () => {
    expect(mayComplete(viewOf(1, 'owner'), { parent_id: null })).toBe(true);
    expect(mayComplete(viewOf(2, 'collaborator'), { parent_id: null })).toBe(true);
    expect(mayComplete(viewOf(3, 'viewer'), { parent_id: null })).toBe(false);
    expect(mayComplete(viewOf(1, 'owner'), { parent_id: 7 })).toBe(false);
  });

  it('answers 403 forbidden to whoever may not', () => {
    expect(() => authorizeComplete(viewOf(2, 'collaborator'), { parent_id: null })).not.toThrow();
    const refusal = (() => {
      try {
        authorizeComplete(viewOf(3, 'viewer'), { parent_id: null });
      } catch (error) {
        return error;
      }
    })();
    expect(refusal).toBeInstanceOf(AppError);
    expect(refusal).toMatchObject({ status: 403, code: 'forbidden' });
  });
});
