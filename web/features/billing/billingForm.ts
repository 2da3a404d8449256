import type { BillingInformation } from '@common/api/billing';
import { billingInformationSchema } from '@common/api/billing';
import { postalCodeLabel, regionLabel } from '@common/billing/postalCode';

/** The billing form's values: every field a string, as typed. */
export interface BillingFormValues {
  [field: string]: string;
  country: string;
  state: string;
  postal_code: string;
  address: string;
  city: string;
  company_name: string;
}

export const billingFormSchema = billingInformationSchema;

export function billingFormValues(info: BillingInformation | null | undefined): BillingFormValues {
  return {
    country: info?.country ?? '',
    state: info?.state ?? '',
    postal_code: info?.postal_code ?? '',
    address: info?.address ?? '',
    city: info?.city ?? '',
    company_name: info?.company_name ?? '',
  };
}

/** What the API receives: trimmed, and no company name when none was typed (it is optional). */
export function billingInformationOf(values: BillingFormValues): BillingInformation {
  const company = values.company_name.trim();
  return {
    country: values.country.trim(),
    state: values.state.trim(),
    postal_code: values.postal_code.trim(),
    address: values.address.trim(),
    city: values.city.trim(),
    company_name: company ? company : null,
  };
}

/**
 * The schema speaks of 'State' and 'Postal code'; the form labels them per country (Province for
 * Canada, Zip for the United States), and so do its messages.
 */
export function relabelMessage(message: string | undefined, country: string): string | undefined {
  if (!message) return message;
  if (regionLabel(country) === 'Province') return message.replace(/^State\b/, 'Province');
  if (postalCodeLabel(country) === 'Zip') return message.replace(/^Postal code\b/, 'Zip code');
  return message;
}
