import { describe, expect, it } from 'vitest';
import type { PricingPlan, Subscription } from './api/billing';
import { deriveWorkspaceState, trialIndicatorText, type WorkspaceFacts } from './workspaceState';

const NOW = new Date('2026-11-21T10:00:00Z');
const day = 86_400_000;
const iso = (offsetDays: number) => new Date(NOW.getTime() + offsetDays * day).toISOString();

const trialPlan: PricingPlan = {
  id: 1,
  name: 'Free Trial',
  level: -1,
  included_projects: 3,
  included_members: 1,
  included_storage_in_bytes: 1000,
  prices: [{ id: 101, billing_period: 'month', cost: 0, pricing_plan: { id: 1, name: 'Free Trial' } }],
};
const teamPlan: PricingPlan = {
  id: 3,
  name: 'Team Plan',
  level: 1,
  included_projects: null,
  included_members: 5,
  included_storage_in_bytes: 1000,
  prices: [
    { id: 301, billing_period: 'month', cost: 4900, pricing_plan: { id: 3, name: 'Team Plan' } },
    { id: 302, billing_period: 'year', cost: 46800, pricing_plan: { id: 3, name: 'Team Plan' } },
  ],
};
const proPlan: PricingPlan = {
  ...teamPlan,
  id: 2,
  name: 'Pro Plan',
  level: 0,
  included_projects: 10,
  included_members: null,
};

function subscription(overrides: Partial<Subscription> = {}): Subscription {
  return {
    id: 1,
    active: true,
    workspace_id: 1,
    cancel_at_period_end: false,
    billing_period_ends_at: iso(30),
    last_payment_succeeded: true,
    pricing_plan_price: teamPlan.prices[0]!,
    add_on_items: [],
    downgrade_at_period_end: null,
    free_trial_expires_at: null,
    ...overrides,
  };
}

function facts(overrides: Partial<WorkspaceFacts> = {}): WorkspaceFacts {
  return {
    ownerId: 1,
    currentUserId: 1,
    currentUserRole: 'owner',
    subscription: subscription(),
    plan: teamPlan,
    seatsUsed: 1,
    projectsCount: 0,
    storageUsedInBytes: 0,
    now: NOW,
    ...overrides,
  };
}

const trial = (daysLeft: number, active = true) =>
  facts({
    plan: trialPlan,
    subscription: subscription({
      active,
      pricing_plan_price: trialPlan.prices[0]!,
      free_trial_expires_at: iso(daysLeft),
      billing_period_ends_at: iso(daysLeft),
    }),
  });

