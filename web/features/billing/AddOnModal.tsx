import { useState } from 'react';
import { Button, Center, Group, Loader, Modal, Paper, SegmentedControl, Stack, Text } from '@mantine/core';
import { useNavigate } from 'react-router';
import type { AddOn } from '@common/api/billing';
import type { Workspace } from '@common/api/workspaces';
import { WORKSPACE_TEXTS } from '@common/api/workspaces';
import { proratedAddOnCost } from '@common/billing/proration';
import { formatDollars, monthlyCost } from '@common/plans';
import { plural } from '@common/text';
import { daysUntil } from '@common/workspaceState';
import { isApiError } from '@web/api/client';
import { useAddOns, useChangeAddOn } from '@web/features/billing/api/billing';
import { useWorkspaceState, workspacePath } from '@web/features/workspaces';
import { LoadError } from '@web/components/page/LoadError';
import { Popup } from '@web/components/Popup/Popup';
import { snackbar } from '@web/components/snackbar/snackbar';
import { formatBytes } from './formats';
import { ResultDialog, type ResultMessage } from './ResultDialog';

export type AddOnKind = 'storage' | 'members';

const TYPE_OF: Record<AddOnKind, AddOn['type']> = { storage: 'StorageAddOn', members: 'MembersAddOn' };

const TEXTS = {
  storage: {
    added: 'Additional storage added',
    removed: 'Additional storage removed',
    unit: (addOn: AddOn) => `${formatBytes(addOn.included_amount)} of extra storage`,
    held: (quantity: number, addOn: AddOn) =>
      quantity === 0
        ? 'No extra storage yet.'
        : `${formatBytes(quantity * addOn.included_amount)} of extra storage (${plural(quantity, 'unit')}).`,
  },
  members: {
    added: 'Workspace seat added',
    removed: 'Workspace seat removed',
    unit: (addOn: AddOn) => `${plural(addOn.included_amount, 'extra member seat')}`,
    held: (quantity: number) =>
      quantity === 0 ? 'No extra seats yet.' : `${plural(quantity, 'extra seat')}.`,
  },
} as const;

