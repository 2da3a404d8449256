import { describe, expect, it } from 'vitest';
import type { PricingPlan } from '@common/api/billing';
import { planTag, workspaceDisplayName } from './workspaceLabels';

const plan = (name: string) => ({ pricing_plan: { name } as PricingPlan });
const owner = { isOnFreeTrial: false, isOnExpiredFreeTrial: false, currentUserIsOwner: true };

describe('sidebar labels', () => {
  it('shows the plan name without " Plan" to the owner', () => {
    expect(planTag(plan('Pro Plan'), owner)).toBe('Pro');
    expect(planTag(plan('Team Plan'), owner)).toBe('Team');
  });

  it("shows 'Free Trial' on a running or expired trial", () => {
    expect(planTag(plan('Free Trial'), { ...owner, isOnFreeTrial: true })).toBe('Free Trial');
    expect(planTag(plan('Free Trial'), { ...owner, isOnExpiredFreeTrial: true })).toBe('Free Trial');
  });

  it('shows no tag to members, nor without a plan', () => {
    expect(planTag(plan('Team Plan'), { ...owner, currentUserIsOwner: false })).toBeNull();
    expect(planTag({ pricing_plan: null }, owner)).toBeNull();
  });

  it('cuts names at 33 characters', () => {
    expect(workspaceDisplayName({ name: 'A'.repeat(33) })).toBe('A'.repeat(33));
    const cut = workspaceDisplayName({ name: 'B'.repeat(40) });
    expect(cut).toHaveLength(33);
    expect(cut.endsWith('…')).toBe(true);
  });
});
