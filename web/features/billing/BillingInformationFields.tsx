import { Select, SimpleGrid, TextInput } from '@mantine/core';
import { COUNTRIES } from '@common/billing/countries';
import { POSTAL_CODE_MAX, postalCodeLabel, regionLabel } from '@common/billing/postalCode';
import type { useZodForm } from '@web/forms/useZodForm';
import { relabelMessage, type BillingFormValues } from './billingForm';

export type BillingForm = ReturnType<typeof useZodForm<BillingFormValues>>;

const COUNTRY_OPTIONS = COUNTRIES.map((c) => ({ value: c.code, label: c.name }));

/**
 * The billing information fields (account-side §5): country with the United States and Canada
 * first, Zip for the US else Postal, Province for Canada else State, company name optional.
 */
export function BillingInformationFields({ form, disabled }: { form: BillingForm; disabled?: boolean }) {
  const country = form.values.country;
  const field = (name: keyof BillingFormValues & string) => {
    const props = form.inputProps(name);
    return { ...props, error: relabelMessage(props.error, country), disabled };
  };

  return (
    <SimpleGrid cols={2} spacing="md" verticalSpacing="sm">
      <Select
        label="Country"
        placeholder="Choose a country"
        data={COUNTRY_OPTIONS}
        searchable
        nothingFoundMessage="No country found"
        value={country || null}
        onChange={(value) => form.setValue('country', value ?? '')}
        error={relabelMessage(form.errorOf('country'), country)}
        disabled={disabled}
        comboboxProps={{ zIndex: 1000 }}
        data-testid="billing-country"
      />
      <TextInput label={regionLabel(country)} autoComplete="address-level1" {...field('state')} />
      <TextInput label="Address" autoComplete="street-address" {...field('address')} />
      <TextInput label="City" autoComplete="address-level2" {...field('city')} />
      <TextInput
        label={postalCodeLabel(country)}
        autoComplete="postal-code"
        maxLength={POSTAL_CODE_MAX}
        {...field('postal_code')}
      />
      <TextInput
        label="Company name"
        description={undefined}
        placeholder="Optional"
        {...field('company_name')}
      />
    </SimpleGrid>
  );
}