describe('deriveWorkspaceState', () => {
  it('reads an active paid plan', () => {
    const s = deriveWorkspaceState(facts());
    expect(s).toMatchObject({
      planName: 'Team Plan',
      isActive: true,
      isSuspended: false,
      isOnFreeTrial: false,
      hasAPaidPlan: true,
      billingInterval: 'monthly',
      includedMembers: 5,
      subscriptionMaxMembersCount: 5,
      subscriptionMaxProjectCount: null,
      hasRoomForProjects: true,
      canInviteMembers: true,
      subscriptionCanBeCancelled: true,
      currentUserIsOwner: true,
      currentUserCanCreateProject: true,
      showWarningIcon: false,
      upgradeButtonText: 'Change Plan',
    });
  });

  it('counts days left on a trial, warns at 7 or fewer, and forbids invitations', () => {
    expect(deriveWorkspaceState(trial(14))).toMatchObject({
      isOnFreeTrial: true,
      daysLeftOnFreeTrial: 14,
      showWarningIcon: false,
      canInviteMembers: false,
      upgradeButtonText: 'Upgrade',
    });
    expect(deriveWorkspaceState(trial(7)).showWarningIcon).toBe(true);
    expect(deriveWorkspaceState(trial(0.2)).daysLeftOnFreeTrial).toBe(1);
  });

  it('tells an expired trial: suspended and on trial', () => {
    const s = deriveWorkspaceState(trial(-1, false));
    expect(s).toMatchObject({
      isOnExpiredFreeTrial: true,
      isOnFreeTrial: false,
      isSuspended: true,
      upgradeButtonText: 'See Plans',
    });
    expect(trialIndicatorText(s)).toBe('Free Trial Expired');
  });

  it('words the trial indicator with the singular for one day', () => {
    expect(trialIndicatorText(deriveWorkspaceState(trial(1)))).toBe('1 day left');
    expect(trialIndicatorText(deriveWorkspaceState(trial(5)))).toBe('5 days left');
    expect(trialIndicatorText(deriveWorkspaceState(facts()))).toBeNull();
  });

  it('treats no subscription as suspended', () => {
    const s = deriveWorkspaceState(facts({ subscription: null, plan: null }));
    expect(s).toMatchObject({
      hasSubscription: false,
      isSuspended: true,
      currentUserCanCreateProject: false,
      showWarningIcon: true,
    });
  });

  it('adds seat and storage add-ons to the plan', () => {
    const s = deriveWorkspaceState(
      facts({
        subscription: subscription({
          add_on_items: [
            {
              id: 1,
              quantity: 2,
              included_amount: 1000,
              type: 'storage',
              add_on_price: { id: 3101, cost: 2900, billing_period: 'month' },
            },
            {
              id: 2,
              quantity: 3,
              included_amount: 1,
              type: 'members',
              add_on_price: { id: 3201, cost: 1000, billing_period: 'month' },
            },
          ],
        }),
        storageUsedInBytes: 2500,
      }),
    );
    expect(s).toMatchObject({
      storageAddOnQuantity: 2,
      extraStorage: 2000,
      storageCapacity: 3000,
      storageAvailable: 500,
      membersAddOnQuantity: 3,
      subscriptionMaxMembersCount: 8,
      storageNearlyFull: false,
    });
  });

  it('turns the storage bar to the error colour at 90 percent', () => {
    expect(deriveWorkspaceState(facts({ storageUsedInBytes: 899 })).storageNearlyFull).toBe(false);
    expect(deriveWorkspaceState(facts({ storageUsedInBytes: 900 })).storageNearlyFull).toBe(true);
  });

  it('defaults the members to 15 when the plan gives none, and stops invitations at the limit', () => {
    expect(deriveWorkspaceState(facts({ plan: proPlan })).includedMembers).toBe(15);
    expect(deriveWorkspaceState(facts({ seatsUsed: 5 })).canInviteMembers).toBe(false);
  });

  it('checks room under the project count', () => {
    const plan = { ...proPlan, included_projects: 2 };
    expect(deriveWorkspaceState(facts({ plan, projectsCount: 1 })).hasRoomForProjects).toBe(true);
    const full = deriveWorkspaceState(facts({ plan, projectsCount: 2 }));
    expect(full).toMatchObject({ hasRoomForProjects: false, currentUserCanCreateProject: false });
  });

  it('reads a cancellation at period end', () => {
    const s = deriveWorkspaceState(facts({ subscription: subscription({ cancel_at_period_end: true }) }));
    expect(s).toMatchObject({
      isMarkedForCancellation: true,
      subscriptionCanBeCancelled: false,
      upgradeButtonText: 'Reactivate Subscription',
    });
  });

  it('shows a pending downgrade banner only within 16 days of the period end', () => {
    const pending = (daysLeft: number) =>
      deriveWorkspaceState(
        facts({
          subscription: subscription({
            downgrade_at_period_end: proPlan.prices[0]!,
            billing_period_ends_at: iso(daysLeft),
          }),
        }),
      );
    expect(pending(20)).toMatchObject({
      isDowngradePending: true,
      daysUntilDowngrade: 20,
      showPendingDowngradeBanner: false,
    });
    expect(pending(16).showPendingDowngradeBanner).toBe(true);
  });

  it('reads suspended for downgrade', () => {
    const s = deriveWorkspaceState(
      facts({ subscription: subscription({ active: false, downgrade_at_period_end: proPlan.prices[0]! }) }),
    );
    expect(s).toMatchObject({ isSuspendedForDowngrade: true, showPendingDowngradeBanner: false });
  });

  it('marks a failed last payment with the warning icon', () => {
    expect(
      deriveWorkspaceState(facts({ subscription: subscription({ last_payment_succeeded: false }) }))
        .showWarningIcon,
    ).toBe(true);
  });

  it('lets owners and admins create projects, and lists all members only for them', () => {
    expect(deriveWorkspaceState(facts({ currentUserId: 2, currentUserRole: 'admin' }))).toMatchObject({
      currentUserIsOwner: false,
      currentUserCanCreateProject: true,
      userCanListAllMembers: true,
    });
    expect(deriveWorkspaceState(facts({ currentUserId: 3, currentUserRole: 'collaborator' }))).toMatchObject({
      currentUserCanCreateProject: false,
      userCanListAllMembers: false,
    });
  });

  it('reads a yearly price as a yearly interval', () => {
    expect(
      deriveWorkspaceState(facts({ subscription: subscription({ pricing_plan_price: teamPlan.prices[1]! }) }))
        .billingInterval,
    ).toBe('yearly');
  });
});
