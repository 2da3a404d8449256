import { describe, expect, it } from 'vitest';
import { ApiError } from '@web/api/client';
import { inviteErrorText } from './inviteErrors';

describe('invitation errors', () => {
  it("shows the server's text for a member's e-mail", () => {
    const text = 'The user with email: a@x.com, is already a part of this workspace.';
    expect(inviteErrorText(new ApiError(400, 'invalid_user', text))).toBe(text);
  });

  it('shows the spec texts for an invited address and the daily limit', () => {
    expect(inviteErrorText(new ApiError(422, 'invalid_record', 'x', { email: ['x'] }))).toBe(
      'This person has already been invited.',
    );
    expect(inviteErrorText(new ApiError(429, 'email_limit_reached', 'x'))).toBe(
      'Email limit reached: You have reached the limit of emails you can send for today.',
    );
  });

  it('falls back to the generic invitation failure', () => {
    expect(inviteErrorText(new ApiError(500, 'internal_error', 'boom'))).toBe(
      'There was an error inviting the user. Please try again later.',
    );
    expect(inviteErrorText(new Error('network'))).toBe(
      'There was an error inviting the user. Please try again later.',
    );
  });

  it('leaves the member limit refusal to its popups', () => {
    expect(inviteErrorText(new ApiError(403, 'forbidden_subscription_limit_reached', 'x'))).toBeNull();
  });
});
