import type { ReactNode } from 'react';
import { Alert, Badge, Button, Divider, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle, IconDatabase, IconHourglass, IconUsersPlus } from '@tabler/icons-react';
import type { Workspace } from '@common/api/workspaces';
import { formatDollars, isAnnualPrice } from '@common/plans';
import { plural } from '@common/text';
import type { WorkspaceState } from '@common/workspaceState';
import { formatBillingDate, formatBytes } from '../formats';
import type { AddOnKind } from '../AddOnModal';
import { SettingsCard } from '@web/components/settings/SettingsCard';

interface PlanDetailProps {
  workspace: Workspace;
  state: WorkspaceState;
  busy: boolean;
  onUpgrade: () => void;
  onCancel: () => void;
  onAddOn: (kind: AddOnKind) => void;
}

/** Plan Detail (account-side §2) in its three views: active free trial, active paid plan, suspended. */
export function PlanDetail(props: PlanDetailProps) {
  const { state } = props;
  if (state.isSuspended) return <SuspendedView {...props} />;
  if (state.isOnFreeTrial) return <TrialView {...props} />;
  return <PaidView {...props} />;
}

function UpgradeButton({ state, busy, onUpgrade }: Pick<PlanDetailProps, 'state' | 'busy' | 'onUpgrade'>) {
  return (
    <Button onClick={onUpgrade} loading={busy} data-testid="plan-upgrade-button">
      {state.upgradeButtonText}
    </Button>
  );
}

function Heading({ title, badge }: { title: string; badge?: ReactNode }) {
  return (
    <Group gap="sm">
      <Title order={2}>{title}</Title>
      {badge}
    </Group>
  );
}

function TrialView({ workspace, state, busy, onUpgrade }: PlanDetailProps) {
  const days = state.daysLeftOnFreeTrial ?? 0;
  const endsAt = workspace.subscription?.free_trial_expires_at;
  return (
    <SettingsCard
      title="Plan Detail"
      testId="plan-detail"
      footer={<UpgradeButton state={state} busy={busy} onUpgrade={onUpgrade} />}
    >
      <Group gap="lg" wrap="nowrap" align="flex-start">
        <ThemeIcon size={48} radius="md" variant="light" color={state.showWarningIcon ? 'orange' : 'brand'}>
          <IconHourglass size={26} />
        </ThemeIcon>
        <Stack gap={6}>
          <Heading
            title="Free Trial"
            badge={
              <Badge variant="light" color="teal">
                Active
              </Badge>
            }
          />
          <Text data-testid="trial-days-left">
            <Text span fw={700}>
              {plural(days, 'day')} left
            </Text>{' '}
            until your Free Trial ends{endsAt ? ` on ${formatBillingDate(endsAt)}` : ''}.
          </Text>
          <Text size="sm" c="dimmed">
            Upgrade to keep working in this workspace after the trial, and to invite members.
          </Text>
        </Stack>
      </Group>
    </SettingsCard>
  );
}

