import { Radio, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCreditCard, IconCreditCardPay } from '@tabler/icons-react';
import type { PaymentMethod } from '@common/api/billing';
import { OptionCard } from '@web/components/cards/OptionCard';
import { CardForm, type CardEntry } from './CardForm';
import { cardExpiry, isCardExpired, maskedCard } from './paymentMethodText';

export type CardChoice = 'saved' | 'new';

/** A saved card that has not expired can be used as it is. */
export const savedCardUsable = (saved: PaymentMethod | null, now: Date): boolean =>
  saved !== null && !isCardExpired(saved.card, now);

/** The saved card when it can still pay, otherwise a different one. */
export const initialCardChoice = (saved: PaymentMethod | null, now: Date): CardChoice =>
  savedCardUsable(saved, now) ? 'saved' : 'new';

/**
 * The payment method of the checkout and of 'Update payment method' (account-side §4): the saved
 * card, or a different card entered in the card form. Without a saved card, the card form alone.
 */
export function PaymentMethodChoice({
  savedCard,
  choice,
  onChoice,
  onEntry,
  disabled = false,
}: {
  savedCard: PaymentMethod | null;
  choice: CardChoice;
  onChoice: (choice: CardChoice) => void;
  onEntry: (entry: CardEntry) => void;
  disabled?: boolean;
}) {
  const usable = savedCardUsable(savedCard, new Date());
  return (
    <Stack gap="md">
      {savedCard && (
        <Radio.Group
          value={choice}
          onChange={(value) => onChoice(value === 'saved' ? 'saved' : 'new')}
          aria-label="Payment method"
        >
          <Stack gap="xs">
            <OptionCard
              value="saved"
              disabled={!usable || disabled}
              label={`Use the saved card: ${maskedCard(savedCard.card)}`}
            >
              <ThemeIcon size={36} radius="md" variant="light" color={usable ? 'brand' : 'red'}>
                <IconCreditCard size={20} />
              </ThemeIcon>
              <div>
                <Text size="sm" fw={600}>
                  Use the saved card: {maskedCard(savedCard.card)}
                </Text>
                <Text size="xs" c={usable ? 'dimmed' : 'red.7'}>
                  {usable
                    ? `Expires ${cardExpiry(savedCard.card)}`
                    : `Expired on ${cardExpiry(savedCard.card)}`}
                </Text>
              </div>
            </OptionCard>
            <OptionCard value="new" disabled={disabled} label="Use a different card">
              <ThemeIcon size={36} radius="md" variant="light" color="gray">
                <IconCreditCardPay size={20} />
              </ThemeIcon>
              <div>
                <Text size="sm" fw={600}>
                  Use a different card
                </Text>
                <Text size="xs" c="dimmed">
                  It becomes the card your plan and add-ons are charged to.
                </Text>
              </div>
            </OptionCard>
          </Stack>
        </Radio.Group>
      )}
      {choice === 'new' && <CardForm onChange={onEntry} disabled={disabled} />}
    </Stack>
  );
}
