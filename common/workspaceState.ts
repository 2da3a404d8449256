import type { PricingPlan, Subscription } from './api/billing';
import { DEFAULT_INCLUDED_MEMBERS, isAnnualPrice } from './plans';
import { canListAllMembers, type WorkspaceRole } from './workspaceRoles';

const DAY_MS = 86_400_000;
export const TRIAL_WARNING_DAYS = 7;
export const PENDING_DOWNGRADE_BANNER_DAYS = 16;
export const STORAGE_WARNING_RATIO = 0.9;

export interface WorkspaceFacts {
  ownerId: number;
  currentUserId: number;
  currentUserRole: WorkspaceRole;
  subscription: Subscription | null;
  /** The plan of the subscription's price, from the catalogue. */
  plan: PricingPlan | null;
  /** Members who take a seat (everyone but collaborators) plus pending invitations for such roles. */
  seatsUsed: number;
  projectsCount: number;
  storageUsedInBytes: number;
  now: Date;
}

export type UpgradeButtonText = 'Upgrade' | 'Change Plan' | 'Reactivate Subscription' | 'See Plans';

/** Every derived field of a workspace (account-side §3), computed in this one place. */
export function deriveWorkspaceState(f: WorkspaceFacts) {
  const s = f.subscription;
  const hasSubscription = s !== null;
  const isActive = s?.active === true;
  const isSuspended = !isActive;
  const onTrialPlan = s !== null && s.free_trial_expires_at !== null && s.pricing_plan_price.cost === 0;
  const isOnFreeTrial = onTrialPlan && isActive;
  const isOnExpiredFreeTrial = onTrialPlan && !isActive;
  const daysLeftOnFreeTrial = onTrialPlan ? daysUntil(s.free_trial_expires_at, f.now) : null;
  const hasAPaidPlan = s !== null && s.pricing_plan_price.cost > 0;

  const items = s?.add_on_items ?? [];
  const storageItems = items.filter((i) => i.type === 'storage');
  const memberItems = items.filter((i) => i.type === 'members');
  const storageAddOnQuantity = sum(storageItems.map((i) => i.quantity));
  const extraStorage = sum(storageItems.map((i) => i.quantity * i.included_amount));
  const membersAddOnQuantity = sum(memberItems.map((i) => i.quantity * i.included_amount));

  const includedStorage = f.plan?.included_storage_in_bytes ?? 0;
  const includedMembers = f.plan?.included_members ?? DEFAULT_INCLUDED_MEMBERS;
  const subscriptionMaxMembersCount = includedMembers + membersAddOnQuantity;
  const subscriptionMaxProjectCount = f.plan ? f.plan.included_projects : 0;
  const hasRoomForProjects =
    subscriptionMaxProjectCount === null || f.projectsCount < subscriptionMaxProjectCount;
  const storageCapacity = includedStorage + extraStorage;

  const isDowngradePending = s !== null && s.downgrade_at_period_end !== null;
  const daysUntilDowngrade = isDowngradePending ? daysUntil(s.billing_period_ends_at, f.now) : null;
  const isMarkedForCancellation = s?.cancel_at_period_end === true;
  const currentUserIsOwner = f.currentUserId === f.ownerId;
  const lastPaymentSucceeded = s?.last_payment_succeeded ?? true;

  return {
    planName: f.plan?.name ?? null,
    isActive,
    isSuspended,
    isOnFreeTrial,
    daysLeftOnFreeTrial,
    isOnExpiredFreeTrial,
    hasSubscription,
    hasAPaidPlan,
    billingInterval: s && isAnnualPrice(s.pricing_plan_price) ? ('yearly' as const) : ('monthly' as const),
    billingPeriodEndsAt: s?.billing_period_ends_at ?? null,
    includedStorage,
    extraStorage,
    storageAddOnQuantity,
    membersAddOnQuantity,
    includedMembers,
    subscriptionMaxMembersCount,
    subscriptionMaxProjectCount,
    subscriptionProjectsCount: f.projectsCount,
    hasRoomForProjects,
    canInviteMembers: isActive && !isOnFreeTrial && f.seatsUsed < subscriptionMaxMembersCount,
    storageCapacity,
    storageAvailable: Math.max(0, storageCapacity - f.storageUsedInBytes),
    storageNearlyFull: storageCapacity > 0 && f.storageUsedInBytes / storageCapacity >= STORAGE_WARNING_RATIO,
    subscriptionLastPaymentSucceeded: lastPaymentSucceeded,
    isDowngradePending,
    daysUntilDowngrade,
    isSuspendedForDowngrade: isSuspended && isDowngradePending,
    showPendingDowngradeBanner:
      isActive &&
      isDowngradePending &&
      daysUntilDowngrade !== null &&
      daysUntilDowngrade <= PENDING_DOWNGRADE_BANNER_DAYS,
    isMarkedForCancellation,
    subscriptionCanBeCancelled: isActive && hasAPaidPlan && !isMarkedForCancellation,
    currentUserIsOwner,
    currentUserCanCreateProject:
      (f.currentUserRole === 'owner' || f.currentUserRole === 'admin') && isActive && hasRoomForProjects,
    userCanListAllMembers: canListAllMembers(f.currentUserRole),
    showWarningIcon:
      isSuspended ||
      !lastPaymentSucceeded ||
      (isOnFreeTrial && daysLeftOnFreeTrial !== null && daysLeftOnFreeTrial <= TRIAL_WARNING_DAYS),
    upgradeButtonText: upgradeButtonText(isOnFreeTrial, isActive, isMarkedForCancellation),
  };
}

export type WorkspaceState = ReturnType<typeof deriveWorkspaceState>;

function upgradeButtonText(
  onTrial: boolean,
  active: boolean,
  markedForCancellation: boolean,
): UpgradeButtonText {
  if (onTrial) return 'Upgrade';
  if (markedForCancellation) return 'Reactivate Subscription';
  if (active) return 'Change Plan';
  return 'See Plans';
}

/** Whole days from now until `iso`, rounded up, never below 0. */
export function daysUntil(iso: string | null, now: Date): number {
  if (!iso) return 0;
  return Math.max(0, Math.ceil((new Date(iso).getTime() - now.getTime()) / DAY_MS));
}

/** The top bar's trial text: 'N day(s) left' (singular for 1), or 'Free Trial Expired'. */
export function trialIndicatorText(
  state: Pick<WorkspaceState, 'isOnFreeTrial' | 'isOnExpiredFreeTrial' | 'daysLeftOnFreeTrial'>,
) {
  if (state.isOnExpiredFreeTrial) return 'Free Trial Expired';
  if (!state.isOnFreeTrial || state.daysLeftOnFreeTrial === null) return null;
  return `${state.daysLeftOnFreeTrial} ${state.daysLeftOnFreeTrial === 1 ? 'day' : 'days'} left`;
}

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
