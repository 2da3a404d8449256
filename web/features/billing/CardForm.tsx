import { Fragment, useEffect, useEffectEvent, useRef, useState } from 'react';
import { Box, Group, Input, Loader, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconFlask } from '@tabler/icons-react';
import type { Stripe, StripeCardElement } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { PROFILE_NAME_MIN } from '@common/limits';
import { SANDBOX_CARDS } from '@common/sandboxCards';
import { messages } from '@common/validation';
import { createSandboxPaymentMethod } from '@web/features/billing/api/billing';
import { useAppStatus } from '@web/api/status';
import {
  cardFieldErrors,
  EMPTY_CARD,
  formatCardNumber,
  formatExpiryInput,
  parseExpiry,
  type CardFields,
} from './cardFields';
import { paymentError, stripeErrorCode } from './paymentErrors';
import classes from './billing.module.css';

/** What the card form tells its parent: whether it is complete, and how to turn it into a payment method id. */
export interface CardEntry {
  complete: boolean;
  create: () => Promise<string>;
}

interface CardFormProps {
  onChange: (entry: CardEntry) => void;
  disabled?: boolean;
}

/**
 * The payment method form: the sandbox processor's own card form (embedded mode), or Stripe.js
 * Elements when the server says Stripe is the processor. The card number never reaches Proofroom.
 */
export function CardForm(props: CardFormProps) {
  const status = useAppStatus();
  const payments = status.data?.payments;
  if (!payments) return <Loader size="sm" />;
  if (payments.provider === 'stripe' && payments.publishable_key)
    return <StripeCardForm {...props} publishableKey={payments.publishable_key} />;
  return <SandboxCardForm {...props} />;
}

function SandboxCardForm({ onChange, disabled }: CardFormProps) {
  const [fields, setFields] = useState<CardFields>(EMPTY_CARD);
  const [touched, setTouched] = useState<Partial<Record<keyof CardFields, boolean>>>({});
  const errors = cardFieldErrors(fields, new Date());
  const complete = Object.keys(errors).length === 0;

  const report = useEffectEvent(onChange);
  useEffect(() => {
    const expiry = parseExpiry(fields.expiry);
    report({
      complete,
      create: () =>
        createSandboxPaymentMethod({
          number: fields.number.replace(/\s/g, ''),
          exp_month: expiry?.month ?? 0,
          exp_year: expiry?.year ?? 0,
          cvc: fields.cvc.trim(),
          name: fields.name.trim(),
        }),
    });
  }, [fields, complete]);

  const set = (field: keyof CardFields, value: string) =>
    setFields((current) => ({ ...current, [field]: value }));
  const shown = (field: keyof CardFields) => (touched[field] && fields[field] ? errors[field] : undefined);
  const blur = (field: keyof CardFields) => () => setTouched((current) => ({ ...current, [field]: true }));

  return (
    <Stack gap="sm" data-testid="card-form">
      <TextInput
        label="Cardholder name"
        autoComplete="cc-name"
        value={fields.name}
        onChange={(e) => set('name', e.currentTarget.value)}
        onBlur={blur('name')}
        error={shown('name')}
        disabled={disabled}
      />
      <TextInput
        label="Card number"
        autoComplete="cc-number"
        inputMode="numeric"
        placeholder="1234 1234 1234 1234"
        value={fields.number}
        onChange={(e) => set('number', formatCardNumber(e.currentTarget.value))}
        onBlur={blur('number')}
        error={shown('number')}
        disabled={disabled}
      />
      <SimpleGrid cols={2} spacing="md">
        <TextInput
          label="Expiry date"
          autoComplete="cc-exp"
          inputMode="numeric"
          placeholder="MM/YY"
          value={fields.expiry}
          onChange={(e) => set('expiry', formatExpiryInput(e.currentTarget.value, fields.expiry))}
          onBlur={blur('expiry')}
          error={shown('expiry')}
          disabled={disabled}
        />
        <TextInput
          label="CVC"
          autoComplete="cc-csc"
          inputMode="numeric"
          placeholder="123"
          maxLength={4}
          value={fields.cvc}
          onChange={(e) => set('cvc', e.currentTarget.value.replace(/\D/g, ''))}
          onBlur={blur('cvc')}
          error={shown('cvc')}
          disabled={disabled}
        />
      </SimpleGrid>
      <TestModeHint />
    </Stack>
  );
}

