import { describe, expect, it } from 'vitest';
import { afterLoginTarget, authLink, loginPathFor, sanitizeRedirect } from './redirectTarget';

describe('sanitizeRedirect', () => {
  it('keeps same-site paths with their query and hash', () => {
    expect(sanitizeRedirect('/user/profile/security')).toBe('/user/profile/security');
    expect(sanitizeRedirect('/projects/3?mode=list#top')).toBe('/projects/3?mode=list#top');
  });

  it('refuses anything that could leave the site', () => {
    for (const target of [
      'https://evil.example/',
      '//evil.example/x',
      '/\\evil.example',
      '\\\\evil.example',
      'javascript:alert(1)',
      'projects',
      '/pro\njects',
      '/x\\y',
      '',
      null,
      undefined,
    ]) {
      expect(sanitizeRedirect(target)).toBeNull();
    }
  });

  it('refuses login-type pages, which would loop', () => {
    expect(sanitizeRedirect('/login')).toBeNull();
    expect(sanitizeRedirect('/signup?ih=abc')).toBeNull();
    expect(sanitizeRedirect('/reset-password?reset_password_token=t')).toBeNull();
    expect(sanitizeRedirect('/loginhelp')).toBe('/loginhelp');
  });

  it('normalises dot segments without leaving the site', () => {
    expect(sanitizeRedirect('/projects/../user/profile')).toBe('/user/profile');
    expect(sanitizeRedirect('/../../etc')).toBe('/etc');
  });
});

describe('afterLoginTarget', () => {
  it('falls back to the project list', () => {
    expect(afterLoginTarget(null)).toBe('/projects');
    expect(afterLoginTarget('https://evil.example')).toBe('/projects');
    expect(afterLoginTarget('/user/profile')).toBe('/user/profile');
  });
});

describe('loginPathFor', () => {
  it('remembers where the user was', () => {
    expect(loginPathFor({ pathname: '/user/profile/security', search: '', hash: '' })).toBe(
      '/login?from=%2Fuser%2Fprofile%2Fsecurity',
    );
    expect(loginPathFor({ pathname: '/projects/4', search: '?mode=list', hash: '' })).toBe(
      '/login?from=%2Fprojects%2F4%3Fmode%3Dlist',
    );
  });

  it('needs no parameter for the default page', () => {
    expect(loginPathFor({ pathname: '/projects', search: '', hash: '' })).toBe('/login');
  });
});

describe('authLink', () => {
  it('keeps the invitation and the remembered page between auth pages', () => {
    const current = new URLSearchParams('ih=abc&type=workspace&from=%2Fprojects%2F2&other=1');
    expect(authLink('/login', current)).toBe('/login?from=%2Fprojects%2F2&ih=abc&type=workspace');
    expect(authLink('/signup', new URLSearchParams())).toBe('/signup');
  });
});
