import { describe, expect, it } from 'vitest';
import { firstErrors } from '@common/validation';
import { billingFormSchema, billingFormValues, billingInformationOf, relabelMessage } from './billingForm';

const filled = {
  country: 'US',
  state: 'NY',
  postal_code: '10001',
  address: '1 Main St',
  city: 'New York',
  company_name: '',
};

describe('billing form', () => {
  it('is complete without a company name and checks the postal code per country', () => {
    expect(firstErrors(billingFormSchema, filled)).toEqual({});
    expect(firstErrors(billingFormSchema, { ...filled, postal_code: 'K1A 0B1' }).postal_code).toBe(
      'Postal code is invalid.',
    );
    expect(firstErrors(billingFormSchema, { ...filled, country: 'CA', postal_code: 'K1A 0B1' })).toEqual({});
    expect(firstErrors(billingFormSchema, { ...filled, postal_code: '123456789012345' }).postal_code).toBe(
      'Postal code should be up to 14 characters long.',
    );
    expect(firstErrors(billingFormSchema, { ...filled, city: ' ' }).city).toBe('City must not be empty.');
  });

  it('sends no company name when none was typed', () => {
    expect(billingInformationOf(filled).company_name).toBeNull();
    expect(billingInformationOf({ ...filled, company_name: ' Acme ' }).company_name).toBe('Acme');
    expect(billingFormValues(null).country).toBe('');
    expect(billingFormValues(billingInformationOf(filled))).toEqual(filled);
  });

  it('names the fields as the form labels them', () => {
    expect(relabelMessage('State must not be empty.', 'CA')).toBe('Province must not be empty.');
    expect(relabelMessage('Postal code is invalid.', 'US')).toBe('Zip code is invalid.');
    expect(relabelMessage('Postal code is invalid.', 'FR')).toBe('Postal code is invalid.');
  });
});
