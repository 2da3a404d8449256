import { describe, expect, it } from 'vitest';
import { WORKSPACE_TEXTS } from '@common/api/workspaces';
import { WORKSPACE_ROLE_NAMES, type WorkspaceRole } from '@common/workspaceRoles';
import {
  authorizeAcceptance,
  authorizeInvitationDeletion,
  authorizeLeaving,
  authorizeOwnershipCandidate,
  authorizeInvitationRoles,
  authorizeRemoval,
  authorizeRoleChange,
  handsOverProjects,
  INVITATION_TEXTS,
  joinsOnSignUp,
  listedRoles,
  MEMBER_TEXTS,
  requireInvitationsAllowed,
} from './workspaceMembers';

const ACTIVE = { isActive: true, isOnFreeTrial: false, canInviteMembers: true };
const FULL = { ...ACTIVE, canInviteMembers: false };

const person = (role: WorkspaceRole, userId: number) => ({ role, userId });
const owner = person('owner', 1);
const admin = person('admin', 2);
const otherAdmin = person('admin', 3);
const collaborator = person('collaborator', 4);
const limited = person('limited', 5);

function errorOf(run: () => unknown) {
  try {
    run();
    return undefined;
  } catch (error) {
    return error as { status: number; code: string; message: string };
  }
}

describe('listedRoles', () => {
  it('shows everyone to the owner and admins who ask for everyone', () => {
    expect(listedRoles('owner', 'all')).toBeUndefined();
    expect(listedRoles('admin', 'all')).toBeUndefined();
  });

  it('shows only collaborators to the other roles, and to anyone asking for collaborators', () => {
    expect(listedRoles('collaborator', 'all')).toEqual(['collaborator']);
    expect(listedRoles('limited', 'all')).toEqual(['collaborator']);
    expect(listedRoles('owner', 'collaborators')).toEqual(['collaborator']);
  });
});

describe('authorizeRoleChange', () => {
  it('lets the owner change another member’s role and says whether it changes', () => {
    expect(authorizeRoleChange(owner, admin, 'limited', ACTIVE)).toBe(true);
    expect(authorizeRoleChange(owner, admin, 'admin', ACTIVE)).toBe(false);
  });

  it('refuses roles without the permission, the owner as target, and oneself', () => {
    for (const [actor, target] of [
      [admin, collaborator],
      [collaborator, limited],
      [owner, owner],
      [otherAdmin, otherAdmin],
    ] as const)
      expect(errorOf(() => authorizeRoleChange(actor, target, 'limited', ACTIVE))).toMatchObject({
        status: 403,
        message: MEMBER_TEXTS.cannotChangeRole,
      });
  });

  it('refuses in a suspended workspace, even without a change', () => {
    expect(
      errorOf(() => authorizeRoleChange(owner, admin, 'admin', { ...ACTIVE, isActive: false })),
    ).toMatchObject({ code: 'inactive_workspace' });
  });

  it('needs a free seat only to move a collaborator to a role that takes one', () => {
    expect(errorOf(() => authorizeRoleChange(owner, collaborator, 'admin', FULL))).toMatchObject({
      code: 'forbidden_subscription_limit_reached',
      message: WORKSPACE_TEXTS.memberLimit,
    });
    expect(authorizeRoleChange(owner, admin, 'limited', FULL)).toBe(true);
    expect(authorizeRoleChange(owner, admin, 'collaborator', FULL)).toBe(true);
  });
});

describe('handsOverProjects', () => {
  it('hands the projects over only when the member becomes limited', () => {
    expect(WORKSPACE_ROLE_NAMES.filter(handsOverProjects)).toEqual(['limited']);
  });
});

describe('authorizeRemoval', () => {
  it('lets the owner remove anyone but the owner', () => {
    for (const target of [admin, collaborator, limited])
      expect(errorOf(() => authorizeRemoval(owner, target))).toBeUndefined();
    expect(errorOf(() => authorizeRemoval(owner, owner))).toMatchObject({
      status: 403,
      message: MEMBER_TEXTS.cannotRemove,
    });
  });

  it('lets every member but the owner take themself out', () => {
    for (const self of [admin, collaborator, limited])
      expect(errorOf(() => authorizeRemoval(self, self))).toBeUndefined();
  });

  it('refuses members without the permission', () => {
    expect(errorOf(() => authorizeRemoval(admin, collaborator))).toMatchObject({ status: 403 });
    expect(errorOf(() => authorizeRemoval(collaborator, limited))).toMatchObject({ status: 403 });
  });
});

describe('authorizeInvitationRoles', () => {
  it('lets the owner invite members and collaborators, never owners', () => {
    expect(errorOf(() => authorizeInvitationRoles('owner', ['admin', 'collaborator']))).toBeUndefined();
    expect(errorOf(() => authorizeInvitationRoles('owner', ['owner']))).toMatchObject({
      message: INVITATION_TEXTS.roleNotAllowed,
    });
  });

  it('lets an admin invite admins and collaborators', () => {
    expect(errorOf(() => authorizeInvitationRoles('admin', ['admin', 'collaborator']))).toBeUndefined();
  });

  it('refuses roles without the invite permission before looking at the roles', () => {
    for (const role of ['collaborator', 'limited'] as const)
      expect(errorOf(() => authorizeInvitationRoles(role, ['collaborator']))).toMatchObject({
        status: 403,
        message: INVITATION_TEXTS.cannotInvite,
      });
  });

  it('refuses the limited role as an invitation role', () => {
    expect(errorOf(() => authorizeInvitationRoles('owner', ['collaborator', 'limited']))).toMatchObject({
      message: INVITATION_TEXTS.roleNotAllowed,
    });
  });
});