/** The sandbox's test card numbers, so a tester knows what each one does. */
function TestModeHint() {
  return (
    <Box className={classes.testMode} data-testid="test-mode-hint">
      <Group gap={6} mb={6} wrap="nowrap">
        <IconFlask size={14} style={{ flexShrink: 0 }} />
        <Text size="xs" fw={600}>
          Test mode: no real charge is made. Any future date and any CVC work.
        </Text>
      </Group>
      <div className={classes.testCards}>
        {SANDBOX_CARDS.map((card) => (
          <Fragment key={card.number}>
            <Text size="xs" ff="monospace">
              {formatCardNumber(card.number)}
            </Text>
            <Text size="xs" c="dimmed">
              {card.description}
            </Text>
          </Fragment>
        ))}
      </div>
    </Box>
  );
}

const stripes = new Map<string, Promise<Stripe | null>>();
/** Stripe.js is loaded once per key, when a card form first needs it. */
function stripeFor(key: string) {
  let stripe = stripes.get(key);
  if (!stripe) {
    stripe = loadStripe(key);
    stripes.set(key, stripe);
  }
  return stripe;
}

function StripeCardForm({ onChange, disabled, publishableKey }: CardFormProps & { publishableKey: string }) {
  const mountRef = useRef<HTMLDivElement>(null);
  const [stripe, setStripe] = useState<Stripe | null>(null);
  const [card, setCard] = useState<StripeCardElement | null>(null);
  const [cardComplete, setCardComplete] = useState(false);
  const [cardError, setCardError] = useState<string | undefined>();
  const [loadFailed, setLoadFailed] = useState(false);
  const [name, setName] = useState('');
  const [nameTouched, setNameTouched] = useState(false);

  useEffect(() => {
    let element: StripeCardElement | null = null;
    let cancelled = false;
    stripeFor(publishableKey)
      .then((loaded) => {
        if (cancelled || !loaded || !mountRef.current) {
          if (!loaded) setLoadFailed(true);
          return;
        }
        element = loaded.elements().create('card', {
          hidePostalCode: true,
          style: { base: { fontSize: '16px', fontFamily: 'Inter, system-ui, sans-serif', color: '#1a1b1e' } },
        });
        element.on('change', (event) => {
          setCardComplete(event.complete);
          setCardError(event.error?.message);
        });
        element.mount(mountRef.current);
        setStripe(loaded);
        setCard(element);
      })
      .catch(() => setLoadFailed(true));
    return () => {
      cancelled = true;
      element?.destroy();
    };
  }, [publishableKey]);

  useEffect(() => card?.update({ disabled: Boolean(disabled) }), [card, disabled]);

  const trimmed = name.trim();
  const nameError = !trimmed
    ? messages.required('Cardholder name')
    : trimmed.length < PROFILE_NAME_MIN
      ? messages.minLength('Cardholder name', PROFILE_NAME_MIN)
      : undefined;

  const report = useEffectEvent(onChange);
  useEffect(() => {
    report({
      complete: Boolean(stripe && card && cardComplete && !nameError),
      create: async () => {
        if (!stripe || !card) throw paymentError('processing_error');
        const result = await stripe.createPaymentMethod({
          type: 'card',
          card,
          billing_details: { name: trimmed },
        });
        if (result.error) throw paymentError(stripeErrorCode(result.error));
        return result.paymentMethod.id;
      },
    });
  }, [stripe, card, cardComplete, nameError, trimmed]);

  return (
    <Stack gap="sm" data-testid="card-form">
      <TextInput
        label="Cardholder name"
        autoComplete="cc-name"
        value={name}
        onChange={(e) => setName(e.currentTarget.value)}
        onBlur={() => setNameTouched(true)}
        error={nameTouched && name ? nameError : undefined}
        disabled={disabled}
      />
      <Input.Wrapper
        label="Card"
        error={loadFailed ? 'The card form could not be loaded. Please try again later.' : cardError}
      >
        <div ref={mountRef} className={classes.stripeCard} />
      </Input.Wrapper>
    </Stack>
  );
}
