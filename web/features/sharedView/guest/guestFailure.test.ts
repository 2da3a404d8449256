import { describe, expect, it } from 'vitest';
import { GENERIC_ERROR } from '@common/api/errors';
import { ApiError } from '@web/api/client';
import { GUEST_FAILURE_TEXTS, guestFailure } from './guestFailure';

describe('guestFailure', () => {
  it('asks a guest the link no longer knows to join again', () => {
    expect(guestFailure(new ApiError(401, 'guest_required', 'Tell us your name'))).toEqual({
      kind: 'rejoin',
    });
  });

  it('reads the link again when it may be gone: revoked or unknown (404), expired, locked', () => {
    for (const error of [
      new ApiError(404, 'not_found', 'This link is not available.'),
      new ApiError(410, 'share_link_expired', 'This link has expired.'),
      new ApiError(403, 'share_password_required', 'This link is protected by a password.'),
    ])
      expect(guestFailure(error)).toEqual({ kind: 'refused', message: error.message });
  });

  it('says how long to wait when the guest sends too fast (429)', () => {
    expect(guestFailure(new ApiError(429, 'rate_limited', 'x', { retry_after_seconds: 41.2 }))).toEqual({
      kind: 'message',
      message: GUEST_FAILURE_TEXTS.rateLimited(42),
    });
    expect(GUEST_FAILURE_TEXTS.rateLimited(42)).toContain('Wait 42 seconds');
    expect(GUEST_FAILURE_TEXTS.rateLimited(1)).toContain('Wait 1 second ');
    expect(guestFailure(new ApiError(429, 'rate_limited', 'x'))).toEqual({
      kind: 'message',
      message: GUEST_FAILURE_TEXTS.rateLimited(null),
    });
  });

  it("gives the fields' messages of a refused comment or name (422)", () => {
    const error = new ApiError(422, 'invalid_record', 'Invalid', {
      text: ['Comment should be up to 5000 characters long.'],
      markup: ['A rectangle has two points.'],
    });
    expect(guestFailure(error)).toEqual({
      kind: 'fields',
      messages: ['Comment should be up to 5000 characters long.', 'A rectangle has two points.'],
    });
  });

  it("shows any other refusal's own sentence (a view-only link, too many reviewers)", () => {
    expect(
      guestFailure(new ApiError(403, 'guest_limit_reached', 'This link has reached its reviewers.')),
    ).toEqual({ kind: 'message', message: 'This link has reached its reviewers.' });
    expect(guestFailure(new ApiError(422, 'invalid_record', 'Invalid'))).toEqual({
      kind: 'message',
      message: 'Invalid',
    });
  });

  it('says the generic sentence for a server failure or something that is no API answer', () => {
    expect(guestFailure(new ApiError(500, 'http_500', 'Internal'))).toEqual({
      kind: 'message',
      message: GENERIC_ERROR,
    });
    expect(guestFailure(new TypeError('boom'))).toEqual({ kind: 'message', message: GENERIC_ERROR });
  });
});
