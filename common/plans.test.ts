import { describe, expect, it } from 'vitest';
import type { PricingPlan, Subscription } from './api/billing';
import { planCardFor, planShownOnCard, startsFreeTrial } from './planCards';
import {
  annualDiscountPercent,
  annualSavingsText,
  fitsPlan,
  formatDollars,
  minimumAnnualDiscount,
  monthlyCost,
  proratedYearly,
} from './plans';

const plan = (
  id: number,
  name: string,
  level: number,
  monthly: number,
  annual: number,
  members: number | null = 5,
): PricingPlan => ({
  id,
  name,
  level,
  included_projects: 10,
  included_members: members,
  included_storage_in_bytes: 1000,
  prices: [
    { id: id * 100 + 1, billing_period: 'month', cost: monthly, pricing_plan: { id, name } },
    { id: id * 100 + 2, billing_period: 'year', cost: annual, pricing_plan: { id, name } },
  ],
});
const pro = plan(2, 'Pro Plan', 0, 1900, 18000, 1);
const team = plan(3, 'Team Plan', 1, 4900, 46800);

describe('prices', () => {
  it('computes the annual discount with the spec formula', () => {
    expect(annualDiscountPercent(pro)).toBe(21);
    expect(annualDiscountPercent(team)).toBe(20);
    expect(minimumAnnualDiscount([pro, team])).toBe(20);
    expect(minimumAnnualDiscount([])).toBe(20);
  });

  it('words the switch badge as the minimum discount it is', () => {
    // Pro saves 21 %, Team 20 %: every plan saves at least 20 %, none saves 'up to' 20 %.
    expect(annualSavingsText([pro, team])).toBe('Save at least 20%');
  });

  it('shows annual prices per month and cents as dollars', () => {
    expect(monthlyCost(team.prices[1]!)).toBe(3900);
    expect(monthlyCost(team.prices[0]!)).toBe(4900);
    expect(formatDollars(4900)).toBe('$49.00');
    expect(formatDollars(5)).toBe('$0.05');
  });

  it('prorates a yearly amount by days left over 365', () => {
    expect(proratedYearly(36500, 10)).toBe(1000);
    expect(proratedYearly(9600, 365)).toBe(9600);
    expect(proratedYearly(9600, -3)).toBe(0);
  });

  it('checks a workspace fits a plan', () => {
    expect(fitsPlan(pro, { seatsUsed: 1, projectsCount: 10, storageUsedInBytes: 1000 })).toBe(true);
    expect(fitsPlan(pro, { seatsUsed: 2, projectsCount: 0, storageUsedInBytes: 0 })).toBe(false);
    expect(fitsPlan(pro, { seatsUsed: 1, projectsCount: 11, storageUsedInBytes: 0 })).toBe(false);
    expect(fitsPlan(pro, { seatsUsed: 1, projectsCount: 0, storageUsedInBytes: 1001 })).toBe(false);
  });
});

describe('planCardFor', () => {
  const usage = { seatsUsed: 1, projectsCount: 0, storageUsedInBytes: 0 };
  const on = (
    price: Subscription['pricing_plan_price'],
    overrides: Partial<Subscription> = {},
  ): Subscription => ({
    id: 1,
    active: true,
    workspace_id: 1,
    cancel_at_period_end: false,
    billing_period_ends_at: null,
    last_payment_succeeded: true,
    pricing_plan_price: price,
    add_on_items: [],
    downgrade_at_period_end: null,
    free_trial_expires_at: null,
    ...overrides,
  });

  it('offers every plan to a user without a workspace', () => {
    expect(planCardFor(pro.prices[0]!, pro, null, usage)).toEqual({ state: 'noWorkspace', disabled: false });
  });

  it('tells stay, upgrade and downgrade from the current plan', () => {
    const current = { subscription: on(pro.prices[0]!), plan: pro };
    expect(planCardFor(pro.prices[0]!, pro, current, usage).state).toBe('stay');
    expect(planCardFor(pro.prices[1]!, pro, current, usage).state).toBe('upgrade');
    expect(planCardFor(team.prices[0]!, team, current, usage).state).toBe('upgrade');
    const onTeam = { subscription: on(team.prices[0]!), plan: team };
    expect(planCardFor(pro.prices[0]!, pro, onTeam, usage).state).toBe('downgrade');
  });

  it('disables a plan the workspace exceeds', () => {
    const onTeam = { subscription: on(team.prices[0]!), plan: team };
    expect(planCardFor(pro.prices[0]!, pro, onTeam, { ...usage, seatsUsed: 3 })).toEqual({
      state: 'downgrade',
      disabled: true,
    });
  });

  it('offers reactivation when suspended or marked for cancellation', () => {
    expect(
      planCardFor(
        team.prices[0]!,
        team,
        { subscription: on(pro.prices[0]!, { active: false }), plan: pro },
        usage,
      ).state,
    ).toBe('reactivate');
    expect(
      planCardFor(
        pro.prices[0]!,
        pro,
        { subscription: on(pro.prices[0]!, { cancel_at_period_end: true }), plan: pro },
        usage,
      ).state,
    ).toBe('reactivate');
  });

  it('shows a pending downgrade and its cancellation', () => {
    const current = {
      subscription: on(team.prices[0]!, { downgrade_at_period_end: pro.prices[0]! }),
      plan: team,
    };
    expect(planCardFor(pro.prices[0]!, pro, current, usage).state).toBe('downgradePending');
    expect(planCardFor(team.prices[0]!, team, current, usage).state).toBe('cancelDowngrade');
  });
});

describe('the card that starts a free trial', () => {
  const trial: PricingPlan = {
    id: 1,
    name: 'Free Trial',
    level: -1,
    included_projects: 3,
    included_members: 1,
    included_storage_in_bytes: 5,
    prices: [{ id: 101, billing_period: 'month', cost: 0, pricing_plan: { id: 1, name: 'Free Trial' } }],
  };
  const noWorkspace = { state: 'noWorkspace', disabled: false } as const;

  it('is the Pro Plan offered to a user without a workspace', () => {
    expect(startsFreeTrial(noWorkspace, pro)).toBe(true);
    expect(startsFreeTrial(noWorkspace, team)).toBe(false);
    expect(startsFreeTrial({ state: 'upgrade', disabled: false }, pro)).toBe(false);
  });

  it("lists the trial's own limits, not the Pro Plan's", () => {
    expect(planShownOnCard(pro, noWorkspace, [trial, pro, team])).toBe(trial);
    expect(planShownOnCard(team, noWorkspace, [trial, pro, team])).toBe(team);
    expect(planShownOnCard(pro, { state: 'upgrade', disabled: false }, [trial, pro, team])).toBe(pro);
    // A catalogue without a trial plan: the plan's own limits.
    expect(planShownOnCard(pro, noWorkspace, [pro, team])).toBe(pro);
  });
});
