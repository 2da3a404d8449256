import { describe, expect, it } from 'vitest';
import { WORKSPACE_TEXTS } from '@common/api/workspaces';
import { WORKSPACE_ROLE_NAMES } from '@common/workspaceRoles';
import {
  ONLY_THE_OWNER,
  requireActive,
  requireMembersFit,
  requireOwner,
  requirePaidPlan,
  requireRoomForProject,
  requireSeat,
  requireSeats,
  requireStorage,
} from './workspaces';

/** A paid, active workspace with room everywhere; each test changes what it is about. */
const ROOMY = {
  isActive: true,
  isOnFreeTrial: false,
  canInviteMembers: true,
  hasRoomForProjects: true,
  subscriptionMaxMembersCount: 5,
  storageAvailable: 1000,
};

function errorOf(run: () => void) {
  try {
    run();
    return undefined;
  } catch (error) {
    return error as { status: number; code: string; message: string };
  }
}

describe('requireOwner', () => {
  for (const role of WORKSPACE_ROLE_NAMES)
    it(`${role === 'owner' ? 'lets' : 'refuses'} the ${role}`, () => {
      const error = errorOf(() => requireOwner({ member: { role } }));
      if (role === 'owner') expect(error).toBeUndefined();
      else expect(error).toMatchObject({ status: 403, code: 'forbidden', message: ONLY_THE_OWNER });
    });
});

describe('requireActive', () => {
  it('lets an active workspace act and refuses a suspended one with inactive_workspace', () => {
    expect(errorOf(() => requireActive({ isActive: true }))).toBeUndefined();
    expect(errorOf(() => requireActive({ isActive: false }))).toMatchObject({
      status: 403,
      code: 'inactive_workspace',
      message: WORKSPACE_TEXTS.inactiveWorkspace,
    });
  });
});

describe('requireRoomForProject', () => {
  it('needs an active workspace below its project count', () => {
    expect(errorOf(() => requireRoomForProject(ROOMY))).toBeUndefined();
    expect(errorOf(() => requireRoomForProject({ ...ROOMY, hasRoomForProjects: false }))).toMatchObject({
      status: 403,
      code: 'forbidden_project_count',
      message: WORKSPACE_TEXTS.projectLimit,
    });
  });

  it('answers a suspended workspace before its project count', () => {
    const error = errorOf(() =>
      requireRoomForProject({ ...ROOMY, isActive: false, hasRoomForProjects: false }),
    );
    expect(error).toMatchObject({ code: 'inactive_workspace' });
  });
});

describe('requireSeat', () => {
  it('lets an active paid workspace with a free seat add a member', () => {
    expect(errorOf(() => requireSeat(ROOMY))).toBeUndefined();
  });

  it('refuses on a suspended workspace first', () => {
    expect(errorOf(() => requireSeat({ ...ROOMY, isActive: false, isOnFreeTrial: true }))).toMatchObject({
      code: 'inactive_workspace',
    });
  });

  it('refuses on a free trial, whatever the seats', () => {
    expect(errorOf(() => requireSeat({ ...ROOMY, isOnFreeTrial: true }))).toMatchObject({
      status: 403,
      code: 'forbidden_subscription_limit_reached',
      message: WORKSPACE_TEXTS.freeTrialFeature,
    });
  });

  it('refuses when every seat of the plan is taken', () => {
    expect(errorOf(() => requireSeat({ ...ROOMY, canInviteMembers: false }))).toMatchObject({
      status: 403,
      code: 'forbidden_subscription_limit_reached',
      message: WORKSPACE_TEXTS.memberLimit,
    });
  });
});

describe('requireSeats', () => {
  it('asks nothing of a batch that takes no seat, even on a free trial or suspended', () => {
    expect(
      errorOf(() => requireSeats({ ...ROOMY, isActive: false, isOnFreeTrial: true }, 5, 0)),
    ).toBeUndefined();
  });

  it('lets a batch fill the plan exactly and refuses one person more', () => {
    expect(errorOf(() => requireSeats(ROOMY, 3, 2))).toBeUndefined();
    expect(errorOf(() => requireSeats(ROOMY, 3, 3))).toMatchObject({
      code: 'forbidden_subscription_limit_reached',
      message: WORKSPACE_TEXTS.memberLimit,
    });
  });

  it('checks the first seat like requireSeat', () => {
    expect(errorOf(() => requireSeats({ ...ROOMY, isOnFreeTrial: true }, 0, 1))).toMatchObject({
      message: WORKSPACE_TEXTS.freeTrialFeature,
    });
  });
});

describe('requireStorage', () => {
  it('lets storage reach what is available and refuses a byte more', () => {
    expect(errorOf(() => requireStorage({ storageAvailable: 1000 }, 1000))).toBeUndefined();
    expect(errorOf(() => requireStorage({ storageAvailable: 1000 }, 1001))).toMatchObject({
      status: 400,
      code: 'invalid_workspace',
      message: WORKSPACE_TEXTS.storageLimit,
    });
  });
});

describe('requirePaidPlan', () => {
  it('lets a paid plan cancel, downgrade and buy add-ons, and refuses a free trial', () => {
    expect(errorOf(() => requirePaidPlan({ hasAPaidPlan: true }))).toBeUndefined();
    expect(errorOf(() => requirePaidPlan({ hasAPaidPlan: false }))).toMatchObject({
      status: 403,
      code: 'forbidden',
      message: WORKSPACE_TEXTS.freeTrialFeature,
    });
  });
});

describe('requireMembersFit', () => {
  it('renews while the seat-taking members fit the plan, up to its count', () => {
    expect(errorOf(() => requireMembersFit(ROOMY, 4))).toBeUndefined();
    expect(errorOf(() => requireMembersFit(ROOMY, 5))).toBeUndefined();
  });

  it('refuses one member over the count with the member limit', () => {
    expect(errorOf(() => requireMembersFit(ROOMY, 6))).toMatchObject({
      status: 403,
      code: 'forbidden_subscription_limit_reached',
      message: WORKSPACE_TEXTS.memberLimit,
    });
  });
});
