import { useState } from 'react';
import { Button, Center, Group, Loader, Modal, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCreditCard } from '@tabler/icons-react';
import { usePaymentMethod, useUpdatePaymentMethod } from '../api/billing';
import { initialCardChoice, PaymentMethodChoice, type CardChoice } from '../PaymentMethodChoice';
import { cardExpiry, isCardExpired, maskedCard } from '../paymentMethodText';
import { ResultDialog, type ResultMessage } from '../ResultDialog';
import type { PaymentMethod } from '@common/api/billing';
import type { CardEntry } from '../CardForm';
import { LoadError } from '@web/components/page/LoadError';
import { snackbar } from '@web/components/snackbar/snackbar';
import { SettingsCard } from '@web/components/settings/SettingsCard';

const TITLE = 'Payment method';
const DESCRIPTION = 'The card your plan and add-ons are charged to.';

const SAVE_FAILED: ResultMessage = {
  kind: 'error',
  title: 'There was an error trying to save your payment method',
  description: 'Please try again later.',
};

/**
 * The saved card (brand, masked digits, MM/YY, 'Expired on'). Edit offers the saved card or a
 * different one through the card form (account-side §4).
 */
export function PaymentMethodCard({ workspaceId }: { workspaceId: number }) {
  const query = usePaymentMethod(workspaceId);
  const [editing, setEditing] = useState(false);
  const [result, setResult] = useState<ResultMessage | null>(null);

  if (query.isError) return <LoadError onRetry={() => void query.refetch()} />;
  const card = query.data;
  const expired = card ? isCardExpired(card.card, new Date()) : false;

  return (
    <>
      <SettingsCard
        title={TITLE}
        description={DESCRIPTION}
        testId="payment-method"
        footer={
          <Button
            variant={card ? 'default' : 'filled'}
            onClick={() => setEditing(true)}
            disabled={query.isPending}
          >
            {card ? 'Edit' : 'Add a card'}
          </Button>
        }
      >
        {query.isPending ? (
          <Center py="md">
            <Loader size="sm" />
          </Center>
        ) : card ? (
          <Group gap="md" wrap="nowrap">
            <ThemeIcon size={44} radius="md" variant="light" color={expired ? 'red' : 'brand'}>
              <IconCreditCard size={24} />
            </ThemeIcon>
            <Stack gap={2}>
              <Text fw={600} data-testid="card-masked">
                {maskedCard(card.card)}
              </Text>
              <Text size="sm" c={expired ? 'red.7' : 'dimmed'} data-testid="card-expiry">
                {expired ? `Expired on ${cardExpiry(card.card)}` : `Expires ${cardExpiry(card.card)}`}
                {card.billing_details.name ? ` · ${card.billing_details.name}` : ''}
              </Text>
            </Stack>
          </Group>
        ) : (
          <Text c="dimmed" size="sm" data-testid="no-card">
            No credit card information
          </Text>
        )}
      </SettingsCard>
      {editing && (
        <EditPaymentMethod
          workspaceId={workspaceId}
          savedCard={card ?? null}
          onClose={() => setEditing(false)}
          onFailed={() => setResult(SAVE_FAILED)}
        />
      )}
      {result && <ResultDialog message={result} onClose={() => setResult(null)} />}
    </>
  );
}

function EditPaymentMethod({
  workspaceId,
  savedCard,
  onClose,
  onFailed,
}: {
  workspaceId: number;
  savedCard: PaymentMethod | null;
  onClose: () => void;
  onFailed: () => void;
}) {
  const [choice, setChoice] = useState<CardChoice>(() => initialCardChoice(savedCard, new Date()));
  const [entry, setEntry] = useState<CardEntry | null>(null);
  // Keeping the saved card changes nothing: the button just closes the dialog.
  const keeping = choice === 'saved';
  const [sending, setSending] = useState(false);
  const update = useUpdatePaymentMethod(workspaceId);

  async function save() {
    if (keeping) return onClose();
    if (!entry?.complete) return;
    setSending(true);
    try {
      const id = await entry.create();
      await update.mutateAsync(id);
      snackbar.success({ title: 'Payment method updated' });
      onClose();
    } catch {
      onFailed();
    } finally {
      setSending(false);
    }
  }

  return (
    <Modal
      opened
      onClose={() => !sending && onClose()}
      title={
        <Text fw={650} size="lg">
          Update payment method
        </Text>
      }
      size={520}
      centered
      radius="lg"
      padding="xl"
      withCloseButton={!sending}
      closeOnEscape={!sending}
      closeOnClickOutside={!sending}
      overlayProps={{ backgroundOpacity: 0.45, blur: 2 }}
      data-testid="payment-method-modal"
    >
      <Stack gap="lg">
        <PaymentMethodChoice
          savedCard={savedCard}
          choice={choice}
          onChoice={setChoice}
          onEntry={setEntry}
          disabled={sending}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={sending}>
            Cancel
          </Button>
          <Button onClick={() => void save()} disabled={!keeping && !entry?.complete} loading={sending}>
            {keeping ? 'Keep this card' : 'Save card'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
