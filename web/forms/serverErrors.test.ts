import { describe, expect, it } from 'vitest';
import { EMAIL_TAKEN, GENERIC_ERROR } from '@common/api/errors';
import { ApiError } from '@web/api/client';
import { splitServerErrors } from './serverErrors';

describe('splitServerErrors', () => {
  it('puts invalid_record details under the matching fields', () => {
    const error = new ApiError(422, 'invalid_record', 'Invalid', { 'user.email': [EMAIL_TAKEN] });
    expect(splitServerErrors(error, ['name', 'email', 'password'])).toEqual({
      fields: { email: EMAIL_TAKEN },
      form: null,
    });
  });

  it('shows details for fields the form does not have above the form', () => {
    const error = new ApiError(422, 'invalid_record', 'Invalid', {
      reset_password_token: ['This password reset link is invalid or has already been used.'],
    });
    expect(splitServerErrors(error, ['password', 'password_confirmation'])).toEqual({
      fields: {},
      form: 'This password reset link is invalid or has already been used.',
    });
  });

  it("falls back to the error's own message, then the generic one", () => {
    expect(splitServerErrors(new ApiError(401, 'invalid_credentials', 'Wrong'), ['email'])).toEqual({
      fields: {},
      form: 'Wrong',
    });
    expect(splitServerErrors(new TypeError('boom'), ['email'])).toEqual({ fields: {}, form: GENERIC_ERROR });
  });
});
