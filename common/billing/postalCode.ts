/**
 * Postal codes of the billing form, checked per country (account-side §5): a US ZIP code (5 digits,
 * or ZIP+4), a Canadian postal code ('A1A 1A1'), elsewhere 2 to 14 letters, digits, spaces or dashes.
 */
export const POSTAL_CODE_MAX = 14;
export const INVALID_POSTAL_CODE = 'Postal code is invalid.';

const US_ZIP = /^\d{5}(-\d{4})?$/;
/** Canada Post: no D, F, I, O, Q or U anywhere, and no W or Z in the first place. */
const CA_POSTAL = /^[ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z] ?\d[ABCEGHJ-NPRSTV-Z]\d$/i;
const OTHER_POSTAL = /^(?=.*[A-Za-z0-9])[A-Za-z0-9 -]{2,14}$/;

export function isValidPostalCode(country: string, postalCode: string): boolean {
  const code = postalCode.trim();
  if (code.length > POSTAL_CODE_MAX) return false;
  if (country === 'US') return US_ZIP.test(code);
  if (country === 'CA') return CA_POSTAL.test(code);
  return OTHER_POSTAL.test(code);
}

/** The form's label for the postal code: 'Zip' for the United States, else 'Postal'. */
export function postalCodeLabel(country: string | null | undefined): 'Zip' | 'Postal' {
  return country === 'US' ? 'Zip' : 'Postal';
}

/** The form's label for the region: 'Province' for Canada, else 'State'. */
export function regionLabel(country: string | null | undefined): 'Province' | 'State' {
  return country === 'CA' ? 'Province' : 'State';
}
