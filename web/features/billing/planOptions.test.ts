import { describe, expect, it } from 'vitest';
import type { PricingPlan, Subscription } from '@common/api/billing';
import type { Workspace } from '@common/api/workspaces';
import {
  cardButton,
  cardFor,
  choosablePlans,
  initialPeriod,
  planFeatures,
  priceFor,
  trialFeatures,
} from './planOptions';

const price = (id: number, plan: { id: number; name: string }, period: 'month' | 'year', cost: number) => ({
  id,
  billing_period: period,
  cost,
  pricing_plan: plan,
});
const plan = (id: number, name: string, level: number, extra: Partial<PricingPlan> = {}): PricingPlan => ({
  id,
  name,
  level,
  included_projects: null,
  included_members: 5,
  included_storage_in_bytes: 107374182400,
  prices: [
    price(id * 100 + 1, { id, name }, 'month', 1900),
    price(id * 100 + 2, { id, name }, 'year', 18000),
  ],
  ...extra,
});
const trial = plan(1, 'Free Trial', -1, {
  included_projects: 3,
  included_members: 1,
  included_storage_in_bytes: 5368709120,
  prices: [price(101, { id: 1, name: 'Free Trial' }, 'month', 0)],
});
const pro = plan(2, 'Pro Plan', 0, { included_projects: 10, included_members: 1 });
const team = plan(3, 'Team Plan', 1);

function workspace(p: PricingPlan, priceIndex: number, sub: Partial<Subscription> = {}): Workspace {
  return {
    id: 1,
    name: 'W',
    logo: null,
    owner: { id: 1, name: 'O', email: 'o@x.y', avatar: null },
    current_user_role: { name: 'owner', type: 'WorkspaceOwner', label: 'Owner', level: 1 },
    projects_count: 0,
    members_count: 1,
    seats_used: 1,
    storage_used_in_bytes: 0,
    pricing_plan: p,
    created_at: '2026-01-01T00:00:00Z',
    subscription: {
      id: 1,
      active: true,
      workspace_id: 1,
      cancel_at_period_end: false,
      billing_period_ends_at: '2026-02-01T00:00:00Z',
      last_payment_succeeded: true,
      pricing_plan_price: p.prices[priceIndex]!,
      add_on_items: [],
      downgrade_at_period_end: null,
      free_trial_expires_at: null,
      ...sub,
    },
  };
}

describe('plan choices', () => {
  it('offers the paid plans, lowest first, without the Free Trial', () => {
    expect(choosablePlans([team, trial, pro]).map((p) => p.name)).toEqual(['Pro Plan', 'Team Plan']);
    expect(priceFor(pro, 'year')?.cost).toBe(18000);
    expect(priceFor(trial, 'year')?.cost).toBe(0);
  });

  it('starts monthly only for a paid monthly plan', () => {
    expect(initialPeriod(null)).toBe('year');
    expect(initialPeriod(workspace(pro, 0))).toBe('month');
    expect(initialPeriod(workspace(pro, 1))).toBe('year');
    expect(initialPeriod(workspace(trial, 0, { free_trial_expires_at: '2026-02-01T00:00:00Z' }))).toBe(
      'year',
    );
  });

  it('labels each card state', () => {
    expect(cardButton('stay', pro)).toEqual({ label: 'Current plan', inert: true });
    expect(cardButton('noWorkspace', pro).label).toBe('Start Free Trial');
    expect(cardButton('noWorkspace', team).label).toBe('Choose Team');
    expect(cardButton('cancelDowngrade', team).label).toBe('Restore Team');
    expect(cardButton('downgradePending', pro).inert).toBe(true);
  });

  it('derives the card from the workspace', () => {
    expect(cardFor(pro, pro.prices[0]!, null).state).toBe('noWorkspace');
    const onTeam = workspace(team, 0);
    expect(cardFor(team, team.prices[0]!, onTeam).state).toBe('stay');
    expect(cardFor(pro, pro.prices[0]!, onTeam).state).toBe('downgrade');
    expect(cardFor(pro, pro.prices[0]!, { ...onTeam, seats_used: 3 }).disabled).toBe(true);
    const pending = workspace(team, 0, { downgrade_at_period_end: pro.prices[0]! });
    expect(cardFor(team, team.prices[0]!, pending).state).toBe('cancelDowngrade');
    expect(cardFor(pro, pro.prices[0]!, pending).state).toBe('downgradePending');
  });

  it('lists what a plan includes', () => {
    expect(planFeatures(pro)).toEqual([
      'Up to 10 projects',
      '1 member included',
      '100 GB storage per workspace',
      'Unlimited collaborators',
      'Add storage and members as you grow',
    ]);
    expect(planFeatures(team)[0]).toBe('Unlimited projects');
  });

  it("lists the trial's own limits on the card that starts it", () => {
    expect(trialFeatures(trial, pro)).toEqual([
      'Up to 3 projects',
      '1 member included',
      '5 GB storage per workspace',
      'Unlimited collaborators',
      'Upgrade any time for up to 10 projects and 100 GB',
    ]);
  });
});
