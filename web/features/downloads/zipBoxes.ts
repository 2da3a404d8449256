import { useSyncExternalStore } from 'react';

/**
 * The 'Your assets are being zipped.' boxes on screen, oldest first (projects-side §2). Any screen
 * that starts a zip adds one; it goes when the zip has started downloading or has failed.
 */
export interface ZipBox {
  id: number;
  /** What is being zipped, under the box's title ('24 assets', 'Autumn Lookbook'). */
  detail: string;
}

let boxes: readonly ZipBox[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function publish(next: readonly ZipBox[]) {
  boxes = next;
  for (const listener of listeners) listener();
}

export const zipBoxes = {
  add(detail: string): number {
    const id = nextId++;
    publish([...boxes, { id, detail }]);
    return id;
  },
  remove(id: number): void {
    publish(boxes.filter((box) => box.id !== id));
  },
};

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useZipBoxes(): readonly ZipBox[] {
  return useSyncExternalStore(subscribe, () => boxes);
}
