/** Where the app sends a user after signing in when it remembers nothing else. */
export const DEFAULT_AFTER_LOGIN = '/projects';

/** The query parameter that carries the page a signed-out user was trying to open. */
export const FROM_PARAM = 'from';

/** Login-type pages: a signed-in user opening one is sent on (account-side §2). */
export const LOGIN_TYPE_PATHS = ['/login', '/signup', '/forgot', '/reset-password'] as const;

const ORIGIN = 'https://proofroom.invalid';

function isLoginTypePath(pathname: string): boolean {
  return LOGIN_TYPE_PATHS.some((path) => pathname === path || pathname.startsWith(`${path}/`));
}

/**
 * Accepts a remembered target only when it is a path on this site ("/projects/3?mode=list"):
 * no scheme, no protocol-relative "//host", no backslash tricks, no control characters,
 * and never a login-type page (which would loop). Anything else yields null.
 */
export function sanitizeRedirect(target: string | null | undefined): string | null {
  if (!target || target.length > 2000) return null;
  if (!target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return null;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\\]/.test(target)) return null;
  let url: URL;
  try {
    url = new URL(target, ORIGIN);
  } catch {
    return null;
  }
  if (url.origin !== ORIGIN) return null;
  if (isLoginTypePath(url.pathname)) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The place to go after signing in: the remembered page when it is safe, else the project list. */
export function afterLoginTarget(from: string | null | undefined): string {
  return sanitizeRedirect(from) ?? DEFAULT_AFTER_LOGIN;
}

/** "/login?from=%2Fuser%2Fprofile" for a page the user could not open while signed out. */
export function loginPathFor(location: { pathname: string; search: string; hash: string }): string {
  const from = sanitizeRedirect(`${location.pathname}${location.search}${location.hash}`);
  if (!from || from === DEFAULT_AFTER_LOGIN) return '/login';
  return `/login?${new URLSearchParams({ [FROM_PARAM]: from }).toString()}`;
}

/**
 * Carries the remembered page and the invitation (ih, type) from one auth page to another,
 * so switching between /login and /signup loses nothing.
 */
export function authLink(
  pathname: string,
  current: URLSearchParams,
  keep = [FROM_PARAM, 'ih', 'type', 'em'],
): string {
  const next = new URLSearchParams();
  for (const key of keep) {
    const value = current.get(key);
    if (value) next.set(key, value);
  }
  const query = next.toString();
  return query ? `${pathname}?${query}` : pathname;
}
