import type { ReactNode } from 'react';
import type { ViewController } from './viewController';
import { ViewerContext } from './viewerContext';

/**
 * Layers drawn in another view than their stage's: compare shows round B in a view kept in step
 * with the stage's (linkViews), and its overlays map B's points through that view. Inside,
 * useViewController answers `controller`.
 */
export function InView({ controller, children }: { controller: ViewController; children: ReactNode }) {
  return <ViewerContext.Provider value={controller}>{children}</ViewerContext.Provider>;
}
