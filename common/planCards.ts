import type { PricingPlan, PricingPlanPrice, Subscription } from './api/billing';
import { FREE_TRIAL_PLAN_NAME, fitsPlan, PRO_PLAN_NAME, type Usage } from './plans';

/** The states of a plan card in 'Change Workspace Plan' (account-side §2). */
export type PlanCardState =
  'stay' | 'noWorkspace' | 'upgrade' | 'downgrade' | 'reactivate' | 'downgradePending' | 'cancelDowngrade';

export interface PlanCard {
  state: PlanCardState;
  /** True when the workspace exceeds the plan's limits: shown with the limits tooltip. */
  disabled: boolean;
}

/**
 * What choosing `price` would do for a workspace with this subscription (null: the user has no
 * workspace yet), given its plan level and usage.
 */
export function planCardFor(
  price: PricingPlanPrice,
  plan: PricingPlan,
  current: { subscription: Subscription; plan: PricingPlan } | null,
  usage: Usage,
): PlanCard {
  if (!current) return { state: 'noWorkspace', disabled: false };
  const { subscription, plan: currentPlan } = current;
  const disabled = !fitsPlan(plan, usage);
  const samePrice = subscription.pricing_plan_price.id === price.id;
  const pending = subscription.downgrade_at_period_end;

  if (!subscription.active) return { state: 'reactivate', disabled };
  if (pending) {
    if (pending.id === price.id) return { state: 'downgradePending', disabled: false };
    if (samePrice) return { state: 'cancelDowngrade', disabled: false };
  }
  if (samePrice) return { state: subscription.cancel_at_period_end ? 'reactivate' : 'stay', disabled: false };
  if (plan.level < currentPlan.level) return { state: 'downgrade', disabled };
  return { state: 'upgrade', disabled };
}

/**
 * Choosing the 'Pro Plan' without a workspace starts a free trial (account-side §4): the new
 * workspace gets the Free Trial plan, not the Pro Plan.
 */
export function startsFreeTrial(card: PlanCard, plan: Pick<PricingPlan, 'name'>): boolean {
  return card.state === 'noWorkspace' && plan.name === PRO_PLAN_NAME;
}

/**
 * The plan whose limits a card lists: the Free Trial's on the card that starts a trial (what the
 * user gets when they press it), otherwise the card's own plan.
 */
export function planShownOnCard(
  plan: PricingPlan,
  card: PlanCard,
  catalogue: readonly PricingPlan[],
): PricingPlan {
  if (!startsFreeTrial(card, plan)) return plan;
  return catalogue.find((p) => p.name === FREE_TRIAL_PLAN_NAME) ?? plan;
}
