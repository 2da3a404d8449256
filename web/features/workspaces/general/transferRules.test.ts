import { describe, expect, it } from 'vitest';
import type { WorkspaceMember } from '@common/api/workspaces';
import { WORKSPACE_ROLES, type WorkspaceRole } from '@common/workspaceRoles';
import { transferCandidates } from './transferRules';

function member(id: number, role: WorkspaceRole): WorkspaceMember {
  return {
    id,
    workspace_id: 1,
    user: { id: id * 10, name: `U${id}`, email: `u${id}@x.com`, avatar: null },
    user_id: id * 10,
    role: { name: role, ...WORKSPACE_ROLES[role] },
    user_owns_a_workspace: false,
    owned_projects_count: 0,
    created_at: '2026-01-01T00:00:00Z',
  };
}

describe('transfer ownership', () => {
  it('lists every member but the owner', () => {
    const list = [member(1, 'owner'), member(2, 'admin'), member(3, 'collaborator')];
    expect(transferCandidates(list, 10).map((m) => m.id)).toEqual([2, 3]);
    expect(transferCandidates([member(1, 'owner')], 10)).toEqual([]);
  });
});
