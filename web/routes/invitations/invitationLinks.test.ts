import { describe, expect, it } from 'vitest';
import { afterLoginTarget } from '@web/auth/redirectTarget';
import { invitationLinks } from './invitationLinks';

describe('invitation page links', () => {
  const links = invitationLinks('h4sh', 'ann+x@example.com', 7);

  it('signs up with the hash, the kind and the e-mail, then lands in the workspace', () => {
    const url = new URL(links.signup, 'http://app');
    expect(url.pathname).toBe('/signup');
    expect(url.searchParams.get('ih')).toBe('h4sh');
    expect(url.searchParams.get('type')).toBe('workspace');
    expect(url.searchParams.get('em')).toBe('ann+x@example.com');
    expect(afterLoginTarget(url.searchParams.get('from'))).toBe('/user/workspaces/7');
  });

  it('logs in and comes back to the invitation', () => {
    const url = new URL(links.login, 'http://app');
    expect(url.pathname).toBe('/login');
    expect(afterLoginTarget(url.searchParams.get('from'))).toBe(
      '/workspaces/invitations/h4sh?em=ann%2Bx%40example.com',
    );
  });
});
