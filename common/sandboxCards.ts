/**
 * Test card numbers of the sandbox payment provider (embedded mode), after the usual test-mode
 * numbers of card processors. Any future expiry and any 3-digit CVC.
 */
export const SANDBOX_CARDS = [
  { number: '4242424242424242', behaviour: 'succeed', description: 'Succeeds' },
  { number: '5555555555554444', behaviour: 'succeed', description: 'Succeeds (Mastercard)' },
  { number: '4000000000000002', behaviour: 'card_declined', description: 'Declined by the issuer' },
  { number: '4000000000000069', behaviour: 'invalid_card', description: 'Refused as invalid' },
  { number: '4000000000000119', behaviour: 'processing_error', description: 'Processing error' },
] as const;

export type SandboxBehaviour = (typeof SANDBOX_CARDS)[number]['behaviour'];

/** Luhn checksum, as card forms check before sending. */
export function luhnValid(number: string): boolean {
  const digits = number.replace(/\s/g, '');
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

export function cardBrand(number: string): string {
  const digits = number.replace(/\s/g, '');
  if (/^4/.test(digits)) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  return 'unknown';
}
