import type { PricingPlan, PricingPlanPrice } from '@common/api/billing';
import type { Workspace } from '@common/api/workspaces';
import { planCardFor, type PlanCard, type PlanCardState } from '@common/planCards';
import {
  DEFAULT_INCLUDED_MEMBERS,
  FREE_TRIAL_PLAN_NAME,
  isFreePrice,
  priceOf,
  PRO_PLAN_NAME,
} from '@common/plans';
import { plural } from '@common/text';
import { formatBytes } from './formats';

export type Period = 'month' | 'year';

/** The plans offered in 'Change Workspace Plan': every plan but the Free Trial, lowest level first. */
export function choosablePlans(plans: readonly PricingPlan[]): PricingPlan[] {
  return plans.filter((p) => p.name !== FREE_TRIAL_PLAN_NAME).sort((a, b) => a.level - b.level);
}

/** The plan's price for the switch's period, or its only price. */
export function priceFor(plan: PricingPlan, period: Period): PricingPlanPrice | undefined {
  return priceOf(plan, period) ?? plan.prices[0];
}

/** The switch starts monthly only when the workspace has a paid plan on a monthly period (§2). */
export function initialPeriod(workspace: Workspace | null): Period {
  const price = workspace?.subscription?.pricing_plan_price;
  return price && !isFreePrice(price) && price.billing_period === 'month' ? 'month' : 'year';
}

/** The plan's name without ' Plan': 'Team Plan' → 'Team'. */
export const shortPlanName = (plan: Pick<PricingPlan, 'name'>) => plan.name.replace(/ Plan$/, '');

export function cardFor(plan: PricingPlan, price: PricingPlanPrice, workspace: Workspace | null): PlanCard {
  const current =
    workspace?.subscription && workspace.pricing_plan
      ? { subscription: workspace.subscription, plan: workspace.pricing_plan }
      : null;
  return planCardFor(price, plan, current, {
    seatsUsed: workspace?.seats_used ?? 0,
    projectsCount: workspace?.projects_count ?? 0,
    storageUsedInBytes: workspace?.storage_used_in_bytes ?? 0,
  });
}

/** The card's button: its text, and whether it can be pressed at all. */
export function cardButton(state: PlanCardState, plan: PricingPlan): { label: string; inert: boolean } {
  switch (state) {
    case 'stay':
      return { label: 'Current plan', inert: true };
    case 'noWorkspace':
      return {
        label: plan.name === PRO_PLAN_NAME ? 'Start Free Trial' : `Choose ${shortPlanName(plan)}`,
        inert: false,
      };
    case 'upgrade':
      return { label: 'Upgrade', inert: false };
    case 'downgrade':
      return { label: 'Downgrade', inert: false };
    case 'reactivate':
      return { label: 'Reactivate', inert: false };
    case 'downgradePending':
      return { label: 'Downgrade scheduled', inert: true };
    case 'cancelDowngrade':
      return { label: `Restore ${shortPlanName(plan)}`, inert: false };
  }
}

const projectsLine = (plan: PricingPlan) =>
  plan.included_projects === null
    ? 'Unlimited projects'
    : `Up to ${plural(plan.included_projects, 'project')}`;

/** What the plan includes, one line each (§9 plan features). */
export function planFeatures(plan: PricingPlan): string[] {
  return [
    projectsLine(plan),
    `${plural(plan.included_members ?? DEFAULT_INCLUDED_MEMBERS, 'member')} included`,
    `${formatBytes(plan.included_storage_in_bytes)} storage per workspace`,
    'Unlimited collaborators',
    'Add storage and members as you grow',
  ];
}

/**
 * The card that starts a free trial of `paid`: the trial's own limits (the trial has no add-ons),
 * and what the paid plan adds once the user upgrades.
 */
export function trialFeatures(trial: PricingPlan, paid: PricingPlan): string[] {
  return [
    projectsLine(trial),
    `${plural(trial.included_members ?? DEFAULT_INCLUDED_MEMBERS, 'member')} included`,
    `${formatBytes(trial.included_storage_in_bytes)} storage per workspace`,
    'Unlimited collaborators',
    `Upgrade any time for ${projectsLine(paid).toLowerCase()} and ${formatBytes(paid.included_storage_in_bytes)}`,
  ];
}
