import type { UIMatch } from 'react-router';

/** What a route tells the shell about itself. */
export interface RouteHandle {
  /** Works on phones (auth and invitation pages): not blocked by the desktop-only notice. */
  responsive?: boolean;
}

export function isResponsiveMatch(matches: UIMatch[]): boolean {
  return matches.some((match) => (match.handle as RouteHandle | undefined)?.responsive === true);
}

/** Location state the shell understands. */
export interface ShellLocationState {
  /** Set by Logout so the login page does not bounce the still-cached user away. */
  signedOut?: boolean;
  /** Set after sign-up so phones see the "sign in on desktop" message. */
  justSignedUp?: boolean;
}

export function shellState(state: unknown): ShellLocationState {
  return state && typeof state === 'object' ? state : {};
}
