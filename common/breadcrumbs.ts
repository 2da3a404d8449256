import { BREADCRUMB_NESTED_MAX, BREADCRUMB_PROJECT_MAX } from './limits';
import { truncate } from './text';

/**
 * The project crumb's text (projects-side §2): up to 75 characters when the project is the
 * last level, 30 when a folder or an asset follows it.
 */
export function projectCrumbLabel(name: string, hasDeeperLevels: boolean): string {
  return truncate(name, hasDeeperLevels ? BREADCRUMB_NESTED_MAX : BREADCRUMB_PROJECT_MAX);
}

/** What clicking a crumb does. */
export type CrumbAction =
  { kind: 'none' } | { kind: 'back' } | { kind: 'replace'; to: string } | { kind: 'link'; to: string };

/**
 * Projects-side §2: the last level is not clickable; the second-to-last goes back in history
 * when there is history to go back to, else replaces the location with its own URL; earlier
 * levels are plain links.
 */
export function crumbAction(index: number, count: number, to: string, hasHistory: boolean): CrumbAction {
  if (index >= count - 1) return { kind: 'none' };
  if (index === count - 2) return hasHistory ? { kind: 'back' } : { kind: 'replace', to };
  return { kind: 'link', to };
}
