import { describe, expect, it } from 'vitest';
import { PROJECT_ROLES } from '../projectRoles';
import { WORKSPACE_ROLES } from '../workspaceRoles';
import { memberRoleSchema } from './workspaces';
import { projectFiltersSchema, projectInviteSchema } from './projects';
import { roleField } from './roleFields';

describe('role fields take the short name and the spec type', () => {
  it('reads both spellings as the short name', () => {
    const field = roleField(PROJECT_ROLES, ['collaborator', 'viewer'] as const);
    expect(field.parse('collaborator')).toBe('collaborator');
    expect(field.parse('ProjectCollaborator')).toBe('collaborator');
    expect(field.parse('ProjectViewer')).toBe('viewer');
  });

  it('refuses roles outside the allowed ones, in either spelling', () => {
    const field = roleField(WORKSPACE_ROLES, ['admin', 'collaborator'] as const);
    for (const refused of [
      'owner',
      'WorkspaceOwner',
      'limited',
      'WorkspaceLimited',
      'workspaceadmin',
      'Admin',
    ]) {
      const result = field.safeParse(refused);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toMatch(/^Invalid option/);
    }
  });

  it('every schema that reads a role takes the spec names', () => {
    expect(projectInviteSchema.parse({ invitees: ['a@b.co'], role: 'ProjectCollaborator' }).role).toBe(
      'collaborator',
    );
    expect(projectInviteSchema.parse({ invitees: ['a@b.co'] }).role).toBe('viewer');
    expect(projectFiltersSchema.parse({ role: 'ProjectOwner' }).role).toBe('owner');
    expect(memberRoleSchema.parse({ role: 'WorkspaceLimited' }).role).toBe('limited');
    expect(memberRoleSchema.parse({ role: 'WorkspaceCollaborator' }).role).toBe('collaborator');
  });
});
