import type { UIMatch } from 'react-router';

/** What a route tells the shell about itself. */
export interface RouteHandle {
  /** Works on phones (auth and invitation pages): not blocked by the desktop-only notice. */
  responsive?: boolean;
}

export function isResponsiveMatch(matches: UIMatch[]): boolean {
  return matches.some((match) => (match.handle as RouteHandle | undefined)?.responsive === true);
}
