import { useEffect, useEffectEvent, useState } from 'react';
import { Badge, Center, Group, Loader, Modal, SegmentedControl, SimpleGrid, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { PricingPlan, PricingPlanPrice } from '@common/api/billing';
import type { Workspace } from '@common/api/workspaces';
import { planShownOnCard, type PlanCard } from '@common/planCards';
import { annualSavingsText, isFreePrice, PRO_PLAN_NAME } from '@common/plans';
import {
  checkoutCall,
  useCancelDowngrade,
  useDowngradeSubscription,
  usePricingPlans,
  useReactivateSubscription,
} from '@web/features/billing/api/billing';
import { refreshWorkspaces, useCreateWorkspace, workspacePath } from '@web/features/workspaces';
import { LoadError } from '@web/components/page/LoadError';
import { Popup } from '@web/components/Popup/Popup';
import { snackbar } from '@web/components/snackbar/snackbar';
import { formatBillingDate } from './formats';
import { PAYMENT_ERROR_TITLE, TRY_LATER } from './paymentErrors';
import { CustomPlanCard, PlanCardView } from './PlanCardView';
import { cardFor, choosablePlans, initialPeriod, priceFor, type Period } from './planOptions';
import type { ResultMessage } from './ResultDialog';

interface PlanModalProps {
  /** The workspace whose plan changes; null when choosing a plan creates the workspace. */
  workspace: Workspace | null;
  /** The checkout is open above: this modal stays but ignores Escape and outside clicks. */
  covered: boolean;
  onClose: () => void;
  onCheckout: (choice: { plan: PricingPlan; price: PricingPlanPrice }) => void;
  onResult: (message: ResultMessage) => void;
  /** A price chosen before the modal opened (`lp_price_id`): shown, and sent to checkout when it needs one. */
  initialPriceId?: number;
}

const failed: ResultMessage = { kind: 'error', title: PAYMENT_ERROR_TITLE, description: TRY_LATER };

/** 'Change Workspace Plan' (account-side §2): the annual/monthly switch, the plan cards and a Custom card. */
export function PlanModal({
  workspace,
  covered,
  onClose,
  onCheckout,
  onResult,
  initialPriceId,
}: PlanModalProps) {
  const plans = usePricingPlans();
  const [period, setPeriod] = useState<Period>(() => initialPeriod(workspace));
  const [preselected, setPreselected] = useState(initialPriceId);
  const [autoCheckout, setAutoCheckout] = useState<{ plan: PricingPlan; price: PricingPlanPrice } | null>(
    null,
  );
  const goToCheckout = useEffectEvent(onCheckout);
  useEffect(() => {
    if (autoCheckout) goToCheckout(autoCheckout);
  }, [autoCheckout]);
  const [busyPrice, setBusyPrice] = useState<number | null>(null);
  const [downgradeTo, setDowngradeTo] = useState<{ plan: PricingPlan; price: PricingPlanPrice } | null>(null);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const workspaceId = workspace?.id ?? 0;
  const createWorkspace = useCreateWorkspace();
  const reactivate = useReactivateSubscription(workspaceId);
  const cancelDowngrade = useCancelDowngrade(workspaceId);
  const downgrade = useDowngradeSubscription(workspaceId);
  const busy = busyPrice !== null || downgrade.isPending;
  // Something is open above: Escape and outside clicks belong to it.
  const underneath = covered || downgradeTo !== null;

  const offered = choosablePlans(plans.data ?? []);

  // A landing page's price: once the plans are known, show its period and go on to checkout when
  // that price is bought there (a trial start or a downgrade still waits for the user's click).
  if (preselected !== undefined && plans.data) {
    setPreselected(undefined);
    const plan = offered.find((p) => p.prices.some((price) => price.id === preselected));
    const price = plan?.prices.find((p) => p.id === preselected);
    if (plan && price) {
      setPeriod(price.billing_period);
      const card = cardFor(plan, price, workspace);
      const paysAtCheckout =
        !isFreePrice(price) &&
        !card.disabled &&
        (card.state === 'upgrade' ||
          (card.state === 'reactivate' && !workspace?.subscription?.active) ||
          (card.state === 'noWorkspace' && plan.name !== PRO_PLAN_NAME));
      if (paysAtCheckout) setAutoCheckout({ plan, price });
    }
  }
  const savings = annualSavingsText(offered);
  const periodEnd = workspace?.subscription?.billing_period_ends_at ?? null;

  async function run(priceId: number, action: () => Promise<void>) {
    setBusyPrice(priceId);
    try {
      await action();
    } finally {
      setBusyPrice(null);
    }
  }

  /** A free price needs no payment: the workspace is created or reactivated at once. */
  const chooseFree = (price: PricingPlanPrice) =>
    run(price.id, async () => {
      try {
        const chosen = await checkoutCall(workspace?.id ?? null, { price_id: price.id });
        await refreshWorkspaces(queryClient);
        onClose();
        onResult({
          kind: 'success',
          title: 'Workspace Reactivated',
          description: `**${chosen.name}** is active again.`,
        });
        if (!workspace) void navigate(workspacePath(chosen.id, 'plan'));
      } catch {
        onResult(failed);
      }
    });

  const startTrial = (price: PricingPlanPrice) =>
    run(price.id, async () => {
      try {
        const created = await createWorkspace.mutateAsync({ price_id: price.id });
        onClose();
        snackbar.success({ title: 'Your Free Trial has started', description: `${created.name} is ready.` });
        void navigate(workspacePath(created.id, 'plan'));
      } catch {
        onResult(failed);
      }
    });

  function choose(plan: PricingPlan, price: PricingPlanPrice, card: PlanCard) {
    const subscription = workspace?.subscription;
    switch (card.state) {
      case 'stay':
      case 'downgradePending':
        return;
      case 'noWorkspace':
        if (plan.name === PRO_PLAN_NAME) return void startTrial(price);
        if (isFreePrice(price)) return void chooseFree(price);
        return onCheckout({ plan, price });
      case 'reactivate':
        // The same plan, still active but marked for cancellation: renewal is simply switched back on.
        if (subscription?.active && subscription.pricing_plan_price.id === price.id) {
          return void run(price.id, async () => {
            try {
              await reactivate.mutateAsync();
              onClose();
              onResult({
                kind: 'success',
                title: 'Subscription Reactivated',
                description: periodEnd
                  ? `Your subscription renews on **${formatBillingDate(periodEnd)}**.`
                  : undefined,
              });
            } catch {
              onResult(failed);
            }
          });
        }
        if (isFreePrice(price)) return void chooseFree(price);
        return onCheckout({ plan, price });
      case 'upgrade':
        if (isFreePrice(price)) return void chooseFree(price);
        return onCheckout({ plan, price });
      case 'downgrade':
        return setDowngradeTo({ plan, price });
      case 'cancelDowngrade':
        return void run(price.id, async () => {
          try {
            await cancelDowngrade.mutateAsync();
            onClose();
            onResult({
              kind: 'success',
              title: 'Plan Restored',
              description: `Your workspace stays on the **${plan.name}**.`,
            });
          } catch {
            onResult(failed);
          }
        });
    }
  }

  function confirmDowngrade() {
    if (!downgradeTo) return;
    const { plan, price } = downgradeTo;
    downgrade.mutate(price.id, {
      onSuccess: () => {
        setDowngradeTo(null);
        onClose();
        onResult({
          kind: 'success',
          title: 'Downgrade Scheduled',
          description: periodEnd
            ? `Your workspace moves to the **${plan.name}** on **${formatBillingDate(periodEnd)}**.`
            : `Your workspace moves to the **${plan.name}** at the end of the billing period.`,
        });
      },
      onError: () => {
        setDowngradeTo(null);
        onResult(failed);
      },
    });
  }

  return (
    <>
      <Modal
        opened
        onClose={onClose}
        title={
          <Text fw={650} size="xl">
            Change Workspace Plan
          </Text>
        }
        size={1080}
        centered
        radius="lg"
        padding="xl"
        closeOnEscape={!underneath && !busy}
        closeOnClickOutside={!underneath && !busy}
        withCloseButton={!busy}
        overlayProps={{ backgroundOpacity: 0.45, blur: 2 }}
        data-testid="plan-modal"
      >
        {plans.isPending ? (
          <Center py={80}>
            <Loader />
          </Center>
        ) : plans.isError ? (
          <LoadError onRetry={() => void plans.refetch()} />
        ) : (
          <>
            <Group justify="center" gap="sm" mb="xl">
              <SegmentedControl
                value={period}
                onChange={(value) => setPeriod(value)}
                data={[
                  { value: 'month', label: 'Monthly' },
                  { value: 'year', label: 'Annually' },
                ]}
                radius="xl"
                size="md"
                aria-label="Billing period"
              />
              <Badge color="teal" variant="light" size="lg" radius="sm">
                {savings}
              </Badge>
            </Group>
            <SimpleGrid cols={offered.length + 1} spacing="lg">
              {offered.map((plan) => {
                const price = priceFor(plan, period);
                if (!price) return null;
                const card = cardFor(plan, price, workspace);
                return (
                  <PlanCardView
                    key={plan.id}
                    plan={plan}
                    price={price}
                    card={card}
                    shownPlan={planShownOnCard(plan, card, plans.data)}
                    pendingSince={card.state === 'downgradePending' ? periodEnd : null}
                    loading={busyPrice === price.id}
                    disabledByBusy={busy && busyPrice !== price.id}
                    onChoose={() => choose(plan, price, card)}
                  />
                );
              })}
              <CustomPlanCard />
            </SimpleGrid>
          </>
        )}
      </Modal>
      {downgradeTo && (
        <Popup
          opened
          onClose={() => !downgrade.isPending && setDowngradeTo(null)}
          closable={!downgrade.isPending}
          title={`Downgrade to ${downgradeTo.plan.name}`}
          description={
            periodEnd
              ? `Your workspace keeps its current plan until **${formatBillingDate(periodEnd)}** and moves to the **${downgradeTo.plan.name}** after that. Add-ons end with the current plan.`
              : `Your workspace moves to the **${downgradeTo.plan.name}** at the end of the billing period.`
          }
          actions={[
            { label: 'Cancel', variant: 'secondary', onClick: () => setDowngradeTo(null) },
            {
              label: 'Downgrade',
              variant: 'primary',
              loading: downgrade.isPending,
              onClick: confirmDowngrade,
            },
          ]}
        />
      )}
    </>
  );
}
