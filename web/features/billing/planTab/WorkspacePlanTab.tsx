import { useEffect, useState } from 'react';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconCalendarDown } from '@tabler/icons-react';
import { useLocation, useNavigate } from 'react-router';
import type { Workspace } from '@common/api/workspaces';
import { isApiError } from '@web/api/client';
import { useCancelDowngrade, useCancelSubscription, useReactivateSubscription } from '../api/billing';
import { AddOnModal, type AddOnKind } from '../AddOnModal';
import { formatBillingDate } from '../formats';
import { PAYMENT_ERROR_TITLE, TRY_LATER } from '../paymentErrors';
import { usePlanFlow } from '../PlanFlow';
import { shortPlanName } from '../planOptions';
import { useWorkspaceState, opensPlanModal } from '@web/features/workspaces';
import { Popup } from '@web/components/Popup/Popup';
import { PlanDetail } from './PlanDetail';
import { UsageCard } from './UsageCard';

/** Navigation state that opens the plan modal: the shared flag, or `{openPlans: true}`. */
function asksForPlans(state: unknown): boolean {
  return (
    opensPlanModal(state) ||
    (typeof state === 'object' && state !== null && 'openPlans' in state && state.openPlans === true)
  );
}

/** The Plan tab (owner): Plan Detail, a pending downgrade, usage, and the plan and add-on modals. */
export function WorkspacePlanTab({ workspace }: { workspace: Workspace }) {
  const state = useWorkspaceState(workspace);
  const { openPlans, showResult } = usePlanFlow();
  const location = useLocation();
  const navigate = useNavigate();
  const [confirmingCancel, setConfirmingCancel] = useState(false);
  const [addOn, setAddOn] = useState<AddOnKind | null>(null);
  const cancel = useCancelSubscription(workspace.id);
  const reactivate = useReactivateSubscription(workspace.id);
  const cancelDowngrade = useCancelDowngrade(workspace.id);

  // Opened with the plan flag (an Upgrade elsewhere): show the plans at once, then drop the flag so
  // a reload or Back does not open them again.
  const wantsPlans = asksForPlans(location.state);
  useEffect(() => {
    if (!wantsPlans) return;
    openPlans(workspace);
    void navigate(location.pathname, { replace: true, state: null });
  }, [wantsPlans, openPlans, workspace, navigate, location.pathname]);

  if (!state) return null;
  const periodEnd = state.billingPeriodEndsAt;
  const failed = (error: unknown) =>
    showResult({
      kind: 'error',
      title: PAYMENT_ERROR_TITLE,
      description: isApiError(error) && error.status < 500 && error.status > 0 ? error.message : TRY_LATER,
    });

  function upgrade() {
    if (state?.upgradeButtonText !== 'Reactivate Subscription') return openPlans(workspace);
    reactivate.mutate(undefined, {
      onSuccess: () =>
        showResult({
          kind: 'success',
          title: 'Subscription Reactivated',
          description: periodEnd
            ? `Your subscription renews on **${formatBillingDate(periodEnd)}**.`
            : undefined,
        }),
      onError: failed,
    });
  }

  function confirmCancel() {
    cancel.mutate(undefined, {
      onSuccess: () => {
        setConfirmingCancel(false);
        showResult({
          kind: 'success',
          title: 'Subscription Renewal Stopped',
          description: periodEnd
            ? `Your workspace stays active until **${formatBillingDate(periodEnd)}**. You can reactivate the subscription until then.`
            : undefined,
        });
      },
      onError: (error) => {
        setConfirmingCancel(false);
        failed(error);
      },
    });
  }

  function restore() {
    cancelDowngrade.mutate(undefined, {
      onSuccess: () =>
        showResult({
          kind: 'success',
          title: 'Plan Restored',
          description: `Your workspace stays on the **${state?.planName ?? 'current plan'}**.`,
        }),
      onError: failed,
    });
  }

  const pending = workspace.subscription?.downgrade_at_period_end;
  return (
    <Stack gap="lg">
      {state.isActive && pending && workspace.pricing_plan && (
        <Alert
          color="brand"
          variant="light"
          radius="lg"
          icon={<IconCalendarDown size={20} />}
          title="Downgrade scheduled"
          data-testid="pending-downgrade"
        >
          <Group justify="space-between" wrap="nowrap" gap="lg">
            <Text size="sm">
              Your workspace moves to the <b>{pending.pricing_plan.name}</b>
              {periodEnd ? ` on ${formatBillingDate(periodEnd)}` : ' at the end of the billing period'}.
              Add-ons end with the current plan.
            </Text>
            <Button variant="white" onClick={restore} loading={cancelDowngrade.isPending}>
              Restore {shortPlanName(workspace.pricing_plan)}
            </Button>
          </Group>
        </Alert>
      )}
      <PlanDetail
        workspace={workspace}
        state={state}
        busy={reactivate.isPending}
        onUpgrade={upgrade}
        onCancel={() => setConfirmingCancel(true)}
        onAddOn={setAddOn}
      />
      <UsageCard workspace={workspace} state={state} />
      <Popup
        opened={confirmingCancel}
        onClose={() => !cancel.isPending && setConfirmingCancel(false)}
        closable={!cancel.isPending}
        title="Cancel subscription"
        description={
          periodEnd
            ? `Your subscription will not renew. The workspace stays active until **${formatBillingDate(periodEnd)}** and is suspended after that: nobody can work in its projects until a plan is chosen again.`
            : 'Your subscription will not renew, and the workspace is suspended at the end of the billing period.'
        }
        checkbox={{
          label: 'I understand that my workspace will be suspended at the end of the billing period.',
        }}
        actions={[
          { label: 'Keep subscription', variant: 'secondary', onClick: () => setConfirmingCancel(false) },
          {
            label: 'Cancel subscription',
            variant: 'danger',
            loading: cancel.isPending,
            onClick: confirmCancel,
          },
        ]}
      />
      {addOn && <AddOnModal workspace={workspace} initialKind={addOn} onClose={() => setAddOn(null)} />}
    </Stack>
  );
}
