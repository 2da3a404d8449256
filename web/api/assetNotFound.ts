import { useSyncExternalStore } from 'react';
import { isApiError } from '@web/api/client';

/**
 * 'Asset Not Found' (projects-side §8): an action answered 404 because someone deleted the asset.
 * Whoever catches it raises the dialog; the screen showing assets shows it and reads its list again.
 * It sits beside the API client because features on both sides of assets raise it (downloads too).
 */
let open = false;
const listeners = new Set<() => void>();

function set(next: boolean) {
  open = next;
  for (const listener of listeners) listener();
}

export const assetNotFound = {
  show: () => set(true),
  close: () => set(false),
};

export function isAssetGone(error: unknown): boolean {
  return isApiError(error) && error.status === 404;
}

export function useAssetNotFoundOpen(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => open,
  );
}
