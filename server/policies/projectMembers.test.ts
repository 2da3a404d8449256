import { describe, expect, it } from 'vitest';
import { PROJECT_TEXTS } from '@common/api/projects';
import {
  INVITABLE_PROJECT_ROLES,
  PROJECT_ROLE_NAMES,
  type ProjectActor,
  type ProjectRole,
} from '@common/projectRoles';
import type { ProjectView } from './projectView';
import {
  authorizeInvitation,
  authorizeInvitationAcceptance,
  authorizeInvitationDeletion,
  authorizeMemberRemoval,
  joinsProjectOnSignUp,
  mayDeleteInvitation,
  mayRemoveMember,
  PROJECT_INVITATION_TEXTS,
} from './projectMembers';

const ACTORS = {
  owner: { role: 'owner', isWorkspaceOwner: false },
  collaborator: { role: 'collaborator', isWorkspaceOwner: false },
  viewer: { role: 'viewer', isWorkspaceOwner: false },
  /** Owns the workspace without being a member of the project. */
  workspaceOwner: { role: null, isWorkspaceOwner: true },
} satisfies Record<string, ProjectActor>;

type ActorName = keyof typeof ACTORS;
const ACTOR_NAMES = Object.keys(ACTORS) as ActorName[];

const CALLER = 1;
/** The policies read only the caller's id and actor; the rest of the view is never looked at. */
const view = (name: ActorName) => ({ userId: CALLER, actor: ACTORS[name] }) as ProjectView;

function errorOf(run: () => unknown) {
  try {
    run();
    return undefined;
  } catch (error) {
    return error as { status: number; code: string; message: string; details?: unknown };
  }
}

/** §6 per-member permission: who may remove a member of each role (someone else, never the owner). */
const REMOVES: Record<ActorName, ProjectRole[]> = {
  owner: ['collaborator', 'viewer'],
  collaborator: ['collaborator', 'viewer'],
  viewer: [],
  workspaceOwner: [],
};

describe('mayRemoveMember', () => {
  for (const name of ACTOR_NAMES)
    for (const role of PROJECT_ROLE_NAMES) {
      const allowed = REMOVES[name].includes(role);
      it(`${allowed ? 'lets' : 'refuses'} the ${name} remove another ${role}`, () => {
        expect(mayRemoveMember(view(name), { role, user_id: CALLER + 1 })).toBe(allowed);
      });
    }

  it('never lets a member remove themselves', () => {
    for (const name of ['owner', 'collaborator', 'viewer'] as const)
      expect(mayRemoveMember(view(name), { role: ACTORS[name].role, user_id: CALLER })).toBe(false);
  });
});

describe('authorizeMemberRemoval', () => {
  it('passes a member the caller may remove', () => {
    expect(
      errorOf(() => authorizeMemberRemoval(view('owner'), { role: 'viewer', user_id: 2 })),
    ).toBeUndefined();
  });

  it('answers 403 with the member text otherwise', () => {
    expect(
      errorOf(() => authorizeMemberRemoval(view('viewer'), { role: 'viewer', user_id: 2 })),
    ).toMatchObject({
      status: 403,
      code: 'forbidden',
      message: PROJECT_TEXTS.cannotRemove,
    });
  });
});

/** Who may invite each role (§6: never owner, only of equal or lower rank). */
const INVITES: Record<ActorName, ProjectRole[]> = {
  owner: ['collaborator', 'viewer'],
  collaborator: ['collaborator', 'viewer'],
  viewer: [],
  workspaceOwner: [],
};

describe('authorizeInvitation', () => {
  for (const name of ACTOR_NAMES)
    for (const role of INVITABLE_PROJECT_ROLES) {
      const allowed = INVITES[name].includes(role);
      it(`${allowed ? 'lets' : 'refuses'} the ${name} invite a ${role}`, () => {
        const error = errorOf(() => authorizeInvitation(view(name), role));
        if (allowed) expect(error).toBeUndefined();
        else expect(error).toMatchObject({ status: 403, code: 'forbidden' });
      });
    }

  it('tells whoever may not invite at all that only members invite', () => {
    expect(errorOf(() => authorizeInvitation(view('viewer'), 'viewer'))?.message).toBe(
      PROJECT_TEXTS.cannotInvite,
    );
    expect(errorOf(() => authorizeInvitation(view('workspaceOwner'), 'viewer'))?.message).toBe(
      PROJECT_TEXTS.cannotInvite,
    );
  });

  it('tells a caller who may invite that a role they may not give is not allowed', () => {
    // The owner role is never invitable (the request schema keeps it out; the policy refuses it too).
    expect(errorOf(() => authorizeInvitation(view('owner'), 'owner' as never))?.message).toBe(
      PROJECT_TEXTS.roleNotAllowed,
    );
  });
});

describe('mayDeleteInvitation and authorizeInvitationDeletion', () => {
  for (const name of ACTOR_NAMES)
    for (const role of PROJECT_ROLE_NAMES) {
      const allowed = INVITES[name].includes(role);
      it(`${allowed ? 'lets' : 'refuses'} the ${name} delete a pending ${role} invitation`, () => {
        expect(mayDeleteInvitation(view(name), { role })).toBe(allowed);
        const error = errorOf(() => authorizeInvitationDeletion(view(name), { role }));
        if (allowed) expect(error).toBeUndefined();
        else
          expect(error).toMatchObject({
            status: 403,
            code: 'forbidden',
            message: PROJECT_INVITATION_TEXTS.cannotDelete,
          });
      });
    }
});

describe('authorizeInvitationAcceptance', () => {
  const pending = { email: 'ann@example.test', accepted_at: null };

  it('passes a pending invitation for the user’s address, whatever its case', () => {
    expect(errorOf(() => authorizeInvitationAcceptance(pending, 'Ann@Example.test'))).toBeUndefined();
  });

  it('answers 403 for an invitation sent to another address', () => {
    expect(errorOf(() => authorizeInvitationAcceptance(pending, 'bob@example.test'))).toMatchObject({
      status: 403,
      message: PROJECT_TEXTS.invitationOtherEmail,
    });
  });

  it('answers 422 for an invitation already accepted', () => {
    const accepted = { ...pending, accepted_at: '2026-01-01T00:00:00.000Z' };
    expect(errorOf(() => authorizeInvitationAcceptance(accepted, pending.email))).toMatchObject({
      status: 422,
      code: 'invalid_record',
    });
  });
});

describe('joinsProjectOnSignUp', () => {
  const pending = { email: 'ann@example.test', accepted_at: null };

  it('joins with a pending invitation for the new address', () => {
    expect(joinsProjectOnSignUp(pending, 'ANN@example.test')).toBe(true);
  });

  it('does not join without an invitation, with an accepted one, or with one for another address', () => {
    expect(joinsProjectOnSignUp(undefined, pending.email)).toBe(false);
    expect(joinsProjectOnSignUp({ ...pending, accepted_at: '2026-01-01T00:00:00.000Z' }, pending.email)).toBe(
      false,
    );
    expect(joinsProjectOnSignUp(pending, 'bob@example.test')).toBe(false);
  });
});
