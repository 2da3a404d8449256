import { describe, expect, it } from 'vitest';
import { afterLoginTarget } from '@web/auth/redirectTarget';
import { invitationLinks } from './invitationLinks';

describe('invitation page links', () => {
  const links = invitationLinks('h4sh', 'ann+x@example.com', {
    kind: 'workspace',
    landing: '/user/workspaces/7',
  });

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

  it('leads a project invitation to the project after sign-up, and back to its page after log-in', () => {
    const project = invitationLinks('p4sh', 'bo@example.com', { kind: 'project', landing: '/projects/12' });
    const signup = new URL(project.signup, 'http://app');
    expect(signup.searchParams.get('type')).toBe('project');
    expect(signup.searchParams.get('ih')).toBe('p4sh');
    expect(afterLoginTarget(signup.searchParams.get('from'))).toBe('/projects/12');
    const login = new URL(project.login, 'http://app');
    expect(afterLoginTarget(login.searchParams.get('from'))).toBe(
      '/projects/invitations/p4sh?em=bo%40example.com',
    );
  });
});
