import { describe, expect, it } from 'vitest';
import type { Project } from '@common/api/projects';
import { PROJECT_ROLES, type ProjectRole } from '@common/projectRoles';
import { projectActions } from './projectActions';

function project(
  role: ProjectRole | null,
  overrides: Partial<Pick<Project, 'status' | 'rush_priority' | 'current_user_is_workspace_owner'>> & {
    active?: boolean;
  } = {},
) {
  return {
    current_user_role: role ? { name: role, ...PROJECT_ROLES[role] } : null,
    current_user_is_workspace_owner: overrides.current_user_is_workspace_owner ?? false,
    status: overrides.status ?? 'active',
    rush_priority: overrides.rush_priority ?? false,
    workspace: { id: 1, name: 'W', logo: null, owner_id: 1, is_active: overrides.active ?? true },
  } satisfies Parameters<typeof projectActions>[0];
}

describe('the project actions menu', () => {
  it('gives the owner everything but leaving', () => {
    expect(projectActions(project('owner'))).toEqual([
      'share',
      'invite',
      'download',
      'flag',
      'labels',
      'archive',
      'hide',
      'transferOwnership',
      'transferWorkspace',
      'delete',
    ]);
  });

  it('gives a collaborator labels and Leave Project instead of delete, and no archive or transfers', () => {
    expect(projectActions(project('collaborator', { rush_priority: true }))).toEqual([
      'share',
      'invite',
      'download',
      'unflag',
      'labels',
      'hide',
      'leave',
    ]);
  });

  it('lets a viewer only download, hide and leave', () => {
    expect(projectActions(project('viewer', { status: 'hidden' }))).toEqual(['download', 'unhide', 'leave']);
  });

  it('lets a workspace owner outside the project only delete it, not download it', () => {
    expect(projectActions(project(null, { current_user_is_workspace_owner: true }))).toEqual(['delete']);
  });

  it('offers restore for an archived project', () => {
    expect(projectActions(project('owner', { status: 'hidden_archived' }))).toContain('unarchive');
  });

  it('keeps only download, hide, transfers and removal in a suspended workspace', () => {
    expect(projectActions(project('owner', { active: false }))).toEqual([
      'download',
      'hide',
      'transferOwnership',
      'transferWorkspace',
      'delete',
    ]);
  });
});
