import { SHARE_LINK_TEXTS } from '@common/api/shareLinks';
import { invalidRecord } from '../../errors';
import { hashPassword } from '../../secrets';

/**
 * A link's password and expiry as a request sets them, for the project's public link and the links
 * beside it alike: absent (undefined) keeps the current one, null removes it, a password is kept
 * hashed, and an expiry must be in the future (422 otherwise).
 */
export async function linkSecrets(
  request: { password?: string | null | undefined; expires_at?: string | null | undefined },
  now: Date,
): Promise<{ passwordHash: string | null | undefined; expiresAt: string | null | undefined }> {
  if (request.expires_at && new Date(request.expires_at) <= now)
    throw invalidRecord({ expires_at: [SHARE_LINK_TEXTS.expiryPast] });
  return {
    passwordHash:
      request.password === undefined || request.password === null
        ? request.password
        : await hashPassword(request.password),
    expiresAt:
      request.expires_at === undefined || request.expires_at === null
        ? request.expires_at
        : new Date(request.expires_at).toISOString(),
  };
}