/** The add-on modal (account-side §2, §4): Storage or Seats, one unit added or removed at a time. */
export function AddOnModal({
  workspace,
  initialKind,
  onClose,
}: {
  workspace: Workspace;
  initialKind: AddOnKind;
  onClose: () => void;
}) {
  const navigate = useNavigate();
  const state = useWorkspaceState(workspace);
  const [kind, setKind] = useState<AddOnKind>(initialKind);
  const [confirmingRemoval, setConfirmingRemoval] = useState(false);
  const [result, setResult] = useState<ResultMessage | null>(null);
  const addOns = useAddOns(workspace.pricing_plan?.id);
  const change = useChangeAddOn(workspace.id);

  const yearly = state?.billingInterval === 'yearly';
  const addOn = addOns.data?.find((a) => a.type === TYPE_OF[kind]);
  const price = addOn ? (yearly ? addOn.prices.annual : addOn.prices.monthly) : undefined;
  const items = (workspace.subscription?.add_on_items ?? []).filter((item) => item.type === kind);
  const quantity = items.reduce((sum, item) => sum + item.quantity, 0);
  const held = items.find((item) => item.add_on_price.id === price?.id) ?? items[0];
  const daysLeft = daysUntil(workspace.subscription?.billing_period_ends_at ?? null, new Date());
  const texts = TEXTS[kind];

  function add() {
    if (!price) return;
    change.mutate(
      { addOnPriceId: price.id, change: 'add' },
      {
        onSuccess: () => {
          snackbar.success({ title: texts.added });
          onClose();
        },
        onError: () =>
          setResult({
            kind: 'error',
            title: 'Oops, something went wrong!',
            description: 'Please try again later.',
          }),
      },
    );
  }

  function remove() {
    if (!held) return;
    change.mutate(
      { addOnPriceId: held.add_on_price.id, change: 'remove' },
      {
        onSuccess: () => {
          setConfirmingRemoval(false);
          snackbar.success({ title: texts.removed });
          onClose();
        },
        onError: (error) => {
          setConfirmingRemoval(false);
          if (isApiError(error, 'invalid_workspace')) {
            setResult({
              kind: 'error',
              title: WORKSPACE_TEXTS.storageInUse,
              description:
                'This workspace stores more than it could hold without this storage. Delete some files first, then try again.',
            });
          } else if (isApiError(error, 'invalid_members')) {
            setResult({
              kind: 'error',
              title: WORKSPACE_TEXTS.seatInUse,
              description:
                'Every seat of this workspace is taken. Remove a member or a pending invitation first, then try again.',
              action: {
                label: 'Go to Members',
                onClick: () => {
                  setResult(null);
                  onClose();
                  void navigate(workspacePath(workspace.id, 'members'));
                },
              },
            });
          } else {
            snackbar.error();
          }
        },
      },
    );
  }

  const above = confirmingRemoval || result !== null;

  return (
    <>
      <Modal
        opened
        onClose={() => !change.isPending && onClose()}
        title={
          <Text fw={650} size="lg">
            Add-ons
          </Text>
        }
        size={520}
        centered
        radius="lg"
        padding="xl"
        closeOnEscape={!above && !change.isPending}
        closeOnClickOutside={!above && !change.isPending}
        withCloseButton={!change.isPending}
        overlayProps={{ backgroundOpacity: 0.45, blur: 2 }}
        data-testid="add-on-modal"
      >
        <Stack gap="lg">
          <SegmentedControl
            value={kind}
            onChange={(value) => setKind(value)}
            data={[
              { value: 'storage', label: 'Storage' },
              { value: 'members', label: 'Seats' },
            ]}
            fullWidth
            disabled={change.isPending}
          />
          {addOns.isPending ? (
            <Center py="xl">
              <Loader size="sm" />
            </Center>
          ) : addOns.isError ? (
            <LoadError onRetry={() => void addOns.refetch()} />
          ) : !addOn || !price ? (
            <Text c="dimmed" size="sm">
              This plan has no {kind === 'storage' ? 'storage' : 'seat'} add-on.
            </Text>
          ) : (
            <>
              <Paper withBorder p="md" radius="md">
                <Group justify="space-between" align="flex-start" wrap="nowrap">
                  <Stack gap={2}>
                    <Text fw={600}>{texts.unit(addOn)}</Text>
                    <Text size="sm" c="dimmed">
                      {yearly ? `${formatDollars(price.cost)} billed annually` : 'Billed monthly'}
                    </Text>
                  </Stack>
                  <Group gap={4} align="baseline" wrap="nowrap">
                    <Text fz={24} fw={700} data-testid="add-on-price">
                      {formatDollars(
                        monthlyCost({ cost: price.cost, billing_period: yearly ? 'year' : 'month' }),
                      )}
                    </Text>
                    <Text size="sm" c="dimmed">
                      / month
                    </Text>
                  </Group>
                </Group>
              </Paper>
              <Text size="sm">
                <Text span fw={600}>
                  You have:{' '}
                </Text>
                {kind === 'storage' ? TEXTS.storage.held(quantity, addOn) : TEXTS.members.held(quantity)}
              </Text>
              <Text size="sm" c="dimmed" data-testid="add-on-proration">
                {yearly
                  ? `Added today, it is prorated to the end of your billing period: ${formatDollars(
                      proratedAddOnCost('year', price.cost, daysLeft),
                    )} now for the ${plural(daysLeft, 'day')} left, then ${formatDollars(price.cost)} a year with your plan.`
                  : `Added today, it costs ${formatDollars(
                      proratedAddOnCost('month', price.cost, daysLeft),
                    )} for the ${plural(daysLeft, 'day')} left in this billing period, then ${formatDollars(price.cost)} a month with your plan.`}
              </Text>
              <Group justify="flex-end" gap="sm">
                <Button
                  variant="default"
                  disabled={quantity === 0 || change.isPending}
                  onClick={() => setConfirmingRemoval(true)}
                >
                  Remove
                </Button>
                <Button onClick={add} loading={change.isPending && !confirmingRemoval}>
                  Add
                </Button>
              </Group>
            </>
          )}
        </Stack>
      </Modal>
      {confirmingRemoval && addOn && (
        <Popup
          opened
          onClose={() => !change.isPending && setConfirmingRemoval(false)}
          closable={!change.isPending}
          title={kind === 'storage' ? 'Remove storage' : 'Remove seat'}
          description={`You are removing **${texts.unit(addOn)}**. It ends today and is not refunded.`}
          checkbox={{ label: 'I understand that this add-on ends today without a refund.' }}
          actions={[
            { label: 'Cancel', variant: 'secondary', onClick: () => setConfirmingRemoval(false) },
            { label: 'Remove', variant: 'danger', loading: change.isPending, onClick: remove },
          ]}
        />
      )}
      {result && <ResultDialog message={result} onClose={() => setResult(null)} />}
    </>
  );
}
