import { describe, expect, it } from 'vitest';
import type { Project } from '@common/api/projects';
import { PROJECT_ROLES, type ProjectRole } from '@common/projectRoles';
import { sharedActions } from './SelectionBar';

const project = (role: ProjectRole, status: Project['status'] = 'active') =>
  ({
    current_user_role: { name: role, ...PROJECT_ROLES[role] },
    current_user_is_workspace_owner: false,
    status,
    rush_priority: false,
    workspace: { id: 1, name: 'W', logo: null, owner_id: 1, is_active: true },
  }) as Project;

describe('the selection bar', () => {
  it('offers only what every selected project allows', () => {
    expect(sharedActions([project('owner'), project('owner')])).toContain('delete');
    const mixed = sharedActions([project('owner'), project('collaborator')]);
    expect(mixed).not.toContain('delete');
    expect(mixed).not.toContain('archive');
    expect(mixed).toContain('hide');
  });

  it('offers nothing for an empty selection', () => {
    expect(sharedActions([])).toEqual([]);
  });
});
