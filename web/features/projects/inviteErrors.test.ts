import { describe, expect, it } from 'vitest';
import { PROJECT_TEXTS } from '@common/api/projects';
import { ApiError } from '@web/api/client';
import { projectInviteError, titledSnackbar } from './inviteErrors';

describe('project invitation errors', () => {
  it('splits the e-mail limit text into title and description', () => {
    expect(projectInviteError(new ApiError(429, 'email_limit_reached', 'x'))).toEqual({
      title: 'Email limit reached',
      description: 'You have reached the limit of emails you can send for today.',
    });
  });

  it("shows the server's words for a member, an invited address and a role not allowed", () => {
    const member = PROJECT_TEXTS.alreadyMember('a@x.com');
    expect(projectInviteError(new ApiError(400, 'invalid_user', member))).toEqual({ title: member });
    expect(
      projectInviteError(
        new ApiError(422, 'invalid_record', 'x', { invitees: [PROJECT_TEXTS.alreadyInvited] }),
      ),
    ).toEqual({ title: PROJECT_TEXTS.alreadyInvited });
    expect(projectInviteError(new ApiError(422, 'invalid_record', 'x'))).toEqual({
      title: PROJECT_TEXTS.alreadyInvited,
    });
    expect(projectInviteError(new ApiError(403, 'forbidden', PROJECT_TEXTS.roleNotAllowed))).toEqual({
      title: PROJECT_TEXTS.roleNotAllowed,
    });
  });

  it('falls back to the generic text', () => {
    expect(projectInviteError(new ApiError(500, 'internal_error', 'boom'))).toEqual({
      title: PROJECT_TEXTS.generic,
    });
    expect(projectInviteError(new Error('network'))).toEqual({ title: PROJECT_TEXTS.generic });
  });

  it('keeps a text without a colon whole', () => {
    expect(titledSnackbar('User Removed')).toEqual({ title: 'User Removed' });
  });
});
