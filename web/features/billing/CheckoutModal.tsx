import { useState } from 'react';
import {
  Anchor,
  Button,
  Center,
  Divider,
  Group,
  Loader,
  Modal,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import type { BillingInformation, PaymentMethod, PricingPlan, PricingPlanPrice } from '@common/api/billing';
import type { Workspace } from '@common/api/workspaces';
import { formatDollars, isAnnualPrice } from '@common/plans';
import { checkoutCall, useBillingInformation, usePaymentMethod } from '@web/features/billing/api/billing';
import { refreshWorkspaces } from '@web/features/workspaces';
import { useZodForm } from '@web/forms/useZodForm';
import { BillingInformationFields } from './BillingInformationFields';
import { billingFormSchema, billingFormValues, billingInformationOf } from './billingForm';
import type { CardEntry } from './CardForm';
import { PRIVACY_URL, TERMS_URL } from './links';
import { keepsCheckoutOpen, PAYMENT_ERROR_TITLE, paymentErrorText } from './paymentErrors';
import {
  initialCardChoice,
  PaymentMethodChoice,
  savedCardUsable,
  type CardChoice,
} from './PaymentMethodChoice';
import type { ResultMessage } from './ResultDialog';

interface CheckoutModalProps {
  /** null: paying creates the workspace. */
  workspace: Workspace | null;
  plan: PricingPlan;
  price: PricingPlanPrice;
  /** Back to the plans (closed by the user, or after a failure other than the card's). */
  onBack: () => void;
  onClosed: () => void;
  onPaid: (workspace: Workspace) => void;
  onResult: (message: ResultMessage) => void;
}

/**
 * The subscription checkout (account-side §2, §4): billing information, payment method, terms, and
 * a Pay button showing the price. Pay creates the payment method, then the workspace or the
 * subscription, then refetches workspaces; it cannot be closed while sending.
 */
export function CheckoutModal(props: CheckoutModalProps) {
  const { workspace, plan, price, onBack } = props;
  const [sending, setSending] = useState(false);
  const owner = workspace !== null && workspace.current_user_role.name === 'owner';
  const info = useBillingInformation(workspace?.id ?? 0, owner);
  const card = usePaymentMethod(workspace?.id, owner);
  const loading = owner && (info.isPending || card.isPending);

  return (
    <Modal
      opened
      onClose={() => !sending && onBack()}
      title={
        <Stack gap={2}>
          <Text fw={650} size="xl">
            Checkout
          </Text>
          <Text size="sm" c="dimmed">
            {plan.name}, billed {isAnnualPrice(price) ? 'annually' : 'monthly'}
          </Text>
        </Stack>
      }
      size={940}
      centered
      radius="lg"
      padding="xl"
      withCloseButton={!sending}
      closeOnEscape={!sending}
      closeOnClickOutside={!sending}
      overlayProps={{ backgroundOpacity: 0.35 }}
      data-testid="checkout-modal"
    >
      {loading ? (
        <Center py={80}>
          <Loader />
        </Center>
      ) : (
        <CheckoutForm
          {...props}
          savedInfo={info.data ?? null}
          savedCard={card.data ?? null}
          sending={sending}
          setSending={setSending}
        />
      )}
    </Modal>
  );
}

function CheckoutForm({
  workspace,
  plan,
  price,
  onBack,
  onPaid,
  onResult,
  savedInfo,
  savedCard,
  sending,
  setSending,
}: CheckoutModalProps & {
  savedInfo: BillingInformation | null;
  savedCard: PaymentMethod | null;
  sending: boolean;
  setSending: (sending: boolean) => void;
}) {
  const queryClient = useQueryClient();
  const form = useZodForm(billingFormSchema, billingFormValues(savedInfo));
  const savedUsable = savedCardUsable(savedCard, new Date());
  const [cardChoice, setCardChoice] = useState<CardChoice>(() => initialCardChoice(savedCard, new Date()));
  const [entry, setEntry] = useState<CardEntry | null>(null);

  const paymentComplete = cardChoice === 'saved' ? savedUsable : Boolean(entry?.complete);
  const canPay = form.isValid && paymentComplete && !sending;

  async function pay() {
    if (!canPay) return;
    setSending(true);
    try {
      // 1. pay: the processor turns the card into a payment method (a saved card needs nothing).
      const paymentMethodId = cardChoice === 'new' && entry ? await entry.create() : undefined;
      // 2. the subscription, or the workspace with it.
      const paid = await checkoutCall(workspace?.id ?? null, {
        price_id: price.id,
        billing_information: billingInformationOf(form.values),
        ...(paymentMethodId ? { payment_method_id: paymentMethodId } : {}),
      });
      // 3. the workspaces as they are now, then 4. the success dialog.
      await refreshWorkspaces(queryClient);
      setSending(false);
      onPaid(paid);
    } catch (error) {
      setSending(false);
      onResult({ kind: 'error', title: PAYMENT_ERROR_TITLE, description: paymentErrorText(error) });
      if (!keepsCheckoutOpen(error)) onBack();
    }
  }

  return (
    <Stack gap="lg">
      <SimpleGrid cols={2} spacing={32}>
        <Stack gap="sm">
          <Title order={4}>Billing information</Title>
          <BillingInformationFields form={form} disabled={sending} />
        </Stack>
        <Stack gap="sm">
          <Title order={4}>Payment method</Title>
          <PaymentMethodChoice
            savedCard={savedCard}
            choice={cardChoice}
            onChoice={setCardChoice}
            onEntry={setEntry}
            disabled={sending}
          />
        </Stack>
      </SimpleGrid>
      <Divider />
      <Paper bg="gray.0" p="md" radius="md">
        <Group justify="space-between" wrap="nowrap" gap="xl">
          <Stack gap={2}>
            <Text fw={600}>
              {plan.name}: {formatDollars(price.cost)} {isAnnualPrice(price) ? 'per year' : 'per month'}
            </Text>
            <Text size="xs" c="dimmed">
              Charged today, then at the start of each billing period until you cancel. By paying you agree to
              the{' '}
              <Anchor href={TERMS_URL} target="_blank" rel="noreferrer" size="xs">
                Terms of Service
              </Anchor>{' '}
              and the{' '}
              <Anchor href={PRIVACY_URL} target="_blank" rel="noreferrer" size="xs">
                Privacy Policy
              </Anchor>
              .
            </Text>
          </Stack>
          <Group gap="sm" wrap="nowrap">
            <Button variant="default" size="md" onClick={onBack} disabled={sending}>
              Back
            </Button>
            <Button
              size="md"
              leftSection={<IconLock size={16} />}
              disabled={!canPay}
              loading={sending}
              onClick={() => void pay()}
              data-testid="pay-button"
            >
              Pay {formatDollars(price.cost)}
            </Button>
          </Group>
        </Group>
      </Paper>
    </Stack>
  );
}
