import { describe, expect, it } from 'vitest';
import {
  can,
  canDeleteProjectInvite,
  canRemoveProjectMember,
  defaultProjectInviteRole,
  invitableProjectRoles,
  PROJECT_CAPABILITIES,
  type Capability,
  type ProjectRole,
} from './projectRoles';

const member = (role: ProjectRole) => ({ role, isWorkspaceOwner: false });

/** §6's table, row by row: [capability, owner, collaborator, viewer]. */
const TABLE: [Capability, boolean, boolean, boolean][] = [
  ['projects.add', true, false, false],
  ['projects.edit', true, false, false],
  ['projects.destroy', true, false, false],
  ['projects.archive', true, false, false],
  ['projects.see', true, true, true],
  ['projects.share', true, true, false],
  ['projects.flag', true, true, false],
  ['projects.invite', true, true, false],
  ['projects.leave', false, true, true],
  ['assets.see', true, true, true],
  ['assets.upload', true, true, false],
  ['assets.destroy', true, true, false],
  ['assets.approve', true, true, false],
  ['assets.seeVersions', true, true, true],
  ['assets.filter', true, true, true],
  ['assets.editTitle', true, false, false],
  ['tasks.see', true, true, true],
  ['tasks.add', true, true, false],
  ['comments.see', true, true, true],
  ['comments.add', true, true, false],
  ['comments.destroyOwn', true, true, false],
  ['comments.destroyOther', true, true, false],
  ['comments.editOwn', true, true, false],
  ['comments.editOther', false, false, false],
  ['folders.see', true, true, true],
  ['folders.add', true, true, false],
  ['folders.edit', true, true, false],
  ['folders.destroy', true, true, false],
  ['labels.see', true, true, true],
  ['labels.add', true, true, false],
  ['labels.edit', true, true, false],
  ['labels.destroy', true, true, false],
  ['labels.order', true, true, false],
];

describe('the capability table (§6)', () => {
  it('covers every capability', () => {
    const all = Object.entries(PROJECT_CAPABILITIES).flatMap(([r, list]) => list.map((c) => `${r}.${c}`));
    expect(TABLE.map(([c]) => c).sort()).toEqual(all.sort());
  });

  it.each(TABLE)('%s: owner %s, collaborator %s, viewer %s', (capability, owner, collaborator, viewer) => {
    expect(can(member('owner'), capability)).toBe(owner);
    expect(can(member('collaborator'), capability)).toBe(collaborator);
    expect(can(member('viewer'), capability)).toBe(viewer);
  });

  it('lets a workspace owner outside the project only see and delete it', () => {
    const outsider = { role: null, isWorkspaceOwner: true };
    const allowed = TABLE.filter(([c]) => can(outsider, c)).map(([c]) => c);
    expect(allowed).toEqual(['projects.destroy', 'projects.see']);
    expect(TABLE.some(([c]) => can({ role: null, isWorkspaceOwner: false }, c))).toBe(false);
  });
});

describe('invitations and removals', () => {
  it('invites equal or lower roles, never owner; View Only by default', () => {
    expect(invitableProjectRoles('owner')).toEqual(['collaborator', 'viewer']);
    expect(invitableProjectRoles('collaborator')).toEqual(['collaborator', 'viewer']);
    expect(invitableProjectRoles('viewer')).toEqual([]);
    expect(defaultProjectInviteRole('owner')).toBe('viewer');
    expect(defaultProjectInviteRole(null)).toBeUndefined();
  });

  it('removes members of equal or lower rank, never the owner nor oneself', () => {
    const owner = { role: 'owner' as const, userId: 1 };
    const collaborator = { role: 'collaborator' as const, userId: 2 };
    expect(canRemoveProjectMember(owner, collaborator)).toBe(true);
    expect(canRemoveProjectMember(collaborator, { role: 'viewer', userId: 3 })).toBe(true);
    expect(canRemoveProjectMember(collaborator, owner)).toBe(false);
    expect(canRemoveProjectMember(collaborator, collaborator)).toBe(false);
    expect(canRemoveProjectMember({ role: 'viewer', userId: 3 }, { role: 'viewer', userId: 4 })).toBe(false);
    expect(canRemoveProjectMember({ role: null, userId: 5 }, collaborator)).toBe(false);
  });

  it('deletes pending invitations of a role the actor may invite', () => {
    expect(canDeleteProjectInvite('collaborator', 'viewer')).toBe(true);
    expect(canDeleteProjectInvite('viewer', 'viewer')).toBe(false);
    expect(canDeleteProjectInvite('owner', 'owner')).toBe(false);
  });
});