function PaidView({ workspace, state, busy, onUpgrade, onCancel, onAddOn }: PlanDetailProps) {
  const subscription = workspace.subscription;
  const price = subscription?.pricing_plan_price;
  const endsAt = state.billingPeriodEndsAt;
  const annual = price ? isAnnualPrice(price) : false;
  const storageUnit = workspace.pricing_plan?.included_storage_in_bytes ?? 0;

  return (
    <SettingsCard
      title="Plan Detail"
      testId="plan-detail"
      footer={
        <>
          {state.subscriptionCanBeCancelled && (
            <Button variant="subtle" color="red" onClick={onCancel} disabled={busy}>
              Cancel subscription
            </Button>
          )}
          <UpgradeButton state={state} busy={busy} onUpgrade={onUpgrade} />
        </>
      }
    >
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap={6}>
          <Heading
            title={state.planName ?? 'Plan'}
            badge={
              <Badge variant="light" color={state.isMarkedForCancellation ? 'orange' : 'brand'}>
                {state.isMarkedForCancellation ? 'Renewal stopped' : annual ? 'Yearly' : 'Monthly'}
              </Badge>
            }
          />
          {price && (
            <Text size="lg" data-testid="plan-cost">
              <Text span fw={700} size="lg">
                {formatDollars(price.cost)}
              </Text>{' '}
              <Text span c="dimmed">
                per {annual ? 'year' : 'month'}
              </Text>
            </Text>
          )}
        </Stack>
        {endsAt && (
          <Stack gap={2} align="flex-end" data-testid="plan-period-end">
            <Text size="sm" c="dimmed">
              {state.isMarkedForCancellation ? 'Subscription suspension' : 'Next payment'}
            </Text>
            <Text fw={600}>{formatBillingDate(endsAt)}</Text>
          </Stack>
        )}
      </Group>
      {state.isMarkedForCancellation && endsAt && (
        <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} />}>
          Your subscription will not renew. The workspace stays active until {formatBillingDate(endsAt)} and
          is suspended after that, unless you reactivate it.
        </Alert>
      )}
      {state.currentUserIsOwner && (
        <>
          <Divider color="gray.2" />
          <Group justify="space-between" wrap="nowrap" align="center">
            <Stack gap={2}>
              <Text fw={600}>Add-ons</Text>
              <Text size="sm" c="dimmed" maw={440} data-testid="add-ons-description">
                Need more room? Add storage in blocks of {formatBytes(storageUnit)} or extra member seats, one
                at a time, billed with your plan.
                {(state.storageAddOnQuantity > 0 || state.membersAddOnQuantity > 0) &&
                  ` You have ${addOnSummary(state)}.`}
              </Text>
            </Stack>
            <Group gap="sm" wrap="nowrap">
              <Button
                variant="default"
                leftSection={<IconDatabase size={16} />}
                onClick={() => onAddOn('storage')}
                disabled={busy}
              >
                Add Storage
              </Button>
              <Button
                variant="default"
                leftSection={<IconUsersPlus size={16} />}
                onClick={() => onAddOn('members')}
                disabled={busy}
              >
                Add Seats
              </Button>
            </Group>
          </Group>
        </>
      )}
    </SettingsCard>
  );
}

function addOnSummary(state: WorkspaceState): string {
  const parts: string[] = [];
  if (state.extraStorage > 0) parts.push(`${formatBytes(state.extraStorage)} of extra storage`);
  if (state.membersAddOnQuantity > 0) parts.push(plural(state.membersAddOnQuantity, 'extra seat'));
  return parts.join(' and ');
}

function SuspendedView({ workspace, state, busy, onUpgrade }: PlanDetailProps) {
  const downgradeTo = workspace.subscription?.downgrade_at_period_end?.pricing_plan.name;
  return (
    <SettingsCard
      title="Plan Detail"
      testId="plan-detail"
      footer={<UpgradeButton state={state} busy={busy} onUpgrade={onUpgrade} />}
    >
      <Group gap="lg" wrap="nowrap" align="flex-start">
        <ThemeIcon size={48} radius="md" variant="light" color="red">
          <IconAlertTriangle size={26} />
        </ThemeIcon>
        <Stack gap={6}>
          <Heading
            title={state.isOnExpiredFreeTrial ? 'Free Trial Expired' : 'Workspace Suspended'}
            badge={
              <Badge variant="light" color="red">
                Suspended
              </Badge>
            }
          />
          <Text data-testid="suspended-text">
            This workspace has been suspended
            {state.isOnExpiredFreeTrial ? ' since your Free Trial expired' : ''}.
            {!state.subscriptionLastPaymentSucceeded && ' The last payment could not be collected.'}
          </Text>
          <Text size="sm" c="dimmed">
            To reactivate your workspace, please select a plan.
          </Text>
        </Stack>
      </Group>
      {state.isSuspendedForDowngrade && (
        <Alert
          color="orange"
          variant="light"
          icon={<IconAlertTriangle size={18} />}
          data-testid="downgrade-warning"
        >
          The downgrade{downgradeTo ? ` to the ${downgradeTo}` : ''} could not be applied because the
          workspace is over that plan's limits. Choose a plan it fits in, or remove members, projects or files
          first.
        </Alert>
      )}
    </SettingsCard>
  );
}
