import { PROFILE_NAME_MIN } from '@common/limits';
import { cardBrand, luhnValid } from '@common/sandboxCards';
import { messages } from '@common/validation';

/** The sandbox card form's fields, as typed. */
export interface CardFields {
  name: string;
  number: string;
  expiry: string;
  cvc: string;
}

export type CardFieldErrors = Partial<Record<keyof CardFields, string>>;

export const EMPTY_CARD: CardFields = { name: '', number: '', expiry: '', cvc: '' };

const digits = (value: string) => value.replace(/\D/g, '');

/** Card number as typed, grouped by four: '4242424242424242' → '4242 4242 4242 4242'. */
export function formatCardNumber(input: string): string {
  return digits(input)
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** Expiry as typed, with the slash put in: '1' → '1', '12' → '12/', '1229' → '12/29'. */
export function formatExpiryInput(input: string, previous = ''): string {
  const d = digits(input).slice(0, 4);
  // Deleting the slash deletes the month's last digit too, or the slash comes straight back.
  if (previous.endsWith('/') && input.length < previous.length) return d.slice(0, 1);
  if (d.length === 1 && Number(d) > 1) return `0${d}/`;
  if (d.length < 2) return d;
  return `${d.slice(0, 2)}/${d.slice(2)}`;
}

/** 'MM/YY' → month and four-digit year, or null when it is not a date. */
export function parseExpiry(value: string): { month: number; year: number } | null {
  const match = /^(\d{2})\s*\/\s*(\d{2})$/.exec(value.trim());
  if (!match) return null;
  const month = Number(match[1]);
  if (month < 1 || month > 12) return null;
  return { month, year: 2000 + Number(match[2]) };
}

/** Each field's message, none when the card is complete (account-side §5: name min 2, the rest complete). */
export function cardFieldErrors(fields: CardFields, now: Date): CardFieldErrors {
  const errors: CardFieldErrors = {};
  const name = fields.name.trim();
  if (!name) errors.name = messages.required('Cardholder name');
  else if (name.length < PROFILE_NAME_MIN)
    errors.name = messages.minLength('Cardholder name', PROFILE_NAME_MIN);

  const number = digits(fields.number);
  if (!number) errors.number = messages.required('Card number');
  else if (number.length < 13 || !luhnValid(number)) errors.number = messages.email('Card number');

  const expiry = parseExpiry(fields.expiry);
  if (!fields.expiry.trim()) errors.expiry = messages.required('Expiry date');
  else if (!expiry) errors.expiry = messages.email('Expiry date');
  else if (new Date(expiry.year, expiry.month, 1).getTime() <= now.getTime())
    errors.expiry = 'Expiry date is in the past.';

  const cvcLength = cardBrand(number) === 'amex' ? 4 : 3;
  if (!fields.cvc.trim()) errors.cvc = messages.required('CVC');
  else if (!new RegExp(`^\\d{${cvcLength}}$`).test(fields.cvc.trim())) errors.cvc = messages.email('CVC');
  return errors;
}
