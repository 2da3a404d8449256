import {
  ACCESS_CODE_REQUIRED,
  EXPIRED_CODE,
  GENERIC_ERROR,
  INVALID_CODE,
  INVALID_CREDENTIALS,
  RATE_LIMITED,
} from '@common/api/errors';
import { ApiError } from '@web/api/client';

const byCode: Record<string, string> = {
  invalid_credentials: INVALID_CREDENTIALS,
  access_code_required: ACCESS_CODE_REQUIRED,
  invalid_code: INVALID_CODE,
  unprocessable_code: EXPIRED_CODE,
  rate_limited: RATE_LIMITED,
};

/** The text for a failed sign-in: the catalogue's wording for the codes it knows. */
export function signInErrorMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return GENERIC_ERROR;
  return byCode[error.code] ?? (error.status >= 500 || error.status === 0 ? GENERIC_ERROR : error.message);
}

/** What the sign-in form does next after a failure. */
export type SignInOutcome = 'ask_code' | 'bad_code' | 'expired_code' | 'fields' | 'message';

export function signInOutcome(error: unknown): SignInOutcome {
  if (!(error instanceof ApiError)) return 'message';
  switch (error.code) {
    case 'access_code_required':
      return 'ask_code';
    case 'invalid_code':
      return 'bad_code';
    case 'unprocessable_code':
      return 'expired_code';
    case 'invalid_record':
      return 'fields';
    default:
      return 'message';
  }
}
