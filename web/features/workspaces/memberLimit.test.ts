import { describe, expect, it } from 'vitest';
import { memberLimitFor, memberLimitFromRefusal } from './memberLimit';

const active = { isActive: true, isOnFreeTrial: false, subscriptionMaxMembersCount: 5 };

describe('member limit popups before inviting', () => {
  it('stops everything in a suspended workspace', () => {
    const state = { ...active, isActive: false };
    expect(
      memberLimitFor({ state, seatsUsed: 1, planName: 'Team Plan', role: 'collaborator', count: 1 }),
    ).toBe('suspended');
  });

  it('shows the paid feature popup on a free trial, whatever the role', () => {
    const state = { ...active, isOnFreeTrial: true, subscriptionMaxMembersCount: 1 };
    for (const role of ['admin', 'collaborator'] as const)
      expect(memberLimitFor({ state, seatsUsed: 1, planName: 'Free Trial', role, count: 1 })).toBe(
        'freeTrial',
      );
  });

  it('lets a batch through while it fits in the seats', () => {
    expect(
      memberLimitFor({ state: active, seatsUsed: 3, planName: 'Team Plan', role: 'admin', count: 2 }),
    ).toBe(null);
  });

  it('asks a Pro owner out of seats to upgrade, and a Team owner to contact us', () => {
    const pro = { ...active, subscriptionMaxMembersCount: 1 };
    expect(memberLimitFor({ state: pro, seatsUsed: 1, planName: 'Pro Plan', role: 'admin', count: 1 })).toBe(
      'planLimit',
    );
    expect(
      memberLimitFor({ state: active, seatsUsed: 4, planName: 'Team Plan', role: 'admin', count: 2 }),
    ).toBe('topLimit');
  });

  it('never counts collaborators against the seats', () => {
    expect(
      memberLimitFor({ state: active, seatsUsed: 5, planName: 'Team Plan', role: 'collaborator', count: 3 }),
    ).toBe(null);
  });

  it("maps the server's refusal to the same popups", () => {
    expect(memberLimitFromRefusal({ isOnFreeTrial: true }, 'Free Trial')).toBe('freeTrial');
    expect(memberLimitFromRefusal({ isOnFreeTrial: false }, 'Pro Plan')).toBe('planLimit');
    expect(memberLimitFromRefusal({ isOnFreeTrial: false }, 'Team Plan')).toBe('topLimit');
  });
});
