import { describe, expect, it } from 'vitest';
import type { ProjectRole } from '@common/projectRoles';
import { canEditTask, mayBeResponsible } from './tasks';

const person = (id: number) => ({ id, name: `U${id}`, email: `u${id}@x.test`, avatar_key: null });
const view = (userId: number, role: ProjectRole | null, isWorkspaceOwner = false) => ({
  userId,
  actor: { role, isWorkspaceOwner },
});
const task = { author_id: 1, responsibles: [person(2), person(3)] };

describe('task policy', () => {
  it('lets the author, any responsible and the project owner edit', () => {
    expect(canEditTask(view(1, 'collaborator'), task)).toBe(true);
    expect(canEditTask(view(2, 'collaborator'), task)).toBe(true);
    expect(canEditTask(view(3, 'collaborator'), task)).toBe(true);
    expect(canEditTask(view(9, 'owner'), task)).toBe(true);
  });

  it('refuses other collaborators, viewers and a workspace owner outside the project', () => {
    expect(canEditTask(view(4, 'collaborator'), task)).toBe(false);
    expect(canEditTask(view(2, 'viewer'), task)).toBe(false);
    expect(canEditTask(view(1, null, true), task)).toBe(false);
  });

  it('gives tasks to owners and collaborators, not to View Only members', () => {
    expect(mayBeResponsible('owner')).toBe(true);
    expect(mayBeResponsible('collaborator')).toBe(true);
    expect(mayBeResponsible('viewer')).toBe(false);
  });
});
