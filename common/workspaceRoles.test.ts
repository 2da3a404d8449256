import { describe, expect, it } from 'vitest';
import {
  canDeleteInvite,
  canEditRole,
  canListAllMembers,
  canManageWorkspaceLabels,
  canRemoveMember,
  defaultInviteRole,
  invitableRoles,
  permissionsOf,
  takesSeat,
} from './workspaceRoles';

const owner = { role: 'owner' as const, userId: 1 };
const admin = { role: 'admin' as const, userId: 2 };
const otherAdmin = { role: 'admin' as const, userId: 5 };
const collaborator = { role: 'collaborator' as const, userId: 3 };

describe('workspace roles', () => {
  it('gives the owner every flag and the others fewer', () => {
    expect(permissionsOf('owner')).toEqual({ see: true, invite: true, editRole: true, destroy: true });
    expect(permissionsOf('admin')).toEqual({ see: true, invite: true, editRole: false, destroy: false });
    expect(permissionsOf('collaborator')).toEqual({
      see: true,
      invite: false,
      editRole: false,
      destroy: false,
    });
  });

  it('invites only non-owner roles of equal or lower rank, admin by default', () => {
    expect(invitableRoles('owner')).toEqual(['admin', 'collaborator']);
    expect(invitableRoles('admin')).toEqual(['admin', 'collaborator']);
    expect(invitableRoles('collaborator')).toEqual([]);
    expect(defaultInviteRole('owner')).toBe('admin');
    expect(defaultInviteRole('collaborator')).toBeUndefined();
  });

  it('removes a member with permission and rank, or oneself, never the owner', () => {
    expect(canRemoveMember(owner, admin)).toBe(true);
    expect(canRemoveMember(admin, collaborator)).toBe(false);
    expect(canRemoveMember(collaborator, collaborator)).toBe(true);
    expect(canRemoveMember(owner, owner)).toBe(false);
    expect(canRemoveMember(admin, otherAdmin)).toBe(false);
  });

  it('edits a role only with permission, on a non-owner, not oneself, in an active workspace', () => {
    expect(canEditRole(owner, admin, true)).toBe(true);
    expect(canEditRole(owner, admin, false)).toBe(false);
    expect(canEditRole(owner, owner, true)).toBe(false);
    expect(canEditRole(admin, collaborator, true)).toBe(false);
  });

  it('deletes an invitation with permission and an equal or lower level', () => {
    expect(canDeleteInvite('admin', 'admin')).toBe(true);
    expect(canDeleteInvite('admin', 'collaborator')).toBe(true);
    expect(canDeleteInvite('collaborator', 'collaborator')).toBe(false);
  });

  it('lists all members to owners and admins, and seats everyone but collaborators', () => {
    expect(canListAllMembers('admin')).toBe(true);
    expect(canListAllMembers('collaborator')).toBe(false);
    expect(takesSeat('collaborator')).toBe(false);
    expect(takesSeat('limited')).toBe(true);
  });

  it('lets the owner and admins manage workspace labels, not collaborators or limited members', () => {
    expect(canManageWorkspaceLabels('owner')).toBe(true);
    expect(canManageWorkspaceLabels('admin')).toBe(true);
    expect(canManageWorkspaceLabels('collaborator')).toBe(false);
    expect(canManageWorkspaceLabels('limited')).toBe(false);
  });
});
