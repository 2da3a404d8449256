import { describe, expect, it } from 'vitest';
import { EXPIRED_CODE, GENERIC_ERROR, INVALID_CREDENTIALS } from '@common/api/errors';
import { ApiError } from '@web/api/client';
import { signInErrorMessage, signInOutcome } from './authErrors';

describe('signInOutcome', () => {
  it('asks for the e-mailed code when two-step verification is on', () => {
    expect(signInOutcome(new ApiError(401, 'access_code_required', 'x'))).toBe('ask_code');
  });

  it('tells a wrong code from an expired one', () => {
    expect(signInOutcome(new ApiError(400, 'invalid_code', 'x'))).toBe('bad_code');
    expect(signInOutcome(new ApiError(422, 'unprocessable_code', 'x'))).toBe('expired_code');
  });

  it('shows anything else as a message', () => {
    expect(signInOutcome(new ApiError(401, 'invalid_credentials', 'x'))).toBe('message');
    expect(signInOutcome(new Error('offline'))).toBe('message');
  });
});

describe('signInErrorMessage', () => {
  it("uses the catalogue's wording", () => {
    expect(signInErrorMessage(new ApiError(401, 'invalid_credentials', 'server text'))).toBe(
      INVALID_CREDENTIALS,
    );
    expect(signInErrorMessage(new ApiError(422, 'unprocessable_code', 'server text'))).toBe(EXPIRED_CODE);
  });

  it('never shows a server crash text', () => {
    expect(signInErrorMessage(new ApiError(500, 'internal_error', 'stack trace'))).toBe(GENERIC_ERROR);
    expect(signInErrorMessage(new ApiError(403, 'forbidden', 'Refused'))).toBe('Refused');
  });
});