describe('requireInvitationsAllowed', () => {
  it('needs an active workspace that is not on a free trial', () => {
    expect(errorOf(() => requireInvitationsAllowed(ACTIVE))).toBeUndefined();
    expect(errorOf(() => requireInvitationsAllowed({ isActive: false, isOnFreeTrial: true }))).toMatchObject({
      code: 'inactive_workspace',
    });
    expect(errorOf(() => requireInvitationsAllowed({ isActive: true, isOnFreeTrial: true }))).toMatchObject({
      status: 403,
      code: 'forbidden_subscription_limit_reached',
      message: WORKSPACE_TEXTS.freeTrialFeature,
    });
  });
});

describe('authorizeInvitationDeletion', () => {
  it('lets inviters delete invitations of their rank or lower', () => {
    expect(errorOf(() => authorizeInvitationDeletion('owner', 'admin'))).toBeUndefined();
    expect(errorOf(() => authorizeInvitationDeletion('admin', 'admin'))).toBeUndefined();
    expect(errorOf(() => authorizeInvitationDeletion('admin', 'collaborator'))).toBeUndefined();
  });

  it('refuses a higher-ranked invitation and members who may not invite', () => {
    expect(errorOf(() => authorizeInvitationDeletion('admin', 'owner'))).toMatchObject({
      status: 403,
      message: INVITATION_TEXTS.cannotDeleteInvite,
    });
    expect(errorOf(() => authorizeInvitationDeletion('collaborator', 'collaborator'))).toMatchObject({
      status: 403,
    });
  });
});

describe('accepting an invitation', () => {
  const pending = { email: 'ann@example.com', accepted_at: null };
  const accepted = { ...pending, accepted_at: '2026-11-20T10:00:00.000Z' };

  it('lets the invited address accept a pending invitation, whatever its case', () => {
    expect(errorOf(() => authorizeAcceptance(pending, 'Ann@Example.com'))).toBeUndefined();
  });

  it('refuses another address first, then an accepted invitation', () => {
    expect(errorOf(() => authorizeAcceptance(accepted, 'bob@example.com'))).toMatchObject({
      status: 403,
      message: INVITATION_TEXTS.otherEmail,
    });
    expect(errorOf(() => authorizeAcceptance(accepted, 'ann@example.com'))).toMatchObject({
      status: 422,
      message: INVITATION_TEXTS.alreadyAccepted,
    });
  });

  it('joins on sign-up only with a pending invitation for the new address', () => {
    expect(joinsOnSignUp(pending, 'ANN@example.com')).toBe(true);
    expect(joinsOnSignUp(accepted, 'ann@example.com')).toBe(false);
    expect(joinsOnSignUp(pending, 'bob@example.com')).toBe(false);
    expect(joinsOnSignUp(undefined, 'ann@example.com')).toBe(false);
  });
});

describe('authorizeLeaving', () => {
  for (const role of WORKSPACE_ROLE_NAMES)
    it(`${role === 'owner' ? 'refuses' : 'lets'} the ${role} leave the workspace`, () => {
      const error = errorOf(() => authorizeLeaving({ role }));
      if (role === 'owner')
        expect(error).toMatchObject({
          status: 403,
          code: 'forbidden',
          message: MEMBER_TEXTS.ownerCannotLeave,
        });
      else expect(error).toBeUndefined();
    });
});

describe('authorizeOwnershipCandidate', () => {
  const alreadyOwns = { status: 422, code: 'invalid_record' };

  it('hands the workspace to an admin or a limited member who owns no workspace', () => {
    expect(errorOf(() => authorizeOwnershipCandidate(admin, false, ACTIVE))).toBeUndefined();
    expect(errorOf(() => authorizeOwnershipCandidate(limited, false, FULL))).toBeUndefined();
  });

  it('refuses the owner, and any member who owns a workspace, with 422', () => {
    expect(errorOf(() => authorizeOwnershipCandidate(owner, false, ACTIVE))).toMatchObject(alreadyOwns);
    for (const candidate of [admin, collaborator, limited])
      expect(errorOf(() => authorizeOwnershipCandidate(candidate, true, ACTIVE))).toMatchObject(alreadyOwns);
    expect(errorOf(() => authorizeOwnershipCandidate(admin, true, ACTIVE))?.message).toBe(
      WORKSPACE_TEXTS.alreadyOwnsWorkspace,
    );
  });

  it('needs a free seat for a collaborator, who takes none yet', () => {
    expect(errorOf(() => authorizeOwnershipCandidate(collaborator, false, ACTIVE))).toBeUndefined();
    expect(errorOf(() => authorizeOwnershipCandidate(collaborator, false, FULL))).toMatchObject({
      status: 403,
      code: 'forbidden_subscription_limit_reached',
      message: WORKSPACE_TEXTS.memberLimit,
    });
    expect(
      errorOf(() => authorizeOwnershipCandidate(collaborator, false, { ...ACTIVE, isOnFreeTrial: true })),
    ).toMatchObject({ status: 403, code: 'forbidden_subscription_limit_reached' });
  });
});
