import { createContext, useContext, useSyncExternalStore } from 'react';
import type { ViewController, ViewState } from './viewController';

/**
 * The view of the stage around a layer: markup and other overlays read the controller to map
 * picture points (or the relative points markup stores) to the screen.
 */
export const ViewerContext = createContext<ViewController | null>(null);

export function useViewController(): ViewController {
  const controller = useContext(ViewerContext);
  if (!controller) throw new Error('useViewController is used outside a ZoomStage');
  return controller;
}

/** The view, rendering again on every zoom and pan: for layers drawn by React. */
export function useViewState(controller: ViewController): ViewState {
  return useSyncExternalStore(controller.subscribe, controller.getState);
}
